"""Serving a toolset's REST app with uvicorn on a socket: loopback and guarded by default."""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from toolbridge._http import DEFAULT_HEADER_TIMEOUT
from toolbridge._tool import Tool
from toolbridge.rest._app import build_app
from toolbridge.toolsets import Identify, Identity, Toolset

__all__ = ["serve_rest", "serve_rest_async"]


async def serve_rest_async(
    toolset: Toolset | Iterable[Tool],
    *,
    identity: Identity | Identify | None = None,
    host: str = "127.0.0.1",
    port: int = 8000,
    on_ready: Callable[[str], None] | None = None,
    allowed_hosts: Sequence[str] | None = None,
    allowed_origins: Sequence[str] | None = None,
    header_timeout: float = DEFAULT_HEADER_TIMEOUT,
    **app_options: Any,
) -> None:
    """Serve `toolset` over HTTP/JSON until the task is cancelled.

    Args:
        toolset: The toolset or tools; see `build_app`.
        identity: Who each request is; see `build_app`.
        host: The address to bind; loopback by default.
        port: The port; 0 picks a free one.
        on_ready: Called with the base URL once the server listens.
        allowed_hosts: ``Host`` values accepted; by default the loopback names on the
            bound port, or `host` itself.
        allowed_origins: ``Origin`` values accepted; by default the ``http://`` origins
            of the allowed hosts.
        header_timeout: Seconds a request's headers may take to arrive, from the
            connection's opening (or a request's first byte after another on the
            same connection); late headers get 408 and the connection closes.
        **app_options: Passed to `build_app` (``auth``, ``title``,
            ``max_body_bytes``, ``body_timeout``, ...).

    Raises:
        ConfigError: Unusable tools or options (the socket is closed again).
        ImportError: uvicorn is not installed.
        OSError: The address cannot be bound.
    """
    from toolbridge._http import bind, checked_timeout, run_uvicorn

    if importlib.util.find_spec("uvicorn") is None:
        raise ImportError("serving needs uvicorn: pip install 'toolbridge[rest]'")
    headers = checked_timeout(header_timeout, "header_timeout")
    listener = bind(host, port, allowed_hosts, allowed_origins)
    try:
        app = build_app(
            toolset,
            identity=identity,
            allowed_hosts=listener.allowed_hosts,
            allowed_origins=listener.allowed_origins,
            **app_options,
        )
    except BaseException:
        listener.socket.close()
        raise
    ready = None if on_ready is None else (lambda: on_ready(listener.url))
    await run_uvicorn(app, listener, lifespan="on", header_timeout=headers, on_ready=ready)


def serve_rest(toolset: Toolset | Iterable[Tool], **options: Any) -> None:
    """`serve_rest_async` in a new event loop, until Ctrl-C.

    Args:
        toolset: The toolset or tools; see `build_app`.
        **options: Those of `serve_rest_async`.
    """
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve_rest_async(toolset, **options))
