"""Write tools for a target: names mapped as a set, each tool lowered once and cached.

A format module supplies a `Writer` (one tool, its exposed name and the options in;
a `Lowered` out). `write_tools` maps the names of the whole set onto names the target
accepts, then asks the writer for each tool, keeping the result on the tool: an
unchanged tool converted again costs a dictionary lookup.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Final

from toolbridge._json import FrozenDict
from toolbridge._tool import Tool
from toolbridge.errors import ConversionError, ToolbridgeError
from toolbridge.formats._common import tools_given
from toolbridge.formats._lowering import Lowered, OnUnsupported
from toolbridge.schema._names import NAME_RULES, NameMap

__all__ = ["QuickWriter", "Writer", "emit", "emit_one", "write_one", "write_tools"]

_NAME_RULE: Final = {"gemini-openapi": "gemini", "canonical": "mcp"}
"""Targets that share another's name rule (MCP's only reports, never renames)."""

Writer = Callable[[Tool, str, bool | None, OnUnsupported], Lowered]
"""Writes one tool under an exposed name: ``(tool, name, strict, on_unsupported)``;
``strict=None`` leaves strictness to what the tool's source said."""

QuickWriter = Callable[[Tool, bool | None, OnUnsupported], FrozenDict | None]
"""Writes the wire object alone of one tool under its own name, for ``to_<target>(tool)``,
or returns None to leave it to the `Writer` (its report and plan are not made)."""


def _lowered(
    tool: Tool,
    name: str,
    target: str,
    writer: Writer,
    strict: bool | None,
    on_unsupported: OnUnsupported,
) -> Lowered:
    cache = _cache_of(tool)
    key = (target, strict, on_unsupported, name)
    lowered: Lowered | None = cache.get(key)
    if lowered is None:
        try:
            lowered = writer(tool, name, strict, on_unsupported)
        except ToolbridgeError as error:
            if str(error).startswith(f"tool {tool.name!r}"):
                raise
            wrapped = ConversionError(f"tool {tool.name!r}: {error}")  # its text has the path
            wrapped.path = tuple(getattr(error, "path", ()))
            raise wrapped from error
        quick = cache.get(key[:3]) if name == tool.name else None
        if quick is not None:  # emit_one wrote it first: one object for every caller
            lowered = dataclasses.replace(lowered, wire=quick)
        cache[key] = lowered
    return lowered


def write_one(
    tool: Tool, target: str, writer: Writer, strict: bool | None, on_unsupported: OnUnsupported
) -> tuple[Lowered, NameMap]:
    """One tool on its own, its name mapped alone (the fast path of ``to_*(tool)``)."""
    cache = _cache_of(tool)
    key = (target, strict, on_unsupported, None)
    cached: tuple[Lowered, NameMap] | None = cache.get(key)
    if cached is not None:
        return cached
    names = NameMap.for_one(tool.name, _NAME_RULE.get(target, target))
    lowered = _lowered(tool, names.exposed(tool.name), target, writer, strict, on_unsupported)
    cache[key] = lowered, names
    return lowered, names


def emit_one(
    tool: Tool,
    target: str,
    writer: Writer,
    strict: bool | None,
    on_unsupported: OnUnsupported,
    quick: QuickWriter | None,
) -> FrozenDict:
    """`emit` of one tool: its cached wire object, else `quick`'s, else the writer's.

    Positional, and called straight from the ``to_*`` functions: it is the path of
    every conversion of one tool.
    """
    cache = _cache_of(tool)
    key = (target, strict, on_unsupported)
    wire: FrozenDict | None = cache.get(key)
    if wire is None:
        written: Lowered | None = cache.get((*key, tool.name))  # convert wrote it first
        if written is not None:
            wire = written.wire
        elif quick is not None:
            wire = quick(tool, strict, on_unsupported)
        if wire is None:
            wire = _lowered_one(tool, target, writer, strict, on_unsupported).wire
        cache[key] = wire
    return wire


def _lowered_one(
    tool: Tool, target: str, writer: Writer, strict: bool | None, on_unsupported: OnUnsupported
) -> Lowered:
    """`write_one` without the name map: a name the target accepts is shown as it is."""
    if NAME_RULES[_NAME_RULE.get(target, target)].pattern.fullmatch(tool.name) is None:
        return write_one(tool, target, writer, strict, on_unsupported)[0]
    return _lowered(tool, tool.name, target, writer, strict, on_unsupported)


def _cache_of(tool: Tool) -> dict[Any, Any]:
    """`Tool._format_cache`, without the cached_property's lock once it exists."""
    cache: dict[Any, Any] | None = tool.__dict__.get("_format_cache")
    return tool._format_cache if cache is None else cache


def write_tools(
    tools: Any,
    target: str,
    writer: Writer,
    *,
    strict: bool | None,
    on_unsupported: OnUnsupported,
    function: str,
) -> tuple[list[Tool], list[Lowered], NameMap, bool]:
    """The tools, each written for the target, the name map used, and whether one was given.

    Raises:
        ConversionError: `tools` is not a `Tool` or an iterable of them, two tools
            share a name, or a tool cannot be written (the message names it).
    """
    listed, single = tools_given(tools, function)
    if single:
        lowered, names = write_one(listed[0], target, writer, strict, on_unsupported)
        return listed, [lowered], names, True
    seen: dict[str, int] = {}
    for index, tool in enumerate(listed):
        if tool.name in seen:
            raise ConversionError(
                f"two tools are named {tool.name!r} (items {seen[tool.name]} and {index})",
                path=(index, "name"),
            )
        seen[tool.name] = index
    names = NameMap.for_target(seen, _NAME_RULE.get(target, target))
    written = [
        _lowered(tool, names.exposed(tool.name), target, writer, strict, on_unsupported)
        for tool in listed
    ]
    return listed, written, names, False


def emit(
    tools: Any,
    target: str,
    writer: Writer,
    *,
    strict: bool | None,
    on_unsupported: OnUnsupported,
    function: str,
) -> dict[str, Any] | list[dict[str, Any]]:
    """What a ``to_<target>`` function returns.

    One wire object for one tool (the cached fast path), a list for several. A
    target with a `QuickWriter` calls `emit_one` itself for one tool.
    """
    if type(tools) is Tool:
        return emit_one(tools, target, writer, strict, on_unsupported, None)
    _, written, _, _ = write_tools(
        tools, target, writer, strict=strict, on_unsupported=on_unsupported, function=function
    )
    return [lowered.wire for lowered in written]
