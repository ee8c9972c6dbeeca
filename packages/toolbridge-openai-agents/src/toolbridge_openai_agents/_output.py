"""A `ToolResult` as what an Agents SDK function tool returns to the model.

The SDK takes a string, or a list of ``ToolOutputText`` / ``ToolOutputImage`` /
``ToolOutputFileContent`` that it sends as ``input_text`` / ``input_image`` /
``input_file`` items of the ``function_call_output``. A result of text only stays
one string (the text blocks joined by newlines); one that holds an image or a file
becomes the list, in the result's order:

- an image (``image/png``, ``jpeg``, ``gif``, ``webp``; MCP ``image`` content, or an
  embedded blob resource of those types) is a ``ToolOutputImage`` with a
  ``data:<type>;base64,<data>`` URL;
- an embedded PDF or Office document (a blob resource) is a ``ToolOutputFileContent``
  with the data URL as ``file_data`` and a file name from its URI;
- an embedded text resource, or a blob resource of a text type that is UTF-8, is
  its text;
- a resource link is a line of text naming it (``[resource: notes <file:///...>]``):
  it is not sent as ``file_url``, so nothing is fetched because a server said so;
- audio, other binary resources, other image types and base64 data that does not
  decode become a text note saying what was left out, never silently dropped.

An error result's text starts with ``Error: `` (the SDK has no error flag), and the
structured content is sent as JSON text when the result has no text of its own.

`from_tool_output` reads the other way, what a foreign function tool returned: a
data URL becomes an image or an embedded resource again, any other URL a resource
link (never fetched), an uploaded file's id a line of text.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from typing import Final, TypeAlias
from urllib.parse import quote, unquote, urlsplit

from agents import ToolOutputFileContent, ToolOutputImage, ToolOutputText
from pydantic import TypeAdapter, ValidationError

from toolbridge import (
    AudioContent,
    BlobResourceContents,
    ContentBlock,
    EmbeddedResource,
    ImageContent,
    ResourceLink,
    TextContent,
    TextResourceContents,
    ToolResult,
    thaw,
)

__all__ = ["ERROR_PREFIX", "ToolOutput", "from_tool_output", "to_tool_output"]

ToolOutput: TypeAlias = str | list[ToolOutputText | ToolOutputImage | ToolOutputFileContent]
"""What a function tool's ``on_invoke_tool`` returns: text, or text, images and files."""

ERROR_PREFIX: Final = "Error: "
"""Starts the text of an error result: the model reads it as a failure to correct."""

_IMAGE_TYPES: Final = frozenset({"image/png", "image/jpeg", "image/gif", "image/webp"})
"""The image types the OpenAI APIs read."""

_FILE_TYPES: Final = frozenset(
    {
        "application/pdf",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    }
)
"""Documents the Responses API reads as ``input_file`` (text types are sent as text)."""

_TEXT_TYPES: Final = frozenset(
    {"application/json", "application/xml", "application/yaml", "application/x-yaml"}
)
"""Types outside ``text/*`` whose bytes are text."""

_EXTENSIONS: Final = {
    "application/pdf": ".pdf",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ".docx",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation": ".pptx",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ".xlsx",
}

_Piece: TypeAlias = str | ToolOutputImage | ToolOutputFileContent


def to_tool_output(result: ToolResult) -> ToolOutput:
    """What the model reads of `result`: one string, or text, images and files in order."""
    pieces = [_piece(block) for block in result.content]
    if result.structured_content is not None and not any(
        isinstance(piece, str) and piece for piece in pieces
    ):
        pieces.insert(0, json.dumps(thaw(result.structured_content), ensure_ascii=False))
    if result.is_error:
        pieces = _flagged(pieces)
    if all(isinstance(piece, str) for piece in pieces):
        return "\n".join(piece for piece in pieces if isinstance(piece, str))
    return [
        ToolOutputText(text=piece) if isinstance(piece, str) else piece
        for piece in pieces
        if piece != ""
    ]


def _flagged(pieces: list[_Piece]) -> list[_Piece]:
    """The pieces with the first text marked as an error (one added if there is none)."""
    for index, piece in enumerate(pieces):
        if isinstance(piece, str) and piece:
            if not piece.startswith(ERROR_PREFIX):
                pieces[index] = ERROR_PREFIX + piece
            return pieces
    return [f"{ERROR_PREFIX}the tool reported an error", *pieces]


def _piece(block: ContentBlock) -> _Piece:
    if isinstance(block, TextContent):
        return block.text
    if isinstance(block, ImageContent):
        return _image(block.data, block.mime_type, "image")
    if isinstance(block, AudioContent):
        return _note("audio", block.mime_type, "Agents SDK tool outputs carry no audio")
    if isinstance(block, ResourceLink):
        title = block.title or block.name
        line = f"[resource: {title} <{block.uri}>]"
        return f"{line} {block.description}" if block.description else line
    return _resource(block)


