"""Write tools for a target: names mapped as a set, each tool lowered once and cached.

A format module supplies a `Writer` (one tool, its exposed name and the options in;
a `Lowered` out). `write_tools` maps the names of the whole set onto names the target
accepts, then asks the writer for each tool, keeping the result on the tool: an
unchanged tool converted again costs a dictionary lookup.

``to_<target>(tool)`` needs the wire object alone: `emit_one` asks a `WireWriter`
(the same writer, without its report and plan) and keeps the wire object under the
same key; `convert` later writes the report and plan and keeps that one object.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Final

from toolbridge._json import FrozenDict
from toolbridge._limits import check_size
from toolbridge._tool import Tool
from toolbridge.errors import ConversionError, ToolbridgeError
from toolbridge.formats._common import tools_given
from toolbridge.formats._lowering import Lowered, OnUnsupported
from toolbridge.schema import NAME_RULES, NameMap, check_types

__all__ = [
    "SIZED",
    "WireWriter",
    "Writer",
    "check_schema_types",
    "check_sizes",
    "emit",
    "emit_one",
    "write_one",
    "write_tools",
]

_NAME_RULE: Final = {"gemini-openapi": "gemini", "canonical": "mcp"}
"""Targets that share another's name rule (MCP's only reports, never renames)."""

Writer = Callable[[Tool, str, bool | None, OnUnsupported], Lowered]
"""Writes one tool under an exposed name: ``(tool, name, strict, on_unsupported)``;
``strict=None`` leaves strictness to what the tool's source said."""

WireWriter = Callable[[Tool, bool | None, OnUnsupported], FrozenDict]
"""Writes the wire object of one tool under its own name, as its `Writer` would,
without the report and plan: ``(tool, strict, on_unsupported)``."""


SIZED: Final = ("check", "size")
"""The key saying a tool's schemas are within `MAX_SCHEMA_SIZE` (checked once a tool)."""


def check_sizes(tool: Tool) -> None:
    """Refuse a tool whose input or output schema is past `MAX_SCHEMA_SIZE`, once a tool.

    Every writer and `check` ask it before any work, so that each target refuses the
    same tools with the same error: `SchemaTooLargeError`, its ``path`` ``()`` for the
    input schema (paths of conversions are in it) and ``("output_schema",)`` for the
    output schema. The input schema is counted last: the strict transforms check it
    again, and `check_size` does not count the same frozen schema twice in a row.

    Raises:
        SchemaTooLargeError: A schema is past the limit.
    """
    cache: dict[Any, Any] = tool._derived.formats
    if SIZED in cache:
        return
    if tool.output_schema is not None:
        check_size(
            tool.output_schema,
            tool=tool.name,
            path=("output_schema",),
            what="the output schema",
        )
    check_size(tool.input_schema, tool=tool.name)
    cache[SIZED] = True


def check_schema_types(tool: Tool) -> None:
    """Refuse a tool whose input or output schema has a ``type`` naming no JSON type.

    For the writers that send the tool's schemas as they are (MCP, canonical); the
    others check the schema they send in the walk that writes it. The error is
    `toolbridge.schema.check_types`'s: a `SchemaError` naming the tool, its ``path``
    into the input schema, or starting ``("output_schema",)``.

    Raises:
        SchemaError: A ``type`` names no JSON type.
    """
    check_types(tool.input_schema, tool=tool.name)
    if tool.output_schema is not None:
        check_types(tool.output_schema, tool=tool.name, path=("output_schema",))


def _lowered(
    tool: Tool,
    name: str,
    target: str,
    writer: Writer,
    strict: bool | None,
    on_unsupported: OnUnsupported,
    keep: bool = True,
) -> Lowered:
    """The tool written under `name`: the cached `Lowered`, else the writer's (kept if `keep`)."""
    cache = _cache_of(tool)
    key = (target, strict, on_unsupported, name)
    cached: Lowered | FrozenDict | None = cache.get(key)
    if isinstance(cached, Lowered):
        return cached
    check_sizes(tool)
    try:
        lowered = writer(tool, name, strict, on_unsupported)
    except ToolbridgeError as error:
        raise _named(tool, error) from error
    if not keep:
        return lowered
    if cached is not None:  # emit_one wrote the wire object first: one object for every caller
        lowered = dataclasses.replace(lowered, wire=cached)
    cache[key] = lowered
    return lowered


def _named(tool: Tool, error: ToolbridgeError) -> ToolbridgeError:
    """The error with the tool's name in front (its text has the path), once."""
    if str(error).startswith(f"tool {tool.name!r}"):
        return error
    wrapped = ConversionError(f"tool {tool.name!r}: {error}")
    wrapped.path = tuple(getattr(error, "path", ()))
    return wrapped


def write_one(
    tool: Tool,
    target: str,
    writer: Writer,
    strict: bool | None,
    on_unsupported: OnUnsupported,
    keep: bool = True,
) -> tuple[Lowered, NameMap]:
    """One tool on its own, its name mapped alone (the fast path of ``to_*(tool)``).

    Without `keep`, what was cached is used and nothing new is (`check`'s way).
    """
    cache = _cache_of(tool)
    key = (target, strict, on_unsupported, None)
    cached: tuple[Lowered, NameMap] | None = cache.get(key)
    if cached is not None:
        return cached
    names = NameMap.for_one(tool.name, _NAME_RULE.get(target, target))
    exposed = names.exposed(tool.name)
    lowered = _lowered(tool, exposed, target, writer, strict, on_unsupported, keep)
    if keep:
        cache[key] = lowered, names
    return lowered, names


