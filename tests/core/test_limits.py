"""Every transform and check is linear or bounded: an answer or a typed refusal, in time.

Each shape here once hung (issue 16, items 11 and 16). Those run in a subprocess
with a timeout far above what they take now and far below what they took then, so
a regression fails the test instead of stalling the suite; speed itself belongs to
the bench (``bench/run.py --only limits``). The refusals are `SchemaTooLargeError`,
with the limit documented in docs/formats.md and docs/validation.md.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from toolbridge import SchemaError, SchemaTooLargeError, Tool, Validator
from toolbridge._json import freeze
from toolbridge._jsonschema._unfolding import reasonless, unfold
from toolbridge._limits import MAX_SCHEMA_SIZE, schema_size, written_size
from toolbridge._validation._validator import _compile_with
from toolbridge.formats import check, convert, from_mcp
from toolbridge.schema import to_anthropic_strict, to_gemini_schema

DATA = Path(__file__).resolve().parents[1] / "data"

# The shapes, as source for the subprocesses (and `exec`'d here for the quick tests).
SHAPES = textwrap.dedent(
    """
    def chain(n):
        '''n definitions, each an object whose one property refers to the next.'''
        defs = {
            f"d{i}": {"type": "object", "properties": {"next": {"$ref": f"#/$defs/d{i + 1}"}}}
            for i in range(n - 1)
        }
        defs[f"d{n - 1}"] = {"type": "string"}
        return {"type": "object", "properties": {"start": {"$ref": "#/$defs/d0"}}, "$defs": defs}

    def twice(n, siblings=False):
        '''n levels, each using the next twice: 2**n where followed in place.'''
        defs = {}
        for i in range(n):
            use = {"$ref": f"#/$defs/l{i + 1}"}
            if siblings:  # a $ref with siblings is copied in place by Anthropic strict
                defs[f"l{i}"] = {"type": "object", "properties": {
                    "a": {**use, "description": "a"}, "b": {**use, "description": "b"}}}
            else:
                defs[f"l{i}"] = {"anyOf": [use, dict(use)]}
        defs[f"l{n}"] = {"type": "string"}
        return {"type": "object", "properties": {"a": {"$ref": "#/$defs/l0"}}, "$defs": defs}

    def one_of(n):
        return {"type": "object", "properties": {"v": {"oneOf": [
            {"type": "object", "properties": {f"k{i}": {"type": "string"}}, "required": [f"k{i}"]}
            for i in range(n)]}}}

    def all_of(n):
        return {"type": "object", "allOf": [
            {"properties": {f"k{i}": {"type": "string"}}, "required": [f"k{i}"]} for i in range(n)]}
    """
)
_shapes: dict[str, Any] = {}
exec(SHAPES, _shapes)  # our own source, above


def bounded(code: str, seconds: float) -> list[Any]:
    """Run `code` (after `SHAPES`) in a fresh interpreter; what it printed, line by line as JSON.

    Fails the test, naming the last line printed, when it takes more than `seconds`.
    """
    try:
        done = subprocess.run(
            [sys.executable, "-c", SHAPES + textwrap.dedent(code)],
            capture_output=True,
            text=True,
            timeout=seconds,
            check=False,
        )
    except subprocess.TimeoutExpired as timeout:
        printed = (timeout.stdout or b"").decode() if isinstance(timeout.stdout, bytes) else ""
        pytest.fail(f"not done within {seconds} s; it got as far as: {printed[-500:]!r}")
    assert done.returncode == 0, done.stderr[-3000:]
    return [json.loads(line) for line in done.stdout.splitlines()]


# -- the limit ------------------------------------------------------------------------------


def corpus_schemas() -> list[Any]:
    schemas = []
    for path in sorted((DATA / "corpus" / "mcp").glob("*.json")):
        tools = from_mcp(json.loads(path.read_text()))
        schemas += [tool.input_schema for tool in (tools if isinstance(tools, list) else [tools])]
    return schemas


def test_every_corpus_tool_is_far_below_the_limits() -> None:
    schemas = corpus_schemas()
    assert len(schemas) > 1_000
    assert max(schema_size(schema) for schema in schemas) * 40 < MAX_SCHEMA_SIZE
    assert max(unfold(schema).unfolded for schema in schemas) * 40 < MAX_SCHEMA_SIZE


def test_sizes_count_json_values_and_stop_past_the_limit() -> None:
    assert schema_size({"type": "object", "properties": {"a": {"enum": [1, 2, [3]]}}}) == 9
    assert schema_size({"enum": list(range(10**6))}) > MAX_SCHEMA_SIZE
    assert schema_size([[[0]] * 100] * 10**4) > MAX_SCHEMA_SIZE
    shared = {"a": list(range(10))}
    assert written_size({"x": shared, "y": shared}) == 1 + 2 * (1 + 11)


def large_tool(name: str = "big") -> Tool:
    values = [f"v{i}" for i in range(MAX_SCHEMA_SIZE)]
    return Tool(
        name=name,
        description="d",
        input_schema={"type": "object", "properties": {"v": {"enum": values}}},
    )


@pytest.mark.parametrize("target", ["anthropic", "gemini-openapi"])
def test_a_schema_over_the_limit_is_refused_typed_by_convert_and_check(target: str) -> None:
    tool = large_tool()
    strict = target == "anthropic"
    for attempt in (
        lambda: convert([tool], target, strict=strict),  # type: ignore[arg-type]
        lambda: check([tool], target, strict=strict),  # type: ignore[arg-type]
    ):
        with pytest.raises(SchemaTooLargeError) as caught:
            attempt()
        assert isinstance(caught.value, SchemaError)
        assert caught.value.limit == MAX_SCHEMA_SIZE
        assert str(caught.value).startswith("tool 'big': the schema has more than 50,000")


def test_the_transforms_refuse_a_schema_over_the_limit() -> None:
    schema = {"type": "object", "properties": {"v": {"enum": list(range(MAX_SCHEMA_SIZE))}}}
    for transform in (to_anthropic_strict, to_gemini_schema):
        with pytest.raises(SchemaTooLargeError):
            transform(schema)


# -- hangs of item 11, bounded --------------------------------------------------------------


def test_anthropic_strict_on_a_chain_of_definitions_is_linear() -> None:
    """reach() scanned every ref for every step of every ref: 400 definitions took 7 s."""
    lines = bounded(
        """
        import json
        from toolbridge import Tool
        from toolbridge.formats import check, convert
        from toolbridge.schema import to_anthropic_strict
        from toolbridge import SchemaTooLargeError
        for n in (1_000, 2_000, 9_000, 10_000):
            tool = Tool(name="chain", input_schema=chain(n))
            try:
                written = convert([tool], "anthropic", strict=True)
                problems = check([tool], "anthropic", strict=True)
            except SchemaTooLargeError as error:
                print(json.dumps([n, error.limit]))
            else:
                print(json.dumps([n, sorted(written.strict), len(problems)]))
        """,
        seconds=30,
    )
    # strict, and each definition's object is a problem as it is (not closed)
    assert lines[:3] == [[n, ["chain"], n] for n in (1_000, 2_000, 9_000)]
    assert lines[3] == [10_000, 50_000]  # 50,003 JSON values: refused, typed


def test_the_cli_converts_and_checks_a_chain_of_definitions(tmp_path: Path) -> None:
    source = tmp_path / "chain.json"
    source.write_text(json.dumps({"name": "chain", "inputSchema": _shapes["chain"](2_000)}))
    for command in (["convert", "--to", "anthropic", "--strict"], ["check", "--strict"]):
        done = subprocess.run(
            [sys.executable, "-m", "toolbridge", *command, "--json", str(source)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode in (0, 1, 2), done.stderr
        assert "Traceback" not in done.stderr


def test_anthropic_strict_refuses_copies_that_multiply() -> None:
    """Refs with siblings are copied in place: a chain using each level twice grew 2**n."""
    lines = bounded(
        """
        import json
        from toolbridge import SchemaTooLargeError
        from toolbridge.schema import to_anthropic_strict
        print(json.dumps(to_anthropic_strict(twice(10, siblings=True)).strict))
        try:
            to_anthropic_strict(twice(40, siblings=True))
        except SchemaTooLargeError as error:
            print(json.dumps(str(error)))
        """,
        seconds=20,
    )
    assert lines[0] is True
    assert "would have more than 50,000 JSON values" in lines[1]


def test_wide_unions_and_intersections_are_linear() -> None:
    """Anthropic's oneOf test compared every pair of branches; Gemini merged allOf part
    by part, copying the properties each time; Gemini's enum looked up a list."""
    lines = bounded(
        """
        import json
        from toolbridge.schema import to_anthropic_strict, to_gemini_schema
        print(json.dumps(to_anthropic_strict(one_of(7_000)).strict))
        print(json.dumps(len(to_gemini_schema(all_of(8_000)).schema["required"])))
        enum = {"type": "object", "properties": {"v": {"enum": list(range(49_000))}}}
        print(json.dumps(len(to_gemini_schema(enum).schema["properties"]["v"]["enum"])))
        """,
        seconds=10,  # before: about 5 s, 2.5 s and 25 s
    )
    assert lines == [True, 8_000, 49_000]


