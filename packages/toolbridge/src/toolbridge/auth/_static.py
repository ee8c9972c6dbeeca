"""Static bearer tokens: a fixed table of tokens and who each one is, checked at the door.

`StaticTokens` is the table (a toolset file's ``tokens``); `StaticTokenGuard` is the
ASGI middleware that applies it before the app sees anything:

* a request without an ``Authorization`` header is anonymous (`ANONYMOUS`): the
  toolset's policy decides what an anonymous caller sees;
* a bearer token in the table: the request reaches the app with its `Identity` in
  the ASGI scope, where `identity_of` finds it;
* any other credentials (an unknown or empty token, another scheme) are refused
  with 401 and ``WWW-Authenticate: Bearer error="invalid_token"`` (RFC 6750 §3.1):
  a client that sends a wrong token is told so, never served as anonymous;
* two ``Authorization`` headers: 400 ``error="invalid_request"``.

The open paths (``/healthz``) and CORS preflights pass untouched. The token itself
goes no further: the app never needs it.
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, final

from toolbridge._http import checked_token
from toolbridge.auth._guard import IDENTITY_KEY
from toolbridge.errors import ConfigError
from toolbridge.toolsets import ANONYMOUS, Identity

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["StaticTokenGuard", "StaticTokens"]


@final
@dataclass(frozen=True, slots=True)
class StaticTokens:
    """Bearer tokens of HTTP clients and the `Identity` each one stands for.

    A request with no token is anonymous; one with a token not in the table is
    refused (401), never anonymous. Each token has 16 characters or more, as in a
    toolset file's ``tokens`` (one check for both).
    """

    tokens: Mapping[str, Identity] = field(repr=False)
    """Each token and its caller (left out of the repr: the tokens are secrets)."""

    def __post_init__(self) -> None:
        if not isinstance(self.tokens, Mapping):
            raise ConfigError(f"tokens must be a mapping, not {type(self.tokens).__name__}")
        checked: dict[str, Identity] = {}
        for token, identity in self.tokens.items():
            if not isinstance(identity, Identity):
                raise ConfigError(
                    f"each token's caller must be an Identity, not {type(identity).__name__}"
                )
            whose = repr(identity.subject) if identity.subject else "a caller without a subject"
            checked[checked_token(token, whose=whose)] = identity
        object.__setattr__(self, "tokens", checked)

    def find(self, token: str) -> Identity | None:
        """The caller `token` stands for, or None (compared in constant time, token by token)."""
        given = token.encode()
        found = None
        for known, identity in self.tokens.items():
            if hmac.compare_digest(known.encode(), given):
                found = identity
        return found


class StaticTokenGuard:
    """ASGI middleware admitting the callers of `tokens` (see the module docs)."""

    def __init__(
        self,
        app: ASGIApp,
        tokens: StaticTokens,
        *,
        open_paths: Collection[str] = ("/healthz",),
    ) -> None:
        if not isinstance(tokens, StaticTokens):
            raise ConfigError(f"tokens must be StaticTokens, not {type(tokens).__name__}")
        self.app = app
        self.tokens = tokens
        self._open = frozenset(open_paths)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "websocket":  # nothing here speaks it: refused, never let through
            await send({"type": "websocket.close", "code": 1008})
            return
        if kind != "http" or scope["path"] in self._open or scope.get("method") == "OPTIONS":
            await self.app(scope, receive, send)
            return
        given = [value for name, value in scope["headers"] if name == b"authorization"]
        if len(given) > 1:
            await _refuse(send, 400, "invalid_request", "send one Authorization header")
            return
        if not given:
            await self.app({**scope, IDENTITY_KEY: ANONYMOUS}, receive, send)
            return
        scheme, _, token = given[0].partition(b" ")
        token = token.strip()
        if scheme.lower() != b"bearer" or not token:
            await _refuse(send, 401, "invalid_token", "send a bearer token, or none")
            return
        identity = self.tokens.find(token.decode("latin-1"))
        if identity is None:
            await _refuse(send, 401, "invalid_token", "the token is not known here")
            return
        await self.app({**scope, IDENTITY_KEY: identity}, receive, send)


async def _refuse(send: Send, status: int, error: str, description: str) -> None:
    challenge = f'Bearer error="{error}", error_description="{description}"'
    body = json.dumps({"error": error, "error_description": description}).encode()
    headers: list[tuple[bytes, bytes]] = [
        (b"content-type", b"application/json"),
        (b"www-authenticate", challenge.encode()),
        (b"content-length", str(len(body)).encode()),
    ]
    start: dict[str, Any] = {"type": "http.response.start", "status": status, "headers": headers}
    await send(start)
    await send({"type": "http.response.body", "body": body})
