"""Run a canonical tool for a FastMCP request, its reports and questions sent to the client.

The tool runs in a toolbridge `CallContext` whose progress and logs go to the request's
client (`Route`). Questions the tool's server asks (a tool loaded from another MCP
server) go to the client too, when it declared elicitation: on a handshake-era
connection pushed as ``elicitation/create`` requests while the call runs; on a
2026-07-28 connection returned as an ``input_required`` result, the call waiting in
the event loop's `Table` until the client calls again with the answers
(`toolbridge_fastmcp._waiting`). A client that cannot answer leaves the question to
toolbridge's client (its own ``on_elicit``, else declined with a note in the result).
"""

from __future__ import annotations

import asyncio
from typing import Any

import mcp_types
from fastmcp.exceptions import ToolError
from fastmcp.server.context import Context
from fastmcp.server.dependencies import get_context

from toolbridge import CallContext, ElicitResult, Tool, ToolResult, call_context
from toolbridge_fastmcp._route import (
    Route,
    can_elicit,
    is_modern,
    to_elicit_request,
    to_elicit_result,
)
from toolbridge_fastmcp._waiting import Exchange, TableFullError, Waiting, table

__all__ = ["run_for_request"]


async def run_for_request(
    tool: Tool, name: str, arguments: dict[str, Any], *, answer_timeout: float
) -> ToolResult | mcp_types.InputRequiredResult:
    """Run `tool` (served as `name`) for the FastMCP request in progress, if any.

    Raises:
        ToolError: Answers came for no call of this tool waiting for them, an answer
            is not an elicitation result, or too many calls wait for answers already.
    """
    ctx = _request()
    if ctx is None:  # called in process (server.call_tool), not by a client
        return await tool.ainvoke(arguments)
    if is_modern(ctx) and (ctx.request_state is not None or can_elicit(ctx)):
        return await _run_in_rounds(ctx, tool, name, arguments, answer_timeout)
    route = Route()
    route.attach(ctx)
    try:
        with call_context(route.context(ask=can_elicit(ctx) and not is_modern(ctx))):
            return await tool.ainvoke(arguments)
    finally:
        route.detach()


def _request() -> Context | None:
    try:
        ctx = get_context()
    except RuntimeError:
        return None
    return ctx if ctx.request_context is not None else None


async def _run_in_rounds(
    ctx: Context, tool: Tool, name: str, arguments: dict[str, Any], answer_timeout: float
) -> ToolResult | mcp_types.InputRequiredResult:
    waiting_calls = table()
    state = ctx.request_state
    if state is None:
        waiting = _start(tool, name, arguments)
    else:
        resumed = _resume(ctx, name, state, answer_timeout)
        if isinstance(resumed, mcp_types.InputRequiredResult):
            return resumed
        waiting = resumed
    waiting.route.attach(ctx)
    try:
        while True:
            outcome = await waiting.exchange.outcome(waiting.call)
            if isinstance(outcome, ToolResult):
                return outcome
            waiting.asked = tuple(item for item in outcome if can_elicit(ctx, item.mode))
            # What the client declared no way to answer is declined without asking.
            waiting.answered = {
                item.key: ElicitResult.decline() for item in outcome if item not in waiting.asked
            }
            if waiting.asked:
                break
            waiting.exchange.answer(waiting.answered)
    except BaseException:
        waiting.call.cancel()  # this request failed or was cancelled: so is the call
        raise
    finally:
        waiting.route.detach()
    try:
        key = waiting_calls.park(waiting, answer_timeout)
    except TableFullError as error:
        waiting.call.cancel()
        raise ToolError(f"tool {name!r} asked its client, but {error}; try again later") from None
    return _asking(waiting, key)


def _start(tool: Tool, name: str, arguments: dict[str, Any]) -> Waiting:
    route = Route()
    exchange = Exchange()
    channels = CallContext(on_progress=route.progress, on_log=route.log, on_elicit=exchange.ask)

    async def call() -> ToolResult:
        with call_context(channels):
            return await tool.ainvoke(arguments)

    return Waiting(
        tool=name,
        call=asyncio.create_task(call(), name=f"toolbridge-fastmcp {name}"),
        exchange=exchange,
        route=route,
    )


def _resume(
    ctx: Context, name: str, state: str, answer_timeout: float
) -> Waiting | mcp_types.InputRequiredResult:
    """The waiting call `state` names, given the client's answers.

    Or its questions again, under a new id, when the client did not answer them all.
    The MCP SDK seals the state FastMCP returns and binds it to the tool, its arguments
    and the caller: a state comes back only with the call that asked.
    """
    waiting_calls = table()
    waiting = waiting_calls.take(state)
    if waiting is None or waiting.tool != name:
        if waiting is not None:  # another tool's state: not this call's to end
            waiting_calls.park(waiting, answer_timeout, key=state)
        raise ToolError(
            f"tool {name!r} was called with answers for no call waiting for them: its "
            f"questions were answered already, or waited longer than {answer_timeout:g} s "
            "and were cancelled; call it again without answers"
        )
    responses = ctx.input_responses or {}
    answers = dict(waiting.answered)
    for question in waiting.asked:
        response = responses.get(question.key)
        if response is None:  # not all answered: ask again
            return _asking(waiting, waiting_calls.park(waiting, answer_timeout))
        try:
            answers[question.key] = to_elicit_result(response)
        except ValueError as error:
            waiting.call.cancel()
            raise ToolError(
                f"tool {name!r}: the answer to question {question.key!r} is unusable: {error}"
            ) from None
    waiting.exchange.answer(answers)
    return waiting


def _asking(waiting: Waiting, key: str) -> mcp_types.InputRequiredResult:
    return mcp_types.InputRequiredResult(
        input_requests={item.key: to_elicit_request(item) for item in waiting.asked},
        request_state=key,
    )
