"""The ``httpx2.Auth`` that signs a connection's requests, built from its ``auth`` setting.

The OAuth protocol is the MCP SDK's (`mcp.client.auth`): `OAuthClientProvider` for a
person's sign-in, `ClientCredentialsOAuthProvider` and `PrivateKeyJWTOAuthProvider`
for a machine's. What this module adds around them:

* the browser step: a loopback listener on 127.0.0.1, the browser opened (and the URL
  printed), the redirect's parameters handed back to the SDK;
* tokens loaded from a store keep their remaining lifetime and are refreshed a little
  before they expire (the SDK alone would send a stored token until it is refused);
* scopes set in the setting are asked for on top of those the server names;
* a refusal the flow cannot get past ends the connection with an `AuthFailure` that
  says what to do: a server that needs a sign-in and has no ``auth`` setting, a sign-in
  needed where nobody can sign in (no terminal: run ``toolbridge mcp login``), a token
  refused, a sign-in that failed. Its text never holds a token.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import socket
import sys
import warnings
import webbrowser
from collections.abc import AsyncGenerator, Callable
from dataclasses import fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal
from urllib.parse import urlsplit

import httpx2
from mcp.client.auth import OAuthClientProvider, OAuthFlowError
from mcp.client.auth.extensions.client_credentials import (
    ClientCredentialsOAuthProvider,
    PrivateKeyJWTOAuthProvider,
    SignedJWTParameters,
)
from mcp.client.auth.oauth2 import OAuthContext
from mcp.client.auth.utils import extract_field_from_www_auth, union_scopes
from mcp.shared.auth import (
    AuthorizationCodeResult,
    OAuthClientInformationFull,
    OAuthClientMetadata,
    OAuthToken,
)
from pydantic import AnyUrl, PrivateAttr, ValidationError

from toolbridge.errors import ConfigError, ServerError, ToolbridgeError
from toolbridge.mcp._auth._loopback import LoopbackListener
from toolbridge.mcp._auth._settings import BearerToken, ClientCredentials, OAuth
from toolbridge.mcp._auth._store import FileTokenStore, TokenStore

if TYPE_CHECKING:
    from toolbridge.mcp._servers import HttpServer, SseServer

__all__ = ["AuthFailure", "http_auth", "open_in_browser", "refusal", "token_store_of"]

_log = logging.getLogger("toolbridge.mcp.auth")
_EARLY: Final = 60.0
"""Refresh at most this many seconds before a token expires (a tenth of its life if less)."""
Kind = Literal["none", "headers", "bearer", "oauth", "machine"]


_REFUSED: dict[int, tuple[object, AuthFailure]] = {}
"""The failure that last ended each server's connection, until it next connects."""


def refusal(server: HttpServer | SseServer | object) -> AuthFailure | None:
    """The sign-in failure that ended `server`'s connection, if one did.

    A refusal inside the HTTP client ends the whole connection, so the requests in
    flight only see it closed: this says why. Kept until the server next connects.
    """
    entry = _REFUSED.get(id(server))
    return entry[1] if entry is not None and entry[0] is server else None


class AuthFailure(ServerError):
    """A sign-in was needed and could not be done, failed, or its token was refused.

    Raised inside the HTTP client while the server's configured name is not known;
    `named` gives the `ServerError` that names it (and the login command to run).
    """

    def __init__(self, reason: str, *, url: str, login: bool = False) -> None:
        self.reason, self.url, self.login = reason, url, login
        super().__init__(self._text("NAME"), server=url)

    def _text(self, name: str) -> str:
        reason = self.reason.replace("{name}", name)
        if not self.login:
            return reason
        return (
            f"{reason}; sign in at a terminal with `toolbridge mcp login {name} "
            "--config <the file that configures it>`"
        )

    def named(self, name: str) -> ServerError:
        """The same failure as a `ServerError` of the server configured as `name`."""
        error = ServerError(self._text(name), server=name)
        error.__cause__ = self.__cause__
        return error


def open_in_browser(url: str) -> None:
    """Print the authorization URL on stderr and open it in the default browser."""
    print(f"Opening the browser to sign in; if it does not open, visit:\n  {url}", file=sys.stderr)
    webbrowser.open(url)


