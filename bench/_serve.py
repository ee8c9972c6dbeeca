"""Served throughput: ``echo`` calls per second and latency, toolbridge against its peers.

Four servers serve the same 50 tools (49 corpus tools and ``echo``; see
``bench/servers/``), each as a real subprocess: toolbridge's ``serve`` (policy and
audit on, arguments validated), the MCP SDK's ``MCPServer`` (the reference) and its
low-level ``Server``, and FastMCP. Each is measured over stdio and streamable HTTP,
with 1, 16 and 64 calls in flight, through two clients (three over HTTP). Over HTTP,
toolbridge also runs as a gateway is deployed (``serve_toolbridge_file.py``: ``toolbridge serve
FILE --workers N``, stateless) with one and two workers, each with and without a
rate limit counted in a ``redis-server`` started here, and with ``--json-response``.
The clients:

* a raw JSON-RPC client, written to take little CPU: over stdio it
  writes newline-delimited requests to the server's stdin and keeps N of them
  outstanding (a new one as each answer arrives); over HTTP it holds N keep-alive
  HTTP/1.1 connections on plain sockets, each POSTing its next call as soon as the
  last one is answered, in the session the server gave at ``initialize``;
* the SDK's ``ClientSession`` (N tasks calling ``call_tool`` on one session);
* over HTTP, wrk (`_wrk.py`, a C load generator, installed by the set-up when missing
  and running as root, else its table is skipped with the reason): one thread, N
  keep-alive connections, in the raw client's session when the server gave one. A
  worker now spends about 1 ms of CPU per call and the raw client a quarter of that,
  which on two CPUs caps two workers near 1.5x one; wrk takes a third of that.

The targets are judged on the client that is not the bottleneck: the raw client over
stdio, wrk over HTTP (the raw client where there is no wrk).

A batch runs for a fixed time (1.5 s, 0.4 s with ``--quick``) and counts the calls
answered; every repeat runs one batch of each server in a rotated order, so a noisy
moment spreads over all of them. Calls per second are the median over repeats; p50
and p99 are over every call of every repeat (wrk's: the median of its batches' own).
Every answer is checked (its text is the one sent; wrk's by its Lua script); a wrong
or failed answer is counted and shown in a note.

    uv run --group bench python bench/run.py --only serve          # about eleven minutes
    uv run --group bench python bench/run.py --only serve --quick  # about two and a half minutes

Where the time goes: `_serve_profile.py` (py-spy of one server) and
`_serve_handlers.py` (each ``tools/call`` handler alone, in-process).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import _wrk
from _peers import failure
from _report import FAIL, PASS, duration

HERE = Path(__file__).resolve().parent
SERVERS_DIR = HERE / "servers"
PROTOCOL_VERSION = "2025-11-25"
"""The version the SDK's ``ClientSession`` offers at ``initialize``; the raw client too."""
IN_FLIGHT = (1, 16, 64)
TRANSPORTS = ("stdio", "http")
CLIENTS = ("raw", "sdk", "wrk")
CLIENTS_OVER = {"stdio": ("raw", "sdk"), "http": CLIENTS}
"""wrk is an HTTP load generator: it measures the HTTP rows only."""
CLIENT_TITLES = {
    "raw": "raw JSON-RPC client",
    "sdk": "SDK ClientSession",
    "wrk": "wrk (C load generator)",
}
FILE_SCRIPT = "serve_toolbridge_file.py"
"""The gateway as deployed: ``toolbridge serve FILE``, which says when all its workers listen."""
START_TIMEOUT = 60.0
CALL_TIMEOUT = 30.0


@dataclass(frozen=True, slots=True)
class Peer:
    """One server script in ``bench/servers/`` and how the table names it."""

    key: str
    label: str
    script: str
    args: tuple[str, ...] = ()
    """After ``http PORT``; ``{redis}`` stands for the benchmark's Redis URL."""
    transports: tuple[str, ...] = ("stdio", "http")
    base: str = ""
    """The peer this one is measured against (its target), if any."""
    least: float = 0.0
    """The least ratio of calls per second to `base`'s that meets the target."""
    targeted: tuple[int, ...] = (1, 16, 64)
    """The calls in flight the target applies at."""


