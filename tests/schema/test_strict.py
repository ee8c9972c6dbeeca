"""OpenAI strict mode: to_strict's rules, the corpus, and restore_strict_arguments' way back."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from agents.strict_schema import ensure_strict_json_schema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema

from toolbridge import Validator, thaw
from toolbridge._json import freeze
from toolbridge._jsonschema._keywords import Draft
from toolbridge.errors import ConversionError, SchemaError
from toolbridge.schema import (
    LossAction,
    StrictPlan,
    Transformed,
    restore_gemini_arguments,
    restore_strict_arguments,
    strict_copy,
    to_gemini_schema,
    to_strict,
)
from toolbridge.schema._strict import strict_schema

from .meta_schemas import PLACED, holding


def strict(schema: dict[str, Any]) -> dict[str, Any]:
    result = to_strict(schema)
    assert result.strict, result.report
    out: dict[str, Any] = thaw(result.schema)
    assert ensure_strict_json_schema(copy.deepcopy(out)) == out
    return out


def test_nested_objects_closed_required_and_nullable() -> None:
    schema = {
        "type": "object",
        "properties": {
            "a": {"type": "string"},
            "b": {"type": "object", "properties": {"c": {"type": "integer"}}, "required": []},
        },
        "required": ["a"],
    }
    out = strict(schema)
    assert out == {
        "type": "object",
        "properties": {
            "a": {"type": "string"},
            "b": {
                "anyOf": [
                    {
                        "type": "object",
                        "properties": {"c": {"type": ["integer", "null"]}},
                        "required": ["c"],
                        "additionalProperties": False,
                    },
                    {"type": "null"},
                ]
            },
        },
        "required": ["a", "b"],
        "additionalProperties": False,
    }
    assert schema["required"] == ["a"]  # never mutated


def test_arrays_of_objects_and_the_way_back() -> None:
    schema = {
        "type": "object",
        "properties": {
            "rows": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"x": {"type": "number"}, "y": {"type": "number"}},
                    "required": ["x"],
                },
            }
        },
        "required": ["rows"],
    }
    result = to_strict(schema)
    out = strict(schema)
    assert out["properties"]["rows"]["items"]["required"] == ["x", "y"]
    arguments = {"rows": [{"x": 1, "y": None}, {"x": 2, "y": 3}]}
    assert restore_strict_arguments(arguments, result) == {"rows": [{"x": 1}, {"x": 2, "y": 3}]}
    assert arguments["rows"][0] == {"x": 1, "y": None}  # never mutated


def test_required_nullable_stays_distinct_from_optional() -> None:
    schema = {
        "type": "object",
        "properties": {
            "kept": {"type": ["string", "null"]},
            "optional": {"type": ["string", "null"]},
        },
        "required": ["kept"],
    }
    result = to_strict(schema)
    out = strict(schema)
    assert out["properties"]["kept"] == {"type": ["string", "null"]}
    restored = restore_strict_arguments({"kept": None, "optional": None}, result)
    assert restored == {"kept": None}


def test_enum_and_const_kept() -> None:
    schema = {
        "type": "object",
        "properties": {
            "mode": {"type": "string", "enum": ["a", "b"]},
            "kind": {"const": "k"},
        },
        "required": ["kind"],
    }
    out = strict(schema)
    assert out["properties"]["mode"] == {"type": ["string", "null"], "enum": ["a", "b", None]}
    assert out["properties"]["kind"] == {"const": "k"}


def test_defaults_and_unsupported_keywords_moved_to_description() -> None:
    schema = {
        "type": "object",
        "properties": {
            "q": {"type": "string", "description": "Query.", "minLength": 3, "default": "auto"},
            "url": {"type": "string", "format": "uri"},
            "when": {"type": "string", "format": "date-time", "pattern": "^2"},
            "n": {"type": "integer", "minimum": 1, "x-extension": True},
        },
        "required": ["q", "url", "when", "n"],
    }
    result = to_strict(schema)
    out = strict(schema)
    assert out["properties"]["q"] == {
        "type": "string",
        "description": "Query. (at least 3 characters; default: 'auto')",
    }
    assert out["properties"]["url"] == {"type": "string", "description": "(format: uri)"}
    assert out["properties"]["when"] == {"type": "string", "format": "date-time", "pattern": "^2"}
    assert out["properties"]["n"] == {"type": "integer", "minimum": 1}
    actions = {(e.path[-1], e.action) for e in result.report}
    assert ("minLength", LossAction.MOVED_TO_DESCRIPTION) in actions
    assert ("default", LossAction.MOVED_TO_DESCRIPTION) in actions
    assert ("format", LossAction.MOVED_TO_DESCRIPTION) in actions
    assert ("x-extension", LossAction.DROPPED) in actions


def test_anyof_branches_and_the_way_back() -> None:
    schema = {
        "type": "object",
        "properties": {
            "target": {
                "anyOf": [
                    {"type": "object", "properties": {"id": {"type": "string"}}},
                    {
                        "type": "object",
                        "properties": {"name": {"type": "string"}, "deep": {"type": "boolean"}},
                        "required": ["name"],
                    },
                ]
            }
        },
        "required": ["target"],
    }
    result = to_strict(schema)
    out = strict(schema)
    assert [b["required"] for b in out["properties"]["target"]["anyOf"]] == [
        ["id"],
        ["name", "deep"],
    ]
    assert restore_strict_arguments({"target": {"name": "n", "deep": None}}, result) == {
        "target": {"name": "n"}
    }
    assert restore_strict_arguments({"target": {"id": None}}, result) == {"target": {}}


def test_oneof_exclusive_and_overlapping() -> None:
    exclusive = {
        "type": "object",
        "properties": {"v": {"oneOf": [{"type": "string"}, {"type": "integer"}]}},
        "required": ["v"],
    }
    result = to_strict(exclusive)
    assert strict(exclusive)["properties"]["v"] == {
        "anyOf": [{"type": "string"}, {"type": "integer"}]
    }
    (entry,) = [e for e in result.report if e.keyword == "oneOf"]
    assert entry.action is LossAction.REWRITTEN
    assert "same meaning" in entry.detail
    overlapping = {
        "type": "object",
        "properties": {"v": {"oneOf": [{"type": "number"}, {"type": "integer"}]}},
        "required": ["v"],
    }
    (entry,) = [e for e in to_strict(overlapping).report if e.keyword == "oneOf"]
    assert "may overlap" in entry.detail
    tagged = {
        "type": "object",
        "properties": {
            "v": {
                "oneOf": [
                    {"type": "object", "properties": {"k": {"const": "a"}}, "required": ["k"]},
                    {"type": "object", "properties": {"k": {"const": "b"}}, "required": ["k"]},
                ]
            }
        },
        "required": ["v"],
    }
    (entry,) = [e for e in to_strict(tagged).report if e.keyword == "oneOf"]
    assert "same meaning" in entry.detail


def test_allof_merged() -> None:
    schema = {
        "type": "object",
        "allOf": [
            {"properties": {"a": {"type": "string"}}, "required": ["a"]},
            {"properties": {"b": {"type": "string"}}},
        ],
    }
    out = strict(schema)
    assert out["required"] == ["a", "b"]
    assert out["properties"]["b"] == {"type": ["string", "null"]}


def test_recursive_defs_kept_and_restored() -> None:
    schema = {
        "type": "object",
        "properties": {"tree": {"$ref": "#/$defs/Node"}},
        "required": ["tree"],
        "$defs": {
            "Node": {
                "type": "object",
                "properties": {
                    "label": {"type": "string"},
                    "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}},
                },
                "required": ["label"],
            },
            "Unused": {"type": "string"},
        },
    }
    result = to_strict(schema)
    out = strict(schema)
    assert out["properties"]["tree"] == {"$ref": "#/$defs/Node"}
    assert set(out["$defs"]) == {"Node"}
    Validator(out)
    arguments = {
        "tree": {
            "label": "r",
            "children": [{"label": "c", "children": None}, {"label": "d", "children": []}],
        }
    }
    assert restore_strict_arguments(arguments, result) == {
        "tree": {"label": "r", "children": [{"label": "c"}, {"label": "d", "children": []}]}
    }


def test_nonrecursive_refs_inlined() -> None:
    schema = {
        "type": "object",
        "properties": {"p": {"$ref": "#/definitions/P", "description": "A point."}},
        "definitions": {"P": {"type": "object", "properties": {"x": {"type": "number"}}}},
    }
    out = strict(schema)
    assert "definitions" not in out
    point = out["properties"]["p"]
    assert point["description"] == "A point."
    assert point["anyOf"][0]["properties"] == {"x": {"type": ["number", "null"]}}


def test_root_without_properties_means_no_arguments() -> None:
    assert strict({"type": "object"}) == {
        "type": "object",
        "properties": {},
        "required": [],
        "additionalProperties": False,
    }


@pytest.mark.parametrize(
    ("schema", "where"),
    [
        (
            {
                "type": "object",
                "properties": {"m": {"type": "object", "additionalProperties": {"type": "string"}}},
            },
            ("properties", "m", "additionalProperties"),
        ),
        ({"type": "object", "properties": {"m": {"type": "object"}}}, ("properties", "m")),
        ({"type": "object", "properties": {"m": {}}}, ("properties", "m")),
        (
            {"type": "object", "patternProperties": {"^x": {"type": "string"}}},
            ("patternProperties",),
        ),
        ({"type": "object", "additionalProperties": True}, ("additionalProperties",)),
    ],
)
def test_fallback_or_raise(schema: dict[str, Any], where: tuple[str, ...]) -> None:
    result = to_strict(schema, tool="t")
    assert not result.strict
    reasons = [e for e in result.report if e.keyword == "strict"]
    assert reasons
    assert reasons[0].path == where
    assert reasons[0].tool == "t"
    Validator(result.schema)
    with pytest.raises(ConversionError) as raised:
        to_strict(schema, on_unsupported="raise")
    assert raised.value.path == where


@pytest.mark.parametrize(
    ("schema", "where", "named"),
    [
        (
            {"type": "object", "properties": {"x": {"type": "strng"}}},
            ("properties", "x", "type"),
            "'strng'",
        ),
        (
            {"type": "object", "properties": {"x": {"type": ["string", "nul"]}}},
            ("properties", "x", "type", 1),
            "'nul'",
        ),
        (
            {"type": "object", "properties": {"x": {"type": "strng", "minLength": 2}}},
            ("properties", "x", "type"),
            "'strng'",
        ),
        (
            {"type": "object", "properties": {"xs": {"type": "array", "items": {"type": 3}}}},
            ("properties", "xs", "items", "type"),
            "3",
        ),
        ({"type": "objetc", "properties": {}}, ("type",), "'objetc'"),
    ],
)
@pytest.mark.parametrize("mode", ["fallback", "keep", "raise", "copy"])
def test_a_type_that_names_no_json_type_is_a_schema_error(
    schema: dict[str, Any], where: tuple[Any, ...], named: str, mode: str
) -> None:
    """A typo in ``type`` is refused with its path, never copied into a strict schema."""

    def transform() -> Any:
        if mode == "copy":
            return strict_copy(schema)
        return to_strict(schema, on_unsupported=mode)  # type: ignore[arg-type]

    with pytest.raises(SchemaError) as raised:
        transform()
    assert raised.value.path == where
    assert f"unknown type {named}" in str(raised.value)


def test_fallback_keeps_the_map_open_and_cleans_the_rest() -> None:
    schema = {
        "type": "object",
        "properties": {
            "env": {"type": "object", "additionalProperties": {"type": "string"}},
            "n": {"type": "integer", "default": 3},
        },
        "required": ["env"],
    }
    result = to_strict(schema)
    out = thaw(result.schema)
    assert out["properties"]["env"]["additionalProperties"] == {"type": "string"}
    assert out["properties"]["n"] == {"type": ["integer", "null"], "description": "(default: 3)"}


def test_output_is_frozen() -> None:
    result = to_strict({"type": "object", "properties": {"a": {"type": "string"}}})
    assert isinstance(result, Transformed)
    with pytest.raises(TypeError):
        result.schema["x"] = 1


def test_keep_returns_the_source_as_it_is_with_the_reasons() -> None:
    schema = {
        "type": "object",
        "properties": {"a": {"type": "string", "default": "x"}, "m": {"type": "object"}},
        "patternProperties": {"^x": {"type": "string"}},
    }
    fallback = to_strict(schema, tool="t")
    kept = to_strict(schema, tool="t", on_unsupported="keep")
    assert (fallback.strict, kept.strict) == (False, False)
    assert kept.schema == schema  # unchanged, frozen
    assert fallback.schema != schema  # cleaned
    reasons = [entry for entry in fallback.report if entry.keyword == "strict"]
    assert [entry for entry in kept.report if entry.keyword == "strict"] == reasons
    bare = to_strict(schema, tool="t", on_unsupported="keep", report=False)
    assert (bare.schema, bare.strict, bare.report, bare.restore) == (schema, False, (), None)


def test_without_a_report_the_strict_copy_is_the_same() -> None:
    schema = {"type": "object", "properties": {"a": {"type": "string", "default": "x"}}}
    full, bare = to_strict(schema), to_strict(schema, report=False)
    assert (bare.schema, bare.strict) == (full.schema, True)
    assert full.report
    assert isinstance(full.restore, StrictPlan)
    assert (bare.report, bare.restore) == ((), None)


def test_the_strict_copy_is_to_stricts_schema_or_none() -> None:
    strict_one = {"type": "object", "properties": {"a": {"type": "string", "default": "x"}}}
    assert strict_copy(strict_one, tool="t") == to_strict(strict_one, tool="t").schema
    # A reason first, then a part the strict copy would have to read: never read.
    broken = {
        "type": "object",
        "properties": {"a": {"not": {}}, "b": {"type": "object", "required": 5}},
    }
    assert strict_copy(broken) is None
    assert to_strict(broken, on_unsupported="keep", report=False).strict is False


def test_a_plan_of_another_transform_is_refused() -> None:
    schema = {"type": "object", "properties": {"a": {"type": "integer", "enum": [1, 2]}}}
    lowered = to_gemini_schema(schema)
    with pytest.raises(ConversionError, match="to_strict's result or its plan, not GeminiPlan"):
        restore_strict_arguments({"a": 1}, lowered)
    with pytest.raises(ConversionError, match="not NoneType"):
        restore_strict_arguments({"a": 1}, None)
    with pytest.raises(ConversionError, match="to_gemini_schema's result or its plan"):
        restore_gemini_arguments({"a": "1"}, to_strict(schema))
    assert restore_gemini_arguments({"a": "1"}, lowered) == {"a": 1}


# -- under every keyword of the meta-schemas ----------------------------------------------

_MARKER = {"type": "string", "default": "marker", "title": "m"}
"""A subschema strict mode always changes: its default is said in its description."""


def _holds(schema: Any, wanted: Callable[[Any], bool]) -> bool:
    """True when `schema` or a value anywhere inside it (any key, any list) is `wanted`."""
    if wanted(schema):
        return True
    if isinstance(schema, dict):
        return any(_holds(value, wanted) for value in schema.values())
    if isinstance(schema, list):
        return any(_holds(value, wanted) for value in schema)
    return False


def _raw(node: Any) -> bool:
    return bool(node == _MARKER)


def _said(node: Any) -> bool:
    """The marker rewritten: its default in words (and null beside its type, if optional)."""
    return (
        isinstance(node, dict)
        and node.get("title") == "m"
        and node.get("description") == "(default: 'marker')"
        and "default" not in node
    )


@pytest.mark.parametrize(("draft", "keyword", "shape"), PLACED)
def test_the_walk_reaches_under_each_keyword(draft: Draft, keyword: str, shape: str) -> None:
    """Each subschema keyword is walked into, or its dropping reported: never passed over.

    A keyword strict mode carries has the marker rewritten (reported at the marker's
    path, written in the output); one it cannot carry has an entry at the keyword's
    own path (dropped, a reason strict mode is off, or inlined away), and the marker
    is left in the output only in a fallback, whose reasons name the keyword.
    """
    schema, path = holding(keyword, shape, _MARKER)
    result = to_strict(schema, tool="t")
    written, is_strict, _ = strict_schema(freeze(schema), "t", False, None, False)  # a writer's
    assert (written, is_strict) == ((result.schema, True) if result.strict else (schema, False))
    entries = [(entry.path, entry.keyword, entry.action) for entry in result.report]
    output = thaw(result.schema)
    if ((*path, "default"), "default", LossAction.MOVED_TO_DESCRIPTION) in entries:
        assert _holds(output, _said)
        assert not _holds(output, _raw)
        return
    place = path[:3]  # ("properties", "p", keyword)
    assert place in [where for where, _, _ in entries], entries
    if _holds(output, _raw):  # kept as it was: only in a fallback, for this reason
        assert not result.strict
        assert (place, "strict", LossAction.DROPPED) in entries, entries


def test_an_object_keyword_beside_another_type_is_dropped_in_words() -> None:
    schema = {
        "type": "object",
        "properties": {"s": {"type": "string", "additionalProperties": {"type": "integer"}}},
        "required": ["s"],
    }
    result = to_strict(schema)
    assert result.strict
    assert thaw(result.schema)["properties"]["s"] == {"type": "string"}
    below = [(e.path, e.action) for e in result.report if e.path[:2] == ("properties", "s")]
    assert below == [(("properties", "s", "additionalProperties"), LossAction.DROPPED)]


# -- the corpus ---------------------------------------------------------------------------

_MOVED_OR_DROPPED = {"default", "minLength", "maxLength", "examples", "uniqueItems"}


def _keywords(schema: Any) -> int:
    """How many of the keywords strict mode cannot carry appear in a schema."""
    if isinstance(schema, list):
        return sum(_keywords(v) for v in schema)
    if not isinstance(schema, dict):
        return 0
    found = 0
    for key, value in schema.items():
        if key in ("properties", "$defs", "definitions") and isinstance(value, dict):
            found += sum(_keywords(v) for v in value.values())
        elif key not in ("enum", "const", "default", "examples"):
            found += _keywords(value)
        found += key in _MOVED_OR_DROPPED
    return found


def test_every_corpus_tool(data_dir: Path) -> None:
    files = sorted((data_dir / "corpus" / "mcp").glob("*.json"))
    assert files
    split = {True: 0, False: 0}
    for path in files:
        for tool in json.loads(path.read_text()):
            source = tool["inputSchema"]
            result = to_strict(source, tool=tool["name"])
            split[result.strict is True] += 1
            out = thaw(result.schema)
            Validator(out)
            if result.strict:
                assert ensure_strict_json_schema(copy.deepcopy(out)) == out, tool["name"]
            else:
                assert any(e.keyword == "strict" for e in result.report), tool["name"]
            # no silent change: every unsupported keyword that is gone has its entry
            gone = _keywords(source) - _keywords(out)
            reported = sum(
                e.action in (LossAction.MOVED_TO_DESCRIPTION, LossAction.DROPPED)
                and e.keyword in _MOVED_OR_DROPPED
                for e in result.report
            )
            assert reported >= gone, tool["name"]
    assert split[True] > split[False] > 0


# -- the way back, property-tested ---------------------------------------------------------

_REPRESENTATIVE: list[dict[str, Any]] = [
    {
        "type": "object",
        "properties": {
            "q": {"type": "string", "default": "x"},
            "limit": {"type": "integer", "minimum": 1, "maximum": 5},
            "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}},
        },
        "required": ["q"],
    },
    {
        "type": "object",
        "properties": {
            "filter": {
                "type": "object",
                "properties": {
                    "field": {"type": "string"},
                    "op": {"type": "string", "enum": ["eq", "ne"]},
                    "value": {"type": ["string", "null"]},
                },
                "required": ["field", "value"],
            },
            "rows": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"k": {"type": "string"}, "v": {"type": "number"}},
                    "required": ["k"],
                },
                "maxItems": 3,
            },
        },
    },
    {
        "type": "object",
        "properties": {
            "target": {
                "anyOf": [
                    {"type": "object", "properties": {"id": {"type": "integer"}}},
                    {
                        "type": "object",
                        "properties": {"name": {"type": "string"}, "exact": {"type": "boolean"}},
                        "required": ["name"],
                    },
                ]
            },
            "mode": {"oneOf": [{"const": "fast"}, {"const": "slow"}]},
        },
        "required": ["target"],
    },
]


def _arguments(schema: Any) -> st.SearchStrategy[Any]:
    """Values of a strict schema: objects built here (closed, every key present), since
    hypothesis-jsonschema's object strategy does not run on this Hypothesis; the leaves
    come from hypothesis-jsonschema."""
    if "anyOf" in schema:
        return st.one_of([_arguments(branch) for branch in schema["anyOf"]])
    if schema.get("type") == "object":
        return st.fixed_dictionaries(
            {name: _arguments(sub) for name, sub in schema["properties"].items()}
        )
    if schema.get("type") == "array" and "items" in schema:
        return st.lists(
            _arguments(schema["items"]),
            min_size=schema.get("minItems", 0),
            max_size=schema.get("maxItems", 4),
        )
    return from_schema(schema)


@pytest.mark.parametrize("index", range(len(_REPRESENTATIVE)))
def test_restored_arguments_are_valid_under_the_source(index: int) -> None:
    source = _REPRESENTATIVE[index]
    result = to_strict(source)
    assert result.strict
    original = Validator(source)
    strict_validator = Validator(result.schema)

    @settings(
        max_examples=50,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(_arguments(thaw(result.schema)))
    def check(arguments: Any) -> None:
        assert strict_validator.is_valid(arguments)
        before = copy.deepcopy(arguments)
        restored = restore_strict_arguments(arguments, result)
        assert arguments == before
        assert original.is_valid(restored), (arguments, restored)

    check()


@given(st.dictionaries(st.sampled_from(["q", "limit", "other"]), st.none() | st.integers()))
@settings(max_examples=50, deadline=None, database=None)
def test_restore_only_removes_nulls_of_optional_properties(arguments: dict[str, Any]) -> None:
    result = to_strict(_REPRESENTATIVE[0])
    restored = restore_strict_arguments(arguments, result)
    expected = {k: v for k, v in arguments.items() if not (v is None and k in ("limit", "tags"))}
    assert restored == expected
