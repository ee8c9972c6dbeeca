"""toolbridge-fastmcp: canonical tools on a real FastMCP server (in memory with
``fastmcp.Client``, and over stdio), listed with their schemas as given and validated
before they run; a FastMCP server's tools read back as canonical tools. The corpus's
tools are listed through FastMCP at the repository's root
(tests/plugins/test_corpus_round_trips.py): these tests run with the plugin alone."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import sys
import time
import weakref
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import mcp_types
import pytest
from fastmcp import Client, Context, FastMCP
from fastmcp.tools import Tool as FastMCPTool

import toolbridge
from toolbridge import Tool, tool
from toolbridge.examples.server import TOOLS
from toolbridge.examples.weather import convert_temperature, get_forecast
from toolbridge.formats import from_mcp, to_mcp
from toolbridge.mcp import McpClient, StdioServer
from toolbridge_fastmcp import ToolbridgeTool, add_tools, from_fastmcp, make_server, to_fastmcp

WEATHER = (sys.executable, "-m", "toolbridge.examples.server")
"""The MCP server toolbridge ships (stdio): the weather tools, fake deterministic data."""
ran: list[dict[str, Any]] = []


@tool
def multiply(a: int, b: int = 2) -> int:
    """Multiply two integers."""
    ran.append({"a": a, "b": b})
    return a * b


def _children() -> set[int]:
    """This process's children (zombies included), from /proc; none where there is none."""
    found: set[int] = set()
    for children in Path(f"/proc/{os.getpid()}/task").glob("*/children"):
        found.update(int(pid) for pid in children.read_text().split())
    return found


@pytest.fixture
def no_process_left_behind() -> Iterator[None]:
    """Fail a test whose MCP servers are still running (or unreaped) 3 s after it."""
    before = _children()
    yield
    deadline = time.monotonic() + 3
    while (left := _children() - before) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not left, f"processes left behind: {sorted(left)}"


def test_tools_are_listed_with_their_schemas_exactly_as_given() -> None:
    """The bundled server's tools here; every corpus tool at the repository's root."""
    tools = list(TOOLS)
    server = make_server("weather", tools)

    async def main() -> list[Any]:
        async with Client(server) as client:
            return list(await client.list_tools())

    listed = {entry.name: entry for entry in asyncio.run(main())}
    assert list(listed) == [item.name for item in tools]
    for item in tools:
        served = listed[item.name].model_dump(by_alias=True, mode="json", exclude_none=True)
        wire = to_mcp(item)
        assert served["inputSchema"] == wire["inputSchema"], item.name
        assert served.get("outputSchema") == wire.get("outputSchema"), item.name
        assert served.get("title") == wire.get("title"), item.name
        assert from_mcp(served).fingerprint == item.fingerprint, item.name  # the round trip


def test_a_call_is_validated_before_the_function_runs() -> None:
    ran.clear()
    server: FastMCP[Any] = FastMCP("calc")
    add_tools(server, [multiply, get_forecast])

    async def main() -> tuple[Any, Any]:
        async with Client(server) as client:
            good = await client.call_tool("multiply", {"a": 6, "b": 7})
            bad = await client.call_tool("multiply", {"a": "six"}, raise_on_error=False)
            return good, bad

    good, bad = asyncio.run(main())
    assert good.structured_content == {"result": 42}
    assert bad.is_error
    assert "a: expected integer, got string" in bad.content[0].text
    assert ran == [{"a": 6, "b": 7}]


def test_invalid_arguments_are_the_caller_s_mistake_not_a_server_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """FastMCP logs the refused call at WARNING; the tool's own failure stays ERROR."""

    @tool
    def broken() -> str:
        """Fail."""
        raise RuntimeError("the tool broke")

    server = make_server("calc", [multiply, broken])

    async def main() -> tuple[Any, Any]:
        async with Client(server) as client:
            bad = await client.call_tool("multiply", {"a": "six"}, raise_on_error=False)
            failed = await client.call_tool("broken", {}, raise_on_error=False)
            return bad, failed

    with caplog.at_level(logging.DEBUG, logger="fastmcp"):
        bad, failed = asyncio.run(main())
    assert bad.is_error
    assert failed.is_error
    assert "invalid arguments for tool 'multiply'" in bad.content[0].text
    levels = {
        name: {r.levelno for r in caplog.records if f"{name!r}" in r.getMessage()}
        for name in ("multiply", "broken")
    }
    assert levels == {"multiply": {logging.WARNING}, "broken": {logging.ERROR}}


