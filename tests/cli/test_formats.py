"""``toolbridge convert``, ``check`` and ``diff``: their contract (docs/cli.md).

Each command runs as a real subprocess (``python -m toolbridge``), where stdout is a
pipe; the processes of one test start together, since most of their time is spent
importing. The shell sessions of docs/cli.md run in order in an empty folder. More
error cases, the README's shell lines, the diff computation and the terminal views
run in process (`toolbridge.cli.main`), to keep the file fast.
"""

from __future__ import annotations

import io
import json
import re
import shlex
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console, RenderableType

from toolbridge import Tool, thaw
from toolbridge._loading import module_tools
from toolbridge.cli import _convert, _render, main
from toolbridge.cli._diff import MISSING, Difference, diff_schemas, diff_tools
from toolbridge.examples import weather
from toolbridge.formats import TARGETS, check, convert, from_mcp, to_mcp

from ..schema.meta_schemas import PLACED, holding

ROOT = Path(__file__).resolve().parents[2]
REPORT_KEYS = ["tool", "path", "keyword", "action", "detail"]
PROBLEM_KEYS = ["tool", "path", "rule", "keyword", "detail"]
DIFFERENCE_KEYS = {"tool", "field", "path", "keyword", "a", "b"}


@dataclass(frozen=True)
class Started:
    process: subprocess.Popen[str]
    stdin: str | None


