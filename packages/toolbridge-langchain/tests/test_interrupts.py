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
from langchain_core.tools import tool as langchain_tool
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command, interrupt

from toolbridge import Elicitation, InvocationError, Tool, ToolResult, current_call, tool
from toolbridge_langchain import from_langchain, to_langchain

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


# -- a tool that calls LangGraph's interrupt() itself -------------------------------------


@tool
def delete_file(path: str) -> str:
    """Delete a file once the user says yes."""
    said = interrupt({"question": f"delete {path}?"})
    return f"deleted {path}" if said == "yes" else f"kept {path}"


@tool
async def delete_file_async(path: str) -> str:
    """Delete a file once the user says yes."""
    said = interrupt({"question": f"delete {path}?"})
    return f"deleted {path}" if said == "yes" else f"kept {path}"


@langchain_tool
def archive(path: str) -> str:
    """Archive a file once the user says yes (a LangChain tool)."""
    said = interrupt({"question": f"archive {path}?"})
    return f"archived {path}" if said == "yes" else f"kept {path}"


def approving_agent(lc_tool: Any) -> Any:
    asked = {"name": lc_tool.name, "args": {"path": "a"}, "id": "c1"}
    turns = [
        AIMessage(content="", tool_calls=[asked]),
        AIMessage(content="done"),
    ]
    return create_agent(Model(messages=iter(turns)), tools=[lc_tool], checkpointer=InMemorySaver())


@pytest.mark.parametrize(
    ("lc_tool", "question", "said"),
    [
        (to_langchain(delete_file), "delete a?", "deleted a"),
        (to_langchain(delete_file_async), "delete a?", "deleted a"),
        # a LangChain tool read by toolbridge and given back (langchain.mcp's tools
        # raise their interrupts from inside the tool the same way)
        (to_langchain(from_langchain(archive)), "archive a?", "archived a"),
    ],
    ids=["sync", "async", "from_langchain"],
)
@pytest.mark.parametrize("run", ["invoke", "ainvoke"])
def test_an_interrupt_the_tool_raises_pauses_the_run(
    lc_tool: Any, question: str, said: str, run: str
) -> None:
    graph = approving_agent(lc_tool)

    def step(value: Any) -> Any:
        if run == "invoke":
            return graph.invoke(value, CONFIG)
        return asyncio.run(graph.ainvoke(value, CONFIG))

    paused = step(START)
    assert [message for message in paused["messages"] if isinstance(message, ToolMessage)] == []
    (pause,) = paused["__interrupt__"]
    assert pause.value == {"question": question}
    assert tool_text(step(Command(resume="yes"))) == said


def test_outside_a_graph_run_an_interrupt_is_the_tools_error() -> None:
    # interrupt() needs a graph run; without one it fails, and the model is told.
    said = to_langchain(delete_file).invoke({"path": "a"})
    assert said.startswith("Error: tool 'delete_file' raised ")
