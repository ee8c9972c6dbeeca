"""Tool results: MCP's content model, structured content and the error flag.

`to_result` turns whatever a tool function returned into a `ToolResult` by one
predictable rule (see its docstring); `to_dict` / `from_dict` speak MCP's
``CallToolResult`` wire shape.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal, TypeAlias, final

from toolbridge._json import FrozenDict, freeze, new_frozen_dict, thaw
from toolbridge.errors import ConversionError, JsonPath, ResultError

__all__ = [
    "AudioContent",
    "BlobResourceContents",
    "ContentBlock",
    "EmbeddedResource",
    "ImageContent",
    "ResourceLink",
    "TextContent",
    "TextResourceContents",
    "ToolResult",
    "json_content",
    "text_content",
    "to_result",
]


def _not_json(message: str, path: JsonPath) -> Exception:
    return ResultError(f"a result field is not JSON: {message} at {list(path)}")


def _freeze_optional(value: Mapping[str, Any] | None, what: str) -> FrozenDict | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise ResultError(f"{what} must be a JSON object, got {type(value).__name__}")
    frozen: FrozenDict = freeze(value, error=_not_json)
    return frozen


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class TextContent:
    """Text for the model to read."""

    text: str
    """The text."""
    annotations: Mapping[str, Any] | None = None
    """MCP content annotations (``audience``, ``priority``, ``lastModified``)."""
    meta: Mapping[str, Any] | None = None
    """MCP ``_meta``."""
    type: Literal["text"] = field(default="text", init=False)
    """The block's kind, as on the wire."""

    def __post_init__(self) -> None:
        if not isinstance(self.text, str):
            raise ResultError(f"TextContent.text must be a string, got {type(self.text).__name__}")
        if self.annotations is not None or self.meta is not None:
            _freeze_fields(self)


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class ImageContent:
    """An image, base64-encoded."""

    data: str
    """The image bytes, base64-encoded."""
    mime_type: str
    """Such as ``image/png``."""
    annotations: Mapping[str, Any] | None = None
    """MCP content annotations."""
    meta: Mapping[str, Any] | None = None
    """MCP ``_meta``."""
    type: Literal["image"] = field(default="image", init=False)
    """The block's kind, as on the wire."""

    def __post_init__(self) -> None:
        _freeze_fields(self)


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class AudioContent:
    """Audio, base64-encoded."""

    data: str
    """The audio bytes, base64-encoded."""
    mime_type: str
    """Such as ``audio/wav``."""
    annotations: Mapping[str, Any] | None = None
    """MCP content annotations."""
    meta: Mapping[str, Any] | None = None
    """MCP ``_meta``."""
    type: Literal["audio"] = field(default="audio", init=False)
    """The block's kind, as on the wire."""

    def __post_init__(self) -> None:
        _freeze_fields(self)


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class ResourceLink:
    """A link to a resource the client may read (MCP ``resource_link``)."""

    uri: str
    """The resource's URI."""
    name: str
    """The resource's programmatic name."""
    title: str | None = None
    """A human-readable title."""
    description: str | None = None
    """What the resource is."""
    mime_type: str | None = None
    """The resource's media type, if known."""
    size: int | None = None
    """The resource's size in bytes, if known."""
    annotations: Mapping[str, Any] | None = None
    """MCP content annotations."""
    meta: Mapping[str, Any] | None = None
    """MCP ``_meta``."""
    type: Literal["resource_link"] = field(default="resource_link", init=False)
    """The block's kind, as on the wire."""

    def __post_init__(self) -> None:
        _freeze_fields(self)


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class TextResourceContents:
    """The text of a resource embedded in a result."""

    uri: str
    """The resource's URI."""
    text: str
    """The resource's text."""
    mime_type: str | None = None
    """The resource's media type, if known."""
    meta: Mapping[str, Any] | None = None
    """MCP ``_meta``."""

    def __post_init__(self) -> None:
        _freeze_fields(self)


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class BlobResourceContents:
    """The bytes of a resource embedded in a result, base64-encoded."""

    uri: str
    """The resource's URI."""
    blob: str
    """The resource's bytes, base64-encoded."""
    mime_type: str | None = None
    """The resource's media type, if known."""
    meta: Mapping[str, Any] | None = None
    """MCP ``_meta``."""

    def __post_init__(self) -> None:
        _freeze_fields(self)


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class EmbeddedResource:
    """A resource's contents carried inside the result (MCP ``resource``)."""

    resource: TextResourceContents | BlobResourceContents
    """The contents."""
    annotations: Mapping[str, Any] | None = None
    """MCP content annotations."""
    meta: Mapping[str, Any] | None = None
    """MCP ``_meta``."""
    type: Literal["resource"] = field(default="resource", init=False)
    """The block's kind, as on the wire."""

    def __post_init__(self) -> None:
        _freeze_fields(self)


