"""Streamable HTTP's frequent requests answered by toolbridge itself; the rest by the SDK.

The MCP SDK's streamable HTTP app gives every POST a starlette request, memory
streams, a task group and an sse-starlette response with a ping task of its own:
py-spy puts less than a tenth of a served call's time in the ``tools/call`` handler.
`Streamable` sits in front of that app and answers, straight on ASGI ``send``
(`Answer`), the POSTs a client sends all the time:

* one JSON-RPC request ``tools/call``, ``ping`` or ``logging/setLevel`` of a
  handshake-era protocol version (no ``MCP-Protocol-Version`` header, or one up to
  2025-11-25), on a session the SDK opened and still holds for the same credential,
  or with no session when serving statelessly;
* the client's response to a request the server sent within one of its calls (an
  elicitation), and ``notifications/cancelled`` for one of its calls.

It takes a request only when the SDK would serve it, and answers as the SDK would:
the ``Content-Type`` is JSON, ``Accept`` has JSON (and SSE unless answering with
JSON), the body is one well-formed message, the session is known. Everything else
goes to the SDK's app unchanged, with the body as read, and the SDK answers it with
its own statuses and errors: ``initialize`` (seen on the way, for the client's
capabilities), ``notifications/initialized``, ``tools/list``, GET streams, DELETE,
a missing or unknown session (400, 404), a bad header or body, the 2026-07-28 era.

A call runs in the request's own task. The client leaving, or cancelling the call
(``notifications/cancelled`` on its session), cancels the tool; a cancelled call is
answered with the SDK's ``-32800 Request cancelled`` on the 2025 wire. A call keeps
its session from idling out, as the SDK's requests do; a server shutting down lets
it finish (uvicorn waits for the request).
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import pydantic_core
from mcp.shared.exceptions import MCPError
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

from toolbridge._context import LOG_LEVELS, LogLevel
from toolbridge._http import replay
from toolbridge.mcp._served import Client, answer_call
from toolbridge.mcp._streamable_answer import PING_INTERVAL, Answer
from toolbridge.mcp._streamable_sessions import Call, Session, Sessions, held

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

    from toolbridge.toolsets import Identity, Toolset

__all__ = ["Streamable"]

_REQUEST_CANCELLED: Final = -32800
"""The SDK's answer to a cancelled request on the 2025 wire (LSP's RequestCancelled)."""
_ELICIT: Final = "elicitation/create"
_SERVED: Final = frozenset({"tools/call", "ping", "logging/setLevel"})
_VERSIONS: Final = frozenset(version.encode() for version in HANDSHAKE_PROTOCOL_VERSIONS)
_ACCEPTED: Final = ((b"content-type", b"application/json"),)
_ids = itertools.count(1)
"""Numbers the requests this process sends to clients (ids unique per process)."""


@dataclass(frozen=True, slots=True)
class _Post:
    """A POST the fast path may take: its headers of note and its parsed body."""

    session_id: bytes | None
    version: str | None
    message: dict[str, Any]
    first: Message
    """The body as received, for the SDK to read again."""


class Streamable:
    """ASGI app answering the frequent streamable HTTP requests, the SDK's `app` the rest.

    Args:
        app: The SDK's streamable HTTP app (``Server.streamable_http_app``).
        manager: Its session manager (``Server.session_manager``), entered.
        toolset: What the calls run on.
        identify: The caller of a request (given a starlette ``Request``).
        path: The MCP endpoint's path.
        stateless: Serving without sessions.
        json_response: Answering with one JSON body, not an event stream.
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        manager: Any,
        toolset: Toolset,
        identify: Callable[[Any], Awaitable[Identity]],
        path: str,
        stateless: bool,
        json_response: bool,
    ) -> None:
        self._app = app
        self._sessions = Sessions(manager)
        self._toolset = toolset
        self._identify = identify
        self._path = path
        self._stateless = stateless
        self._json = json_response

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" or scope["path"] != self._path:
            await self._app(scope, receive, send)
            return
        first = await receive()
        post = self._takes(scope, first)
        if post is None:
            await self._app(scope, replay(first, receive), send)
            return
        message = post.message
        if "method" not in message:
            if not await self._reply(scope, post, send):
                await self._app(scope, replay(first, receive), send)
            return
        if "id" not in message:
            if not await self._notified(scope, post, send):
                await self._app(scope, replay(first, receive), send)
            return
        method = message["method"]
        if method == "initialize":
            await self._initialize(scope, replay(first, receive), send, message)
            return
        if method not in _SERVED:
            await self._app(scope, replay(first, receive), send)
            return
        if self._stateless:
            await self._request(scope, receive, send, post, None)
            return
        found = self._sessions.find(scope, post.session_id)
        if found is None:
            await self._app(scope, replay(first, receive), send)
            return
        transport, session = found
        with held(transport):
            await self._request(scope, receive, send, post, session)

    # -- what the fast path takes ---------------------------------------------------------

    def _takes(self, scope: Scope, first: Message) -> _Post | None:
        """The POST as the fast path reads it, or None when the SDK should answer it."""
        if first.get("type") != "http.request" or first.get("more_body", False):
            return None
        content_type = accept = version = session_id = None
        for key, value in scope["headers"]:
            if key == b"content-type":
                content_type = content_type or value
            elif key == b"accept":
                accept = accept or value
            elif key == b"mcp-protocol-version":
                version = version or value
            elif key == b"mcp-session-id":
                session_id = session_id or value
        if content_type is None or content_type.split(b";")[0].strip() != b"application/json":
            return None
        if accept is None or not self._acceptable(accept):
            return None
        if version is not None and version not in _VERSIONS:
            return None  # the 2026-07-28 era, or a version the SDK refuses
        try:
            message = pydantic_core.from_json(first.get("body", b""))
        except ValueError:
            return None
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
            return None
        if "id" in message and not _is_id(message["id"]):
            return None
        return _Post(session_id, None if version is None else version.decode(), message, first)

    def _acceptable(self, accept: bytes) -> bool:
        """``Accept`` as the SDK requires it (RFC 7231 wildcards included)."""
        kinds = {part.split(b";")[0].strip().lower() for part in accept.split(b",")}
        anything = b"*/*" in kinds
        json = anything or b"application/json" in kinds or b"application/*" in kinds
        if self._json:
            return json
        return json and (anything or b"text/event-stream" in kinds or b"text/*" in kinds)

    # -- requests ---------------------------------------------------------------------------

    async def _initialize(
        self, scope: Scope, receive: Receive, send: Send, message: dict[str, Any]
    ) -> None:
        """The SDK answers ``initialize``; the session it opens is noted with its client."""
        if self._stateless:
            await self._app(scope, receive, send)
            return
        params = message.get("params")
        capabilities = params.get("capabilities") if isinstance(params, dict) else None

        async def watch(answer: Message) -> None:
            # Noted before the client can read the session id: its next request may
            # come before the SDK's app returns (an SSE answer ends after it is read).
            if answer["type"] == "http.response.start" and answer["status"] == 200:
                for key, value in answer.get("headers", ()):
                    if key == b"mcp-session-id":
                        self._sessions.opened(value, capabilities)
                        break
            await send(answer)

        await self._app(scope, receive, watch)

    async def _request(
        self, scope: Scope, receive: Receive, send: Send, post: _Post, session: Session | None
    ) -> None:
        message = post.message
        request_id = message["id"]
        method = message["method"]
        params = message.get("params")
        answer = Answer(send, sse=not self._json, session_id=post.session_id)
        if params is not None and not isinstance(params, dict):
            await self._app(scope, replay(post.first, receive), send)
            return
        if method == "ping":
            await answer.finish(_result(request_id, {}))
        elif method == "logging/setLevel":
            level = (params or {}).get("level")
            if level not in LOG_LEVELS:
                await self._app(scope, replay(post.first, receive), send)
                return
            if session is not None:
                session.level = LOG_LEVELS.index(level)
            await answer.finish(_result(request_id, {}))
        else:
            if params is None or not _plain_call(params):
                await self._app(scope, replay(post.first, receive), send)
                return
            token = (params.get("_meta") or {}).get("progressToken")
            await self._tools_call(scope, receive, answer, request_id, params, token, session)

    async def _tools_call(
        self,
        scope: Scope,
        receive: Receive,
        answer: Answer,
        request_id: Any,
        params: dict[str, Any],
        token: Any,
        session: Session | None,
    ) -> None:
        from starlette.requests import Request

        task = asyncio.current_task()
        assert task is not None
        running = Call(task)
        if session is not None:
            session.running[request_id] = running
        watcher = asyncio.create_task(_watch(receive, running, answer))
        reply: dict[str, Any] | None = None
        try:
            caller = await self._identify(Request(scope))
            client = self._client(answer, token, session)
            reply = await self._run(request_id, params, caller, client)
        except asyncio.CancelledError:
            if running.stopped is None:
                raise
        finally:
            watcher.cancel()
            if session is not None:
                session.running.pop(request_id, None)
        if running.stopped is not None:
            if task.uncancel() > 0:  # cancelled by someone else too (a shutdown)
                raise asyncio.CancelledError
            if running.stopped == "left":
                await answer.end()
                return
            reply = _error(request_id, _REQUEST_CANCELLED, "Request cancelled")
        assert reply is not None
        await answer.finish(reply)

    async def _run(
        self, request_id: Any, params: dict[str, Any], caller: Identity, client: Client
    ) -> dict[str, Any]:
        """The call's JSON-RPC response, as the SDK path answers it (`answer_call`)."""
        try:
            result = await answer_call(self._toolset, params, caller, client)
        except MCPError as error:
            return {
                "jsonrpc": "2.0",
                "id": request_id,
                "error": error.error.model_dump(by_alias=True, mode="json", exclude_none=True),
            }
        except Exception as error:  # the SDK's catch-all, code 0
            return _error(request_id, 0, str(error))
        return _result(request_id, result)

    def _client(self, answer: Answer, token: Any, session: Session | None) -> Client:
        """How the call reaches its client: on its own event stream, as the SDK's calls do."""
        threshold = session.level if session is not None else 0

        async def on_progress(progress: float, total: float | None, message: str | None) -> None:
            if token is None:
                return
            params: dict[str, Any] = {"progressToken": token, "progress": progress}
            if total is not None:
                params["total"] = total
            if message is not None:
                params["message"] = message
            notification = {"jsonrpc": "2.0", "method": "notifications/progress", "params": params}
            await answer.event(notification)

        async def on_log(level: LogLevel, data: Any, logger: str | None) -> None:
            if LOG_LEVELS.index(level) < threshold:
                return
            params: dict[str, Any] = {"level": level, "data": data}
            if logger is not None:
                params["logger"] = logger
            notification = {"jsonrpc": "2.0", "method": "notifications/message", "params": params}
            await answer.event(notification)

        async def ask(params: Mapping[str, Any]) -> Mapping[str, Any]:
            assert session is not None
            request_id = f"toolbridge-{next(_ids)}"
            waiting = asyncio.get_running_loop().create_future()
            session.asked[request_id] = waiting
            try:
                request = {"jsonrpc": "2.0", "id": request_id, "method": _ELICIT, "params": params}
                await answer.event(request)
                reply = await waiting
            finally:
                session.asked.pop(request_id, None)
            if "error" in reply:
                error = reply["error"] if isinstance(reply["error"], dict) else {}
                raise MCPError(
                    code=int(error.get("code", 0)),
                    message=str(error.get("message", "the client refused the request")),
                    data=error.get("data"),
                )
            result = reply.get("result")
            return result if isinstance(result, dict) else {}

        # Only a session's own stream carries a question whose answer can come back.
        can_ask = session is not None and answer.sse
        return Client(
            modes=_modes(session.capabilities) if session is not None else frozenset(),
            ask=ask if can_ask else None,
            on_progress=on_progress,
            on_log=on_log,
            log_level=LOG_LEVELS[threshold],
        )

    # -- messages that are not requests -------------------------------------------------------

    async def _reply(self, scope: Scope, post: _Post, send: Send) -> bool:
        """Settle a request of the server's with the client's response; False if not ours."""
        message = post.message
        if "id" not in message or ("result" not in message and "error" not in message):
            return False
        session = self._known(scope, post.session_id)
        future = None if session is None else session.asked.pop(message["id"], None)
        if future is None:
            return False
        if not future.done():
            future.set_result(message)
        await _accepted(send, post.session_id)
        return True

    async def _notified(self, scope: Scope, post: _Post, send: Send) -> bool:
        """Cancel one of the session's calls at its client's word; False if not ours."""
        message = post.message
        if message.get("method") != "notifications/cancelled":
            return False
        params = message.get("params")
        request_id = params.get("requestId") if isinstance(params, dict) else None
        if not _is_id(request_id):
            return False
        session = self._known(scope, post.session_id)
        running = None if session is None else session.running.get(request_id)
        if running is None:
            return False
        running.stop("cancelled")
        await _accepted(send, post.session_id)
        return True

    def _known(self, scope: Scope, session_id: bytes | None) -> Session | None:
        if self._stateless:
            return None
        found = self._sessions.find(scope, session_id)
        return None if found is None else found[1]


