"""Serving a module's tools or a toolset file over MCP: one process, or workers on one port.

`serve_reference` runs one server in this process. `serve_workers` binds the port
once and starts that many worker processes (multiprocessing's spawn), each opening
the toolset itself and serving it statelessly, so that any worker may answer any
connection. On Linux each worker listens on a socket of its own bound with
``SO_REUSEPORT`` and the kernel spreads new connections over them evenly (by a hash
of each connection); with one shared socket, the first worker to wake takes every
connection waiting, so a client opening its pool of keep-alive connections at once
would have them all on one worker. Elsewhere the workers share the supervisor's
socket. The supervisor says when all of them listen,
starts another in place of one that dies after it listened, stops everything when
one fails to start, and on SIGTERM or SIGINT passes SIGTERM on: each worker stops
accepting, finishes the calls in flight (within the shutdown timeout) and exits 0.

`app_from_definition` is the same server as an ASGI app factory for running under
uvicorn or gunicorn yourself (``uvicorn --factory toolbridge.cli:app_from_definition``),
configured by environment variables since each worker process calls it afresh.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import secrets
import signal
import sys
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolbridge.errors import ConfigError, ToolbridgeError

if TYPE_CHECKING:
    import socket
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

    from toolbridge.toolsets import Toolset

__all__ = [
    "TOOLSET_VARIABLE",
    "app_from_definition",
    "is_toolset_file",
    "serve_reference",
    "serve_workers",
]

TOOLSET_VARIABLE = "TOOLBRIDGE_TOOLSET"
"""The environment variable `app_from_definition` reads what to serve from."""

_SUFFIXES = (".yaml", ".yml", ".toml", ".json")
_STARTUP_FAILED = 2
_READY_WAIT = 0.5
"""Seconds the supervisor waits at most between looks at its workers and signals."""

Ready = Callable[[int, str], None]
"""Called with the number of tools and the endpoint's URL once serving."""


def is_toolset_file(reference: str) -> bool:
    """A toolset definition file (by its suffix), rather than a module reference."""
    return reference.lower().endswith(_SUFFIXES)


def serve_reference(reference: str, *, on_ready: Ready, **options: Any) -> None:
    """Serve a module's tools or a toolset file's toolset in this process, until it ends.

    Args:
        reference: ``MODULE[:ATTR]``, a ``.py`` file, or a toolset definition file.
        on_ready: Called once the server listens (HTTP) or reads (stdio).
        **options: Those of `toolbridge.mcp.serve_async`.

    Raises:
        ToolbridgeError: The module or file cannot be loaded (``ConfigError`` for no
            tools at all).
    """
    from toolbridge.mcp import serve_async

    stdio = options.get("transport", "stdio") == "stdio"

    async def main() -> None:
        auth = _auth(reference, stdio=stdio)
        async with _opened(reference, stdio=stdio) as (toolset, identify, name):
            count = len(toolset.all_tools())
            await serve_async(
                toolset,
                identity=identify,
                auth=auth,
                name=name,
                on_ready=lambda url: on_ready(count, url),
                **options,
            )

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())


def _auth(reference: str, *, stdio: bool) -> Any:
    """How a toolset file's HTTP callers are checked, when served over HTTP.

    Its ``auth`` section's OAuth settings, or its ``tokens`` (`StaticTokens`: a wrong
    token is refused with 401, no token is anonymous); None when it has neither.
    """
    if stdio or not is_toolset_file(reference):
        return None
    from toolbridge.gateway import auth_settings
    from toolbridge.toolsets import read_definition

    definition = read_definition(reference)
    if definition.tokens:
        from toolbridge.auth import StaticTokens

        return StaticTokens(definition.tokens)
    return auth_settings(definition)


@contextlib.asynccontextmanager
async def _opened(
    reference: str, *, stdio: bool = False
) -> AsyncIterator[tuple[Toolset, Any, str]]:
    """The toolset `reference` names, open; the function identifying callers; its name.

    Served over `stdio`, a toolset file may not send its audit log to standard output:
    the protocol's messages go there.
    """
    from toolbridge.toolsets import StaticToolset

    if not is_toolset_file(reference):
        from toolbridge._loading import load_tools

        with contextlib.redirect_stdout(sys.stderr):  # a module's prints never reach the wire
            tools = load_tools(reference)
        if not tools:
            raise ConfigError(f"no tools in {reference!r}")
        yield StaticToolset(tools), None, "toolbridge"
        return
    from toolbridge.gateway import open_definition
    from toolbridge.toolsets import read_definition

    definition = read_definition(reference)
    if stdio and definition.audit.get("stdout"):
        raise ConfigError(
            "the audit log cannot go to standard output when serving over stdio (the "
            "protocol's messages go there): serve over HTTP, or use jsonl: FILE",
            path=("audit", "stdout"),
        )
    async with contextlib.AsyncExitStack() as stack:
        with contextlib.redirect_stdout(sys.stderr):  # modules' prints never reach the wire
            opened = await stack.enter_async_context(open_definition(definition))
        yield opened.toolset, opened.identify, definition.name or "toolbridge"


