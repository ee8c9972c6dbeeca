"""Lowering JSON Schema to Gemini's ``parameters`` and mapping arguments back."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from google.genai import types
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema

from toolbridge import Validator, thaw
from toolbridge._jsonschema._keywords import Draft
from toolbridge.errors import ConversionError, JsonPath
from toolbridge.schema import (
    GEMINI_KEYWORDS,
    GeminiPlan,
    LossAction,
    LossEntry,
    Transformed,
    inline_refs,
    restore_gemini_arguments,
    to_gemini_json,
    to_gemini_schema,
)

from .meta_schemas import PLACED, at, holding

# -- helpers ---------------------------------------------------------------------------


def declare(lowered: Transformed) -> types.FunctionDeclaration:
    """The SDK's own offline check: its pydantic models forbid unknown fields."""
    if lowered.schema is None:
        return types.FunctionDeclaration(name="x", description="d")
    parameters = types.Schema.model_validate(thaw(lowered.schema), strict=False)
    return types.FunctionDeclaration(name="x", description="d", parameters=parameters)


def lower(schema: Mapping[str, Any]) -> Transformed:
    lowered = to_gemini_schema(schema, tool="t")
    declare(lowered)
    return lowered


def prop(lowered: Transformed, name: str = "p") -> Any:
    return lowered.schema["properties"][name]


def entry(lowered: Transformed, keyword: str) -> LossEntry:
    found = [e for e in lowered.report if e.keyword == keyword]
    assert found, f"no report entry for {keyword}: {lowered.report}"
    return found[0]


