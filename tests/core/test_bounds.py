"""Issue 30's hostile inputs end in a typed outcome, in bounded time and memory.

Each row of the issue is one test. Each runs in a fresh interpreter that builds the
hostile input first, then measures the one call: the time it takes and how far the
process's peak memory grows beyond what the input itself needed. The bounds are
loose (the suite runs two processes on two cores; the issue's figure was 18 s and
3.9 GB for the first row): they tell a bounded answer from the unbounded one, and
the bench (``bench/run.py --only limits``) keeps the precise figures.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from toolbridge import Invalid, IssueKind, SchemaTooLargeError, Tool, Validator
from toolbridge._limits import (
    MAX_PATTERN_LENGTH,
    MAX_PATTERN_SIZE,
    MAX_SCHEMA_SIZE,
    schema_size,
)
from toolbridge._validation._validator import MAX_ISSUES
from toolbridge.formats import (
    STRICT_TARGETS,
    TARGETS,
    check,
    convert,
    from_bedrock,
    from_mcp,
    to_anthropic,
    to_bedrock,
    to_gemini,
    to_gemini_openapi,
    to_mcp,
    to_openai,
    to_openai_responses,
)

SECONDS = 10.0
"""Far above what each call takes now (well under a second) and below what it took."""
GROWTH_MB = 400
"""Far above what each call needs now and far below what it took (0.5 to 6 GB)."""

MEASURED = textwrap.dedent(
    """
    import json, resource, sys, time

    def measured(call):
        '''Run `call`; print its outcome, seconds, and how much the peak RSS grew (MB).'''
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        started = time.perf_counter()
        try:
            outcome = call()
        except Exception as error:
            outcome = {"raised": type(error).__name__, "message": str(error)[:500]}
        seconds = time.perf_counter() - started
        grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
        print(json.dumps({"outcome": outcome, "seconds": seconds, "grown_mb": grown}))

    def issues(result):
        return [[list(map(str, i.path)), i.kind.value, i.message] for i in result.issues]
    """
)


def measure(code: str) -> dict[str, Any]:
    """Run `code` (after `MEASURED`) in a fresh interpreter; its one `measured` line.

    Fails when it takes more than `SECONDS` in all, or its call grew the peak memory
    by more than `GROWTH_MB`.
    """
    try:
        done = subprocess.run(
            [sys.executable, "-c", MEASURED + textwrap.dedent(code)],
            capture_output=True,
            text=True,
            timeout=SECONDS * 3,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"not done within {SECONDS * 3} s")
    assert done.returncode == 0, done.stderr[-3000:]
    found: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    assert found["seconds"] < SECONDS, found
    assert found["grown_mb"] < GROWTH_MB, found
    return found


# -- validation: issues copy a preview of the value, a bounded number of times -------------


def test_an_any_of_of_2000_consts_against_a_1_mb_string() -> None:
    """Was 18 s and 3.9 GB: every branch's error held a copy of the string."""
    found = measure(
        """
        from toolbridge import Tool
        tool = Tool(name="t", input_schema={"type": "object", "properties": {
            "s": {"anyOf": [{"const": i} for i in range(2000)]}}})
        _ = tool.validator
        value = {"s": "x" * 1_000_000}
        measured(lambda: issues(tool.validate(value)))
        """
    )
    why = "matches none of the allowed shapes (anyOf; too costly to list why)"
    assert found["outcome"] == [[["s"], "composition", why]]


def test_40000_missing_required_names_beside_a_10_mb_string() -> None:
    """Was killed at 30 s and 6 GB: 40,000 errors, each with a copy of the object."""
    found = measure(
        """
        from toolbridge import Tool
        names = [f"p{i}" for i in range(40_000)]
        tool = Tool(name="t", input_schema={"type": "object", "required": names})
        _ = tool.validator
        value = {"text": "x" * 10_000_000}
        measured(lambda: issues(tool.validate(value)))
        """
    )
    first, note = found["outcome"]
    assert first[:2] == [["p0"], "required"]
    assert note[1] == "too_many"
    assert "only the first issue is listed" in note[2]


