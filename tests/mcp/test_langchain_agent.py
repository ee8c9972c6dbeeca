"""MCP servers' tools in a real LangGraph agent loop (LangChain's ``create_agent``, a
scripted fake chat model, an ``InMemorySaver`` checkpointer), loaded with
``toolbridge_langchain.load_mcp_tools``.

A server's question to the user while its tool runs (tests/servers/eliciting_server.py)
pauses the run with ``langchain.mcp``'s interrupt payload, and ``Command(resume=...)``
with its resume value answers it, on both protocol eras (``protocol="legacy"``:
``elicitation/create`` requests mid-call; ``"auto"``: MCP 2026-07-28 ``input_required``
results), over stdio and over streamable HTTP, from async and sync code. A tool's
resource links and blobs reach the model as LangChain's standard blocks
(tests/servers/fixture_server.py's ``content``), and strict mode's nulls never reach the
server (its ``--tool-description-from`` tools echo their arguments)."""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any
from unittest.mock import ANY

import pytest

from ..loopback import free_port, server_process

pytest.importorskip("toolbridge_langchain")
pytest.importorskip("langchain")
pytest.importorskip("fastmcp")

from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.utils.function_calling import convert_to_openai_tool
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from toolbridge import Elicitation, ElicitResult
from toolbridge.errors import ElicitationError
from toolbridge_langchain import ToolbridgeStructuredTool, load_mcp_tools, load_mcp_tools_sync

ELICITING = Path(__file__).resolve().parent.parent / "servers" / "eliciting_server.py"
ERAS = ["legacy", "auto"]
SIGN_IN_URL = "https://auth.example.test/start"
GUESTS_FORM = {
    "type": "object",
    "properties": {
        "guests": {"type": "integer", "minimum": 1, "description": "How many people"},
        "name": {"type": "string", "description": "The name of the booking"},
    },
    "required": ["guests", "name"],
}
TEXT_FORM = {"type": "object", "properties": {"value": {"type": "string"}}, "required": ["value"]}
THREAD: Any = {"configurable": {"thread_id": "thread-1"}}


def _eliciting(*flags: str) -> dict[str, Any]:
    return {"eliciting": {"command": sys.executable, "args": [str(ELICITING), *flags]}}


def _key(protocol: str, key: str) -> Any:
    """A question's key in the payload: the server's own on 2026-07-28; on the handshake
    era, the id of its ``elicitation/create`` request."""
    return key if protocol == "auto" else ANY


class Model(GenericFakeChatModel):
    """LangChain's fake chat model, taking tools, answering from a script."""

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> Model:
        return self


def _agent(tools: Sequence[ToolbridgeStructuredTool], name: str, arguments: dict[str, Any]) -> Any:
    """An agent whose model calls `name` once, then says done; its state checkpointed."""
    turns = [
        AIMessage(content="", tool_calls=[{"name": name, "args": arguments, "id": "call-1"}]),
        AIMessage(content="done"),
    ]
    return create_agent(Model(messages=iter(turns)), tools=tools, checkpointer=InMemorySaver())


def _tool_message(state: dict[str, Any]) -> ToolMessage:
    messages: list[BaseMessage] = state["messages"]
    (message,) = [message for message in messages if isinstance(message, ToolMessage)]
    return message


def _paused(state: dict[str, Any]) -> Any:
    """The one interrupt a paused run holds: its payload."""
    (interrupt,) = state["__interrupt__"]
    return interrupt.value


def _booking(protocol: str) -> dict[str, Any]:
    return {
        "type": "mcp_elicitation",
        "tool_name": "book_table",
        "requests": [
            {
                "key": _key(protocol, "guests"),
                "message": "Booking at Chez: details?",
                "mode": "form",
                "requested_schema": GUESTS_FORM,
            }
        ],
    }


# -- elicitation as interrupts ----------------------------------------------------------------


