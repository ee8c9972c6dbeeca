"""The Standard Schema host of a tool (`toolbridge.schema.standard_schema`)."""

from __future__ import annotations

from collections.abc import Mapping

import jsonschema  # type: ignore[import-untyped]
import pytest

from toolbridge import ConversionError, Tool, tool
from toolbridge.schema import standard_schema


@tool
def book(room: str, people: int = 2) -> dict[str, str]:
    """Book a room."""
    return {"room": room}


def test_the_host_is_a_mapping_with_one_key() -> None:
    host = standard_schema(book)
    assert isinstance(host, Mapping)
    assert list(host) == ["~standard"]
    assert len(host) == 1
    with pytest.raises(KeyError):
        host["standard"]


def test_validate_returns_the_normalised_value() -> None:
    validate = standard_schema(book)["~standard"]["validate"]
    assert validate({"room": "A"}) == {"value": {"room": "A", "people": 2}}


def test_validate_returns_issues_with_paths() -> None:
    validate = standard_schema(book)["~standard"]["validate"]
    result = validate({"room": 1, "extra": True})
    assert "value" not in result
    assert [issue["path"] for issue in result["issues"]] == [["room"], ["extra"]]
    assert all(isinstance(issue["message"], str) for issue in result["issues"])


def test_json_schema_getters_return_plain_copies() -> None:
    json_schema = standard_schema(book)["~standard"]["jsonSchema"]
    schema = json_schema["input"]({"target": "draft-2020-12"})
    schema["required"].append("people")
    assert book.input_schema["required"] == ["room"]
    assert json_schema["output"]({"target": "draft-2020-12"}) == book.output_schema
    assert json_schema["input"]() == book.input_schema


def test_output_schema_of_a_tool_without_one_accepts_anything() -> None:
    bare = Tool(name="bare")
    assert standard_schema(bare)["~standard"]["jsonSchema"]["output"]() == {}


@pytest.mark.parametrize("target", ["draft-2019-09", "json-schema-next"])
def test_unsupported_targets_are_refused(target: str) -> None:
    with pytest.raises(ConversionError, match="not supported"):
        standard_schema(book)["~standard"]["jsonSchema"]["input"]({"target": target})
    with pytest.raises(ConversionError, match="not supported"):
        standard_schema(book)["~standard"]["jsonSchema"]["output"]({"target": target})


nullable = Tool(
    name="find",
    input_schema={
        "type": "object",
        "properties": {
            "limit": {"anyOf": [{"type": "integer", "exclusiveMinimum": 0}, {"type": "null"}]},
            "where": {"$ref": "#/$defs/Where"},
        },
        "$defs": {"Where": {"type": "object", "properties": {"city": {"const": "Oslo"}}}},
    },
    output_schema={"type": "object", "properties": {"hits": {"prefixItems": [{"type": "string"}]}}},
)


def test_draft07_target() -> None:
    json_schema = standard_schema(nullable)["~standard"]["jsonSchema"]
    schema = json_schema["input"]({"target": "draft-07"})
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert schema["properties"]["where"] == {"$ref": "#/definitions/Where"}
    assert "definitions" in schema
    assert "$defs" not in schema
    jsonschema.Draft7Validator.check_schema(schema)
    output = json_schema["output"]({"target": "draft-07"})
    assert output["properties"]["hits"] == {"items": [{"type": "string"}]}
    schema["properties"].clear()  # a plain copy
    assert json_schema["input"]({"target": "draft-07"})["properties"]


def test_openapi30_target() -> None:
    json_schema = standard_schema(nullable)["~standard"]["jsonSchema"]
    schema = json_schema["input"]({"target": "openapi-3.0"})
    assert "$schema" not in schema
    assert "$defs" not in schema
    assert schema["properties"]["limit"] == {
        "type": "integer",
        "minimum": 0,
        "exclusiveMinimum": True,
        "nullable": True,
    }
    assert schema["properties"]["where"]["properties"] == {"city": {"enum": ["Oslo"]}}
    output = json_schema["output"]({"target": "openapi-3.0"})
    assert output["properties"]["hits"] == {}  # items past the tuple were unconstrained


def test_a_draft07_schema_is_read_as_draft07() -> None:
    legacy = Tool(
        name="legacy",
        input_schema={
            "$schema": "http://json-schema.org/draft-07/schema#",
            "type": "object",
            "properties": {"pair": {"items": [{"type": "string"}], "additionalItems": False}},
        },
    )
    json_schema = standard_schema(legacy)["~standard"]["jsonSchema"]
    assert json_schema["input"]({"target": "draft-07"}) == legacy.input_schema
    latest = json_schema["input"]()
    assert latest["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert latest["properties"]["pair"] == {"prefixItems": [{"type": "string"}], "items": False}
    openapi = json_schema["input"]({"target": "openapi-3.0"})
    assert openapi["properties"]["pair"] == {
        "items": {"anyOf": [{"type": "string"}]},
        "maxItems": 1,
    }
