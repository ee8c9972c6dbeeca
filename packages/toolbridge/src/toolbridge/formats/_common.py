"""What every format adapter shares: reading one, many or an envelope, and typed errors."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from toolbridge._json import MAX_DEPTH, freeze
from toolbridge._tool import Tool
from toolbridge.errors import ConversionError, JsonPath, SchemaTooDeepError

__all__ = [
    "frozen",
    "no_foreign_schema",
    "object_schema",
    "plain",
    "read_tools",
    "string_field",
    "tools_given",
]

ReadOne = Callable[[Mapping[str, Any], JsonPath], Tool]

_SCHEMA_SLOTS: Final = {
    "inputSchema": ("mcp", "an MCP tool"),
    "input_schema": ("anthropic", "an Anthropic tool"),
    "parameters": ("openai", "an OpenAI function"),
    "parametersJsonSchema": ("gemini", "a Gemini declaration"),
    "toolSpec": ("bedrock", "a Bedrock tool"),
}
"""Where each source format keeps a tool's input schema: the format, and its tools."""


def no_foreign_schema(
    data: Mapping[str, Any], own: Iterable[str], path: JsonPath, owner: str
) -> None:
    """Refuse a tool that has none of its format's schema slots but another format's.

    A tool read in the wrong format would otherwise lose its schema without a word
    (a missing ``parameters`` means "no arguments" to OpenAI and Gemini).

    Raises:
        ConversionError: At the foreign slot, naming the format to read it as.
    """
    own = tuple(own)
    if any(data.get(key) is not None for key in own):
        return
    for key, (source, kind) in _SCHEMA_SLOTS.items():
        if key not in own and data.get(key) is not None:
            raise ConversionError(
                f"{owner} has no {' or '.join(own)} but has {key}, as {kind} does: "
                f"its schema would be lost; read it as {source} (--from {source})",
                path=(*path, key),
            )


def plain(obj: Any, path: JsonPath) -> Any:
    """A mapping as it is; an SDK model (pydantic) as its wire dict of set fields."""
    if isinstance(obj, Mapping) or not callable(getattr(obj, "model_dump", None)):
        return obj
    try:
        return obj.model_dump(mode="json", by_alias=True, exclude_unset=True)
    except Exception as error:  # a foreign object: whatever it raises is a bad input
        raise ConversionError(f"cannot dump {type(obj).__name__}: {error}", path=path) from error


def frozen(value: Any, path: JsonPath, owner: str | None = None) -> Any:
    """`freeze`, raising `ConversionError` at the offending path (`owner` names the tool)."""
    prefix = f"{owner}: " if owner else ""

    def error(message: str, where: JsonPath) -> Exception:
        return ConversionError(prefix + message, path=where)

    try:
        return freeze(value, error=error, path=path)
    except SchemaTooDeepError as too_deep:  # its path already starts with `path`
        raise ConversionError(
            f"{prefix}nests deeper than {MAX_DEPTH} levels of objects and arrays",
            path=too_deep.path,
        ) from too_deep


def object_schema(value: Any, path: JsonPath, owner: str, key: str) -> Any:
    """A tool's schema field: a JSON object for an object (``type`` absent or ``"object"``).

    Returns:
        The schema, frozen.

    Raises:
        ConversionError: Not a JSON object, not JSON, too deep, or of another type;
            ``path`` points into the source (`path` is where the schema sits).
    """
    if not isinstance(value, Mapping):
        raise ConversionError(
            f"{owner}: {key} must be a JSON object, got {type(value).__name__}", path=path
        )
    schema = frozen(value, path, owner)
    declared = schema.get("type", "object")
    if declared != "object":
        raise ConversionError(
            f"{owner}: {key} must describe an object (type 'object'), not {declared!r}",
            path=(*path, "type"),
        )
    return schema


def read_tools(
    obj: Any,
    read_one: ReadOne,
    *,
    format_name: str,
    envelopes: tuple[str, ...],
    is_tool: Callable[[Mapping[str, Any]], bool],
) -> Tool | list[Tool]:
    """One tool, a list, or an envelope ``{key: [...]}``: a `Tool` or a list of them.

    Args:
        obj: What the caller gave (dicts, lists or SDK models).
        read_one: Reads one tool object at a JSON path.
        format_name: For error messages.
        envelopes: Keys whose array value holds the tools, tried in order, when `obj`
            is a mapping that `is_tool` does not recognise as one tool.
        is_tool: Whether a mapping is one tool of the format.
    """
    data = plain(obj, ())
    if isinstance(data, Mapping):
        if is_tool(data):
            return read_one(data, ())
        for key in envelopes:
            if key in data:
                return read_list(data[key], read_one, (key,), format_name)
        keys = ", ".join(sorted(map(str, data))[:8]) or "none"
        raise ConversionError(
            f"not a {format_name} tool or envelope (keys: {keys}; envelopes hold the tools"
            f" under {' or '.join(repr(key) for key in envelopes)})",
            path=(),
        )
    if isinstance(data, (list, tuple)):
        return read_list(data, read_one, (), format_name)
    raise ConversionError(
        f"{format_name} tools come as a JSON object or array, got {type(obj).__name__}", path=()
    )


def read_list(items: Any, read_one: ReadOne, path: JsonPath, format_name: str) -> list[Tool]:
    """Read every item of a JSON array of tools."""
    items = plain(items, path)
    if not isinstance(items, (list, tuple)):
        raise ConversionError(
            f"{format_name} tools must be a JSON array, got {type(items).__name__}", path=path
        )
    tools = []
    for index, item in enumerate(items):
        where = (*path, index)
        data = plain(item, where)
        if not isinstance(data, Mapping):
            raise ConversionError(
                f"a {format_name} tool must be a JSON object, got {type(data).__name__}",
                path=where,
            )
        tools.append(read_one(data, where))
    return tools


def string_field(data: Mapping[str, Any], key: str, path: JsonPath, owner: str) -> str | None:
    """An optional string field: None when absent or null, else the string."""
    value = data.get(key)
    if value is None or isinstance(value, str):
        return value
    raise ConversionError(
        f"{owner}: {key} must be a string, got {type(value).__name__}", path=(*path, key)
    )


def tools_given(tools: Any, function: str) -> tuple[list[Tool], bool]:
    """The tools a ``to_*`` function was given, as a list, and whether it was one `Tool`.

    For any function that takes "a tool or tools" (the plugins' ``to_*`` too).

    Raises:
        ConversionError: `tools` is a string, a mapping or not iterable (the message
            names `function`), or an item is not a `Tool` (``path`` is its index).
    """
    if isinstance(tools, Tool):
        return [tools], True
    if isinstance(tools, (str, bytes, Mapping)) or not isinstance(tools, Iterable):
        raise ConversionError(f"{function} takes a Tool or tools, got {type(tools).__name__}")
    listed = list(tools)
    for index, tool in enumerate(listed):
        if not isinstance(tool, Tool):
            raise ConversionError(f"expected a Tool, got {type(tool).__name__}", path=(index,))
    return listed, False
