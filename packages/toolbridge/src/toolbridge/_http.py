"""Serving an ASGI app on a socket: loopback and DNS-rebinding-safe defaults, uvicorn.

The MCP server and the REST server both bind here, and both put the same two ASGI
middlewares in front of their app:

* `HeaderGuard` refuses a request with two of a header that holds one value (400:
  ``Host``, ``Origin``, ``Content-Type``, ``Content-Length``, ``Authorization``,
  ``Last-Event-ID``, every ``Mcp-*``; a guard or an app that kept one of two could
  be made to check the harmless one), with both ``Content-Length`` and
  ``Transfer-Encoding`` (400, the connection closed: the body's length is
  ambiguous, the way requests are smuggled past a proxy), or whose ``Host`` (421)
  or ``Origin`` (403) is not allowed. By default the loopback names on the bound
  port are allowed, or the bound host and port when that is not loopback.
* `BodyReader` reads each request's body whole before the app sees it: over
  `max_bytes` is 413, a body still incomplete `timeout` seconds after the request's
  headers is 408 (a ``Content-Length`` larger than what is sent would otherwise hold
  the connection for good), and a client that leaves mid-body is let go quietly.
  The rest of an oversized body is read and dropped after the 413 is sent (within
  the timeout and `DRAIN_LIMIT`), so that the connection closes cleanly and the
  client reads its answer instead of a reset.

Their refusals are JSON, ``{"error": {"type", "message"}}``. ``port=0`` picks a free
port, and ``on_ready(url)`` says which once uvicorn listens.

`run_uvicorn` serves with uvicorn's HTTP/1.1 protocol (h11) plus a deadline for each
request's headers, which uvicorn lacks: it closes a keep-alive connection idle
between two requests (``timeout_keep_alive``), but gives a request's headers all the
time in the world, so a client that opens a connection and sends nothing, or sends
its headers a byte at a time (slowloris), would hold the connection for good. Here
the headers must be whole within `header_timeout` seconds, counted from the
connection's opening, or from the first byte of a request that follows another on
the same connection. Past it, a client that sent part of its headers gets 408
(``HeaderTimeout``), one that sent nothing is closed on quietly, as an idle
keep-alive connection is. h11 bounds the headers' size (16 KiB: 400 past it).
"""

from __future__ import annotations

import asyncio
import contextlib
import http
import json
import logging
import math
import signal
import socket
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal, cast

import anyio

from toolbridge.errors import ConfigError, JsonPath

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = [
    "DEFAULT_BODY_LIMIT",
    "DEFAULT_BODY_TIMEOUT",
    "DEFAULT_HEADER_TIMEOUT",
    "DRAIN_LIMIT",
    "MIN_TOKEN_LENGTH",
    "REUSE_PORT",
    "BodyReader",
    "HeaderGuard",
    "Listener",
    "bind",
    "checked_timeout",
    "checked_token",
    "replay",
    "run_uvicorn",
]

DEFAULT_BODY_LIMIT: Final = 4 * 1024 * 1024
"""The largest request body accepted, in bytes (the MCP SDK's default too)."""
DEFAULT_BODY_TIMEOUT: Final = 30.0
"""Seconds a request's body may take to arrive, counted from its headers."""
DEFAULT_HEADER_TIMEOUT: Final = 10.0
"""Seconds a request's headers may take to arrive, from the connection's opening or
the first byte of a request after another on the same connection."""
DRAIN_LIMIT: Final = 64 * 1024 * 1024
"""The most bytes of a refused body read and dropped after its 413, for the connection
to close cleanly (beyond them, or past the body timeout, it is closed as it is)."""

_LOOPBACK: Final = ("127.0.0.1", "localhost", "::1")
_SINGLE: Final = frozenset(
    {
        b"host",
        b"origin",
        b"content-type",
        b"content-length",
        b"transfer-encoding",
        b"authorization",
        b"last-event-id",
    }
)
"""Headers a request may send once (any ``mcp-*`` too): RFC 9110 singletons and MCP's."""
_log = logging.getLogger("toolbridge.http")


@dataclass(frozen=True, slots=True)
class Listener:
    """A bound socket, its base URL, and the Host and Origin values to accept."""

    socket: socket.socket
    url: str
    """``http://host:port``, without a path."""
    allowed_hosts: list[str]
    allowed_origins: list[str]


