"""The Gemini format: `to_gemini` (JSON Schema), `to_gemini_openapi` (the OpenAPI subset)
and `from_gemini` (either), judged by python-genai's `FunctionDeclaration` model."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from google.genai import types as gt

from toolbridge import ConversionError, SchemaTooDeepError, Tool, ToolAnnotations, thaw
from toolbridge.calls import ToolCall
from toolbridge.formats import (
    Target,
    check,
    convert,
    from_gemini,
    from_mcp,
    read_tools,
    to_anthropic,
    to_bedrock,
    to_gemini,
    to_gemini_openapi,
    to_mcp,
    to_openai,
)
from toolbridge.schema import GEMINI_KEYWORDS, LossAction

from .shapes import many, one, snapshot

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "city": {"type": "string", "description": "City name."},
        "days": {"type": ["integer", "null"], "minimum": 1},
    },
    "required": ["city"],
}
OUTPUT: dict[str, Any] = {
    "type": "object",
    "properties": {"temp": {"type": "number"}},
    "required": ["temp"],
}
GEMINI_SCHEMA: dict[str, Any] = {
    "type": "OBJECT",
    "properties": {
        "city": {"type": "STRING", "description": "City name."},
        "days": {"type": "INTEGER", "nullable": True, "minimum": 1},
    },
    "required": ["city"],
}
WEATHER = Tool(name="get_weather", description="Weather for a city.", input_schema=SCHEMA)
DECLARATION: dict[str, Any] = {
    "name": "get_weather",
    "description": "Weather for a city.",
    "parametersJsonSchema": SCHEMA,
}
OPENAPI_DECLARATION: dict[str, Any] = {
    "name": "get_weather",
    "description": "Weather for a city.",
    "parameters": GEMINI_SCHEMA,
}


# -- writing ------------------------------------------------------------------------------


def test_json_schema_wire_shape() -> None:
    assert to_gemini(WEATHER) == DECLARATION
    assert to_gemini([WEATHER]) == [DECLARATION]
    assert to_gemini([]) == []
    assert to_gemini(WEATHER.replace(output_schema=OUTPUT)) == {
        **DECLARATION,
        "responseJsonSchema": OUTPUT,
    }


def test_openapi_wire_shape() -> None:
    assert to_gemini_openapi(WEATHER) == OPENAPI_DECLARATION
    assert to_gemini_openapi(iter([WEATHER])) == [OPENAPI_DECLARATION]
    assert to_gemini_openapi(WEATHER.replace(output_schema=OUTPUT)) == {
        **OPENAPI_DECLARATION,
        "response": {
            "type": "OBJECT",
            "properties": {"temp": {"type": "NUMBER"}},
            "required": ["temp"],
        },
    }
    assert convert(WEATHER.replace(output_schema=OUTPUT), "gemini-openapi").report == ()


def test_a_tool_without_properties_is_declared_without_parameters() -> None:
    conversion = convert(Tool(name="ping"), "gemini-openapi")
    assert conversion.output == {"name": "ping", "description": ""}
    [entry] = conversion.report
    assert (entry.path, entry.action) == (("properties",), LossAction.DROPPED)
    assert to_gemini(Tool(name="ping")) == {
        "name": "ping",
        "description": "",
        "parametersJsonSchema": {"type": "object", "properties": {}},
    }


def test_the_sdk_model_accepts_the_output() -> None:
    rich = WEATHER.replace(output_schema=OUTPUT)
    declaration = gt.FunctionDeclaration.model_validate(to_gemini(rich))
    assert declaration.parameters_json_schema == SCHEMA
    openapi = gt.FunctionDeclaration.model_validate(to_gemini_openapi(rich))
    assert openapi.parameters is not None
    assert openapi.parameters.type == gt.Type.OBJECT
    assert openapi.response is not None


@pytest.mark.parametrize("write", [to_gemini, to_gemini_openapi])
def test_the_output_is_frozen_and_cached(write: Any) -> None:
    wire = write(WEATHER)
    with pytest.raises(TypeError):
        wire["name"] = "x"
    schema = wire.get("parametersJsonSchema") or wire["parameters"]
    with pytest.raises(TypeError):
        schema["properties"]["city"]["description"] = "edited"
    with pytest.raises(TypeError):
        schema["required"].clear()
    assert write(WEATHER) is wire
    assert write([WEATHER])[0] is wire
    assert thaw(wire) == wire


@pytest.mark.parametrize("write", [to_gemini, to_gemini_openapi])
def test_strict_mode_is_an_error(write: Any) -> None:
    with pytest.raises(ConversionError, match="no strict mode"):
        write(WEATHER, strict=True)
    with pytest.raises(ConversionError, match="no strict mode"):
        write([WEATHER], strict=True)
    assert write(WEATHER, strict=False) == write(WEATHER)


@pytest.mark.parametrize("target", ["gemini", "gemini-openapi"])
def test_title_and_annotations_are_dropped_and_reported(target: Target) -> None:
    rich = WEATHER.replace(
        title="Weather", output_schema=OUTPUT, annotations=ToolAnnotations(idempotent=True)
    )
    assert [(e.path, e.action) for e in convert(rich, target).report] == [
        (("title",), LossAction.DROPPED),
        (("annotations",), LossAction.DROPPED),
    ]


# -- names ------------------------------------------------------------------------------------


@pytest.mark.parametrize("target", ["gemini", "gemini-openapi"])
def test_dots_and_colons_are_kept(target: Target) -> None:
    for name in ("github.create_issue", "ns:tool-1"):
        conversion = convert(Tool(name=name, input_schema=SCHEMA), target)
        assert conversion.output["name"] == name
        assert conversion.report == ()


def test_names_gemini_refuses_are_renamed_and_map_back() -> None:
    conversion = convert([Tool(name="1st tool"), Tool(name="x" * 100)], "gemini")
    first, second = (wire["name"] for wire in conversion.output)
    assert first == "_1st_tool"
    assert len(second) == 64
    assert second.startswith("x" * 55)
    assert conversion.names.original(first) == "1st tool"
    assert conversion.names.original(second) == "x" * 100
    assert [e.action for e in conversion.report] == [LossAction.RENAMED] * 2


def test_restore_call_maps_string_enums_back_to_numbers() -> None:
    tool = Tool(
        name="set.level",
        input_schema={
            "type": "object",
            "properties": {"level": {"enum": [1, 2, 3]}, "on": {"type": "boolean"}},
        },
    )
    conversion = convert(tool, "gemini-openapi")
    assert conversion.output["parameters"]["properties"]["level"] == {
        "type": "STRING",
        "enum": ["1", "2", "3"],
    }
    [entry] = conversion.report
    assert (entry.path, entry.action) == (("properties", "level", "enum"), LossAction.REWRITTEN)
    call = ToolCall(
        id=None, name="set.level", arguments={"level": "2", "on": True}, provider="gemini"
    )
    assert conversion.restore_call(call) == ToolCall(
        id=None, name="set.level", arguments={"level": 2, "on": True}, provider="gemini"
    )
    # The JSON Schema shape needs no way back.
    json_shape = convert(tool, "gemini")
    assert json_shape.plans == {}
    assert json_shape.restore_call(call) is call


# -- reading ------------------------------------------------------------------------------------


def test_reading_a_declaration_in_both_spellings() -> None:
    expected = WEATHER.replace(meta={"source": "gemini"})
    assert from_gemini(DECLARATION) == expected
    snake = {
        "name": "get_weather",
        "description": "Weather for a city.",
        "parameters_json_schema": SCHEMA,
    }
    assert from_gemini(snake) == expected
    with_output = {**snake, "response_json_schema": OUTPUT}
    assert one(from_gemini(with_output)).output_schema == OUTPUT


def test_lists_tools_and_requests_give_lists() -> None:
    other = {"name": "ping"}
    tools = [one(from_gemini(DECLARATION)), one(from_gemini(other))]
    assert from_gemini([DECLARATION, other]) == tools
    assert from_gemini({"functionDeclarations": [DECLARATION, other]}) == tools
    assert from_gemini({"function_declarations": [DECLARATION, other]}) == tools
    assert from_gemini([{"functionDeclarations": [DECLARATION]}, other]) == tools
    request = {
        "contents": [],
        "tools": [{"functionDeclarations": [DECLARATION]}, {"functionDeclarations": [other]}],
    }
    assert from_gemini(request) == tools
    assert from_gemini({"tools": []}) == []
    assert from_gemini({"functionDeclarations": []}) == []


def test_a_declaration_with_no_schema_takes_no_arguments() -> None:
    tool = one(from_gemini({"name": "ping"}))
    assert tool.description == ""
    assert tool.input_schema == {"type": "object", "properties": {}}


def test_the_openapi_shape_is_read_back_as_json_schema() -> None:
    declaration = {
        "name": "a",
        "parameters": {
            "type": "OBJECT",
            "properties": {
                "n": {"type": "INTEGER", "nullable": True, "format": "int32", "example": 3},
                "unit": {"type": "STRING", "enum": ["c", "f"], "nullable": True},
                "tags": {"type": "ARRAY", "items": {"type": "STRING"}, "maxItems": 2},
                "either": {"anyOf": [{"type": "STRING"}, {"type": "NUMBER"}]},
            },
            "required": ["n"],
        },
        "response": {"type": "OBJECT", "properties": {"ok": {"type": "BOOLEAN"}}},
    }
    tool = one(from_gemini(declaration))
    assert tool.input_schema == {
        "type": "object",
        "properties": {
            "n": {"type": ["integer", "null"], "format": "int32", "examples": [3]},
            "unit": {"type": ["string", "null"], "enum": ["c", "f", None]},
            "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 2},
            "either": {"anyOf": [{"type": "string"}, {"type": "number"}]},
        },
        "required": ["n"],
    }
    assert tool.output_schema == {"type": "object", "properties": {"ok": {"type": "boolean"}}}


def test_an_optional_enum_survives_the_openapi_round_trip() -> None:
    schema = {
        "type": "object",
        "properties": {
            "unit": {"anyOf": [{"enum": ["c", "f"], "type": "string"}, {"type": "null"}]}
        },
    }
    conversion = convert(Tool(name="t", input_schema=schema), "gemini-openapi")
    assert conversion.output["parameters"]["properties"]["unit"] == {
        "type": "STRING",
        "enum": ["c", "f"],
        "nullable": True,
    }
    back = one(from_gemini(conversion.output))
    assert back.input_schema["properties"]["unit"] == {
        "type": ["string", "null"],
        "enum": ["c", "f", None],
    }


def test_sdk_objects() -> None:
    declaration = gt.FunctionDeclaration(
        name="get_weather",
        description="Weather for a city.",
        parameters=gt.Schema(
            type=gt.Type.OBJECT,
            properties={
                "city": gt.Schema(type=gt.Type.STRING, description="City name."),
                "days": gt.Schema(type=gt.Type.INTEGER, nullable=True, minimum=1),
            },
            required=["city"],
        ),
    )
    expected = WEATHER.replace(meta={"source": "gemini"})
    assert from_gemini(declaration) == expected
    assert from_gemini([declaration]) == [expected]
    assert from_gemini(gt.Tool(function_declarations=[declaration])) == [expected]
    config = gt.GenerateContentConfig(tools=[gt.Tool(function_declarations=[declaration])])
    assert from_gemini(config) == [expected]
    json_shape = gt.FunctionDeclaration(
        name="get_weather",
        description="Weather for a city.",
        parameters_json_schema=SCHEMA,
        behavior=gt.Behavior.NON_BLOCKING,
    )
    tool = one(from_gemini(json_shape))
    assert tool.meta == {"source": "gemini", "gemini": {"extra": {"behavior": "NON_BLOCKING"}}}
    assert to_gemini(tool) == {**DECLARATION, "behavior": "NON_BLOCKING"}


def test_the_sdk_snake_case_dump_is_read() -> None:
    declaration = gt.FunctionDeclaration(
        name="a",
        parameters=gt.Schema(
            type=gt.Type.OBJECT,
            properties={
                "tags": gt.Schema(
                    type=gt.Type.ARRAY, items=gt.Schema(type=gt.Type.STRING), max_items=3
                ),
                "either": gt.Schema(
                    any_of=[gt.Schema(type=gt.Type.STRING), gt.Schema(type=gt.Type.NUMBER)]
                ),
            },
            property_ordering=["tags", "either"],
        ),
    )
    snake = declaration.model_dump(mode="json", exclude_none=True)
    assert "max_items" in snake["parameters"]["properties"]["tags"]
    camel = declaration.model_dump(mode="json", by_alias=True, exclude_none=True)
    assert from_gemini(snake) == from_gemini(camel) == from_gemini(declaration)
    assert one(from_gemini(snake)).input_schema == {
        "type": "object",
        "properties": {
            "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 3},
            "either": {"anyOf": [{"type": "string"}, {"type": "number"}]},
        },
        "propertyOrdering": ["tags", "either"],
    }


# -- passthrough --------------------------------------------------------------------------------

PASSTHROUGH: dict[str, tuple[Any, dict[str, Any]]] = {
    "behavior": (to_gemini, {**DECLARATION, "behavior": "NON_BLOCKING"}),
    "an unknown key": (to_gemini, {**DECLARATION, "x-future": {"a": [1]}}),
    "with an output schema": (to_gemini, {**DECLARATION, "responseJsonSchema": OUTPUT}),
    "openapi with behavior": (to_gemini_openapi, {**OPENAPI_DECLARATION, "behavior": "BLOCKING"}),
}


@pytest.mark.parametrize(("write", "wire"), PASSTHROUGH.values(), ids=PASSTHROUGH.keys())
def test_declarations_come_back_identical(write: Any, wire: dict[str, Any]) -> None:
    tool = one(from_gemini(wire))
    assert write(tool) == wire
    canonical = convert(tool, "canonical").output
    assert write(one(read_tools(canonical, "canonical"))) == wire


def test_unknown_keys_are_kept_in_meta_and_not_sent_elsewhere() -> None:
    tool = one(from_gemini({**DECLARATION, "behavior": "NON_BLOCKING"}))
    assert tool.meta["gemini"] == {"extra": {"behavior": "NON_BLOCKING"}}
    for other in (to_openai(tool), to_anthropic(tool), to_bedrock(tool), to_mcp(tool)):
        assert "NON_BLOCKING" not in json.dumps(thaw(other))


# -- hostile input --------------------------------------------------------------------------------


def deep_schema(levels: int, kind: str = "object") -> dict[str, Any]:
    schema: dict[str, Any] = {"type": kind}
    for _ in range(levels):
        schema = {"type": kind, "properties": {"x": schema}}
    return schema


BAD: list[tuple[Any, tuple[str | int, ...], str]] = [
    ("get_weather", (), "JSON object or array"),
    (7, (), "JSON object or array"),
    (None, (), "JSON object or array"),
    ({"description": "no name"}, (), "functionDeclarations"),
    ({"googleSearch": {}}, (), "holds no function"),
    ({"tools": [{"codeExecution": {}}]}, ("tools", 0), "holds no function"),
    ({"tools": "x"}, ("tools",), "JSON array"),
    ({"functionDeclarations": {"name": "a"}}, ("functionDeclarations",), "JSON array"),
    ({"functionDeclarations": [DECLARATION, 3]}, ("functionDeclarations", 1), "JSON object"),
    ([DECLARATION, "x"], (1,), "JSON object"),
    ({"name": ""}, ("name",), "non-empty string name"),
    ({"name": "  "}, ("name",), "non-empty string name"),
    ({"name": 3}, ("name",), "non-empty string name"),
    ({"name": "a", "description": 5}, ("description",), "'a': description"),
    ({"name": "a", "parametersJsonSchema": "{}"}, ("parametersJsonSchema",), "JSON object"),
    ({"name": "a", "parameters_json_schema": []}, ("parameters_json_schema",), "JSON object"),
    ({"name": "a", "parameters": "{}"}, ("parameters",), "JSON object"),
    (
        {"name": "a", "parametersJsonSchema": {"type": "string"}},
        ("parametersJsonSchema", "type"),
        "object",
    ),
    (
        {"name": "a", "parameters_json_schema": {"type": "array"}},
        ("parameters_json_schema", "type"),
        "object",
    ),
    ({"name": "a", "parameters": {"type": "STRING"}}, ("parameters", "type"), "object"),
    ({"name": "a", "response": {"type": "ARRAY"}}, ("response", "type"), "object"),
    ({"name": "a", "responseJsonSchema": 1}, ("responseJsonSchema",), "JSON object"),
    (
        {"name": "a", "parameters": GEMINI_SCHEMA, "parametersJsonSchema": SCHEMA},
        ("parameters",),
        "mutually exclusive",
    ),
    (
        {"name": "a", "parameters": {"properties": {"p": {2: 1}}}},
        ("parameters", "properties", "p"),
        "not a string",
    ),
    ({"name": "a", "behavior": float("nan")}, ("behavior",), "JSON number"),
    (
        {"tools": [{"functionDeclarations": [{"name": "a", "parameters": {"type": "NULL"}}]}]},
        ("tools", 0, "functionDeclarations", 0, "parameters", "type"),
        "'a'",
    ),
]


@pytest.mark.parametrize(("value", "path", "message"), BAD, ids=repr)
def test_bad_input_is_a_conversion_error_with_a_path(
    value: Any, path: tuple[str | int, ...], message: str
) -> None:
    before = repr(value)
    with pytest.raises(ConversionError, match=message) as caught:
        from_gemini(value)
    assert caught.value.path == path
    assert repr(value) == before


@pytest.mark.parametrize(
    ("key", "kind"), [("parametersJsonSchema", "object"), ("parameters", "OBJECT")]
)
def test_a_very_deep_schema_is_a_typed_error(key: str, kind: str) -> None:
    wire = {"tools": [{"functionDeclarations": [{"name": "deep", key: deep_schema(300, kind)}]}]}
    before = snapshot(wire)
    with pytest.raises(ConversionError, match=r"'deep'.*deeper than 256") as caught:
        from_gemini(wire)
    assert isinstance(caught.value.__cause__, SchemaTooDeepError)
    assert caught.value.path[:6] == ("tools", 0, "functionDeclarations", 0, key, "properties")
    assert caught.value.path.count(key) == 1
    assert snapshot(wire) == before


@pytest.mark.parametrize("write", [to_gemini, to_gemini_openapi])
@pytest.mark.parametrize(
    "value",
    [DECLARATION, "get_weather", 3, None, [WEATHER, DECLARATION], [WEATHER, WEATHER]],
    ids=["dict", "str", "int", "None", "a dict in the list", "two tools, one name"],
)
def test_writing_refuses_what_is_not_tools(write: Any, value: Any) -> None:
    with pytest.raises(ConversionError):
        write(value)


# -- the corpus -----------------------------------------------------------------------------------


def openapi_spelling(node: Any) -> Any:
    """A JSON Schema in the spelling the OpenAPI shape reads back: the same meaning.

    ``anyOf: [S, {"type": "null"}]`` becomes S with ``"null"`` in its type list (and
    in its enum), and an empty ``required`` goes.
    """
    if isinstance(node, list):
        return [openapi_spelling(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {
        key: openapi_spelling(value)
        for key, value in node.items()
        if not (key == "required" and value == [])
    }
    branches = out.get("anyOf")
    if isinstance(branches, list) and {"type": "null"} in branches:
        rest = [branch for branch in branches if branch != {"type": "null"}]
        if len(rest) == 1 and isinstance(rest[0].get("type"), str):
            inner = dict(rest[0])
            inner["type"] = [inner["type"], "null"]
            if "enum" in inner:
                inner["enum"] = [*inner["enum"], None]
            del out["anyOf"]
            out = {**inner, **out}
    return out


def test_every_corpus_tool_goes_to_gemini_and_back(data_dir: Path) -> None:
    files = sorted((data_dir / "corpus" / "mcp").glob("*.json"))
    assert files, "the MCP corpus is empty"
    count = respelled = 0
    for path in files:
        tools = many(from_mcp(json.loads(path.read_text())))
        conversion = convert(tools, "gemini")
        assert to_gemini(tools) == conversion.output
        back = many(from_gemini(conversion.output))
        for tool, again in zip(tools, back, strict=True):
            assert again.name == tool.name  # every corpus name is a Gemini name
            entries = [e for e in conversion.report if e.tool == tool.name]
            if not any(e.path[:1] != ("output_schema",) for e in entries):
                assert again.input_schema == tool.input_schema
            if not any(e.path[:1] == ("output_schema",) for e in entries):
                assert again.output_schema == tool.output_schema
            assert again.description == tool.description
        # Written again, the same: nothing left outside Gemini's keywords.
        assert to_gemini(back) == conversion.output

        lowered = convert(tools, "gemini-openapi")
        assert to_gemini_openapi(tools) == lowered.output
        back = many(from_gemini(lowered.output))
        for tool, wire, again in zip(tools, lowered.output, back, strict=True):
            assert again.name == tool.name
            entries = [e for e in lowered.report if e.tool == tool.name]
            schema_entries = [
                e for e in entries if e.path[:1] not in (("title",), ("annotations",))
            ]
            if not schema_entries and "parameters" in wire:
                assert again.input_schema == openapi_spelling(thaw(tool.input_schema))
                respelled += again.input_schema != tool.input_schema
            if tool.output_schema is not None and not any(
                e.path[:1] == ("output_schema",) for e in entries
            ):
                assert again.output_schema == openapi_spelling(thaw(tool.output_schema))
        # The lowered declarations are a fixed point: written again, the same.
        assert to_gemini_openapi(back) == lowered.output
        count += len(tools)
    assert count > 1000
    assert respelled > 10


# -- the keywords Gemini takes in parametersJsonSchema -------------------------------------

_NAMED = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_DATA = ("enum", "const", "default", "examples")


def keywords(node: Any, path: tuple[str | int, ...] = ()) -> Any:
    """Every ``(path, keyword)`` of every schema object inside a JSON Schema."""
    if isinstance(node, list):
        for index, item in enumerate(node):
            yield from keywords(item, (*path, index))
    if not isinstance(node, dict):
        return
    for key, value in node.items():
        yield (*path, key), key
        if key in _NAMED and isinstance(value, dict):
            for name, child in value.items():
                yield from keywords(child, (*path, key, name))
        elif key not in _DATA and key not in ("required", "propertyOrdering"):
            yield from keywords(value, (*path, key))


def test_the_corpus_keeps_to_the_keywords_gemini_takes(data_dir: Path) -> None:
    files = sorted((data_dir / "corpus" / "mcp").glob("*.json"))
    roots = outside = 0
    for path in files:
        tools = many(from_mcp(json.loads(path.read_text())))
        conversion = convert(tools, "gemini")
        reported = {(e.tool, e.path) for e in conversion.report}
        for tool, wire in zip(tools, conversion.output, strict=True):
            for key, prefix, schema in (
                ("parametersJsonSchema", (), tool.input_schema),
                ("responseJsonSchema", ("output_schema",), tool.output_schema),
            ):
                if schema is None:
                    continue
                assert "$schema" not in wire[key]
                written = {keyword for _, keyword in keywords(thaw(wire[key]))}
                assert written <= GEMINI_KEYWORDS, written - GEMINI_KEYWORDS
                for where, keyword in keywords(thaw(schema)):
                    if keyword not in GEMINI_KEYWORDS:
                        assert (tool.name, (*prefix, *where)) in reported, (tool.name, where)
                        outside += 1
                roots += "$schema" in schema
    assert roots > 100
    assert outside > roots


ROOTED = Tool(
    name="t",
    input_schema={
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {
            "mode": {"const": "fast", "description": "How."},
            "name": {"type": "string", "minLength": 2, "pattern": "^[a-z]+$"},
            "default": {"type": "integer", "default": 3},
            "$ref": {"$ref": "#/definitions/Point"},
        },
        "definitions": {"Point": {"type": "object", "x-order": 1}},
    },
)


def test_to_gemini_writes_only_gemini_keywords() -> None:
    before = snapshot(thaw(ROOTED.input_schema))
    conversion = convert(ROOTED, "gemini")
    assert conversion.output["parametersJsonSchema"] == {
        "type": "object",
        "properties": {
            "mode": {"enum": ["fast"], "description": "How."},
            "name": {"type": "string", "description": "(at least 2 characters)"},
            "default": {"type": "integer", "description": "(default: 3)"},
            "$ref": {"$ref": "#/$defs/Point"},
        },
        "$defs": {"Point": {"type": "object"}},
    }
    assert [(e.path, e.action) for e in conversion.report] == [
        (("$schema",), LossAction.DROPPED),
        (("properties", "mode", "const"), LossAction.REWRITTEN),
        (("properties", "name", "minLength"), LossAction.MOVED_TO_DESCRIPTION),
        (("properties", "name", "pattern"), LossAction.DROPPED),
        (("properties", "default", "default"), LossAction.MOVED_TO_DESCRIPTION),
        (("properties", "$ref", "$ref"), LossAction.REWRITTEN),
        (("definitions",), LossAction.REWRITTEN),
        (("definitions", "Point", "x-order"), LossAction.DROPPED),
    ]
    assert snapshot(thaw(ROOTED.input_schema)) == before  # the input is never modified
    gt.FunctionDeclaration.model_validate(thaw(conversion.output))


def test_check_flags_a_root_schema_for_gemini() -> None:
    problems = check(ROOTED, "gemini")
    assert ("$schema",) in [p.path for p in problems]
    assert {p.rule for p in problems} == {"keyword"}
    assert all(p.keyword != "$schema" for p in check(ROOTED, "anthropic"))
