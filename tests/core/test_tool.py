"""The canonical tool: immutability, fingerprints, equality, the canonical JSON form."""

from __future__ import annotations

import ast
import copy
import inspect
import json
import pickle
from dataclasses import FrozenInstanceError, fields
from typing import Any

import pytest

import toolbridge
from toolbridge import (
    FrozenDict,
    FrozenList,
    SchemaError,
    SchemaTooDeepError,
    Tool,
    ToolAnnotations,
    ToolDefinitionError,
    Valid,
    thaw,
)
from toolbridge._json import MAX_DEPTH, canonical_json
from toolbridge.formats import to_openai

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "city": {"type": "string", "description": "A city."},
        "days": {"type": "integer", "minimum": 1, "default": 3},
        "tags": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["city"],
}


def make_tool(**changes: Any) -> Tool:
    fields_: dict[str, Any] = {
        "name": "forecast",
        "description": "Weather forecast.",
        "input_schema": copy.deepcopy(SCHEMA),
        "annotations": ToolAnnotations(read_only=True),
        "tags": {"weather"},
        "meta": {"source": "test", "test": {"icons": [{"src": "x.png"}]}},
    }
    fields_.update(changes)
    return Tool(**fields_)


# -- immutability ---------------------------------------------------------------------


def test_tool_fields_cannot_be_reassigned() -> None:
    tool = make_tool()
    with pytest.raises(FrozenInstanceError):
        tool.name = "other"  # type: ignore[misc]


@pytest.mark.parametrize(
    "mutate",
    [
        lambda t: t.input_schema.__setitem__("type", "string"),
        lambda t: t.input_schema.pop("properties"),
        lambda t: t.input_schema.update({"x": 1}),
        lambda t: t.input_schema.clear(),
        lambda t: t.input_schema.setdefault("x", 1),
        lambda t: t.input_schema["properties"]["city"].__setitem__("type", "integer"),
        lambda t: t.input_schema["properties"].__delitem__("city"),
        lambda t: t.input_schema["required"].append("days"),
        lambda t: t.input_schema["required"].__setitem__(0, "days"),
        lambda t: t.input_schema["required"].extend(["days"]),
        lambda t: t.input_schema["required"].sort(),
        lambda t: t.input_schema["required"].clear(),
        lambda t: t.meta["test"]["icons"][0].__setitem__("src", "evil.png"),
        lambda t: t.meta.__setitem__("source", "other"),
    ],
    ids=lambda _: "mutation",
)
def test_nothing_handed_out_can_be_mutated(mutate: Any) -> None:
    tool = make_tool()
    before = tool.to_dict()
    with pytest.raises(TypeError, match="immutable"):
        mutate(tool)
    assert tool.to_dict() == before


def test_in_place_operators_are_refused() -> None:
    tool = make_tool()
    required = tool.input_schema["required"]
    with pytest.raises(TypeError):
        required += ["days"]
    schema: Any = tool.input_schema
    with pytest.raises(TypeError):
        schema |= {"x": 1}
    assert tool.input_schema["required"] == ["city"]
    assert "x" not in tool.input_schema


def test_caller_input_is_copied_not_kept() -> None:
    schema = copy.deepcopy(SCHEMA)
    meta: dict[str, Any] = {"source": "test", "nested": {"list": [1, 2]}}
    tool = make_tool(input_schema=schema, meta=meta)
    schema["properties"]["city"]["type"] = "integer"
    schema["required"].append("days")
    meta["nested"]["list"].append(3)
    assert tool.input_schema["properties"]["city"]["type"] == "string"
    assert tool.input_schema["required"] == ["city"]
    assert tool.meta["nested"]["list"] == [1, 2]


def test_building_a_tool_does_not_mutate_the_caller_input() -> None:
    schema = copy.deepcopy(SCHEMA)
    snapshot = copy.deepcopy(schema)
    make_tool(input_schema=schema)
    assert schema == snapshot
    assert type(schema) is dict
    assert type(schema["required"]) is list


def test_frozen_values_behave_like_plain_json() -> None:
    tool = make_tool()
    assert tool.input_schema == SCHEMA
    assert isinstance(tool.input_schema, dict)
    assert json.loads(json.dumps(tool.input_schema)) == SCHEMA
    plain = thaw(tool.input_schema)
    assert type(plain) is dict
    assert type(plain["required"]) is list
    plain["required"].append("days")
    assert tool.input_schema["required"] == ["city"]


