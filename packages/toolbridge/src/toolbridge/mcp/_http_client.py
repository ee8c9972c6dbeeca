"""The MCP SDK's streamable HTTP client transport, bounded as the stdio one is.

The SDK reads a JSON response body whole, however long, and parses every message
whole through its message model before anything can count the tools of a
``tools/list`` page (a page of 100,000 tools: 800 MB and 11 s); its SSE events stop
at 1 MiB, where a stdio line may be 16 MiB. This transport is the SDK's own with
three changes:

* a JSON body is read no further than ``max_message_size`` bytes, and an SSE event
  may be as long as that: a longer one (or a ``Content-Length`` that says so) fails
  its request with `ServerError` naming ``max_message_size``, and the session lives
  on (the SDK's own words would be "the connection closed");
* a long body or event answering with a ``tools`` array is read tool by tool, and
  no further than one tool past ``max_tools`` (see `cut_listing`): the rest is never
  parsed, whether the server sent JSON or SSE;
* `Arrivals` says since when the bytes of a message that is still being read have
  been here, so that ``list_timeout`` judges the server, not the parsing: a page that
  came in time is never reported late.

An error status (4xx, 5xx) is bounded too: the SDK reads a JSON body sent with one
whole, to find the JSON-RPC error in it; past ``max_message_size`` the request fails
with `ServerError` naming the limit, the rest of the body unread, and the session
lives on.

It overrides three methods of the SDK's ``StreamableHTTPTransport`` (``mcp>=2,<3``) and
repeats its small ``streamable_http_client`` to build one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any, Final, final

import anyio
import httpx2
from mcp.client.streamable_http import StreamableHTTPTransport
from mcp.shared._context_streams import create_context_streams
from mcp.shared.message import SessionMessage
from mcp_types import (
    CONNECTION_CLOSED,
    INTERNAL_ERROR,
    PARSE_ERROR,
    ErrorData,
    JSONRPCError,
    JSONRPCResponse,
    jsonrpc_message_adapter,
)
from pydantic import ValidationError

from toolbridge.mcp._listing import LARGE, cut_listing

if TYPE_CHECKING:
    from httpx2 import ServerSentEvent
    from mcp_types import RequestId

__all__ = ["Arrivals", "Local", "bounded_http_client", "fail_request"]

_log = logging.getLogger("toolbridge.mcp")
_CHUNK: Final = 1 << 16
_EVENT_TOO_LONG: Final = "SSE stream failed: Server-sent event exceeded"
"""How the SDK's error begins when an SSE event is longer than its limit."""


@final
class Local:
    """The ``data`` of an error the transport made up itself (never the server's).

    A Python object no JSON can spell: a server cannot pass its own error off as one.
    """

    __slots__ = ("reason",)

    def __init__(self, reason: str) -> None:
        self.reason = reason
        """What went wrong, as the end of a sentence about the server."""


@final
class Arrivals:
    """The messages whose bytes are all here and that the session has not yet taken.

    The transport notes when a message's last byte came (`now`), reads it, and hands
    it over (`send`); the `Wire` says when the session took it (`taken`), once it was
    judged. `first` is then the earliest arrival of those still on their way.
    """

    def __init__(self) -> None:
        self._pending: dict[int, float] = {}

    def first(self) -> float | None:
        """When (event loop time) the earliest of them arrived; None if none is."""
        return min(self._pending.values(), default=None)

    @staticmethod
    def now() -> float:
        return asyncio.get_running_loop().time()

    async def send(self, writer: Any, item: SessionMessage | Exception, since: float) -> None:
        """Hand `item`, whose bytes came at `since`, to the session through `writer`.

        Dropped if the session has ended: nobody is left to tell.
        """
        self._pending[id(item)] = since
        try:
            await writer.send(item)
        except (anyio.BrokenResourceError, anyio.ClosedResourceError):
            self._pending.pop(id(item), None)
        except BaseException:
            self._pending.pop(id(item), None)
            raise

    def taken(self, item: object) -> None:
        """The session has `item` (the `Wire` judged it)."""
        self._pending.pop(id(item), None)

    def clear(self) -> None:
        """The connection is over: nothing more is on its way."""
        self._pending.clear()


