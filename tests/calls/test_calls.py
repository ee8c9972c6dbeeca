"""Tool calls in, results out: every provider's call shapes, and results shaped back."""

from __future__ import annotations

import base64
import dataclasses
import json
from typing import Any

import pytest

import toolbridge.calls
from toolbridge import (
    AudioContent,
    BlobResourceContents,
    ConfigError,
    ConversionError,
    EmbeddedResource,
    FrozenDict,
    ImageContent,
    ResourceLink,
    TextContent,
    TextResourceContents,
    ToolCallError,
    ToolResult,
    tool,
)
from toolbridge.calls import (
    PROVIDERS,
    Provider,
    ToolCall,
    execute_tool_calls,
    model_turn,
    parse_tool_calls,
    result_message,
    results_turn,
    run_tools_loop,
)

PNG = base64.b64encode(b"\x89PNG\r\n\x1a\nfake").decode()

# -- realistic inputs, as each API returns them (parallel calls where it can) --------

OPENAI_RESPONSE: dict[str, Any] = {
    "id": "chatcmpl-abc123",
    "object": "chat.completion",
    "model": "gpt-4o",
    "choices": [
        {
            "index": 0,
            "message": {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "call_abc",
                        "type": "function",
                        "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
                    },
                    {
                        "id": "call_def",
                        "type": "function",
                        "function": {"name": "get_time", "arguments": '{"tz": "Europe/Paris"}'},
                    },
                ],
            },
            "finish_reason": "tool_calls",
        }
    ],
    "usage": {"prompt_tokens": 82, "completion_tokens": 17, "total_tokens": 99},
}

RESPONSES_RESPONSE: dict[str, Any] = {
    "id": "resp_1",
    "object": "response",
    "output": [
        {"type": "reasoning", "id": "rs_1", "summary": []},
        {
            "type": "function_call",
            "id": "fc_1",
            "call_id": "call_1",
            "name": "get_weather",
            "arguments": '{"city":"Paris"}',
            "status": "completed",
        },
        {
            "type": "function_call",
            "id": "fc_2",
            "call_id": "call_2",
            "name": "get_time",
            "arguments": '{"tz":"Europe/Paris"}',
            "status": "completed",
        },
    ],
}

ANTHROPIC_MESSAGE: dict[str, Any] = {
    "id": "msg_01",
    "type": "message",
    "role": "assistant",
    "model": "claude-sonnet-4-5",
    "stop_reason": "tool_use",
    "content": [
        {"type": "text", "text": "Let me check."},
        {
            "type": "tool_use",
            "id": "toolu_01",
            "name": "get_weather",
            "input": {"city": "Paris"},
        },
        {
            "type": "tool_use",
            "id": "toolu_02",
            "name": "get_time",
            "input": {"tz": "Europe/Paris"},
        },
    ],
}

GEMINI_RESPONSE: dict[str, Any] = {
    "candidates": [
        {
            "content": {
                "role": "model",
                "parts": [
                    {
                        "functionCall": {
                            "id": "fc-1",
                            "name": "get_weather",
                            "args": {"city": "Paris"},
                        }
                    },
                    {"functionCall": {"name": "get_time", "args": {"tz": "Europe/Paris"}}},
                ],
            },
            "finishReason": "STOP",
        }
    ],
    "usageMetadata": {"promptTokenCount": 10, "totalTokenCount": 20},
}

BEDROCK_RESPONSE: dict[str, Any] = {
    "ResponseMetadata": {"RequestId": "r-1", "HTTPStatusCode": 200},
    "output": {
        "message": {
            "role": "assistant",
            "content": [
                {"text": "Let me check."},
                {
                    "toolUse": {
                        "toolUseId": "tooluse_1",
                        "name": "get_weather",
                        "input": {"city": "Paris"},
                    }
                },
                {
                    "toolUse": {
                        "toolUseId": "tooluse_2",
                        "name": "get_time",
                        "input": {"tz": "Europe/Paris"},
                    }
                },
            ],
        }
    },
    "stopReason": "tool_use",
}

MCP_REQUEST: dict[str, Any] = {
    "jsonrpc": "2.0",
    "id": 7,
    "method": "tools/call",
    "params": {"name": "get_weather", "arguments": {"city": "Paris"}},
}

RESPONSES: dict[Provider, Any] = {
    "openai": OPENAI_RESPONSE,
    "openai-responses": RESPONSES_RESPONSE,
    "anthropic": ANTHROPIC_MESSAGE,
    "gemini": GEMINI_RESPONSE,
    "bedrock": BEDROCK_RESPONSE,
    "mcp": MCP_REQUEST,
}

EXPECTED_IDS: dict[Provider, list[str | None]] = {
    "openai": ["call_abc", "call_def"],
    "openai-responses": ["call_1", "call_2"],
    "anthropic": ["toolu_01", "toolu_02"],
    "gemini": ["fc-1", None],
    "bedrock": ["tooluse_1", "tooluse_2"],
    "mcp": ["7"],
}


class SdkObject:
    """A stand-in for an SDK model: only ``model_dump()`` is read."""

    def __init__(self, data: Any) -> None:
        self._data = data

    def model_dump(self) -> dict[str, Any]:
        data: dict[str, Any] = self._data
        return data


class ProtoObject:
    """A stand-in for objects that offer ``to_dict()`` instead."""

    def __init__(self, data: Any) -> None:
        self._data = data

    def to_dict(self) -> Any:
        return self._data


def _names(calls: tuple[ToolCall, ...]) -> list[str]:
    return [call.name for call in calls]


