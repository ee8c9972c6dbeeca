"""A `ToolResult` as what a ``ToolMessage`` holds: a text, or LangChain's standard blocks.

Each MCP content block becomes the standard LangChain block of its kind
(`langchain_core.messages.content`), as ``langchain.mcp`` makes them, and nothing is
dropped: a text is a ``text`` block; an image an ``image`` block with its base64
data; an audio clip a ``file`` block with its base64 data and audio MIME type
(LangChain's tool messages take no ``audio`` block: one would turn the whole list
into JSON text); a resource link a ``file`` block with its URI as ``url``
(an ``image`` block for an ``image/*`` type), its name, title and description in
``extras``; an embedded text resource a ``text`` block; an embedded blob a ``file``
block with its base64 data (an ``image`` block for an image). Nothing is fetched.
"""

from __future__ import annotations

import json
from typing import Any

from toolbridge import (
    AudioContent,
    ContentBlock,
    EmbeddedResource,
    ImageContent,
    ResourceLink,
    TextContent,
    TextResourceContents,
    ToolResult,
    thaw,
)

__all__ = ["Content", "message_content"]

Content = str | list[str | dict[str, Any]]
"""What a ``ToolMessage`` holds: a text, or a list of content blocks."""


def message_content(result: ToolResult) -> Content:
    """What the model reads of a result.

    The text when there is only text (the structured content as JSON when there is
    no content at all); LangChain content blocks when there is more than text.
    """
    if all(isinstance(block, TextContent) for block in result.content):
        if not result.content and result.structured_content is not None:
            return json.dumps(thaw(result.structured_content), ensure_ascii=False)
        return result.text
    return [_block(block) for block in result.content]


def _block(block: ContentBlock) -> dict[str, Any]:
    """One MCP content block as LangChain's standard block of the same kind."""
    if isinstance(block, TextContent):
        return {"type": "text", "text": block.text}
    if isinstance(block, ImageContent):
        return {"type": "image", "base64": block.data, "mime_type": block.mime_type}
    if isinstance(block, AudioContent):  # a tool message takes no audio block: a file
        return {"type": "file", "base64": block.data, "mime_type": block.mime_type}
    if isinstance(block, ResourceLink):
        return _link(block)
    if isinstance(block, EmbeddedResource):
        resource = block.resource
        if isinstance(resource, TextResourceContents):
            return {"type": "text", "text": resource.text}
        mime_type = resource.mime_type or "application/octet-stream"
        kind = "image" if mime_type.startswith("image/") else "file"
        return {"type": kind, "base64": resource.blob, "mime_type": mime_type}
    raise AssertionError(f"unknown content block {block!r}")  # pragma: no cover


def _link(link: ResourceLink) -> dict[str, Any]:
    """A resource link: the model's provider may fetch its URI, toolbridge does not."""
    kind = "image" if (link.mime_type or "").startswith("image/") else "file"
    made: dict[str, Any] = {"type": kind, "url": link.uri}
    if link.mime_type:
        made["mime_type"] = link.mime_type
    extras = {"name": link.name, "title": link.title, "description": link.description}
    made["extras"] = {key: value for key, value in extras.items() if value is not None}
    return made