def test_missing_required_names_are_capped_and_the_rest_counted() -> None:
    names = [f"p{i}" for i in range(10_000)]
    checked = Validator({"type": "object", "required": names}).validate({"text": "short"})
    assert isinstance(checked, Invalid)
    assert len(checked.issues) == MAX_ISSUES + 1
    assert [issue.path for issue in checked.issues[:2]] == [("p0",), ("p1",)]
    last = checked.issues[-1]
    assert last.kind == IssueKind.TOO_MANY
    assert last.message == f"{10_000 - MAX_ISSUES:,} more issues not listed; fix these first"


def test_past_the_error_budget_the_first_issue_is_listed_alone() -> None:
    """40,000 required names can raise 40,000 errors: listing them all is not tried."""
    names = [f"p{i}" for i in range(40_000)]
    checked = Validator({"type": "object", "required": names}).validate({"text": "short"})
    assert isinstance(checked, Invalid)
    first, note = checked.issues
    assert (first.path, first.kind) == (("p0",), IssueKind.REQUIRED)
    assert note.kind == IssueKind.TOO_MANY
    assert note.message.endswith("only the first issue is listed, there may be more")


def test_unexpected_properties_past_the_cap_are_counted() -> None:
    checked = Validator({"type": "object", "additionalProperties": False}).validate(
        {f"k{i}": i for i in range(120)}
    )
    assert isinstance(checked, Invalid)
    assert len(checked.issues) == MAX_ISSUES + 1
    assert checked.issues[-1].message == "70 more issues not listed; fix these first"


def test_a_message_quotes_a_short_preview_of_a_large_value() -> None:
    value = {"a": "x" * 1_000_000, "b": list(range(100_000))}
    checked = Validator({"const": 1}).validate(value)
    assert isinstance(checked, Invalid)
    issue = checked.issues[0]
    assert issue.message.startswith('must be exactly 1, got {"a": "xxxx')
    assert len(issue.message) < 120


def test_a_preview_is_the_start_of_the_json_text() -> None:
    from toolbridge._validation._issues import show

    values: list[Any] = [{"a": [1, 2.5, None, True], "b": {"c": "d"}}, [], {}, [[{}]], {"k": "é\n"}]
    for value in values:
        assert show(value) == json.dumps(value, ensure_ascii=False)
    long = {f"k{i}": list(range(i)) for i in range(50)}
    assert show(long) == json.dumps(long)[:79] + "…"


# -- patterns: bounded before they are compiled ---------------------------------------------


def test_a_100000_character_pattern_is_refused_before_it_is_compiled() -> None:
    """Was over 40 s against a 1 MB string."""
    found = measure(
        """
        from toolbridge import Validator
        schema = {"type": "object", "properties": {"s": {"pattern": "x" * 100_000}}}
        measured(lambda: Validator(schema).validate({"s": "x" * 1_000_000}).ok)
        """
    )
    assert found["outcome"]["raised"] == "SchemaTooLargeError"
    assert f"{MAX_PATTERN_LENGTH:,} characters" in found["outcome"]["message"]


@pytest.mark.parametrize(
    ("schema", "path"),
    [
        ({"pattern": "x" * (MAX_PATTERN_LENGTH + 1)}, ("pattern",)),
        (
            {"properties": {"a": {"patternProperties": {"y" * (MAX_PATTERN_LENGTH + 1): {}}}}},
            ("properties", "a", "patternProperties"),
        ),
    ],
    ids=["pattern", "patternProperties"],
)
def test_a_long_pattern_is_refused_with_its_path(
    schema: dict[str, Any], path: tuple[str, ...]
) -> None:
    with pytest.raises(SchemaTooLargeError) as caught:
        Validator(schema)
    assert caught.value.path == path
    assert caught.value.limit == MAX_PATTERN_LENGTH


