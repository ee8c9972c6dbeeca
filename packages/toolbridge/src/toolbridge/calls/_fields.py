"""Reading the fields of a tool call: plain data out of SDK objects, names, ids, arguments.

Every reader reports problems as `ToolCallError` with the JSON path of the field
in the input and a bounded copy of what was there. Reading a foreign object never
raises anything else: an SDK object whose attributes, ``model_dump()`` or ``repr()``
raise is reported as a `ToolCallError` too.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

from toolbridge._call import PAIRED_BY_ID, TITLES
from toolbridge._json import freeze
from toolbridge.errors import JsonPath, SchemaTooDeepError, ToolCallError

__all__ = [
    "Located",
    "arguments",
    "bounded",
    "call_id",
    "call_name",
    "items",
    "located",
    "mapping",
    "not_a",
    "plain",
    "raw_text",
    "shown",
]

Located = tuple[Any, JsonPath]
"""A raw call and its JSON path in the input."""

_SHOWN_LIMIT: Final = 100
"""How much of a value a message quotes (`shown`); `ToolCallError.raw` keeps more."""


# -- plain data out of dicts and SDK objects ------------------------------------------


def plain(value: object, path: JsonPath = ()) -> object:
    """`value` as plain data: SDK objects through ``model_dump()`` or ``to_dict()``.

    Raises:
        ToolCallError: Reading the object raised (a property, ``__getattr__``, the
            dump itself); a `RecursionError` is left to the caller, which knows the
            whole input.
    """
    try:
        if value is None or isinstance(value, (Mapping, list, tuple, str, int, float)):
            return value
        model_dump = getattr(value, "model_dump", None)
        if callable(model_dump):
            try:
                # pydantic warns when a field holds what the SDK did not expect (an
                # array as tool_use input); the data is checked here, field by field
                return model_dump(warnings=False)
            except TypeError:  # a model_dump of another library, without that option
                return model_dump()
        to_dict = getattr(value, "to_dict", None)
        if callable(to_dict):
            return to_dict()
    except RecursionError:
        raise
    except Exception as error:
        raise ToolCallError(
            f"reading the {type(value).__name__} object raised {_exception(error)}", path=path
        ) from error
    return value


def _exception(error: BaseException) -> str:
    try:
        return bounded(f"{type(error).__name__}: {error}", _SHOWN_LIMIT)
    except Exception:  # an exception whose own str() raises
        return type(error).__name__


def raw_text(value: object) -> str:
    """``repr(value)``, or what kind of value it is when its repr cannot be had."""
    try:
        return repr(value)
    except RecursionError:
        return f"<{type(value).__name__} nested too deeply to show>"
    except Exception as error:
        return f"<{type(value).__name__} whose repr() raised {type(error).__name__}>"


def shown(value: object) -> str:
    """`value`'s repr for a message, at most 100 characters of it."""
    return bounded(raw_text(value), _SHOWN_LIMIT)


def bounded(text: str, limit: int) -> str:
    """`text`, or its first `limit` characters and how many more there were."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text) - limit} more characters)"


def mapping(value: object, path: JsonPath, what: str) -> Mapping[str, Any]:
    data = plain(value, path)
    if not isinstance(data, Mapping):
        raise ToolCallError(
            f"{what} must be an object, got {type(data).__name__}", path=path, raw=raw_text(data)
        )
    return data


def items(value: object, path: JsonPath, what: str) -> Sequence[Any]:
    data = plain(value, path)
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


def call_id(
    data: Mapping[str, Any], keys: tuple[str, ...], path: JsonPath, provider: str
) -> str | None:
    """The call's id, from the first of `keys` present.

    Raises:
        ToolCallError: The id is not a string; or there is none and `provider` pairs
            results with calls by id, so no result could ever answer the call.
    """
    for key in keys:
        value = data.get(key)
        if value is None:
            continue
        if not isinstance(value, str):
            raise ToolCallError(
                f"a tool call id must be a string, not {_json_type(value)}",
                path=(*path, key),
                raw=raw_text(value),
            )
        return value
    if provider in PAIRED_BY_ID:
        raise ToolCallError(
            f"the tool call has no id, and {TITLES[provider]} pairs each result with its "
            "call by id: no result could answer it",
            path=(*path, keys[0]),
            raw=raw_text(data),
        )
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
    data = plain(value, path)
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
