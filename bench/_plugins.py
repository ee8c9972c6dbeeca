"""Framework plugins: invoking a tool toolbridge made vs the framework's own equivalent.

The tool is ``add(a, b)``; each framework row calls it the way the framework's agent
loop does (the Agents SDK's ``on_invoke_tool`` with the model's JSON, FastMCP's
``server.call_tool``), once through the framework's own tool and once through the
tool toolbridge made, which validates the arguments with toolbridge first. Target:
toolbridge's at most 1.1x the framework's own, validation included.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable
from typing import Any

from _peers import failure
from _report import Row, Section, at_most_ratio

TARGET = at_most_ratio(1.1)
ARGUMENTS = {"a": 1, "b": 2}


def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


async def _per_call(call: Callable[[], Awaitable[Any]], number: int) -> float:
    started = time.perf_counter_ns()
    for _ in range(number):
        await call()
    return (time.perf_counter_ns() - started) / number


async def _pair(
    own: Callable[[], Awaitable[Any]],
    made: Callable[[], Awaitable[Any]],
    *,
    repeats: int,
    number: int,
) -> tuple[list[float], list[float]]:
    await _per_call(own, number // 10 or 1)
    await _per_call(made, number // 10 or 1)
    own_times: list[float] = []
    made_times: list[float] = []
    for repeat in range(repeats):
        order = [(own_times, own), (made_times, made)]
        for times, call in order if repeat % 2 == 0 else reversed(order):
            times.append(await _per_call(call, number))
    return own_times, made_times


async def _openai_agents(repeats: int, number: int) -> tuple[list[float], list[float]]:
    import json

    from agents import function_tool
    from agents.tool_context import ToolContext

    from toolbridge import tool
    from toolbridge_openai_agents import to_openai_agents

    own = function_tool(add)
    made = to_openai_agents(tool(add))
    text = json.dumps(ARGUMENTS)
    context: Any = ToolContext(context=None, tool_name="add", tool_call_id="c", tool_arguments=text)
    return await _pair(
        lambda: own.on_invoke_tool(context, text),
        lambda: made.on_invoke_tool(context, text),
        repeats=repeats,
        number=number,
    )


async def _fastmcp(repeats: int, number: int) -> tuple[list[float], list[float]]:
    from fastmcp import FastMCP

    from toolbridge import tool
    from toolbridge_fastmcp import make_server

    own: FastMCP[Any] = FastMCP("own")
    own.tool(add)
    made = make_server("made", [tool(add)])
    return await _pair(
        lambda: own.call_tool("add", ARGUMENTS),
        lambda: made.call_tool("add", ARGUMENTS),
        repeats=repeats,
        number=number,
    )


async def _langchain(repeats: int, number: int) -> tuple[list[float], list[float]]:
    from langchain_core.tools import StructuredTool

    from toolbridge import tool
    from toolbridge_langchain import to_langchain

    own = StructuredTool.from_function(add)
    made = to_langchain(tool(add))
    return await _pair(
        lambda: own.ainvoke(ARGUMENTS),
        lambda: made.ainvoke(ARGUMENTS),
        repeats=repeats,
        number=number,
    )


async def _pydantic_ai(repeats: int, number: int) -> tuple[list[float], list[float]]:
    """A whole agent run with one tool call (pydantic-ai calls tools only inside a run)."""
    from pydantic_ai import Agent
    from pydantic_ai import Tool as PydanticTool
    from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart
    from pydantic_ai.models.function import FunctionModel

    from toolbridge import tool
    from toolbridge_pydantic_ai import to_pydantic_ai

    def respond(messages: Any, info: Any) -> ModelResponse:
        if len(messages) == 1:
            return ModelResponse(parts=[ToolCallPart("add", ARGUMENTS)])
        return ModelResponse(parts=[TextPart("3")])

    own = Agent(FunctionModel(respond), tools=[PydanticTool(add)])
    made = Agent(FunctionModel(respond), tools=[to_pydantic_ai(tool(add))])
    return await _pair(
        lambda: own.run("1 + 2"),
        lambda: made.run("1 + 2"),
        repeats=repeats,
        number=max(1, number // 10),
    )


async def _langchain_mcp(repeats: int, number: int) -> tuple[list[float], list[float]]:
    """toolbridge's LangChain MCP tool vs a LangChain tool over the raw SDK session.

    Both pay LangChain's own per-call machinery (about 0.5 ms here, see the
    StructuredTool row); the reference is the thinnest hand-made bridge: a
    ``StructuredTool`` whose coroutine calls the SDK session directly.
    """
    import sys
    from contextlib import AsyncExitStack
    from pathlib import Path

    from langchain_core.tools import StructuredTool
    from mcp.client.client import Client
    from mcp.client.stdio import StdioServerParameters

    from toolbridge.mcp import McpClient, StdioServer
    from toolbridge_langchain import to_langchain

    fixture = Path(__file__).resolve().parent.parent / "tests" / "servers" / "fixture_server.py"
    argv = [sys.executable, str(fixture)]
    text = {"text": "hello"}
    async with AsyncExitStack() as stack:
        parameters = StdioServerParameters(command=argv[0], args=argv[1:])
        sdk = await stack.enter_async_context(Client(parameters, cache=None))
        server = StdioServer(command=argv[0], args=tuple(argv[1:]))
        client = await stack.enter_async_context(McpClient(server))

        async def echo(text: str) -> str:
            """Echo the text."""
            result = await sdk.session.call_tool("echo", {"text": text})
            return str(result.content[0].text)  # type: ignore[union-attr]

        own = StructuredTool.from_function(coroutine=echo)
        made = to_langchain(client.tool("echo"))
        return await _pair(
            lambda: own.ainvoke(text),
            lambda: made.ainvoke(text),
            repeats=repeats,
            number=max(1, number // 4),
        )


CASES = (
    ("LangChain: StructuredTool.ainvoke", "LangChain's own StructuredTool", _langchain),
    (
        "pydantic-ai: a whole Agent.run with one tool call",
        "pydantic-ai's own Tool(add)",
        _pydantic_ai,
    ),
    ("OpenAI Agents SDK: on_invoke_tool", "the SDK's own @function_tool", _openai_agents),
    ("FastMCP: server.call_tool", "FastMCP's own @server.tool", _fastmcp),
    (
        "LangChain MCP tool (echo, fixture server over stdio)",
        "a StructuredTool calling the raw MCP SDK session",
        _langchain_mcp,
    ),
)


def run(*, repeats: int, quick: bool) -> list[Section]:
    number = 200 if quick else 1000
    sections = []
    for title, own_label, measure in CASES:
        try:
            own, made = asyncio.run(measure(repeats, number))
        except Exception as error:  # reported; the other frameworks still run
            sections.append(Section(title, [Row("toolbridge", None, reason=failure(error))]))
            continue
        sections.append(
            Section(
                title,
                [
                    Row(
                        f"{own_label} (reference)",
                        statistics.median(own),
                        reference=True,
                        samples_ns=tuple(own),
                    ),
                    Row(
                        "the tool toolbridge made (validates first)",
                        statistics.median(made),
                        target=TARGET,
                        samples_ns=tuple(made),
                    ),
                ],
            )
        )
    return sections
