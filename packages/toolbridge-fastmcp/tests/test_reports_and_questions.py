"""toolbridge-fastmcp: what a canonical tool reports and asks while a FastMCP server runs
it reaches the server's client, on both protocol eras.

A real FastMCP server (in memory) runs canonical tools that report progress and logs
(``toolbridge.report_progress`` / ``send_log``) and ask rounds of questions through
their `CallContext` (as a tool loaded from an MCP server does when its server asks);
a real FastMCP ``Client``, handshake era (``mode="legacy"``) or 2026-07-28
(``mode="auto"``), receives them. Tools loaded from real MCP servers (progress,
elicitation) are served at the repository's root (tests/mcp/test_fastmcp_forwarding.py).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from typing import Any

import mcp_types
import pytest
from fastmcp import Client
from fastmcp.client.elicitation import ElicitResult as FastMCPElicitResult
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

import toolbridge
from toolbridge import Elicitation, ElicitResult, tool
from toolbridge_fastmcp import (
    _waiting,  # the bound on waiting calls, made small below
    make_server,
    to_fastmcp,
)

ERAS = ["legacy", "auto"]
"""FastMCP ``Client`` modes: the handshake era, and 2026-07-28 (what ``auto`` finds here)."""

NAME_FORM = {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}
cancelled: list[str] = []


@tool
async def crunch(steps: int) -> str:
    """Crunch numbers, reporting each step and logging twice."""
    for step in range(1, steps + 1):
        await toolbridge.report_progress(step, steps, f"step {step}")
    await toolbridge.send_log("warning", "half way", logger="crunch")
    await toolbridge.send_log("info", {"done": steps})
    return "crunched"


async def _ask(*questions: Elicitation) -> Mapping[str, ElicitResult]:
    """Ask one round as the core's MCP client does for a server (the call's on_elicit)."""
    context = toolbridge.current_call()
    if context is None or context.on_elicit is None:
        raise AssertionError("no one to ask")
    return await context.on_elicit(questions)


def _told(answer: ElicitResult) -> str:
    if answer.action != "accept":
        return answer.action
    return str((answer.content or {}).get("name", "accepted"))


@tool
async def greet(times: int = 1) -> str:
    """Ask for two names in one round, then a page visit in a second round."""
    try:
        names = await _ask(
            Elicitation(key="host", message="Host?", requested_schema=NAME_FORM),
            Elicitation(key="guest", message="Guest?", requested_schema=NAME_FORM),
        )
        visit = await _ask(
            Elicitation(
                key="visit",
                message="Sign the guest book",
                mode="url",
                url="https://book.example.test/sign",
                elicitation_id="book-1",
            )
        )
    except asyncio.CancelledError:
        cancelled.append("greet")
        raise
    told = [_told(names["host"]), _told(names["guest"]), _told(visit["visit"])]
    return " ".join(told * times)


def _text(result: Any) -> str:
    """The text of a result's only block."""
    (block,) = result.content
    assert isinstance(block, mcp_types.TextContent), block
    return block.text


def _handler(answers: dict[str, Any], asked: list[str]) -> Any:
    """A FastMCP elicitation handler answering by message (a form's content, or an action)."""

    async def answer(message: str, response_type: Any, params: Any, context: Any) -> Any:
        asked.append(f"{params.mode}:{message}")
        given = answers[message]
        if given in ("accept", "decline", "cancel"):  # an action
            return FastMCPElicitResult(action=given)
        return given

    return answer


@pytest.mark.parametrize("mode", ERAS)
def test_progress_and_logs_reach_the_fastmcp_client(mode: str) -> None:
    progress: list[tuple[float, float | None, str | None]] = []
    logs: list[tuple[str, str | None, Any]] = []

    async def on_progress(value: float, total: float | None, message: str | None) -> None:
        progress.append((value, total, message))

    async def on_log(message: mcp_types.LoggingMessageNotificationParams) -> None:
        logs.append((message.level, message.logger, message.data))

    async def main() -> tuple[str | None, str]:
        server = make_server("crunching", [crunch])
        async with Client(
            server, mode=mode, progress_handler=on_progress, log_handler=on_log
        ) as client:
            result = await client.call_tool("crunch", {"steps": 3})
            return client.protocol_version, result.content[0].text

    era, text = asyncio.run(main())
    assert (era in MODERN_PROTOCOL_VERSIONS) is (mode == "auto")
    assert text == "crunched"
    assert progress == [(1, 3, "step 1"), (2, 3, "step 2"), (3, 3, "step 3")]
    assert logs == [
        ("warning", "crunch", {"msg": "half way", "extra": None}),
        ("info", None, {"msg": json.dumps({"done": 3}), "extra": None}),
    ]