def app_from_definition(reference: str | None = None) -> Any:
    """The streamable HTTP MCP server of a toolset file (or module), as an ASGI app.

    An app factory for ASGI servers that start workers themselves::

        TOOLBRIDGE_TOOLSET=gateway.yaml uvicorn --factory toolbridge.cli:app_from_definition
            --workers 4 --host 0.0.0.0 --port 8000 --timeout-graceful-shutdown 30

    (one command line).

    The toolset opens in each worker's lifespan (its MCP servers start there) and
    closes at its end; ``GET /healthz`` answers 200 once it is open. Read from the
    environment:

    - ``TOOLBRIDGE_TOOLSET`` (required unless `reference` is given): a toolset file,
      a ``.py`` file or ``MODULE[:ATTR]``;
    - ``TOOLBRIDGE_JSON_RESPONSE``: ``1`` answers each request with one JSON body
      rather than an SSE stream (a call's progress and log notifications are not
      sent, its questions to the user declined), ``0`` (the default) streams;
    - ``TOOLBRIDGE_STATELESS``: ``1`` (the default: no sessions, any worker or replica
      answers any request) or ``0``;
    - ``TOOLBRIDGE_ALLOWED_HOSTS``, ``TOOLBRIDGE_ALLOWED_ORIGINS``: comma-separated
      ``Host`` and ``Origin`` values accepted (``host:*`` for any port); by default the
      loopback names on any port, so a server reached by another name refuses
      requests (421) until its names are listed;
    - ``TOOLBRIDGE_BODY_TIMEOUT``: seconds a request's body may take to arrive after
      its headers (30 by default; 408 past it). The headers' own deadline is the ASGI
      server's to keep: uvicorn has none, ``toolbridge serve --header-timeout`` has.

    Raises:
        ConfigError: No toolset named, or a variable holds something unusable.
    """
    from toolbridge._http import DEFAULT_BODY_TIMEOUT
    from toolbridge.mcp import build_http_app

    reference = reference or os.environ.get(TOOLSET_VARIABLE, "").strip()
    if not reference:
        raise ConfigError(f"name the toolset to serve in the environment: {TOOLSET_VARIABLE}=FILE")
    stateless = _flag("TOOLBRIDGE_STATELESS", default=True)
    if is_toolset_file(reference):
        from toolbridge.toolsets import read_definition

        read_definition(reference)  # a mistake in the file is found before serving
    holder: list[Any] = []

    @contextlib.asynccontextmanager
    async def opener() -> AsyncIterator[Toolset]:
        async with _opened(reference) as (toolset, identify, _):
            holder[:] = [identify]
            yield toolset

    async def identify(request: Any) -> Any:
        found = holder[0] if holder else None
        if found is None:
            from toolbridge.toolsets import ANONYMOUS

            return ANONYMOUS
        return found(request)

    return build_http_app(
        opener,
        identity=identify,
        auth=_auth(reference, stdio=False),
        stateless=stateless,
        json_response=_flag("TOOLBRIDGE_JSON_RESPONSE", default=False),
        allowed_hosts=_listed("TOOLBRIDGE_ALLOWED_HOSTS"),
        allowed_origins=_listed("TOOLBRIDGE_ALLOWED_ORIGINS"),
        body_timeout=_seconds("TOOLBRIDGE_BODY_TIMEOUT", default=DEFAULT_BODY_TIMEOUT),
    )


def _flag(variable: str, *, default: bool) -> bool:
    value = os.environ.get(variable, "").strip().lower()
    if not value:
        return default
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ConfigError(f"{variable} must be 1 or 0, got {value!r}")


def _seconds(variable: str, *, default: float) -> float:
    value = os.environ.get(variable, "").strip()
    if not value:
        return default
    try:
        seconds = float(value)
    except ValueError:
        seconds = math.nan
    if not (math.isfinite(seconds) and seconds > 0):
        raise ConfigError(f"{variable} must be a number of seconds above 0, got {value!r}")
    return seconds


def _listed(variable: str) -> list[str] | None:
    value = os.environ.get(variable, "")
    items = [item.strip() for item in value.split(",") if item.strip()]
    return items or None


