"""An OAuth 2.1 resource server: access tokens from an identity provider, checked here.

`AuthSettings` says which tokens are accepted (issuer, audience, the issuer's keys,
required scopes, how claims map to an `Identity`); `ResourceServer` is the ASGI
middleware that publishes the RFC 9728 metadata, answers the 401/403 challenges and
puts the verified caller in each request's scope, where `identity_of` finds it;
`identity_from_claims` is that mapping, for a host checking tokens its own way.
`StaticTokens` is a fixed table of bearer tokens instead (a toolset file's
``tokens``), applied by `StaticTokenGuard`: no token is anonymous, a wrong one is
refused with 401.
The MCP server (``build_http_app(auth=...)``) and the REST server
(``build_app(auth=...)``) put either in front of their routes. Checking OAuth
tokens needs ``pip install 'toolbridge[auth]'`` (PyJWT with cryptography, httpx);
static tokens need nothing more.
"""

from toolbridge.auth._claims import identity_from_claims
from toolbridge.auth._guard import IDENTITY_KEY, ResourceServer, identity_of
from toolbridge.auth._settings import DEFAULT_ALGORITHMS, AuthSettings, Introspection
from toolbridge.auth._static import StaticTokenGuard, StaticTokens

__all__ = [
    "DEFAULT_ALGORITHMS",
    "IDENTITY_KEY",
    "AuthSettings",
    "Introspection",
    "ResourceServer",
    "StaticTokenGuard",
    "StaticTokens",
    "identity_from_claims",
    "identity_of",
]