def token_store_of(server: HttpServer | SseServer) -> TokenStore | None:
    """Where the server's tokens are kept: its setting's store, or its default file."""
    setting = server.auth
    if isinstance(setting, OAuth):
        return setting.token_store or FileTokenStore.for_server(server.url)
    if isinstance(setting, ClientCredentials):
        return setting.token_store
    return None


async def http_auth(server: HttpServer | SseServer) -> httpx2.Auth:
    """The ``httpx2.Auth`` for `server`'s requests; a caller's own ``httpx2.Auth`` as is."""
    setting, url = server.auth, server.url
    _REFUSED.pop(id(server), None)
    if isinstance(setting, httpx2.Auth):
        return setting
    if setting is None:
        has_header = any(name.lower() == "authorization" for name in server.headers)
        return _Guard(None, server, kind="headers" if has_header else "none")
    if isinstance(setting, BearerToken):
        return _Guard(_Bearer(setting.token), server, kind="bearer")
    if isinstance(setting, ClientCredentials):
        return _Guard(_machine(url, setting), server, kind="machine")
    if isinstance(setting, OAuth):
        store = token_store_of(server)
        assert store is not None
        provider = await _Person.build(url, setting, store)
        return _Guard(provider, server, kind="oauth", can_sign_in=provider.can_sign_in)
    raise ConfigError(
        f"auth must be OAuth, ClientCredentials, BearerToken or an httpx2.Auth, "
        f"got {type(setting).__name__}"
    )


# -- the guard around every flow ----------------------------------------------------------


class _Guard(httpx2.Auth):
    """Runs a flow (or none) and turns the refusals it cannot get past into `AuthFailure`."""

    def __init__(
        self,
        inner: httpx2.Auth | None,
        server: HttpServer | SseServer,
        *,
        kind: Kind,
        can_sign_in: Callable[[], bool] = lambda: True,
    ) -> None:
        self._inner, self._server, self._kind = inner, server, kind
        self._url, self._can_sign_in = server.url, can_sign_in

    async def async_auth_flow(
        self, request: httpx2.Request
    ) -> AsyncGenerator[httpx2.Request, httpx2.Response]:
        flow = self._flow(request)
        try:
            outgoing = await flow.__anext__()
            while True:
                outgoing = await flow.asend((yield outgoing))
        except StopAsyncIteration:
            return
        except AuthFailure as failure:
            _REFUSED[id(self._server)] = (self._server, failure)
            raise
        finally:
            await flow.aclose()

    async def _flow(
        self, request: httpx2.Request
    ) -> AsyncGenerator[httpx2.Request, httpx2.Response]:
        if self._inner is None:
            response = yield request
            self._check(response)
            return
        flow = self._inner.async_auth_flow(request)
        try:
            outgoing = await flow.__anext__()
            while True:
                response = yield outgoing
                if (
                    outgoing is request
                    and self._kind == "oauth"
                    and _challenged(response)
                    and not self._can_sign_in()
                ):
                    raise self._failure(_not_signed_in(response), login=True)
                try:
                    outgoing = await flow.asend(response)
                except StopAsyncIteration:
                    break
        except AuthFailure:
            raise
        except (OAuthFlowError, ValidationError, ValueError, ToolbridgeError) as error:
            raise self._failure(f"sign-in failed: {_bounded(str(error))}") from None
        finally:
            await flow.aclose()
        self._check(response)

    def _failure(self, reason: str, *, login: bool = False) -> AuthFailure:
        return AuthFailure(reason, url=self._url, login=login)

    def _check(self, response: httpx2.Response) -> None:
        """Raise for a refusal that reached the request itself (after any sign-in)."""
        if response.status_code == 401:
            reasons = {
                "none": "requires a sign-in (HTTP 401) and has no 'auth' setting: add one to "
                'its entry ("auth": "oauth" in an mcpServers file, HttpServer(auth=OAuth()) '
                "in code; see 'Signing in' in the docs), then sign in with `toolbridge mcp "
                "login {name}`",
                "headers": "refused the Authorization header it was sent (HTTP 401)",
                "bearer": "refused the bearer token it was sent (HTTP 401): it is wrong, "
                "expired or revoked",
                "oauth": "refused the token it had just issued (HTTP 401)",
                "machine": "refused the token the client credentials obtained (HTTP 401)",
            }
            raise self._failure(reasons[self._kind] + _described(response))
        if response.status_code == 403 and _scope_challenge(response):
            scope = extract_field_from_www_auth(response, "scope") or "a wider scope"
            after = " even after a new sign-in for it" if self._kind == "oauth" else ""
            raise self._failure(
                f"refused the request for want of scope {_bounded(scope, 200)!r}{after} "
                f"(HTTP 403 insufficient_scope){_described(response)}"
            )