def test_a_pattern_at_the_limit_compiles_and_matches_a_long_string_in_time() -> None:
    found = measure(
        f"""
        from toolbridge import Validator
        validator = Validator({{"pattern": "x" * {MAX_PATTERN_LENGTH}}})
        measured(lambda: [validator.validate("y" * 1_000_000).ok,
                          validator.validate("y" + "x" * {MAX_PATTERN_LENGTH}).ok])
        """
    )
    assert found["outcome"] == [False, True]


@pytest.mark.parametrize(
    ("schema", "path"),
    [
        ({"properties": {"s": {"pattern": "(?:x{100}){100}"}}}, ("properties", "s", "pattern")),
        ({"patternProperties": {"^(?:[a-z]{100}){50}$": {}}}, None),
        ({"properties": {"s": {"pattern": "(?=y)(?:x{100}){100}"}}}, None),
    ],
    ids=["pattern", "patternProperties", "lookaround"],
)
def test_a_short_pattern_that_compiles_too_large_is_refused(
    schema: dict[str, Any], path: tuple[str, ...] | None
) -> None:
    """15 characters that compile to 10,000 states took over a second on 1 MB."""
    with pytest.raises(SchemaTooLargeError) as caught:
        Validator(schema)
    assert caught.value.limit == MAX_PATTERN_SIZE
    assert caught.value.path == (path or caught.value.path)
    assert "compiles to more than 100,000 bytes" in str(caught.value)


def test_patterns_of_the_corpus_size_still_compile() -> None:
    uuid = (
        "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$"
    )
    host = "^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$"
    validator = Validator({"properties": {"u": {"pattern": uuid}, "h": {"pattern": host}}})
    assert validator.validate({"u": "123e4567-e89b-12d3-a456-426614174000", "h": "a.bc"}).ok
    assert not validator.validate({"u": "nope"}).ok
    assert Validator({"pattern": "^(?!x)[a-z]{1,300}$"}).validate("abc").ok


def test_a_property_named_pattern_is_no_pattern() -> None:
    schema = {"type": "object", "properties": {"pattern": {"const": "x" * 20_000}}}
    assert Validator(schema).validate({"pattern": "x" * 20_000}).ok


# -- one size limit for validate and every to_* ---------------------------------------------


def past_the_limit() -> dict[str, Any]:
    return {"type": "object", "properties": {"v": {"enum": list(range(MAX_SCHEMA_SIZE))}}}


def test_to_openai_strict_refuses_a_schema_past_the_limit() -> None:
    """Was 15.8 s, 489 MB and an answer, where every other target refused it."""
    found = measure(
        """
        from toolbridge import Tool
        from toolbridge.formats import to_openai
        tool = Tool(name="t", input_schema={"type": "object", "properties": {
            "v": {"enum": [f"value {i}" for i in range(1_000_000)]}}})
        measured(lambda: to_openai(tool, strict=True))
        """
    )
    assert found["outcome"]["raised"] == "SchemaTooLargeError"
    assert found["outcome"]["message"].startswith("tool 't': the schema has more than 50,000")


def test_validate_refuses_a_schema_past_the_limit() -> None:
    """Was 897 MB to compile."""
    found = measure(
        """
        from toolbridge import Tool
        tool = Tool(name="t", input_schema={"type": "object", "properties": {
            "v": {"enum": [f"value {i}" for i in range(1_000_000)]}}})
        measured(lambda: tool.validate({"v": "value 1"}).ok)
        """
    )
    assert found["outcome"]["raised"] == "SchemaTooLargeError"


WRITERS = [(target, False) for target in TARGETS] + [(target, True) for target in STRICT_TARGETS]
"""Every target, as it is and (where there is one) in strict mode."""
TO_FUNCTIONS: dict[str, Callable[..., Any]] = {
    "mcp": to_mcp,
    "openai": to_openai,
    "openai-responses": to_openai_responses,
    "anthropic": to_anthropic,
    "gemini": to_gemini,
    "gemini-openapi": to_gemini_openapi,
    "bedrock": to_bedrock,
}
WRITER_IDS = [f"{target}{'-strict' * strict}" for target, strict in WRITERS]


