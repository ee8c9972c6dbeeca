"""Anthropic strict tool use: to_anthropic_strict's rules, one by one, and the corpus."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from toolbridge import Validator, thaw
from toolbridge._jsonschema._keywords import Draft
from toolbridge.errors import ConversionError, JsonPath, SchemaError
from toolbridge.schema import LossAction, Transformed, to_anthropic_strict

from .meta_schemas import PLACED, at, holding

DROPPED, MOVED, REWRITTEN = (
    LossAction.DROPPED,
    LossAction.MOVED_TO_DESCRIPTION,
    LossAction.REWRITTEN,
)


def strict(schema: dict[str, Any]) -> dict[str, Any]:
    """The converted schema, checked to be strict by the flag and by `violations`."""
    result = to_anthropic_strict(schema)
    assert result.strict, result.report
    out: dict[str, Any] = thaw(result.schema)
    assert violations(out) == []
    return out


_CLOSED = "additionalProperties: false added: strict tool use closes every object"


def entries(schema: dict[str, Any]) -> list[tuple[JsonPath, str, LossAction, str]]:
    """The report but for the closing of objects (its own test below)."""
    return [
        (e.path, e.keyword, e.action, e.detail)
        for e in to_anthropic_strict(schema).report
        if e.detail != _CLOSED
    ]


def test_closing_an_object_is_reported_where_it_was_not_closed() -> None:
    schema = {
        "type": "object",
        "properties": {
            "open": {"type": "object", "properties": {"a": {"type": "string"}}},
            "shut": {
                "type": "object",
                "properties": {"b": {"type": "string"}},
                "additionalProperties": False,
            },
        },
    }
    closing = [e.path for e in to_anthropic_strict(schema).report if e.detail == _CLOSED]
    assert closing == [("properties", "open", "additionalProperties"), ("additionalProperties",)]


# -- an independent checker of Anthropic's strict subset -----------------------------------

_ALLOWED = {"type", "description", "title", "enum", "const", "anyOf", "allOf", "$ref"} | {
    "properties",
    "required",
    "additionalProperties",
    "items",
    "format",
    "pattern",
    "minItems",
}
_FORMATS = {"date-time", "time", "date", "duration", "email", "hostname", "uri"} | {
    "ipv4",
    "ipv6",
    "uuid",
}
_NOT_IN_GRAMMAR = re.compile(r"\(\?<?[=!]|\\[1-9bBk]")
_CLASS = re.compile(r"\[(?:\\.|[^\]\\])*\]")


def violations(schema: dict[str, Any]) -> list[str]:
    """What in a schema Anthropic's strict mode would not take (empty when all is fine)."""
    found: list[str] = []
    if schema.get("type") != "object":
        found.append("the root is not an object")
    definitions = {
        f"#/{block}/{name}": value
        for block in ("$defs", "definitions")
        for name, value in schema.get(block, {}).items()
    }
    edges: dict[str, set[str]] = {}

    def visit(node: Any, where: str, owner: str) -> None:
        if not isinstance(node, dict):
            found.append(f"{where}: a boolean schema")
            return
        for key in node:
            if key not in _ALLOWED and not (where == "#" and key in ("$defs", "definitions")):
                found.append(f"{where}: {key}")
        if "$ref" in node:
            if len(node) > 1:
                found.append(f"{where}: keywords beside $ref")
            if node["$ref"] not in definitions:
                found.append(f"{where}: $ref to nothing kept")
            edges.setdefault(owner, set()).add(node["$ref"])
            return
        types = node.get("type", [])
        types = types if isinstance(types, list) else [types]
        if not types and not {"enum", "const", "anyOf", "allOf"} & node.keys():
            found.append(f"{where}: any value")
        if "object" in types and (
            node.get("additionalProperties") is not False
            or not isinstance(node.get("properties"), dict)
        ):
            found.append(f"{where}: an object not closed")
        if "array" in types and "items" not in node:
            found.append(f"{where}: an array without items")
        if node.get("format", "uuid") not in _FORMATS:
            found.append(f"{where}: format {node['format']}")
        if _NOT_IN_GRAMMAR.search(_CLASS.sub("", node.get("pattern", "").replace("\\\\", ""))):
            found.append(f"{where}: pattern {node['pattern']}")
        if node.get("minItems", 0) not in (0, 1):
            found.append(f"{where}: minItems {node['minItems']}")
        if any(isinstance(v, (dict, list)) for v in node.get("enum", [])):
            found.append(f"{where}: an enum of objects or arrays")
        for name, sub in node.get("properties", {}).items():
            visit(sub, f"{where}/properties/{name}", owner)
        if "items" in node:
            visit(node["items"], f"{where}/items", owner)
        for key in ("anyOf", "allOf"):
            for index, sub in enumerate(node.get(key, [])):
                if key == "allOf" and "$ref" in sub:
                    found.append(f"{where}/allOf/{index}: a $ref in allOf")
                visit(sub, f"{where}/{key}/{index}", owner)

    visit(schema, "#", "#")
    for pointer, definition in definitions.items():
        visit(definition, pointer, pointer)
    state: dict[str, str] = {}

    def cycle(at: str) -> bool:
        state[at] = "open"
        for step in edges.get(at, ()):
            if state.get(step) == "open" or (step not in state and cycle(step)):
                return True
        state[at] = "done"
        return False

    if cycle("#"):
        found.append("a $ref cycle")
    return found