async def _watch(receive: Receive, running: Call, answer: Answer) -> None:
    """Stop the call when its client leaves; keep a quiet event stream open meanwhile."""
    while True:
        if answer.sse:
            try:
                async with asyncio.timeout(PING_INTERVAL):
                    message = await receive()
            except TimeoutError:
                await answer.ping()
                continue
        else:
            message = await receive()
        if message["type"] == "http.disconnect":
            running.stop("left")
            return


def _plain_call(params: dict[str, Any]) -> bool:
    """A ``tools/call``'s params the fast path serves: a name, arguments, a progress token.

    Anything else (a task, an extension, a malformed field) is the SDK's to serve
    or refuse.
    """
    name = params.get("name")
    arguments = params.get("arguments")
    if not isinstance(name, str) or not (arguments is None or isinstance(arguments, dict)):
        return False
    meta = params.get("_meta")
    if meta is not None:
        if not isinstance(meta, dict):
            return False
        token = meta.get("progressToken")
        if token is not None and not _is_id(token):
            return False
    return all(key in ("name", "arguments", "_meta") for key in params)


def _modes(capabilities: dict[str, Any]) -> frozenset[str]:
    """The elicitation modes a client declared (an empty ``elicitation`` means forms)."""
    declared = capabilities.get("elicitation")
    if not isinstance(declared, dict):
        return frozenset()
    modes = frozenset(mode for mode in ("form", "url") if declared.get(mode) is not None)
    return modes or frozenset({"form"})


def _is_id(value: object) -> bool:
    """A JSON-RPC id (or progress token): a string or an integer, never a boolean."""
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _result(request_id: Any, result: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "result": result}


def _error(request_id: Any, code: int, message: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}


async def _accepted(send: Send, session_id: bytes | None) -> None:
    """202 with no body, as the SDK answers a notification or a response."""
    headers = list(_ACCEPTED)
    if session_id is not None:
        headers.append((b"mcp-session-id", session_id))
    headers.append((b"content-length", b"0"))
    await send({"type": "http.response.start", "status": 202, "headers": headers})
    await send({"type": "http.response.body", "body": b""})
