"""Serving canonical tools as an MCP server, their prebuilt schemas exactly as given.

`build_server` makes the SDK's low-level ``Server`` with two handlers:

* ``tools/list`` answers `to_mcp` of each tool: the schemas, title, annotations and
  the MCP extras the tool carries, never re-derived from a function; with
  `page_size`, in pages with an opaque cursor.
* ``tools/call`` runs ``await tool.ainvoke(arguments)``: arguments are validated
  before the tool runs, and a failure of any kind (invalid arguments, the tool
  raising, a timeout, a result that breaks the output schema) is an ``isError``
  result whose text says what went wrong, so the model can correct itself. An
  unknown tool is a JSON-RPC error (-32602). While the tool runs, `report_progress`
  and `send_log` reach the client as ``notifications/progress`` and
  ``notifications/message``; the client's ``notifications/cancelled`` cancels it.

Given a `Toolset`, both handlers ask it for the request's caller (`identity`): the
listing shows what the caller may see, a call passes the toolset's policies and
audit, and a tool the caller may not see is answered exactly like an unknown one.

`serve` runs it over stdio or streamable HTTP. Over stdio, stdout carries the
protocol alone for as long as the server runs: the SDK points file descriptor 1 at
stderr and writes the protocol to a duplicate of it, and `sys.stdout` is stderr
too, so what a tool prints reaches stderr at once instead of waiting in the
buffer of `sys.stdout` until the descriptor is the protocol's again.

Over HTTP it binds to 127.0.0.1 by default and puts `toolbridge._http`'s guard in
front of the SDK's app, as the REST server does: a request whose ``Host`` or
``Origin`` is not allowed (DNS rebinding protection; by default the loopback names
on the bound port, or the bound host and port when that is not loopback) or that
has two of either is refused, and a body that does not arrive whole within
`body_timeout` gets 408.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import sys
import warnings
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Literal

import mcp_types as types
from mcp.server.lowlevel.server import Server as SdkServer
from mcp.shared.exceptions import MCPDeprecationWarning, MCPError

from toolbridge._context import CallContext, LogLevel, call_context
from toolbridge._http import (
    DEFAULT_BODY_LIMIT,
    DEFAULT_BODY_TIMEOUT,
    BodyReader,
    HostGuard,
    bind,
    checked_timeout,
    run_uvicorn,
)
from toolbridge._result import ToolResult
from toolbridge._tool import Tool
from toolbridge.errors import ToolbridgeError, ToolDefinitionError, ToolNotFoundError
from toolbridge.formats import to_mcp
from toolbridge.toolsets import Identify, Identity, StaticToolset, Toolset, identifier

__all__ = ["build_server", "serve", "serve_async"]

_INVALID_PARAMS = -32602
_SEVERITY = ("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency")


def build_server(
    tools: Iterable[Tool] | Toolset,
    *,
    identity: Identity | Identify | None = None,
    name: str = "toolbridge",
    version: str | None = None,
    instructions: str | None = None,
    page_size: int | None = None,
) -> SdkServer[Any]:
    """An MCP SDK low-level ``Server`` that lists and calls `tools`.

    Args:
        tools: The tools, each with a unique name, or a `Toolset`: its policies and
            audit then apply to every listing and call, for the caller's identity.
        identity: Who the client is: one `Identity` for every request (stdio), or a
            function of the HTTP request (``None`` over stdio) returning one, sync or
            async, such as a check of its bearer token. A function that raises makes
            the request anonymous. Anonymous when not given.
        name: The server's name in the ``initialize`` answer.
        version: Its version there (toolbridge's by default).
        instructions: Instructions for the client's model, if any.
        page_size: Tools per ``tools/list`` page; all in one page when None.

    Raises:
        ToolDefinitionError: Something other than a `Tool`, or two tools with one name.
    """
    from toolbridge import __version__

    if isinstance(tools, Toolset):
        toolset = tools
    else:
        by_name: dict[str, Tool] = {}
        for index, tool in enumerate(tools):
            if not isinstance(tool, Tool):
                raise ToolDefinitionError(f"tools[{index}] is {type(tool).__name__}, not a Tool")
            if tool.name in by_name:
                raise ToolDefinitionError(
                    f"two tools are named {tool.name!r}: names must be unique"
                )
            by_name[tool.name] = tool
        toolset = StaticToolset(by_name.values())
    if page_size is not None and page_size < 1:
        raise ToolDefinitionError(f"page_size must be at least 1, got {page_size}")
    find_identity = identifier(identity)

    async def identify(context: Any) -> Identity:
        return await find_identity(getattr(context, "request", None))

    wire: dict[int, tuple[Tool, types.Tool]] = {}
    """Each listed tool's SDK model, by the tool object's id (the tool kept alive)."""

    def as_wire(tool: Tool) -> types.Tool:
        known = wire.get(id(tool))
        if known is None or known[0] is not tool:
            if len(wire) > 4 * len(toolset.all_tools()) + 64:
                wire.clear()  # definitions changed many times: forget the old ones
            known = (tool, types.Tool.model_validate(to_mcp(tool)))
            wire[id(tool)] = known
        return known[1]

    async def list_tools(
        context: Any, params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        caller = await identify(context)
        listed = [as_wire(tool) for tool in toolset.list_tools(caller)]
        if page_size is None:
            return types.ListToolsResult(tools=listed)
        start = _offset(params.cursor if params is not None else None, len(listed))
        end = start + page_size
        cursor = _cursor(end) if end < len(listed) else None
        return types.ListToolsResult(tools=listed[start:end], next_cursor=cursor)

    levels: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()
    """The least severe level each client session asked for (logging/setLevel)."""

    async def call_tool(context: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        caller = await identify(context)
        threshold = levels.get(_connection_of(context), 0)
        with call_context(_context_for(context, threshold)):
            try:
                result = await toolset.call(params.name, params.arguments or {}, identity=caller)
            except ToolNotFoundError:
                # The same answer for a tool that does not exist and one the caller
                # may not see.
                raise MCPError(
                    code=_INVALID_PARAMS, message=f"Unknown tool: {params.name}"
                ) from None
            except ToolbridgeError as error:
                result = ToolResult.from_error(str(error))
        return types.CallToolResult.model_validate(result.to_dict())

    async def set_level(context: Any, params: types.SetLevelRequestParams) -> types.EmptyResult:
        levels[_connection_of(context)] = _SEVERITY.index(str(params.level))
        return types.EmptyResult()

    # MCP 2026-07-28 deprecates logging; the SDK warns when the handler is given.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MCPDeprecationWarning)
        return SdkServer(
            name,
            version=version or __version__,
            instructions=instructions,
            on_list_tools=list_tools,
            on_call_tool=call_tool,
            on_set_logging_level=set_level,
        )


def _connection_of(context: Any) -> Any:
    """What stays the same for one client's requests (a new session object each time)."""
    session = context.session
    return getattr(session, "_connection", session)


def _context_for(context: Any, threshold: int) -> CallContext:
    meta = context.meta or {}
    token = meta.get("progress_token", meta.get("progressToken"))
    session = context.session
    request_id = context.request_id

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        if token is not None:
            await session.send_progress_notification(
                token, progress, total, message, related_request_id=request_id
            )

    async def on_log(level: LogLevel, data: Any, logger: str | None) -> None:
        if _SEVERITY.index(level) < threshold:
            return
        # MCP 2026-07-28 deprecates logging; the SDK warns on every message it sends.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MCPDeprecationWarning)
            sending = session.send_log_message(level, data, logger, related_request_id=request_id)
        await sending

    return CallContext(on_progress=on_progress, on_log=on_log)


def _cursor(offset: int) -> str:
    return base64.urlsafe_b64encode(f"toolbridge:{offset}".encode()).decode()


def _offset(cursor: str | None, total: int) -> int:
    if cursor is None:
        return 0
    try:
        text = base64.urlsafe_b64decode(cursor.encode()).decode()
        prefix, _, number = text.partition(":")
        offset = int(number)
    except (binascii.Error, UnicodeError, ValueError):
        offset = -1
        prefix = ""
    if prefix != "toolbridge" or not 0 < offset <= total:
        raise MCPError(code=_INVALID_PARAMS, message=f"Invalid cursor: {cursor[:100]!r}")
    return offset


async def serve_async(
    tools: Iterable[Tool] | Toolset,
    *,
    identity: Identity | Identify | None = None,
    transport: Literal["stdio", "http"] = "stdio",
    host: str = "127.0.0.1",
    port: int = 8000,
    path: str = "/mcp",
    allowed_hosts: Sequence[str] | None = None,
    allowed_origins: Sequence[str] | None = None,
    on_ready: Callable[[str], None] | None = None,
    body_timeout: float = DEFAULT_BODY_TIMEOUT,
    name: str = "toolbridge",
    version: str | None = None,
    instructions: str | None = None,
    page_size: int | None = None,
) -> None:
    """Serve `tools` over MCP until the client leaves (stdio) or the task is cancelled.

    Over stdio, nothing but the protocol reaches stdout while the server runs: what
    is printed (`sys.stdout`) or written to file descriptor 1 goes to stderr.

    Args:
        tools: The tools or a toolset; see `build_server`.
        identity: Who the client is; see `build_server`.
        transport: ``"stdio"`` (stdin and stdout) or ``"http"`` (streamable HTTP).
        host: The address to bind over HTTP; loopback by default.
        port: The port; 0 picks a free one.
        path: The MCP endpoint's path.
        allowed_hosts: ``Host`` values accepted over HTTP (``"host:*"`` for any
            port); by default the loopback names, or `host` itself.
        allowed_origins: ``Origin`` values accepted (a request without one is
            accepted); by default the ``http://`` origins of the allowed hosts.
        on_ready: Called with the endpoint URL once the server listens (HTTP) or
            starts reading (stdio).
        body_timeout: Seconds a request's body may take to arrive over HTTP, from
            its headers; a body still incomplete then gets 408.
        name: As in `build_server`.
        version: As in `build_server`.
        instructions: As in `build_server`.
        page_size: As in `build_server`.
    """
    server = build_server(
        tools,
        identity=identity,
        name=name,
        version=version,
        instructions=instructions,
        page_size=page_size,
    )
    timeout = checked_timeout(body_timeout)
    if transport == "stdio":
        from mcp.server.stdio import stdio_server

        async with stdio_server() as (read_stream, write_stream):
            with _stdout_to_stderr():
                if on_ready is not None:
                    on_ready("stdio")
                options = server.create_initialization_options()
                await server.run(read_stream, write_stream, options)
        return
    if transport != "http":
        raise ValueError(f"transport must be 'stdio' or 'http', got {transport!r}")
    await _serve_http(
        server, host, port, path, allowed_hosts, allowed_origins, timeout, on_ready=on_ready
    )


@contextlib.contextmanager
def _stdout_to_stderr() -> Iterator[None]:
    """`sys.stdout` is `sys.stderr` in the block, and nothing it holds outlives the block.

    Entered once the SDK has pointed file descriptor 1 at stderr, and left before it
    points it back at the protocol: what `sys.stdout` buffered before the block (or
    was given in it by code that kept the object) is flushed to stderr, never to the
    protocol once the descriptor is restored.
    """
    kept = sys.stdout
    _flush(kept)
    sys.stdout = sys.stderr
    try:
        yield
    finally:
        sys.stdout = kept
        _flush(kept)


def _flush(stream: Any) -> None:
    with contextlib.suppress(AttributeError, OSError, ValueError):
        stream.flush()


async def _serve_http(
    server: SdkServer[Any],
    host: str,
    port: int,
    path: str,
    allowed_hosts: Sequence[str] | None,
    allowed_origins: Sequence[str] | None,
    body_timeout: float,
    *,
    on_ready: Callable[[str], None] | None,
) -> None:
    from mcp.server.transport_security import TransportSecuritySettings

    listener = bind(host, port, allowed_hosts, allowed_origins)
    security = TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=listener.allowed_hosts,
        allowed_origins=listener.allowed_origins,
    )
    sdk_app = server.streamable_http_app(
        streamable_http_path=path, transport_security=security, host=host
    )
    # The SDK's own checks stay; these refuse what they let through (two Origin
    # headers, a body that never ends) before the SDK reads anything.
    body = BodyReader(sdk_app, max_bytes=DEFAULT_BODY_LIMIT, timeout=body_timeout)
    app = HostGuard(body, hosts=listener.allowed_hosts, origins=listener.allowed_origins)
    url = listener.url + path
    ready = None if on_ready is None else (lambda: on_ready(url))
    await run_uvicorn(app, listener, lifespan="on", on_ready=ready)


def serve(tools: Iterable[Tool] | Toolset, **options: Any) -> None:
    """`serve_async` in a new event loop, until the client leaves or Ctrl-C."""
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve_async(tools, **options))
