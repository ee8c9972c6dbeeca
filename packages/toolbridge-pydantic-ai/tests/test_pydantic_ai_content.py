"""What the model reads of a tool's result in a real pydantic-ai agent run: images, audio
and embedded files as pydantic-ai's ``BinaryContent`` beside the text, links described
(or, with ``media_links=True``, pydantic-ai's ``ImageUrl`` and kin), broken base64 named.
The same through a real MCP server is tested at the repository's root
(tests/mcp/test_pydantic_ai_agent.py): these tests run with the plugin alone."""

from __future__ import annotations

import asyncio
import base64
from typing import Any

import pytest
from pydantic_ai import Agent
from pydantic_ai.messages import (
    BinaryContent,
    BinaryImage,
    DocumentUrl,
    ImageUrl,
    ModelMessage,
    ModelResponse,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel

import toolbridge
from toolbridge import (
    AudioContent,
    BlobResourceContents,
    ConfigError,
    ContentBlock,
    EmbeddedResource,
    ImageContent,
    ResourceLink,
    TextContent,
    TextResourceContents,
    Tool,
    ToolResult,
    tool,
)
from toolbridge_pydantic_ai import ToolbridgeToolset, to_pydantic_ai

PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg=="
)
WAV = base64.b64decode("UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=")
PDF = b"%PDF-1.4 a tiny document"


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def _returning(*blocks: ContentBlock) -> Tool:
    return _returning_result(ToolResult(content=blocks))


def _returning_result(result: ToolResult) -> Tool:
    @tool
    def show() -> ToolResult:
        """Show what the tool has."""
        return result

    return show


def _seen_by_model(made: Tool | ToolbridgeToolset) -> Any:
    """Run an agent whose model calls ``show``; the content of the return it then reads."""
    returned: list[Any] = []

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        parts = [part for message in messages for part in message.parts]
        answers = [part for part in parts if isinstance(part, ToolReturnPart)]
        if not answers:
            return ModelResponse(parts=[ToolCallPart("show", {}, tool_call_id="c1")])
        returned.append(answers[-1].content)
        return ModelResponse(parts=[TextPart("seen")])

    toolset = made if isinstance(made, ToolbridgeToolset) else ToolbridgeToolset([made])
    result = asyncio.run(Agent(FunctionModel(respond), toolsets=[toolset]).run("show me"))
    assert result.output == "seen"
    (content,) = returned
    return content


def test_an_image_and_audio_reach_the_model_as_binary_content_beside_the_text() -> None:
    show = _returning(
        TextContent(text="a caption"),
        ImageContent(data=_b64(PNG), mime_type="image/png"),
        AudioContent(data=_b64(WAV), mime_type="audio/wav"),
    )
    caption, image, audio = _seen_by_model(show)
    assert caption == "a caption"
    assert isinstance(image, BinaryImage)
    assert (image.data, image.media_type) == (PNG, "image/png")
    assert isinstance(audio, BinaryContent)
    assert (audio.data, audio.media_type, audio.is_audio) == (WAV, "audio/wav", True)


def test_an_image_alone_is_given_alone() -> None:
    image = _seen_by_model(_returning(ImageContent(data=_b64(PNG), mime_type="image/png")))
    assert isinstance(image, BinaryImage)
    assert image.data == PNG


def test_data_that_is_not_base64_is_named_and_the_rest_kept() -> None:
    show = _returning(
        ImageContent(data="not base64!", mime_type="image/png"),
        TextContent(text="still here"),
    )
    note, text = _seen_by_model(show)
    assert note == "[the image (image/png) was left out: its data is not valid base64]"
    assert text == "still here"