@pytest.mark.parametrize("protocol", ERAS)
@pytest.mark.parametrize(
    ("answer", "text"),
    [
        (
            {"action": "accept", "content": {"guests": 4, "name": "Ada"}},
            "booked Chez for 4 under Ada",
        ),
        ({"action": "decline"}, "declined"),
        ({"action": "cancel"}, "cancelled"),
    ],
)
def test_a_form_pauses_the_run_and_the_resume_answers_it(
    protocol: str, answer: dict[str, Any], text: str
) -> None:
    async def main() -> tuple[Any, Any]:
        tools = await load_mcp_tools(_eliciting(), protocol=protocol)
        agent = _agent(tools, "book_table", {"restaurant": "Chez"})
        paused = await agent.ainvoke({"messages": [HumanMessage("book")]}, THREAD)
        key = _paused(paused)["requests"][0]["key"]
        done = await agent.ainvoke(Command(resume={"responses": {key: answer}}), THREAD)
        return paused, done

    paused, done = asyncio.run(main())
    assert _paused(paused) == _booking(protocol)
    assert "__interrupt__" not in done
    message = _tool_message(done)
    assert (message.content, message.status) == (text, "success")
    assert done["messages"][-1].content == "done"


@pytest.mark.parametrize("protocol", ERAS)
def test_a_resume_the_form_refuses_is_not_sent(protocol: str) -> None:
    """The graph's answer is checked against the form as the CLI's ``--answer`` is:
    refused, it raises to the graph's caller (the human's answer, not the model's
    mistake) with each problem's path, and the server never reads it."""

    async def main() -> None:
        tools = await load_mcp_tools(_eliciting(), protocol=protocol)
        agent = _agent(tools, "book_table", {"restaurant": "Chez"})
        paused = await agent.ainvoke({"messages": [HumanMessage("book")]}, THREAD)
        key = _paused(paused)["requests"][0]["key"]
        answer = {"action": "accept", "content": {"guests": 0, "name": "Ada"}}
        await agent.ainvoke(Command(resume={"responses": {key: answer}}), THREAD)

    with pytest.raises(ElicitationError) as raised:
        asyncio.run(main())
    assert [issue.path for issue in raised.value.issues] == [("guests",)]
    assert "guests: " in str(raised.value)


@pytest.mark.parametrize("protocol", ERAS)
def test_a_url_question_pauses_the_run(protocol: str) -> None:
    async def main() -> tuple[Any, Any]:
        tools = await load_mcp_tools(_eliciting(), protocol=protocol)
        agent = _agent(tools, "sign_in", {})
        paused = await agent.ainvoke({"messages": [HumanMessage("sign in")]}, THREAD)
        key = _paused(paused)["requests"][0]["key"]
        done = await agent.ainvoke(
            Command(resume={"responses": {key: {"action": "accept"}}}), THREAD
        )
        return paused, done

    paused, done = asyncio.run(main())
    assert _paused(paused) == {
        "type": "mcp_elicitation",
        "tool_name": "sign_in",
        "requests": [
            {
                "key": _key(protocol, "sign_in"),
                "message": "Sign in to continue",
                "mode": "url",
                "url": SIGN_IN_URL,
            }
        ],
    }
    assert _tool_message(done).content == "signed in"


@pytest.mark.parametrize("protocol", ERAS)
def test_two_rounds_are_two_interrupts_in_order(protocol: str) -> None:
    def request(key: str, message: str) -> dict[str, Any]:
        return {
            "type": "mcp_elicitation",
            "tool_name": "two_rounds",
            "requests": [
                {
                    "key": _key(protocol, key),
                    "message": message,
                    "mode": "form",
                    "requested_schema": TEXT_FORM,
                }
            ],
        }

    async def main() -> list[Any]:
        tools = await load_mcp_tools(_eliciting(), protocol=protocol)
        agent = _agent(tools, "two_rounds", {})
        states = [await agent.ainvoke({"messages": [HumanMessage("two")]}, THREAD)]
        for value in ("a", "b"):
            key = _paused(states[-1])["requests"][0]["key"]
            answer = {"action": "accept", "content": {"value": value}}
            states.append(await agent.ainvoke(Command(resume={"responses": {key: answer}}), THREAD))
        return states

    first, second, done = asyncio.run(main())
    assert _paused(first) == request("first", "First?")
    assert _paused(second) == request("second", "Second?")
    assert _tool_message(done).content == "first=a second=b"