def test_one_tool_gives_one_fastmcp_tool_and_tools_a_list() -> None:
    one = to_fastmcp(multiply)
    assert isinstance(one, ToolbridgeTool)
    assert repr(one).startswith("ToolbridgeTool(")
    assert one.toolbridge_tool is multiply
    listed = to_fastmcp([multiply, get_forecast])
    assert [item.name for item in listed] == ["multiply", "get_forecast"]
    assert [item.name for item in to_fastmcp(iter([multiply]))] == ["multiply"]
    server: FastMCP[Any] = FastMCP("one")
    server.add_tool(one)  # (no deprecated list use on FastMCP's side: warnings are errors)

    async def listed_names() -> list[str]:
        async with Client(server) as client:
            return [item.name for item in await client.list_tools()]

    assert asyncio.run(listed_names()) == ["multiply"]


def test_one_tool_still_unpacks_as_the_list_it_was_with_a_warning() -> None:
    one = to_fastmcp(multiply)
    old: Any = one  # (as code written for the list sees it; a type checker now says no)
    with pytest.warns(DeprecationWarning, match=r"pass \[tool\] for a list"):
        (unpacked,) = old
    with pytest.warns(DeprecationWarning, match="to_fastmcp"):
        indexed = old[0]
    assert unpacked is one
    assert indexed is one


@pytest.mark.usefixtures("no_process_left_behind")
def test_a_tool_loaded_from_another_mcp_server_is_served_by_fastmcp() -> None:
    """The proxy case: the handler takes whatever arguments the schema says, and the
    schema is the other server's, exactly."""
    celsius_to_kelvin = {"value": 0, "from_unit": "celsius", "to_unit": "kelvin"}

    async def main() -> tuple[Any, Any, Any]:
        upstream_server = StdioServer(command=WEATHER[0], args=WEATHER[1:])
        async with McpClient(upstream_server) as upstream:
            tools = [upstream.tool("convert_temperature"), upstream.tool("get_forecast")]
            server = make_server("proxy", tools)
            async with Client(server) as client:
                listed = {entry.name: entry for entry in await client.list_tools()}
                converted = await client.call_tool("convert_temperature", celsius_to_kelvin)
                refused = await client.call_tool("get_forecast", {"city": 5}, raise_on_error=False)
                return listed["convert_temperature"].input_schema, converted, refused

    schema, converted, refused = asyncio.run(main())
    assert schema == to_mcp(convert_temperature)["inputSchema"]  # as the server listed it
    assert schema["properties"]["value"] == {
        "description": "The temperature to convert.",
        "type": "number",
    }
    assert converted.structured_content == {"result": 273.15}
    assert refused.is_error


def test_a_fastmcp_server_reads_back_as_canonical_tools() -> None:
    server: FastMCP[Any] = FastMCP("mixed")
    add_tools(server, [convert_temperature])

    @server.tool
    def shout(text: str, times: int = 1) -> str:
        """Repeat a text in capitals."""
        return " ".join([text.upper()] * times)

    tools = {item.name: item for item in asyncio.run(from_fastmcp(server))}
    assert tools["convert_temperature"] is convert_temperature  # its own tool, unchanged
    shouted = asyncio.run(tools["shout"].ainvoke({"text": "hey", "times": 2}))
    assert shouted.text == "HEY HEY"
    with pytest.raises(toolbridge.ArgumentValidationError):
        asyncio.run(tools["shout"].ainvoke({"text": 1}))


