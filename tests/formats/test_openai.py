"""The OpenAI formats: Chat Completions `to_openai` / `from_openai` and the Responses API
`to_openai_responses` / `from_openai_responses`, judged by the OpenAI SDK's models."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from openai.types.chat import ChatCompletionFunctionTool, ChatCompletionToolParam
from openai.types.responses import FunctionTool
from openai.types.shared import FunctionDefinition

from toolbridge import (
    ConversionError,
    FrozenDict,
    FrozenList,
    SchemaTooDeepError,
    Tool,
    ToolAnnotations,
    ToolbridgeError,
    thaw,
)
from toolbridge.calls import ToolCall
from toolbridge.formats import (
    Target,
    convert,
    from_mcp,
    from_openai,
    from_openai_responses,
    to_anthropic,
    to_bedrock,
    to_gemini,
    to_mcp,
    to_openai,
    to_openai_responses,
)
from toolbridge.schema import LossAction

from .shapes import many, one, snapshot

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "city": {"type": "string", "description": "City name."},
        "days": {"type": "integer", "minimum": 1},
    },
    "required": ["city"],
}
STRICT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "city": {"type": "string", "description": "City name."},
        "days": {"type": ["integer", "null"], "minimum": 1},
    },
    "required": ["city", "days"],
    "additionalProperties": False,
}
OPEN_MAP: dict[str, Any] = {
    "type": "object",
    "properties": {"tags": {"type": "object", "additionalProperties": {"type": "string"}}},
}
WEATHER = Tool(name="get_weather", description="Weather for a city.", input_schema=SCHEMA)

CHAT: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Weather for a city.",
        "parameters": SCHEMA,
        "strict": False,
    },
}
RESPONSES: dict[str, Any] = {
    "type": "function",
    "name": "get_weather",
    "description": "Weather for a city.",
    "parameters": SCHEMA,
    "strict": False,
}


# -- writing: the exact wire shape ------------------------------------------------------


def test_chat_completions_wire_shape() -> None:
    assert to_openai(WEATHER) == CHAT
    assert to_openai([WEATHER]) == [CHAT]
    assert to_openai(iter([WEATHER])) == [CHAT]
    assert to_openai([]) == []


def test_responses_wire_shape() -> None:
    assert to_openai_responses(WEATHER) == RESPONSES
    assert to_openai_responses([WEATHER]) == [RESPONSES]
    assert to_openai_responses(()) == []


def test_strict_mode_wire_shape() -> None:
    assert to_openai(WEATHER, strict=True) == {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "Weather for a city.",
            "parameters": STRICT_SCHEMA,
            "strict": True,
        },
    }
    assert to_openai_responses(WEATHER, strict=True) == {
        "type": "function",
        "name": "get_weather",
        "description": "Weather for a city.",
        "parameters": STRICT_SCHEMA,
        "strict": True,
    }


@pytest.mark.parametrize("write", [to_openai, to_openai_responses])
def test_strict_is_always_stated(write: Any) -> None:
    def strict_of(wire: Any) -> Any:
        return wire["function"]["strict"] if "function" in wire else wire["strict"]

    assert strict_of(write(Tool(name="bare"))) is False
    assert strict_of(write(WEATHER, strict=False)) is False
    assert strict_of(write(WEATHER, strict=True)) is True
    fallback = Tool(name="m", input_schema=OPEN_MAP)
    assert strict_of(write(fallback, strict=True)) is False


def test_a_tool_with_nothing_gets_a_complete_schema() -> None:
    assert to_openai(Tool(name="ping")) == {
        "type": "function",
        "function": {
            "name": "ping",
            "description": "",
            "parameters": {"type": "object", "properties": {}},
            "strict": False,
        },
    }


def test_a_root_schema_without_type_gets_properties_too() -> None:
    assert to_openai(Tool(name="ping", input_schema={}))["function"]["parameters"] == {
        "type": "object",
        "properties": {},
    }


def test_the_sdk_models_accept_the_output() -> None:
    for strict in (False, True):
        chat = ChatCompletionFunctionTool.model_validate(to_openai(WEATHER, strict=strict))
        assert chat.function.strict is strict
        responses = FunctionTool.model_validate(to_openai_responses(WEATHER, strict=strict))
        assert responses.strict is strict


@pytest.mark.parametrize("write", [to_openai, to_openai_responses])
def test_the_output_is_frozen_and_cached(write: Any) -> None:
    wire = write(WEATHER)
    with pytest.raises(TypeError):
        wire["type"] = "custom"
    with pytest.raises(TypeError):
        del wire["type"]
    parameters = wire["function"]["parameters"] if "function" in wire else wire["parameters"]
    with pytest.raises(TypeError):
        parameters["properties"]["city"]["type"] = "integer"
    with pytest.raises(TypeError):
        parameters["required"].append("days")
    assert write(WEATHER) is wire
    assert write(WEATHER, strict=True) is write(WEATHER, strict=True)
    copy = thaw(wire)
    copy["type"] = "edited"
    assert write(WEATHER)["type"] == "function"


@pytest.mark.parametrize("write", [to_openai, to_openai_responses])
@pytest.mark.parametrize("strict", [False, True])
def test_a_list_is_written_as_its_tools_one_by_one(write: Any, strict: bool) -> None:
    other = WEATHER.replace(name="get_time", description="The time in a city.")
    listed = write([WEATHER, other], strict=strict)
    assert listed[0] is write(WEATHER, strict=strict)  # one cache for lists and tools
    assert listed[1] is write(other, strict=strict)
    assert write([other, WEATHER], strict=strict) == [listed[1], listed[0]]
    # A name the target does not take still goes through the list's name map.
    dotted = other.replace(name="time.now")
    renamed = write([WEATHER, dotted], strict=strict)
    assert renamed[0] is listed[0]
    function = renamed[1].get("function", renamed[1])
    assert function["name"] == "time_now"


def test_title_output_schema_and_annotations_are_dropped_and_reported() -> None:
    rich = WEATHER.replace(
        title="Weather",
        output_schema={"type": "object"},
        annotations=ToolAnnotations(read_only=True),
    )
    assert to_openai(rich) == CHAT
    report = convert(rich, "openai").report
    assert [(e.path, e.action) for e in report] == [
        (("title",), LossAction.DROPPED),
        (("output_schema",), LossAction.DROPPED),
        (("annotations",), LossAction.DROPPED),
    ]


def test_a_long_description_is_cut_to_1024_characters() -> None:
    tool = Tool(name="t", description="word " * 400)
    description = to_openai(tool)["function"]["description"]
    assert len(description) <= 1024
    assert description.endswith("\u2026")
    assert description.startswith("word word")
    [entry] = convert(tool, "openai").report
    assert entry.action is LossAction.TRUNCATED
    assert entry.path == ("description",)
    assert to_openai_responses(tool)["description"] == description


def test_non_strict_schemas_are_completed_and_reported() -> None:
    tool = Tool(
        name="t",
        input_schema={"properties": {"meta": {"type": "object"}, "ids": {"type": "array"}}},
    )
    assert to_openai(tool)["function"]["parameters"] == {
        "type": "object",
        "properties": {
            "meta": {"type": "object", "properties": {}},
            "ids": {"type": "array", "items": {}},
        },
    }
    report = convert(tool, "openai").report
    assert {(e.path, e.keyword, e.action) for e in report} == {
        ((), "type", LossAction.REWRITTEN),
        (("properties", "meta"), "properties", LossAction.REWRITTEN),
        (("properties", "ids"), "items", LossAction.REWRITTEN),
    }


# -- strict mode: what cannot be strict ------------------------------------------------


def test_an_open_map_falls_back_to_non_strict_with_a_report() -> None:
    tool = Tool(name="m", input_schema=OPEN_MAP)
    conversion = convert(tool, "openai", strict=True)
    assert conversion.strict == frozenset()
    assert conversion.output["function"]["strict"] is False
    assert conversion.output["function"]["parameters"]["properties"]["tags"] == {
        "type": "object",
        "additionalProperties": {"type": "string"},
        "properties": {},
    }
    reasons = [entry for entry in conversion.report if entry.keyword == "strict"]
    assert [entry.path for entry in reasons] == [("properties", "tags", "additionalProperties")]


_OPEN: Final = {"type": "object", "additionalProperties": True}
_BROKEN_AFTER_A_REASON: Final[dict[str, dict[str, Any]]] = {
    "a reference to nothing": {"properties": {"m": _OPEN, "r": {"$ref": "#/$defs/none"}}},
    "a malformed required": {
        "properties": {"m": _OPEN, "o": {"type": "object", "properties": {}, "required": 5}}
    },
    "a reference to a malformed definition": {
        "properties": {"r": {"$ref": "#/$defs/A"}, "m": _OPEN},
        "$defs": {"A": {"type": "object", "properties": {}, "required": 5}},
    },
}


@pytest.mark.parametrize("case", sorted(_BROKEN_AFTER_A_REASON))
def test_a_schema_that_cannot_be_strict_is_sent_as_the_non_strict_writer_sends_it(
    case: str,
) -> None:
    # The fallback is the non-strict schema: what only the strict rewrite would read
    # (a reference to inline, a part past the first reason) does not stop it.
    schema = {"type": "object", **_BROKEN_AFTER_A_REASON[case]}
    tool = Tool(name="t", input_schema=schema)
    plain = to_openai(tool)["function"]["parameters"]
    assert to_openai(tool, strict=True)["function"]["parameters"] == plain
    conversion = convert(Tool(name="t", input_schema=schema), "openai", strict=True)
    assert conversion.output["function"] == {**to_openai(tool)["function"], "strict": False}
    reasons = [entry.path for entry in conversion.report if entry.keyword == "strict"]
    assert reasons == [("properties", "m", "additionalProperties")]
    with pytest.raises(ConversionError):  # (the first problem met: the open map or the part)
        to_openai(tool, strict=True, on_unsupported="raise")


def test_a_reference_a_strict_schema_needs_still_raises() -> None:
    schema = {"type": "object", "properties": {"r": {"$ref": "#/$defs/none"}}}
    for write in (to_openai, lambda tool, **options: convert(tool, "openai", **options)):
        with pytest.raises(ConversionError, match="points at no schema") as caught:
            write(Tool(name="t", input_schema=schema), strict=True)
        assert caught.value.path == ("properties", "r")


@pytest.mark.parametrize("write", [to_openai, to_openai_responses])
def test_an_open_map_raises_under_on_unsupported_raise(write: Any) -> None:
    tool = Tool(name="m", input_schema=OPEN_MAP)
    with pytest.raises(ConversionError, match=r"'m'.*open map") as caught:
        write(tool, strict=True, on_unsupported="raise")
    assert caught.value.path == ("properties", "tags", "additionalProperties")
    with pytest.raises(ConversionError) as caught:
        write([Tool(name="ok"), tool], strict=True, on_unsupported="raise")
    assert caught.value.path == ("properties", "tags", "additionalProperties")


def test_strict_none_keeps_the_source_strictness() -> None:
    strict_wire = {
        "type": "function",
        "function": {"name": "s", "parameters": STRICT_SCHEMA, "strict": True},
    }
    tool = one(from_openai(strict_wire))
    assert tool.meta["openai"] == {"strict": True}
    assert to_openai(tool)["function"]["strict"] is True
    assert to_openai(tool, strict=False)["function"]["strict"] is False
    assert to_openai_responses(tool)["strict"] is True
    # A tool from elsewhere is not strict unless asked.
    assert to_openai(WEATHER.replace(meta={"source": "mcp"}))["function"]["strict"] is False


# -- names ------------------------------------------------------------------------------


@pytest.mark.parametrize("target", ["openai", "openai-responses"])
def test_a_dotted_name_is_renamed_and_maps_back(target: Any) -> None:
    tool = WEATHER.replace(name="github.create_issue")
    conversion = convert(tool, target)
    wire = conversion.output
    exposed = wire["function"]["name"] if target == "openai" else wire["name"]
    assert exposed == "github_create_issue"
    assert conversion.names.original(exposed) == "github.create_issue"
    [entry] = conversion.report
    assert (entry.path, entry.action) == (("name",), LossAction.RENAMED)
    back = one(from_openai(wire))
    assert back.name == "github_create_issue"


def test_a_100_character_name_is_shortened_with_a_hash() -> None:
    name = "very_long_tool_name_" * 5
    conversion = convert(Tool(name=name), "openai")
    exposed = conversion.output["function"]["name"]
    assert len(exposed) <= 64
    assert exposed.startswith("very_long_tool_name_")
    assert exposed != name[:64]
    assert conversion.names.original(exposed) == name


def test_restore_call_maps_name_and_removes_strict_nulls() -> None:
    tool = WEATHER.replace(name="weather.get")
    conversion = convert(tool, "openai", strict=True)
    assert conversion.strict == frozenset({"weather.get"})
    call = ToolCall(
        id="call_1",
        name="weather_get",
        arguments={"city": "Oslo", "days": None},
        provider="openai",
    )
    restored = conversion.restore_call(call)
    assert restored == ToolCall(
        id="call_1", name="weather.get", arguments={"city": "Oslo"}, provider="openai"
    )
    assert call.arguments == {"city": "Oslo", "days": None}
    given = ToolCall(
        id="call_2", name="weather_get", arguments={"city": "Oslo", "days": 3}, provider="openai"
    )
    assert conversion.restore_call(given).arguments == {"city": "Oslo", "days": 3}


# -- reading ------------------------------------------------------------------------------


def test_reading_one_tool_in_every_shape() -> None:
    expected = WEATHER.replace(meta={"source": "openai", "openai": {"strict": False}})
    assert from_openai(CHAT) == expected
    assert from_openai(CHAT["function"]) == expected  # a bare function object
    assert from_openai(RESPONSES) == expected  # the flat shape, read as Chat's
    responses = expected.replace(meta={"source": "openai-responses", "openai": {"strict": False}})
    assert from_openai_responses(RESPONSES) == responses
    assert from_openai_responses(CHAT) == responses


def test_lists_and_envelopes_give_lists() -> None:
    other = {"type": "function", "function": {"name": "ping", "parameters": {"type": "object"}}}
    tools = [one(from_openai(CHAT)), one(from_openai(other))]
    assert from_openai([CHAT, other]) == tools
    assert from_openai((CHAT, other)) == tools
    assert from_openai({"model": "gpt-5", "tools": [CHAT, other]}) == tools
    assert from_openai({"functions": [CHAT["function"], other["function"]]}) == tools
    assert from_openai({"tools": []}) == []
    flat = [RESPONSES, {"type": "function", "name": "ping", "parameters": {"type": "object"}}]
    assert [t.name for t in many(from_openai_responses({"tools": flat}))] == ["get_weather", "ping"]
    assert [t.name for t in from_openai_responses(flat)] == ["get_weather", "ping"]


def test_a_missing_strict_is_false_for_chat_and_true_for_responses() -> None:
    chat = {"type": "function", "function": {"name": "a"}}
    flat = {"type": "function", "name": "a"}
    assert one(from_openai(chat)).meta["openai"] == {"strict": False}
    assert one(from_openai_responses(flat)).meta["openai"] == {"strict": True}
    assert one(from_openai_responses(flat)).meta["source"] == "openai-responses"


def test_missing_description_and_parameters() -> None:
    tool = one(from_openai({"type": "function", "function": {"name": "a"}}))
    assert tool.description == ""
    assert tool.input_schema == {"type": "object", "properties": {}}
    null = one(from_openai({"type": "function", "function": {"name": "a", "description": None}}))
    assert null.description == ""


def test_sdk_objects() -> None:
    definition = FunctionDefinition(
        name="get_weather", description="Weather for a city.", parameters=SCHEMA, strict=True
    )
    chat = ChatCompletionFunctionTool(type="function", function=definition)
    expected = WEATHER.replace(meta={"source": "openai", "openai": {"strict": True}})
    assert from_openai(chat) == expected
    assert from_openai(definition) == expected
    assert from_openai([chat, chat]) == [expected, expected]
    assert from_openai({"tools": [chat]}) == [expected]
    flat = FunctionTool(
        type="function",
        name="get_weather",
        description="Weather for a city.",
        parameters=SCHEMA,
        strict=None,
    )
    read = one(from_openai_responses(flat))
    assert read.meta == {"source": "openai-responses", "openai": {"strict": True}}
    assert read.replace(meta={}) == WEATHER


def test_the_sdk_typed_dict_is_a_plain_dict() -> None:
    param: ChatCompletionToolParam = {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "Weather for a city.",
            "parameters": SCHEMA,
        },
    }
    assert one(from_openai(param)).input_schema == SCHEMA


def test_the_input_is_not_kept_by_reference() -> None:
    wire = json.loads(json.dumps(CHAT))
    tool = one(from_openai(wire))
    wire["function"]["parameters"]["properties"]["city"]["type"] = "integer"
    assert tool.input_schema == SCHEMA


# -- passthrough: what OpenAI has and the Tool has not ---------------------------------


PASSTHROUGH: dict[str, dict[str, Any]] = {
    "chat, unknown keys in and beside the function": {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "Weather for a city.",
            "parameters": SCHEMA,
            "strict": False,
            "x-function-key": {"kept": [1, 2]},
        },
        "x-tool-key": True,
    },
    "chat, strict": {
        "type": "function",
        "function": {"name": "s", "description": "", "parameters": STRICT_SCHEMA, "strict": True},
    },
}
RESPONSES_PASSTHROUGH: dict[str, dict[str, Any]] = {
    "responses, unknown key": {
        "type": "function",
        "name": "get_weather",
        "description": "Weather for a city.",
        "parameters": SCHEMA,
        "strict": False,
        "defer_loading": True,
    },
    "responses, strict": {
        "type": "function",
        "name": "s",
        "description": "d",
        "parameters": STRICT_SCHEMA,
        "strict": True,
    },
}


@pytest.mark.parametrize("wire", PASSTHROUGH.values(), ids=PASSTHROUGH.keys())
def test_chat_tools_come_back_identical(wire: dict[str, Any]) -> None:
    tool = one(from_openai(wire))
    assert to_openai(tool) == wire
    canonical = convert(tool, "canonical").output
    assert to_openai(Tool.from_dict(canonical)) == wire
    assert convert(tool, "openai").report == ()


@pytest.mark.parametrize("wire", RESPONSES_PASSTHROUGH.values(), ids=RESPONSES_PASSTHROUGH.keys())
def test_responses_tools_come_back_identical(wire: dict[str, Any]) -> None:
    tool = one(from_openai_responses(wire))
    assert to_openai_responses(tool) == wire
    assert to_openai_responses(Tool.from_dict(convert(tool, "canonical").output)) == wire


def test_unknown_keys_are_kept_in_meta_and_not_sent_elsewhere() -> None:
    wire = PASSTHROUGH["chat, unknown keys in and beside the function"]
    tool = one(from_openai(wire))
    assert tool.meta == {
        "source": "openai",
        "openai": {
            "strict": False,
            "function": {"x-function-key": {"kept": [1, 2]}},
            "extra": {"x-tool-key": True},
        },
    }
    for other in (to_anthropic(tool), to_gemini(tool), to_bedrock(tool), to_mcp(tool)):
        text = json.dumps(thaw(other))
        assert "x-function-key" not in text
        assert "x-tool-key" not in text
        assert "strict" not in text


# -- hostile input ------------------------------------------------------------------------


def deep_schema(levels: int) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object"}
    for _ in range(levels):
        schema = {"type": "object", "properties": {"x": schema}}
    return schema


def fn(**fields: Any) -> dict[str, Any]:
    return {"type": "function", "function": fields}


BAD_CHAT: list[tuple[Any, tuple[str | int, ...], str]] = [
    ("get_weather", (), "JSON object or array"),
    (42, (), "JSON object or array"),
    (None, (), "JSON object or array"),
    ({"model": "gpt-5"}, (), "envelope"),
    ({"tools": "x"}, ("tools",), "JSON array"),
    ([CHAT, 3], (1,), "JSON object"),
    (fn(), ("function", "name"), "non-empty string name"),
    (fn(name="  "), ("function", "name"), "non-empty string name"),
    (fn(name=7), ("function", "name"), "non-empty string name"),
    ({"type": "function", "function": "x"}, ("function",), "JSON object"),
    (fn(name="a", parameters="{}"), ("function", "parameters"), "'a': parameters must be"),
    (fn(name="a", parameters=[]), ("function", "parameters"), "JSON object"),
    (fn(name="a", parameters={"type": "string"}), ("function", "parameters", "type"), "object"),
    (fn(name="a", description=5), ("function", "description"), "'a': description"),
    (fn(name="a", strict="yes"), ("function", "strict"), "boolean"),
    (
        fn(name="a", parameters={"properties": {"p": {1: 2}}}),
        ("function", "parameters", "properties", "p"),
        "not a string",
    ),
    (
        fn(name="a", parameters={"minimum": float("nan")}),
        ("function", "parameters", "minimum"),
        "JSON number",
    ),
    (fn(name="a", extra={1, 2}), ("function", "extra"), "'a'"),
    ({"type": "web_search"}, ("type",), "not a function tool"),
    ({"type": "custom", "name": "grammar"}, ("type",), "not a function tool"),
    ({"tools": [CHAT, {"type": "file_search"}]}, ("tools", 1, "type"), "file_search"),
    ({"functions": [{"name": "a", "parameters": 3}]}, ("functions", 0, "parameters"), "'a'"),
]
BAD_RESPONSES: list[tuple[Any, tuple[str | int, ...], str]] = [
    ("x", (), "JSON object or array"),
    ({"type": "function"}, ("name",), "non-empty string name"),
    ({"type": "function", "name": ""}, ("name",), "non-empty string name"),
    (
        {"type": "function", "name": "a", "parameters": {"type": "string"}},
        ("parameters", "type"),
        "object",
    ),
    ({"type": "web_search_preview"}, ("type",), "not a function tool"),
    (
        {"tools": [{"type": "function", "name": "a", "description": ["x"]}]},
        ("tools", 0, "description"),
        "string",
    ),
]


@pytest.mark.parametrize(("value", "path", "message"), BAD_CHAT, ids=repr)
def test_bad_chat_input_is_a_conversion_error_with_a_path(
    value: Any, path: tuple[str | int, ...], message: str
) -> None:
    before = repr(value)
    with pytest.raises(ConversionError, match=message) as caught:
        from_openai(value)
    assert caught.value.path == path
    assert repr(value) == before


@pytest.mark.parametrize(("value", "path", "message"), BAD_RESPONSES, ids=repr)
def test_bad_responses_input_is_a_conversion_error_with_a_path(
    value: Any, path: tuple[str | int, ...], message: str
) -> None:
    before = snapshot(value)
    with pytest.raises(ConversionError, match=message) as caught:
        from_openai_responses(value)
    assert caught.value.path == path
    assert snapshot(value) == before


@pytest.mark.parametrize("read", [from_openai, from_openai_responses])
def test_a_very_deep_schema_is_a_typed_error(read: Any) -> None:
    wire = {"tools": [{"type": "function", "name": "deep", "parameters": deep_schema(300)}]}
    before = snapshot(wire)
    with pytest.raises(ConversionError, match=r"'deep'.*deeper than 256") as caught:
        read(wire)
    assert isinstance(caught.value.__cause__, SchemaTooDeepError)
    assert caught.value.path[:5] == ("tools", 0, "parameters", "properties", "x")
    assert caught.value.path.count("parameters") == 1
    assert snapshot(wire) == before
    assert (
        one(read({"type": "function", "name": "ok", "parameters": deep_schema(100)})).name == "ok"
    )


@pytest.mark.parametrize("write", [to_openai, to_openai_responses])
@pytest.mark.parametrize(
    "value",
    [
        CHAT,
        "get_weather",
        3,
        None,
        [WEATHER, CHAT],
        [WEATHER, WEATHER.replace(description="again")],
    ],
    ids=["dict", "str", "int", "None", "a dict in the list", "two tools, one name"],
)
def test_writing_refuses_what_is_not_tools(write: Any, value: Any) -> None:
    with pytest.raises(ConversionError):
        write(value)


def test_two_tools_with_one_name_say_which() -> None:
    with pytest.raises(ConversionError, match="two tools are named 'get_weather'") as caught:
        to_openai([WEATHER, Tool(name="x"), WEATHER.replace(description="again")])
    assert caught.value.path == (2, "name")


# -- the corpus -----------------------------------------------------------------------------


def corpus(data: Path) -> list[list[Tool]]:
    files = sorted((data / "corpus" / "mcp").glob("*.json"))
    assert files, "the MCP corpus is empty"
    return [many(from_mcp(json.loads(path.read_text()))) for path in files]


def test_every_corpus_tool_goes_to_openai_and_back(data_dir: Path) -> None:
    count = 0
    for tools in corpus(data_dir):
        pairs: tuple[tuple[Target, Any, Any], ...] = (
            ("openai", to_openai, from_openai),
            ("openai-responses", to_openai_responses, from_openai_responses),
        )
        for target, write, read in pairs:
            conversion = convert(tools, target)
            assert write(tools) == conversion.output
            back = many(read(conversion.output))
            for tool, wire, again in zip(tools, conversion.output, back, strict=True):
                function = wire["function"] if target == "openai" else wire
                assert function["strict"] is False
                assert len(function["description"]) <= 1024
                assert conversion.names.original(again.name) == tool.name
                assert again.meta == {"source": target, "openai": {"strict": False}}
            assert write(back) == conversion.output  # written again: the same wire
            count += len(tools)
    assert count > 2000


# -- one writer, two paths: the wire object alone, or with its report ---------------------


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)  # keeps key order: order is compared too


def _frozen_throughout(value: Any) -> bool:
    if isinstance(value, dict):
        return type(value) is FrozenDict and all(_frozen_throughout(v) for v in value.values())
    if isinstance(value, list):
        return type(value) is FrozenList and all(_frozen_throughout(v) for v in value)
    return True


@pytest.mark.parametrize("strict", [True, False, None])
def test_the_wire_alone_is_what_convert_writes(data_dir: Path, strict: bool | None) -> None:
    # to_openai(tool) writes the wire object without its report and plan; convert
    # writes both. Each path on its own tools: neither finds the other's cache.
    for tools, twins in zip(corpus(data_dir), corpus(data_dir), strict=True):
        for tool, twin in zip(tools, twins, strict=True):
            for target, write in (("openai", to_openai), ("openai-responses", to_openai_responses)):
                alone = write(tool, strict=strict)
                written = convert(twin, target, strict=strict).output  # type: ignore[arg-type]
                assert _text(alone) == _text(written), tool.name
                assert _frozen_throughout(alone)
                hash(alone)  # the frozen containers' cached hash slot is set


def test_the_wire_alone_does_not_hide_the_report() -> None:
    tool = Tool(
        name="search",
        description="Search.",
        input_schema={"type": "object", "properties": {"q": {"type": "string", "default": "x"}}},
    )
    wire = to_openai(tool, strict=True)
    conversion = convert(tool, "openai", strict=True)
    assert conversion.output is wire  # one object for every caller, in either order
    assert {entry.keyword for entry in conversion.report} >= {"default", "required"}
    assert conversion.plans  # the way back for the nullable optional property
    other = Tool(name="search", input_schema=tool.input_schema)
    assert convert(other, "openai", strict=True).output is to_openai(other, strict=True)


_KEYWORDS: st.SearchStrategy[Any] = st.fixed_dictionaries(
    {},
    optional={
        "description": st.text(max_size=4),
        "default": st.one_of(st.none(), st.integers(-2, 2), st.text(max_size=3)),
        "format": st.sampled_from(["date", "uri", 3]),  # 3: malformed, a strict walk trips
        "minLength": st.integers(0, 3),
        "enum": st.lists(st.one_of(st.none(), st.text(max_size=2)), max_size=3),
        "not": st.just({"$ref": "#/$defs/A"}),  # a reference where the walk does not go
    },
)


def _schemas() -> st.SearchStrategy[Any]:
    leaves = st.one_of(
        st.builds(
            lambda kind, words: {"type": kind, **words},
            st.sampled_from(["string", "integer", "boolean", "null", ["string", "null"]]),
            _KEYWORDS,
        ),
        st.booleans(),
        st.just({}),
        st.just({"$ref": "#/$defs/A"}),
        st.just({"$ref": "#/$defs/B"}),  # a reference to nothing
    )

    def extend(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
        names = st.sampled_from(["a", "b", "$ref", "definitions"])
        return st.one_of(
            st.fixed_dictionaries(
                {"type": st.just("object"), "properties": st.dictionaries(names, children)},
                optional={
                    "required": st.lists(names, max_size=2),
                    "additionalProperties": st.one_of(st.booleans(), children),
                },
            ),
            st.fixed_dictionaries(
                {"type": st.just("array")}, optional={"items": st.one_of(children, st.just(5))}
            ),
            st.fixed_dictionaries({"anyOf": st.lists(children, max_size=2)}),
            st.fixed_dictionaries({"oneOf": st.lists(children, max_size=2)}),
            st.fixed_dictionaries({"allOf": st.lists(children, max_size=2)}),
        )

    return st.recursive(leaves, extend, max_leaves=8)


def _written(write: Any, *args: Any, **options: Any) -> Any:
    """The wire object as JSON text (key order kept), or the error raised instead."""
    try:
        written = write(*args, **options)
    except ToolbridgeError as error:
        return type(error).__name__, str(error), getattr(error, "path", None)
    return _text(written if write is not convert else written.output)


_DEFINITIONS: Final = (
    None,
    {"A": {"type": "object", "properties": {"x": {"type": "string"}}}},
    {"A": {"type": "object", "properties": {"x": {"type": "string"}}, "required": 5}},
)
"""No definitions, a well-formed ``A``, a malformed one (a strict walk trips inside it)."""


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.dictionaries(st.sampled_from(["a", "b", "c"]), _schemas(), max_size=3),
    st.sampled_from(_DEFINITIONS),
    st.sampled_from(["fallback", "raise"]),
)
@example(  # an allOf of a reference is merged once inlined: strict on both paths
    properties={"a": {"allOf": [{"$ref": "#/$defs/A"}]}},
    definitions=_DEFINITIONS[1],
    on_unsupported="fallback",
)
@example(  # beside another part: read unmerged on the walk as it is, merged once inlined
    properties={"a": {"allOf": [{}, {"$ref": "#/$defs/A"}]}},
    definitions=_DEFINITIONS[1],
    on_unsupported="fallback",
)
def test_the_wire_alone_and_convert_agree_on_any_schema(
    properties: dict[str, Any], definitions: dict[str, Any] | None, on_unsupported: Any
) -> None:
    # The light path ends at the first reason a schema cannot be strict and inlines
    # only when it met a reference and no reason: it must still write (or raise)
    # exactly what the full write does, malformed and referring schemas included.
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if definitions is not None:
        schema["$defs"] = definitions
    options = {"strict": True, "on_unsupported": on_unsupported}
    for target, write in (("openai", to_openai), ("openai-responses", to_openai_responses)):
        alone = _written(write, Tool(name="t", input_schema=schema), **options)
        full = _written(convert, Tool(name="t", input_schema=schema), target, **options)
        assert alone == full
