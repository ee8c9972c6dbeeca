"""MCP's content model: the blocks a tool result is made of, and their wire shape.

Text, image, audio, resource links and embedded resources, as frozen dataclasses;
`block_to_dict` / `block_from_dict` speak MCP's camelCase wire shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias, final

from toolbridge._json import FrozenDict, freeze, thaw
from toolbridge.errors import ConversionError, JsonPath, ResultError

__all__ = [
    "CONTENT_TYPES",
    "AudioContent",
    "BlobResourceContents",
    "ContentBlock",
    "EmbeddedResource",
    "ImageContent",
    "ResourceLink",
    "TextContent",
    "TextResourceContents",
    "block_from_dict",
    "block_to_dict",
    "freeze_optional",
    "not_json",
    "text_content",
]


def not_json(message: str, path: JsonPath) -> Exception:
    """The error for a result field that is not JSON (a `freeze` error factory)."""
    return ResultError(f"a result field is not JSON: {message} at {list(path)}")


def freeze_optional(value: Mapping[str, Any] | None, what: str) -> FrozenDict | None:
    """A frozen copy of an optional JSON object field; `what` names it in errors."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise ResultError(f"{what} must be a JSON object, got {type(value).__name__}")
    frozen: FrozenDict = freeze(value, error=not_json)
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

CONTENT_TYPES = (TextContent, ImageContent, AudioContent, ResourceLink, EmbeddedResource)


def _freeze_fields(block: object) -> None:
    for name in ("annotations", "meta"):
        value = getattr(block, name, None)
        if value is not None:
            object.__setattr__(
                block, name, freeze_optional(value, f"{type(block).__name__}.{name}")
            )


def text_content(text: str) -> TextContent:
    """A text content block."""
    return TextContent(text=text)


# -- MCP wire shape of content blocks -------------------------------------------------

_COMMON_KEYS = (("annotations", "annotations"), ("meta", "_meta"))


def block_to_dict(block: ContentBlock) -> dict[str, Any]:
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


def block_from_dict(data: Any, path: JsonPath) -> ContentBlock:
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
