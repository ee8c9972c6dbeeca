"""Tool results: the content model, normalisation of return values, MCP's wire shape."""

from __future__ import annotations

import dataclasses
import datetime
import enum
import json
from typing import Any

import pytest
from pydantic import BaseModel

from toolbridge import (
    AudioContent,
    BlobResourceContents,
    ConversionError,
    EmbeddedResource,
    ImageContent,
    ResourceLink,
    ResultError,
    TextContent,
    TextResourceContents,
    ToolResult,
    json_content,
    text_content,
    to_result,
)


class Point(BaseModel):
    x: int
    y: int


@dataclasses.dataclass
class Pair:
    left: str
    right: str


class Colour(enum.Enum):
    RED = "red"


ALL_BLOCKS: tuple[Any, ...] = (
    TextContent(text="hello", annotations={"audience": ["user"], "priority": 0.5}),
    ImageContent(data="aGk=", mime_type="image/png"),
    AudioContent(data="aGk=", mime_type="audio/wav", meta={"k": "v"}),
    ResourceLink(uri="file:///a.txt", name="a", title="A", mime_type="text/plain", size=3),
    EmbeddedResource(
        resource=TextResourceContents(uri="mem://a", text="x", mime_type="text/plain")
    ),
    EmbeddedResource(resource=BlobResourceContents(uri="mem://b", blob="aGk=")),
)


# -- normalisation of return values ---------------------------------------------------


def test_a_tool_result_is_kept_as_it_is() -> None:
    result = ToolResult.from_text("x", is_error=True)
    assert to_result(result) is result


def test_none_is_an_empty_result() -> None:
    assert to_result(None) == ToolResult()
    assert to_result(None, wrap_output=True).structured_content == {"result": None}


def test_a_string_is_one_text_block() -> None:
    result = to_result("hello")
    assert result.content == (TextContent(text="hello"),)
    assert result.structured_content is None
    assert to_result("hello", wrap_output=True).structured_content == {"result": "hello"}


@pytest.mark.parametrize(
    ("value", "text", "structured"),
    [
        (3, "3", None),
        (2.5, "2.5", None),
        (True, "true", None),
        ([1, "a"], '[1, "a"]', None),
        ({"a": 1}, '{"a": 1}', {"a": 1}),
        (Point(x=1, y=2), '{"x": 1, "y": 2}', {"x": 1, "y": 2}),
        (Pair("l", "r"), '{"left": "l", "right": "r"}', {"left": "l", "right": "r"}),
        (Colour.RED, '"red"', None),
        (datetime.date(2026, 1, 2), '"2026-01-02"', None),
        ((1, 2), "[1, 2]", None),
        ({"é": "ü"}, '{"é": "ü"}', {"é": "ü"}),
    ],
    ids=lambda value: type(value).__name__,
)
def test_values_become_json_text_and_objects_structured_content(
    value: Any, text: str, structured: Any
) -> None:
    result = to_result(value)
    assert result.text == text
    assert result.structured_content == structured
    assert result.is_error is False


def test_non_object_values_are_wrapped_when_the_output_schema_wraps() -> None:
    assert to_result([1, 2], wrap_output=True).structured_content == {"result": [1, 2]}
    assert to_result(7, wrap_output=True).structured_content == {"result": 7}


def test_content_blocks_become_the_content() -> None:
    assert to_result(ALL_BLOCKS[1]).content == (ALL_BLOCKS[1],)
    assert to_result(list(ALL_BLOCKS)).content == ALL_BLOCKS


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (b"\x00\xff", "returned bytes"),
        (object(), "not JSON-serialisable"),
        (float("nan"), "not JSON-serialisable"),
        ({"a": float("inf")}, "not JSON-serialisable"),
    ],
    ids=["bytes", "object", "nan", "inf"],
)
def test_values_without_json_form_are_a_typed_error(value: Any, message: str) -> None:
    with pytest.raises(ResultError, match=message):
        to_result(value)


