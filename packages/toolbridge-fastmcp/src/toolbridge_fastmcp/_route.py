"""Where a running canonical tool's reports and questions go: the FastMCP request serving it.

A canonical tool reports through toolbridge's `CallContext` (``report_progress``,
``send_log``), and a tool loaded from another MCP server forwards its server's
progress and questions there too. `Route` makes the `CallContext` that sends them to
the client of the FastMCP request running the tool, through that request's FastMCP
``Context``: ``ctx.report_progress``, ``ctx.log`` and, on a handshake-era connection,
``ctx.session.elicit`` / ``elicit_url``.

Those callbacks may run in another task than the tool (the MCP SDK's session task
delivers an upstream server's notifications and requests), where FastMCP's request
contextvars are not set; so each runs in a copy of the request's own context, taken
when the request attached. A call that outlives a request (one waiting for its
client's answers on a 2026-07-28 connection) is detached between requests: what it
reports then is dropped, as no request is there to carry it.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import json
import warnings
from collections.abc import Awaitable, Callable, Coroutine, Generator, Mapping, Sequence
from typing import Any, Generic, TypeVar, cast, final

import mcp_types
from fastmcp.server.context import Context
from mcp.shared.exceptions import MCPDeprecationWarning
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from toolbridge import CallContext, Elicitation, ElicitResult, thaw

__all__ = ["Route", "can_elicit", "is_modern", "to_elicit_request", "to_elicit_result"]

_T = TypeVar("_T")


@final
class Route:
    """The FastMCP request a running tool reports to, while one is attached."""

    def __init__(self) -> None:
        self._ctx: Context | None = None
        self._request: contextvars.Context | None = None

    def attach(self, ctx: Context) -> None:
        """Send what the tool reports to the request `ctx` serves (called in its task)."""
        self._ctx = ctx
        self._request = contextvars.copy_context()

    def detach(self) -> None:
        """Drop what the tool reports until a request attaches again."""
        self._ctx = None
        self._request = None

    def context(self, *, ask: bool) -> CallContext:
        """The channels for the tool: progress, logs and, if `ask`, questions.

        Questions are pushed to the client: only for a handshake-era connection whose
        client declared elicitation.
        """
        return CallContext(
            on_progress=self.progress,
            on_log=self.log,
            on_elicit=self.push_round if ask else None,
        )

    async def progress(self, progress: float, total: float | None, message: str | None) -> None:
        """Report progress to the request's client (``ctx.report_progress``)."""
        await self._in_request(lambda ctx: ctx.report_progress(progress, total, message))

    async def log(self, level: mcp_types.LoggingLevel, data: Any, logger: str | None) -> None:
        """Send a log message to the request's client (``ctx.log``, honouring its level).

        FastMCP's log data is ``{"msg": ..., "extra": ...}``: a mapping of that shape
        keeps its parts, and any other value is sent as its text (JSON unless a string).
        """
        if isinstance(data, Mapping) and isinstance(data.get("msg"), str):
            extra = data.get("extra")
            msg: str = data["msg"]
            extras = dict(extra) if isinstance(extra, Mapping) else None
        else:
            msg = data if isinstance(data, str) else json.dumps(thaw(data), default=str)
            extras = None
        await self._in_request(
            lambda ctx: _Quiet(ctx.log(msg, level=level, logger_name=logger, extra=extras))
        )

    async def push_round(self, questions: Sequence[Elicitation]) -> Mapping[str, ElicitResult]:
        """Ask the request's client each question in turn (``elicitation/create``)."""
        answers: dict[str, ElicitResult] = {}
        for question in questions:
            answer = await self._in_request(functools.partial(_push, question=question))
            # Detached: the request has ended, so nobody is left to answer.
            answers[question.key] = answer if answer is not None else ElicitResult.cancel()
        return answers

    async def _in_request(self, send: Callable[[Context], Awaitable[_T]]) -> _T | None:
        ctx, request = self._ctx, self._request
        if ctx is None or request is None:
            return None
        # FastMCP's Context reads the request from contextvars: run in a copy of the
        # request's own, wherever the callback was called from.
        return await asyncio.create_task(_awaited(send(ctx)), context=request.copy())


