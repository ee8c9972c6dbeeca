"""A server's questions to the user, answered through the client on both protocol eras.

Every test runs a real FastMCP server (tests/servers/eliciting_server.py) over stdio,
opened with the ``initialize`` handshake (``protocol="legacy"``: the server asks with
``elicitation/create`` in the middle of the call) and with ``server/discover``
(``protocol="auto"``, 2026-07-28: the server answers ``input_required`` and the
client calls again with the answers).
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from toolbridge import CallContext, Elicitation, ElicitResult, call_context
from toolbridge.errors import ElicitationError, InvocationError, ServerError
from toolbridge.mcp import HttpServer, McpClient

from ..loopback import free_port, server_process

pytestmark = pytest.mark.anyio

SERVER = str(Path(__file__).resolve().parents[1] / "servers" / "eliciting_server.py")
ERAS = ["legacy", "auto"]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _config(*flags: str) -> dict[str, Any]:
    return {"eliciting": {"command": sys.executable, "args": [SERVER, *flags]}}


def _texts(result: Any) -> list[str]:
    return [block.text for block in result.content if getattr(block, "type", "") == "text"]


class Recorder:
    """An ``on_elicit`` handler that answers from a script and keeps what it was asked."""

    def __init__(self, *answers: ElicitResult) -> None:
        self.answers = list(answers)
        self.asked: list[Elicitation] = []

    def __call__(self, question: Elicitation) -> ElicitResult:
        self.asked.append(question)
        return self.answers.pop(0)


@pytest.mark.parametrize("protocol", ERAS)
async def test_each_era_is_the_one_asked_for(protocol: str) -> None:
    async with McpClient(_config(), protocol=protocol) as client:  # type: ignore[arg-type]
        result = await client.call("era")
    assert _texts(result) == ["2025-11-25" if protocol == "legacy" else "2026-07-28"]


async def test_the_2026_protocol_is_the_default() -> None:
    async with McpClient(_config()) as client:
        assert _texts(await client.call("era")) == ["2026-07-28"]


@pytest.mark.parametrize("protocol", ERAS)
@pytest.mark.parametrize(
    ("answer", "text"),
    [
        (ElicitResult.accept({"guests": 4, "name": "Ada"}), "booked Chez for 4 under Ada"),
        (ElicitResult.decline(), "declined"),
        (ElicitResult.cancel(), "cancelled"),
    ],
)
async def test_a_form_is_answered_accepted_declined_or_cancelled(
    protocol: str, answer: ElicitResult, text: str
) -> None:
    handler = Recorder(answer)
    async with McpClient(_config(), protocol=protocol, on_elicit=handler) as client:  # type: ignore[arg-type]
        result = await client.call("book_table", {"restaurant": "Chez"})
    assert _texts(result) == [text]
    [question] = handler.asked
    assert question.mode == "form"
    assert question.message == "Booking at Chez: details?"
    assert question.tool == "book_table"
    assert question.server == "eliciting"
    assert question.requested_schema is not None
    assert set(question.requested_schema["properties"]) == {"guests", "name"}


@pytest.mark.parametrize("protocol", ERAS)
async def test_a_url_question_names_the_page(protocol: str) -> None:
    handler = Recorder(ElicitResult.accept())
    async with McpClient(_config(), protocol=protocol, on_elicit=handler) as client:  # type: ignore[arg-type]
        result = await client.call("sign_in")
    assert _texts(result) == ["signed in"]
    [question] = handler.asked
    assert (question.mode, question.url) == ("url", "https://auth.example.test/start")
    assert question.requested_schema is None


@pytest.mark.parametrize("protocol", ERAS)
async def test_the_forms_defaults_fill_what_the_user_left_out(protocol: str) -> None:
    """SEP-1034: an accepted form gets its schema's defaults for the missing fields."""
    handler = Recorder(ElicitResult.accept({"name": "Ada"}))
    async with McpClient(_config(), protocol=protocol, on_elicit=handler) as client:  # type: ignore[arg-type]
        result = await client.call("defaults")
    received = json.loads(_texts(result)[0])
    assert received == {
        "action": "accept",
        "content": {
            "name": "Ada",
            "age": 30,
            "score": 95.5,
            "status": "active",
            "verified": True,
        },
    }


@pytest.mark.parametrize("protocol", ERAS)
async def test_successive_questions_are_each_answered(protocol: str) -> None:
    handler = Recorder(ElicitResult.accept({"value": "one"}), ElicitResult.accept({"value": "two"}))
    async with McpClient(_config(), protocol=protocol, on_elicit=handler) as client:  # type: ignore[arg-type]
        result = await client.call("two_rounds")
    assert _texts(result) == ["first=one second=two"]
    assert [question.message for question in handler.asked] == ["First?", "Second?"]


