"""The C accelerator computes exactly what the Python code computes, or hands over.

`toolbridge._speedups` writes OpenAI tools (strict and not) without a report; the
Python walk stays the definition. Every corpus tool and generated schemas go through
both: the accelerator's answer is the same schema, key order included, as frozen
containers, or None (the Python walk decides), never a different answer, never a
success where the Python walk raises. Without the extension (or with
``TOOLBRIDGE_PURE_PYTHON=1``) the same calls give the same output.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolbridge import FrozenDict, Tool, ToolbridgeError
from toolbridge._accelerated import SPEEDUPS, Speedups
from toolbridge._json import FrozenList, freeze
from toolbridge.formats import convert, from_mcp, to_openai, to_openai_responses
from toolbridge.formats._lowering import complete_for_openai
from toolbridge.formats._openai import _write_chat, _write_responses
from toolbridge.schema import to_strict


@pytest.fixture(scope="module")
def speedups() -> Speedups:
    # The development and CI set-up builds the extension (gcc is on every machine
    # here): a build that silently fell back to Python would fail this.
    assert SPEEDUPS is not None, "toolbridge._speedups was not built; run `uv sync`"
    return SPEEDUPS


@pytest.fixture(scope="module")
def corpus_tools(data_dir: Path) -> list[Tool]:
    files = sorted((data_dir / "corpus" / "mcp").glob("*.json"))
    return [tool for path in files for tool in from_mcp(json.loads(path.read_text()))]


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)  # keeps key order: order is compared too


def _frozen_throughout(value: Any) -> bool:
    if isinstance(value, dict):
        return type(value) is FrozenDict and all(_frozen_throughout(v) for v in value.values())
    if isinstance(value, list):
        return type(value) is FrozenList and all(_frozen_throughout(v) for v in value)
    return True


def _python_strict(schema: Any) -> tuple[Any, bool] | Exception:
    try:
        converted = to_strict(schema)
    except ToolbridgeError as error:
        return error
    return converted.schema, converted.strict


def _agrees(speedups: Speedups, schema: Any) -> str:
    """'strict', 'cannot' or 'python' (handed over); fails on any disagreement."""
    frozen = freeze(schema)
    fast = speedups.strict(frozen)
    python = _python_strict(frozen)
    if fast is None:
        return "python"
    assert not isinstance(python, Exception), f"Python raised {python!r}, C answered {fast!r}"
    converted, is_strict = python
    if fast is False:
        assert not is_strict
        return "cannot"
    assert is_strict, f"C says strict, Python falls back: {_text(fast)}"
    assert _text(fast) == _text(converted)
    assert _frozen_throughout(fast)
    return "strict"


# -- the corpus ----------------------------------------------------------------------------


def test_every_corpus_schema_gets_the_python_answer(
    speedups: Speedups, corpus_tools: list[Tool]
) -> None:
    verdicts = [_agrees(speedups, tool.input_schema) for tool in corpus_tools]
    # The accelerator answers for all but a handful (the figures of the closing note).
    assert verdicts.count("strict") == 874
    assert verdicts.count("cannot") == 163
    assert verdicts.count("python") == 0


def test_completion_is_the_python_one(speedups: Speedups, corpus_tools: list[Tool]) -> None:
    changed = 0
    for tool in corpus_tools:
        fast = speedups.complete(tool.input_schema)
        python = complete_for_openai(tool.input_schema, tool.name)[0]
        assert _text(fast) == _text(python), tool.name
        assert (fast is tool.input_schema) == (python is tool.input_schema), tool.name
        assert _frozen_throughout(fast)
        changed += fast is not tool.input_schema
    assert changed > 0  # some corpus schemas do need completing


@pytest.mark.parametrize("strict", [True, False, None])
def test_to_openai_writes_what_the_full_writer_writes(
    corpus_tools: list[Tool], strict: bool | None
) -> None:
    for tool in corpus_tools:
        chat = to_openai(tool, strict=strict)
        responses = to_openai_responses(tool, strict=strict)
        assert _text(chat) == _text(_write_chat(tool, tool.name, strict, "fallback").wire)
        assert _text(responses) == _text(_write_responses(tool, tool.name, strict, "fallback").wire)
        assert _frozen_throughout(chat)
        hash(chat)  # the frozen containers' cached hash slot is set


def test_the_quick_wire_does_not_hide_the_report() -> None:
    tool = Tool(
        name="search",
        description="Search.",
        input_schema={"type": "object", "properties": {"q": {"type": "string", "default": "x"}}},
    )
    wire = to_openai(tool, strict=True)
    conversion = convert(tool, "openai", strict=True)
    assert conversion.output is wire  # one object for every caller, in either order
    assert {entry.keyword for entry in conversion.report} >= {"default", "required"}
    assert conversion.plans  # the way back for the nullable optional property


def test_strict_raise_still_raises_with_the_path() -> None:
    tool = Tool(
        name="open_map",
        input_schema={"type": "object", "additionalProperties": {"type": "string"}},
    )
    with pytest.raises(ToolbridgeError, match="cannot be made strict"):
        to_openai(tool, strict=True, on_unsupported="raise")


def test_names_openai_rejects_go_through_the_name_map() -> None:
    tool = Tool(name="files.read", input_schema={"type": "object"})
    assert to_openai(tool)["function"]["name"] == "files_read"


def test_input_is_neither_changed_nor_leaked(speedups: Speedups, corpus_tools: list[Tool]) -> None:
    tools = corpus_tools[:200]
    before = [(_text(tool.input_schema), sys.getrefcount(tool.input_schema)) for tool in tools]
    for _ in range(20):
        for tool in tools:
            speedups.strict(tool.input_schema)
            speedups.complete(tool.input_schema)
    after = [(_text(tool.input_schema), sys.getrefcount(tool.input_schema)) for tool in tools]
    assert after == before


def test_pure_python_mode_gives_the_same_output(data_dir: Path) -> None:
    server = data_dir / "corpus" / "mcp" / "brave-search.json"
    script = f"""
