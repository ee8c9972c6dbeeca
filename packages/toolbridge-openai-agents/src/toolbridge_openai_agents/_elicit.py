"""A server's questions to the user, answered by the handler a function tool was given.

`to_openai_agents(..., on_elicit=handler)` runs each call inside a
`toolbridge.CallContext` whose ``on_elicit`` asks `handler` each question of a round
in turn, so the MCP server behind the tool (or any tool that reads the call context)
is answered by it. A context the caller set around the run with its own
``on_elicit`` is the closer choice and wins; the MCP client's ``on_elicit`` answers
when neither is set.

Why not the SDK's interruptions (``needs_approval``, ``result.interruptions``,
``RunState.approve`` / ``reject``): an approval is decided from the model's arguments
before the tool runs, while a server asks in the middle of its call; ``approve``
carries no answer and ``reject`` only a message for the model; and a resumed run calls
the tool again from the start, while the server is waiting, inside the first call,
for the answer to its question. So the question is answered where it is asked: the
handler may await anything (a person at a web page, through an ``asyncio.Future``)
while the call waits.
"""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, final

from toolbridge import (
    CallContext,
    ConfigError,
    Elicitation,
    ElicitHandler,
    ElicitResult,
    InvocationError,
    call_context,
    current_call,
)

__all__ = ["Asking", "answering", "asking"]


def asking(handler: ElicitHandler | None) -> Asking | None:
    """What asks `handler` the questions of a tool's calls (None without a handler).

    Raises:
        ConfigError: `handler` is not a function.
    """
    if handler is None:
        return None
    if not callable(handler):
        raise ConfigError(f"on_elicit must be a function, not {type(handler).__name__}")
    return Asking(handler)


@contextmanager
def answering(asking: Asking | None) -> Iterator[_Failure]:
    """Run one call with `asking` answering its questions (see `Asking.around_call`)."""
    if asking is None:
        yield _Failure()
        return
    with asking.around_call() as failure:
        yield failure


@final
class Asking:
    """Asks one handler each question of a round, in the server's order.

    A plain function runs in a worker thread (it may wait for a person at a
    terminal), so the event loop goes on running the agent's other tool calls. An
    answer that is not an `ElicitResult` is an `InvocationError` (the model reads
    it); what the handler itself raises is kept, so that the call raises it again
    and the run ends with it, whatever the tool made of it.
    """

    def __init__(self, handler: ElicitHandler) -> None:
        self._handler = handler

    @contextmanager
    def around_call(self) -> Iterator[_Failure]:
        """Run one call with the handler answering, unless the caller set its own."""
        failure = _Failure()
        context = current_call()
        if context is not None and context.on_elicit is not None:
            yield failure
            return

        async def ask(questions: Sequence[Elicitation]) -> dict[str, ElicitResult]:
            return {question.key: await self._answer(question, failure) for question in questions}

        given = (
            CallContext(on_elicit=ask)
            if context is None
            else dataclasses.replace(context, on_elicit=ask)
        )
        with call_context(given):
            yield failure

    async def _answer(self, question: Elicitation, failure: _Failure) -> ElicitResult:
        handler = self._handler
        answer: Any
        try:
            if inspect.iscoroutinefunction(handler):
                answer = await handler(question)
            else:
                answer = await asyncio.to_thread(handler, question)
                if inspect.isawaitable(answer):
                    answer = await answer
        except Exception as error:
            failure.error = error
            raise
        if not isinstance(answer, ElicitResult):
            raise InvocationError(
                f"on_elicit answered the question {question.key!r} of tool "
                f"{question.tool!r} with {type(answer).__name__}, not an ElicitResult"
            )
        return answer


@final
class _Failure:
    """What the handler raised during one call, if anything."""

    error: Exception | None = None

    def raise_again(self) -> None:
        """Raise the handler's own exception, if it raised one."""
        if self.error is not None:
            raise self.error
