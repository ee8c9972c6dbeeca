"""What an OAuth resource server accepts: the issuer, its audience, where its keys are."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, final
from urllib.parse import urlsplit, urlunsplit

from toolbridge.errors import ConfigError

__all__ = ["DEFAULT_ALGORITHMS", "AuthSettings", "Introspection"]

DEFAULT_ALGORITHMS: Final = (
    "RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA",
)  # fmt: skip
"""The signature algorithms accepted by default: the asymmetric ones, never HMAC or none."""

METADATA_PATH: Final = "/.well-known/oauth-protected-resource"
"""RFC 9728's well-known path of a protected resource's metadata."""


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class Introspection:
    """RFC 7662 token introspection, for access tokens that are not JWTs (opaque)."""

    endpoint: str
    """The authorization server's introspection endpoint (https, or http on loopback)."""
    client_id: str
    """This resource server's client at the authorization server."""
    client_secret: str | None = field(default=None, repr=False)
    """Its secret, sent with HTTP Basic; left out of the repr."""
    cache_seconds: float = 60.0
    """How long an answer is kept (never past the token's ``exp``): a revoked token
    stays accepted for at most this long."""

    def __post_init__(self) -> None:
        checked_url(self.endpoint, "Introspection.endpoint")
        client: object = self.client_id
        if not isinstance(client, str) or not client:
            raise ConfigError("Introspection.client_id must be a non-empty string")
        if self.client_secret is not None and not isinstance(self.client_secret, str):
            raise ConfigError("Introspection.client_secret must be a string")
        _seconds(self.cache_seconds, "Introspection.cache_seconds", 0, 3600)


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class AuthSettings:
    """An OAuth 2.1 resource server's settings: which access tokens it accepts.

    A token is accepted when it is a JWT signed (with one of `algorithms`) by a key
    of `jwks_uri`, names `issuer` as its ``iss`` and one of `audience` in its
    ``aud``, has not expired, and grants every one of `required_scopes`. Or, with
    `introspection` and no JWT, when the authorization server says it is active
    for this audience. Its claims become the caller's `Identity`.
    """

    issuer: str
    """The authorization server that issues the tokens: equal to their ``iss``."""

    audience: str | tuple[str, ...]
    """This server's identifier(s) in the tokens' ``aud``: tokens for others are refused.
    Usually this server's URL (RFC 8707 resource indicator), such as
    ``https://tools.example.com/mcp``; an identity provider that names APIs
    otherwise (Entra ID's ``api://...``) puts that here, and the URL in `resource`."""

    jwks_uri: str | None = None
    """Where the issuer publishes its signing keys (JWKS). The only place keys come
    from: a token's own ``jku``, ``x5u`` or ``jwk`` are never used."""

    resource: str | None = None
    """This server's URL as RFC 9728 metadata publishes it; the first URL of
    `audience` when not given."""

    algorithms: tuple[str, ...] = DEFAULT_ALGORITHMS
    """The signature algorithms accepted: asymmetric only (``none`` and ``HS*`` refused)."""

    required_scopes: tuple[str, ...] = ()
    """Scopes every token must grant; one without them is answered 403 ``insufficient_scope``."""

    scopes_supported: tuple[str, ...] | None = None
    """The scopes the metadata lists (clients ask for these); `required_scopes` if not given."""

    authorization_servers: tuple[str, ...] | None = None
    """The metadata's authorization servers; ``[issuer]`` if not given."""

    resource_name: str | None = None
    """A name for people, in the metadata."""

    subject_claim: str = "sub"
    """The claim naming the caller (`Identity.subject`); dotted for a nested one."""

    tenant_claim: str = "tid"
    """The claim naming the caller's tenant (`Identity.tenant`), if the token has it."""

    roles_claim: str = "roles"
    """The claim holding the roles (a list, or one space-separated string; dotted for a
    nested one, such as Keycloak's ``realm_access.roles``), or ``"scope"``: the
    token's scopes are its roles."""

    scopes_claim: str = "scope"
    """The claim holding the scopes; when it is ``scope`` and absent, ``scp`` is read
    (Entra ID, Okta)."""

    leeway: float = 30.0
    """Seconds of clock difference allowed on ``exp``, ``nbf`` and ``iat``."""

    jwks_max_age: float = 3600.0
    """The longest the keys are used after they were fetched; they are fetched again
    after half of it (in the background), and an unknown ``kid`` fetches them at once."""

    jwks_refetch_interval: float = 60.0
    """The least time between two fetches caused by an unknown ``kid``."""

    introspection: Introspection | None = None
    """RFC 7662 introspection for opaque tokens (those that are not a JWT)."""

    def __post_init__(self) -> None:
        checked_url(self.issuer, "AuthSettings.issuer")
        given: Any = self.audience
        if not isinstance(given, str):
            if not isinstance(given, Iterable):
                raise ConfigError("AuthSettings.audience must be a string or a list of strings")
            object.__setattr__(self, "audience", tuple(given))
        audiences: tuple[object, ...] = self.audiences
        if not audiences or not all(isinstance(each, str) and each for each in audiences):
            raise ConfigError("AuthSettings.audience must be a non-empty string or list of them")
        if self.jwks_uri is None and self.introspection is None:
            raise ConfigError("AuthSettings needs a jwks_uri (or introspection)")
        if self.jwks_uri is not None:
            checked_url(self.jwks_uri, "AuthSettings.jwks_uri")
        if self.resource is not None:
            checked_url(self.resource, "AuthSettings.resource")
        elif not any(_is_url(each) for each in audiences):
            raise ConfigError(
                "AuthSettings.resource is needed when no audience is an https URL: the "
                "server's URL, published in its metadata"
            )
        for name in ("algorithms", "required_scopes", "scopes_supported", "authorization_servers"):
            value: Any = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, _strings(value, f"AuthSettings.{name}"))
        if not self.algorithms:
            raise ConfigError("AuthSettings.algorithms must name at least one algorithm")
        for algorithm in self.algorithms:
            if algorithm not in DEFAULT_ALGORITHMS:
                raise ConfigError(
                    f"AuthSettings.algorithms: {algorithm!r} is not accepted; use the "
                    f"asymmetric ones: {', '.join(DEFAULT_ALGORITHMS)}"
                )
        for server in self.authorization_servers or ():
            checked_url(server, "AuthSettings.authorization_servers")
        for name in ("subject_claim", "tenant_claim", "roles_claim", "scopes_claim"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value:
                raise ConfigError(f"AuthSettings.{name} must be a non-empty string")
        _seconds(self.leeway, "AuthSettings.leeway", 0, 300)
        _seconds(self.jwks_max_age, "AuthSettings.jwks_max_age", 60, 7 * 86400)
        _seconds(self.jwks_refetch_interval, "AuthSettings.jwks_refetch_interval", 1, 3600)
        introspection: Any = self.introspection
        if isinstance(introspection, Mapping):
            object.__setattr__(self, "introspection", Introspection(**introspection))
        elif introspection is not None and not isinstance(introspection, Introspection):
            raise ConfigError("AuthSettings.introspection must be an Introspection")

    @property
    def audiences(self) -> tuple[str, ...]:
        """`audience` as a tuple."""
        value: Any = self.audience
        return (value,) if isinstance(value, str) else tuple(value)

    @property
    def resource_url(self) -> str:
        """This server's URL in its metadata: `resource`, else the first URL audience."""
        if self.resource is not None:
            return self.resource
        return next(each for each in self.audiences if _is_url(each))

    @property
    def metadata_url(self) -> str:
        """Where the metadata is published: what 401 answers name in ``resource_metadata``.

        RFC 9728 §3.1: the well-known path, then the resource's path.
        """
        parts = urlsplit(self.resource_url)
        path = parts.path.rstrip("/")
        return urlunsplit((parts.scheme, parts.netloc, METADATA_PATH + path, "", ""))

    def metadata(self) -> dict[str, Any]:
        """The RFC 9728 protected resource metadata document."""
        document: dict[str, Any] = {
            "resource": self.resource_url,
            "authorization_servers": list(self.authorization_servers or (self.issuer,)),
            "scopes_supported": list(
                self.scopes_supported if self.scopes_supported is not None else self.required_scopes
            ),
            "bearer_methods_supported": ["header"],
            "resource_signing_alg_values_supported": list(self.algorithms),
        }
        if self.resource_name is not None:
            document["resource_name"] = self.resource_name
        return document


def checked_url(text: object, where: str) -> str:
    """`text` as an https URL (http only on a loopback address).

    Raises:
        ConfigError: Anything else.
    """
    if not isinstance(text, str):
        raise ConfigError(f"{where} must be a URL string, got {type(text).__name__}")
    try:
        parts = urlsplit(text)
        host = parts.hostname
    except ValueError:
        raise ConfigError(f"{where} is not a URL: {text!r}") from None
    if parts.scheme not in ("https", "http") or not host:
        raise ConfigError(f"{where} must be an https URL, got {text!r}")
    if parts.scheme == "http" and not _loopback(host):
        raise ConfigError(f"{where} must be https (http only on a loopback address): {text!r}")
    return text


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _is_url(text: object) -> bool:
    try:
        checked_url(text, "")
    except ConfigError:
        return False
    return True


def _strings(value: object, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        return tuple(value.split())
    if not isinstance(value, Iterable):
        raise ConfigError(f"{where} must be a list of strings")
    items = tuple(value)
    if not all(isinstance(item, str) and item for item in items):
        raise ConfigError(f"{where} must contain only non-empty strings")
    return items


def _seconds(value: object, where: str, least: float, most: float) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not least <= value <= most:
        raise ConfigError(f"{where} must be a number of seconds from {least:g} to {most:g}")
