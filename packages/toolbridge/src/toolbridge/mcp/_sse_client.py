"""The legacy HTTP+SSE transport (MCP 2024-11-05), bounded as the other two are.

The server holds one SSE stream open; its first event names the endpoint the client
POSTs its messages to, and every answer comes back as an event on the stream. The
SDK's ``sse_client`` stops events at 1 MiB, where a stdio line or an HTTP body may be
``max_message_size`` (16 MiB), ends the connection with "Connection closed" and a
logged traceback, and parses every event whole. This one:

* takes events up to ``max_message_size``; a longer one ends the connection with
  that said (`Ended`): the stream cannot be read past it, and which request it
  answered is unknown;
* reads each event as a stdio line is read (`read_line`): a long one answering with a
  ``tools`` array tool by tool, no further than one tool past ``max_tools``, and one
  that breaks the protocol as an `Unreadable`, which fails its request at once;
* notes when each message arrived (`Arrivals`), for ``list_timeout``;
* refuses an endpoint on another origin than the stream's, and follows redirects
  only within it (the SDK's `sse_within_origin` / `request_within_origin`).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any, Final
from urllib.parse import urljoin, urlsplit

import anyio
import httpx2
from anyio.abc import TaskStatus
from mcp.shared._context_streams import create_context_streams
from mcp.shared._httpx_utils import (
    create_mcp_http_client,
    request_within_origin,
    sse_within_origin,
)
from mcp.shared.message import SessionMessage

from toolbridge.mcp._http_client import Arrivals, fail_request
from toolbridge.mcp._transport import read_line
from toolbridge.mcp._wire import Ended

__all__ = ["bounded_sse_client"]

_log = logging.getLogger("toolbridge.mcp")
_TIMEOUT: Final = httpx2.Timeout(30.0, read=300.0)
"""As the SDK's: the stream may stay quiet for minutes between events."""


@contextlib.asynccontextmanager
async def bounded_sse_client(
    url: str,
    *,
    headers: dict[str, str],
    auth: httpx2.Auth | None,
    max_tools: int | None,
    max_message_size: int,
    arrivals: Arrivals,
) -> AsyncIterator[tuple[Any, Any]]:
    """Connect to a legacy SSE server at `url`: the session's ``(read, write)`` streams."""
    async with (
        create_mcp_http_client(headers=headers, auth=auth, timeout=_TIMEOUT) as client,
        sse_within_origin(client, url, max_event_size=max_message_size) as events,
    ):
        events.response.raise_for_status()
        to_session, read = create_context_streams[SessionMessage | Exception](0)
        write, from_session = create_context_streams[SessionMessage](0)
        reader = _Reader(url, to_session, max_tools, max_message_size, arrivals)
        async with to_session, read, write, from_session, anyio.create_task_group() as tasks:
            endpoint: str = await tasks.start(reader.run, events)
            tasks.start_soon(_post_each, client, endpoint, from_session, to_session)
            try:
                yield read, write
            finally:
                tasks.cancel_scope.cancel()


class _Reader:
    """Reads the stream's events: the endpoint first, then the server's messages."""

    def __init__(
        self,
        url: str,
        to_session: Any,
        max_tools: int | None,
        max_message_size: int,
        arrivals: Arrivals,
    ) -> None:
        self._url = url
        self._to_session = to_session
        self._max_tools = max_tools
        self._max_message_size = max_message_size
        self._arrivals = arrivals

    async def run(
        self,
        events: httpx2.EventSource,
        *,
        task_status: TaskStatus[str] = anyio.TASK_STATUS_IGNORED,
    ) -> None:
        started = False
        try:
            async for event in events:
                if event.event == "endpoint":
                    if not started:
                        task_status.started(self._endpoint(event.data))
                        started = True
                elif event.event == "message" and event.data:
                    await self._pass_on(event.data)
        except httpx2.SSEError as error:
            limit = self._max_message_size
            if "exceeded" not in str(error):
                raise
            reason = f"sent an SSE event longer than max_message_size ({limit:,} bytes)"
            if not started:
                raise ValueError(f"MCP server at {self._url} {reason}") from error
            await self._send(Ended(reason))
        except (anyio.BrokenResourceError, anyio.ClosedResourceError):
            return  # the session ended
        finally:
            self._arrivals.clear()
            await self._to_session.aclose()
        if not started:
            raise ValueError(f"MCP server at {self._url} closed its SSE stream before its endpoint")

    def _endpoint(self, data: str) -> str:
        """The POST endpoint the server named, refused on another origin than `_url`."""
        endpoint = urljoin(self._url, data)
        here, there = urlsplit(self._url), urlsplit(endpoint)
        if (here.scheme, here.netloc) != (there.scheme, there.netloc):
            raise ValueError(
                f"MCP server at {self._url} named an endpoint on another origin: {endpoint!r}"
            )
        return endpoint

    async def _pass_on(self, data: str) -> None:
        """One event's message, read as a stdio line is (`read_line`).

        A long listing is cut at ``max_tools``; a message that breaks the protocol is
        an `Unreadable`, for the wire to judge.
        """
        since = self._arrivals.now()
        message = read_line(data.encode("utf-8", "surrogatepass"), self._max_tools)
        if message is not None:
            await self._arrivals.send(self._to_session, message, since)

    async def _send(self, item: Exception) -> None:
        with contextlib.suppress(anyio.BrokenResourceError, anyio.ClosedResourceError):
            await self._to_session.send(item)


async def _post_each(
    client: httpx2.AsyncClient, endpoint: str, from_session: Any, to_session: Any
) -> None:
    """POST each message of the session to `endpoint`, in order.

    Each goes in its sender's context (as the SDK does, for tracing); a request the
    endpoint refuses fails with that said.
    """

    async def post(item: SessionMessage) -> None:
        message = item.message
        try:
            response = await request_within_origin(
                client,
                "POST",
                endpoint,
                json=message.model_dump(by_alias=True, mode="json", exclude_unset=True),
            )
            response.raise_for_status()
        except httpx2.HTTPError as error:
            request_id = getattr(message, "id", None)
            if request_id is None:
                _log.warning("MCP server at %s refused a notification: %s", endpoint, error)
                return
            await fail_request(to_session, request_id, f"refused the request ({error})")

    async with from_session:
        async for item in from_session:
            context = from_session.last_context
            if context is None:
                await post(item)
                continue
            async with anyio.create_task_group() as tasks:
                context.run(tasks.start_soon, post, item)