@final
class _Noting:
    """A read stream's writer whose every item is handed over through `Arrivals`."""

    __slots__ = ("_arrivals", "_since", "_writer")

    def __init__(self, writer: Any, arrivals: Arrivals, since: float) -> None:
        self._writer, self._arrivals, self._since = writer, arrivals, since

    async def send(self, item: SessionMessage | Exception) -> None:
        await self._arrivals.send(self._writer, item, self._since)


class _TooLong(Exception):
    pass


@final
class _CappedErrorBody(httpx2.AsyncByteStream):
    """An error response's body, raising `_TooLong` once past `limit` bytes.

    `_TooLong` is no ``httpx2.StreamError``, so the SDK's reading of the body does not
    take it for a broken stream: it reaches `_BoundedTransport._handle_post_request`.
    """

    __slots__ = ("_inner", "_limit", "_status")

    def __init__(self, inner: httpx2.AsyncByteStream, limit: int, status: int) -> None:
        self._inner, self._limit, self._status = inner, limit, status

    async def __aiter__(self) -> AsyncIterator[bytes]:
        size = 0
        async for chunk in self._inner:
            size += len(chunk)
            if size > self._limit:
                raise _TooLong(_error_too_long(self._status, f"more than {self._limit:,}"))
            yield chunk

    async def aclose(self) -> None:
        await self._inner.aclose()


def _capping_error_bodies(limit: int) -> Callable[[httpx2.Response], Awaitable[None]]:
    """An httpx response hook bounding the body of every error status to `limit` bytes."""

    async def cap(response: httpx2.Response) -> None:
        if response.status_code < 400:
            return
        declared = response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            await response.aclose()
            raise _TooLong(_error_too_long(response.status_code, f"{int(declared):,}"))
        stream = response.stream
        if isinstance(stream, httpx2.AsyncByteStream):
            response.stream = _CappedErrorBody(stream, limit, response.status_code)

    return cap


def _error_too_long(status: int, size: str) -> str:
    return f"answered with HTTP {status} and a body of {size} bytes, longer than max_message_size"


@final
class _BoundedTransport(StreamableHTTPTransport):
    """``StreamableHTTPTransport`` with bounded bodies and ``tools/list`` pages."""

    def __init__(
        self, url: str, *, max_tools: int | None, max_message_size: int, arrivals: Arrivals
    ) -> None:
        super().__init__(url, max_sse_event_size=max_message_size)
        self._max_tools = max_tools
        self._max_message_size = max_message_size
        self._arrivals = arrivals

    async def _handle_post_request(self, ctx: Any) -> None:
        try:
            await super()._handle_post_request(ctx)
        except _TooLong as error:  # an error status's body (see `_capping_error_bodies`)
            message = ctx.session_message.message
            request_id = getattr(message, "id", None)
            if request_id is not None:
                reason = f"{error} ({self._max_message_size:,} bytes)"
                await fail_request(ctx.read_stream_writer, request_id, reason)

    async def _handle_json_response(
        self,
        response: httpx2.Response,
        read_stream_writer: Any,
        *,
        request_id: RequestId,
    ) -> None:
        try:
            body = await self._body(response)
        except _TooLong as error:
            await fail_request(read_stream_writer, request_id, str(error))
            return
        except httpx2.StreamError as error:
            await fail_request(
                read_stream_writer, request_id, f"answered with a body that broke off ({error})"
            )
            return
        since = self._arrivals.now()
        message = self._cut(body, request_id)
        if message is None:
            try:
                message = SessionMessage(jsonrpc_message_adapter.validate_json(body, by_name=False))
            except ValidationError as error:
                error_data = ErrorData(
                    code=PARSE_ERROR, message=f"Failed to parse JSON response: {error}"
                )
                message = SessionMessage(
                    JSONRPCError(jsonrpc="2.0", id=request_id, error=error_data)
                )
        await self._arrivals.send(read_stream_writer, message, since)

    async def _handle_sse_event(
        self,
        sse: ServerSentEvent,
        read_stream_writer: Any,
        original_request_id: RequestId | None = None,
        resumption_callback: Callable[[str], Awaitable[None]] | None = None,
    ) -> bool:
        if _nobody_reads(read_stream_writer):  # the session ended (a flood refused, say)
            return True  # the SDK would log each event it can no longer pass on
        since = self._arrivals.now()
        if sse.event == "message" and sse.data:
            cut = self._cut(sse.data, original_request_id)
            if cut is not None:
                if original_request_id is not None and isinstance(cut.message, JSONRPCResponse):
                    cut.message.id = original_request_id  # as the SDK does
                await self._arrivals.send(read_stream_writer, cut, since)
                if sse.id and resumption_callback:
                    await resumption_callback(sse.id)
                return True
        noting: Any = _Noting(read_stream_writer, self._arrivals, since)
        return await super()._handle_sse_event(
            sse, noting, original_request_id, resumption_callback
        )

    async def _resolve_abandoned_request(
        self,
        read_stream_writer: Any,
        request_id: RequestId,
        message: str,
        *,
        code: int = CONNECTION_CLOSED,
    ) -> None:
        if message.startswith(_EVENT_TOO_LONG):  # the SDK's words for max_sse_event_size
            limit = self._max_message_size
            await fail_request(
                read_stream_writer,
                request_id,
                f"answered with an SSE event longer than max_message_size ({limit:,} bytes)",
            )
            return
        await super()._resolve_abandoned_request(read_stream_writer, request_id, message, code=code)

    def _cut(self, data: bytes | str, reply_id: RequestId | None) -> SessionMessage | None:
        """A long listing past ``max_tools``, read one tool past it; else None."""
        if self._max_tools is None or len(data) <= LARGE:
            return None
        return cut_listing(data, self._max_tools, reply_id=reply_id)

    async def _body(self, response: httpx2.Response) -> bytes:
        """The response's body, read no further than ``max_message_size`` bytes."""
        limit = self._max_message_size
        declared = response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            await response.aclose()
            raise _TooLong(_too_long(f"{int(declared):,} bytes", limit))
        chunks: list[bytes] = []
        size = 0
        async for chunk in response.aiter_bytes(_CHUNK):
            size += len(chunk)
            if size > limit:
                await response.aclose()
                raise _TooLong(_too_long(f"more than {limit:,} bytes", limit))
            chunks.append(chunk)
        return b"".join(chunks)


