"""Tool calls run end to end through each provider's own SDK and a loopback endpoint.

For OpenAI Chat Completions and Responses (openai), Anthropic Messages (anthropic),
Gemini (google-genai) and Bedrock Converse (boto3): the SDK sends the tools toolbridge
made, parses a scripted response with parallel tool calls (a valid one, one with
invalid arguments, one whose tool fails, one returning an image, one on a real MCP
server), toolbridge runs them and the SDK sends the results back in its provider's
shape, then the scripted final answer ends the loop.
"""

from __future__ import annotations

import asyncio
import base64
import json
import re
import sys
from collections.abc import Callable, Iterator
from typing import Any, cast

import pytest

from toolbridge import ImageContent, TextContent, Tool, ToolCallError, ToolResult, tool
from toolbridge.calls import arun_tools_loop, execute_tool_calls, run_tools_loop
from toolbridge.formats import to_anthropic, to_bedrock, to_gemini, to_openai, to_openai_responses
from toolbridge.mcp import McpClient, StdioServer
from toolbridge.testing import ScriptedEndpoint

PNG = base64.b64encode(
    bytes.fromhex(
        "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
        "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082"
    )
).decode()
ran: list[tuple[str, Any]] = []


@tool(annotations={"read_only": True})
def get_weather(city: str) -> dict[str, str]:
    """The weather in a city."""
    ran.append(("get_weather", city))
    return {"city": city, "sky": "sunny"}


@tool
def check_stock(sku: str) -> ToolResult:
    """Check the warehouse stock of a product."""
    ran.append(("check_stock", sku))
    return ToolResult.from_error("the warehouse system is offline")


@tool
def render_chart(title: str) -> ToolResult:
    """Draw a chart."""
    ran.append(("render_chart", title))
    return ToolResult(
        content=(TextContent(text=f"chart: {title}"), ImageContent(data=PNG, mime_type="image/png"))
    )


# (call id, tool, arguments): parallel calls in one response.
CALLS: list[tuple[str, str, dict[str, Any]]] = [
    ("call_a", "get_weather", {"city": "Paris"}),
    ("call_b", "get_weather", {"city": 5}),  # invalid: never runs, the model is told why
    ("call_c", "check_stock", {"sku": "A-1"}),  # the tool reports an error
    ("call_d", "render_chart", {"title": "sales"}),  # an image
    (
        "call_e",
        "convert_temperature",
        {"value": 20, "from_unit": "celsius", "to_unit": "fahrenheit"},
    ),
]


@pytest.fixture(scope="module")
def tools() -> Iterator[list[Tool]]:
    """The three local tools and the bundled MCP server's convert_temperature."""
    server = StdioServer(command=sys.executable, args=("-m", "toolbridge.examples.server"))
    with McpClient({"weather": server}) as client:
        yield [get_weather, check_stock, render_chart, client.tool("convert_temperature")]


@pytest.fixture(autouse=True)
def _clear() -> None:
    ran.clear()


def check_ran() -> None:
    assert sorted(ran) == [
        ("check_stock", "A-1"),
        ("get_weather", "Paris"),
        ("render_chart", "sales"),
    ]


def camel(value: Any) -> Any:
    """Keys in camelCase: google-genai writes some declaration keys in snake_case."""
    if isinstance(value, dict):
        return {
            re.sub(r"_([a-z])", lambda m: m.group(1).upper(), k): camel(v) for k, v in value.items()
        }
    if isinstance(value, list):
        return [camel(item) for item in value]
    return value


# -- OpenAI Chat Completions ----------------------------------------------------------------


def openai_script() -> list[dict[str, Any]]:
    def completion(message: dict[str, Any], reason: str) -> dict[str, Any]:
        choice = {"index": 0, "finish_reason": reason, "message": {"role": "assistant", **message}}
        return {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 1,
            "model": "m",
            "choices": [choice],
        }

    calls = [
        {"id": i, "type": "function", "function": {"name": n, "arguments": json.dumps(a)}}
        for i, n, a in CALLS
    ]
    return [
        completion({"content": None, "tool_calls": calls}, "tool_calls"),
        completion({"content": "It is sunny in Paris."}, "stop"),
    ]


