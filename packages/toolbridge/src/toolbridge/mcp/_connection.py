"""One persistent session to one MCP server, restarted after the server goes away.

A `Connection` runs the SDK's ``Client`` in a task of its own (anyio task groups must
be left by the task that entered them); every call from any task of the same event
loop is sent on that one session and multiplexed by the SDK's dispatcher, which
matches responses to requests by id and drops a late response to a request that was
abandoned. What this layer adds:

* start-up with a deadline, and the reason a server failed to start (exit status,
  stderr tail, what it wrote to stdout that is not JSON-RPC, the protocol rule its
  answer to ``initialize`` broke) instead of a bare "connection closed";
* every message through a `Wire`, which ends the connection at once when a reply
  breaks the protocol, instead of leaving its request to wait for its timeout;
* ``tools/list`` read page by page to the end, bounded (pages, tools, a repeating
  cursor, a page that takes longer than `list_timeout` end in `ServerError`, never a
  loop); a tool the protocol's schema refuses is left out (`LeftOut`), not the page;
* SDK errors mapped into the toolbridge tree: a timeout is `ToolTimeoutError` (the
  SDK has already sent ``notifications/cancelled``), a dead server `ServerError`, an
  error response `RemoteError` (its message cut to 1,000 characters), arguments the
  SDK cannot write (nested deeper than about 250 levels) `InvocationError`;
* a tool that runs only as a task (``execution.taskSupport: "required"``) called as
  an MCP task, on a server that takes them: created, polled, its result fetched, and
  cancelled when its call ends early (see `_tasks`);
* after the server exits or crashes, the next call starts a new session; over HTTP a
  request answered with "session terminated" is re-sent once on a new session (the
  server never ran it);
* closing takes at most `shutdown_timeout` and a little more: a stdio server gets
  SIGKILL by then (see `ServerProcess.close`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, cast, final

import mcp_types as types
from mcp.client.client import Client
from mcp.shared.exceptions import MCPError
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS
from pydantic import TypeAdapter, ValidationError

from toolbridge.errors import (
    InvocationError,
    RemoteError,
    ServerError,
    ToolbridgeError,
    ToolTimeoutError,
)
from toolbridge.mcp._process import DEFAULT_SHUTDOWN_TIMEOUT
from toolbridge.mcp._servers import HttpServer, Server, SseServer, StdioServer
from toolbridge.mcp._tasks import ProgressFn, Send, TaskRunner, can_cancel_tasks, runs_tasks
from toolbridge.mcp._transport import StdioTransport
from toolbridge.mcp._wire import Wire, bounded, describe, left_out

if TYPE_CHECKING:
    from mcp.shared.dispatcher import ProgressFnT

__all__ = ["Connection", "ConnectionOptions", "LeftOut", "ProgressFn"]

_RAW: Final[Any] = TypeAdapter(dict[str, Any])
"""Results are read as plain JSON: toolbridge parses them itself, once."""
_CONNECTION_CLOSED: Final = -32000
_REQUEST_TIMEOUT: Final = -32001
_LEVELS: Final = {
    "debug": logging.DEBUG,
    "info": logging.INFO,
    "notice": logging.INFO,
    "warning": logging.WARNING,
    "error": logging.ERROR,
    "critical": logging.CRITICAL,
    "alert": logging.CRITICAL,
    "emergency": logging.CRITICAL,
}


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class ConnectionOptions:
    """The limits and timeouts of one connection (set by `McpClient`)."""

    startup_timeout: float = 30.0
    list_timeout: float = 60.0
    shutdown_timeout: float = DEFAULT_SHUTDOWN_TIMEOUT
    max_pages: int = 100
    max_tools: int = 10_000
    max_message_size: int = 16 * 1024 * 1024
    stderr_limit: int = 64 * 1024
    protocol: str = "legacy"
    client_name: str = "toolbridge"
    client_version: str = "0"


@final
@dataclass(frozen=True, slots=True)
class LeftOut:
    """A listed tool the protocol's schema refuses: in `Connection.list_tools` in its place."""

    name: object
    """Its ``name`` as sent (maybe not a string)."""
    errors: tuple[str, ...]
    """What is wrong, each with where in the tool: ``inputSchema.type: Field required``."""