def test_frozen_values_survive_copy_and_pickle() -> None:
    tool = make_tool()
    assert copy.deepcopy(tool) == tool
    assert copy.copy(tool.input_schema) is tool.input_schema
    restored = pickle.loads(pickle.dumps(tool.input_schema))
    assert isinstance(restored, FrozenDict)
    assert restored == tool.input_schema
    assert isinstance(restored["required"], FrozenList)


def test_frozen_containers_built_directly_are_deeply_frozen() -> None:
    frozen = FrozenDict({"a": [{"b": 1}]})
    assert isinstance(frozen["a"], FrozenList)
    assert isinstance(frozen["a"][0], FrozenDict)
    with pytest.raises(TypeError):
        frozen["a"][0]["b"] = 2


# -- fingerprint ----------------------------------------------------------------------


def test_fingerprint_is_sha256_hex() -> None:
    fingerprint = make_tool().fingerprint
    assert len(fingerprint) == 64
    int(fingerprint, 16)


def test_fingerprint_ignores_key_order_whitespace_and_integral_floats() -> None:
    reordered = json.loads(json.dumps(SCHEMA, sort_keys=True, indent=4))
    reordered["properties"] = dict(reversed(list(reordered["properties"].items())))
    reordered["properties"]["days"]["minimum"] = 1.0
    assert make_tool(input_schema=reordered).fingerprint == make_tool().fingerprint


def test_fingerprint_of_a_lone_surrogate_is_a_hash_not_an_error() -> None:
    """JSON's "\\ud800" decodes to a lone surrogate, which a server may send."""
    lone = Tool(name="t", description="\ud800")
    assert len(lone.fingerprint) == 64
    assert lone.fingerprint != Tool(name="t", description="\ud801").fingerprint


def test_fingerprint_is_stable_across_processes() -> None:
    # A fixed expected value: a change here breaks every stored pin, so it must be deliberate.
    tool = Tool(name="echo", description="Echo.", input_schema={"type": "object"})
    expected_text = canonical_json(
        {
            "annotations": {},
            "description": "Echo.",
            "input_schema": {"type": "object"},
            "name": "echo",
            "output_schema": None,
            "title": None,
        }
    )
    import hashlib

    assert tool.fingerprint == hashlib.sha256(expected_text.encode()).hexdigest()


@pytest.mark.parametrize(
    "changes",
    [
        {"name": "forecast2"},
        {"title": "Forecast"},
        {"description": "Weather forecast!"},
        {"input_schema": {**SCHEMA, "required": ["city", "days"]}},
        {"output_schema": {"type": "object"}},
        {"annotations": ToolAnnotations(read_only=False)},
        {"annotations": ToolAnnotations(read_only=True, title="Forecast")},
    ],
    ids=lambda changes: next(iter(changes)),
)
def test_fingerprint_changes_with_the_definition(changes: dict[str, Any]) -> None:
    assert make_tool(**changes).fingerprint != make_tool().fingerprint


@pytest.mark.parametrize(
    "changes",
    [{"tags": {"other"}}, {"namespace": "ns"}, {"category": "c"}, {"meta": {"source": "x"}}],
    ids=lambda changes: next(iter(changes)),
)
def test_fingerprint_ignores_catalogue_fields(changes: dict[str, Any]) -> None:
    assert make_tool(**changes).fingerprint == make_tool().fingerprint


# -- equality, hashing, replace -------------------------------------------------------


class _Invoker:
    def call(self, arguments: dict[str, Any], timeout: float | None) -> Any:
        return "called"

    async def acall(self, arguments: dict[str, Any], timeout: float | None) -> Any:
        return "called"


def test_equality_is_by_definition_and_ignores_the_invoker() -> None:
    first = make_tool(invoker=_Invoker())
    second = make_tool()
    assert first == second
    assert hash(first) == hash(second)
    assert first != make_tool(description="other")
    assert len({first, second, make_tool(name="x")}) == 2


def test_replace_returns_a_new_tool_and_keeps_the_invoker() -> None:
    invoker = _Invoker()
    tool = make_tool(invoker=invoker)
    renamed = tool.replace(name="weather")
    assert renamed.name == "weather"
    assert tool.name == "forecast"
    assert renamed.invoker is invoker
    assert renamed.input_schema == tool.input_schema