REUSE_PORT: Final = sys.platform == "linux" and hasattr(socket, "SO_REUSEPORT")
"""Whether several processes can each listen on one port, the kernel spreading new
connections over them (Linux's ``SO_REUSEPORT``: by a hash of the connection)."""


def bind(
    host: str,
    port: int,
    allowed_hosts: Sequence[str] | None = None,
    allowed_origins: Sequence[str] | None = None,
    *,
    reuse_port: bool = False,
) -> Listener:
    """Bind `host`:`port` (0 picks one) and work out the default allowed hosts and origins.

    With `reuse_port` (where `REUSE_PORT`), other processes may bind and listen on the
    same port with it too; a socket bound so that never listens only holds the port.

    Raises:
        ConfigError: The port is out of range, taken, or the host is not an address
            of this machine (or cannot be resolved).
    """
    shown = f"[{host}]" if ":" in host else host
    given: object = port  # any value a caller's configuration gave
    if isinstance(given, bool) or not isinstance(given, int) or not 0 <= given <= 65535:
        raise ConfigError(f"the port must be a whole number from 0 to 65535, got {port!r}")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP, not 0: asyncio turns Nagle off (TCP_NODELAY) only on sockets that
    # say so, and with it on, an answer written in two parts waits for a delayed ACK
    # (40 ms on Linux) before its second part leaves.
    listener = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        listener.bind((host, port))
    except OSError as error:  # the port is taken, the host has no such address, ...
        listener.close()
        why = error.strerror or str(error)
        raise ConfigError(f"cannot listen on {shown}:{port}: {why}") from None
    bound = listener.getsockname()[1]
    if allowed_hosts is None:
        names = ["127.0.0.1", "localhost", "[::1]"] if host in _LOOPBACK else [shown]
        allowed_hosts = [f"{name}:{bound}" for name in names]
    if allowed_origins is None:
        allowed_origins = [f"http://{entry}" for entry in allowed_hosts]
    return Listener(listener, f"http://{shown}:{bound}", list(allowed_hosts), list(allowed_origins))


def checked_timeout(seconds: object, name: str = "body_timeout") -> float:
    """`seconds` as a timeout called `name`: a finite number above 0.

    Raises:
        ConfigError: Anything else.
    """
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        raise ConfigError(f"{name} must be a number of seconds, got {seconds!r}")
    if not (math.isfinite(seconds) and seconds > 0):
        raise ConfigError(f"{name} must be a finite number above 0, got {seconds!r}")
    return float(seconds)


MIN_TOKEN_LENGTH: Final = 16
"""The fewest characters of a static bearer token (a toolset file's, `StaticTokens`')."""


def checked_token(token: object, *, path: JsonPath = (), whose: str = "") -> str:
    """`token` as a static bearer token: a string of `MIN_TOKEN_LENGTH` characters or more.

    The one check of a toolset file's ``tokens`` and of `StaticTokens`: a short token
    can be guessed, and one with spaces around it never matches (the guard strips
    the header). `whose` names its caller in the message, since the token is a secret.

    Raises:
        ConfigError: Anything else (at `path`).
    """
    of = f" (the token of {whose})" if whose else ""
    if not isinstance(token, str) or not token.strip() or token != token.strip():
        raise ConfigError(
            f"a bearer token must be a non-empty string without spaces around{of}", path=path
        )
    if len(token) < MIN_TOKEN_LENGTH:
        raise ConfigError(
            f"a bearer token must be at least {MIN_TOKEN_LENGTH} characters, not {len(token)}{of}",
            path=path,
        )
    return token


