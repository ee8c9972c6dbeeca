"""What the layers of one call learn about it, for the audit and tracing layers above.

An auditing or tracing toolset opens a `CallTrace` for each call and reads it when
the call ends; the layers below write to it: a policy its decision, the innermost
toolset the tool it ran. It travels in a context variable, so the caller never sees
it: a tool that is forbidden and one that does not exist look the same to the caller,
yet the audit log tells them apart.
"""

from __future__ import annotations

from contextvars import ContextVar, Token
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

if TYPE_CHECKING:
    from toolbridge._tool import Tool

__all__ = ["CallTrace", "Decision", "current_trace", "tracing", "untraced"]

Decision = Literal[
    "allowed", "approved", "denied", "unknown", "rate_limited", "not_approved", "unsafe"
]
"""How the toolsets decided a call: it ran (``allowed``, ``approved`` by the approval
hook), or not (``denied`` by a policy, ``unknown`` name, ``rate_limited``,
``not_approved`` by the approval hook, ``unsafe``: hidden for a security finding)."""


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


class tracing:  # (lower case: used as a function, ``with tracing() as trace``)
    """Open a trace for one call, or join the one a layer further out opened.

    A class rather than a generator: it is entered on every call, at a third of the cost.
    """

    __slots__ = ("_token",)

    def __enter__(self) -> CallTrace:
        existing = _CURRENT.get()
        if existing is not None:
            self._token: Token[CallTrace | None] | None = None
            return existing
        trace = CallTrace()
        self._token = _CURRENT.set(trace)
        return trace

    def __exit__(self, *exc_info: object) -> None:
        if self._token is not None:
            _CURRENT.reset(self._token)


class untraced:  # (lower case: used as a function, ``with untraced()``)
    """Run the block (a tool) outside any trace: calls it makes are traced on their own."""

    __slots__ = ("_token",)

    def __enter__(self) -> None:
        self._token = _CURRENT.set(None)

    def __exit__(self, *exc_info: object) -> None:
        _CURRENT.reset(self._token)
