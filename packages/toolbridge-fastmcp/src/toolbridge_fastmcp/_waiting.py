"""Calls waiting for their client's answers between the requests of a 2026-07-28 connection.

On MCP 2026-07-28 a server cannot send its client a request: a tool that needs the
user's answers returns an ``input_required`` result and gets them when the client
calls again. toolbridge's core asks the other way: the called tool awaits the
answers to each round of questions (`CallContext.on_elicit`). So a FastMCP request
whose tool asks keeps the call running in a task of its own, suspended in
`Exchange.ask`; returns the questions with a random id as its ``request_state``;
and parks the call in the event loop's `Table` under that id. The client's next call
brings the answers and the id: the call is taken out, answered, and awaited again
(it may ask once more: another round, another id).

The table is bounded (`LIMIT` calls per event loop) and each call waits a limited
time for its answers: one abandoned by its client is cancelled when its time is up,
which cancels the call to the tool's own server.
"""

from __future__ import annotations

import asyncio
import secrets
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, final

from toolbridge import Elicitation, ElicitResult, ToolResult
from toolbridge_fastmcp._route import Route

__all__ = ["LIMIT", "Exchange", "Table", "TableFullError", "Waiting", "table"]

LIMIT: Final = 1024
"""How many calls may wait for answers at once in one event loop."""


@final
class Exchange:
    """Hands one call's questions to the request serving it, and the answers back."""

    def __init__(self) -> None:
        self._asked: asyncio.Future[tuple[Elicitation, ...]] = (
            asyncio.get_running_loop().create_future()
        )
        self._answers: asyncio.Future[Mapping[str, ElicitResult]] | None = None

    async def ask(self, questions: Sequence[Elicitation]) -> Mapping[str, ElicitResult]:
        """The call's round function: hand the questions over, await their answers."""
        answers: asyncio.Future[Mapping[str, ElicitResult]] = (
            asyncio.get_running_loop().create_future()
        )
        self._answers = answers
        self._asked.set_result(tuple(questions))
        return await answers

    async def outcome(self, call: asyncio.Task[ToolResult]) -> ToolResult | tuple[Elicitation, ...]:
        """The call's result, or the next round of questions it asks (it raises its error)."""
        asked = self._asked
        await asyncio.wait((call, asked), return_when=asyncio.FIRST_COMPLETED)
        if asked.done():
            self._asked = asyncio.get_running_loop().create_future()
            return asked.result()
        return call.result()

    def answer(self, answers: Mapping[str, ElicitResult]) -> None:
        """Give the call the answers to the round it asked."""
        if self._answers is None or self._answers.done():
            raise RuntimeError("no round of questions is waiting for answers")
        self._answers.set_result(answers)


@final
@dataclass(eq=False, kw_only=True)
class Waiting:
    """A call of a tool that asked its client and waits for the answers."""

    tool: str
    """The FastMCP tool's name: only a call of that tool may answer."""
    call: asyncio.Task[ToolResult]
    """The running call."""
    exchange: Exchange
    """Where its questions come out and its answers go in."""
    route: Route
    """Where its progress and logs go while a request serves it."""
    asked: tuple[Elicitation, ...] = ()
    """The questions sent to the client, waiting for its answers."""
    answered: dict[str, ElicitResult] = field(default_factory=dict)
    """Answers of this round given without asking (kinds the client cannot answer)."""


class TableFullError(Exception):
    """No room for another waiting call (`LIMIT`)."""


@final
class Table:
    """The calls waiting for answers in one event loop, by random id."""

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self._waiting: dict[str, tuple[Waiting, asyncio.TimerHandle]] = {}

    def __len__(self) -> int:
        return len(self._waiting)

    def park(self, waiting: Waiting, timeout: float, *, key: str | None = None) -> str:
        """Keep `waiting` under `key` or a new random id (returned); cancel it after `timeout` s.

        Raises:
            TableFullError: `LIMIT` calls are waiting already.
        """
        if len(self._waiting) >= self._limit:
            raise TableFullError(f"{len(self._waiting)} calls are waiting for answers already")
        if key is None:
            key = secrets.token_urlsafe(24)
        timer = asyncio.get_running_loop().call_later(timeout, self._expire, key)
        self._waiting[key] = (waiting, timer)
        return key

    def take(self, key: str) -> Waiting | None:
        """The call waiting under `key`, taken out of the table; None if none is."""
        found = self._waiting.pop(key, None)
        if found is None:
            return None
        waiting, timer = found
        timer.cancel()
        return waiting

    def _expire(self, key: str) -> None:
        found = self._waiting.pop(key, None)
        if found is None:
            return
        call = found[0].call
        if call.done() and not call.cancelled():
            call.exception()  # it failed while waiting (its server went away): nobody asks
        call.cancel()


_TABLES: Final[weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Table]] = (
    weakref.WeakKeyDictionary()
)


def table() -> Table:
    """The running event loop's table (a call's task belongs to its loop)."""
    loop = asyncio.get_running_loop()
    found = _TABLES.get(loop)
    if found is None:
        found = _TABLES[loop] = Table(LIMIT)
    return found