ContentBlock: TypeAlias = (
    TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource
)
"""One piece of a tool result's content, as in MCP."""

_CONTENT_TYPES = (TextContent, ImageContent, AudioContent, ResourceLink, EmbeddedResource)


def _freeze_fields(block: object) -> None:
    for name in ("annotations", "meta"):
        value = getattr(block, name, None)
        if value is not None:
            object.__setattr__(
                block, name, _freeze_optional(value, f"{type(block).__name__}.{name}")
            )


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class ToolResult:
    """The outcome of a tool call: content blocks, structured content, an error flag.

    ``is_error`` marks a result the tool reports as failed (MCP ``isError``): the
    content then explains the failure to the model. It is never silently a success.
    """

    content: tuple[ContentBlock, ...] = ()
    """The content blocks, in order."""
    structured_content: Mapping[str, Any] | None = None
    """A JSON object matching the tool's output schema, when it returns one."""
    is_error: bool = False
    """The tool reports that the call failed."""
    meta: Mapping[str, Any] | None = None
    """MCP ``_meta`` of the result."""

    def __post_init__(self) -> None:
        content: object = self.content
        if not isinstance(content, tuple):
            if isinstance(content, (str, bytes)) or not isinstance(content, Sequence):
                raise ResultError("ToolResult.content must be a sequence of content blocks")
            content = tuple(content)
            object.__setattr__(self, "content", content)
        for index, block in enumerate(content):
            if not isinstance(block, _CONTENT_TYPES):
                raise ResultError(
                    f"ToolResult.content[{index}] is {type(block).__name__}, not a content block"
                )
        if self.structured_content is not None and not isinstance(self.structured_content, Mapping):
            raise ResultError("ToolResult.structured_content must be a JSON object")
        object.__setattr__(
            self,
            "structured_content",
            _freeze_optional(self.structured_content, "structured_content"),
        )
        object.__setattr__(self, "meta", _freeze_optional(self.meta, "meta"))

    @property
    def text(self) -> str:
        """The text blocks joined by newlines (``""`` when there are none)."""
        return "\n".join(block.text for block in self.content if isinstance(block, TextContent))

    @classmethod
    def from_text(cls, text: str, *, is_error: bool = False) -> ToolResult:
        """A result holding one text block."""
        return cls(content=(TextContent(text=text),), is_error=is_error)

    @classmethod
    def from_json(cls, value: Any) -> ToolResult:
        """A result holding a JSON value as text, and as structured content if an object."""
        text = _dumps(value)
        structured = value if isinstance(value, Mapping) else None
        return cls(content=(TextContent(text=text),), structured_content=structured)

    @classmethod
    def from_error(cls, message: str) -> ToolResult:
        """An error result whose text tells the model what went wrong."""
        return cls(content=(TextContent(text=message),), is_error=True)

    def to_dict(self) -> dict[str, Any]:
        """MCP's ``CallToolResult`` wire shape (camelCase, ``_meta``)."""
        data: dict[str, Any] = {"content": [_block_to_dict(block) for block in self.content]}
        if self.structured_content is not None:
            data["structuredContent"] = thaw(self.structured_content)
        data["isError"] = self.is_error
        if self.meta is not None:
            data["_meta"] = thaw(self.meta)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ToolResult:
        """Parse MCP's ``CallToolResult`` wire shape.

        Raises:
            ConversionError: The data is not a ``CallToolResult``; the message names
                the JSON path of the first problem.
        """
        if not isinstance(data, Mapping):
            raise ConversionError("a tool result must be a JSON object")
        content = data.get("content", [])
        if not isinstance(content, list):
            raise ConversionError("content must be an array", path=("content",))
        blocks = tuple(_block_from_dict(item, ("content", i)) for i, item in enumerate(content))
        structured = data.get("structuredContent")
        if structured is not None and not isinstance(structured, Mapping):
            raise ConversionError("must be an object", path=("structuredContent",))
        is_error = data.get("isError", False)
        if not isinstance(is_error, bool):
            raise ConversionError("must be a boolean", path=("isError",))
        meta = data.get("_meta")
        if meta is not None and not isinstance(meta, Mapping):
            raise ConversionError("must be an object", path=("_meta",))
        return cls(content=blocks, structured_content=structured, is_error=is_error, meta=meta)


