"""A server's questions to the user (MCP elicitation), read from the wire and answered.

Two protocol eras ask the same questions two ways. A handshake-era server sends an
``elicitation/create`` request while its tool runs (one question at a time); a
2026-07-28 server answers ``tools/call`` with an ``input_required`` result holding a
round of questions by key, and expects the call again with the answers and its
``requestState``. Either way this module reads the questions as `Elicitation` values,
asks an `ElicitRound`, and writes each `ElicitResult` back as the wire wants it, with
the defaults of the form filled in (SEP-1034). Every answer, whoever gave it (the
client's ``on_elicit``, a call's round function, a LangGraph resume), is checked
against its form first (`toolbridge._asking.checked_answer`): one the form refuses
is never sent, and the call ends with the `ElicitationError`. Sampling and roots,
deprecated by 2026-07-28, are refused, never half-served.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from toolbridge._asking import checked_answer
from toolbridge._context import Elicitation, ElicitResult, ElicitRound
from toolbridge.errors import InvocationError, SchemaError, ServerError
from toolbridge.mcp._wire import bounded

__all__ = [
    "MAX_ROUNDS",
    "URL_REQUIRED",
    "answers",
    "decline_all",
    "declined_note",
    "pages_to_visit",
    "read_question",
    "read_round",
    "refusal",
    "to_wire",
]

MAX_ROUNDS: Final = 10
"""The most ``input_required`` rounds one call may take before it is given up."""

_ELICIT: Final = "elicitation/create"
_WHAT: Final = {
    "sampling/createMessage": "sampling (the server wants this client's model to write)",
    "roots/list": "roots (the server wants this client's folders)",
}


def read_question(
    key: str, params: object, *, server: str, tool: str | None, where: str
) -> Elicitation:
    """One question from the params of an ``elicitation/create`` request.

    Raises:
        ServerError: The params are not a question (what is wrong, and `where`).
    """

    def malformed(why: str) -> ServerError:
        return ServerError(f"asked the user a malformed question ({where}: {why})", server=server)

    if not isinstance(params, Mapping):
        raise malformed("params is not an object")
    message = params.get("message")
    if not isinstance(message, str):
        raise malformed("message is not a string")
    mode = params.get("mode", "form")
    if mode == "url":
        url = params.get("url")
        if not isinstance(url, str):
            raise malformed("url is not a string")
        elicitation_id = params.get("elicitationId")
        return Elicitation(
            key=key,
            message=message,
            mode="url",
            url=url,
            elicitation_id=elicitation_id if isinstance(elicitation_id, str) else None,
            tool=tool,
            server=server,
        )
    if mode != "form":
        raise malformed(f"mode {bounded(repr(mode), 40)} is neither 'form' nor 'url'")
    schema = params.get("requestedSchema")
    if not isinstance(schema, Mapping):
        raise malformed("requestedSchema is not an object")
    return Elicitation(key=key, message=message, requested_schema=schema, tool=tool, server=server)


def refusal(requests: Mapping[str, Any]) -> str | None:
    """Why a round cannot be answered here (it asks for sampling or roots), or None."""
    asked = sorted(
        {
            str(request.get("method")) if isinstance(request, Mapping) else "?"
            for request in requests.values()
        }
        - {_ELICIT}
    )
    if not asked:
        return None
    what = ", ".join(_WHAT.get(method, bounded(repr(method), 60)) for method in asked)
    return (
        f"the server asked this client for {what}; toolbridge answers only a server's "
        "questions to the user (elicitation): sampling and roots are deprecated since "
        "MCP 2026-07-28 and are not served"
    )


def read_round(requests: object, *, server: str, tool: str | None) -> list[Elicitation]:
    """The questions of an ``input_required`` result's ``inputRequests``, in order.

    Raises:
        ServerError: ``inputRequests`` or one of its questions is malformed.
    """
    if not isinstance(requests, Mapping):
        raise ServerError(
            "answered tools/call with inputRequests that is not an object", server=server
        )
    return [
        read_question(
            str(key),
            request.get("params") if isinstance(request, Mapping) else None,
            server=server,
            tool=tool,
            where=f"inputRequests[{bounded(repr(key), 60)}].params",
        )
        for key, request in requests.items()
    ]


URL_REQUIRED: Final = -32042
"""The error a handshake-era server answers a request with until the user has visited
a page (``URLElicitationRequiredError``, MCP 2025-11-25); its ``data.elicitations``
are URL-mode questions, and the request may be sent again once they are done."""


def pages_to_visit(data: object, *, server: str, tool: str | None) -> list[Elicitation] | None:
    """The URL-mode questions of a -32042 error's ``data``; None when it holds none.

    Raises:
        ServerError: One of them is malformed.
    """
    elicitations = data.get("elicitations") if isinstance(data, Mapping) else None
    if not isinstance(elicitations, list) or not elicitations:
        return None
    questions = [
        read_question(
            f"page-{index + 1}",  # the same when the call is made again (a resume)
            params,
            server=server,
            tool=tool,
            where=f"error -32042 data.elicitations[{index}]",
        )
        for index, params in enumerate(elicitations[:MAX_ROUNDS])
    ]
    return questions if all(question.mode == "url" for question in questions) else None


def to_wire(question: Elicitation, answer: ElicitResult) -> dict[str, Any]:
    """The ``ElicitResult`` the server reads: content only for an accepted form.

    `answer` is one `answers` checked, its form's defaults filled in.
    """
    if answer.action == "accept" and question.mode == "form":
        return {"action": "accept", "content": dict(answer.content or {})}
    return {"action": answer.action}


async def answers(ask: ElicitRound, questions: Sequence[Elicitation]) -> dict[str, ElicitResult]:
    """Ask one round; every question's `ElicitResult`, checked against its form.

    Raises:
        InvocationError: The round function left a question out or answered with
            something else.
        ElicitationError: An accepted form's values are not what the form takes
            (each problem with its JSON path): nothing of the round is sent.
        ServerError: The server's form is not a JSON Schema its answer can be
            checked against.
    """
    given: object = await ask(tuple(questions))
    checked: dict[str, ElicitResult] = {}
    for question in questions:
        answer = given.get(question.key) if isinstance(given, Mapping) else None
        if not isinstance(answer, ElicitResult):
            raise InvocationError(
                f"the answer to question {question.key!r} of MCP server {question.server!r} "
                f"is {type(answer).__name__}, not an ElicitResult"
            )
        try:
            checked[question.key] = checked_answer(question, answer)
        except SchemaError as error:
            raise ServerError(
                f"asked the user with a form that is not a valid JSON Schema ({error})",
                server=question.server or "?",
            ) from error
    return checked


async def decline_all(questions: Sequence[Elicitation]) -> dict[str, ElicitResult]:
    """The round function of a client nobody answers for: every question declined."""
    return {question.key: ElicitResult.decline() for question in questions}


def declined_note(questions: Sequence[Elicitation]) -> str:
    """What the model reads beside a result whose questions nobody could answer."""
    asked = "; ".join(bounded(repr(question.message), 200) for question in questions[:5])
    more = f" (and {len(questions) - 5} more)" if len(questions) > 5 else ""
    return (
        f"[toolbridge] The tool's server asked the user: {asked}{more}. Nobody can answer "
        "here (no on_elicit handler), so it was declined."
    )
