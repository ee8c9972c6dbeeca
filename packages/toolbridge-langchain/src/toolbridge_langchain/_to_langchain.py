"""Canonical tools as LangChain ``StructuredTool`` objects that toolbridge validates.

The arguments schema is the tool's input schema, as a JSON Schema dict, kept as
given: LangChain then hands the model's arguments over unchecked (it would pass
``{"a": "1"}`` to an ``int`` parameter), and toolbridge validates them on every call.
Invalid arguments, a tool that fails and an ``isError`` result raise LangChain's
``ToolException`` with a text the model can correct itself from (each issue with its
path); ``handle_tool_error`` is on, so an agent gets it as an error ``ToolMessage`` and
goes on. A result is the tool's content for the model and the `ToolResult` itself as
the message's artifact.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Annotated, Any, overload

from langchain_core.tools import StructuredTool, ToolException
from pydantic import Field, SkipValidation
from typing_extensions import override

from toolbridge import (
    AudioContent,
    ContentBlock,
    EmbeddedResource,
    ImageContent,
    InvocationError,
    ResourceLink,
    TextContent,
    TextResourceContents,
    Tool,
    ToolbridgeError,
    ToolExecutionError,
    ToolResult,
    ToolTimeoutError,
    thaw,
)
from toolbridge.formats import tools_given
from toolbridge_langchain._metadata import write_metadata

__all__ = ["ToolbridgeStructuredTool", "to_langchain"]

Content = str | list[str | dict[str, Any]]
"""What a ``ToolMessage`` holds: a text, or a list of content blocks."""


class ToolbridgeStructuredTool(StructuredTool):
    """A ``StructuredTool`` made by toolbridge: it runs, and keeps, a canonical tool.

    Its function gets the arguments as one dict, so no argument name clashes with
    LangChain's own keyword arguments (``config``, ``callbacks``, ``run_manager``).
    """

    toolbridge_tool: Annotated[Tool, SkipValidation()] = Field(exclude=True)
    """The canonical tool it runs."""

    @override
    def _to_args_and_kwargs(
        self, tool_input: str | dict[str, Any], tool_call_id: str | None
    ) -> tuple[tuple[Any, ...], dict[str, Any]]:
        # The model's arguments, as one value: a dict, or JSON text toolbridge parses.
        return (tool_input,), {}


@overload
def to_langchain(tools: Tool, /, *, timeout: float | None = None) -> ToolbridgeStructuredTool: ...
@overload
def to_langchain(
    tools: Iterable[Tool], /, *, timeout: float | None = None
) -> list[ToolbridgeStructuredTool]: ...
def to_langchain(
    tools: Tool | Iterable[Tool], /, *, timeout: float | None = None
) -> ToolbridgeStructuredTool | list[ToolbridgeStructuredTool]:
    """Canonical tools as LangChain structured tools.

    Args:
        tools: One tool or an iterable of them.
        timeout: Seconds each call may take (`ToolTimeoutError`, told to the model).

    Raises:
        ConversionError: Something other than tools.
    """
    listed, single = tools_given(tools, "to_langchain")
    made = [_structured_tool(item, timeout) for item in listed]
    return made[0] if single else made


def _structured_tool(tool: Tool, timeout: float | None) -> ToolbridgeStructuredTool:
    langchain = tool.meta.get("langchain")  # what `from_langchain` kept
    own: dict[str, Any] = thaw(langchain) if isinstance(langchain, Mapping) else {}
    own_metadata, extras = own.get("metadata"), own.get("extras")

    def run(arguments: Any) -> tuple[Content, ToolResult]:
        try:
            result = tool.invoke(arguments, timeout=timeout)
        except (ToolExecutionError, ToolTimeoutError) as error:  # the model can try again
            raise ToolException(f"Error: {error}") from error
        except InvocationError:
            raise  # not the model's doing: no invoker, or an async tool in a running loop
        except ToolbridgeError as error:
            raise ToolException(f"Error: {error}") from error
        return _response(result)

    async def arun(arguments: Any) -> tuple[Content, ToolResult]:
        try:
            result = await tool.ainvoke(arguments, timeout=timeout)
        except (ToolExecutionError, ToolTimeoutError) as error:
            raise ToolException(f"Error: {error}") from error
        except InvocationError:
            raise
        except ToolbridgeError as error:
            raise ToolException(f"Error: {error}") from error
        return _response(result)

    return ToolbridgeStructuredTool(
        name=tool.name,
        description=tool.description,
        args_schema=thaw(tool.input_schema),
        func=run,
        coroutine=arun,
        response_format="content_and_artifact",
        handle_tool_error=True,
        tags=sorted(tool.tags) or None,
        metadata=write_metadata(tool, own_metadata if isinstance(own_metadata, dict) else {}),
        return_direct=own.get("return_direct") is True,
        extras=extras if isinstance(extras, dict) else None,
        toolbridge_tool=tool,
    )


def _response(result: ToolResult) -> tuple[Content, ToolResult]:
    if result.is_error:
        raise ToolException(f"Error: {result.text or 'the tool reported an error'}")
    return _content(result), result


def _content(result: ToolResult) -> Content:
    """What the model reads of a result.

    The text; the structured content as JSON when there is no content; LangChain
    content blocks when there is more than text.
    """
    if all(isinstance(block, TextContent) for block in result.content):
        if not result.content and result.structured_content is not None:
            return json.dumps(thaw(result.structured_content), ensure_ascii=False)
        return result.text
    return [_block(block) for block in result.content]


def _block(block: ContentBlock) -> dict[str, Any]:
    """One content block as LangChain's standard block of the same kind.

    A resource link or an embedded text resource becomes text, never dropped.
    """
    if isinstance(block, TextContent):
        return {"type": "text", "text": block.text}
    if isinstance(block, (ImageContent, AudioContent)):
        return {"type": block.type, "base64": block.data, "mime_type": block.mime_type}
    if isinstance(block, ResourceLink):
        return {"type": "text", "text": f"[resource {block.name}: {block.uri}]"}
    if isinstance(block, EmbeddedResource):
        resource = block.resource
        if isinstance(resource, TextResourceContents):
            return {"type": "text", "text": resource.text}
        return {
            "type": "file",
            "base64": resource.blob,
            "mime_type": resource.mime_type or "application/octet-stream",
        }
    raise AssertionError(f"unknown content block {block!r}")  # pragma: no cover