def text_content(text: str) -> TextContent:
    """A text content block."""
    return TextContent(text=text)


def json_content(value: Any) -> TextContent:
    """A text content block holding a JSON value (models, dataclasses and enums allowed)."""
    return TextContent(text=_dumps(_jsonable(value)))


_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False)


def _dumps(value: Any) -> str:
    if value.__class__ is int:
        return int.__repr__(value)
    try:
        return _ENCODER.encode(value)
    except (TypeError, ValueError) as error:
        raise ResultError(f"result is not JSON-serialisable: {error}") from error


def _jsonable(value: Any) -> Any:
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    if isinstance(value, (bytes, bytearray, memoryview)):
        raise ResultError(
            "a tool returned bytes: return ImageContent, AudioContent or an "
            "EmbeddedResource with base64 data instead"
        )
    from pydantic_core import PydanticSerializationError, to_jsonable_python

    try:
        return to_jsonable_python(value)
    except (PydanticSerializationError, TypeError, ValueError) as error:
        raise ResultError(
            f"a tool returned {type(value).__name__}, which is not JSON-serialisable: {error}"
        ) from error


def to_result(value: Any, *, wrap_output: bool = False) -> ToolResult:
    """Turn whatever a tool returned into a `ToolResult`, by one predictable rule.

    - a `ToolResult` is kept as it is;
    - a content block, or a non-empty sequence of content blocks, becomes the content;
    - ``None`` becomes an empty result;
    - a string becomes one text block;
    - anything else is made JSON (pydantic models, dataclasses, enums, dates and sets
      included) and becomes one text block holding that JSON;
    - structured content is the JSON value itself when it is an object, or
      ``{"result": value}`` when `wrap_output` is set (the tool's output schema wraps
      a non-object return type, as MCP requires an object).

    Raises:
        ResultError: The value cannot be made JSON (bytes, an arbitrary object, NaN).
    """
    kind = value.__class__
    if kind is str:
        return _built((_text(value),), _wrapped(value) if wrap_output else None)
    if kind not in _PLAIN_JSON:
        if isinstance(value, ToolResult):
            return value
        if isinstance(value, _CONTENT_TYPES):
            return ToolResult(content=(value,))
        if value is None:
            return _built((), _wrapped(None) if wrap_output else None)
        if isinstance(value, str):
            text = str.__str__(value)
            return _built((_text(text),), _wrapped(text) if wrap_output else None)
    if (
        isinstance(value, (list, tuple))
        and value
        and isinstance(value[0], _CONTENT_TYPES)
        and all(isinstance(item, _CONTENT_TYPES) for item in value)
    ):
        return ToolResult(content=tuple(value))
    data = value if kind in _PLAIN_JSON else _jsonable(value)
    text = _dumps(data)
    if wrap_output:
        structured = _wrapped(data)
    elif isinstance(data, dict):
        structured = freeze(data, error=_not_json)
    else:
        structured = None
    return _built((_text(text),), structured)


_PLAIN_JSON: Final = frozenset({int, float, bool, dict, list})
"""Exact types whose values need no conversion before `json` sees them."""


# Trusted builders for `to_result`'s hot path: the values are known to be well-formed
# (frozen JSON, exact strings), so the dataclasses' checks are skipped, not their shape.


def _text(text: str) -> TextContent:
    block = object.__new__(TextContent)
    set_field = object.__setattr__
    set_field(block, "text", text)
    set_field(block, "annotations", None)
    set_field(block, "meta", None)
    set_field(block, "type", "text")
    return block


def _built(content: tuple[ContentBlock, ...], structured: FrozenDict | None) -> ToolResult:
    result = object.__new__(ToolResult)
    set_field = object.__setattr__
    set_field(result, "content", content)
    set_field(result, "structured_content", structured)
    set_field(result, "is_error", False)
    set_field(result, "meta", None)
    return result


