"""Dialect export: 2020-12 to and from draft-07 and OpenAPI 3.0.

Unit cases per rule both ways, round trips, meta-schema checks of every output, the
JSON-Schema-Test-Suite's verdicts kept across the draft-07 conversion both ways, and
the MCP corpus converted to every dialect with every lost keyword reported.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import jsonschema  # type: ignore[import-untyped]
import pytest

from toolbridge import ConversionError, Validator
from toolbridge.schema import (
    DIALECTS,
    LossAction,
    Transformed,
    convert_dialect,
    from_draft07,
    from_openapi30,
    to_draft07,
    to_openapi30,
)

SUITE = Path(__file__).resolve().parents[1] / "data" / "jsonschema-test-suite"
CORPUS = SUITE.parent / "corpus" / "mcp"
D07 = "http://json-schema.org/draft-07/schema#"
D2020 = "https://json-schema.org/draft/2020-12/schema"

OPENAPI_KEYWORDS = frozenset(
    {"title", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"}
    | {"maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems"}
    | {"maxProperties", "minProperties", "required", "enum", "type", "allOf", "oneOf"}
    | {"anyOf", "not", "items", "properties", "additionalProperties", "description"}
    | {"format", "default", "nullable", "discriminator", "readOnly", "writeOnly", "xml"}
    | {"externalDocs", "example", "deprecated"}
)
"""The OpenAPI 3.0 Schema Object's fields (``$ref`` aside: outputs have none)."""

SINGLE = {"items", "additionalItems", "additionalProperties", "contains", "not", "if"}
SINGLE |= {"then", "else", "propertyNames", "unevaluatedItems", "unevaluatedProperties"}
LISTS = {"allOf", "anyOf", "oneOf", "prefixItems", "items"}
MAPS = {"properties", "patternProperties", "dependentSchemas", "dependencies", "$defs"}
MAPS |= {"definitions"}


def keywords(schema: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[Any, str]]:
    """Every (path, keyword) at a keyword position of a schema."""
    if not isinstance(schema, Mapping):
        return
    for key, value in schema.items():
        yield path, key
        where = (*path, key)
        if key in SINGLE and isinstance(value, Mapping):
            yield from keywords(value, where)
        elif key in LISTS and isinstance(value, list):
            for index, item in enumerate(value):
                yield from keywords(item, (*where, index))
        elif key in MAPS and isinstance(value, Mapping):
            for name, item in value.items():
                yield from keywords(item, (*where, name))


def check_draft07(result: Transformed) -> None:
    jsonschema.Draft7Validator.check_schema(result.schema)
    if isinstance(result.schema, Mapping):
        assert result.schema["$schema"] == D07


def check_2020(result: Transformed) -> None:
    jsonschema.Draft202012Validator.check_schema(result.schema)
    if isinstance(result.schema, Mapping):
        assert result.schema["$schema"] == D2020


def check_openapi(result: Transformed) -> None:
    for path, keyword in keywords(result.schema):
        assert keyword in OPENAPI_KEYWORDS or keyword.startswith("x-"), (path, keyword)
    for path, keyword in keywords(result.schema):
        if keyword == "type":
            node: Any = result.schema
            for part in path:
                node = node[part]
            assert isinstance(node["type"], str)
            assert node["type"] != "null"
            assert node["type"] != "array" or "items" in node


# ---- unit cases, one per rule ------------------------------------------------------