def test_helpers_build_text_and_json_content() -> None:
    assert text_content("hi") == TextContent(text="hi")
    assert json_content({"b": [1, Point(x=1, y=2)]}).text == '{"b": [1, {"x": 1, "y": 2}]}'
    assert ToolResult.from_json({"a": 1}).structured_content == {"a": 1}
    assert ToolResult.from_json([1]).structured_content is None
    error = ToolResult.from_error("boom")
    assert error.is_error is True
    assert error.text == "boom"


def test_text_joins_text_blocks_only() -> None:
    result = ToolResult(content=(TextContent(text="a"), ALL_BLOCKS[1], TextContent(text="b")))
    assert result.text == "a\nb"


# -- immutability ---------------------------------------------------------------------


def test_structured_content_is_a_frozen_copy() -> None:
    data: dict[str, Any] = {"items": [1, 2]}
    result = ToolResult(structured_content=data)
    data["items"].append(3)
    assert result.structured_content == {"items": [1, 2]}
    with pytest.raises(TypeError):
        result.structured_content["items"].append(4)


def test_content_given_as_a_list_is_stored_as_a_tuple() -> None:
    blocks = [TextContent(text="a")]
    result = ToolResult(content=blocks)  # type: ignore[arg-type]
    blocks.append(TextContent(text="b"))
    assert result.content == (TextContent(text="a"),)


@pytest.mark.parametrize(
    "content", ["text", [1], [{"type": "text", "text": "x"}]], ids=["str", "int", "dict"]
)
def test_content_must_be_blocks(content: Any) -> None:
    with pytest.raises(ResultError):
        ToolResult(content=content)


def test_structured_content_must_be_an_object() -> None:
    with pytest.raises(ResultError, match="JSON object"):
        ToolResult(structured_content=[1])  # type: ignore[arg-type]


# -- MCP wire shape -------------------------------------------------------------------


def test_every_block_round_trips_through_the_mcp_shape() -> None:
    result = ToolResult(
        content=ALL_BLOCKS, structured_content={"a": [1]}, is_error=True, meta={"trace": "t"}
    )
    wire = result.to_dict()
    assert json.loads(json.dumps(wire)) == wire
    assert ToolResult.from_dict(wire) == result


def test_mcp_shape_uses_camel_case_names() -> None:
    wire = ToolResult(content=ALL_BLOCKS[1:4], structured_content={"a": 1}).to_dict()
    assert wire["content"][0] == {"type": "image", "data": "aGk=", "mimeType": "image/png"}
    assert wire["content"][1]["_meta"] == {"k": "v"}
    assert wire["content"][2] == {
        "type": "resource_link",
        "uri": "file:///a.txt",
        "name": "a",
        "title": "A",
        "mimeType": "text/plain",
        "size": 3,
    }
    assert wire["structuredContent"] == {"a": 1}
    assert wire["isError"] is False


def test_is_error_is_never_lost() -> None:
    wire = {"content": [{"type": "text", "text": "denied"}], "isError": True}
    assert ToolResult.from_dict(wire).is_error is True


@pytest.mark.parametrize(
    ("wire", "path"),
    [
        ({"content": "x"}, ("content",)),
        ({"content": [{"type": "video"}]}, ("content", 0, "type")),
        ({"content": [{"type": "text"}]}, ("content", 0, "text")),
        ({"content": [{"type": "image", "data": "x"}]}, ("content", 0, "mimeType")),
        (
            {"content": [{"type": "resource", "resource": {"text": "x"}}]},
            ("content", 0, "resource", "uri"),
        ),
        ({"content": [], "isError": "yes"}, ("isError",)),
        ({"content": [], "structuredContent": [1]}, ("structuredContent",)),
    ],
)
def test_malformed_wire_results_name_the_path(wire: dict[str, Any], path: tuple[Any, ...]) -> None:
    with pytest.raises(ConversionError) as caught:
        ToolResult.from_dict(wire)
    assert caught.value.path == path