# -- parsing: whole responses ---------------------------------------------------------


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_whole_response_gives_every_call_in_order(provider: Provider) -> None:
    calls = parse_tool_calls(RESPONSES[provider], provider)
    assert [call.id for call in calls] == EXPECTED_IDS[provider]
    assert calls[0] == ToolCall(
        id=EXPECTED_IDS[provider][0],
        name="get_weather",
        arguments={"city": "Paris"},
        provider=provider,
    )
    if len(calls) > 1:
        assert calls[1].name == "get_time"
        assert calls[1].arguments == {"tz": "Europe/Paris"}
    assert all(call.provider == provider for call in calls)
    assert all(type(call.arguments) is FrozenDict for call in calls)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_sdk_objects_are_read_structurally(provider: Provider) -> None:
    expected = parse_tool_calls(RESPONSES[provider], provider)
    assert parse_tool_calls(SdkObject(RESPONSES[provider]), provider) == expected
    assert parse_tool_calls(ProtoObject(RESPONSES[provider]), provider) == expected


def test_sdk_objects_nested_in_plain_data_are_read() -> None:
    blocks = [SdkObject(block) for block in ANTHROPIC_MESSAGE["content"]]
    calls = parse_tool_calls({"role": "assistant", "content": blocks}, "anthropic")
    assert _names(calls) == ["get_weather", "get_time"]


def test_the_arguments_are_immutable() -> None:
    (call, *_) = parse_tool_calls(ANTHROPIC_MESSAGE, "anthropic")
    with pytest.raises(TypeError):
        call.arguments["city"] = "Rome"  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        call.name = "other"  # type: ignore[misc]


# -- parsing: the other natural inputs, per provider ----------------------------------


def test_openai_message_list_and_single_call() -> None:
    message = OPENAI_RESPONSE["choices"][0]["message"]
    tool_calls = message["tool_calls"]
    assert _names(parse_tool_calls(message, "openai")) == ["get_weather", "get_time"]
    assert _names(parse_tool_calls(tool_calls, "openai")) == ["get_weather", "get_time"]
    assert _names(parse_tool_calls(tool_calls[1], "openai")) == ["get_time"]


def test_openai_without_tool_calls_gives_nothing() -> None:
    assert (
        parse_tool_calls({"role": "assistant", "content": "Hi", "tool_calls": None}, "openai") == ()
    )
    assert parse_tool_calls({"role": "assistant", "content": "Hi"}, "openai") == ()
    assert parse_tool_calls({"choices": []}, "openai") == ()


def test_openai_arguments_given_as_an_object_are_accepted() -> None:
    call = {"id": "c", "type": "function", "function": {"name": "f", "arguments": {"a": 1}}}
    assert parse_tool_calls([call], "openai")[0].arguments == {"a": 1}


def test_openai_custom_tool_calls_are_refused_not_skipped() -> None:
    call = {"id": "c", "type": "custom", "custom": {"name": "f", "input": "x"}}
    with pytest.raises(ToolCallError, match="custom") as caught:
        parse_tool_calls([call], "openai")
    assert caught.value.path == (0, "type")


def test_responses_item_list_and_single_item() -> None:
    items = RESPONSES_RESPONSE["output"]
    assert [c.id for c in parse_tool_calls(items, "openai-responses")] == ["call_1", "call_2"]
    assert _names(parse_tool_calls(items[2], "openai-responses")) == ["get_time"]


def test_responses_pairs_on_call_id_not_item_id() -> None:
    (call, _) = parse_tool_calls(RESPONSES_RESPONSE, "openai-responses")
    assert call.id == "call_1"


def test_anthropic_block_list_single_block_and_text_only() -> None:
    blocks = ANTHROPIC_MESSAGE["content"]
    assert _names(parse_tool_calls(blocks, "anthropic")) == ["get_weather", "get_time"]
    assert _names(parse_tool_calls(blocks[2], "anthropic")) == ["get_time"]
    assert parse_tool_calls({"role": "assistant", "content": "Hello"}, "anthropic") == ()


def test_anthropic_camel_case_variant() -> None:
    block = {"type": "toolUse", "toolUseId": "toolu_9", "name": "f", "input": {"a": 1}}
    (call,) = parse_tool_calls([block], "anthropic")
    assert (call.id, call.name, call.arguments) == ("toolu_9", "f", {"a": 1})


def test_anthropic_server_tool_use_is_not_a_client_call() -> None:
    block = {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}}
    assert parse_tool_calls([block], "anthropic") == ()


def test_gemini_content_parts_and_snake_case() -> None:
    content = GEMINI_RESPONSE["candidates"][0]["content"]
    assert _names(parse_tool_calls(content, "gemini")) == ["get_weather", "get_time"]
    assert _names(parse_tool_calls(content["parts"], "gemini")) == ["get_weather", "get_time"]
    # python-genai's model_dump(): snake_case, every field present, None when unset
    part = {
        "text": None,
        "function_call": {"id": None, "name": "get_time", "args": None},
        "function_response": None,
        "inline_data": None,
    }
    (call,) = parse_tool_calls(
        SdkObject({"candidates": [{"content": {"parts": [part]}}]}), "gemini"
    )
    assert (call.id, call.name, call.arguments) == (None, "get_time", {})


def test_gemini_blocked_candidate_gives_nothing() -> None:
    blocked = {"candidates": [{"finishReason": "SAFETY"}]}
    assert parse_tool_calls(blocked, "gemini") == ()
    assert parse_tool_calls({"candidates": []}, "gemini") == ()


def test_bedrock_message_and_content_list() -> None:
    message = BEDROCK_RESPONSE["output"]["message"]
    assert _names(parse_tool_calls(message, "bedrock")) == ["get_weather", "get_time"]
    assert _names(parse_tool_calls(message["content"], "bedrock")) == ["get_weather", "get_time"]


def test_bedrock_non_object_input_is_refused() -> None:
    block = {"toolUse": {"toolUseId": "t", "name": "f", "input": [1, 2]}}
    with pytest.raises(ToolCallError, match="not an array") as caught:
        parse_tool_calls([block], "bedrock")
    assert caught.value.path == (0, "toolUse", "input")


def test_mcp_params_and_request() -> None:
    (call,) = parse_tool_calls(MCP_REQUEST["params"], "mcp")
    assert (call.id, call.name, call.arguments) == (None, "get_weather", {"city": "Paris"})
    (call,) = parse_tool_calls({"name": "ping"}, "mcp")
    assert call.arguments == {}
    with_string_id = {**MCP_REQUEST, "id": "req-1"}
    assert parse_tool_calls(with_string_id, "mcp")[0].id == "req-1"