TO_DRAFT07 = [
    pytest.param(
        {"$defs": {"A": {"type": "string"}}, "properties": {"a": {"$ref": "#/$defs/A"}}},
        {
            "definitions": {"A": {"type": "string"}},
            "properties": {"a": {"$ref": "#/definitions/A"}},
        },
        id="defs-and-refs",
    ),
    pytest.param(
        {"prefixItems": [{"type": "string"}], "items": {"type": "integer"}},
        {"items": [{"type": "string"}], "additionalItems": {"type": "integer"}},
        id="prefixItems",
    ),
    pytest.param({"items": {"type": "integer"}}, {"items": {"type": "integer"}}, id="items"),
    pytest.param(
        {"dependentRequired": {"a": ["b"]}, "dependentSchemas": {"c": {"required": ["d"]}}},
        {"dependencies": {"a": ["b"], "c": {"required": ["d"]}}},
        id="dependencies",
    ),
    pytest.param(
        {"dependentRequired": {"a": ["b"]}, "dependentSchemas": {"a": {"minProperties": 3}}},
        {"dependencies": {"a": {"allOf": [{"minProperties": 3}, {"required": ["b"]}]}}},
        id="dependencies-on-one-name",
    ),
    pytest.param(
        {"$ref": "#/$defs/A", "minLength": 2, "$defs": {"A": {"type": "string"}}},
        {
            "allOf": [{"$ref": "#/definitions/A"}],
            "minLength": 2,
            "definitions": {"A": {"type": "string"}},
        },
        id="ref-with-siblings",
    ),
    pytest.param(
        {"$ref": "#/$defs/A", "$defs": {"A": {"type": "string"}}},
        {"$ref": "#/definitions/A", "definitions": {"A": {"type": "string"}}},
        id="ref-beside-definitions-only",
    ),
    pytest.param(
        {"$defs": {"A": {"$anchor": "a", "type": "string"}}, "$ref": "#a"},
        {"definitions": {"A": {"$id": "#a", "type": "string"}}, "$ref": "#a"},
        id="anchor",
    ),
    pytest.param(
        {"properties": {"a": {}}, "unevaluatedProperties": False},
        {"properties": {"a": {}}, "additionalProperties": False},
        id="unevaluatedProperties-alone",
    ),
    pytest.param(
        {"allOf": [{"properties": {"a": {}}}], "unevaluatedProperties": False},
        {"allOf": [{"properties": {"a": {}}}]},
        id="unevaluatedProperties-with-allOf",
    ),
    pytest.param(
        {"prefixItems": [{}], "unevaluatedItems": False},
        {"items": [{}], "additionalItems": False},
        id="unevaluatedItems-alone",
    ),
    pytest.param(
        {"contains": {"type": "string"}, "minContains": 2, "maxContains": 3},
        {"contains": {"type": "string"}},
        id="contains-counts",
    ),
    pytest.param(
        {"properties": {"p": {"$dynamicRef": "#node"}}, "$dynamicAnchor": "node"},
        {"properties": {"p": {"$ref": "#node"}}, "$id": "#node"},
        id="dynamic-ref",
    ),
    pytest.param(
        {"properties": {"$defs": {"$ref": "#/properties/%24defs/x"}}},
        {"properties": {"$defs": {"$ref": "#/properties/%24defs/x"}}},
        id="a-property-named-$defs-is-not-renamed",
    ),
]


@pytest.mark.parametrize(("source", "expected"), TO_DRAFT07)
def test_to_draft07(source: dict[str, Any], expected: dict[str, Any]) -> None:
    result = to_draft07({"$schema": D2020, **source})
    assert result.schema == {"$schema": D07, **expected}
    check_draft07(result)
    lost = {keyword for _, keyword in keywords(source)} - {k for _, k in keywords(expected)}
    assert lost <= {entry.keyword for entry in result.report}


