"""`inline_refs`: local refs become copies of their targets, and the report says so."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from toolbridge import FrozenDict, Validator
from toolbridge.errors import RemoteReferenceError, SchemaError, SchemaTooDeepError
from toolbridge.schema import LossAction, LossEntry, Transformed, inline_refs


def _refs(value: Any) -> list[str]:
    text = json.dumps(value)
    return [part.split('"')[0] for part in text.split('"$ref": "')[1:]]


def _inline(schema: dict[str, Any], **options: Any) -> Transformed:
    """Inline, checking on the way that the input was left exactly as it was."""
    before = copy.deepcopy(schema)
    result = inline_refs(schema, **options)
    assert schema == before
    assert isinstance(result.schema, (FrozenDict, bool))
    return result


def _same_verdicts(before: dict[str, Any], after: Any, values: list[Any]) -> None:
    old, new = Validator(before), Validator(after)
    for value in values:
        assert old.is_valid(value) == new.is_valid(value), value


PERSON = {
    "type": "object",
    "properties": {"name": {"$ref": "#/$defs/Name"}, "age": {"type": "integer"}},
    "required": ["name"],
    "$defs": {"Name": {"type": "string", "minLength": 1}},
}


def test_a_simple_definition_is_inlined_and_the_block_reported() -> None:
    result = _inline(PERSON, tool="greet")
    assert result.schema == {
        "type": "object",
        "properties": {"name": {"type": "string", "minLength": 1}, "age": {"type": "integer"}},
        "required": ["name"],
    }
    assert result.report == (
        LossEntry(
            tool="greet",
            path=("$defs",),
            keyword="$defs",
            action=LossAction.REWRITTEN,
            detail="definitions inlined and removed",
        ),
    )
    _same_verdicts(PERSON, result.schema, [{"name": "a"}, {"name": ""}, {}, {"name": 1}])


def test_a_schema_without_refs_comes_back_equal_and_unreported() -> None:
    schema = {"type": "object", "properties": {"$defs": {"type": "string"}}}  # not a block
    result = _inline(schema)
    assert result.schema == schema
    assert result.report == ()
    assert inline_refs(True) == Transformed(True)


def test_definitions_referring_to_definitions_are_inlined_all_the_way() -> None:
    schema = {
        "type": "object",
        "properties": {"order": {"$ref": "#/$defs/Order"}},
        "$defs": {
            "Order": {
                "type": "object",
                "properties": {"lines": {"type": "array", "items": {"$ref": "#/$defs/Line"}}},
            },
            "Line": {
                "type": "object",
                "properties": {"sku": {"$ref": "#/$defs/Sku"}, "n": {"type": "integer"}},
                "required": ["sku"],
            },
            "Sku": {"type": "string", "pattern": "^[A-Z]+$"},
            "Unused": {"type": "null"},
        },
    }
    result = _inline(schema)
    assert _refs(result.schema) == []
    line = result.schema["properties"]["order"]["properties"]["lines"]["items"]
    assert line["properties"]["sku"] == {"type": "string", "pattern": "^[A-Z]+$"}
    assert "$defs" not in result.schema
    _same_verdicts(
        schema,
        result.schema,
        [
            {"order": {"lines": [{"sku": "AB", "n": 1}]}},
            {"order": {"lines": [{"sku": "ab"}]}},
            {"order": {"lines": [{"n": 1}]}},
            {"order": {"lines": "no"}},
            {},
        ],
    )


def test_annotation_siblings_merge_into_the_target_and_win() -> None:
    schema = {
        "type": "object",
        "properties": {
            "when": {"$ref": "#/$defs/Date", "description": "Start day.", "default": "2024-01-01"}
        },
        "$defs": {"Date": {"type": "string", "description": "A date.", "title": "Date"}},
    }
    result = _inline(schema)
    assert result.schema["properties"]["when"] == {
        "type": "string",
        "description": "Start day.",
        "title": "Date",
        "default": "2024-01-01",
    }


def test_disjoint_rule_siblings_merge_and_clashing_ones_become_all_of() -> None:
    schema = {
        "type": "object",
        "properties": {
            "disjoint": {"$ref": "#/$defs/Text", "maxLength": 5},
            "clash": {"$ref": "#/$defs/Text", "minLength": 3, "description": "Note."},
            "adjacent": {"$ref": "#/$defs/Point", "additionalProperties": False},
        },
        "$defs": {
            "Text": {"type": "string", "minLength": 1},
            "Point": {"type": "object", "properties": {"x": {"type": "number"}}},
        },
    }
    result = _inline(schema)
    properties = result.schema["properties"]
    assert properties["disjoint"] == {"type": "string", "minLength": 1, "maxLength": 5}
    assert properties["clash"] == {
        "description": "Note.",
        "allOf": [{"type": "string", "minLength": 1}, {"minLength": 3}],
    }
    # additionalProperties beside a ref does not see the target's properties.
    assert properties["adjacent"] == {
        "allOf": [
            {"type": "object", "properties": {"x": {"type": "number"}}},
            {"additionalProperties": False},
        ]
    }
    _same_verdicts(
        schema,
        result.schema,
        [
            {"disjoint": "abcde", "clash": "abc"},
            {"disjoint": "abcdef"},
            {"clash": "ab"},
            {"adjacent": {}},
            {"adjacent": {"x": 1}},
        ],
    )


def test_draft_07_definitions_and_ignored_siblings() -> None:
    schema = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": {"id": {"$ref": "#/definitions/Id", "type": "string", "description": "Key."}},
        "definitions": {"Id": {"type": "integer", "minimum": 0}},
    }
    result = _inline(schema, tool="t")
    assert result.schema["properties"]["id"] == {
        "type": "integer",
        "minimum": 0,
        "description": "Key.",
    }
    assert [(entry.path, entry.keyword, entry.action) for entry in result.report] == [
        (("properties", "id", "type"), "type", LossAction.DROPPED),
        (("definitions",), "definitions", LossAction.REWRITTEN),
    ]
    _same_verdicts(schema, result.schema, [{"id": 1}, {"id": -1}, {"id": "a"}, {}])


def test_escaped_pointers_resolve() -> None:
    schema = {
        "type": "object",
        "properties": {
            "a": {"$ref": "#/$defs/a~1b"},
            "b": {"$ref": "#/$defs/t~0n"},
            "c": {"$ref": "#/$defs/with%20space"},
            "d": {"$ref": "#/$defs/0"},
            "e": {"$ref": "#/properties/a"},
            "f": {"$ref": "#/$defs/list/items/1"},
        },
        "$defs": {
            "a/b": {"type": "string"},
            "t~n": {"type": "integer"},
            "with space": {"type": "boolean"},
            "0": {"type": "null"},
            "list": {"items": [{"type": "string"}, {"const": 7}]},
        },
    }
    result = _inline(schema)
    assert _refs(result.schema) == []
    properties = result.schema["properties"]
    assert [properties[key] for key in "abcdef"] == [
        {"type": "string"},
        {"type": "integer"},
        {"type": "boolean"},
        {"type": "null"},
        {"type": "string"},
        {"const": 7},
    ]


@pytest.mark.parametrize(
    ("reference", "error"),
    [
        ("https://example.com/schema.json", RemoteReferenceError),
        ("file:///etc/schema.json#/a", RemoteReferenceError),
        ("other.json#/$defs/A", RemoteReferenceError),
        ("#name", SchemaError),
        ("#/$defs/Missing", SchemaError),
    ],
)
def test_refs_that_cannot_be_inlined_are_refused_with_their_path(
    reference: str, error: type[SchemaError]
) -> None:
    schema = {"properties": {"x": {"items": {"$ref": reference}}}, "$defs": {"A": {}}}
    with pytest.raises(error) as raised:
        inline_refs(schema)
    assert type(raised.value) is error
    assert raised.value.path == ("properties", "x", "items")


def test_dynamic_refs_and_nested_ids_around_refs_are_refused() -> None:
    with pytest.raises(SchemaError, match="dynamicRef"):
        inline_refs({"items": {"$dynamicRef": "#meta"}})
    nested = {"properties": {"a": {"$id": "https://x/a", "$ref": "#/$defs/B"}}, "$defs": {"B": {}}}
    with pytest.raises(SchemaError, match=r"nested \$id") as raised:
        inline_refs(nested)
    assert raised.value.path == ("properties", "a")
    assert inline_refs({"properties": {"a": {"$id": "https://x/a"}}}).report == ()


TREE = {
    "type": "object",
    "properties": {"root": {"$ref": "#/$defs/Node"}},
    "$defs": {
        "Node": {
            "type": "object",
            "properties": {
                "value": {"$ref": "#/$defs/Value"},
                "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}},
            },
            "required": ["value"],
        },
        "Value": {"type": "integer"},
    },
}


def _node_chain(levels: int) -> dict[str, Any]:
    node: dict[str, Any] = {"value": 0}
    for _ in range(levels - 1):
        node = {"value": 0, "children": [node]}
    return node


def test_a_tree_is_expanded_to_the_bound_and_cut_with_a_report() -> None:
    result = _inline(TREE, tool="tree", max_depth=2)
    assert _refs(result.schema) == []
    node = result.schema["properties"]["root"]
    inner = node["properties"]["children"]["items"]
    assert inner["properties"]["value"] == {"type": "integer"}
    cut = inner["properties"]["children"]["items"]
    assert cut == {"description": "(recursion into #/$defs/Node cut here)"}
    assert result.report[0] == LossEntry(
        tool="tree",
        path=("$defs", "Node", "properties", "children", "items", "$ref"),
        keyword="$ref",
        action=LossAction.DROPPED,
        detail="recursive '#/$defs/Node' cut after 2 levels: accepts anything",
    )
    assert [entry.keyword for entry in result.report] == ["$ref", "$defs"]
    # Within the bound both agree; below it, the cut accepts anything.
    _same_verdicts(TREE, result.schema, [{"root": _node_chain(2)}, {"root": {"children": []}}])
    bad_deep = {"root": {"value": 0, "children": [{"value": 0, "children": [{}]}]}}
    assert not Validator(TREE).is_valid(bad_deep)
    assert Validator(result.schema).is_valid(bad_deep)


def test_the_default_bound_is_three_levels() -> None:
    node = _inline(TREE).schema["properties"]["root"]
    for _ in range(3):
        assert node["required"] == ["value"]
        node = node["properties"]["children"]["items"]
    assert node["description"].startswith("(recursion")


def test_a_tree_kept_recursive_keeps_only_its_recursive_definition() -> None:
    result = _inline(TREE, tool="tree", keep_recursive=True)
    assert result.schema["properties"] == {"root": {"$ref": "#/$defs/Node"}}
    node = result.schema["$defs"]["Node"]
    assert list(result.schema["$defs"]) == ["Node"]
    assert node["properties"]["value"] == {"type": "integer"}  # Value was inlined
    assert node["properties"]["children"]["items"] == {"$ref": "#/$defs/Node"}
    assert [(e.path, e.action, e.detail) for e in result.report] == [
        (("$defs",), LossAction.REWRITTEN, "definitions inlined and removed (recursive ones kept)")
    ]
    _same_verdicts(
        TREE,
        result.schema,
        [{"root": _node_chain(6)}, {"root": {"value": 0, "children": [{"value": "x"}]}}, {}],
    )


def test_root_recursion_through_hash() -> None:
    schema = {
        "type": "object",
        "properties": {"name": {"type": "string"}, "next": {"$ref": "#"}},
        "$schema": "https://json-schema.org/draft/2020-12/schema",
    }
    expanded = _inline(schema, max_depth=2)
    inner = expanded.schema["properties"]["next"]
    assert "$schema" not in inner
    assert inner["properties"]["next"]["description"].startswith("(recursion into #")
    assert [entry.path for entry in expanded.report] == [("properties", "next", "$ref")]
    kept = _inline(schema, keep_recursive=True)
    assert kept.schema == schema
    assert kept.report == ()


def test_a_root_ref_beside_its_definitions() -> None:
    schema = {
        "$ref": "#/$defs/Args",
        "$defs": {"Args": {"type": "object", "properties": {"q": {"type": "string"}}}},
    }
    result = _inline(schema)
    assert result.schema == {"type": "object", "properties": {"q": {"type": "string"}}}


def _doubling(levels: int) -> dict[str, Any]:
    """Each definition uses the one below twice: 2**levels copies once inlined."""
    defs: dict[str, Any] = {"D0": {"type": "string"}}
    for level in range(1, levels + 1):
        below = {"$ref": f"#/$defs/D{level - 1}"}
        defs[f"D{level}"] = {"type": "object", "properties": {"a": below, "b": below}}
    return {"$ref": f"#/$defs/D{levels}", "$defs": defs}


def test_blow_up_is_refused_past_the_node_cap() -> None:
    assert _refs(_inline(_doubling(10)).schema) == []  # 2,047 subschemas
    with pytest.raises(SchemaError, match="more than 10000 subschemas"):
        inline_refs(_doubling(40))
    with pytest.raises(SchemaError, match="more than 100 subschemas"):
        inline_refs(_doubling(10), max_nodes=100)


def test_deep_alias_chains_raise_too_deep_not_recursion_error() -> None:
    defs = {f"A{i}": {"$ref": f"#/$defs/A{i + 1}"} for i in range(2_000)}
    defs["A2000"] = {"type": "string"}
    with pytest.raises(SchemaTooDeepError):
        inline_refs({"$ref": "#/$defs/A0", "$defs": defs})


def test_the_input_is_never_mutated_and_the_output_is_frozen() -> None:
    frozen = FrozenDict(TREE)
    for keep in (False, True):
        result = _inline(TREE, keep_recursive=keep)
        assert inline_refs(frozen, keep_recursive=keep) == result
        with pytest.raises(TypeError):
            result.schema["type"] = "string"


# -- the corpus -------------------------------------------------------------------------


def _corpus(data_dir: Path) -> list[tuple[str, dict[str, Any]]]:
    found = []
    for path in sorted((data_dir / "corpus" / "mcp").glob("*.json")):
        for tool in json.loads(path.read_text()):
            for key in ("inputSchema", "outputSchema"):
                if tool.get(key):
                    found.append((f"{path.stem}/{tool['name']}/{key}", tool[key]))
    return found


@pytest.mark.parametrize("keep_recursive", [False, True])
def test_every_corpus_schema_inlines_compiles_and_agrees_on_empty_arguments(
    data_dir: Path, keep_recursive: bool
) -> None:
    schemas = _corpus(data_dir)
    assert len({name.rsplit("/", 1)[0] for name, _ in schemas}) == 1_037
    problems: list[str] = []
    with_refs = 0
    for name, schema in schemas:
        try:
            result = _inline(schema, tool=name, keep_recursive=keep_recursive)
            left = _refs(result.schema)
            with_refs += bool(_refs(schema))
            kept = set(result.schema.get("$defs", {}))
            if any(ref.removeprefix("#/$defs/") not in kept for ref in left):
                problems.append(f"{name}: $ref left: {left}")
            if Validator(schema).is_valid({}) != Validator(result.schema).is_valid({}):
                problems.append(f"{name}: {{}} judged differently")
        except Exception as error:  # collected, so one run reports every broken schema
            problems.append(f"{name}: {type(error).__name__}: {error}")
    assert not problems, "\n".join(problems)
    assert with_refs >= 60