@pytest.mark.parametrize("protocol", ERAS)
async def test_without_a_handler_the_question_is_declined_and_the_model_told(
    protocol: str,
) -> None:
    async with McpClient(_config(), protocol=protocol) as client:  # type: ignore[arg-type]
        result = await client.call("book_table", {"restaurant": "Chez"})
    first, note = _texts(result)
    assert first == "declined"
    assert "asked the user: 'Booking at Chez: details?'" in note
    assert "declined" in note
    assert "on_elicit" in note


@pytest.mark.parametrize("protocol", ERAS)
async def test_the_calls_own_context_answers_before_the_client(protocol: str) -> None:
    client_handler = Recorder()  # never asked
    rounds: list[list[str]] = []

    async def answer(questions: Sequence[Elicitation]) -> Mapping[str, ElicitResult]:
        rounds.append([question.message for question in questions])
        return {question.key: ElicitResult.accept({"value": "ctx"}) for question in questions}

    async with McpClient(_config(), protocol=protocol, on_elicit=client_handler) as client:  # type: ignore[arg-type]
        with call_context(CallContext(on_elicit=answer)):
            result = await client.call("two_rounds")
    assert _texts(result) == ["first=ctx second=ctx"]
    assert rounds == [["First?"], ["Second?"]]
    assert client_handler.asked == []


class Stop(Exception):
    """What a round function raises to end the call (as a LangGraph interrupt does)."""


@pytest.mark.parametrize("protocol", ERAS)
async def test_what_the_round_function_raises_ends_the_call_unchanged(protocol: str) -> None:
    async def stop(questions: Sequence[Elicitation]) -> Mapping[str, ElicitResult]:
        raise Stop(questions[0].message)

    async with McpClient(_config(), protocol=protocol) as client:  # type: ignore[arg-type]
        with call_context(CallContext(on_elicit=stop)), pytest.raises(Stop, match="Booking"):
            await client.call("book_table", {"restaurant": "Chez"})
        # The session lives on.
        assert _texts(await client.call("era"))


@pytest.mark.parametrize("protocol", ERAS)
async def test_an_answer_that_is_not_an_elicit_result_is_a_typed_error(protocol: str) -> None:
    async def wrong(questions: Sequence[Elicitation]) -> Any:
        return {question.key: {"action": "accept"} for question in questions}

    async with McpClient(_config(), protocol=protocol) as client:  # type: ignore[arg-type]
        with call_context(CallContext(on_elicit=wrong)), pytest.raises(InvocationError) as error:
            await client.call("book_table", {"restaurant": "Chez"})
    assert "not an ElicitResult" in str(error.value)


@pytest.mark.parametrize("protocol", ERAS)
@pytest.mark.parametrize("by", ["client", "context"])
async def test_an_answer_the_form_refuses_is_not_sent(protocol: str, by: str) -> None:
    """The client's ``on_elicit`` and a call's round function (a framework's, LangGraph's)
    are checked against the form as ``mcp call --answer`` is: a refused answer ends the
    call with each problem's path, and the server never reads it (the handshake era's
    hears ``cancel``; a 2026-07-28 call is not made again)."""
    wrong = ElicitResult.accept({"guests": "three"})

    async def answer(questions: Sequence[Elicitation]) -> Mapping[str, ElicitResult]:
        return {question.key: wrong for question in questions}

    handler = Recorder(wrong) if by == "client" else None
    context = CallContext(on_elicit=answer if by == "context" else None)
    async with McpClient(_config(), protocol=protocol, on_elicit=handler) as client:  # type: ignore[arg-type]
        with call_context(context), pytest.raises(ElicitationError) as raised:
            await client.call("book_table", {"restaurant": "Chez"})
        # The session lives on, and a good answer still books.
        if handler is not None:
            handler.answers.append(ElicitResult.accept({"guests": 2, "name": "Bo"}))
            assert _texts(await client.call("book_table", {"restaurant": "Chez"})) == [
                "booked Chez for 2 under Bo"
            ]
    assert sorted((issue.path, str(issue.kind)) for issue in raised.value.issues) == [
        (("guests",), "type"),
        (("name",), "required"),
    ]
    assert str(raised.value).startswith(
        "the answer to 'Booking at Chez: details?' does not match its form: "
    )