def one(schema: Mapping[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": {"p": schema}}


def to_json_schema(node: Any) -> Any:
    """The lowered schema read back as JSON Schema, to generate arguments from."""
    out: dict[str, Any] = {}
    if "anyOf" in node:
        out["anyOf"] = [to_json_schema(b) for b in node["anyOf"]]
    if "type" in node:
        kind = node["type"].lower()
        out["type"] = [kind, "null"] if node.get("nullable") else kind
    if "enum" in node:
        out["enum"] = [*node["enum"], *([None] if node.get("nullable") else [])]
    if "properties" in node:
        out["properties"] = {k: to_json_schema(v) for k, v in node["properties"].items()}
        out["required"] = list(node.get("required", []))
        out["additionalProperties"] = False
    if "items" in node:
        out["items"] = to_json_schema(node["items"])
    for keyword in ("minimum", "maximum", "minItems", "maxItems", "minLength", "maxLength"):
        if keyword in node:
            out[keyword] = node[keyword]
    return out


# -- unit rules --------------------------------------------------------------------------


def test_types_are_upper_case_and_the_input_is_not_touched() -> None:
    schema = {
        "type": "object",
        "properties": {
            "s": {"type": "string", "minLength": 1, "maxLength": 9, "pattern": "^a"},
            "i": {"type": "integer", "minimum": 0, "maximum": 9, "format": "int64"},
            "n": {"type": "number", "format": "double"},
            "b": {"type": "boolean"},
            "a": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 3},
        },
        "required": ["s"],
    }
    before = json.dumps(schema)
    lowered = lower(schema)
    assert json.dumps(schema) == before
    assert lowered.report == ()
    assert isinstance(lowered.restore, GeminiPlan)
    assert lowered.restore.is_identity
    assert lowered.schema == {
        "type": "OBJECT",
        "properties": {
            "s": {"type": "STRING", "minLength": 1, "maxLength": 9, "pattern": "^a"},
            "i": {"type": "INTEGER", "minimum": 0, "maximum": 9, "format": "int64"},
            "n": {"type": "NUMBER", "format": "double"},
            "b": {"type": "BOOLEAN"},
            "a": {"type": "ARRAY", "items": {"type": "STRING"}, "minItems": 1, "maxItems": 3},
        },
        "required": ["s"],
    }
    with pytest.raises(TypeError):
        lowered.schema["x"] = 1


@pytest.mark.parametrize(
    "schema",
    [
        {"type": ["string", "null"]},
        {"anyOf": [{"type": "string"}, {"type": "null"}]},
        {"oneOf": [{"type": "null"}, {"type": "string"}]},
    ],
)
def test_null_becomes_nullable(schema: dict[str, Any]) -> None:
    lowered = lower(one(schema))
    assert prop(lowered) == {"type": "STRING", "nullable": True}


def test_null_alone_is_a_one_value_enum_mapped_back() -> None:
    lowered = lower(one({"type": "null"}))
    assert prop(lowered) == {"type": "STRING", "nullable": True, "enum": ["null"]}
    assert restore_gemini_arguments({"p": "null"}, lowered.restore) == {"p": None}


def test_a_type_list_becomes_any_of() -> None:
    lowered = lower(one({"type": ["string", "integer"], "description": "d"}))
    assert prop(lowered) == {
        "anyOf": [{"type": "STRING"}, {"type": "INTEGER"}],
        "description": "d",
    }
    assert entry(lowered, "type").action is LossAction.REWRITTEN


def test_any_of_is_kept() -> None:
    lowered = lower(one({"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]}))
    assert prop(lowered) == {
        "anyOf": [{"type": "STRING", "nullable": True}, {"type": "INTEGER", "nullable": True}]
    }
    assert lowered.report == ()


def test_one_of_becomes_any_of_and_all_of_is_merged() -> None:
    lowered = lower(
        one(
            {
                "allOf": [
                    {"type": "object", "properties": {"a": {"type": "string"}}},
                    {"properties": {"b": {"oneOf": [{"type": "string"}, {"type": "integer"}]}}},
                ]
            }
        )
    )
    assert prop(lowered)["properties"] == {
        "a": {"type": "STRING"},
        "b": {"anyOf": [{"type": "STRING"}, {"type": "INTEGER"}]},
    }
    assert entry(lowered, "allOf").action is LossAction.REWRITTEN
    assert entry(lowered, "oneOf").action is LossAction.REWRITTEN


def test_non_string_enums_become_text_and_map_back() -> None:
    lowered = lower(one({"enum": [1, 2.5, True, None, "1", {"k": [1]}], "default": 2.5}))
    assert prop(lowered) == {
        "type": "STRING",
        "nullable": True,
        "enum": ["1", "2.5", "true", "1 (string)", '{"k":[1]}'],
        "default": "2.5",
    }
    assert entry(lowered, "enum").action is LossAction.REWRITTEN
    restore = lowered.restore
    assert restore_gemini_arguments({"p": "1"}, restore) == {"p": 1}
    assert restore_gemini_arguments({"p": "true"}, restore) == {"p": True}
    assert restore_gemini_arguments({"p": "1 (string)"}, restore) == {"p": "1"}
    assert restore_gemini_arguments({"p": '{"k":[1]}'}, restore) == {"p": {"k": [1]}}
    assert restore_gemini_arguments({"p": None}, restore) == {"p": None}


def test_const_is_a_one_value_enum() -> None:
    lowered = lower(one({"const": 3}))
    assert prop(lowered) == {"type": "STRING", "enum": ["3"]}
    assert entry(lowered, "const").action is LossAction.REWRITTEN
    assert restore_gemini_arguments({"p": "3"}, lowered.restore) == {"p": 3}
    assert prop(lower(one({"type": "string", "const": "x"}))) == {"type": "STRING", "enum": ["x"]}


def test_a_type_the_enum_turns_into_string_is_reported() -> None:
    lowered = lower(one({"type": "boolean", "enum": ["True", "False", "dontcare"]}))
    assert prop(lowered) == {"type": "STRING", "enum": ["True", "False", "dontcare"]}
    [change] = lowered.report
    assert (change.path, change.keyword, change.action) == (
        ("properties", "p", "type"),
        "type",
        LossAction.REWRITTEN,
    )
    assert '"boolean"' in change.detail
    integers = lower(one({"type": "integer", "enum": [1, 2]}))
    assert [e.keyword for e in integers.report] == ["type", "enum"]
    assert lower(one({"type": ["string", "null"], "enum": ["a", None]})).report == ()


def test_refs_are_inlined_with_their_report() -> None:
    schema = {
        "type": "object",
        "properties": {"n": {"$ref": "#/$defs/Node"}},
        "$defs": {
            "Node": {
                "type": "object",
                "properties": {"v": {"type": "integer"}, "next": {"$ref": "#/$defs/Node"}},
            }
        },
    }
    lowered = lower(schema)
    assert "$defs" not in lowered.schema
    assert "$ref" not in json.dumps(lowered.schema)
    inlined = inline_refs(schema, tool="t").report
    assert set(inlined) <= set(lowered.report)
    assert entry(lowered, "$ref").action is LossAction.DROPPED  # the recursion cut
    assert entry(lowered, "$defs").action is LossAction.REWRITTEN


def test_exclusive_bounds_and_other_keywords_move_to_the_description() -> None:
    lowered = lower(
        one(
            {
                "type": "number",
                "description": "A ratio.",
                "exclusiveMinimum": 0,
                "exclusiveMaximum": 1,
                "multipleOf": 0.5,
            }
        )
    )
    assert prop(lowered) == {
        "type": "NUMBER",
        "description": "A ratio.\n(greater than 0; less than 1; a multiple of 0.5)",
    }
    for keyword in ("exclusiveMinimum", "exclusiveMaximum", "multipleOf"):
        assert entry(lowered, keyword).action is LossAction.MOVED_TO_DESCRIPTION


def test_draft_04_boolean_exclusive_bounds() -> None:
    lowered = lower(one({"type": "integer", "minimum": 1, "exclusiveMinimum": True}))
    assert prop(lowered) == {"type": "INTEGER", "description": "greater than 1"}
    assert entry(lowered, "minimum").action is LossAction.MOVED_TO_DESCRIPTION


def test_unsupported_formats_move_to_the_description() -> None:
    lowered = lower(one({"type": "string", "format": "uuid", "propertyNames": {"pattern": "x"}}))
    assert prop(lowered)["description"].startswith("format: uuid; propertyNames:")
    assert prop(lower(one({"type": "string", "format": "date-time"})))["format"] == "date-time"
    assert entry(lowered, "propertyNames").action is LossAction.MOVED_TO_DESCRIPTION


def test_additional_properties_false_is_dropped_and_required_filtered() -> None:
    lowered = lower(
        {
            "type": "object",
            "properties": {"a": {"type": "string"}},
            "required": ["a", "ghost"],
            "additionalProperties": False,
        }
    )
    assert lowered.schema == {
        "type": "OBJECT",
        "properties": {"a": {"type": "STRING"}},
        "required": ["a"],
    }
    assert entry(lowered, "additionalProperties").action is LossAction.DROPPED
    assert entry(lowered, "required").action is LossAction.DROPPED


def test_a_free_form_object_becomes_json_text_and_is_parsed_back() -> None:
    lowered = lower(
        one({"type": "object", "additionalProperties": {"type": "string"}, "default": {"a": "b"}})
    )
    assert prop(lowered)["type"] == "STRING"
    assert prop(lowered)["default"] == '{"a":"b"}'
    assert "a JSON object" in prop(lowered)["description"]
    assert entry(lowered, "type").action is LossAction.REWRITTEN
    assert entry(lowered, "additionalProperties").action is LossAction.MOVED_TO_DESCRIPTION
    restored = restore_gemini_arguments({"p": '{"a": "b"}'}, lowered.restore)
    assert restored == {"p": {"a": "b"}}
    # text that does not parse is left for validation to report
    assert restore_gemini_arguments({"p": "{oops"}, lowered.restore) == {"p": "{oops"}


def test_an_array_without_items_gets_any_json_items() -> None:
    lowered = lower(one({"type": "array"}))
    assert prop(lowered)["items"]["type"] == "STRING"
    assert entry(lowered, "items").action is LossAction.REWRITTEN
    restored = restore_gemini_arguments({"p": ["1", '{"a":null}', "plain"]}, lowered.restore)
    assert restored == {"p": [1, {"a": None}, "plain"]}


def test_a_root_without_properties_declares_no_parameters() -> None:
    lowered = lower({"type": "object"})
    assert lowered.schema is None
    assert entry(lowered, "properties").action is LossAction.DROPPED
    assert lower({"type": "object", "properties": {}}).schema is None


def test_a_root_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(ConversionError):
        to_gemini_schema({"type": "string"})


def test_examples_become_example_and_annotations_survive() -> None:
    lowered = lower(
        one({"type": "string", "title": "T", "examples": ["a", "b"], "deprecated": True})
    )
    assert prop(lowered) == {
        "type": "STRING",
        "title": "T",
        "example": "a",
        "description": "deprecated",
    }
    assert entry(lowered, "examples").action is LossAction.REWRITTEN
    assert entry(lowered, "deprecated").action is LossAction.MOVED_TO_DESCRIPTION


def test_restore_follows_nesting_and_any_of_without_mutating() -> None:
    schema = {
        "type": "object",
        "properties": {
            "rows": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"level": {"enum": [1, 2]}, "meta": {"type": "object"}},
                },
            },
            "either": {"anyOf": [{"type": "integer"}, {"enum": [False, "x"]}]},
        },
    }
    lowered = lower(schema)
    arguments = {"rows": [{"level": "2", "meta": '{"k": 1}'}], "either": "false", "extra": 1}
    before = json.dumps(arguments)
    restored = restore_gemini_arguments(arguments, lowered.restore)
    assert json.dumps(arguments) == before
    assert restored == {"rows": [{"level": 2, "meta": {"k": 1}}], "either": False, "extra": 1}
    assert restore_gemini_arguments({"either": 5}, lowered.restore) == {"either": 5}
    assert Validator(schema).is_valid(restored)
    with pytest.raises(ConversionError):
        restore_gemini_arguments([], lowered.restore)  # type: ignore[arg-type]


def test_report_paths_point_into_the_source() -> None:
    lowered = lower(one({"type": "integer", "exclusiveMinimum": 0}))
    assert entry(lowered, "exclusiveMinimum").path == ("properties", "p", "exclusiveMinimum")
    assert entry(lowered, "exclusiveMinimum").tool == "t"


# -- the corpus ---------------------------------------------------------------------------

_KEPT_FORMATS = frozenset({"date-time", "int32", "int64", "float", "double"})
_FAITHFUL = frozenset(
    {"type", "properties", "required", "items", "description", "title", "default", "enum"}
    | {"minLength", "maxLength", "pattern", "minimum", "maximum", "minItems", "maxItems"}
    | {"minProperties", "maxProperties", "nullable", "anyOf", "example", "format"}
)


def _corpus(data_dir: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    for path in sorted((data_dir / "corpus" / "mcp").glob("*.json")):
        for tool in json.loads(path.read_text(encoding="utf-8")):
            yield f"{path.stem}/{tool['name']}", tool["inputSchema"]


def _plain(path: JsonPath) -> JsonPath:
    """A path without the composition steps the lowering may merge away."""
    out: list[str | int] = []
    skip = False
    for part in path:
        if skip:
            skip = False
        elif part in ("anyOf", "oneOf", "allOf"):
            skip = True
        else:
            out.append(part)
    return tuple(out)


def _changed(keyword: str, value: Any, node: Mapping[str, Any]) -> bool:
    """True when the lowering cannot carry this keyword over as it is."""
    if keyword not in _FAITHFUL:
        return True
    if keyword == "type" and isinstance(value, list):
        return len(set(value) - {"null"}) > 1
    if keyword == "type" and value == "object" and not node.get("properties"):
        return not {"anyOf", "oneOf", "allOf"} & node.keys()  # else applied to the branches
    if keyword == "format":
        return value not in _KEPT_FORMATS
    if keyword == "enum":
        return any(not isinstance(v, str) for v in value if v is not None)
    return False


def _changes(node: Any, path: JsonPath) -> Iterator[tuple[JsonPath, str]]:
    """Every keyword of a schema that the lowering cannot carry over as it is."""
    if not isinstance(node, Mapping):
        return
    kind = node.get("type")
    for keyword, value in node.items():
        where = (*path, keyword)
        if _changed(keyword, value, node):
            yield where, keyword
        if keyword in ("properties", "patternProperties") and isinstance(value, Mapping):
            for name, sub in value.items():
                yield from _changes(sub, (*where, name))
        elif keyword in ("anyOf", "oneOf", "allOf") and isinstance(value, list):
            for index, sub in enumerate(value):
                yield from _changes(sub, (*where, index))
        elif keyword == "items":
            yield from _changes(value, where)
    if kind == "array" and "items" not in node:
        yield (*path, "items"), "items"


def test_every_corpus_tool_is_accepted_by_the_sdk_and_every_change_reported(
    data_dir: Path,
) -> None:
    accepted = total = 0
    silent: list[str] = []
    for name, schema in _corpus(data_dir):
        total += 1
        lowered = to_gemini_schema(schema, tool=name)
        declare(lowered)
        accepted += 1
        if lowered.schema is None:
            assert any(e.keyword == "properties" for e in lowered.report)
            continue
        reported = {(_plain(e.path), e.keyword) for e in lowered.report}
        for where, keyword in _changes(inline_refs(schema).schema, ()):
            if (_plain(where), keyword) not in reported and not _under_rewrite(where, lowered):
                silent.append(f"{name}: {'/'.join(map(str, where))}")
    assert total > 1000
    assert accepted == total
    assert silent == []


def _under_rewrite(where: JsonPath, lowered: Transformed) -> bool:
    """True when a whole enclosing schema was rewritten or said in words (so its parts were)."""
    plain = _plain(where)
    for e in lowered.report:
        if e.action is LossAction.DROPPED and e.keyword != "properties":
            continue
        head = _plain(e.path[:-1])
        wraps = e.keyword in ("type", "anyOf", "oneOf", "additionalProperties", "propertyNames")
        if wraps and plain[: len(head)] == head and len(where) > len(e.path):
            return True
        if e.keyword == "properties" and not e.path[:-1]:
            return True
    return False


# -- properties ----------------------------------------------------------------------------

_PROPERTY_SCHEMAS = [
    {
        "type": "object",
        "properties": {
            "level": {"enum": [1, 2, 3]},
            "flag": {"enum": [True, None, "maybe"]},
            "ratio": {"const": 0.5},
            "note": {"type": ["string", "null"]},
        },
        "required": ["level", "ratio"],
        "additionalProperties": False,
    },
    {
        "type": "object",
        "properties": {
            "items": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"n": {"type": ["integer", "null"]}, "c": {"const": None}},
                    "required": ["c"],
                    "additionalProperties": False,
                },
                "maxItems": 3,
            },
            "mode": {"anyOf": [{"type": "integer"}, {"enum": [False, "auto"]}, {"type": "null"}]},
        },
        "additionalProperties": False,
    },
    {
        "type": "object",
        "properties": {
            "meta": {
                "type": "object",
                "additionalProperties": {"type": "integer"},
                "maxProperties": 2,
            },
            "tags": {"type": "array", "maxItems": 2},
        },
        "required": ["meta"],
        "additionalProperties": False,
    },
]

_SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("index", range(len(_PROPERTY_SCHEMAS)))
def test_arguments_valid_under_the_lowered_schema_restore_to_valid_ones(index: int) -> None:
    schema = _PROPERTY_SCHEMAS[index]
    lowered = lower(schema)
    lowered_json = to_json_schema(lowered.schema)
    original = Validator(schema)
    # free-form parts (index 2): generate the JSON text from the original's shape
    strategy = _values(schema).map(_encode_free_form) if index == 2 else _values(lowered_json)

    @_SETTINGS
    @given(strategy)
    def check(arguments: dict[str, Any]) -> None:
        assert Validator(lowered_json).is_valid(arguments)
        restored = restore_gemini_arguments(arguments, lowered.restore)
        assert original.is_valid(restored), (arguments, restored)

    check()


def _values(schema: Any) -> st.SearchStrategy[Any]:
    """Values of a schema: objects, arrays and unions built here, since
    hypothesis-jsonschema's object strategy does not run on this Hypothesis; the leaves
    come from hypothesis-jsonschema."""
    if "anyOf" in schema:
        return st.one_of([_values(branch) for branch in schema["anyOf"]])
    kind = schema.get("type")
    if isinstance(kind, list):
        return st.one_of([_values({**schema, "type": k}) for k in kind])
    if kind == "null":
        return st.none()
    if kind == "object" and "properties" in schema:
        required = set(schema.get("required", []))
        props = schema["properties"]
        return st.fixed_dictionaries(
            {k: _values(v) for k, v in props.items() if k in required},
            optional={k: _values(v) for k, v in props.items() if k not in required},
        )
    if kind == "object":  # a map: small keys, values from additionalProperties
        extra = schema.get("additionalProperties", {})
        return st.dictionaries(
            st.text(max_size=3), _values(extra), max_size=schema.get("maxProperties", 3)
        )
    if kind == "array":
        return st.lists(
            _values(schema.get("items", {"type": "integer"})),
            min_size=schema.get("minItems", 0),
            max_size=schema.get("maxItems", 3),
        )
    return from_schema(schema)


