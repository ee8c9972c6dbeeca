"""Run every tool call of a model's response and shape the answers for the same provider.

Whatever goes wrong with one call becomes an error result the model can read and
correct, never an exception: a malformed call, an unknown tool, invalid arguments
(the issues with their JSON paths), a refusal, a tool that raised or timed out. The
tool does not run unless its arguments are valid. Calls run concurrently (the model
asked for them together); results keep the calls' order.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, final

from toolbridge._result import ToolResult
from toolbridge._tool import Tool
from toolbridge.calls._call import CallRestorer, Provider, ToolCall
from toolbridge.calls._fields import plain
from toolbridge.calls._parse import parse_tool_calls
from toolbridge.calls._shape import result_message
from toolbridge.calls._turns import results_turn
from toolbridge.errors import ToolbridgeError, ToolCallError
from toolbridge.toolsets._base import Toolset
from toolbridge.toolsets._identity import ANONYMOUS, Identity
from toolbridge.toolsets._static import StaticToolset

__all__ = ["ExecutedCalls", "aexecute_tool_calls", "execute_tool_calls"]


@final
@dataclass(frozen=True, slots=True)
class ExecutedCalls:
    """The calls a response held, what each gave, and the messages that answer them."""

    calls: tuple[ToolCall, ...]
    """The calls as the model made them, in order."""
    results: tuple[ToolResult, ...]
    """One result per call, in the same order (errors included)."""
    messages: list[dict[str, Any]]
    """What to append to the conversation, in the provider's shape (see `results_turn`)."""

    def __bool__(self) -> bool:
        return bool(self.calls)


async def aexecute_tool_calls(
    response: object,
    provider: Provider,
    tools: Toolset | Iterable[Tool],
    *,
    conversion: CallRestorer | None = None,
    identity: Identity | None = None,
    timeout: float | None = None,
    parallel: bool = True,
) -> ExecutedCalls:
    """Run the tool calls in `response` with `tools`; shape the results for `provider`.

    Args:
        response: The model's response (a dict or the SDK's object), or anything
            `parse_tool_calls` reads for `provider`.
        provider: Its format: ``openai``, ``openai-responses``, ``anthropic``,
            ``gemini``, ``bedrock`` or ``mcp``.
        tools: The tools the model was given, or a `Toolset` (its policies and audit
            apply for `identity`).
        conversion: The `toolbridge.formats.Conversion` that made the tools the model
            saw: calls are mapped back through it (renamed tools, strict mode's nulls,
            Gemini's string enums).
        identity: The caller, for a toolset's policies.
        timeout: Seconds each call may take.
        parallel: Run the calls concurrently (default) or one after another.

    Raises:
        ToolCallError: `response` is not a message of that provider at all. (A single
            malformed call is answered with an error result instead.)
    """
    toolset = tools if isinstance(tools, Toolset) else StaticToolset(tools)
    calls, broken = _read_calls(response, provider)
    caller = identity or ANONYMOUS

    async def answer(index: int, call: ToolCall) -> ToolResult:
        if index in broken:
            return ToolResult.from_error(broken[index])
        return await _run(call, toolset, conversion, caller, timeout)

    if parallel:
        results = await asyncio.gather(*(answer(i, call) for i, call in enumerate(calls)))
    else:
        results = [await answer(i, call) for i, call in enumerate(calls)]
    replies = [result_message(result, call) for call, result in zip(calls, results, strict=True)]
    return ExecutedCalls(tuple(calls), tuple(results), results_turn(replies, provider))


def execute_tool_calls(
    response: object,
    provider: Provider,
    tools: Toolset | Iterable[Tool],
    **options: Any,
) -> ExecutedCalls:
    """`aexecute_tool_calls` from sync code (in a fresh event loop; not inside a running one).

    Raises:
        SyncInvocationError: An event loop is already running in this thread.
        ToolCallError: See `aexecute_tool_calls`.
    """
    from toolbridge._runtime import run_coroutine

    return run_coroutine(
        lambda: aexecute_tool_calls(response, provider, tools, **options),
        timeout=None,
        tool_name="tool calls",
    )


async def _run(
    call: ToolCall,
    toolset: Toolset,
    conversion: CallRestorer | None,
    identity: Identity,
    timeout: float | None,
) -> ToolResult:
    try:
        restored = call if conversion is None else conversion.restore_call(call)
        return await toolset.call(
            restored.name,
            dict(restored.arguments),
            identity=identity,
            timeout=timeout,
            call_id=call.id,
        )
    except ToolbridgeError as error:
        return ToolResult.from_error(str(error))


def _read_calls(response: object, provider: Provider) -> tuple[list[ToolCall], dict[int, str]]:
    """The calls, and for each one that could not be read, why (it gets an error result).

    OpenAI sends arguments as JSON text a model may have malformed; one bad call must
    not lose the others, so on a parse failure each call is read on its own.
    """
    try:
        return list(parse_tool_calls(response, provider)), {}
    except ToolCallError:
        entries = _raw_calls(response, provider)
        if entries is None:
            raise
    calls: list[ToolCall] = []
    broken: dict[int, str] = {}
    for entry in entries:
        try:
            calls.extend(parse_tool_calls(entry, provider))
        except ToolCallError as error:
            name, call_id = _loose_name_and_id(entry, provider)
            calls.append(ToolCall(id=call_id, name=name or "unknown", provider=provider))
            broken[len(calls) - 1] = f"the call could not be read: {error}"
    return calls, broken


def _raw_calls(response: object, provider: Provider) -> list[Any] | None:
    """The raw call entries of an OpenAI response, to read one by one; None otherwise."""
    data = plain(response)
    if not isinstance(data, Mapping):
        return None
    try:
        if provider == "openai":
            message = data["choices"][0]["message"] if "choices" in data else data
            return list(message.get("tool_calls") or [])
        if provider == "openai-responses":
            return [item for item in data["output"] if item.get("type") == "function_call"]
    except (KeyError, IndexError, TypeError, AttributeError):
        return None
    return None


def _loose_name_and_id(entry: Any, provider: Provider) -> tuple[str | None, str | None]:
    if not isinstance(entry, Mapping):
        return None, None
    if provider == "openai":
        function = entry.get("function")
        name = function.get("name") if isinstance(function, Mapping) else None
        call_id = entry.get("id")
    else:
        name, call_id = entry.get("name"), entry.get("call_id")
    return (
        name if isinstance(name, str) and name else None,
        call_id if isinstance(call_id, str) else None,
    )
