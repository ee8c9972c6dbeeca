"""What the caller of a tool offers it while it runs: progress, log and question channels.

A server that runs a tool (``toolbridge.mcp.serve``) sets a `CallContext` whose
callbacks send MCP ``notifications/progress`` and ``notifications/message`` to its
client; a tool loaded from an MCP server forwards the progress and log notifications
its own server sends into the context it is called in. So an async tool reports with
`report_progress` / `send_log` and never needs to know who called it, and a chain of
servers passes both through. Without a context both are no-ops.

A server may also ask the user a question while its tool runs (MCP elicitation): the
`on_elicit` channel receives each round of questions as `Elicitation` values and
answers each with an `ElicitResult`. A framework plugin sets it to reach its own
human-in-the-loop mechanism (a LangGraph interrupt, a FastMCP ``ctx.elicit``); a
served tool asks through it with `elicit`, and toolbridge's MCP server sets it to
ask its own client. A tool may also take a `ToolContext` parameter (left out of its
schema) that offers the three channels as methods.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeAlias, final, get_args

__all__ = [
    "LOG_LEVELS",
    "CallContext",
    "ContextRaised",
    "ElicitAction",
    "ElicitHandler",
    "ElicitResult",
    "ElicitRound",
    "Elicitation",
    "InputRequired",
    "LogCallback",
    "LogLevel",
    "ProgressCallback",
    "ToolContext",
    "call_context",
    "current_call",
    "elicit",
    "report_progress",
    "send_log",
]

ProgressCallback = Callable[[float, float | None, str | None], Awaitable[None]]
"""``(progress, total, message)``: called for each progress report."""

LogLevel = Literal["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]
"""The syslog levels MCP logging uses."""

LOG_LEVELS: Final[tuple[LogLevel, ...]] = get_args(LogLevel)
"""The levels from the least severe to the most (a level's index is its severity)."""

LogCallback = Callable[[LogLevel, Any, str | None], Awaitable[None]]
"""``(level, data, logger)``: called for each log message (``data`` is any JSON value)."""


ElicitAction: TypeAlias = Literal["accept", "decline", "cancel"]
"""How the user answered: gave the values, said no (the call goes on), or gave up the call."""


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class Elicitation:
    """One question a server asks the user while one of its tools runs.

    ``mode="form"`` asks for values matching `requested_schema` (a flat object of
    strings, numbers, booleans and enums); ``mode="url"`` asks the user to visit
    `url` (a sign-in or a payment page, say) and answer once done.
    """

    key: str
    """The server's name for the question: the answer is returned under it."""
    message: str
    """What the server says to the user."""
    mode: Literal["form", "url"] = "form"
    """A form to fill in, or a page to visit."""
    requested_schema: Mapping[str, Any] | None = None
    """The form's JSON Schema (form mode)."""
    url: str | None = None
    """The page to visit (URL mode)."""
    elicitation_id: str | None = None
    """The server's id of a URL-mode question, for its completion notice."""
    tool: str | None = None
    """The tool whose call asks (its name as the caller knows it)."""
    server: str | None = None
    """The MCP server that asks, by its configured name."""


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class ElicitResult:
    """The user's answer to one `Elicitation`."""

    action: ElicitAction
    """``"accept"`` with `content` (none for URL mode), ``"decline"`` or ``"cancel"``."""
    content: Mapping[str, Any] | None = None
    """The form's values, for an accepted form."""

    @classmethod
    def accept(cls, content: Mapping[str, Any] | None = None) -> ElicitResult:
        """The user answered (with the form's values, for a form)."""
        return cls(action="accept", content=content)

    @classmethod
    def decline(cls) -> ElicitResult:
        """The user would not answer; the tool goes on without it."""
        return cls(action="decline")

    @classmethod
    def cancel(cls) -> ElicitResult:
        """The user gave up the call."""
        return cls(action="cancel")


ElicitHandler: TypeAlias = Callable[[Elicitation], "ElicitResult | Awaitable[ElicitResult]"]
"""Answers one question: a plain or an async function (``McpClient(on_elicit=...)``)."""

ElicitRound = Callable[[Sequence[Elicitation]], Awaitable[Mapping[str, ElicitResult]]]
"""Answers every question of one round together, by key (`CallContext.on_elicit`).

A server may ask several questions at once (MCP 2026-07-28 ``input_required``): a
round holds them all, in the server's order, so that a human sees them together.
"""


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class CallContext:
    """The channels a running tool may report on or ask through; any may be absent."""

    on_progress: ProgressCallback | None = None
    """Receives progress reports."""
    on_log: LogCallback | None = None
    """Receives log messages meant for the caller (not Python logging)."""
    on_elicit: ElicitRound | None = None
    """Answers the questions a tool's server asks the user; without it, the client's
    own ``on_elicit`` answers, or the question is declined."""
    log_level: LogLevel | None = None
    """The least severe level `on_log` wants (a client's ``logging/setLevel`` or its
    request's ``logLevel``); None when its caller did not say. A tool of an MCP
    server asks that server for its log messages from this level up."""


class ContextRaised(Exception):
    """Carries what a caller's own channel raised back through the tool call, unchanged.

    A question answered by stopping (a LangGraph interrupt, say) is the caller's
    business, not a failure of the tool: `Tool.ainvoke` raises `error` itself.
    """

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


class InputRequired(Exception):
    """The call stopped to wait for the user's answers; it will be made again with them.

    No failure of the tool: a server of MCP 2026-07-28 ends such a call with an
    ``input_required`` result, and its client calls again with the answers. An audit
    log records the round as ``input_required``, a trace without an error status.
    """


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


async def elicit(
    message: str, schema: Mapping[str, Any] | type[Any] | None = None, *, url: str | None = None
) -> ElicitResult:
    """Ask the user of the running tool's caller a question, and wait for the answer.

    Args:
        message: What to say to the user.
        schema: The form to fill in: a JSON Schema object of flat properties
            (strings, numbers, integers, booleans, enums), or a pydantic model class
            whose schema is that. Absent with `url`.
        url: Ask the user to visit this page instead (URL mode: a sign-in, a payment).

    Returns:
        The answer: ``accept`` (with the form's values, checked against `schema`),
        ``decline`` or ``cancel``. Without anybody to ask (no caller's channel, or a
        client that cannot be asked) the question is declined.

    Raises:
        ToolDefinitionError: `schema` is not a flat form, or both or neither of
            `schema` and `url` are given.
        ElicitationError: The accepted values do not match `schema`.
    """
    from toolbridge._asking import ask

    return await ask(message, schema, url=url)


@final
class ToolContext:
    """The running call's channels, for a tool that takes a parameter of this type.

    The parameter is left out of the tool's input schema and given when the tool
    runs::

        @tool
        async def book(restaurant: str, context: ToolContext) -> str:
            answer = await context.elicit("How many guests?", {...})
    """

    __slots__ = ()

    async def elicit(
        self,
        message: str,
        schema: Mapping[str, Any] | type[Any] | None = None,
        *,
        url: str | None = None,
    ) -> ElicitResult:
        """Ask the user a question (see `toolbridge.elicit`)."""
        return await elicit(message, schema, url=url)

    async def report_progress(
        self, progress: float, total: float | None = None, message: str | None = None
    ) -> None:
        """Report progress to the caller (see `toolbridge.report_progress`)."""
        await report_progress(progress, total, message)

    async def log(self, level: LogLevel, data: Any, *, logger: str | None = None) -> None:
        """Send a log message to the caller (see `toolbridge.send_log`)."""
        await send_log(level, data, logger=logger)

    def __repr__(self) -> str:
        return "ToolContext()"


TOOL_CONTEXT: Final = ToolContext()
"""The one `ToolContext`: its methods read the running call's context when called."""
