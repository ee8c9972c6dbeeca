"""The way back: calls a model makes against converted tools reach the tool as it means them.

For real corpus tools: arguments generated from what the provider was shown (the
strict OpenAI schema, the Gemini OpenAPI subset), sent back in the provider's own
call shape under the exposed name, parsed with the conversion, must name the
original tool and be valid under the tool's own input schema.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema

from toolbridge import Tool, Validator, thaw
from toolbridge.calls import ToolCall, parse_tool_calls
from toolbridge.errors import ToolNotFoundError
from toolbridge.formats import convert, from_gemini, from_mcp
from toolbridge.schema import LossEntry

_SAMPLE = 40
"""Corpus tools exercised per target: every 26th tool, so each server is visited."""


def _corpus(data_dir: Path) -> list[Tool]:
    tools: list[Tool] = []
    for path in sorted((data_dir / "corpus" / "mcp").glob("*.json")):
        loaded = from_mcp(json.loads(path.read_text()))
        tools.extend(loaded if isinstance(loaded, list) else [loaded])
    step = max(1, len(tools) // _SAMPLE)
    return tools[::step][:_SAMPLE]


@pytest.fixture(scope="module")
def sample(data_dir: Path) -> list[Tool]:
    return _corpus(data_dir)


def _values(schema: Any, defs: dict[str, Any], depth: int = 0) -> st.SearchStrategy[Any]:
    """Values of a closed schema, objects built here (hypothesis-jsonschema's object
    strategy does not run on this Hypothesis), leaves from hypothesis-jsonschema."""
    if "$ref" in schema:  # depth counts references followed: recursion ends in null
        if depth > 2:
            return st.none()
        return _values(defs[schema["$ref"].rsplit("/", 1)[-1]], defs, depth + 1)
    if "anyOf" in schema:
        return st.one_of([_values(branch, defs, depth) for branch in schema["anyOf"]])
    kinds = schema.get("type")
    if isinstance(kinds, list):
        return st.one_of([_values({**schema, "type": kind}, defs, depth) for kind in kinds])
    if kinds == "object":
        properties = schema.get("properties", {})
        required = set(schema.get("required", []))
        return st.fixed_dictionaries(
            {
                name: _values(sub, defs, depth)
                for name, sub in properties.items()
                if name in required
            },
            optional={
                name: _values(sub, defs, depth)
                for name, sub in properties.items()
                if name not in required
            },
        )
    if kinds == "array":
        return st.lists(
            _values(schema.get("items", {}), defs, depth),
            min_size=schema.get("minItems", 0),
            max_size=min(schema.get("maxItems", 3), 3),
        )
    leaf = {key: value for key, value in schema.items() if key not in ("description", "title")}
    return from_schema(leaf)


def _for_all(values: st.SearchStrategy[Any], assertion: Callable[[Any], None]) -> None:
    """Run an assertion over generated values (a few per tool: the corpus is wide)."""

    @settings(
        max_examples=8,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    @given(values)
    def run(value: Any) -> None:
        assertion(value)

    run()


def _properties(path: Any) -> tuple[str, ...]:
    """The property names a schema path goes through."""
    parts = list(path)
    return tuple(str(parts[i + 1]) for i, part in enumerate(parts[:-1]) if part == "properties")


def _valid_or_explained(tool: Tool, arguments: Any, report: tuple[LossEntry, ...]) -> None:
    """Valid under the tool's own schema, or invalid only in a property where the
    report said the target was shown something else (a bound moved into the
    description, an object asked for as JSON text, ...)."""
    result = tool.validate(dict(arguments))
    if result.ok:
        return
    changed = [_properties(entry.path) for entry in report if entry.tool == tool.name]
    for issue in result.issues:
        failing = _properties(issue.schema_path)
        assert any(
            chain and (failing[: len(chain)] == chain or chain[: len(failing)] == failing)
            for chain in changed
        ), (tool.name, dict(arguments), issue)


def test_strict_openai_calls_come_back_valid_under_the_source(sample: list[Tool]) -> None:
    conversion = convert(sample, "openai", strict=True)
    strict_tools = [tool for tool in sample if tool.name in conversion.strict]
    assert len(strict_tools) >= _SAMPLE // 2
    by_name = {tool.name: tool for tool in strict_tools}
    wires = {wire["function"]["name"]: wire for wire in conversion.output}
    for tool in strict_tools:
        exposed = conversion.names.exposed(tool.name)
        parameters = thaw(wires[exposed]["function"]["parameters"])

        def check(arguments: dict[str, Any], tool: Tool = tool, exposed: str = exposed) -> None:
            message = {
                "role": "assistant",
                "tool_calls": [
                    {
                        "id": "call_1",
                        "type": "function",
                        "function": {"name": exposed, "arguments": json.dumps(arguments)},
                    }
                ],
            }
            (call,) = parse_tool_calls(message, "openai", conversion=conversion)
            assert call.name == tool.name
            assert call.id == "call_1"
            _valid_or_explained(by_name[call.name], call.arguments, conversion.report)

        shown = Validator(parameters)  # ECMA-262 patterns: hypothesis writes Python's
        _for_all(_values(parameters, parameters.get("$defs", {})).filter(shown.is_valid), check)


def test_gemini_openapi_calls_come_back_valid_under_the_source(sample: list[Tool]) -> None:
    conversion = convert(sample, "gemini-openapi")
    by_name = {tool.name: tool for tool in sample}
    checked = 0
    for wire in conversion.output:
        if "parameters" not in wire:
            continue
        original = conversion.names.original(wire["name"])
        declared = from_gemini(thaw(wire)).input_schema  # what Gemini was shown, as JSON Schema
        checked += 1

        def check(
            arguments: dict[str, Any], name: str = wire["name"], original: str = original
        ) -> None:
            response = {
                "candidates": [
                    {"content": {"parts": [{"functionCall": {"name": name, "args": arguments}}]}}
                ]
            }
            (call,) = parse_tool_calls(response, "gemini", conversion=conversion)
            assert call.name == original
            _valid_or_explained(by_name[original], call.arguments, conversion.report)

        shown = Validator(declared)
        _for_all(_values(thaw(declared), {}).filter(shown.is_valid), check)
    assert checked >= _SAMPLE // 2


def test_a_call_to_an_unknown_tool_is_a_typed_error(sample: list[Tool]) -> None:
    conversion = convert(sample[:3], "anthropic")
    message = {"content": [{"type": "tool_use", "id": "t1", "name": "nope", "input": {}}]}
    with pytest.raises(ToolNotFoundError):
        parse_tool_calls(message, "anthropic", conversion=conversion)


def test_a_renamed_tool_is_called_by_its_original_name() -> None:
    tool = Tool(name="github.create_issue", input_schema={"type": "object"})
    conversion = convert([tool], "bedrock")
    exposed = conversion.names.exposed(tool.name)
    assert exposed != tool.name
    message = {"content": [{"toolUse": {"toolUseId": "u1", "name": exposed, "input": {}}}]}
    (call,) = parse_tool_calls(message, "bedrock", conversion=conversion)
    assert call == ToolCall(id="u1", name="github.create_issue", arguments={}, provider="bedrock")
