"""`McpClient` and `load_mcp_tools`: MCP servers' tools as canonical tools.

One `McpClient` owns one persistent session per server (a `Connection`), started
concurrently; every tool of a server calls through that session. Tools are ordinary
`Tool` values: ``await tool.ainvoke(arguments)`` validates the arguments against the
input schema before anything is sent, and checks structured content against the
output schema when the result comes back. An ``isError`` result stays an error
result (``ToolResult.is_error``); a server that fails is a `ServerError`, an error
response a `RemoteError`, a timeout a `ToolTimeoutError`. A tool that runs only as
an MCP task is called as one (``tasks="run"``), or left out (``tasks="exclude"``).

A server may ask the user a question while its tool runs (elicitation): the question
goes to the call's own `CallContext.on_elicit` if its caller set one, else to the
client's ``on_elicit``, else it is declined and the result tells the model so.
Servers are opened the way MCP 2026-07-28 says (``server/discover``), and with the
``initialize`` handshake when they are older (``protocol="auto"``).

The client lives in the event loop it was started in; a tool called from another
thread or loop is run there. ``with McpClient(...)`` and `load_mcp_tools_sync` give
sync code a private loop in a daemon thread.
"""

from __future__ import annotations

import asyncio
import dataclasses
import difflib
import inspect
import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence
from types import TracebackType
from typing import TYPE_CHECKING, Any, Final, Literal, ParamSpec, TypeVar, final

from toolbridge._answering import Answers, checked_handler
from toolbridge._context import (
    CallContext,
    Elicitation,
    ElicitHandler,
    ElicitResult,
    ElicitRound,
    current_call,
)
from toolbridge._naming import Namespacing, exposed_names, namespaced
from toolbridge._result import ToolResult
from toolbridge._runtime import block_on
from toolbridge._tool import Tool
from toolbridge.errors import (
    ConfigError,
    ConversionError,
    InvocationError,
    PinMismatchError,
    RemoteError,
    ServerError,
    SyncInvocationError,
    ToolbridgeError,
    ToolNotFoundError,
    UnsafeToolError,
)
from toolbridge.formats import from_mcp_tool
from toolbridge.mcp._checked import (
    checked_choice,
    checked_count,
    checked_seconds,
    checked_tool_timeouts,
)
from toolbridge.mcp._config import read_servers
from toolbridge.mcp._connection import Connection, ConnectionOptions, LeftOut, ProgressFn
from toolbridge.mcp._loaded import McpTools
from toolbridge.mcp._loop import LoopThread
from toolbridge.mcp._pins import PinPolicy, Pins, check_pins
from toolbridge.mcp._process import DEFAULT_SHUTDOWN_TIMEOUT
from toolbridge.mcp._tasks import TaskMode, needs_task, runs_tasks
from toolbridge.mcp._wire import bounded

if TYPE_CHECKING:
    from toolbridge.security import Finding, Severity

ProtocolMode = Literal["auto", "legacy"]
"""How a server is opened (see `McpClient`)."""

FindingPolicy = Literal["ignore", "warn", "block", "raise"]
"""What a security finding does to its tool where tools are loaded (see `McpClient`)."""

__all__ = ["McpClient", "McpInvoker", "ProtocolMode", "load_mcp_tools", "load_mcp_tools_sync"]

_log = logging.getLogger("toolbridge.mcp")

ToolProgress = Callable[[str, float, float | None, str | None], Awaitable[None] | None]
"""``(tool name, progress, total, message)``: progress of any call, from any server."""

DEFAULT_TIMEOUT: Final = 60.0
_P = ParamSpec("_P")
_T = TypeVar("_T")


@final
class McpInvoker:
    """Calls one tool of one server through its client's persistent session."""

    __slots__ = ("_client", "as_task", "remote_name", "server", "tool_name")

    def __init__(
        self,
        client: McpClient,
        server: str,
        remote_name: str,
        tool_name: str,
        *,
        as_task: bool = False,
    ) -> None:
        self._client = client
        self.server = server
        """The server's name in the configuration."""
        self.remote_name = remote_name
        """The tool's name on its server."""
        self.tool_name = tool_name
        """The name the tool is exposed under (namespaced or not)."""
        self.as_task = as_task
        """The tool runs only as an MCP task (``execution.taskSupport: "required"``):
        it is called as one when its server takes task-augmented calls."""

    def call(self, arguments: dict[str, Any], timeout: float | None) -> ToolResult:
        """Call the tool from sync code (any thread but the client's own loop)."""
        return self._client._call_sync(self, arguments, timeout)

    async def acall(self, arguments: dict[str, Any], timeout: float | None) -> ToolResult:
        """Call the tool from async code (any event loop)."""
        return await self._client._acall(self, arguments, timeout)


