"""Odd and hostile schemas give typed errors or documented answers, never a crash.

Each case goes through validation and every `check` and `convert` (strict too): the
only exception allowed out is a `ToolbridgeError`, and the CLI answers with exit
status 0, 1 or 2, never 3 (an internal error) or a traceback.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from typing import Any

import pytest

from toolbridge import Tool
from toolbridge.formats import check, from_mcp

UntypedErrors = Callable[[Tool], list[str]]
CliOnTools = Callable[..., "subprocess.CompletedProcess[bytes]"]


def _pointing_at(index: str) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "a": {"anyOf": [{"type": "string"}]},
            "b": {"$ref": f"#/properties/a/anyOf/{index}"},
        },
    }


POINTERS = {
    "superscript digit": _pointing_at("\u00b2"),
    "arabic-indic digit": _pointing_at("\u0661"),
    "5,000 digits": _pointing_at("9" * 5_000),
    "19 digits": _pointing_at("1" + "0" * 18),
}


@pytest.mark.parametrize("schema", POINTERS.values(), ids=POINTERS.keys())
def test_a_pointer_index_that_is_no_array_index_is_a_typed_error(
    schema: dict[str, Any], untyped_errors: UntypedErrors
) -> None:
    assert untyped_errors(Tool(name="t", input_schema=schema)) == []


@pytest.mark.parametrize("schema", POINTERS.values(), ids=POINTERS.keys())
def test_the_cli_answers_a_bad_pointer_without_an_internal_error(
    schema: dict[str, Any], cli_on_tools: CliOnTools
) -> None:
    tools = [{"name": "t", "inputSchema": schema}]
    cli_on_tools(tools, "check", "--strict")
    cli_on_tools(tools, "convert", "--from", "mcp", "--to", "openai", "--strict")


SURROGATES = {
    "in a description": {"name": "t", "description": "a\ud800b", "inputSchema": {"type": "object"}},
    "in a name": {"name": "t\udfff", "inputSchema": {"type": "object"}},
    "in a property name": {
        "name": "t",
        "inputSchema": {"type": "object", "properties": {"a\ud800": {"type": "string"}}},
    },
    "in an enum value": {
        "name": "t",
        "inputSchema": {"type": "object", "properties": {"a": {"enum": ["x\udc00"]}}},
    },
}


@pytest.mark.parametrize("tool_object", SURROGATES.values(), ids=SURROGATES.keys())
def test_a_lone_surrogate_is_never_an_untyped_error(
    tool_object: dict[str, Any], untyped_errors: UntypedErrors
) -> None:
    (item,) = from_mcp([tool_object])
    assert untyped_errors(item) == []


def test_check_names_where_a_schema_holds_a_lone_surrogate() -> None:
    (item,) = from_mcp([SURROGATES["in a property name"]])
    (problem,) = [p for p in check([item], "openai") if p.rule == "json-schema"]
    assert problem.path == ("properties", "a\ud800")
    assert "lone surrogate" in problem.detail


@pytest.mark.parametrize("tool_object", SURROGATES.values(), ids=SURROGATES.keys())
def test_the_cli_writes_a_lone_surrogate_as_its_json_escape(
    tool_object: dict[str, Any], cli_on_tools: CliOnTools
) -> None:
    """The documented rule: the command's output carries it as ``\\udXXX``, valid JSON
    that reads back as the same string; a terminal shows the escape too."""
    converted = cli_on_tools([tool_object], "convert", "--from", "mcp", "--to", "mcp")
    assert converted.returncode == 0
    assert json.loads(converted.stdout) == [tool_object]
    checked = cli_on_tools([tool_object], "check")
    assert checked.returncode in (0, 1)
    json.loads(checked.stdout)
