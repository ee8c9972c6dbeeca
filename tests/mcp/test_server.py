"""Serving canonical tools over MCP: listed exactly as given, validated before they run,
failures as isError results, progress and logs passed through, HTTP guarded."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.dispatcher import ProgressFnT
from mcp.shared.exceptions import MCPDeprecationWarning, MCPError
from mcp_types import ListToolsRequest, PaginatedRequestParams, TextContent
from pydantic import TypeAdapter

from toolbridge import (
    ConfigError,
    Tool,
    ToolDefinitionError,
    ToolResult,
    report_progress,
    send_log,
    tool,
)
from toolbridge.formats import from_mcp, to_mcp
from toolbridge.mcp import HttpServer, McpClient, StdioServer, build_server, serve_async

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus" / "mcp"
calls: list[dict[str, Any]] = []

RawHttp = Callable[..., tuple[int, bytes, float]]
"""The `raw_http` fixture (tests/conftest.py)."""


@tool
def record(count: int, label: str = "x") -> str:
    """Record the call, so a test can tell whether it ran."""
    calls.append({"count": count, "label": label})
    return f"{label}{count}"


@tool
def explode() -> str:
    """Raise, as a buggy tool does."""
    raise RuntimeError("kaboom")


@tool
async def busy(steps: int) -> str:
    """Report progress and log while working."""
    for step in range(1, steps + 1):
        await report_progress(step, steps, f"step {step}")
        await send_log("info", {"step": step}, logger="busy")
    return "finished"


cancelled: list[bool] = []


@tool
async def linger(seconds: float) -> str:
    """Sleep; note it when cancelled."""
    try:
        await asyncio.sleep(seconds)
    except asyncio.CancelledError:
        cancelled.append(True)
        raise
    return "woke"


def _run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def _corpus_tools() -> list[Tool]:
    tools: dict[str, Tool] = {}
    for path in sorted(CORPUS.glob("*.json")):
        for item in from_mcp(json.loads(path.read_text())):
            tools.setdefault(item.name, item)
    return list(tools.values())


# -- in process, with the SDK's own client ---------------------------------------------


def test_tools_are_listed_exactly_as_to_mcp_writes_them() -> None:
    """Byte for byte on the wire, for every distinct tool of the corpus."""
    tools = _corpus_tools()
    assert len(tools) > 900

    async def main() -> list[dict[str, Any]]:
        async with Client(build_server(tools), mode="legacy") as client:
            as_json: Any = TypeAdapter(dict[str, Any])  # the wire as sent, not an SDK model
            raw = await client.session.send_request(ListToolsRequest(), as_json)
            listed: list[dict[str, Any]] = raw["tools"]
            return listed

    listed = _run(main())
    assert [entry["name"] for entry in listed] == [item.name for item in tools]
    for served, item in zip(listed, tools, strict=True):
        assert served == to_mcp(item), item.name
        assert from_mcp(served).fingerprint == item.fingerprint, item.name


def test_invalid_arguments_are_an_error_result_and_the_tool_never_runs() -> None:
    calls.clear()

    async def main() -> Any:
        async with Client(build_server([record]), mode="legacy") as client:
            return await client.session.call_tool("record", {"count": "three"})

    result = _run(main())
    assert result.is_error
    assert "count" in result.content[0].text
    assert calls == []


def test_a_valid_call_runs_the_tool_once() -> None:
    calls.clear()

    async def main() -> Any:
        async with Client(build_server([record]), mode="legacy") as client:
            return await client.session.call_tool("record", {"count": 3, "label": "n"})

    result = _run(main())
    assert not result.is_error
    assert result.content[0].text == "n3"
    assert calls == [{"count": 3, "label": "n"}]


def test_a_tool_that_raises_is_an_error_result() -> None:
    async def main() -> Any:
        async with Client(build_server([explode]), mode="legacy") as client:
            return await client.session.call_tool("explode", {})

    result = _run(main())
    assert result.is_error
    assert "kaboom" in result.content[0].text
    assert "Traceback" not in result.content[0].text


def test_an_error_result_stays_an_error_on_the_wire() -> None:
    failing = Tool(name="failing", invoker=_Fixed(ToolResult.from_error("no such file")))

    async def main() -> Any:
        async with Client(build_server([failing]), mode="legacy") as client:
            return await client.session.call_tool("failing", {})

    result = _run(main())
    assert result.is_error
    assert result.content[0].text == "no such file"


class _Fixed:
    def __init__(self, result: ToolResult) -> None:
        self.result = result

    def call(self, arguments: dict[str, Any], timeout: float | None) -> ToolResult:
        return self.result

    async def acall(self, arguments: dict[str, Any], timeout: float | None) -> ToolResult:
        return self.result


def test_an_unknown_tool_is_a_json_rpc_error() -> None:
    async def main() -> MCPError:
        async with Client(build_server([record]), mode="legacy") as client:
            with pytest.raises(MCPError) as caught:
                await client.session.call_tool("nope", {})
            return caught.value

    error = _run(main())
    assert error.code == -32602
    assert "nope" in error.message


def test_progress_and_logs_reach_the_client() -> None:
    progress: list[tuple[float, float | None, str | None]] = []
    logs: list[Any] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        progress.append((done, total, message))

    async def on_log(params: Any) -> None:
        logs.append(params.data)

    async def main() -> Any:
        server = build_server([busy])
        async with Client(server, mode="legacy", logging_callback=on_log) as client:
            return await client.session.call_tool(
                "busy", {"steps": 3}, progress_callback=cast("ProgressFnT", on_progress)
            )

    result = _run(main())
    assert result.content[0].text == "finished"
    assert progress == [(1, 3, "step 1"), (2, 3, "step 2"), (3, 3, "step 3")]
    assert logs == [{"step": 1}, {"step": 2}, {"step": 3}]


def test_a_cancelled_call_cancels_the_tool() -> None:
    cancelled.clear()

    async def main() -> None:
        async with Client(build_server([linger]), mode="legacy") as client:
            with pytest.raises(MCPError):
                await client.session.call_tool("linger", {"seconds": 30}, read_timeout_seconds=0.3)
            for _ in range(50):
                if cancelled:
                    break
                await asyncio.sleep(0.02)

    _run(main())
    assert cancelled == [True]


def test_pages_hold_every_tool_once_in_order_and_a_bad_cursor_is_refused() -> None:
    tools = [Tool(name=f"tool_{index}") for index in range(10)]

    async def main() -> list[str]:
        async with Client(build_server(tools, page_size=3), mode="legacy") as client:
            names: list[str] = []
            cursor: str | None = None
            while True:
                params = None if cursor is None else PaginatedRequestParams(cursor=cursor)
                page = await client.session.list_tools(params=params)
                names += [entry.name for entry in page.tools]
                cursor = page.next_cursor
                if cursor is None:
                    break
            with pytest.raises(MCPError) as caught:
                await client.session.list_tools(params=PaginatedRequestParams(cursor="bogus"))
            assert caught.value.code == -32602
            return names

    assert _run(main()) == [f"tool_{index}" for index in range(10)]


def test_tools_must_be_tools_with_unique_names() -> None:
    with pytest.raises(ToolDefinitionError, match="record"):
        build_server([record, record])
    with pytest.raises(ToolDefinitionError, match="not a Tool"):
        build_server([record, "explode"])  # type: ignore[list-item]


def test_progress_of_a_proxied_tool_passes_through(fixture_server: Any) -> None:
    """A tool loaded from one MCP server and served again: the first server's progress
    notifications reach the second server's client."""
    progress: list[float] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        progress.append(done)

    async def main() -> Any:
        argv = fixture_server()
        async with McpClient(StdioServer(command=argv[0], args=tuple(argv[1:]))) as upstream:
            server = build_server([upstream.tool("progress")])
            async with Client(server, mode="legacy") as client:
                return await client.session.call_tool(
                    "progress", {"steps": 3}, progress_callback=cast("ProgressFnT", on_progress)
                )

    result = _run(main())
    assert result.content[0].text == "done"
    assert progress == [1, 2, 3]


