"""What the layers of one call learn about it, for the audit and tracing layers above.

An auditing or tracing toolset opens a `CallTrace` for each call and reads it when
the call ends; the layers below write to it: a policy its decision, the innermost
toolset the tool it ran. It travels in a context variable, so the caller never sees
it: a tool that is forbidden and one that does not exist look the same to the caller,
yet the audit log tells them apart.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

if TYPE_CHECKING:
    from toolbridge._tool import Tool

__all__ = ["CallTrace", "Decision", "current_trace", "tracing", "untraced"]

Decision = Literal["allowed", "approved", "denied", "unknown", "rate_limited", "not_approved"]
"""How the toolsets decided a call: it ran (``allowed``, ``approved`` by the approval
hook), or not (``denied`` by a policy, ``unknown`` name, ``rate_limited``,
``not_approved`` by the approval hook)."""


@dataclass(slots=True)
class CallTrace:
    """Filled in by the layers of one call."""

    decision: Decision = "allowed"
    original: Tool | None = None
    """The tool as its source defines it (innermost toolset), once found."""
    source: str | None = None
    """The name of the innermost toolset, once found."""

    def refuse(self, decision: Decision) -> None:
        """Record why the call did not run (the first refusal is kept)."""
        if self.decision in ("allowed", "approved"):
            self.decision = decision


_CURRENT: Final[ContextVar[CallTrace | None]] = ContextVar("toolbridge_trace", default=None)


def current_trace() -> CallTrace | None:
    """The trace of the call in progress in this task, if a layer above opened one."""
    return _CURRENT.get()


@contextmanager
def tracing() -> Iterator[CallTrace]:
    """Open a trace for one call, or join the one a layer further out opened."""
    existing = _CURRENT.get()
    if existing is not None:
        yield existing
        return
    trace = CallTrace()
    token = _CURRENT.set(trace)
    try:
        yield trace
    finally:
        _CURRENT.reset(token)


@contextmanager
def untraced() -> Iterator[None]:
    """Run the block (a tool) outside any trace: calls it makes are traced on their own."""
    token = _CURRENT.set(None)
    try:
        yield
    finally:
        _CURRENT.reset(token)
