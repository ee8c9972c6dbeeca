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
  SDK cannot write (nested deeper than about 250 levels) `InvocationError`. An
  error response is the server's even when its code is one the SDK uses for its own
  failures (-32000, -32001: the `Wire` marks them): the session lives on, and its
  message is sanitized (control characters escaped, see `sanitized`);
* a handshake the server refused says what it answered (code and message), and a
  flood of messages before the handshake is refused as one (see `Wire`);
* a ``tools/list`` deadline met by a reply that arrived in time even when reading
  that reply runs past it (the stdio transport says when each line came, the HTTP
  one when each body or SSE event did: see `Arrivals`);
* a tool that runs only as a task (``execution.taskSupport: "required"``) called as
  an MCP task, on a server that takes them: created, polled, its result fetched, and
  cancelled when its call ends early (see `_tasks`);
* the server's questions to the user (see `_elicit`): a 2026-07-28 ``input_required``
  result is answered and the call sent again with the answers and its request state,
  round after round (at most `MAX_ROUNDS`); a handshake-era ``elicitation/create``
  goes to the one call in flight that may be asked. A call's timeout does not run
  while its question waits for the user;
* ``tools/list`` answers reused for the ``ttlMs`` the server gives them (2026-07-28),
  until the server says its tools changed;
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
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, cast, final
from urllib.parse import urlsplit, urlunsplit

import mcp_types as types
from mcp.client.client import Client
from mcp.shared.exceptions import MCPError
from mcp_types import LOG_LEVEL_META_KEY
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS
from pydantic import TypeAdapter, ValidationError

from toolbridge._context import (
    LOG_LEVELS,
    ContextRaised,
    Elicitation,
    ElicitRound,
    LogCallback,
    LogLevel,
)
from toolbridge.errors import (
    InvocationError,
    RemoteError,
    ServerError,
    ToolbridgeError,
    ToolTimeoutError,
)
from toolbridge.mcp._elicit import (
    MAX_ROUNDS,
    URL_REQUIRED,
    answers,
    decline_all,
    declined_note,
    pages_to_visit,
    read_question,
    read_round,
    refusal,
    to_wire,
)
from toolbridge.mcp._http_client import Arrivals, Local, bounded_http_client
from toolbridge.mcp._process import DEFAULT_SHUTDOWN_TIMEOUT
from toolbridge.mcp._servers import HttpServer, Server, SseServer, StdioServer
from toolbridge.mcp._sse_client import bounded_sse_client
from toolbridge.mcp._tasks import ProgressFn, Send, TaskRunner, can_cancel_tasks, runs_tasks
from toolbridge.mcp._transport import StdioTransport
from toolbridge.mcp._wire import (
    Wire,
    bounded,
    describe,
    left_out,
    remote,
    sanitized,
    too_many,
)

if TYPE_CHECKING:
    from mcp.client.session import ClientRequestContext
    from mcp.shared.dispatcher import ProgressFnT

__all__ = ["Connection", "ConnectionOptions", "LeftOut", "ProgressFn", "in_time"]

_RAW: Final[Any] = TypeAdapter(dict[str, Any])
"""Results are read as plain JSON: toolbridge parses them itself, once."""
_DAY_MS: Final = 86_400_000.0
"""The longest a listing is reused, whatever ``ttlMs`` says."""
_CONNECTION_CLOSED: Final = -32000
_REQUEST_TIMEOUT: Final = -32001
_GRACE: Final = 0.05
"""Seconds between looks at a reply that arrived in time but is still being read."""
_SDK_HTTP_ERRORS: Final = (
    "SSE stream ",
    "server answered a request with 202 Accepted",
    "Connection closed",
)
"""How the SDK's HTTP client begins the -32000 errors it makes up for a lost stream."""
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
    protocol: str = "auto"
    client_name: str = "toolbridge"
    client_version: str = "0"


_OPT_IN: Final = (
    ("debug", logging.DEBUG),
    ("info", logging.INFO),
    ("warning", logging.WARNING),
    ("error", logging.ERROR),
    ("critical", logging.CRITICAL),
)
"""The MCP log levels a call may opt in to, least severe first, with Python's own."""


