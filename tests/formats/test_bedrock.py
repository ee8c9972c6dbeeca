"""The Bedrock format: `to_bedrock` / `from_bedrock` (Converse ``toolConfig.tools``),
judged by botocore's model of the Converse request."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import botocore.session  # type: ignore[import-untyped, unused-ignore]
import pytest
from botocore.validate import ParamValidator  # type: ignore[import-untyped, unused-ignore]

from toolbridge import ConversionError, SchemaTooDeepError, Tool, ToolAnnotations, thaw
from toolbridge.calls import ToolCall
from toolbridge.formats import (
    convert,
    from_bedrock,
    from_mcp,
    read_tools,
    to_anthropic,
    to_bedrock,
    to_gemini,
    to_mcp,
    to_openai,
)
from toolbridge.schema import LossAction

from .shapes import many, one, snapshot

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"city": {"type": "string"}, "days": {"type": "integer", "minimum": 1}},
    "required": ["city"],
}
WEATHER = Tool(name="get_weather", description="Weather for a city.", input_schema=SCHEMA)
SPEC: dict[str, Any] = {
    "toolSpec": {
        "name": "get_weather",
        "description": "Weather for a city.",
        "inputSchema": {"json": SCHEMA},
    }
}
CACHE_POINT: dict[str, Any] = {"cachePoint": {"type": "default"}}


class Converse:
    """botocore's own model of a Converse request: the shapes, lengths and name pattern."""

    def __init__(self) -> None:
        model = botocore.session.get_session().get_service_model("bedrock-runtime")
        self.shape = model.operation_model("Converse").input_shape
        tools = self.shape.members["toolConfig"].members["tools"].member
        pattern = tools.members["toolSpec"].members["name"].metadata["pattern"]
        self.name = re.compile(pattern)

    def errors(self, tools: list[Any]) -> str:
        request = {"modelId": "m", "toolConfig": {"tools": thaw(tools)}}
        report = ParamValidator().validate(request, self.shape)
        bad_names = [
            tool["toolSpec"]["name"]
            for tool in tools
            if "toolSpec" in tool and not self.name.fullmatch(tool["toolSpec"]["name"])
        ]
        return str(report.generate_report()) + (f" names: {bad_names}" if bad_names else "")


@pytest.fixture(scope="module")
def converse() -> Converse:
    return Converse()


# -- writing ------------------------------------------------------------------------------


def test_wire_shape() -> None:
    assert to_bedrock(WEATHER) == SPEC
    assert to_bedrock([WEATHER]) == [SPEC]
    assert to_bedrock(iter([])) == []


def test_an_empty_description_is_left_out(converse: Converse) -> None:
    wire = to_bedrock(Tool(name="ping"))
    assert wire == {
        "toolSpec": {"name": "ping", "inputSchema": {"json": {"type": "object", "properties": {}}}}
    }
    assert converse.errors([wire]) == ""
    with_empty = {"toolSpec": {**wire["toolSpec"], "description": ""}}
    assert "description" in converse.errors([with_empty])  # why it is left out


def test_botocore_accepts_the_output(converse: Converse) -> None:
    assert converse.errors([to_bedrock(WEATHER), CACHE_POINT]) == ""


def test_the_output_is_frozen_and_cached() -> None:
    wire = to_bedrock(WEATHER)
    with pytest.raises(TypeError):
        wire["toolSpec"] = {}
    with pytest.raises(TypeError):
        wire["toolSpec"]["name"] = "x"
    with pytest.raises(TypeError):
        wire["toolSpec"]["inputSchema"]["json"]["properties"].pop("city")
    assert to_bedrock(WEATHER) is wire
    assert to_bedrock([WEATHER])[0] is wire


def test_strict_mode_enforces_structured_output_with_anthropic_rules() -> None:
    written = to_bedrock(WEATHER, strict=True)
    spec = written["toolSpec"]
    assert spec["strict"] is True
    assert spec["inputSchema"]["json"]["additionalProperties"] is False
    conversion = convert(WEATHER, "bedrock", strict=True)
    assert conversion.strict == frozenset({WEATHER.name})
    assert any(entry.keyword == "additionalProperties" for entry in conversion.report)
    read = from_bedrock(written)
    assert isinstance(read, Tool)
    assert read.meta["bedrock"] == {"strict": True}
    assert to_bedrock(read)["toolSpec"]["strict"] is True  # strict=None keeps the source's
    assert to_bedrock(read, strict=False)["toolSpec"]["strict"] is False  # as asked, stated
    assert "strict" not in to_bedrock(WEATHER)["toolSpec"]  # never asked: not written
    open_map = Tool(
        name="m",
        input_schema={
            "type": "object",
            "properties": {"t": {"type": "object", "additionalProperties": True}},
        },
    )
    fallback = convert(open_map, "bedrock", strict=True)
    assert fallback.output["toolSpec"]["strict"] is False
    assert [entry.keyword for entry in fallback.report] == ["strict"]
    with pytest.raises(ConversionError) as caught:
        to_bedrock(open_map, strict=True, on_unsupported="raise")
    assert caught.value.path[:2] == ("properties", "t")
    assert to_bedrock(WEATHER, strict=False) == SPEC


