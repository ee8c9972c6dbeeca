"""Turning jsonschema-rs errors into issues a model can act on, and checking for non-JSON.

Every message is short and bounded: values are shown abbreviated, lists of allowed
values are cut after a few, and no message is longer than `MAX_MESSAGE` characters,
whatever the size of the value or of the schema.
"""

from __future__ import annotations

import itertools
import json
import json.encoder
import math
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from typing import TYPE_CHECKING, Any, Final

from toolbridge._json import MAX_DEPTH, describe_path
from toolbridge._jsonschema._references import resolve
from toolbridge.errors import JsonPath

if TYPE_CHECKING:
    import jsonschema_rs

MAX_MESSAGE: Final = 400
"""No issue message is longer than this."""

_MAX_LISTED: Final = 10
MAX_UNEXPECTED: Final = 50
"""At most this many unexpected properties are listed from one error (the caller
counts the rest)."""
_MAX_TEXT: Final = 80
_MAX_INT_BITS: Final = 14_000
"""Larger integers have more than 4,200 digits: Python will not even print them."""
_PLAIN_TYPES: Final = frozenset({str, int, float, bool, type(None)})


def json_type(value: Any) -> str:
    """The JSON type name of a Python value, or its Python type name if it has none."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number" if math.isfinite(value) else "non-finite number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, Mapping):
        return "object"
    if isinstance(value, (list, tuple)):
        return "array"
    return type(value).__name__


def clip(text: str, limit: int) -> str:
    """`text`, cut to at most `limit` characters with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


_encode = json.JSONEncoder(ensure_ascii=False, default=repr).encode
_encode_string: Callable[[str], str] = json.encoder.encode_basestring


def show(value: Any) -> str:
    """A short JSON rendering of a value for a message.

    Only a preview is ever written: a container is rendered part by part until the
    text is long enough, so showing a 10 MB value costs no more than a short one.
    """
    if isinstance(value, str):
        return clip(_encode_string(str(value[:_MAX_TEXT])), _MAX_TEXT)
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return f"an integer of {value.bit_length()} bits"
    try:
        text = "".join(_preview(value, _MAX_TEXT + 1))
    except (ValueError, TypeError, RecursionError):
        text = f"a {json_type(value)}"
    return clip(text, _MAX_TEXT)


def _preview(value: Any, room: int) -> list[str]:
    """The first `room` characters or more of `value`'s JSON text, as `_encode` writes it.

    Iterative: the pieces are written in order, and writing stops once `room`
    characters are out (what follows would be cut anyway).
    """
    pieces: list[str] = []
    written = 0
    stack: list[Any] = [value]
    while stack and written < room:
        node = stack.pop()
        if isinstance(node, _Text):
            piece = node.text
        elif isinstance(node, str):
            piece = _encode_string(str(node[:room]))
        elif isinstance(node, Mapping):
            piece = "{" if node else "{}"
            if node:
                stack.append(_Text("}"))
                entries = list(itertools.islice(node.items(), room))
                for index, (key, item) in reversed(list(enumerate(entries))):
                    stack.append(item)
                    stack.append(_Text(_encode_string(str(key)[:room]) + ": "))
                    if index:
                        stack.append(_Text(", "))
        elif isinstance(node, (list, tuple)):
            piece = "[" if node else "[]"
            if node:
                stack.append(_Text("]"))
                items = list(itertools.islice(node, room))
                for index, item in reversed(list(enumerate(items))):
                    stack.append(item)
                    if index:
                        stack.append(_Text(", "))
        else:
            piece = _encode(node)
        pieces.append(piece)
        written += len(piece)
    return pieces