PEERS = (
    Peer("mcpserver", "MCP SDK MCPServer (reference)", "serve_mcpserver.py"),
    Peer("lowlevel", "MCP SDK low-level Server (no validation)", "serve_lowlevel.py"),
    Peer("fastmcp", "FastMCP", "serve_fastmcp.py"),
    Peer("toolbridge", "toolbridge serve (policy, audit, validation)", "serve_toolbridge.py"),
    # The gateway as deployed (a toolset file, stateless): one worker, two workers on
    # one port, and each with its rate limit counted in Redis.
    Peer("file-1", "toolbridge serve FILE, 1 worker", "serve_toolbridge_file.py", ("1",),
         ("http",)),
    # One call in flight is one connection: one worker serves it, the other idles; so
    # two workers are measured against one with 16 and 64 in flight.
    Peer("file-2", "toolbridge serve FILE, 2 workers", "serve_toolbridge_file.py", ("2",),
         ("http",), base="file-1", least=1.7, targeted=(16, 64)),
    Peer("file-1-redis", "toolbridge serve FILE, 1 worker, limit in Redis",
         "serve_toolbridge_file.py", ("1", "{redis}"), ("http",), base="file-1",
         least=1 / 1.2),
    Peer("file-2-redis", "toolbridge serve FILE, 2 workers, limit in Redis",
         "serve_toolbridge_file.py", ("2", "{redis}"), ("http",), base="file-2",
         least=1 / 1.2),
    # --json-response: one JSON body per answer, no SSE stream (no progress on the way).
    Peer("file-1-json", "toolbridge serve FILE, 1 worker, --json-response",
         "serve_toolbridge_file.py", ("1", "json"), ("http",)),
    # Callers signed in (serve_toolbridge_auth.py): a static bearer token, and an
    # OAuth access token (JWT) checked by the file's auth section, its claims cached.
    Peer("auth-static", "toolbridge FILE, static bearer token", "serve_toolbridge_auth.py",
         ("static",), ("http",)),
    Peer("auth-jwt", "toolbridge FILE, JWT access token (auth:)", "serve_toolbridge_auth.py",
         ("jwt",), ("http",), base="auth-static", least=1 / 1.1),
)  # fmt: skip


def chosen() -> tuple[Peer, ...]:
    """The peers to measure: ``$BENCH_PEERS`` (keys, comma-separated), or all.

    For a look at a few rows in a minute (``BENCH_PEERS=file-1,file-2``); a row whose
    base is left out shows no ratio.
    """
    keys = [key for key in os.environ.get("BENCH_PEERS", "").split(",") if key]
    unknown = set(keys) - {peer.key for peer in PEERS}
    if unknown:
        raise SystemExit(f"BENCH_PEERS names no peer: {', '.join(sorted(unknown))}")
    return tuple(peer for peer in PEERS if not keys or peer.key in keys)


REFERENCE = "mcpserver"
TARGETS = {"mcpserver": 1.2, "fastmcp": 1.5}
"""toolbridge's targets: at least these times the peer's calls per second."""
BASE_TITLES = {"file-1": "1 worker", "file-2": "2 workers", "auth-static": "static tokens"}


@dataclass(slots=True)
class Batch:
    """What one timed batch measured."""

    calls: int
    elapsed_ns: int
    latencies_ns: list[int]
    wrong: int = 0
    percentiles_ns: dict[float, float] = field(default_factory=dict)
    """Latency percentiles by share (0.5, 0.99) from a client that gives no latencies."""

    @property
    def per_second(self) -> float:
        return self.calls * 1e9 / self.elapsed_ns if self.elapsed_ns else 0.0


class Client(Protocol):
    """A connection to one running server that can time a batch of ``echo`` calls."""

    async def batch(self, in_flight: int, seconds: float) -> Batch: ...

    async def close(self) -> None: ...


def _request(number: int) -> tuple[bytes, str]:
    text = f"hello {number}"
    message = {
        "jsonrpc": "2.0",
        "id": number,
        "method": "tools/call",
        "params": {"name": "echo", "arguments": {"text": text}},
    }
    return json.dumps(message, separators=(",", ":")).encode(), text


def _initialize(number: int) -> bytes:
    message = {
        "jsonrpc": "2.0",
        "id": number,
        "method": "initialize",
        "params": {
            "protocolVersion": PROTOCOL_VERSION,
            "capabilities": {},
            "clientInfo": {"name": "toolbridge-bench", "version": "1"},
        },
    }
    return json.dumps(message).encode()


