"""Tool results: content blocks, structured content and the error flag.

`to_result` turns whatever a tool function returned into a `ToolResult` by one
predictable rule (see its docstring); `to_dict` / `from_dict` speak MCP's
``CallToolResult`` wire shape. The content blocks live in `toolbridge._content`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, final

from toolbridge._content import (
    CONTENT_TYPES,
    ContentBlock,
    TextContent,
    block_from_dict,
    block_to_dict,
    freeze_optional,
    not_json,
)
from toolbridge._json import FrozenDict, freeze, new_frozen_dict, thaw
from toolbridge.errors import ConversionError, ResultError

__all__ = ["ToolResult", "json_content", "to_result"]


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
            if not isinstance(block, CONTENT_TYPES):
                raise ResultError(
                    f"ToolResult.content[{index}] is {type(block).__name__}, not a content block"
                )
        if self.structured_content is not None and not isinstance(self.structured_content, Mapping):
            raise ResultError("ToolResult.structured_content must be a JSON object")
        object.__setattr__(
            self,
            "structured_content",
            freeze_optional(self.structured_content, "structured_content"),
        )
        object.__setattr__(self, "meta", freeze_optional(self.meta, "meta"))

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
        data: dict[str, Any] = {"content": [block_to_dict(block) for block in self.content]}
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
        blocks = tuple(block_from_dict(item, ("content", i)) for i, item in enumerate(content))
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
        return _built((TextContent(text=value),), _wrapped(value) if wrap_output else None)
    if kind not in _PLAIN_JSON:
        if isinstance(value, ToolResult):
            return value
        if isinstance(value, CONTENT_TYPES):
            return ToolResult(content=(value,))
        if value is None:
            return _built((), _wrapped(None) if wrap_output else None)
        if isinstance(value, str):
            text = str.__str__(value)
            return _built((TextContent(text=text),), _wrapped(text) if wrap_output else None)
    if (
        isinstance(value, (list, tuple))
        and value
        and isinstance(value[0], CONTENT_TYPES)
        and all(isinstance(item, CONTENT_TYPES) for item in value)
    ):
        return ToolResult(content=tuple(value))
    data = value if kind in _PLAIN_JSON else _jsonable(value)
    text = _dumps(data)
    if wrap_output:
        structured = _wrapped(data)
    elif isinstance(data, dict):
        structured = freeze(data, error=not_json)
    else:
        structured = None
    return _built((TextContent(text=text),), structured)


_PLAIN_JSON: Final = frozenset({int, float, bool, dict, list})
"""Exact types whose values need no conversion before `json` sees them."""


# A trusted builder for `to_result`'s hot path: the values are known to be well-formed
# (frozen JSON, exact strings), so the dataclass's checks are skipped, not its shape.


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
    frozen: FrozenDict = freeze({"result": data}, error=not_json)
    return frozen


_SCALARS: Final = frozenset({str, int, bool, type(None)})
