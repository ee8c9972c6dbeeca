"""One ``tools/call`` served: the tool run for its caller, with the client's channels.

Any transport (the SDK's session, or toolbridge's own streamable HTTP path) hands
`answer_call` the request's params and the caller, and how to reach the client:
progress and log notifications, and `ask` to send it a request of the server's own
(``elicitation/create``) and wait for the answer. It returns the result as JSON.

A tool's questions to the user (`toolbridge.elicit`, or those of an upstream MCP
server the tool calls) reach the client the way its protocol era wants:

* handshake era (up to 2025-11-25): each question is an ``elicitation/create``
  request while the call runs, when the client declared the ``elicitation``
  capability and the transport can send it one (not in stateless HTTP);
* 2026-07-28: the server keeps nothing between requests, so the call ends with an
  ``input_required`` result holding the round's questions and a signed
  ``requestState`` (see `toolbridge.mcp._sealed`). The client calls again with the
  answers; the tool runs again from the start, and each question it asks again is
  answered from the state, in order, until it asks a new one or finishes. A tool
  that asks must therefore do the same things up to its questions on every run
  (no side effects before it has its answers). The state also names the guards
  (policies) that admitted the call and a ticket: a later round is not counted
  against their rate limits or approved again, once per state (see
  `toolbridge.toolsets.Continuation`).

A question nobody can answer is declined, as MCP clients without an answerer do.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from mcp.shared.exceptions import MCPError

from toolbridge._context import (
    CallContext,
    ContextRaised,
    Elicitation,
    ElicitResult,
    ElicitRound,
    InputRequired,
    LogCallback,
    LogLevel,
    ProgressCallback,
    call_context,
)
from toolbridge._result import ToolResult
from toolbridge.errors import InvocationError, ToolbridgeError, ToolNotFoundError
from toolbridge.mcp._elicit import MAX_ROUNDS
from toolbridge.mcp._sealed import StateError, seal, state_key, unseal
from toolbridge.toolsets import Continuation, Identity, Toolset, continuing

__all__ = ["Ask", "Client", "answer_call"]

Ask = Callable[[Mapping[str, Any]], Awaitable[Mapping[str, Any]]]
"""Sends ``elicitation/create`` with these params to the client; returns its result."""

_INVALID_PARAMS: Final = -32602
_STATE_TTL: Final = 3600.0
"""Seconds a user has to answer a round (a 2026-07-28 ``requestState`` lives this long)."""
_ELICIT: Final = "elicitation/create"


@dataclass(frozen=True, kw_only=True, slots=True)
class Client:
    """How a served call reaches its client."""

    modern: bool = False
    """The client speaks 2026-07-28: questions end the call as ``input_required``."""
    modes: frozenset[str] = field(default_factory=frozenset)
    """The elicitation modes the client declared (``form``, ``url``); none: it is not asked."""
    ask: Ask | None = None
    """Sends a handshake-era question while the call runs; None where none can be sent."""
    on_progress: ProgressCallback | None = None
    on_log: LogCallback | None = None
    log_level: LogLevel | None = None
    """The least severe level the client wants log messages at (None: not said)."""
    key: bytes | None = None
    """The key 2026-07-28 states are signed with (`state_key` when None)."""


class _NeedsInput(InputRequired):
    """A 2026-07-28 call asked a question it has no answer for yet: the round ends here."""

    def __init__(self, questions: Sequence[Elicitation]) -> None:
        super().__init__("the call needs the user's answers")
        self.questions = tuple(questions)


async def answer_call(
    toolset: Toolset, params: Mapping[str, Any], caller: Identity, client: Client
) -> dict[str, Any]:
    """Run the ``tools/call`` of `params` for `caller`; its result (or round) as JSON.

    Raises:
        MCPError: An unknown tool (or one `caller` may not see), or a
            ``requestState`` this server did not make (-32602).
    """
    name = str(params.get("name", ""))
    arguments = params.get("arguments") or {}
    key, binding = b"", {}
    answered: list[Any] = []
    on_elicit: ElicitRound = _Asking(client).round
    continuation = Continuation()
    if client.modern:  # only a 2026-07-28 call may end with a state to sign and bind
        key = client.key or state_key()
        binding = _binding(name, arguments, caller)
        answered, continuation = _answered(params, binding, key)
        on_elicit = _Replay(answered, client.modes).round
    context = CallContext(
        on_progress=client.on_progress,
        on_log=client.on_log,
        on_elicit=on_elicit,
        log_level=client.log_level,
    )
    try:
        with call_context(context), continuing(continuation):
            result = await toolset.call(name, arguments, identity=caller)
    except _NeedsInput as needed:
        if len(answered) >= MAX_ROUNDS:
            message = f"tool {name!r} asked more than {MAX_ROUNDS} rounds of questions"
            return ToolResult.from_error(message).to_dict()
        admitted = {"ticket": secrets.token_urlsafe(16), "admitted": continuation.admitted}
        return _input_required(needed.questions, answered, {**binding, **admitted}, key)
    except ToolNotFoundError:
        # The same answer for a tool that does not exist and one the caller may not see.
        raise MCPError(code=_INVALID_PARAMS, message=f"Unknown tool: {name}") from None
    except ToolbridgeError as error:
        result = ToolResult.from_error(str(error))
    return result.to_dict()


def _binding(name: str, arguments: Any, caller: Identity) -> dict[str, Any]:
    """What a state belongs to: one tool, its arguments, and one caller."""
    text = json.dumps(arguments, sort_keys=True, separators=(",", ":"), default=str)
    return {
        "tool": name,
        "args": hashlib.sha256(text.encode()).hexdigest(),
        "who": [caller.subject, caller.tenant],
    }


def _answered(
    params: Mapping[str, Any], binding: dict[str, Any], key: bytes
) -> tuple[list[Any], Continuation]:
    """The answers of every earlier round, from the echoed state and this request's answers.

    And what the state says of the guards that admitted the call (its ticket, and
    their names), for them to let this round through without counting it again.
    """
    token = params.get("requestState")
    if token is None:
        return [], Continuation()
    try:
        state = unseal(token, key)
    except StateError:
        raise MCPError(
            code=_INVALID_PARAMS,
            message="Invalid requestState: not one this server made, changed, or expired",
        ) from None
    if {name: state.get(name) for name in binding} != binding:
        raise MCPError(
            code=_INVALID_PARAMS, message="Invalid requestState: it belongs to another call"
        )
    responses = params.get("inputResponses") or {}
    pending: list[str] = state.get("pending") or []
    missing = [key for key in pending if key not in responses]
    if not isinstance(responses, Mapping) or missing:
        raise MCPError(
            code=_INVALID_PARAMS,
            message=f"inputResponses lacks the answers to {', '.join(missing) or 'the round'}",
        )
    rounds: list[Any] = list(state.get("rounds") or [])
    rounds.append([responses[key] for key in pending])
    ticket, admitted = state.get("ticket"), state.get("admitted") or []
    if not isinstance(ticket, str) or not all(isinstance(item, str) for item in admitted):
        return rounds, Continuation()  # a state of an older version: checked again
    return rounds, Continuation(ticket=ticket, before=tuple(admitted))


def _input_required(
    questions: Sequence[Elicitation], answered: list[Any], binding: dict[str, Any], key: bytes
) -> dict[str, Any]:
    pending = [question.key for question in questions]
    state = seal({**binding, "rounds": answered, "pending": pending}, key, ttl=_STATE_TTL)
    return {
        "resultType": "input_required",
        "inputRequests": {
            question.key: {"method": _ELICIT, "params": _to_wire(question)}
            for question in questions
        },
        "requestState": state,
    }


class _Replay:
    """2026-07-28: each round answered from the state, in order; a new one ends the call."""

    def __init__(self, answered: list[Any], modes: frozenset[str]) -> None:
        self._answered = answered
        self._modes = modes
        self._next = 0

    async def round(self, questions: Sequence[Elicitation]) -> Mapping[str, ElicitResult]:
        answers = {question.key: ElicitResult.decline() for question in questions}
        asked = [question for question in questions if question.mode in self._modes]
        if not asked:
            return answers  # the client cannot be asked these: declined
        if self._next >= len(self._answered):
            raise ContextRaised(_NeedsInput(asked))
        recorded = self._answered[self._next]
        self._next += 1
        if not isinstance(recorded, list) or len(recorded) != len(asked):
            raise InvocationError(
                "the tool asked other questions when run again with the user's answers; "
                "a tool that asks must ask the same questions on every run"
            )
        for question, answer in zip(asked, recorded, strict=True):
            answers[question.key] = _read_answer(question, answer)
        return answers


class _Asking:
    """Handshake era: each question sent to the client while the call runs."""

    def __init__(self, client: Client) -> None:
        self._client = client

    async def round(self, questions: Sequence[Elicitation]) -> Mapping[str, ElicitResult]:
        answers: dict[str, ElicitResult] = {}
        for question in questions:
            ask = self._client.ask
            if ask is None or question.mode not in self._client.modes:
                answers[question.key] = ElicitResult.decline()  # nobody to answer
                continue
            answers[question.key] = _read_answer(question, await ask(_to_wire(question)))
        return answers


def _to_wire(question: Elicitation) -> dict[str, Any]:
    """The params of ``elicitation/create`` asking `question`."""
    if question.mode == "url":
        return {
            "mode": "url",
            "message": question.message,
            "url": question.url,
            "elicitationId": question.elicitation_id or question.key,
        }
    return {
        "mode": "form",
        "message": question.message,
        "requestedSchema": dict(question.requested_schema or {}),
    }


def _read_answer(question: Elicitation, answer: object) -> ElicitResult:
    """The client's ``ElicitResult`` JSON as an `ElicitResult`.

    Raises:
        InvocationError: It is not one.
    """
    action = answer.get("action") if isinstance(answer, Mapping) else None
    content = answer.get("content") if isinstance(answer, Mapping) else None
    if action not in ("accept", "decline", "cancel") or not (
        content is None or isinstance(content, Mapping)
    ):
        shown = json.dumps(answer, default=str)[:200]
        raise InvocationError(
            f"the client's answer to {question.message[:80]!r} is not an elicitation "
            f"result: {shown}"
        )
    if action == "accept":
        return ElicitResult.accept(dict(content) if content is not None else None)
    return ElicitResult(action=action)
