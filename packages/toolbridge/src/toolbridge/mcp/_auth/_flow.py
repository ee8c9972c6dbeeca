"""The ``httpx2.Auth`` that signs a connection's requests, built from its ``auth`` setting.

Every flow (the SDK's providers of `_providers`, a static token, or none) runs inside
a guard that turns a refusal it cannot get past into an `AuthFailure` saying what to
do: a server that needs a sign-in and has no ``auth`` setting, a sign-in needed where
nobody can sign in (no terminal: run ``toolbridge mcp login``), a token refused, a
sign-in that failed. Raising it ends the connection (see `_failure.refusal`). Its
text never holds a token.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, Callable
from typing import TYPE_CHECKING, Any, Literal

import httpx2
from mcp.client.auth import OAuthFlowError
from mcp.client.auth.utils import extract_field_from_www_auth
from pydantic import ValidationError

from toolbridge.errors import ConfigError, ToolbridgeError
from toolbridge.mcp._auth._failure import AuthFailure, bounded, record, refusal
from toolbridge.mcp._auth._providers import Person, machine
from toolbridge.mcp._auth._settings import BearerToken, ClientCredentials, OAuth, token_store

if TYPE_CHECKING:
    from toolbridge.mcp._servers import HttpServer, SseServer

__all__ = ["AuthFailure", "http_auth", "refusal"]

Kind = Literal["none", "headers", "bearer", "oauth", "machine"]


async def http_auth(server: HttpServer | SseServer) -> httpx2.Auth:
    """The ``httpx2.Auth`` for `server`'s requests; a caller's own ``httpx2.Auth`` as is."""
    setting, url = server.auth, server.url
    record(server, None)
    if isinstance(setting, httpx2.Auth):
        return setting
    if setting is None:
        has_header = any(name.lower() == "authorization" for name in server.headers)
        return _Guard(None, server, kind="headers" if has_header else "none")
    if isinstance(setting, BearerToken):
        return _Guard(_Bearer(setting.token), server, kind="bearer")
    if isinstance(setting, ClientCredentials):
        return _Guard(machine(url, setting), server, kind="machine")
    if isinstance(setting, OAuth):
        store = token_store(server)
        assert store is not None
        provider = await Person.build(url, setting, store)
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
            record(self._server, failure)
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
                    raise self._failure(
                        _not_signed_in(response), login=True, scopes=_wanted(response)
                    )
                try:
                    outgoing = await flow.asend(response)
                except StopAsyncIteration:
                    break
        except AuthFailure:
            raise
        except (OAuthFlowError, ValidationError, ValueError, ToolbridgeError) as error:
            raise self._failure(f"sign-in failed: {bounded(str(error))}") from None
        finally:
            await flow.aclose()
        self._check(response)

    def _failure(
        self, reason: str, *, login: bool = False, scopes: str | None = None
    ) -> AuthFailure:
        return AuthFailure(reason, url=self._url, login=login, scopes=scopes)

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
                f"refused the request for want of scope {bounded(scope, 200)!r}{after} "
                f"(HTTP 403 insufficient_scope){_described(response)}"
            )


def _challenged(response: httpx2.Response) -> bool:
    return response.status_code == 401 or (
        response.status_code == 403 and _scope_challenge(response)
    )


def _scope_challenge(response: httpx2.Response) -> bool:
    return extract_field_from_www_auth(response, "error") == "insufficient_scope"


def _wanted(response: httpx2.Response) -> str | None:
    """The scopes a 403 ``insufficient_scope`` asks for: a new sign-in must ask for them."""
    if response.status_code != 403:
        return None
    return extract_field_from_www_auth(response, "scope")


def _not_signed_in(response: httpx2.Response) -> str:
    if response.status_code == 403:
        scope = extract_field_from_www_auth(response, "scope") or "a wider scope"
        return (
            f"needs a new sign-in for scope {bounded(scope, 200)!r} (HTTP 403 "
            "insufficient_scope), and nobody can sign in here (no terminal is attached)"
        )
    return (
        "needs a sign-in in the browser (OAuth): it holds no token the server takes, and "
        "nobody can sign in here (no terminal is attached)"
    )


def _described(response: httpx2.Response) -> str:
    description = extract_field_from_www_auth(response, "error_description")
    return f": {bounded(description, 300)}" if description else ""


class _Bearer(httpx2.Auth):
    """A static bearer token on every request."""

    def __init__(self, token: str) -> None:
        self._token = token

    def auth_flow(self, request: httpx2.Request) -> Any:
        request.headers["Authorization"] = f"Bearer {self._token}"
        yield request

    def __repr__(self) -> str:
        return "<bearer token>"
