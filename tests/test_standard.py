"""The Standard Schema host on every tool."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from toolbridge import ConversionError, Tool, tool


@tool
def book(room: str, people: int = 2) -> dict[str, str]:
    """Book a room."""
    return {"room": room}


def test_the_host_is_a_mapping_with_one_key() -> None:
    host = book.standard
    assert isinstance(host, Mapping)
    assert list(host) == ["~standard"]
    assert len(host) == 1
    with pytest.raises(KeyError):
        host["standard"]


def test_validate_returns_the_normalised_value() -> None:
    validate = book.standard["~standard"]["validate"]
    assert validate({"room": "A"}) == {"value": {"room": "A", "people": 2}}


def test_validate_returns_issues_with_paths() -> None:
    validate = book.standard["~standard"]["validate"]
    result = validate({"room": 1, "extra": True})
    assert "value" not in result
    assert [issue["path"] for issue in result["issues"]] == [["room"], ["extra"]]
    assert all(isinstance(issue["message"], str) for issue in result["issues"])


def test_json_schema_getters_return_plain_copies() -> None:
    json_schema = book.standard["~standard"]["jsonSchema"]
    schema = json_schema["input"]({"target": "draft-2020-12"})
    schema["required"].append("people")
    assert book.input_schema["required"] == ["room"]
    assert json_schema["output"]({"target": "draft-2020-12"}) == book.output_schema
    assert json_schema["input"]() == book.input_schema


def test_output_schema_of_a_tool_without_one_accepts_anything() -> None:
    bare = Tool(name="bare")
    assert bare.standard["~standard"]["jsonSchema"]["output"]() == {}


@pytest.mark.parametrize("target", ["draft-07", "openapi-3.0", "draft-2019-09"])
def test_unsupported_targets_are_refused(target: str) -> None:
    with pytest.raises(ConversionError, match="not supported"):
        book.standard["~standard"]["jsonSchema"]["input"]({"target": target})