@final
class Connection:
    """A server's session: `start` it, `list_tools`, `call`, and always `close`."""

    def __init__(
        self,
        name: str,
        server: Server,
        options: ConnectionOptions,
        *,
        on_tools_changed: Callable[[str], None] | None = None,
    ) -> None:
        self.name = name
        self.server = server
        self._options = options
        self._on_tools_changed = on_tools_changed
        self._log = logging.getLogger(f"toolbridge.mcp.server.{name}")
        self._client: Client | None = None
        self._transport: StdioTransport | None = None
        self._wire: Wire | None = None
        self._runner: asyncio.Task[None] | None = None
        self._stop = asyncio.Event()
        self._lock = asyncio.Lock()
        self._closed = False
        self._tasks = TaskRunner(name)
        self.starts = 0
        """How many sessions were started (the first, then one per reconnection)."""

    # -- lifecycle --------------------------------------------------------------------

    def _live_client(self) -> Client | None:
        """The session's client while it is up and its server has not gone away."""
        if self._runner is None or self._runner.done():
            return None
        if self._transport is not None and self._transport.ended.is_set():
            return None
        if self._wire is not None and self._wire.ended.is_set():
            return None
        return self._client

    def stderr_tail(self) -> str:
        """The tail of a stdio server's stderr ('' for HTTP)."""
        return self._transport.stderr_tail() if self._transport is not None else ""

    @property
    def server_capabilities(self) -> types.ServerCapabilities | None:
        """What the server declared in the handshake (None while no session is up)."""
        client = self._client
        return client.session.server_capabilities if client is not None else None

    @property
    def pid(self) -> int | None:
        """The process id of a stdio server's current process."""
        transport = self._transport
        process = transport.process if transport is not None else None
        return process.pid if process is not None else None

    async def start(self) -> Client:
        """Start a session unless one is up; raise `ServerError` if the server cannot."""
        client = self._live_client()
        if client is not None:
            return client
        async with self._lock:
            if self._closed:
                raise ServerError("the client is closed", server=self.name)
            client = self._live_client()
            if client is not None:
                return client
            await self._stop_runner()
            return await self._launch()

    async def _launch(self) -> Client:
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[Client] = loop.create_future()
        self._stop = asyncio.Event()
        self._runner = asyncio.create_task(self._run(ready), name=f"mcp-session-{self.name}")
        timeout = self._options.startup_timeout
        try:
            client = await asyncio.wait_for(asyncio.shield(ready), timeout)
        except TimeoutError:
            stderr = self.stderr_tail()
            strays = self._wire.stray_note() if self._wire is not None else ""
            await self._stop_runner(cancel=True)
            raise ServerError(
                f"did not finish the MCP handshake within {timeout:g} s (startup_timeout)" + strays,
                server=self.name,
                stderr=stderr,
            ) from None
        except BaseException:
            await self._stop_runner(cancel=True)
            raise
        self.starts += 1
        return client

    async def _run(self, ready: asyncio.Future[Client]) -> None:
        try:
            async with contextlib.AsyncExitStack() as stack:
                transport = self._transport_for(stack)
                client = Client(
                    transport,
                    mode=self._options.protocol,
                    cache=None,
                    read_timeout_seconds=None,
                    logging_callback=self._on_log,
                    message_handler=self._on_message,
                    client_info=types.Implementation(
                        name=self._options.client_name, version=self._options.client_version
                    ),
                )
                try:
                    await stack.enter_async_context(client)
                except Exception as error:
                    if not ready.done():
                        ready.set_exception(await self._startup_error(error))
                    return
                self._client = client
                if self._wire is not None:
                    self._wire.version = client.session.protocol_version
                if not ready.done():
                    ready.set_result(client)
                await self._wait_until_over()
        except Exception as error:  # an SDK failure while closing: report, never raise
            if not ready.done():
                ready.set_exception(await self._startup_error(error))
            else:
                self._log.debug("session of %r ended with %r", self.name, error)
        finally:
            self._client = None
            if not ready.done():
                ready.cancel()

    async def _wait_until_over(self) -> None:
        waits = [asyncio.create_task(self._stop.wait())]
        for ended in (self._transport, self._wire):
            if ended is not None:
                waits.append(asyncio.create_task(ended.ended.wait()))
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for wait in waits:
                wait.cancel()

    def _transport_for(self, stack: contextlib.AsyncExitStack) -> Any:
        server = self.server
        self._transport = None
        self._wire = Wire(
            self.name, on_task_status=self._tasks.on_status, on_orphan_task=self._orphan_task
        )
        if isinstance(server, StdioServer):
            self._transport = StdioTransport(
                server,
                name=self.name,
                stderr_limit=self._options.stderr_limit,
                max_message_size=self._options.max_message_size,
                shutdown_timeout=self._options.shutdown_timeout,
            )
            return self._wire.around(self._transport)
        return self._wire.around(_http_transport(server))

    async def _startup_error(self, error: BaseException) -> ServerError:
        """Why the handshake failed: the protocol rule broken first, then how it ended."""
        error = _leaf(error)
        stderr = self.stderr_tail()
        wire = self._wire
        if isinstance(error, ServerError):
            return error
        if wire is not None and wire.failure is not None:
            return ServerError(wire.failure, server=self.name, stderr=stderr)
        if isinstance(error, ValidationError):
            return ServerError(
                f"answered initialize with a malformed result: {describe(error)}",
                server=self.name,
                stderr=stderr,
            )
        version = wire.version if wire is not None else None
        if version is not None and version not in HANDSHAKE_PROTOCOL_VERSIONS:
            return ServerError(
                f"answered initialize with protocol version {bounded(version, 100)!r}, which "
                f"this client does not speak (it speaks {', '.join(HANDSHAKE_PROTOCOL_VERSIONS)})",
                server=self.name,
                stderr=stderr,
            )
        strays = wire.stray_note() if wire is not None else ""
        if self._transport is not None and (self._transport.ended.is_set() or _is_closed(error)):
            reason = await self._transport.end_reason()
            return ServerError(
                f"{reason} before the MCP handshake ended{strays}", server=self.name, stderr=stderr
            )
        detail = (
            error.message if isinstance(error, MCPError) else f"{type(error).__name__}: {error}"
        )
        return ServerError(
            f"did not start: {bounded(detail)}{strays}", server=self.name, stderr=stderr
        )

    async def _stop_runner(self, *, cancel: bool = False) -> None:
        """End the session task, politely or by cancelling it.

        It is cancelled at once with `cancel`, else when the polite end takes a second
        longer than `shutdown_timeout`. Cancelling is for a task stuck in the handshake,
        which a stop cannot reach; a stdio server's process group gets SIGKILL then
        (`StdioTransport.__aexit__`).
        """
        runner = self._runner
        if runner is None:
            return
        self._stop.set()
        if not cancel:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(runner), self._options.shutdown_timeout + 1)
        if not runner.done():
            runner.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await runner
        self._runner = None

    async def close(self) -> None:
        """End the session and the server; later calls raise `ServerError`."""
        async with self._lock:
            self._closed = True
            await self._tasks.close()  # the tasks/cancel requests in flight go out first
            await self._stop_runner()

    # -- requests ---------------------------------------------------------------------

    async def list_tools(self) -> list[dict[str, Any] | LeftOut]:
        """Every tool the server lists, all pages read, as wire dicts.

        A tool the negotiated protocol version's schema refuses is a `LeftOut` in its
        place, so that the others still load.
        """
        client = await self.start()
        options = self._options
        tools: list[dict[str, Any] | LeftOut] = []
        seen: set[str] = set()
        cursor: str | None = None
        for _ in range(options.max_pages):
            params = types.PaginatedRequestParams(cursor=cursor) if cursor is not None else None
            page = await self._request(
                client, types.ListToolsRequest(params=params), options.list_timeout, None
            )
            refused = {entry["index"]: entry for entry in left_out(page)}
            items = page.get("tools")
            if not isinstance(items, list):
                raise ServerError("answered tools/list without a tools array", server=self.name)
            kept = iter(items)
            tools.extend(
                LeftOut(refused[index]["name"], tuple(refused[index]["errors"]))
                if index in refused
                else next(kept)
                for index in range(len(items) + len(refused))
            )
            if len(tools) > options.max_tools:
                raise ServerError(
                    f"listed more than {options.max_tools} tools (max_tools)", server=self.name
                )
            cursor = page.get("nextCursor")
            if cursor is None:
                return tools
            if not isinstance(cursor, str):
                raise ServerError(
                    f"sent a nextCursor that is not a string: {bounded(repr(cursor), 100)}",
                    server=self.name,
                )
            if cursor in seen:
                raise ServerError(
                    f"sent the tools/list cursor {cursor[:100]!r} twice: "
                    "the listing would never end",
                    server=self.name,
                )
            seen.add(cursor)
        raise ServerError(
            f"tools/list did not end within {options.max_pages} pages (max_pages)", server=self.name
        )

    async def call(
        self,
        name: str,
        arguments: dict[str, Any],
        *,
        timeout: float | None,
        on_progress: ProgressFn | None,
        as_task: bool = False,
    ) -> dict[str, Any]:
        """Send ``tools/call`` and return the raw result.

        With `as_task` (the tool runs only as a task) it runs as an MCP task when the
        server takes task-augmented calls; without them it is called plainly, as the
        protocol says.
        """
        client = await self.start()
        capabilities = client.session.server_capabilities
        if not (as_task and runs_tasks(capabilities)):
            request = types.CallToolRequest(
                params=types.CallToolRequestParams(name=name, arguments=arguments)
            )
            _, result = await self._send_call(client, request, timeout, on_progress, name)
            return result

        async def create(token: str | None) -> tuple[Send, dict[str, Any]]:
            params = types.CallToolRequestParams(
                name=name, arguments=arguments, task=types.TaskMetadata()
            )
            if token is not None:
                params.meta = {"progress_token": token}
            request = types.CallToolRequest(params=params)
            used, created = await self._send_call(client, request, None, None, name)
            return self._sender(used, name), created

        return await self._tasks.run(
            create,
            name,
            timeout=timeout,
            on_progress=on_progress,
            cancellable=can_cancel_tasks(capabilities),
        )

    async def _send_call(
        self,
        client: Client,
        request: types.CallToolRequest,
        timeout: float | None,
        on_progress: ProgressFn | None,
        name: str,
    ) -> tuple[Client, dict[str, Any]]:
        """Send a ``tools/call``; over HTTP once more on a new session if the old is gone."""
        try:
            return client, await self._request(client, request, timeout, on_progress, tool=name)
        except RemoteError as error:
            if not (isinstance(self.server, HttpServer) and _session_gone(error)):
                raise
        self._log.info("HTTP session of %r is gone; starting a new one", self.name)
        async with self._lock:
            if self._client is client:
                await self._stop_runner()
        client = await self.start()
        return client, await self._request(client, request, timeout, on_progress, tool=name)

    def _sender(self, client: Client, name: str) -> Send:
        """Sends the requests of a task of tool `name` on the session that created it."""

        async def send(request: Any, timeout: float | None) -> dict[str, Any]:
            return await self._request(client, request, timeout, None, tool=name)

        return send

    def _orphan_task(self, name: str, created: object) -> None:
        """A task the server created for a call abandoned before its answer: cancel it."""
        client = self._client
        if client is not None and can_cancel_tasks(client.session.server_capabilities):
            self._tasks.on_orphan(self._sender(client, name), name, created)

    async def _request(
        self,
        client: Client,
        request: Any,
        timeout: float | None,
        on_progress: ProgressFn | None,
        *,
        tool: str | None = None,
    ) -> dict[str, Any]:
        try:
            result: dict[str, Any] = await client.session.send_request(
                request,
                _RAW,
                request_read_timeout_seconds=timeout,
                progress_callback=cast("ProgressFnT | None", on_progress),
            )
            return result
        except MCPError as error:
            if error.code == _REQUEST_TIMEOUT and timeout is not None:
                if tool is not None:
                    raise ToolTimeoutError(tool, timeout) from None
                raise ServerError(
                    f"did not answer {request.method} within {timeout:g} s (list_timeout)",
                    server=self.name,
                ) from None
            if error.code == _CONNECTION_CLOSED:
                raise await self._gone(error) from None
            raise RemoteError(
                bounded(error.message), server=self.name, code=error.code, data=error.data
            ) from None
        except ValidationError as error:
            raise ServerError(
                f"answered {request.method} with a malformed result: {describe(error)}",
                server=self.name,
            ) from None
        except ToolbridgeError:
            raise
        except ValueError as error:  # the SDK cannot write the request (too deep, say)
            what = f"the arguments of tool {tool!r}" if tool is not None else request.method
            raise InvocationError(
                f"{what} cannot be sent to MCP server {self.name!r}: the MCP SDK cannot "
                f"write them ({error})"
            ) from error
        except (OSError, RuntimeError) as error:  # the HTTP client's own failures
            raise ServerError(f"{request.method} failed: {error}", server=self.name) from error

    async def _gone(self, error: MCPError) -> ServerError:
        if self._wire is not None and self._wire.failure is not None:
            return ServerError(self._wire.failure, server=self.name, stderr=self.stderr_tail())
        if self._transport is not None:
            reason = await self._transport.end_reason()
            return ServerError(reason, server=self.name, stderr=self.stderr_tail())
        return ServerError(f"the connection closed ({error.message})", server=self.name)

    # -- notifications ----------------------------------------------------------------

    async def _on_log(self, params: types.LoggingMessageNotificationParams) -> None:
        level = _LEVELS.get(str(params.level), logging.INFO)
        self._log.log(level, "%s", params.data, extra={"mcp_logger": params.logger})

    async def _on_message(self, message: Any) -> None:
        if isinstance(message, Exception):
            self._log.warning("transport error from %r: %s", self.name, message)
            return
        inner = getattr(message, "root", message)
        if isinstance(inner, types.ToolListChangedNotification) and self._on_tools_changed:
            self._on_tools_changed(self.name)
        elif isinstance(inner, types.ProgressNotification):
            await self._tasks.on_progress(inner.params)


def _leaf(error: BaseException) -> BaseException:
    """The first real error inside (nested) exception groups."""
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    return error


def _is_closed(error: BaseException) -> bool:
    return isinstance(error, MCPError) and error.code == _CONNECTION_CLOSED


def _session_gone(error: RemoteError) -> bool:
    """The server no longer knows the session (an HTTP 404).

    The SDK client says "Session terminated"; SDK servers send "Session not found".
    """
    text = str(error).lower()
    return "session terminated" in text or "session not found" in text


@contextlib.asynccontextmanager
async def _http_transport(server: HttpServer | SseServer) -> AsyncIterator[Any]:
    from mcp.shared._httpx_utils import create_mcp_http_client

    headers = dict(server.headers)
    if isinstance(server, SseServer):
        from mcp.client.sse import sse_client

        async with sse_client(server.url, headers=headers, auth=server.auth) as streams:
            yield streams
        return
    from mcp.client.streamable_http import streamable_http_client

    async with (
        create_mcp_http_client(headers=headers, auth=server.auth) as http,
        streamable_http_client(server.url, http_client=http) as streams,
    ):
        yield streams
