"""Canonical tools to and from the OpenAI Agents SDK's ``FunctionTool``, both ways.

To the SDK: the parameters are toolbridge's OpenAI conversion of the input schema.
Strict mode is on only when the strict conversion is lossless: it drops, moves into the
description or truncates nothing the non-strict one keeps, bar keywords that validate
nothing (``default``, ``title``, ...; optional properties made nullable are mapped back,
so defaults still apply); otherwise the tool is sent non-strict and the reason is in
``ToolbridgeFunctionTool.report``. Each call parses the model's JSON, maps strict
arguments back to the tool's own shape (nulls removed), validates them and runs the
tool; invalid JSON or arguments, a tool that fails and an ``isError`` result come back
to the model as a text it can correct itself from, as the SDK expects of tool errors.
Images and files in a result reach the model as the SDK's structured tool outputs
(`toolbridge_openai_agents._output`), and a server's questions to the user go to the
``on_elicit`` handler (`toolbridge.answering`). The canonical tool travels
with the ``FunctionTool``, so converting back gives it unchanged.

From the SDK: any ``FunctionTool`` (``@function_tool``-made or built by hand) becomes a
canonical tool whose input schema is ``params_json_schema`` and whose invoker calls
``on_invoke_tool`` with the arguments as JSON.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, overload

from agents import FunctionTool
from agents.tool_context import ToolContext

from toolbridge import (
    ConfigError,
    ConversionError,
    ElicitHandler,
    Tool,
    ToolbridgeError,
    ToolResult,
    answering,
)
from toolbridge.formats import convert, tools_given
from toolbridge.plugins import call_async, call_sync
from toolbridge.schema import LossAction, LossEntry
from toolbridge_openai_agents._output import ToolOutput, from_tool_output, to_tool_output

__all__ = ["ToolbridgeFunctionTool", "from_openai_agents", "to_openai_agents"]

_LOSSY = frozenset({LossAction.DROPPED, LossAction.MOVED_TO_DESCRIPTION, LossAction.TRUNCATED})
_NO_MEANING = frozenset({"default", "title", "examples", "$comment", "deprecated"})
"""Keywords that validate nothing: said in words instead, nothing is lost (a strict
null for an optional property is mapped back, so its default still applies)."""


@dataclass
class ToolbridgeFunctionTool(FunctionTool):
    """A ``FunctionTool`` made by toolbridge: it keeps its canonical tool and report."""

    toolbridge_tool: Tool | None = field(default=None, kw_only=True)
    """The canonical tool it runs."""
    report: tuple[LossEntry, ...] = field(default=(), kw_only=True)
    """What the conversion changed; a strict conversion that would lose something is
    listed here with the reason strict mode is off."""


@overload
def to_openai_agents(
    tools: Tool, /, *, strict: bool | None = None, on_elicit: ElicitHandler | None = None
) -> ToolbridgeFunctionTool: ...
@overload
def to_openai_agents(
    tools: Iterable[Tool], /, *, strict: bool | None = None, on_elicit: ElicitHandler | None = None
) -> list[ToolbridgeFunctionTool]: ...
def to_openai_agents(
    tools: Tool | Iterable[Tool],
    /,
    *,
    strict: bool | None = None,
    on_elicit: ElicitHandler | None = None,
) -> ToolbridgeFunctionTool | list[ToolbridgeFunctionTool]:
    """Canonical tools as the Agents SDK's function tools.

    Args:
        tools: One tool or an iterable of them.
        strict: ``None`` (default) turns strict mode on where it is lossless;
            ``False`` never; ``True`` asks for it, still only where lossless (the
            report says why not elsewhere).
        on_elicit: Answers the questions a tool's MCP server asks the user while the
            tool runs (a plain or async function of a `toolbridge.Elicitation`
            returning a `toolbridge.ElicitResult`; a plain one runs in a worker
            thread). Without it, a `toolbridge.CallContext` set around the run
            answers, else the MCP client's ``on_elicit``, else the question is
            declined. What the handler raises, or a wrong answer, ends the run.

    Raises:
        ConversionError: Something other than tools, or a tool no OpenAI conversion
            can write.
        ConfigError: `on_elicit` is not a function.
    """
    handler = _checked(on_elicit)
    listed, single = tools_given(tools, "to_openai_agents")
    made = [_function_tool(item, strict, handler) for item in listed]
    return made[0] if single else made


def _function_tool(
    tool: Tool, strict: bool | None, on_elicit: ElicitHandler | None
) -> ToolbridgeFunctionTool:
    plain = convert(tool, "openai", strict=False)
    conversion, report = plain, plain.report
    if strict is not False:
        strict_conversion = convert(tool, "openai", strict=True)
        added = _losses(strict_conversion) - _losses(plain)
        if tool.name in strict_conversion.strict and not added:
            conversion, report = strict_conversion, strict_conversion.report
        else:
            lost = [entry.detail for entry in strict_conversion.report if _key(entry) in added]
            why = "; ".join(lost[:3]) or "the schema cannot be strict"
            report = (
                *plain.report,
                LossEntry(
                    tool=tool.name,
                    path=(),
                    keyword="strict",
                    action=LossAction.REWRITTEN,
                    detail=f"sent non-strict: strict mode would lose meaning ({why})",
                ),
            )
    function = conversion.output["function"]

    async def on_invoke_tool(context: ToolContext[Any], input_json: str) -> ToolOutput:
        try:
            arguments = json.loads(input_json or "{}")
        except ValueError as error:
            return f"Error: the arguments are not valid JSON ({error}); send a JSON object."
        if not isinstance(arguments, dict):
            return "Error: the arguments must be a JSON object."
        restored = conversion.restore_arguments(tool.name, arguments)
        with answering(on_elicit) as asker:
            try:
                result = await tool.ainvoke(restored)
            except ToolbridgeError as error:
                if asker is not None:
                    asker.raise_failure()
                return f"Error: {error}"
        return to_tool_output(result)

    return ToolbridgeFunctionTool(
        name=function["name"],
        description=function.get("description", ""),
        params_json_schema=dict(_thaw(function.get("parameters", {"type": "object"}))),
        on_invoke_tool=on_invoke_tool,
        strict_json_schema=tool.name in conversion.strict,
        toolbridge_tool=tool,
        report=report,
    )


def _checked(handler: ElicitHandler | None) -> ElicitHandler | None:
    if handler is not None and not callable(handler):
        raise ConfigError(
            "on_elicit must be a function of an Elicitation returning an ElicitResult, "
            f"not {type(handler).__name__}"
        )
    return handler


def _key(entry: LossEntry) -> tuple[Any, ...]:
    return (entry.path, entry.keyword, entry.action)


def _losses(conversion: Any) -> set[tuple[Any, ...]]:
    """The changes of a conversion that lose meaning (not rewrites that keep it)."""
    return {
        _key(entry)
        for entry in conversion.report
        if entry.action in _LOSSY and entry.keyword not in _NO_MEANING
    }


def _thaw(value: Any) -> Any:
    from toolbridge import thaw

    return thaw(value)


@overload
def from_openai_agents(tools: FunctionTool, /) -> Tool: ...
@overload
def from_openai_agents(tools: Iterable[FunctionTool], /) -> list[Tool]: ...
def from_openai_agents(tools: FunctionTool | Iterable[FunctionTool], /) -> Tool | list[Tool]:
    """The Agents SDK's function tools as canonical tools that call them.

    A tool `to_openai_agents` made gives its canonical tool back unchanged.

    Raises:
        ConversionError: Something other than function tools, or a parameters
            schema that is not a JSON object schema.
    """
    if isinstance(tools, FunctionTool):
        return _canonical(tools)
    if not isinstance(tools, Iterable):
        raise ConversionError(f"expected FunctionTool objects, got {type(tools).__name__}")
    read = []
    for index, item in enumerate(tools):
        if not isinstance(item, FunctionTool):
            raise ConversionError(
                f"expected a FunctionTool, got {type(item).__name__}", path=(index,)
            )
        read.append(_canonical(item))
    return read


def _canonical(function_tool: FunctionTool) -> Tool:
    if isinstance(function_tool, ToolbridgeFunctionTool) and function_tool.toolbridge_tool:
        return function_tool.toolbridge_tool
    try:
        return Tool(
            name=function_tool.name,
            description=function_tool.description or "",
            input_schema=function_tool.params_json_schema,
            meta={
                "source": "openai-agents",
                "openai_agents": {"strict_json_schema": function_tool.strict_json_schema},
            },
            invoker=_FunctionToolInvoker(function_tool),
        )
    except ToolbridgeError as error:
        raise ConversionError(f"FunctionTool {function_tool.name!r}: {error}") from error


class _FunctionToolInvoker:
    """Calls a ``FunctionTool`` outside an agent run, with a context of its own."""

    def __init__(self, function_tool: FunctionTool) -> None:
        self._tool = function_tool

    def call(self, arguments: dict[str, Any], timeout: float | None) -> Any:
        name = self._tool.name
        return call_sync(lambda: self._run(arguments), timeout=timeout, tool_name=name)

    async def acall(self, arguments: dict[str, Any], timeout: float | None) -> Any:
        return await call_async(self._run(arguments), timeout=timeout, tool_name=self._tool.name)

    async def _run(self, arguments: dict[str, Any]) -> ToolResult:
        text = json.dumps(arguments, ensure_ascii=False)
        context = ToolContext(
            context=None,
            tool_name=self._tool.name,
            tool_call_id=f"toolbridge-{uuid.uuid4().hex[:12]}",
            tool_arguments=text,
        )
        return from_tool_output(await self._tool.on_invoke_tool(context, text))
