"""A served ``@tool`` asks its caller's user; a gateway passes an upstream server's questions on.

Real servers: ``toolbridge serve`` of ``tests/servers/asking_tools.py`` over stdio and
streamable HTTP (one stateful process, or two stateless workers), and a toolset file
whose MCP source is ``tests/servers/eliciting_server.py`` (FastMCP) served as a
gateway. The client is toolbridge's own, on the handshake era (``legacy``: each
question an ``elicitation/create`` request) and on 2026-07-28 (``auto``: the call
ends ``input_required`` and is made again with the answers).
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp.shared.exceptions import MCPError

from tests.mcp.served import gateway_of, serving
from toolbridge import Elicitation, ElicitResult, ToolContext, elicit, tool
from toolbridge.errors import ElicitationError, ToolDefinitionError
from toolbridge.mcp import McpClient
from toolbridge.mcp._sealed import seal, state_key
from toolbridge.mcp._served import Client, answer_call
from toolbridge.toolsets import ANONYMOUS, Identity, StaticToolset

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / "tests" / "servers" / "asking_tools.py"
ELICITING = ROOT / "tests" / "servers" / "eliciting_server.py"
ERAS = ["legacy", "auto"]


class Answerer:
    """Answers the questions it is asked, and remembers them."""

    def __init__(self, **answers: ElicitResult) -> None:
        self.asked: list[Elicitation] = []
        self.answers = answers

    def __call__(self, question: Elicitation) -> ElicitResult:
        self.asked.append(question)
        for word, answer in self.answers.items():
            if word in question.message.lower():
                return answer
        return ElicitResult.decline()


def _answerer() -> Answerer:
    return Answerer(
        guests=ElicitResult.accept({"guests": 4}),
        name=ElicitResult.accept({}),
        sign=ElicitResult.accept(),
    )


async def _call(
    config: Any, protocol: Any, on_elicit: Any, tool_name: str, **arguments: Any
) -> Any:
    async with McpClient(config, protocol=protocol, on_elicit=on_elicit) as client:
        tools = {found.name: found for found in client.tools}
        return await tools[tool_name].ainvoke(arguments)


def _stdio() -> dict[str, Any]:
    command = [sys.executable, "-m", "toolbridge", "serve", str(TOOLS)]
    return {"asking": {"command": command[0], "args": command[1:]}}


@pytest.fixture(scope="module")
def stateful_url() -> Iterator[str]:
    with serving(TOOLS) as (_, url, _):
        yield url


@pytest.mark.parametrize("protocol", ERAS)
def test_a_tool_asks_over_stdio(protocol: str) -> None:
    answerer = _answerer()
    result = asyncio.run(_call(_stdio(), protocol, answerer, "book", restaurant="Chez Ann"))
    assert not result.is_error, result
    # The default of the name's form is filled in when the user accepts without one.
    assert result.text == "Chez Ann for 4 under Ann"
    assert [question.message for question in answerer.asked] == [
        "How many guests at Chez Ann?",
        "Under which name?",
    ]
    assert answerer.asked[0].requested_schema is not None
    assert answerer.asked[0].requested_schema["required"] == ["guests"]


@pytest.mark.parametrize("protocol", ERAS)
def test_a_tool_asks_over_http_with_sessions(protocol: str, stateful_url: str) -> None:
    answerer = _answerer()
    config = {"asking": {"url": stateful_url}}
    result = asyncio.run(_call(config, protocol, answerer, "book", restaurant="Bo"))
    assert result.text == "Bo for 4 under Ann"
    assert len(answerer.asked) == 2


def test_a_declined_question_reaches_the_tool(stateful_url: str) -> None:
    answerer = Answerer(guests=ElicitResult.decline())
    config = {"asking": {"url": stateful_url}}
    result = asyncio.run(_call(config, "legacy", answerer, "book", restaurant="Bo"))
    assert result.text == "guests decline"


@pytest.mark.parametrize("protocol", ERAS)
def test_a_url_question(protocol: str, stateful_url: str) -> None:
    answerer = _answerer()
    config = {"asking": {"url": stateful_url}}
    result = asyncio.run(_call(config, protocol, answerer, "visit"))
    assert result.text == "accept"
    assert answerer.asked[0].mode == "url"
    assert answerer.asked[0].url == "https://auth.example.test/start"


def test_an_answer_that_breaks_the_form_is_not_sent(stateful_url: str) -> None:
    """toolbridge's client checks an answer against the form before sending it."""
    answerer = Answerer(guests=ElicitResult.accept({"guests": 0}))
    config = {"asking": {"url": stateful_url}}
    with pytest.raises(ElicitationError) as raised:
        asyncio.run(_call(config, "legacy", answerer, "book", restaurant="Bo"))
    assert [issue.path for issue in raised.value.issues] == [("guests",)]


