"""A ``type`` that names no JSON type is refused by every target, strict or not.

``{"type": "strng"}`` used to be copied as given outside strict mode (and Gemini
refused the request). Every writer now raises `SchemaError` at the type's path, with
`check_type`'s message after the tool's name, wherever the schema holds it: kept,
inlined, or in a subschema the target drops. Instances (``const``, ``enum``,
``default``, ``examples``) and a property named ``type`` are data, never refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import pytest

from toolbridge import SchemaError, Tool
from toolbridge.formats import (
    STRICT_TARGETS,
    TARGETS,
    Target,
    check,
    convert,
    to_anthropic,
    to_bedrock,
    to_gemini,
    to_gemini_openapi,
    to_mcp,
    to_openai,
    to_openai_responses,
)
from toolbridge.schema import check_type, check_types

WRITERS: Final[dict[str, Callable[..., Any]]] = {
    "openai": to_openai,
    "openai-responses": to_openai_responses,
    "anthropic": to_anthropic,
    "gemini": to_gemini,
    "gemini-openapi": to_gemini_openapi,
    "bedrock": to_bedrock,
}
"""Each target's ``to_<target>`` (``canonical`` has none, and ``to_mcp`` relays: `convert`
only)."""

MODES: Final = [(target, None) for target in TARGETS] + [
    (target, True) for target in STRICT_TARGETS
]


def _mode_id(mode: tuple[str, bool | None]) -> str:
    target, strict = mode
    return target if strict is None else f"{target}-strict"


def _nested(kind: Any) -> dict[str, Any]:
    """An object whose ``outer.list`` items have `kind` as their type."""
    items = {"type": "array", "items": {"type": kind}}
    outer = {"type": "object", "properties": {"list": items}}
    return {"type": "object", "properties": {"outer": outer, "ok": {"type": "string"}}}


NESTED_PATH: Final = ("properties", "outer", "properties", "list", "items")
"""Where `_nested`'s node is."""


def _writes(tool: Tool, target: str, strict: bool | None) -> list[Callable[[], Any]]:
    """Every way to convert `tool` for `target`: convert, to_<target>, alone and in a list."""
    options = {} if strict is None else {"strict": strict}
    ways: list[Callable[[], Any]] = [
        lambda: convert(tool, target, **options),  # type: ignore[arg-type]
        lambda: convert([Tool(name="fine"), tool], target, **options),  # type: ignore[arg-type]
    ]
    writer = WRITERS.get(target)
    if writer is not None:
        ways.append(lambda: writer(tool, **options))
        ways.append(lambda: writer([tool, Tool(name="fine")], **options))
    return ways


def _refused(tool: Tool, target: str, strict: bool | None) -> list[SchemaError]:
    """The error of each way to convert `tool`, each conversion on a fresh tool."""
    errors = []
    for write in _writes(tool, target, strict):
        tool._derived.formats.clear()  # (every way converts afresh: nothing cached)
        with pytest.raises(SchemaError) as caught:
            write()
        errors.append(caught.value)
    return errors


def _expected(kind: Any, path: tuple[str | int, ...]) -> SchemaError:
    """`check_type`'s own error for `kind` at the schema at `path`, in tool 't'."""
    with pytest.raises(SchemaError) as caught:
        check_type(kind, path, tool="t")
    return caught.value


@pytest.mark.parametrize("mode", MODES, ids=_mode_id)
@pytest.mark.parametrize("kind", ["strng", "any", 5, None, True], ids=repr)
def test_an_unknown_type_at_a_nested_path_is_refused_by_every_target(
    mode: tuple[Target, bool | None], kind: Any
) -> None:
    target, strict = mode
    expected = _expected(kind, NESTED_PATH)
    for error in _refused(Tool(name="t", input_schema=_nested(kind)), target, strict):
        assert type(error) is SchemaError
        assert error.path == (*NESTED_PATH, "type")
        assert str(error) == str(expected)
        assert str(error).startswith(f"tool 't': unknown type {kind!r}: JSON Schema's types")


@pytest.mark.parametrize("mode", MODES, ids=_mode_id)
def test_a_type_list_with_one_unknown_member_is_refused_at_that_member(
    mode: tuple[Target, bool | None],
) -> None:
    target, strict = mode
    tool = Tool(name="t", input_schema=_nested(["string", "strng", "null"]))
    for error in _refused(tool, target, strict):
        assert type(error) is SchemaError
        assert error.path == (*NESTED_PATH, "type", 1)
        assert "unknown type 'strng'" in str(error)