# -- the rules -------------------------------------------------------------------------------


def test_objects_are_closed_and_optional_properties_stay_optional() -> None:
    schema = {
        "type": "object",
        "properties": {
            "a": {"type": "string"},
            "b": {"type": "object", "properties": {"c": {"type": ["integer", "null"]}}},
            "d": {
                "type": "array",
                "items": {"type": "object", "properties": {"e": {"type": "null"}}},
            },
        },
        "required": ["a"],
    }
    assert strict(schema) == {
        "type": "object",
        "properties": {
            "a": {"type": "string"},
            "b": {
                "type": "object",
                "properties": {"c": {"type": ["integer", "null"]}},
                "additionalProperties": False,
            },
            "d": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"e": {"type": "null"}},
                    "additionalProperties": False,
                },
            },
        },
        "required": ["a"],
        "additionalProperties": False,
    }
    assert entries(schema) == []  # closing needs no entry


def test_explicitly_closed_objects_get_empty_properties() -> None:
    schema = {
        "type": "object",
        "properties": {"none": {"type": "object", "additionalProperties": False}},
    }
    out = strict(schema)
    assert out["properties"]["none"] == {
        "type": "object",
        "additionalProperties": False,
        "properties": {},
    }


def test_a_root_without_properties_means_no_arguments() -> None:
    closed = {"type": "object", "properties": {}, "additionalProperties": False}
    assert strict({"type": "object"}) == closed
    assert strict({}) == closed
    assert entries({}) == [(("type",), "type", REWRITTEN, 'added "type": "object" to the root')]


def test_supported_keywords_are_kept() -> None:
    schema = {
        "type": "object",
        "title": "Args",
        "description": "All of them.",
        "properties": {
            "mode": {"type": "string", "enum": ["a", "b", None, 1, True]},
            "kind": {"const": "k"},
            "when": {"type": "string", "format": "date-time"},
            "site": {"type": "string", "format": "uri"},
            "code": {"type": "string", "pattern": r"^[a-z]{2}\d+(?:-\w+)?$"},
            "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1},
            "none": {"type": "null"},
            "either": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
        },
        "required": ["kind"],
        "additionalProperties": False,
    }
    assert strict(schema) == schema
    assert entries(schema) == []