def test_an_answer_that_breaks_the_form_fails_the_call() -> None:
    """A client that sends it anyway: the served tool's `elicit` refuses it all the same."""
    toolset = StaticToolset([ask_once])
    first = asyncio.run(answer_call(toolset, {"name": "ask_once"}, ANONYMOUS, _modern()))
    [key] = first["inputRequests"]
    again = {
        "name": "ask_once",
        "requestState": first["requestState"],
        "inputResponses": {key: {"action": "accept", "content": {"colour": 3}}},
    }
    result = asyncio.run(answer_call(toolset, again, ANONYMOUS, _modern()))
    assert result["isError"] is True
    [text] = [block["text"] for block in result["content"]]
    assert "does not match its form" in text
    assert "colour: expected string, got integer" in text


def test_stateless_workers_answer_each_others_rounds() -> None:
    """2026-07-28 rounds on two stateless workers: any worker reads the state of another."""
    with serving(TOOLS, "--workers", "2") as (_, url, _):
        config = {"asking": {"url": url}}

        async def several() -> list[str]:
            async with McpClient(config, on_elicit=_answerer()) as client:
                book = {found.name: found for found in client.tools}["book"]
                results = await asyncio.gather(
                    *(book.ainvoke({"restaurant": f"R{number}"}) for number in range(6))
                )
                return [result.text for result in results]

        assert asyncio.run(several()) == [f"R{number} for 4 under Ann" for number in range(6)]


def test_stateless_handshake_era_questions_are_declined() -> None:
    """A stateless server cannot send a handshake-era client a request: the tool hears no."""
    with serving(TOOLS, "--stateless") as (_, url, _):
        answerer = _answerer()
        config = {"asking": {"url": url}}
        result = asyncio.run(_call(config, "legacy", answerer, "book", restaurant="Bo"))
    assert result.text == "guests decline"
    assert answerer.asked == []


@pytest.fixture(scope="module", params=ERAS)
def gateway_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """A gateway file served over HTTP whose MCP source (FastMCP) asks, on one era."""
    gateway = gateway_of(tmp_path_factory.mktemp("gateway"), "eliciting", ELICITING, request.param)
    with serving(gateway) as (_, url, _):
        yield url


@pytest.mark.parametrize("downstream", ERAS)
def test_a_gateway_passes_an_upstream_question_on(downstream: str, gateway_url: str) -> None:
    """Each era of the upstream server (the fixture's) with each era of the client."""
    answerer = Answerer(booking=ElicitResult.accept({"guests": 3, "name": "Kim"}))
    config = {"front": {"url": gateway_url}}
    result = asyncio.run(_call(config, downstream, answerer, "book_table", restaurant="Lu"))
    assert result.text == "booked Lu for 3 under Kim"
    assert len(answerer.asked) == 1
    assert answerer.asked[0].requested_schema is not None
    assert set(answerer.asked[0].requested_schema["properties"]) == {"guests", "name"}