@final
class McpClient:
    """Persistent sessions to MCP servers, and their tools as canonical `Tool` values.

    Use ``async with McpClient(config) as client`` (or ``with`` from sync code); the
    servers start concurrently, and one that fails is recorded in `failures` without
    stopping the others.

    Args:
        config: One connection, a mapping of server name to connection, an
            ``{"mcpServers": {...}}`` document or the path of such a JSON file (see
            `read_servers`).
        timeout: Default seconds a call may take; ``None`` waits forever.
        tool_timeouts: Per-tool defaults, by exposed tool name.
        startup_timeout: Seconds a server has to start and finish the handshake.
        list_timeout: Seconds a server has to answer each ``tools/list`` request.
        shutdown_timeout: Seconds closing waits for a stdio server to exit, half after
            closing its stdin and half after SIGTERM, before SIGKILL ends its process
            group; closing takes at most about half a second more.
        namespacing: When tool names get their server's name in front (see
            ``toolbridge._naming``): ``"on_collision"`` (default), ``"always"`` or ``"never"``.
        pins: ``{server: {tool: fingerprint}}`` from an earlier `fingerprints`.
        on_pin_mismatch: A pinned tool that changed is left out (``"block"``),
            loaded with a logged warning (``"warn"``) or fails the start
            (``"raise"``); every mismatch is in `problems` too.
        on_finding: What a security finding (`toolbridge.security.scan` of every
            server's tools together, at `finding_severity` or worse) does to its
            tool: ``"warn"`` (default) loads it and logs a warning, ``"block"``
            leaves it out, ``"raise"`` fails the start (and leaves it out of later
            listings), ``"ignore"`` scans nothing. Each flagged tool is an
            `UnsafeToolError` in `problems`; every finding is in `findings`.
        finding_severity: The least severity that acts (``"medium"`` by default).
        on_progress: Receives every progress notification, with the tool's name:
            ``(tool, progress, total, message)``, a plain or async function (a plain
            one is called in the client's event loop, so it should return quickly).
        on_tools_changed: Called after a server's ``list_changed`` refreshed `tools`.
        repeatable: Says which tools may be called again after their server crashed
            mid-call; by default none is (a server's ``readOnlyHint`` is not trusted).
        max_pages: The most ``tools/list`` pages read from one server.
        max_tools: The most tools accepted from one server; more fail its load with
            `ServerError`. A page holding more is cut as it is read: the tools past
            the limit are never checked or converted.
        max_message_size: The longest message accepted from a server, in bytes: a
            stdio line (a longer one ends the connection), an HTTP response body or
            SSE event (a longer one fails its request with `ServerError`).
        protocol: ``"auto"`` (default) first asks ``server/discover`` (MCP 2026-07-28:
            no handshake, no session) and falls back to the ``initialize`` handshake
            of older servers; ``"legacy"`` always opens with the handshake.
        on_elicit: Answers the questions servers ask the user while their tools run
            (a plain or async function of an `Elicitation`, returning an
            `ElicitResult`; a plain one runs in a worker thread). A call whose caller
            set `CallContext.on_elicit` is asked there instead. Without either, a
            question is declined and a text block in the result tells the model so.
        stderr_limit: Bytes of a stdio server's stderr kept for error messages.
        tasks: What happens to a tool that runs only as an MCP task (its listing says
            ``execution.taskSupport: "required"``): ``"run"`` (default) calls it as a
            task, so it works as any other tool; ``"exclude"`` leaves it out, with an
            `InvocationError` in `problems`, raised again when it is asked for by name.
    """

    def __init__(
        self,
        config: Any,
        *,
        timeout: float | None = DEFAULT_TIMEOUT,
        tool_timeouts: Mapping[str, float] | None = None,
        startup_timeout: float = 30.0,
        list_timeout: float = 60.0,
        shutdown_timeout: float = DEFAULT_SHUTDOWN_TIMEOUT,
        namespacing: Namespacing = "on_collision",
        pins: Pins | None = None,
        on_pin_mismatch: PinPolicy = "block",
        on_finding: FindingPolicy = "warn",
        finding_severity: Severity = "medium",
        on_progress: ToolProgress | None = None,
        on_tools_changed: Callable[[McpClient], Any] | None = None,
        repeatable: Callable[[Tool], bool] | None = None,
        max_pages: int = 100,
        max_tools: int = 10_000,
        max_message_size: int = 16 * 1024 * 1024,
        stderr_limit: int = 64 * 1024,
        protocol: ProtocolMode = "auto",
        tasks: TaskMode = "run",
        on_elicit: ElicitHandler | None = None,
    ) -> None:
        from toolbridge import __version__

        if protocol not in ("auto", "legacy"):
            raise ConfigError(f'protocol must be "auto" or "legacy", not {protocol!r}')
        handler = checked_handler(on_elicit)
        if on_progress is not None and not callable(on_progress):
            raise ConfigError(
                "on_progress must be a function of (tool, progress, total, message), "
                f"not {type(on_progress).__name__}"
            )
        self._ask: ElicitRound | None = Answers(handler) if handler is not None else None
        if tasks not in ("run", "exclude"):
            raise ConfigError(f'tasks must be "run" or "exclude", not {tasks!r}')
        if on_finding not in ("ignore", "warn", "block", "raise"):
            raise ConfigError(
                f'on_finding must be "ignore", "warn", "block" or "raise", not {on_finding!r}'
            )
        if finding_severity not in ("low", "medium", "high", "critical"):
            raise ConfigError(
                f"finding_severity must be low, medium, high or critical, not {finding_severity!r}"
            )
        self._finding_policy: FindingPolicy = on_finding
        self._finding_severity: Severity = finding_severity
        self._findings: tuple[Finding, ...] = ()
        self._unsafe: dict[str, list[UnsafeToolError]] = {}
        """Flagged tools, by server: what `problems` adds to the listing's own."""
        self._warned: set[tuple[str, str, tuple[tuple[str, str], ...]]] = set()
        self._servers = read_servers(config)
        self._timeout: float | None = checked_seconds(timeout, "timeout", none=True)
        self._tool_timeouts = checked_tool_timeouts(tool_timeouts)
        self._namespacing: Namespacing = namespacing
        checked_choice(namespacing, "namespacing", ("on_collision", "always", "never"))
        self._pins = pins
        self._pin_policy: PinPolicy = on_pin_mismatch
        checked_choice(on_pin_mismatch, "on_pin_mismatch", ("block", "warn", "raise"))
        self._on_progress = on_progress
        self._on_tools_changed = on_tools_changed
        self._repeatable = repeatable
        self._task_mode = tasks
        self._options = ConnectionOptions(
            startup_timeout=checked_seconds(startup_timeout, "startup_timeout"),
            list_timeout=checked_seconds(list_timeout, "list_timeout"),
            shutdown_timeout=checked_seconds(shutdown_timeout, "shutdown_timeout"),
            max_pages=checked_count(max_pages, "max_pages"),
            max_tools=checked_count(max_tools, "max_tools"),
            max_message_size=checked_count(max_message_size, "max_message_size"),
            stderr_limit=checked_count(stderr_limit, "stderr_limit", least=0),
            protocol=protocol,
            client_version=__version__,
        )
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: LoopThread | None = None
        self._connections: dict[str, Connection] = {}
        self._definitions: dict[str, list[Tool]] = {}
        self._blocked: dict[str, set[str]] = {}
        self._excluded: dict[str, dict[str, str]] = {}
        """Tools left out by ``tasks="exclude"``: by server, then name, why."""
        self._failures: dict[str, ServerError] = {}
        self._problems: dict[str, list[ToolbridgeError]] = {}
        self._tools: list[Tool] = []
        self._by_name: dict[str, Tool] = {}
        self._revision = 0
        self._refreshes: dict[str, asyncio.Task[None]] = {}
        self._state: Literal["new", "open", "closed"] = "new"

    # -- what it offers ---------------------------------------------------------------

    @property
    def tools(self) -> list[Tool]:
        """Every loaded tool, servers in configuration order (a new list each time)."""
        return list(self._tools)

    @property
    def revision(self) -> int:
        """A number that changes whenever `tools` does (after a load or a refresh)."""
        return self._revision

    @property
    def secrets(self) -> tuple[str, ...]:
        """Configured header and environment values and sign-in secrets: what to redact."""
        found: list[str] = []
        for server in self._servers.values():
            for values in (getattr(server, "headers", None), getattr(server, "env", None)):
                for value in (values or {}).values():
                    # "Bearer <token>": the token alone is as secret as the whole value.
                    found.extend((value, value.split()[-1]) if value.strip() else ())
            found.extend(getattr(getattr(server, "auth", None), "secrets", ()))
        return tuple(dict.fromkeys(found))

    @property
    def servers(self) -> tuple[str, ...]:
        """The configured servers' names."""
        return tuple(self._servers)

    @property
    def failures(self) -> Mapping[str, ServerError]:
        """Servers that could not be started or listed, with why."""
        return dict(self._failures)

    @property
    def problems(self) -> tuple[ToolbridgeError, ...]:
        """Tools left out or flagged.

        Pin mismatches, unreadable definitions, definitions the MCP schema refuses,
        different tools listed under one name, and with ``tasks="exclude"`` the tools
        that run only as tasks (an `InvocationError` each).
        """
        listed = [problem for found in self._problems.values() for problem in found]
        return (*listed, *(error for found in self._unsafe.values() for error in found))

    @property
    def findings(self) -> tuple[Finding, ...]:
        """What the security scan found on the listed tools, at `finding_severity` or worse.

        None with ``on_finding="ignore"``; scanned again with every listing.
        """
        return self._findings

    def tool(self, name: str) -> Tool:
        """The loaded tool exposed as `name`.

        Raises:
            ToolNotFoundError: No loaded tool has that name; a note names the close
                ones (the tool of that name on a server, exposed namespaced, first).
            InvocationError: With ``tasks="exclude"``, the tool runs only as an MCP
                task and was left out; the message says how to call it.
        """
        try:
            return self._by_name[name]
        except KeyError:
            error = ToolNotFoundError(name)
        for server, excluded in self._excluded.items():
            for remote, why in excluded.items():
                if name in (remote, namespaced(server, remote)):
                    raise InvocationError(why)
        close = self.close_names(name)
        if close:
            error.add_note(f"did you mean {' or '.join(map(repr, close))}?")
        raise error

    def close_names(self, name: str) -> list[str]:
        """Loaded tools' names close to `name`, at most five.

        First those of a server's tool called `name` (exposed namespaced), then the
        most alike names.
        """
        same = [
            tool.name
            for tool in self._tools
            if isinstance(tool.invoker, McpInvoker) and tool.invoker.remote_name == name
        ]
        alike = difflib.get_close_matches(name, list(self._by_name), n=5, cutoff=0.6)
        return list(dict.fromkeys([*same, *alike]))[:5]

    def origin(self, name: str) -> tuple[str, str]:
        """``(server, tool name on that server)`` of the tool exposed as `name`."""
        invoker = self.tool(name).invoker
        assert isinstance(invoker, McpInvoker)
        return invoker.server, invoker.remote_name

    def fingerprints(self) -> dict[str, dict[str, str]]:
        """Every listed tool's fingerprint by server and name, the shape `pins` takes."""
        return {
            server: {tool.name: tool.fingerprint for tool in tools}
            for server, tools in self._definitions.items()
        }

    def pid(self, server: str) -> int | None:
        """The process id of a stdio server's current process (for diagnostics)."""
        return self._connections[server].pid

    async def call(
        self, name: str, arguments: Any = None, *, timeout: float | None = None
    ) -> ToolResult:
        """Call the tool exposed as `name` (validating `arguments` first)."""
        return await self.tool(name).ainvoke(arguments, timeout=timeout)

    # -- lifecycle --------------------------------------------------------------------

    async def __aenter__(self) -> McpClient:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.aclose()

    def __enter__(self) -> McpClient:
        self._thread = LoopThread()
        try:
            self._thread.run(self.start())
        except BaseException:
            self._thread.run(self.aclose())
            self._thread.stop()
            raise
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    async def start(self) -> None:
        """Start every server concurrently and list their tools.

        Raises:
            PinMismatchError: With ``on_pin_mismatch="raise"``, a tool changed.
        """
        if self._state != "new":
            raise ServerError(
                f"its client is already {self._state}", server=", ".join(self._servers)
            )
        self._state = "open"
        self._loop = asyncio.get_running_loop()
        self._connections = {
            name: Connection(
                name,
                server,
                self._options,
                on_tools_changed=self._list_changed,
                default_ask=self._ask,
            )
            for name, server in self._servers.items()
        }
        outcomes = await asyncio.gather(
            *(self._load(name) for name in self._servers), return_exceptions=True
        )
        for name, outcome in zip(self._servers, outcomes, strict=True):
            if isinstance(outcome, PinMismatchError):
                await self.aclose()
                raise outcome
            if isinstance(outcome, BaseException):
                if not isinstance(outcome, Exception):
                    raise outcome
                if isinstance(outcome, ServerError):
                    failure = outcome
                elif isinstance(outcome, RemoteError):  # its listing answered with an error
                    said = str(outcome).removeprefix(f"MCP server {name!r} ")
                    failure = ServerError(f"{said} (to tools/list)", server=name)
                    failure.__cause__ = outcome
                else:
                    failure = ServerError(f"failed: {outcome}", server=name)
                self._failures[name] = failure
                _log.warning("%s", failure)
                await self._connections[name].close()
        self._rebuild()
        if self._finding_policy == "raise":
            unsafe = [error for found in self._unsafe.values() for error in found]
            if unsafe:
                await self.aclose()
                raise unsafe[0]

    async def aclose(self) -> None:
        """End every session and server process (idempotent)."""
        if self._state == "closed":
            return
        self._state = "closed"
        loop = self._loop
        if loop is not None and loop is not asyncio.get_running_loop():
            if loop.is_running():
                await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(self._close_all(), loop))
            return
        await self._close_all()

    async def _close_all(self) -> None:
        for task in self._refreshes.values():
            task.cancel()
        await asyncio.gather(
            *(connection.close() for connection in self._connections.values()),
            return_exceptions=True,
        )

    def close(self) -> None:
        """End every session from sync code (the client of ``with`` / `load_mcp_tools_sync`)."""
        thread = self._thread
        if thread is None:
            raise SyncInvocationError("this client runs in an event loop: use `await aclose()`")
        if not thread.running:
            return
        try:
            thread.run(self.aclose())
        finally:
            thread.stop()

    # -- listing ----------------------------------------------------------------------

    async def _load(self, server: str, *, may_raise: bool = True) -> None:
        wire = await self._connections[server].list_tools()
        read: list[tuple[int, Tool]] = []
        problems: list[ToolbridgeError] = []
        self._problems[server] = problems

        def leave_out(error: ConversionError, what: str = "the tool is") -> None:
            error.add_note(f"listed by MCP server {server!r}; {what} left out")
            problems.append(error)
            _log.warning("MCP server %r listed an unusable tool: %s", server, error)

        for index, item in enumerate(wire):
            if isinstance(item, LeftOut):
                named = f"tool {bounded(repr(item.name), 200)}" if item.name else "a tool"
                refused = "; ".join(item.errors)
                leave_out(
                    ConversionError(
                        f"{named} breaks the MCP schema: {refused}", path=("tools", index)
                    )
                )
                continue
            try:
                read.append((index, from_mcp_tool(item, path=("tools", index))))
            except ConversionError as error:
                leave_out(error)
        tools = [tool for _, tool in read]
        for name, listed in _ambiguous(read).items():
            where = ", ".join(f"tools[{index}]" for index, _ in listed)
            leave_out(
                ConversionError(
                    f"{len(listed)} different tools are named {bounded(repr(name), 200)} "
                    f"({bounded(where, 200)}): a call "
                    "by that name could reach any of them",
                    path=("tools", listed[-1][0], "name"),
                ),
                "all of them are",
            )
            tools = [tool for tool in tools if tool.name != name]
        tools = _first_of_each_name(tools)
        mismatches = check_pins(server, tools, self._pins)
        if mismatches and self._pin_policy == "raise" and may_raise:
            raise mismatches[0]
        blocking = self._pin_policy != "warn"  # "raise" cannot raise into a notification
        for mismatch in mismatches:
            problems.append(mismatch)
            _log.warning("%s%s", mismatch, "; blocked" if blocking else "")
        self._definitions[server] = tools
        self._blocked[server] = {m.tool_name for m in mismatches} if blocking else set()
        self._excluded[server] = {}
        for tool in tools:
            if not needs_task(tool):
                continue
            if self._task_mode == "exclude":
                why = _task_only(tool.name, server)
                self._excluded[server][tool.name] = why
                problems.append(InvocationError(why))
                _log.info("%s", why)
            elif not runs_tasks(self._connections[server].server_capabilities):
                _log.warning(
                    "MCP server %r lists tool %r as task-only but does not take task-"
                    "augmented calls (tasks.requests.tools.call): it is called plainly",
                    server,
                    tool.name,
                )

    def _screen(self) -> dict[str, set[str]]:
        """Scan every server's tools together; the names to leave out, by server."""
        if self._finding_policy == "ignore":
            self._findings, self._unsafe = (), {}
            return {}
        from toolbridge.security import SEVERITIES, at_least, pointer, scan

        shared = self._shared_names()
        found = tuple(
            finding
            for finding in scan(self._definitions)
            if at_least(finding.severity, self._finding_severity)
            and not (finding.rule == "name-collision" and finding.tool in shared)
        )
        by_tool: dict[tuple[str, str], list[Finding]] = {}
        for finding in found:
            by_tool.setdefault((finding.server or "", finding.tool), []).append(finding)
        block = self._finding_policy != "warn"
        unsafe: dict[str, list[UnsafeToolError]] = {}
        left_out: dict[str, set[str]] = {}
        for (server, name), findings in by_tool.items():
            findings.sort(key=lambda finding: -SEVERITIES.index(finding.severity))
            error = UnsafeToolError(name, server=server, findings=findings, blocked=block)
            unsafe.setdefault(server, []).append(error)
            if block:
                left_out.setdefault(server, set()).add(name)
            key = (server, name, tuple((f.rule, pointer(f.path)) for f in findings))
            if key not in self._warned:
                self._warned.add(key)
                _log.warning("%s", error)
        self._findings, self._unsafe = found, unsafe
        return left_out

    def _shared_names(self) -> frozenset[str]:
        """Names two servers offer alike, that this client exposes apart.

        Under ``on_collision`` and ``always`` namespacing each such tool is given its
        server's name in front, so the model never sees one name for two tools: the
        scan's exact `name-collision` would only block both (github's and gitlab's
        ``create_branch``). Look-alike names are not namespaced and are still found;
        under ``never`` the first server keeps the bare name, so the finding stands.
        """
        if self._namespacing == "never":
            return frozenset()
        counts = Counter(
            name for tools in self._definitions.values() for name in {t.name for t in tools}
        )
        return frozenset(name for name, count in counts.items() if count > 1)

    def _rebuild(self) -> None:
        unsafe = self._screen()
        loaded = {
            server: [
                tool
                for tool in tools
                if tool.name not in self._blocked.get(server, ())
                and tool.name not in self._excluded.get(server, {})
                and tool.name not in unsafe.get(server, ())
            ]
            for server, tools in self._definitions.items()
        }
        names = exposed_names(
            {server: [tool.name for tool in tools] for server, tools in loaded.items()},
            self._namespacing,
        )
        built: list[Tool] = []
        for server in self._servers:
            for tool in loaded.get(server, ()):
                exposed = names[(server, tool.name)]
                invoker = McpInvoker(self, server, tool.name, exposed, as_task=needs_task(tool))
                meta = {**tool.meta, "mcp_origin": {"server": server, "name": tool.name}}
                built.append(
                    tool.replace(name=exposed, namespace=server, meta=meta, invoker=invoker)
                )
        self._tools = built
        self._by_name = {tool.name: tool for tool in built}
        self._revision += 1

    async def refresh(self, server: str | None = None) -> list[Tool]:
        """List the tools of one server (or all) again, and return the new `tools`.

        A listing the server gave a ``ttlMs`` (MCP 2026-07-28) is reused until then,
        unless the server has since said its tools changed.
        """
        servers = [server] if server is not None else list(self._definitions)
        for name in servers:
            await self._load(name, may_raise=False)
        self._rebuild()
        if self._on_tools_changed is not None:
            self._on_tools_changed(self)
        return self.tools

    def _list_changed(self, server: str) -> None:
        pending = self._refreshes.get(server)
        if pending is not None and not pending.done():
            return
        self._refreshes[server] = asyncio.get_running_loop().create_task(
            self._refresh_quietly(server), name=f"mcp-refresh-{server}"
        )

    async def _refresh_quietly(self, server: str) -> None:
        try:
            await self.refresh(server)
        except ToolbridgeError as error:
            _log.warning("refreshing the tools of %r failed: %s", server, error)

    # -- calling ----------------------------------------------------------------------

    def _home(self, server: str) -> asyncio.AbstractEventLoop:
        loop = self._loop
        if self._state != "open" or loop is None:
            raise ServerError(f"its client is {self._state}, not open", server=server)
        if not loop.is_running():
            raise ServerError(
                "the event loop this client was started in has ended: keep it running, or "
                "use `with McpClient(...)` / load_mcp_tools_sync for sync code",
                server=server,
            )
        return loop

    async def _acall(
        self, invoker: McpInvoker, arguments: dict[str, Any], timeout: float | None
    ) -> ToolResult:
        home = self._home(invoker.server)
        context = current_call()
        here = asyncio.get_running_loop()
        if here is home:
            return await self._call(invoker, arguments, timeout, context, here)
        call = self._call(invoker, arguments, timeout, context, here)
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(call, home))

    def _call_sync(
        self, invoker: McpInvoker, arguments: dict[str, Any], timeout: float | None
    ) -> ToolResult:
        home = self._home(invoker.server)
        try:
            running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is home:
            raise SyncInvocationError(
                f"tool {invoker.tool_name!r} runs in this thread's event loop: "
                "use `await tool.ainvoke(...)`"
            )
        # An interrupted caller (Ctrl-C) cancels the call rather than leaving it running.
        context = current_call()
        return block_on(lambda: self._call(invoker, arguments, timeout, context, None), loop=home)

    async def _call(
        self,
        invoker: McpInvoker,
        arguments: dict[str, Any],
        timeout: float | None,
        context: CallContext | None,
        caller: asyncio.AbstractEventLoop | None,
    ) -> ToolResult:
        connection = self._connections[invoker.server]
        if timeout is None:
            timeout = self._tool_timeouts.get(invoker.tool_name, self._timeout)
        on_progress = self._progress(invoker.tool_name, context, caller)
        ask = self._ask
        if context is not None and context.on_elicit is not None:
            ask = _named(_in_loop(context.on_elicit, caller), invoker.tool_name)
        elif ask is not None:
            ask = _named(ask, invoker.tool_name)
        on_log = None
        if context is not None and context.on_log is not None:
            on_log = _in_loop(context.on_log, caller)
        try:
            raw = await connection.call(
                invoker.remote_name,
                arguments,
                timeout=timeout,
                on_progress=on_progress,
                as_task=invoker.as_task,
                ask=ask,
                on_log=on_log,
                log_level=context.log_level if context is not None else None,
            )
        except ServerError as crash:
            if not self._may_repeat(invoker):
                raise
            _log.info("calling %r again after: %s", invoker.tool_name, crash)
            raw = await connection.call(
                invoker.remote_name,
                arguments,
                timeout=timeout,
                on_progress=on_progress,
                as_task=invoker.as_task,
                ask=ask,
            )
        return _result(raw, invoker)

    def _may_repeat(self, invoker: McpInvoker) -> bool:
        tool = self._by_name.get(invoker.tool_name)
        return self._repeatable is not None and tool is not None and self._repeatable(tool)

    def _progress(
        self,
        tool_name: str,
        context: CallContext | None,
        caller: asyncio.AbstractEventLoop | None,
    ) -> ProgressFn | None:
        listeners: list[ProgressFn] = []
        on_progress = self._on_progress
        if on_progress is not None:

            async def to_client(progress: float, total: float | None, message: str | None) -> None:
                told = on_progress(tool_name, progress, total, message)
                if inspect.isawaitable(told):
                    await told

            listeners.append(to_client)
        if context is not None and context.on_progress is not None:
            listeners.append(_in_loop(context.on_progress, caller))
        if not listeners:
            return None

        async def forward(progress: float, total: float | None, message: str | None) -> None:
            for listener in listeners:
                try:
                    await listener(progress, total, message)
                except Exception:
                    _log.exception("a progress callback of %r raised", tool_name)

        return forward


