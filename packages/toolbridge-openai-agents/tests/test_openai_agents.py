"""toolbridge-openai-agents: canonical tools in a real Agents SDK run driven by its own
``ScriptedModel``, strict mode only where lossless, errors back to the model, and
``FunctionTool`` objects read back as canonical tools. Every corpus tool's round trip is
tested at the repository's root (tests/plugins/test_corpus_round_trips.py): these tests
run with the plugin alone."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from agents import Agent, RunConfig, Runner, function_tool
from agents.testing import ModelCall, ModelStep, ScriptedModel, assistant_message, function_call

import toolbridge
from toolbridge import Tool, tool
from toolbridge.examples.weather import convert_temperature, get_forecast
from toolbridge_openai_agents import ToolbridgeFunctionTool, to_openai_agents

ran: list[dict[str, Any]] = []


@tool
def multiply(a: int, b: int = 2) -> int:
    """Multiply two integers."""
    ran.append({"a": a, "b": b})
    return a * b


def _outputs(call: ModelCall) -> list[str]:
    """The function-call outputs the model was given on this turn."""
    return [
        str(item["output"])
        for item in call.input
        if isinstance(item, dict) and item.get("type") == "function_call_output"
    ]


def _run(agent: Agent[Any], prompt: str) -> Any:
    return asyncio.run(Runner.run(agent, prompt, run_config=RunConfig(tracing_disabled=True)))


def test_a_tool_runs_in_an_agent_run_and_its_result_reaches_the_model() -> None:
    ran.clear()
    seen: list[list[str]] = []

    def answer(call: ModelCall) -> Any:
        seen.append(_outputs(call))
        return [assistant_message(f"the product is {seen[-1][0]}")]

    model = ScriptedModel(
        [[function_call("multiply", {"a": 6, "b": 7}, call_id="c1")], ModelStep.respond(answer)]
    )
    agent = Agent(name="calc", model=model, tools=[to_openai_agents(multiply)])
    result = _run(agent, "what is 6 times 7?")
    assert ran == [{"a": 6, "b": 7}]
    assert seen == [["42"]]
    assert result.final_output == "the product is 42"


def test_strict_arguments_are_mapped_back_before_validation() -> None:
    """In strict mode the model must send every property; a null for an optional one
    means "not given", so the tool's default applies."""
    ran.clear()
    made = to_openai_agents(multiply)
    assert made.strict_json_schema
    assert made.params_json_schema["required"] == ["a", "b"]
    model = ScriptedModel(
        [
            [function_call("multiply", {"a": 5, "b": None}, call_id="c1")],
            [assistant_message("done")],
        ]
    )
    _run(Agent(name="calc", model=model, tools=[made]), "5 times the default")
    assert ran == [{"a": 5, "b": 2}]


def test_invalid_arguments_never_reach_the_function_and_the_model_corrects_them() -> None:
    ran.clear()
    seen: list[list[str]] = []

    def retry(call: ModelCall) -> Any:
        seen.append(_outputs(call))
        return [function_call("multiply", {"a": 3, "b": 4}, call_id="c2")]

    def answer(call: ModelCall) -> Any:
        seen.append(_outputs(call))
        return [assistant_message("12")]

    model = ScriptedModel(
        [
            [function_call("multiply", {"a": "three", "b": 4}, call_id="c1")],
            ModelStep.respond(retry),
            ModelStep.respond(answer),
        ]
    )
    result = _run(Agent(name="calc", model=model, tools=[to_openai_agents(multiply)]), "3 x 4")
    assert ran == [{"a": 3, "b": 4}]
    assert "a: expected integer, got string" in seen[0][0]
    assert seen[1][-1] == "12"
    assert result.final_output == "12"


def test_invalid_json_and_error_results_come_back_as_text() -> None:
    failing = Tool(name="failing", invoker=_Fails())
    made = to_openai_agents(failing)

    async def main() -> tuple[str, str]:
        context: Any = None
        broken = await made.on_invoke_tool(context, "{not json")
        error = await made.on_invoke_tool(context, "{}")
        return broken, error

    broken, error = asyncio.run(main())
    assert broken.startswith("Error: the arguments are not valid JSON")
    assert error == "Error: disk full"


class _Fails:
    def call(self, arguments: dict[str, Any], timeout: float | None) -> Any:
        return toolbridge.ToolResult.from_error("disk full")

    async def acall(self, arguments: dict[str, Any], timeout: float | None) -> Any:
        return toolbridge.ToolResult.from_error("disk full")


def test_strict_mode_is_off_with_a_report_entry_where_it_would_lose_meaning() -> None:
    search = Tool(
        name="search",
        input_schema={
            "type": "object",
            "properties": {"query": {"type": "string", "minLength": 1}},
            "required": ["query"],
        },
    )
    made = to_openai_agents(search)  # strict mode would say minLength in words only
    assert not made.strict_json_schema
    assert made.params_json_schema["properties"]["query"]["minLength"] == 1
    (entry,) = [entry for entry in made.report if entry.keyword == "strict"]
    assert "strict mode would lose meaning" in entry.detail
    assert to_openai_agents(get_forecast).strict_json_schema  # defaults only: nothing lost
    assert not to_openai_agents(convert_temperature, strict=False).strict_json_schema


def test_function_tools_read_back_as_canonical_tools_that_call_them() -> None:
    @function_tool
    def shout(text: str, times: int = 1) -> str:
        """Repeat a text in capitals."""
        return " ".join([text.upper()] * times)

    (read,) = toolbridge.from_([shout], source="openai-agents")
    assert isinstance(read, Tool)
    assert read.input_schema["properties"]["text"]["type"] == "string"
    assert read.invoke({"text": "hey", "times": 2}).text == "HEY HEY"
    with pytest.raises(toolbridge.ArgumentValidationError):
        read.invoke({"text": 3})
    assert toolbridge.from_(shout)[0].name == "shout"


def test_the_plugin_answers_toolbridge_to_and_from() -> None:
    made = toolbridge.to("openai-agents", [multiply, convert_temperature])
    assert [item.name for item in made] == ["multiply", "convert_temperature"]
    assert all(isinstance(item, ToolbridgeFunctionTool) for item in made)
    assert toolbridge.from_(made[0]) == [multiply]
    (info,) = [info for info in toolbridge.plugins.plugins() if info.name == "openai-agents"]
    assert info.status == "loaded"
    assert "openai-agents" in info.frameworks