def start(*args: str, stdin: str | None = None, cwd: Path = ROOT) -> Started:
    """Start the command; stdin is empty unless given."""
    process = subprocess.Popen(
        [sys.executable, "-m", "toolbridge", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        cwd=cwd,
    )
    return Started(process, stdin)


def run_all(*started: Started) -> list[subprocess.CompletedProcess[str]]:
    """Wait for commands started together, feeding each its stdin."""
    completed = []
    for item in started:
        stdout, stderr = item.process.communicate(item.stdin or "", timeout=120)
        completed.append(
            subprocess.CompletedProcess(item.process.args, item.process.returncode, stdout, stderr)
        )
    return completed


def assert_input_error(completed: subprocess.CompletedProcess[str], *fragments: str) -> str:
    """Exit status 2, nothing on stdout, one line on stderr; returns that line."""
    assert completed.returncode == 2, completed.stderr
    assert completed.stdout == ""
    lines = completed.stderr.splitlines()
    assert len(lines) == 1, completed.stderr
    assert lines[0].startswith("toolbridge: error: ")
    for fragment in fragments:
        assert fragment in lines[0]
    return lines[0]


def server(data_dir: Path, name: str) -> Path:
    return data_dir / "corpus" / "mcp" / f"{name}.json"


def server_tools(path: Path) -> list[Tool]:
    tools = from_mcp(json.loads(path.read_text(encoding="utf-8")))
    return [tools] if isinstance(tools, Tool) else tools


# -- convert --------------------------------------------------------------------------


def test_convert_a_server_to_strict_openai_with_a_report(data_dir: Path, tmp_path: Path) -> None:
    path = server(data_dir, "github-mcp-server")
    report = tmp_path / "report.json"
    (completed,) = run_all(
        start(
            "convert",
            "--from",
            "mcp",
            "--to",
            "openai",
            "--strict",
            "--report",
            str(report),
            str(path),
        )
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == ""  # stderr is not a terminal: no summary
    expected = convert(server_tools(path), "openai", strict=True)

    written = json.loads(completed.stdout)
    assert isinstance(written, list)
    assert written == thaw(expected.output)
    assert len(written) == 117
    assert all(item["type"] == "function" for item in written)
    assert any(item["function"]["strict"] for item in written)

    entries = json.loads(report.read_text(encoding="utf-8"))
    assert isinstance(entries, list)
    assert entries == [entry.to_dict() for entry in expected.report]
    assert entries
    for entry in entries:
        assert list(entry) == REPORT_KEYS
        assert entry["action"] in {
            "dropped",
            "moved-to-description",
            "rewritten",
            "truncated",
            "renamed",
        }
    assert {"dropped", "truncated"} <= {entry["action"] for entry in entries}


def test_convert_reads_stdin_and_always_writes_a_list() -> None:
    one = {
        "type": "function",
        "name": "get_time",
        "description": "The time now.",
        "parameters": {"type": "object", "properties": {"tz": {"type": "string"}}},
    }
    (single,) = run_all(
        start("convert", "--from", "openai-responses", "--to", "bedrock", stdin=json.dumps(one))
    )
    assert single.returncode == 0, single.stderr
    assert json.loads(single.stdout) == [
        {
            "toolSpec": {
                "name": "get_time",
                "description": "The time now.",
                "inputSchema": {
                    "json": {"type": "object", "properties": {"tz": {"type": "string"}}}
                },
            }
        }
    ]


def test_bad_input_exits_2_saying_where(tmp_path: Path) -> None:
    not_json = '{"tools": [\n  {"name": "a",}\n]}'
    with pytest.raises(json.JSONDecodeError) as decoding:
        json.loads(not_json)
    wrong_shape = tmp_path / "tools.json"
    wrong_shape.write_text(
        json.dumps(
            [
                {"name": "ok", "inputSchema": {"type": "object"}},
                {"name": "search", "inputSchema": "a query"},
            ]
        )
    )
    bad_json, bad_shape = run_all(
        start("convert", "--from", "mcp", "--to", "openai", stdin=not_json),
        start("check", "--target", "openai", str(wrong_shape)),
    )
    line = assert_input_error(bad_json, "stdin is not valid JSON")
    assert line.endswith(f"at line {decoding.value.lineno}, column {decoding.value.colno}")
    assert (decoding.value.lineno, decoding.value.colno) == (2, 16)
    assert_input_error(bad_shape, "MCP tool 'search'", "'/1/inputSchema'")


def run_in_process(
    args: list[str],
    stdin: bytes,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> tuple[int, str, str]:
    """Run `main` as the console script would, on this stdin, in this process."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    monkeypatch.setattr(sys, "path", list(sys.path))
    status = main(args)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(
    ("args", "stdin", "fragments"),
    [
        (["diff", "openai", "anthropic", "missing.json"], b"", ["cannot read 'missing.json'"]),
        (["check", "--target", "openai"], b"", ["stdin is not valid JSON", "line 1, column 1"]),
        (["check", "--target", "openai"], b"[NaN]", ["NaN is not JSON"]),
        (["convert", "--from", "mcp", "--to", "openai"], b"\xff", ["stdin is not UTF-8"]),
        (["convert", "--from", "canonical", "--to", "mcp"], b'[{"name": "x"}, 3]', ["'/1'"]),
        (
            ["convert", "--from", "mcp", "--to", "gemini", "--strict"],
            b'{"name": "get_time", "inputSchema": {"type": "object"}}',
            ["'get_time'", "no strict mode"],
        ),
        (
            ["convert", "--from", "mcp", "--to", "openai", "-"],
            b'[{"name": "twice"}, {"name": "twice"}]',
            ["twice"],
        ),
        (["convert", "--from", "gemini-openapi", "--to", "mcp"], b"[]", ["'gemini-openapi'"]),
        (["diff", "openai", "yaml"], b"[]", ["'TARGET_B'", "unknown target format 'yaml'"]),
        (["convert", "--from", "mcp"], b"[]", ["Missing option '--to'"]),
    ],
)
def test_more_usage_and_input_errors(
    args: list[str],
    stdin: bytes,
    fragments: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run_in_process(args, stdin, monkeypatch, capsys)
    assert (status, out) == (2, "")
    assert err.startswith("toolbridge: error: ")
    assert len(err.splitlines()) == 1
    for fragment in fragments:
        assert fragment in err


def test_convert_reads_an_envelope_from_stdin_in_process(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    envelope = {"tools": [to_mcp(weather.convert_temperature), to_mcp(weather.get_forecast)]}
    status, out, err = run_in_process(
        ["convert", "--from", "mcp", "--to", "gemini-openapi", "-"],
        json.dumps(envelope).encode(),
        monkeypatch,
        capsys,
    )
    assert (status, err) == (0, "")
    declarations = json.loads(out)
    assert [item["name"] for item in declarations] == ["convert_temperature", "get_forecast"]
    assert declarations[0]["parameters"]["type"] == "OBJECT"


# -- check ----------------------------------------------------------------------------


def test_check_exits_1_on_problems_and_0_without(data_dir: Path) -> None:
    path = server(data_dir, "github-mcp-server")
    clean = json.dumps([to_mcp(tool) for tool in module_tools(weather)])
    problems, none = run_all(
        start("check", "--target", "openai", "--strict", "--json", str(path)),
        start("check", "--target", "openai", "-", stdin=clean),
    )
    assert problems.returncode == 1, problems.stderr
    listed = json.loads(problems.stdout)
    expected = check(server_tools(path), "openai", strict=True)
    assert listed == [problem.to_dict() for problem in expected]
    assert listed
    assert all(list(problem) == PROBLEM_KEYS for problem in listed)
    assert {problem["rule"] for problem in listed} >= {"strict", "keyword"}

    assert none.returncode == 0, none.stderr
    assert json.loads(none.stdout) == []  # JSON when piped, as every command


# -- diff -----------------------------------------------------------------------------


def test_diff_openai_and_gemini_openapi(data_dir: Path) -> None:
    path = server(data_dir, "mcp-server-time")
    (completed,) = run_all(start("diff", "openai", "gemini-openapi", "--json", str(path)))
    assert completed.returncode == 0, completed.stderr
    differences = json.loads(completed.stdout)
    tools = server_tools(path)
    assert differences == [
        difference.to_dict() for difference in diff_tools(tools, "openai", "gemini-openapi")
    ]
    assert all(set(item) <= DIFFERENCE_KEYS for item in differences)
    assert {
        "tool": "get_current_time",
        "field": "input_schema",
        "path": "/type",
        "keyword": "type",
        "a": "object",
        "b": "OBJECT",
    } in differences
    assert {item["tool"] for item in differences} == {tool.name for tool in tools}


def test_diff_schemas_walks_schema_keywords() -> None:
    a = {
        "type": "object",
        "properties": {
            "kept": {"type": "integer", "default": 1},
            "gone": {"type": "string"},
            "either": {"anyOf": [{"type": "string"}, {"type": "null"}]},
        },
        "additionalProperties": False,
        "required": ["kept"],
    }
    b = {
        "type": "object",
        "properties": {
            "kept": {"type": "integer", "default": 1.0},
            "either": {"anyOf": [{"type": "string", "format": "date"}, {"type": "null"}]},
            "new": True,
        },
        "additionalProperties": True,
        "required": ["kept"],
    }
    before = json.dumps(a)
    assert diff_schemas(a, b) == [
        (("properties", "kept", "default"), "default", 1, 1.0),
        (("properties", "gone"), "properties", {"type": "string"}, MISSING),
        (("properties", "either", "anyOf", 0, "format"), "format", MISSING, "date"),
        (("properties", "new"), "properties", MISSING, True),
        (("additionalProperties",), "additionalProperties", False, True),
    ]
    assert json.dumps(a) == before
    assert diff_schemas({"enum": [True]}, {"enum": [1]}) == [(("enum",), "enum", [True], [1])]
    assert diff_schemas({"type": "object"}, MISSING) == [((), "", {"type": "object"}, MISSING)]
    assert diff_schemas({"b": 1, "a": 2}, {"a": 2, "b": 1}) == []


@pytest.mark.parametrize(("draft", "keyword", "shape"), PLACED)
def test_diff_schemas_reaches_under_each_keyword(draft: str, keyword: str, shape: str) -> None:
    a, path = holding(keyword, shape, {"type": "string"})
    b, _ = holding(keyword, shape, {"type": "integer"})
    assert diff_schemas(a, b) == [((*path, "type"), "type", "string", "integer")]


def test_diff_schemas_walks_every_keyword_the_table_names() -> None:
    # Tuple ``items`` (before 2020-12), ``dependencies`` and ``contentSchema`` hold
    # schemas too: a difference inside names its keyword, not the whole value.
    a = {
        "items": [{"type": "string"}, {"type": "integer"}],
        "dependencies": {"x": {"required": ["y"]}, "z": ["w"]},
        "contentSchema": {"type": "object"},
    }
    b = {
        "items": [{"type": "string"}, {"type": "number"}],
        "dependencies": {"x": {"required": ["y"], "title": "t"}, "z": ["v"]},
        "contentSchema": {"type": "array"},
    }
    assert diff_schemas(a, b) == [
        (("items", 1, "type"), "type", "integer", "number"),
        (("dependencies", "x", "title"), "title", MISSING, "t"),
        (("dependencies", "z"), "dependencies", ["w"], ["v"]),
        (("contentSchema", "type"), "type", "object", "array"),
    ]


def test_diff_tools_compares_names_and_descriptions() -> None:
    long = Tool(name="a.b", description="x" * 1100)
    differences = diff_tools([long], "openai", "mcp")
    fields = {difference.field: difference for difference in differences}
    assert (fields["name"].a, fields["name"].b) == ("a_b", "a.b")
    assert len(fields["description"].a) == 1024
    assert fields["description"].b == "x" * 1100
    assert fields["name"].to_dict()["path"] == ""
    absent = Difference(
        tool="t", field="input_schema", path=("x",), keyword="x", a=MISSING, b=None
    ).to_dict()
    assert absent == {"tool": "t", "field": "input_schema", "path": "/x", "keyword": "x", "b": None}


# -- the pages ------------------------------------------------------------------------

SESSION = re.compile(r"^```shell-session\n(.*?)^```", re.S | re.M)


def _session_steps() -> list[tuple[str, str]]:
    steps: list[tuple[str, str]] = []
    for block in SESSION.findall((ROOT / "docs" / "cli.md").read_text(encoding="utf-8")):
        for chunk in re.split(r"^(?=\$ )", block, flags=re.M):
            if chunk.strip():
                command, _, output = chunk.partition("\n")
                steps.append((command.removeprefix("$ "), output))
    return steps


def _redirections(words: Sequence[str]) -> tuple[list[str], str | None, str | None]:
    """The arguments, and the files of ``< FILE`` and ``> FILE``."""
    args: list[str] = []
    stdin = stdout = None
    pending = None
    for word in words:
        if word in ("<", ">"):
            pending = word
        elif pending == "<":
            stdin, pending = word, None
        elif pending == ">":
            stdout, pending = word, None
        else:
            args.append(word)
    return args, stdin, stdout


def test_the_documented_sessions_print_what_the_page_says(tmp_path: Path) -> None:
    steps = _session_steps()
    assert len(steps) >= 8
    status: int | None = None
    for index, (command, output) in enumerate(steps):
        words = shlex.split(command)
        if words == ["echo", "$?"]:
            assert f"{status}\n" == output, command
            continue
        if words[0] == "cat":
            assert (tmp_path / words[1]).read_text(encoding="utf-8") == output
            continue
        assert words[0] == "toolbridge", command
        args, stdin, stdout = _redirections(words[1:])
        text = None if stdin is None else (tmp_path / stdin).read_text(encoding="utf-8")
        (completed,) = run_all(start(*args, stdin=text, cwd=tmp_path))
        status = completed.returncode
        assert completed.stderr == "", command
        shown = index + 1 < len(steps) and steps[index + 1][0] == "echo $?"
        assert shown or status == 0, command
        if stdout is None:
            assert completed.stdout == output, command
        else:
            (tmp_path / stdout).write_text(completed.stdout, encoding="utf-8")
            assert output == ""


def test_the_readme_shell_lines_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The README's shell block, in process (each command's contract is tested above)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = [line for line in readme.splitlines() if line.startswith("uv run toolbridge ")]
    assert [shlex.split(line)[3] for line in lines] == ["export", "convert", "check", "diff"]
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    statuses = []
    for line in lines:
        args, _, stdout = _redirections(shlex.split(line)[3:])
        statuses.append(main(args))
        captured = capsys.readouterr()
        assert captured.err == ""
        if stdout is not None:
            (tmp_path / stdout).write_text(captured.out, encoding="utf-8")
        else:
            assert isinstance(json.loads(captured.out), list)
    assert statuses == [0, 0, 1, 0]
    assert isinstance(json.loads((tmp_path / "report.json").read_text()), list)


# -- the terminal views ---------------------------------------------------------------


def render(renderable: RenderableType) -> str:
    console = Console(file=io.StringIO(), width=160, color_system=None, force_terminal=True)
    console.print(renderable)
    output = console.file
    assert isinstance(output, io.StringIO)
    return output.getvalue()


def test_the_check_and_diff_views() -> None:
    tools: list[Any] = module_tools(weather)
    problems = check(tools, "gemini-openapi")
    text = render(_render.problems_view(problems, "gemini-openapi", len(tools)))
    assert f"✗ {len(problems)} problems for gemini-openapi in 4 tools" in text
    assert "/additionalProperties" in text
    assert "✓ openai accepts the 4 tools as they are" in render(
        _render.problems_view((), "openai", 4)
    )
    differences = diff_tools(tools, "openai", "gemini-openapi")
    text = render(_render.differences_view(differences, "openai", "gemini-openapi", 4))
    assert "in 4 of 4 tools: openai vs gemini-openapi" in text
    assert "input_schema/type" in text
    assert "(absent)" in text
    assert "openai and bedrock receive the 1 tool alike" in render(
        _render.differences_view((), "openai", "bedrock", 1)
    )


def test_convert_strict_refuses_a_type_that_names_no_json_type(tmp_path: Path) -> None:
    """``{"type": "strng"}`` was written as given under --strict; it is an input error."""
    path = tmp_path / "tools.json"
    schema = {"type": "object", "properties": {"city": {"type": "strng"}}}
    path.write_text(json.dumps([{"name": "weather", "inputSchema": schema}]))
    targets = ["openai", "openai-responses", "anthropic", "bedrock"]
    started = [
        start("convert", "--from", "mcp", "--to", target, "--strict", str(path))
        for target in targets
    ]
    for done in run_all(*started):
        assert_input_error(done, "'weather'", "unknown type 'strng'", "/properties/city/type")


UNKNOWN_TYPE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"city": {"type": "object", "properties": {"name": {"type": "strng"}}}},
}
"""A schema with ``type: "strng"`` at ``/properties/city/properties/name/type``."""


@pytest.mark.parametrize("shape", ["array", "object"])
def test_convert_refuses_a_type_that_names_no_json_type_in_every_target(
    tmp_path: Path, shape: str
) -> None:
    """Without --strict too, for every target: exit 2, the tool and path named, no output.

    An array of tools is converted tool by tool (`_convert.streamed`); the tool before
    the bad one was written already there, and still nothing reaches stdout. One
    object is converted whole.
    """
    bad = {"name": "weather", "inputSchema": UNKNOWN_TYPE_SCHEMA}
    fine = {"name": "fine", "inputSchema": {"type": "object"}}
    path = tmp_path / "tools.json"
    path.write_text(json.dumps([fine, bad] if shape == "array" else bad))
    targets = [target for target in TARGETS if target != "canonical"] + ["canonical"]
    started = [start("convert", "--from", "mcp", "--to", target, str(path)) for target in targets]
    for target, done in zip(targets, run_all(*started), strict=True):
        line = assert_input_error(
            done, "'weather'", "unknown type 'strng'", "'/properties/city/properties/name/type'"
        )
        assert "JSON Schema's types are array, boolean" in line, target


def test_the_streamed_convert_leaves_an_unknown_type_to_the_whole_file() -> None:
    """`streamed` gives up on the bad tool (None): the whole file's conversion says it."""
    fine = {"name": "fine", "inputSchema": {"type": "object"}}
    tools = [fine, {"name": "weather", "inputSchema": UNKNOWN_TYPE_SCHEMA}]
    text = json.dumps(tools)
    assert _convert.streamed(text, "mcp", "openai", None, report=False) is None
    assert _convert.streamed(json.dumps(tools[:1]), "mcp", "openai", None, report=False)


@pytest.mark.parametrize("source", ["openai", "openai-responses", "gemini"])
def test_convert_from_the_wrong_format_is_an_input_error_not_empty_schemas(
    source: str, data_dir: Path
) -> None:
    """MCP JSON read as OpenAI or Gemini used to give every tool an empty schema (exit 0)."""
    path = server(data_dir, "mcp-server-time")
    (done,) = run_all(start("convert", "--from", source, "--to", "mcp", str(path)))
    assert_input_error(done, "'get_current_time'", "inputSchema", "--from mcp", "'/0/inputSchema'")