def test_title_output_schema_and_annotations_are_dropped_and_reported() -> None:
    rich = WEATHER.replace(
        title="Weather",
        output_schema={"type": "object"},
        annotations=ToolAnnotations(destructive=True),
    )
    assert to_bedrock(rich) == SPEC
    assert [(e.path, e.action) for e in convert(rich, "bedrock").report] == [
        (("title",), LossAction.DROPPED),
        (("output_schema",), LossAction.DROPPED),
        (("annotations",), LossAction.DROPPED),
    ]


# -- names ------------------------------------------------------------------------------------


def test_a_dotted_name_is_renamed_and_the_call_maps_back(converse: Converse) -> None:
    conversion = convert(WEATHER.replace(name="weather.get"), "bedrock")
    assert conversion.output["toolSpec"]["name"] == "weather_get"
    assert converse.errors([conversion.output]) == ""
    call = ToolCall(id="t-1", name="weather_get", arguments={"city": "Oslo"}, provider="bedrock")
    assert conversion.restore_call(call).name == "weather.get"


def test_a_100_character_name_is_shortened_with_a_hash(converse: Converse) -> None:
    name = "get-" * 25
    conversion = convert(Tool(name=name), "bedrock")
    exposed = conversion.output["toolSpec"]["name"]
    assert len(exposed) == 64
    assert converse.errors([conversion.output]) == ""
    assert conversion.names.original(exposed) == name


# -- reading ------------------------------------------------------------------------------------


def test_reading_every_shape() -> None:
    expected = WEATHER.replace(meta={"source": "bedrock"})
    assert from_bedrock(SPEC) == expected
    assert from_bedrock(SPEC["toolSpec"]) == expected  # a bare toolSpec
    other = {"toolSpec": {"name": "ping", "inputSchema": {"json": {"type": "object"}}}}
    tools = [
        expected,
        Tool(name="ping", input_schema={"type": "object"}, meta={"source": "bedrock"}),
    ]
    assert from_bedrock([SPEC, other]) == tools
    assert from_bedrock({"tools": [SPEC, CACHE_POINT, other]}) == tools
    request = {
        "modelId": "anthropic.claude",
        "messages": [],
        "toolConfig": {
            "tools": [CACHE_POINT, SPEC, other, CACHE_POINT],
            "toolChoice": {"auto": {}},
        },
    }
    assert from_bedrock(request) == tools
    assert from_bedrock({"tools": [CACHE_POINT]}) == []


def test_a_missing_description_is_empty() -> None:
    tool = one(from_bedrock({"toolSpec": {"name": "a", "inputSchema": {"json": {}}}}))
    assert tool.description == ""
    assert "description" not in to_bedrock(tool)["toolSpec"]


def test_the_input_is_not_kept_by_reference() -> None:
    wire = json.loads(json.dumps(SPEC))
    tool = one(from_bedrock(wire))
    wire["toolSpec"]["inputSchema"]["json"]["required"].append("days")
    assert tool.input_schema == SCHEMA


# -- passthrough --------------------------------------------------------------------------------


PASSTHROUGH: dict[str, dict[str, Any]] = {
    "an unknown toolSpec key": {
        "toolSpec": {
            "name": "get_weather",
            "description": "Weather for a city.",
            "inputSchema": {"json": SCHEMA},
            "x-future": {"strictness": [1, None]},
        }
    },
    "no description": {"toolSpec": {"name": "ping", "inputSchema": {"json": {}}}},
}


@pytest.mark.parametrize("wire", PASSTHROUGH.values(), ids=PASSTHROUGH.keys())
def test_tools_come_back_identical(wire: dict[str, Any]) -> None:
    tool = one(from_bedrock(wire))
    assert to_bedrock(tool) == wire
    canonical = convert(tool, "canonical").output
    assert to_bedrock(one(read_tools(canonical, "canonical"))) == wire
    assert convert(tool, "bedrock").report == ()


def test_unknown_keys_are_kept_in_meta_and_not_sent_elsewhere() -> None:
    tool = one(from_bedrock(PASSTHROUGH["an unknown toolSpec key"]))
    assert tool.meta == {
        "source": "bedrock",
        "bedrock": {"extra": {"x-future": {"strictness": [1, None]}}},
    }
    for other in (to_openai(tool), to_anthropic(tool), to_gemini(tool), to_mcp(tool)):
        assert "x-future" not in json.dumps(thaw(other))


# -- hostile input --------------------------------------------------------------------------------


def deep_schema(levels: int) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object"}
    for _ in range(levels):
        schema = {"type": "object", "properties": {"x": schema}}
    return schema


def spec(**fields: Any) -> dict[str, Any]:
    return {"toolSpec": fields}