FROM_DRAFT07 = [
    pytest.param(
        {"definitions": {"A": {"type": "string"}}, "items": {"$ref": "#/definitions/A"}},
        {"$defs": {"A": {"type": "string"}}, "items": {"$ref": "#/$defs/A"}},
        id="definitions-and-refs",
    ),
    pytest.param(
        {"items": [{"type": "string"}], "additionalItems": False},
        {"prefixItems": [{"type": "string"}], "items": False},
        id="array-items",
    ),
    pytest.param(
        {"items": {"type": "string"}, "additionalItems": False},
        {"items": {"type": "string"}},
        id="additionalItems-ignored",
    ),
    pytest.param(
        {"dependencies": {"a": ["b"], "c": {"required": ["d"]}}},
        {"dependentRequired": {"a": ["b"]}, "dependentSchemas": {"c": {"required": ["d"]}}},
        id="dependencies",
    ),
    pytest.param(
        {"$ref": "#/definitions/A", "minLength": 9, "title": "T", "definitions": {"A": {}}},
        {"$ref": "#/$defs/A", "title": "T", "$defs": {"A": {}}},
        id="ref-siblings-ignored",
    ),
    pytest.param(
        {"allOf": [{"$ref": "#/definitions/A"}], "minLength": 1, "definitions": {"A": {}}},
        {"$ref": "#/$defs/A", "minLength": 1, "$defs": {"A": {}}},
        id="lone-ref-in-allOf",
    ),
    pytest.param(
        {"definitions": {"A": {"$id": "#a"}}, "$ref": "#a"},
        {"$defs": {"A": {"$anchor": "a"}}, "$ref": "#a"},
        id="fragment-id",
    ),
    pytest.param(
        {"prefixItems": [{}], "unevaluatedProperties": False, "type": "array"},
        {"type": "array"},
        id="2020-only-keywords-were-ignored",
    ),
    pytest.param(
        {"items": [{}, {"$ref": "#/items/0"}], "additionalItems": {"$ref": "#/additionalItems/x"}},
        {"prefixItems": [{}, {"$ref": "#/prefixItems/0"}], "items": {"$ref": "#/items/x"}},
        id="pointers-follow-renames",
    ),
]


@pytest.mark.parametrize(("source", "expected"), FROM_DRAFT07)
def test_from_draft07(source: dict[str, Any], expected: dict[str, Any]) -> None:
    result = from_draft07({"$schema": D07, **source})
    assert result.schema == {"$schema": D2020, **expected}
    check_2020(result)
    lost = {keyword for _, keyword in keywords(source)} - {k for _, k in keywords(expected)}
    assert lost <= {entry.keyword for entry in result.report}