_INITIALIZED = b'{"jsonrpc":"2.0","method":"notifications/initialized"}'


def _echoed(answer: Any, text: str) -> bool:
    """True when `answer` is a successful ``tools/call`` result whose first text is `text`."""
    result = answer.get("result") if isinstance(answer, dict) else None
    if not isinstance(result, dict) or result.get("isError"):
        return False
    content = result.get("content") or [{}]
    return isinstance(content[0], dict) and content[0].get("text") == text


class Ids:
    """Request ids shared by the clients of one server (unique for its whole life)."""

    def __init__(self) -> None:
        self.next = 10

    def take(self) -> int:
        self.next += 1
        return self.next


# -- raw JSON-RPC over stdio ------------------------------------------------------------


class RawStdio:
    """Newline-delimited JSON-RPC on the server's stdin/stdout, N requests outstanding."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.ids = Ids()

    @classmethod
    async def start(cls, script: Path, stderr: Any) -> RawStdio:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            str(script),
            "stdio",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=stderr,
            limit=64 * 1024 * 1024,
        )
        client = cls(process)
        await asyncio.wait_for(client._handshake(), START_TIMEOUT)
        return client

    async def _read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        while True:
            line = await self.process.stdout.readline()
            if not line:
                raise RuntimeError("the server closed its stdout")
            message = json.loads(line)
            if isinstance(message, dict) and "id" in message:
                return message

    async def _handshake(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(_initialize(1) + b"\n")
        answer = await self._read()
        if "result" not in answer:
            raise RuntimeError(f"initialize failed: {answer}")
        self.process.stdin.write(_INITIALIZED + b"\n")
        await self.process.stdin.drain()

    async def batch(self, in_flight: int, seconds: float) -> Batch:
        stdin = self.process.stdin
        assert stdin is not None
        pending: dict[int, tuple[int, str]] = {}
        latencies: list[int] = []
        wrong = 0

        def send() -> None:
            number = self.ids.take()
            body, text = _request(number)
            pending[number] = (time.perf_counter_ns(), text)
            stdin.write(body + b"\n")

        started = time.perf_counter_ns()
        deadline = started + int(seconds * 1e9)
        for _ in range(in_flight):
            send()
        await stdin.drain()
        while pending:
            answer = await asyncio.wait_for(self._read(), CALL_TIMEOUT)
            sent = pending.pop(answer["id"], None)
            if sent is None:
                continue
            now = time.perf_counter_ns()
            latencies.append(now - sent[0])
            if not _echoed(answer, sent[1]):
                wrong += 1
            if now < deadline:
                send()
                await stdin.drain()
        elapsed = time.perf_counter_ns() - started
        return Batch(len(latencies), elapsed, latencies, wrong)

    async def close(self) -> None:
        await _stop(self.process)


async def _stop(process: asyncio.subprocess.Process) -> None:
    if process.stdin is not None:
        process.stdin.close()
    with contextlib.suppress(ProcessLookupError):
        try:
            await asyncio.wait_for(process.wait(), 3)
        except TimeoutError:
            process.terminate()
            try:
                await asyncio.wait_for(process.wait(), 3)
            except TimeoutError:
                process.kill()
                await process.wait()


# -- raw HTTP/1.1 ---------------------------------------------------------------------------


class HttpConnection(asyncio.Protocol):
    """One keep-alive HTTP/1.1 connection to the MCP endpoint, one request at a time.

    An asyncio protocol, not streams: each answer is parsed from the bytes received
    once it is whole, with no await per line, so that the client takes little of
    the CPU the servers share with it.
    """

    def __init__(self, port: int) -> None:
        self.port = port
        self.transport: asyncio.Transport | None = None
        self.received = bytearray()
        self.waiting: asyncio.Future[tuple[int, dict[str, str], bytes]] | None = None
        self.lost: Exception | None = None

    @classmethod
    async def open(cls, port: int) -> HttpConnection:
        loop = asyncio.get_running_loop()
        _, connection = await loop.create_connection(lambda: cls(port), "127.0.0.1", port)
        return connection

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.received += data
        if self.waiting is not None and not self.waiting.done():
            parsed = self._parsed()
            if parsed is not None:
                self.waiting.set_result(parsed)

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = ConnectionError("the server closed the connection")
        if self.waiting is not None and not self.waiting.done():
            self.waiting.set_exception(self.lost)

    async def post(self, body: bytes, session: str | None) -> tuple[int, dict[str, str], bytes]:
        head = [
            "POST /mcp HTTP/1.1",
            f"Host: 127.0.0.1:{self.port}",
            "Content-Type: application/json",
            "Accept: application/json, text/event-stream",
            f"MCP-Protocol-Version: {PROTOCOL_VERSION}",
            f"Content-Length: {len(body)}",
        ]
        if session is not None:
            head.append(f"Mcp-Session-Id: {session}")
        if self.lost is not None or self.transport is None:
            raise ConnectionError("the server closed the connection")
        self.waiting = asyncio.get_running_loop().create_future()
        self.transport.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
        return await self.waiting

    def _parsed(self) -> tuple[int, dict[str, str], bytes] | None:
        """The first whole response in what was received (taken out of it), or None."""
        buffer = self.received
        end = buffer.find(b"\r\n\r\n")
        if end < 0:
            return None
        status_line, *lines = buffer[:end].decode("latin-1").split("\r\n")
        headers: dict[str, str] = {}
        for line in lines:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        start = end + 4
        if "content-length" in headers:
            stop = start + int(headers["content-length"])
            if len(buffer) < stop:
                return None
            body = bytes(buffer[start:stop])
        elif headers.get("transfer-encoding", "").lower() == "chunked":
            parts = []
            at = start
            while True:
                line_end = buffer.find(b"\r\n", at)
                if line_end < 0:
                    return None
                size = int(buffer[at:line_end].split(b";")[0], 16)
                if size == 0:
                    if len(buffer) < line_end + 4:
                        return None
                    stop = line_end + 4  # no trailers
                    break
                if len(buffer) < line_end + 2 + size + 2:
                    return None
                parts.append(bytes(buffer[line_end + 2 : line_end + 2 + size]))
                at = line_end + 2 + size + 2
            body = b"".join(parts)
        else:
            stop, body = start, b""
        del buffer[:stop]
        return int(status_line.split()[1]), headers, body

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


def _answer(headers: dict[str, str], body: bytes) -> dict[str, Any]:
    """The JSON-RPC response in a JSON body or in an SSE stream's ``data:`` lines."""
    if headers.get("content-type", "").startswith("text/event-stream"):
        for line in body.splitlines():
            if line.startswith(b"data:"):
                data = line[5:].strip()
                if not data:
                    continue
                message = json.loads(data)
                if isinstance(message, dict) and "id" in message:
                    return message
        raise RuntimeError(f"no JSON-RPC response in the event stream: {body[:200]!r}")
    message = json.loads(body)
    if not isinstance(message, dict):
        raise RuntimeError(f"not a JSON-RPC response: {body[:200]!r}")
    return message


