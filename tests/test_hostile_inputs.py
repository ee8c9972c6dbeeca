"""Odd and hostile schemas give typed errors or documented answers, never a crash.

Each case goes through validation and every `check` and `convert` (strict too): the
only exception allowed out is a `ToolbridgeError`, and the CLI answers with exit
status 0, 1 or 2, never 3 (an internal error) or a traceback.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from toolbridge import Tool, ToolbridgeError
from toolbridge.formats import STRICT_TARGETS, TARGETS, check, convert, from_mcp


def _every_path(item: Tool) -> list[str]:
    """What each path raised that is not a `ToolbridgeError`, as ``where: error``."""
    untyped: list[str] = []

    def attempt(where: str, call: Any, *args: Any, **options: Any) -> None:
        try:
            call(*args, **options)
        except ToolbridgeError:
            pass
        except Exception as error:
            untyped.append(f"{where}: {type(error).__name__}: {error}")

    attempt("validate", lambda: item.validate({}))
    for target in TARGETS:
        attempt(f"check {target}", check, [item], target)
        attempt(f"convert {target}", convert, item, target)
    for target in STRICT_TARGETS:
        attempt(f"check {target} strict", check, [item], target, strict=True)
        attempt(f"convert {target} strict", convert, item, target, strict=True)
    return untyped


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
def test_a_pointer_index_that_is_no_array_index_is_a_typed_error(schema: dict[str, Any]) -> None:
    assert _every_path(Tool(name="t", input_schema=schema)) == []


@pytest.mark.parametrize("schema", POINTERS.values(), ids=POINTERS.keys())
def test_the_cli_answers_a_bad_pointer_without_an_internal_error(
    schema: dict[str, Any], tmp_path: Path
) -> None:
    source = tmp_path / "tools.json"
    source.write_text(json.dumps([{"name": "t", "inputSchema": schema}]))
    for command in (
        ["check", "--strict"],
        ["convert", "--from", "mcp", "--to", "openai", "--strict"],
    ):
        done = subprocess.run(
            [sys.executable, "-m", "toolbridge", *command, str(source)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode in (0, 1, 2), done.stderr
        if done.returncode == 2:  # an input error naming the tool, not a usage error
            assert done.stderr.startswith("toolbridge: error: tool 't"), done.stderr
        assert "Traceback" not in done.stderr


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
def test_a_lone_surrogate_is_never_an_untyped_error(tool_object: dict[str, Any]) -> None:
    (item,) = from_mcp([tool_object])
    assert _every_path(item) == []


def test_check_names_where_a_schema_holds_a_lone_surrogate() -> None:
    (item,) = from_mcp([SURROGATES["in a property name"]])
    (problem,) = [p for p in check([item], "openai") if p.rule == "json-schema"]
    assert problem.path == ("properties", "a\ud800")
    assert "lone surrogate" in problem.detail


@pytest.mark.parametrize("tool_object", SURROGATES.values(), ids=SURROGATES.keys())
def test_the_cli_writes_a_lone_surrogate_as_its_json_escape(
    tool_object: dict[str, Any], tmp_path: Path
) -> None:
    """The documented rule: the command's output carries it as ``\\udXXX``, valid JSON
    that reads back as the same string; a terminal shows the escape too."""
    source = tmp_path / "tools.json"
    source.write_text(json.dumps([tool_object]))  # ensure_ascii: the file holds the escape
    for command in (["convert", "--from", "mcp", "--to", "mcp"], ["check"]):
        done = subprocess.run(
            [sys.executable, "-m", "toolbridge", *command, str(source)],
            capture_output=True,
            timeout=60,
        )
        assert done.returncode in (0, 1), done.stderr
        written = json.loads(done.stdout)
        if command[0] == "convert":
            assert written == [tool_object]