def _challenged(response: httpx2.Response) -> bool:
    return response.status_code == 401 or (
        response.status_code == 403 and _scope_challenge(response)
    )


def _scope_challenge(response: httpx2.Response) -> bool:
    return extract_field_from_www_auth(response, "error") == "insufficient_scope"


def _not_signed_in(response: httpx2.Response) -> str:
    if response.status_code == 403:
        scope = extract_field_from_www_auth(response, "scope") or "a wider scope"
        return (
            f"needs a new sign-in for scope {_bounded(scope, 200)!r} (HTTP 403 "
            "insufficient_scope), and nobody can sign in here (no terminal is attached)"
        )
    return (
        "needs a sign-in in the browser (OAuth): it holds no token the server takes, and "
        "nobody can sign in here (no terminal is attached)"
    )


def _described(response: httpx2.Response) -> str:
    description = extract_field_from_www_auth(response, "error_description")
    return f": {_bounded(description, 300)}" if description else ""


def _bounded(text: str, limit: int = 500) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


class _Bearer(httpx2.Auth):
    """A static bearer token on every request."""

    def __init__(self, token: str) -> None:
        self._token = token

    def auth_flow(self, request: httpx2.Request) -> Any:
        request.headers["Authorization"] = f"Bearer {self._token}"
        yield request

    def __repr__(self) -> str:
        return "<bearer token>"


# -- the SDK's providers, tokens kept timely ----------------------------------------------


class _EarlyContext(OAuthContext):
    """The SDK's OAuth context, with tokens counted as expired a little before they do."""

    def update_token_expiry(self, token: OAuthToken) -> None:
        super().update_token_expiry(token)
        if self.token_expiry_time is not None and token.expires_in:
            self.token_expiry_time -= min(_EARLY, token.expires_in / 10)


def _timely(provider: OAuthClientProvider) -> None:
    """Swap the provider's context for one that refreshes early."""
    context = provider.context
    provider.context = _EarlyContext(
        **{item.name: getattr(context, item.name) for item in fields(OAuthContext)}
    )


async def _load_expiry(provider: OAuthClientProvider) -> None:
    """Stored tokens carry their remaining lifetime (see `_store`): count it from now."""
    tokens = provider.context.current_tokens
    if tokens is not None and tokens.expires_in is not None:
        provider.context.update_token_expiry(tokens)


class _Secret(ClientCredentialsOAuthProvider):
    async def _initialize(self) -> None:
        await super()._initialize()
        await _load_expiry(self)


class _Signed(PrivateKeyJWTOAuthProvider):
    async def _initialize(self) -> None:
        await super()._initialize()
        await _load_expiry(self)


def _machine(url: str, setting: ClientCredentials) -> OAuthClientProvider:
    scope = " ".join(setting.scopes) or None
    provider: OAuthClientProvider
    with warnings.catch_warnings():
        # Without an issuer the SDK warns that it will be required; it is optional here.
        warnings.simplefilter("ignore")
        if setting.client_secret is not None:
            provider = _Secret(
                url,
                setting.token_store,
                setting.client_id,
                setting.client_secret,
                token_endpoint_auth_method=setting.token_endpoint_auth_method,
                scope=scope,
                issuer=setting.issuer,
            )
        else:
            key = setting.private_key or _read_key(setting.private_key_file)
            assertion = SignedJWTParameters(
                issuer=setting.client_id,
                subject=setting.client_id,
                signing_key=key,
                signing_algorithm=setting.signing_algorithm,
            ).create_assertion_provider()
            provider = _Signed(
                url,
                setting.token_store,
                setting.client_id,
                assertion,
                scope=scope,
                issuer=setting.issuer,
            )
    _timely(provider)
    return provider


def _read_key(path: str | None) -> str:
    assert path is not None
    try:
        return Path(path).expanduser().read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"cannot read the private key file {path!r}: {error}") from None


