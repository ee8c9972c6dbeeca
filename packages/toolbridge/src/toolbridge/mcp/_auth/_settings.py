"""How toolbridge signs in to an HTTP MCP server: the three kinds of ``auth`` setting.

* `OAuth`: a person signs in, in the browser (OAuth 2.1 authorization code with
  PKCE); the client is a client ID metadata document URL, a dynamically registered
  client, or a pre-registered ``client_id`` (and secret).
* `ClientCredentials`: a machine signs in with a client secret or a private key
  (the OAuth client credentials grant, ``private_key_jwt`` for a key).
* `BearerToken`: one static token, sent as ``Authorization: Bearer ...``.

They are frozen values: nothing is read, started or asked until a connection opens.
A secret never shows in ``repr``; `secrets` lists them for audit logs to redact.
"""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Final, Literal, TypeAlias, final
from urllib.parse import urlsplit

from toolbridge.errors import ConfigError
from toolbridge.mcp._auth._store import FileTokenStore, MemoryTokenStore, TokenStore

if TYPE_CHECKING:
    from toolbridge.mcp._servers import HttpServer, SseServer

__all__ = ["AuthSetting", "BearerToken", "Browser", "ClientCredentials", "OAuth", "token_store"]

Browser: TypeAlias = Callable[[str], "Awaitable[object] | object"]
"""Opens an authorization URL for the person signing in (sync or async)."""

_HIDDEN: Final = "'***'"


def _scopes(value: object, where: str) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, tuple | list):
        raise ConfigError(f"{where}: scopes must be a tuple of strings, got {value!r}")
    scopes: list[str] = []
    for scope in value:
        if not isinstance(scope, str) or not scope or any(c.isspace() for c in scope):
            raise ConfigError(f"{where}: a scope is a non-empty string without spaces: {scope!r}")
        scopes.append(scope)
    return tuple(scopes)