def _resource(block: EmbeddedResource) -> _Piece:
    resource = block.resource
    if isinstance(resource, TextResourceContents):
        return resource.text
    mime_type = (resource.mime_type or "application/octet-stream").lower()
    if mime_type in _IMAGE_TYPES:
        return _image(resource.blob, mime_type, f"image resource {resource.uri}")
    decoded = _decoded(resource.blob)
    if decoded is None:
        return _note(f"resource {resource.uri}", mime_type, "its base64 data does not decode")
    if mime_type.startswith("text/") or mime_type in _TEXT_TYPES:
        try:
            return decoded.decode("utf-8")
        except UnicodeDecodeError:
            return _note(f"resource {resource.uri}", mime_type, "its text is not UTF-8")
    if mime_type in _FILE_TYPES:
        return ToolOutputFileContent(
            file_data=f"data:{mime_type};base64,{resource.blob}",
            filename=_filename(resource.uri, mime_type),
        )
    return _note(
        f"resource {resource.uri}", mime_type, "the model reads no binary data of this type"
    )


def _image(data: str, mime_type: str, what: str) -> _Piece:
    if mime_type not in _IMAGE_TYPES:
        return _note(what, mime_type, "the model reads PNG, JPEG, GIF and WebP images only")
    if _decoded(data) is None:
        return _note(what, mime_type, "its base64 data does not decode")
    return ToolOutputImage(image_url=f"data:{mime_type};base64,{data}")


def _decoded(data: str) -> bytes | None:
    try:
        return base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        return None


def _note(what: str, mime_type: str, why: str) -> str:
    return f"[{what} ({mime_type}) omitted: {why}]"


def _filename(uri: str, mime_type: str) -> str:
    """The last segment of the URI's path, or ``file`` with the type's extension."""
    return _link_name(uri, f"file{_EXTENSIONS.get(mime_type, '')}")


# -- from the SDK ---------------------------------------------------------------------

_Structured: TypeAlias = ToolOutputText | ToolOutputImage | ToolOutputFileContent
_STRUCTURED: Final[TypeAdapter[_Structured]] = TypeAdapter(_Structured)
_DATA_URL: Final = re.compile(r"data:([\w.+-]+/[\w.+-]+);base64,(.*)", re.DOTALL)


def from_tool_output(output: object) -> ToolResult:
    """What a function tool returned, as a `ToolResult` (text, images, files, links).

    Anything that is not one of the SDK's structured outputs (or a list of them) is
    read as the SDK reads it: its ``str()`` as text.
    """
    if isinstance(output, str):
        return ToolResult.from_text(output)
    items = output if isinstance(output, (list, tuple)) else [output]
    structured = [_structured(item) for item in items]
    if not structured or any(item is None for item in structured):
        return ToolResult.from_text(str(output))
    return ToolResult(content=tuple(_block(item) for item in structured if item is not None))


def _structured(item: object) -> _Structured | None:
    if isinstance(item, (ToolOutputText, ToolOutputImage, ToolOutputFileContent)):
        return item
    if isinstance(item, dict) and "type" in item:
        try:
            return _STRUCTURED.validate_python(item)
        except ValidationError:
            return None
    return None


def _block(item: _Structured) -> ContentBlock:
    if isinstance(item, ToolOutputText):
        return TextContent(text=item.text)
    if isinstance(item, ToolOutputImage):
        data_url = _DATA_URL.fullmatch(item.image_url or "")
        if data_url:
            return ImageContent(data=data_url[2], mime_type=data_url[1])
        if item.image_url:
            return ResourceLink(uri=item.image_url, name=_link_name(item.image_url, "image"))
        return TextContent(text=f"[image: OpenAI file {item.file_id}]")
    return _file(item)


def _file(item: ToolOutputFileContent) -> ContentBlock:
    name = item.filename or "file"
    if item.file_data is not None:
        data_url = _DATA_URL.fullmatch(item.file_data)
        mime_type, blob = (data_url[1], data_url[2]) if data_url else (None, item.file_data)
        uri = f"file:///{quote(name)}"
        return EmbeddedResource(
            resource=BlobResourceContents(uri=uri, blob=blob, mime_type=mime_type)
        )
    if item.file_url is not None:
        link_name = item.filename or _link_name(item.file_url, name)
        return ResourceLink(uri=item.file_url, name=link_name)
    return TextContent(text=f"[file {name}: OpenAI file {item.file_id}]")


def _link_name(url: str, fallback: str) -> str:
    return unquote(urlsplit(url).path.rsplit("/", 1)[-1]) or fallback