def test_unsupported_constraints_are_said_in_the_description() -> None:
    schema = {
        "type": "object",
        "properties": {
            "n": {"type": "integer", "description": "Count.", "minimum": 1, "maximum": 10},
            "x": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
            "step": {"type": "number", "multipleOf": 0.5},
            "q": {"type": "string", "minLength": 3, "maxLength": 9, "default": "auto"},
            "port": {"type": "string", "format": "int32", "examples": ["80", "443"]},
            "ids": {
                "type": "array",
                "items": {"type": "string"},
                "minItems": 2,
                "maxItems": 5,
                "uniqueItems": True,
            },
            "meta": {
                "type": "object",
                "properties": {"k": {"type": "string"}},
                "minProperties": 1,
                "maxProperties": 4,
                "deprecated": True,
            },
        },
    }
    out = strict(schema)["properties"]
    assert out == {
        "n": {"type": "integer", "description": "Count. (at least 1; at most 10)"},
        "x": {"type": "number", "description": "(greater than 0; less than 1)"},
        "step": {"type": "number", "description": "(a multiple of 0.5)"},
        "q": {
            "type": "string",
            "description": "(at least 3 characters; at most 9 characters; default: 'auto')",
        },
        "port": {"type": "string", "description": "(format: int32; examples: '80', '443')"},
        "ids": {
            "type": "array",
            "items": {"type": "string"},
            "minItems": 1,
            "description": "(at least 2 items; at most 5 items; items must be unique)",
        },
        "meta": {
            "type": "object",
            "properties": {"k": {"type": "string"}},
            "additionalProperties": False,
            "description": "(at least 1 properties; at most 4 properties; deprecated)",
        },
    }
    moved = [(path, keyword, action) for path, keyword, action, _ in entries(schema)]
    assert moved == [
        (("properties", name, keyword), keyword, MOVED)
        for name, keywords in [
            ("n", ["minimum", "maximum"]),
            ("x", ["exclusiveMinimum", "exclusiveMaximum"]),
            ("step", ["multipleOf"]),
            ("q", ["minLength", "maxLength", "default"]),
            ("port", ["format", "examples"]),
            ("ids", ["minItems", "maxItems", "uniqueItems"]),
            ("meta", ["minProperties", "maxProperties", "deprecated"]),
        ]
        for keyword in keywords
    ]
    assert entries(schema)[0][3] == "said as 'at least 1'"
    assert entries(schema)[10][3] == "said as 'at least 2 items', minItems 1 kept"


def test_draft04_exclusive_flags_are_said_with_their_bound() -> None:
    schema = {
        "type": "object",
        "properties": {
            "n": {
                "type": "number",
                "maximum": 5,
                "exclusiveMaximum": True,
                "minimum": 1,
                "exclusiveMinimum": False,
            }
        },
    }
    assert strict(schema)["properties"]["n"] == {
        "type": "number",
        "description": "(less than 5; at least 1)",
    }
    where = ("properties", "n")
    assert entries(schema) == [
        ((*where, "maximum"), "maximum", MOVED, "said as 'less than 5'"),
        (
            (*where, "exclusiveMaximum"),
            "exclusiveMaximum",
            MOVED,
            "the draft-04 flag, said with maximum",
        ),
        ((*where, "minimum"), "minimum", MOVED, "said as 'at least 1'"),
        (
            (*where, "exclusiveMinimum"),
            "exclusiveMinimum",
            DROPPED,
            "a draft-04 flag with no effect",
        ),
    ]


@pytest.mark.parametrize(
    ("pattern", "kept"),
    [
        (r"^\d{4}-\d{2}-\d{2}$", True),
        (r"^[a-z0-9_-]{1,64}$", True),
        (r"^(?:a|b)+[^\s@]*$", True),
        (r"[\b]x", True),  # a backspace in a class, not a boundary
        (r"\\b", True),  # an escaped backslash, then "b"
        (r"(?i)abc", True),
        (r"^(?=.*\d).+$", False),
        (r"^(?!x)", False),
        (r"(?<=a)b", False),
        (r"(?<!a)b", False),
        (r"(a)\1", False),
        (r"(?<n>a)\k<n>", False),
        (r"\bword\b", False),
        (r"\Bx", False),
        (r"[]b(?=c)", False),  # ECMA-262: "[]" is an empty class, the lookahead is real
    ],
)
def test_patterns_outside_the_grammar_are_said_in_words(pattern: str, kept: bool) -> None:
    schema = {"type": "object", "properties": {"s": {"type": "string", "pattern": pattern}}}
    out = strict(schema)["properties"]["s"]
    if kept:
        assert out == {"type": "string", "pattern": pattern}
        assert entries(schema) == []
    else:
        words = f"matching the pattern '{pattern}'"
        assert out == {"type": "string", "description": f"({words})"}
        where = ("properties", "s", "pattern")
        assert entries(schema) == [(where, "pattern", MOVED, f"said as {words!r}")]


