"""The stdio transport: a `ServerProcess`'s pipes as the MCP SDK's message streams.

The SDK's own stdio client keeps no bound on a message, passes the server's stderr to
a file and spawns through its own environment rules; this one reuses `ServerProcess`
(literal argv, no parent secrets, stderr drained into a bounded tail, the whole
process group ended) and adds what a session needs on top:

* one JSON-RPC message per stdout line, parsed by the SDK's message model;
* a line that is not a JSON-RPC message (a banner, a stray ``print``) is logged as a
  warning on ``toolbridge.mcp`` and skipped, never fatal, never silent;
* a line over the size limit ends the connection with `ServerError`: the reader
  cannot know which request it answered, so every pending call fails at once
  instead of waiting for its timeout;
* when stdout ends (the server exited or crashed) the read stream closes, which
  fails every pending request immediately; `failure` then says why, with the exit
  status and the stderr tail.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from types import TracebackType
from typing import TYPE_CHECKING, Any, Final, final

import anyio
import mcp_types
from mcp.shared.message import SessionMessage

from toolbridge.mcp._process import ServerProcess

if TYPE_CHECKING:
    from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream

    from toolbridge.mcp._servers import StdioServer

__all__ = ["StdioTransport"]

_log = logging.getLogger("toolbridge.mcp")
_LIVE: Final[set[int]] = set()
"""Process ids of servers started and not yet ended, for the exit hook."""


def _kill_leftovers() -> None:
    """At interpreter exit, end every server whose session was never closed."""
    for pid in list(_LIVE):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)


_exit_hook_installed = False


def _remember(pid: int) -> None:
    global _exit_hook_installed
    if not _exit_hook_installed:
        import atexit

        atexit.register(_kill_leftovers)
        _exit_hook_installed = True
    _LIVE.add(pid)


@final
class StdioTransport:
    """``async with StdioTransport(...) as (read, write)``: a started server's streams."""

    def __init__(
        self, server: StdioServer, *, name: str, stderr_limit: int, max_message_size: int
    ) -> None:
        self._server = server
        self._name = name
        self._stderr_limit = stderr_limit
        self._max_message_size = max_message_size
        self._process: ServerProcess | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._failure: str | None = None
        self._streams: tuple[Any, ...] = ()
        self.ended = asyncio.Event()
        """Set once the server's stdout has ended or the connection broke."""

    @property
    def process(self) -> ServerProcess | None:
        """The running process, once started."""
        return self._process

    def stderr_tail(self) -> str:
        """The tail of the server's stderr ('' before it starts)."""
        return self._process.stderr_tail() if self._process is not None else ""

    async def end_reason(self) -> str:
        """Why the connection ended: the exit status, or the protocol it broke."""
        if self._failure is not None:
            return self._failure
        process = self._process
        status: int | None = None
        if process is not None:
            with contextlib.suppress(TimeoutError):
                status = await asyncio.wait_for(process.wait(), 0.5)
        return "closed its stdout" if status is None else f"exited with status {status}"

    async def __aenter__(
        self,
    ) -> tuple[
        MemoryObjectReceiveStream[SessionMessage | Exception],
        MemoryObjectSendStream[SessionMessage],
    ]:
        process = await ServerProcess.start(
            self._server,
            name=self._name,
            stderr_limit=self._stderr_limit,
            max_message_size=self._max_message_size,
        )
        self._process = process
        _remember(process.pid)
        to_session, read_stream = anyio.create_memory_object_stream[SessionMessage | Exception](0)
        write_stream, from_session = anyio.create_memory_object_stream[SessionMessage](0)
        self._streams = (to_session, read_stream, write_stream, from_session)
        self._tasks = [
            asyncio.create_task(self._read(process, to_session), name=f"mcp-read-{self._name}"),
            asyncio.create_task(self._write(process, from_session), name=f"mcp-write-{self._name}"),
        ]
        return read_stream, write_stream

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        process = self._process
        try:
            for stream in self._streams:
                stream.close()
            if process is not None:
                await process.close()
        finally:
            for task in self._tasks:
                task.cancel()
            if process is not None:
                if process.returncode is None:  # cancelled during close: end it now
                    with contextlib.suppress(ProcessLookupError, PermissionError):
                        os.killpg(process.pid, signal.SIGKILL)
                _LIVE.discard(process.pid)
            self.ended.set()

    async def _read(
        self, process: ServerProcess, to_session: MemoryObjectSendStream[SessionMessage | Exception]
    ) -> None:
        stdout = process.stdout
        try:
            async with to_session:
                while True:
                    try:
                        line = await stdout.readline()
                    except (ValueError, asyncio.LimitOverrunError):
                        self._failure = (
                            f"sent a message longer than {self._max_message_size} bytes "
                            "(max_message_size); the connection was closed"
                        )
                        return
                    if not line:
                        return
                    message = self._parse(line)
                    if message is not None:
                        await to_session.send(message)
        except (anyio.ClosedResourceError, anyio.BrokenResourceError):
            return  # the session is gone
        finally:
            self.ended.set()

    def _parse(self, line: bytes) -> SessionMessage | None:
        if not line.strip():
            return None
        try:
            message: Any = mcp_types.jsonrpc_message_adapter.validate_json(line, by_name=False)
        except ValueError:
            shown = line[:200].decode("utf-8", "replace").rstrip()
            _log.warning("MCP server %r wrote a line that is not JSON-RPC: %r", self._name, shown)
            return None
        return SessionMessage(message)

    async def _write(
        self, process: ServerProcess, from_session: MemoryObjectReceiveStream[SessionMessage]
    ) -> None:
        stdin = process.stdin
        try:
            async with from_session:
                async for item in from_session:
                    data = item.message.model_dump_json(by_alias=True, exclude_unset=True)
                    stdin.write(data.encode() + b"\n")
                    await stdin.drain()
        except (ConnectionError, OSError, anyio.ClosedResourceError, anyio.BrokenResourceError):
            self.ended.set()  # the server closed its stdin: the connection is over
