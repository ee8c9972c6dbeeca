"""Run every tool call of a model's response and shape the answers for the same provider.

Everything a call needs to be answered is checked before any tool runs: the
response must be that provider's shape, and where the provider pairs results with
calls by id (OpenAI, Anthropic, Bedrock), every call must carry a string id. A
response failing that is refused whole with `ToolCallError`, and nothing runs: a
result that could not be sent back would be lost after its side effects happened.

Past that, whatever goes wrong with one call becomes an error result the model can
read and correct, never an exception, and never the neighbours' loss: a call with
no name or malformed arguments, an unknown tool, invalid arguments (the issues with
their JSON paths), a refusal, a tool that raised or timed out, a result the provider
cannot carry. The tool does not run unless its arguments are valid. Calls run
concurrently (the model asked for them together); results keep the calls' order.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Never, final

from toolbridge._call import PROVIDERS, TITLES, CallRestorer, Provider, ToolCall
from toolbridge._result import ToolResult
from toolbridge._tool import Tool
from toolbridge.calls._fields import bounded, shown
from toolbridge.calls._parse import locate_calls, read_call
from toolbridge.calls._shape import result_message
from toolbridge.calls._turns import results_turn
from toolbridge.errors import ConfigError, ConversionError, ToolbridgeError, ToolCallError
from toolbridge.toolsets import ANONYMOUS, Identity, StaticToolset, Toolset

__all__ = [
    "ExecutedCalls",
    "aexecute_tool_calls",
    "answer_calls",
    "check_options",
    "execute_tool_calls",
    "toolset_of",
]

ERROR_TEXT_LIMIT: Final = 4_000
"""The most characters of an error an error result carries: the model's own input
(a name, an argument's key) is echoed in some, and a model may send megabytes."""

_OPTIONS: Final = ("conversion", "identity", "timeout", "parallel")


@final
@dataclass(frozen=True, slots=True)
class ExecutedCalls:
    """The calls a response held, what each gave, and the messages that answer them."""

    calls: tuple[ToolCall, ...]
    """The calls as the model made them, in order (a call that could not be read is
    named as far as it could be, ``unknown`` when it had no usable name)."""
    results: tuple[ToolResult, ...]
    """One result per call, in the same order (errors included): what the tool gave,
    even where its message had to say instead that the provider cannot carry it."""
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
    **unknown: Never,
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
        **unknown: Nothing else is taken: an unknown keyword is a `ConfigError`.

    Raises:
        ToolCallError: Before any tool runs: `response` is not a message of that
            provider (another provider's shape is named), or holds a call that could
            not be answered (no string id where the provider pairs results by id).
            A call with no name or malformed arguments is answered with an error
            result instead, and its neighbours run.
        ConfigError: Before anything runs: an unknown provider or option, `tools` not
            tools, an unusable `conversion`, `identity`, `timeout` or `parallel`.
    """
    check_options(unknown, _OPTIONS, provider, conversion, identity, timeout)
    if not isinstance(parallel, bool):
        raise ConfigError(f"parallel must be True or False, got {shown(parallel)}")
    return await answer_calls(
        response,
        provider,
        toolset_of(tools),
        conversion=conversion,
        identity=identity or ANONYMOUS,
        timeout=timeout,
        parallel=parallel,
    )


def execute_tool_calls(
    response: object,
    provider: Provider,
    tools: Toolset | Iterable[Tool],
    *,
    conversion: CallRestorer | None = None,
    identity: Identity | None = None,
    timeout: float | None = None,
    parallel: bool = True,
    **unknown: Never,
) -> ExecutedCalls:
    """`aexecute_tool_calls` from sync code (in a fresh event loop; not inside a running one).

    Raises:
        SyncInvocationError: An event loop is already running in this thread.
        ToolCallError: See `aexecute_tool_calls`.
        ConfigError: See `aexecute_tool_calls`.
    """
    from toolbridge._runtime import run_coroutine

    check_options(unknown, _OPTIONS, provider, conversion, identity, timeout)
    return run_coroutine(
        lambda: aexecute_tool_calls(
            response,
            provider,
            tools,
            conversion=conversion,
            identity=identity,
            timeout=timeout,
            parallel=parallel,
        ),
        timeout=None,
        tool_name="tool calls",
    )


# -- shared with the loop --------------------------------------------------------------


def check_options(
    unknown: Mapping[str, object],
    known: tuple[str, ...],
    provider: object,
    conversion: object,
    identity: object,
    timeout: object,
) -> None:
    """Refuse options nothing could run with, before anything runs.

    Raises:
        ConfigError: An unknown option or provider; a `conversion` without
            ``restore_call``; an `identity` that is not an `Identity`; a `timeout`
            that is not a positive number of seconds.
    """
    if unknown:
        names = ", ".join(shown(name) for name in unknown)
        raise ConfigError(f"unknown option {names}; the options are {', '.join(known)}")
    if provider not in PROVIDERS:
        raise ConfigError(f"unknown provider {shown(provider)}; expected one of {list(PROVIDERS)}")
    if conversion is not None and not callable(getattr(conversion, "restore_call", None)):
        raise ConfigError(
            "conversion must be the toolbridge.formats.Conversion that made the tools "
            f"(anything with restore_call), got {type(conversion).__name__}"
        )
    if identity is not None and not isinstance(identity, Identity):
        raise ConfigError(f"identity must be an Identity, got {type(identity).__name__}")
    if timeout is not None and not (
        isinstance(timeout, (int, float))
        and not isinstance(timeout, bool)
        and 0 < timeout < math.inf
    ):
        raise ConfigError(f"timeout must be a positive number of seconds, got {shown(timeout)}")


def toolset_of(tools: object) -> Toolset:
    """`tools` as a toolset.

    Raises:
        ConfigError: Not a `Toolset` or an iterable of `Tool`s with unique names.
    """
    if isinstance(tools, Toolset):
        return tools
    if isinstance(tools, (str, bytes, Mapping)) or not isinstance(tools, Iterable):
        raise ConfigError(f"tools must be a Toolset or a list of Tools, got {type(tools).__name__}")
    return StaticToolset(tools)


async def answer_calls(
    response: object,
    provider: Provider,
    toolset: Toolset,
    *,
    conversion: CallRestorer | None,
    identity: Identity,
    timeout: float | None,
    parallel: bool,
) -> ExecutedCalls:
    """Read every call (refusing the response before anything runs), run, answer each."""
    calls, unreadable = _read_calls(response, provider)

    async def answer(index: int, call: ToolCall) -> tuple[ToolResult, dict[str, Any]]:
        if index not in unreadable:
            result = await _run(call, toolset, conversion, identity, timeout)
            return result, _reply(result, call)
        error, answer_type = unreadable[index]
        result = _error(f"the call could not be read: {error}")
        reply = _reply(result, call)
        return result, reply if answer_type is None else {**reply, "type": answer_type}

    if parallel:
        answers = await asyncio.gather(*(answer(i, call) for i, call in enumerate(calls)))
    else:
        answers = [await answer(i, call) for i, call in enumerate(calls)]
    results = tuple(result for result, _ in answers)
    replies = [reply for _, reply in answers]
    return ExecutedCalls(tuple(calls), results, results_turn(replies, provider))


# -- one call -------------------------------------------------------------------------


def _read_calls(
    response: object, provider: Provider
) -> tuple[list[ToolCall], dict[int, tuple[ToolCallError, str | None]]]:
    """The calls, and for each one that could not be read, why and what answers it.

    Locating the calls raises for the whole response (nothing has run yet); reading
    one call's name and arguments, or an unsupported kind of call, concerns that call
    alone, which is then answered with an error result under the id it came with (in
    the item type its kind needs, when that is not the provider's usual one).
    """
    calls: list[ToolCall] = []
    unreadable: dict[int, tuple[ToolCallError, str | None]] = {}
    for raw in locate_calls(response, provider):
        try:
            calls.append(read_call(raw))
        except ToolCallError as error:
            unreadable[len(calls)] = error, raw.answer_type
            calls.append(ToolCall(id=raw.id, name=raw.name or "unknown", provider=provider))
    return calls, unreadable


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
        return _error(str(error))


def _error(message: str) -> ToolResult:
    return ToolResult.from_error(bounded(message, ERROR_TEXT_LIMIT))


def _reply(result: ToolResult, call: ToolCall) -> dict[str, Any]:
    """The message answering `call`; an error saying why when `result` cannot be carried.

    Every call reaching here has what its provider pairs results on, so an error
    result (text only) can always be shaped.
    """
    try:
        return result_message(result, call)
    except ConversionError as error:
        target = TITLES[call.provider]
        note = _error(f"the tool ran, but its result cannot be sent to {target}: {error}")
        return result_message(note, call)