def test_validation_of_references_that_unfold_exponentially_is_bounded() -> None:
    """anyOf branches referring twice to the next level: refused when they unfold past
    the limit; below it, listing the issues keeps no branch reasons (85 s at 20 levels)."""
    lines = bounded(
        """
        import json
        from toolbridge import SchemaTooLargeError, Validator
        try:
            Validator(twice(20))
        except SchemaTooLargeError as error:
            print(json.dumps(str(error)))
        result = Validator(twice(13)).validate({"a": [1] * 40})
        print(json.dumps([[issue.kind.value, issue.message] for issue in result.issues]))
        wide = {"type": "array", "items": {"anyOf": [
            {"type": "object", "required": [f"k{i}"]} for i in range(500)]}}
        result = Validator(wide).validate([{}] * 1_000)
        print(json.dumps(len(result.issues)))
        """,
        seconds=20,
    )
    assert "unfold it to more than 50,000 subschemas" in lines[0]
    assert lines[1] == [
        ["composition", "matches none of the allowed shapes (anyOf; too costly to list why)"]
    ]
    assert lines[2] == 51  # the first 50, then "more than 50"


# -- check: memory and repeated work --------------------------------------------------------


CHECK_KEYS = (("check", "json-schema"), ("check", "size"), ("check", "unsatisfiable"))
"""What check keeps on a tool: its meta-schema and unsatisfiable problems (the same in every
target), and that it is within the limit (which every writer checks once a tool too)."""