class RawHttp:
    """Raw keep-alive POSTs on N sockets, one MCP session."""

    def __init__(self, port: int, session: str | None) -> None:
        self.port = port
        self.session = session
        self.pool: list[HttpConnection] = []
        self.ids = Ids()

    @classmethod
    async def connect(cls, port: int) -> RawHttp:
        connection = await HttpConnection.open(port)
        try:
            status, headers, body = await connection.post(_initialize(1), None)
            if status != 200:
                raise RuntimeError(f"initialize answered HTTP {status}: {body[:200]!r}")
            _answer(headers, body)
            session = headers.get("mcp-session-id")
            status, _, body = await connection.post(_INITIALIZED, session)
            if status not in (200, 202):
                raise RuntimeError(f"notifications/initialized answered HTTP {status}: {body!r}")
        except BaseException:
            connection.close()
            raise
        client = cls(port, session)
        client.pool.append(connection)
        return client

    async def batch(self, in_flight: int, seconds: float) -> Batch:
        # New connections for every batch, opened before the timer: servers close
        # keep-alive connections left idle (uvicorn after 5 s) between batches.
        await self.close()
        self.pool = [await HttpConnection.open(self.port) for _ in range(in_flight)]
        latencies: list[int] = []
        wrong = 0

        async def worker(connection: HttpConnection) -> None:
            nonlocal wrong
            while time.perf_counter_ns() < deadline:
                body, text = _request(self.ids.take())
                sent = time.perf_counter_ns()
                status, headers, answer = await connection.post(body, self.session)
                latencies.append(time.perf_counter_ns() - sent)
                if status != 200 or not _echoed(_answer(headers, answer), text):
                    wrong += 1

        started = time.perf_counter_ns()
        deadline = started + int(seconds * 1e9)
        workers = [worker(connection) for connection in self.pool[:in_flight]]
        await asyncio.wait_for(asyncio.gather(*workers), seconds + CALL_TIMEOUT)
        return Batch(len(latencies), time.perf_counter_ns() - started, latencies, wrong)

    async def close(self) -> None:
        for connection in self.pool:
            connection.close()
        self.pool = []


