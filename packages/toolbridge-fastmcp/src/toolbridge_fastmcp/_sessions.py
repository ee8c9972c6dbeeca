"""One in-memory FastMCP session per server and event loop, kept open across calls.

A FastMCP tool's ``Context`` logs and reports progress on its MCP session, and fails
without one (``server.call_tool`` alone has none), so `from_fastmcp`'s tools call
through FastMCP's in-memory ``Client``. Opening that client costs several
milliseconds (the handshake, the server's lifespan), so one is opened on first use
in each event loop and held by a task of its own until the loop ends.

Progress goes to the call it belongs to (each call has its own progress token). A
log message names no call: it goes to the caller of the one call in flight, and is
dropped while several are (as a gateway does with an upstream's logs).
"""

from __future__ import annotations

import asyncio
from typing import Any

import mcp_types
from fastmcp import Client, FastMCP
from fastmcp.client.logging import LogMessage

from toolbridge import CallContext, current_call

__all__ = ["Sessions"]


class Sessions:
    """The open in-memory clients of one FastMCP server, one per event loop."""

    def __init__(self, server: FastMCP[Any]) -> None:
        self._server = server
        self._open: dict[asyncio.AbstractEventLoop, _Session] = {}

    async def call(self, name: str, arguments: dict[str, Any]) -> mcp_types.CallToolResult:
        """Call tool `name` on this loop's session, opening it first if need be."""
        loop = asyncio.get_running_loop()
        session = self._open.get(loop)
        if session is None or session.closed:
            # A session's task refers to its loop, so an ended loop's entry is dropped
            # here (repeated `asyncio.run` calls would otherwise keep every loop).
            for ended in [key for key, held in self._open.items() if held.closed]:
                del self._open[ended]
            session = self._open[loop] = _Session(self._server, loop)
        return await session.call(name, arguments)


class _Session:
    """A client held open by a task of its own; the calls in flight on it."""

    def __init__(self, server: FastMCP[Any], loop: asyncio.AbstractEventLoop) -> None:
        self._ready: asyncio.Future[Client[Any]] = loop.create_future()
        self._in_flight: list[CallContext | None] = []
        self._task = loop.create_task(self._hold(server), name="toolbridge-fastmcp-session")

    @property
    def closed(self) -> bool:
        return self._task.done()

    async def call(self, name: str, arguments: dict[str, Any]) -> mcp_types.CallToolResult:
        client = await asyncio.shield(self._ready)
        context = current_call()

        async def progress(progress: float, total: float | None, message: str | None) -> None:
            if context is not None and context.on_progress is not None:
                await context.on_progress(progress, total, message)

        self._in_flight.append(context)
        try:
            return await client.call_tool_mcp(name, arguments, progress_handler=progress)
        finally:
            self._in_flight.remove(context)

    async def _hold(self, server: FastMCP[Any]) -> None:
        try:
            async with Client(server, log_handler=self._log) as client:
                self._ready.set_result(client)
                await asyncio.Event().wait()  # until the loop ends and cancels this task
        except BaseException as error:
            if not self._ready.done():
                self._ready.set_exception(error)
            raise

    async def _log(self, message: LogMessage) -> None:
        if len(self._in_flight) != 1:
            return
        context = self._in_flight[0]
        if context is None or context.on_log is None:
            return
        data = message.data
        if isinstance(data, dict) and set(data) <= {"msg", "extra"} and not data.get("extra"):
            data = data.get("msg")  # FastMCP's own envelope around a text
        await context.on_log(message.level, data, message.logger)