def test_mcp_other_methods_are_refused() -> None:
    with pytest.raises(ToolCallError, match="tools/list") as caught:
        parse_tool_calls({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, "mcp")
    assert caught.value.path == ("method",)


# -- parsing: malformed input ---------------------------------------------------------


def _openai_with_arguments(arguments: str) -> dict[str, Any]:
    response: dict[str, Any] = json.loads(json.dumps(OPENAI_RESPONSE))
    response["choices"][0]["message"]["tool_calls"][1]["function"]["arguments"] = arguments
    return response


SECOND_ARGUMENTS = ("choices", 0, "message", "tool_calls", 1, "function", "arguments")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ('{"city": "Par', "not valid JSON"),  # truncated
        ("{city: Paris}", "not valid JSON"),  # malformed
        ('{"a": 1} trailing', "not valid JSON"),
        ("[1, 2]", "not an array"),
        ("42", "not a number"),
        ("null", "not null"),
        ('"text"', "not a string"),
        ("true", "not a boolean"),
        ('{"a": NaN}', "not JSON"),
        ("1" * 5000, "not valid JSON"),  # an integer too long to read
    ],
)
def test_malformed_openai_arguments(arguments: str, message: str) -> None:
    with pytest.raises(ToolCallError, match=message) as caught:
        parse_tool_calls(_openai_with_arguments(arguments), "openai")
    error = caught.value
    assert error.path[: len(SECOND_ARGUMENTS)] == SECOND_ARGUMENTS
    assert error.raw is not None
    assert error.raw.startswith(arguments[:100])
    assert isinstance(error, ConversionError)


@pytest.mark.parametrize("arguments", ["", "   ", "\n"])
def test_empty_arguments_mean_an_empty_object(arguments: str) -> None:
    calls = parse_tool_calls(_openai_with_arguments(arguments), "openai")
    assert calls[1].arguments == {}


def test_malformed_responses_arguments_name_the_item() -> None:
    items = [{"type": "function_call", "call_id": "c", "name": "f", "arguments": '{"a":'}]
    with pytest.raises(ToolCallError) as caught:
        parse_tool_calls({"output": items}, "openai-responses")
    assert caught.value.path == ("output", 0, "arguments")
    assert caught.value.raw == '{"a":'


def test_a_megabyte_of_arguments_is_bounded_in_raw() -> None:
    huge = '{"data": "' + "x" * 1_000_000  # truncated: no closing quote or brace
    with pytest.raises(ToolCallError) as caught:
        parse_tool_calls(_openai_with_arguments(huge), "openai")
    raw = caught.value.raw
    assert raw is not None
    assert len(raw) < ToolCallError.RAW_LIMIT + 100
    assert raw.startswith('{"data": "xxx')
    assert len(str(caught.value)) < 1_000


@pytest.mark.parametrize("depth", [300, 100_000])
def test_deeply_nested_arguments_never_raise_recursion_error(depth: int) -> None:
    deep = "[" * depth + "]" * depth
    with pytest.raises(ToolCallError) as caught:
        parse_tool_calls(_openai_with_arguments('{"a": ' + deep + "}"), "openai")
    assert caught.value.raw is not None
    assert len(caught.value.raw) < ToolCallError.RAW_LIMIT + 100


def test_deeply_nested_object_arguments_never_raise_recursion_error() -> None:
    deep: Any = {}
    for _ in range(100_000):
        deep = {"a": deep}
    block = {"type": "tool_use", "id": "t", "name": "f", "input": deep}
    with pytest.raises(ToolCallError, match=r"deeper|deeply"):
        parse_tool_calls([block], "anthropic")


def test_deeply_nested_sdk_dump_never_raises_recursion_error() -> None:
    class Deep:
        def model_dump(self) -> Any:
            raise RecursionError("maximum recursion depth exceeded")

    with pytest.raises(ToolCallError, match="too deeply"):
        parse_tool_calls(Deep(), "anthropic")


@pytest.mark.parametrize(
    ("provider", "message", "path"),
    [
        (
            "openai",
            [{"id": "c", "type": "function", "function": {"arguments": "{}"}}],
            (0, "function", "name"),
        ),
        (
            "openai-responses",
            [{"type": "function_call", "call_id": "c", "arguments": "{}"}],
            (0, "name"),
        ),
        ("anthropic", [{"type": "tool_use", "id": "t", "input": {}}], (0, "name")),
        ("gemini", [{"functionCall": {"args": {}}}], (0, "functionCall", "name")),
        ("bedrock", [{"toolUse": {"toolUseId": "t", "input": {}}}], (0, "toolUse", "name")),
        ("mcp", {"method": "tools/call", "id": 1, "params": {"arguments": {}}}, ("params", "name")),
    ],
)
def test_a_missing_name_is_refused(provider: Provider, message: Any, path: tuple[Any, ...]) -> None:
    with pytest.raises(ToolCallError, match="no name") as caught:
        parse_tool_calls(message, provider)
    assert caught.value.path == path
    assert caught.value.raw is not None


def test_odd_field_types_are_skipped_or_refused_not_crashing() -> None:
    assert parse_tool_calls([{"type": {"odd": 1}}], "anthropic") == ()
    with pytest.raises(ToolCallError, match="must be an array") as caught:
        parse_tool_calls({"role": "assistant", "tool_calls": "nope"}, "openai")
    assert caught.value.path == ("tool_calls",)
    with pytest.raises(ToolCallError, match="must be an object") as caught:
        parse_tool_calls({"output": {"message": None}}, "bedrock")
    assert caught.value.path == ("output", "message")


def test_an_empty_name_is_refused() -> None:
    with pytest.raises(ToolCallError, match="non-empty"):
        parse_tool_calls([{"type": "tool_use", "id": "t", "name": "", "input": {}}], "anthropic")


