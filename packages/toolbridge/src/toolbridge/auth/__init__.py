"""An OAuth 2.1 resource server: access tokens from an identity provider, checked here.

`AuthSettings` says which tokens are accepted (issuer, audience, the issuer's keys,
required scopes, how claims map to an `Identity`); `ResourceServer` is the ASGI
middleware that publishes the RFC 9728 metadata, answers the 401/403 challenges and
puts the verified caller in each request's scope, where `identity_of` finds it;
`identity_from_claims` is that mapping, for a host checking tokens its own way.
The MCP server (``build_http_app(auth=...)``) and the REST server
(``build_app(auth=...)``) put it in front of their routes. Needs
``pip install 'toolbridge[auth]'`` (PyJWT with cryptography, httpx).
"""

from toolbridge.auth._claims import identity_from_claims
from toolbridge.auth._guard import ResourceServer, identity_of
from toolbridge.auth._settings import DEFAULT_ALGORITHMS, AuthSettings, Introspection

__all__ = [
    "DEFAULT_ALGORITHMS",
    "AuthSettings",
    "Introspection",
    "ResourceServer",
    "identity_from_claims",
    "identity_of",
]