@pytest.mark.parametrize("protocol", ERAS)
def test_a_sync_run_pauses_and_resumes_too(protocol: str) -> None:
    tools = load_mcp_tools_sync(_eliciting(), protocol=protocol)
    try:
        agent = _agent(tools, "book_table", {"restaurant": "Chez"})
        paused = agent.invoke({"messages": [HumanMessage("book")]}, THREAD)
        assert _paused(paused) == _booking(protocol)
        key = _paused(paused)["requests"][0]["key"]
        answer = {"action": "accept", "content": {"guests": 2, "name": "Lin"}}
        done = agent.invoke(Command(resume={"responses": {key: answer}}), THREAD)
        assert _tool_message(done).content == "booked Chez for 2 under Lin"
    finally:
        tools[0].toolbridge_tool.invoker._client.close()  # type: ignore[union-attr]


def test_the_clients_own_on_elicit_answers_in_a_graph_run_and_outside(
    fixture_server: Callable[..., list[str]],
) -> None:
    asked: list[Elicitation] = []

    def on_elicit(question: Elicitation) -> ElicitResult:
        asked.append(question)
        return ElicitResult.accept({"guests": 3, "name": "Kim"})

    async def main() -> tuple[Any, Any, Any]:
        tools = await load_mcp_tools(_eliciting(), on_elicit=on_elicit)
        state = await _agent(tools, "book_table", {"restaurant": "Chez"}).ainvoke(
            {"messages": [HumanMessage("book")]}, THREAD
        )
        (book,) = [item for item in tools if item.name == "book_table"]
        plain = await load_mcp_tools(_eliciting())
        (unanswered,) = [item for item in plain if item.name == "book_table"]
        return (
            state,
            await book.ainvoke({"restaurant": "Bar"}),
            await unanswered.ainvoke({"restaurant": "Bar"}),
        )

    state, outside, declined = asyncio.run(main())
    assert "__interrupt__" not in state
    assert _tool_message(state).content == "booked Chez for 3 under Kim"
    assert outside == "booked Bar for 3 under Kim"
    assert [question.message for question in asked] == [
        "Booking at Chez: details?",
        "Booking at Bar: details?",
    ]
    # outside a graph run with nobody to ask, the core declines and says so
    first, note = declined.split("\n", 1)
    assert first == "declined"
    assert "Nobody can answer here" in note


@pytest.fixture
def eliciting_http_server(tmp_path: Path) -> Iterator[str]:
    """The URL of tests/servers/eliciting_server.py serving streamable HTTP on loopback."""
    port = free_port()
    argv = [sys.executable, str(ELICITING), "--http", str(port)]
    log = tmp_path / "eliciting-http.log"
    with server_process(argv, port, log, what="the eliciting server") as url:
        yield url


def test_over_http_the_run_pauses_and_resumes(eliciting_http_server: str) -> None:
    async def main() -> tuple[Any, Any]:
        tools = await load_mcp_tools({"eliciting": {"url": eliciting_http_server}})
        agent = _agent(tools, "book_table", {"restaurant": "Chez"})
        paused = await agent.ainvoke({"messages": [HumanMessage("book")]}, THREAD)
        answer = {"action": "accept", "content": {"guests": 5, "name": "Sam"}}
        done = await agent.ainvoke(Command(resume={"responses": {"guests": answer}}), THREAD)
        return paused, done

    paused, done = asyncio.run(main())
    assert _paused(paused) == _booking("auto")
    assert _tool_message(done).content == "booked Chez for 5 under Sam"


# -- content blocks ---------------------------------------------------------------------------


def test_an_mcp_tools_content_reaches_the_model_as_standard_blocks(
    fixture_server: Callable[..., list[str]],
) -> None:
    command, *args = fixture_server()

    async def main() -> Any:
        tools = await load_mcp_tools({"fixture": {"command": command, "args": args}})
        state = await _agent(tools, "content", {}).ainvoke(
            {"messages": [HumanMessage("?")]}, THREAD
        )
        return _tool_message(state).content

    content = asyncio.run(main())
    assert [block["type"] for block in content] == ["text", "image", "file", "file", "text", "file"]
    text, image, audio, link, embedded, blob = content
    assert text == {"type": "text", "text": "a text block"}
    assert (image["mime_type"], image["base64"][:6]) == ("image/png", "iVBORw")  # PNG
    assert (audio["mime_type"], audio["base64"][:6]) == ("audio/wav", "UklGRi")  # RIFF
    assert link == {
        "type": "file",
        "url": "file:///fixture/notes.txt",
        "mime_type": "text/plain",
        "extras": {"name": "notes"},
    }
    assert embedded == {"type": "text", "text": "embedded text"}
    assert blob == {"type": "file", "base64": "AAECAw==", "mime_type": "application/octet-stream"}