def _encode_free_form(value: dict[str, Any]) -> dict[str, Any]:
    out = dict(value)
    out["meta"] = json.dumps(value["meta"])
    if "tags" in value:
        out["tags"] = [json.dumps(tag) for tag in value["tags"]]
    return out


@_SETTINGS
@given(st.data())
def test_original_arguments_survive_the_round_trip(data: st.DataObject) -> None:
    schema = data.draw(st.sampled_from(_PROPERTY_SCHEMAS[:2]))
    lowered = lower(schema)
    arguments = data.draw(_values(schema))
    forward = _forward(arguments, schema)
    assert Validator(to_json_schema(lowered.schema)).is_valid(forward)
    assert restore_gemini_arguments(forward, lowered.restore) == arguments


def _forward(value: Any, schema: Mapping[str, Any]) -> Any:
    """What the model would send for `value`: enum members as their JSON text."""
    if value is None:
        return None
    if "const" in schema or "enum" in schema:
        return value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))
    if "anyOf" in schema:
        for branch in schema["anyOf"]:
            if Validator(branch).is_valid(value):
                return _forward(value, branch)
    if isinstance(value, dict):
        props = schema.get("properties", {})
        return {k: _forward(v, props.get(k, {})) for k, v in value.items()}
    if isinstance(value, list):
        return [_forward(v, schema.get("items", {})) for v in value]
    return value


