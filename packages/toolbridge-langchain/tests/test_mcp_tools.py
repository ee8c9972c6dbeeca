"""toolbridge-langchain: MCP tools loaded for sync code, shown to a model in OpenAI strict
mode through LangChain's own ``bind_tools`` conversion, and their results as LangChain's
standard content blocks. The MCP server is the one toolbridge ships (weather tools,
fake deterministic data), over stdio; these tests run with the plugin alone."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Sequence
from typing import Any

from langchain.agents import create_agent
from langchain_core.language_models import LanguageModelInput
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.runnables import Runnable, RunnableBinding
from langchain_core.tools import tool as langchain_tool
from langchain_core.utils.function_calling import convert_to_openai_tool

from toolbridge import (
    AudioContent,
    BlobResourceContents,
    EmbeddedResource,
    ImageContent,
    ResourceLink,
    TextContent,
    TextResourceContents,
    Tool,
    ToolResult,
    thaw,
)
from toolbridge.examples.weather import get_forecast
from toolbridge.formats import to_openai
from toolbridge_langchain import (
    ToolbridgeStructuredTool,
    from_langchain,
    load_mcp_tools,
    load_mcp_tools_sync,
    to_langchain,
)

WEATHER = {"weather": {"command": sys.executable, "args": ["-m", "toolbridge.examples.server"]}}
"""The MCP server toolbridge ships (stdio)."""
LISBON = {"city": "Lisbon"}


class OpenAIStyleModel(GenericFakeChatModel):
    """LangChain's fake chat model with ``bind_tools`` as the OpenAI integrations write it:
    each tool through ``convert_to_openai_tool(tool, strict=strict)``, bound as ``tools``
    (langchain-openai's own line; that package is not a dependency here)."""

    strict_default: bool | None = None

    def bind_tools(
        self, tools: Sequence[Any], *, strict: bool | None = None, **kwargs: Any
    ) -> Runnable[LanguageModelInput, AIMessage]:
        kwargs.pop("tool_choice", None)
        strict = self.strict_default if strict is None else strict
        formatted = [convert_to_openai_tool(tool, strict=strict) for tool in tools]
        return self.bind(tools=formatted, **kwargs)


def sent(bound: Runnable[LanguageModelInput, AIMessage]) -> dict[str, dict[str, Any]]:
    """The tools a bound model would send, by name."""
    assert isinstance(bound, RunnableBinding)
    return {item["function"]["name"]: item for item in bound.kwargs["tools"]}


def tool_messages(messages: Sequence[BaseMessage]) -> list[ToolMessage]:
    return [message for message in messages if isinstance(message, ToolMessage)]


def close(tools: Sequence[ToolbridgeStructuredTool]) -> None:
    """End the sessions `load_mcp_tools_sync` opened (else they end with the interpreter)."""
    invoker = tools[0].toolbridge_tool.invoker
    invoker._client.close()  # type: ignore[union-attr]


# -- the sync loader --------------------------------------------------------------------------


def test_sync_code_loads_mcp_tools_and_an_agent_invokes_them() -> None:
    tools = load_mcp_tools_sync(WEATHER)
    try:
        assert all(isinstance(item, ToolbridgeStructuredTool) for item in tools)
        assert tools.failures == {}
        forecast = next(item for item in tools if item.name == "get_forecast")
        assert forecast.invoke(LISBON)  # a plain sync call, outside any loop
        model = OpenAIStyleModel(
            messages=iter(
                [
                    AIMessage(
                        content="",
                        tool_calls=[{"name": "get_forecast", "args": LISBON, "id": "c1"}],
                    ),
                    AIMessage(content="done"),
                ]
            )
        )
        state = create_agent(model, tools=tools).invoke({"messages": [HumanMessage("Lisbon?")]})
        (message,) = tool_messages(state["messages"])
        assert message.status == "success"
        assert isinstance(message.artifact, ToolResult)
        expected = get_forecast.invoke(LISBON).structured_content
        assert message.artifact.structured_content == expected
        # and the same tools from async code, in another loop than the sessions' own
        again = asyncio.run(forecast.ainvoke(LISBON))
        assert again == message.content
    finally:
        close(tools)


# -- strict mode ------------------------------------------------------------------------------


def test_bind_tools_strict_sends_toolbridges_strict_schema() -> None:
    async def main() -> tuple[dict[str, Any], dict[str, Any], Tool]:
        strict = await load_mcp_tools(WEATHER, strict=True)
        plain = to_langchain([item.toolbridge_tool for item in strict])
        model = OpenAIStyleModel(messages=iter([]))
        return (
            sent(model.bind_tools(strict, strict=True)),
            sent(model.bind_tools(plain, strict=True)),
            next(item.toolbridge_tool for item in strict if item.name == "get_forecast"),
        )

    ours, langchains, forecast = asyncio.run(main())
    # What LangChain's converter makes of the tool's own schema: the optional `days`
    # becomes required and not nullable, so the model has to choose a number of days.
    days = langchains["get_forecast"]["function"]["parameters"]["properties"]["days"]
    assert days["type"] == "integer"
    # What our tool shows it: toolbridge's strict schema, unchanged by LangChain.
    assert ours["get_forecast"] == thaw(to_openai(forecast, strict=True))
    parameters = ours["get_forecast"]["function"]["parameters"]
    assert parameters["properties"]["days"]["type"] == ["integer", "null"]
    assert parameters["required"] == ["city", "days", "units", "start"]
    assert ours["get_forecast"]["function"]["strict"] is True


def test_a_strict_null_for_an_optional_argument_reaches_the_server_without_it() -> None:
    nulls = {"city": "Lisbon", "days": None, "units": None, "start": None}

    async def run(strict: bool) -> ToolMessage:
        tools = await load_mcp_tools(WEATHER, strict=strict)
        model = OpenAIStyleModel(
            strict_default=True,
            messages=iter(
                [
                    AIMessage(
                        content="",
                        tool_calls=[{"name": "get_forecast", "args": nulls, "id": "c1"}],
                    ),
                    AIMessage(content="done"),
                ]
            ),
        )
        state = await create_agent(model, tools=tools).ainvoke({"messages": [HumanMessage("?")]})
        (message,) = tool_messages(state["messages"])
        return message

    message = asyncio.run(run(strict=True))
    assert message.status == "success"
    assert isinstance(message.artifact, ToolResult)
    assert message.artifact.structured_content == get_forecast.invoke(LISBON).structured_content
    # Without strict=True the same call is the model's mistake, told back to it.
    refused = asyncio.run(run(strict=False))
    assert refused.status == "error"
    assert "days" in str(refused.content)


def test_a_tool_that_cannot_be_strict_keeps_its_own_schema() -> None:
    schema = {
        "type": "object",
        "properties": {"labels": {"type": "object", "additionalProperties": {"type": "string"}}},
    }
    made = to_langchain(Tool(name="label", input_schema=schema), strict=True)
    assert made.toolbridge_strict is None
    assert made.tool_call_schema == schema


# -- content blocks ---------------------------------------------------------------------------


class _Returns:
    def __init__(self, value: ToolResult) -> None:
        self.value = value

    def call(self, arguments: dict[str, Any], timeout: float | None) -> ToolResult:
        return self.value

    async def acall(self, arguments: dict[str, Any], timeout: float | None) -> ToolResult:
        return self.value


def test_every_content_block_becomes_langchains_standard_block() -> None:
    result = ToolResult(
        content=(
            TextContent(text="a text"),
            ImageContent(data="iVBORw0KGgo=", mime_type="image/png"),
            AudioContent(data="UklGRg==", mime_type="audio/wav"),
            ResourceLink(uri="file:///notes.txt", name="notes", mime_type="text/plain"),
            ResourceLink(uri="https://example.test/a.png", name="a", mime_type="image/png"),
            ResourceLink(uri="s3://bucket/key", name="key", title="The key", description="Kept"),
            EmbeddedResource(resource=TextResourceContents(uri="file:///a.txt", text="inside")),
            EmbeddedResource(
                resource=BlobResourceContents(
                    uri="file:///b.bin", blob="AAECAw==", mime_type="application/pdf"
                )
            ),
            EmbeddedResource(resource=BlobResourceContents(uri="file:///c", blob="AAEC")),
            EmbeddedResource(
                resource=BlobResourceContents(
                    uri="file:///d.png", blob="iVBO", mime_type="image/png"
                )
            ),
        )
    )
    made = to_langchain(Tool(name="result", invoker=_Returns(result)))
    message = made.invoke({"type": "tool_call", "id": "c1", "name": "result", "args": {}})
    assert message.artifact is result
    assert message.content == [
        {"type": "text", "text": "a text"},
        {"type": "image", "base64": "iVBORw0KGgo=", "mime_type": "image/png"},
        {"type": "file", "base64": "UklGRg==", "mime_type": "audio/wav"},
        {
            "type": "file",
            "url": "file:///notes.txt",
            "mime_type": "text/plain",
            "extras": {"name": "notes"},
        },
        {
            "type": "image",
            "url": "https://example.test/a.png",
            "mime_type": "image/png",
            "extras": {"name": "a"},
        },
        {
            "type": "file",
            "url": "s3://bucket/key",
            "extras": {"name": "key", "title": "The key", "description": "Kept"},
        },
        {"type": "text", "text": "inside"},
        {"type": "file", "base64": "AAECAw==", "mime_type": "application/pdf"},
        {"type": "file", "base64": "AAEC", "mime_type": "application/octet-stream"},
        {"type": "image", "base64": "iVBO", "mime_type": "image/png"},
    ]


def test_standard_blocks_of_any_langchain_tool_read_back_as_mcp_content() -> None:
    @langchain_tool
    def fetch() -> list[dict[str, Any]]:
        """Fetch the report."""
        return [
            {"type": "text", "text": "here"},
            {"type": "file", "url": "file:///r.pdf", "mime_type": "application/pdf"},
            {"type": "image", "url": "https://example.test/a.png", "extras": {"name": "a"}},
            {"type": "file", "base64": "UklGRg==", "mime_type": "audio/wav"},
        ]

    assert from_langchain(fetch).invoke({}).content == (
        TextContent(text="here"),
        ResourceLink(uri="file:///r.pdf", name="file:///r.pdf", mime_type="application/pdf"),
        ResourceLink(uri="https://example.test/a.png", name="a"),
        AudioContent(data="UklGRg==", mime_type="audio/wav"),
    )
