"""Serving an ASGI app on a socket: loopback and DNS-rebinding-safe defaults, uvicorn.

The MCP server and the REST server both bind here, and both put the same two ASGI
middlewares in front of their app:

* `HostGuard` refuses a foreign ``Host`` (421) or ``Origin`` (403), and a request
  with more than one of either (400): a guard that kept one of two could be made to
  check the harmless one. By default the loopback names on the bound port are
  allowed, or the bound host and port when that is not loopback.
* `BodyReader` reads each request's body whole before the app sees it: over
  `max_bytes` is 413, a body still incomplete `timeout` seconds after the request's
  headers is 408 (a ``Content-Length`` larger than what is sent would otherwise hold
  the connection for good), and a client that leaves mid-body is let go quietly.

Their refusals are JSON, ``{"error": {"type", "message"}}``. ``port=0`` picks a free
port, and ``on_ready(url)`` says which once uvicorn listens.
"""

from __future__ import annotations

import asyncio
import contextlib
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

from toolbridge.errors import ConfigError

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = [
    "DEFAULT_BODY_LIMIT",
    "DEFAULT_BODY_TIMEOUT",
    "REUSE_PORT",
    "BodyReader",
    "HostGuard",
    "Listener",
    "bind",
    "checked_timeout",
    "replay",
    "run_uvicorn",
]

DEFAULT_BODY_LIMIT: Final = 4 * 1024 * 1024
"""The largest request body accepted, in bytes (the MCP SDK's default too)."""
DEFAULT_BODY_TIMEOUT: Final = 30.0
"""Seconds a request's body may take to arrive, counted from its headers."""

_LOOPBACK: Final = ("127.0.0.1", "localhost", "::1")
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
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP, not 0: asyncio turns Nagle off (TCP_NODELAY) only on sockets that
    # say so, and with it on, an answer written in two parts waits for a delayed ACK
    # (40 ms on Linux) before its second part leaves.
    listener = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    listener.bind((host, port))
    bound = listener.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    if allowed_hosts is None:
        names = ["127.0.0.1", "localhost", "[::1]"] if host in _LOOPBACK else [shown]
        allowed_hosts = [f"{name}:{bound}" for name in names]
    if allowed_origins is None:
        allowed_origins = [f"http://{entry}" for entry in allowed_hosts]
    return Listener(listener, f"http://{shown}:{bound}", list(allowed_hosts), list(allowed_origins))


def checked_timeout(seconds: object) -> float:
    """`seconds` as a body timeout: a finite number above 0.

    Raises:
        ConfigError: Anything else.
    """
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        raise ConfigError(f"body_timeout must be a number of seconds, got {seconds!r}")
    if not (math.isfinite(seconds) and seconds > 0):
        raise ConfigError(f"body_timeout must be a finite number above 0, got {seconds!r}")
    return float(seconds)


class HostGuard:
    """ASGI middleware refusing requests whose Host or Origin is not allowed, or repeated.

    An allowed value matches only itself, except that a final ``:*`` allows any port
    (``[::1]:*``, ``http://a.example:*``). ``None`` allows any value, but never two.
    """

    def __init__(
        self, app: ASGIApp, *, hosts: Sequence[str] | None, origins: Sequence[str] | None
    ) -> None:
        self._app = app
        self._hosts = None if hosts is None else tuple(hosts)
        self._origins = None if origins is None else tuple(origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            hosts: list[str] = []
            origins: list[str] = []
            for key, value in scope["headers"]:
                name = key.lower()
                if name == b"host":
                    hosts.append(value.decode("latin-1"))
                elif name == b"origin":
                    origins.append(value.decode("latin-1"))
            for header, values in (("Host", hosts), ("Origin", origins)):
                if len(values) > 1:
                    message = f"the request has {len(values)} {header} headers; send one"
                    await _refuse(send, 400, "DuplicateHeader", message)
                    return
            host = hosts[0] if hosts else ""
            if self._hosts is not None and not _matches(host, self._hosts):
                await _refuse(send, 421, "MisdirectedRequest", f"host {host!r} is not served here")
                return
            if origins and self._origins is not None and not _matches(origins[0], self._origins):
                await _refuse(send, 403, "ForbiddenOrigin", f"origin {origins[0]!r} is not allowed")
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
        declared = [
            value.strip() for key, value in scope["headers"] if key.lower() == b"content-length"
        ]
        if any(_over(length, self._max_bytes) for length in declared):
            await self._too_large(send)
            return
        body = bytearray()
        with anyio.move_on_after(self._timeout) as waiting:
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    what = f"{scope['method']} {scope['path']}"
                    _log.debug("%s: the client left before its body ended", what)
                    return
                body += message.get("body", b"")
                if len(body) > self._max_bytes:
                    await self._too_large(send)
                    return
                if not message.get("more_body", False):
                    break
        if waiting.cancelled_caught:
            said = f"the body did not arrive within {self._timeout:g} s"
            await _refuse(send, 408, "BodyTimeout", said, close=True)
            return
        whole: Message = {"type": "http.request", "body": bytes(body), "more_body": False}
        await self._app(scope, replay(whole, receive), send)

    async def _too_large(self, send: Send) -> None:
        message = f"the body is over the limit of {self._max_bytes} bytes"
        await _refuse(send, 413, "BodyTooLarge", message, close=True)


def _over(length: bytes, limit: int) -> bool:
    """A declared ``Content-Length`` over `limit` (thousands of digits count as over)."""
    return length.isdigit() and (len(length) > 18 or int(length) > limit)


async def _refuse(send: Send, status: int, kind: str, message: str, *, close: bool = False) -> None:
    """Answer ``{"error": {"type": kind, "message": message}}`` with `status`.

    With `close`, the connection is closed after the answer (its body is unread).
    """
    body = json.dumps({"error": {"type": kind, "message": message}}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def run_uvicorn(
    app: Any,
    listener: Listener,
    *,
    lifespan: Literal["auto", "on", "off"] = "off",
    shutdown_timeout: float | None = None,
    on_ready: Callable[[], None] | None = None,
) -> None:
    """Serve `app` on `listener` until a signal or cancellation; `on_ready()` once listening.

    At SIGTERM uvicorn stops accepting, lets the requests in flight finish (within
    `shutdown_timeout` seconds; None waits for them), and then raises the signal
    again for its default action, which would kill the process: a handler that does
    nothing takes that second one, so serving returns and the process can exit 0.
    """
    import uvicorn

    config = uvicorn.Config(
        app,
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
