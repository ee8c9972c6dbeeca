"""The Anthropic format: `to_anthropic` / `from_anthropic` (Messages API tools)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolbridge import ConversionError, SchemaTooDeepError, Tool, ToolAnnotations, thaw
from toolbridge.calls import ToolCall
from toolbridge.formats import (
    convert,
    from_anthropic,
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
    "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
    "required": ["city"],
}
OPEN_MAP: dict[str, Any] = {
    "type": "object",
    "properties": {"tags": {"type": "object", "additionalProperties": {"type": "string"}}},
}
WEATHER = Tool(name="get_weather", description="Weather for a city.", input_schema=SCHEMA)
WIRE: dict[str, Any] = {
    "name": "get_weather",
    "description": "Weather for a city.",
    "input_schema": SCHEMA,
}


# -- writing ------------------------------------------------------------------------------


def test_wire_shape() -> None:
    assert to_anthropic(WEATHER) == WIRE
    assert to_anthropic([WEATHER]) == [WIRE]
    assert to_anthropic(iter([WEATHER, Tool(name="ping")])) == [
        WIRE,
        {"name": "ping", "description": "", "input_schema": {"type": "object", "properties": {}}},
    ]
    assert to_anthropic([]) == []


def test_the_schema_is_sent_as_it_is_but_for_the_required_type() -> None:
    schema = {
        "$defs": {"n": {"type": "integer"}},
        "properties": {"a": {"$ref": "#/$defs/n"}, "b": {"oneOf": [{}, {"type": "null"}]}},
    }
    tool = Tool(name="t", input_schema=schema)
    assert to_anthropic(tool)["input_schema"] == {"type": "object", **schema}
    report = convert(tool, "anthropic").report
    assert [(entry.path, entry.keyword) for entry in report] == [(("type",), "type")]
    typed = tool.replace(input_schema={"type": "object", **schema})
    assert to_anthropic(typed)["input_schema"] == typed.input_schema
    assert convert(typed, "anthropic").report == ()


def test_strict_wire_shape() -> None:
    assert to_anthropic(WEATHER, strict=True) == {
        "name": "get_weather",
        "description": "Weather for a city.",
        "input_schema": {**SCHEMA, "additionalProperties": False},
        "strict": True,
    }
    conversion = convert(WEATHER, "anthropic", strict=True)
    assert conversion.strict == frozenset({"get_weather"})
    assert conversion.plans == {}  # optional properties stay optional: nothing to restore


def test_an_open_map_falls_back_or_raises() -> None:
    tool = Tool(name="m", input_schema=OPEN_MAP)
    conversion = convert(tool, "anthropic", strict=True)
    assert conversion.strict == frozenset()
    assert "strict" not in conversion.output
    assert conversion.output["input_schema"] == OPEN_MAP
    assert [e.keyword for e in conversion.report] == ["strict"]
    with pytest.raises(ConversionError, match="'m'") as caught:
        to_anthropic(tool, strict=True, on_unsupported="raise")
    assert caught.value.path[:2] == ("properties", "tags")


def test_a_strict_source_that_falls_back_says_strict_false() -> None:
    tool = one(from_anthropic({"name": "m", "input_schema": OPEN_MAP, "strict": True}))
    wire = to_anthropic(tool)
    assert wire["strict"] is False
    assert wire["input_schema"] == OPEN_MAP


def test_strict_none_keeps_the_source_strictness() -> None:
    wire = {**WIRE, "strict": False}
    tool = one(from_anthropic(wire))
    assert tool.meta == {"source": "anthropic", "anthropic": {"strict": False}}
    assert to_anthropic(tool) == wire
    assert "strict" not in to_anthropic(WEATHER)
    assert "strict" not in to_anthropic(tool, strict=False)


def test_the_output_is_frozen_and_cached() -> None:
    wire = to_anthropic(WEATHER)
    with pytest.raises(TypeError):
        wire["name"] = "other"
    with pytest.raises(TypeError):
        wire["input_schema"]["properties"]["city"]["type"] = "integer"
    with pytest.raises(TypeError):
        wire["input_schema"]["required"].append("days")
    assert to_anthropic(WEATHER) is wire
    assert to_anthropic([WEATHER])[0] is wire
    editable = thaw(wire)
    editable["name"] = "edited"
    assert to_anthropic(WEATHER)["name"] == "get_weather"


def test_title_output_schema_and_annotations_are_dropped_and_reported() -> None:
    rich = WEATHER.replace(
        title="Weather",
        output_schema={"type": "object"},
        annotations=ToolAnnotations(read_only=True, open_world=False),
    )
    assert to_anthropic(rich) == WIRE
    assert [(e.path, e.action) for e in convert(rich, "anthropic").report] == [
        (("title",), LossAction.DROPPED),
        (("output_schema",), LossAction.DROPPED),
        (("annotations",), LossAction.DROPPED),
    ]


# -- names ----------------------------------------------------------------------------------


def test_a_dotted_name_is_renamed_and_the_call_maps_back() -> None:
    conversion = convert(WEATHER.replace(name="weather.get"), "anthropic")
    assert conversion.output["name"] == "weather_get"
    [entry] = conversion.report
    assert (entry.tool, entry.path, entry.action) == ("weather.get", ("name",), LossAction.RENAMED)
    call = ToolCall(
        id="toolu_1", name="weather_get", arguments={"city": "Oslo"}, provider="anthropic"
    )
    assert conversion.restore_call(call) == ToolCall(
        id="toolu_1", name="weather.get", arguments={"city": "Oslo"}, provider="anthropic"
    )


def test_a_100_character_name_is_shortened_with_a_hash() -> None:
    name = "n" * 100
    conversion = convert(Tool(name=name), "anthropic")
    exposed = conversion.output["name"]
    assert len(exposed) == 64
    assert exposed[:55] == "n" * 55
    assert conversion.names.original(exposed) == name


# -- reading ----------------------------------------------------------------------------------


def test_reading_one_a_list_and_a_request() -> None:
    expected = WEATHER.replace(meta={"source": "anthropic"})
    assert from_anthropic(WIRE) == expected
    other = {"name": "ping", "input_schema": {"type": "object"}}
    tools = [
        expected,
        Tool(name="ping", input_schema={"type": "object"}, meta={"source": "anthropic"}),
    ]
    assert from_anthropic([WIRE, other]) == tools
    assert from_anthropic((WIRE, other)) == tools
    request = {"model": "claude-x", "max_tokens": 10, "tools": [WIRE, other]}
    assert from_anthropic(request) == tools
    assert from_anthropic({"tools": []}) == []


def test_missing_description_is_empty() -> None:
    tool = one(from_anthropic({"name": "a", "input_schema": {"type": "object"}}))
    assert tool.description == ""
    assert to_anthropic(tool)["description"] == ""


def test_the_input_is_not_kept_by_reference() -> None:
    wire = json.loads(json.dumps(WIRE))
    tool = one(from_anthropic(wire))
    wire["input_schema"]["properties"]["city"]["type"] = "integer"
    assert tool.input_schema == SCHEMA


# -- passthrough --------------------------------------------------------------------------------

PASSTHROUGH: dict[str, dict[str, Any]] = {
    "cache_control and custom type": {
        "type": "custom",
        "name": "get_weather",
        "description": "Weather for a city.",
        "input_schema": SCHEMA,
        "cache_control": {"type": "ephemeral", "ttl": "1h"},
    },
    "documented extras": {
        "name": "search",
        "description": "Search.",
        "input_schema": SCHEMA,
        "defer_loading": True,
        "input_examples": [{"city": "Oslo"}],
        "eager_input_streaming": True,
    },
    "an unknown key": {
        "name": "a",
        "description": "",
        "input_schema": {"type": "object"},
        "x-future": [1, None],
    },
    "strict false": {"name": "a", "description": "d", "input_schema": SCHEMA, "strict": False},
    "strict true": {
        "name": "a",
        "description": "d",
        "input_schema": {**SCHEMA, "additionalProperties": False},
        "strict": True,
    },
}


@pytest.mark.parametrize("wire", PASSTHROUGH.values(), ids=PASSTHROUGH.keys())
def test_tools_come_back_identical(wire: dict[str, Any]) -> None:
    tool = one(from_anthropic(wire))
    assert to_anthropic(tool) == wire
    canonical = convert(tool, "canonical").output
    assert to_anthropic(one(read_tools(canonical, "canonical"))) == wire
    assert convert(tool, "anthropic").report == ()


def test_unknown_keys_are_kept_in_meta_and_not_sent_elsewhere() -> None:
    tool = one(from_anthropic(PASSTHROUGH["cache_control and custom type"]))
    assert tool.meta == {
        "source": "anthropic",
        "anthropic": {
            "extra": {"type": "custom", "cache_control": {"type": "ephemeral", "ttl": "1h"}}
        },
    }
    for other in (to_openai(tool), to_gemini(tool), to_bedrock(tool), to_mcp(tool)):
        text = json.dumps(thaw(other))
        assert "cache_control" not in text
        assert "custom" not in text


# -- hostile input --------------------------------------------------------------------------------


def deep_schema(levels: int) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object"}
    for _ in range(levels):
        schema = {"type": "object", "properties": {"x": schema}}
    return schema


OBJECT: dict[str, Any] = {"type": "object"}
BAD: list[tuple[Any, tuple[str | int, ...], str]] = [
    ("get_weather", (), "JSON object or array"),
    (3.5, (), "JSON object or array"),
    (None, (), "JSON object or array"),
    ({"model": "claude"}, (), "envelope"),
    ({"tools": {"name": "a"}}, ("tools",), "JSON array"),
    ([WIRE, "x"], (1,), "JSON object"),
    ({"input_schema": OBJECT}, ("name",), "non-empty string name"),
    ({"name": "", "input_schema": OBJECT}, ("name",), "non-empty string name"),
    ({"name": " \t", "input_schema": OBJECT}, ("name",), "non-empty string name"),
    ({"name": ["a"], "input_schema": OBJECT}, ("name",), "non-empty string name"),
    ({"name": "a"}, ("input_schema",), "'a': input_schema"),
    ({"name": "a", "input_schema": None}, ("input_schema",), "'a': input_schema"),
    ({"name": "a", "input_schema": "{}"}, ("input_schema",), "JSON object"),
    ({"name": "a", "input_schema": {"type": "string"}}, ("input_schema", "type"), "object"),
    (
        {"name": "a", "input_schema": {"type": ["object", "null"]}},
        ("input_schema", "type"),
        "object",
    ),
    ({"name": "a", "input_schema": OBJECT, "description": 5}, ("description",), "'a': description"),
    ({"name": "a", "input_schema": OBJECT, "strict": "true"}, ("strict",), "boolean"),
    (
        {"name": "a", "input_schema": {"enum": [float("inf")]}},
        ("input_schema", "enum", 0),
        "JSON number",
    ),
    (
        {"name": "a", "input_schema": OBJECT, "cache_control": {"t": {1}}},
        ("cache_control", "t"),
        "'a'",
    ),
    ({"type": "bash_20250124", "name": "bash"}, ("type",), "server tool"),
    (
        {"type": "text_editor_20250429", "name": "str_replace_based_edit_tool"},
        ("type",),
        "server tool",
    ),
    (
        {"type": "web_search_20250305", "name": "web_search", "max_uses": 3},
        ("type",),
        "server tool",
    ),
    ({"tools": [WIRE, {"type": "bash_20250124", "name": "bash"}]}, ("tools", 1, "type"), "bash"),
]


@pytest.mark.parametrize(("value", "path", "message"), BAD, ids=repr)
def test_bad_input_is_a_conversion_error_with_a_path(
    value: Any, path: tuple[str | int, ...], message: str
) -> None:
    before = repr(value)
    with pytest.raises(ConversionError, match=message) as caught:
        from_anthropic(value)
    assert caught.value.path == path
    assert repr(value) == before


def test_a_very_deep_schema_is_a_typed_error() -> None:
    wire = {"tools": [{"name": "deep", "input_schema": deep_schema(300)}]}
    before = snapshot(wire)
    with pytest.raises(ConversionError, match=r"'deep'.*deeper than 256") as caught:
        from_anthropic(wire)
    assert isinstance(caught.value.__cause__, SchemaTooDeepError)
    assert caught.value.path[:4] == ("tools", 0, "input_schema", "properties")
    assert caught.value.path.count("input_schema") == 1
    assert snapshot(wire) == before


@pytest.mark.parametrize(
    "value",
    [WIRE, "get_weather", 3, None, [WEATHER, WIRE], [WEATHER, WEATHER.replace(title="T")]],
    ids=["dict", "str", "int", "None", "a dict in the list", "two tools, one name"],
)
def test_writing_refuses_what_is_not_tools(value: Any) -> None:
    with pytest.raises(ConversionError):
        to_anthropic(value)


# -- the corpus -----------------------------------------------------------------------------------


def test_every_corpus_tool_goes_to_anthropic_and_back(data_dir: Path) -> None:
    files = sorted((data_dir / "corpus" / "mcp").glob("*.json"))
    assert files, "the MCP corpus is empty"
    count = 0
    for path in files:
        tools = many(from_mcp(json.loads(path.read_text())))
        conversion = convert(tools, "anthropic")
        assert to_anthropic(tools) == conversion.output
        back = many(from_anthropic(conversion.output))
        for tool, again in zip(tools, back, strict=True):
            assert conversion.names.original(again.name) == tool.name
            assert again.description == tool.description
            assert again.input_schema == tool.input_schema  # sent as it is
            assert again.meta == {"source": "anthropic"}
        assert to_anthropic(back) == conversion.output
        kept = (LossAction.DROPPED, LossAction.RENAMED)
        assert not [e for e in conversion.report if e.action not in kept]
        count += len(tools)
    assert count > 1000