def test_replace_refreezes_new_schemas() -> None:
    new_schema = copy.deepcopy(SCHEMA)
    tool = make_tool().replace(input_schema=new_schema)
    new_schema["required"].append("x")
    assert tool.input_schema["required"] == ["city"]
    assert isinstance(tool.input_schema, FrozenDict)


def test_replace_does_not_carry_cached_state() -> None:
    tool = make_tool()
    _ = tool.fingerprint
    assert tool.replace(description="other").fingerprint != tool.fingerprint


# -- the canonical JSON form ----------------------------------------------------------


def test_to_dict_round_trips() -> None:
    tool = make_tool(
        title="Forecast",
        output_schema={"type": "object", "properties": {"t": {"type": "number"}}},
        namespace="weather",
        version="1.2",
        category="info",
    )
    data = tool.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert Tool.from_dict(data) == tool
    assert data["tags"] == ["weather"]
    assert data["annotations"] == {"read_only": True}


def test_to_dict_returns_plain_mutable_copies() -> None:
    tool = make_tool()
    data = tool.to_dict()
    data["input_schema"]["required"].append("days")
    assert tool.input_schema["required"] == ["city"]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"description": "no name"}, "needs a name"),
        ({"name": "x", "colour": "red"}, "unknown tool field"),
        ({"name": "x", "annotations": {"readOnlyHint": True}}, "unknown annotation"),
        ({"name": "x", "annotations": {"read_only": "yes"}}, "must be bool"),
        ({"name": "x", "tags": "a,b"}, "tags must be a list"),
        ({"name": "x", "title": 3}, "title must be a string"),
        ({"name": ""}, "non-empty name"),
    ],
)
def test_from_dict_reports_bad_input(data: dict[str, Any], message: str) -> None:
    with pytest.raises(ToolDefinitionError, match=message):
        Tool.from_dict(data)