def test_openai_chat_completions(tools: list[Tool]) -> None:
    from openai import AsyncOpenAI

    sent: Any = to_openai(tools)  # the SDK types its params; toolbridge gives plain JSON
    with ScriptedEndpoint(openai_script()) as endpoint:
        client = AsyncOpenAI(base_url=endpoint.url, api_key="test", max_retries=0)

        async def call_model(messages: list[Any]) -> Any:
            return await client.chat.completions.create(model="m", messages=messages, tools=sent)

        result = asyncio.run(
            arun_tools_loop(call_model, [{"role": "user", "content": "hi"}], tools, "openai")
        )
        first, second = (request.body for request in endpoint.requests)
    assert result.stopped == "answer"
    assert result.response.choices[0].message.content == "It is sunny in Paris."
    assert first["tools"] == sent
    check_ran()
    answers = {m["tool_call_id"]: m["content"] for m in second["messages"] if m["role"] == "tool"}
    assert list(answers) == [call_id for call_id, _, _ in CALLS]
    assert json.loads(answers["call_a"]) == {"city": "Paris", "sky": "sunny"}
    assert answers["call_b"].startswith("Error: invalid arguments for tool 'get_weather': city:")
    assert answers["call_c"] == "Error: the warehouse system is offline"
    assert "[image (image/png) omitted" in answers["call_d"]  # chat tool messages carry text only
    assert answers["call_e"].splitlines() == ["68.0", '{"result": 68.0}']


# -- OpenAI Responses -----------------------------------------------------------------------


def responses_script() -> list[dict[str, Any]]:
    base = {"object": "response", "created_at": 1, "model": "m", "status": "completed"}
    base |= {"parallel_tool_calls": True, "tool_choice": "auto", "tools": []}
    output = [
        {
            "type": "function_call",
            "id": f"fc_{i}",
            "call_id": i,
            "name": n,
            "arguments": json.dumps(a),
            "status": "completed",
        }
        for i, n, a in CALLS
    ]
    text = {"type": "output_text", "text": "It is sunny in Paris.", "annotations": []}
    final = [
        {
            "type": "message",
            "id": "msg_1",
            "role": "assistant",
            "status": "completed",
            "content": [text],
        }
    ]
    return [{"id": "resp_1", **base, "output": output}, {"id": "resp_2", **base, "output": final}]


def test_openai_responses(tools: list[Tool]) -> None:
    from openai import AsyncOpenAI

    sent: Any = to_openai_responses(tools)  # the SDK types its params; toolbridge gives plain JSON
    with ScriptedEndpoint(responses_script()) as endpoint:
        client = AsyncOpenAI(base_url=endpoint.url, api_key="test", max_retries=0)

        async def call_model(items: list[Any]) -> Any:
            return await client.responses.create(model="m", input=items, tools=sent)

        result = asyncio.run(
            arun_tools_loop(
                call_model, [{"role": "user", "content": "hi"}], tools, "openai-responses"
            )
        )
        first, second = (request.body for request in endpoint.requests)
    assert result.response.output_text == "It is sunny in Paris."
    assert first["tools"] == sent
    check_ran()
    answers = {
        i["call_id"]: i["output"]
        for i in second["input"]
        if i.get("type") == "function_call_output"
    }
    assert list(answers) == [call_id for call_id, _, _ in CALLS]
    assert answers["call_b"].startswith("Error: invalid arguments")
    assert answers["call_c"] == "Error: the warehouse system is offline"
    assert answers["call_d"][1] == {
        "type": "input_image",
        "image_url": f"data:image/png;base64,{PNG}",
    }


# -- Anthropic ------------------------------------------------------------------------------