def test_other_keywords_are_dropped_and_reported() -> None:
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "$comment": "internal",
        "properties": {
            "s": {"type": "string", "not": {"const": ""}, "readOnly": True, "x-order": 1},
            "m": {
                "type": "object",
                "properties": {"k": {"type": "string"}},
                "propertyNames": {"pattern": "^k$"},
                "if": {"required": ["k"]},
                "then": {"required": ["k"]},
            },
            "t": {"type": "string", "required": ["x"]},
        },
    }
    out = strict(schema)
    assert out == {
        "type": "object",
        "properties": {
            "s": {"type": "string"},
            "m": {
                "type": "object",
                "properties": {"k": {"type": "string"}},
                "additionalProperties": False,
            },
            "t": {"type": "string"},
        },
        "additionalProperties": False,
    }
    support = "not supported in strict tool use"
    assert entries(schema) == [
        (("$schema",), "$schema", DROPPED, support),
        (("$comment",), "$comment", DROPPED, support),
        (("properties", "s", "not"), "not", DROPPED, support),
        (("properties", "s", "readOnly"), "readOnly", DROPPED, support),
        (("properties", "s", "x-order"), "x-order", DROPPED, support),
        (("properties", "m", "propertyNames"), "propertyNames", DROPPED, support),
        (("properties", "m", "if"), "if", DROPPED, support),
        (("properties", "m", "then"), "then", DROPPED, support),
        (
            ("properties", "t", "required"),
            "required",
            DROPPED,
            "an object keyword on a schema that is not an object",
        ),
    ]


def test_oneof_becomes_anyof_saying_whether_the_branches_exclude_each_other() -> None:
    by_type = {"oneOf": [{"type": "string"}, {"type": "integer"}]}
    overlapping = {"oneOf": [{"type": "string"}, {"type": "string", "enum": ["a"]}]}
    closed_apart = {
        "oneOf": [
            {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]},
            {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]},
        ]
    }
    schema = {
        "type": "object",
        "properties": {"a": by_type, "b": overlapping, "c": closed_apart},
    }
    out = strict(schema)["properties"]
    assert out["a"] == {"anyOf": [{"type": "string"}, {"type": "integer"}]}
    assert out["b"] == {"anyOf": [{"type": "string"}, {"type": "string", "enum": ["a"]}]}
    assert out["c"]["anyOf"][1] == {
        "type": "object",
        "properties": {"name": {"type": "string"}},
        "required": ["name"],
        "additionalProperties": False,
    }
    same = "as anyOf: the branches exclude each other, same meaning"
    wider = "as anyOf: the branches may overlap, a value matching several is now accepted"
    assert entries(schema) == [
        (("properties", "a", "oneOf"), "oneOf", REWRITTEN, same),
        (("properties", "b", "oneOf"), "oneOf", REWRITTEN, wider),
        (("properties", "c", "oneOf"), "oneOf", REWRITTEN, same),
    ]


def test_an_object_shaped_by_its_branches_leaves_the_type_to_them() -> None:
    branch = {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}
    schema = {
        "type": "object",
        "properties": {"target": {"type": "object", "anyOf": [branch, {"$ref": "#/$defs/N"}]}},
        "$defs": {"N": {"type": "object", "properties": {"name": {"type": "string"}}}},
    }
    out = strict(schema)
    assert out["properties"]["target"] == {
        "anyOf": [{**branch, "additionalProperties": False}, {"$ref": "#/$defs/N"}]
    }
    detail = 'left "type": "object" to the branches, each a closed object'
    assert entries(schema) == [(("properties", "target", "type"), "type", REWRITTEN, detail)]


def test_refs_are_kept_and_definitions_converted_in_place() -> None:
    point = {
        "type": "object",
        "description": "A point.",
        "properties": {"x": {"type": "number", "minimum": 0}},
    }
    schema = {
        "type": "object",
        "$defs": {"Point": point, "Unused": {"type": "object", "additionalProperties": True}},
        "properties": {
            "a": {"$ref": "#/$defs/Point"},
            "b": {"type": "array", "items": {"$ref": "#/$defs/Point"}},
        },
    }
    closed_point = {
        "type": "object",
        "description": "A point.",
        "properties": {"x": {"type": "number", "description": "(at least 0)"}},
        "additionalProperties": False,
    }
    assert strict(schema) == {
        "type": "object",
        "$defs": {"Point": closed_point},
        "properties": {
            "a": {"$ref": "#/$defs/Point"},
            "b": {"type": "array", "items": {"$ref": "#/$defs/Point"}},
        },
        "additionalProperties": False,
    }
    assert entries(schema) == [  # paths in the source: the definition's own, reported once
        (
            ("$defs", "Point", "properties", "x", "minimum"),
            "minimum",
            MOVED,
            "said as 'at least 0'",
        ),
        (("$defs",), "$defs", DROPPED, "no $ref is left to Unused"),
    ]


