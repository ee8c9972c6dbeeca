"""The keyword table against the meta-schemas, and the one walker (and its users) on it.

Both modes: the schema walk (the table's subschemas) and the value walk (every part
of a schema document but the instances), each with the functions ported onto it.

The keywords that hold subschemas are read from the official meta-schemas (the
``jsonschema-specifications`` copies), never written out here: a keyword a new
meta-schema adds fails these tests until the table knows it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from toolbridge import FrozenDict, Tool
from toolbridge._json import MAX_DEPTH, freeze, new_frozen_dict
from toolbridge._jsonschema._keywords import DATA_KEYWORDS, DRAFTS, KEYWORDS, Draft
from toolbridge._jsonschema._walk import (
    Transform,
    converted,
    held,
    nodes,
    parts,
    rebuild,
    rebuilder,
    shape,
    subschemas,
    values,
    walk,
)
from toolbridge.errors import JsonPath, SchemaTooDeepError

from .meta_schemas import PLACED, at, holding, meta_keywords

# -- the table --------------------------------------------------------------------------


def test_the_meta_schemas_are_read() -> None:
    found = meta_keywords("2020-12")
    assert {"properties", "items", "prefixItems", "$defs", "contentSchema"} <= found.keys()
    assert found["items"] == {"one"}
    assert meta_keywords("draft-07")["items"] == {"one", "list"}
    assert meta_keywords("draft-04")["additionalProperties"] == {"one"}


@pytest.mark.parametrize("draft", DRAFTS)
def test_the_table_knows_every_subschema_keyword_of_each_meta_schema(draft: Draft) -> None:
    for keyword, shapes in meta_keywords(draft).items():
        assert keyword in KEYWORDS, f"{draft} {keyword}"
        entry = KEYWORDS[keyword]
        assert draft in entry.drafts, f"{draft} {keyword}"
        allowed = {"one": entry.one, "list": entry.listed, "map": entry.named}
        assert all(allowed[shape] for shape in shapes), f"{draft} {keyword} {shapes}"


@pytest.mark.parametrize("draft", DRAFTS)
def test_the_table_names_no_keyword_a_meta_schema_lacks(draft: Draft) -> None:
    found = meta_keywords(draft)
    assert {key for key, entry in KEYWORDS.items() if draft in entry.drafts} == found.keys()


# -- the walker, under every keyword ---------------------------------------------------------


@pytest.mark.parametrize(("draft", "keyword", "shape"), PLACED)
def test_the_walker_visits_a_subschema_under_each_keyword(
    draft: Draft, keyword: str, shape: str
) -> None:
    schema, path = holding(keyword, shape, {"title": "marker"})
    frozen = freeze(schema)
    assert (path, {"title": "marker"}) in list(walk(frozen))
    for top_down in (False, True):
        seen: list[JsonPath] = []

        def mark(node: Any, at: JsonPath, seen: list[JsonPath] = seen) -> Any:
            seen.append(at)
            if node.get("title") == "marker":
                return new_frozen_dict({"title": "found"})
            return node

        output = rebuild(frozen, mark, top_down=top_down)
        assert path in seen
        expected = json.loads(json.dumps(schema).replace('"marker"', '"found"'))
        assert output == expected
        assert type(output) is FrozenDict


def test_rebuild_shares_what_did_not_change() -> None:
    schema = freeze(
        {
            "properties": {"a": {"type": "object", "properties": {"x": {}}}, "b": {"title": "B"}},
            "anyOf": [{"type": "string"}, {"title": "B"}],
            "const": {"title": "B"},
        }
    )

    def rename(node: Any, at: JsonPath) -> Any:
        return new_frozen_dict({"title": "C"}) if node.get("title") == "B" else node

    output = rebuild(schema, rename)
    assert output["properties"]["a"] is schema["properties"]["a"]
    assert output["anyOf"][0] is schema["anyOf"][0]
    assert output["const"] is schema["const"]  # an instance, not a schema
    assert output["properties"]["b"] == {"title": "C"} == output["anyOf"][1]
    assert rebuild(schema, lambda node, at: node) is schema


def _recorder(seen: list[JsonPath]) -> Transform:
    """A transform that changes nothing and records where it was called."""

    def record(node: Any, at: JsonPath) -> Any:
        seen.append(at)
        return node

    return record


def test_rebuild_orders_and_skips() -> None:
    schema = freeze({"properties": {"a": {"items": {}}}, "$defs": {"d": {}}, "not": True})
    down: list[JsonPath] = []
    up: list[JsonPath] = []
    rebuild(schema, _recorder(down), top_down=True)
    rebuild(schema, _recorder(up))
    assert down == [(), ("properties", "a"), ("properties", "a", "items"), ("$defs", "d")]
    assert up == [("properties", "a", "items"), ("properties", "a"), ("$defs", "d"), ()]
    skipped: list[JsonPath] = []
    rebuild(schema, _recorder(skipped), skip={"$defs"})
    assert ("$defs", "d") not in skipped
    assert [path for path, _ in walk(schema, skip={"$defs"})] == [
        (),
        ("properties", "a"),
        ("properties", "a", "items"),
    ]
    unnamed: list[JsonPath] = []
    rebuild(schema, _recorder(unnamed), paths=False, where=("x",))
    assert set(unnamed) == {("x",)}


def test_before_sees_each_node_holding_subschemas_first() -> None:
    schema = freeze({"properties": {"a": {"items": {"title": "leaf"}}, "b": {}}})
    seen: list[tuple[str, JsonPath]] = []

    def before(node: Any, at: JsonPath) -> None:
        seen.append(("before", at))

    def after(node: Any, at: JsonPath) -> Any:
        seen.append(("after", at))
        return node

    run = rebuilder(after, before=before)
    assert run(schema, (), 0) is schema
    assert seen == [
        ("before", ()),
        ("before", ("properties", "a")),
        ("after", ("properties", "a", "items")),
        ("after", ("properties", "a")),
        ("after", ("properties", "b")),
        ("after", ()),
    ]
    with pytest.raises(SchemaTooDeepError):  # a walk may start deep (a ref's target)
        run(schema, (), MAX_DEPTH)


def test_nodes_are_the_walk_without_paths() -> None:
    schema = freeze({"properties": {"a": {"items": [{}, True]}}, "$defs": {"d": {"not": {}}}})
    for skip in (frozenset(), frozenset({"$defs"})):
        walked = [node for _, node in walk(schema, skip=skip)]
        assert sorted(map(json.dumps, nodes(schema, skip))) == sorted(map(json.dumps, walked))


def test_leaves_and_tally() -> None:
    schema = freeze({"properties": {"a": {"$ref": "#/x"}, "b": {"type": "string"}}, "not": {}})
    seen: list[JsonPath] = []
    tally = [0]
    rebuilder(_recorder(seen), leaves={"$ref"}, tally=tally)(schema, (), 0)
    assert seen == [("properties", "a"), ()]  # the other leaves are kept without a call
    assert tally == [4]  # every object subschema reached, handed over or not


def test_malformed_shapes_and_booleans_are_kept() -> None:
    schema = freeze(
        {"properties": 5, "allOf": {"a": {}}, "not": [{}], "items": [True, 3], "$defs": {"b": 1}}
    )
    assert list(subschemas(schema)) == []
    assert rebuild(schema, lambda node, at: node if at == () else 1 / 0) is schema


def test_rebuild_refuses_a_schema_deeper_than_the_bound() -> None:
    node: dict[str, Any] = {"type": "object"}
    for _ in range(MAX_DEPTH + 2):
        node = {"not": node}
    with pytest.raises(SchemaTooDeepError):
        rebuild(node, lambda n, at: n)
    with pytest.raises(SchemaTooDeepError):
        rebuild({"properties": {"a": node}}, lambda n, at: n, top_down=True, paths=False)


# -- the walkers ported onto it, under every keyword -----------------------------------------


@pytest.mark.parametrize(("draft", "keyword", "shape"), PLACED)
def test_openai_completion_reaches_under_each_keyword(
    draft: Draft, keyword: str, shape: str
) -> None:
    from toolbridge.formats._lowering import complete_for_openai

    schema, path = holding(keyword, shape, {"type": "object"})
    output, report = complete_for_openai(freeze(schema), "t")
    assert at(output, path) == {"type": "object", "properties": {}}
    assert (*path, "properties") in [(*entry.path, entry.keyword) for entry in report]


@pytest.mark.parametrize(("draft", "keyword", "shape"), PLACED)
def test_dialect_conversions_reach_under_each_keyword(
    draft: Draft, keyword: str, shape: str
) -> None:
    from toolbridge.schema import from_draft07, to_draft07, to_openapi30

    # A `$schema` below the root is dropped by every conversion, and reported there.
    marker = {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "m"}
    schema, path = holding(keyword, shape, marker)
    conversions = [to_draft07, to_openapi30] if draft == "2020-12" else [from_draft07]
    for convert in conversions:
        report = convert(schema).report
        assert (*path, "$schema") in [entry.path for entry in report], convert.__name__


@pytest.mark.parametrize(("draft", "keyword", "shape"), PLACED)
def test_inlining_reaches_under_each_keyword(draft: Draft, keyword: str, shape: str) -> None:
    from toolbridge.schema import inline_refs

    schema, path = holding(keyword, shape, {"$ref": "#/definitions/T"})
    target = {"type": "string", "title": "target"}
    schema["definitions"] = {"T": target}
    output = inline_refs(freeze(schema)).schema
    if keyword in ("$defs", "definitions"):  # a definitions block: removed, not walked
        assert "definitions" not in output
        assert keyword not in output["properties"]["p"]
    else:
        assert at(output, path) == target


@pytest.mark.parametrize(("draft", "keyword", "shape"), PLACED)
def test_unsatisfiable_reaches_under_each_keyword(draft: Draft, keyword: str, shape: str) -> None:
    from toolbridge.schema import unsatisfiable

    schema, path = holding(keyword, shape, {"type": "boolean", "enum": ["x"]})
    assert [where for where, _, _ in unsatisfiable(freeze(schema))] == [(*path, "enum")]


def test_held_lists_where_the_table_says_schemas_are() -> None:
    one, other = {"type": "string"}, True
    assert list(held("not", one)) == [(None, one)]
    assert list(held("anyOf", [one, other])) == [(0, one), (1, other)]
    assert list(held("items", [one])) == [(0, one)]  # one or a list
    assert list(held("properties", {"a": one})) == [("a", one)]
    assert list(held("anyOf", {"a": one})) == []  # a shape the keyword cannot take
    assert list(held("prefixItems", one)) == []
    assert list(held("enum", [one])) == []  # not a subschema keyword


def test_converted_runs_on_each_schema_at_its_path_and_depth() -> None:
    seen: list[tuple[JsonPath, int]] = []

    def mark(node: Any, path: JsonPath, depth: int) -> Any:
        seen.append((path, depth))
        return "done"

    assert converted("items", {"type": "string"}, ("p",), 3, mark) == "done"
    assert converted("anyOf", [{}, True], ("p",), 3, mark) == ["done", "done"]
    assert converted("properties", {"a": {}}, (), 0, mark) == {"a": "done"}
    assert converted("title", {"type": "string"}, (), 0, mark) == {"type": "string"}
    assert seen == [
        (("p", "items"), 4),
        (("p", "anyOf", 0), 5),
        (("p", "anyOf", 1), 5),
        (("properties", "a"), 2),
    ]


def test_shape_says_how_a_value_holds_the_schemas_held_lists() -> None:
    assert shape("not", {"type": "string"}) == "one"
    assert shape("not", True) == "one"  # a boolean is a schema
    assert shape("items", {}) == "one"
    assert shape("items", [{}]) == "list"  # one or a list
    assert shape("anyOf", [{}]) == "list"
    assert shape("properties", {"a": {}}) == "map"
    assert shape("properties", {}) == "map"
    assert shape("anyOf", {"a": {}}) is None  # a shape the keyword cannot take
    assert shape("not", [{}]) is None
    assert shape("properties", 5) is None
    assert shape("enum", [{}]) is None  # not a subschema keyword


# -- the value walk: every part of a schema document but the instances -----------------------


def test_parts_leave_instances_out_and_read_maps_of_names_as_names() -> None:
    node = {"$ref": "#/a", "default": {"$ref": "#/b"}, "properties": {"p": {}}, "x-models": {}}
    assert list(parts(node)) == [
        ("$ref", "#/a", False),
        ("properties", {"p": {}}, True),  # a map of names to schemas
        ("x-models", {}, False),  # no keyword the table names, still looked into
    ]
    names = {"default": {"type": "string"}, "enum": {}, "$ref": {}}
    assert list(parts(names, named=True)) == [  # every member is a schema, whatever its name
        ("default", {"type": "string"}, False),
        ("enum", {}, False),
        ("$ref", {}, False),
    ]
    assert list(parts([{}, 1])) == [(0, {}, False), (1, 1, False)]
    assert list(parts("text")) == []
    assert list(parts({"example": 1, "a": 2}, data={"example"})) == [("a", 2, False)]
    assert {"const", "enum", "default", "examples"} == DATA_KEYWORDS


def test_values_are_every_object_and_array_parts_reaches_with_their_paths() -> None:
    schema = {
        "properties": {"enum": {"items": [{"$ref": "#/x"}]}},
        "enum": [{"$ref": "#/data"}],
        "x-models": {"M": {}},
    }
    found = [(path, named) for path, _, named in values(schema, where=("at",))]
    assert found == [
        (("at",), False),
        (("at", "x-models"), False),
        (("at", "x-models", "M"), False),
        (("at", "properties"), True),
        (("at", "properties", "enum"), False),
        (("at", "properties", "enum", "items"), False),
        (("at", "properties", "enum", "items", 0), False),
    ]
    assert {path for path, _, _ in values(schema, paths=False)} == {()}
    assert list(values(5)) == []


@pytest.mark.parametrize(("draft", "keyword", "shape_"), PLACED)
def test_references_are_found_under_each_keyword(draft: Draft, keyword: str, shape_: str) -> None:
    from toolbridge._jsonschema._references import references

    schema, path = holding(keyword, shape_, {"$ref": "#/$defs/T"})
    schema["default"] = {"$ref": "#/data"}  # an instance: not a reference
    assert list(references(schema)) == [(path, "$ref", "#/$defs/T")]


@pytest.mark.parametrize(("draft", "keyword", "shape_"), PLACED)
def test_dialects_are_checked_under_each_keyword(draft: Draft, keyword: str, shape_: str) -> None:
    from toolbridge._jsonschema._meta_schema import unknown_dialect

    schema, path = holding(keyword, shape_, {"$id": "urn:m", "$schema": "https://x/"})
    problem = unknown_dialect(schema)
    assert problem is not None
    assert problem.path == (*path, "$schema")


@pytest.mark.parametrize(("draft", "keyword", "shape_"), PLACED)
def test_long_patterns_are_refused_under_each_keyword(
    draft: Draft, keyword: str, shape_: str
) -> None:
    from toolbridge._limits import MAX_PATTERN_LENGTH, check_patterns
    from toolbridge.errors import SchemaTooLargeError

    schema, path = holding(keyword, shape_, {"pattern": "a" * (MAX_PATTERN_LENGTH + 1)})
    with pytest.raises(SchemaTooLargeError) as raised:
        check_patterns(schema)
    assert raised.value.path == (*path, "pattern")


def test_a_property_named_like_a_keyword_is_a_schema_to_the_value_walk() -> None:
    from toolbridge._jsonschema._references import references, rewrite_references
    from toolbridge._jsonschema._unfolding import reasonless

    schema = {
        "properties": {
            "default": {"$ref": "#/$defs/A"},
            "enum": {"anyOf": [{"$ref": "#/$defs/A"}]},
        },
        "$defs": {"A": {"type": "string"}},
        "const": {"$ref": "#/instance"},
    }
    assert [where for where, _, _ in references(schema)] == [
        ("properties", "enum", "anyOf", 0),
        ("properties", "default"),
    ]
    copied = rewrite_references(schema, lambda reference, _: reference + "B")
    assert copied["properties"]["default"] == {"$ref": "#/$defs/AB"}
    assert copied["const"] == {"$ref": "#/instance"}  # an instance, copied as it is
    wrapped = reasonless(schema)
    assert wrapped is not None
    assert wrapped["properties"]["enum"]["anyOf"] == [
        {"if": {"anyOf": [{"$ref": "#/$defs/A"}]}, "else": False}
    ]


def test_gemini_schemas_read_back_are_spelled_as_openapi_under_their_four_keywords() -> None:
    from toolbridge.formats import from_gemini

    leaf = {"type": "STRING", "nullable": True, "enum": ["a"]}
    parameters = {
        "type": "OBJECT",
        "properties": {
            "p": {"type": "ARRAY", "items": leaf},
            "q": {"any_of": [leaf, {"type": "INTEGER"}]},
            "r": {"type": "OBJECT", "additional_properties": leaf},
        },
    }
    tool = from_gemini({"name": "t", "parameters": parameters})
    assert isinstance(tool, Tool)
    schema = tool.input_schema
    read = {"type": ["string", "null"], "enum": ["a", None]}
    assert schema["properties"]["p"]["items"] == read
    assert schema["properties"]["q"]["anyOf"] == [read, {"type": "integer"}]
    assert schema["properties"]["r"]["additionalProperties"] == read


def test_values_is_the_walk_parts_makes() -> None:
    # `values` steps into a node inline, for speed: it must agree with `parts`.
    import jsonschema_specifications  # type: ignore[import-untyped, unused-ignore]

    documents: list[Any] = [
        jsonschema_specifications.REGISTRY.contents(uri)
        for uri in jsonschema_specifications.REGISTRY
    ]
    documents.append(freeze({"properties": {"enum": {"enum": [{"$ref": "#"}]}}, "x": [[{}], 1]}))
    for document in documents:
        expected: list[tuple[JsonPath, Any, bool]] = []
        stack: list[tuple[JsonPath, Any, bool]] = [((), document, False)]
        while stack:
            path, node, named = stack.pop()
            expected.append((path, node, named))
            stack.extend(
                ((*path, key), value, value_named)
                for key, value, value_named in parts(node, named)
                if isinstance(value, (dict, list))
            )
        assert list(values(document)) == expected
