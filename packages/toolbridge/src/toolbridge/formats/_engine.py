"""Write tools for a target: names mapped as a set, each tool lowered once and cached.

A format module supplies a `Writer` (one tool, its exposed name and the options in;
a `Lowered` out). `write_tools` maps the names of the whole set onto names the target
accepts, then asks the writer for each tool, keeping the result on the tool: an
unchanged tool converted again costs a dictionary lookup.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from toolbridge._tool import Tool
from toolbridge.errors import ConversionError, ToolbridgeError
from toolbridge.formats._common import tools_given
from toolbridge.formats._lowering import Lowered, OnUnsupported
from toolbridge.schema._names import NameMap

__all__ = ["Writer", "emit", "write_one", "write_tools"]

_NAME_RULE: Final = {"gemini-openapi": "gemini", "canonical": "mcp"}
"""Targets that share another's name rule (MCP's only reports, never renames)."""

Writer = Callable[[Tool, str, bool | None, OnUnsupported], Lowered]
"""Writes one tool under an exposed name: ``(tool, name, strict, on_unsupported)``;
``strict=None`` leaves strictness to what the tool's source said."""


def _lowered(
    tool: Tool,
    name: str,
    target: str,
    writer: Writer,
    strict: bool | None,
    on_unsupported: OnUnsupported,
) -> Lowered:
    cache = tool._format_cache
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
        cache[key] = lowered
    return lowered


def write_one(
    tool: Tool, target: str, writer: Writer, strict: bool | None, on_unsupported: OnUnsupported
) -> tuple[Lowered, NameMap]:
    """One tool on its own, its name mapped alone (the fast path of ``to_*(tool)``)."""
    cached: tuple[Lowered, NameMap] | None = tool._format_cache.get(
        (target, strict, on_unsupported, None)
    )
    if cached is not None:
        return cached
    names = NameMap.for_target([tool.name], _NAME_RULE.get(target, target))
    lowered = _lowered(tool, names.exposed(tool.name), target, writer, strict, on_unsupported)
    tool._format_cache[(target, strict, on_unsupported, None)] = lowered, names
    return lowered, names


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

    One wire object for one tool (the cached fast path), a list for several.
    """
    if type(tools) is Tool:
        return write_one(tools, target, writer, strict, on_unsupported)[0].wire
    _, written, _, _ = write_tools(
        tools, target, writer, strict=strict, on_unsupported=on_unsupported, function=function
    )
    return [lowered.wire for lowered in written]
