"""Say what is wrong with a malformed schema, after a transform tripped over it.

The transforms read schemas as JSON Schema and assume its shapes (``required`` is an
array, ``type`` a string or an array of strings). Checking every schema against the
meta-schema up front would cost each conversion; instead a transform that fails on
a shape asks here, and a malformed schema becomes a `SchemaError` with its path.

One shape is refused wherever a schema is written for a target, strict or not: a
``type`` that names no JSON type (`check_type` on one node, `check_types` on a whole
schema, through the one walker's table). The provider would refuse the schema, or
read the node as a value of any type.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, NoReturn, TypeVar

from toolbridge._jsonschema._meta_schema import meta_problem
from toolbridge._jsonschema._walk import rebuilder, walk
from toolbridge.errors import JsonPath, SchemaError, ToolbridgeError

__all__ = [
    "JSON_TYPES",
    "TRIPS",
    "check_type",
    "check_types",
    "explain",
    "explained",
    "first_unknown_type",
    "malformed",
    "names_json_types",
]

_Result = TypeVar("_Result")
TRIPS: Final = (TypeError, AttributeError, KeyError, IndexError, ValueError)
"""What reading an unexpected shape raises in Python."""
JSON_TYPES: Final = frozenset({"array", "boolean", "integer", "null", "number", "object", "string"})
"""The names ``type`` may give (JSON Schema 2020-12, validation section 6.1.1)."""


def names_json_types(types: Any) -> bool:
    """Whether a ``type`` value names JSON types only: one name, or a list of them."""
    if type(types) is str:
        return types in JSON_TYPES
    return isinstance(types, list) and all(type(n) is str and n in JSON_TYPES for n in types)


def check_type(types: Any, path: JsonPath, *, tool: str | None = None) -> None:
    """Refuse a ``type`` (at `path`'s schema) that names no JSON type: a typo as ``strng``.

    A transform would copy it into a schema the provider refuses, or read it as a
    value of any type; it is bad input, said where. With `tool`, the message starts
    with its name, as the format engine puts it, and the error reaches a
    ``to_<target>`` caller as it is (a `SchemaError`, not wrapped).

    Raises:
        SchemaError: At ``<path>/type`` (``<path>/type/<i>`` for a list's member).
    """
    if names_json_types(types):
        return
    listed = isinstance(types, list)
    for index, name in enumerate(types if listed else [types]):
        if type(name) is not str or name not in JSON_TYPES:
            where = (*path, "type", index) if listed else (*path, "type")
            owner = "" if tool is None else f"tool {tool!r}: "
            raise SchemaError(
                f"{owner}unknown type {name!r}: "
                f"JSON Schema's types are {', '.join(sorted(JSON_TYPES))}",
                path=where,
            )


def check_types(schema: Any, *, tool: str | None = None, path: JsonPath = ()) -> None:
    """Refuse the first ``type`` in `schema` that names no JSON type (see `check_type`).

    Every subschema the keyword table names is looked at (``properties``, ``items``,
    ``anyOf``, ``$defs``, ``not``, ...), never the instances in ``const``, ``enum``,
    ``default`` or ``examples``. The first is the first in pre-order (a node before
    its subschemas, keywords in order): the same one wherever a target finds it.
    `path` is where `schema` is in its tool (``("output_schema",)``, say).

    One pass of the walker without paths, which hands over no leaf of a known
    scalar type; only a schema that has such a ``type`` is walked again, with paths.

    Raises:
        SchemaError: At ``<path>/type`` of the first, as `check_type` says it.
        SchemaTooDeepError: `schema` nests deeper than `MAX_DEPTH` levels.
    """
    try:
        _LOOK(schema, (), 0)
    except _Unknown:
        for where, node in walk(schema, path):
            if "type" in node:
                check_type(node["type"], where, tool=tool)


def first_unknown_type(schema: Any, tool: str | None, transform: Callable[[], _Result]) -> _Result:
    """Run a transform of `schema`; a `SchemaError` it raises gives way to `check_types`'.

    A transform meets types in its own order, and where it merged or inlined
    subschemas (an ``allOf`` part, a ``$ref`` target) the path it has is not the
    source's: the error said is the first unknown type in the source, at its path,
    the same for every target. Any other error stands when there is none.

    Raises:
        SchemaError: The first ``type`` naming no JSON type, or the transform's own.
    """
    try:
        return transform()
    except SchemaError as error:
        if type(error) is SchemaError:
            check_types(schema, tool=tool)
        raise


class _Unknown(Exception):
    """`_look` met a ``type`` naming no JSON type: `check_types` finds where."""


def _look(node: Any, _: JsonPath) -> Any:
    types = node.get("type", node)  # (the node itself: no ``type`` at all)
    if types is node or names_json_types(types):
        return node
    raise _Unknown


_LOOK: Final = rebuilder(_look, paths=False, scalars=False)
"""`_look` on every object subschema but the leaves of a known scalar type (no copy)."""


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
