"""A function tool's ``on_elicit`` handler, set as the call context of each of its calls.

When the MCP server behind a tool asks the user something while the tool runs,
toolbridge's client asks the current `toolbridge.CallContext`'s round function.
`answering` sets one that asks the tool's handler each question in turn, with the
context variables of the agent run's tool call (whichever task the client answers in:
its session task on the handshake era, the caller's on 2026-07-28), and keeps the
progress and log channels of a context already set. Without a handler of the tool's
own, a context the caller set around the run answers, else the client's
``on_elicit``, else the client declines.

Why a handler, not the SDK's interruptions (``needs_approval``,
``result.interruptions``, ``RunState.approve`` / ``reject``): an approval is decided
from the model's arguments before the tool runs, while a server asks in the middle of
its call; ``approve`` carries no answer and ``reject`` only a message for the model;
and the resumed run calls the tool again from the start, while the server waits,
inside the first call, for its answer (a replayed call would repeat what the server
did before it asked). So the question is answered where it is asked: an async handler
may wait as long as a person takes, and the run waits with it.
"""

from __future__ import annotations

import asyncio
import contextvars
import dataclasses
import inspect
from collections.abc import Awaitable, Iterator, Sequence
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

__all__ = ["Asker", "answering", "checked_handler"]


def checked_handler(handler: ElicitHandler | None) -> ElicitHandler | None:
    """`handler`, once it is known to be a function.

    Raises:
        ConfigError: `handler` is something else.
    """
    if handler is not None and not callable(handler):
        raise ConfigError(
            "on_elicit must be a function of an Elicitation returning an ElicitResult, "
            f"not {type(handler).__name__}"
        )
    return handler


@contextmanager
def answering(handler: ElicitHandler | None) -> Iterator[Asker | None]:
    """Run one tool call with `handler` answering its server's questions.

    Yields the call's `Asker` (None without a handler): after the call, its
    `Asker.raise_failure` raises what ended the questions, however the tool reported it.
    """
    if handler is None:
        yield None
        return
    asker = Asker(handler, contextvars.copy_context())
    with call_context(dataclasses.replace(current_call() or CallContext(), on_elicit=asker)):
        yield asker


@final
class Asker:
    """One tool call's round function: asks the handler in the call's own context.

    A plain function runs in a worker thread (it may wait for a person at a terminal),
    so the event loop goes on running the agent's other tool calls.
    """

    def __init__(self, handler: ElicitHandler, here: contextvars.Context) -> None:
        self._handler = handler
        self._here = here
        self._failure: BaseException | None = None

    async def __call__(self, questions: Sequence[Elicitation]) -> dict[str, ElicitResult]:
        """Every question's answer, by key, asked one after another in the server's order."""
        try:
            return {question.key: await self._answer(question) for question in questions}
        except BaseException as error:
            self._failure = error
            raise

    def raise_failure(self) -> None:
        """Raise what the handler raised, or the error of its wrong answer, if any.

        Either ends the run: it is the application's failure, not one the model could
        correct by calling again.
        """
        if self._failure is not None:
            raise self._failure

    async def _answer(self, question: Elicitation) -> ElicitResult:
        handler = self._handler
        answer: Any
        if _is_async(handler):
            answer = await asyncio.create_task(
                _awaited(handler(question)), context=self._here.copy()
            )
        else:
            answer = await asyncio.to_thread(self._here.copy().run, handler, question)
            if inspect.isawaitable(answer):
                answer = await asyncio.create_task(_awaited(answer), context=self._here.copy())
        if not isinstance(answer, ElicitResult):
            raise InvocationError(
                f"on_elicit answered question {question.key!r} of tool {question.tool!r} "
                f"with {type(answer).__name__}, not an ElicitResult "
                "(ElicitResult.accept(...), .decline() or .cancel())"
            )
        return answer


def _is_async(handler: object) -> bool:
    """An async function, or an object whose ``__call__`` is one."""
    return inspect.iscoroutinefunction(handler) or inspect.iscoroutinefunction(
        getattr(handler, "__call__", None)  # noqa: B004 (the method, not callable())
    )


async def _awaited(answer: Awaitable[Any] | Any) -> Any:
    return await answer
