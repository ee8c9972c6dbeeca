"""The stdio transport: a `ServerProcess`'s pipes as the MCP SDK's message streams.

The SDK's own stdio client keeps no bound on a message, passes the server's stderr to
a file and spawns through its own environment rules; this one reuses `ServerProcess`
(literal argv, no parent secrets, stderr drained into a bounded tail, the whole
process group ended) and adds what a session needs on top:

* one JSON-RPC message per stdout line (a long ``tools/list`` page read only up to
  one tool past ``max_tools``: the rest is never parsed), parsed by the SDK's message model; a line
  that model refuses is read again by the standard library, which nests as deep as
  toolbridge does (the model stops at about 200 levels: a deep but valid schema still
  loads), and what it still is not is described in an `Unreadable` for the `Wire`
  (a banner or a stray ``print`` is logged and skipped there, never fatal, never
  silent; a reply that breaks the protocol ends the connection);
* a line over the size limit ends the connection with `ServerError`: the reader
  cannot know which request it answered, so every pending call fails at once
  instead of waiting for its timeout;
* a message that cannot be written ends the connection, never the writer alone
  (which would leave every later request waiting for its timeout);
* when stdout ends (the server exited or crashed) the read stream closes, which
  fails every pending request immediately; `failure` then says why, with the exit
  status and the stderr tail.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
from collections import deque
from types import TracebackType
from typing import TYPE_CHECKING, Any, Final, final

import anyio
import mcp_types
from mcp.shared.message import SessionMessage
from pydantic import ValidationError

from toolbridge._validation._issues import json_type
from toolbridge.mcp._listing import LARGE, cut_listing, lone_surrogate
from toolbridge.mcp._process import DEFAULT_SHUTDOWN_TIMEOUT, ServerProcess
from toolbridge.mcp._wire import NULL_ID, Unreadable

if TYPE_CHECKING:
    from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream

    from toolbridge.mcp._servers import StdioServer

__all__ = ["StdioTransport", "read_line"]

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
        self,
        server: StdioServer,
        *,
        name: str,
        stderr_limit: int,
        max_message_size: int,
        shutdown_timeout: float = DEFAULT_SHUTDOWN_TIMEOUT,
        max_tools: int | None = None,
    ) -> None:
        self._server = server
        self._max_tools = max_tools
        self._name = name
        self._stderr_limit = stderr_limit
        self._max_message_size = max_message_size
        self._shutdown_timeout = shutdown_timeout
        self._process: ServerProcess | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._failure: str | None = None
        self._streams: tuple[Any, ...] = ()
        self.ended = asyncio.Event()
        """Set once the server's stdout has ended or the connection broke."""
        self.arrivals: deque[float] = deque()
        """When (event loop time) each line read and not yet taken by the session came:
        the `Wire` takes one off the left for each message it takes."""

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
                await process.close(timeout=self._shutdown_timeout)
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
        loop = asyncio.get_running_loop()
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
                    self.arrivals.append(loop.time())
                    message = read_line(line, self._max_tools)
                    if message is None:
                        self.arrivals.pop()
                    else:
                        await to_session.send(message)
        except (anyio.ClosedResourceError, anyio.BrokenResourceError):
            return  # the session is gone
        finally:
            self.arrivals.clear()
            self.ended.set()

    async def _write(
        self, process: ServerProcess, from_session: MemoryObjectReceiveStream[SessionMessage]
    ) -> None:
        stdin = process.stdin
        try:
            async with from_session:
                async for item in from_session:
                    try:
                        data = _encode(item.message)
                    except (ValueError, TypeError, RecursionError) as error:
                        self._failure = (
                            f"a message to it cannot be written as JSON ({error}); "
                            "the connection was closed"
                        )
                        self._end_input()
                        return
                    stdin.write(data)
                    await stdin.drain()
        except (ConnectionError, OSError, anyio.ClosedResourceError, anyio.BrokenResourceError):
            self.ended.set()  # the server closed its stdin: the connection is over

    def _end_input(self) -> None:
        """Close the session's read stream: every pending request fails at once."""
        self.ended.set()
        if self._streams:
            self._streams[0].close()


def _encode(message: Any) -> bytes:
    """One message as a line of JSON."""
    data: str = message.model_dump_json(by_alias=True, exclude_unset=True)
    return data.encode() + b"\n"