class WrkHttp:
    """wrk (`_wrk.py`) on N connections, in the session a raw client opened, if any."""

    def __init__(self, wrk: _wrk.Wrk) -> None:
        self.wrk = wrk

    async def batch(self, in_flight: int, seconds: float) -> Batch:
        measured = await self.wrk.run(in_flight, seconds)
        percentiles = {0.5: measured.p50_ns, 0.99: measured.p99_ns}
        return Batch(measured.calls, measured.elapsed_ns, [], measured.wrong, percentiles)

    async def close(self) -> None:
        return None


# -- the SDK's ClientSession ------------------------------------------------------------


class SdkSession:
    """The MCP SDK's ``ClientSession`` over its own stdio or streamable HTTP transport."""

    def __init__(self, stack: contextlib.AsyncExitStack, session: Any) -> None:
        self.stack = stack
        self.session = session
        self.ids = Ids()

    @classmethod
    async def start(cls, transport: Any) -> SdkSession:
        from mcp.client.session import ClientSession

        stack = contextlib.AsyncExitStack()
        try:
            read, write = await stack.enter_async_context(transport)
            session = await stack.enter_async_context(ClientSession(read, write))
            await asyncio.wait_for(session.initialize(), START_TIMEOUT)
        except BaseException:
            await stack.aclose()
            raise
        return cls(stack, session)

    async def batch(self, in_flight: int, seconds: float) -> Batch:
        latencies: list[int] = []
        wrong = 0

        async def worker() -> None:
            nonlocal wrong
            while time.perf_counter_ns() < deadline:
                text = f"hello {self.ids.take()}"
                sent = time.perf_counter_ns()
                result = await self.session.call_tool("echo", {"text": text})
                latencies.append(time.perf_counter_ns() - sent)
                content = result.content
                if result.is_error or not content or getattr(content[0], "text", None) != text:
                    wrong += 1

        started = time.perf_counter_ns()
        deadline = started + int(seconds * 1e9)
        workers = [worker() for _ in range(in_flight)]
        await asyncio.wait_for(asyncio.gather(*workers), seconds + CALL_TIMEOUT)
        return Batch(len(latencies), time.perf_counter_ns() - started, latencies, wrong)

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.stack.aclose()


# -- servers --------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def start_http_server(
    script: Path, stderr: Any, args: Sequence[str] = (), *, announced: Path | None = None
) -> tuple[asyncio.subprocess.Process, int]:
    """Start `script` over HTTP on a free port; return once it answers ``initialize``.

    With `announced`, the file `stderr` writes to, also wait until ``toolbridge
    serve`` says it serves there: once every worker listens, not only the first.
    """
    port = _free_port()
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        str(script),
        "http",
        str(port),
        *args,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=stderr,
    )
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        if process.returncode is not None:
            raise RuntimeError(f"exited with status {process.returncode}")
        try:
            probe = await RawHttp.connect(port)
        except OSError:
            if time.monotonic() > deadline:
                process.kill()
                raise RuntimeError(f"not listening after {START_TIMEOUT:g} s") from None
            await asyncio.sleep(0.1)
            continue
        await probe.close()
        while announced is not None and "serving " not in announced.read_text(errors="replace"):
            if _exited(process) or time.monotonic() > deadline:
                raise RuntimeError("the workers did not all start")
            await asyncio.sleep(0.1)
        return process, port


def _exited(process: asyncio.subprocess.Process) -> bool:
    """Whether `process` has exited (a call, so that a check before does not narrow it)."""
    return process.returncode is not None


async def terminate(process: asyncio.subprocess.Process) -> None:
    with contextlib.suppress(ProcessLookupError):
        process.terminate()
        try:
            await asyncio.wait_for(process.wait(), 5)
        except TimeoutError:
            process.kill()
            await process.wait()


