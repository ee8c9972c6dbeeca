"""MCP tool definitions to and from the canonical `Tool`, losslessly both ways.

The wire shape is the camelCase ``tools/list`` entry. What the IR has no slot for is
kept in ``meta["mcp"]``, every key there optional and present only when needed:

- ``"icons"``, ``"execution"``, ``"_meta"``: the source's values, verbatim.
- ``"extra"``: unknown top-level keys and their values.
- ``"annotations"``: unknown ``annotations`` keys and their values; present whenever
  the source's ``annotations`` object had such keys or stated no known one (``{}``),
  so that the object is written back.
- ``"null"``: known fields stated as ``null`` (``"title"``, ``"description"``,
  ``"outputSchema"``, ``"annotations"``, ``"annotations.readOnlyHint"``, ...).
- ``"absent"``: ``["description"]`` when the source left the description out.

A `Tool` from elsewhere converts with what the IR has: its ``namespace``, ``version``,
``tags``, ``category`` and other formats' ``meta`` have no MCP slot and are not
written, so ``from_mcp(to_mcp(tool))`` gives them back unset, with
``meta == {"source": "mcp"}``.

The MCP SDK is never imported: its models are read through ``model_dump``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, overload

from toolbridge._json import freeze, thaw
from toolbridge._tool import Tool, ToolAnnotations
from toolbridge.errors import ConversionError, JsonPath, ToolbridgeError
from toolbridge.formats._common import frozen, plain
from toolbridge.formats._engine import check_sizes

__all__ = ["from_mcp", "from_mcp_tool", "frozen_wire", "to_mcp"]

_HINTS = (
    ("title", "title"),
    ("readOnlyHint", "read_only"),
    ("destructiveHint", "destructive"),
    ("idempotentHint", "idempotent"),
    ("openWorldHint", "open_world"),
)
_VERBATIM = ("icons", "execution", "_meta")
_KNOWN = frozenset({"name", "title", "description", "inputSchema", "outputSchema", "annotations"})


class McpModel(Protocol):
    """What `from_mcp` needs of an SDK object, such as ``mcp.types.Tool``: a pydantic dump."""

    def model_dump(
        self, *, mode: str = ..., by_alias: bool | None = ..., exclude_unset: bool = ...
    ) -> dict[str, Any]:
        """The model as JSON, wire (camelCase) names."""
        ...


# -- from MCP ---------------------------------------------------------------------------


@overload
def from_mcp(obj: Sequence[Mapping[str, Any] | McpModel], /) -> list[Tool]: ...
@overload
def from_mcp(obj: Mapping[str, Any] | McpModel, /) -> Tool | list[Tool]: ...
def from_mcp(obj: Any, /) -> Tool | list[Tool]:
    """Read MCP tool definitions into canonical tools.

    Args:
        obj: One tool (a ``tools/list`` entry or an SDK ``Tool``), a list of them, a
            ``tools/list`` result ``{"tools": [...]}`` or a JSON-RPC response whose
            ``result`` is one.

    Returns:
        One `Tool` for one tool; a list for a list or an envelope.

    Raises:
        ConversionError: Input of the wrong shape; ``path`` says where, the message
            names the tool when its name is known.
    """
    data = plain(obj, ())
    if isinstance(data, Mapping):
        if "jsonrpc" in data:
            if "error" in data:
                raise ConversionError(
                    f"a JSON-RPC error response: {data['error']!r}", path=("error",)
                )
            result = plain(data.get("result"), ("result",))
            if not isinstance(result, Mapping) or "tools" not in result:
                raise ConversionError(
                    "a JSON-RPC response without a tools/list result", path=("result",)
                )
            return _tools(result["tools"], ("result", "tools"))
        if "tools" in data and "name" not in data:
            return _tools(data["tools"], ("tools",))
        return _tool(data, ())
    if isinstance(data, (list, tuple)):
        return _tools(data, ())
    raise ConversionError(
        f"MCP tools come as a JSON object or array, got {type(obj).__name__}", path=()
    )


def _tools(items: Any, path: JsonPath) -> list[Tool]:
    if not isinstance(items, (list, tuple)):
        raise ConversionError(f"tools must be a JSON array, got {type(items).__name__}", path=path)
    return [_tool(plain(item, (*path, i)), (*path, i)) for i, item in enumerate(items)]


def from_mcp_tool(data: Mapping[str, Any] | McpModel, /, *, path: JsonPath = ()) -> Tool:
    """Read exactly one MCP tool definition: a ``tools/list`` entry or an SDK ``Tool``.

    Unlike `from_mcp`, it never takes `data` for a list or an envelope (a tool may
    carry any extra key, ``tools`` too): an MCP client reading a server's list entry
    by entry uses it.

    Args:
        data: The tool object.
        path: Where `data` sits in a larger document (``("tools", 3)`` in a
            ``tools/list`` result, say): errors name their place from there.

    Raises:
        ConversionError: Input of the wrong shape; ``path`` says where.
    """
    return _tool(plain(data, path), tuple(path))


def _tool(data: Any, path: JsonPath) -> Tool:
    if not isinstance(data, Mapping):
        raise ConversionError(
            f"an MCP tool must be a JSON object, got {type(data).__name__}", path=path
        )
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ConversionError(
            f"an MCP tool needs a non-empty string name, got {name!r}", path=(*path, "name")
        )

    def fail(message: str, *where: str | int) -> ConversionError:
        return ConversionError(f"MCP tool {name!r}: {message}", path=(*path, *where))

    def string(value: Any, *where: str) -> str:
        if not isinstance(value, str):
            raise fail(f"{'.'.join(where)} must be a string, got {type(value).__name__}", *where)
        return value

    extra: dict[str, Any] = {}
    nulls: list[str] = []
    fields: dict[str, Any] = {"name": name}
    for key, value in data.items():
        if key in _VERBATIM or key not in _KNOWN:
            extra[key] = frozen(value, (*path, key))
        elif key != "name" and value is None:
            nulls.append(key)
        elif key in ("title", "description"):
            fields[key] = string(value, key)
        elif key in ("inputSchema", "outputSchema"):
            if not isinstance(value, Mapping):
                raise fail(f"{key} must be a JSON object, got {type(value).__name__}", key)
            schema = frozen(value, (*path, key))
            if schema.get("type", "object") != "object":
                raise fail(f"{key} must describe an object, not {schema['type']!r}", key, "type")
            fields["input_schema" if key == "inputSchema" else "output_schema"] = schema
    if "input_schema" not in fields:
        raise fail("inputSchema, a JSON object, is required", "inputSchema")
    mcp: dict[str, Any] = {key: extra.pop(key) for key in _VERBATIM if key in extra}
    if extra:
        mcp["extra"] = extra
    if "description" not in data:
        mcp["absent"] = ["description"]
    annotations = data.get("annotations")
    if annotations is not None:
        if not isinstance(annotations, Mapping):
            raise fail(
                f"annotations must be a JSON object, got {type(annotations).__name__}",
                "annotations",
            )
        hints: dict[str, Any] = {}
        for wire, attribute in _HINTS:
            value = annotations.get(wire)
            if value is None:
                if wire in annotations:
                    nulls.append(f"annotations.{wire}")
            elif isinstance(value, str if wire == "title" else bool):
                hints[attribute] = value
            else:
                kind = "a string" if wire == "title" else "a boolean"
                raise fail(f"annotations.{wire} must be {kind}, got {value!r}", "annotations", wire)
        unknown = {key: value for key, value in annotations.items() if key not in dict(_HINTS)}
        if unknown or not any(wire in annotations for wire, _ in _HINTS):
            mcp["annotations"] = frozen(unknown, (*path, "annotations"))
        fields["annotations"] = ToolAnnotations(**hints)
    if nulls:
        mcp["null"] = sorted(nulls)
    meta: dict[str, Any] = {"source": "mcp"}
    if mcp:
        meta["mcp"] = mcp
    try:
        return Tool(**fields, meta=meta)
    except ToolbridgeError as error:
        raise fail(str(error)) from error


# -- to MCP -----------------------------------------------------------------------------


@overload
def to_mcp(tools: Tool, /) -> dict[str, Any]: ...
@overload
def to_mcp(tools: Iterable[Tool], /) -> list[dict[str, Any]]: ...
def to_mcp(tools: Tool | Iterable[Tool], /) -> dict[str, Any] | list[dict[str, Any]]:
    """Write canonical tools as MCP ``tools/list`` entries (camelCase wire dicts).

    Args:
        tools: One tool, or an iterable of them.

    Returns:
        One wire dict for one tool, a list for an iterable. Optional fields appear only
        when stated; ``meta["mcp"]`` (see the module docstring) is restored.

    Raises:
        ConversionError: Something other than a `Tool`, or a malformed ``meta["mcp"]``.
        SchemaTooLargeError: A tool's input or output schema is past `MAX_SCHEMA_SIZE`.
    """
    if isinstance(tools, Tool):
        return _wire(tools)
    if isinstance(tools, (str, bytes, Mapping)) or not isinstance(tools, Iterable):
        raise ConversionError(f"to_mcp takes a Tool or tools, got {type(tools).__name__}")
    wires = []
    for index, tool in enumerate(tools):
        if not isinstance(tool, Tool):
            raise ConversionError(f"expected a Tool, got {type(tool).__name__}", path=(index,))
        wires.append(_wire(tool))
    return wires


def frozen_wire(tool: Tool) -> Any:
    """`to_mcp` of one tool, frozen: its schemas are the tool's own (frozen) objects."""
    return freeze(_wire(tool, _same))