def _text(value: object, name: str, where: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{where}: {name} must be a non-empty string")


def _optional_text(value: object, name: str, where: str) -> None:
    if value is not None:
        _text(value, name, where)


def _store(value: object, where: str) -> None:
    if value is not None and not isinstance(value, TokenStore):
        raise ConfigError(
            f"{where}: token_store must be a TokenStore (get_tokens, set_tokens, "
            f"get_client_info, set_client_info), got {type(value).__name__}"
        )


def _repr(value: object, secret: frozenset[str]) -> str:
    """Fields set to other than their default, secrets as ``'***'`` (stores not shown)."""
    shown = []
    for item in fields(value):  # type: ignore[arg-type]
        current = getattr(value, item.name)
        if not item.compare or current == item.default or current is None:
            continue
        shown.append(f"{item.name}={_HIDDEN if item.name in secret else repr(current)}")
    return f"{type(value).__name__}({', '.join(shown)})"


@final
@dataclass(frozen=True, kw_only=True, slots=True, repr=False)
class OAuth:
    """A person signs in, in the browser: OAuth 2.1 authorization code with PKCE.

    On the first request the server refuses (HTTP 401), the client discovers the
    server's authorization server, registers itself if it must, opens the browser at
    the authorization URL (and prints it), receives the redirect on a loopback port of
    127.0.0.1, and stores the tokens in `token_store`. Later connections use the
    stored tokens and refresh them shortly before they expire.
    """

    scopes: tuple[str, ...] = ()
    """Scopes to ask for; empty lets the server's challenge or metadata choose."""
    client_id: str | None = None
    """A client registered ahead with the authorization server; None registers one
    (dynamic client registration) unless `client_metadata_url` is used."""
    client_secret: str | None = None
    """That client's secret, if it has one."""
    client_metadata_url: str | None = None
    """An ``https://`` URL of a client ID metadata document, used as the client ID
    where the authorization server supports them (else registration is used)."""
    client_name: str = "toolbridge"
    """The name a registered client shows on the consent screen."""
    redirect_port: int | None = None
    """The loopback port of the redirect URI (``http://127.0.0.1:PORT/callback``);
    None reuses the port of a stored registration, else picks a free one. Set it
    when the client was registered ahead with a fixed redirect URI."""
    token_store: TokenStore | None = field(default=None, compare=False)
    """Where the tokens and registration are kept; None: a file per server under the
    user's configuration directory (see `FileTokenStore.for_server`)."""
    browser: Browser | None = field(default=None, compare=False)
    """Opens the authorization URL; None uses the `webbrowser` module, and only when
    a terminal is attached (else a call that needs a sign-in fails, naming
    ``toolbridge mcp login``)."""
    sign_in_timeout: float = 300.0
    """How long to wait for the browser's redirect, in seconds."""

    def __post_init__(self) -> None:
        where = "OAuth"
        object.__setattr__(self, "scopes", _scopes(self.scopes, where))
        _store(self.token_store, where)
        _optional_text(self.client_id, "client_id", where)
        _optional_text(self.client_secret, "client_secret", where)
        _text(self.client_name, "client_name", where)
        if self.client_secret is not None and self.client_id is None:
            raise ConfigError(f"{where}: client_secret needs the client_id it belongs to")
        url: object = self.client_metadata_url
        if url is not None:
            parts = urlsplit(url) if isinstance(url, str) else None
            if parts is None or parts.scheme != "https" or parts.path in ("", "/"):
                raise ConfigError(
                    f"{where}: client_metadata_url must be an https:// URL with a path, got {url!r}"
                )
        port = self.redirect_port
        if port is not None and (isinstance(port, bool) or not isinstance(port, int)):
            raise ConfigError(f"{where}: redirect_port must be an integer, got {port!r}")
        if port is not None and not 1 <= port <= 65535:
            raise ConfigError(f"{where}: redirect_port must be 1 to 65535, got {port}")
        timeout = self.sign_in_timeout
        if isinstance(timeout, bool) or not isinstance(timeout, int | float):
            raise ConfigError(f"{where}: sign_in_timeout must be a number of seconds")
        if not (timeout > 0 and math.isfinite(timeout)):
            raise ConfigError(f"{where}: sign_in_timeout must be above 0, got {timeout}")

    @property
    def secrets(self) -> tuple[str, ...]:
        """The configured secrets (the client secret), for audit logs to redact."""
        return (self.client_secret,) if self.client_secret else ()

    def __repr__(self) -> str:
        return _repr(self, frozenset({"client_secret"}))


@final
@dataclass(frozen=True, kw_only=True, slots=True, repr=False)
class ClientCredentials:
    """A machine signs in: the OAuth client credentials grant, no person involved.

    The client authenticates with `client_secret` (HTTP Basic, or in the form with
    ``token_endpoint_auth_method="client_secret_post"``) or with a private key that
    signs a JWT assertion (``private_key_jwt``): give exactly one of `client_secret`,
    `private_key` and `private_key_file`. Tokens are fetched again when they expire.
    """

    client_id: str
    """The client, as registered with the authorization server."""
    client_secret: str | None = None
    """Its secret."""
    private_key: str | None = None
    """Its private key (PEM), which signs the JWT assertion."""
    private_key_file: str | None = None
    """A file holding that key (PEM), read when the connection opens."""
    signing_algorithm: str = "RS256"
    """The JWT algorithm of the key (``RS256``, ``ES256``, ...)."""
    token_endpoint_auth_method: Literal["client_secret_basic", "client_secret_post"] = (
        "client_secret_basic"
    )
    """How the secret is sent to the token endpoint."""
    scopes: tuple[str, ...] = ()
    """Scopes to ask for."""
    issuer: str | None = None
    """The authorization server the credentials belong to; when set, they are sent to
    no other (recommended)."""
    token_store: TokenStore = field(default_factory=MemoryTokenStore, compare=False)
    """Where the tokens are kept; by default in memory, for this value's lifetime."""

    def __post_init__(self) -> None:
        where = "ClientCredentials"
        _text(self.client_id, "client_id", where)
        _store(self.token_store, where)
        object.__setattr__(self, "scopes", _scopes(self.scopes, where))
        given = [
            name
            for name in ("client_secret", "private_key", "private_key_file")
            if getattr(self, name) is not None
        ]
        if len(given) != 1:
            raise ConfigError(
                f"{where}: give exactly one of client_secret, private_key and "
                f"private_key_file (got {', '.join(given) or 'none'})"
            )
        _text(getattr(self, given[0]), given[0], where)
        _text(self.signing_algorithm, "signing_algorithm", where)
        if self.token_endpoint_auth_method not in ("client_secret_basic", "client_secret_post"):
            raise ConfigError(
                f"{where}: token_endpoint_auth_method must be client_secret_basic or "
                f"client_secret_post, got {self.token_endpoint_auth_method!r}"
            )
        if self.issuer is not None and urlsplit(str(self.issuer)).scheme not in ("http", "https"):
            raise ConfigError(f"{where}: issuer must be an http(s) URL, got {self.issuer!r}")

    @property
    def secrets(self) -> tuple[str, ...]:
        """The configured secrets (secret or key), for audit logs to redact."""
        return tuple(value for value in (self.client_secret, self.private_key) if value)

    def __repr__(self) -> str:
        return _repr(self, frozenset({"client_secret", "private_key"}))


@final
@dataclass(frozen=True, kw_only=True, slots=True, repr=False)
class BearerToken:
    """One static token, sent as ``Authorization: Bearer <token>`` on every request.

    Unlike an ``Authorization`` header, it never shows in ``repr``, and a refusal
    (HTTP 401) says the token was refused.
    """

    token: str
    """The token."""

    def __post_init__(self) -> None:
        _text(self.token, "token", "BearerToken")
        if any(c in self.token for c in "\r\n"):
            raise ConfigError("BearerToken: the token must be one line")

    @property
    def secrets(self) -> tuple[str, ...]:
        """The token, for audit logs to redact."""
        return (self.token,)

    def __repr__(self) -> str:
        return _repr(self, frozenset({"token"}))


AuthSetting: TypeAlias = OAuth | ClientCredentials | BearerToken
"""Any of the three ways to sign in."""


def token_store(server: HttpServer | SseServer) -> TokenStore | None:
    """Where a server's tokens are kept: its setting's store, or its default file.

    None for a server whose ``auth`` keeps no tokens (a bearer token, none at all).
    """
    setting = server.auth
    if isinstance(setting, OAuth):
        return setting.token_store or FileTokenStore.for_server(server.url)
    if isinstance(setting, ClientCredentials):
        return setting.token_store
    return None