@pytest.mark.parametrize("provider", PROVIDERS)
def test_an_unknown_shape_is_refused(provider: Provider) -> None:
    with pytest.raises(ToolCallError, match=r"not|must be"):
        parse_tool_calls({"unexpected": True}, provider)
    with pytest.raises(ToolCallError):
        parse_tool_calls("a string", provider)


def test_an_unknown_provider_is_refused() -> None:
    with pytest.raises(ToolCallError, match="unknown provider"):
        parse_tool_calls({}, "cohere")  # type: ignore[arg-type]


def test_a_non_string_id_is_refused() -> None:
    with pytest.raises(ToolCallError, match="id must be a string") as caught:
        parse_tool_calls([{"type": "tool_use", "id": 5, "name": "f", "input": {}}], "anthropic")
    assert caught.value.path == (0, "id")


def test_tool_call_checks_its_own_fields() -> None:
    with pytest.raises(ToolCallError):
        ToolCall(id=None, name="", provider="mcp")
    with pytest.raises(ToolCallError):
        ToolCall(id=None, name="f", arguments={"a": {1, 2}}, provider="mcp")
    with pytest.raises(ToolCallError):
        ToolCall(id=None, name="f", provider="cohere")  # type: ignore[arg-type]
    call = ToolCall(id=None, name="f", arguments={"a": [1]}, provider="mcp")
    assert type(call.arguments) is FrozenDict


# -- shaping results back -------------------------------------------------------------

TEXT = ToolResult.from_text("18°C and sunny")
STRUCTURED = ToolResult.from_json({"temperature": 18, "sky": "sunny"})
ERROR = ToolResult.from_error("city not found")
IMAGE = ToolResult(
    content=(TextContent(text="the map"), ImageContent(data=PNG, mime_type="image/png"))
)


def _call(provider: Provider, call_id: str | None = "id-1") -> ToolCall:
    return ToolCall(id=call_id, name="get_weather", arguments={}, provider=provider)


def test_openai_chat_shapes() -> None:
    call = _call("openai")
    assert result_message(TEXT, call) == {
        "role": "tool",
        "tool_call_id": "id-1",
        "content": "18°C and sunny",
    }
    assert json.loads(result_message(STRUCTURED, call)["content"]) == {
        "temperature": 18,
        "sky": "sunny",
    }
    assert result_message(ERROR, call)["content"] == "Error: city not found"
    assert result_message(IMAGE, call)["content"] == (
        "the map\n[image (image/png) omitted: "
        "OpenAI Chat Completions tool results carry no image content]"
    )


def test_openai_responses_shapes() -> None:
    call = _call("openai-responses")
    assert result_message(TEXT, call) == {
        "type": "function_call_output",
        "call_id": "id-1",
        "output": "18°C and sunny",
    }
    assert json.loads(result_message(STRUCTURED, call)["output"])["sky"] == "sunny"
    assert result_message(ERROR, call)["output"] == "Error: city not found"
    assert result_message(IMAGE, call)["output"] == [
        {"type": "input_text", "text": "the map"},
        {"type": "input_image", "image_url": f"data:image/png;base64,{PNG}"},
    ]
    image_error = dataclasses.replace(IMAGE, is_error=True)
    assert result_message(image_error, call)["output"][0] == {
        "type": "input_text",
        "text": "Error: the map",
    }
    only_image = ToolResult(content=(ImageContent(data=PNG, mime_type="image/png"),), is_error=True)
    output = result_message(only_image, call)["output"]
    assert output[0] == {"type": "input_text", "text": "Error: the tool failed without a message"}
    assert output[1]["type"] == "input_image"


def test_anthropic_shapes() -> None:
    call = _call("anthropic")
    assert result_message(TEXT, call) == {
        "type": "tool_result",
        "tool_use_id": "id-1",
        "content": [{"type": "text", "text": "18°C and sunny"}],
        "is_error": False,
    }
    structured = result_message(STRUCTURED, call)["content"]
    assert len(structured) == 1
    assert json.loads(structured[0]["text"]) == {"temperature": 18, "sky": "sunny"}
    assert result_message(ERROR, call)["is_error"] is True
    assert result_message(ERROR, call)["content"] == [{"type": "text", "text": "city not found"}]
    assert result_message(IMAGE, call)["content"] == [
        {"type": "text", "text": "the map"},
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}},
    ]


def test_gemini_shapes() -> None:
    call = _call("gemini")
    assert result_message(TEXT, call) == {
        "functionResponse": {
            "name": "get_weather",
            "id": "id-1",
            "response": {"output": "18°C and sunny"},
        }
    }
    assert result_message(STRUCTURED, call)["functionResponse"]["response"] == {
        "output": {"temperature": 18, "sky": "sunny"}
    }
    assert result_message(ERROR, call)["functionResponse"]["response"] == {
        "error": "city not found"
    }
    image = result_message(IMAGE, call)["functionResponse"]["response"]["output"]
    assert (
        image == "the map\n[image (image/png) omitted: Gemini tool results carry no image content]"
    )
    without_id = result_message(TEXT, _call("gemini", None))["functionResponse"]
    assert "id" not in without_id


def test_gemini_keeps_text_beside_structured_content() -> None:
    result = ToolResult(content=(TextContent(text="Done."),), structured_content={"ok": True})
    response = result_message(result, _call("gemini"))["functionResponse"]["response"]
    assert response == {"output": {"ok": True}, "content": "Done."}


def test_bedrock_shapes() -> None:
    call = _call("bedrock")
    assert result_message(TEXT, call) == {
        "toolResult": {
            "toolUseId": "id-1",
            "content": [{"text": "18°C and sunny"}],
            "status": "success",
        }
    }
    assert result_message(STRUCTURED, call)["toolResult"]["content"] == [
        {"json": {"temperature": 18, "sky": "sunny"}}
    ]
    assert result_message(ERROR, call)["toolResult"]["status"] == "error"
    assert result_message(IMAGE, call)["toolResult"]["content"] == [
        {"text": "the map"},
        {"image": {"format": "png", "source": {"bytes": b"\x89PNG\r\n\x1a\nfake"}}},
    ]