@pytest.mark.parametrize("mode", ERAS)
def test_rounds_of_questions_reach_the_client_and_its_answers_come_back(mode: str) -> None:
    """Two rounds: two forms at once (one round of two on 2026-07-28, two requests on
    the handshake era), then a page visit."""
    asked: list[str] = []
    answers = {
        "Host?": {"name": "Ada"},
        "Guest?": "decline",
        "Sign the guest book": "accept",
    }

    async def main() -> str:
        server = make_server("greeting", [greet])
        async with Client(server, mode=mode, elicitation_handler=_handler(answers, asked)) as c:
            return _text(await c.call_tool("greet", {"times": 2}))

    assert asyncio.run(main()) == "Ada decline accepted Ada decline accepted"
    assert asked == ["form:Host?", "form:Guest?", "url:Sign the guest book"]


@tool
async def book(restaurant: str, context: toolbridge.ToolContext) -> str:
    """Ask a name with ``ToolContext.elicit``, as a tool written for any server does."""
    answer = await context.elicit(f"Name for {restaurant}?", NAME_FORM)
    return _told(answer)


@pytest.mark.parametrize("mode", ERAS)
def test_a_tool_asking_with_elicit_is_heard_by_the_fastmcp_client(mode: str) -> None:
    asked: list[str] = []
    answers = {"Name for Lu?": {"name": "Kim"}}

    async def main() -> str:
        server = make_server("booking", [book])
        async with Client(server, mode=mode, elicitation_handler=_handler(answers, asked)) as c:
            listed = {found.name: found for found in await c.list_tools()}
            assert set(listed["book"].input_schema["properties"]) == {"restaurant"}
            return _text(await c.call_tool("book", {"restaurant": "Lu"}))

    assert asyncio.run(main()) == "Kim"
    assert asked == ["form:Name for Lu?"]


def test_on_2026_07_28_the_questions_are_an_input_required_result() -> None:
    """The wire of one round: the questions under the tool's keys, a random state; the
    answers given with that state resume the same call, a second round gets a new one."""
    cancelled.clear()

    async def main() -> tuple[Any, Any, Any, Any]:
        server = make_server("greeting", [greet])
        async with Client(server, elicitation_handler=_handler({}, [])) as client:
            session = client.session
            first = await session.call_tool("greet", {}, allow_input_required=True)
            assert isinstance(first, mcp_types.InputRequiredResult)
            answers: mcp_types.InputResponses = {
                "host": mcp_types.ElicitResult(action="accept", content={"name": "Ada"}),
                "guest": mcp_types.ElicitResult(action="cancel"),
            }
            second = await session.call_tool(
                "greet",
                {},
                allow_input_required=True,
                input_responses=answers,
                request_state=first.request_state,
            )
            assert isinstance(second, mcp_types.InputRequiredResult)
            final = await session.call_tool(
                "greet",
                {},
                allow_input_required=True,
                input_responses={"visit": mcp_types.ElicitResult(action="decline")},
                request_state=second.request_state,
            )
            return first, second, final, client.protocol_version

    first, second, final, era = asyncio.run(main())
    assert era in MODERN_PROTOCOL_VERSIONS
    assert list(first.input_requests) == ["host", "guest"]
    host = first.input_requests["host"].params
    assert (host.mode, host.message, host.requested_schema) == ("form", "Host?", NAME_FORM)
    (visit,) = second.input_requests.values()
    assert (visit.params.mode, visit.params.url) == ("url", "https://book.example.test/sign")
    assert first.request_state
    assert second.request_state
    assert first.request_state != second.request_state
    assert isinstance(final, mcp_types.CallToolResult)
    assert not final.is_error
    assert _text(final) == "Ada cancel decline"
    assert cancelled == []


