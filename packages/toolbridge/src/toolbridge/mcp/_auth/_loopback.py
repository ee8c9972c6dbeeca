"""The loopback listener that receives the browser's redirect after a sign-in.

It listens on 127.0.0.1 only, for one ``GET /callback?code=...&state=...`` (or
``?error=...``), answers the browser with a short page saying it may be closed, and
stops. Anything else gets a 404 and is otherwise ignored; checking the ``state`` is
the OAuth provider's part. The request line and headers are read up to 16 KiB, so a
stray client cannot make it buffer without bound.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import Final, final
from urllib.parse import parse_qs, urlsplit

__all__ = ["CallbackParameters", "LoopbackListener"]

CALLBACK_PATH: Final = "/callback"
_LIMIT: Final = 16 * 1024
_PAGE: Final = (
    "<!doctype html><meta charset=utf-8><title>toolbridge</title>"
    "<p>{message} You can close this window.</p>"
)


@final
@dataclass(frozen=True, slots=True)
class CallbackParameters:
    """What the authorization server sent back through the browser."""

    code: str | None
    state: str | None
    iss: str | None
    error: str | None
    error_description: str | None


@final
class LoopbackListener:
    """Listens on ``http://127.0.0.1:PORT/callback`` until one redirect arrives."""

    def __init__(self, port: int) -> None:
        self.port = port
        self._server: asyncio.Server | None = None
        self._result: asyncio.Future[CallbackParameters] | None = None

    @property
    def redirect_uri(self) -> str:
        """The redirect URI the authorization server sends the browser to."""
        return f"http://127.0.0.1:{self.port}{CALLBACK_PATH}"

    async def start(self) -> None:
        """Bind the port; raises OSError when it is taken."""
        self._result = asyncio.get_running_loop().create_future()
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", self.port, limit=_LIMIT)

    async def wait(self, timeout: float) -> CallbackParameters:
        """The redirect's parameters; TimeoutError after `timeout` seconds."""
        assert self._result is not None, "start() first"
        return await asyncio.wait_for(asyncio.shield(self._result), timeout)

    async def close(self) -> None:
        """Stop listening (idempotent)."""
        server, self._server = self._server, None
        if server is not None:
            server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(server.wait_closed(), 2)
        if self._result is not None and not self._result.done():
            self._result.cancel()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, TimeoutError, OSError):
            writer.close()
            return
        method, _, rest = head.split(b"\r\n", 1)[0].decode("latin-1").partition(" ")
        target = rest.rpartition(" ")[0] or rest
        parts = urlsplit(target)
        result = self._result
        if method != "GET" or parts.path != CALLBACK_PATH or result is None or result.done():
            await _answer(writer, 404, "Nothing here.")
            return
        query = {key: values[0] for key, values in parse_qs(parts.query).items()}
        received = CallbackParameters(
            code=query.get("code"),
            state=query.get("state"),
            iss=query.get("iss"),
            error=query.get("error"),
            error_description=query.get("error_description"),
        )
        if received.error is None and received.code is None:
            await _answer(writer, 400, "The redirect carried neither a code nor an error.")
            return
        message = "Sign-in refused." if received.error else "Signed in."
        await _answer(writer, 200, message)
        if not result.done():
            result.set_result(received)


async def _answer(writer: asyncio.StreamWriter, status: int, message: str) -> None:
    reasons = {200: "OK", 400: "Bad Request", 404: "Not Found"}
    body = _PAGE.format(message=message).encode("utf-8")
    head = (
        f"HTTP/1.1 {status} {reasons[status]}\r\nContent-Type: text/html; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\nCache-Control: no-store\r\n"
    )
    writer.write(f"{head}\r\n".encode("latin-1") + body)
    with contextlib.suppress(OSError):
        await writer.drain()
    writer.close()
