"""Serving canonical tools over MCP: listed exactly as given, validated before they run,
failures as isError results, progress and logs passed through, HTTP guarded."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from mcp.client.client import Client
from mcp.shared.dispatcher import ProgressFnT
from mcp.shared.exceptions import MCPDeprecationWarning, MCPError
from mcp_types import ListToolsRequest, PaginatedRequestParams
from pydantic import TypeAdapter

from toolbridge import (
    Tool,
    ToolDefinitionError,
    ToolResult,
    report_progress,
    send_log,
    tool,
)
from toolbridge.formats import from_mcp, to_mcp
from toolbridge.mcp import HttpServer, McpClient, StdioServer, build_server

CORPUS = Path(__file__).resolve().parent / "data" / "corpus" / "mcp"
calls: list[dict[str, Any]] = []


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
    process = subprocess.Popen(
        [sys.executable, "-c", SERVE, "record", "http", "0"],
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert process.stderr is not None
        url = process.stderr.readline().strip()
        assert url.startswith("http://127.0.0.1:"), url
        yield url, int(url.rsplit(":", 1)[1].split("/")[0])
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(10)
        assert process.stderr is not None
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


def test_an_http_session_the_server_forgot_is_started_again() -> None:
    """The server restarts between two calls: the new process answers the old session
    id with 404, and the client opens a new session once and sends the call again."""
    import socket

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
            async with McpClient(HttpServer(url=f"http://127.0.0.1:{port}/mcp")) as client:
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
    assert starts == 2


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
