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

`serve` runs it over stdio or streamable HTTP. Over stdio the lines are read and
written on the event loop (`toolbridge.mcp._stdio`), and stdout carries the protocol alone
for as long as the server runs: file descriptor 1 points at stderr while the
protocol is written to a duplicate of it, and `sys.stdout` is stderr too, so what a
tool prints reaches stderr at once instead of waiting in the buffer of `sys.stdout`
until the descriptor is the protocol's again.

Over HTTP it binds to 127.0.0.1 by default and puts `toolbridge._http`'s guard in
front of the SDK's app, as the REST server does: a request whose ``Host`` or
``Origin`` is not allowed (DNS rebinding protection; by default the loopback names
on the bound port, or the bound host and port when that is not loopback), that has
two of a single-value header (``Mcp-Session-Id``, ``Content-Type``, ...) or both
``Content-Length`` and ``Transfer-Encoding`` is refused; a body over 4 MiB gets
413, one that does not arrive whole within `body_timeout` 408, and headers that do
not within `header_timeout` 408 too (under `serve_async`). The requests a client
sends all the time (``tools/call``, ``ping``, ``logging/setLevel`` of the 2025
protocol versions) are answered by `toolbridge.mcp._streamable` straight on the
ASGI connection, the rest by the SDK's app: its per-request stream machinery cost
more than the call itself.

`build_http_app` is that HTTP server as an ASGI app, for any ASGI server: the MCP
endpoint and ``GET /healthz`` (200 ``{"status": "ok"}`` once the toolset is open, 503
while it opens or after shutdown began). With ``stateless=True`` every request stands
alone, as the MCP spec's stateless mode and the SDK allow: no session id is handed
out or needed, so any replica behind a balancer answers any request. It may be given
a function opening the toolset (an async context manager), which then opens in the
app's lifespan, once per process, and closes when it ends. `serve_async` runs it
with uvicorn; SIGTERM or Ctrl-C stop accepting connections, let the calls in flight
finish for up to `shutdown_timeout` seconds, close the toolset, and return.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import json
import math
import socket as sockets
import sys
import warnings
import weakref
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, TypeAlias, cast

import mcp_types as types
from mcp.server.lowlevel.server import Server as SdkServer
from mcp.shared.exceptions import MCPDeprecationWarning, MCPError
from mcp.shared.message import ServerMessageMetadata
from mcp_types import LOG_LEVEL_META_KEY
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from toolbridge._context import LOG_LEVELS, LogLevel
from toolbridge._http import (
    DEFAULT_BODY_LIMIT,
    DEFAULT_BODY_TIMEOUT,
    DEFAULT_HEADER_TIMEOUT,
    BodyReader,
    HeaderGuard,
    Listener,
    bind,
    checked_timeout,
    run_uvicorn,
)
from toolbridge._tool import Tool
from toolbridge.errors import (
    ConfigError,
    ToolDefinitionError,
)
from toolbridge.formats import to_mcp
from toolbridge.mcp._served import Client, answer_call
from toolbridge.toolsets import Identify, Identity, StaticToolset, Toolset, identifier

if TYPE_CHECKING:
    from starlette.types import Receive, Scope, Send

    from toolbridge.auth import AuthSettings, StaticTokens

__all__ = ["OpenToolset", "build_http_app", "build_server", "serve", "serve_async"]

OpenToolset: TypeAlias = Callable[[], AbstractAsyncContextManager[Toolset]]
"""A function opening a toolset for as long as a server runs (an async context manager)."""

HEALTH_PATH = "/healthz"
"""The HTTP server's health check: 200 once the toolset is open, 503 before and after."""
DEFAULT_SHUTDOWN_TIMEOUT = 30.0
"""Seconds the calls in flight get to finish once a shutdown began."""