@pytest.mark.parametrize(("target", "strict"), WRITERS, ids=WRITER_IDS)
def test_every_writer_refuses_a_schema_past_the_limit(target: str, strict: bool) -> None:
    """Non-strict writers passed an oversized schema on; every one refuses it now, with
    the same error, the tool's name first and the path of the schema (the root)."""
    tool = Tool(name="t", input_schema=past_the_limit())
    with pytest.raises(SchemaTooLargeError) as caught:
        convert(tool, target, strict=strict or None)  # type: ignore[arg-type]
    assert caught.value.limit == MAX_SCHEMA_SIZE
    assert caught.value.path == ()
    assert str(caught.value) == (
        "tool 't': the schema has more than 50,000 JSON values (toolbridge's size limit)"
    )
    if target in TO_FUNCTIONS:
        to = TO_FUNCTIONS[target]
        with pytest.raises(SchemaTooLargeError) as direct:
            to(tool.replace(), **({"strict": True} if strict else {}))
        assert (str(direct.value), direct.value.path) == (str(caught.value), ())
        with pytest.raises(SchemaTooLargeError):  # in a list, too
            to([Tool(name="u"), tool.replace()], **({"strict": True} if strict else {}))


@pytest.mark.parametrize(("target", "strict"), WRITERS, ids=WRITER_IDS)
def test_every_writer_refuses_an_output_schema_past_the_limit(target: str, strict: bool) -> None:
    tool = Tool(name="t", output_schema=past_the_limit())
    with pytest.raises(SchemaTooLargeError) as caught:
        convert(tool, target, strict=strict or None)  # type: ignore[arg-type]
    assert caught.value.path == ("output_schema",)
    assert str(caught.value).startswith("tool 't': the output schema has more than 50,000")


def test_a_schema_at_the_limit_is_written_by_every_writer() -> None:
    """The limit counts every JSON value: at 50,000 the schema is written, one more refused."""
    enum = list(range(MAX_SCHEMA_SIZE - 5))  # the root, type, properties, v, the enum: 5
    at_limit = {"type": "object", "properties": {"v": {"enum": enum}}}
    assert schema_size(at_limit) == MAX_SCHEMA_SIZE
    for target, strict in WRITERS:
        tool = Tool(name="t", input_schema=at_limit)
        assert convert(tool, target, strict=strict or None).output
    over = {"type": "object", "properties": {"v": {"enum": [*enum, -1]}}}
    with pytest.raises(SchemaTooLargeError):
        to_openai(Tool(name="t", input_schema=over))


def refuses(call: Any, *arguments: Any) -> bool:
    try:
        call(*arguments)
    except SchemaTooLargeError:
        return True
    return False


@pytest.mark.parametrize("extra", [0, 1], ids=["at-the-limit", "one-more"])
def test_validate_and_writers_refuse_the_same_schemas(extra: int) -> None:
    """One limit: what `validate` refuses every writer refuses, at the same size."""
    schema = {"enum": list(range(MAX_SCHEMA_SIZE - 2 + extra))}
    refused = [refuses(Validator, schema)] + [
        refuses(to, Tool(name="t", input_schema=schema))
        for to in (to_openai, to_anthropic, to_bedrock, to_mcp)
    ]
    assert refused == [bool(extra)] * 5


@pytest.mark.parametrize("target", TARGETS)
def test_check_refuses_a_schema_past_the_limit_for_every_target(target: str) -> None:
    with pytest.raises(SchemaTooLargeError):
        check([Tool(name="t", input_schema=past_the_limit())], target)  # type: ignore[arg-type]


