"""A stdio server's process: started safely, its stderr drained, its whole tree ended.

* The command runs as a literal argv (``create_subprocess_exec``), never through a
  shell, with the environment of `child_environment` (no parent secrets).
* It leads a new session and process group, so that closing ends its children and
  grandchildren too, not only the process toolbridge started.
* stderr is read all the time, so that a chatty server never blocks on a full pipe;
  the last `stderr_limit` bytes are kept for error messages (`stderr_tail`) and each
  chunk is logged at debug level on ``toolbridge.mcp.stderr``.
* stdout lines longer than `max_message_size` are refused by the reader, instead of
  growing without bound.
* `close` closes stdin and waits, then sends SIGTERM to the group and waits, then
  SIGKILL: a server that ignores both still ends, and is reaped (no zombie). The two
  waits share `shutdown_timeout` (2 s by default), so closing takes at most that plus
  about half a second to reap the group.

A grandchild that starts a session of its own (``setsid``) leaves the group and is
beyond reach; nothing portable can find it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from typing import Final, final

from toolbridge.errors import ServerError
from toolbridge.mcp._environment import child_environment
from toolbridge.mcp._servers import StdioServer

__all__ = [
    "DEFAULT_MAX_MESSAGE_SIZE",
    "DEFAULT_SHUTDOWN_TIMEOUT",
    "DEFAULT_STDERR_LIMIT",
    "ServerProcess",
]

DEFAULT_STDERR_LIMIT: Final = 64 * 1024
"""Bytes of a server's stderr kept for error messages."""
DEFAULT_MAX_MESSAGE_SIZE: Final = 16 * 1024 * 1024
"""The longest stdout line (one JSON-RPC message) accepted from a server."""
DEFAULT_SHUTDOWN_TIMEOUT: Final = 2.0
"""Seconds `close` waits for a server to exit before SIGKILL: half after stdin closes,
half after SIGTERM."""
_CHUNK: Final = 64 * 1024
_REAP: Final = 0.5
"""Seconds to wait, after SIGKILL, for the group to go and stderr to end."""

_log = logging.getLogger("toolbridge.mcp.stderr")


@final
class ServerProcess:
    """A running stdio server. Make one with `start`; always `close` it."""

    def __init__(self, name: str, process: asyncio.subprocess.Process, stderr_limit: int) -> None:
        self.name = name
        """The server's name, for messages."""
        self._process = process
        self._stderr = bytearray()
        self.stderr_bytes = 0
        """How many bytes the server has written to stderr so far."""
        self._stderr_limit = stderr_limit
        self._drain = asyncio.create_task(self._drain_stderr(), name=f"mcp-stderr-{name}")

    @classmethod
    async def start(
        cls,
        server: StdioServer,
        *,
        name: str | None = None,
        stderr_limit: int = DEFAULT_STDERR_LIMIT,
        max_message_size: int = DEFAULT_MAX_MESSAGE_SIZE,
    ) -> ServerProcess:
        """Start the server's process.

        Raises:
            ServerError: The command cannot be started (not found, not executable,
                a missing working directory).
        """
        label = name or server.command
        try:
            process = await asyncio.create_subprocess_exec(
                server.command,
                *server.args,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=child_environment(server),
                cwd=server.cwd,
                start_new_session=True,
                limit=max_message_size,
            )
        except OSError as error:
            raise ServerError(
                f"cannot start {server.command!r}: {error.strerror or error}", server=label
            ) from error
        return cls(label, process, stderr_limit)

    @property
    def pid(self) -> int:
        """The process id (also its process group id)."""
        return self._process.pid

    @property
    def stdin(self) -> asyncio.StreamWriter:
        """Where messages to the server are written, one JSON text per line."""
        assert self._process.stdin is not None  # started with a pipe
        return self._process.stdin

    @property
    def stdout(self) -> asyncio.StreamReader:
        """Where the server's messages are read, one per line."""
        assert self._process.stdout is not None  # started with a pipe
        return self._process.stdout

    @property
    def returncode(self) -> int | None:
        """The exit status once the process has ended, else None."""
        return self._process.returncode

    async def wait(self) -> int:
        """Wait for the process to end; return its exit status."""
        return await self._process.wait()

    def stderr_tail(self) -> str:
        """The last bytes the server wrote to stderr (at most `stderr_limit`), as text."""
        return self._stderr.decode("utf-8", "replace")

    async def _drain_stderr(self) -> None:
        stream = self._process.stderr
        assert stream is not None  # started with a pipe
        while chunk := await stream.read(_CHUNK):
            self.stderr_bytes += len(chunk)
            self._stderr += chunk
            if len(self._stderr) > self._stderr_limit:
                del self._stderr[: len(self._stderr) - self._stderr_limit]
            if _log.isEnabledFor(logging.DEBUG):
                _log.debug("%s: %s", self.name, chunk.decode("utf-8", "replace").rstrip())

    async def close(self, *, timeout: float = DEFAULT_SHUTDOWN_TIMEOUT) -> int:
        """End the server and everything it started; return its exit status.

        stdin is closed first (the polite way to stop a stdio server); after half of
        `timeout` seconds the process group gets SIGTERM, and after the other half,
        SIGKILL. It returns within `timeout` plus about half a second.
        """
        process = self._process
        if process.stdin is not None and not process.stdin.is_closing():
            process.stdin.close()
        step = max(timeout, 0.0) / 2
        for ask in (None, signal.SIGTERM):
            if ask is not None:
                self._signal_group(ask)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), step)
                break
        else:
            self._signal_group(signal.SIGKILL)
            await process.wait()  # SIGKILL cannot be ignored
        self._signal_group(signal.SIGKILL)  # what the server left behind in its group
        await self._group_gone(timeout=_REAP)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._drain), _REAP)  # ends with the group
        if not self._drain.done():  # a process outside the group holds stderr open
            self._drain.cancel()
        # The pipes' transport closes by itself only once stdout is read to its end;
        # an ended server's unread output is of no use, so close it now.
        transport = getattr(process, "_transport", None)
        if transport is not None:
            transport.close()
        returncode = process.returncode
        assert returncode is not None  # waited for above
        return returncode

    async def _group_gone(self, *, timeout: float) -> None:
        """Wait (a little) until no process of the group is left, killed ones included."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while loop.time() < deadline:
            try:
                os.killpg(self._process.pid, 0)
            except (ProcessLookupError, PermissionError):
                return
            await asyncio.sleep(0.01)

    def _signal_group(self, signum: signal.Signals) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._process.pid, signum)