def test_a_ref_that_cannot_stand_alone_becomes_a_copy_of_its_target() -> None:
    schema = {
        "type": "object",
        "definitions": {
            "Color": {"type": "string", "description": "A color.", "enum": ["red", "blue"]},
            "Part": {"type": "object", "properties": {"k": {"type": "string"}}},
        },
        "properties": {
            "own": {"$ref": "#/definitions/Color", "description": "The fill."},
            "said": {"$ref": "#/definitions/Color", "default": "red"},
            "same": {"$ref": "#/definitions/Color", "type": "string"},
            "part": {"allOf": [{"$ref": "#/definitions/Part"}]},
            "deep": {"$ref": "#/definitions/Part/properties/k"},
        },
    }
    out = strict(schema)
    part = {
        "type": "object",
        "properties": {"k": {"type": "string"}},
        "additionalProperties": False,
    }
    assert "definitions" not in out  # every use became a copy
    assert out["properties"] == {
        "own": {"type": "string", "description": "The fill.", "enum": ["red", "blue"]},
        "said": {
            "type": "string",
            "description": "A color. (default: 'red')",
            "enum": ["red", "blue"],
        },
        "same": {"type": "string", "description": "A color.", "enum": ["red", "blue"]},
        "part": {"allOf": [part]},
        "deep": {"type": "string"},
    }
    copied = "replaced by a copy of its converted target: "
    assert entries(schema) == [
        (
            ("properties", "own", "$ref"),
            "$ref",
            REWRITTEN,
            copied + "to carry the keywords beside it",
        ),
        (("properties", "said", "default"), "default", MOVED, "said as \"default: 'red'\""),
        (
            ("properties", "said", "$ref"),
            "$ref",
            REWRITTEN,
            copied + "to carry the keywords beside it",
        ),
        (
            ("properties", "same", "$ref"),
            "$ref",
            REWRITTEN,
            copied + "to carry the keywords beside it",
        ),
        (
            ("properties", "part", "allOf", 0, "$ref"),
            "$ref",
            REWRITTEN,
            copied + "Anthropic takes no $ref in allOf",
        ),
        (
            ("properties", "deep", "$ref"),
            "$ref",
            REWRITTEN,
            copied + "its target is not a root definition",
        ),
        (("definitions",), "definitions", DROPPED, "no $ref is left to Color, Part"),
    ]


def test_a_root_ref_becomes_its_target() -> None:
    schema = {
        "$ref": "#/$defs/Args",
        "$defs": {"Args": {"type": "object", "properties": {"a": {"type": "string"}}}},
    }
    assert strict(schema) == {
        "type": "object",
        "properties": {"a": {"type": "string"}},
        "additionalProperties": False,
    }


def test_allof_is_kept_with_its_parts_converted() -> None:
    schema = {
        "type": "object",
        "properties": {
            "a": {
                "allOf": [
                    {"type": "object", "properties": {"k": {"type": "string", "maxLength": 2}}},
                    {"type": "object", "properties": {"k": {"type": "string"}}, "required": ["k"]},
                ]
            }
        },
    }
    assert strict(schema)["properties"]["a"] == {
        "allOf": [
            {
                "type": "object",
                "properties": {"k": {"type": "string", "description": "(at most 2 characters)"}},
                "additionalProperties": False,
            },
            {
                "type": "object",
                "properties": {"k": {"type": "string"}},
                "required": ["k"],
                "additionalProperties": False,
            },
        ]
    }


# -- what cannot be strict ---------------------------------------------------------------------

_TREE = {
    "type": "object",
    "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/T"}}},
}