@dataclass
class _Worker:
    process: BaseProcess
    reports: Connection
    tools: int | None = None
    """The number of tools it serves, once it said it listens."""


def serve_workers(
    reference: str,
    *,
    workers: int,
    host: str,
    port: int,
    on_ready: Ready,
    shutdown_timeout: float,
    **options: Any,
) -> int:
    """Serve `reference` statelessly from `workers` processes sharing one bound port.

    Returns:
        The exit status: 0 after a signal stopped the workers, 2 when one failed to
        start (it said why on stderr).
    """
    import multiprocessing
    from multiprocessing.connection import wait

    from toolbridge._http import REUSE_PORT, bind

    # With SO_REUSEPORT the supervisor's socket never listens: it holds the port
    # (and picks it, for port 0) while each worker binds and listens on its own.
    listener = bind(host, port, reuse_port=REUSE_PORT)
    where: socket.socket | tuple[str, int] = listener.socket
    if REUSE_PORT:
        where = (host, listener.socket.getsockname()[1])
    context = multiprocessing.get_context("spawn")
    # One key for the workers' 2026-07-28 requestState, so that any worker answers a
    # round another one asked (spawned workers inherit the environment).
    os.environ.setdefault("TOOLBRIDGE_STATE_KEY", secrets.token_hex(32))
    settings = {
        "transport": "http",
        "stateless": True,
        "allowed_hosts": listener.allowed_hosts,
        "allowed_origins": listener.allowed_origins,
        "shutdown_timeout": shutdown_timeout,
        **options,
    }
    stopping: list[int] = []
    previous = {
        number: signal.signal(number, lambda number, frame: stopping.append(number))
        for number in (signal.SIGTERM, signal.SIGINT)
    }

    def start() -> _Worker:
        reports, sending = context.Pipe(duplex=False)
        process = context.Process(
            target=_work,
            args=(reference, settings, where, sending),
            name="toolbridge-worker",
        )
        process.start()
        sending.close()
        return _Worker(process, reports)

    running: list[_Worker] = []
    status = 0
    announced = False
    try:
        running += [start() for _ in range(workers)]
        while not stopping:
            waiting = [worker.reports for worker in running if worker.tools is None]
            wait([*waiting, *(worker.process.sentinel for worker in running)], _READY_WAIT)
            for worker in running:
                if worker.tools is None and worker.reports.poll():
                    with contextlib.suppress(EOFError, OSError):
                        worker.tools = int(worker.reports.recv())
            for index, worker in enumerate(running):
                if worker.process.is_alive():
                    continue
                worker.process.join()
                if worker.tools is None:  # it never listened: the others would fail alike
                    status = _STARTUP_FAILED
                    stopping.append(0)
                    break
                code = worker.process.exitcode
                _warn(f"worker {worker.process.pid} exited with status {code}; starting another")
                worker.reports.close()
                running[index] = start()
            if not announced and all(worker.tools is not None for worker in running):
                announced = True
                on_ready(running[0].tools or 0, listener.url + settings.get("path", "/mcp"))
    finally:
        _stop(running, shutdown_timeout + 5)
        listener.socket.close()
        for number, handler in previous.items():
            signal.signal(number, handler)
    return status


def _stop(running: list[_Worker], timeout: float) -> None:
    """SIGTERM to each worker, then wait for all within `timeout` (SIGKILL after)."""
    import time

    for worker in running:
        if worker.process.is_alive() and worker.process.pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(worker.process.pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    for worker in running:
        worker.process.join(max(0.0, deadline - time.monotonic()))
        if worker.process.is_alive():
            _warn(f"worker {worker.process.pid} did not stop within {timeout:g} s; killed")
            worker.process.kill()
            worker.process.join()
        worker.reports.close()


def _warn(message: str) -> None:
    from toolbridge.cli._output import write_warning

    write_warning(message)
    sys.stderr.flush()


def _work(
    reference: str,
    settings: dict[str, Any],
    where: socket.socket | tuple[str, int],
    reports: Connection,
) -> None:
    """A worker process: serve `reference`; say when it listens.

    It listens on the supervisor's socket, or on one of its own bound with
    ``SO_REUSEPORT`` to `where` (host, port).
    """
    from toolbridge._http import bind
    from toolbridge.cli._output import write_error

    def ready(count: int, url: str) -> None:
        reports.send(count)

    listener = where if not isinstance(where, tuple) else bind(*where, reuse_port=True).socket
    try:
        serve_reference(reference, on_ready=ready, socket=listener, **settings)
    except ToolbridgeError as error:
        write_error(str(error))
        sys.stderr.flush()
        sys.exit(_STARTUP_FAILED)
    finally:
        reports.close()