def test_rules_beside_any_of_go_into_the_branches_they_constrain() -> None:
    """``{"anyOf": [string, integer], "minimum": 3}``: strings stay allowed, integers
    keep their bound (the rule applies to numbers only)."""
    schema = {
        "type": "object",
        "properties": {"p": {"anyOf": [{"type": "string"}, {"type": "integer"}], "minimum": 3}},
    }
    lowered = to_gemini_schema(schema)
    assert lowered.schema["properties"]["p"] == {
        "anyOf": [{"type": "STRING"}, {"type": "INTEGER", "minimum": 3}]
    }
    assert [(entry.path, entry.action) for entry in lowered.report] == [
        (("properties", "p", "anyOf"), LossAction.REWRITTEN)
    ]


# -- both lowerings reach under every keyword of the meta-schemas --------------------------

MARKER: dict[str, Any] = {"type": "string", "$comment": "marker"}
"""Lowered wherever it is reached: its ``$comment`` is dropped (or said) at its path."""


@pytest.mark.parametrize(("draft", "keyword", "shape"), PLACED)
def test_lowering_reaches_under_each_keyword(draft: Draft, keyword: str, shape: str) -> None:
    schema, path = holding(keyword, shape, MARKER)
    lowered = to_gemini_schema(schema, tool="t")
    reported = [entry.path for entry in lowered.report]
    holder = path[:2]  # the property holding the keyword
    if keyword == "oneOf":  # lowered as anyOf (at least one), and reported so
        assert (*holder, "oneOf") in reported
        path = (*holder, "anyOf", *path[3:])
    if keyword in ("properties", "anyOf", "oneOf") or (keyword, shape) == ("items", "one"):
        # A place in Gemini's Schema: the marker lowered where it is.
        assert at(lowered.schema, path) == {"type": "STRING"}
        assert (*path, "$comment") in reported
    elif keyword == "allOf":  # merged into its holder, the marker's keywords with it
        assert (*holder, "allOf") in reported
        assert at(lowered.schema, holder)["type"] == "STRING"
        assert (*holder, "$comment") in reported
    else:  # no place (a tuple of items neither): said in words, or a definitions block dropped
        assert (*holder, keyword) in reported