def test_a_tool_prints_to_stderr_over_http() -> None:
    with serving(TOOLS, stdout=subprocess.PIPE) as (process, url, _):
        config = {"asking": {"url": url}}
        result = asyncio.run(_call(config, "legacy", None, "shout", text="printed-marker"))
        assert result.text == "printed-marker"
        process.terminate()
        out, err = process.communicate(timeout=30)
    assert "printed-marker" not in out
    assert "printed-marker" in err


# -- the served call in this process ---------------------------------------------------


@tool
async def ask_once(context: ToolContext) -> str:
    """Ask for a colour."""
    answer = await context.elicit(
        "Which colour?", {"type": "object", "properties": {"colour": {"type": "string"}}}
    )
    return f"{answer.action} {answer.content}"


def _modern() -> Client:
    return Client(modern=True, modes=frozenset({"form"}))


def test_a_tool_context_is_not_an_argument() -> None:
    assert ask_once.input_schema["properties"] == {}
    # Called directly, nobody can answer: the question is declined.
    assert asyncio.run(ask_once.ainvoke({})).text == "decline None"


def test_a_modern_call_ends_with_its_questions_and_a_signed_state() -> None:
    toolset = StaticToolset([ask_once])
    first = asyncio.run(answer_call(toolset, {"name": "ask_once"}, ANONYMOUS, _modern()))
    assert first["resultType"] == "input_required"
    [(key, request)] = first["inputRequests"].items()
    assert request["method"] == "elicitation/create"
    assert request["params"]["message"] == "Which colour?"
    again = {
        "name": "ask_once",
        "requestState": first["requestState"],
        "inputResponses": {key: {"action": "accept", "content": {"colour": "red"}}},
    }
    final = asyncio.run(answer_call(toolset, again, ANONYMOUS, _modern()))
    assert final["content"][0]["text"] == "accept {'colour': 'red'}"


def test_a_forged_or_foreign_state_is_refused() -> None:
    toolset = StaticToolset([ask_once])
    first = asyncio.run(answer_call(toolset, {"name": "ask_once"}, ANONYMOUS, _modern()))
    [key] = first["inputRequests"]
    responses = {key: {"action": "accept", "content": {"colour": "red"}}}
    state = first["requestState"]
    body, _, signature = state.partition(".")
    forged = f"{body[:-2]}AA.{signature}"
    other_caller = Identity(subject="mallory")
    other_key = seal({"tool": "ask_once"}, b"another server's key", ttl=60)
    for params, caller in (
        ({"requestState": forged}, ANONYMOUS),
        ({"requestState": state}, other_caller),  # a state made for someone else
        ({"requestState": other_key}, ANONYMOUS),
        ({"requestState": state, "inputResponses": {}}, ANONYMOUS),  # answers missing
    ):
        params = {"name": "ask_once", "inputResponses": responses, **params}
        with pytest.raises(MCPError) as raised:
            asyncio.run(answer_call(toolset, params, caller, _modern()))
        assert raised.value.error.code == -32602


def test_an_expired_state_is_refused() -> None:
    toolset = StaticToolset([ask_once])
    expired = seal({"tool": "ask_once"}, state_key(), ttl=-1)
    params = {"name": "ask_once", "requestState": expired, "inputResponses": {}}
    with pytest.raises(MCPError, match="requestState"):
        asyncio.run(answer_call(toolset, params, ANONYMOUS, _modern()))


def test_a_client_that_cannot_be_asked_gets_no_question() -> None:
    toolset = StaticToolset([ask_once])
    result = asyncio.run(answer_call(toolset, {"name": "ask_once"}, ANONYMOUS, Client(modern=True)))
    assert result["content"][0]["text"] == "decline None"