def read_line(line: bytes, max_tools: int | None = None) -> SessionMessage | Unreadable | None:
    """One stdout line as a message, an `Unreadable` saying what it is, or None if blank.

    A long line answering with more than `max_tools` tools is read only that far.
    """
    if max_tools is not None and len(line) > LARGE:
        cut = cut_listing(line, max_tools)
        if cut is not None:
            return cut
    if not line.strip():
        return None
    try:
        return SessionMessage(_MESSAGE.validate_json(line, by_name=False))
    except ValidationError:
        pass
    excerpt = line[:200].decode("utf-8", "replace").rstrip()
    problems: list[str] = []
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as error:
        problems.append(
            f"bytes that are not UTF-8 (0x{line[error.start]:02x} at byte {error.start})"
        )
        text = line.decode("utf-8", "replace")
    try:
        value = json.loads(text)
    except RecursionError:
        return Unreadable("JSON nested too deeply to read", excerpt=excerpt, kind="broken")
    except ValueError as error:
        jsonrpc = text.lstrip().startswith(("{", "[")) and '"jsonrpc"' in text
        if jsonrpc:
            return Unreadable(
                f"a JSON-RPC message that is not JSON ({error})", excerpt=excerpt, kind="broken"
            )
        return Unreadable("not JSON", excerpt=excerpt, kind="stray")
    return _read_value(value, problems, excerpt)


_MESSAGE: Final = mcp_types.jsonrpc_message_adapter
_REPLY_KEYS: Final = frozenset({"result", "error"})


def _read_value(value: Any, problems: list[str], excerpt: str) -> SessionMessage | Unreadable:
    """A parsed line (or a batch's item) as a message, or what is wrong with it."""
    if isinstance(value, list):
        items = [_read_value(item, problems, excerpt) for item in value]
        return Unreadable("a JSON-RPC batch", excerpt=excerpt, kind="batch", items=items)
    if not isinstance(value, dict):
        return Unreadable("JSON that is not JSON-RPC", excerpt=excerpt, kind="stray")
    surrogate = lone_surrogate(value)
    if surrogate is not None:
        problems = [
            *problems,
            f"a lone surrogate ('\\u{surrogate:04x}'), which is not Unicode text",
        ]
    if not problems:
        try:
            return SessionMessage(_MESSAGE.validate_python(value, by_name=False))
        except ValidationError as error:
            invalid = error
    else:
        invalid = None
    if "method" in value:
        problem = "; ".join(problems) or _first(invalid)
        return Unreadable(problem, excerpt=excerpt, kind="message")
    if _REPLY_KEYS & value.keys():
        problem = "; ".join(problems) or _reply_problem(value) or _first(invalid)
        reply_id = value.get("id")
        return Unreadable(problem, excerpt=excerpt, kind="reply", reply_id=reply_id)
    if "jsonrpc" in value:
        return Unreadable(_first(invalid), excerpt=excerpt, kind="broken")
    return Unreadable("JSON that is not JSON-RPC", excerpt=excerpt, kind="stray")


def _reply_problem(value: dict[str, Any]) -> str | None:
    """What makes a response unreadable, in words; None if nothing known."""
    if value.get("jsonrpc") != "2.0":
        return 'a "jsonrpc" member that is not "2.0"'
    if "id" not in value:
        return 'no "id"'
    reply_id = value["id"]
    if reply_id is None and "result" in value:
        return NULL_ID
    if isinstance(reply_id, bool) or not isinstance(reply_id, int | str | None):
        return f"an id that is {_a(json_type(reply_id))}"
    if "result" in value and "error" in value:
        return "both a result and an error"
    if "result" in value and not isinstance(value["result"], dict):
        return f"a result that is {_a(json_type(value['result']))}, where MCP requires an object"
    if "error" in value:
        return "an error member that is not {code: integer, message: string}"
    return None


def _a(kind: str) -> str:
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"


def _first(error: ValidationError | None) -> str:
    if error is None:
        return "a malformed message"
    first = error.errors(include_url=False, include_input=False)[0]
    where = ".".join(str(part) for part in first["loc"][1:])
    return f"a malformed message ({where + ': ' if where else ''}{first['msg']})"