def emit_one(
    tool: Tool,
    target: str,
    writer: Writer,
    wire: WireWriter,
    strict: bool | None,
    on_unsupported: OnUnsupported,
) -> FrozenDict:
    """`emit` of one tool: its cached wire object, else `wire`'s (cached under the same key).

    Positional, and called straight from the ``to_*`` functions: it is the path of
    every conversion of one tool. A name the target does not take as it is goes
    through `write_one` (the name map) and `writer`.
    """
    cache: dict[Any, Any] = tool._derived.formats  # (`_cache_of`, inline)
    key = (target, strict, on_unsupported, tool.name)
    cached: Lowered | FrozenDict | None = cache.get(key)
    if cached is not None:
        return cached.wire if type(cached) is Lowered else cached
    if _FULLMATCH[target](tool.name) is None:  # renamed: never written under its own name
        written = write_one(tool, target, writer, strict, on_unsupported)[0].wire
    else:
        if SIZED not in cache:
            check_sizes(tool)
        try:
            written = wire(tool, strict, on_unsupported)
        except ToolbridgeError as error:
            raise _named(tool, error) from error
    cache[key] = written
    return written


def _takes_name(tool: Tool, target: str) -> bool:
    """True when the target accepts the tool's name as it is (no name map needed)."""
    return _FULLMATCH[target](tool.name) is not None


_FULLMATCH: Final = {
    target: NAME_RULES[_NAME_RULE.get(target, target)].pattern.fullmatch
    for target in (*NAME_RULES, *_NAME_RULE)
}
"""Each target's name test, looked up once: `_takes_name` is on every conversion's path."""


def _cache_of(tool: Tool) -> dict[Any, Any]:
    """The tool's conversions: its part of the tool's one cache (`Tool._derived`)."""
    return tool._derived.formats


def write_tools(
    tools: Any,
    target: str,
    writer: Writer,
    *,
    strict: bool | None,
    on_unsupported: OnUnsupported,
    function: str,
    keep: bool = True,
) -> tuple[list[Tool], list[Lowered], NameMap, bool]:
    """The tools, each written for the target, the name map used, and whether one was given.

    Without `keep`, what was cached is used and nothing new is (`check`'s way).

    Raises:
        ConversionError: `tools` is not a `Tool` or an iterable of them, two tools
            share a name, or a tool cannot be written (the message names it).
    """
    listed, single = tools_given(tools, function)
    if single:
        lowered, names = write_one(listed[0], target, writer, strict, on_unsupported, keep)
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
        _lowered(tool, names.exposed(tool.name), target, writer, strict, on_unsupported, keep)
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
    wire: WireWriter | None = None,
) -> dict[str, Any] | list[dict[str, Any]]:
    """What a ``to_<target>`` function returns.

    One wire object for one tool (the cached fast path), a list for several. A
    target with a `WireWriter` calls `emit_one` itself for one tool, and passes it
    here for lists: when the target takes every name as it is (no name map), each
    tool of a list is written exactly as alone, on the same cache, so a list costs
    what its tools cost one by one.
    """
    if type(tools) is Tool:
        if not _takes_name(tools, target):
            return write_one(tools, target, writer, strict, on_unsupported)[0].wire
        return _lowered(tools, tools.name, target, writer, strict, on_unsupported).wire
    listed, _ = tools_given(tools, function)
    if len({tool.name for tool in listed}) == len(listed):
        alone = _as_alone(listed, target, writer, wire, strict, on_unsupported)
        if alone is not None:
            return alone
    _, written, _, _ = write_tools(
        listed, target, writer, strict=strict, on_unsupported=on_unsupported, function=function
    )
    return [lowered.wire for lowered in written]


def _as_alone(
    listed: list[Tool],
    target: str,
    writer: Writer,
    wire: WireWriter | None,
    strict: bool | None,
    on_unsupported: OnUnsupported,
) -> list[dict[str, Any]] | None:
    """Each tool's wire object as if written alone; None if a name needs the name map.

    A tool written under its own name before (its cache has it) keeps it in any
    list of distinct names; a tool the target takes as it is is written now.
    """
    takes = _FULLMATCH[target]
    written: list[dict[str, Any]] = []
    add = written.append
    for tool in listed:  # (`emit_one`, inline: a call and a lookup less per tool)
        cache: dict[Any, Any] = tool._derived.formats
        key = (target, strict, on_unsupported, tool.name)
        cached: Lowered | FrozenDict | None = cache.get(key)
        if cached is not None:
            add(cached.wire if type(cached) is Lowered else cached)
        elif takes(tool.name) is None:
            return None
        elif wire is None:
            add(_lowered(tool, tool.name, target, writer, strict, on_unsupported).wire)
        else:
            if SIZED not in cache:
                check_sizes(tool)
            try:
                made = cache[key] = wire(tool, strict, on_unsupported)
            except ToolbridgeError as error:
                raise _named(tool, error) from error
            add(made)
    return written