class HeaderGuard:
    """ASGI middleware refusing bad headers: repeated, ambiguous, or a foreign Host/Origin.

    A single-value header sent twice is 400, ``Content-Length`` with
    ``Transfer-Encoding`` 400 (and the connection closed), a Host not allowed 421, an
    Origin not allowed 403. An allowed value matches only itself, except that a final
    ``:*`` allows any port (``[::1]:*``, ``http://a.example:*``). ``None`` allows any
    value, but never two.
    """

    def __init__(
        self, app: ASGIApp, *, hosts: Sequence[str] | None, origins: Sequence[str] | None
    ) -> None:
        self._app = app
        self._hosts = None if hosts is None else tuple(hosts)
        self._origins = None if origins is None else tuple(origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            host = origin = twice = None
            seen: set[bytes] = set()
            for name, value in scope["headers"]:  # lowercase names (the ASGI spec)
                if name in _SINGLE or name.startswith(b"mcp-"):
                    if name in seen:
                        twice = name
                    seen.add(name)
                    if name == b"host":
                        host = value.decode("latin-1")
                    elif name == b"origin":
                        origin = value.decode("latin-1")
            if twice is not None:
                count = sum(name == twice for name, _ in scope["headers"])
                said = f"the request has {count} {_shown(twice)} headers; send one"
                await _refuse(send, 400, "DuplicateHeader", said)
                return
            if b"transfer-encoding" in seen and b"content-length" in seen:
                said = (
                    "the request has both Content-Length and Transfer-Encoding headers, so "
                    "the length of its body is ambiguous; send one"
                )
                await _refuse(send, 400, "AmbiguousLength", said, close=True)
                return
            host = host or ""
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


def _shown(name: bytes) -> str:
    """A header's name as usually written: ``mcp-session-id`` is ``Mcp-Session-Id``."""
    return "-".join(part.capitalize() for part in name.decode("latin-1").split("-"))


def _matches(value: str, allowed: Sequence[str]) -> bool:
    """`value` is one of `allowed`, or has the form ``base:PORT`` of an allowed ``base:*``."""
    return any(_match(value, pattern) for pattern in allowed)


def _match(value: str, pattern: str) -> bool:
    if not pattern.endswith(":*"):
        return value == pattern
    base, _, port = value.rpartition(":")
    return base == pattern[:-2] and port.isdigit()


class BodyReader:
    """ASGI middleware reading each HTTP request's body whole, within a size and a time.

    The declared ``Content-Length`` is checked before anything is read, then the body
    as it arrives, so an oversized body is never held whole. The app gets the body as
    one message, and later ``receive()`` calls go to the server (a disconnect).
    """

    def __init__(self, app: ASGIApp, *, max_bytes: int, timeout: float) -> None:
        self._app = app
        self._max_bytes = max_bytes
        self._timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        deadline = anyio.current_time() + self._timeout
        declared = expect = False
        for key, value in scope["headers"]:
            name = key.lower()
            if name == b"content-length":
                declared = declared or _over(value.strip(), self._max_bytes)
            elif name == b"expect":
                expect = value.strip().lower() == b"100-continue"
        if declared:
            # A client waiting for "100 Continue" sends no body: there is none to drop.
            await self._too_large(send, None if expect else receive, deadline)
            return
        body = bytearray()
        with anyio.move_on_at(deadline) as waiting:
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    what = f"{scope['method']} {scope['path']}"
                    _log.debug("%s: the client left before its body ended", what)
                    return
                body += message.get("body", b"")
                if len(body) > self._max_bytes:
                    more = message.get("more_body", False)
                    await self._too_large(send, receive if more else None, deadline)
                    return
                if not message.get("more_body", False):
                    break
        if waiting.cancelled_caught:
            said = f"the body did not arrive within {self._timeout:g} s"
            await _refuse(send, 408, "BodyTimeout", said, close=True)
            return
        whole: Message = {"type": "http.request", "body": bytes(body), "more_body": False}
        await self._app(scope, replay(whole, receive), send)

    async def _too_large(self, send: Send, rest: Receive | None, deadline: float) -> None:
        """413, then the rest of the body read and dropped (from `rest`), then the close.

        The answer is sent first and whole (its length is in its headers), so a client
        reading while it sends has it at once; the connection closes only once the
        body ended, `DRAIN_LIMIT` bytes were dropped, or the `deadline` passed.
        Closed with unread bytes, the kernel would reset the connection, and a client
        still sending would get the reset rather than the answer.
        """
        message = f"the body is over the limit of {self._max_bytes} bytes"
        await _refuse(send, 413, "BodyTooLarge", message, close=True, more=rest is not None)
        if rest is None:
            return
        dropped = 0
        with anyio.move_on_at(deadline):
            while dropped <= DRAIN_LIMIT:
                part = await rest()
                if part["type"] != "http.request":
                    break
                dropped += len(part.get("body", b""))
                if not part.get("more_body", False):
                    break
        await send({"type": "http.response.body", "body": b"", "more_body": False})


def _over(length: bytes, limit: int) -> bool:
    """A declared ``Content-Length`` over `limit` (thousands of digits count as over)."""
    return length.isdigit() and (len(length) > 18 or int(length) > limit)


def _refusal(status: int, kind: str, message: str) -> bytes:
    """A whole HTTP/1.1 refusal that closes its connection, as `_refuse` answers in ASGI."""
    body = _error_body(kind, message)
    reason = http.HTTPStatus(status).phrase
    head = (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode("latin-1") + body


def _error_body(kind: str, message: str) -> bytes:
    return json.dumps({"error": {"type": kind, "message": message}}).encode()


async def _refuse(
    send: Send, status: int, kind: str, message: str, *, close: bool = False, more: bool = False
) -> None:
    """Answer ``{"error": {"type": kind, "message": message}}`` with `status`.

    With `close`, the connection is closed after the answer (its body is unread).
    With `more`, the answer's body is sent but not ended: the caller ends it.
    """
    body = _error_body(kind, message)
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body, "more_body": more})