def test_embedded_resources_give_their_text_or_a_file_a_model_reads() -> None:
    show = _returning(
        EmbeddedResource(resource=TextResourceContents(uri="file:///a.txt", text="notes")),
        EmbeddedResource(
            resource=BlobResourceContents(
                uri="file:///r.pdf", blob=_b64(PDF), mime_type="application/pdf"
            )
        ),
        EmbeddedResource(
            resource=BlobResourceContents(
                uri="file:///b.bin", blob=_b64(b"\x00\x01\x02\x03"), mime_type=None
            )
        ),
    )
    text, document, opaque = _seen_by_model(show)
    assert text == "notes"
    assert isinstance(document, BinaryContent)
    assert (document.data, document.media_type) == (PDF, "application/pdf")
    # Bytes no model reads are described, not sent (a provider would refuse the request).
    assert opaque == {
        "type": "resource",
        "resource": {
            "uri": "file:///b.bin",
            "note": "4 bytes of binary data, not shown: no model reads this type",
        },
    }


def test_a_resource_link_is_described_unless_media_links_is_set() -> None:
    links = (
        ResourceLink(uri="https://example.test/cat.png", name="cat", mime_type="image/png"),
        ResourceLink(uri="https://example.test/r.pdf", name="r", mime_type="application/pdf"),
        ResourceLink(uri="file:///etc/hosts", name="hosts", mime_type="text/plain"),
        ResourceLink(uri="https://example.test/x", name="x"),
    )
    shapes = [
        {"type": "resource_link", "uri": link.uri, "name": link.name}
        | ({"mimeType": link.mime_type} if link.mime_type else {})
        for link in links
    ]
    show = _returning(TextContent(text="links"), *links)
    assert _seen_by_model(show) == ["links", *shapes]  # nothing fetches what a server names

    _, image, document, local, untyped = _seen_by_model(ToolbridgeToolset([show], media_links=True))
    assert isinstance(image, ImageUrl)
    assert (image.url, image.media_type) == ("https://example.test/cat.png", "image/png")
    assert isinstance(document, DocumentUrl)
    assert document.url == "https://example.test/r.pdf"
    assert (local, untyped) == (shapes[2], shapes[3])  # a file, or no media type: described


def test_text_only_results_read_as_before() -> None:
    @tool
    def add(a: int, b: int) -> int:
        """Add."""
        return a + b

    @tool
    def greet() -> str:
        """Greet."""
        return "hello"

    assert _seen_by_model(_returning(TextContent(text="one"), TextContent(text="two"))) == (
        "one\ntwo"
    )
    # FastMCP's mark of a plain value wrapped as {"result": ...}: the model reads the value.
    marked = {"fastmcp": {"wrap_result": True}}
    seven = ToolResult(
        content=(TextContent(text="7"),), structured_content={"result": 7}, meta=marked
    )
    assert _seen_by_model(_returning_result(seven)) == 7
    both = ToolResult(
        content=(TextContent(text="{}"),),
        structured_content={"result": 7, "unit": "m"},
        meta=marked,
    )
    assert _seen_by_model(_returning_result(both)) == {"result": 7, "unit": "m"}
    # The MCP SDK's way: an output schema of the one property "result".
    plain = ToolResult(content=(TextContent(text="{}"),), structured_content={"result": 7})
    declared = {"type": "object", "properties": {"result": {"type": "integer"}}}
    assert _seen_by_model(_returning_result(plain)) == {"result": 7}
    assert _seen_by_model(_returning_result(plain).replace(output_schema=declared)) == 7
    adding: Any = to_pydantic_ai(add).function
    greeting: Any = to_pydantic_ai(greet).function
    assert asyncio.run(adding(a=2, b=3)) == 5  # unwrapped structured content
    assert asyncio.run(greeting()) == "hello"


def test_toolbridge_to_passes_the_options_on() -> None:
    show = _returning(ResourceLink(uri="https://e.test/a.png", name="a", mime_type="image/png"))
    toolset = toolbridge.to("pydantic-ai", [show], media_links=True)
    assert isinstance(toolset, ToolbridgeToolset)
    assert isinstance(_seen_by_model(toolset), ImageUrl)
    with pytest.raises(ConfigError, match="on_elicit must be a function"):
        toolbridge.to("pydantic-ai", [show], on_elicit="ask the user")