async def _awaited(pending: Awaitable[_T]) -> _T:
    return await pending


@final
class _Quiet(Generic[_T]):
    """Awaits a coroutine with MCP's deprecation warning silenced in each of its steps.

    MCP 2026-07-28 deprecates logging, and the SDK warns on every message a server
    sends (toolbridge's own server silences it too). Each step runs synchronously, so
    the filter holds for that step only, never across the steps of other tasks.
    """

    def __init__(self, coroutine: Coroutine[Any, Any, _T]) -> None:
        self._coroutine = coroutine

    def __await__(self) -> Generator[Any, Any, _T]:
        coroutine = self._coroutine
        sent: Any = None
        thrown: BaseException | None = None
        while True:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", MCPDeprecationWarning)
                try:
                    yielded = coroutine.send(sent) if thrown is None else coroutine.throw(thrown)
                except StopIteration as stop:
                    return cast(_T, stop.value)
            try:
                sent, thrown = (yield yielded), None
            except BaseException as error:  # delivered into the coroutine, as await does
                sent, thrown = None, error


async def _push(ctx: Context, *, question: Elicitation) -> ElicitResult:
    if not can_elicit(ctx, question.mode):
        return ElicitResult.decline()  # the client declared no way to answer this kind
    if question.mode == "url":
        answer = await ctx.session.elicit_url(
            message=question.message,
            url=question.url or "",
            elicitation_id=question.elicitation_id or question.key,
            related_request_id=ctx.request_id,
        )
    else:
        answer = await ctx.session.elicit_form(
            message=question.message,
            requested_schema=_schema(question),
            related_request_id=ctx.request_id,
        )
    return to_elicit_result(answer)


def is_modern(ctx: Context) -> bool:
    """Whether the request came on a 2026-07-28 connection (no server-to-client requests)."""
    request = ctx.request_context
    return request is not None and request.protocol_version in MODERN_PROTOCOL_VERSIONS


def can_elicit(ctx: Context, mode: str | None = None) -> bool:
    """Whether the request's client declared elicitation (of `mode`, if given).

    An empty ``elicitation`` capability means form mode (MCP 2025-06-18's shape).
    """
    if ctx.request_context is None:
        return False
    capabilities = ctx.session.client_capabilities
    declared = capabilities.elicitation if capabilities is not None else None
    if declared is None:
        return False
    if mode is None:
        return True
    if mode == "url":
        return declared.url is not None
    return declared.form is not None or declared.url is None


def to_elicit_request(question: Elicitation) -> mcp_types.ElicitRequest:
    """`question` as the MCP request that asks it."""
    params: mcp_types.ElicitRequestParams
    if question.mode == "url":
        params = mcp_types.ElicitRequestURLParams(
            message=question.message,
            url=question.url or "",
            elicitation_id=question.elicitation_id or question.key,
        )
    else:
        params = mcp_types.ElicitRequestFormParams(
            message=question.message, requested_schema=_schema(question)
        )
    return mcp_types.ElicitRequest(params=params)


def to_elicit_result(answer: object) -> ElicitResult:
    """A client's answer to an elicitation (the SDK's model or its wire dict) as toolbridge's.

    Raises:
        ValueError: `answer` is not an elicitation result.
    """
    if isinstance(answer, mcp_types.ElicitResult):
        action: object = answer.action
        content: object = answer.content
    elif isinstance(answer, Mapping):
        action, content = answer.get("action"), answer.get("content")
    else:
        raise ValueError(f"{type(answer).__name__} is not an elicitation result")
    if action == "accept":
        return ElicitResult.accept(dict(content) if isinstance(content, Mapping) else None)
    if action == "decline":
        return ElicitResult.decline()
    if action == "cancel":
        return ElicitResult.cancel()
    raise ValueError(f"action {str(action)[:50]!r} is not accept, decline or cancel")


def _schema(question: Elicitation) -> dict[str, Any]:
    schema = question.requested_schema
    if schema is None:
        return {"type": "object", "properties": {}}
    return dict(thaw(schema))