def _wrapped(data: Any) -> FrozenDict:
    if data.__class__ in _SCALARS:
        return new_frozen_dict({"result": data})
    frozen: FrozenDict = freeze({"result": data}, error=_not_json)
    return frozen


_SCALARS: Final = frozenset({str, int, bool, type(None)})


# -- MCP wire shape of content blocks -------------------------------------------------

_COMMON_KEYS = (("annotations", "annotations"), ("meta", "_meta"))


def _block_to_dict(block: ContentBlock) -> dict[str, Any]:
    data: dict[str, Any] = {"type": block.type}
    if isinstance(block, TextContent):
        data["text"] = block.text
    elif isinstance(block, (ImageContent, AudioContent)):
        data["data"] = block.data
        data["mimeType"] = block.mime_type
    elif isinstance(block, ResourceLink):
        data["uri"] = block.uri
        data["name"] = block.name
        for attribute, key in (
            ("title", "title"),
            ("description", "description"),
            ("mime_type", "mimeType"),
            ("size", "size"),
        ):
            if getattr(block, attribute) is not None:
                data[key] = getattr(block, attribute)
    else:
        data["resource"] = _resource_to_dict(block.resource)
    for attribute, key in _COMMON_KEYS:
        value = getattr(block, attribute)
        if value is not None:
            data[key] = thaw(value)
    return data


def _resource_to_dict(resource: TextResourceContents | BlobResourceContents) -> dict[str, Any]:
    data: dict[str, Any] = {"uri": resource.uri}
    if isinstance(resource, TextResourceContents):
        data["text"] = resource.text
    else:
        data["blob"] = resource.blob
    if resource.mime_type is not None:
        data["mimeType"] = resource.mime_type
    if resource.meta is not None:
        data["_meta"] = thaw(resource.meta)
    return data


def _require(data: Mapping[str, Any], key: str, kind: type, path: JsonPath) -> Any:
    value = data.get(key)
    if not isinstance(value, kind):
        raise ConversionError(f"{key!r} must be a {kind.__name__}", path=(*path, key))
    return value


def _optional(data: Mapping[str, Any], key: str, kind: type, path: JsonPath) -> Any:
    value = data.get(key)
    if value is not None and not isinstance(value, kind):
        raise ConversionError(f"{key!r} must be a {kind.__name__}", path=(*path, key))
    return value


def _block_from_dict(data: Any, path: JsonPath) -> ContentBlock:
    if not isinstance(data, Mapping):
        raise ConversionError("a content block must be an object", path=path)
    kind = data.get("type")
    common = {
        "annotations": _optional(data, "annotations", Mapping, path),
        "meta": _optional(data, "_meta", Mapping, path),
    }
    if kind == "text":
        return TextContent(text=_require(data, "text", str, path), **common)
    if kind in ("image", "audio"):
        cls = ImageContent if kind == "image" else AudioContent
        return cls(
            data=_require(data, "data", str, path),
            mime_type=_require(data, "mimeType", str, path),
            **common,
        )
    if kind == "resource_link":
        return ResourceLink(
            uri=_require(data, "uri", str, path),
            name=_require(data, "name", str, path),
            title=_optional(data, "title", str, path),
            description=_optional(data, "description", str, path),
            mime_type=_optional(data, "mimeType", str, path),
            size=_optional(data, "size", int, path),
            **common,
        )
    if kind == "resource":
        return EmbeddedResource(resource=_resource_from_dict(data.get("resource"), path), **common)
    raise ConversionError(f"unknown content block type {kind!r}", path=(*path, "type"))


def _resource_from_dict(data: Any, path: JsonPath) -> TextResourceContents | BlobResourceContents:
    path = (*path, "resource")
    if not isinstance(data, Mapping):
        raise ConversionError("an embedded resource must be an object", path=path)
    uri = _require(data, "uri", str, path)
    mime_type = _optional(data, "mimeType", str, path)
    meta = _optional(data, "_meta", Mapping, path)
    if "text" in data:
        text = _require(data, "text", str, path)
        return TextResourceContents(uri=uri, text=text, mime_type=mime_type, meta=meta)
    blob = _require(data, "blob", str, path)
    return BlobResourceContents(uri=uri, blob=blob, mime_type=mime_type, meta=meta)
