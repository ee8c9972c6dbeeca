"""The stdio transport of `serve`: newline-delimited JSON-RPC on the event loop itself.

The SDK's ``stdio_server`` reads and writes through ``anyio.wrap_file``: a worker
thread for every line read, and two (``write``, then ``flush``) for every answer.
Profiled under load, that hand-off was a third to a half of the event loop's time in
every server built on the SDK, toolbridge's included. Here the process's stdin and
stdout are asyncio pipe transports instead: the loop is told when a line arrives and
writes each answer with one system call, no thread involved.

The wire is claimed as the SDK claims it: the protocol uses private duplicates of
file descriptors 0 and 1, while 0 reads the null device and 1 writes to stderr, so a
tool's stray ``print`` or a child process never corrupts the protocol; both are put
back on exit, with the blocking mode they had.

Asyncio can watch only pipes, sockets and terminals, and making a descriptor
non-blocking changes it for everything sharing it. So stdin that is a regular file,
or shared with stderr (a terminal), is read by one daemon thread in chunks, and stdout
that is a regular file or shared with stderr (a terminal, ``2>&1``) is written with
blocking writes, an answer at a time: their modes never change.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import stat
import threading
from collections.abc import AsyncIterator
from typing import Any, Final, Protocol

import anyio
import mcp_types as types
from mcp.shared.message import SessionMessage

__all__ = ["asyncio_stdio"]

_CHUNK: Final = 1 << 16
"""Bytes read at a time; lines may be longer (they are joined, never cut)."""
DRAIN_TIMEOUT: Final = 30.0
"""Seconds the requests read before the end of stdin have to be answered."""


def _watchable(fd: int) -> bool:
    """Whether the loop can watch `fd` and may make it non-blocking.

    A pipe, a socket or a terminal, unless stderr shares it (a terminal, ``2>&1``),
    where a log line written while the pipe is full would fail.
    """
    try:
        found = os.fstat(fd)
        mode = found.st_mode
        shared = os.path.samestat(found, os.fstat(2))
    except OSError:
        return False
    watchable = stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or stat.S_ISCHR(mode)
    return watchable and not shared


@contextlib.contextmanager
def _claimed(fd: int, diversion: int) -> Any:
    """A private duplicate of `fd` for the protocol, `fd` itself pointing at `diversion`."""
    private = os.dup(fd)
    os.set_inheritable(private, False)
    blocking = os.get_blocking(private)
    try:
        os.dup2(diversion, fd)
        try:
            yield private
        finally:
            os.dup2(private, fd)
    finally:
        with contextlib.suppress(OSError):
            os.set_blocking(fd, blocking)
        os.close(private)


@contextlib.asynccontextmanager
async def asyncio_stdio() -> AsyncIterator[tuple[Any, Any]]:
    """The read and write streams of a server on this process's stdin and stdout."""
    loop = asyncio.get_running_loop()
    watch_in, watch_out = _watchable(0), _watchable(1)
    null = os.open(os.devnull, os.O_RDONLY)
    try:
        with (
            _claimed(0, null) as private_in,
            _claimed(1, 2) as private_out,
            open(private_in, "rb", buffering=0, closefd=False) as stdin,
            open(private_out, "wb", buffering=0, closefd=False) as stdout,
            contextlib.ExitStack() as stack,
        ):
            reader = asyncio.StreamReader(limit=_CHUNK, loop=loop)
            if watch_in:
                read_transport, _ = await loop.connect_read_pipe(
                    lambda: asyncio.StreamReaderProtocol(reader, loop=loop), stdin
                )
                stack.callback(read_transport.close)
            else:
                _read_on_a_thread(reader, private_in, loop)
            writer: _Writer
            if watch_out:
                write_transport, write_protocol = await loop.connect_write_pipe(
                    asyncio.streams.FlowControlMixin, stdout
                )
                stack.callback(write_transport.close)
                writer = asyncio.StreamWriter(write_transport, write_protocol, None, loop)
            else:
                writer = _BlockingWriter(private_out)
            async with _streams(reader, writer) as streams:
                yield streams
            if watch_out:  # every answer out before the descriptor is handed back
                write_transport.set_write_buffer_limits(0)
                with contextlib.suppress(ConnectionError):
                    await writer.drain()
    finally:
        os.close(null)