def test_bedrock_refuses_malformed_base64() -> None:
    bad = ToolResult(content=(ImageContent(data="not base64!", mime_type="image/png"),))
    with pytest.raises(ConversionError, match="base64"):
        result_message(bad, _call("bedrock"))


def test_mcp_shape_is_the_call_tool_result() -> None:
    for result in (TEXT, STRUCTURED, ERROR, IMAGE):
        assert result_message(result, _call("mcp")) == result.to_dict()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_the_error_flag_is_never_lost(provider: Provider) -> None:
    shaped = json.dumps(result_message(ERROR, _call(provider)), default=repr)
    flags = ('"is_error": true', '"status": "error"', '"error":', '"isError": true', "Error: ")
    assert any(flag in shaped for flag in flags)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_audio_becomes_a_note_not_silence(provider: Provider) -> None:
    result = ToolResult(content=(AudioContent(data="AAAA", mime_type="audio/wav"),))
    shaped = json.dumps(result_message(result, _call(provider)))
    assert "audio/wav" in shaped


def test_resources_become_text() -> None:
    result = ToolResult(
        content=(
            ResourceLink(uri="file:///a.txt", name="a.txt", description="the notes"),
            EmbeddedResource(resource=TextResourceContents(uri="file:///b", text="inline")),
            EmbeddedResource(
                resource=BlobResourceContents(uri="file:///c", blob=PNG, mime_type="image/png")
            ),
            EmbeddedResource(resource=BlobResourceContents(uri="file:///d.zip", blob="AAAA")),
        )
    )
    text = result_message(result, _call("openai"))["content"]
    assert "[resource: a.txt <file:///a.txt>] the notes" in text
    assert "inline" in text
    assert "application/octet-stream, file:///d.zip" in text
    blocks = result_message(result, _call("anthropic"))["content"]
    assert {
        "type": "image",
        "source": {"type": "base64", "media_type": "image/png", "data": PNG},
    } in blocks


def test_structured_content_is_added_as_text_when_no_block_renders_it() -> None:
    result = ToolResult(content=(TextContent(text="Done."),), structured_content={"ok": True})
    assert result_message(result, _call("openai"))["content"] == 'Done.\n{"ok": true}'
    bedrock = result_message(result, _call("bedrock"))["toolResult"]["content"]
    assert bedrock == [{"json": {"ok": True}}, {"text": "Done."}]


def test_unsupported_image_types_become_notes() -> None:
    result = ToolResult(content=(ImageContent(data=PNG, mime_type="image/tiff"),))
    assert result_message(result, _call("anthropic"))["content"] == [
        {
            "type": "text",
            "text": "[image (image/tiff) omitted: Anthropic tool results carry no image content]",
        }
    ]


@pytest.mark.parametrize("provider", ["openai", "openai-responses", "anthropic", "bedrock"])
def test_targets_that_pair_by_id_need_one(provider: Provider) -> None:
    gemini_call = _call("gemini", None)
    with pytest.raises(ConversionError, match="pairs results"):
        result_message(TEXT, gemini_call, provider)


def test_an_unknown_target_is_refused() -> None:
    with pytest.raises(ConversionError, match="unknown provider"):
        result_message(TEXT, _call("mcp"), "cohere")  # type: ignore[arg-type]


# -- parse, then shape: ids pair up ---------------------------------------------------

_ID_FIELDS: dict[Provider, Any] = {
    "openai": lambda shaped: shaped["tool_call_id"],
    "openai-responses": lambda shaped: shaped["call_id"],
    "anthropic": lambda shaped: shaped["tool_use_id"],
    "gemini": lambda shaped: shaped["functionResponse"].get("id"),
    "bedrock": lambda shaped: shaped["toolResult"]["toolUseId"],
}


@pytest.mark.parametrize("provider", [p for p in PROVIDERS if p != "mcp"])
def test_parse_then_shape_pairs_ids(provider: Provider) -> None:
    calls = parse_tool_calls(RESPONSES[provider], provider)
    shaped = [result_message(TEXT, call) for call in calls]
    assert [_ID_FIELDS[provider](item) for item in shaped] == EXPECTED_IDS[provider]
    if provider == "gemini":
        assert [item["functionResponse"]["name"] for item in shaped] == ["get_weather", "get_time"]


def test_a_call_can_be_answered_in_another_format() -> None:
    (call, _) = parse_tool_calls(ANTHROPIC_MESSAGE, "anthropic")
    assert result_message(TEXT, call, "bedrock")["toolResult"]["toolUseId"] == "toolu_01"


# -- the public surface ---------------------------------------------------------------


def test_all_is_sorted_and_resolves() -> None:
    names = list(toolbridge.calls.__all__)
    assert len(names) == len(set(names))
    # ruff's RUF022 order: CONSTANTS, then Classes, then functions, each alphabetical
    assert names == sorted(names, key=lambda n: (not n.isupper(), not n[:1].isupper(), n))
    for name in toolbridge.calls.__all__:
        assert getattr(toolbridge.calls, name) is not None


def test_tool_call_fields_are_documented_and_keyword_only() -> None:
    fields = dataclasses.fields(ToolCall)
    assert [field.name for field in fields] == ["id", "name", "arguments", "provider"]
    assert all(field.kw_only for field in fields)
    with pytest.raises(TypeError):
        ToolCall("id", "name", {}, "mcp")  # type: ignore[call-arg]


# -- running a response's calls: what a call needs, and what one bad call costs -----

charged: list[int] = []


@tool
def charge(amount: int) -> str:
    """Charge the customer's card (a side effect: it must never run unanswered)."""
    charged.append(amount)
    return f"charged {amount}"


@pytest.fixture(autouse=True)
def _no_charges() -> None:
    charged.clear()


def _openai_call(call_id: object = ..., arguments: str = '{"amount": 1}') -> dict[str, Any]:
    function = {"name": "charge", "arguments": arguments}
    call: dict[str, Any] = {"type": "function", "function": function}
    if call_id is not ...:
        call["id"] = call_id
    return call


