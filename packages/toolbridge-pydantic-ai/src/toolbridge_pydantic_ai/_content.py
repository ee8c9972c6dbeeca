"""What the model reads of a tool's result: text, structured content, or pydantic-ai files.

A result of text blocks alone reads as before: its structured content when it has some,
else its text. Structured content that only wraps a plain value as ``{"result": value}``
reads as the value, as with pydantic-ai's own MCP toolset: a toolbridge function's, a
tool whose output schema has the one property ``result`` (how the MCP SDK and FastMCP
wrap a plain return value), or a result marked ``fastmcp.wrap_result`` in its ``_meta``.

A result holding anything else reads as a list, one item per block in order, which
pydantic-ai sends to the model in the tool's return (natively where the provider takes
files in a tool result):

- text: the string;
- an image: ``BinaryImage`` (a ``BinaryContent``) with the decoded bytes and media type;
- audio: ``BinaryContent`` with its audio media type;
- an embedded text resource: its text;
- an embedded blob a model can read (image, audio, video, PDF, text): ``BinaryContent``;
- a resource link, or a blob no model reads: its MCP wire shape (a JSON object the
  model reads), the blob's bytes replaced by their count.

A block whose base64 data does not decode becomes a note saying so, never a crash nor
a silent gap. With ``media_links=True``, a link to an ``http(s)`` image, audio file,
video or document is pydantic-ai's ``ImageUrl`` / ``AudioUrl`` / ``VideoUrl`` /
``DocumentUrl``: pydantic-ai, or the model's provider, then fetches what the server
named, so it is off by default (no connection because of what a server says).
A single item is given alone, not in a one-item list, as pydantic-ai's own MCP
toolset does.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from typing import Any

from pydantic_ai.messages import AudioUrl, BinaryContent, DocumentUrl, ImageUrl, VideoUrl

from toolbridge import (
    AudioContent,
    BlobResourceContents,
    EmbeddedResource,
    ImageContent,
    ResourceLink,
    TextContent,
    Tool,
    ToolResult,
    thaw,
)

__all__ = ["model_content", "wraps_output"]

_READABLE_PREFIXES = ("image/", "audio/", "video/", "text/")
"""Media types a model may read as a file: pydantic-ai inlines text, providers take the rest."""
_READABLE_TYPES = frozenset({"application/pdf"})


def wraps_output(tool: Tool) -> bool:
    """Whether the tool says its structured content wraps a plain value in ``result``."""
    source = tool.meta.get("function")
    if isinstance(source, Mapping) and source.get("output_wrapped") is True:
        return True
    schema = tool.output_schema
    if schema is None:
        return False
    properties = schema.get("properties")
    return schema.get("x-fastmcp-wrap-result") is True or (
        isinstance(properties, Mapping) and set(properties) == {"result"}
    )


def model_content(result: ToolResult, *, wrapped: bool = False, media_links: bool = False) -> Any:
    """What pydantic-ai hands the model for `result` (see the module docstring).

    `wrapped`: the tool's structured content is ``{"result": value}`` (`wraps_output`).
    """
    if all(isinstance(block, TextContent) for block in result.content):
        structured = result.structured_content
        if structured is None:
            return result.text
        if (wrapped or _marked_wrapped(result)) and set(structured) == {"result"}:
            return thaw(structured["result"])
        return thaw(structured)
    wire = result.to_dict()["content"]
    items = [
        _item(block, shape, media_links=media_links)
        for block, shape in zip(result.content, wire, strict=True)
    ]
    return items[0] if len(items) == 1 else items


def _marked_wrapped(result: ToolResult) -> bool:
    fastmcp = (result.meta or {}).get("fastmcp")
    return isinstance(fastmcp, Mapping) and fastmcp.get("wrap_result") is True


def _item(block: Any, shape: dict[str, Any], *, media_links: bool) -> Any:
    if isinstance(block, TextContent):
        return block.text
    if isinstance(block, ImageContent | AudioContent):
        return _binary(block.data, block.mime_type, what=block.type)
    if isinstance(block, ResourceLink):
        return (_url(block) if media_links else None) or shape
    if isinstance(block, EmbeddedResource):
        resource = block.resource
        if not isinstance(resource, BlobResourceContents):
            return resource.text
        media_type = resource.mime_type or "application/octet-stream"
        if _readable(media_type):
            return _binary(resource.blob, media_type, what=f"resource {resource.uri}")
        return _described(shape, resource.blob)
    return shape  # a block kind this module does not know: its wire shape, as the link's


def _binary(data: str, media_type: str, *, what: str) -> BinaryContent | str:
    try:
        decoded = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        return f"[the {what} ({media_type}) was left out: its data is not valid base64]"
    return BinaryContent.narrow_type(BinaryContent(data=decoded, media_type=media_type))


def _readable(media_type: str) -> bool:
    return media_type.startswith(_READABLE_PREFIXES) or media_type in _READABLE_TYPES


def _described(shape: dict[str, Any], blob: str) -> dict[str, Any]:
    """The block's wire shape with the blob's bytes replaced by how many there are."""
    resource = dict(shape["resource"])
    del resource["blob"]
    size = len(blob) * 3 // 4 - blob.count("=")
    resource["note"] = f"{size} bytes of binary data, not shown: no model reads this type"
    return {**shape, "resource": resource}


def _url(link: ResourceLink) -> ImageUrl | AudioUrl | VideoUrl | DocumentUrl | None:
    media_type = link.mime_type
    if media_type is None or not link.uri.lower().startswith(("https://", "http://")):
        return None
    if media_type.startswith("image/"):
        return ImageUrl(link.uri, media_type=media_type)
    if media_type.startswith("audio/"):
        return AudioUrl(link.uri, media_type=media_type)
    if media_type.startswith("video/"):
        return VideoUrl(link.uri, media_type=media_type)
    if _readable(media_type):
        return DocumentUrl(link.uri, media_type=media_type)
    return None
