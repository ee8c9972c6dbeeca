"""Images, files and other content through the Agents SDK, both ways.

A canonical tool's image reaches the model as an ``input_image`` with a data URL in
a real ``Runner.run`` driven by the SDK's ``ScriptedModel``; content the SDK cannot
carry becomes a note; a foreign ``FunctionTool``'s structured outputs are read back
as content blocks. The same through a real MCP server is tested at the repository's
root (tests/plugins/test_openai_agents_mcp.py): these tests run with the plugin alone.
"""

from __future__ import annotations

import asyncio
import base64
from typing import Any

from agents import (
    Agent,
    RunConfig,
    Runner,
    ToolOutputFileContent,
    ToolOutputImage,
    ToolOutputText,
    function_tool,
)
from agents.testing import ScriptedModel, assistant_message, function_call

import toolbridge
from toolbridge import (
    AudioContent,
    BlobResourceContents,
    EmbeddedResource,
    ImageContent,
    ResourceLink,
    TextContent,
    TextResourceContents,
    ToolResult,
    tool,
)
from toolbridge_openai_agents import from_openai_agents, to_openai_agents

PNG = (  # a 1x1 PNG
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4"
    "nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg=="
)
PDF = base64.b64encode(b"%PDF-1.4\n%%EOF\n").decode()


def _blob(uri: str, data: str, mime_type: str) -> EmbeddedResource:
    return EmbeddedResource(resource=BlobResourceContents(uri=uri, blob=data, mime_type=mime_type))


def _invoke(result: ToolResult) -> Any:
    """What `to_openai_agents` makes of a tool returning `result` gives the SDK."""
    made = to_openai_agents(toolbridge.Tool(name="give", invoker=_Returns(result)))
    context: Any = None

    async def call() -> Any:
        return await made.on_invoke_tool(context, "{}")

    return asyncio.run(call())


class _Returns:
    def __init__(self, result: ToolResult) -> None:
        self.result = result

    def call(self, arguments: dict[str, Any], timeout: float | None) -> Any:
        return self.result

    async def acall(self, arguments: dict[str, Any], timeout: float | None) -> Any:
        return self.result


@tool
def chart(title: str) -> list[TextContent | ImageContent]:
    """Draw a chart."""
    return [
        TextContent(text=f"the chart of {title}"),
        ImageContent(data=PNG, mime_type="image/png"),
    ]


def test_an_image_reaches_the_model_as_a_data_url_beside_the_text() -> None:
    model = ScriptedModel(
        [[function_call("chart", {"title": "sales"}, call_id="c1")], [assistant_message("seen")]]
    )
    agent = Agent(name="charts", model=model, tools=[to_openai_agents(chart)])
    result = asyncio.run(Runner.run(agent, "chart", run_config=RunConfig(tracing_disabled=True)))
    assert result.final_output == "seen"
    (given,) = [item for item in model.calls[1].input if item.get("type") == "function_call_output"]
    assert given["call_id"] == "c1"
    assert given["output"] == [
        {"type": "input_text", "text": "the chart of sales"},
        {"type": "input_image", "image_url": f"data:image/png;base64,{PNG}"},
    ]


def test_text_only_results_stay_one_string() -> None:
    texts = ToolResult(content=(TextContent(text="one"), TextContent(text="two")))
    assert _invoke(texts) == "one\ntwo"
    structured = ToolResult(structured_content={"sum": 3})
    assert _invoke(structured) == '{"sum": 3}'
    assert _invoke(ToolResult()) == ""


def test_each_kind_of_content_goes_where_the_sdk_has_a_slot_or_becomes_a_note() -> None:
    result = ToolResult(
        content=(
            ImageContent(data=PNG, mime_type="image/png"),
            AudioContent(data="UklGRg==", mime_type="audio/wav"),
            ResourceLink(uri="https://example.test/r.txt", name="r", description="the report"),
            EmbeddedResource(resource=TextResourceContents(uri="file:///a.txt", text="embedded")),
            _blob("file:///docs/q3%20report.pdf", PDF, "application/pdf"),
            _blob("file:///notes.md", base64.b64encode("héllo".encode()).decode(), "text/markdown"),
            _blob("file:///logo.png", PNG, "image/png"),
            _blob("file:///b.bin", "AAECAw==", "application/octet-stream"),
            ImageContent(data="<svg/>", mime_type="image/svg+xml"),
            ImageContent(data="not base64!", mime_type="image/png"),
        )
    )
    assert _invoke(result) == [
        ToolOutputImage(image_url=f"data:image/png;base64,{PNG}"),
        ToolOutputText(text="[audio (audio/wav) omitted: Agents SDK tool outputs carry no audio]"),
        ToolOutputText(text="[resource: r <https://example.test/r.txt>] the report"),
        ToolOutputText(text="embedded"),
        ToolOutputFileContent(
            file_data=f"data:application/pdf;base64,{PDF}", filename="q3 report.pdf"
        ),
        ToolOutputText(text="héllo"),
        ToolOutputImage(image_url=f"data:image/png;base64,{PNG}"),
        ToolOutputText(
            text="[resource file:///b.bin (application/octet-stream) omitted: "
            "the model reads no binary data of this type]"
        ),
        ToolOutputText(
            text="[image (image/svg+xml) omitted: the model reads PNG, JPEG, GIF and WebP "
            "images only]"
        ),
        ToolOutputText(text="[image (image/png) omitted: its base64 data does not decode]"),
    ]


def test_an_error_result_says_so_before_its_image() -> None:
    image = ImageContent(data=PNG, mime_type="image/png")
    flagged = _invoke(ToolResult(content=(image, TextContent(text="too dark")), is_error=True))
    assert flagged[1] == ToolOutputText(text="Error: too dark")
    bare = _invoke(ToolResult(content=(image,), is_error=True))
    assert bare[0] == ToolOutputText(text="Error: the tool reported an error")
    assert _invoke(ToolResult.from_error("disk full")) == "Error: disk full"


def test_a_function_tools_images_and_files_read_back_as_content_blocks() -> None:
    @function_tool
    def snapshot() -> list[ToolOutputText | ToolOutputImage | ToolOutputFileContent]:
        """Take a snapshot."""
        return [
            ToolOutputText(text="a snapshot"),
            ToolOutputImage(image_url=f"data:image/png;base64,{PNG}"),
            ToolOutputImage(image_url="https://example.test/big.png"),
            ToolOutputFileContent(file_data=f"data:application/pdf;base64,{PDF}", filename="a.pdf"),
            ToolOutputFileContent(file_id="file-123"),
        ]

    read = from_openai_agents(snapshot)
    assert read.invoke({}).content == (
        TextContent(text="a snapshot"),
        ImageContent(data=PNG, mime_type="image/png"),
        ResourceLink(uri="https://example.test/big.png", name="big.png"),
        _blob("file:///a.pdf", PDF, "application/pdf"),
        TextContent(text="[file file: OpenAI file file-123]"),
    )

    @function_tool
    def plain() -> dict[str, int]:
        """Not a structured output: read as the SDK reads it, its str()."""
        return {"count": 2}

    read_plain = from_openai_agents(plain)
    assert read_plain.invoke({}).text == "{'count': 2}"
