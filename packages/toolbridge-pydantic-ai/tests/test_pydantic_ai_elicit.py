"""A toolset's ``on_elicit`` in real pydantic-ai agent runs (``FunctionModel``): a tool
that asks the user through its call context (as toolbridge's MCP client does for a
server's question) gets the handler's answers, plain or async, in the run's context
variables; a handler that fails ends the run with its own error. The same against a
real MCP server on both protocol eras is tested at the repository's root
(tests/mcp/test_pydantic_ai_agent.py): these tests run with the plugin alone."""

from __future__ import annotations

import asyncio
import contextvars
import threading
from collections.abc import Sequence
from typing import Any

import pytest
from pydantic_ai import Agent
from pydantic_ai.messages import (
    ModelMessage,
    ModelResponse,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel

from toolbridge import (
    CallContext,
    ConfigError,
    Elicitation,
    ElicitHandler,
    ElicitResult,
    InvocationError,
    call_context,
    current_call,
    report_progress,
    tool,
)
from toolbridge_pydantic_ai import ToolbridgeToolset, to_pydantic_ai

FORM = {
    "type": "object",
    "properties": {"guests": {"type": "integer"}, "name": {"type": "string"}},
    "required": ["guests", "name"],
}
USER: contextvars.ContextVar[str] = contextvars.ContextVar("user", default="nobody")


@tool
async def book_table(restaurant: str) -> str:
    """Book a table; asks how many guests and under which name, then for a seat."""
    await report_progress(0.5, 1.0, "asking")
    context = current_call()
    if context is None or context.on_elicit is None:
        return "nobody to ask"
    questions = [
        Elicitation(
            key="guests", message=f"{restaurant}: details?", requested_schema=FORM, tool="book"
        ),
        Elicitation(key="seat", message="Terrace?", mode="url", url="https://e.test/seat"),
    ]
    answers = await context.on_elicit(questions)
    guests, seat = answers["guests"], answers["seat"]
    if guests.action != "accept" or guests.content is None:
        return guests.action
    content = guests.content
    return f"booked {restaurant} for {content['guests']} under {content['name']} ({seat.action})"


def _run(toolset: ToolbridgeToolset) -> tuple[str, int]:
    """An agent run calling ``book_table``: what the model read, and how many calls it made."""
    turns: list[int] = []

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        turns.append(1)
        parts = [part for message in messages for part in message.parts]
        answers = [part for part in parts if isinstance(part, ToolReturnPart)]
        if not answers:
            return ModelResponse(parts=[ToolCallPart("book_table", {"restaurant": "Chez"})])
        return ModelResponse(parts=[TextPart(str(answers[-1].content))])

    token = USER.set("ada")
    try:
        output = asyncio.run(Agent(FunctionModel(respond), toolsets=[toolset]).run("book")).output
    finally:
        USER.reset(token)
    return output, len(turns)


class Recorder:
    """Answers from a script; keeps the questions, the user and the thread it ran in."""

    def __init__(self, *answers: Any) -> None:
        self.answers = list(answers)
        self.asked: list[Elicitation] = []
        self.users: list[str] = []
        self.threads: list[int] = []

    def answer(self, question: Elicitation) -> Any:
        self.asked.append(question)
        self.users.append(USER.get())
        self.threads.append(threading.get_ident())
        answer = self.answers.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    async def asynchronously(self, question: Elicitation) -> Any:
        await asyncio.sleep(0)
        return self.answer(question)


def test_an_async_handler_answers_each_question_in_the_runs_context() -> None:
    person = Recorder(ElicitResult.accept({"guests": 2, "name": "Ada"}), ElicitResult.accept())
    output, turns = _run(ToolbridgeToolset([book_table], on_elicit=person.asynchronously))
    assert output == "booked Chez for 2 under Ada (accept)"
    assert [question.key for question in person.asked] == ["guests", "seat"]  # in order
    assert person.users == ["ada", "ada"]
    assert turns == 2


def test_a_plain_handler_runs_off_the_event_loop_with_the_runs_context() -> None:
    person = Recorder(ElicitResult.decline(), ElicitResult.cancel())
    output, _ = _run(ToolbridgeToolset([book_table], on_elicit=person.answer))
    assert output == "decline"
    assert person.users == ["ada", "ada"]
    # asyncio.run runs the loop in this thread: the handler ran in a worker thread.
    assert threading.get_ident() not in person.threads


def test_a_handler_that_fails_ends_the_run_with_its_own_error() -> None:
    broken = Recorder(RuntimeError("the window was closed"))
    with pytest.raises(RuntimeError, match="the window was closed"):
        _run(ToolbridgeToolset([book_table], on_elicit=broken.asynchronously))

    wrong = Recorder("two people, please")
    with pytest.raises(InvocationError, match="not an ElicitResult"):
        _run(ToolbridgeToolset([book_table], on_elicit=wrong.answer))


def test_the_callers_call_context_is_kept_and_the_toolsets_handler_wins() -> None:
    progress: list[str | None] = []
    outer_asked: list[str] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        progress.append(message)

    async def outer(questions: Sequence[Elicitation]) -> dict[str, ElicitResult]:
        outer_asked.extend(question.key for question in questions)
        return {question.key: ElicitResult.decline() for question in questions}

    inner = Recorder(ElicitResult.accept({"guests": 3, "name": "Bo"}), ElicitResult.accept())
    with call_context(CallContext(on_progress=on_progress, on_elicit=outer)):
        # Without a handler of its own, the toolset leaves the caller's to answer.
        assert _run(ToolbridgeToolset([book_table]))[0] == "decline"
        assert outer_asked == ["guests", "seat"]
        output, _ = _run(ToolbridgeToolset([book_table], on_elicit=inner.answer))
    assert output == "booked Chez for 3 under Bo (accept)"
    assert outer_asked == ["guests", "seat"]  # not asked again
    assert progress == ["asking", "asking"]  # the caller's progress channel kept


@pytest.mark.parametrize("handler", ["ask the user", 42])
def test_an_on_elicit_that_is_not_a_function_is_refused(handler: Any) -> None:
    given: ElicitHandler = handler
    with pytest.raises(ConfigError, match="on_elicit must be a function"):
        ToolbridgeToolset([book_table], on_elicit=given)
    with pytest.raises(ConfigError, match="on_elicit must be a function"):
        to_pydantic_ai(book_table, on_elicit=given)
