"""The tool loop: ask the model, run the tools it called, answer, until it answers alone.

`run_tools_loop` does not hide the provider's SDK: the caller passes a function that
sends the conversation so far with the SDK (its model, its tools in the provider's
format, its options) and returns the response. The loop appends the model's turn and
the tool results in the provider's shape, and stops on a response without tool
calls or after `max_turns` model calls.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, Never, final

from toolbridge._call import CallRestorer, Provider
from toolbridge._tool import Tool
from toolbridge.calls._execute import ExecutedCalls, answer_calls, check_options, toolset_of
from toolbridge.calls._fields import shown
from toolbridge.calls._turns import model_turn
from toolbridge.errors import ConfigError
from toolbridge.toolsets import ANONYMOUS, Identity, Toolset

__all__ = ["LoopResult", "arun_tools_loop", "run_tools_loop"]

ModelCall = Callable[[list[Any]], Any]
"""Sends the conversation (a list of messages, or Responses input items) to the model
and returns its response; may be async."""

_OPTIONS: Final = ("max_turns", "conversion", "identity", "timeout")


@final
@dataclass(frozen=True, slots=True)
class LoopResult:
    """How a tool loop ended."""

    response: Any
    """The model's last response (its final answer, unless the turn limit stopped it)."""
    messages: list[Any]
    """The whole conversation: the messages given, then every turn the loop added."""
    turns: tuple[ExecutedCalls, ...]
    """The tool calls of each turn, with their results."""
    stopped: Literal["answer", "max_turns"]
    """``"answer"``: the model answered without calling tools; ``"max_turns"``: it was
    still calling tools when the limit was reached."""


async def arun_tools_loop(
    call_model: ModelCall,
    messages: Sequence[Any],
    tools: Toolset | Iterable[Tool],
    provider: Provider,
    *,
    max_turns: int = 10,
    conversion: CallRestorer | None = None,
    identity: Identity | None = None,
    timeout: float | None = None,
    **unknown: Never,
) -> LoopResult:
    """Call the model, run its tool calls, append the results; repeat until it answers.

    Args:
        call_model: Sends a conversation with the SDK and returns the response
            (sync or async). It receives a new list each turn.
        messages: The conversation so far (never changed: the loop works on a copy).
        tools: The tools (or a `Toolset`) the calls run on.
        provider: The response format (not ``mcp``).
        max_turns: The most model calls.
        conversion: The `toolbridge.formats.Conversion` that made the tools sent.
        identity: The caller, for a toolset's policies.
        timeout: Seconds each tool call may take.
        **unknown: Nothing else is taken: an unknown keyword is a `ConfigError`.

    Raises:
        ConfigError: Before the model is called: an unknown option, `provider` is
            unknown or has no conversation turns, `max_turns` is not an integer of at
            least 1, `call_model` is not callable, `messages` is not a list, or the
            rest is unusable as for `aexecute_tool_calls`.
        ToolCallError: A response is not that provider's shape, or holds a call that
            could not be answered (see `aexecute_tool_calls`); no tool of that
            response has run.
    """
    _check(unknown, call_model, messages, provider, max_turns, conversion, identity, timeout)
    toolset = toolset_of(tools)
    history = list(messages)
    turns: list[ExecutedCalls] = []
    response: Any = None
    for _ in range(max_turns):
        response = call_model(list(history))
        if inspect.isawaitable(response):
            response = await response
        history.extend(model_turn(response, provider))
        executed = await answer_calls(
            response,
            provider,
            toolset,
            conversion=conversion,
            identity=identity or ANONYMOUS,
            timeout=timeout,
            parallel=True,
        )
        if not executed:
            return LoopResult(response, history, tuple(turns), "answer")
        turns.append(executed)
        history.extend(executed.messages)
    return LoopResult(response, history, tuple(turns), "max_turns")


def run_tools_loop(
    call_model: Callable[[list[Any]], Any],
    messages: Sequence[Any],
    tools: Toolset | Iterable[Tool],
    provider: Provider,
    *,
    max_turns: int = 10,
    conversion: CallRestorer | None = None,
    identity: Identity | None = None,
    timeout: float | None = None,
    **unknown: Never,
) -> LoopResult:
    """`arun_tools_loop` from sync code, with a sync `call_model`.

    Raises:
        SyncInvocationError: An event loop is already running in this thread.
        ConfigError: See `arun_tools_loop`.
        ToolCallError: See `arun_tools_loop`.
    """
    from toolbridge._runtime import run_coroutine

    _check(unknown, call_model, messages, provider, max_turns, conversion, identity, timeout)
    return run_coroutine(
        lambda: arun_tools_loop(
            call_model,
            messages,
            tools,
            provider,
            max_turns=max_turns,
            conversion=conversion,
            identity=identity,
            timeout=timeout,
        ),
        timeout=None,
        tool_name="the tool loop",
    )


def _check(
    unknown: Mapping[str, object],
    call_model: object,
    messages: object,
    provider: object,
    max_turns: object,
    conversion: object,
    identity: object,
    timeout: object,
) -> None:
    check_options(unknown, _OPTIONS, provider, conversion, identity, timeout)
    if provider == "mcp":
        raise ConfigError("MCP has no model turns: run_tools_loop takes a model provider")
    if not isinstance(max_turns, int) or isinstance(max_turns, bool) or max_turns < 1:
        raise ConfigError(f"max_turns must be an integer of at least 1, got {shown(max_turns)}")
    if not callable(call_model):
        raise ConfigError(f"call_model must be callable, got {type(call_model).__name__}")
    if not isinstance(messages, Sequence) or isinstance(messages, (str, bytes, bytearray)):
        raise ConfigError(f"messages must be a list of messages, got {type(messages).__name__}")