def _tail(path: Path) -> str:
    text = path.read_text(encoding="utf-8", errors="replace").strip().splitlines()
    return text[-1][:160] if text else "no output on stderr"


@dataclass(slots=True)
class Running:
    """The clients of one peer over one transport (or why it could not start)."""

    peer: Peer
    clients: dict[str, Client] = field(default_factory=dict)
    reasons: dict[str, str] = field(default_factory=dict)


@contextlib.contextmanager
def _redis(folder: Path) -> Iterator[str | None]:
    """A ``redis-server`` on a free loopback port (no persistence), or None without one."""
    binary = shutil.which("redis-server")
    if binary is None:
        yield None
        return
    port = _free_port()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
         "no", "--dir", str(folder)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError("redis-server did not start") from None
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(10)


@contextlib.asynccontextmanager
async def _started(
    transport: str, logs: Path, redis_url: str | None
) -> AsyncIterator[list[Running]]:
    """Every peer's server(s) over `transport`, with a raw and an SDK client each."""
    from mcp.client.stdio import StdioServerParameters, stdio_client
    from mcp.client.streamable_http import streamable_http_client

    runs = [Running(peer) for peer in chosen() if transport in peer.transports]
    wrk = _wrk.locate()
    lua = _wrk.Wrk.write_script(logs) if transport == "http" and wrk.binary else None
    processes: list[asyncio.subprocess.Process] = []
    files = []
    try:
        for run in runs:
            script = SERVERS_DIR / run.peer.script
            log_path = logs / f"{run.peer.key}-{transport}.log"
            log = log_path.open("w")
            files.append(log)
            try:
                args = list(run.peer.args)
                if "{redis}" in args:
                    if redis_url is None:
                        raise RuntimeError("no redis-server on PATH")
                    args = [redis_url if arg == "{redis}" else arg for arg in args]
                if transport == "stdio":
                    run.clients["raw"] = await RawStdio.start(script, log)
                    parameters = StdioServerParameters(
                        command=sys.executable, args=[str(script), "stdio"]
                    )
                    run.clients["sdk"] = await SdkSession.start(stdio_client(parameters, log))
                else:
                    announced = log_path if run.peer.script == FILE_SCRIPT else None
                    process, port = await start_http_server(script, log, args, announced=announced)
                    processes.append(process)
                    raw = run.clients["raw"] = await RawHttp.connect(port)
                    url = f"http://127.0.0.1:{port}/mcp"
                    run.clients["sdk"] = await SdkSession.start(streamable_http_client(url))
                    if lua is not None and wrk.binary is not None:
                        # The raw client's handshake; a stateless server gave no session.
                        session = raw.session
                        run.clients["wrk"] = WrkHttp(_wrk.Wrk(wrk.binary, lua, port, session))
            except Exception as error:
                log.flush()
                reason = f"{failure(error)}; stderr: {_tail(log_path)}"
                for kind in CLIENTS_OVER[transport]:
                    if kind not in run.clients:
                        run.reasons[kind] = reason
        yield runs
    finally:
        for run in reversed(runs):
            for client in reversed(list(run.clients.values())):
                with contextlib.suppress(Exception):
                    await client.close()
        for process in processes:
            await terminate(process)
        for log in files:
            log.close()


# -- measuring --------------------------------------------------------------------------------


@dataclass(slots=True)
class Measured:
    """One peer's batches in one case (transport, client, calls in flight)."""

    peer: Peer
    batches: list[Batch] = field(default_factory=list)
    reason: str = ""

    @property
    def per_second(self) -> float | None:
        if not self.batches:
            return None
        return statistics.median(batch.per_second for batch in self.batches)

    def percentile(self, share: float) -> float | None:
        """Over every call of every batch; the median of the batches' own, from wrk."""
        latencies = sorted(value for batch in self.batches for value in batch.latencies_ns)
        if not latencies:
            given = [batch.percentiles_ns[share] for batch in self.batches
                     if share in batch.percentiles_ns]  # fmt: skip
            return statistics.median(given) if given else None
        return float(latencies[min(len(latencies) - 1, int(share * len(latencies)))])

    @property
    def wrong(self) -> int:
        return sum(batch.wrong for batch in self.batches)

    @property
    def calls(self) -> int:
        return sum(batch.calls for batch in self.batches)