def _anthropic_use(use_id: object = ..., **fields: Any) -> dict[str, Any]:
    block: dict[str, Any] = {"type": "tool_use", "name": "charge", "input": {"amount": 1}}
    if use_id is not ...:
        block["id"] = use_id
    return block | fields


def _bedrock_use(use_id: object = ..., **fields: Any) -> dict[str, Any]:
    use: dict[str, Any] = {"name": "charge", "input": {"amount": 1}}
    if use_id is not ...:
        use["toolUseId"] = use_id
    return {"toolUse": use | fields}


def _responses_call(call_id: object = ...) -> dict[str, Any]:
    item: dict[str, Any] = {"type": "function_call", "name": "charge", "arguments": "{}"}
    if call_id is not ...:
        item["call_id"] = call_id
    return item


# A first good call, then one that cannot be answered: (provider, response, the bad id's path)
UNANSWERABLE: list[tuple[Provider, Any, tuple[Any, ...]]] = [
    (
        "openai",
        {"role": "assistant", "tool_calls": [_openai_call("a"), _openai_call()]},
        ("tool_calls", 1, "id"),
    ),
    (
        "openai",
        {"role": "assistant", "tool_calls": [_openai_call("a"), _openai_call(None)]},
        ("tool_calls", 1, "id"),
    ),
    (
        "openai",
        {"role": "assistant", "tool_calls": [_openai_call("a"), _openai_call(5)]},
        ("tool_calls", 1, "id"),
    ),
    (
        "openai-responses",
        {"output": [_responses_call("a"), _responses_call()]},
        ("output", 1, "call_id"),
    ),
    ("anthropic", {"content": [_anthropic_use("a"), _anthropic_use()]}, ("content", 1, "id")),
    ("anthropic", {"content": [_anthropic_use("a"), _anthropic_use(None)]}, ("content", 1, "id")),
    (
        "bedrock",
        {"content": [_bedrock_use("a"), _bedrock_use()]},
        ("content", 1, "toolUse", "toolUseId"),
    ),
    (
        "bedrock",
        {"content": [_bedrock_use("a"), _bedrock_use(None)]},
        ("content", 1, "toolUse", "toolUseId"),
    ),
]


@pytest.mark.parametrize(("provider", "response", "path"), UNANSWERABLE)
def test_a_call_that_cannot_be_answered_refuses_the_response_before_any_tool_runs(
    provider: Provider, response: Any, path: tuple[Any, ...]
) -> None:
    with pytest.raises(ToolCallError, match="id") as caught:
        execute_tool_calls(response, provider, [charge])
    assert caught.value.path == path
    assert charged == []  # nothing ran, so nothing's result was lost
    with pytest.raises(ToolCallError, match="id") as parsed:
        parse_tool_calls(response, provider)
    assert parsed.value.path == path


def test_gemini_and_mcp_calls_need_no_id() -> None:
    gemini = {"parts": [{"functionCall": {"name": "charge", "args": {"amount": 2}}}]}
    executed = execute_tool_calls(gemini, "gemini", [charge])
    assert executed.messages[0]["parts"][0]["functionResponse"]["name"] == "charge"
    executed = execute_tool_calls({"name": "charge", "arguments": {"amount": 3}}, "mcp", [charge])
    assert executed.messages[0]["content"][0]["text"] == "charged 3"
    assert charged == [2, 3]


# One good call beside malformed ones: (provider, response, the ids of the answers)
MALFORMED_NEIGHBOURS: list[tuple[Provider, Any]] = [
    (
        "openai",
        [_openai_call("ok"), _openai_call("bad", "[1]"), {"id": "anon", "function": {}}],
    ),
    (
        "openai-responses",
        [
            {**_responses_call("ok"), "arguments": '{"amount": 1}'},
            {**_responses_call("bad"), "arguments": "[1]"},
            {"type": "function_call", "call_id": "anon", "arguments": "{}"},
        ],
    ),
    (
        "anthropic",
        {
            "content": [
                _anthropic_use("ok"),
                _anthropic_use("bad", input=[1]),
                {"type": "tool_use", "id": "anon", "input": {}},
            ]
        },
    ),
    (
        "gemini",
        {
            "parts": [
                {"functionCall": {"id": "ok", "name": "charge", "args": {"amount": 1}}},
                {"functionCall": {"id": "bad", "name": "charge", "args": [1]}},
                {"functionCall": {"id": "anon", "args": {}}},
            ]
        },
    ),
    (
        "bedrock",
        {
            "content": [
                _bedrock_use("ok"),
                _bedrock_use("bad", input=[1]),
                {"toolUse": {"toolUseId": "anon", "input": {}}},
            ]
        },
    ),
    (
        "mcp",
        [
            {
                "jsonrpc": "2.0",
                "id": "ok",
                "method": "tools/call",
                "params": {"name": "charge", "arguments": {"amount": 1}},
            },
            {
                "jsonrpc": "2.0",
                "id": "bad",
                "method": "tools/call",
                "params": {"name": "charge", "arguments": [1]},
            },
            {"jsonrpc": "2.0", "id": "anon", "method": "tools/call", "params": {"arguments": {}}},
        ],
    ),
]


@pytest.mark.parametrize(("provider", "response"), MALFORMED_NEIGHBOURS)
def test_a_malformed_call_gets_its_own_error_result_and_its_neighbour_runs(
    provider: Provider, response: Any
) -> None:
    executed = execute_tool_calls(response, provider, [charge])
    assert charged == [1]
    assert [call.id for call in executed.calls] == ["ok", "bad", "anon"]
    ok, bad, anon = executed.results
    assert not ok.is_error
    assert bad.is_error
    assert "must be a JSON object, not an array" in bad.text
    assert anon.is_error
    assert "no name" in anon.text
    assert len(executed.messages) == (1 if provider in ("anthropic", "gemini", "bedrock") else 3)