# FastMCP's own `ctx.info` warns that MCP 2026-07-28 deprecates logging (SEP-2577).
@pytest.mark.filterwarnings("ignore:The logging capability is deprecated")
def test_a_fastmcp_tool_that_logs_and_reports_progress_runs_from_canonical_code() -> None:
    """A FastMCP tool using its ``Context`` needs an MCP session to log to: it gets one.

    Its progress and logs reach toolbridge's caller, as any tool's do.
    """
    server: FastMCP[Any] = FastMCP("chatty")

    @server.tool
    async def index(folder: str, ctx: Context) -> dict[str, Any]:
        """Index a folder, saying how far it got."""
        await ctx.info(f"indexing {folder}")
        await ctx.report_progress(1, 2, "half way")
        return {"indexed": folder}

    (read,) = asyncio.run(from_fastmcp(server))
    progress: list[tuple[float, float | None, str | None]] = []
    logs: list[tuple[str, Any]] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        progress.append((done, total, message))

    async def on_log(level: str, data: Any, logger: str | None) -> None:
        logs.append((level, data))

    async def main() -> toolbridge.ToolResult:
        context = toolbridge.CallContext(on_progress=on_progress, on_log=on_log, log_level="debug")
        with toolbridge.call_context(context):
            return await read.ainvoke({"folder": "docs"})

    result = asyncio.run(main())
    assert not result.is_error, result.text
    assert result.structured_content == {"indexed": "docs"}
    assert progress == [(1, 2, "half way")]
    assert [level for level, _ in logs] == ["info"]
    assert "indexing docs" in str(logs[0][1])


def test_calls_share_one_session_per_event_loop_and_keep_their_own_progress() -> None:
    """Opening FastMCP's in-memory session (its handshake, the server's lifespan) costs
    milliseconds: it is opened once per event loop, not once per call. Calls in flight
    together each hear their own progress."""
    entered: list[str] = []

    @contextlib.asynccontextmanager
    async def lifespan(server: FastMCP[Any]) -> AsyncIterator[dict[str, Any]]:
        entered.append(server.name)
        yield {}

    server: FastMCP[Any] = FastMCP("counted", lifespan=lifespan)

    @server.tool
    async def count(up_to: int, ctx: Context) -> int:
        """Count, saying how far."""
        for step in range(1, up_to + 1):
            await ctx.report_progress(step, up_to)
            await asyncio.sleep(0.01)
        return up_to

    (read,) = asyncio.run(from_fastmcp(server))
    heard: dict[int, list[float]] = {1: [], 2: [], 4: []}

    async def one(up_to: int) -> Any:
        async def on_progress(done: float, total: float | None, message: str | None) -> None:
            heard[up_to].append(done)

        with toolbridge.call_context(toolbridge.CallContext(on_progress=on_progress)):
            return (await read.ainvoke({"up_to": up_to})).structured_content

    async def main() -> list[Any]:
        first = [await one(1) for _ in range(3)]
        return first + list(await asyncio.gather(one(2), one(4)))

    assert asyncio.run(main()) == [{"result": 1}] * 3 + [{"result": 2}, {"result": 4}]
    assert entered == ["counted"]  # one session for the five calls of that loop
    assert heard[2] == [1, 2]
    assert heard[4] == [1, 2, 3, 4]
    assert read.invoke({"up_to": 1}).structured_content == {"result": 1}
    assert read.invoke({"up_to": 1}).structured_content == {"result": 1}
    assert entered == ["counted", "counted"]  # and one for the sync calls' loop
    ended: list[weakref.ref[asyncio.AbstractEventLoop]] = []
    for _ in range(3):  # a loop that ended is let go once another opens a session
        loop = asyncio.new_event_loop()
        assert loop.run_until_complete(one(1)) == {"result": 1}
        loop.run_until_complete(_cancel_the_rest(loop))
        loop.close()
        ended.append(weakref.ref(loop))
        del loop
    gc.collect()
    assert [ref() is None for ref in ended[:2]] == [True, True]


async def _cancel_the_rest(loop: asyncio.AbstractEventLoop) -> None:
    """End the loop's other tasks, as `asyncio.run` does before it closes a loop."""
    rest = [task for task in asyncio.all_tasks(loop) if task is not asyncio.current_task()]
    for task in rest:
        task.cancel()
    await asyncio.gather(*rest, return_exceptions=True)


def _research(task_support: object) -> Tool:
    definition: dict[str, Any] = {
        "name": "research",
        "description": "Research a topic.",
        "inputSchema": {"type": "object", "properties": {"topic": {"type": "string"}}},
        "execution": {"taskSupport": task_support},
    }
    (tool,) = from_mcp([definition])
    return tool


