"""The tools the MCP conformance suite's tool scenarios call, as toolbridge tools.

``toolbridge serve tests/conformance/toolset.py --transport http`` serves them; the
suite's server scenarios (``tools-list``, ``tools-call-*``, ``json-schema-2020-12``)
then run against toolbridge's server. Every tool is an ordinary ``@tool`` function or
a ``Tool`` with a prebuilt schema, served as given.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from toolbridge import (
    AudioContent,
    EmbeddedResource,
    ImageContent,
    TextContent,
    TextResourceContents,
    Tool,
    ToolContext,
    ToolResult,
    elicit,
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


@tool
async def test_elicitation(message: str, context: ToolContext) -> str:
    """Ask the user for a username and an email address."""
    form = {
        "type": "object",
        "properties": {
            "username": {"type": "string", "description": "User's response"},
            "email": {"type": "string", "description": "User's email address"},
        },
        "required": ["username", "email"],
    }
    answer = await context.elicit(message, form)
    return f"User response: <action: {answer.action}, content: {json.dumps(answer.content)}>"


@tool
async def test_elicitation_sep1034_defaults() -> str:
    """Ask for a form whose every field has a default (SEP-1034)."""
    form = {
        "type": "object",
        "properties": {
            "name": {"type": "string", "default": "John Doe"},
            "age": {"type": "integer", "default": 30},
            "score": {"type": "number", "default": 95.5},
            "status": {
                "type": "string",
                "enum": ["active", "inactive", "pending"],
                "default": "active",
            },
            "verified": {"type": "boolean", "default": True},
        },
    }
    answer = await elicit("Check your details", form)
    return f"Elicitation completed: action={answer.action}, content={json.dumps(answer.content)}"


@tool
async def test_elicitation_sep1330_enums() -> str:
    """Ask for a form with the five kinds of enum (SEP-1330)."""
    options = ["option1", "option2", "option3"]
    titled = [
        {"const": "value1", "title": "First Option"},
        {"const": "value2", "title": "Second Option"},
        {"const": "value3", "title": "Third Option"},
    ]
    form = {
        "type": "object",
        "properties": {
            "untitledSingle": {"type": "string", "enum": options},
            "titledSingle": {"type": "string", "oneOf": titled},
            "legacyEnum": {
                "type": "string",
                "enum": ["opt1", "opt2", "opt3"],
                "enumNames": ["Option One", "Option Two", "Option Three"],
            },
            "untitledMulti": {"type": "array", "items": {"type": "string", "enum": options}},
            "titledMulti": {"type": "array", "items": {"anyOf": titled}},
        },
    }
    answer = await elicit("Pick your options", form)
    return f"Elicitation completed: action={answer.action}, content={json.dumps(answer.content)}"


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
    test_elicitation,
    test_elicitation_sep1034_defaults,
    test_elicitation_sep1330_enums,
]