POSITIONS: Final[dict[str, tuple[dict[str, Any], tuple[str | int, ...]]]] = {
    "an unused $defs entry": (
        {"type": "object", "$defs": {"u": {"type": "strng"}}},
        ("$defs", "u", "type"),
    ),
    "a definition a $ref uses": (
        {
            "type": "object",
            "properties": {"a": {"$ref": "#/definitions/u"}},
            "definitions": {"u": {"type": "strng"}},
        },
        ("definitions", "u", "type"),
    ),
    "an allOf part": (
        {"type": "object", "properties": {"a": {"allOf": [{"type": "strng"}]}}},
        ("properties", "a", "allOf", 0, "type"),
    ),
    "an anyOf branch": (
        {"type": "object", "properties": {"a": {"anyOf": [{"type": "null"}, {"type": "strng"}]}}},
        ("properties", "a", "anyOf", 1, "type"),
    ),
    "a not": (
        {"type": "object", "properties": {"a": {"type": "string", "not": {"type": "strng"}}}},
        ("properties", "a", "not", "type"),
    ),
    "an if/then": (
        {
            "type": "object",
            "properties": {"a": {"type": "string", "if": {"type": "string"}, "then": {"type": 7}}},
        },
        ("properties", "a", "then", "type"),
    ),
    "additionalProperties": (
        {"type": "object", "additionalProperties": {"type": "strng"}},
        ("additionalProperties", "type"),
    ),
    "patternProperties": (
        {"type": "object", "patternProperties": {"^x": {"type": "strng"}}},
        ("patternProperties", "^x", "type"),
    ),
    "prefixItems": (
        {"type": "object", "properties": {"a": {"type": "array", "prefixItems": [{"type": "x"}]}}},
        ("properties", "a", "prefixItems", 0, "type"),
    ),
    "contains": (
        {
            "type": "object",
            "properties": {"a": {"type": "array", "items": {}, "contains": {"type": "x"}}},
        },
        ("properties", "a", "contains", "type"),
    ),
    "propertyNames": (
        {"type": "object", "properties": {}, "propertyNames": {"type": "strng"}},
        ("propertyNames", "type"),
    ),
    "dependentSchemas": (
        {"type": "object", "properties": {}, "dependentSchemas": {"a": {"type": "strng"}}},
        ("dependentSchemas", "a", "type"),
    ),
    "unevaluatedProperties": (
        {"type": "object", "properties": {}, "unevaluatedProperties": {"type": "strng"}},
        ("unevaluatedProperties", "type"),
    ),
}
"""A schema with one unknown type at a subschema keyword, and the path of that type."""


@pytest.mark.parametrize("mode", MODES, ids=_mode_id)
@pytest.mark.parametrize("position", list(POSITIONS))
def test_an_unknown_type_under_any_subschema_keyword_is_refused(
    mode: tuple[Target, bool | None], position: str
) -> None:
    """Kept, inlined, said in words or dropped by the target: refused all the same."""
    target, strict = mode
    schema, path = POSITIONS[position]
    for error in _refused(Tool(name="t", input_schema=schema), target, strict):
        assert type(error) is SchemaError
        assert error.path == path


def test_the_first_unknown_type_in_schema_order_is_the_one_said_everywhere() -> None:
    """Two bad types: every target names the same one (a node before its subschemas)."""
    schema = {
        "type": "object",
        "properties": {"a": {"properties": {"b": {"type": "inner"}}, "type": "outer"}},
        "$defs": {"c": {"type": "later"}},
    }
    tool = Tool(name="t", input_schema=schema)
    for target, strict in MODES:
        for error in _refused(tool, target, strict):
            assert error.path == ("properties", "a", "type"), (target, strict)


DATA: Final = {
    "type": "object",
    "properties": {
        "type": {"type": "string", "enum": ["strng", "any"]},
        "kind": {
            "type": "object",
            "properties": {"a": {"type": "string"}},
            "default": {"type": "strng"},
            "examples": [{"type": 5}],
        },
        "fixed": {"const": {"type": "any"}},
        "choice": {"enum": [{"type": "strng"}, None]},
    },
}
"""Type-like values only where they are data, and a property named ``type``."""


@pytest.mark.parametrize("mode", MODES, ids=_mode_id)
def test_type_like_data_and_a_property_named_type_are_not_refused(
    mode: tuple[Target, bool | None],
) -> None:
    target, strict = mode
    tool = Tool(name="t", input_schema=DATA)
    for write in _writes(tool, target, strict):
        tool._derived.formats.clear()
        write()  # (no error)
    check_types(DATA)


@pytest.mark.parametrize("target", ["mcp", "canonical", "gemini", "gemini-openapi"])
def test_an_unknown_type_in_an_output_schema_the_target_sends_is_refused(target: Target) -> None:
    output = {"type": "object", "properties": {"n": {"type": "integr"}}}
    tool = Tool(name="t", input_schema={"type": "object"}, output_schema=output)
    for error in _refused(tool, target, None):
        assert type(error) is SchemaError
        assert error.path == ("output_schema", "properties", "n", "type")
        assert str(error).startswith("tool 't': unknown type 'integr'")


def test_check_still_reports_an_unknown_type_as_a_json_schema_problem() -> None:
    """`check` converts the other tools and lists the schema's own problem."""
    bad = Tool(name="bad", input_schema=_nested("strng"))
    for target in ("openai", "anthropic", "gemini", "bedrock", "mcp"):
        problems = check([Tool(name="fine"), bad], target)
        assert [(p.tool, p.path, p.rule) for p in problems] == [
            ("bad", (*NESTED_PATH, "type"), "json-schema")
        ], target
    with pytest.raises(SchemaError, match="unknown type 'strng'"):
        check([bad], "gemini-openapi")  # (not JSON Schema: no such problem to say it)


def test_to_mcp_relays_a_listed_tool_as_it_came() -> None:
    # A gateway re-lists the tools of servers it does not own: one odd schema must not
    # fail the whole listing. `convert(..., "mcp")` refuses it (above); `to_mcp` relays.
    odd = Tool(name="odd", input_schema=_nested("any"))
    assert to_mcp(odd)["inputSchema"] == _nested("any")
    with pytest.raises(SchemaError):
        convert(odd, "mcp")