# -- a round trip through toolbridge's own client, over stdio and HTTP --------------------

SERVE = """
import json, sys
from toolbridge import tool
from toolbridge.formats import from_mcp
from toolbridge.mcp import serve

@tool
def record(count: int, label: str = "x") -> str:
    '''Say what it was given.'''
    return f"{label}{count}"

tools = [record] if sys.argv[1] == "record" else from_mcp(json.load(open(sys.argv[1])))
options = {"page_size": 50}
if sys.argv[2] == "http":
    options.update(transport="http", port=int(sys.argv[3]),
                   on_ready=lambda url: print(url, file=sys.stderr, flush=True))
if len(sys.argv) > 4:
    options.update(body_timeout=float(sys.argv[4]))
serve(tools, **options)
"""


def test_a_served_toolset_loads_back_with_equal_fingerprints(tmp_path: Path) -> None:
    tools = _corpus_tools()
    source = tmp_path / "tools.json"
    source.write_text(json.dumps(to_mcp(tools)))
    server = StdioServer(command=sys.executable, args=("-c", SERVE, str(source), "stdio"))

    async def main() -> list[Tool]:
        async with McpClient(server) as client:
            return client.tools

    loaded = _run(main())
    assert [item.name for item in loaded] == [item.name for item in tools]
    assert [item.fingerprint for item in loaded] == [item.fingerprint for item in tools]


@pytest.fixture
def http_server() -> Iterator[tuple[str, int]]:
    with serving_http() as (url, port, _):
        yield url, port