def test_check_keeps_no_conversion_on_the_tools() -> None:
    tools = [Tool(name=f"t{i}", input_schema={"type": "object"}) for i in range(3)]
    convert(tools[:1], "openai")
    before = [
        {key: value for key, value in tool._derived.formats.items() if key not in CHECK_KEYS}
        for tool in tools
    ]
    for target in ("openai", "anthropic", "gemini-openapi", "bedrock"):
        check(tools, target)
    after = [
        {key: value for key, value in tool._derived.formats.items() if key not in CHECK_KEYS}
        for tool in tools
    ]
    assert after == before  # what was there is kept; nothing was added


def test_check_looks_at_each_meta_schema_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from toolbridge._jsonschema._meta_schema import meta_problem

    looked: list[Any] = []

    def counted(schema: Any) -> Any:
        looked.append(schema)
        return meta_problem(schema)

    monkeypatch.setattr("toolbridge.formats._conversion.meta_problem", counted)
    tools = [Tool(name=f"t{i}", input_schema={"type": "object"}) for i in range(3)]
    for target in ("openai", "anthropic", "bedrock"):
        check(tools, target)
    assert len(looked) == 3


# -- the listing variant --------------------------------------------------------------------


SUITE = DATA / "jsonschema-test-suite"
DRAFTS = {
    "draft2020-12": "https://json-schema.org/draft/2020-12/schema",
    "draft7": "http://json-schema.org/draft-07/schema#",
}


