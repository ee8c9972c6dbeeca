"""A tool's questions to the user, answered by the ``on_elicit`` handler of the plugin.

The tool here asks through `toolbridge.current_call()` as toolbridge's MCP client does
for a server's question, in a real ``Runner.run`` driven by the SDK's
``ScriptedModel``. Real MCP servers on both protocol eras are tested at the
repository's root (tests/plugins/test_openai_agents_mcp.py): these tests run with the
plugin alone.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from agents import Agent, RunConfig, Runner, UserError
from agents.testing import ScriptedModel, assistant_message, function_call

import toolbridge
from toolbridge import CallContext, ConfigError, Elicitation, ElicitResult, Tool, ToolResult
from toolbridge_openai_agents import to_openai_agents

FORM = {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}


class _Asks:
    """A tool that asks one round of two questions and says what it was answered."""

    def call(self, arguments: dict[str, Any], timeout: float | None) -> Any:
        raise NotImplementedError

    async def acall(self, arguments: dict[str, Any], timeout: float | None) -> Any:
        context = toolbridge.current_call()
        if context is None or context.on_elicit is None:
            return ToolResult.from_text("nobody to ask")
        questions = [
            Elicitation(key="name", message="Your name?", requested_schema=FORM, tool="ask"),
            Elicitation(key="pay", message="Pay here", mode="url", url="https://pay.test/1"),
        ]
        answers = await context.on_elicit(questions)
        said = [
            f"{key}: {answer.action} {dict(answer.content or {})}"
            for key, answer in answers.items()
        ]
        return ToolResult.from_text("; ".join(said))


ASK = Tool(name="ask", invoker=_Asks())


def _output(tool: Any) -> str:
    """The tool output the model reads after calling `tool` in a real run."""
    model = ScriptedModel([[function_call("ask", {}, call_id="c1")], [assistant_message("ok")]])
    agent = Agent(name="asker", model=model, tools=[tool])

    async def run() -> None:
        await Runner.run(agent, "ask me", run_config=RunConfig(tracing_disabled=True))

    asyncio.run(run())
    (output,) = [
        item["output"]
        for item in model.calls[1].input
        if item.get("type") == "function_call_output"
    ]
    return str(output)


def test_a_plain_handler_answers_each_question_in_order_in_a_worker_thread() -> None:
    asked: list[tuple[str, str, bool]] = []

    def handler(question: Elicitation) -> ElicitResult:
        asked.append((question.key, question.mode, threading.current_thread().name == "MainThread"))
        if question.mode == "url":
            return ElicitResult.decline()
        return ElicitResult.accept({"name": "Ada"})

    assert _output(to_openai_agents(ASK, on_elicit=handler)) == (
        "name: accept {'name': 'Ada'}; pay: decline {}"
    )
    assert asked == [("name", "form", False), ("pay", "url", False)]


def test_an_async_handler_is_awaited() -> None:
    async def handler(question: Elicitation) -> ElicitResult:
        await asyncio.sleep(0)
        return ElicitResult.cancel()

    assert _output(to_openai_agents(ASK, on_elicit=handler)) == "name: cancel {}; pay: cancel {}"


def test_without_a_handler_the_tool_has_nobody_to_ask() -> None:
    assert _output(to_openai_agents(ASK)) == "nobody to ask"


def test_the_tools_handler_wins_and_a_context_set_around_the_run_answers_without_one() -> None:
    async def per_run(questions: Any) -> dict[str, ElicitResult]:
        return {
            question.key: ElicitResult.accept({"name": "from the run"}) for question in questions
        }

    def from_the_tool(question: Elicitation) -> ElicitResult:
        return ElicitResult.accept({"name": "from the tool"})

    with toolbridge.call_context(CallContext(on_elicit=per_run)):
        assert "'from the tool'" in _output(to_openai_agents(ASK, on_elicit=from_the_tool))
        assert "'from the run'" in _output(to_openai_agents(ASK))

    seen: list[CallContext | None] = []

    class _Reads:
        def call(self, arguments: dict[str, Any], timeout: float | None) -> Any:
            raise NotImplementedError

        async def acall(self, arguments: dict[str, Any], timeout: float | None) -> Any:
            seen.append(toolbridge.current_call())
            return ToolResult.from_text("read")

    async def progress(done: float, total: float | None, message: str | None) -> None:
        return None

    reads = to_openai_agents(Tool(name="ask", invoker=_Reads()), on_elicit=from_the_tool)
    with toolbridge.call_context(CallContext(on_progress=progress)):
        assert _output(reads) == "read"
    (context,) = seen
    assert context is not None
    assert context.on_progress is progress
    assert context.on_elicit is not None


def test_what_the_handler_raises_or_a_wrong_answer_ends_the_run() -> None:
    """It is the application's failure, not one the model could correct: the run ends
    with it as the SDK's error's cause, however the tool reported it (toolbridge's
    runtime makes an exception a ToolExecutionError)."""

    def closed(question: Elicitation) -> ElicitResult:
        raise LookupError("the user closed the page")

    with pytest.raises(UserError, match="Error running tool ask") as raised:
        _output(to_openai_agents(ASK, on_elicit=closed))
    assert isinstance(raised.value.__cause__, LookupError)

    def wrong(question: Elicitation) -> Any:
        return "yes"

    with pytest.raises(UserError, match="Error running tool ask") as raised:
        _output(to_openai_agents(ASK, on_elicit=wrong))
    assert isinstance(raised.value.__cause__, toolbridge.InvocationError)
    assert "answered question 'name' of tool 'ask' with str, not an ElicitResult" in str(
        raised.value.__cause__
    )


def test_a_handler_that_is_not_a_function_is_refused() -> None:
    not_a_function: Any = "yes"
    with pytest.raises(
        ConfigError,
        match="on_elicit must be a function of an Elicitation returning an ElicitResult, not str",
    ):
        to_openai_agents(ASK, on_elicit=not_a_function)