_INVALID_PARAMS = -32602


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

    async def call_tool(
        context: Any, params: types.CallToolRequestParams
    ) -> types.CallToolResult | types.InputRequiredResult:
        caller = await identify(context)
        threshold = levels.get(_connection_of(context), 0)
        answer = await answer_call(
            toolset, _call_params(params), caller, _client(context, threshold)
        )
        if answer.get("resultType") == "input_required":
            return types.InputRequiredResult.model_validate(answer)
        return types.CallToolResult.model_validate(answer)

    async def set_level(context: Any, params: types.SetLevelRequestParams) -> types.EmptyResult:
        levels[_connection_of(context)] = LOG_LEVELS.index(str(params.level))
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


def _call_params(params: types.CallToolRequestParams) -> dict[str, Any]:
    """The params `answer_call` reads, as JSON (the answers dumped only when given)."""
    given: dict[str, Any] = {"name": params.name, "arguments": params.arguments or {}}
    if params.request_state is not None:
        given["requestState"] = params.request_state
    if params.input_responses is not None:
        given["inputResponses"] = {
            key: value.model_dump(by_alias=True, mode="json", exclude_none=True)
            if hasattr(value, "model_dump")
            else value
            for key, value in params.input_responses.items()
        }
    return given


def _client(context: Any, threshold: int) -> Client:
    """How the call of `context` reaches its client through the SDK's session."""
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
        if LOG_LEVELS.index(level) < threshold:
            return
        # MCP 2026-07-28 deprecates logging; the SDK warns on every message it sends.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MCPDeprecationWarning)
            sending = session.send_log_message(level, data, logger, related_request_id=request_id)
        await sending

    async def ask(params: Mapping[str, Any]) -> Mapping[str, Any]:
        request = types.ElicitRequest.model_validate(
            {"method": "elicitation/create", "params": params}
        )
        answer = await session.send_request(
            request,
            types.ElicitResult,
            metadata=ServerMessageMetadata(related_request_id=request_id),
        )
        dumped: dict[str, Any] = answer.model_dump(by_alias=True, mode="json", exclude_none=True)
        return dumped

    modern = str(getattr(context, "protocol_version", "")) in MODERN_PROTOCOL_VERSIONS
    can_send = modern or getattr(session, "can_send_request", True)
    wanted: LogLevel | None = LOG_LEVELS[threshold]
    if modern:  # 2026-07-28: the request's own opt-in, or no log messages at all
        asked = meta.get(LOG_LEVEL_META_KEY)
        wanted = cast("LogLevel", asked) if asked in LOG_LEVELS else None
    return Client(
        modern=modern,
        modes=_elicitation_modes(session),
        ask=ask if can_send else None,
        on_progress=on_progress,
        on_log=on_log,
        log_level=wanted,
    )


def _elicitation_modes(session: Any) -> frozenset[str]:
    """The elicitation modes the client declared (an empty ``elicitation`` means forms)."""
    capabilities = getattr(session, "client_capabilities", None)
    declared = getattr(capabilities, "elicitation", None) if capabilities is not None else None
    if declared is None:
        return frozenset()
    form = getattr(declared, "form", None) is not None
    url = getattr(declared, "url", None) is not None
    if not form and not url:
        return frozenset({"form"})
    return frozenset(mode for mode, on in (("form", form), ("url", url)) if on)


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