@contextlib.contextmanager
def serving_http(*options: str) -> Iterator[tuple[str, int, list[str]]]:
    """`record` served over HTTP by a subprocess on a free port: its URL, its port, and
    (once the block ends and the server stopped) the rest of what it wrote to stderr."""
    process = subprocess.Popen(
        [sys.executable, "-c", SERVE, "record", "http", "0", *options],
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    logged: list[str] = []
    try:
        assert process.stderr is not None
        url = process.stderr.readline().strip()
        assert url.startswith("http://127.0.0.1:"), url
        yield url, int(url.rsplit(":", 1)[1].split("/")[0]), logged
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(10)
        assert process.stderr is not None
        logged.append(process.stderr.read())
        process.stderr.close()


def _post(port: int, headers: dict[str, str]) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    body = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}
    try:
        connection.request(
            "POST",
            "/mcp",
            body=json.dumps(body),
            headers={
                "Content-Type": "application/json",
                "Accept": "application/json, text/event-stream",
                **headers,
            },
        )
        return connection.getresponse().status
    finally:
        connection.close()


def test_http_binds_to_loopback_and_refuses_foreign_hosts_and_origins(
    http_server: tuple[str, int],
) -> None:
    url, port = http_server
    assert _post(port, {"Host": f"attacker.example:{port}"}) == 421
    assert _post(port, {"Origin": "http://attacker.example"}) == 403
    assert _post(port, {"Origin": f"http://localhost:{port}"}) not in (403, 421)

    async def main() -> list[str]:
        async with McpClient(HttpServer(url=url)) as client:
            return [item.name for item in client.tools]

    assert _run(main()) == ["record"]


@pytest.mark.parametrize(("protocol", "sessions"), [("legacy", 2), ("auto", 1)])
def test_an_http_session_the_server_forgot_is_started_again(protocol: str, sessions: int) -> None:
    """The server restarts between two calls: the new process answers the old session
    id with 404, and the client opens a new session once and sends the call again.
    MCP 2026-07-28 has no sessions: the second call simply reaches the new process."""

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])

    def start() -> subprocess.Popen[str]:
        process = subprocess.Popen(
            [sys.executable, "-c", SERVE, "record", "http", str(port)],
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        assert process.stderr is not None
        assert process.stderr.readline().startswith("http://")
        return process

    def stop(process: subprocess.Popen[str]) -> None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        assert process.stderr is not None
        process.stderr.close()

    async def main() -> tuple[list[str], int]:
        first = start()
        texts: list[str] = []
        try:
            server = HttpServer(url=f"http://127.0.0.1:{port}/mcp")
            async with McpClient(server, protocol=protocol) as client:  # type: ignore[arg-type]
                texts.append((await client.call("record", {"count": 1})).text)
                stop(first)
                second = start()
                try:
                    texts.append((await client.call("record", {"count": 2})).text)
                finally:
                    stop(second)
                return texts, client._connections["server"].starts
        finally:
            if first.poll() is None:
                stop(first)

    texts, starts = _run(main())
    assert texts == ["x1", "x2"]
    assert starts == sessions


def test_log_messages_below_the_level_the_client_set_are_not_sent() -> None:
    logs: list[Any] = []

    async def on_log(params: Any) -> None:
        logs.append(params.level)

    @tool
    async def chatty() -> str:
        """Log at two levels."""
        await send_log("info", "routine")
        await send_log("error", "bad")
        return "said"

    async def main() -> None:
        async with Client(build_server([chatty]), mode="legacy", logging_callback=on_log) as client:
            with pytest.warns(MCPDeprecationWarning):
                await client.session.set_logging_level("error")
            await client.session.call_tool("chatty", {})

    _run(main())
    assert logs == ["error"]


def test_the_auth_hook_signs_every_http_request(http_server: tuple[str, int]) -> None:
    import httpx2

    signed: list[str] = []

    class Token(httpx2.Auth):
        def auth_flow(self, request: httpx2.Request) -> Any:
            request.headers["Authorization"] = "Bearer t0ken"
            signed.append(request.method)
            yield request

    url, _ = http_server

    async def main() -> str:
        async with McpClient(HttpServer(url=url, auth=Token())) as client:
            return (await client.call("record", {"count": 7})).text

    assert _run(main()) == "x7"
    assert signed.count("POST") >= 3  # initialize, tools/list, tools/call at least


# -- what a client gets wrong over HTTP: answered, never a traceback ------------------------


def initialize(
    port: int, *, headers: str = "", body: bytes | None = None, length: int = 0
) -> bytes:
    """A raw ``initialize`` POST; `length` overrides the Content-Length sent."""
    if body is None:
        message = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}
        body = json.dumps(message).encode()
    return (
        f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{headers}"
        "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
        f"Content-Length: {length or len(body)}\r\nConnection: close\r\n\r\n"
    ).encode() + body