def test_forms_are_checked_before_asking() -> None:
    nested = {"type": "object", "properties": {"where": {"type": "object"}}}
    for form, url in (
        (nested, None),
        ({"type": "string"}, None),
        (None, None),
        (nested, "https://x.test"),
    ):
        with pytest.raises(ToolDefinitionError):
            asyncio.run(elicit("Where?", form, url=url))
    with pytest.raises(ToolDefinitionError, match="url"):
        asyncio.run(elicit("Where?", url="file:///etc/passwd"))


def test_an_invalid_answer_is_a_typed_error() -> None:
    from toolbridge import CallContext, call_context

    async def answer(questions: Any) -> dict[str, ElicitResult]:
        return {question.key: ElicitResult.accept({"n": "many"}) for question in questions}

    async def run() -> None:
        with call_context(CallContext(on_elicit=answer)):
            await elicit("How many?", {"type": "object", "properties": {"n": {"type": "integer"}}})

    with pytest.raises(ElicitationError) as raised:
        asyncio.run(run())
    assert raised.value.issues[0].path == ("n",)


def test_the_time_a_person_takes_is_not_the_tools() -> None:
    """A tool with a 0.5 s timeout waits 1 s for its answer, then times out on its own."""
    from toolbridge import CallContext, call_context
    from toolbridge.errors import ToolTimeoutError

    async def slow(questions: Any) -> dict[str, ElicitResult]:
        await asyncio.sleep(1.0)
        return {question.key: ElicitResult.accept({"colour": "red"}) for question in questions}

    @tool
    async def ask_then_work(seconds: float, context: ToolContext) -> str:
        """Ask, then work for a while."""
        answer = await context.elicit(
            "Which colour?", {"type": "object", "properties": {"colour": {"type": "string"}}}
        )
        await asyncio.sleep(seconds)
        return str(answer.content)

    async def run(seconds: float) -> Any:
        with call_context(CallContext(on_elicit=slow)):
            return await ask_then_work.ainvoke({"seconds": seconds}, timeout=0.5)

    assert asyncio.run(run(0.1)).text == "{'colour': 'red'}"
    with pytest.raises(ToolTimeoutError):
        asyncio.run(run(1.0))


@pytest.mark.parametrize(
    ("protocol", "outcomes"),
    [
        ("auto", ["input_required", "input_required", "success"]),
        ("legacy", ["success"]),
    ],
)
def test_the_audit_log_records_a_round_of_questions_as_no_error(
    tmp_path: Path, protocol: str, outcomes: list[str]
) -> None:
    """On 2026-07-28 each round of questions ends one request: the audit log says it
    waited for the user, never that the tool failed; the last round succeeds."""
    audit = tmp_path / "audit.jsonl"
    gateway = tmp_path / "desk.yaml"
    gateway.write_text(
        f"name: desk\nsources:\n  - module: {str(TOOLS)!r}\naudit: {{jsonl: {str(audit)!r}}}\n",
        encoding="utf-8",
    )
    with serving(gateway) as (_, url, _):
        config = {"desk": {"url": url}}
        result = asyncio.run(_call(config, protocol, _answerer(), "book", restaurant="Bo"))
    assert result.text == "Bo for 4 under Ann"
    records = [json.loads(line) for line in audit.read_text().splitlines()]
    assert [record["outcome"] for record in records] == outcomes
    assert [record["error"] for record in records] == [None] * len(outcomes)
    assert {record["decision"] for record in records} == {"allowed"}


def test_a_round_of_questions_is_no_error_in_a_trace() -> None:
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
    from opentelemetry.trace import StatusCode

    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    toolset = StaticToolset([ask_once]).traced(provider)
    first = asyncio.run(answer_call(toolset, {"name": "ask_once"}, ANONYMOUS, _modern()))
    assert first["resultType"] == "input_required"
    (span,) = exporter.get_finished_spans()
    assert span.status.status_code is not StatusCode.ERROR
    assert span.attributes is not None
    assert "error.type" not in span.attributes
    assert span.attributes["toolbridge.outcome"] == "input_required"