def _task_only(name: str, server: str) -> str:
    return (
        f"tool {name!r} of MCP server {server!r} runs only as an MCP task (its "
        'execution.taskSupport is "required"), and tasks="exclude" left it out; pass '
        'tasks="run" to McpClient or load_mcp_tools to call it as a task'
    )


def _ambiguous(read: list[tuple[int, Tool]]) -> dict[str, list[tuple[int, Tool]]]:
    """The names a server lists for more than one different definition, with those.

    One definition listed twice (a page overlap, say) is no ambiguity: it loads once.
    """
    by_name: dict[str, list[tuple[int, Tool]]] = {}
    for index, tool in read:
        by_name.setdefault(tool.name, []).append((index, tool))
    return {
        name: listed
        for name, listed in by_name.items()
        if len({tool.fingerprint for _, tool in listed}) > 1
    }


def _first_of_each_name(tools: list[Tool]) -> list[Tool]:
    seen: set[str] = set()
    unique: list[Tool] = []
    for tool in tools:
        if tool.name not in seen:
            seen.add(tool.name)
            unique.append(tool)
    return unique


def _in_loop(
    callback: Callable[_P, Awaitable[_T]], loop: asyncio.AbstractEventLoop | None
) -> Callable[_P, Awaitable[_T]]:
    """`callback`, run in `loop` when called from another one."""

    async def call(*args: _P.args, **kwargs: _P.kwargs) -> _T:
        return await callback(*args, **kwargs)

    async def run(*args: _P.args, **kwargs: _P.kwargs) -> _T:
        if loop is None or loop is asyncio.get_running_loop():
            return await callback(*args, **kwargs)
        future = asyncio.run_coroutine_threadsafe(call(*args, **kwargs), loop)
        return await asyncio.wrap_future(future)

    return run


