"""The MCP test servers and fixtures themselves, checked with the MCP SDK's own client
(and, for what a client cannot see, over the raw pipes): the fixture server's handshake,
tools and every misbehaviour flag, the third-party servers, and the leak checker."""

from __future__ import annotations

import asyncio
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import IO, Any, TextIO

import anyio
import mcp_types as types
import pytest
from mcp import (
    Client,
    ClientSession,
    MCPDeprecationWarning,
    MCPError,
    StdioServerParameters,
    stdio_client,
)
from mcp.client.streamable_http import streamable_http_client

Argv = Callable[..., list[str]]
Strays = Callable[..., dict[int, str]]
Json = dict[str, Any]


@asynccontextmanager
async def connected(
    argv: list[str], *, errlog: TextIO | None = None, initialize: bool = True, **options: Any
) -> AsyncIterator[ClientSession]:
    """An SDK ClientSession over stdio to the server ``argv`` starts."""
    server = StdioServerParameters(command=argv[0], args=argv[1:])
    with open(os.devnull, "w") as devnull:
        async with (
            stdio_client(server, errlog=errlog or devnull) as (read, write),
            ClientSession(read, write, **options) as session,
        ):
            if initialize:
                await session.initialize()
            yield session


def text(result: types.CallToolResult) -> str:
    (block,) = result.content
    assert isinstance(block, types.TextContent)
    return block.text


async def all_tools(session: ClientSession) -> tuple[list[types.Tool], int]:
    """Every page of tools/list, and how many pages there were."""
    tools: list[types.Tool] = []
    cursor: str | None = None
    pages = 0
    while True:
        params = types.PaginatedRequestParams(cursor=cursor) if cursor else None
        page = await session.list_tools(params=params)
        pages += 1
        tools += page.tools
        cursor = page.next_cursor
        if cursor is None:
            return tools, pages


