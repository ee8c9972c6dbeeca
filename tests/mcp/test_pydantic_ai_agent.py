"""MCP servers' tools in a real pydantic-ai agent loop (``FunctionModel``), through
toolbridge's client and ``toolbridge_pydantic_ai.ToolbridgeToolset``: a tool's image and
audio reach the model as ``BinaryContent`` (tests/servers/fixture_server.py's
``content``), and the questions a server asks the user while its tool runs
(tests/servers/eliciting_server.py) are answered by the toolset's ``on_elicit`` on both
protocol eras (``protocol="legacy"``: ``elicitation/create`` requests; ``"auto"``: MCP
2026-07-28 ``input_required`` results)."""

from __future__ import annotations

import asyncio
import base64
import contextvars
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("toolbridge_pydantic_ai")
pytest.importorskip("fastmcp")

from pydantic_ai import Agent
from pydantic_ai.messages import (
    BinaryContent,
    BinaryImage,
    ModelMessage,
    ModelResponse,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel

from toolbridge import Elicitation, ElicitResult, Tool
from toolbridge.mcp import load_mcp_tools
from toolbridge_pydantic_ai import ToolbridgeToolset

ELICITING = Path(__file__).resolve().parent.parent / "servers" / "eliciting_server.py"
PNG = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQAB"
    "pfZFQAAAAABJRU5ErkJggg=="
)
WAV = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA="

# Set around each agent run: the handler must see it, whichever task the client answers in.
USER: contextvars.ContextVar[str] = contextvars.ContextVar("user", default="nobody")


async def _run(toolset: ToolbridgeToolset, name: str, arguments: dict[str, Any]) -> Any:
    """One agent run whose model calls `name` once; the return content the model reads."""
    returned: list[Any] = []

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        answers = [
            part
            for message in messages
            for part in message.parts
            if isinstance(part, ToolReturnPart)
        ]
        if not answers:
            return ModelResponse(parts=[ToolCallPart(name, arguments, tool_call_id="call-1")])
        returned.append(answers[-1].content)
        return ModelResponse(parts=[TextPart("done")])

    result = await Agent(FunctionModel(respond), toolsets=[toolset]).run(f"use {name}")
    assert result.output == "done"
    (content,) = returned
    return content


def test_an_mcp_tools_image_and_audio_reach_the_model_as_binary_content(
    fixture_server: Callable[..., list[str]],
) -> None:
    command, *args = fixture_server()

    async def main() -> Any:
        tools = await load_mcp_tools({"fixture": {"command": command, "args": args}})
        return await _run(ToolbridgeToolset(tools), "content", {})

    text, image, audio, link, embedded, blob = asyncio.run(main())
    assert text == "a text block"
    assert isinstance(image, BinaryImage)
    assert (image.data, image.media_type) == (base64.b64decode(PNG), "image/png")
    assert isinstance(audio, BinaryContent)
    assert (audio.data, audio.media_type) == (base64.b64decode(WAV), "audio/wav")
    assert link == {
        "type": "resource_link",
        "uri": "file:///fixture/notes.txt",
        "name": "notes",
        "mimeType": "text/plain",
    }
    assert embedded == "embedded text"
    assert blob["resource"]["uri"] == "file:///fixture/b.bin"
    assert "blob" not in blob["resource"]  # 4 opaque bytes: described, not sent


class Person:
    """An on_elicit handler answering from a script, keeping what it was asked."""

    def __init__(self, *answers: ElicitResult | Exception) -> None:
        self.answers = list(answers)
        self.asked: list[Elicitation] = []
        self.users: list[str] = []

    async def __call__(self, question: Elicitation) -> ElicitResult:
        self.asked.append(question)
        self.users.append(USER.get())
        await asyncio.sleep(0)  # a real wait: the call stays open meanwhile
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer


async def _asked(tools: Sequence[Tool], person: Person, name: str, **arguments: Any) -> Any:
    token = USER.set("ada")
    try:
        return await _run(ToolbridgeToolset(tools, on_elicit=person), name, arguments)
    finally:
        USER.reset(token)


@pytest.mark.parametrize("protocol", ["legacy", "auto"])
def test_a_servers_questions_are_answered_by_the_toolsets_on_elicit(protocol: str) -> None:
    async def main() -> None:
        config = {"eliciting": {"command": sys.executable, "args": [str(ELICITING)]}}
        tools = await load_mcp_tools(config, protocol=protocol)
        era = await _run(ToolbridgeToolset(tools), "era", {})
        assert (era == "2026-07-28") == (protocol == "auto"), era

        # A form, accepted: the server reads the values, the model reads the booking.
        person = Person(ElicitResult.accept({"guests": 2, "name": "Ada"}))
        assert await _asked(tools, person, "book_table", restaurant="Chez") == (
            "booked Chez for 2 under Ada"
        )
        (question,) = person.asked
        assert (question.message, question.mode, question.tool, question.server) == (
            "Booking at Chez: details?",
            "form",
            "book_table",
            "eliciting",
        )
        assert question.requested_schema is not None
        assert question.requested_schema["required"] == ["guests", "name"]
        # The handler ran with the agent run's context variables, on either era.
        assert person.users == ["ada"]

        # Declined, and cancelled.
        declined = Person(ElicitResult.decline())
        assert await _asked(tools, declined, "book_table", restaurant="Chez") == "declined"
        cancelled = Person(ElicitResult.cancel())
        assert await _asked(tools, cancelled, "book_table", restaurant="Chez") == "cancelled"

        # URL mode: the user visits a page, and says so.
        visitor = Person(ElicitResult.accept())
        assert await _asked(tools, visitor, "sign_in") == "signed in"
        (page,) = visitor.asked
        assert (page.mode, page.url) == ("url", "https://auth.example.test/start")

        # Two rounds: the second question comes once the first is answered.
        twice = Person(ElicitResult.accept({"value": "a"}), ElicitResult.accept({"value": "b"}))
        assert await _asked(tools, twice, "two_rounds") == "first=a second=b"
        assert [question.message for question in twice.asked] == ["First?", "Second?"]

        # The form's defaults fill what the user left out (SEP-1034).
        content = json.loads(await _asked(tools, Person(ElicitResult.accept({})), "defaults"))
        assert content["content"]["name"] == "John Doe"

        # Without a handler the question is declined and the model is told so.
        alone = await _run(ToolbridgeToolset(tools), "book_table", {"restaurant": "Chez"})
        assert "declined" in alone
        assert "no on_elicit handler" in alone

        # A handler that fails ends the run with its own error (not a retry) ...
        failing = Person(RuntimeError("the user closed the window"))
        with pytest.raises(RuntimeError, match="closed the window"):
            await _asked(tools, failing, "book_table", restaurant="Chez")
        # ... and the session goes on serving.
        again = Person(ElicitResult.accept({"guests": 4, "name": "Bo"}))
        assert await _asked(tools, again, "book_table", restaurant="Chez") == (
            "booked Chez for 4 under Bo"
        )

    asyncio.run(main())