def _named(ask: ElicitRound, tool: str) -> ElicitRound:
    """`ask`, given questions that name the tool as its caller knows it."""

    async def run(questions: Sequence[Elicitation]) -> Mapping[str, ElicitResult]:
        return await ask([dataclasses.replace(question, tool=tool) for question in questions])

    return run


def _result(raw: Mapping[str, Any], invoker: McpInvoker) -> ToolResult:
    if "content" not in raw:
        keys = bounded(repr(sorted(raw)[:10]), 200)
        raise ServerError(
            f"answered tools/call {invoker.remote_name!r} without content (keys: {keys})",
            server=invoker.server,
        )
    try:
        return ToolResult.from_dict(raw)
    except ConversionError as error:
        raise ServerError(
            f"answered tools/call {invoker.remote_name!r} with a malformed result: "
            f"{bounded(str(error))}",
            server=invoker.server,
        ) from None


async def load_mcp_tools(config: Any, **options: Any) -> McpTools[Tool]:
    """Start MCP servers and return their tools, each calling its server's session.

    The sessions stay open while the event loop runs (they end with it, or with the
    interpreter); use `McpClient` for an explicit lifecycle. A server that fails is
    logged and left out, and is in the returned list's ``failures`` (by server name,
    as `McpClient.failures`), the tools left out in its ``problems``; if every server
    fails, the first failure is raised.

    Args:
        config: What `McpClient` takes: a connection, a name mapping, an
            ``mcpServers`` document or file.
        **options: `McpClient`'s keyword options.

    Raises:
        ServerError: No server could be started.
        ConfigError: The configuration is unusable.
    """
    client = McpClient(config, **options)
    await client.start()
    _raise_if_all_failed(client)
    return McpTools(client.tools, failures=client.failures, problems=client.problems)


def load_mcp_tools_sync(config: Any, **options: Any) -> McpTools[Tool]:
    """`load_mcp_tools` for sync code: the sessions run in a private background loop.

    The tools work with ``tool.invoke`` (and ``ainvoke`` from any loop); the sessions
    end when the interpreter exits. The list has ``failures`` and ``problems`` too.
    """
    client = McpClient(config, **options)
    client.__enter__()
    try:
        _raise_if_all_failed(client)
    except ServerError:
        client.close()
        raise
    import atexit

    atexit.register(client.close)
    return McpTools(client.tools, failures=client.failures, problems=client.problems)


def _raise_if_all_failed(client: McpClient) -> None:
    failures = list(client.failures.values())
    if failures and len(failures) == len(client.servers):
        error = failures[0]
        for other in failures[1:]:
            error.add_note(str(other))
        raise error