@dataclass(frozen=True, slots=True)
class Case:
    transport: str
    client: str
    in_flight: int

    @property
    def title(self) -> str:
        transport = "stdio" if self.transport == "stdio" else "streamable HTTP"
        return f"{transport}, {CLIENT_TITLES[self.client]}, {self.in_flight} in flight"


async def _measure(transport: str, repeats: int, seconds: float) -> dict[Case, list[Measured]]:
    found: dict[Case, list[Measured]] = {}
    with tempfile.TemporaryDirectory(prefix="toolbridge-serve-") as folder:
        os.environ["BENCH_AUDIT"] = str(Path(folder) / "audit.jsonl")
        with contextlib.ExitStack() as stack:
            redis_url = stack.enter_context(_redis(Path(folder))) if transport == "http" else None
            found.update(await _cases(transport, Path(folder), redis_url, repeats, seconds))
    return found


async def _cases(
    transport: str, folder: Path, redis_url: str | None, repeats: int, seconds: float
) -> dict[Case, list[Measured]]:
    found: dict[Case, list[Measured]] = {}
    async with _started(transport, folder, redis_url) as runs:
        for client in CLIENTS_OVER[transport]:
            if client == "wrk" and _wrk.locate().binary is None:
                continue  # the table says why
            for in_flight in IN_FLIGHT:
                case = Case(transport, client, in_flight)
                rows = [Measured(run.peer, reason=run.reasons.get(client, "")) for run in runs]
                live = [
                    (row, run.clients[client])
                    for row, run in zip(rows, runs, strict=True)
                    if client in run.clients
                ]
                await _rounds(live, in_flight, repeats, seconds)
                found[case] = rows
    return found


async def _rounds(
    live: Sequence[tuple[Measured, Client]], in_flight: int, repeats: int, seconds: float
) -> None:
    """A short warm-up batch each, then `repeats` rounds of one batch each, rotated."""
    for row, client in live:
        try:
            await client.batch(in_flight, min(0.3, seconds))
        except Exception as error:
            row.reason = failure(error)
    usable = [(row, client) for row, client in live if not row.reason]
    for repeat in range(repeats):
        shift = repeat % max(1, len(usable))
        for row, client in [*usable[shift:], *usable[:shift]]:
            if row.reason:
                continue
            try:
                row.batches.append(await client.batch(in_flight, seconds))
            except Exception as error:
                row.reason = failure(error)
                row.batches.clear()


# -- the table --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Line:
    """One printed row."""

    case: Case
    measured: Measured
    ratios: dict[str, float | None]
    target: str
    result: str


def judged_on(transport: str) -> str:
    """The client whose rows a transport's targets are judged on.

    Over HTTP wrk, which spends about 80 µs of CPU per call where the raw client
    spends 250; the raw client where wrk could not be installed.
    """
    return "wrk" if transport == "http" and _wrk.locate().binary is not None else "raw"


def _lines(found: dict[Case, list[Measured]]) -> list[Line]:
    lines: list[Line] = []
    for case, rows in found.items():
        judged = case.client == judged_on(case.transport)
        speed = {row.peer.key: row.per_second for row in rows}
        for row in rows:
            mine = row.per_second
            ratios: dict[str, float | None] = {}
            for key in TARGETS:
                theirs = speed.get(key)
                ratios[key] = None if mine is None or not theirs else mine / theirs
            target = result = ""
            if row.peer.key == "toolbridge" and judged:
                target = " / ".join(f">= {limit:g}x" for limit in TARGETS.values())
                met = [ratio is not None and ratio >= TARGETS[key] for key, ratio in ratios.items()]
                result = PASS if all(met) else FAIL
            elif row.peer.base and judged and case.in_flight in row.peer.targeted:
                theirs = speed.get(row.peer.base)
                ratio = None if mine is None or not theirs else mine / theirs
                shown = "-" if ratio is None else f"{ratio:.2f}x"
                target = f"{shown} of {BASE_TITLES[row.peer.base]}, >= {row.peer.least:.2f}x"
                result = PASS if ratio is not None and ratio >= row.peer.least else FAIL
            lines.append(Line(case, row, ratios, target, result))
    return lines


_HEADERS = ("case", "calls/s", "p50", "p99", "vs MCPServer", "vs FastMCP", "target", "result")