def _ppid(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def _gone(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


class Raw:
    """The server over its raw pipes, for what an MCP client hides (exit status, stray lines)."""

    def __init__(self, argv: list[str], *, stderr: int | IO[bytes] = subprocess.DEVNULL) -> None:
        self.process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            start_new_session=True,
        )
        self.lines: queue.Queue[bytes] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.next_id = 0

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(b"")

    def send(self, message: Json) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message).encode() + b"\n")
        self.process.stdin.flush()

    def request(self, method: str, params: Json | None = None) -> int:
        self.next_id += 1
        message: Json = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return self.next_id

    def line(self, timeout: float = 5) -> bytes:
        return self.lines.get(timeout=timeout)

    def message(self, timeout: float = 5) -> Json:
        """The next JSON-RPC message, skipping nothing."""
        line = self.line(timeout)
        assert line, "the server closed stdout"
        message: Json = json.loads(line)
        return message

    def call(self, method: str, params: Json | None = None, timeout: float = 5) -> Json:
        """Send a request and read messages up to its answer."""
        request_id = self.request(method, params)
        while True:
            message = self.message(timeout)
            if message.get("id") == request_id:
                return message

    def initialize(self, version: str = "2025-11-25") -> Json:
        params = {
            "protocolVersion": version,
            "capabilities": {},
            "clientInfo": {"name": "raw", "version": "0"},
        }
        answer = self.call("initialize", params)
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return answer

    def close(self) -> int:
        """Close stdin and wait; a process still there after 5 s is killed with its group."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            return self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.kill()
            raise

    def kill(self) -> int:
        with suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        return self.process.wait(5)

    def __enter__(self) -> Raw:
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self.process.poll() is None:
            self.kill()
        else:  # the group may outlive its leader
            with suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
        self.reader.join(5)
        for pipe in (self.process.stdin, self.process.stdout, self.process.stderr):
            if pipe is not None and not pipe.closed:
                pipe.close()


# -- the handshake --------------------------------------------------------------------------


def test_the_sdk_client_initializes_and_the_server_says_who_it_is(fixture_server: Argv) -> None:
    async def main() -> types.InitializeResult:
        async with connected(fixture_server()) as session:
            await session.send_ping()
            result = session.initialize_result
            assert result is not None
            return result

    result = asyncio.run(main())
    assert result.protocol_version == "2025-11-25"
    assert result.server_info.name == "fixture"
    assert result.server_info.version == "1"
    assert result.capabilities.tools is not None
    assert result.capabilities.tools.list_changed is True
    assert result.capabilities.logging is not None


def test_the_sdk_client_in_auto_mode_falls_back_from_discover_at_once(fixture_server: Argv) -> None:
    # `mcp.Client` (mode="auto") first sends server/discover; -32601 makes it fall back
    # to initialize right away instead of after its 10 s discover timeout.
    async def main() -> tuple[str, float, str]:
        started = time.monotonic()
        argv = fixture_server()
        server = StdioServerParameters(command=argv[0], args=argv[1:])
        async with Client(server) as client:
            elapsed = time.monotonic() - started
            result = await client.call_tool("echo", {"text": "auto"})
            return client.protocol_version, elapsed, text(result)

    version, elapsed, echoed = asyncio.run(main())
    assert version == "2025-11-25"
    assert elapsed < 5
    assert echoed == "auto"


@pytest.mark.parametrize(
    ("offered", "answered"),
    [
        ("2025-11-25", "2025-11-25"),
        ("2025-06-18", "2025-06-18"),
        ("2025-03-26", "2025-03-26"),
        ("2024-11-05", "2024-11-05"),
        ("2026-07-28", "2025-11-25"),
        ("1999-01-01", "2025-11-25"),
    ],
)
def test_the_protocol_version_is_echoed_when_known(
    fixture_server: Argv, offered: str, answered: str
) -> None:
    with Raw(fixture_server()) as raw:
        assert raw.initialize(offered)["result"]["protocolVersion"] == answered
        assert raw.close() == 0


def test_unknown_methods_bad_json_and_bad_params_are_json_rpc_errors(fixture_server: Argv) -> None:
    with Raw(fixture_server()) as raw:
        raw.initialize()
        assert raw.call("server/discover", {})["error"]["code"] == -32601
        assert raw.call("resources/list")["error"]["code"] == -32601
        assert raw.call("ping") == {"jsonrpc": "2.0", "id": raw.next_id, "result": {}}
        assert raw.call("tools/list", {"cursor": "bogus"})["error"]["code"] == -32602
        assert raw.call("tools/call", {"name": "nope"})["error"]["code"] == -32602
        assert raw.call("logging/setLevel", {"level": "loud"})["error"]["code"] == -32602
        assert raw.process.stdin is not None
        raw.process.stdin.write(b"{not json\n")
        raw.process.stdin.flush()
        assert raw.message()["error"]["code"] == -32700
        assert raw.close() == 0


def test_it_starts_and_answers_initialize_quickly(fixture_server: Argv) -> None:
    started = time.monotonic()
    with Raw(fixture_server()) as raw:
        raw.initialize()
        elapsed = time.monotonic() - started
        raw.close()
    assert elapsed < 1.0  # about 30 ms on an idle machine


# -- the tools ------------------------------------------------------------------------------


def test_every_tool_does_what_it_says(fixture_server: Argv) -> None:
    async def main() -> dict[str, Any]:
        async with connected(fixture_server()) as session:
            tools, _ = await all_tools(session)
            add = await session.call_tool("add", {"a": 2, "b": 3.5})
            return {
                "tools": {tool.name: tool for tool in tools},
                "echo": text(await session.call_tool("echo", {"text": "héllo"})),
                "add": (text(add), add.structured_content),
                "sleep": text(await session.call_tool("sleep", {"seconds": 0.05})),
                "fail": await session.call_tool("fail", {}),
                "pid": text(await session.call_tool("pid", {})),
                "content": (await session.call_tool("content", {})).content,
                "count": text(await session.call_tool("count", {})),
            }

    results = asyncio.run(main())
    tools = results["tools"]
    assert list(tools) == [
        "echo",
        "add",
        "sleep",
        "fail",
        "progress",
        "bad_output",
        "pid",
        "content",
        "change",
        "count",
        "cancelled",
    ]
    assert tools["add"].output_schema == {
        "type": "object",
        "properties": {"sum": {"type": "number"}},
        "required": ["sum"],
    }
    assert tools["bad_output"].output_schema == tools["add"].output_schema
    assert results["echo"] == "héllo"
    assert results["add"] == ('{"sum": 5.5}', {"sum": 5.5})
    assert results["sleep"] == "slept"
    assert results["fail"].is_error is True
    assert text(results["fail"]) == "it failed"
    pid = int(results["pid"])
    assert _gone(pid)  # the session is over, and so is its server
    kinds = [
        (block.type, getattr(getattr(block, "resource", None), "blob", None) is not None)
        for block in results["content"]
    ]
    assert kinds == [
        ("text", False),
        ("image", False),
        ("audio", False),
        ("resource_link", False),
        ("resource", False),
        ("resource", True),
    ]
    assert results["count"] == "7"  # every tools/call so far, this one included


def test_pid_is_the_servers_own(fixture_server: Argv) -> None:
    with Raw(fixture_server()) as raw:
        raw.initialize()
        answer = raw.call("tools/call", {"name": "pid", "arguments": {}})
        assert answer["result"]["content"][0]["text"] == str(raw.process.pid)
        raw.close()


def test_structured_content_that_breaks_its_schema_is_refused_by_the_sdk(
    fixture_server: Argv,
) -> None:
    async def main() -> None:
        async with connected(fixture_server()) as session:
            match = "Invalid structured content returned by tool bad_output"
            with pytest.raises(RuntimeError, match=match):
                await session.call_tool("bad_output", {})

    asyncio.run(main())


def test_progress_notifications_and_a_log_message_come_before_the_answer(
    fixture_server: Argv,
) -> None:
    async def main() -> tuple[str, list[tuple[float, float | None, str | None]], list[Any]]:
        steps: list[tuple[float, float | None, str | None]] = []
        logs: list[types.LoggingMessageNotificationParams] = []

        async def on_progress(progress: float, total: float | None, message: str | None) -> None:
            steps.append((progress, total, message))

        async def on_log(params: types.LoggingMessageNotificationParams) -> None:
            logs.append(params)

        async with connected(fixture_server(), logging_callback=on_log) as session:
            result = await session.call_tool(
                "progress", {"steps": 3}, progress_callback=on_progress
            )
            return text(result), steps, logs

    answer, progress, logs = asyncio.run(main())
    assert answer == "done"
    assert progress == [(1, 3, "step 1"), (2, 3, "step 2"), (3, 3, "step 3")]
    assert [(log.level, log.logger, log.data) for log in logs] == [
        ("info", "fixture", "progress: 3 steps")
    ]


def test_logging_set_level_silences_lower_levels(fixture_server: Argv) -> None:
    async def main() -> list[Any]:
        logs: list[types.LoggingMessageNotificationParams] = []

        async def on_log(params: types.LoggingMessageNotificationParams) -> None:
            logs.append(params)

        async with connected(fixture_server(), logging_callback=on_log) as session:
            with pytest.warns(MCPDeprecationWarning, match="logging capability is deprecated"):
                await session.set_logging_level("warning")
            await session.call_tool("progress", {"steps": 1})
        return logs

    assert asyncio.run(main()) == []


def test_change_adds_a_tool_and_notifies(fixture_server: Argv) -> None:
    async def main() -> tuple[list[str], list[str], list[Any]]:
        seen: list[Any] = []

        async def on_message(message: Any) -> None:
            seen.append(message)

        async with connected(fixture_server(), message_handler=on_message) as session:
            before = [tool.name for tool in (await all_tools(session))[0]]
            assert text(await session.call_tool("change", {})) == "changed"
            after = [tool.name for tool in (await all_tools(session))[0]]
            assert text(await session.call_tool("added", {})) == "added"
            return before, after, seen

    before, after, seen = asyncio.run(main())
    assert after == [*before, "added"]
    assert any(isinstance(message, types.ToolListChangedNotification) for message in seen)


def test_calls_run_concurrently_and_cancelling_one_stops_it(fixture_server: Argv) -> None:
    async def main() -> tuple[float, int, str, str]:
        async with connected(fixture_server()) as session:
            errors: list[int] = []

            async def sleep() -> None:
                try:
                    await session.call_tool("sleep", {"seconds": 30}, read_timeout_seconds=1.0)
                except MCPError as error:
                    errors.append(error.code)

            started = time.monotonic()
            async with anyio.create_task_group() as group:
                group.start_soon(sleep)
                await anyio.sleep(0.1)
                assert text(await session.call_tool("echo", {"text": "meanwhile"})) == "meanwhile"
                echoed_after = time.monotonic() - started
            # The SDK sends notifications/cancelled for a timed-out or abandoned call.
            with anyio.move_on_after(0.2):
                await session.call_tool("sleep", {"seconds": 30})
            await anyio.sleep(0.2)
            cancelled = text(await session.call_tool("cancelled", {}))
            alive = text(await session.call_tool("echo", {"text": "alive"}))
            return echoed_after, errors[0], cancelled, alive

    echoed_after, error, cancelled, alive = asyncio.run(main())
    assert echoed_after < 0.9  # the sleeping call did not hold up the echo
    assert error == types.REQUEST_TIMEOUT
    assert cancelled == "2"  # the timed-out call and the abandoned one
    assert alive == "alive"


def test_a_cancelled_call_is_never_answered(fixture_server: Argv) -> None:
    with Raw(fixture_server()) as raw:
        raw.initialize()
        sleeping = raw.request("tools/call", {"name": "sleep", "arguments": {"seconds": 0.3}})
        raw.send(
            {
                "jsonrpc": "2.0",
                "method": "notifications/cancelled",
                "params": {"requestId": sleeping, "reason": "test"},
            }
        )
        time.sleep(0.5)
        answer = raw.call("tools/call", {"name": "cancelled", "arguments": {}})
        assert (
            answer["result"]["content"][0]["text"] == "1"
        )  # and no answer for `sleeping` before it
        raw.close()


# -- the misbehaviour flags -----------------------------------------------------------------


def test_tools_and_page_size_paginate_the_listing(fixture_server: Argv) -> None:
    async def main() -> tuple[list[types.Tool], int]:
        async with connected(fixture_server("--tools", "25", "--page-size", "7")) as session:
            tools, pages = await all_tools(session)
            answer = await session.call_tool("tool_24", {"x": 1})
            assert text(answer) == 'tool_24 called with {"x": 1}'
            return tools, pages

    tools, pages = asyncio.run(main())
    names = [tool.name for tool in tools]
    assert len(names) == len(set(names)) == 11 + 25
    assert names[-1] == "tool_24"
    assert pages == 6


@pytest.mark.parametrize("flag", ["--endless-cursor", "--repeating-cursor"])
def test_cursors_that_never_end(fixture_server: Argv, flag: str) -> None:
    async def main() -> list[str | None]:
        async with connected(fixture_server(flag, "--page-size", "4")) as session:
            cursors: list[str | None] = []
            cursor: str | None = None
            for _ in range(8):
                params = types.PaginatedRequestParams(cursor=cursor) if cursor else None
                cursor = (await session.list_tools(params=params)).next_cursor
                cursors.append(cursor)
            return cursors

    cursors = asyncio.run(main())
    assert None not in cursors
    if flag == "--endless-cursor":
        assert len(set(cursors)) == len(cursors)
    else:
        assert set(cursors) == {"again"}


def test_hang_call_answers_nothing_but_pid(fixture_server: Argv) -> None:
    async def main() -> str:
        async with connected(fixture_server("--hang-call")) as session:
            with pytest.raises(MCPError) as caught:
                await session.call_tool("echo", {"text": "lost"}, read_timeout_seconds=0.3)
            assert caught.value.code == types.REQUEST_TIMEOUT
            return text(await session.call_tool("pid", {}))

    assert asyncio.run(main()).isdigit()


def test_hang_initialize_never_answers_initialize_but_answers_ping(fixture_server: Argv) -> None:
    async def main() -> None:
        async with connected(
            fixture_server("--hang-initialize"), initialize=False, read_timeout_seconds=0.5
        ) as session:
            await session.send_ping()
            with pytest.raises(MCPError) as caught:
                await session.initialize()
            assert caught.value.code == types.REQUEST_TIMEOUT

    asyncio.run(main())


def test_delay_initialize_delays_only_initialize(fixture_server: Argv) -> None:
    async def main() -> tuple[float, float]:
        async with connected(
            fixture_server("--delay-initialize", "0.5"), initialize=False
        ) as session:
            started = time.monotonic()
            async with anyio.create_task_group() as group:
                group.start_soon(session.initialize)
                await session.send_ping()
                pinged = time.monotonic() - started
            return pinged, time.monotonic() - started

    pinged, initialized = asyncio.run(main())
    assert pinged < 0.4
    assert 0.5 <= initialized < 3


def test_exit_before_initialize_says_so_on_stderr_and_exits_3(fixture_server: Argv) -> None:
    done = subprocess.run(
        fixture_server("--exit-before-initialize"), capture_output=True, timeout=10, check=False
    )
    assert done.returncode == 3
    assert b"exiting before initialize" in done.stderr
    assert done.stdout == b""


def test_exit_before_initialize_fails_the_sdk_handshake(fixture_server: Argv) -> None:
    async def main() -> None:
        async with connected(
            fixture_server("--exit-before-initialize"), initialize=False
        ) as session:
            with pytest.raises(MCPError) as caught:
                await session.initialize()
            assert caught.value.code == types.CONNECTION_CLOSED

    asyncio.run(main())


def test_crash_on_call_exits_1_when_that_tool_is_called(fixture_server: Argv) -> None:
    with Raw(fixture_server("--crash-on-call", "echo"), stderr=subprocess.PIPE) as raw:
        raw.initialize()
        assert raw.call("tools/call", {"name": "add", "arguments": {"a": 1, "b": 1}})["result"]
        raw.request("tools/call", {"name": "echo", "arguments": {"text": "boom"}})
        assert raw.process.wait(5) == 1
        assert raw.line() == b""  # no answer, just the end of stdout
        assert raw.process.stderr is not None
        assert b"crashing on a call of 'echo'" in raw.process.stderr.read()


def test_crash_on_call_ends_an_sdk_call_with_connection_closed(fixture_server: Argv) -> None:
    async def main() -> float:
        async with connected(fixture_server("--crash-on-call", "echo")) as session:
            started = time.monotonic()
            with pytest.raises(MCPError) as caught:
                await session.call_tool("echo", {"text": "boom"})
            assert caught.value.code == types.CONNECTION_CLOSED
            return time.monotonic() - started

    assert asyncio.run(main()) < 2


@pytest.mark.parametrize("flag", ["--stderr-flood", "--stderr-flood-no-newlines"])
def test_a_stderr_flood_nobody_reads_does_not_stop_answers(fixture_server: Argv, flag: str) -> None:
    size = 1024 * 1024
    with Raw(fixture_server(flag, str(size)), stderr=subprocess.PIPE) as raw:
        raw.initialize()  # 1 MiB went to stderr at start and nobody read it: the pipe is full
        for index in range(3):
            answer = raw.call("tools/call", {"name": "echo", "arguments": {"text": str(index)}})
            assert answer["result"]["content"][0]["text"] == str(index)
        assert raw.process.stderr is not None
        flood = raw.process.stderr.read(4 * size)  # at start and once per call
        raw.close()
    assert len(flood) == 4 * size
    assert set(flood) == ({ord("x"), ord("\n")} if flag == "--stderr-flood" else {ord("x")})


def test_a_ten_megabyte_stderr_flood_through_the_sdk(fixture_server: Argv, tmp_path: Path) -> None:
    async def main() -> list[str]:
        with open(tmp_path / "stderr", "w") as errlog:
            argv = fixture_server("--stderr-flood", str(10 * 1024 * 1024))
            async with connected(argv, errlog=errlog) as session:
                return [text(await session.call_tool("echo", {"text": str(i)})) for i in range(5)]

    assert asyncio.run(main()) == [str(i) for i in range(5)]
    # Some of the flood went out; the rest was cut short when the server exited.
    assert (tmp_path / "stderr").stat().st_size > 1024 * 1024


def test_garbage_lines_come_between_real_messages(fixture_server: Argv) -> None:
    with Raw(fixture_server("--garbage-lines")) as raw:
        raw.request("ping")
        lines = [raw.line() for _ in range(3)]
        raw.close()
    assert lines[0] == b"this line is not JSON at all\n"
    assert json.loads(lines[1]) == {"valid": "JSON", "but": "not JSON-RPC"}
    assert json.loads(lines[2]) == {"jsonrpc": "2.0", "id": 1, "result": {}}


def test_garbage_lines_reach_the_sdk_as_exceptions_and_calls_still_work(
    fixture_server: Argv,
) -> None:
    async def main() -> tuple[str, list[Exception]]:
        errors: list[Exception] = []

        async def on_message(message: Any) -> None:
            if isinstance(message, Exception):
                errors.append(message)

        async with connected(
            fixture_server("--garbage-lines"), message_handler=on_message
        ) as session:
            return text(await session.call_tool("echo", {"text": "through"})), errors

    echoed, errors = asyncio.run(main())
    assert echoed == "through"
    assert errors  # two per message the server sent


def test_huge_message_pads_the_echo_answer(fixture_server: Argv) -> None:
    size = 2 * 1024 * 1024
    with Raw(fixture_server("--huge-message", str(size))) as raw:
        raw.initialize()
        raw.request("tools/call", {"name": "echo", "arguments": {"text": "big"}})
        line = raw.line()
        raw.close()
    assert size - 1024 <= len(line) <= size + 1024
    assert json.loads(line)["result"]["content"][0]["text"].startswith("bigxxx")


def test_ignore_sigterm_outlives_sigterm_and_stdin_eof(fixture_server: Argv) -> None:
    with Raw(fixture_server("--ignore-sigterm")) as raw:
        raw.initialize()
        raw.process.send_signal(signal.SIGTERM)
        assert raw.call("ping")["result"] == {}
        assert raw.process.stdin is not None
        raw.process.stdin.close()
        time.sleep(0.3)
        assert raw.process.poll() is None
        assert raw.kill() == -signal.SIGKILL


def test_without_ignore_sigterm_sigterm_ends_it(fixture_server: Argv) -> None:
    with Raw(fixture_server()) as raw:
        raw.initialize()
        raw.process.send_signal(signal.SIGTERM)
        assert raw.process.wait(5) == 128 + signal.SIGTERM


def test_spawn_grandchild_reports_it_and_a_polite_exit_ends_it(fixture_server: Argv) -> None:
    with Raw(fixture_server("--spawn-grandchild")) as raw:
        raw.initialize()
        answer = raw.call("tools/call", {"name": "pid", "arguments": {}})
        server, grandchild = (int(pid) for pid in answer["result"]["content"][0]["text"].split())
        assert server == raw.process.pid
        assert _ppid(grandchild) == server
        assert os.getpgid(grandchild) == os.getpgid(server) == server  # one group to kill
        assert raw.close() == 0
    assert _gone(grandchild)


def test_spawn_grandchild_with_ignore_sigterm_needs_a_group_kill(fixture_server: Argv) -> None:
    with Raw(fixture_server("--spawn-grandchild", "--ignore-sigterm")) as raw:
        raw.initialize()
        answer = raw.call("tools/call", {"name": "pid", "arguments": {}})
        _, grandchild = (int(pid) for pid in answer["result"]["content"][0]["text"].split())
        os.killpg(raw.process.pid, signal.SIGTERM)
        time.sleep(0.3)
        assert raw.process.poll() is None
        assert not _gone(grandchild)
        raw.kill()  # SIGKILL to the group
        deadline = time.monotonic() + 5
        while not _gone(grandchild) and time.monotonic() < deadline:
            time.sleep(0.02)
    assert _gone(grandchild)


def test_the_sdk_client_ends_the_server_and_its_grandchild(fixture_server: Argv) -> None:
    async def main() -> list[int]:
        async with connected(fixture_server("--spawn-grandchild")) as session:
            return [int(pid) for pid in text(await session.call_tool("pid", {})).split()]

    pids = asyncio.run(main())
    assert len(pids) == 2
    assert all(_gone(pid) for pid in pids)


def test_duplicate_names_serves_two_echo_tools(fixture_server: Argv) -> None:
    async def main() -> list[str]:
        async with connected(fixture_server("--duplicate-names")) as session:
            return [tool.name for tool in (await all_tools(session))[0]]

    assert asyncio.run(main()).count("echo") == 2


def test_tool_description_from_serves_a_file_verbatim(fixture_server: Argv, tmp_path: Path) -> None:
    corpus = [
        {
            "name": "get_weather",
            "title": "Weather",
            "description": "Weather for a city.",
            "inputSchema": {
                "type": "object",
                "properties": {"city": {"type": "string", "minLength": 1}},
                "required": ["city"],
                "additionalProperties": False,
            },
            "_meta": {"vendor": {"x": 1}},
        }
    ]
    (tmp_path / "tools.json").write_text(json.dumps({"tools": corpus}))
    with Raw(fixture_server("--tool-description-from", str(tmp_path / "tools.json"))) as raw:
        raw.initialize()
        listed = raw.call("tools/list")["result"]["tools"]
        called = raw.call("tools/call", {"name": "get_weather", "arguments": {"city": "Oslo"}})
        raw.close()
    assert listed[-1] == corpus[0]
    assert called["result"]["content"][0]["text"] == 'get_weather called with {"city": "Oslo"}'


def test_change_schema_changes_echos_input_schema_instead(fixture_server: Argv) -> None:
    with Raw(fixture_server("--change-schema")) as raw:
        raw.initialize()
        before = raw.call("tools/list")["result"]["tools"]
        raw.request("tools/call", {"name": "change", "arguments": {}})
        assert raw.message()["method"] == "notifications/tools/list_changed"
        assert raw.message()["result"]["content"][0]["text"] == "changed"
        after = raw.call("tools/list")["result"]["tools"]
        raw.close()
    assert [tool["name"] for tool in after] == [tool["name"] for tool in before]
    assert after[0]["inputSchema"] == {**before[0]["inputSchema"], "description": "changed"}
    assert after[1:] == before[1:]


def test_silent_discover_never_answers_server_discover(fixture_server: Argv) -> None:
    with Raw(fixture_server("--silent-discover")) as raw:
        discover = raw.request("server/discover", {})
        assert raw.initialize()["id"] != discover  # the next answer is initialize's
        with pytest.raises(queue.Empty):
            raw.line(timeout=0.3)
        raw.close()


def test_hang_list_never_answers_tools_list(fixture_server: Argv) -> None:
    with Raw(fixture_server("--hang-list")) as raw:
        raw.initialize()
        raw.request("tools/list")
        with pytest.raises(queue.Empty):
            raw.line(timeout=0.3)
        assert raw.call("ping")["result"] == {}
        raw.close()


def test_stdout_banner_comes_first(fixture_server: Argv) -> None:
    with Raw(fixture_server("--stdout-banner", "Starting the server...")) as raw:
        assert raw.line() == b"Starting the server...\n"
        assert raw.initialize()["result"]["serverInfo"]["name"] == "fixture"
        raw.close()


def _bad_line(argv: list[str], method: str) -> bytes:
    """The raw line the server answers `method` with (after the handshake, but for it)."""
    with Raw(argv) as raw:
        if method == "initialize":
            raw.request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {}})
        else:
            raw.initialize()
            params = {"name": "echo", "arguments": {"text": "hi"}}
            raw.request(method, params if method == "tools/call" else None)
        line = raw.line()
        raw.close()
    return line


@pytest.mark.parametrize(
    ("method", "kind"),
    [
        ("tools/list", "array"),
        ("initialize", "batch"),
        ("tools/list", "null-id"),
        ("initialize", "wrong-id"),
        ("initialize", "garbage"),
        ("tools/call", "huge-error"),
        ("initialize", "version"),
    ],
)
def test_bad_reply_breaks_the_answer_to_one_method(
    fixture_server: Argv, method: str, kind: str
) -> None:
    answer = json.loads(_bad_line(fixture_server("--bad-reply", f"{method}={kind}"), method))
    request_id = 1 if method == "initialize" else 2
    if kind == "batch":
        assert isinstance(answer, list)
        assert answer[0]["id"] == request_id
    elif kind == "array":
        assert answer["result"][0]["name"] == "echo"  # the tools array itself
    elif kind == "null-id":
        assert answer["id"] is None
    elif kind == "wrong-id":
        assert answer["id"] == request_id + 1000
    elif kind == "garbage":
        assert answer["result"] == {"garbage": True}
    elif kind == "huge-error":
        assert answer["error"]["code"] == -32603
        assert len(answer["error"]["message"]) > 2**20
    else:
        assert answer["result"]["protocolVersion"] == "1999-01-01"


@pytest.mark.parametrize(
    ("kind", "broken"), [("invalid-utf8", b"\xff\xfe"), ("surrogate", b"\\ud800")]
)
def test_bad_reply_puts_what_json_cannot_carry_in_a_description(
    fixture_server: Argv, kind: str, broken: bytes
) -> None:
    line = _bad_line(fixture_server("--bad-reply", f"tools/list={kind}"), "tools/list")
    assert b'"description":"Echo the text back.' + broken + b'"' in line
    if kind == "surrogate":  # JSON Python reads, but not Unicode text
        description = json.loads(line)["result"]["tools"][0]["description"]
        with pytest.raises(UnicodeEncodeError):
            description.encode()
    else:
        with pytest.raises(UnicodeDecodeError):
            line.decode()


def test_bad_reply_leaves_other_methods_alone(fixture_server: Argv) -> None:
    with Raw(fixture_server("--bad-reply", "tools/list=array")) as raw:
        assert raw.initialize()["result"]["protocolVersion"] == "2025-11-25"
        assert raw.call("ping") == {"jsonrpc": "2.0", "id": 2, "result": {}}
        raw.close()


def test_bad_reply_refuses_an_unknown_kind(fixture_server: Argv) -> None:
    done = subprocess.run(
        fixture_server("--bad-reply", "tools/list=nonsense"), capture_output=True, timeout=10
    )
    assert done.returncode == 2
    assert b"KIND must be one of" in done.stderr


# -- third-party servers --------------------------------------------------------------------


def test_server_everything_lists_its_tools_and_echoes(everything_server: list[str]) -> None:
    async def main() -> tuple[str, list[str], str]:
        async with connected(everything_server) as session:
            assert session.server_info is not None
            tools, _ = await all_tools(session)
            echoed = await session.call_tool("echo", {"message": "hi"})
            return session.server_info.name, [tool.name for tool in tools], text(echoed)

    name, names, echoed = asyncio.run(main())
    assert "everything" in name
    assert {"echo", "get-sum"} <= set(names)
    assert "hi" in echoed


def test_server_everything_over_streamable_http(everything_http_server: str) -> None:
    async def main() -> tuple[list[str], str]:
        async with (
            streamable_http_client(everything_http_server) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            tools, _ = await all_tools(session)
            echoed = await session.call_tool("echo", {"message": "over http"})
            return [tool.name for tool in tools], text(echoed)

    names, echoed = asyncio.run(main())
    assert "echo" in names
    assert "over http" in echoed


def test_mcp_server_time_tells_the_time(time_server: list[str]) -> None:
    async def main() -> tuple[list[str], Any]:
        async with connected(time_server) as session:
            tools, _ = await all_tools(session)
            result = await session.call_tool("get_current_time", {"timezone": "UTC"})
            return [tool.name for tool in tools], result.structured_content

    names, now = asyncio.run(main())
    assert "get_current_time" in names
    assert now["timezone"] == "UTC"


# -- the leak checker -----------------------------------------------------------------------


def test_the_leak_checker_finds_a_child_until_it_is_reaped(stray_processes: Strays) -> None:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        assert child.pid in stray_processes()
        assert "time.sleep(60)" in stray_processes()[child.pid]
        child.kill()
        time.sleep(0.2)
        assert stray_processes()[child.pid].startswith("Z ")  # a zombie still counts
    finally:
        child.kill()
        child.wait()
    assert stray_processes(wait=1) == {}


def test_the_leak_checker_finds_an_escaped_grandchild_by_its_marker(
    fixture_server: Argv, stray_processes: Strays
) -> None:
    marker = fixture_server()[2]
    escape = (
        "import subprocess, sys\n"
        "argv = [sys.executable, '-c', 'import time; time.sleep(60)', sys.argv[1]]\n"
        "quiet = {'stdout': subprocess.DEVNULL, 'stderr': subprocess.DEVNULL}\n"
        "child = subprocess.Popen(argv, start_new_session=True, **quiet)\n"
        "print(child.pid)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", escape, marker],
        capture_output=True,
        text=True,
        check=True,
        timeout=10,
    )
    orphan = int(done.stdout)
    try:
        assert _ppid(orphan) != os.getpid()  # re-parented away from this process
        assert orphan in stray_processes()
    finally:
        os.kill(orphan, signal.SIGKILL)
    assert stray_processes(wait=3) == {}
