"""toolbridge-pydantic-ai: canonical tools in real pydantic-ai agent runs driven by its
own ``TestModel`` and ``FunctionModel``, invalid arguments answered with a retry, the
toolset composed with pydantic-ai's wrappers, and pydantic-ai tools read back. Every
corpus tool's round trip is tested at the repository's root
(tests/plugins/test_corpus_round_trips.py): these tests run with the plugin alone."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from pydantic_ai import Agent
from pydantic_ai import Tool as PydanticTool
from pydantic_ai.messages import (
    ModelMessage,
    ModelResponse,
    RetryPromptPart,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.models.test import TestModel
from pydantic_ai.toolsets import FunctionToolset

import toolbridge
from toolbridge import ArgumentValidationError, Tool, tool
from toolbridge.examples.weather import convert_temperature
from toolbridge_pydantic_ai import ToolbridgeToolset, from_pydantic_ai, from_toolset, to_pydantic_ai

ran: list[dict[str, Any]] = []


@tool
def multiply(a: int, b: int = 2) -> int:
    """Multiply two integers."""
    ran.append({"a": a, "b": b})
    return a * b


def _parts(messages: list[ModelMessage], kind: type) -> list[Any]:
    return [part for message in messages for part in message.parts if isinstance(part, kind)]


def _scripted(*calls: dict[str, Any]) -> tuple[FunctionModel, list[list[ModelMessage]]]:
    """A model that makes the given tool calls in turn, then answers with what it got."""
    seen: list[list[ModelMessage]] = []

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        seen.append(list(messages))
        turn = len(seen) - 1
        if turn < len(calls):
            return ModelResponse(
                parts=[ToolCallPart("multiply", calls[turn], tool_call_id=f"c{turn}")]
            )
        returned = [part for part in _parts(messages, ToolReturnPart) if part.outcome != "retried"]
        return ModelResponse(parts=[TextPart(f"result: {returned[-1].content}")])

    return FunctionModel(respond), seen


def test_a_tool_runs_in_an_agent_run_and_its_result_reaches_the_model() -> None:
    ran.clear()
    model, seen = _scripted({"a": 6, "b": 7})
    agent = Agent(model, tools=[to_pydantic_ai(multiply)])
    result = asyncio.run(agent.run("6 x 7?"))
    assert ran == [{"a": 6, "b": 7}]
    assert result.output == "result: 42"
    assert [part.content for part in _parts(seen[-1], ToolReturnPart)] == [42]  # unwrapped


def test_invalid_arguments_never_reach_the_function_and_the_model_corrects_them() -> None:
    ran.clear()
    model, seen = _scripted({"a": "six"}, {"a": 6})
    result = asyncio.run(Agent(model, tools=[to_pydantic_ai(multiply)]).run("6 x the default?"))
    assert ran == [{"a": 6, "b": 2}]
    retries = [  # pydantic-ai 2.x: a ToolReturnPart whose outcome is "retried"
        part
        for part in _parts(seen[1], ToolReturnPart) + _parts(seen[1], RetryPromptPart)
        if isinstance(part, RetryPromptPart) or part.outcome == "retried"
    ]
    (retry,) = retries
    assert "a: expected integer, got string" in str(retry.content)
    assert result.output == "result: 12"


def test_test_model_calls_every_tool_with_valid_arguments() -> None:
    ran.clear()
    agent = Agent(TestModel(), toolsets=[ToolbridgeToolset([multiply, convert_temperature])])
    asyncio.run(agent.run("go"))
    assert len(ran) == 1  # TestModel called multiply once, with arguments that validate


def test_the_toolset_composes_with_pydantic_ais_wrappers() -> None:
    ran.clear()
    toolset = ToolbridgeToolset([multiply, convert_temperature])
    prefixed = toolset.filtered(lambda context, definition: definition.name == "multiply").prefixed(
        "calc"
    )

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        names = [definition.name for definition in info.function_tools]
        if not _parts(messages, ToolReturnPart):
            assert names == ["calc_multiply"]
            return ModelResponse(parts=[ToolCallPart("calc_multiply", {"a": 2, "b": 5})])
        return ModelResponse(parts=[TextPart("ten")])

    result = asyncio.run(Agent(FunctionModel(respond), toolsets=[prefixed]).run("2 x 5"))
    assert result.output == "ten"
    assert ran == [{"a": 2, "b": 5}]


def test_pydantic_ai_tools_read_back_as_canonical_tools() -> None:
    def shout(text: str, times: int = 1) -> str:
        """Repeat a text in capitals."""
        return " ".join([text.upper()] * times)

    read = from_pydantic_ai(PydanticTool(shout))
    assert isinstance(read, Tool)
    assert read.invoke({"text": "hey", "times": 2}).text == "HEY HEY"
    with pytest.raises(ArgumentValidationError):
        read.invoke({"text": 3})
    listed = from_pydantic_ai(FunctionToolset([shout]))
    assert isinstance(listed, list)
    assert [item.name for item in listed] == ["shout"]


def test_the_plugin_answers_toolbridge_to_and_from() -> None:
    toolset = toolbridge.to("pydantic-ai", [multiply])
    assert isinstance(toolset, ToolbridgeToolset)
    assert toolbridge.from_(toolset) == [multiply]
    (made,) = toolbridge.to("pydantic-ai", [multiply], toolset=False)
    assert toolbridge.from_(made) == [multiply]
    (info,) = [info for info in toolbridge.plugins.plugins() if info.name == "pydantic-ai"]
    assert info.status == "loaded"


def test_any_toolset_reads_back_through_its_wrappers() -> None:
    ran.clear()

    def shout(text: str) -> str:
        """Say it in capitals."""
        return text.upper()

    from pydantic_ai.toolsets import CombinedToolset

    combined = CombinedToolset(
        [
            FunctionToolset([shout]).prefixed("loud"),
            ToolbridgeToolset([multiply]).renamed({"times": "multiply"}),
        ]
    )
    tools = {item.name: item for item in asyncio.run(from_toolset(combined))}
    assert set(tools) == {"loud_shout", "times"}
    assert tools["loud_shout"].invoke({"text": "hi"}).text == "HI"
    assert tools["times"].invoke({"a": 3}).text == "6"
    assert ran == [{"a": 3, "b": 2}]
    with pytest.raises(ArgumentValidationError):
        tools["times"].invoke({"a": "three"})


def test_read_back_tools_keep_toolbridges_timeout_and_sync_call_rules() -> None:
    import threading

    from toolbridge import SyncInvocationError, ToolTimeoutError

    release = threading.Event()

    def stuck(seconds: float) -> str:
        """Wait until released."""
        release.wait(seconds)
        return "done"

    async def slow(seconds: float) -> str:
        """Sleep, then answer."""
        await asyncio.sleep(seconds)
        return "slept"

    blocking = from_pydantic_ai(PydanticTool(stuck))
    sleeping = from_pydantic_ai(PydanticTool(slow))
    assert isinstance(blocking, Tool)
    assert isinstance(sleeping, Tool)
    try:
        with pytest.raises(ToolTimeoutError):
            blocking.invoke({"seconds": 30}, timeout=0.2)
        with pytest.raises(ToolTimeoutError):
            asyncio.run(blocking.ainvoke({"seconds": 30}, timeout=0.2))
    finally:
        release.set()
    with pytest.raises(ToolTimeoutError):
        sleeping.invoke({"seconds": 30}, timeout=0.2)
    assert sleeping.invoke({"seconds": 0}).text == "slept"

    async def inside_a_loop() -> None:
        with pytest.raises(SyncInvocationError):
            sleeping.invoke({"seconds": 0})

    asyncio.run(inside_a_loop())
