"""One POST's answer on streamable HTTP, written straight to ASGI ``send``.

With SSE (the default) the answer is an event stream: each message an ``event:
message`` with its JSON as ``data``, the call's own messages (progress, log, a
request of the server's) before the response, and the body ends with the response.
Headers leave with the first event, or with the response and its length when nothing
came before it (one write, no chunked encoding); a comment every `PING_INTERVAL`
seconds keeps a quiet stream open, as the SDK's sse-starlette does. With JSON
answers the body is the response alone and the call's own messages are dropped: a
JSON body has no room for them (the SDK drops them too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import pydantic_core

if TYPE_CHECKING:
    from starlette.types import Send

__all__ = ["PING_INTERVAL", "Answer", "encode"]

PING_INTERVAL: Final = 15.0
"""Seconds between keep-alive comments on a quiet event stream (sse-starlette's)."""

_SSE_HEADERS: Final = (
    (b"content-type", b"text/event-stream"),
    (b"cache-control", b"no-cache, no-transform"),
    (b"x-accel-buffering", b"no"),
)
_JSON_HEADERS: Final = ((b"content-type", b"application/json"),)
_PING: Final = b": ping\n\n"


def encode(message: Any) -> bytes:
    """`message` as compact JSON; a value JSON cannot hold is written as its ``str``."""
    return pydantic_core.to_json(message, fallback=str)


class Answer:
    """The answer to one POSTed request: an event stream, or one JSON body."""

    __slots__ = ("_headers", "_send", "_started", "sse")

    def __init__(self, send: Send, *, sse: bool, session_id: bytes | None) -> None:
        self._send = send
        self.sse = sse
        """An event stream, not one JSON body."""
        headers = list(_SSE_HEADERS if sse else _JSON_HEADERS)
        if session_id is not None:
            headers.append((b"mcp-session-id", session_id))
        self._headers = headers
        self._started = False

    async def event(self, message: Any) -> None:
        """Send `message` before the response (dropped when answering with JSON)."""
        if self.sse:
            await self._part(b"event: message\ndata: " + encode(message) + b"\n\n")

    async def ping(self) -> None:
        """A comment that keeps the stream open (nothing when answering with JSON)."""
        if self.sse:
            await self._part(_PING)

    async def _part(self, data: bytes) -> None:
        if not self._started:
            self._started = True
            await self._send(
                {"type": "http.response.start", "status": 200, "headers": self._headers}
            )
        await self._send({"type": "http.response.body", "body": data, "more_body": True})

    async def finish(self, message: Any) -> None:
        """Send the response, `message`, and end the body."""
        body = encode(message)
        if self.sse:
            body = b"event: message\ndata: " + body + b"\n\n"
        if not self._started:
            self._started = True
            length = (b"content-length", str(len(body)).encode())
            headers = [*self._headers, length]
            await self._send({"type": "http.response.start", "status": 200, "headers": headers})
        await self._send({"type": "http.response.body", "body": body})

    async def end(self) -> None:
        """End a stream that was begun without a response (its client left)."""
        if self._started:
            await self._send({"type": "http.response.body", "body": b""})
