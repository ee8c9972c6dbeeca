"""What the caller of a tool offers it while it runs: progress and log channels.

A server that runs a tool (``toolbridge.mcp.serve``) sets a `CallContext` whose
callbacks send MCP ``notifications/progress`` and ``notifications/message`` to its
client; a tool loaded from an MCP server forwards the progress and log notifications
its own server sends into the context it is called in. So an async tool reports with
`report_progress` / `send_log` and never needs to know who called it, and a chain of
servers passes both through. Without a context both are no-ops.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Final, Literal, final

__all__ = [
    "CallContext",
    "LogCallback",
    "LogLevel",
    "ProgressCallback",
    "call_context",
    "current_call",
    "report_progress",
    "send_log",
]

ProgressCallback = Callable[[float, float | None, str | None], Awaitable[None]]
"""``(progress, total, message)``: called for each progress report."""

LogLevel = Literal["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]
"""The syslog levels MCP logging uses."""

LogCallback = Callable[[LogLevel, Any, str | None], Awaitable[None]]
"""``(level, data, logger)``: called for each log message (``data`` is any JSON value)."""


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class CallContext:
    """The channels a running tool may report on; either may be absent."""

    on_progress: ProgressCallback | None = None
    """Receives progress reports."""
    on_log: LogCallback | None = None
    """Receives log messages meant for the caller (not Python logging)."""


_CURRENT: Final[ContextVar[CallContext | None]] = ContextVar("toolbridge_call", default=None)


def current_call() -> CallContext | None:
    """The context of the tool call running in this task, if its caller set one."""
    return _CURRENT.get()


@contextmanager
def call_context(context: CallContext | None) -> Iterator[None]:
    """Run the block (a tool call) with `context` as the current call context."""
    token = _CURRENT.set(context)
    try:
        yield
    finally:
        _CURRENT.reset(token)


async def report_progress(
    progress: float, total: float | None = None, message: str | None = None
) -> None:
    """Report progress of the running tool to its caller (a no-op when nobody listens)."""
    context = _CURRENT.get()
    if context is not None and context.on_progress is not None:
        await context.on_progress(progress, total, message)


async def send_log(level: LogLevel, data: Any, *, logger: str | None = None) -> None:
    """Send a log message from the running tool to its caller (a no-op when nobody listens)."""
    context = _CURRENT.get()
    if context is not None and context.on_log is not None:
        await context.on_log(level, data, logger)