def _cells(line: Line) -> tuple[str, ...]:
    row = line.measured
    if row.per_second is None:
        return (row.peer.label, "-", "-", "-", "-", "-", line.target, f"n/a ({row.reason})")

    def ratio(key: str) -> str:
        value = line.ratios[key]
        if row.peer.key == key:
            return "(ref)" if key == REFERENCE else "1.00x"
        return "-" if value is None else f"{value:.2f}x"

    p50, p99 = row.percentile(0.50), row.percentile(0.99)
    return (
        row.peer.label,
        f"{row.per_second:,.0f}",
        "-" if p50 is None else duration(p50),
        "-" if p99 is None else duration(p99),
        ratio("mcpserver"),
        ratio("fastmcp"),
        line.target,
        line.result,
    )


def render(found: dict[Case, list[Measured]]) -> str:
    """The throughput table: one block per case, ratios against MCPServer and FastMCP."""
    lines = _lines(found)
    table = [_HEADERS, *(_cells(line) for line in lines)]
    widths = [max(len(cells[column]) for cells in table) for column in range(len(_HEADERS))]

    def text(cells: Sequence[str]) -> str:
        first = cells[0].ljust(widths[0])
        middle = [cell.rjust(width) for cell, width in zip(cells[1:-1], widths[1:-1], strict=True)]
        return "  ".join([first, *middle, cells[-1]]).rstrip()

    out = ["  " + text(_HEADERS), "-" * (sum(widths) + 2 * len(widths))]
    current: Case | None = None
    for line, cells in zip(lines, table[1:], strict=True):
        if line.case != current:
            current = line.case
            out += ["", f"Served echo: {line.case.title}"]
        out.append("  " + text(cells))
    wrong = [
        f"    * {line.case.title}, {line.measured.peer.label}: {line.measured.wrong} of "
        f"{line.measured.calls} answers wrong or failed"
        for line in lines
        if line.measured.wrong
    ]
    out += ["", *wrong] if wrong else []
    wrk = _wrk.locate()
    if wrk.binary is None:
        out.append(f"    The {CLIENT_TITLES['wrk']} table is skipped: {wrk.reason}.")
    judged = "wrk over HTTP" if judged_on("http") == "wrk" else "HTTP too"
    out.append(
        "    Targets apply to toolbridge through the clients that are not the bottleneck: "
        f"the raw client over stdio, {judged}; ClientSession rows are "
        "bounded by the client. Two workers target 1.7x one with 16 and 64 in flight; a "
        "rate limit counted in Redis at most 1.2x the cost of none (0.83x the calls per "
        "second); a JWT at most 1.1x the cost of a static token."
    )
    return "\n".join(out)


def failed(found: dict[Case, list[Measured]]) -> bool:
    return any(line.result == FAIL for line in _lines(found))


def to_json(found: dict[Case, list[Measured]]) -> list[dict[str, Any]]:
    return [
        {
            "transport": line.case.transport,
            "client": line.case.client,
            "in_flight": line.case.in_flight,
            "server": line.measured.peer.key,
            "calls_per_second": line.measured.per_second,
            "p50_ns": line.measured.percentile(0.5),
            "p99_ns": line.measured.percentile(0.99),
            "vs_mcpserver": line.ratios["mcpserver"],
            "vs_fastmcp": line.ratios["fastmcp"],
            "target": line.target or None,
            "status": line.result or None,
            "reason": line.measured.reason or None,
            "calls": line.measured.calls,
            "wrong": line.measured.wrong,
            "samples_per_second": [batch.per_second for batch in line.measured.batches],
            "client_version": _wrk.locate().version if line.case.client == "wrk" else None,
        }
        for line in _lines(found)
    ]


def run(*, quick: bool) -> dict[Case, list[Measured]]:
    """Every case over both transports; servers that fail show as ``n/a (reason)``."""
    repeats, seconds = (1, 0.4) if quick else (3, 1.5)
    _wrk.locate()  # the set-up: installs wrk when missing (as root), before any timing
    found: dict[Case, list[Measured]] = {}
    for transport in TRANSPORTS:
        found.update(asyncio.run(_measure(transport, repeats, seconds)))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    quick = "--quick" in (sys.argv[1:] if argv is None else argv)
    found = run(quick=quick)
    print(render(found))
    return 1 if failed(found) else 0


if __name__ == "__main__":
    sys.exit(main())
