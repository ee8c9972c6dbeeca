"""One function answering a server's questions, asked where the caller stands.

A framework plugin (or any caller) that lets its user answer with one function per
question runs its tool calls inside ``with answering(handler):``. That sets a
`CallContext` whose round function asks `handler` each question in the server's
order, keeping the progress and log channels of a context already set. The client
may ask from another task (its session task, on the handshake era) or another loop,
so the handler runs with the context variables of the block that set it (the
caller's tracing span, a framework's run state): an async handler as a task in a
copy of them, a plain one in a worker thread with a copy of them (it may wait for a
person at a terminal while the event loop goes on). What ended the questions (the
handler raised, or answered with something that is not an `ElicitResult`) is kept,
for a caller whose framework turns a tool's exceptions into messages to the model.
"""

from __future__ import annotations

import asyncio
import contextvars
import dataclasses
import inspect
from collections.abc import Awaitable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, final

from toolbridge._context import (
    CallContext,
    Elicitation,
    ElicitHandler,
    ElicitResult,
    call_context,
    current_call,
)
from toolbridge.errors import ConfigError, InvocationError

__all__ = ["Answers", "answering", "checked_handler"]


def checked_handler(handler: ElicitHandler | None) -> ElicitHandler | None:
    """`handler`, once it is known to be a function (or None).

    Raises:
        ConfigError: It is something else.
    """
    if handler is not None and not callable(handler):
        raise ConfigError(
            "on_elicit must be a function of an Elicitation returning an ElicitResult, "
            f"not {type(handler).__name__}"
        )
    return handler


@final
class Answers:
    """A round function that asks one handler each question, in its caller's context."""

    __slots__ = ("_handler", "_here", "failure")

    def __init__(self, handler: ElicitHandler, here: contextvars.Context | None = None) -> None:
        self._handler = handler
        self._here = here
        self.failure: Exception | None = None
        """What ended the questions (the handler raised, or answered wrongly), if anything."""

    async def __call__(self, questions: Sequence[Elicitation]) -> dict[str, ElicitResult]:
        """Every question's answer, by key, asked one after another in the server's order."""
        try:
            return {question.key: await self._answer(question) for question in questions}
        except Exception as error:  # a cancellation is the call's, not the handler's
            self.failure = error
            raise

    def raise_failure(self) -> None:
        """Raise what ended the questions, if anything.

        It is the application's failure, which a model could not correct by calling
        the tool again.
        """
        if self.failure is not None:
            raise self.failure

    async def _answer(self, question: Elicitation) -> ElicitResult:
        handler = self._handler
        here = self._here.copy() if self._here is not None else contextvars.copy_context()
        answer: Any
        if _is_async(handler):
            answer = await asyncio.create_task(_awaited(handler(question)), context=here)
        else:  # a plain function may wait for a person: off the event loop
            answer = await asyncio.to_thread(here.run, handler, question)
            if inspect.isawaitable(answer):
                answer = await asyncio.create_task(_awaited(answer), context=here.copy())
        if not isinstance(answer, ElicitResult):
            raise InvocationError(
                f"on_elicit answered question {question.key!r} of tool {question.tool!r} with "
                f"{type(answer).__name__}, not an ElicitResult (ElicitResult.accept(...), "
                ".decline() or .cancel())"
            )
        return answer


@contextmanager
def answering(handler: ElicitHandler | None) -> Iterator[Answers | None]:
    """Run the block's tool calls with `handler` answering their servers' questions.

    Yields the round function (None when `handler` is None: the block runs as it
    is); after the block, its `Answers.raise_failure` raises what ended the questions.

    Raises:
        ConfigError: `handler` is not a function.
    """
    if checked_handler(handler) is None:
        yield None
        return
    assert handler is not None
    answers = Answers(handler, contextvars.copy_context())
    with call_context(dataclasses.replace(current_call() or CallContext(), on_elicit=answers)):
        yield answers


def _is_async(handler: object) -> bool:
    """An async function, or an object whose ``__call__`` is one."""
    return inspect.iscoroutinefunction(handler) or inspect.iscoroutinefunction(
        getattr(handler, "__call__", None)  # noqa: B004  (the method, not callable())
    )


async def _awaited(answer: Awaitable[Any] | Any) -> Any:
    return await answer
