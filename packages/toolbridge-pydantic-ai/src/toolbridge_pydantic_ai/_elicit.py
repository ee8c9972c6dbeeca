"""A toolset's ``on_elicit`` handler, set as the call context of each of its tool calls.

When the MCP server behind a tool asks the user something while the tool runs, the
toolbridge client asks the current `CallContext`'s round function. `asking` sets one
that asks the toolset's handler each question in turn, with the context variables of
the agent run's tool call (whichever task the client answers in: its session task on
the handshake era, the caller's on 2026-07-28), and keeps the progress and log
channels of any context already set (a pydantic-ai agent running inside a served tool).

Why a callback and not pydantic-ai's deferred tool calls: a deferred call ends the tool
function (``CallDeferred`` / ``ApprovalRequired`` are raised), and a resumed run either
takes the given result as the tool's return or runs the function again from the start.
Neither can carry an answer back into an MCP call still waiting for it; a replayed call
would repeat what the server did before it asked. An async handler may itself wait as
long as a person takes (a web page, a chat message): the run waits with it.
"""

from __future__ import annotations

import asyncio
import contextvars
import inspect
from collections.abc import Awaitable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field, replace
from typing import Any

from toolbridge import (
    CallContext,
    Elicitation,
    ElicitHandler,
    ElicitResult,
    InvocationError,
    call_context,
    current_call,
)

__all__ = ["Asker", "asking"]


@dataclass(slots=True)
class Asker:
    """One tool call's round function: asks the handler in the call's own context."""

    handler: ElicitHandler
    here: contextvars.Context
    failures: list[Exception] = field(default_factory=list)
    """What the handler raised (or a wrong answer): the call ends with it, not a retry."""

    async def __call__(self, questions: Sequence[Elicitation]) -> dict[str, ElicitResult]:
        """Every question's answer, by key, asked one after another in the server's order."""
        try:
            return {question.key: await self._answer(question) for question in questions}
        except Exception as error:  # not a cancellation: that is the call's, not the handler's
            self.failures.append(error)
            raise

    async def _answer(self, question: Elicitation) -> ElicitResult:
        handler = self.handler
        answer: Any
        if _is_async(handler):
            answer = await asyncio.create_task(
                _awaited(handler(question)), context=self.here.copy()
            )
        else:  # a plain function may wait for a person at a terminal: off the event loop
            answer = await asyncio.to_thread(self.here.copy().run, handler, question)
            if inspect.isawaitable(answer):  # it handed back an awaitable: await it here too
                answer = await asyncio.create_task(_awaited(answer), context=self.here.copy())
        if not isinstance(answer, ElicitResult):
            raise InvocationError(
                f"on_elicit answered question {question.key!r} of tool {question.tool!r} with "
                f"{type(answer).__name__}, not an ElicitResult (ElicitResult.accept(...), "
                ".decline() or .cancel())"
            )
        return answer


def _is_async(handler: object) -> bool:
    """An async function, or an object whose ``__call__`` is one."""
    return inspect.iscoroutinefunction(handler) or inspect.iscoroutinefunction(
        getattr(handler, "__call__", None)  # noqa: B004 (the method, not callable())
    )


async def _awaited(answer: Awaitable[Any] | Any) -> Any:
    return await answer


def asking(handler: ElicitHandler | None) -> tuple[AbstractContextManager[None], Asker | None]:
    """The call context to run one tool call in, and its asker (None without a handler)."""
    if handler is None:
        return nullcontext(), None
    asker = Asker(handler, contextvars.copy_context())
    context = replace(current_call() or CallContext(), on_elicit=asker)
    return call_context(context), asker