def test_validator_refuses_what_the_formats_refuse() -> None:
    with pytest.raises(SchemaTooLargeError) as caught:
        Validator(past_the_limit())
    assert str(caught.value).startswith("the schema has more than 50,000 JSON values")
    with pytest.raises(SchemaTooLargeError):
        Validator({}, resources={"urn:big": past_the_limit()})
    just_within = {"enum": list(range(MAX_SCHEMA_SIZE - 2))}
    assert Validator(just_within).validate(0).ok
    assert to_openai(Tool(name="t", input_schema=just_within))


# -- files of many tools ---------------------------------------------------------------------


def tools_file(path: Path, count: int) -> Path:
    """`count` small MCP tools, each with two properties, one required."""
    tools = [
        {
            "name": f"tool_{i}",
            "description": f"Tool number {i}.",
            "inputSchema": {
                "type": "object",
                "properties": {"q": {"type": "string"}, "n": {"type": "integer"}},
                "required": ["q"],
            },
        }
        for i in range(count)
    ]
    path.write_text(json.dumps(tools))
    return path


def run_cli(*arguments: str) -> dict[str, Any]:
    """``toolbridge ARGUMENTS`` in a child; its status, stderr, seconds and peak RSS (MB)."""
    code = textwrap.dedent(
        """
        import json, resource, subprocess, sys, time
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "toolbridge", *sys.argv[1:]],
                              capture_output=True, text=True)
        seconds = time.perf_counter() - started
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(json.dumps({"status": done.returncode, "stderr": done.stderr[-2000:],
                          "stdout_chars": len(done.stdout), "seconds": seconds,
                          "peak_mb": peak}))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *arguments], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-3000:]
    found: dict[str, Any] = json.loads(done.stdout)
    assert "Traceback" not in found["stderr"], found["stderr"]
    return found


def test_check_refuses_100000_tools_before_reading_them(tmp_path: Path) -> None:
    """Was 9 s just to refuse: every tool was read first."""
    source = tools_file(tmp_path / "tools.json", 100_000)
    found = run_cli("check", str(source))
    assert found["status"] == 2
    assert "100,000 tools: check takes at most 20,000" in found["stderr"]
    assert found["seconds"] < SECONDS


def test_check_counts_gemini_declarations_before_reading_them(tmp_path: Path) -> None:
    """The count made before any tool is read is the whole file's: a Gemini ``Tool``
    counts its function declarations (counted as one each, the tools would be checked)."""
    source = tmp_path / "tools.json"
    items = [
        {"functionDeclarations": [{"name": f"{kind}{i}"} for i in range(10_001)]} for kind in "ab"
    ]
    source.write_text(json.dumps(items))
    found = run_cli("check", "--from", "gemini", str(source))
    assert found["status"] == 2
    assert "20,002 tools: check takes at most 20,000" in found["stderr"]
    assert found["seconds"] < SECONDS


@pytest.mark.parametrize("command", ["convert", "check"])
def test_10000_tools_convert_and_check_within_bounds(command: str, tmp_path: Path) -> None:
    """10,000 tools: within 3 s (here, loosely, 10 s) and memory within 10 times the input
    (here, loosely: the interpreter's own, plus 10 times)."""
    source = tools_file(tmp_path / "tools.json", 10_000)
    arguments = (
        ["convert", "--from", "mcp", "--to", "anthropic", "--strict"]
        if command == "convert"
        else ["check", "--target", "anthropic", "--strict"]
    )
    found = run_cli(*arguments, str(source))
    assert found["status"] in (0, 1), found["stderr"]
    assert found["seconds"] < SECONDS
    input_mb = source.stat().st_size / 2**20
    assert found["peak_mb"] < BASELINE_MB + 10 * input_mb, (found, input_mb)


BASELINE_MB = 150
"""What ``python -m toolbridge`` takes with nothing to do, loosely (about 60 MB)."""


# -- convert and check of a file, tool by tool: the same text as the whole file's ------------

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus" / "mcp"


def mixed_tools() -> list[dict[str, Any]]:
    """Real servers' tools (strict and not, references, long descriptions) and tiny ones."""
    tools: dict[str, dict[str, Any]] = {}
    for path in sorted(CORPUS.glob("*.json"))[:12]:
        for tool in json.loads(path.read_text(encoding="utf-8")):
            tools.setdefault(tool["name"], tool)  # (one tool a name: servers share some)
    tools["tiny"] = {"name": "tiny", "inputSchema": {"type": "object"}}
    tools["opaque"] = {"name": "opaque", "inputSchema": {"properties": {"x": {}}}}
    return list(tools.values())


def cli(*arguments: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolbridge", *arguments],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def whole(output: Any) -> str:
    """What the command wrote before it went tool by tool: one indented JSON list."""
    listed = output if isinstance(output, list) else [output]
    return json.dumps(listed, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


@pytest.mark.parametrize(("target", "strict"), WRITERS, ids=WRITER_IDS)
def test_convert_of_a_file_writes_what_the_whole_files_conversion_writes(
    target: str, strict: bool, tmp_path: Path
) -> None:
    """Each tool is read, converted and written alone (in a tenth of the memory): the
    text is still the one of the whole file's conversion, byte for byte."""
    tools = mixed_tools()
    source = tmp_path / "tools.json"
    source.write_text(json.dumps(tools), encoding="utf-8")
    done = cli("convert", "--from", "mcp", "--to", target, *["--strict"] * strict, str(source))
    assert done.returncode == 0, done.stderr
    expected = convert(from_mcp(tools), target, strict=strict or None)  # type: ignore[arg-type]
    assert done.stdout == whole(expected.output)


def test_convert_report_of_a_file_is_the_whole_files_report(tmp_path: Path) -> None:
    tools = mixed_tools()
    source, report = tmp_path / "tools.json", tmp_path / "report.json"
    source.write_text(json.dumps(tools), encoding="utf-8")
    done = cli(
        "convert",
        "--from",
        "mcp",
        "--to",
        "openai",
        "--strict",
        "--report",
        str(report),
        str(source),
    )
    assert done.returncode == 0, done.stderr
    expected = convert(from_mcp(tools), "openai", strict=True).report
    assert json.loads(report.read_text()) == [entry.to_dict() for entry in expected]


@pytest.mark.parametrize(
    ("tools", "message"),
    [
        (
            [{"name": "a", "inputSchema": {}}, {"name": "a", "inputSchema": {}}],
            "two tools are named",
        ),
        ([{"name": "a", "inputSchema": {}}, {"inputSchema": {}}], "/1"),
        (
            [{"name": "a", "inputSchema": {}}, {"name": "b", "inputSchema": past_the_limit()}],
            "50,000",
        ),
        (  # an item is read as a list's item, never as an envelope of tools
            [{"name": "a", "inputSchema": {}}, {"tools": [{"name": "b", "inputSchema": {}}]}],
            "/1",
        ),
    ],
    ids=["a-name-twice", "a-tool-without-a-name", "a-schema-past-the-limit", "an-envelope"],
)
def test_convert_of_a_file_refuses_as_the_whole_files_conversion(
    tools: list[Any], message: str, tmp_path: Path
) -> None:
    """A tool that cannot be read or written, after good ones: nothing on stdout, the
    error of the whole file's reading (with the item's path) on stderr, status 2."""
    source = tmp_path / "tools.json"
    source.write_text(json.dumps(tools), encoding="utf-8")
    done = cli("convert", "--from", "mcp", "--to", "anthropic", str(source))
    assert (done.returncode, done.stdout) == (2, "")
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_names_a_target_renames_are_mapped_as_a_set(tmp_path: Path) -> None:
    """``a.b`` becomes ``a_b`` for OpenAI, beside a tool already named ``a_b``: the set's
    name map decides (the whole file is converted as before)."""
    tools = [{"name": "a_b", "inputSchema": {}}, {"name": "a.b", "inputSchema": {}}]
    source = tmp_path / "tools.json"
    source.write_text(json.dumps(tools), encoding="utf-8")
    done = cli("convert", "--from", "mcp", "--to", "openai", str(source))
    assert done.returncode == 0, done.stderr
    assert done.stdout == whole(convert(from_mcp(tools), "openai").output)
    names = [tool["function"]["name"] for tool in json.loads(done.stdout)]
    assert len(set(names)) == 2


def test_a_bedrock_cache_point_is_passed_over_as_in_a_list() -> None:
    tools = [
        {"toolSpec": {"name": "a", "inputSchema": {"json": {"type": "object"}}}},
        {"cachePoint": {"type": "default"}},
        {"toolSpec": {"name": "b", "inputSchema": {"json": {"type": "object"}}}},
    ]
    done = cli("convert", "--from", "bedrock", "--to", "openai", "-", stdin=json.dumps(tools))
    assert done.returncode == 0, done.stderr
    assert done.stdout == whole(convert(from_bedrock(tools), "openai").output)


def test_convert_from_stdin_and_of_an_envelope(tmp_path: Path) -> None:
    tools = mixed_tools()[:20]
    expected = whole(convert(from_mcp(tools), "bedrock").output)
    assert (
        cli("convert", "--from", "mcp", "--to", "bedrock", "-", stdin=json.dumps(tools)).stdout
        == expected
    )
    envelope = json.dumps({"tools": tools})
    assert (
        cli("convert", "--from", "mcp", "--to", "bedrock", "-", stdin=envelope).stdout == expected
    )


@pytest.mark.parametrize("target", [None, "openai", "mcp", "gemini-openapi"])
@pytest.mark.parametrize("strict", [False, True])
def test_check_json_of_a_file_lists_what_the_whole_files_check_lists(
    target: str | None, strict: bool, tmp_path: Path
) -> None:
    """Problems by target, then by kind (the report, names, the meta-schema,
    unsatisfiable schemas), then by tool, as `formats.check` of the whole list."""
    tools = mixed_tools()
    never = {"type": "object", "properties": {"s": {"minLength": 3, "maxLength": 1}}}
    tools.append({"name": "Bad Name!", "inputSchema": never})
    source = tmp_path / "tools.json"
    source.write_text(json.dumps(tools), encoding="utf-8")
    arguments = ["--target", target] if target else []
    done = cli("check", "--json", *arguments, *["--strict"] * strict, str(source))
    if target and strict and target not in STRICT_TARGETS:
        assert (done.returncode, done.stdout) == (2, ""), done.stderr
        assert "no strict mode" in done.stderr
        return
    expected: list[dict[str, Any]] = []
    for name in [target] if target else [t for t in TARGETS if t != "canonical"]:
        strictly = strict and name in STRICT_TARGETS
        for problem in check(from_mcp(tools), name, strict=strictly):  # type: ignore[arg-type]
            expected.append(problem.to_dict() if target else {"target": name, **problem.to_dict()})
    assert done.stdout == whole(expected)
    assert done.returncode == (1 if expected else 0), done.stderr


def test_indented_writes_what_json_dumps_writes() -> None:
    from toolbridge.cli._convert import indented

    values: list[Any] = [
        [],
        {},
        {"a": [1, 2.5, -0.0, 1e300, True, False, None, 'é\n"\u2028', {}, [], [[]]]},
        *(convert(from_mcp(mixed_tools()), "anthropic", strict=True).output),
    ]
    for value in values:
        assert indented(value) == json.dumps(value, indent=2, ensure_ascii=False, allow_nan=False)
        assert indented(value, "\n  ") == json.dumps(
            value, indent=2, ensure_ascii=False, allow_nan=False
        ).replace("\n", "\n  ")
    with pytest.raises(ValueError, match="Out of range float values"):
        indented({"x": float("nan")})
    assert indented({1: "a"}) == json.dumps({1: "a"}, indent=2)
    cycle: list[Any] = []
    cycle.append(cycle)
    with pytest.raises(ValueError, match="Circular reference"):
        indented(cycle)
