"""Shape a `ToolResult` into the message or block each provider expects back.

Three rules hold for every provider:

- **The error flag is never lost.** Anthropic (``is_error``), Bedrock (``status``),
  Gemini (an ``error`` key instead of ``output``) and MCP (``isError``) have a slot
  for it. OpenAI Chat Completions and Responses have none: the text then starts with
  `ERROR_PREFIX` (``"Error: "``).
- **Structured content goes where the target has a slot** (Bedrock ``json`` block,
  Gemini ``response.output``, MCP ``structuredContent``); text blocks that merely
  render it as JSON (MCP's backwards-compatible convention) are then not repeated.
  Where there is no slot (OpenAI, Anthropic), it is serialised to JSON text, unless a
  text block already holds exactly that JSON.
- **Content a target cannot carry becomes a text note**, never silently dropped:
  ``[audio (audio/wav) omitted: OpenAI Chat Completions tool results carry no audio
  content]``. Images are sent as images to OpenAI Responses (``input_image`` with a
  data URL), Anthropic (base64 ``image`` block) and Bedrock (``image`` block with raw
  ``bytes``, as boto3 expects); OpenAI Chat Completions tool messages and Gemini
  function responses carry text only. Resource links and embedded text resources
  become text.

Wire shapes were checked against the providers' own types: openai-python
``ChatCompletionToolMessageParam`` (``role``, ``tool_call_id``, ``content``) and
``response_input_param.FunctionCallOutput`` (``call_id``, ``output``: a string or a
list of ``input_text`` / ``input_image`` items); anthropic-sdk-python
``ToolResultBlockParam`` (``tool_use_id``, ``content``, ``is_error``) and
``Base64ImageSourceParam``; python-genai ``FunctionResponse`` (``id``, ``name``,
``response``: "use the output key for the function output and the error key for
error details"); the boto3 ``converse`` request syntax (``toolResult``: ``toolUseId``,
``content`` of ``json`` / ``text`` / ``image`` with ``source.bytes`` as ``b'bytes'``,
``status``: ``success`` | ``error``).
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Callable
from typing import Any, Final

from toolbridge._call import PROVIDERS, TITLES, Provider, ToolCall
from toolbridge._content import (
    AudioContent,
    ContentBlock,
    ImageContent,
    ResourceLink,
    TextContent,
    TextResourceContents,
)
from toolbridge._json import thaw
from toolbridge._result import ToolResult
from toolbridge.calls._fields import shown
from toolbridge.errors import ConversionError

__all__ = ["ERROR_PREFIX", "result_message"]

ERROR_PREFIX: Final = "Error: "
"""Starts the text of an error result for targets without an error flag (OpenAI)."""

_NO_MESSAGE: Final = "the tool failed without a message"

_IMAGE_TYPES: Final = frozenset({"image/png", "image/jpeg", "image/gif", "image/webp"})
"""The image types Anthropic, Bedrock and OpenAI all accept."""


def result_message(
    result: ToolResult, call: ToolCall, provider: Provider | None = None
) -> dict[str, Any]:
    """The message (or content block) that answers `call` with `result`.

    - ``"openai"``: a ``tool`` message, ``{"role", "tool_call_id", "content"}``;
    - ``"openai-responses"``: a ``function_call_output`` input item;
    - ``"anthropic"``: a ``tool_result`` content block (put it in a ``user`` message);
    - ``"gemini"``: a part holding ``functionResponse`` (put it in a ``user`` content);
    - ``"bedrock"``: a content block holding ``toolResult`` (in a ``user`` message);
    - ``"mcp"``: the ``CallToolResult`` (`ToolResult.to_dict`), the JSON-RPC
      response's ``result``.

    Args:
        result: What the tool returned (see `toolbridge.to_result`).
        call: The call being answered; its id pairs the two.
        provider: The target format; the call's own provider when omitted.

    Raises:
        ConversionError: The provider is unknown, the target pairs results by id and
            the call has none, or an image's base64 data is malformed (Bedrock).
    """
    target = call.provider if provider is None else provider
    shape = _SHAPERS.get(target) if target in PROVIDERS else None  # even unhashable
    if shape is None:
        raise ConversionError(
            f"unknown provider {shown(target)}; expected one of {list(PROVIDERS)}"
        )
    return shape(result, call)


# -- content as text, images and notes ------------------------------------------------


def _note(kind: str, mime_type: str, target: str) -> str:
    return f"[{kind} ({mime_type}) omitted: {TITLES[target]} tool results carry no {kind} content]"


def _renders(text: str, structured: Any) -> bool:
    if not text.lstrip().startswith("{"):
        return False
    try:
        return bool(json.loads(text) == structured)
    except (ValueError, RecursionError):
        return False


def _pieces(
    result: ToolResult, target: str, *, slot: bool, images: bool
) -> list[str | ImageContent]:
    """The content as text pieces and (where `images`) images, with notes for the rest.

    With a structured `slot`, text that only renders the structured content is left
    out; without one, the structured content is added as JSON text unless present.
    """
    structured = result.structured_content
    pieces: list[str | ImageContent] = []
    rendered = False
    for block in result.content:
        if (
            isinstance(block, TextContent)
            and structured is not None
            and _renders(block.text, structured)
        ):
            rendered = True
            if slot:
                continue
        pieces.append(_piece(block, target, images=images))
    if structured is not None and not slot and not rendered:
        pieces.append(json.dumps(thaw(structured), ensure_ascii=False))
    return pieces


def _piece(block: ContentBlock, target: str, *, images: bool) -> str | ImageContent:
    if isinstance(block, TextContent):
        return block.text
    if isinstance(block, ImageContent):
        if images and block.mime_type in _IMAGE_TYPES:
            return block
        return _note("image", block.mime_type, target)
    if isinstance(block, AudioContent):
        return _note("audio", block.mime_type, target)
    if isinstance(block, ResourceLink):
        title = block.title or block.name
        return f"[resource: {title} <{block.uri}>]" + (
            f" {block.description}" if block.description else ""
        )
    resource = block.resource
    if isinstance(resource, TextResourceContents):
        return resource.text
    mime_type = resource.mime_type or "application/octet-stream"
    if images and mime_type in _IMAGE_TYPES:
        return ImageContent(data=resource.blob, mime_type=mime_type)
    return _note("binary resource", f"{mime_type}, {resource.uri}", target)


def _text(pieces: list[str | ImageContent]) -> str:
    return "\n".join(piece for piece in pieces if isinstance(piece, str))


def _flagged(text: str, is_error: bool) -> str:
    if not is_error or text.startswith(ERROR_PREFIX):
        return text
    return ERROR_PREFIX + (text or _NO_MESSAGE)


def _call_id(call: ToolCall, target: str) -> str:
    if call.id is None:
        raise ConversionError(
            f"{TITLES[target]} pairs results with calls by id, and this "
            f"{call.provider} call to {call.name!r} has none"
        )
    return call.id


# -- one shaper per provider ----------------------------------------------------------


def _openai(result: ToolResult, call: ToolCall) -> dict[str, Any]:
    text = _text(_pieces(result, "openai", slot=False, images=False))
    return {
        "role": "tool",
        "tool_call_id": _call_id(call, "openai"),
        "content": _flagged(text, result.is_error),
    }


def _responses(result: ToolResult, call: ToolCall) -> dict[str, Any]:
    pieces = _pieces(result, "openai-responses", slot=False, images=True)
    output: str | list[dict[str, Any]]
    if not any(isinstance(piece, ImageContent) for piece in pieces):
        output = _flagged(_text(pieces), result.is_error)
    else:
        if result.is_error:
            first = pieces[0] if isinstance(pieces[0], str) else ""
            pieces = [_flagged(first, True), *pieces[1 if first else 0 :]]
        output = [
            {"type": "input_text", "text": piece}
            if isinstance(piece, str)
            else {"type": "input_image", "image_url": f"data:{piece.mime_type};base64,{piece.data}"}
            for piece in pieces
        ]
    return {
        "type": "function_call_output",
        "call_id": _call_id(call, "openai-responses"),
        "output": output,
    }


def _anthropic(result: ToolResult, call: ToolCall) -> dict[str, Any]:
    content: list[dict[str, Any]] = []
    for piece in _pieces(result, "anthropic", slot=False, images=True):
        if isinstance(piece, ImageContent):
            source = {"type": "base64", "media_type": piece.mime_type, "data": piece.data}
            content.append({"type": "image", "source": source})
        elif piece:  # Anthropic refuses empty text blocks
            content.append({"type": "text", "text": piece})
    return {
        "type": "tool_result",
        "tool_use_id": _call_id(call, "anthropic"),
        "content": content,
        "is_error": result.is_error,
    }


def _gemini(result: ToolResult, call: ToolCall) -> dict[str, Any]:
    structured = result.structured_content
    response: dict[str, Any]
    if result.is_error:
        text = _text(_pieces(result, "gemini", slot=False, images=False))
        response = {"error": text or _NO_MESSAGE}
    elif structured is not None:
        response = {"output": thaw(structured)}
        rest = _text(_pieces(result, "gemini", slot=True, images=False))
        if rest:  # text beside the structured content that does not merely render it
            response["content"] = rest
    else:
        response = {"output": _text(_pieces(result, "gemini", slot=False, images=False))}
    function_response: dict[str, Any] = {"name": call.name}
    if call.id is not None:
        function_response["id"] = call.id
    function_response["response"] = response
    return {"functionResponse": function_response}


def _bedrock(result: ToolResult, call: ToolCall) -> dict[str, Any]:
    content: list[dict[str, Any]] = []
    if result.structured_content is not None:
        content.append({"json": thaw(result.structured_content)})
    for piece in _pieces(result, "bedrock", slot=True, images=True):
        if isinstance(piece, ImageContent):
            image_format = piece.mime_type.removeprefix("image/")
            content.append({"image": {"format": image_format, "source": {"bytes": _bytes(piece)}}})
        elif piece:  # Bedrock refuses empty text blocks
            content.append({"text": piece})
    return {
        "toolResult": {
            "toolUseId": _call_id(call, "bedrock"),
            "content": content,
            "status": "error" if result.is_error else "success",
        }
    }


def _bytes(image: ImageContent) -> bytes:
    try:
        return base64.b64decode(image.data, validate=True)
    except (binascii.Error, ValueError) as error:
        raise ConversionError(f"an image's base64 data is malformed: {error}") from error


def _mcp(result: ToolResult, call: ToolCall) -> dict[str, Any]:
    return result.to_dict()


_SHAPERS: Final[dict[str, Callable[[ToolResult, ToolCall], dict[str, Any]]]] = {
    "openai": _openai,
    "openai-responses": _responses,
    "anthropic": _anthropic,
    "gemini": _gemini,
    "bedrock": _bedrock,
    "mcp": _mcp,
}