# -- construction errors --------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "error", "message"),
    [
        ({"name": ""}, ToolDefinitionError, "non-empty name"),
        ({"name": "   "}, ToolDefinitionError, "non-empty name"),
        ({"name": None}, ToolDefinitionError, "non-empty name"),
        ({"description": None}, ToolDefinitionError, "description must be a string"),
        ({"annotations": {"read_only": True}}, ToolDefinitionError, "ToolAnnotations"),
        ({"tags": "weather"}, ToolDefinitionError, "tags must be a set"),
        ({"tags": {1}}, ToolDefinitionError, "tags must be strings"),
        ({"meta": [1]}, ToolDefinitionError, "meta must be a JSON object"),
        ({"meta": {"x": {1, 2}}}, ToolDefinitionError, "meta is not JSON"),
        ({"input_schema": []}, SchemaError, "must be a JSON object"),
        ({"input_schema": {"type": "string"}}, SchemaError, "must describe an object"),
        ({"input_schema": {"properties": {1: {}}}}, SchemaError, "key 1 is not a string"),
        ({"input_schema": {"minimum": float("nan")}}, SchemaError, "not a JSON number"),
        ({"input_schema": {"enum": [object()]}}, SchemaError, "object is not a JSON value"),
        ({"output_schema": {"type": "array"}}, SchemaError, "output_schema must describe"),
    ],
)
def test_bad_fields_raise_typed_errors(
    changes: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        make_tool(**changes)


def test_schema_error_names_the_json_path() -> None:
    schema = {"type": "object", "properties": {"a": {"enum": [1, {2, 3}]}}}
    with pytest.raises(SchemaError) as caught:
        make_tool(input_schema=schema)
    assert caught.value.path == ("properties", "a", "enum", 1)
    assert "/properties/a/enum/1" in str(caught.value)


def test_a_10000_deep_schema_is_a_typed_error() -> None:
    schema: dict[str, Any] = {"type": "string"}
    for _ in range(10_000):
        schema = {"type": "object", "properties": {"a": schema}}
    with pytest.raises(SchemaTooDeepError) as caught:
        make_tool(input_schema=schema)
    assert len(caught.value.path) == MAX_DEPTH


# -- annotations ----------------------------------------------------------------------


def test_annotation_defaults_follow_mcp() -> None:
    unset = ToolAnnotations()
    assert (unset.is_read_only, unset.is_destructive, unset.is_idempotent, unset.is_open_world) == (
        False,
        True,
        False,
        True,
    )
    read_only = ToolAnnotations(read_only=True, destructive=True)
    assert read_only.is_destructive is False
    assert read_only.is_idempotent is True
    assert ToolAnnotations(destructive=False).is_destructive is False
    assert ToolAnnotations(open_world=False).is_open_world is False
    assert unset.to_dict() == {}


def test_annotations_round_trip_keeps_unset_apart_from_false() -> None:
    stated = ToolAnnotations(read_only=False, title="T")
    assert ToolAnnotations.from_dict(stated.to_dict()) == stated
    assert stated != ToolAnnotations(title="T")


# -- the dataclass stays documented and keyword-only ----------------------------------


@pytest.mark.parametrize("cls", [Tool, ToolAnnotations])
def test_every_field_has_a_docstring(cls: type[Any]) -> None:
    source = inspect.getsource(cls)
    body = ast.parse(source).body[0]
    assert isinstance(body, ast.ClassDef)
    documented: set[str] = set()
    statements = body.body
    for index, statement in enumerate(statements[:-1]):
        following = statements[index + 1]
        if (
            isinstance(statement, ast.AnnAssign)
            and isinstance(statement.target, ast.Name)
            and isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            documented.add(statement.target.id)
    assert {f.name for f in fields(cls)} <= documented


@pytest.mark.parametrize("cls", [Tool, ToolAnnotations])
def test_fields_are_keyword_only(cls: type[Any]) -> None:
    assert all(f.kw_only for f in fields(cls))


def test_tool_is_exported() -> None:
    assert toolbridge.Tool is Tool


def test_validate_accepts_json_text_and_none_like_every_call_route() -> None:
    tool = make_tool()
    parsed = tool.validate('{"city": "Rome"}')
    assert isinstance(parsed, Valid)
    assert parsed.value == {"city": "Rome", "days": 3}
    checked = tool.validate(None)
    assert not checked.ok
    assert [issue.path for issue in checked.issues] == [("city",)]


def test_copies_and_pickles_carry_the_definition_not_the_caches() -> None:
    tool = make_tool()
    assert tool.validate({"city": "Oslo"}).ok  # builds the compiled validator
    _ = tool.fingerprint
    assert copy.copy(tool) is tool
    assert copy.deepcopy(tool) is tool
    restored = pickle.loads(pickle.dumps(tool))
    assert restored == tool
    assert restored.fingerprint == tool.fingerprint
    assert restored.validate({"city": "Oslo"}).ok


def test_validate_is_an_ordinary_method() -> None:
    assert inspect.isfunction(inspect.getattr_static(Tool, "validate"))
    assert list(inspect.signature(Tool.validate).parameters) == ["self", "arguments"]
    tool = make_tool()
    first, second = tool.validate({"city": "Oslo"}), tool.validate({"city": "Oslo"})
    assert first == second
    assert isinstance(first, Valid)
    assert first.value == {"city": "Oslo", "days": 3}


def test_the_validators_are_built_on_first_use_and_kept() -> None:
    tool = make_tool(output_schema={"type": "object"})
    derived = tool._derived
    assert (derived.validator, derived.output_validator) == (None, None)
    assert not tool.validate({}).ok  # builds the input validator, once
    validator = tool.validator
    assert derived.validator is validator
    tool.validate({"city": "Rome"})
    assert tool.validator is validator
    assert tool.output_validator is tool.output_validator is tool._derived.output_validator
    assert make_tool().output_validator is None


def test_everything_derived_lives_in_the_one_cache() -> None:
    tool = make_tool()
    tool.validate({"city": "Oslo"})
    _ = tool.fingerprint, to_openai(tool)
    field_names = {f.name for f in fields(Tool)}
    assert set(vars(tool)) == field_names | {"_derived"}  # nothing else on the tool
    assert tool._derived.formats  # the conversion is kept there
    for fresh in (tool.replace(), pickle.loads(pickle.dumps(tool))):
        assert fresh._derived is not tool._derived
        assert fresh._derived.formats == {}
        assert fresh._derived.validator is None
        assert fresh == tool