def test_an_abandoned_call_is_cancelled_when_its_time_is_up() -> None:
    cancelled.clear()

    async def main() -> tuple[list[str], Any]:
        server = make_server("greeting", [greet], answer_timeout=0.2)
        async with Client(server, elicitation_handler=_handler({}, [])) as client:
            first = await client.session.call_tool("greet", {}, allow_input_required=True)
            assert isinstance(first, mcp_types.InputRequiredResult)
            await asyncio.sleep(0.5)
            seen = list(cancelled)
            late = await client.session.call_tool(
                "greet",
                {},
                allow_input_required=True,
                input_responses={
                    "host": mcp_types.ElicitResult(action="decline"),
                    "guest": mcp_types.ElicitResult(action="decline"),
                },
                request_state=first.request_state,
            )
            return seen, late

    seen, late = asyncio.run(main())
    assert seen == ["greet"]  # cancelled before the late answers came
    assert late.is_error
    assert "answers for no call waiting for them" in _text(late)
    assert "longer than 0.2 s" in _text(late)


def test_answers_that_leave_a_question_out_ask_the_round_again() -> None:
    async def main() -> tuple[Any, Any]:
        server = make_server("greeting", [greet])
        async with Client(server, elicitation_handler=_handler({}, [])) as client:
            session = client.session
            first = await session.call_tool("greet", {}, allow_input_required=True)
            assert isinstance(first, mcp_types.InputRequiredResult)
            host = {"host": mcp_types.ElicitResult(action="accept", content={"name": "Ada"})}
            again = await session.call_tool(
                "greet",
                {},
                allow_input_required=True,
                input_responses=host,
                request_state=first.request_state,
            )
            assert isinstance(again, mcp_types.InputRequiredResult)
            both = {**host, "guest": mcp_types.ElicitResult(action="decline")}
            done = await session.call_tool(
                "greet",
                {},
                allow_input_required=True,
                input_responses=both,
                request_state=again.request_state,
            )
            return again, done

    again, done = asyncio.run(main())
    assert isinstance(again, mcp_types.InputRequiredResult)
    assert list(again.input_requests or {}) == ["host", "guest"]  # the round again, whole
    assert isinstance(done, mcp_types.InputRequiredResult)
    assert list(done.input_requests or {}) == ["visit"]  # the next round: the first was answered


def test_calls_waiting_for_answers_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_waiting, "LIMIT", 1)

    async def main() -> tuple[Any, Any]:
        server = make_server("greeting", [greet])
        async with Client(server, elicitation_handler=_handler({}, [])) as client:
            first = await client.session.call_tool("greet", {}, allow_input_required=True)
            second = await client.session.call_tool("greet", {}, allow_input_required=True)
            return first, second

    first, second = asyncio.run(main())
    assert isinstance(first, mcp_types.InputRequiredResult)
    assert second.is_error
    assert "1 calls are waiting for answers already" in _text(second)


def test_a_client_that_cannot_answer_is_not_asked() -> None:
    """No elicitation capability: the tool's call gets no question channel from FastMCP
    (so toolbridge's MCP client would answer, or decline with a note)."""
    seen: list[object] = []

    @tool
    async def peek() -> str:
        """Say whether anyone can be asked."""
        context = toolbridge.current_call()
        seen.append(context.on_elicit if context is not None else "no context")
        return "peeked"

    async def main(mode: str) -> None:
        async with Client(make_server("peeking", [peek]), mode=mode) as client:
            await client.call_tool("peek", {})

    for mode in ERAS:
        asyncio.run(main(mode))
    assert seen == [None, None]


@pytest.mark.parametrize("timeout", [0, -1, float("inf"), float("nan"), True, "10"])
def test_answer_timeout_must_be_a_positive_number(timeout: Any) -> None:
    with pytest.raises(toolbridge.ConfigError, match="answer_timeout must be a positive"):
        to_fastmcp([crunch], answer_timeout=timeout)