def build_http_app(
    tools: Iterable[Tool] | Toolset | OpenToolset,
    *,
    identity: Identity | Identify | None = None,
    auth: AuthSettings | StaticTokens | None = None,
    path: str = "/mcp",
    stateless: bool = False,
    json_response: bool = False,
    allowed_hosts: Sequence[str] | None = None,
    allowed_origins: Sequence[str] | None = None,
    body_timeout: float = DEFAULT_BODY_TIMEOUT,
    name: str = "toolbridge",
    version: str | None = None,
    instructions: str | None = None,
    page_size: int | None = None,
) -> Any:
    """The streamable HTTP MCP server as an ASGI app, with ``GET /healthz``.

    Serve it with any ASGI server that runs the lifespan (uvicorn does by default):
    the SDK's session manager, and the toolset when `tools` opens one, live there.

    Args:
        tools: The tools or a toolset (see `build_server`), or a function opening a
            toolset (`OpenToolset`): opened at the app's startup, in each process
            that serves it, and closed at its shutdown.
        identity: Who the client is; see `build_server`. With `auth`, by default
            the caller its access token names (`toolbridge.auth.identity_of`).
        auth: Accept only OAuth access tokens issued for this server
            (`toolbridge.auth.AuthSettings`): RFC 9728 metadata at
            ``/.well-known/oauth-protected-resource``, 401 with a
            ``WWW-Authenticate`` challenge without a valid token, 403 without the
            required scopes. ``/healthz`` stays open. Or accept the bearer tokens
            of a fixed table (`toolbridge.auth.StaticTokens`): a request without
            one is anonymous, one with a token not in the table gets 401
            ``WWW-Authenticate: Bearer error="invalid_token"``.
        path: The MCP endpoint's path.
        stateless: Serve each request on its own, with no session (no
            ``Mcp-Session-Id``): any replica answers any request, no affinity
            needed. The server then cannot send a request of its own to the client
            (notifications within a call, such as progress, still reach it) and keeps
            no per-client state (``logging/setLevel`` lasts one request).
        json_response: Answer each request with one JSON body instead of an SSE
            stream, for clients or proxies that handle a plain body better (hardly
            faster: both are written without the SDK's stream machinery). A call's
            own messages to the client are not sent: its progress and log
            notifications are dropped and its questions to the user are declined.
        allowed_hosts: ``Host`` values accepted (``"host:*"`` for any port); by
            default the loopback names on any port.
        allowed_origins: ``Origin`` values accepted (a request without one is
            accepted); by default the ``http://`` origins of the allowed hosts.
        body_timeout: Seconds a request's body may take to arrive, from its headers.
        name: As in `build_server`.
        version: As in `build_server`.
        instructions: As in `build_server`.
        page_size: As in `build_server`.

    Raises:
        ToolDefinitionError: Unusable tools (checked at once unless opened later).
        ConfigError: Unusable options.
    """
    if not path.startswith("/") or path == HEALTH_PATH:
        raise ConfigError(f"path must start with '/' and not be {HEALTH_PATH!r}, got {path!r}")
    if isinstance(allowed_hosts, str) or isinstance(allowed_origins, str):
        raise ConfigError("allowed hosts and origins must be a list of strings, not a string")
    hosts = list(allowed_hosts or ("127.0.0.1:*", "localhost:*", "[::1]:*"))
    origins = list(allowed_origins or (f"http://{host}" for host in hosts))
    timeout = checked_timeout(body_timeout)
    if auth is not None:
        identity = _verified_caller(auth, identity)

    def make(given: Iterable[Tool] | Toolset) -> _Served:
        if not isinstance(given, Toolset | Tool):
            given = list(given)  # read once: the SDK's server and the fast path share it
        server = build_server(
            given,
            identity=identity,
            name=name,
            version=version,
            instructions=instructions,
            page_size=page_size,
        )
        toolset = given if isinstance(given, Toolset) else StaticToolset(given)
        return _Served(server, toolset)

    if isinstance(tools, Toolset) or not callable(tools) or isinstance(tools, Tool):
        built = make(tools)  # unusable tools fail here, before anything listens

        @contextlib.asynccontextmanager
        async def given() -> Any:
            yield built

        opener: Callable[[], AbstractAsyncContextManager[_Served]] = given
    else:
        open_toolset = tools

        @contextlib.asynccontextmanager
        async def opened() -> Any:
            async with open_toolset() as toolset:
                yield make(toolset)

        opener = opened
    gateway = _Gateway(
        opener,
        identify=identifier(identity),
        path=path,
        stateless=stateless,
        json_response=json_response,
        hosts=hosts,
        origins=origins,
    )
    # The SDK's own checks stay; these refuse what they let through (two Origin
    # headers, a body that never ends) before the SDK reads anything.
    body = BodyReader(gateway, max_bytes=DEFAULT_BODY_LIMIT, timeout=timeout)
    app = HeaderGuard(_guarded(body, auth), hosts=hosts, origins=origins)
    _gateways[app] = gateway
    return app


