"""toolbridge's client against servers other people wrote, installed from npm and PyPI:
``@modelcontextprotocol/server-everything`` (stdio and streamable HTTP) and
``mcp-server-time``."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from toolbridge import ArgumentValidationError, Tool, ToolTimeoutError
from toolbridge.formats import to_openai
from toolbridge.mcp import HttpServer, McpClient, StdioServer, load_mcp_tools

from ..loopback import free_port


def _server(argv: list[str]) -> StdioServer:
    return StdioServer(command=argv[0], args=tuple(argv[1:]))


def _run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def test_server_everything_over_stdio(everything_server: list[str]) -> None:
    progress: list[float] = []

    async def on_progress(tool: str, done: float, total: float | None, message: str | None) -> None:
        progress.append(done)

    async def main() -> dict[str, Any]:
        async with McpClient(_server(everything_server), on_progress=on_progress) as client:
            tools = {tool.name: tool for tool in client.tools}
            echo = await client.call("echo", {"message": "from toolbridge"})
            with pytest.raises(ArgumentValidationError):
                await client.call("echo", {"message": 42})
            add_tool = next(name for name in tools if "sum" in name or name == "add")
            added = await client.call(add_tool, {"a": 2, "b": 3})
            slow = next(name for name in tools if "long" in name.lower())
            await client.call(slow, {"duration": 1, "steps": 3}, timeout=30)
            return {"tools": tools, "echo": echo, "added": added}

    outcome = _run(main())
    assert "from toolbridge" in outcome["echo"].text
    assert "5" in outcome["added"].text
    assert progress == sorted(progress)
    assert len(progress) >= 3
    for tool in outcome["tools"].values():  # every listed tool converts for OpenAI strict
        assert isinstance(tool, Tool)
        to_openai(tool)


def test_server_everything_over_streamable_http(everything_http_server: str) -> None:
    async def main() -> str:
        async with McpClient(HttpServer(url=everything_http_server)) as client:
            assert not client.failures
            return (await client.call("echo", {"message": "over http"})).text

    assert "over http" in _run(main())


def test_a_timed_out_call_leaves_server_everything_usable(everything_server: list[str]) -> None:
    async def main() -> str:
        async with McpClient(_server(everything_server)) as client:
            slow = next(tool.name for tool in client.tools if "long" in tool.name.lower())
            with pytest.raises(ToolTimeoutError):
                await client.call(slow, {"duration": 10, "steps": 2}, timeout=0.5)
            return (await client.call("echo", {"message": "after"})).text

    assert "after" in _run(main())


def test_mcp_server_time(time_server: list[str]) -> None:
    async def main() -> tuple[list[str], Any]:
        tools = await load_mcp_tools(_server(time_server))
        current = next(tool for tool in tools if tool.name == "get_current_time")
        return [tool.name for tool in tools], await current.ainvoke({"timezone": "UTC"})

    names, result = _run(main())
    assert "convert_time" in names
    assert not result.is_error
    assert json.loads(result.text)["timezone"] == "UTC"


def test_server_everything_over_legacy_sse(everything_package: Any) -> None:
    import os
    import shutil
    import signal
    import socket
    import subprocess
    import time

    from toolbridge.mcp import SseServer

    node = shutil.which("node")
    assert node is not None
    port = free_port()
    process = subprocess.Popen(
        [node, str(everything_package / "dist" / "index.js"), "sse"],
        env={**os.environ, "PORT": str(port)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "server-everything (SSE) did not listen"
                time.sleep(0.05)

        async def main() -> str:
            url = f"http://127.0.0.1:{port}/sse"
            async with McpClient(SseServer(url=url)) as client:
                assert not client.failures, client.failures
                return (await client.call("echo", {"message": "over sse"})).text

        assert "over sse" in _run(main())
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def test_a_page_server_everything_requires_is_asked_then_the_call_made_again(
    everything_server: list[str],
) -> None:
    """-32042 (URLElicitationRequiredError, MCP 2025-11-25): the pages it names are asked
    as URL-mode questions; accepted, the same call is sent again and goes through."""
    from toolbridge import Elicitation, ElicitResult, RemoteError

    asked: list[Elicitation] = []

    def visit(question: Elicitation) -> ElicitResult:
        asked.append(question)
        return ElicitResult.accept()

    def refuse(question: Elicitation) -> ElicitResult:
        return ElicitResult.decline()

    arguments = {"url": "https://example.test/pay", "errorPath": True}

    async def main(on_elicit: Any) -> str:
        async with McpClient(_server(everything_server), on_elicit=on_elicit) as client:
            return (await client.call("trigger-url-elicitation", arguments, timeout=30)).text

    assert '"action": "accept"' in _run(main(visit))
    page = asked[0]
    assert (page.mode, page.key, page.url) == ("url", "page-1", "https://modelcontextprotocol.io")
    assert page.tool == "trigger-url-elicitation"
    assert [question.url for question in asked[1:]] == ["https://example.test/pay"]
    with pytest.raises(RemoteError) as raised:  # declined: the server's refusal stands
        _run(main(refuse))
    assert raised.value.code == -32042