@final
class _Clock:
    """A call's time budget, stopped while one of its questions waits for the user.

    It moves the deadline of the request in flight (an `asyncio.Timeout`): off while
    a question waits, on again with what is left once it is answered.
    """

    __slots__ = ("_paused", "_since", "_used", "budget", "deadline")

    def __init__(self, budget: float | None) -> None:
        self.budget = budget
        self._used = 0.0
        self._since = time.monotonic()
        self._paused = 0
        self.deadline: asyncio.Timeout | None = None
        """The deadline of the request in flight, if one is."""

    def pause(self) -> None:
        if self._paused == 0:
            self._used += time.monotonic() - self._since
        self._paused += 1
        self.arm()

    def resume(self) -> None:
        self._paused -= 1
        if self._paused == 0:
            self._since = time.monotonic()
        self.arm()

    def left(self) -> float | None:
        """Seconds left (None: no budget); counts nothing while paused."""
        if self.budget is None:
            return None
        running = 0.0 if self._paused else time.monotonic() - self._since
        return self.budget - self._used - running

    def when(self) -> float | None:
        """The event loop's time the budget runs out at (None: never, or paused)."""
        left = self.left()
        if left is None or self._paused:
            return None
        return asyncio.get_running_loop().time() + left

    def arm(self) -> None:
        """Set the deadline of the request in flight to what is left (none while paused)."""
        if self.deadline is not None and self.budget is not None:
            self.deadline.reschedule(self.when())