def _verified_caller(
    auth: AuthSettings | StaticTokens, identity: Identity | Identify | None
) -> Identify:
    """The identity function of a server behind `auth`: the token's caller by default."""
    from toolbridge.auth import AuthSettings, StaticTokens, identity_of

    if not isinstance(auth, AuthSettings | StaticTokens):
        raise ConfigError(
            f"auth must be toolbridge.auth.AuthSettings or StaticTokens, not {type(auth).__name__}"
        )
    if isinstance(identity, Identity):
        raise ConfigError("with auth, identity is a function of the request (or left out)")
    return identity or identity_of


def _guarded(app: Any, auth: AuthSettings | StaticTokens | None) -> Any:
    """`app` behind the token check of `auth` (before its body is read), if any."""
    if auth is None:
        return app
    from toolbridge.auth import ResourceServer, StaticTokenGuard, StaticTokens

    if isinstance(auth, StaticTokens):
        return StaticTokenGuard(app, auth, open_paths=(HEALTH_PATH,))
    return ResourceServer(app, auth, open_paths=(HEALTH_PATH,))


class _Served(NamedTuple):
    """The SDK's server of a toolset, and the toolset (what the fast path calls)."""

    server: SdkServer[Any]
    toolset: Toolset


_gateways: weakref.WeakKeyDictionary[Any, _Gateway] = weakref.WeakKeyDictionary()
"""The gateway inside each app `build_http_app` made: `serve_async` reads why it failed."""


