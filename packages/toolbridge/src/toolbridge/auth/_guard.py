"""The resource server in front of an ASGI app: metadata, challenges, the verified caller.

`ResourceServer` answers, before the app sees anything:

* ``GET /.well-known/oauth-protected-resource`` (and the same followed by the
  resource's path, RFC 9728 §3.1): the metadata document, open to anyone;
* a request without a bearer token: 401 with ``WWW-Authenticate: Bearer
  resource_metadata="<url>"`` (RFC 9728 §5.1; ``scope="..."`` when scopes are
  required), so that an MCP client finds the authorization server;
* a refused token: 401 ``error="invalid_token"`` with a short description that
  names no secret; a token without the server-wide required scopes: 403
  ``error="insufficient_scope"`` naming them; a token that cannot be checked now
  (the issuer's keys unreachable): 503 with ``Retry-After``, never accepted.

The open paths (``/healthz``) and CORS preflights pass untouched. Every other
request reaches the app with the caller's `Identity` in its ASGI scope, which
`identity_of` reads. The token itself goes no further: the app never needs it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Collection
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import urlsplit

from toolbridge.auth._refusal import Refused, Unavailable
from toolbridge.auth._settings import METADATA_PATH, AuthSettings
from toolbridge.toolsets import ANONYMOUS, Identity

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

    from toolbridge.auth._verify import TokenVerifier

__all__ = ["IDENTITY_KEY", "ResourceServer", "identity_of"]

IDENTITY_KEY: Final = "toolbridge.identity"
"""The ASGI scope key holding the verified caller."""
_RETRY_AFTER: Final = b"5"
_log = logging.getLogger("toolbridge.auth")


def identity_of(request: Any) -> Identity:
    """The caller `ResourceServer` verified for `request`; `ANONYMOUS` when none was.

    `request` is a Starlette request, anything with an ASGI ``.scope``, or the scope.
    """
    scope = getattr(request, "scope", request)
    found = scope.get(IDENTITY_KEY) if isinstance(scope, dict) else None
    return found if isinstance(found, Identity) else ANONYMOUS


class ResourceServer:
    """ASGI middleware making `app` an OAuth 2.1 resource server (see the module docs)."""

    def __init__(
        self,
        app: ASGIApp,
        settings: AuthSettings,
        *,
        open_paths: Collection[str] = ("/healthz",),
    ) -> None:
        try:
            from toolbridge.auth._verify import TokenVerifier
        except ImportError as error:
            raise ImportError(
                f"checking access tokens needs PyJWT: pip install 'toolbridge[auth]' ({error})"
            ) from error
        self.app = app
        self.settings = settings
        self.verifier: TokenVerifier = TokenVerifier(settings)
        self._open = frozenset(open_paths)
        suffix = urlsplit(settings.resource_url).path.rstrip("/")
        self._metadata_paths = frozenset({METADATA_PATH, METADATA_PATH + suffix})
        self._metadata = json.dumps(settings.metadata()).encode()
        self._required = frozenset(settings.required_scopes)
        challenge = f'Bearer resource_metadata="{settings.metadata_url}"'
        if settings.required_scopes:
            challenge += f', scope="{" ".join(settings.required_scopes)}"'
        self._challenge = challenge

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "lifespan":
            await self.app(scope, self._warming(receive), send)
            return
        if kind == "websocket":  # nothing here speaks it: refused, never let through
            await send({"type": "websocket.close", "code": 1008})
            return
        if kind != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        if path in self._metadata_paths:
            await self._publish(scope, send)
            return
        if path in self._open or scope.get("method") == "OPTIONS":
            await self.app(scope, receive, send)
            return
        given = [value for name, value in scope["headers"] if name == b"authorization"]
        if len(given) > 1:
            await self._refuse(send, 400, "invalid_request", "send one Authorization header")
            return
        scheme, _, token = given[0].partition(b" ") if given else (b"", b"", b"")
        token = token.strip()
        if scheme.lower() != b"bearer" or not token:
            await self._refuse(send, 401, None, "a bearer token is required")
            return
        try:
            identity = await self.verifier.verify(token.decode("latin-1"))
        except Refused as error:
            _log.debug("a token was refused: %s", error)
            await self._refuse(send, 401, "invalid_token", str(error))
            return
        except Unavailable as error:
            _log.error("a token could not be checked, so it was refused: %s", error)
            await self._unavailable(send)
            return
        missing = self._required - identity.scopes
        if missing:
            await self._refuse(send, 403, "insufficient_scope", "", scopes=sorted(missing))
            return
        await self.app({**scope, IDENTITY_KEY: identity}, receive, send)

    def _warming(self, receive: Receive) -> Receive:
        """`receive`, fetching the keys when the startup message arrives (before the app)."""

        async def warmed() -> Message:
            message = await receive()
            if message.get("type") == "lifespan.startup":
                await self.verifier.warm()
            return message

        return warmed

    async def _publish(self, scope: Scope, send: Send) -> None:
        method = scope.get("method", "GET")
        cors = [
            (b"access-control-allow-origin", b"*"),
            (b"access-control-allow-methods", b"GET, OPTIONS"),
        ]
        if method == "OPTIONS":
            await _respond(send, 204, b"", cors)
        elif method in ("GET", "HEAD"):
            body = self._metadata if method == "GET" else b""
            await _respond(send, 200, body, [(b"content-type", b"application/json"), *cors])
        else:
            await _respond(send, 405, b"", [(b"allow", b"GET, HEAD, OPTIONS")])

    async def _refuse(
        self,
        send: Send,
        status: int,
        error: str | None,
        description: str,
        *,
        scopes: list[str] | None = None,
    ) -> None:
        if scopes:
            wanted = " ".join(scopes)
            description = f"the token lacks the scope {wanted}"
            challenge = (
                f'Bearer error="{error}", scope="{wanted}", '
                f'resource_metadata="{self.settings.metadata_url}", '
                f'error_description="{description}"'
            )
        elif error is None:
            challenge = self._challenge
        else:
            challenge = f'{self._challenge}, error="{error}", error_description="{description}"'
        body: dict[str, Any] = {"error": error or "unauthorized", "error_description": description}
        headers = [
            (b"content-type", b"application/json"),
            (b"www-authenticate", challenge.encode()),
        ]
        await _respond(send, status, json.dumps(body).encode(), headers)

    async def _unavailable(self, send: Send) -> None:
        body = {
            "error": "temporarily_unavailable",
            "error_description": "the token cannot be checked now; retry shortly",
        }
        headers = [(b"content-type", b"application/json"), (b"retry-after", _RETRY_AFTER)]
        await _respond(send, 503, json.dumps(body).encode(), headers)


async def _respond(
    send: Send, status: int, body: bytes, headers: list[tuple[bytes, bytes]]
) -> None:
    headers = [*headers, (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