import json, sys
from pathlib import Path
from toolbridge._accelerated import SPEEDUPS
from toolbridge.formats import from_mcp, to_openai
tools = from_mcp(json.loads(Path({str(server)!r}).read_text()))
print(json.dumps([SPEEDUPS is None, [to_openai(t, strict=True) for t in tools]]))
"""
    runs = {}
    for pure in ("", "1"):
        env = {**os.environ, "TOOLBRIDGE_PURE_PYTHON": pure}
        done = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True
        )
        runs[pure] = json.loads(done.stdout)
    assert runs[""][0] is False
    assert runs["1"][0] is True
    assert runs[""][1] == runs["1"][1]


# -- shapes the Python walk must decide ----------------------------------------------------

HANDED_OVER: Final = {
    "type that is an object": {"type": "object", "properties": {"a": {"type": {"x": 1}}}},
    "format that is a list": {"type": "object", "properties": {"a": {"format": ["x"]}}},
    "required that is not a list": {"type": "object", "properties": {}, "required": "a"},
    "properties that is a list": {"type": "object", "properties": [{"type": "string"}]},
    "oneOf branch with unhashable required": {
        "type": "object",
        "properties": {"a": {"oneOf": [{"type": "object", "required": [{"x": 1}]}, {}]}},
    },
    "ref to nothing": {"type": "object", "properties": {"a": {"$ref": "#/$defs/missing"}}},
    "recursive ref": {
        "type": "object",
        "properties": {"node": {"$ref": "#/$defs/Node"}},
        "$defs": {"Node": {"type": "object", "properties": {"next": {"$ref": "#/$defs/Node"}}}},
    },
    "ref with a rule beside it": {
        "type": "object",
        "properties": {"a": {"$ref": "#/$defs/A", "minLength": 2}},
        "$defs": {"A": {"type": "string"}},
    },
    "ref under not": {
        "type": "object",
        "properties": {"a": {"type": "string", "not": {"$ref": "#/$defs/B"}}},
    },
    "escaped pointer": {
        "type": "object",
        "properties": {"a": {"$ref": "#/$defs/a~1b"}},
        "$defs": {"a/b": {"type": "string"}},
    },
    "allOf": {"type": "object", "properties": {"a": {"allOf": [{"type": "string"}]}}},
    "draft-04 exclusive flag": {
        "type": "object",
        "properties": {"a": {"type": "number", "maximum": 3, "exclusiveMaximum": True}},
    },
    "nested $id": {
        "type": "object",
        "properties": {"a": {"$id": "x", "type": "object", "properties": {}}},
    },
}


@pytest.mark.parametrize("name", sorted(HANDED_OVER))
def test_shapes_only_python_handles_are_handed_over(speedups: Speedups, name: str) -> None:
    assert _agrees(speedups, HANDED_OVER[name]) == "python"


ANSWERED: Final = {
    "ref with a description beside it": (
        {
            "type": "object",
            "properties": {"a": {"$ref": "#/$defs/A", "description": "An A."}},
            "$defs": {"A": {"type": "string", "description": "Any A.", "minLength": 2}},
        },
        "strict",
    ),
    "oneOf as anyOf": (
        {
            "type": "object",
            "properties": {"a": {"oneOf": [{"type": "string"}, {"type": "integer"}]}},
            "required": ["a"],
        },
        "strict",
    ),
    "oneOf beside anyOf": (
        {"type": "object", "properties": {"a": {"oneOf": [{}], "anyOf": [{}]}}},
        "cannot",
    ),
    "explicit nulls mean missing": (
        {
            "type": "object",
            "properties": {"a": {"type": "string"}},
            "additionalProperties": None,
            "patternProperties": None,
        },
        "strict",
    ),
    "non-ASCII names and defaults": (
        {
            "type": "object",
            "properties": {"ünï": {"type": "string", "default": "é", "examples": [1.5, [1], None]}},
        },
        "strict",
    ),
    "a boolean subschema": ({"type": "object", "properties": {"a": True}}, "cannot"),
    "an array without items": (
        {"type": "object", "properties": {"a": {"type": "array"}}},
        "cannot",
    ),
    "tuple items": (
        {"type": "object", "properties": {"a": {"type": "array", "items": [{}]}}},
        "cannot",
    ),
    "root that is not an object": ({"type": "string"}, "cannot"),
}


@pytest.mark.parametrize("name", sorted(ANSWERED))
def test_shapes_the_accelerator_answers(speedups: Speedups, name: str) -> None:
    schema, verdict = ANSWERED[name]
    assert _agrees(speedups, schema) == verdict


# -- generated schemas ---------------------------------------------------------------------

_SCALARS: Final = st.sampled_from(["string", "number", "integer", "boolean", "null"])
_VALUES: Final = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 5), st.text(max_size=4), st.floats(-2, 2)
)
_NAMES: Final = st.sampled_from(["a", "b", "c", "ü", "$x", "definitions"])


def _schemas() -> st.SearchStrategy[Any]:
    def extend(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
        objects = st.fixed_dictionaries(
            {
                "type": st.just("object"),
                "properties": st.dictionaries(_NAMES, children, max_size=3),
            },
            optional={
                "required": st.lists(_NAMES, max_size=3),
                "additionalProperties": st.one_of(st.booleans(), st.none(), children),
                "description": st.text(max_size=5),
                "minProperties": st.integers(0, 3),
            },
        )
        arrays = st.fixed_dictionaries(
            {"type": st.just("array")},
            optional={
                "items": children,
                "minItems": st.integers(0, 2),
                "uniqueItems": st.booleans(),
            },
        )
        unions = st.fixed_dictionaries(
            {},
            optional={
                "anyOf": st.lists(children, max_size=3),
                "oneOf": st.lists(children, max_size=3),
                "description": st.text(max_size=5),
                "title": st.text(max_size=3),
            },
        )
        refs = st.fixed_dictionaries(
            {"$ref": st.sampled_from(["#/$defs/A", "#/$defs/B", "#/$defs/missing"])},
            optional={"description": st.text(max_size=3), "maxLength": st.integers(0, 3)},
        )
        return st.one_of(objects, arrays, unions, refs)

    leaves: st.SearchStrategy[Any] = st.one_of(
        st.fixed_dictionaries(
            {"type": st.one_of(_SCALARS, st.lists(_SCALARS, max_size=2))},
            optional={
                "enum": st.lists(_VALUES, max_size=3),
                "const": _VALUES,
                "default": _VALUES,
                "format": st.sampled_from(["date", "uri", "email", 3]),
                "minLength": st.integers(0, 3),
                "description": st.text(max_size=5),
                "exclusiveMinimum": st.one_of(st.booleans(), st.integers(0, 2)),
            },
        ),
        st.booleans(),
        st.just({}),
    )
    return st.recursive(leaves, extend, max_leaves=12)


@st.composite
def _roots(draw: st.DrawFn) -> Any:
    root: dict[str, Any] = draw(
        st.fixed_dictionaries(
            {"properties": st.dictionaries(_NAMES, _schemas(), max_size=4)},
            optional={
                "type": st.sampled_from(["object", None]),
                "required": st.lists(_NAMES, max_size=3),
                "$schema": st.just("https://json-schema.org/draft/2020-12/schema"),
            },
        )
    )
    if draw(st.booleans()):
        root["$defs"] = draw(st.fixed_dictionaries({"A": _schemas(), "B": _schemas()}))
    return root


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_roots())
def test_generated_schemas_get_the_python_answer(schema: Any) -> None:
    assert SPEEDUPS is not None
    _agrees(SPEEDUPS, schema)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_roots())
def test_generated_schemas_complete_as_python_does(schema: Any) -> None:
    assert SPEEDUPS is not None
    frozen = freeze(schema)
    fast = SPEEDUPS.complete(frozen)
    assert _text(fast) == _text(complete_for_openai(frozen, None)[0])
    assert _frozen_throughout(fast)