# -- a person's sign-in -------------------------------------------------------------------


class _Metadata(OAuthClientMetadata):
    """Client metadata whose scope always includes the scopes the setting asks for."""

    _wanted: str | None = PrivateAttr(default=None)

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "scope":
            value = union_scopes(self._wanted, value)
        super().__setattr__(name, value)


class _Person(OAuthClientProvider):
    """The SDK's authorization-code provider, with the browser and the loopback listener."""

    _fixed: OAuthClientInformationFull | None = None

    @classmethod
    async def build(cls, url: str, setting: OAuth, store: TokenStore) -> _Person:
        listener = LoopbackListener(await _redirect_port(setting, store))
        metadata = _Metadata(
            redirect_uris=[AnyUrl(listener.redirect_uri)],
            client_name=setting.client_name,
            grant_types=["authorization_code", "refresh_token"],
            response_types=["code"],
        )
        metadata._wanted = " ".join(setting.scopes) or None
        metadata.scope = None  # through __setattr__: the wanted scopes
        provider = cls(
            url,
            metadata,
            store,
            client_metadata_url=setting.client_metadata_url,
        )
        provider._setting, provider._listener = setting, listener
        provider.context.redirect_handler = provider._open
        provider.context.callback_handler = provider._receive
        if setting.client_id is not None:
            provider._fixed = OAuthClientInformationFull(
                client_id=setting.client_id,
                client_secret=setting.client_secret,
                redirect_uris=[AnyUrl(listener.redirect_uri)],
                grant_types=["authorization_code", "refresh_token"],
                token_endpoint_auth_method="client_secret_basic"
                if setting.client_secret
                else "none",
                scope=metadata.scope,
            )
        _timely(provider)
        return provider

    _setting: OAuth
    _listener: LoopbackListener

    def can_sign_in(self) -> bool:
        """Whether a person can be asked: a browser given, or a terminal attached."""
        if self._setting.browser is not None:
            return True
        return all(stream is not None and stream.isatty() for stream in (sys.stdin, sys.stderr))

    async def _initialize(self) -> None:
        await super()._initialize()
        if self._fixed is not None:
            stored = self.context.client_info
            if stored is None or stored.client_id != self._fixed.client_id:
                self.context.client_info = self._fixed
        await _load_expiry(self)

    async def _open(self, authorization_url: str) -> None:
        """Start listening for the redirect, then send the person to the URL."""
        listener = self._listener
        try:
            await listener.start()
        except OSError as error:
            raise AuthFailure(
                f"cannot listen for the sign-in redirect on 127.0.0.1:{listener.port}: {error}",
                url=self.context.server_url,
            ) from None
        opener = self._setting.browser or open_in_browser
        try:
            if inspect.iscoroutinefunction(opener):
                await opener(authorization_url)
            else:
                opened = await asyncio.to_thread(opener, authorization_url)
                if inspect.isawaitable(opened):
                    await opened
        except Exception:
            await listener.close()
            raise

    async def _receive(self) -> AuthorizationCodeResult:
        """Wait for the browser's redirect and hand its parameters to the SDK."""
        listener, timeout = self._listener, self._setting.sign_in_timeout
        try:
            received = await listener.wait(timeout)
        except TimeoutError:
            raise AuthFailure(
                f"the sign-in did not finish within {timeout:g} s (sign_in_timeout)",
                url=self.context.server_url,
            ) from None
        finally:
            await listener.close()
        if received.error is not None:
            said = received.error_description
            description = f" ({_bounded(said, 300)})" if said else ""
            raise AuthFailure(
                f"the authorization server refused the sign-in: "
                f"{_bounded(received.error, 100)}{description}",
                url=self.context.server_url,
            )
        assert received.code is not None
        return AuthorizationCodeResult(code=received.code, state=received.state, iss=received.iss)


async def _redirect_port(setting: OAuth, store: TokenStore) -> int:
    """The setting's port, else the port of the stored registration, else a free one."""
    if setting.redirect_port is not None:
        return setting.redirect_port
    with contextlib.suppress(ToolbridgeError):
        stored = await store.get_client_info()
        for uri in (stored.redirect_uris or []) if stored is not None else []:
            parts = urlsplit(str(uri))
            if parts.hostname == "127.0.0.1" and parts.port:
                return parts.port
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