def anthropic_script() -> list[dict[str, Any]]:
    base: dict[str, Any] = {"type": "message", "role": "assistant", "model": "m"}
    base |= {"stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1}}
    uses = [{"type": "tool_use", "id": i, "name": n, "input": a} for i, n, a in CALLS]
    final = [{"type": "text", "text": "It is sunny in Paris."}]
    return [
        {"id": "msg_1", **base, "stop_reason": "tool_use", "content": uses},
        {"id": "msg_2", **base, "stop_reason": "end_turn", "content": final},
    ]


def test_anthropic_messages(tools: list[Tool]) -> None:
    from anthropic import AsyncAnthropic

    sent: Any = to_anthropic(tools)  # the SDK types its params; toolbridge gives plain JSON
    with ScriptedEndpoint(anthropic_script()) as endpoint:
        client = AsyncAnthropic(base_url=endpoint.url, api_key="test", max_retries=0)

        async def call_model(messages: list[Any]) -> Any:
            return await client.messages.create(
                model="m", max_tokens=256, messages=messages, tools=sent
            )

        result = asyncio.run(
            arun_tools_loop(call_model, [{"role": "user", "content": "hi"}], tools, "anthropic")
        )
        first, second = (request.body for request in endpoint.requests)
    assert result.response.content[0].text == "It is sunny in Paris."
    assert first["tools"] == sent
    check_ran()
    reply = second["messages"][-1]
    assert reply["role"] == "user"
    blocks = {block["tool_use_id"]: block for block in reply["content"]}
    assert list(blocks) == [call_id for call_id, _, _ in CALLS]
    assert blocks["call_b"]["is_error"] is True
    assert blocks["call_c"]["is_error"] is True
    assert blocks["call_c"]["content"] == [
        {"type": "text", "text": "the warehouse system is offline"}
    ]
    image = blocks["call_d"]["content"][1]
    assert image == {
        "type": "image",
        "source": {"type": "base64", "media_type": "image/png", "data": PNG},
    }
    assert blocks["call_a"]["is_error"] is False


# -- Gemini ---------------------------------------------------------------------------------


def gemini_script() -> list[dict[str, Any]]:
    parts = [{"functionCall": {"id": i, "name": n, "args": a}} for i, n, a in CALLS]
    final = [{"text": "It is sunny in Paris."}]
    return [
        {
            "candidates": [
                {"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}
            ]
        },
        {
            "candidates": [
                {"content": {"role": "model", "parts": final}, "finishReason": "STOP", "index": 0}
            ]
        },
    ]


def test_gemini_generate_content(tools: list[Tool]) -> None:
    from google import genai
    from google.genai import types

    declarations: Any = to_gemini(tools)
    with ScriptedEndpoint(gemini_script()) as endpoint:
        client = genai.Client(api_key="test", http_options=types.HttpOptions(base_url=endpoint.url))
        config = types.GenerateContentConfig(tools=[types.Tool(function_declarations=declarations)])

        async def call_model(contents: list[Any]) -> Any:
            return await client.aio.models.generate_content(
                model="gemini-test", contents=contents, config=config
            )

        start = [{"role": "user", "parts": [{"text": "hi"}]}]
        result = asyncio.run(arun_tools_loop(call_model, start, tools, "gemini"))
        first, second = (request.body for request in endpoint.requests)
    assert result.response.text == "It is sunny in Paris."
    assert camel(first["tools"]) == [{"functionDeclarations": camel(declarations)}]
    check_ran()
    reply = second["contents"][-1]
    assert reply["role"] == "user"
    answers = {
        part["functionResponse"]["id"]: part["functionResponse"]["response"]
        for part in reply["parts"]
    }
    assert list(answers) == [call_id for call_id, _, _ in CALLS]
    assert answers["call_a"] == {"output": {"city": "Paris", "sky": "sunny"}}
    assert answers["call_b"]["error"].startswith("invalid arguments")
    assert answers["call_c"] == {"error": "the warehouse system is offline"}
    assert "image (image/png) omitted" in answers["call_d"]["output"]


# -- Bedrock Converse (boto3, and the sync loop) ----------------------------------------------


def bedrock_script() -> list[dict[str, Any]]:
    base = {
        "usage": {"inputTokens": 1, "outputTokens": 1, "totalTokens": 2},
        "metrics": {"latencyMs": 1},
    }
    uses = [{"toolUse": {"toolUseId": i, "name": n, "input": a}} for i, n, a in CALLS]
    final = [{"text": "It is sunny in Paris."}]
    return [
        {
            "output": {"message": {"role": "assistant", "content": uses}},
            "stopReason": "tool_use",
            **base,
        },
        {
            "output": {"message": {"role": "assistant", "content": final}},
            "stopReason": "end_turn",
            **base,
        },
    ]


def test_bedrock_converse(tools: list[Tool]) -> None:
    import boto3

    sent: Any = to_bedrock(tools)  # the SDK types its params; toolbridge gives plain JSON
    with ScriptedEndpoint(bedrock_script()) as endpoint:
        client = boto3.client(
            "bedrock-runtime",
            endpoint_url=endpoint.url,
            region_name="us-east-1",
            aws_access_key_id="test",
            aws_secret_access_key="test",
        )

        def call_model(messages: list[Any]) -> Any:
            return client.converse(modelId="m", messages=messages, toolConfig={"tools": sent})

        start = [{"role": "user", "content": [{"text": "hi"}]}]
        result = run_tools_loop(call_model, start, tools, "bedrock")
        first, second = (request.body for request in endpoint.requests)
    assert result.response["output"]["message"]["content"][0]["text"] == "It is sunny in Paris."
    assert first["toolConfig"]["tools"] == sent
    check_ran()
    reply = second["messages"][-1]
    answers = {block["toolResult"]["toolUseId"]: block["toolResult"] for block in reply["content"]}
    assert list(answers) == [call_id for call_id, _, _ in CALLS]
    assert answers["call_a"] == {
        "toolUseId": "call_a",
        "content": [{"json": {"city": "Paris", "sky": "sunny"}}],
        "status": "success",
    }
    assert answers["call_b"]["status"] == "error"
    assert answers["call_c"]["status"] == "error"
    image = answers["call_d"]["content"][1]["image"]
    assert image["format"] == "png"
    assert image["source"]["bytes"] == PNG  # boto3 sends the bytes base64-encoded
    assert answers["call_e"]["content"] == [{"json": {"result": 68.0}}, {"text": "68.0"}]


# -- without a loop -----------------------------------------------------------------------


def test_one_malformed_call_does_not_lose_the_others(tools: list[Tool]) -> None:
    message = {
        "role": "assistant",
        "tool_calls": [
            {
                "id": "ok",
                "type": "function",
                "function": {"name": "get_weather", "arguments": '{"city": "Oslo"}'},
            },
            {
                "id": "cut",
                "type": "function",
                "function": {"name": "get_weather", "arguments": '{"city": "Os'},
            },
            {
                "id": "who",
                "type": "function",
                "function": {"name": "no_such_tool", "arguments": "{}"},
            },
        ],
    }
    executed = execute_tool_calls(message, "openai", tools)
    contents = [m["content"] for m in executed.messages]
    assert json.loads(contents[0]) == {"city": "Oslo", "sky": "sunny"}
    assert contents[1].startswith("Error: the call could not be read: arguments are not valid JSON")
    assert contents[2] == "Error: no tool named 'no_such_tool'"
    assert [m["tool_call_id"] for m in executed.messages] == ["ok", "cut", "who"]
    assert ran == [("get_weather", "Oslo")]


def test_a_turn_limit_stops_a_model_that_keeps_calling(tools: list[Tool]) -> None:
    looping = openai_script()[0]
    with ScriptedEndpoint([looping] * 3) as endpoint:
        from openai import OpenAI

        client = OpenAI(base_url=endpoint.url, api_key="test", max_retries=0)
        call: Callable[[list[Any]], Any] = lambda messages: client.chat.completions.create(  # noqa: E731
            model="m", messages=messages, tools=cast(Any, to_openai(tools))
        )
        given = [{"role": "user", "content": "hi"}]
        result = run_tools_loop(call, given, tools, "openai", max_turns=2)
    assert result.stopped == "max_turns"
    assert len(result.turns) == 2
    assert given == [{"role": "user", "content": "hi"}]  # the caller's list is not changed
    assert len(endpoint.requests) == 2


def test_strict_and_renamed_calls_are_mapped_back_through_the_conversion() -> None:
    from toolbridge.formats import convert

    seen: list[dict[str, Any]] = []

    @tool(name="files.search")
    def search_files(query: str, limit: int = 10) -> list[str]:
        """Search files."""
        seen.append({"query": query, "limit": limit})
        return ["notes.txt"]

    strict = convert([search_files], "openai", strict=True)
    exposed = strict.output[0]["function"]["name"]
    assert exposed != "files.search"  # OpenAI refuses dots: the model sees another name
    message = {
        "role": "assistant",
        "tool_calls": [
            {
                "id": "c1",
                "type": "function",
                "function": {
                    "name": exposed,
                    "arguments": json.dumps({"query": "notes", "limit": None}),
                },
            }
        ],
    }
    executed = execute_tool_calls(message, "openai", [search_files], conversion=strict)
    assert not executed.results[0].is_error, executed.results[0].text
    assert seen == [{"query": "notes", "limit": 10}]  # strict's null removed, the default applied
    assert executed.messages[0]["tool_call_id"] == "c1"


# -- a response that cannot be answered, and one whose calls can be, one by one ----------


def test_a_call_without_an_id_stops_the_loop_before_any_tool_runs(tools: list[Tool]) -> None:
    from openai import OpenAI

    script = openai_script()
    calls = script[0]["choices"][0]["message"]["tool_calls"]
    del calls[2]["id"]  # check_stock: no result could ever be paired with it
    with ScriptedEndpoint(script) as endpoint:
        client = OpenAI(base_url=endpoint.url, api_key="test", max_retries=0)
        call: Callable[[list[Any]], Any] = lambda messages: client.chat.completions.create(  # noqa: E731
            model="m", messages=messages, tools=cast(Any, to_openai(tools))
        )
        with pytest.raises(ToolCallError, match="no id") as caught:
            run_tools_loop(call, [{"role": "user", "content": "hi"}], tools, "openai")
        assert len(endpoint.requests) == 1
    assert caught.value.path == ("choices", 0, "message", "tool_calls", 2, "id")
    assert ran == []  # nothing ran whose result would have been lost


def test_bedrock_call_without_a_tool_use_id_stops_the_loop_before_any_tool_runs(
    tools: list[Tool],
) -> None:
    import boto3

    script = bedrock_script()
    del script[0]["output"]["message"]["content"][0]["toolUse"]["toolUseId"]
    with ScriptedEndpoint(script) as endpoint:
        client = boto3.client(
            "bedrock-runtime",
            endpoint_url=endpoint.url,
            region_name="us-east-1",
            aws_access_key_id="test",
            aws_secret_access_key="test",
        )
        call: Callable[[list[Any]], Any] = lambda messages: client.converse(  # noqa: E731
            modelId="m", messages=messages, toolConfig={"tools": to_bedrock(tools)}
        )
        with pytest.raises(ToolCallError, match="no id"):
            run_tools_loop(call, [{"role": "user", "content": [{"text": "hi"}]}], tools, "bedrock")
        assert len(endpoint.requests) == 1
    assert ran == []


def test_a_malformed_anthropic_call_is_answered_and_its_neighbours_run(tools: list[Tool]) -> None:
    from anthropic import Anthropic

    script = anthropic_script()
    uses = script[0]["content"]
    uses[1]["input"] = ["Paris"]  # an array, not an object: this call alone is answered with why
    del uses[3]["name"]  # no name: this call too
    sent: Any = to_anthropic(tools)
    with ScriptedEndpoint(script) as endpoint:
        client = Anthropic(base_url=endpoint.url, api_key="test", max_retries=0)
        call: Callable[[list[Any]], Any] = lambda messages: client.messages.create(  # noqa: E731
            model="m", max_tokens=256, messages=messages, tools=sent
        )
        result = run_tools_loop(call, [{"role": "user", "content": "hi"}], tools, "anthropic")
        second = endpoint.requests[1].body
    assert result.stopped == "answer"
    assert sorted(ran) == [("check_stock", "A-1"), ("get_weather", "Paris")]
    blocks = {block["tool_use_id"]: block for block in second["messages"][-1]["content"]}
    assert list(blocks) == [call_id for call_id, _, _ in CALLS]
    assert blocks["call_b"]["is_error"] is True
    assert "not an array" in blocks["call_b"]["content"][0]["text"]
    assert blocks["call_d"]["is_error"] is True
    assert "no name" in blocks["call_d"]["content"][0]["text"]
    assert blocks["call_a"]["is_error"] is False
    assert blocks["call_e"]["is_error"] is False