def test_a_custom_openai_call_gets_an_error_result_in_a_list_too() -> None:
    custom = {"id": "c", "type": "custom", "custom": {"name": "charge", "input": "1"}}
    executed = execute_tool_calls([_openai_call("ok"), custom], "openai", [charge])
    assert charged == [1]
    assert executed.messages[1]["tool_call_id"] == "c"
    assert "unsupported tool call type 'custom'" in executed.messages[1]["content"]


def test_a_responses_custom_tool_call_gets_a_custom_tool_call_output_error() -> None:
    function = {"type": "function_call", "call_id": "ok", "name": "charge",
                "arguments": '{"amount": 1}'}  # fmt: skip
    custom = {"type": "custom_tool_call", "call_id": "c", "name": "charge", "input": "1"}
    executed = execute_tool_calls(
        {"output": [function, custom, {**function, "call_id": "ok2"}]},
        "openai-responses",
        [charge],
    )
    assert charged == [1, 1]
    assert [message["call_id"] for message in executed.messages] == ["ok", "c", "ok2"]
    answer = executed.messages[1]
    assert answer["type"] == "custom_tool_call_output"  # what answers a custom call
    assert "unsupported tool call type 'custom_tool_call'" in answer["output"]
    assert executed.results[1].is_error


@pytest.mark.parametrize("kind", ["computer_call", "local_shell_call", "shell_call"])
def test_a_responses_call_no_error_text_can_answer_refuses_the_response(kind: str) -> None:
    function = {"type": "function_call", "call_id": "ok", "name": "charge",
                "arguments": '{"amount": 1}'}  # fmt: skip
    other = {"type": kind, "call_id": "k", "action": {}}
    with pytest.raises(ToolCallError, match=f"a {kind} item is a call toolbridge does not run"):
        execute_tool_calls({"output": [function, other]}, "openai-responses", [charge])
    assert charged == []  # refused before anything ran


@pytest.mark.parametrize(
    ("provider", "response", "where"),
    [
        ("openai", [_openai_call("same"), _openai_call("same")], (1,)),
        ("anthropic", [_anthropic_use("same"), _anthropic_use("same")], (1,)),
        ("bedrock", [_bedrock_use("same"), _bedrock_use("same")], (1,)),
        (
            "openai-responses",
            [{"type": "function_call", "call_id": "same", "name": "charge", "arguments": "{}"}] * 2,
            (1,),
        ),
    ],
)
def test_two_calls_with_one_id_are_refused_before_anything_runs(
    provider: str, response: Any, where: tuple[int, ...]
) -> None:
    with pytest.raises(ToolCallError, match="two tool calls have the id 'same'") as caught:
        execute_tool_calls(response, provider, [charge])  # type: ignore[arg-type]
    assert caught.value.path[: len(where)] == where
    assert charged == []
    with pytest.raises(ToolCallError, match="two tool calls have the id"):
        parse_tool_calls(response, provider)  # type: ignore[arg-type]


ANTHROPIC_USE = _anthropic_use("a")
BEDROCK_USE = _bedrock_use("a")
GEMINI_PART = {"functionCall": {"name": "charge", "args": {}}}
RESPONSES_ITEM = _responses_call("a")
OPENAI_CALL = _openai_call("a")

# (input, the provider it was passed as, the provider whose shape it is)
FOREIGN: list[tuple[Any, Provider, Provider]] = [
    ({"role": "assistant", "content": [ANTHROPIC_USE]}, "openai", "anthropic"),
    ({"role": "assistant", "content": None, "tool_calls": [OPENAI_CALL]}, "anthropic", "openai"),
    ({"role": "assistant", "content": [BEDROCK_USE]}, "anthropic", "bedrock"),
    ({"role": "assistant", "content": [ANTHROPIC_USE]}, "bedrock", "anthropic"),
    ({"role": "model", "parts": [GEMINI_PART]}, "openai", "gemini"),
    ({"output": [RESPONSES_ITEM]}, "bedrock", "openai-responses"),
    ({"output": {"message": {"content": [BEDROCK_USE]}}}, "openai-responses", "bedrock"),
    ([RESPONSES_ITEM], "anthropic", "openai-responses"),
    ([ANTHROPIC_USE], "openai", "anthropic"),
    ([GEMINI_PART], "bedrock", "gemini"),
    ([BEDROCK_USE], "gemini", "bedrock"),
    (OPENAI_CALL, "mcp", "openai"),
    (RESPONSES_ITEM, "mcp", "openai-responses"),
    (ANTHROPIC_MESSAGE, "gemini", "anthropic"),
    (OPENAI_RESPONSE, "anthropic", "openai"),
]

_TITLES: dict[Provider, str] = {
    "openai": "OpenAI Chat Completions",
    "openai-responses": "OpenAI Responses",
    "anthropic": "Anthropic",
    "gemini": "Gemini",
    "bedrock": "Bedrock Converse",
    "mcp": "MCP",
}


@pytest.mark.parametrize(("message", "given", "seen"), FOREIGN)
def test_another_providers_shape_is_refused_by_name(
    message: Any, given: Provider, seen: Provider
) -> None:
    with pytest.raises(ToolCallError, match=f"{_TITLES[seen]}.*provider={seen!r}"):
        parse_tool_calls(message, given)
    with pytest.raises(ToolCallError, match=f"provider={seen!r}"):
        execute_tool_calls(message, given, [charge])
    assert charged == []


def test_a_legacy_openai_function_call_is_refused_not_skipped() -> None:
    legacy = {"role": "assistant", "function_call": {"name": "charge", "arguments": "{}"}}
    with pytest.raises(ToolCallError, match="function_call"):
        parse_tool_calls(legacy, "openai")


def test_what_an_error_result_echoes_is_bounded() -> None:
    huge = "x" * 1_000_000
    call = {"id": "a", "type": "function", "function": {"name": huge, "arguments": "{}"}}
    reply = execute_tool_calls([call], "openai", [charge]).messages[0]["content"]
    assert reply.startswith("Error: no tool named 'xxx")
    assert len(reply) < 5_000
    assert "more characters" in reply
    key = json.dumps({huge: 1, "amount": 1})
    reply = execute_tool_calls([_openai_call("a", key)], "openai", [charge]).messages[0]["content"]
    assert len(reply) < 5_000
    odd = {"id": "a", "type": huge, "function": {"name": "charge"}}
    reply = execute_tool_calls([odd], "openai", [charge]).messages[0]["content"]
    assert len(reply) < 5_000


