"""One call made in several requests: what a guard admitted in an earlier round stands.

An MCP 2026-07-28 call whose tool asks the user ends with ``input_required``; the
client answers and makes the same call again, with the state the server signed.
Every `GuardedToolset` on the call's way counted it against its rate limits and
asked its approval hook in the first round; a later round of the same call should
not be counted or approved again. The server running the rounds (`toolbridge.mcp`)
says so with `continuing`: the state's `Continuation.ticket` and the guards that
admitted the call before (`Continuation.before`), both read from a state only it can
sign, bound to the tool, its arguments and the caller. Each guard that admits the
call in this request is added to `Continuation.admitted`, signed into the next state.

A guard lets a round through without counting or asking only when it admitted the
call before, at the same place on the call's way, and the ticket is spent for the
first time in the guard's rate-limit store (`RateLimiter.first_use`): a state sent
again (a replay) is counted and approved again like a new call.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Final, final

__all__ = ["Continuation", "continuing", "current_continuation"]


@final
@dataclass(kw_only=True, slots=True)
class Continuation:
    """One request of a call made in rounds, as the server that signs its state sees it."""

    ticket: str | None = None
    """The id of the signed state this request continues; None in a call's first round."""
    before: tuple[str, ...] = ()
    """The guards (by toolset name) that admitted the call in earlier rounds, in the
    order the call passed them."""
    admitted: list[str] = field(default_factory=list)
    """The guards that admitted it in this request, in order (filled in as it passes)."""


_CURRENT: Final[ContextVar[Continuation | None]] = ContextVar(
    "toolbridge_continuation", default=None
)


def current_continuation() -> Continuation | None:
    """The continuation of the call running in this task, if its server set one."""
    return _CURRENT.get()


@contextmanager
def continuing(continuation: Continuation) -> Iterator[Continuation]:
    """Run the block (one round of a call) with `continuation` as the current one."""
    token = _CURRENT.set(continuation)
    try:
        yield continuation
    finally:
        _CURRENT.reset(token)