def _nobody_reads(writer: Any) -> bool:
    """Whether the session's end of the read stream is closed (False if unknown)."""
    inner = getattr(writer, "_inner", writer)  # the SDK's stream keeping contexts
    statistics = getattr(inner, "statistics", None)
    return callable(statistics) and statistics().open_receive_streams == 0


def _too_long(size: str, limit: int) -> str:
    return f"answered with a body of {size}, longer than max_message_size ({limit:,} bytes)"


async def fail_request(read_stream_writer: Any, request_id: RequestId, reason: str) -> None:
    """Fail one request with an error of the transport's own (see `Local`)."""
    error = ErrorData(code=INTERNAL_ERROR, message=reason, data=Local(reason))
    with contextlib.suppress(anyio.BrokenResourceError, anyio.ClosedResourceError):
        await read_stream_writer.send(
            SessionMessage(JSONRPCError(jsonrpc="2.0", id=request_id, error=error))
        )


@contextlib.asynccontextmanager
async def bounded_http_client(
    url: str,
    *,
    http_client: httpx2.AsyncClient,
    max_tools: int | None,
    max_message_size: int,
    arrivals: Arrivals,
) -> AsyncIterator[Any]:
    """The SDK's ``streamable_http_client`` on a `_BoundedTransport`: ``(read, write)``."""
    transport = _BoundedTransport(
        url, max_tools=max_tools, max_message_size=max_message_size, arrivals=arrivals
    )
    http_client.event_hooks["response"].append(_capping_error_bodies(max_message_size))
    read_stream_writer, read_stream = create_context_streams[SessionMessage | Exception](0)
    write_stream, write_stream_reader = create_context_streams[SessionMessage](0)
    async with (
        read_stream_writer,
        read_stream,
        write_stream,
        write_stream_reader,
        anyio.create_task_group() as tg,
    ):

        def start_get_stream() -> None:
            tg.start_soon(transport.handle_get_stream, http_client, read_stream_writer)

        tg.start_soon(
            transport.post_writer,
            http_client,
            write_stream_reader,
            read_stream_writer,
            write_stream,
            start_get_stream,
            tg,
        )
        try:
            yield read_stream, write_stream
        finally:
            arrivals.clear()
            if transport.session_id:
                await transport.terminate_session(http_client)
            tg.cancel_scope.cancel()