def _same(value: Any) -> Any:
    return value


def _extras(tool: Tool) -> tuple[Mapping[str, Any], set[str], set[str]]:
    """``meta["mcp"]``, its ``null`` and ``absent`` sets, checked."""
    mcp = tool.meta.get("mcp", {})
    if not isinstance(mcp, Mapping):
        raise ConversionError(
            f"tool {tool.name!r}: meta.mcp must be an object", path=("meta", "mcp")
        )
    for key in ("extra", "annotations"):
        if not isinstance(mcp.get(key, {}), Mapping):
            raise ConversionError(
                f"tool {tool.name!r}: meta.mcp.{key} must be an object", path=("meta", "mcp", key)
            )
    sets: list[set[str]] = []
    for key in ("null", "absent"):
        names = mcp.get(key, [])
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ConversionError(
                f"tool {tool.name!r}: meta.mcp.{key} must be a list of strings",
                path=("meta", "mcp", key),
            )
        sets.append(set(names))
    return mcp, sets[0], sets[1]


def _wire(tool: Tool, copy: Callable[[Any], Any] = thaw) -> dict[str, Any]:
    """The MCP entry of `tool`; `copy` makes its schemas' copies (plain JSON, or kept frozen)."""
    check_sizes(tool)  # (as every writer: a schema past the size limit is refused)
    mcp, nulls, absent = _extras(tool)
    wire: dict[str, Any] = {"name": tool.name}
    if tool.title is not None or "title" in nulls:
        wire["title"] = tool.title
    if tool.description or not {"description"} & (nulls | absent):
        wire["description"] = tool.description
    elif "description" in nulls:
        wire["description"] = None
    wire["inputSchema"] = copy(tool.input_schema)
    if tool.output_schema is not None or "outputSchema" in nulls:
        wire["outputSchema"] = copy(tool.output_schema)
    annotations = {
        wire_name: getattr(tool.annotations, attribute)
        for wire_name, attribute in _HINTS
        if getattr(tool.annotations, attribute) is not None or f"annotations.{wire_name}" in nulls
    }
    if annotations or "annotations" in mcp:
        extra = thaw(mcp.get("annotations", {}))
        wire["annotations"] = annotations | {k: v for k, v in extra.items() if k not in annotations}
    elif "annotations" in nulls:
        wire["annotations"] = None
    for key in _VERBATIM:
        if key in mcp:
            wire[key] = thaw(mcp[key])
    for key, value in mcp.get("extra", {}).items():
        wire.setdefault(key, thaw(value))
    return wire