@pytest.mark.parametrize(
    ("schema", "where"),
    [
        (
            {"type": "object", "properties": {"t": {"$ref": "#/$defs/T"}}, "$defs": {"T": _TREE}},
            ("$defs", "T", "properties", "kids", "items", "$ref"),
        ),
        ({"type": "object", "properties": {"me": {"$ref": "#"}}}, ("properties", "me", "$ref")),
        (
            {
                "type": "object",
                "properties": {"m": {"type": "object", "additionalProperties": True}},
            },
            ("properties", "m", "additionalProperties"),
        ),
        (
            {
                "type": "object",
                "properties": {"m": {"type": "object", "additionalProperties": {"type": "string"}}},
            },
            ("properties", "m", "additionalProperties"),
        ),
        (
            {"type": "object", "patternProperties": {"^x": {"type": "string"}}},
            ("patternProperties",),
        ),
        ({"type": "object", "properties": {"m": {"type": "object"}}}, ("properties", "m")),
        (
            {"type": "object", "properties": {"m": {"type": "object", "properties": {}}}},
            ("properties", "m"),
        ),
        ({"type": "object", "properties": {"v": {}}}, ("properties", "v")),
        ({"type": "object", "properties": {"v": True}}, ("properties", "v")),
        ({"type": "object", "properties": {"v": {"description": "Any."}}}, ("properties", "v")),
        ({"type": "object", "properties": {"a": {"type": "array"}}}, ("properties", "a")),
        (
            {
                "type": "object",
                "properties": {"a": {"type": "array", "items": [{"type": "string"}]}},
            },
            ("properties", "a", "items"),
        ),
        (
            {"type": "object", "properties": {"a": {"type": "array", "prefixItems": [{}]}}},
            ("properties", "a", "prefixItems"),
        ),
        (
            {"type": "object", "properties": {"e": {"enum": ["a", {"b": 1}]}}},
            ("properties", "e", "enum"),
        ),
        (
            {"type": "object", "properties": {"r": {"$ref": "other.json#/$defs/X"}}},
            ("properties", "r", "$ref"),
        ),
        (
            {
                "type": "object",
                "properties": {"r": {"$ref": "#/$defs/X", "properties": {"y": {"type": "string"}}}},
                "$defs": {"X": {"type": "object", "properties": {"x": {"type": "string"}}}},
            },
            ("properties", "r", "$ref"),
        ),
        (
            {
                "type": "object",
                "properties": {
                    "a": {
                        "allOf": [
                            {"type": "object", "properties": {"x": {"type": "string"}}},
                            {"type": "object", "properties": {"y": {"type": "string"}}},
                        ]
                    }
                },
            },
            ("properties", "a", "allOf"),
        ),
        (
            {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["b"]},
            ("required",),
        ),
        (
            {
                "type": "object",
                "oneOf": [{"type": "object", "properties": {"a": {"type": "null"}}}],
            },
            (),
        ),
        ({"type": "string"}, ()),
        ({"type": ["object", "null"], "properties": {}}, ()),
    ],
)
def test_fallback_or_raise(schema: dict[str, Any], where: JsonPath) -> None:
    result = to_anthropic_strict(schema, tool="t")
    assert not result.strict
    reasons = [e for e in result.report if e.keyword == "strict"]
    assert reasons
    assert reasons[0].path == where
    assert reasons[0].tool == "t"
    assert reasons[0].action is DROPPED
    assert reasons[0].detail.startswith("strict mode off: ")
    with pytest.raises(ConversionError) as raised:
        to_anthropic_strict(schema, on_unsupported="raise")
    assert raised.value.path == where


def test_a_boolean_root_falls_back() -> None:
    result = to_anthropic_strict(True)  # type: ignore[arg-type]
    assert result.schema is True
    assert not result.strict
    assert [(e.path, e.keyword) for e in result.report] == [((), "strict")]


def test_fallback_keeps_what_cannot_be_strict_and_cleans_the_rest() -> None:
    schema = {
        "type": "object",
        "properties": {
            "env": {"type": "object", "additionalProperties": {"type": "string", "minLength": 1}},
            "n": {"type": "integer", "default": 3},
        },
    }
    result = to_anthropic_strict(schema)
    assert not result.strict
    assert thaw(result.schema) == {
        "type": "object",
        "properties": {
            "env": {
                "type": "object",
                "additionalProperties": {
                    "type": "string",
                    "description": "(at least 1 characters)",
                },
            },
            "n": {"type": "integer", "description": "(default: 3)"},
        },
        "additionalProperties": False,
    }


@pytest.mark.parametrize("on_unsupported", ["fallback", "raise"])
def test_a_type_that_names_no_json_type_is_a_schema_error(on_unsupported: str) -> None:
    """A typo in ``type`` is refused with its path, as OpenAI's strict transform does."""
    schema = {"type": "object", "properties": {"x": {"type": ["strng", "null"]}}}
    with pytest.raises(SchemaError) as raised:
        to_anthropic_strict(schema, on_unsupported=on_unsupported)  # type: ignore[arg-type]
    assert raised.value.path == ("properties", "x", "type", 0)
    assert "unknown type 'strng'" in str(raised.value)


