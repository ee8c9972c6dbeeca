"""Turning jsonschema-rs errors into issues a model can act on."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from enum import Enum
from typing import TYPE_CHECKING, Any

from toolbridge._json import MAX_DEPTH
from toolbridge.errors import JsonPath

if TYPE_CHECKING:
    import jsonschema_rs

    from toolbridge.validation import ValidationIssue

_MAX_LISTED = 10
_MAX_TEXT = 80


def json_type(value: Any) -> str:
    """The JSON type name of a Python value, or its Python type name if it has none."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, Mapping):
        return "object"
    if isinstance(value, (list, tuple)):
        return "array"
    return type(value).__name__


def show(value: Any) -> str:
    """A short JSON rendering of a value for a message."""
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except (ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= _MAX_TEXT else text[: _MAX_TEXT - 1] + "…"


def show_list(values: Iterable[Any]) -> str:
    items = list(values)
    shown = ", ".join(show(item) for item in items[:_MAX_LISTED])
    more = len(items) - _MAX_LISTED
    return shown + (f" (and {more} more)" if more > 0 else "")


def first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else text


def cap(issues: list[ValidationIssue], limit: int) -> tuple[ValidationIssue, ...]:
    from toolbridge.validation import IssueKind, ValidationIssue

    if len(issues) <= limit:
        return tuple(issues)
    return (
        *issues[:limit],
        ValidationIssue((), IssueKind.TOO_MANY, f"more than {limit} issues; fix these first"),
    )


def _constraint(kind: str, details: Mapping[str, Any], value: Any) -> str | None:
    limit = details.get("limit")
    messages = {
        "minimum": f"must be >= {limit}",
        "maximum": f"must be <= {limit}",
        "exclusiveMinimum": f"must be > {limit}",
        "exclusiveMaximum": f"must be < {limit}",
        "minLength": f"must be at least {limit} characters long",
        "maxLength": f"must be at most {limit} characters long",
        "minItems": f"must have at least {limit} items",
        "maxItems": f"must have at most {limit} items",
        "minProperties": f"must have at least {limit} properties",
        "maxProperties": f"must have at most {limit} properties",
        "multipleOf": f"must be a multiple of {details.get('multiple_of')}",
        "uniqueItems": "items must be unique",
        "pattern": f"must match the pattern {show(details.get('pattern'))}",
    }
    return messages.get(kind)


def _branches(details: Mapping[str, Any]) -> str:
    """Summarise why each anyOf/oneOf branch failed."""
    parts: list[str] = []
    for number, branch_errors in enumerate(details.get("context") or (), start=1):
        reasons = "; ".join(
            f"{_where(error)}{_message(error)}" for error in list(branch_errors)[:3]
        )
        parts.append(f"({number}) {reasons}")
    return " ".join(parts[:_MAX_LISTED])


def _where(error: jsonschema_rs.ValidationError) -> str:
    from toolbridge._json import describe_path

    return f"{describe_path(tuple(error.instance_path))}: " if error.instance_path else ""


def _message(error: jsonschema_rs.ValidationError) -> str:
    kind = error.kind.name
    details = error.kind.as_dict()
    value = error.instance
    if kind == "type":
        expected = details.get("types") or details.get("type") or []
        if isinstance(expected, str):
            expected = [expected]
        return f"expected {' or '.join(str(t) for t in expected)}, got {json_type(value)}"
    if kind == "enum":
        return f"must be one of {show_list(details.get('options') or [])}, got {show(value)}"
    if kind == "const":
        return f"must be exactly {show(details.get('expected_value'))}, got {show(value)}"
    if kind == "required":
        return f"required property {show(details.get('property'))} is missing"
    if kind in ("anyOf", "oneOfNotValid"):
        why = _branches(details)
        return "matches none of the allowed shapes" + (f": {why}" if why else "")
    if kind == "oneOfMultipleValid":
        return "matches more than one of the allowed shapes; it must match exactly one"
    if kind == "not":
        return "matches a shape that is not allowed"
    if kind == "falseSchema":
        return "is not allowed here"
    if kind == "format":
        return f"must be a valid {details.get('format')}, got {show(value)}"
    if kind in ("backtrackLimitExceeded", "regexEngineFailure"):
        return "could not be checked against its pattern within the matching budget"
    constraint = _constraint(kind, details, value)
    if constraint is not None:
        return f"{constraint}, got {show(value)}" if kind != "uniqueItems" else constraint
    return first_line(error.message)


_KIND_NAMES = {
    "required": "REQUIRED",
    "type": "TYPE",
    "enum": "ENUM",
    "const": "CONST",
    "format": "FORMAT",
    "anyOf": "COMPOSITION",
    "oneOfNotValid": "COMPOSITION",
    "oneOfMultipleValid": "COMPOSITION",
    "not": "COMPOSITION",
}


def from_error(error: jsonschema_rs.ValidationError) -> list[ValidationIssue]:
    """The issues one jsonschema-rs error stands for (one per unexpected property)."""
    from toolbridge.validation import IssueKind, ValidationIssue

    path: JsonPath = tuple(error.instance_path)
    schema_path: JsonPath = tuple(error.schema_path)
    kind = error.kind.name
    details = error.kind.as_dict()
    if kind in ("additionalProperties", "unevaluatedProperties"):
        unexpected = details.get("unexpected") or []
        return [
            ValidationIssue(
                (*path, name),
                IssueKind.ADDITIONAL_PROPERTY,
                "is not an allowed property",
                schema_path,
            )
            for name in unexpected
        ] or [ValidationIssue(path, IssueKind.ADDITIONAL_PROPERTY, _message(error), schema_path)]
    if kind == "required":
        return [
            ValidationIssue(
                (*path, str(details.get("property"))),
                IssueKind.REQUIRED,
                "required property is missing",
                schema_path,
            )
        ]
    issue_kind = IssueKind[_KIND_NAMES.get(kind, "CONSTRAINT")]
    if (
        kind == "falseSchema"
        and schema_path
        and schema_path[-2:-1]
        in (
            ("properties",),
            ("additionalProperties",),
        )
    ):
        issue_kind = IssueKind.ADDITIONAL_PROPERTY
    return [ValidationIssue(path, issue_kind, _message(error), schema_path)]


class NotJson(ValueError):
    """A value with no JSON form, found at `path`."""

    def __init__(self, message: str, path: JsonPath) -> None:
        self.path = path
        super().__init__(message)


def plain_json(value: Any, path: JsonPath = (), depth: int = 0) -> Any:
    """A copy of `value` made of exact JSON types.

    str/int/float subclasses and enums are unwrapped, tuples become lists.

    Raises:
        NotJson: A value with no JSON form, with its path.
    """
    if depth > MAX_DEPTH:
        raise NotJson(f"nests deeper than {MAX_DEPTH} levels", path)
    if value is None or type(value) in (str, int, float, bool):
        return value
    if isinstance(value, Enum):
        return plain_json(value.value, path, depth)
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, str):
        return str(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, Mapping):
        result: dict[str, Any] = {}
        for key, item in value.items():
            if isinstance(key, Enum):
                key = key.value
            if not isinstance(key, str):
                raise NotJson(f"object key {key!r} is not a string", path)
            result[str(key)] = plain_json(item, (*path, key), depth + 1)
        return result
    if isinstance(value, (list, tuple)):
        return [plain_json(item, (*path, index), depth + 1) for index, item in enumerate(value)]
    raise NotJson(f"a Python {type(value).__name__} has no JSON form", path)