@pytest.mark.parametrize(("draft", "keyword", "shape"), PLACED)
def test_the_json_subset_reaches_under_each_keyword(draft: Draft, keyword: str, shape: str) -> None:
    schema, path = holding(keyword, shape, MARKER)
    kept = to_gemini_json(schema, tool="t")
    reported = [entry.path for entry in kept.report]
    holder = path[:2]  # the property holding the keyword
    if keyword in GEMINI_KEYWORDS or keyword == "definitions":  # (written as $defs)
        written = (*holder, "$defs", *path[3:]) if keyword == "definitions" else path
        assert at(kept.schema, written) == {"type": "string"}
        assert (*path, "$comment") in reported
    else:  # a keyword Gemini refuses: dropped whole
        assert (*holder, keyword) in reported


def test_text_that_python_but_not_json_reads_is_kept_as_text() -> None:
    # ``Infinity`` and ``NaN`` parse in Python's json module but are not JSON: a model's
    # "Infinity" for an any-value property stays the string it is (found by hypothesis).
    lowered = to_gemini_schema({"type": "object", "properties": {"v": {}, "w": {"type": "array"}}})
    restored = restore_gemini_arguments({"v": "Infinity", "w": ["NaN", "1"]}, lowered)
    assert restored == {"v": "Infinity", "w": ["NaN", 1]}
