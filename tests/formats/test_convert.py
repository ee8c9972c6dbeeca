"""One entry point for every format: `convert` and its `Conversion`, `check`, `read_tools`
and `received_schema`; and every target's round trip over the corpus, as reported."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final

import pytest

from toolbridge import ConversionError, SchemaError, Tool, ToolAnnotations, ToolNotFoundError
from toolbridge.calls import ToolCall
from toolbridge.formats import (
    SOURCES,
    STRICT_TARGETS,
    TARGETS,
    Conversion,
    Problem,
    Source,
    Target,
    check,
    convert,
    from_anthropic,
    from_bedrock,
    from_gemini,
    from_mcp,
    from_openai,
    from_openai_responses,
    read_tools,
    received_schema,
    to_anthropic,
    to_bedrock,
    to_gemini,
    to_gemini_openapi,
    to_mcp,
    to_openai,
    to_openai_responses,
)
from toolbridge.schema import LossAction, LossEntry, NameMap

from .shapes import many, one

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
    "required": ["city"],
}
OPEN_MAP: dict[str, Any] = {
    "type": "object",
    "properties": {"tags": {"type": "object", "additionalProperties": {"type": "string"}}},
}
WEATHER = Tool(name="get_weather", description="Weather for a city.", input_schema=SCHEMA)

WRITERS: Final[dict[Target, Callable[..., Any]]] = {
    "mcp": to_mcp,
    "openai": to_openai,
    "openai-responses": to_openai_responses,
    "anthropic": to_anthropic,
    "gemini": to_gemini,
    "gemini-openapi": to_gemini_openapi,
    "bedrock": to_bedrock,
}
READERS: Final[dict[Source, Callable[[Any], Tool | list[Tool]]]] = {
    "mcp": from_mcp,
    "openai": from_openai,
    "openai-responses": from_openai_responses,
    "anthropic": from_anthropic,
    "gemini": from_gemini,
    "bedrock": from_bedrock,
}
SOURCE_OF: Final[dict[Target, Source]] = {
    "canonical": "canonical",
    "mcp": "mcp",
    "openai": "openai",
    "openai-responses": "openai-responses",
    "anthropic": "anthropic",
    "gemini": "gemini",
    "gemini-openapi": "gemini",
    "bedrock": "bedrock",
}
CARRIED: Final[dict[Target, frozenset[str]]] = {
    "canonical": frozenset({"title", "output_schema", "annotations"}),
    "mcp": frozenset({"title", "output_schema", "annotations"}),
    "gemini": frozenset({"output_schema"}),
    "gemini-openapi": frozenset({"output_schema"}),
}
"""The tool-level fields each target keeps; the others keep none of them."""
NO_STRICT: Final = tuple(t for t in TARGETS if t not in STRICT_TARGETS)


def test_the_target_and_source_names() -> None:
    assert TARGETS == (
        "canonical",
        "mcp",
        "openai",
        "openai-responses",
        "anthropic",
        "gemini",
        "gemini-openapi",
        "bedrock",
    )
    assert tuple(target for target in TARGETS if target != "gemini-openapi") == SOURCES


# -- convert ----------------------------------------------------------------------------


@pytest.mark.parametrize("target", WRITERS)
def test_the_output_is_what_to_target_gives(target: Target) -> None:
    write = WRITERS[target]
    conversion = convert(WEATHER, target)
    assert isinstance(conversion, Conversion)
    assert conversion.target == target
    assert conversion.output == write(WEATHER)
    listed = convert([WEATHER, Tool(name="ping")], target)
    assert listed.output == write([WEATHER, Tool(name="ping")])
    assert isinstance(listed.output, list)
    if target != "mcp":  # to_mcp writes plain dicts; every other writer shares the cache
        assert conversion.output is write(WEATHER)
        assert convert(WEATHER, target).output is conversion.output


def test_the_canonical_target_is_the_tools_own_dict() -> None:
    conversion = convert(WEATHER, "canonical")
    assert conversion.output == WEATHER.to_dict()
    assert conversion.report == ()
    assert Tool.from_dict(conversion.output) == WEATHER


def test_a_conversion_holds_report_names_strict_and_plans() -> None:
    tools = [
        WEATHER.replace(name="weather.get", title="Weather"),
        Tool(name="m", input_schema=OPEN_MAP),
        Tool(name="plain"),
    ]
    conversion = convert(tools, "openai", strict=True)
    assert conversion.names == NameMap.for_target(["weather.get", "m", "plain"], "openai")
    assert conversion.names.exposed("weather.get") == "weather_get"
    assert conversion.strict == frozenset({"weather.get", "plain"})
    assert set(conversion.plans) <= {"weather.get", "plain"}
    assert "weather.get" in conversion.plans  # 'days' is optional: strict made it nullable
    assert [(e.tool, e.path[:1], e.keyword) for e in conversion.report] == [
        ("weather.get", ("name",), "name"),
        ("weather.get", ("title",), "title"),
        ("weather.get", ("additionalProperties",), "additionalProperties"),
        ("weather.get", ("required",), "required"),
        ("m", ("properties",), "strict"),
        ("m", ("properties",), "properties"),
        ("plain", ("additionalProperties",), "additionalProperties"),
    ]
    assert all(isinstance(entry, LossEntry) for entry in conversion.report)
    assert [entry.to_dict()["path"] for entry in conversion.report[:2]] == ["/name", "/title"]


def test_nothing_to_report_is_an_empty_report() -> None:
    for target in TARGETS:
        conversion = convert(WEATHER, target)
        assert conversion.report == (), target
        assert conversion.plans == {}, target


@pytest.mark.parametrize("target", NO_STRICT)
def test_strict_mode_where_there_is_none_is_an_error(target: Target) -> None:
    with pytest.raises(ConversionError, match="no strict mode"):
        convert(WEATHER, target, strict=True)
    assert convert(WEATHER, target, strict=False).output == convert(WEATHER, target).output


@pytest.mark.parametrize("target", STRICT_TARGETS)
def test_every_strict_target_sends_strict_tools(target: Target) -> None:
    conversion = convert(WEATHER, target, strict=True)
    assert conversion.strict == frozenset({WEATHER.name})
    assert received_schema(conversion.output, target)["additionalProperties"] is False


@pytest.mark.parametrize("target", ["openai", "openai-responses"])
def test_on_unsupported_raise_says_where(target: Target) -> None:
    tools = [WEATHER, Tool(name="m", input_schema=OPEN_MAP)]
    with pytest.raises(ConversionError, match="'m'") as caught:
        convert(tools, target, strict=True, on_unsupported="raise")
    assert caught.value.path == ("properties", "tags", "additionalProperties")
    fallback = convert(tools, target, strict=True)
    assert fallback.strict == frozenset({"get_weather"})


@pytest.mark.parametrize(
    "value",
    [WEATHER.to_dict(), "get_weather", 3, None, [WEATHER, "x"], [WEATHER, WEATHER]],
    ids=["dict", "str", "int", "None", "a string in the list", "two tools, one name"],
)
def test_convert_refuses_what_is_not_tools(value: Any) -> None:
    with pytest.raises(ConversionError):
        convert(value, "openai")


def test_unknown_formats_are_errors() -> None:
    with pytest.raises(ConversionError, match="unknown target format 'openapi'"):
        convert(WEATHER, "openapi")  # type: ignore[arg-type]
    with pytest.raises(ConversionError, match="unknown source format 'gemini-openapi'"):
        read_tools({}, "gemini-openapi")  # type: ignore[arg-type]


MALFORMED: Final[dict[str, dict[str, Any]]] = {
    "a number as a type": {"properties": {"a": {"type": 5}}},
    "a number in a type list": {"properties": {"a": {"type": ["string", 3]}}},
    "required not a list": {
        "properties": {"a": {"type": "object", "required": 3, "properties": {"b": {}}}}
    },
    "properties not an object": {"properties": []},
    "a dangling $ref": {"properties": {"a": {"$ref": "#/$defs/nope"}}},
    "enum not a list": {"properties": {"a": {"enum": 5}}},
}


def malformed_cases() -> list[Any]:
    return [
        pytest.param(schema, target, id=f"{target}-{label}")
        for label, schema in MALFORMED.items()
        for target in TARGETS
    ]


@pytest.mark.parametrize(("schema", "target"), malformed_cases())
def test_a_malformed_schema_converts_or_is_a_conversion_error(
    schema: dict[str, Any], target: Target
) -> None:
    """Invalid JSON Schema is a valid `Tool`; no target may crash on it.

    A ``type`` naming no JSON type is a `SchemaError` in every target (see
    `test_an_unknown_type_is_refused_by_every_target`).
    """
    tool = Tool(name="t", input_schema=schema)
    before = json.dumps(schema)
    strict = True if target in STRICT_TARGETS else None
    with contextlib.suppress(ConversionError, SchemaError):
        convert(tool, target, strict=strict)
    assert json.dumps(schema) == before


# -- the way back for calls -----------------------------------------------------------------


def test_restore_arguments_without_a_plan_is_a_plain_copy() -> None:
    conversion = convert(WEATHER, "anthropic")
    arguments = {"city": "Oslo", "days": None}
    restored = conversion.restore_arguments("get_weather", arguments)
    assert restored == arguments
    assert restored is not arguments
    assert type(restored) is dict


def test_restore_arguments_under_a_strict_plan() -> None:
    conversion = convert(WEATHER, "openai-responses", strict=True)
    arguments = {"city": "Oslo", "days": None}
    assert conversion.restore_arguments("get_weather", arguments) == {"city": "Oslo"}
    assert arguments == {"city": "Oslo", "days": None}
    required_null = Tool(
        name="n",
        input_schema={
            "type": "object",
            "properties": {"note": {"type": ["string", "null"]}},
            "required": ["note"],
        },
    )
    kept = convert(required_null, "openai", strict=True)
    assert kept.restore_arguments("n", {"note": None}) == {"note": None}


def test_restore_call() -> None:
    conversion = convert([WEATHER.replace(name="w.get"), Tool(name="ping")], "openai", strict=True)
    call = ToolCall(id="1", name="ping", arguments={}, provider="openai")
    assert conversion.restore_call(call) is call  # nothing to change
    renamed = ToolCall(
        id="2", name="w_get", arguments={"city": "Oslo", "days": None}, provider="openai"
    )
    assert conversion.restore_call(renamed) == ToolCall(
        id="2", name="w.get", arguments={"city": "Oslo"}, provider="openai"
    )
    with pytest.raises(ToolNotFoundError):
        conversion.restore_call(ToolCall(id="3", name="w.get", arguments={}, provider="openai"))


# -- check ----------------------------------------------------------------------------------


def test_a_clean_tool_has_no_problems() -> None:
    for target in TARGETS:
        assert check(WEATHER, target) == (), target
        assert check([WEATHER], target) == (), target
    ready = WEATHER.replace(
        input_schema={**SCHEMA, "required": ["city", "days"], "additionalProperties": False}
    )
    for target in STRICT_TARGETS[:2]:
        assert check(ready, target, strict=True) == (), target
        assert [p.keyword for p in check(WEATHER, target, strict=True)] == [
            "additionalProperties",
            "required",
        ], target


def test_title_and_other_fields_without_a_slot_are_not_problems() -> None:
    rich = WEATHER.replace(
        title="Weather",
        output_schema={"type": "object"},
        annotations=ToolAnnotations(read_only=True),
    )
    for target in TARGETS:
        assert check(rich, target) == (), target


def test_a_dotted_name() -> None:
    tool = WEATHER.replace(name="github.create_issue")
    [problem] = check(tool, "openai")
    assert (problem.tool, problem.path, problem.rule, problem.keyword) == (
        "github.create_issue",
        ("name",),
        "name",
        "name",
    )
    assert "'.'" in problem.detail
    assert problem.to_dict() == {
        "tool": "github.create_issue",
        "path": "/name",
        "rule": "name",
        "keyword": "name",
        "detail": problem.detail,
    }
    assert str(problem) == f"github.create_issue: /name [name] {problem.detail}"
    renaming: tuple[Target, ...] = ("anthropic", "bedrock", "openai-responses")
    for target in renaming:
        assert [p.rule for p in check(tool, target)] == ["name"]
    keeping: tuple[Target, ...] = ("gemini", "gemini-openapi", "mcp", "canonical")
    for target in keeping:
        assert check(tool, target) == ()


def test_a_name_mcp_advises_against_is_reported_not_renamed() -> None:
    tool = Tool(name="get weather")
    assert [(p.rule, p.path) for p in check(tool, "mcp")] == [("name", ("name",))]
    assert convert(tool, "mcp").output["name"] == "get weather"


def test_a_long_description() -> None:
    tool = WEATHER.replace(description="d" * 2000)
    [problem] = check(tool, "openai")
    assert (problem.rule, problem.path) == ("description-length", ("description",))
    assert [p.rule for p in check(tool, "openai-responses")] == ["description-length"]
    assert check(tool, "anthropic") == ()


def test_strict_with_an_open_map() -> None:
    tool = Tool(name="m", input_schema=OPEN_MAP)
    problems = check(tool, "openai", strict=True)
    assert problems[0].rule == "strict"
    assert problems[0].path == ("properties", "tags", "additionalProperties")
    assert all(p.rule != "strict" for p in check(tool, "openai"))


def test_an_invalid_schema() -> None:
    tool = Tool(name="a", input_schema={"type": "object", "properties": {"a": {"type": 5}}})
    for target in ("openai", "anthropic", "gemini", "bedrock", "mcp"):
        problems = [p for p in check(tool, target) if p.rule == "json-schema"]
        assert [p.path for p in problems] == [("properties", "a", "type")], target
        assert "2020-12" in problems[0].detail


def test_a_reference_to_nothing_is_a_problem_where_json_schema_is_sent() -> None:
    # The provider cannot resolve it and refuses the request; nothing else says so.
    dangling = {"type": "object", "properties": {"a": {"$ref": "#/$defs/gone"}}}
    tool = Tool(name="a", input_schema=dangling)
    for target in ("openai", "openai-responses", "anthropic", "gemini", "bedrock", "mcp"):
        problems = [p for p in check(tool, target) if p.rule == "json-schema"]
        assert [(p.path, p.keyword) for p in problems] == [(("properties", "a", "$ref"), "$ref")], (
            target
        )
        assert "'#/$defs/gone' points at no schema" in problems[0].detail
    resolved = {
        "type": "object",
        "$defs": {"A": {"type": "string"}, "anything": True},
        "properties": {
            "a": {"$ref": "#/$defs/A"},
            "b": {"$ref": "#/$defs/anything"},
            "c": {"$ref": "#"},
        },
    }
    assert check(Tool(name="b", input_schema=resolved), "openai") == ()


def test_check_with_strict_where_there_is_none_is_an_error() -> None:
    with pytest.raises(ConversionError):
        check(WEATHER, "gemini", strict=True)


UNSATISFIABLE: Final[dict[str, tuple[dict[str, Any], str]]] = {
    "type-enum": ({"type": "boolean", "enum": ["True", "False", "dontcare"]}, "enum"),
    "type-const": ({"type": ["integer", "null"], "const": "3"}, "const"),
    "minimum": ({"type": "number", "minimum": 5, "maximum": 1.5}, "minimum"),
    "items": ({"type": "array", "minItems": 3, "maxItems": 2}, "minItems"),
    "length": ({"type": "string", "minLength": 9, "maxLength": 2}, "minLength"),
}


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("rule", UNSATISFIABLE)
def test_a_schema_no_value_satisfies_is_a_problem_in_every_target(
    rule: str, target: Target
) -> None:
    schema, keyword = UNSATISFIABLE[rule]
    tool = Tool(name="t", input_schema={"type": "object", "properties": {"p": schema}})
    found = [p for p in check(tool, target) if p.rule == "unsatisfiable"]
    assert [(p.path, p.keyword) for p in found] == [(("properties", "p", keyword), keyword)]
    assert found[0].detail.startswith("no value can satisfy the schema")


@pytest.mark.parametrize("target", TARGETS)
def test_a_required_property_that_is_false_is_a_problem(target: Target) -> None:
    schema = {"type": "object", "properties": {"p": False}, "required": ["p"]}
    output = {"type": "object", "properties": {"a": {"type": "string", "const": 1}}}
    tool = Tool(name="t", input_schema=schema, output_schema=output)
    found = [(p.path, p.keyword) for p in check(tool, target) if p.rule == "unsatisfiable"]
    assert found == [
        (("required",), "required"),
        (("output_schema", "properties", "a", "const"), "const"),
    ]


def test_a_satisfiable_schema_is_not_flagged() -> None:
    schema = {
        "type": "object",
        "properties": {
            "n": {"type": "integer", "enum": [1.0, "x"], "minimum": 1, "maximum": 1},
            "b": {"type": ["boolean", "string"], "const": "x"},
            "s": {"type": "string", "minLength": 2, "maxLength": 2},
            "a": {"type": "array", "minItems": 0, "maxItems": 0},
            "no": False,  # (not required)
            "enum": {"type": "object", "properties": {"type": {"type": "string"}}},
        },
        "required": ["n"],
    }
    tool = Tool(name="t", input_schema=schema)
    for target in TARGETS:
        assert not [p for p in check(tool, target) if p.rule == "unsatisfiable"], target


def test_values_that_look_like_contradicting_schemas_are_data_not_schemas() -> None:
    contradiction = {"type": "boolean", "enum": ["x"], "minimum": 5, "maximum": 1}
    schema = {
        "type": "object",
        "properties": {
            "d": {"type": "object", "default": contradiction, "examples": [contradiction]},
            "c": {"const": contradiction, "enum": [contradiction]},
        },
        "x-vendor": contradiction,  # an unknown keyword holds no subschema either
    }
    found = [
        p for p in check(Tool(name="t", input_schema=schema), "mcp") if p.rule == "unsatisfiable"
    ]
    assert found == []


def test_contradictions_are_listed_in_schema_order() -> None:
    schema = {
        "type": "object",
        "properties": {
            "a": {"type": "string", "minLength": 3, "maxLength": 1},
            "b": {"type": "array", "items": {"type": "integer", "const": "1"}},
        },
    }
    found = [
        p.path
        for p in check(Tool(name="t", input_schema=schema), "mcp")
        if p.rule == "unsatisfiable"
    ]
    assert found == [
        ("properties", "a", "minLength"),
        ("properties", "b", "items", "const"),
    ]


def test_no_corpus_tool_is_unsatisfiable(corpus: list[list[Tool]]) -> None:
    for tools in corpus:
        assert not [p for p in check(tools, "mcp") if p.rule == "unsatisfiable"]


def test_problem_is_a_frozen_value() -> None:
    problem = Problem(tool="t", path=(), rule="name", keyword="name", detail="d")
    assert str(problem) == "t: / [name] d"
    with pytest.raises(AttributeError):
        problem.rule = "other"  # type: ignore[misc]


# -- read_tools and received_schema ------------------------------------------------------------


@pytest.mark.parametrize("source", READERS)
def test_read_tools_dispatches_to_from_source(source: Source) -> None:
    target: Target = source
    wire = convert([WEATHER], target).output
    assert read_tools(wire, source) == READERS[source](wire)
    assert one(read_tools(wire[0], source)).name == "get_weather"


def test_read_tools_reads_canonical_dicts_and_tools() -> None:
    data = WEATHER.to_dict()
    assert read_tools(data, "canonical") == WEATHER
    assert read_tools([data, WEATHER], "canonical") == [WEATHER, WEATHER]
    assert read_tools({"tools": [data]}, "canonical") == [WEATHER]
    with pytest.raises(ConversionError) as caught:
        read_tools([data, {"name": ""}], "canonical")
    assert caught.value.path[:1] == (1,)
    with pytest.raises(ConversionError):
        read_tools("get_weather", "canonical")


@pytest.mark.parametrize("target", TARGETS)
def test_received_schema_is_the_schema_inside_the_wire(target: Target) -> None:
    wire = convert(WEATHER, target).output
    received = received_schema(wire, target)
    if target == "gemini-openapi":
        assert received == {
            "type": "OBJECT",
            "properties": {"city": {"type": "STRING"}, "days": {"type": "INTEGER"}},
            "required": ["city"],
        }
        assert received_schema(convert(Tool(name="p"), target).output, target) is None
    else:
        assert received == SCHEMA


# -- every corpus tool, every target: back again, as reported -----------------------------------


@pytest.fixture(scope="module")
def corpus(data_dir: Path) -> list[list[Tool]]:
    """The corpus, one list of tools per server file (names repeat across servers)."""
    files = sorted((data_dir / "corpus" / "mcp").glob("*.json"))
    assert files, "the MCP corpus is empty"
    return [many(from_mcp(json.loads(path.read_text()))) for path in files]


TOOL_FIELDS: Final = ("title", "output_schema", "annotations")


def expected_back(tool: Tool, again: Tool, entries: list[LossEntry], target: Target) -> Tool:
    """The tool as it should come back: what the report lists changed, nothing else."""
    expected = tool.replace(name=again.name, meta=again.meta)
    by_path = {entry.path[:1] for entry in entries}
    renamed = [e for e in entries if e.action is LossAction.RENAMED]
    assert bool(renamed) == (again.name != tool.name)
    for field in TOOL_FIELDS:
        stated = getattr(tool, field) not in (None, ToolAnnotations())
        dropped = [e for e in entries if e.path == (field,) and e.action is LossAction.DROPPED]
        assert bool(dropped) == (stated and field not in CARRIED.get(target, ())), field
        if dropped:
            expected = expected.replace(**{field: getattr(Tool(name="x"), field)})
    if ("description",) in by_path:
        [cut] = [e for e in entries if e.path == ("description",)]
        assert cut.action is LossAction.TRUNCATED
        assert len(again.description) <= 1024 < len(tool.description)
        assert again.description[:-1] in tool.description
        expected = expected.replace(description=again.description)
    schema_entries = [e for e in entries if e.path[:1] not in {("name",), ("description",)}]
    schema_entries = [e for e in schema_entries if not (e.path[:1] and e.path[0] in TOOL_FIELDS)]
    if schema_entries or target == "gemini-openapi":  # (respelled: see test_format_gemini)
        expected = expected.replace(input_schema=again.input_schema)
    output_entries = [e for e in entries if e.path[:1] == ("output_schema",) != e.path]
    if target == "gemini-openapi" or output_entries:
        expected = expected.replace(output_schema=again.output_schema)
    return expected


@pytest.mark.parametrize("target", TARGETS)
def test_every_corpus_tool_comes_back_as_reported(corpus: list[list[Tool]], target: Target) -> None:
    count = changed = 0
    for tools in corpus:
        conversion = convert(tools, target)
        back = many(read_tools(conversion.output, SOURCE_OF[target]))
        assert len(back) == len(tools)
        for tool, again in zip(tools, back, strict=True):
            assert conversion.names.original(again.name) == tool.name
            if target in ("canonical", "mcp"):
                assert again == tool
                continue
            assert again.meta["source"] == SOURCE_OF[target]
            entries = [entry for entry in conversion.report if entry.tool == tool.name]
            assert again == expected_back(tool, again, entries, target), tool.name
            changed += again.input_schema != tool.input_schema
        count += len(tools)
    assert count > 1000
    if target in ("openai", "openai-responses", "gemini-openapi"):
        assert changed > 100  # the rewrites happen, and are reported


def test_a_tool_of_another_format_is_refused_rather_than_read_without_its_schema() -> None:
    schema = {"type": "object", "properties": {"x": {"type": "string"}}}
    shapes = {
        "inputSchema": {"name": "a", "inputSchema": schema},
        "input_schema": {"name": "a", "input_schema": schema},
        "parametersJsonSchema": {"name": "a", "parametersJsonSchema": schema},
        "toolSpec": {"name": "a", "toolSpec": {"name": "a"}},
    }
    for read in (from_openai, from_openai_responses, from_gemini):
        for key, tool_object in shapes.items():
            if key == "parametersJsonSchema" and read is from_gemini:
                continue  # Gemini's own slot
            with pytest.raises(ConversionError, match=f"has {key}, as ") as caught:
                read([tool_object])
            assert caught.value.path == (0, key), (read, key)
    # Without a schema anywhere, "no arguments" is what OpenAI and Gemini mean.
    for read in (from_openai, from_gemini):
        (read_back,) = read([{"name": "a"}])
        assert read_back.input_schema == {"type": "object", "properties": {}}


def _types(node: Any) -> set[str] | None:
    """The JSON types a schema node declares, lower-case, nullable counted; None if none."""
    if not isinstance(node, Mapping) or node.get("type") is None:
        return None
    declared = node["type"] if isinstance(node["type"], list) else [node["type"]]
    found = {str(name).lower() for name in declared}
    return found | {"null"} if node.get("nullable") is True else found


@pytest.mark.parametrize(
    ("target", "strict"),
    [(target, None) for target in TARGETS] + [(target, True) for target in STRICT_TARGETS],
)
def test_every_change_of_a_propertys_type_is_reported(
    target: Target, strict: bool | None, corpus: list[list[Tool]]
) -> None:
    """Over the corpus and a few contradictory schemas: a property whose declared type
    differs after conversion (strict mode's added null aside) has a report entry."""
    odd = Tool(
        name="odd",
        input_schema={
            "type": "object",
            "properties": {
                "flag": {"type": "boolean", "enum": ["True", "False", "dontcare"]},
                "code": {"type": "integer", "const": "x"},
                "mixed": {"type": "number", "enum": [1, "a"]},
                "either": {"type": ["integer", "string"]},
            },
        },
    )
    unreported = []
    for tools in [*corpus, [odd]]:
        conversion = convert(tools, target, strict=strict)
        for item, wire in zip(tools, conversion.output, strict=True):
            written = (received_schema(wire, target) or {}).get("properties") or {}
            for name, source in (item.input_schema.get("properties") or {}).items():
                before, after = _types(source), _types(written.get(name))
                if before is None or after is None:
                    continue
                if strict and "null" not in before:
                    after -= {"null"}  # optional made nullable: reported once, on required
                reported = any(
                    entry.tool == item.name and entry.path[:2] == ("properties", name)
                    for entry in conversion.report
                )
                if before != after and not reported:
                    unreported.append(f"{item.name}.{name}: {sorted(before)} -> {sorted(after)}")
    assert unreported == []