class _Gateway:
    """The MCP endpoint and the health check; the SDK's app once the lifespan started it."""

    def __init__(
        self,
        opener: Callable[[], AbstractAsyncContextManager[_Served]],
        *,
        identify: Callable[[Any], Awaitable[Identity]],
        path: str,
        stateless: bool,
        json_response: bool,
        hosts: list[str],
        origins: list[str],
    ) -> None:
        self._opener = opener
        self._identify = identify
        self._path = path
        self._stateless = stateless
        self._json_response = json_response
        self._hosts = hosts
        self._origins = origins
        self._app: Any = None
        self.state: Literal["starting", "ok", "stopping"] = "starting"
        self.failure: BaseException | None = None
        """Why the startup failed, if it did."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] == "http" and scope["path"] == HEALTH_PATH:
            await self._health(scope, send)
            return
        if self.state != "ok" or self._app is None:
            if scope["type"] == "http":
                message = f"the server is {self.state}; retry shortly"
                await _answer(send, 503, {"error": {"type": "Unavailable", "message": message}})
            return
        await self._app(scope, receive, send)

    async def _health(self, scope: Scope, send: Send) -> None:
        if scope["method"] not in ("GET", "HEAD"):
            error = {
                "type": "MethodNotAllowed",
                "message": f"{scope['method']} is not allowed here",
            }
            await _answer(send, 405, {"error": error}, allow="GET, HEAD")
            return
        await _answer(send, 200 if self.state == "ok" else 503, {"status": self.state})

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        from mcp.server.transport_security import TransportSecuritySettings

        await receive()  # lifespan.startup
        async with contextlib.AsyncExitStack() as stack:
            try:
                server, toolset = await stack.enter_async_context(self._opener())
                security = TransportSecuritySettings(
                    enable_dns_rebinding_protection=True,
                    allowed_hosts=self._hosts,
                    allowed_origins=self._origins,
                )
                app = server.streamable_http_app(
                    streamable_http_path=self._path,
                    stateless_http=self._stateless,
                    json_response=self._json_response,
                    transport_security=security,
                )
                await stack.enter_async_context(server.session_manager.run())
            except Exception as error:
                self.failure = error
                said = f"{type(error).__name__}: {error}"
                await send({"type": "lifespan.startup.failed", "message": said})
                return
            from toolbridge.mcp._streamable import Streamable

            self._app = Streamable(
                app,
                manager=server.session_manager,
                toolset=toolset,
                identify=self._identify,
                path=self._path,
                stateless=self._stateless,
                json_response=self._json_response,
            )
            self.state = "ok"
            stack.enter_context(_streams_outlive_the_signal())
            await send({"type": "lifespan.startup.complete"})
            await receive()  # lifespan.shutdown
            self.state = "stopping"
        await send({"type": "lifespan.shutdown.complete"})


@contextlib.contextmanager
def _streams_outlive_the_signal() -> Iterator[None]:
    """The SDK's SSE answers go on after SIGTERM until they end or the server cancels them.

    sse-starlette (which the SDK answers with) ends every open stream as soon as
    uvicorn is told to stop, which would drop the answer of each call in flight;
    uvicorn itself already waits for them, within its graceful shutdown timeout.
    The switch is sse-starlette's own, and process-wide: set while this app runs.
    """
    try:
        from sse_starlette.sse import AppStatus
    except ImportError:  # pragma: no cover - a dependency of the SDK
        yield
        return
    kept = AppStatus.enable_automatic_graceful_drain
    AppStatus.enable_automatic_graceful_drain = False
    try:
        yield
    finally:
        AppStatus.enable_automatic_graceful_drain = kept


async def _answer(send: Send, status: int, data: Any, *, allow: str | None = None) -> None:
    body = json.dumps(data).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if allow is not None:
        headers.append((b"allow", allow.encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def serve_async(
    tools: Iterable[Tool] | Toolset | OpenToolset,
    *,
    identity: Identity | Identify | None = None,
    auth: AuthSettings | StaticTokens | None = None,
    transport: Literal["stdio", "http"] = "stdio",
    host: str = "127.0.0.1",
    port: int = 8000,
    path: str = "/mcp",
    stateless: bool = False,
    json_response: bool = False,
    allowed_hosts: Sequence[str] | None = None,
    allowed_origins: Sequence[str] | None = None,
    on_ready: Callable[[str], None] | None = None,
    body_timeout: float = DEFAULT_BODY_TIMEOUT,
    header_timeout: float = DEFAULT_HEADER_TIMEOUT,
    shutdown_timeout: float = DEFAULT_SHUTDOWN_TIMEOUT,
    socket: sockets.socket | None = None,
    name: str = "toolbridge",
    version: str | None = None,
    instructions: str | None = None,
    page_size: int | None = None,
) -> None:
    """Serve `tools` over MCP until the client leaves (stdio), a signal, or cancellation.

    Over stdio, nothing but the protocol reaches stdout while the server runs: what
    is printed (`sys.stdout`) or written to file descriptor 1 goes to stderr. Over
    HTTP too, what is printed goes to stderr, as a server's logs do.

    Over HTTP, SIGTERM or SIGINT (in the main thread) stop accepting connections,
    let the requests in flight finish within `shutdown_timeout`, close the toolset,
    and return.

    Args:
        tools: The tools or a toolset (see `build_server`), or a function opening
            one over HTTP (see `build_http_app`).
        identity: Who the client is; see `build_server`.
        auth: Over HTTP, accept only OAuth access tokens for this server, or the
            bearer tokens of a fixed table; see `build_http_app`.
        transport: ``"stdio"`` (stdin and stdout) or ``"http"`` (streamable HTTP).
        host: The address to bind over HTTP; loopback by default.
        port: The port; 0 picks a free one.
        path: The MCP endpoint's path.
        stateless: Over HTTP, no sessions: any replica answers any request; see
            `build_http_app`.
        json_response: Over HTTP, answer with one JSON body, not an SSE stream: a
            call's progress and log notifications are dropped; see `build_http_app`.
        allowed_hosts: ``Host`` values accepted over HTTP (``"host:*"`` for any
            port); by default the loopback names, or `host` itself.
        allowed_origins: ``Origin`` values accepted (a request without one is
            accepted); by default the ``http://`` origins of the allowed hosts.
        on_ready: Called with the endpoint URL once the server listens (HTTP) or
            starts reading (stdio).
        body_timeout: Seconds a request's body may take to arrive over HTTP, from
            its headers; a body still incomplete then gets 408.
        header_timeout: Seconds a request's headers may take to arrive over HTTP,
            from the connection's opening (or a request's first byte after another
            on the same connection); late headers get 408 and the connection closes.
        shutdown_timeout: Seconds the requests in flight get to finish once a
            shutdown began over HTTP; those still running then are cancelled.
        socket: A bound socket to serve on over HTTP instead of binding `host` and
            `port` (a supervisor's workers share one); closed when serving ends.
        name: As in `build_server`.
        version: As in `build_server`.
        instructions: As in `build_server`.
        page_size: As in `build_server`.
    """
    if transport == "stdio":
        if callable(tools) and not isinstance(tools, Toolset | Tool):
            raise ConfigError("over stdio, give the tools or a toolset, not a function opening one")
        server = build_server(
            tools,
            identity=identity,
            name=name,
            version=version,
            instructions=instructions,
            page_size=page_size,
        )
        checked_timeout(body_timeout)
        checked_timeout(header_timeout, "header_timeout")
        from toolbridge.mcp._stdio import asyncio_stdio

        async with asyncio_stdio() as (read_stream, write_stream):
            with _stdout_to_stderr():
                if on_ready is not None:
                    on_ready("stdio")
                options = server.create_initialization_options()
                await server.run(read_stream, write_stream, options)
        return
    if transport != "http":
        raise ValueError(f"transport must be 'stdio' or 'http', got {transport!r}")
    grace = _shutdown_timeout(shutdown_timeout)
    headers = checked_timeout(header_timeout, "header_timeout")
    if socket is None:
        listener = bind(host, port, allowed_hosts, allowed_origins)
    else:
        listener = _adopt(socket, allowed_hosts, allowed_origins)
    try:
        app = build_http_app(
            tools,
            identity=identity,
            auth=auth,
            path=path,
            stateless=stateless,
            json_response=json_response,
            allowed_hosts=listener.allowed_hosts,
            allowed_origins=listener.allowed_origins,
            body_timeout=body_timeout,
            name=name,
            version=version,
            instructions=instructions,
            page_size=page_size,
        )
    except BaseException:
        listener.socket.close()
        raise
    url = listener.url + path
    with _stdout_to_stderr():  # what a tool prints never mixes with the command's output
        await _run_http(
            app,
            listener,
            grace,
            header_timeout=headers,
            on_ready=None if on_ready is None else lambda: on_ready(url),
        )


def _shutdown_timeout(seconds: object) -> float:
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        raise ConfigError(f"shutdown_timeout must be a number of seconds, got {seconds!r}")
    if not (math.isfinite(seconds) and seconds >= 0):
        raise ConfigError(f"shutdown_timeout must be a finite number >= 0, got {seconds!r}")
    return float(seconds)


def _adopt(
    socket: sockets.socket,
    allowed_hosts: Sequence[str] | None,
    allowed_origins: Sequence[str] | None,
) -> Listener:
    """A socket bound elsewhere as a `Listener`, with `bind`'s defaults for its address."""
    host, port = socket.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    if allowed_hosts is None:
        loopback = host in ("127.0.0.1", "::1")
        names = ["127.0.0.1", "localhost", "[::1]"] if loopback else [shown]
        allowed_hosts = [f"{name}:{port}" for name in names]
    if allowed_origins is None:
        allowed_origins = [f"http://{entry}" for entry in allowed_hosts]
    return Listener(socket, f"http://{shown}:{port}", list(allowed_hosts), list(allowed_origins))


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


async def _run_http(
    app: Any,
    listener: Listener,
    shutdown_timeout: float,
    *,
    header_timeout: float,
    on_ready: Callable[[], None] | None,
) -> None:
    """`run_uvicorn` with the app's lifespan, raising what kept its toolset from opening."""
    gateway = _gateways.get(app)
    try:
        await run_uvicorn(
            app,
            listener,
            lifespan="on",
            shutdown_timeout=shutdown_timeout,
            header_timeout=header_timeout,
            on_ready=on_ready,
        )
    except SystemExit:  # uvicorn's answer to a failed startup
        if gateway is not None and gateway.failure is not None:
            raise gateway.failure from None
        raise
    if gateway is not None and gateway.failure is not None:
        raise gateway.failure


def serve(tools: Iterable[Tool] | Toolset | OpenToolset, **options: Any) -> None:
    """`serve_async` in a new event loop, until the client leaves, SIGTERM or Ctrl-C."""
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve_async(tools, **options))
