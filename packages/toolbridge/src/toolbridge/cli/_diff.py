"""``toolbridge diff``: where two targets are told different things about the same tools.

`diff_tools` writes the tools for both targets and compares, tool by tool, the name,
the description and the input schema each target receives
(`toolbridge.formats.received_schema`). The schemas are compared keyword by keyword:
a keyword that holds schemas (``properties``, ``items``, ``anyOf``, ...: where they
are is the schema walker's, `toolbridge._jsonschema._walk.shape` and `held`) is
walked into when both sides hold them in the same shape (the members of two maps by
name, of two lists of one length by index), any other keyword is compared as a whole
value, so a difference names the keyword that differs and the JSON path of the
schema it sits in. Two schemas are walked side by side, so this is its own driver;
it asks the walker where the subschemas are.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, final

from toolbridge._json import thaw
from toolbridge._jsonschema._walk import held, shape
from toolbridge._tool import Tool
from toolbridge.errors import JsonPath, format_path
from toolbridge.formats import STRICT_TARGETS, Target, convert, received_schema

__all__ = ["MISSING", "Difference", "diff_schemas", "diff_tools"]


@final
class _Missing:
    """The value of a side that has nothing at a path."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Final = _Missing()

Field = Literal["name", "description", "input_schema"]
Change = tuple[JsonPath, str, Any, Any]
"""``(path, keyword, value in a, value in b)``."""


@final
@dataclass(frozen=True, slots=True, kw_only=True)
class Difference:
    """One place where the two targets are told different things about a tool."""

    tool: str
    """The tool's name, as read from INPUT."""
    field: Field
    """What differs: the tool's ``name``, its ``description``, or its ``input_schema``."""
    path: JsonPath
    """For the input schema, where from its root: the keyword's own path (a property
    present on one side only ends with its name). Empty for name and description."""
    keyword: str
    """The keyword that differs (``name`` or ``description`` for those fields; empty
    when one target receives no input schema at all)."""
    a: Any
    """What the first target receives there; `MISSING` when it has nothing there."""
    b: Any
    """What the second target receives there; `MISSING` when it has nothing there."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of ``toolbridge diff --json``: ``a``/``b`` absent when missing."""
        data: dict[str, Any] = {
            "tool": self.tool,
            "field": self.field,
            "path": format_path(self.path),
            "keyword": self.keyword,
        }
        if self.a is not MISSING:
            data["a"] = self.a
        if self.b is not MISSING:
            data["b"] = self.b
        return data


def diff_tools(
    tools: Sequence[Tool], target_a: Target, target_b: Target, *, strict: bool = False
) -> tuple[Difference, ...]:
    """Every difference between what `target_a` and `target_b` receive for `tools`.

    Args:
        tools: The tools, written for each target as one set.
        target_a: The first target.
        target_b: The second target.
        strict: Ask for strict mode from the targets that have one (`STRICT_TARGETS`);
            otherwise each tool's strictness is what its source said.

    Returns:
        The differences, tool by tool in input order; within a tool the name, the
        description, then the schema in its keyword order (``a``'s keys first).

    Raises:
        ConversionError: The tools cannot be written for one of the targets.
    """
    listed = list(tools)
    wires_a = _written(listed, target_a, strict)
    wires_b = _written(listed, target_b, strict)
    differences: list[Difference] = []
    for tool, wire_a, wire_b in zip(listed, wires_a, wires_b, strict=True):
        body_a, body_b = _body(wire_a, target_a), _body(wire_b, target_b)
        for field in ("name", "description"):
            value_a, value_b = body_a.get(field, MISSING), body_b.get(field, MISSING)
            if not _same(value_a, value_b):
                differences.append(
                    Difference(
                        tool=tool.name, field=field, path=(), keyword=field, a=value_a, b=value_b
                    )
                )
        schema_a = received_schema(wire_a, target_a)
        schema_b = received_schema(wire_b, target_b)
        differences.extend(
            Difference(tool=tool.name, field="input_schema", path=path, keyword=keyword, a=a, b=b)
            for path, keyword, a, b in diff_schemas(
                MISSING if schema_a is None else thaw(schema_a),
                MISSING if schema_b is None else thaw(schema_b),
            )
        )
    return tuple(differences)


def diff_schemas(a: Any, b: Any) -> list[Change]:
    """Where two JSON Schemas differ: ``(path, keyword, value in a, value in b)`` each.

    A value is `MISSING` on the side that lacks the keyword (or the property, or the
    whole schema). Neither schema is modified.
    """
    return list(_schema(a, b, (), ""))


def _written(tools: list[Tool], target: Target, strict: bool) -> list[Mapping[str, Any]]:
    output: list[Mapping[str, Any]] = convert(
        tools, target, strict=True if strict and target in STRICT_TARGETS else None
    ).output
    return output


def _body(wire: Mapping[str, Any], target: Target) -> Mapping[str, Any]:
    """The object holding a written tool's name and description."""
    if target == "openai":
        body: Mapping[str, Any] = wire["function"]
        return body
    if target == "bedrock":
        spec: Mapping[str, Any] = wire["toolSpec"]
        return spec
    return wire


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON: ``true`` is not ``1`` and ``1`` is not ``1.0``; key order is free."""
    if a is MISSING or b is MISSING:
        return a is b
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _schema(a: Any, b: Any, path: JsonPath, keyword: str) -> Iterator[Change]:
    if not (isinstance(a, Mapping) and isinstance(b, Mapping)):
        if not _same(a, b):
            yield path, keyword, a, b
        return
    for key in [*a, *(key for key in b if key not in a)]:
        value_a, value_b = a.get(key, MISSING), b.get(key, MISSING)
        where = (*path, key)
        if value_a is MISSING or value_b is MISSING:
            yield where, key, value_a, value_b
            continue
        kind = shape(key, value_a)
        if kind is None or kind != shape(key, value_b) or not _comparable(value_a, value_b):
            if not _same(value_a, value_b):
                yield where, key, value_a, value_b
        elif kind == "one":
            yield from _schema(value_a, value_b, where, key)
        else:  # the members of two maps by name (a's first), of two lists by index
            members_b = dict(held(key, value_b))
            for place, member_a in held(key, value_a):
                member_b = members_b.pop(place, MISSING)
                yield from _schema(member_a, member_b, (*where, place), key)
            for place, member_b in members_b.items():
                yield from _schema(MISSING, member_b, (*where, place), key)


def _comparable(a: Any, b: Any) -> bool:
    """False for two lists of different lengths: their members are not paired by index."""
    return not isinstance(a, list) or len(a) == len(b)
