"""DNS-rebinding protection: only the expected ``Host`` and ``Origin`` get through.

A web page an attacker controls can make a browser send requests to a loopback
server under the attacker's host name; refusing foreign ``Host`` (421) and ``Origin``
(403) headers stops that, as the MCP server does. An allowed value matches only
itself, except that a final ``:*`` allows any port (``[::1]:*``, ``http://a.example:*``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["HostGuard"]


class HostGuard:
    """ASGI middleware refusing requests whose Host or Origin is not allowed."""

    def __init__(
        self, app: ASGIApp, *, hosts: Sequence[str] | None, origins: Sequence[str] | None
    ) -> None:
        self._app = app
        self._hosts = None if hosts is None else tuple(hosts)
        self._origins = None if origins is None else tuple(origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            headers = {
                key.decode("latin-1").lower(): value.decode("latin-1")
                for key, value in scope["headers"]
            }
            host, origin = headers.get("host", ""), headers.get("origin")
            if self._hosts is not None and not _matches(host, self._hosts):
                await _refuse(send, 421, "MisdirectedRequest", f"host {host!r} is not served here")
                return
            if (
                origin is not None
                and self._origins is not None
                and not _matches(origin, self._origins)
            ):
                await _refuse(send, 403, "ForbiddenOrigin", f"origin {origin!r} is not allowed")
                return
        await self._app(scope, receive, send)


def _matches(value: str, allowed: Sequence[str]) -> bool:
    """`value` is one of `allowed`, or has the form ``base:PORT`` of an allowed ``base:*``."""
    return any(_match(value, pattern) for pattern in allowed)


def _match(value: str, pattern: str) -> bool:
    if not pattern.endswith(":*"):
        return value == pattern
    base, _, port = value.rpartition(":")
    return base == pattern[:-2] and port.isdigit()


async def _refuse(send: Send, status: int, kind: str, message: str) -> None:
    body = json.dumps({"error": {"type": kind, "message": message}}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
