"""Amazon Bedrock Converse tools to and from the canonical `Tool`.

The shape: ``{"toolSpec": {name, description, inputSchema: {json}}}``.

Written: names mapped onto ``[a-zA-Z0-9_-]{1,64}`` (reversibly); an empty description
left out (Bedrock requires at least one character); the input schema as it is. Not
carried: ``title``, ``output_schema``, ``annotations`` (each reported when stated).
Bedrock has no strict mode: ``strict=True`` is an error, not a silent no-op.

Read back: unknown ``toolSpec`` keys are kept in ``meta["bedrock"]["extra"]`` and
written again. In a ``toolConfig``'s ``tools``, ``cachePoint`` entries mark a prompt
cache boundary rather than a tool; they are skipped. ``systemTool`` entries are
built-in tools, not function tools: they are refused.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final, overload

from toolbridge._json import freeze
from toolbridge._tool import Tool
from toolbridge.errors import ConversionError, JsonPath, ToolbridgeError
from toolbridge.formats._common import frozen, object_schema, plain, string_field
from toolbridge.formats._engine import write_one, write_tools
from toolbridge.formats._lowering import Lowered, OnUnsupported, fields_not_carried

__all__ = ["from_bedrock", "to_bedrock"]

_KNOWN: Final = frozenset({"name", "description", "inputSchema"})


def _write(tool: Tool, name: str, strict: bool | None, on_unsupported: OnUnsupported) -> Lowered:
    if strict:
        raise ConversionError("Bedrock Converse tools have no strict mode")
    spec: dict[str, Any] = {"name": name}
    if tool.description:
        spec["description"] = tool.description
    spec["inputSchema"] = {"json": tool.input_schema}
    bedrock = tool.meta.get("bedrock")
    if isinstance(bedrock, Mapping):
        for key, value in (bedrock.get("extra") or {}).items():
            spec.setdefault(key, value)
    report = fields_not_carried(tool, frozenset(), "Bedrock")
    return Lowered(freeze({"toolSpec": spec}), tuple(report), None, False)


@overload
def to_bedrock(tools: Tool, /, *, strict: bool | None = None) -> dict[str, Any]: ...
@overload
def to_bedrock(tools: Iterable[Tool], /, *, strict: bool | None = None) -> list[dict[str, Any]]: ...
def to_bedrock(
    tools: Tool | Iterable[Tool], /, *, strict: bool | None = None
) -> dict[str, Any] | list[dict[str, Any]]:
    """Write tools as Bedrock Converse ``toolConfig.tools`` entries.

    Args:
        tools: One tool, or an iterable of them.
        strict: Must not be true: Bedrock has no strict mode.

    Returns:
        One frozen ``{"toolSpec": ...}`` for one tool, a list for an iterable.

    Raises:
        ConversionError: Not tools, two tools with one name, or ``strict=True``.
    """
    if type(tools) is Tool:
        return write_one(tools, "bedrock", _write, strict, "fallback")[0].wire
    _, written, _, _ = write_tools(
        tools, "bedrock", _write, strict=strict, on_unsupported="fallback", function="to_bedrock"
    )
    return [lowered.wire for lowered in written]


def _read(data: Mapping[str, Any], path: JsonPath) -> Tool:
    spec: Any = data
    where = path
    if "toolSpec" in data:
        spec, where = plain(data["toolSpec"], (*path, "toolSpec")), (*path, "toolSpec")
        if not isinstance(spec, Mapping):
            raise ConversionError("toolSpec must be a JSON object", path=where)
    name = spec.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ConversionError(
            f"a Bedrock toolSpec needs a non-empty string name, got {name!r}",
            path=(*where, "name"),
        )
    owner = f"Bedrock tool {name!r}"
    description = string_field(spec, "description", where, owner)
    holder = spec.get("inputSchema")
    if not isinstance(holder, Mapping) or holder.get("json") is None:
        raise ConversionError(
            f"{owner}: inputSchema must be {{'json': <a JSON object schema>}}",
            path=(*where, "inputSchema"),
        )
    schema = object_schema(holder["json"], (*where, "inputSchema", "json"), owner, "inputSchema")
    extra = {key: value for key, value in spec.items() if key not in _KNOWN}
    meta: dict[str, Any] = {"source": "bedrock"}
    if extra:
        meta["bedrock"] = {"extra": frozen(extra, where, owner)}
    try:
        return Tool(name=name, description=description or "", input_schema=schema, meta=meta)
    except ToolbridgeError as error:  # the checks above leave nothing expected here
        raise ConversionError(f"{owner}: {error}", path=where) from error


def _read_list(items: Any, path: JsonPath) -> list[Tool]:
    items = plain(items, path)
    if not isinstance(items, (list, tuple)):
        raise ConversionError(
            f"Bedrock tools must be a JSON array, got {type(items).__name__}", path=path
        )
    tools = []
    for index, item in enumerate(items):
        data = plain(item, (*path, index))
        if isinstance(data, Mapping) and "cachePoint" in data and "toolSpec" not in data:
            continue
        if isinstance(data, Mapping) and "systemTool" in data and "toolSpec" not in data:
            raise ConversionError(
                "a Bedrock systemTool is a built-in tool, not a function tool",
                path=(*path, index),
            )
        if not isinstance(data, Mapping) or "toolSpec" not in data:
            raise ConversionError(
                "a Bedrock tool is a JSON object holding toolSpec (or a cachePoint)",
                path=(*path, index),
            )
        tools.append(_read(data, (*path, index)))
    return tools


@overload
def from_bedrock(obj: list[Any], /) -> list[Tool]: ...
@overload
def from_bedrock(obj: Any, /) -> Tool | list[Tool]: ...
def from_bedrock(obj: Any, /) -> Tool | list[Tool]:
    """Read Bedrock Converse tools into canonical tools.

    Args:
        obj: One ``{"toolSpec": ...}`` (or a bare toolSpec), a list of them, a
            ``toolConfig`` (``{"tools": [...]}``) or a Converse request holding one
            (``{"toolConfig": {"tools": [...]}}``).

    Returns:
        One `Tool` for one tool, a list otherwise (``cachePoint`` entries skipped).

    Raises:
        ConversionError: Not Bedrock tools, or a field of the wrong type; the message
            and ``path`` say which and where.
    """
    data = plain(obj, ())
    if isinstance(data, (list, tuple)):
        return _read_list(data, ())
    if not isinstance(data, Mapping):
        raise ConversionError(
            f"Bedrock tools come as a JSON object or array, got {type(obj).__name__}"
        )
    if "toolSpec" in data or "name" in data:
        return _read(data, ())
    if "toolConfig" in data:
        config = plain(data["toolConfig"], ("toolConfig",))
        if not isinstance(config, Mapping) or "tools" not in config:
            raise ConversionError("toolConfig must hold a tools array", path=("toolConfig",))
        return _read_list(config["tools"], ("toolConfig", "tools"))
    if "tools" in data:
        return _read_list(data["tools"], ("tools",))
    raise ConversionError("not a Bedrock toolSpec, toolConfig or Converse request")
