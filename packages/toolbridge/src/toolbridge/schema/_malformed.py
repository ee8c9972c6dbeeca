"""Say what is wrong with a malformed schema, after a transform tripped over it.

The transforms read schemas as JSON Schema and assume its shapes (``required`` is an
array, ``type`` a string or an array of strings). Checking every schema against the
meta-schema up front would cost each conversion; instead a transform that fails on
a shape asks here, and a malformed schema becomes a `SchemaError` with its path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, NoReturn, TypeVar

from toolbridge._jsonschema._meta_schema import meta_problem
from toolbridge.errors import JsonPath, SchemaError, ToolbridgeError

__all__ = ["JSON_TYPES", "TRIPS", "check_type", "explain", "explained", "malformed"]

_Result = TypeVar("_Result")
TRIPS: Final = (TypeError, AttributeError, KeyError, IndexError, ValueError)
"""What reading an unexpected shape raises in Python."""
JSON_TYPES: Final = frozenset({"array", "boolean", "integer", "null", "number", "object", "string"})
"""The names ``type`` may give (JSON Schema 2020-12, validation section 6.1.1)."""


def check_type(types: Any, path: JsonPath) -> None:
    """Refuse a ``type`` (at `path`'s schema) that names no JSON type: a typo as ``strng``.

    A strict transform would copy it into a schema the provider refuses, or read it as
    a value of any type; it is bad input, said where.

    Raises:
        SchemaError: At ``<path>/type`` (``<path>/type/<i>`` for a list's member).
    """
    if type(types) is str and types in JSON_TYPES:
        return
    listed = isinstance(types, list)
    for index, name in enumerate(types if listed else [types]):
        if type(name) is not str or name not in JSON_TYPES:
            where = (*path, "type", index) if listed else (*path, "type")
            raise SchemaError(
                f"unknown type {name!r}: JSON Schema's types are {', '.join(sorted(JSON_TYPES))}",
                path=where,
            )


def malformed(schema: Any) -> SchemaError | None:
    """A `SchemaError` at the first place the schema breaks the 2020-12 meta-schema.

    Nothing is fetched: a ``$schema`` naming an unknown dialect is set aside and the
    schema read as 2020-12 (see `toolbridge.schema._meta`).
    """
    if not isinstance(schema, (Mapping, bool)):
        return SchemaError(f"a schema must be an object or a boolean, not {type(schema).__name__}")
    try:
        problem = meta_problem(schema, assume_2020_12=True)
    except Exception:  # not JSON at all: the caller's own error stands
        return None
    if problem is None:
        return None
    return SchemaError(f"not valid JSON Schema 2020-12: {problem.detail}", path=problem.path)


def explained(schema: Any, transform: Callable[[], _Result]) -> _Result:
    """Run a transform of `schema`; if it trips on a malformed shape, say where.

    Raises:
        SchemaError: The schema is not valid JSON Schema (the path is where).
    """
    try:
        return transform()
    except TRIPS as error:
        explain(schema, error)


def explain(schema: Any, error: Exception) -> NoReturn:
    """Raise what `error`, a transform's trip on `schema`, means (`explained`'s step).

    Raises:
        SchemaError: The schema is not valid JSON Schema (the path is where).
        Exception: `error` itself: typed already, or the schema is well-formed (a bug
            here, not bad input).
    """
    if isinstance(error, ToolbridgeError):
        raise error  # already a typed error with its path
    reason = malformed(schema)
    if reason is None:
        raise error
    raise reason from error