TO_OPENAPI = [
    pytest.param(
        {"type": ["string", "null"]}, {"type": "string", "nullable": True}, id="type-list"
    ),
    pytest.param(
        {"type": ["string", "integer"]},
        {"anyOf": [{"type": "string"}, {"type": "integer"}]},
        id="several-types",
    ),
    pytest.param(
        {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
        {"type": "string", "nullable": True, "default": None},
        id="null-branch",
    ),
    pytest.param(
        {"oneOf": [{"enum": ["a"]}, {"type": "integer"}, {"type": "null"}]},
        {"oneOf": [{"enum": ["a", None], "nullable": True}, {"type": "integer"}]},
        id="null-branch-of-three",
    ),
    pytest.param({"type": "null"}, {"nullable": True, "enum": [None]}, id="null-only"),
    pytest.param({"const": "a"}, {"enum": ["a"]}, id="const"),
    pytest.param(
        {"exclusiveMinimum": 0, "exclusiveMaximum": 10, "maximum": 5},
        {"minimum": 0, "exclusiveMinimum": True, "maximum": 5},
        id="exclusive-bounds",
    ),
    pytest.param({"examples": [1, 2]}, {"example": 1}, id="examples"),
    pytest.param(
        {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": False},
        {
            "type": "array",
            "items": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
            "maxItems": 2,
        },
        id="prefixItems",
    ),
    pytest.param(
        {"properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"type": "string"}}},
        {"properties": {"a": {"type": "string"}}},
        id="refs-inlined",
    ),
    pytest.param(
        {"properties": {"a": True, "b": False}, "additionalProperties": False},
        {"properties": {"a": {}, "b": {"not": {}}}, "additionalProperties": False},
        id="boolean-subschemas",
    ),
    pytest.param(
        {"patternProperties": {"^x": {}}, "if": {}, "then": {}, "$comment": "c", "x-k": 1},
        {"x-k": 1},
        id="dropped",
    ),
    pytest.param({"type": "array"}, {"type": "array", "items": {}}, id="items-required"),
]


@pytest.mark.parametrize(("source", "expected"), TO_OPENAPI)
def test_to_openapi30(source: dict[str, Any], expected: dict[str, Any]) -> None:
    result = to_openapi30({"$schema": D2020, **source})
    assert result.schema == expected
    check_openapi(result)
    lost = {keyword for _, keyword in keywords(source)} - {k for _, k in keywords(expected)}
    assert lost - {"$ref"} <= {entry.keyword for entry in result.report}


FROM_OPENAPI = [
    pytest.param({"type": "string", "nullable": True}, {"type": ["string", "null"]}, id="nullable"),
    pytest.param(
        {"allOf": [{"type": "object"}], "nullable": True, "title": "T"},
        {"title": "T", "anyOf": [{"allOf": [{"type": "object"}]}, {"type": "null"}]},
        id="nullable-without-type",
    ),
    pytest.param({"nullable": True, "enum": [None]}, {"type": "null"}, id="null-only"),
    pytest.param({"type": "integer", "nullable": False}, {"type": "integer"}, id="not-nullable"),
    pytest.param(
        {"minimum": 0, "exclusiveMinimum": True, "maximum": 9, "exclusiveMaximum": False},
        {"exclusiveMinimum": 0, "maximum": 9},
        id="exclusive-bounds",
    ),
    pytest.param({"example": 3}, {"examples": [3]}, id="example"),
    pytest.param(
        {"discriminator": {"propertyName": "k"}, "xml": {}, "externalDocs": {"url": "u"}},
        {},
        id="openapi-only",
    ),
    pytest.param({"type": "string", "x-order": 2}, {"type": "string", "x-order": 2}, id="x-kept"),
]


@pytest.mark.parametrize(("source", "expected"), FROM_OPENAPI)
def test_from_openapi30(source: dict[str, Any], expected: dict[str, Any]) -> None:
    result = from_openapi30(source)
    assert result.schema == {"$schema": D2020, **expected}
    check_2020(result)
    lost = {keyword for _, keyword in keywords(source)} - {k for _, k in keywords(expected)}
    assert lost <= {entry.keyword for entry in result.report}


def test_reports_say_what_and_where() -> None:
    result = to_draft07({"properties": {"a": {"minContains": 1, "contains": {}}}}, tool="t")
    (entry,) = [entry for entry in result.report if entry.keyword == "minContains"]
    assert entry.tool == "t"
    assert entry.path == ("properties", "a", "minContains")
    assert entry.action is LossAction.DROPPED


def test_inputs_are_never_modified_and_outputs_are_frozen() -> None:
    source: dict[str, Any] = {
        "$defs": {"A": {"type": ["string", "null"], "const": "x"}},
        "prefixItems": [{"$ref": "#/$defs/A"}],
        "dependentRequired": {"a": ["b"]},
    }
    before = json.dumps(source, sort_keys=True)
    for target in DIALECTS:
        result = convert_dialect(source, "draft-2020-12", target)
        assert json.dumps(source, sort_keys=True) == before
        with pytest.raises(TypeError):
            result.schema["new"] = 1


def test_convert_dialect_chains_through_2020_12() -> None:
    source = {"$schema": D07, "definitions": {"A": {"const": 1}}, "$ref": "#/definitions/A"}
    result = convert_dialect(source, "draft-07", "openapi-3.0")
    assert result.schema == {"enum": [1]}
    assert {"definitions", "$defs", "const"} <= {entry.keyword for entry in result.report}
    back = convert_dialect({"type": "string", "nullable": True}, "openapi-3.0", "draft-07")
    assert back.schema == {"$schema": D07, "type": ["string", "null"]}
    assert convert_dialect({"a": 1}, "draft-07", "draft-07") == Transformed({"a": 1})


@pytest.mark.parametrize(("source", "target"), [("draft-06", "draft-07"), ("draft-07", "x")])
def test_unknown_dialects_are_refused(source: str, target: str) -> None:
    with pytest.raises(ConversionError, match="unknown schema dialect"):
        convert_dialect({}, source, target)


@pytest.mark.parametrize("function", [to_draft07, from_draft07, from_openapi30])
def test_boolean_schemas_stay(function: Any) -> None:
    assert function(True).schema is True
    assert function(False).schema is False


def test_boolean_schemas_to_openapi() -> None:
    assert to_openapi30(True).schema == {}
    assert to_openapi30(False).schema == {"not": {}}


def test_booleans_inside_one_items_schema_are_values_not_subschemas() -> None:
    # `items` holding one schema is not a list of them: its `nullable: true` and
    # `additionalProperties: false` once became `{}` and `{"not": {}}`.
    schema = {
        "type": "array",
        "items": {"type": ["object", "null"], "additionalProperties": False},
        "allOf": [True],
        "properties": {"a": False},
    }
    assert to_openapi30(schema).schema == {
        "type": "array",
        "items": {"type": "object", "additionalProperties": False, "nullable": True},
        "allOf": [{}],
        "properties": {"a": {"not": {}}},
    }


def test_boolean_positions_become_objects_in_openapi_items() -> None:
    schema = {"type": "array", "prefixItems": [True, {"type": "string"}], "items": False}
    assert to_openapi30(schema).schema["items"] == {"anyOf": [{}, {"type": "string"}]}


# ---- round trips -------------------------------------------------------------------

SHARED = [
    {"type": "object", "properties": {"a": {"type": ["string", "null"], "minLength": 1}}},
    {"$defs": {"N": {"type": "integer"}}, "items": {"$ref": "#/$defs/N"}},
    {"prefixItems": [{"const": 1}, {"enum": [2, 3]}], "items": {"type": "string"}},
    {"prefixItems": [{}], "items": False, "contains": {"type": "integer"}},
    {"dependentRequired": {"a": ["b"]}, "dependentSchemas": {"c": {"maxProperties": 2}}},
    {"$ref": "#/$defs/A", "title": "T", "required": ["x"], "$defs": {"A": {}}},
    {"if": {"exclusiveMinimum": 0}, "then": {"multipleOf": 2}, "else": {"not": {}}},
    {"$defs": {"A": {"$anchor": "a", "propertyNames": {"pattern": "^x"}}}, "$ref": "#a"},
    {"anyOf": [{"format": "email"}, {"type": "boolean"}], "examples": ["a@b.c"]},
]


@pytest.mark.parametrize("schema", SHARED)
def test_round_trip_through_draft07(schema: dict[str, Any]) -> None:
    source = {"$schema": D2020, **schema}
    down = to_draft07(source)
    check_draft07(down)
    up = from_draft07(down.schema)
    check_2020(up)
    assert up.schema == source
    assert all(entry.action is LossAction.REWRITTEN for entry in down.report + up.report)


OPENAPI_SHARED = [
    {"type": "object", "properties": {"a": {"type": "string", "nullable": True}}},
    {"type": "number", "minimum": 1, "exclusiveMinimum": True, "example": 2},
    {"type": "array", "items": {"oneOf": [{"type": "integer"}, {"type": "string"}]}},
    {"allOf": [{"required": ["a"]}], "not": {"enum": ["x"]}, "x-tag": {"a": 1}},
]


@pytest.mark.parametrize("schema", OPENAPI_SHARED)
def test_round_trip_through_openapi(schema: dict[str, Any]) -> None:
    up = from_openapi30(schema)
    check_2020(up)
    down = to_openapi30(up.schema)
    check_openapi(down)
    assert down.schema == schema


# ---- the JSON-Schema-Test-Suite: the same verdicts after conversion ----------------

DRAFT_ONLY = {
    "draft2020-12": {
        "unevaluatedProperties",
        "unevaluatedItems",
        "$dynamicRef",
        "$dynamicAnchor",
        "minContains",
        "maxContains",
        "$vocabulary",
        "$recursiveRef",
        "$recursiveAnchor",
    },
    "draft7": set(),
}
"""Keywords of a suite case that the other draft has no equivalent for: skipped."""


class Case(NamedTuple):
    draft: str
    file: str
    number: int
    schema: Any
    tests: list[dict[str, Any]]


def _every_key(value: Any) -> Iterator[str]:
    if isinstance(value, Mapping):
        for key, item in value.items():
            yield key
            yield from _every_key(item)
    elif isinstance(value, list):
        for item in value:
            yield from _every_key(item)


def _skip_reason(case: Case) -> str | None:
    """Why a case is outside what the conversion keeps, or None when it is inside."""
    keys = set(_every_key(case.schema))
    if used := keys & DRAFT_ONLY[case.draft]:
        return f"uses {sorted(used)}, which the other draft has no equivalent for"
    if "json-schema.org/" in json.dumps([*_every_ref(case.schema)]):
        return "refers to its draft's meta-schema, which is not converted"
    if case.file == "refRemote.json":
        return "about documents elsewhere, which are not converted"
    if case.file == "vocabulary.json":
        return "about the 2020-12 vocabularies"
    return None


def _every_ref(value: Any) -> Iterator[Any]:
    if isinstance(value, Mapping):
        yield from [item for key, item in value.items() if key == "$ref"]
        for item in value.values():
            yield from _every_ref(item)
    elif isinstance(value, list):
        for item in value:
            yield from _every_ref(item)


@cache
def _remotes() -> dict[str, Any]:
    folder = SUITE / "remotes"
    return {
        "http://localhost:1234/" + path.relative_to(folder).as_posix(): json.loads(path.read_text())
        for path in sorted(folder.rglob("*.json"))
    }


@cache
def _cases(draft: str) -> tuple[Case, ...]:
    found: list[Case] = []
    for path in sorted((SUITE / draft).glob("*.json")):
        for index, case in enumerate(json.loads(path.read_text())):
            found.append(Case(draft, path.name, index, case["schema"], case["tests"]))
    return tuple(found)


_CONTENT = (
    "2020-12 makes contentMediaType / contentEncoding annotations; draft-07 lets a "
    "validator assert them, and jsonschema-rs does"
)
KNOWN_DISAGREEMENTS: dict[str, str] = {
    "draft2020-12/content.json::0::an invalid JSON document; validates true": _CONTENT,
    "draft2020-12/content.json::1::an invalid base64 string (% is not a valid character); "
    "validates true": _CONTENT,
    "draft2020-12/content.json::2::a validly-encoded invalid JSON document; validates true": (
        _CONTENT
    ),
    "draft2020-12/content.json::2::an invalid base64 string that is valid JSON; validates true": (
        _CONTENT
    ),
}
"""Suite tests, by id, whose verdict the conversion changes, each with the reason."""


class Verdicts(NamedTuple):
    compared: int
    """Suite tests whose verdict was compared."""
    skipped: int
    """Suite tests of cases that use keywords the other draft has no equivalent for."""
    lossy: int
    """Suite tests of the remaining cases whose conversion still dropped a keyword."""
    disagreeing: list[str]
    errors: list[str]


@cache
def _verdicts(draft: str) -> Verdicts:
    convert = to_draft07 if draft == "draft2020-12" else from_draft07
    compared = skipped = lossy = 0
    disagreeing: list[str] = []
    errors: list[str] = []
    for case in _cases(draft):
        if _skip_reason(case):
            skipped += len(case.tests)
            continue
        source = case.schema
        if isinstance(source, Mapping) and "$schema" not in source:
            source = {"$schema": D2020 if draft == "draft2020-12" else D07, **source}
        try:
            converted = convert(source)
            (check_draft07 if convert is to_draft07 else check_2020)(converted)
            if any(entry.action is LossAction.DROPPED for entry in converted.report):
                lossy += len(case.tests)
                continue
            original = Validator(source, resources=_remotes())
            validator = Validator(converted.schema, resources=_remotes())
        except Exception as error:
            errors.append(f"{case.file}#{case.number}: {error!r}")
            continue
        for test in case.tests:
            compared += 1
            before = original.validate(test["data"]).ok
            if validator.validate(test["data"]).ok != before:
                disagreeing.append(f"{draft}/{case.file}::{case.number}::{test['description']}")
    return Verdicts(compared, skipped, lossy, disagreeing, errors)


@pytest.mark.parametrize("draft", ["draft2020-12", "draft7"])
def test_suite_verdicts_survive_the_conversion(draft: str, data_dir: Path) -> None:
    assert data_dir / "jsonschema-test-suite" == SUITE
    compared, skipped, lossy, disagreeing, errors = _verdicts(draft)
    assert not errors
    assert compared > (900 if draft == "draft2020-12" else 850)
    assert skipped + lossy < compared / 2
    assert lossy < 20
    unexplained = [test for test in disagreeing if test not in KNOWN_DISAGREEMENTS]
    assert not unexplained, f"{len(unexplained)} of {compared}: {unexplained[:10]}"
    known = [test for test in KNOWN_DISAGREEMENTS if test.startswith(draft + "/")]
    assert sorted(disagreeing) == sorted(known), "a known disagreement no longer happens"


def test_skipped_suite_cases_are_the_ones_without_an_equivalent() -> None:
    reasons = {_skip_reason(case) for case in _cases("draft2020-12")} - {None}
    assert any(reason and "unevaluatedProperties" in reason for reason in reasons)
    draft7 = {_skip_reason(case) for case in _cases("draft7")} - {None}
    assert all(reason and ("meta-schema" in reason or "elsewhere" in reason) for reason in draft7)


# ---- the MCP corpus ----------------------------------------------------------------


@cache
def _corpus() -> tuple[tuple[str, Any], ...]:
    found: list[tuple[str, Any]] = []
    for path in sorted(CORPUS.glob("*.json")):
        for tool in json.loads(path.read_text()):
            found.append((f"{path.stem}/{tool['name']}", tool["inputSchema"]))
    return tuple(found)


def _source(schema: Any) -> str:
    return "draft-07" if "draft-07" in str(schema.get("$schema", "")) else "draft-2020-12"


BLOCKS = {("$defs",), ("definitions",)}
CHECKS = {"draft-07": check_draft07, "draft-2020-12": check_2020, "openapi-3.0": check_openapi}


@pytest.mark.parametrize("target", DIALECTS)
def test_the_corpus_converts_with_every_loss_reported(target: str, data_dir: Path) -> None:
    assert (data_dir / "corpus" / "mcp") == CORPUS
    tools = _corpus()
    assert len(tools) > 1_000
    assert {_source(schema) for _, schema in tools} == {"draft-07", "draft-2020-12"}
    for name, schema in tools:
        source = _source(schema)
        result = convert_dialect(schema, source, target, tool=name)
        if source != target:
            CHECKS[target](result)
        reported = {entry.keyword for entry in result.report}
        inlined = target == "openapi-3.0" and bool(reported & {"$defs", "definitions"})
        # Inlining reports the definitions block, not each ref or definition's keyword.
        lost = {k for path, k in keywords(schema) if not (inlined and path[:1] in BLOCKS)}
        lost -= {k for _, k in keywords(result.schema)} | ({"$ref"} if inlined else set())
        assert lost <= reported, (name, lost - reported)
        assert all(entry.tool == name for entry in result.report)