class _Writer(Protocol):
    def write(self, data: bytes) -> None: ...

    async def drain(self) -> None: ...


class _BlockingWriter:
    """Writes each answer whole with blocking ``write`` calls.

    For a regular file, or a descriptor shared with stderr, whose mode must not change.
    """

    def __init__(self, fd: int) -> None:
        self._fd = fd

    def write(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            view = view[os.write(self._fd, view) :]

    async def drain(self) -> None:
        return None


def _read_on_a_thread(
    reader: asyncio.StreamReader, fd: int, loop: asyncio.AbstractEventLoop
) -> None:
    """Feed `reader` from `fd` on a daemon thread.

    For what the loop cannot watch (a regular file) or must not make non-blocking (a
    terminal shared with stderr); a daemon, so that a read still waiting on a terminal
    never holds up the exit.
    """

    def run() -> None:
        try:
            while chunk := os.read(fd, _CHUNK):
                loop.call_soon_threadsafe(reader.feed_data, chunk)
        except OSError:
            pass
        with contextlib.suppress(RuntimeError):  # the loop closed first
            loop.call_soon_threadsafe(reader.feed_eof)

    threading.Thread(target=run, name="toolbridge-stdin", daemon=True).start()


@contextlib.asynccontextmanager
async def _streams(reader: asyncio.StreamReader, writer: _Writer) -> AsyncIterator[tuple[Any, Any]]:
    """The server's memory streams, fed from `reader` and drained into `writer`.

    At the end of stdin, the requests already read are answered before the server is
    told the input ended (within `DRAIN_TIMEOUT`): a client may write its requests
    and close stdin, as a batch job does, and still get every answer.
    """
    incoming_send, incoming = anyio.create_memory_object_stream[SessionMessage | Exception](0)
    outgoing, outgoing_receive = anyio.create_memory_object_stream[SessionMessage](0)
    unanswered: set[Any] = set()
    answered = anyio.Event()

    async def read() -> None:
        nonlocal answered
        async with incoming_send:
            async for line in _lines(reader):
                try:
                    message = types.jsonrpc_message_adapter.validate_json(line, by_name=False)
                except Exception as error:  # the SDK's answer to a line it cannot read
                    await incoming_send.send(error)
                    continue
                if isinstance(message, types.JSONRPCRequest):
                    unanswered.add(message.id)
                await incoming_send.send(SessionMessage(message))
            with anyio.move_on_after(DRAIN_TIMEOUT):
                while unanswered:
                    answered = anyio.Event()
                    await answered.wait()

    async def write() -> None:
        async with outgoing_receive:
            async for session_message in outgoing_receive:
                message = session_message.message
                text = message.model_dump_json(by_alias=True, exclude_unset=True)
                writer.write(text.encode() + b"\n")
                await writer.drain()
                if isinstance(message, types.JSONRPCResponse | types.JSONRPCError):
                    unanswered.discard(message.id)
                    answered.set()

    async with anyio.create_task_group() as group:
        group.start_soon(read)
        group.start_soon(write)
        try:
            yield incoming, outgoing
        finally:
            group.cancel_scope.cancel()


async def _lines(reader: asyncio.StreamReader) -> AsyncIterator[bytes]:
    """Each line of `reader` without its newline, however long; the rest at EOF."""
    parts: list[bytes] = []
    while True:
        try:
            chunk = await reader.readuntil(b"\n")
        except asyncio.LimitOverrunError as overrun:
            parts.append(await reader.readexactly(overrun.consumed))
            continue
        except asyncio.IncompleteReadError as end:
            if end.partial or parts:
                line = b"".join([*parts, end.partial]).strip()
                if line:
                    yield line
            return
        if parts:
            chunk = b"".join([*parts, chunk])
            parts.clear()
        line = chunk.rstrip(b"\r\n")
        if line.strip():
            yield line