@dataclass(slots=True, eq=False)
class _Asked:
    """A call in flight whose server may ask the user (handshake era: in the middle)."""

    tool: str
    ask: ElicitRound
    clock: _Clock
    declined: list[Elicitation] = field(default_factory=list)
    raised: ContextRaised | ToolbridgeError | None = None
    """What answering raised in the middle of the call: the call ends with it."""
    asked: int = 0
    """How many handshake-era questions the call was asked: the next one's key."""
    on_log: LogCallback | None = None
    """Where the server's log messages go while this call is its only one in flight."""
    log_level: LogLevel | None = None
    """The least severe level `on_log` wants."""


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
        default_ask: ElicitRound | None = None,
    ) -> None:
        self.name = name
        self.server = server
        self._options = options
        self._on_tools_changed = on_tools_changed
        self._log = logging.getLogger(f"toolbridge.mcp.server.{name}")
        self._client: Client | None = None
        self._transport: StdioTransport | None = None
        self._wire: Wire | None = None
        self._arrived: Callable[[], float | None] = _nothing
        """When the earliest message still being read arrived (event loop time; see
        `in_time`), or None."""
        self._runner: asyncio.Task[None] | None = None
        self._stop = asyncio.Event()
        self._lock = asyncio.Lock()
        self._closed = False
        self._tasks = TaskRunner(name)
        self._asked: list[_Asked] = []
        """Calls in flight, for the handshake era's questions in their middle."""
        self.default_ask = default_ask
        """Answers the questions asked where no single call in flight can be named."""
        self._listed: tuple[float, list[dict[str, Any] | LeftOut]] | None = None
        """The last complete listing and until when (monotonic) the server lets us reuse it."""
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
                    elicitation_callback=self._on_elicit,
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
                listener = (
                    asyncio.create_task(self._listen(client), name=f"mcp-listen-{self.name}")
                    if _announces_changes(client)
                    else None
                )
                try:
                    await self._wait_until_over()
                finally:
                    if listener is not None:
                        listener.cancel()
                        with contextlib.suppress(asyncio.CancelledError, Exception):
                            await listener
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
            self.name,
            on_task_status=self._tasks.on_status,
            on_orphan_task=self._orphan_task,
            max_tools=self._options.max_tools,
            synthesized=None if isinstance(server, StdioServer) else _synthesized,
        )
        if isinstance(server, StdioServer):
            self._transport = StdioTransport(
                server,
                name=self.name,
                stderr_limit=self._options.stderr_limit,
                max_message_size=self._options.max_message_size,
                shutdown_timeout=self._options.shutdown_timeout,
                max_tools=self._options.max_tools,
            )
            lines = self._transport.arrivals

            def taken(item: object) -> None:
                if lines:
                    lines.popleft()

            self._wire.taken = taken
            self._arrived = lambda: lines[0] if lines else None
            return self._wire.around(self._transport)
        arrivals = Arrivals()
        self._wire.taken = arrivals.taken
        self._arrived = arrivals.first
        return self._wire.around(_http_transport(server, self._options, arrivals))

    async def _startup_error(self, error: BaseException) -> ServerError:
        """Why the handshake failed: the protocol rule broken first, then how it ended."""
        error = _leaf(error)
        stderr = self.stderr_tail()
        wire = self._wire
        from toolbridge.mcp._auth._flow import AuthFailure

        if isinstance(error, AuthFailure):  # a sign-in needed or refused: name the server
            return error.named(self.name)
        if isinstance(error, ServerError):
            return error
        if wire is not None and wire.refused is not None:
            code, message = wire.refused
            return ServerError(
                f"answered initialize with error {code}: {sanitized(message)}"
                + _sse_hint(self.server),
                server=self.name,
                stderr=stderr,
            )
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
        if isinstance(self.server, HttpServer | SseServer) and _unreachable(error):
            # Nothing was started: the address is what to check (its query may hold a key).
            return ServerError(
                f"cannot connect to {_address(self.server.url)}: {sanitized(str(error))}",
                server=self.name,
                stderr=stderr,
            )
        return ServerError(
            f"did not start: {sanitized(detail)}{strays}", server=self.name, stderr=stderr
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

    async def list_tools(self, *, fresh: bool = False) -> list[dict[str, Any] | LeftOut]:
        """Every tool the server lists, all pages read, as wire dicts.

        A tool the negotiated protocol version's schema refuses is a `LeftOut` in its
        place, so that the others still load. A listing whose first page gave a
        ``ttlMs`` is reused for that long, unless `fresh` or the server said its tools
        changed.
        """
        listed = self._listed
        if listed is not None and not fresh and time.monotonic() < listed[0]:
            return list(listed[1])
        self._listed = None
        asked_at = time.monotonic()
        tools, ttl = await self._list_pages()
        if isinstance(ttl, int | float) and not isinstance(ttl, bool) and ttl > 0:
            self._listed = (asked_at + min(float(ttl), _DAY_MS) / 1000, list(tools))
        return tools

    async def _list_pages(self) -> tuple[list[dict[str, Any] | LeftOut], object]:
        """Every page of ``tools/list``, and the ``ttlMs`` of the first."""
        client = await self.start()
        options = self._options
        ttl: object = None
        tools: list[dict[str, Any] | LeftOut] = []
        seen: set[str] = set()
        cursor: str | None = None
        for _ in range(options.max_pages):
            params = types.PaginatedRequestParams(cursor=cursor) if cursor is not None else None
            page = await self._request(
                client, types.ListToolsRequest(params=params), options.list_timeout, None
            )
            if cursor is None:
                ttl = page.get("ttlMs")
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
            if too_many(page) or len(tools) > options.max_tools:
                raise ServerError(
                    f"listed more than {options.max_tools:,} tools (max_tools)"
                    + (" in one tools/list page" if too_many(page) else ""),
                    server=self.name,
                )
            cursor = page.get("nextCursor")
            if cursor is None:
                return tools, ttl
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
        ask: ElicitRound | None = None,
        on_log: LogCallback | None = None,
        log_level: LogLevel | None = None,
    ) -> dict[str, Any]:
        """Send ``tools/call`` and return the raw result.

        With `as_task` (the tool runs only as a task) it runs as an MCP task when the
        server takes task-augmented calls; without them it is called plainly, as the
        protocol says. The server's questions to the user go to `ask`; without it
        they are declined, and a text block in the result tells the model so. Its
        log messages from `log_level` up go to `on_log` too, labelled with the
        server's name, while this is the only call in flight (see `_on_log`).
        """
        client = await self.start()
        capabilities = client.session.server_capabilities
        if not (as_task and runs_tasks(capabilities)):
            asked = _Asked(
                tool=name,
                ask=ask or decline_all,
                clock=_Clock(timeout),
                on_log=on_log,
                log_level=log_level if on_log is not None else None,
            )
            self._asked.append(asked)
            try:
                result = await self._call_answering(client, name, arguments, asked, on_progress)
            finally:
                self._asked.remove(asked)
            if asked.raised is not None:
                raise asked.raised
            if asked.declined:
                _note(result, declined_note(asked.declined))
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

    async def _call_answering(
        self,
        client: Client,
        name: str,
        arguments: dict[str, Any],
        asked: _Asked,
        on_progress: ProgressFn | None,
    ) -> dict[str, Any]:
        """``tools/call``, sent again with the answers while the server asks for input."""
        params: dict[str, Any] = {"name": name, "arguments": arguments}
        backoff = 0.05
        for rounds in range(MAX_ROUNDS + 1):
            request = types.CallToolRequest(
                params=types.CallToolRequestParams.model_validate(params)
            )
            if asked.log_level is not None:  # the caller's own level (see _ask_for_logs)
                meta = {**(request.params.meta or {}), LOG_LEVEL_META_KEY: asked.log_level}
                request.params.meta = cast("types.RequestParamsMeta", meta)
            try:
                client, result = await self._send_call(
                    client, request, asked.clock, on_progress, name
                )
            except RemoteError as error:
                if rounds == MAX_ROUNDS or not await self._visited(asked, error, name):
                    raise
                continue  # the user visited the pages: the same request again
            if result.get("resultType") != "input_required":
                return result
            if rounds == MAX_ROUNDS:
                break
            requests = result.get("inputRequests") or {}
            why = refusal(requests) if isinstance(requests, dict) else None
            if why is not None:
                self._log.warning("MCP server %r, tool %r: %s", self.name, name, why)
                return {"content": [{"type": "text", "text": why}], "isError": True}
            state = result.get("requestState")
            params = {"name": name, "arguments": arguments}
            if state is not None:
                params["requestState"] = state
            if not requests:  # the server is still working: ask again, a little later
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 0.25)
                continue
            backoff = 0.05
            questions = read_round(requests, server=self.name, tool=name)
            params["inputResponses"] = await self._answer(asked, questions)
        raise ServerError(
            f"asked for input more than {MAX_ROUNDS} times in one call of tool {name!r}",
            server=self.name,
        )

    async def _visited(self, asked: _Asked, error: RemoteError, name: str) -> bool:
        """Whether the user visited the pages a -32042 error asks for (MCP 2025-11-25).

        The server refused the call until then; each page is asked as a URL-mode
        question, and the call is made again only when every one was accepted.
        Nobody to ask, or a page declined: the server's error stands.
        """
        if error.code != URL_REQUIRED or asked.ask is decline_all:
            return False
        questions = pages_to_visit(error.data, server=self.name, tool=name)
        if questions is None:
            return False
        given = await self._answer(asked, questions)
        return all(answer.get("action") == "accept" for answer in given.values())

    async def _answer(self, asked: _Asked, questions: Sequence[Elicitation]) -> dict[str, Any]:
        """Ask a round of questions, the call's clock stopped meanwhile; the wire answers."""
        asked.clock.pause()
        try:
            given = await answers(asked.ask, questions)
        except (ToolbridgeError, ContextRaised):  # (already the caller's, carried)
            raise
        except Exception as error:  # the caller's round function stopped the call
            raise ContextRaised(error) from error
        finally:
            asked.clock.resume()
        if asked.ask is decline_all:  # nobody answers: the result will say so
            asked.declined.extend(questions)
        return {question.key: to_wire(question, given[question.key]) for question in questions}

    async def _on_elicit(
        self, context: ClientRequestContext, params: types.ElicitRequestParams
    ) -> types.ElicitResult | types.ErrorData:
        """A handshake-era server asks the user in the middle of a call."""
        asked = self._asked[0] if len(self._asked) == 1 else None
        raw = params.model_dump(by_alias=True, mode="json", exclude_none=True)
        # The key is the question's number in its call ("1", "2", ...), the same when the
        # call is made again (a LangGraph resume matches answers by it), unlike the
        # request's id.
        if asked is not None:
            asked.asked += 1
        key = str(asked.asked) if asked is not None else f"request-{context.request_id}"
        try:
            question = read_question(
                key,
                raw,
                server=self.name,
                tool=asked.tool if asked is not None else None,
                where="elicitation/create params",
            )
        except ServerError as error:
            return types.ErrorData(code=types.INVALID_PARAMS, message=str(error))
        if asked is None:  # no call, or several: which one asks cannot be told
            ask = self.default_ask or decline_all
            try:
                answer = (await answers(ask, [question]))[question.key]
            except ToolbridgeError as error:  # no call to end with it: said, and cancelled
                self._log.warning("MCP server %r: %s; the server hears cancel", self.name, error)
                return types.ElicitResult(action="cancel")
            return types.ElicitResult.model_validate(to_wire(question, answer))
        try:
            wire = (await self._answer(asked, [question]))[question.key]
        except (ContextRaised, ToolbridgeError) as error:  # the call ends with it
            asked.raised = error
            return types.ElicitResult(action="cancel")  # what the server hears
        return types.ElicitResult.model_validate(wire)

    async def _send_call(
        self,
        client: Client,
        request: types.CallToolRequest,
        clock: _Clock | float | None,
        on_progress: ProgressFn | None,
        name: str,
    ) -> tuple[Client, dict[str, Any]]:
        """Send a ``tools/call``, and once more if the server wanted something a retry gives.

        That is a new session over HTTP if the old is gone, or (2026-07-28) the
        ``Mcp-Param-*`` headers its tool declares, once the SDK has listed it.
        """
        try:
            return client, await self._request(client, request, clock, on_progress, tool=name)
        except RemoteError as error:
            if error.code == types.HEADER_MISMATCH and await self._learn_headers(client):
                return client, await self._request(client, request, clock, on_progress, tool=name)
            if not (isinstance(self.server, HttpServer) and _session_gone(error)):
                raise
        self._log.info("HTTP session of %r is gone; starting a new one", self.name)
        async with self._lock:
            if self._client is client:
                await self._stop_runner()
        client = await self.start()
        return client, await self._request(client, request, clock, on_progress, tool=name)

    async def _learn_headers(self, client: Client) -> bool:
        """List the tools through the SDK's session; False if it cannot.

        The session then mirrors the arguments a tool marks with ``x-mcp-header``
        into ``Mcp-Param-*`` headers. Done only when a server asks for them: the
        listing toolbridge reads itself is raw, and reading every schema for the
        annotation would cost every load.
        """
        if client.session.protocol_version not in MODERN_PROTOCOL_VERSIONS:
            return False
        cursor: str | None = None
        try:
            async with asyncio.timeout(self._options.list_timeout):
                for _ in range(self._options.max_pages):
                    params = types.PaginatedRequestParams(cursor=cursor) if cursor else None
                    cursor = (await client.session.list_tools(params=params)).next_cursor
                    if cursor is None:
                        return True
        except (MCPError, ValidationError, TimeoutError) as error:
            self._log.info("cannot list the tools of %r for their headers: %s", self.name, error)
        return False

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
        timeout: _Clock | float | None,
        on_progress: ProgressFn | None,
        *,
        tool: str | None = None,
    ) -> dict[str, Any]:
        clock = timeout if isinstance(timeout, _Clock) else None
        seconds = clock.budget if clock is not None else cast("float | None", timeout)
        if isinstance(request, types.CallToolRequest):
            self._ask_for_logs(client, request)
        try:
            sent = client.session.send_request(
                request,
                _RAW,
                request_read_timeout_seconds=None,
                progress_callback=cast("ProgressFnT | None", on_progress),
            )
            result: dict[str, Any]
            if clock is not None:
                result = await _within(sent, clock)
            elif seconds is not None:
                result = await in_time(sent, seconds, self._arrived)
            else:
                result = await sent
            return result
        except TimeoutError:
            if tool is None and seconds is not None:
                raise ServerError(
                    f"did not answer {request.method} within {seconds:g} s (list_timeout)",
                    server=self.name,
                ) from None
            raise ToolTimeoutError(tool or request.method, seconds or 0.0) from None
        except MCPError as error:
            if isinstance(error.data, Local):  # the transport's own (a body too long)
                raise ServerError(
                    f"{error.data.reason} (to {request.method})", server=self.name
                ) from None
            marked, data = remote(error.data)
            if marked:  # the server's own answer, whatever its code
                raise RemoteError(
                    sanitized(error.message), server=self.name, code=error.code, data=data
                ) from None
            if error.code == _REQUEST_TIMEOUT and seconds is not None:
                if tool is not None:
                    raise ToolTimeoutError(tool, seconds) from None
                raise ServerError(
                    f"did not answer {request.method} within {seconds:g} s (list_timeout)",
                    server=self.name,
                ) from None
            if error.code == _CONNECTION_CLOSED:
                from toolbridge.mcp._auth._flow import refusal

                refused = refusal(self.server)  # a sign-in needed or refused ended it
                if refused is not None:
                    raise refused.named(self.name) from None
                raise await self._gone(error) from None
            raise RemoteError(
                sanitized(error.message), server=self.name, code=error.code, data=error.data
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

    async def _listen(self, client: Client) -> None:
        """Hear of tool changes on a 2026-07-28 connection (``subscriptions/listen``)."""
        try:
            async with client.listen(tools_list_changed=True) as subscription:
                async for _ in subscription:
                    self._tools_changed()
        except Exception as error:  # a listing still works; only the news is missed
            self._log.info("cannot hear of tool changes from %r: %s", self.name, error)

    def _tools_changed(self) -> None:
        self._listed = None
        if self._on_tools_changed:
            self._on_tools_changed(self.name)

    def _ask_for_logs(self, client: Client, request: types.CallToolRequest) -> None:
        """Ask a 2026-07-28 server for the call's log messages this logger would record.

        On 2026-07-28 a server sends a request's ``notifications/message`` only when
        the request names the least severe level wanted (``_meta``
        ``io.modelcontextprotocol/logLevel``); without it the logs are never sent. The
        level is the one the server's logger records at the time of the call; an
        older server sends them all and Python logging filters them.
        """
        if client.session.protocol_version not in MODERN_PROTOCOL_VERSIONS:
            return
        names = [name for name, _ in _OPT_IN]
        wanted = next((name for name, level in _OPT_IN if self._log.isEnabledFor(level)), None)
        given = (request.params.meta or {}).get(LOG_LEVEL_META_KEY)
        if given in names and (wanted is None or names.index(given) < names.index(wanted)):
            wanted = given  # the call's caller wants more than this logger records
        if wanted is not None:
            meta = {**(request.params.meta or {}), LOG_LEVEL_META_KEY: wanted}
            request.params.meta = cast("types.RequestParamsMeta", meta)

    async def _on_log(self, params: types.LoggingMessageNotificationParams) -> None:
        """A log message of the server: to Python logging, and to the call it belongs to.

        The SDK does not say which request a message came with, so it goes to a
        call's caller (its `CallContext.on_log`) only while that call is the only one
        in flight on this connection, as a handshake-era question does; the logger is
        the server's name (``<server>`` or ``<server>.<logger>``), so the caller
        knows where it came from. Otherwise which call it belongs to cannot be told,
        and it is only logged here.
        """
        level = _LEVELS.get(str(params.level), logging.INFO)
        self._log.log(level, "%s", params.data, extra={"mcp_logger": params.logger})
        asked = self._asked[0] if len(self._asked) == 1 else None
        if asked is None or asked.on_log is None:
            return
        name = str(params.level)
        if name not in LOG_LEVELS:
            return
        wanted = asked.log_level
        if wanted is not None and LOG_LEVELS.index(name) < LOG_LEVELS.index(wanted):
            return
        logger = self.name if params.logger is None else f"{self.name}.{params.logger}"
        try:
            await asked.on_log(name, params.data, logger)
        except Exception as error:  # the caller's channel failed: the message is dropped
            self._log.debug("a log message of %r could not be passed on: %s", self.name, error)

    async def _on_message(self, message: Any) -> None:
        if isinstance(message, Exception):
            self._log.warning("transport error from %r: %s", self.name, message)
            return
        inner = getattr(message, "root", message)
        if isinstance(inner, types.ToolListChangedNotification):
            self._tools_changed()
        elif isinstance(inner, types.ProgressNotification):
            await self._tasks.on_progress(inner.params)


async def _within(sent: Any, clock: _Clock) -> Any:
    """Await a request for as long as `clock` allows, its pauses not counted.

    Raises:
        TimeoutError: The budget ran out (the request is abandoned: the SDK then
            tells the server the request is cancelled).
    """
    async with asyncio.timeout_at(clock.when()) as deadline:
        clock.deadline = deadline
        try:
            return await sent
        finally:
            clock.deadline = None


def _nothing() -> None:
    """No message is being read (no session yet)."""
    return None


def _note(result: dict[str, Any], text: str) -> None:
    """Add a text block for the model to a raw ``tools/call`` result."""
    content = result.get("content")
    if isinstance(content, list):
        result["content"] = [*content, {"type": "text", "text": text}]


def _announces_changes(client: Client) -> bool:
    """The server tells of tool changes only to a listener (2026-07-28), and will."""
    session = client.session
    tools = session.server_capabilities.tools if session.server_capabilities else None
    return (
        session.protocol_version in MODERN_PROTOCOL_VERSIONS
        and tools is not None
        and bool(tools.list_changed)
    )


def _sse_hint(server: Server) -> str:
    """What to try when streamable HTTP was refused at a URL that names the old transport."""
    if isinstance(server, HttpServer) and server.url.rstrip("/").endswith("/sse"):
        return (
            "; the URL ends in /sse, as a legacy HTTP+SSE server's does: reach it with "
            '"type": "sse" in its configuration entry (SseServer)'
        )
    return ""


def _leaf(error: BaseException) -> BaseException:
    """The first real error inside (nested) exception groups."""
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    return error


def _is_closed(error: BaseException) -> bool:
    return isinstance(error, MCPError) and error.code == _CONNECTION_CLOSED


def _synthesized(message: str) -> bool:
    """Whether an error on an HTTP connection is the SDK's own (a stream lost)."""
    return message.startswith(_SDK_HTTP_ERRORS)


async def in_time(
    sent: Coroutine[Any, Any, Any], seconds: float, arrived: Callable[[], float | None]
) -> Any:
    """Await a request for `seconds`, a reply that arrived by then counted as in time.

    Reading a long message (a large ``tools/list`` page) takes time after it arrived;
    the deadline is that of the server, not of the parsing: while a message that came
    before it is still on its way to the session (`arrived` says since when, in event
    loop time, or None), the request waits for it.

    Raises:
        TimeoutError: Nothing arrived in time (the request is cancelled: the SDK
            tells the server).
    """
    task = asyncio.ensure_future(sent)
    end = asyncio.get_running_loop().time() + seconds
    try:
        done, _ = await asyncio.wait((task,), timeout=seconds)
        while not done:
            since = arrived()
            if since is None or since > end:  # a last look: judged, not yet woken
                done, _ = await asyncio.wait((task,), timeout=_GRACE)
                if not done:
                    raise TimeoutError
                break
            done, _ = await asyncio.wait((task,), timeout=_GRACE)
        return task.result()
    finally:
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


def _session_gone(error: RemoteError) -> bool:
    """The server no longer knows the session (an HTTP 404).

    The SDK client says "Session terminated"; SDK servers send "Session not found".
    """
    text = str(error).lower()
    return "session terminated" in text or "session not found" in text


@contextlib.asynccontextmanager
async def _http_transport(
    server: HttpServer | SseServer, options: ConnectionOptions, arrivals: Arrivals
) -> AsyncIterator[Any]:
    from mcp.shared._httpx_utils import create_mcp_http_client

    from toolbridge.mcp._auth._flow import http_auth

    headers = dict(server.headers)
    auth = await http_auth(server)  # signs requests; a refusal raises AuthFailure
    if isinstance(server, SseServer):
        async with bounded_sse_client(
            server.url,
            headers=headers,
            auth=auth,
            max_tools=options.max_tools,
            max_message_size=options.max_message_size,
            arrivals=arrivals,
        ) as streams:
            yield streams
        return
    async with (
        create_mcp_http_client(headers=headers, auth=auth) as http,
        bounded_http_client(
            server.url,
            http_client=http,
            max_tools=options.max_tools,
            max_message_size=options.max_message_size,
            arrivals=arrivals,
        ) as streams,
    ):
        yield streams


def _unreachable(error: BaseException) -> bool:
    """Whether `error` says no connection could be made (refused, no route, no such host).

    httpx's ``ConnectError`` (and the SDK's fork's), or the operating system's own.
    """
    return type(error).__name__ in ("ConnectError", "ConnectTimeout") or isinstance(
        error, ConnectionRefusedError | ConnectionResetError
    )


def _address(url: str) -> str:
    """`url` for an error message: no user name, password, query or fragment."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc.rpartition("@")[2], parts.path, "", ""))