def test_execution_survives_to_fastmcp_and_back() -> None:
    """FastMCP lists an MCP tool's ``execution`` as given (to MCP 2025-11-25 clients;
    2026-07-28 has no such field), and a FastMCP tool's reads back."""
    research = _research("optional")
    made = to_fastmcp(research)
    assert made.execution == mcp_types.ToolExecution(task_support="optional")

    async def listed() -> list[Any]:
        async with Client(make_server("tasks", [research]), mode="legacy") as client:
            return list(await client.list_tools())

    (entry,) = asyncio.run(listed())
    served = entry.model_dump(by_alias=True, mode="json", exclude_none=True)
    assert served["execution"] == {"taskSupport": "optional"}
    assert from_mcp(served).meta["mcp"]["execution"] == {"taskSupport": "optional"}

    async def lookup(topic: str) -> str:
        """Look a topic up."""
        return topic

    native: FastMCP[Any] = FastMCP("native")
    required = mcp_types.ToolExecution(task_support="required")
    native.add_tool(
        FastMCPTool.from_function(lookup, task=False).model_copy(update={"execution": required})
    )
    (read,) = asyncio.run(from_fastmcp(native))
    assert read.meta["mcp"]["execution"] == {"taskSupport": "required"}


def test_an_execution_fastmcp_cannot_hold_is_a_conversion_error() -> None:
    with pytest.raises(toolbridge.ConversionError, match=r"research.*not an MCP ToolExecution"):
        to_fastmcp(_research("sometimes"))


SERVE = """
import sys
from toolbridge.examples.server import TOOLS
from toolbridge.examples.weather import convert_temperature, get_forecast
from toolbridge_fastmcp import make_server

make_server("weather", [convert_temperature, get_forecast]).run(show_banner=False)
"""


@pytest.mark.usefixtures("no_process_left_behind")
def test_over_stdio_toolbridge_loads_them_back_with_equal_fingerprints() -> None:
    async def main() -> tuple[list[Tool], Any]:
        server = StdioServer(command=sys.executable, args=("-c", SERVE))
        async with McpClient(server) as client:
            result = await client.call(
                "convert_temperature", {"value": 0, "from_unit": "celsius", "to_unit": "kelvin"}
            )
            return client.tools, result

    tools, result = asyncio.run(main())
    assert [item.fingerprint for item in tools] == [
        convert_temperature.fingerprint,
        get_forecast.fingerprint,
    ]
    assert result.structured_content == {"result": 273.15}


def test_the_plugin_answers_toolbridge_to() -> None:
    made = toolbridge.to("fastmcp", [multiply])
    assert [type(item) for item in made] == [ToolbridgeTool]
    (info,) = [info for info in toolbridge.plugins.plugins() if info.name == "fastmcp"]
    assert info.status == "loaded"
    assert "fastmcp" in info.frameworks


@tool
def leaky(x: int) -> str:
    """Fail with a detail the client must not see."""
    raise ValueError(f"password=hunter2 on db.internal ({x})")


@tool
def picky(x: int) -> str:
    """Refuse odd numbers, telling the client why."""
    from fastmcp.exceptions import ToolError

    raise ToolError(f"x must be even, got {x}")


@pytest.mark.parametrize("masked", [True, False])
def test_what_a_tool_raises_follows_the_servers_error_masking(masked: bool) -> None:
    server = FastMCP("errors", mask_error_details=masked)
    add_tools(server, [leaky, picky])

    async def main() -> dict[str, tuple[bool, str]]:
        said = {}
        async with Client(server) as client:
            for name in ("leaky", "picky"):
                result = await client.call_tool(name, {"x": 3}, raise_on_error=False)
                said[name] = (result.is_error, result.content[0].text)
        return said

    said = asyncio.run(main())
    # A ToolError is meant for the client: its text, as FastMCP answers its own tools'.
    assert said["picky"] == (True, "x must be even, got 3")
    if masked:
        assert said["leaky"] == (True, "Error calling tool 'leaky'")
    else:
        detail = "password=hunter2 on db.internal (3)"
        assert said["leaky"] == (True, f"Error calling tool 'leaky': {detail}")
