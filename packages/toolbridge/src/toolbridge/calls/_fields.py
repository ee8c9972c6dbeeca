"""Reading the fields of a tool call: plain data out of SDK objects, names, ids, arguments.

Every reader reports problems as `ToolCallError` with the JSON path of the field
in the input and a bounded copy of what was there.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

from toolbridge._json import freeze
from toolbridge.errors import JsonPath, SchemaTooDeepError, ToolCallError

__all__ = [
    "Located",
    "arguments",
    "call_id",
    "call_name",
    "items",
    "located",
    "mapping",
    "not_a",
    "plain",
    "raw_text",
]

Located = tuple[Any, JsonPath]
"""A raw call and its JSON path in the input."""


# -- plain data out of dicts and SDK objects ------------------------------------------


def plain(value: object) -> object:
    if value is None or isinstance(value, (Mapping, list, tuple, str, int, float)):
        return value
    for method in ("model_dump", "to_dict"):
        dump = getattr(value, method, None)
        if callable(dump):
            return dump()
    return value


def raw_text(value: object) -> str:
    try:
        return repr(value)
    except RecursionError:
        return f"<{type(value).__name__} nested too deeply to show>"


def mapping(value: object, path: JsonPath, what: str) -> Mapping[str, Any]:
    data = plain(value)
    if not isinstance(data, Mapping):
        raise ToolCallError(
            f"{what} must be an object, got {type(data).__name__}", path=path, raw=raw_text(data)
        )
    return data


def items(value: object, path: JsonPath, what: str) -> Sequence[Any]:
    data = plain(value)
    if data is None:
        return ()
    if not isinstance(data, (list, tuple)):
        raise ToolCallError(
            f"{what} must be an array, got {type(data).__name__}", path=path, raw=raw_text(data)
        )
    return data


def located(items: Sequence[Any], path: JsonPath) -> list[Located]:
    return [(item, (*path, index)) for index, item in enumerate(items)]


def not_a(shape: str, data: object) -> ToolCallError:
    return ToolCallError(f"not {shape}", raw=raw_text(data))


# -- the fields of one call -----------------------------------------------------------


def call_name(data: Mapping[str, Any], key: str, path: JsonPath) -> str:
    name = data.get(key)
    if name is None:
        raise ToolCallError("the tool call has no name", path=(*path, key), raw=raw_text(data))
    if not isinstance(name, str) or not name:
        raise ToolCallError(
            "the tool name must be a non-empty string", path=(*path, key), raw=raw_text(name)
        )
    return name


def call_id(data: Mapping[str, Any], keys: tuple[str, ...], path: JsonPath) -> str | None:
    for key in keys:
        value = data.get(key)
        if value is None:
            continue
        if not isinstance(value, str):
            raise ToolCallError("a tool call id must be a string", path=(*path, key), raw=value)
        return value
    return None


_JSON_TYPES: Final = {
    list: "an array",
    tuple: "an array",
    str: "a string",
    bool: "a boolean",
    int: "a number",
    float: "a number",
    type(None): "null",
}


def _json_type(value: object) -> str:
    return _JSON_TYPES.get(type(value), type(value).__name__)


def arguments(value: object, path: JsonPath) -> Any:
    """Frozen JSON-object arguments from an object, a JSON string, or nothing."""
    data = plain(value)
    raw: str | None = data if isinstance(data, str) else None
    if data is None or (raw is not None and not raw.strip()):
        return freeze({})
    if raw is not None:
        try:
            data = json.loads(raw)
        except RecursionError:
            raise ToolCallError("arguments nest too deeply", path=path, raw=raw) from None
        except ValueError as error:  # JSONDecodeError, and integers too long to read
            raise ToolCallError(
                f"arguments are not valid JSON: {error}", path=path, raw=raw
            ) from None
    if not isinstance(data, Mapping):
        raise ToolCallError(
            f"arguments must be a JSON object, not {_json_type(data)}",
            path=path,
            raw=raw if raw is not None else raw_text(data),
        )

    def not_json(message: str, inner: JsonPath) -> Exception:
        return ToolCallError(f"arguments are not JSON: {message}", path=(*path, *inner), raw=raw)

    try:
        return freeze(data, error=not_json)
    except SchemaTooDeepError as error:
        raise ToolCallError(f"arguments {error}", path=path, raw=raw) from None
