"""MCP servers' tools in a real Agents SDK run (``Runner.run`` with the SDK's
``ScriptedModel``, which records the input it is given each turn): a server's image
reaches the model as an ``input_image`` data URL, and a server's questions to the user
are answered on both protocol eras (``legacy``: ``elicitation/create`` requests in
the middle of the call; ``auto``: MCP 2026-07-28 ``input_required`` rounds)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import pytest
from agents import Agent, FunctionTool, RunConfig, Runner, UserError
from agents.models.chatcmpl_converter import Converter
from agents.testing import ScriptedModel, assistant_message, function_call

import toolbridge
from toolbridge import CallContext, Elicitation, ElicitResult
from toolbridge.mcp import McpClient
from toolbridge_openai_agents import from_openai_agents, load_mcp_tools, to_openai_agents

USER: ContextVar[str] = ContextVar("USER", default="nobody")
ELICITING_SERVER = Path(__file__).resolve().parent.parent / "servers" / "eliciting_server.py"

# tests/servers/fixture_server.py's 1x1 PNG, which its `content` tool returns.
PNG = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQAB"
    "pfZFQAAAAABJRU5ErkJggg=="
)


async def _model_reads(tools: Sequence[FunctionTool], name: str, arguments: dict[str, Any]) -> Any:
    """Run an agent whose model calls `name`; the tool output it reads next turn."""
    model = ScriptedModel(
        [[function_call(name, arguments, call_id="call-1")], [assistant_message("done")]]
    )
    agent = Agent(name="agent", model=model, tools=list(tools))
    result = await Runner.run(agent, "go", run_config=RunConfig(tracing_disabled=True))
    assert result.final_output == "done"
    (given,) = [item for item in model.calls[1].input if item.get("type") == "function_call_output"]
    assert given["call_id"] == "call-1"
    return given["output"]


def test_an_mcp_servers_image_reaches_the_model_as_a_data_url(
    fixture_server: Callable[..., list[str]],
) -> None:
    argv = fixture_server()

    async def main() -> Any:
        async with McpClient({"fixture": {"command": argv[0], "args": argv[1:]}}) as client:
            return await _model_reads(to_openai_agents(client.tools), "content", {})

    output = asyncio.run(main())
    assert output == [
        {"type": "input_text", "text": "a text block"},
        {"type": "input_image", "image_url": f"data:image/png;base64,{PNG}"},
        {
            "type": "input_text",
            "text": "[audio (audio/wav) omitted: Agents SDK tool outputs carry no audio]",
        },
        {"type": "input_text", "text": "[resource: notes <file:///fixture/notes.txt>]"},
        {"type": "input_text", "text": "embedded text"},
        {
            "type": "input_text",
            "text": "[resource file:///fixture/b.bin (application/octet-stream) omitted: "
            "the model reads no binary data of this type]",
        },
    ]
    # What a Chat Completions model gets from the SDK's own converter: the image too
    # where the model keeps all content (LiteLLM, any-llm), the text alone otherwise.
    call = {"type": "function_call", "call_id": "call-1", "name": "content", "arguments": "{}"}
    items: Any = [call, {"type": "function_call_output", "call_id": "call-1", "output": output}]
    kept: Any = Converter.items_to_messages(items, preserve_tool_output_all_content=True)[1]
    image = {"url": f"data:image/png;base64,{PNG}", "detail": "auto"}
    assert {"type": "image_url", "image_url": image} in kept["content"]
    plain: Any = Converter.items_to_messages(items)[1]
    assert [part["type"] for part in plain["content"]] == ["text"] * 5


# -- a server's questions --------------------------------------------------------------


def _answer(asked: list[Elicitation], answers: dict[str, ElicitResult]) -> Any:
    """A handler that records each question and answers it by its message."""

    async def handler(question: Elicitation) -> ElicitResult:
        asked.append(question)
        return answers[question.message]

    return handler


@pytest.mark.parametrize("protocol", ["legacy", "auto"])
def test_a_servers_questions_are_answered_and_the_model_reads_the_outcome(protocol: str) -> None:
    server = {"eliciting": {"command": sys.executable, "args": [str(ELICITING_SERVER)]}}
    details = "Booking at Noma: details?"
    by_client: list[Elicitation] = []

    async def main() -> None:
        accept = ElicitResult.accept({"guests": 2, "name": "Ada"})
        tools = await load_mcp_tools(
            server, protocol=protocol, on_elicit=_answer(by_client, {details: accept})
        )
        canonical = from_openai_agents(list(tools))  # the MCP tools, to convert again
        era = await _model_reads(tools, "era", {})
        assert era == ("2026-07-28" if protocol == "auto" else "2025-11-25")

        # The client's own on_elicit answers when the tool has no handler: accepted.
        booking = {"restaurant": "Noma"}
        assert await _model_reads(tools, "book_table", booking) == "booked Noma for 2 under Ada"
        (question,) = by_client
        assert (question.mode, question.tool, question.server) == (
            "form",
            "book_table",
            "eliciting",
        )
        assert question.requested_schema is not None
        assert list(question.requested_schema["properties"]) == ["guests", "name"]

        # The tool's handler wins over the client's: declined, then cancelled.
        for answer, outcome in [
            (ElicitResult.decline(), "declined"),
            (ElicitResult.cancel(), "cancelled"),
        ]:
            asked: list[Elicitation] = []
            own = to_openai_agents(canonical, on_elicit=_answer(asked, {details: answer}))
            assert await _model_reads(own, "book_table", booking) == outcome
            assert [item.message for item in asked] == [details]
        assert len(by_client) == 1

        # URL mode: the user is sent to a page and answers once done. The handler (a
        # plain function: in a worker thread) sees the context variables of the run,
        # though the handshake era asks in the client's session task.
        users: list[str] = []

        def signs_in(question: Elicitation) -> ElicitResult:
            users.append(USER.get())
            asked.append(question)
            return ElicitResult.accept()

        asked = []
        own = to_openai_agents(canonical, on_elicit=signs_in)
        token = USER.set("ada")
        try:
            assert await _model_reads(own, "sign_in", {}) == "signed in"
        finally:
            USER.reset(token)
        (question,) = asked
        assert (question.mode, question.url) == ("url", "https://auth.example.test/start")
        assert question.requested_schema is None
        assert users == ["ada"]

        # Two rounds, one question each, in the server's order.
        asked = []
        rounds = {
            "First?": ElicitResult.accept({"value": "a"}),
            "Second?": ElicitResult.accept({"value": "b"}),
        }
        own = to_openai_agents(canonical, on_elicit=_answer(asked, rounds))
        assert await _model_reads(own, "two_rounds", {}) == "first=a second=b"
        assert [item.message for item in asked] == ["First?", "Second?"]

        # Without a handler of the tool's own, a context set around the run answers
        # before the client's handler; the tool's own handler answers before both.
        per_run: list[list[str]] = []

        async def answer_round(questions: Sequence[Elicitation]) -> dict[str, ElicitResult]:
            per_run.append([item.message for item in questions])
            return {
                item.key: ElicitResult.accept({"guests": 4, "name": "Grace"}) for item in questions
            }

        asked = []
        own = to_openai_agents(
            canonical, on_elicit=_answer(asked, {details: ElicitResult.decline()})
        )
        with toolbridge.call_context(CallContext(on_elicit=answer_round)):
            assert (
                await _model_reads(tools, "book_table", booking) == "booked Noma for 4 under Grace"
            )
            assert await _model_reads(own, "book_table", booking) == "declined"
        assert per_run == [[details]]
        assert [item.message for item in asked] == [details]
        assert len(by_client) == 1

        # What a handler raises ends the run; the server goes on answering.
        def closed(question: Elicitation) -> ElicitResult:
            raise LookupError("the user closed the page")

        own = to_openai_agents(canonical, on_elicit=closed)
        with pytest.raises(UserError, match="Error running tool book_table") as raised:
            await _model_reads(own, "book_table", booking)
        assert isinstance(raised.value.__cause__, LookupError)
        assert await _model_reads(tools, "era", {}) == era

    asyncio.run(main())