# -- strict mode ------------------------------------------------------------------------------


def test_strict_nulls_for_optional_arguments_never_reach_the_server(
    fixture_server: Callable[..., list[str]], tmp_path: Path
) -> None:
    schema = {
        "type": "object",
        "properties": {
            "query": {"type": "string"},
            "limit": {"type": "integer"},
            "filter": {
                "type": "object",
                "properties": {"tag": {"type": "string"}, "since": {"type": "string"}},
                "required": ["tag"],
            },
        },
        "required": ["query"],
    }
    listing = tmp_path / "tools.json"
    listing.write_text(json.dumps([{"name": "search", "inputSchema": schema}]))
    command, *args = fixture_server("--tool-description-from", str(listing))
    arguments = {"query": "q", "limit": None, "filter": {"tag": "t", "since": None}}

    async def main() -> tuple[dict[str, Any], ToolMessage]:
        tools = await load_mcp_tools({"fixture": {"command": command, "args": args}}, strict=True)
        (search,) = [item for item in tools if item.name == "search"]
        shown = convert_to_openai_tool(search, strict=True)["function"]["parameters"]
        state = await _agent([search], "search", arguments).ainvoke(
            {"messages": [HumanMessage("?")]}, THREAD
        )
        return shown, _tool_message(state)

    shown, message = asyncio.run(main())
    assert shown["properties"]["limit"] == {"type": ["integer", "null"]}
    inner, null = shown["properties"]["filter"]["anyOf"]
    assert (inner["properties"]["since"], null) == ({"type": ["string", "null"]}, {"type": "null"})
    assert message.status == "success"
    called = str(message.content).removeprefix("search called with ")
    assert json.loads(called) == {"query": "q", "filter": {"tag": "t"}}


# -- a local tool that asks ------------------------------------------------------------------


def test_a_local_tool_asking_with_elicit_pauses_the_run_per_question() -> None:
    """A ``@tool`` asking with ``ToolContext.elicit`` (no MCP server): each question is an
    interrupt, the resumed run asks it again under the same key and gets the answer."""
    from toolbridge import ToolContext, tool
    from toolbridge_langchain import to_langchain

    runs: list[str] = []

    @tool
    async def order(dish: str, context: ToolContext) -> str:
        """Order a dish, asking how many and for whom."""
        runs.append(dish)
        count = await context.elicit("How many?", TEXT_FORM)
        whom = await context.elicit("For whom?", TEXT_FORM)
        many, name = (count.content or {}).get("value"), (whom.content or {}).get("value")
        return f"{many} {dish} for {name}"

    async def main() -> list[Any]:
        agent = _agent([to_langchain(order)], "order", {"dish": "soup"})
        states = [await agent.ainvoke({"messages": [HumanMessage("order")]}, THREAD)]
        for value in ("two", "Ann"):
            key = _paused(states[-1])["requests"][0]["key"]
            answer = {"action": "accept", "content": {"value": value}}
            states.append(await agent.ainvoke(Command(resume={"responses": {key: answer}}), THREAD))
        return states

    first, second, done = asyncio.run(main())
    assert [request["message"] for request in _paused(first)["requests"]] == ["How many?"]
    # Keys number the questions of one call, the same on every run of the tool.
    assert [_paused(state)["requests"][0]["key"] for state in (first, second)] == ["q1", "q2"]
    assert _paused(first)["tool_name"] == "order"
    assert [request["message"] for request in _paused(second)["requests"]] == ["For whom?"]
    assert _tool_message(done).content == "two soup for Ann"
    assert runs == ["soup", "soup", "soup"]  # a resumed node runs the tool again
