"""Anthropic Messages API tools, ``{name, description, input_schema}``, to and from `Tool`.

Written: names mapped onto ``^[a-zA-Z0-9_-]{1,64}$`` (reversibly); the input schema
as it is, or, with ``strict=True``, rewritten for strict tool use
(`toolbridge.schema.to_anthropic_strict`; optional properties stay optional, so
arguments need no way back) and ``"strict": true`` set. Not carried: ``title``,
``output_schema``, ``annotations`` (each reported when stated).

Read back: ``strict`` and the documented passthrough fields (``cache_control``,
``defer_loading``, ``input_examples``, ``eager_input_streaming``, ``type:
"custom"``, and any other key) are kept in ``meta["anthropic"]`` and written again
when the tool goes back to Anthropic. Server tools (``web_search_...``, ``bash_...``)
are not function tools and are refused.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final, overload

from toolbridge._json import freeze
from toolbridge._tool import Tool
from toolbridge.errors import ConversionError, JsonPath, ToolbridgeError
from toolbridge.formats._common import frozen, object_schema, read_tools, string_field
from toolbridge.formats._engine import emit
from toolbridge.formats._lowering import (
    Lowered,
    OnUnsupported,
    anthropic_strict_schema,
    fields_not_carried,
)
from toolbridge.schema import LossAction, LossEntry

__all__ = ["from_anthropic", "to_anthropic"]

_KNOWN: Final = frozenset({"name", "description", "input_schema", "strict"})


def _source(tool: Tool) -> Mapping[str, Any]:
    anthropic = tool.meta.get("anthropic")
    return anthropic if isinstance(anthropic, Mapping) else {}


def _write(tool: Tool, name: str, strict: bool | None, on_unsupported: OnUnsupported) -> Lowered:
    source = _source(tool)
    wanted = source.get("strict") is True if strict is None else strict
    report = fields_not_carried(tool, frozenset(), "Anthropic")
    schema, strict_report, is_strict = anthropic_strict_schema(
        tool, wanted=wanted, on_unsupported=on_unsupported
    )
    report.extend(strict_report)
    if "type" not in schema:  # Anthropic requires input_schema.type, "object"
        schema = freeze({"type": "object", **schema})
        detail = 'type: "object" added (Anthropic requires it; the meaning is the same)'
        report.append(
            LossEntry(
                tool=tool.name,
                path=("type",),
                keyword="type",
                action=LossAction.REWRITTEN,
                detail=detail,
            )
        )
    wire: dict[str, Any] = {"name": name, "description": tool.description, "input_schema": schema}
    if is_strict:
        wire["strict"] = True
    elif "strict" in source and strict is None:
        wire["strict"] = False  # as the source said, or strict mode fell back (reported)
    for key, value in (source.get("extra") or {}).items():
        wire.setdefault(key, value)
    return Lowered(freeze(wire), tuple(report), None, is_strict)


@overload
def to_anthropic(
    tools: Tool, /, *, strict: bool | None = None, on_unsupported: OnUnsupported = "fallback"
) -> dict[str, Any]: ...
@overload
def to_anthropic(
    tools: Iterable[Tool],
    /,
    *,
    strict: bool | None = None,
    on_unsupported: OnUnsupported = "fallback",
) -> list[dict[str, Any]]: ...
def to_anthropic(
    tools: Tool | Iterable[Tool],
    /,
    *,
    strict: bool | None = None,
    on_unsupported: OnUnsupported = "fallback",
) -> dict[str, Any] | list[dict[str, Any]]:
    """Write tools as Anthropic Messages API tools.

    Args:
        tools: One tool, or an iterable of them.
        strict: Ask for strict tool use. ``None`` keeps what a tool read from
            Anthropic said, and means false for any other tool.
        on_unsupported: A schema that cannot be strict (recursive, open maps, ...)
            is sent non-strict (``"fallback"``, reported) or raises (``"raise"``).

    Returns:
        One frozen tool object for one tool, a list for an iterable.

    Raises:
        ConversionError: Not tools, two tools with one name, or (with ``"raise"``) a
            schema that cannot be strict.
        SchemaError: A ``type`` names no JSON type (the message names the tool; ``path``
            is where).
    """
    return emit(
        tools,
        "anthropic",
        _write,
        strict=strict,
        on_unsupported=on_unsupported,
        function="to_anthropic",
    )


def _is_tool(data: Mapping[str, Any]) -> bool:
    return "name" in data or "input_schema" in data


def _read(data: Mapping[str, Any], path: JsonPath) -> Tool:
    kind = data.get("type", "custom")
    name = data.get("name")
    if kind != "custom":
        raise ConversionError(
            f"a {kind!r} tool is an Anthropic server tool, not a function tool",
            path=(*path, "type"),
        )
    if not isinstance(name, str) or not name.strip():
        raise ConversionError(
            f"an Anthropic tool needs a non-empty string name, got {name!r}", path=(*path, "name")
        )
    owner = f"Anthropic tool {name!r}"
    description = string_field(data, "description", path, owner)
    if data.get("input_schema") is None:
        raise ConversionError(
            f"{owner}: input_schema, a JSON object, is required", path=(*path, "input_schema")
        )
    schema = object_schema(data["input_schema"], (*path, "input_schema"), owner, "input_schema")
    strict = data.get("strict")
    if strict is not None and not isinstance(strict, bool):
        raise ConversionError(f"{owner}: strict must be a boolean", path=(*path, "strict"))
    anthropic: dict[str, Any] = {}
    if strict is not None:
        anthropic["strict"] = strict
    extra = {key: value for key, value in data.items() if key not in _KNOWN}
    if extra:
        anthropic["extra"] = frozen(extra, path, owner)
    meta: dict[str, Any] = {"source": "anthropic"}
    if anthropic:
        meta["anthropic"] = anthropic
    try:
        return Tool(name=name, description=description or "", input_schema=schema, meta=meta)
    except ToolbridgeError as error:  # the checks above leave nothing expected here
        raise ConversionError(f"{owner}: {error}", path=path) from error


@overload
def from_anthropic(obj: list[Any], /) -> list[Tool]: ...
@overload
def from_anthropic(obj: Any, /) -> Tool | list[Tool]: ...
def from_anthropic(obj: Any, /) -> Tool | list[Tool]:
    """Read Anthropic tools into canonical tools.

    Args:
        obj: One tool, a list of them, or a request body holding them under
            ``"tools"``; plain JSON or the SDK's objects.

    Returns:
        One `Tool` for one tool, a list otherwise.

    Raises:
        ConversionError: Not Anthropic tools, a server tool, or a field of the wrong
            type; the message and ``path`` say which and where.
    """
    return read_tools(obj, _read, format_name="Anthropic", envelopes=("tools",), is_tool=_is_tool)
