"""The tools the MCP conformance suite's tool scenarios call, as toolbridge tools.

``toolbridge serve tests/conformance/toolset.py --transport http`` serves them; the
suite's server scenarios (``tools-list``, ``tools-call-*``, ``json-schema-2020-12``)
then run against toolbridge's server. Every tool is an ordinary ``@tool`` function or
a ``Tool`` with a prebuilt schema, served as given.
"""

from __future__ import annotations

import asyncio
from typing import Any

from toolbridge import (
    AudioContent,
    EmbeddedResource,
    ImageContent,
    TextContent,
    TextResourceContents,
    Tool,
    ToolResult,
    report_progress,
    send_log,
    tool,
)

PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"
"""A 1x1 red pixel."""
WAV = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQIAAAAAAA=="
"""One silent sample at 8 kHz."""


def _resource() -> EmbeddedResource:
    return EmbeddedResource(
        resource=TextResourceContents(
            uri="test://embedded-resource", mime_type="text/plain", text="An embedded resource."
        )
    )


@tool
def test_simple_text() -> ToolResult:
    """Return one text block."""
    return ToolResult(content=(TextContent(text="This is a simple text response for testing."),))


@tool
def test_image_content() -> ToolResult:
    """Return one image block."""
    return ToolResult(content=(ImageContent(data=PNG, mime_type="image/png"),))


@tool
def test_audio_content() -> ToolResult:
    """Return one audio block."""
    return ToolResult(content=(AudioContent(data=WAV, mime_type="audio/wav"),))


@tool
def test_embedded_resource() -> ToolResult:
    """Return one embedded resource."""
    return ToolResult(content=(_resource(),))


@tool
def test_multiple_content_types() -> ToolResult:
    """Return text, an image and a resource."""
    return ToolResult(
        content=(
            TextContent(text="Multiple content types test:"),
            ImageContent(data=PNG, mime_type="image/png"),
            _resource(),
        )
    )


@tool
async def test_tool_with_logging() -> str:
    """Send three log messages while running."""
    for message in ("Tool execution started", "Tool processing data", "Tool execution completed"):
        await send_log("info", message, logger="conformance")
        await asyncio.sleep(0.05)
    return "Tool with logging executed successfully"


@tool
async def test_tool_with_progress() -> str:
    """Report progress three times while running."""
    for step in (0, 50, 100):
        await report_progress(step, 100, f"step {step}")
        await asyncio.sleep(0.05)
    return "Tool with progress executed successfully"


@tool
def test_error_handling() -> ToolResult:
    """Fail, as a result the model can read."""
    return ToolResult.from_error("This tool intentionally returns an error for testing")


async def _echo_arguments(arguments: dict[str, Any], timeout: float | None) -> ToolResult:
    return ToolResult.from_json(arguments)


class _Echo:
    """An invoker that returns the arguments it was given."""

    def call(self, arguments: dict[str, Any], timeout: float | None) -> ToolResult:
        return ToolResult.from_json(arguments)

    async def acall(self, arguments: dict[str, Any], timeout: float | None) -> ToolResult:
        return await _echo_arguments(arguments, timeout)


json_schema_2020_12_tool = Tool(
    name="json_schema_2020_12_tool",
    description="A prebuilt JSON Schema 2020-12 input, served exactly as written.",
    input_schema={
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "$defs": {
            "address": {
                "type": "object",
                "properties": {"street": {"type": "string"}, "city": {"type": "string"}},
            }
        },
        "properties": {"name": {"type": "string"}, "address": {"$ref": "#/$defs/address"}},
        "additionalProperties": False,
    },
    invoker=_Echo(),
)

TOOLS = [
    test_simple_text,
    test_image_content,
    test_audio_content,
    test_embedded_resource,
    test_multiple_content_types,
    test_tool_with_logging,
    test_tool_with_progress,
    test_error_handling,
    json_schema_2020_12_tool,
]