class _Hostile:
    """A response object every way of reading which raises."""

    def __init__(self, where: str) -> None:
        self.where = where

    def __getattr__(self, name: str) -> Any:
        if self.where == "attribute":
            raise ValueError(f"no {name}")
        if name == "model_dump" and self.where == "model_dump":
            return lambda: 1 / 0
        raise AttributeError(name)

    def __repr__(self) -> str:
        raise ValueError("no repr")


@pytest.mark.parametrize("where", ["attribute", "model_dump", "repr"])
@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_response_object_that_raises_when_read_is_a_tool_call_error(
    where: str, provider: Provider
) -> None:
    with pytest.raises(ToolCallError):
        parse_tool_calls(_Hostile(where), provider)
    with pytest.raises(ToolCallError):
        parse_tool_calls([_Hostile(where)], provider)
    with pytest.raises(ToolCallError):
        execute_tool_calls(
            {"role": "assistant", "tool_calls": [_Hostile(where)]}, "openai", [charge]
        )
    if provider != "mcp":
        with pytest.raises(ToolCallError):
            model_turn(_Hostile(where), provider)


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"tools": None}, "tools"),
        ({"tools": 5}, "tools"),
        ({"tools": [charge, "nope"]}, "not a Tool"),
        ({"bogus": 1}, "bogus"),
        ({"timeout": -1}, "timeout"),
        ({"timeout": "5"}, "timeout"),
        ({"identity": "me"}, "identity"),
        ({"conversion": object()}, "conversion"),
        ({"provider": "cohere"}, "provider"),
    ],
)
def test_unusable_options_are_a_config_error_before_anything_runs(
    options: dict[str, Any], match: str
) -> None:
    arguments: dict[str, Any] = {"provider": "openai", "tools": [charge]} | options
    response = {"role": "assistant", "tool_calls": [_openai_call("a")]}
    with pytest.raises(ConfigError, match=match):
        execute_tool_calls(response, **arguments)
    asked: list[Any] = []

    def call_model(messages: list[Any]) -> Any:
        asked.append(messages)
        return OPENAI_RESPONSE

    with pytest.raises(ConfigError, match=match):
        run_tools_loop(call_model, [], **arguments)
    assert asked == []
    assert charged == []


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"max_turns": "3"}, "max_turns"),
        ({"max_turns": 0}, "max_turns"),
        ({"call_model": None}, "call_model"),
        ({"messages": None}, "messages"),
        ({"messages": "hi"}, "messages"),
        ({"provider": "mcp"}, "MCP"),
    ],
)
def test_the_loop_checks_its_own_options_before_calling_the_model(
    options: dict[str, Any], match: str
) -> None:
    arguments: dict[str, Any] = {
        "call_model": lambda messages: OPENAI_RESPONSE,
        "messages": [],
        "tools": [charge],
        "provider": "openai",
    } | options
    with pytest.raises(ConfigError, match=match):
        run_tools_loop(**arguments)


def test_a_result_the_provider_cannot_carry_is_answered_and_the_others_kept() -> None:
    @tool
    def draw() -> ToolResult:
        """Draw (returns an image whose base64 is broken)."""
        return ToolResult(content=(ImageContent(data="not base64!", mime_type="image/png"),))

    response = {"content": [_bedrock_use("a"), {"toolUse": {"toolUseId": "b", "name": "draw"}}]}
    executed = execute_tool_calls(response, "bedrock", [charge, draw])
    assert charged == [1]
    first, second = executed.messages[0]["content"]
    assert first["toolResult"]["status"] == "success"
    assert second["toolResult"]["status"] == "error"
    assert (
        "the tool ran, but its result cannot be sent" in second["toolResult"]["content"][0]["text"]
    )
    assert not executed.results[1].is_error  # what the tool gave is kept for the caller


def test_model_turn_never_crashes_and_agrees_with_parsing() -> None:
    blocked = {"candidates": [{"content": None, "finishReason": "SAFETY"}]}
    assert parse_tool_calls(blocked, "gemini") == ()
    assert model_turn(blocked, "gemini") == []
    assert model_turn({"candidates": [{"finishReason": "SAFETY"}]}, "gemini") == []
    assert model_turn({"candidates": []}, "gemini") == []
    assert model_turn({"choices": []}, "openai") == []
    with pytest.raises(ToolCallError, match="message") as caught:
        model_turn({"choices": [{"message": "abc"}]}, "openai")
    assert caught.value.path == ("choices", 0, "message")
    with pytest.raises(ToolCallError, match="content"):
        model_turn({"candidates": [{"content": []}]}, "gemini")
    with pytest.raises(ToolCallError, match="provider='anthropic'"):
        model_turn(ANTHROPIC_MESSAGE, "openai")


@pytest.mark.parametrize("provider", ["cohere", ["openai"]])
def test_an_unknown_provider_is_a_typed_error_everywhere(provider: Any) -> None:
    with pytest.raises(ConversionError, match="unknown provider"):
        results_turn([{"role": "tool"}], provider)
    with pytest.raises(ConversionError, match="unknown provider"):
        result_message(TEXT, _call("mcp"), provider)
    with pytest.raises(ToolCallError, match="unknown provider"):
        parse_tool_calls(OPENAI_RESPONSE, provider)
    with pytest.raises(ToolCallError, match="no conversation turns"):
        model_turn(OPENAI_RESPONSE, provider)


def test_parse_tool_calls_refuses_an_unknown_option() -> None:
    with pytest.raises(ConfigError, match="bogus"):
        parse_tool_calls(OPENAI_RESPONSE, "openai", bogus=1)  # type: ignore[arg-type]