@pytest.mark.parametrize("protocol", ERAS)
async def test_an_answer_to_a_form_that_is_no_json_schema_is_the_servers_error(
    protocol: str,
) -> None:
    """The form cannot check the answer: the server is at fault, and nothing is sent."""
    handler = Recorder(ElicitResult.accept({"n": 1}), ElicitResult.decline())
    async with McpClient(_config(), protocol=protocol, on_elicit=handler) as client:  # type: ignore[arg-type]
        with pytest.raises(ServerError) as raised:
            await client.call("typo_form")
        assert _texts(await client.call("typo_form")) == ["decline"]  # no check to make
    assert "MCP server 'eliciting': asked the user with a form that is not" in str(raised.value)
    assert "'/properties/n/type'" in str(raised.value)


@pytest.mark.parametrize("protocol", ERAS)
async def test_the_timeout_does_not_run_while_the_user_answers(protocol: str) -> None:
    async def slow(question: Elicitation) -> ElicitResult:
        await asyncio.sleep(1.5)
        return ElicitResult.accept({"guests": 2, "name": "Bo"})

    async with McpClient(_config(), protocol=protocol, on_elicit=slow, timeout=1.0) as client:  # type: ignore[arg-type]
        result = await client.call("book_table", {"restaurant": "Chez"})
    assert _texts(result) == ["booked Chez for 2 under Bo"]


async def test_a_server_that_asks_forever_is_stopped_after_the_round_limit() -> None:
    handler = Recorder(*[ElicitResult.accept({"value": "x"})] * 20)
    async with McpClient(_config(), on_elicit=handler) as client:
        with pytest.raises(ServerError, match="asked for input more than 10 times"):
            await client.call("forever")
    assert len(handler.asked) == 10


async def test_sampling_is_refused_with_a_clear_message() -> None:
    async with McpClient(_config()) as client:
        result = await client.call("write_poem")
    assert result.is_error
    [text] = _texts(result)
    assert "sampling" in text
    assert "deprecated" in text


async def test_sampling_is_refused_on_the_handshake_era_too() -> None:
    async with McpClient(_config(), protocol="legacy") as client:
        result = await client.call("write_poem")
    assert result.is_error
    assert "Sampling not supported" in " ".join(_texts(result))


@pytest.mark.parametrize("protocol", ERAS)
def test_a_sync_client_asks_a_plain_function_in_a_worker_thread(protocol: str) -> None:
    threads: list[str] = []

    def answer(question: Elicitation) -> ElicitResult:
        threads.append(threading.current_thread().name)
        return ElicitResult.accept({"guests": 1, "name": "Cy"})

    with McpClient(_config(), protocol=protocol, on_elicit=answer) as client:  # type: ignore[arg-type]
        result = client.tool("book_table").invoke({"restaurant": "Chez"})
    assert _texts(result) == ["booked Chez for 1 under Cy"]
    assert threads
    assert threads[0] != threading.main_thread().name


def test_a_sync_callers_context_is_used() -> None:
    async def answer(questions: Sequence[Elicitation]) -> Mapping[str, ElicitResult]:
        return {
            question.key: ElicitResult.accept({"guests": 5, "name": "Di"}) for question in questions
        }

    with McpClient(_config()) as client, call_context(CallContext(on_elicit=answer)):
        result = client.tool("book_table").invoke({"restaurant": "Chez"})
    assert _texts(result) == ["booked Chez for 5 under Di"]


def test_a_bad_protocol_or_handler_is_a_config_error() -> None:
    from toolbridge.errors import ConfigError

    with pytest.raises(ConfigError, match="protocol"):
        McpClient(_config(), protocol="2024")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="on_elicit"):
        McpClient(_config(), on_elicit="yes")  # type: ignore[arg-type]


async def test_a_listing_is_reused_for_its_ttl() -> None:
    async with McpClient(_config("--cache-ttl", "60")) as client:
        await client.refresh()
        await client.refresh()
        listed = _texts(await client.call("listings"))
    assert listed == ["1"]


async def test_a_listing_without_a_ttl_is_asked_again() -> None:
    async with McpClient(_config()) as client:
        await client.refresh()
        listed = _texts(await client.call("listings"))
    assert listed == ["2"]


async def test_a_tools_header_parameters_are_sent_once_the_server_asks(tmp_path: Path) -> None:
    """2026-07-28 over HTTP: ``x-mcp-header`` arguments go in ``Mcp-Param-*`` headers too.

    The server refuses the first call (-32020, header mismatch); the client lists the
    tools through the SDK's session, which then writes the headers, and calls again.
    """
    port = free_port()
    argv = [sys.executable, SERVER, "--http", str(port)]
    with server_process(argv, port, tmp_path / "http.log", what="the eliciting server") as url:
        async with McpClient(HttpServer(url=url)) as client:
            first = await client.call("weather", {"region": "eu", "city": "Oslo"})
            again = await client.call("weather", {"region": "us", "city": "Austin"})
    assert _texts(first) == ["Oslo in eu: sunny"]
    assert _texts(again) == ["Austin in us: sunny"]
