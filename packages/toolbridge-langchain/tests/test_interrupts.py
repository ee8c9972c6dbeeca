"""toolbridge-langchain: a tool's questions to the user as LangGraph interrupts, with
``langchain.mcp``'s payload and resume value, in a real agent loop (``create_agent``,
an ``InMemorySaver`` checkpointer, resumed with ``Command(resume=...)``).

The tool here asks in process, through the core's contract (`toolbridge.CallContext`'s
``on_elicit``, as an MCP tool does when its server asks), one round of two questions,
so that these tests run with the plugin alone; tests/mcp/test_langchain_agent.py runs
the same loop against a real eliciting MCP server on both protocol eras."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from toolbridge import Elicitation, InvocationError, Tool, ToolResult, current_call
from toolbridge_langchain import to_langchain

FORM = {"type": "object", "properties": {"size": {"type": "integer"}}, "required": ["size"]}
QUESTIONS = (
    Elicitation(key="size", message="How big?", requested_schema=FORM),
    Elicitation(key="sign_in", message="Sign in", mode="url", url="https://auth.example.test/"),
)
PAYLOAD = {
    "type": "mcp_elicitation",
    "tool_name": "order",
    "requests": [
        {"key": "size", "message": "How big?", "mode": "form", "requested_schema": FORM},
        {
            "key": "sign_in",
            "message": "Sign in",
            "mode": "url",
            "url": "https://auth.example.test/",
        },
    ],
}
ACCEPTED = {
    "responses": {
        "size": {"action": "accept", "content": {"size": 3}},
        "sign_in": {"action": "accept"},
    }
}


class Asking:
    """An invoker whose call asks the user one round of two questions, as an MCP
    server does through the core, and returns the answers as JSON text."""

    def __init__(self) -> None:
        self.calls = 0

    async def acall(self, arguments: dict[str, Any], timeout: float | None) -> ToolResult:
        self.calls += 1
        context = current_call()
        if context is None or context.on_elicit is None:
            return ToolResult.from_text("nobody to ask")
        answers = await context.on_elicit(QUESTIONS)
        shown = {key: [answer.action, answer.content] for key, answer in answers.items()}
        return ToolResult.from_text(json.dumps(shown, sort_keys=True))

    def call(self, arguments: dict[str, Any], timeout: float | None) -> ToolResult:
        return asyncio.run(self.acall(arguments, timeout))


class Model(GenericFakeChatModel):
    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> Model:
        return self


def agent(invoker: Asking, *, interrupts: bool = True) -> Any:
    tool = to_langchain(Tool(name="order", invoker=invoker), interrupts=interrupts)
    turns = [
        AIMessage(content="", tool_calls=[{"name": "order", "args": {}, "id": "c1"}]),
        AIMessage(content="done"),
    ]
    return create_agent(Model(messages=iter(turns)), tools=[tool], checkpointer=InMemorySaver())


CONFIG: Any = {"configurable": {"thread_id": "t1"}}
START = {"messages": [HumanMessage("order one")]}


def tool_text(state: dict[str, Any]) -> str:
    messages: list[BaseMessage] = state["messages"]
    (message,) = [message for message in messages if isinstance(message, ToolMessage)]
    assert message.status == "success", message.content
    return str(message.content)


def test_a_round_of_questions_is_one_interrupt_and_the_resume_answers_it() -> None:
    asking = Asking()
    graph = agent(asking)

    async def main() -> tuple[Any, Any]:
        paused = await graph.ainvoke(START, CONFIG)
        return paused, await graph.ainvoke(Command(resume=ACCEPTED), CONFIG)

    paused, done = asyncio.run(main())
    (interrupt,) = paused["__interrupt__"]
    assert interrupt.value == PAYLOAD
    assert json.loads(tool_text(done)) == {
        "sign_in": ["accept", None],
        "size": ["accept", {"size": 3}],
    }
    assert asking.calls == 2  # on resume the call runs again from the start


def test_sync_invoke_raises_the_same_interrupt() -> None:
    asking = Asking()
    graph = agent(asking)
    paused = graph.invoke(START, CONFIG)
    assert paused["__interrupt__"][0].value == PAYLOAD
    resume = {"responses": {"size": {"action": "decline"}, "sign_in": {"action": "cancel"}}}
    done = graph.invoke(Command(resume=resume), CONFIG)
    assert json.loads(tool_text(done)) == {"sign_in": ["cancel", None], "size": ["decline", None]}


@pytest.mark.parametrize(
    ("resume", "said"),
    [
        ({"size": {"action": "accept"}}, 'must be {"responses"'),
        ("yes", 'must be {"responses"'),
        (
            {"responses": {"size": {"action": "accept", "content": {"size": 1}}}},
            "none for 'sign_in'",
        ),
        (
            {"responses": {**ACCEPTED["responses"], "size": {"action": "maybe"}}},
            "responses['size']",
        ),
        ({"responses": {**ACCEPTED["responses"], "size": "accept"}}, '"action" is "accept"'),
        (
            {"responses": {**ACCEPTED["responses"], "size": {"action": "accept", "content": 3}}},
            '"content" must be an object',
        ),
    ],
)
def test_a_resume_value_that_does_not_answer_is_a_clear_error(resume: Any, said: str) -> None:
    graph = agent(Asking())
    graph.invoke(START, CONFIG)
    with pytest.raises(InvocationError, match="the answer to MCP tool 'order'") as raised:
        graph.invoke(Command(resume=resume), CONFIG)
    assert said in str(raised.value)


def test_outside_a_graph_run_the_tool_asks_nobody() -> None:
    asking = Asking()
    tool = to_langchain(Tool(name="order", invoker=asking))
    assert tool.invoke({}) == "nobody to ask"
    assert asyncio.run(tool.ainvoke({})) == "nobody to ask"


def test_interrupts_false_leaves_the_questions_to_the_client() -> None:
    asking = Asking()
    state = agent(asking, interrupts=False).invoke(START, CONFIG)
    assert "__interrupt__" not in state
    assert tool_text(state) == "nobody to ask"


def test_the_graph_key_read_is_langgraphs_own() -> None:
    from langgraph._internal._constants import CONFIG_KEY_SCRATCHPAD

    from toolbridge_langchain._interrupts import _SCRATCHPAD

    assert _SCRATCHPAD == CONFIG_KEY_SCRATCHPAD