async def run_uvicorn(
    app: Any,
    listener: Listener,
    *,
    lifespan: Literal["auto", "on", "off"] = "off",
    shutdown_timeout: float | None = None,
    header_timeout: float = DEFAULT_HEADER_TIMEOUT,
    on_ready: Callable[[], None] | None = None,
) -> None:
    """Serve `app` on `listener` until a signal or cancellation; `on_ready()` once listening.

    A request's headers get `header_timeout` seconds to arrive (see the module's
    docstring). At SIGTERM uvicorn stops accepting, lets the requests in flight finish (within
    `shutdown_timeout` seconds; None waits for them), and then raises the signal
    again for its default action, which would kill the process: a handler that does
    nothing takes that second one, so serving returns and the process can exit 0.
    """
    import uvicorn

    config = uvicorn.Config(
        app,
        http=_protocol(checked_timeout(header_timeout, "header_timeout")),
        log_level="warning",
        lifespan=lifespan,
        timeout_graceful_shutdown=cast(Any, shutdown_timeout),  # typed int, a float works
    )
    runner = uvicorn.Server(config)

    async def announce() -> None:
        while not runner.started:
            await asyncio.sleep(0.01)
        if on_ready is not None:
            on_ready()

    waiter = asyncio.create_task(announce())
    try:
        with _quiet_sigterm():
            await runner.serve(sockets=[listener.socket])
    finally:
        waiter.cancel()
        listener.socket.close()


def _protocol(header_timeout: float) -> type[asyncio.Protocol]:
    """The h11 protocol of uvicorn, with a deadline of `header_timeout` s for headers.

    Made when serving, since it imports uvicorn: `import toolbridge` stays light.
    """
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class HeaderDeadline(H11Protocol):
        """The h11 protocol of uvicorn, closing a connection whose request headers are late."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._header_deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if not self._waiting():  # the headers are whole (or refused)
                self._disarm()
            elif self._header_deadline is None and not self.transport.is_closing():
                self._arm()  # a request begun after another on a kept-alive connection

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if self._waiting() and self.conn.their_state is h11.SEND_BODY:
                self._disarm()
                self._arm()  # the rest of a body answered early (a refusal), dropped

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _waiting(self) -> bool:
            """Headers still to come, or the rest of a body already answered."""
            theirs = self.conn.their_state
            answered = self.conn.our_state is h11.DONE
            return theirs is h11.IDLE or (theirs is h11.SEND_BODY and answered)

        def _arm(self) -> None:
            self._header_deadline = self.loop.call_later(header_timeout, self._late)

        def _disarm(self) -> None:
            if self._header_deadline is not None:
                self._header_deadline.cancel()
                self._header_deadline = None

        def _late(self) -> None:
            """The deadline passed: 408 if part of a request came, then close."""
            self._header_deadline = None
            if self.transport.is_closing() or not self._waiting():
                return
            if self.conn.their_state is h11.IDLE and self.conn.trailing_data[0]:
                said = f"the request's headers did not arrive within {header_timeout:g} s"
                self.transport.write(_refusal(408, "HeaderTimeout", said))
            self.transport.close()

    return HeaderDeadline


@contextlib.contextmanager
def _quiet_sigterm() -> Iterator[None]:
    """SIGTERM does nothing in the block (uvicorn's own handler comes in and out inside)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _ignore)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _ignore(signum: int, frame: Any) -> None:
    """A signal handler that does nothing: the signal has been dealt with."""


def replay(first: Message, receive: Receive) -> Receive:
    """`receive` with `first` given back once first: a body read ahead, read again by the app."""
    given = False

    async def replayed() -> Message:
        nonlocal given
        if given:
            return await receive()
        given = True
        return first

    return replayed
