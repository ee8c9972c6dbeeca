"""A server's questions to the user, asked as LangGraph interrupts during a graph run.

When an MCP tool's server asks the user something while the tool runs (MCP
elicitation, either era: a 2026-07-28 ``input_required`` round or a handshake-era
``elicitation/create``), a tool called inside a LangGraph run raises
``langgraph.types.interrupt`` with ``langchain.mcp``'s payload, once per round, in the
server's order::

    {"type": "mcp_elicitation", "tool_name": "book_table", "requests": [
        {"key": "guests", "message": "...", "mode": "form", "requested_schema": {...}},
        {"key": "sign_in", "message": "...", "mode": "url", "url": "https://..."}]}

and reads the value the run is resumed with (``Command(resume=...)``)::

    {"responses": {"guests": {"action": "accept", "content": {"guests": 2}},
                   "sign_in": {"action": "decline"}}}

so graphs written for ``langchain.mcp`` run unchanged. On resume LangGraph runs the
tool call again from the start, and each earlier ``interrupt()`` returns its answer.

The core asks through `toolbridge.CallContext.on_elicit`, and may run that function
in another task, loop or thread than the tool's own (the SDK's session task, the
client's loop); ``interrupt()`` needs the graph node's context. So the call runs in a
task (a thread for sync ``invoke``) of its own, and the round function hands each
round over to the tool's coroutine, which raises the interrupt in the node's context
and hands the answers back. An interrupt ends the call: the round function raises
(the server hears ``cancel`` on the handshake era, nothing more on 2026-07-28), any
later question of that call is refused the same way, and once the call is over the
interrupt goes up to LangGraph. Outside a graph run nothing is set: the client's own
``on_elicit`` answers, or the core declines.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import contextvars
import dataclasses
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, final

from toolbridge import (
    CallContext,
    Elicitation,
    ElicitResult,
    InvocationError,
    Tool,
    ToolResult,
    call_context,
    current_call,
    thaw,
)
from toolbridge.plugins import raised_within

__all__ = [
    "INTERRUPT_TYPE",
    "answers_from",
    "ask_in_graph",
    "ask_in_graph_sync",
    "graph_control",
    "in_graph_run",
]

INTERRUPT_TYPE: Final = "mcp_elicitation"
"""The ``type`` of the interrupt payload (``langchain.mcp``'s own)."""

_SCRATCHPAD: Final = "__pregel_scratchpad"
"""The ``configurable`` key LangGraph gives a node that may call ``interrupt()``
(``langgraph._internal._constants.CONFIG_KEY_SCRATCHPAD``; a test keeps them equal)."""

_ACTIONS: Final = ("accept", "decline", "cancel")
_SHAPE: Final = '{"responses": {KEY: {"action": "accept" | "decline" | "cancel", "content": ...}}}'


def in_graph_run() -> bool:
    """Whether this code runs in a LangGraph node, where ``interrupt()`` works."""
    from langchain_core.runnables.config import var_child_runnable_config

    config = var_child_runnable_config.get() or {}
    configurable = config.get("configurable") or {}
    return _SCRATCHPAD in configurable


def graph_control(error: BaseException) -> BaseException | None:
    """LangGraph's own control flow a tool raised, found behind toolbridge's wrapping.

    A tool that calls ``interrupt()`` (a human's approval, say) raises LangGraph's
    ``GraphInterrupt``, and a LangChain tool made by ``langchain.mcp`` raises one when
    its server asks the user; toolbridge wraps what a tool raises in
    `ToolExecutionError` (the original is its ``__cause__``). That is no failure of
    the tool: it must reach LangGraph as it is, to pause the run. None when `error`
    carries no ``GraphBubbleUp``, or outside a graph run.
    """
    if not in_graph_run():
        return None
    from langgraph.errors import GraphBubbleUp

    return raised_within(error, GraphBubbleUp)


# -- the payload and the resume value ----------------------------------------------------


def payload(tool_name: str, questions: Sequence[Elicitation]) -> dict[str, Any]:
    """The interrupt's value for one round of questions, in the server's order."""
    requests: list[dict[str, Any]] = []
    for question in questions:
        request: dict[str, Any] = {
            "key": question.key,
            "message": question.message,
            "mode": question.mode,
        }
        if question.mode == "url":
            request["url"] = question.url or ""
        else:
            request["requested_schema"] = thaw(question.requested_schema or {})
        requests.append(request)
    return {"type": INTERRUPT_TYPE, "tool_name": tool_name, "requests": requests}


def answers_from(
    resume: object, tool_name: str, questions: Sequence[Elicitation]
) -> dict[str, ElicitResult]:
    """The answers a resume value gives one round of questions, by key.

    An answer is found under its question's key. A round of one question takes the
    only answer given whatever its key: a handshake-era question's key is the
    server's request id, which changes when the call runs again on resume.

    Raises:
        InvocationError: The value is not ``{"responses": {...}}``, a question has no
            answer, or an answer is not an object with a known ``action`` (and, to
            accept a form, a ``content`` object).
    """
    where = f"the answer to MCP tool {tool_name!r}'s questions"
    responses = resume.get("responses") if isinstance(resume, Mapping) else None
    if not isinstance(responses, Mapping):
        raise InvocationError(
            f"{where} must be {_SHAPE}, got {_shown(resume)} (Command(resume=...))"
        )
    given = dict(responses)
    if len(questions) == 1 and len(given) == 1 and questions[0].key not in given:
        given = {questions[0].key: next(iter(given.values()))}
    missing = [question.key for question in questions if question.key not in given]
    if missing:
        raise InvocationError(
            f"{where} has none for {', '.join(map(repr, missing))} "
            f"(answers given for: {', '.join(map(repr, map(str, given))) or 'nothing'})"
        )
    return {question.key: _answer(given[question.key], question, where) for question in questions}


def _answer(answer: object, question: Elicitation, where: str) -> ElicitResult:
    here = f"{where} at responses[{question.key!r}]"
    action = answer.get("action") if isinstance(answer, Mapping) else None
    if not isinstance(answer, Mapping) or action not in _ACTIONS:
        raise InvocationError(
            f'{here} must be an object whose "action" is "accept", "decline" or "cancel", '
            f"got {_shown(answer)}"
        )
    if action != "accept":
        return ElicitResult(action=action)
    content = answer.get("content")
    if content is not None and not isinstance(content, Mapping):
        raise InvocationError(f'{here}: "content" must be an object, got {_shown(content)}')
    if question.mode == "form" and content is None:
        content = {}
    return ElicitResult.accept(content)


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."


# -- the bridge between the round function and the tool's coroutine -------------------


@final
@dataclass(frozen=True, slots=True)
class _Round:
    """One round handed over: its questions, and where their answers go."""

    questions: tuple[Elicitation, ...]
    answers: concurrent.futures.Future[Mapping[str, ElicitResult]]


@final
class _Bridge:
    """Hands each round from the round function (any task, loop or thread) to the caller.

    The caller waits on `wake` beside its call, then takes the rounds handed over
    since (`take`: a fresh `wake` is put in place under the same lock, so a round
    handed later wakes it again).
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._rounds: list[_Round] = []
        self._wake: concurrent.futures.Future[None] = concurrent.futures.Future()

    @property
    def wake(self) -> concurrent.futures.Future[None]:
        """Done once a round waits to be taken."""
        with self._lock:
            return self._wake

    def take(self) -> list[_Round]:
        """The rounds handed over since the last take, in order."""
        with self._lock:
            rounds, self._rounds = self._rounds, []
            self._wake = concurrent.futures.Future()
        return rounds

    async def ask(self, questions: Sequence[Elicitation]) -> Mapping[str, ElicitResult]:
        handed = _Round(tuple(questions), concurrent.futures.Future())
        with self._lock:
            self._rounds.append(handed)
            if not self._wake.done():
                self._wake.set_result(None)
        return await asyncio.wrap_future(handed.answers)


def _context(bridge: _Bridge) -> CallContext:
    """The caller's context (progress and log channels kept), asking through `bridge`."""
    return dataclasses.replace(current_call() or CallContext(), on_elicit=bridge.ask)


@final
class _Asker:
    """Answers the rounds of one call in the node's context, until the call is over.

    A round is raised as an interrupt; once one pauses the graph (or its resume value
    cannot be read), that round and every later one of the same call are refused: the
    round function raises, a handshake-era server hears ``cancel``, and the call runs
    to its end before the pause goes up (a question left pending would be answered in
    the next call's place).
    """

    def __init__(self, tool_name: str) -> None:
        self.tool_name = tool_name
        self.stop: Exception | None = None
        """Why the call was abandoned (the graph's interrupt, or an unreadable resume)."""

    def answer(self, handed: _Round) -> None:
        from langgraph.types import interrupt

        if self.stop is None:
            try:
                resume = interrupt(payload(self.tool_name, handed.questions))
                found = answers_from(resume, self.tool_name, handed.questions)
            except Exception as error:  # GraphInterrupt, InvocationError
                self.stop = error
            else:
                _settle(handed.answers, found)
                return
        self.refuse(handed)

    def refuse(self, handed: _Round) -> None:
        """Fail a round: its call was abandoned, or is already over."""
        _settle(
            handed.answers,
            InvocationError(f"MCP tool {self.tool_name!r}'s call was left for the user's answer"),
        )


def _settle(
    future: concurrent.futures.Future[Mapping[str, ElicitResult]],
    outcome: Mapping[str, ElicitResult] | BaseException,
) -> None:
    """Hand `outcome` over, unless the asker is gone (its server withdrew the question)."""
    with contextlib.suppress(concurrent.futures.InvalidStateError):
        if isinstance(outcome, BaseException):
            future.set_exception(outcome)
        else:
            future.set_result(outcome)


async def ask_in_graph(
    tool: Tool, tool_name: str, arguments: Any, timeout: float | None
) -> ToolResult:
    """``tool.ainvoke`` in a graph node, the server's questions raised as interrupts."""
    bridge, asker = _Bridge(), _Asker(tool_name)
    with call_context(_context(bridge)):
        call = asyncio.ensure_future(tool.ainvoke(arguments, timeout=timeout))
    try:
        while True:
            wake = bridge.wake
            woken = asyncio.wrap_future(wake)
            waited: set[asyncio.Future[Any]] = {call, woken}
            try:
                await asyncio.wait(waited, return_when=asyncio.FIRST_COMPLETED)
            finally:
                woken.cancel()  # a no-op once a round came
            if not wake.done() or wake.cancelled():
                break  # the call is over
            for handed in bridge.take():
                asker.answer(handed)
    finally:
        if not call.done():  # this task was cancelled: so is the call
            call.cancel()
            await asyncio.wait({call})
        for handed in bridge.take():  # asked as the call ended: nobody waits for it
            asker.refuse(handed)
    if asker.stop is not None:
        if not call.cancelled():
            call.exception()  # retrieved: the abandoned call's error is not logged
        raise asker.stop
    return call.result()


def ask_in_graph_sync(
    tool: Tool, tool_name: str, arguments: Any, timeout: float | None
) -> ToolResult:
    """``tool.invoke`` in a graph node, the server's questions raised as interrupts.

    The call runs in a worker thread so that this thread (the node's) can raise the
    interrupts while it waits.
    """
    bridge, asker = _Bridge(), _Asker(tool_name)
    done: concurrent.futures.Future[ToolResult] = concurrent.futures.Future()

    def work() -> None:
        with call_context(_context(bridge)):
            try:
                done.set_result(tool.invoke(arguments, timeout=timeout))
            except BaseException as error:  # handed to the node's thread, raised there
                done.set_exception(error)

    worker = threading.Thread(
        target=contextvars.copy_context().run, args=(work,), name=f"toolbridge {tool_name}"
    )
    worker.daemon = True
    worker.start()
    while True:
        wake = bridge.wake
        either: list[concurrent.futures.Future[Any]] = [done, wake]
        concurrent.futures.wait(either, return_when=concurrent.futures.FIRST_COMPLETED)
        if not wake.done():
            break  # the call is over
        for handed in bridge.take():
            asker.answer(handed)
    for handed in bridge.take():  # asked as the call ended: nobody waits for it
        asker.refuse(handed)
    if asker.stop is not None:
        done.exception()  # the abandoned call's outcome is not used
        raise asker.stop
    return done.result()