def test_the_listing_variant_accepts_exactly_what_the_schema_accepts() -> None:
    """Over the whole JSON Schema Test Suite (drafts 2020-12 and 7), its remotes too."""
    remotes = {
        "http://localhost:1234/" + path.relative_to(SUITE / "remotes").as_posix(): freeze(
            json.loads(path.read_text())
        )
        for path in sorted((SUITE / "remotes").rglob("*.json"))
    }
    variants = {uri: reasonless(remote) for uri, remote in remotes.items()}
    listed = {uri: variant for uri, variant in variants.items() if variant is not None}
    compared = 0
    for draft, dialect in DRAFTS.items():
        for path in sorted((SUITE / draft).glob("*.json")):
            for case in json.loads(path.read_text()):
                schema = case["schema"]
                if isinstance(schema, dict):
                    schema = freeze({"$schema": dialect, **schema})
                variant = reasonless(schema)
                if variant is None:  # unevaluated*: no variant, the issues are not listed
                    continue
                original = _compile_with(schema, remotes, False, linear=False)
                listing = _compile_with(variant, listed, False, linear=False)
                for test in case["tests"]:
                    expected = original.is_valid(test["data"])
                    assert listing.is_valid(test["data"]) == expected, (path.name, case)
                    compared += 1
    assert compared > 1_500


def test_a_reference_into_a_branch_still_points_at_it() -> None:
    schema = freeze(
        {
            "$defs": {"x": {"anyOf": [{"type": "string"}, {"type": "integer"}]}},
            "properties": {"a": {"$ref": "#/$defs/x/anyOf/1"}},
        }
    )
    variant = reasonless(schema)
    assert variant is not None
    assert variant["properties"]["a"] == {"$ref": "#/$defs/x/anyOf/0/if/anyOf/1"}
    listing = _compile_with(variant, {}, False, linear=True)
    assert listing.is_valid({"a": 1})
    assert not listing.is_valid({"a": "x"})


def test_ordinary_schemas_keep_their_reasons() -> None:
    validator = Validator({"anyOf": [{"type": "string"}, {"type": "object", "required": ["id"]}]})
    message = validator.validate({}).issues[0].message
    assert message.startswith("matches none of the allowed shapes: (1)")


def test_references_repeated_through_properties_are_not_refused() -> None:
    """Each level using the next in two properties is 2**40 subschemas written out, but
    every part of a value meets one of them: only what applies in place can blow up."""
    defs: dict[str, Any] = {
        f"l{i}": {
            "type": "object",
            "properties": {
                "left": {"$ref": f"#/$defs/l{i + 1}"},
                "right": {"$ref": f"#/$defs/l{i + 1}"},
            },
        }
        for i in range(40)
    }
    defs["l40"] = {"type": "boolean"}
    validator = Validator({"$ref": "#/$defs/l0", "$defs": defs})
    value: Any = True
    for _ in range(40):
        value = {"left": value}
    assert validator.validate(value).ok
    assert not validator.validate({"left": {"left": "no"}}).ok


def test_freeze_counts_the_values_it_copies() -> None:
    # The size limits read this count instead of walking a tool's schema again.
    from toolbridge._json import known_size, new_frozen_dict

    values: list[Any] = [
        {"type": "object", "properties": {"a": {"enum": [1, 2, [3, {"x": None}]]}}},
        [1, "two", {"three": [4.0, True]}, ()],
        {},
    ]
    for corpus in sorted((DATA / "corpus" / "mcp").glob("*.json"))[:5]:
        values += [entry["inputSchema"] for entry in json.loads(corpus.read_text())]
    for value in values:
        frozen = freeze(value)
        assert known_size(frozen) == schema_size(value), value
    made = new_frozen_dict({"a": freeze({"b": 1})})  # built around frozen parts: not counted
    assert known_size(made) is None
    assert known_size(freeze({"outer": made})) is None  # a part of unknown size
    assert known_size(freeze({"outer": freeze({"b": [1, 2]})})) == 5
    assert known_size("text") is None


def test_a_tools_schema_is_counted_once_frozen_and_still_refused_past_the_limit() -> None:
    wide = {"type": "object", "properties": {f"p{i}": {} for i in range(MAX_SCHEMA_SIZE)}}
    tool = Tool(name="wide", input_schema=wide)
    from toolbridge._json import known_size

    assert known_size(tool.input_schema) == schema_size(wide) > MAX_SCHEMA_SIZE
    with pytest.raises(SchemaTooLargeError):
        convert([tool], "openai")