def test_http_refuses_a_request_with_two_origins(raw_http: RawHttp) -> None:
    with serving_http() as (_, port, logged):
        allowed, foreign = f"Origin: http://127.0.0.1:{port}\r\n", "Origin: http://evil.example\r\n"
        answers = [
            raw_http(port, initialize(port, headers=first + second))
            for first, second in ((foreign, allowed), (allowed, foreign))
        ]
    assert [status for status, _, _ in answers] == [400, 400]
    for _, body, _ in answers:
        assert json.loads(body)["error"]["type"] == "DuplicateHeader"
    assert "Traceback" not in logged[0]


def test_http_answers_a_lone_surrogate_with_400(raw_http: RawHttp) -> None:
    body = rb'{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"x": "\ud800"}}'
    with serving_http() as (_, port, logged):
        status, answer, _ = raw_http(port, initialize(port, body=body))
    assert status == 400
    assert json.loads(answer)["error"]["code"] == -32700  # a JSON-RPC parse error
    assert "Traceback" not in logged[0]


def test_http_answers_a_body_shorter_than_its_length_with_408_in_time(raw_http: RawHttp) -> None:
    with serving_http("1") as (_, port, logged):
        status, body, took = raw_http(port, initialize(port, length=1000))
    assert status == 408
    assert json.loads(body)["error"]["type"] == "BodyTimeout"
    assert 0.9 < took < 5
    assert "Traceback" not in logged[0]


def test_an_unusable_body_timeout_is_refused_before_binding() -> None:
    for timeout in (0, -1.0, float("nan")):
        with pytest.raises(ConfigError, match="body_timeout"):
            _run(serve_async([record], transport="http", port=0, body_timeout=timeout))


def test_http_takes_a_client_leaving_mid_body_quietly(raw_http: RawHttp) -> None:
    with serving_http() as (_, port, logged):
        raw_http(port, initialize(port, length=1000), leave=True)
        time.sleep(0.2)
        status, _, _ = raw_http(port, initialize(port))  # and the server goes on
    assert status == 200
    assert "Traceback" not in logged[0]
    assert "Error" not in logged[0]


# -- over stdio: the protocol alone on stdout ---------------------------------------------

NOISY = '''
import os
from toolbridge import tool

@tool
def shout(text: str) -> str:
    """Shout the text, and say so on stdout."""
    print("sync print", text)
    os.write(1, b"sync write to fd 1\\n")
    return text.upper()

@tool
async def whisper(text: str) -> str:
    """Whisper the text, and say so on stdout."""
    print("async print", text)
    return text.lower()
'''


@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
def test_serve_over_stdio_keeps_what_tools_print_off_the_protocol(
    buffered: bool, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """`toolbridge serve` with the official client, whose environment has no
    PYTHONUNBUFFERED: what the tools print reaches stderr, never the protocol."""
    (tmp_path / "noisy.py").write_text(NOISY)
    environment = {key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"}
    if not buffered:
        environment["PYTHONUNBUFFERED"] = "1"
    server = StdioServerParameters(
        command=sys.executable,
        args=["-m", "toolbridge", "serve", "noisy.py"],
        env=environment,
        cwd=tmp_path,
    )
    errors = tmp_path / "stderr.txt"

    async def main() -> list[str]:
        with errors.open("w") as errlog:
            async with Client(stdio_client(server, errlog=errlog), mode="legacy") as client:
                texts = []
                for name in ("shout", "whisper", "shout"):
                    (block,) = (await client.call_tool(name, {"text": "Hi"})).content
                    assert isinstance(block, TextContent)
                    texts.append(block.text)
                return texts

    with caplog.at_level(logging.WARNING, logger="mcp"):
        assert _run(main()) == ["HI", "hi", "HI"]
    assert [record.getMessage() for record in caplog.records] == []
    said = errors.read_text().splitlines()
    assert said.count("sync print Hi") == 2
    assert said.count("sync write to fd 1") == 2
    assert said.count("async print Hi") == 1


def test_what_was_printed_before_serving_goes_to_stderr_too(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Text still in the buffer of `sys.stdout` when `serve` starts is not the protocol's."""
    script = "print('before serving')\n" + SERVE
    environment = {key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"}
    server = StdioServerParameters(
        command=sys.executable, args=["-c", script, "record", "stdio"], env=environment
    )
    errors = tmp_path / "stderr.txt"

    async def main() -> bool:
        with errors.open("w") as errlog:
            async with Client(stdio_client(server, errlog=errlog), mode="legacy") as client:
                return (await client.call_tool("record", {"count": 1})).is_error

    with caplog.at_level(logging.WARNING, logger="mcp"):
        assert _run(main()) is False
    assert [record.getMessage() for record in caplog.records] == []
    assert errors.read_text().splitlines() == ["before serving"]