def test_a_ref_to_nothing_is_a_schema_error() -> None:
    with pytest.raises(SchemaError) as raised:
        to_anthropic_strict({"type": "object", "properties": {"a": {"$ref": "#/$defs/Gone"}}})
    assert raised.value.path == ("properties", "a", "$ref")


def test_ref_chains_deeper_than_max_depth_raise() -> None:
    definitions = {
        f"D{i}": {
            "type": "object",
            "properties": {"n": {"$ref": f"#/$defs/D{i + 1}", "description": "next"}},
        }
        for i in range(120)
    }
    definitions["D120"] = {"type": "string"}
    schema = {"type": "object", "properties": {"n": {"$ref": "#/$defs/D0"}}, "$defs": definitions}
    with pytest.raises(ConversionError, match="too deeply"):
        to_anthropic_strict(schema)


def test_the_input_is_never_modified_and_the_output_is_frozen() -> None:
    schema: dict[str, Any] = {
        "type": "object",
        "$defs": {"P": {"type": "object", "properties": {"x": {"type": "number", "maximum": 3}}}},
        "properties": {
            "p": {"$ref": "#/$defs/P", "description": "P."},
            "q": {"oneOf": [{"type": "string", "minLength": 1}, {"type": "null"}]},
            "r": {"type": "array", "items": {"$ref": "#/$defs/P"}, "minItems": 4},
        },
    }
    before = copy.deepcopy(schema)
    result = to_anthropic_strict(schema)
    assert schema == before
    assert isinstance(result, Transformed)
    with pytest.raises(TypeError):
        result.schema["x"] = 1
    with pytest.raises(TypeError):
        result.schema["properties"]["r"]["items"]["y"] = 1


# -- the walk reaches under every subschema keyword -----------------------------------------

_CARRIED: dict[str, str | None] = {
    "properties": "object",
    "patternProperties": "object",
    "additionalProperties": "object",
    "items": "array",
    "anyOf": None,
    "oneOf": None,
    "allOf": None,
}
"""The keywords whose subschemas strict tool use converts, and the type their holder needs."""


@pytest.mark.parametrize(("draft", "keyword", "shape"), PLACED)
def test_the_walk_reaches_under_each_keyword(draft: Draft, keyword: str, shape: str) -> None:
    # The marker's minLength is always said in its description, reported at the marker;
    # a keyword that cannot be carried is reported at its own path instead.
    schema, path = holding(keyword, shape, {"type": "string", "minLength": 2})
    carried = keyword in _CARRIED and not (keyword == "items" and shape == "list")
    if carried and _CARRIED[keyword] is not None:
        schema["properties"]["p"]["type"] = _CARRIED[keyword]
    result = to_anthropic_strict(schema, tool="t")
    if carried:
        written = (*path[:2], "anyOf", *path[3:]) if keyword == "oneOf" else path
        assert at(result.schema, written).get("description") == "(at least 2 characters)"
        located = [(entry.path, entry.action) for entry in result.report]
        assert ((*path, "minLength"), MOVED) in located
    else:  # dropped, or kept as it is with strict mode off (a tuple array)
        (entry,) = [entry for entry in result.report if entry.path == path[:3]]
        assert entry.action is DROPPED
        kept = keyword in result.schema["properties"]["p"]
        assert kept == (entry.keyword == "strict")


# -- the corpus --------------------------------------------------------------------------------


def test_every_corpus_tool(data_dir: Path) -> None:
    files = sorted((data_dir / "corpus" / "mcp").glob("*.json"))
    assert files
    split = {True: 0, False: 0}
    for path in files:
        for tool in json.loads(path.read_text()):
            source = tool["inputSchema"]
            before = copy.deepcopy(source)
            result = to_anthropic_strict(source, tool=tool["name"])
            assert source == before, tool["name"]
            split[result.strict is True] += 1
            out = thaw(result.schema)
            Validator(out)
            if result.strict:
                assert violations(out) == [], tool["name"]
                assert not any(e.keyword == "strict" for e in result.report), tool["name"]
            else:
                assert any(e.keyword == "strict" for e in result.report), tool["name"]
            assert all(e.tool == tool["name"] for e in result.report)
    assert sum(split.values()) == 1037
    assert split[True] > split[False] > 0
