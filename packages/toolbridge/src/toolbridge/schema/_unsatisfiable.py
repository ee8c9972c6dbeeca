"""A few cheap signs that no value can satisfy a schema, for `check` in every target.

A schema that contradicts itself is accepted by every provider and leaves the model
no valid answer; the writers lower it as best they can (Gemini's string enums turn
``{"type": "boolean", "enum": ["True", "dontcare"]}`` into a ``STRING``). These
rules look at one schema object at a time (every subschema the one walker,
`toolbridge._jsonschema._walk`, reaches: never data such as a ``default``), never follow a
``$ref`` and never combine branches, so they find only the plain contradictions:

* ``type`` and ``enum``: no value of the enum has one of the types.
* ``type`` and ``const``: the const value does not have one of the types.
* ``minimum`` above ``maximum``, ``minItems`` above ``maxItems``, ``minLength``
  above ``maxLength``.
* a ``required`` property whose schema is ``false``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from toolbridge._jsonschema._walk import walk
from toolbridge.errors import JsonPath

__all__ = ["unsatisfiable"]

_BOUNDS: Final = (("minimum", "maximum"), ("minItems", "maxItems"), ("minLength", "maxLength"))


def unsatisfiable(schema: Any) -> Iterator[tuple[JsonPath, str, str]]:
    """Each contradiction found in `schema`, as ``(path of the keyword, keyword, detail)``.

    In schema order; the walk is iterative (no depth limit needed).
    """
    for path, node in walk(schema):
        yield from _contradictions(node, path)


def _contradictions(node: Mapping[str, Any], path: JsonPath) -> Iterator[tuple[JsonPath, str, str]]:
    types = _types(node.get("type")) if "enum" in node or "const" in node else None
    if types is not None:
        enum = node.get("enum")
        if isinstance(enum, list) and not any(_has_type(value, types) for value in enum):
            yield (*path, "enum"), "enum", f"no value of the enum is of type {_said(types)}"
        if "const" in node and not _has_type(node["const"], types):
            yield (*path, "const"), "const", f"the const value is not of type {_said(types)}"
    for low, high in _BOUNDS:
        if low not in node or high not in node:
            continue  # (the common node: no pair of bounds to compare)
        least: Any = node[low]
        most: Any = node[high]
        if _number(least) and _number(most) and least > most:
            yield (*path, low), low, f"{low} {least} is above {high} {most}"
    required, properties = node.get("required"), node.get("properties")
    if isinstance(required, list) and isinstance(properties, Mapping):
        for name in required:
            if isinstance(name, str) and properties.get(name) is False:
                detail = f"the required property {name!r} has the schema false"
                yield (*path, "required"), "required", detail


def _types(declared: Any) -> frozenset[str] | None:
    """The declared type names, or None when there are none to hold values to."""
    if isinstance(declared, str):
        return frozenset({declared})
    if isinstance(declared, list) and declared and all(isinstance(t, str) for t in declared):
        return frozenset(declared)
    return None


def _has_type(value: Any, types: frozenset[str]) -> bool:
    """Whether a JSON value is of one of the JSON Schema types (1.0 is an integer)."""
    if value is None:
        kind = {"null"}
    elif isinstance(value, bool):
        kind = {"boolean"}
    elif isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
        kind = {"integer", "number"}
    elif isinstance(value, float):
        kind = {"number"}
    elif isinstance(value, str):
        kind = {"string"}
    elif isinstance(value, list):
        kind = {"array"}
    else:
        kind = {"object"}
    return not kind.isdisjoint(types)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _said(types: frozenset[str]) -> str:
    return " or ".join(sorted(types))
