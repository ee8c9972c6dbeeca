"""Amazon Bedrock Converse tools to and from the canonical `Tool`.

The shape: ``{"toolSpec": {name, description, inputSchema: {json}}}``.

Written: names mapped onto ``[a-zA-Z0-9_-]{1,64}`` (reversibly); an empty description
left out (Bedrock requires at least one character); the input schema as it is, or,
with ``strict=True``, rewritten for structured-output enforcement (``toolSpec.strict``,
in the Converse API since botocore 1.40) by the rules of Anthropic's strict tool use
(`toolbridge.schema.to_anthropic_strict`: Bedrock documents the same JSON Schema
subset for it; optional properties stay optional). Not carried: ``title``,
``output_schema``, ``annotations`` (each reported when stated).

Read back: ``strict`` is kept in ``meta["bedrock"]["strict"]`` (the default of a
later ``strict=None``); unknown ``toolSpec`` keys in ``meta["bedrock"]["extra"]``,
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
from toolbridge.formats._engine import emit
from toolbridge.formats._lowering import (
    Lowered,
    OnUnsupported,
    anthropic_strict_schema,
    fields_not_carried,
)

__all__ = ["from_bedrock", "to_bedrock"]

_KNOWN: Final = frozenset({"name", "description", "inputSchema", "strict"})


def _write(tool: Tool, name: str, strict: bool | None, on_unsupported: OnUnsupported) -> Lowered:
    bedrock = tool.meta.get("bedrock")
    source: Mapping[str, Any] = bedrock if isinstance(bedrock, Mapping) else {}
    wanted = source.get("strict") is True if strict is None else strict
    report = fields_not_carried(tool, frozenset(), "Bedrock")
    schema, strict_report, is_strict = anthropic_strict_schema(
        tool, wanted=wanted, on_unsupported=on_unsupported
    )
    report.extend(strict_report)
    spec: dict[str, Any] = {"name": name}
    if tool.description:
        spec["description"] = tool.description
    spec["inputSchema"] = {"json": schema}
    if wanted or "strict" in source:
        spec["strict"] = is_strict
    for key, value in (source.get("extra") or {}).items():
        spec.setdefault(key, value)
    return Lowered(freeze({"toolSpec": spec}), tuple(report), None, is_strict)


@overload
def to_bedrock(
    tools: Tool, /, *, strict: bool | None = None, on_unsupported: OnUnsupported = "fallback"
) -> dict[str, Any]: ...
@overload
def to_bedrock(
    tools: Iterable[Tool],
    /,
    *,
    strict: bool | None = None,
    on_unsupported: OnUnsupported = "fallback",
) -> list[dict[str, Any]]: ...
def to_bedrock(
    tools: Tool | Iterable[Tool],
    /,
    *,
    strict: bool | None = None,
    on_unsupported: OnUnsupported = "fallback",
) -> dict[str, Any] | list[dict[str, Any]]:
    """Write tools as Bedrock Converse ``toolConfig.tools`` entries.

    Args:
        tools: One tool, or an iterable of them.
        strict: Ask for structured-output enforcement (``toolSpec.strict``). ``None``
            keeps what a tool read from Bedrock said, and means false otherwise.
        on_unsupported: A schema that cannot be strict is sent non-strict
            (``"fallback"``, reported) or raises (``"raise"``).

    Returns:
        One frozen ``{"toolSpec": ...}`` for one tool, a list for an iterable.

    Raises:
        ConversionError: Not tools, two tools with one name, or (with ``"raise"``) a
            schema that cannot be strict.
        SchemaError: A ``type`` names no JSON type (the message names the tool; ``path``
            is where).
    """
    return emit(
        tools,
        "bedrock",
        _write,
        strict=strict,
        on_unsupported=on_unsupported,
        function="to_bedrock",
    )


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
    strict = spec.get("strict")
    if strict is not None and not isinstance(strict, bool):
        raise ConversionError(f"{owner}: strict must be a boolean", path=(*where, "strict"))
    extra = {key: value for key, value in spec.items() if key not in _KNOWN}
    bedrock: dict[str, Any] = {}
    if strict is not None:
        bedrock["strict"] = strict
    if extra:
        bedrock["extra"] = frozen(extra, where, owner)
    meta: dict[str, Any] = {"source": "bedrock"}
    if bedrock:
        meta["bedrock"] = bedrock
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