class _Text:
    """A piece of `_preview`'s output that is already JSON text."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def show_list(values: Iterable[Any]) -> str:
    """Up to ten values, shown, then how many more there are."""
    items = list(values)
    shown = ", ".join(show(item) for item in items[:_MAX_LISTED])
    more = len(items) - _MAX_LISTED
    return shown + (f" (and {more} more)" if more > 0 else "")


def first_line(text: str) -> str:
    """The first non-empty line of a (jsonschema-rs) message, bounded."""
    stripped = text.strip()
    return clip(stripped.splitlines()[0] if stripped else text, MAX_MESSAGE)


# -- one jsonschema-rs error -> issues ------------------------------------------------------


def _limit(details: Mapping[str, Any], schema: Any, schema_path: JsonPath) -> Any:
    """The bound the schema states (jsonschema-rs clamps huge ones to 2**64 - 1)."""
    stated = resolve(schema, schema_path) if schema_path else None
    if isinstance(stated, (int, float)) and not isinstance(stated, bool):
        return stated
    return details.get("limit")


_CONSTRAINTS: Final = {
    "minimum": "must be >= {}",
    "maximum": "must be <= {}",
    "exclusiveMinimum": "must be > {}",
    "exclusiveMaximum": "must be < {}",
    "minLength": "must be at least {} characters long",
    "maxLength": "must be at most {} characters long",
    "minItems": "must have at least {} items",
    "maxItems": "must have at most {} items",
    "minProperties": "must have at least {} properties",
    "maxProperties": "must have at most {} properties",
    "multipleOf": "must be a multiple of {}",
}


def _contains(schema_path: JsonPath, schema: Any) -> str:
    keyword = schema_path[-1] if schema_path else "contains"
    node = resolve(schema, schema_path[:-1])
    node = node if isinstance(node, Mapping) else {}
    if keyword == "minContains":
        bound = show(node.get("minContains"))
        return f"must have at least {bound} items matching its `contains` schema"
    if keyword == "maxContains":
        bound = show(node.get("maxContains"))
        return f"must have at most {bound} items matching its `contains` schema"
    return "must have at least one item matching its `contains` schema"


def _branches(context: Iterable[Iterable[Any]], schema: Any, at: JsonPath) -> str:
    """Why each anyOf/oneOf branch failed: ``(1) ... (2) ...``."""
    parts: list[str] = []
    for number, branch_errors in enumerate(context, start=1):
        if number > _MAX_LISTED:
            break
        reasons = "; ".join(
            _where(error, at) + _message(error, schema) for error in list(branch_errors)[:2]
        )
        parts.append(f"({number}) {reasons}")
    return " ".join(parts)


def _where(error: jsonschema_rs.ValidationError, at: JsonPath) -> str:
    """``at x.y: `` for an error below `at` (the value the branches were tried on)."""
    path = tuple(error.instance_path)
    below = path[len(at) :] if path[: len(at)] == at else path
    return f"at {describe_path(below)}: " if below else ""


def _message(error: jsonschema_rs.ValidationError, schema: Any, *, reasons: bool = True) -> str:
    """A message for one error, for a model to correct the value.

    Without `reasons`, an anyOf / oneOf's branches were not checked one by one (see
    `toolbridge._jsonschema._unfolding.reasonless`): it is said to fail as a whole.
    """
    kind = error.kind.name
    details = error.kind.as_dict()
    schema_path: JsonPath = tuple(error.schema_path)
    if kind == "type":
        expected = details.get("types") or []
        got = json_type(error.instance)
        return f"expected {' or '.join(str(t) for t in expected)}, got {got}"
    if kind == "enum":
        return (
            f"must be one of {show_list(details.get('options') or [])}, got {show(error.instance)}"
        )
    if kind == "const":
        return f"must be exactly {show(details.get('expected_value'))}, got {show(error.instance)}"
    if kind == "required":
        return f"missing required property {show(details.get('property'))}"
    if kind in ("anyOf", "oneOf") and not reasons:
        shapes = "none of" if kind == "anyOf" else "none, or more than one, of"
        return f"matches {shapes} the allowed shapes ({kind}; too costly to list why)"
    if kind in ("anyOf", "oneOf"):
        if type(error.kind).__name__ == "OneOfMultipleValid":
            return "matches more than one of the allowed shapes (oneOf); it must match exactly one"
        why = _branches(details.get("context") or (), schema, tuple(error.instance_path))
        return "matches none of the allowed shapes" + (f": {why}" if why else "")
    if kind == "not":
        return f"must not match {show(details.get('schema'))}"
    if kind == "falseSchema":
        return "is not allowed here"
    if kind == "format":
        return f"must be a valid {details.get('format')}, got {show(error.instance)}"
    if kind == "pattern":
        return f"must match the pattern {show(details.get('pattern'))}, got {show(error.instance)}"
    if kind in ("backtrackLimitExceeded", "regexEngineFailure"):
        return "could not be checked against its pattern within the matching budget"
    if kind == "uniqueItems":
        return "items must be unique"
    if kind == "contains":
        return _contains(schema_path, schema)
    if kind == "additionalItems":
        return f"must have at most {show(details.get('limit'))} items: no more are allowed here"
    if kind == "unevaluatedItems":
        return "has items that no part of the schema allows (unevaluatedItems)"
    if kind == "propertyNames":
        inner = details.get("error")
        if inner is None:
            return "has a property name that is not allowed"
        return f"is not an allowed property name: {_message(inner, schema, reasons=reasons)}"
    constraint = _CONSTRAINTS.get(kind)
    if constraint is not None:
        limit = _limit(details, schema, schema_path)
        if kind == "multipleOf":
            limit = details.get("multiple_of")
        return f"{constraint.format(show(limit))}, got {show(error.instance)}"
    return first_line(error.message)


_KINDS: Final = {
    "required": "required",
    "type": "type",
    "enum": "enum",
    "const": "const",
    "format": "format",
    "anyOf": "composition",
    "oneOf": "composition",
    "not": "composition",
    "additionalProperties": "additional_property",
    "unevaluatedProperties": "additional_property",
}
_ADDITIONAL: Final = "additional_property"
_PROPERTY_KEYWORDS: Final = frozenset(
    {"properties", "patternProperties", "additionalProperties", "unevaluatedProperties"}
)


def _allowed(schema: Any, schema_path: JsonPath) -> str:
    """``; allowed: a, b`` from the object schema that refused a property, if found."""
    node = resolve(schema, schema_path[:-1])
    properties = node.get("properties") if isinstance(node, Mapping) else None
    if not isinstance(properties, Mapping) or not properties:
        return ""
    return f"; allowed: {show_list(properties)}"


Raw = tuple[JsonPath, str, str, JsonPath]
"""An issue before it becomes a `ValidationIssue`: path, kind value, message, schema path."""


def from_error(
    error: jsonschema_rs.ValidationError, schema: Any, value: Any, *, reasons: bool = True
) -> list[Raw]:
    """The issues one jsonschema-rs error stands for (one per unexpected property).

    `schema` and `value` are the roots the error's paths start from; they let a
    message name the allowed properties, or the properties a bare
    ``additionalProperties: false`` refused (jsonschema-rs reports only the first).
    Without `reasons`, the error comes from `toolbridge._jsonschema._unfolding.reasonless`'s
    variant of the schema: an anyOf / oneOf is said to fail as a whole.
    """
    path: JsonPath = tuple(error.instance_path)
    schema_path: JsonPath = tuple(error.schema_path)
    kind = error.kind.name
    details = error.kind.as_dict()

    def issue(where: JsonPath, issue_kind: str, message: str) -> Raw:
        return (where, issue_kind, clip(message, MAX_MESSAGE), schema_path)

    def unexpected(names: Iterable[Any]) -> list[Raw]:
        message = f"is not an allowed property{_allowed(schema, schema_path)}"
        shown = itertools.islice(names, MAX_UNEXPECTED)
        return [issue((*path, str(name)), _ADDITIONAL, message) for name in shown]

    if kind in ("additionalProperties", "unevaluatedProperties"):
        return unexpected(details.get("unexpected") or ()) or [
            issue(path, _ADDITIONAL, first_line(error.message))
        ]
    if kind == "falseSchema" and schema_path[-1:] == ("additionalProperties",):
        # A bare `additionalProperties: false`: every property is refused.
        container = resolve(value, path)
        if isinstance(container, Mapping) and container:
            return unexpected(container)
    if kind == "required":
        name = details.get("property")
        message = "required property is missing"
        if schema_path and "required" not in schema_path[-1:]:
            message += " (another property that is present requires it)"
        return [issue((*path, str(name)), "required", message)]
    if kind == "propertyNames":
        inner = details.get("error")
        name = getattr(inner, "instance", None)
        where = (*path, name) if isinstance(name, str) else path
        return [issue(where, _ADDITIONAL, _message(error, schema, reasons=reasons))]
    issue_kind = _KINDS.get(kind, "constraint")
    message = _message(error, schema, reasons=reasons)
    if kind == "falseSchema" and len(schema_path) >= 2 and schema_path[-2] in _PROPERTY_KEYWORDS:
        issue_kind = _ADDITIONAL
        message = "is not an allowed property"
    elif kind == "falseSchema" and schema_path[-1:] in (("items",), ("additionalItems",)):
        message = "is not allowed: the array has more items than its schema allows"
    return [issue(path, issue_kind, message)]


def issue_count(error: jsonschema_rs.ValidationError, value: Any) -> int:
    """How many issues `from_error` would make of one error, listing all (none built)."""
    kind = error.kind.name
    if kind in ("additionalProperties", "unevaluatedProperties"):
        return max(len(error.kind.as_dict().get("unexpected") or ()), 1)
    schema_path = error.schema_path
    if kind == "falseSchema" and schema_path and schema_path[-1] == "additionalProperties":
        container = resolve(value, tuple(error.instance_path))
        if isinstance(container, Mapping) and container:
            return len(container)
    return 1


# -- values that are not JSON -----------------------------------------------------------


class NotJson(ValueError):
    """A value with no JSON form (or nesting too deep), found at `path`."""

    def __init__(self, message: str, path: JsonPath, *, too_deep: bool = False) -> None:
        self.path = path
        self.too_deep = too_deep
        super().__init__(message)


def _scalar_problem(value: Any) -> str | None:
    """Why a non-container value is not JSON, or None when it is."""
    if isinstance(value, float):
        return None if math.isfinite(value) else f"{value!r} is not a JSON number"
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > _MAX_INT_BITS:
            return f"an integer of {value.bit_length()} bits is too large"
        return None
    if value is None or isinstance(value, (str, bool)):
        return None
    return f"a Python {type(value).__name__} has no JSON form"


def _too_deep_error(path: JsonPath) -> NotJson:
    message = f"nests deeper than {MAX_DEPTH} levels of objects and arrays"
    return NotJson(message, path, too_deep=True)


def _children(node: Any) -> Iterable[tuple[Any, Any]] | None:
    """``(key, item)`` pairs of a container, None for a scalar.

    A step into the value being checked (an instance), not into a schema: every key
    is data here, so the schema walker (`toolbridge._jsonschema._walk`) has no part in it.
    """
    if isinstance(node, (dict, Mapping)):
        return node.items()
    if isinstance(node, (list, tuple)):
        return enumerate(node)
    return None


def _problem_at(node: Any, depth: int) -> str | None:
    items = _children(node)
    if items is None:
        return _scalar_problem(node)
    if depth >= MAX_DEPTH and node:
        return f"nests deeper than {MAX_DEPTH} levels of objects and arrays"
    if isinstance(node, (dict, Mapping)):
        for key in node:
            if not isinstance(key, str):
                return f"object key {key!r} is not a string"
    return None


def scan(value: Any) -> tuple[NotJson | None, int, int]:
    """Look through a value: its first non-JSON part (or too deep nesting), and its size.

    The size is two counts: its parts (each object, array, string, number, boolean
    and null) and the characters of its strings and keys. Iterative, and cheap: exact
    JSON types are checked inline, and paths are only built (by `_locate`) for the
    part found.
    """
    count = chars = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    pop, push = stack.pop, stack.append
    while stack:
        node, depth = pop()
        count += 1
        kind = type(node)
        if kind is str:
            chars += len(node)
            continue
        if kind is bool or node is None:
            continue
        if kind is dict or (kind is not list and isinstance(node, Mapping)):
            if depth >= MAX_DEPTH and node:
                return _locate(value), count, chars
            for key, item in node.items():
                if not isinstance(key, str):
                    return _locate(value), count, chars
                chars += len(key)
                push((item, depth + 1))
        elif kind is list or isinstance(node, (list, tuple)):
            if depth >= MAX_DEPTH and node:
                return _locate(value), count, chars
            for item in node:
                push((item, depth + 1))
        elif isinstance(node, str):
            chars += len(node)
        elif _scalar_problem(node) is not None:
            return _locate(value), count, chars
    return None, count, chars


def _locate(value: Any) -> NotJson | None:
    """The first problem `scan` finds, with its path."""
    stack: list[tuple[Any, JsonPath]] = [(value, ())]
    while stack:
        node, path = stack.pop()
        problem = _problem_at(node, len(path))
        if problem is not None:
            deep = problem.startswith("nests deeper")
            items = _children(node)
            where = (*path, next(iter(items))[0]) if deep and items is not None else path
            return NotJson(problem, where, too_deep=deep)
        items = _children(node)
        if items is not None:
            stack.extend((item, (*path, key)) for key, item in items)
    return None


def plain_json(value: Any, path: JsonPath = ()) -> Any:
    """A copy of `value` made of exact JSON types.

    str/int/float subclasses and enums are unwrapped, tuples become lists, mappings
    become dicts.

    Raises:
        NotJson: A value with no JSON form, or nesting deeper than `MAX_DEPTH`; with
            its path.
    """
    if type(value) in _PLAIN_TYPES:
        problem = _scalar_problem(value)
        if problem is not None:
            raise NotJson(problem, path)
        return value
    if isinstance(value, Enum):
        return plain_json(value.value, path)
    if isinstance(value, Mapping):
        if len(path) >= MAX_DEPTH and value:
            raise _too_deep_error((*path, next(iter(value))))
        result: dict[str, Any] = {}
        for key, item in value.items():
            plain_key = key.value if isinstance(key, Enum) else key
            if not isinstance(plain_key, str):
                raise NotJson(f"object key {key!r} is not a string", path)
            result[str(plain_key)] = plain_json(item, (*path, str(plain_key)))
        return result
    if isinstance(value, (list, tuple)):
        if len(path) >= MAX_DEPTH and value:
            raise _too_deep_error((*path, 0))
        return [plain_json(item, (*path, index)) for index, item in enumerate(value)]
    for plain_type in (bool, int, float, str):
        if isinstance(value, plain_type):
            return plain_json(plain_type(value), path)
    raise NotJson(f"a Python {type(value).__name__} has no JSON form", path)
