"""Serving an ASGI app on a socket: loopback and DNS-rebinding-safe defaults, uvicorn.

The MCP server and the REST server both bind here, so both refuse the same foreign
``Host`` and ``Origin`` headers by default: the loopback names on the bound port,
or the bound host and port when that is not loopback. ``port=0`` picks a free port,
and ``on_ready(url)`` says which once uvicorn listens.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

__all__ = ["Listener", "bind", "run_uvicorn"]

_LOOPBACK: Final = ("127.0.0.1", "localhost", "::1")


@dataclass(frozen=True, slots=True)
class Listener:
    """A bound socket, its base URL, and the Host and Origin values to accept."""

    socket: socket.socket
    url: str
    """``http://host:port``, without a path."""
    allowed_hosts: list[str]
    allowed_origins: list[str]


def bind(
    host: str,
    port: int,
    allowed_hosts: Sequence[str] | None = None,
    allowed_origins: Sequence[str] | None = None,
) -> Listener:
    """Bind `host`:`port` (0 picks one) and work out the default allowed hosts and origins."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((host, port))
    bound = listener.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    if allowed_hosts is None:
        names = ["127.0.0.1", "localhost", "[::1]"] if host in _LOOPBACK else [shown]
        allowed_hosts = [f"{name}:{bound}" for name in names]
    if allowed_origins is None:
        allowed_origins = [f"http://{entry}" for entry in allowed_hosts]
    return Listener(listener, f"http://{shown}:{bound}", list(allowed_hosts), list(allowed_origins))


async def run_uvicorn(
    app: Any,
    listener: Listener,
    *,
    lifespan: Literal["auto", "on", "off"] = "off",
    on_ready: Callable[[], None] | None = None,
) -> None:
    """Serve `app` on `listener` until the task is cancelled; `on_ready()` once listening."""
    import uvicorn

    runner = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan=lifespan))

    async def announce() -> None:
        while not runner.started:
            await asyncio.sleep(0.01)
        if on_ready is not None:
            on_ready()

    waiter = asyncio.create_task(announce())
    try:
        await runner.serve(sockets=[listener.socket])
    finally:
        waiter.cancel()
        listener.socket.close()