JSON: dict[str, Any] = {"json": {"type": "object"}}
BAD: list[tuple[Any, tuple[str | int, ...], str]] = [
    ("get_weather", (), "JSON object or array"),
    (1, (), "JSON object or array"),
    (None, (), "JSON object or array"),
    ({"modelId": "m"}, (), "not a Bedrock"),
    ({"toolConfig": "x"}, ("toolConfig",), "tools array"),
    ({"toolConfig": {"toolChoice": {}}}, ("toolConfig",), "tools array"),
    ({"tools": {"toolSpec": {}}}, ("tools",), "JSON array"),
    ({"tools": [SPEC, 3]}, ("tools", 1), "toolSpec"),
    ({"tools": [{"systemTool": {"name": "nova_grounding"}}]}, ("tools", 0), "systemTool"),
    ([SPEC, {"name": "loose"}], (1,), "toolSpec"),
    ({"toolSpec": "x"}, ("toolSpec",), "JSON object"),
    (spec(inputSchema=JSON), ("toolSpec", "name"), "non-empty string name"),
    (spec(name="", inputSchema=JSON), ("toolSpec", "name"), "non-empty string name"),
    (spec(name=" ", inputSchema=JSON), ("toolSpec", "name"), "non-empty string name"),
    (spec(name=5, inputSchema=JSON), ("toolSpec", "name"), "non-empty string name"),
    (spec(name="a"), ("toolSpec", "inputSchema"), "'a': inputSchema"),
    (spec(name="a", inputSchema={"type": "object"}), ("toolSpec", "inputSchema"), "json"),
    (spec(name="a", inputSchema="x"), ("toolSpec", "inputSchema"), "json"),
    (
        spec(name="a", inputSchema={"json": "{}"}),
        ("toolSpec", "inputSchema", "json"),
        "JSON object",
    ),
    (
        spec(name="a", inputSchema={"json": {"type": "string"}}),
        ("toolSpec", "inputSchema", "json", "type"),
        "object",
    ),
    (
        spec(name="a", description=5, inputSchema=JSON),
        ("toolSpec", "description"),
        "'a': description",
    ),
    (
        spec(name="a", inputSchema={"json": {"properties": {"p": {(1,): 1}}}}),
        ("toolSpec", "inputSchema", "json", "properties", "p"),
        "not a string",
    ),
    (spec(name="a", inputSchema=JSON, extra=float("inf")), ("toolSpec", "extra"), "JSON number"),
    (
        {"toolConfig": {"tools": [CACHE_POINT, spec(name="a", inputSchema={"json": []})]}},
        ("toolConfig", "tools", 1, "toolSpec", "inputSchema", "json"),
        "'a'",
    ),
]


@pytest.mark.parametrize(("value", "path", "message"), BAD, ids=repr)
def test_bad_input_is_a_conversion_error_with_a_path(
    value: Any, path: tuple[str | int, ...], message: str
) -> None:
    before = repr(value)
    with pytest.raises(ConversionError, match=message) as caught:
        from_bedrock(value)
    assert caught.value.path == path
    assert repr(value) == before


def test_a_very_deep_schema_is_a_typed_error() -> None:
    wire = {
        "toolConfig": {
            "tools": [CACHE_POINT, spec(name="deep", inputSchema={"json": deep_schema(300)})]
        }
    }
    before = snapshot(wire)
    with pytest.raises(ConversionError, match=r"'deep'.*deeper than 256") as caught:
        from_bedrock(wire)
    assert isinstance(caught.value.__cause__, SchemaTooDeepError)
    where = ("toolConfig", "tools", 1, "toolSpec", "inputSchema", "json", "properties")
    assert caught.value.path[:7] == where
    assert caught.value.path.count("toolConfig") == 1
    assert snapshot(wire) == before


@pytest.mark.parametrize(
    "value",
    [SPEC, "get_weather", 3, None, [WEATHER, SPEC], [WEATHER, WEATHER]],
    ids=["dict", "str", "int", "None", "a dict in the list", "two tools, one name"],
)
def test_writing_refuses_what_is_not_tools(value: Any) -> None:
    with pytest.raises(ConversionError):
        to_bedrock(value)


# -- the corpus -----------------------------------------------------------------------------------


def test_every_corpus_tool_goes_to_bedrock_and_back(data_dir: Path) -> None:
    files = sorted((data_dir / "corpus" / "mcp").glob("*.json"))
    assert files, "the MCP corpus is empty"
    count = 0
    for path in files:
        tools = many(from_mcp(json.loads(path.read_text())))
        conversion = convert(tools, "bedrock")
        assert to_bedrock(tools) == conversion.output
        back = many(from_bedrock({"toolConfig": {"tools": [CACHE_POINT, *conversion.output]}}))
        for tool, again in zip(tools, back, strict=True):
            assert conversion.names.original(again.name) == tool.name
            assert again.description == tool.description
            assert again.input_schema == tool.input_schema
            assert again.meta == {"source": "bedrock"}
        assert to_bedrock(back) == conversion.output
        count += len(tools)
    assert count > 1000
