"""The ``toolbridge`` command: its contract (docs/cli.md), run as users run it.

The contract tests start the real command in a subprocess (``python -m toolbridge``,
and the console script for the README's first command), where stdout is a pipe and
the output therefore JSON. The terminal rendering is tested on the rendering
functions, and once through `main` with a stdout that says it is a terminal.
"""

from __future__ import annotations

import asyncio
import io
import json
import re
import shlex
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console, RenderableType

from toolbridge import LoadError, Tool
from toolbridge._loading import load_module, load_tool, module_tools, split_reference
from toolbridge.cli import _render, main
from toolbridge.examples import weather

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = "toolbridge.examples.weather"
FORECAST = f"{EXAMPLE}:get_forecast"


def run(*args: str, stdin: str | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolbridge", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        check=False,
    )


def run_json(*args: str, stdin: str | None = None, cwd: Path = ROOT, status: int = 0) -> Any:
    """Run the command, check its status, and parse stdout (the JSON document)."""
    completed = run(*args, stdin=stdin, cwd=cwd)
    assert completed.returncode == status, completed.stderr
    assert completed.stderr in ("", IMPORT_MESSAGE)
    return json.loads(completed.stdout)


def assert_usage_error(completed: subprocess.CompletedProcess[str], *fragments: str) -> None:
    """Exit status 2, nothing on stdout, one line on stderr, no traceback."""
    assert completed.returncode == 2, completed.stderr
    assert completed.stdout == ""
    assert "Traceback" not in completed.stderr
    lines = completed.stderr.splitlines()
    assert len(lines) == 1, completed.stderr
    assert lines[0].startswith("toolbridge: error: ")
    for fragment in fragments:
        assert fragment in lines[0]


IMPORT_MESSAGE = "importing the tools\n"
TOOLS_FILE = '''
from typing import Literal

from toolbridge import Tool, tool

print("importing the tools")  # must not end up in the JSON


@tool(annotations={"read_only": True})
def greet(name: str, style: Literal["plain", "loud"] = "plain") -> str:
    """Greet someone.

    Args:
        name: Who to greet.
        style: How loudly.
    """
    return f"hello {name}"


def shout(text: str, times: int = 1) -> str:
    """Shout some text."""
    return text.upper() * times


also_greet = greet
echo = Tool(name="echo", description="A definition only.")
'''


@pytest.fixture
def tools_file(tmp_path: Path) -> Path:
    path = tmp_path / "cli_tools_file.py"
    path.write_text(TOOLS_FILE)
    return path


# -- inspect --------------------------------------------------------------------------


def test_inspect_prints_the_canonical_definition() -> None:
    data = run_json("inspect", FORECAST, "--format", "canonical")
    assert data == weather.get_forecast.to_dict()
    assert Tool.from_dict(data) == weather.get_forecast


def test_canonical_is_the_default_format_and_json_the_default_when_piped() -> None:
    assert run_json("inspect", FORECAST) == run_json("inspect", FORECAST, "--json")


def test_inspect_a_tool_in_a_file(tools_file: Path) -> None:
    data = run_json("inspect", f"{tools_file}:greet")
    assert data["name"] == "greet"
    assert data["input_schema"]["required"] == ["name"]
    assert data["annotations"] == {"read_only": True}


def test_inspect_converts_a_plain_function(tools_file: Path) -> None:
    data = run_json("inspect", f"{tools_file}:shout")
    assert data["name"] == "shout"
    assert data["description"] == "Shout some text."
    assert data["input_schema"]["properties"]["times"] == {"default": 1, "type": "integer"}


def test_inspect_a_file_by_relative_path(tools_file: Path) -> None:
    data = run_json("inspect", f"{tools_file.name}:greet", cwd=tools_file.parent)
    assert data["name"] == "greet"


def test_a_file_in_a_package_keeps_its_relative_imports(tmp_path: Path) -> None:
    package = tmp_path / "cli_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "units.py").write_text("DEFAULT = 'metric'\n")
    (package / "tools.py").write_text(
        textwrap.dedent(
            """
            from toolbridge import tool

            from .units import DEFAULT


            @tool
            def measure(units: str = DEFAULT) -> None:
                \"\"\"Measure.\"\"\"
            """
        )
    )
    data = run_json("inspect", f"{package / 'tools.py'}:measure")
    assert data["input_schema"]["properties"]["units"]["default"] == "metric"
    assert data["meta"]["function"]["module"] == "cli_pkg.tools"


def test_a_module_in_the_working_directory_is_found_by_the_console_script(
    tools_file: Path,
) -> None:
    completed = subprocess.run(
        [_console_script(), "inspect", "cli_tools_file:greet"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tools_file.parent,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout)["name"] == "greet"


def test_the_readme_command_works_from_the_repository_root() -> None:
    """``toolbridge check`` with nothing else: the bundled MCP server, every target."""
    readme = (ROOT / "README.md").read_text()
    first_block = readme.split("```sh\n", 1)[1].split("```", 1)[0]
    commands = ["pip install uv && uv run toolbridge check", "uv run pytest"]
    assert first_block.splitlines() == commands
    completed = subprocess.run(
        [_console_script(), "check"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert completed.returncode == 1, completed.stderr  # it finds what providers reject
    findings = json.loads(completed.stdout)
    assert {finding["target"] for finding in findings} == {
        "openai",
        "openai-responses",
        "anthropic",
        "gemini",
        "gemini-openapi",
        "bedrock",
    }
    assert completed.stderr == ""


def _console_script() -> str:
    found = shutil.which("toolbridge", path=str(Path(sys.executable).parent))
    if found is None:
        pytest.fail("the toolbridge console script is not installed beside the interpreter")
    return found


# -- export ---------------------------------------------------------------------------


def test_export_lists_every_tool_of_the_example_in_definition_order() -> None:
    data = run_json("export", EXAMPLE, "--format", "canonical")
    assert [item["name"] for item in data] == [
        "get_forecast",
        "get_current_conditions",
        "convert_temperature",
        "subscribe_to_alerts",
    ]
    assert data[0] == weather.get_forecast.to_dict()


def test_export_a_file_lists_tools_once_and_skips_plain_functions(tools_file: Path) -> None:
    completed = run("export", str(tools_file))
    assert completed.returncode == 0, completed.stderr
    assert [item["name"] for item in json.loads(completed.stdout)] == ["greet", "echo"]
    assert completed.stderr == IMPORT_MESSAGE  # the module's print, kept off stdout


def test_export_a_module_without_tools_is_an_empty_list(tmp_path: Path) -> None:
    (tmp_path / "cli_no_tools.py").write_text("X = 1\n")
    assert run_json("export", str(tmp_path / "cli_no_tools.py")) == []


# -- validate -------------------------------------------------------------------------


def test_valid_arguments_are_printed_normalised() -> None:
    data = run_json("validate", "--tool", FORECAST, '{"city": "Lisbon", "days": 2}')
    assert data == {
        "valid": True,
        "arguments": {"city": "Lisbon", "days": 2, "units": "metric", "start": None},
    }


def test_invalid_arguments_exit_1_with_every_issue() -> None:
    data = run_json(
        "validate",
        "--tool",
        f"{EXAMPLE}:subscribe_to_alerts",
        '{"location": {"city": "", "country": "pt"}, "hours": 0, "extra": true}',
        status=1,
    )
    assert data["valid"] is False
    assert {(issue["path"], issue["kind"]) for issue in data["issues"]} == {
        ("/location/city", "constraint"),
        ("/location/country", "composition"),
        ("/hours", "constraint"),
        ("/extra", "additional_property"),
    }
    for issue in data["issues"]:
        assert list(issue) == ["path", "kind", "message", "schema_path"]
        assert issue["message"]


def test_arguments_that_are_not_an_object_are_invalid() -> None:
    data = run_json("validate", "--tool", FORECAST, "[1, 2]", status=1)
    assert [(issue["path"], issue["kind"]) for issue in data["issues"]] == [("", "type")]


def test_arguments_from_stdin() -> None:
    data = run_json("validate", "--tool", FORECAST, "-", stdin='{"city": "Osaka"}')
    assert data["arguments"]["city"] == "Osaka"


def test_arguments_from_a_file(tmp_path: Path) -> None:
    (tmp_path / "arguments.json").write_text('{"city": "Zürich", "units": "imperial"}')
    data = run_json("validate", "--tool", FORECAST, f"@{tmp_path / 'arguments.json'}")
    assert data["arguments"]["city"] == "Zürich"
    assert data["arguments"]["units"] == "imperial"


def test_validate_converts_a_plain_function(tools_file: Path) -> None:
    data = run_json("validate", "--tool", f"{tools_file}:shout", '{"text": "hi"}')
    assert data["arguments"] == {"text": "hi", "times": 1}


# -- errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (
            ["inspect", "toolbridge.no_such_module:f"],
            ["no module named 'toolbridge.no_such_module'"],
        ),
        (["inspect", f"{EXAMPLE}:nope"], ["has no attribute 'nope'", "get_forecast"]),
        (["inspect", f"{EXAMPLE}:Location"], ["is the class Location, not a Tool"]),
        (["inspect", f"{EXAMPLE}:__doc__"], ["is a str, not a Tool or a function"]),
        (["inspect", EXAMPLE], ["is not a MODULE:NAME reference"]),
        (["inspect", "missing_file.py:f"], ["no such file: 'missing_file.py'"]),
        (["export", f"{EXAMPLE}:get_forecast"], ["a module is expected"]),
        (["inspect", FORECAST, "--format", "yaml"], ["unknown format 'yaml'", "canonical"]),
        (
            ["export", EXAMPLE, "--format", "openapi"],
            ["unknown format 'openapi'", "accepted: canonical, mcp, openai,"],
        ),
        (["validate", "--tool", FORECAST, '{"city": Lisbon}'], ["not valid JSON"]),
        (["validate", "--tool", FORECAST, '{"days": NaN}'], ["NaN is not JSON"]),
        (["validate", "--tool", FORECAST, "@no/such/file.json"], ["cannot read"]),
        (["validate", '{"city": "Lisbon"}'], ["Missing option '--tool'"]),
        (["inspect", FORECAST, "--jsn"], ["No such option: --jsn"]),
        (["frobnicate"], ["No such command 'frobnicate'"]),
        ([], ["missing command"]),
    ],
)
def test_usage_and_load_errors(args: list[str], fragments: list[str]) -> None:
    assert_usage_error(run(*args), *fragments)


@pytest.mark.parametrize(
    ("source", "fragments"),
    [
        (
            "import cli_not_installed_dependency\n",
            ["No module named 'cli_not_installed_dependency'"],
        ),
        ("x = 1\nraise KeyError('API_URL')\n", ["KeyError: 'API_URL'", "line 2"]),
        ("def broken(:\n", ["SyntaxError"]),
        ("import sys\nsys.exit(3)\n", ["called sys.exit(3)"]),
        (
            "from toolbridge import tool\n\n@tool\ndef f(*args: int) -> None: ...\n",
            ["UnsupportedAnnotationError", "line 3"],
        ),
    ],
    ids=["missing-dependency", "raises", "syntax-error", "exits", "bad-tool"],
)
def test_a_module_failing_at_import_is_one_line(
    tmp_path: Path, source: str, fragments: list[str]
) -> None:
    path = tmp_path / "cli_failing.py"
    path.write_text(source)
    assert_usage_error(run("inspect", f"{path}:f"), "importing", *fragments)


def test_a_function_that_cannot_become_a_tool(tmp_path: Path) -> None:
    path = tmp_path / "cli_untooled.py"
    path.write_text("def f(*args: int) -> None:\n    pass\n")
    assert_usage_error(run("inspect", f"{path}:f"), "cannot become a tool", "'args'")


def test_a_file_without_a_module_name_is_refused(tmp_path: Path) -> None:
    (tmp_path / "my-tools.py").write_text("")
    assert_usage_error(run("export", str(tmp_path / "my-tools.py")), "not a valid module name")


def test_a_file_shadowed_by_an_imported_module_is_refused(tmp_path: Path) -> None:
    (tmp_path / "json.py").write_text("")
    assert_usage_error(run("export", str(tmp_path / "json.py")), "shadowed", "rename the file")


def test_version() -> None:
    completed = run("--version")
    assert completed.returncode == 0
    assert completed.stdout == "toolbridge 0.1.0\n"


def test_help_exits_0() -> None:
    completed = run("validate", "--help")
    assert completed.returncode == 0
    assert "ARGUMENTS_JSON" in completed.stdout


COMMANDS = [
    [],
    ["inspect"],
    ["export"],
    ["validate"],
    ["convert"],
    ["check"],
    ["diff"],
    ["search"],
    ["mcp"],
    ["mcp", "list"],
    ["mcp", "call"],
    ["serve"],
    ["init"],
    ["plugins"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: " ".join(command) or "root")
def test_help_shows_flags_as_taking_no_value(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setenv("COLUMNS", "200")
    assert main([*command, "--help"]) == 0
    out = capsys.readouterr().out
    assert "--help" in out
    assert "<bool>" not in out  # typer's type column: "--json <bool>" read as taking a value
    flags = re.findall(r"(--[a-z-]+)( +-[a-z])? +(\S+)", out)
    for flag, _, after in flags:
        if flag in ("--json", "--strict", "--help", "--version"):
            assert not after.startswith("<"), (flag, after)


def test_help_text_is_wrapped_by_paragraph_and_keeps_its_brackets(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # typer keeps a docstring's line breaks, so at 80 columns a wrapped line left one
    # word alone ("server" under "... a live MCP"), and Rich read "[tools]" as markup
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["scan", "--help"]) == 0
    scan_help = capsys.readouterr().out
    assert '{"server": [tools], ...}' in scan_help
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["serve", "--help"]) == 0
    assert "answers any request [default: stateful" in capsys.readouterr().out
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["check", "--help"]) == 0
    lines = [line.strip() for line in capsys.readouterr().out.splitlines()]
    start = next(i for i, line in enumerate(lines) if line.startswith("The tools come from"))
    end = next(i for i, line in enumerate(lines) if line.startswith("╭"))
    paragraph = [line for line in lines[start:end] if line]
    assert all(len(line.split()) > 1 for line in paragraph), paragraph


def test_the_missing_extra_is_named_and_exits_2() -> None:
    code = (
        "import sys\n"
        "sys.modules['typer'] = None  # as if the extra were not installed\n"
        "from toolbridge.cli import main\n"
        "sys.exit(main(['--version']))\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert completed.returncode == 2
    assert completed.stderr == (
        "the toolbridge command needs its extra: pip install 'toolbridge[cli]'\n"
    )


def test_importing_toolbridge_and_its_cli_loads_neither_typer_nor_rich() -> None:
    code = (
        "import sys, toolbridge, toolbridge.cli\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'rich', 'click'))\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-I", "-c", code], check=True, timeout=120)


# -- the pages' examples --------------------------------------------------------------


CONSOLE_BLOCK = re.compile(r"^```console\n(.*?)^```", re.S | re.M)


def _documented_runs() -> list[tuple[str, str]]:
    runs: list[tuple[str, str]] = []
    for block in CONSOLE_BLOCK.findall((ROOT / "docs" / "cli.md").read_text()):
        for chunk in re.split(r"^(?=\$ )", block, flags=re.M):
            if chunk.strip():
                command, _, output = chunk.partition("\n")
                runs.append((command.removeprefix("$ "), output))
    return runs


@pytest.mark.parametrize(
    ("command", "output"),
    _documented_runs(),
    ids=[command.removeprefix("toolbridge ")[:70] for command, _ in _documented_runs()],
)
def test_the_documented_examples_print_what_the_page_says(command: str, output: str) -> None:
    program, *args = shlex.split(command)
    assert program == "toolbridge"
    completed = run(*args)
    if output.startswith("toolbridge: error: "):
        assert_usage_error(completed)
        assert completed.stderr == output
        return
    expected = json.loads(output)
    invalid = isinstance(expected, dict) and expected.get("valid") is False
    assert completed.returncode == (1 if invalid else 0), completed.stderr
    assert json.loads(completed.stdout) == expected


def test_the_page_has_documented_examples() -> None:
    assert len(_documented_runs()) >= 5


# -- the terminal rendering -----------------------------------------------------------


def render(renderable: RenderableType) -> str:
    console = Console(file=io.StringIO(), width=120, color_system=None, force_terminal=True)
    console.print(renderable)
    output = console.file
    assert isinstance(output, io.StringIO)
    return output.getvalue()


def test_the_tool_view_shows_summary_parameters_and_definition() -> None:
    text = render(
        _render.tool_view(weather.get_forecast, weather.get_forecast.to_dict(), "canonical")
    )
    for fragment in (
        "get_forecast - Weather forecast",
        "Get the daily weather forecast for a city.",
        "hints: read-only, idempotent, open world",
        "returns: Forecast (object)",
        "tags: weather",
        "integer (>= 1, <= 7)",
        '"metric" | "imperial"',
        "string (date) | null",
        "--format canonical",
        '"name": "get_forecast"',
    ):
        assert fragment in text, fragment


def test_the_tool_view_of_a_wrapped_return_and_references() -> None:
    tool = weather.convert_temperature
    text = render(_render.tool_view(tool, tool.to_dict(), "canonical"))
    assert "returns: number (as 'result')" in text
    assert "TemperatureUnit" in text
    assert "closed world" in text


def test_the_tool_view_of_a_bare_definition() -> None:
    bare = Tool(
        name="bare",
        description="Takes list[str] and [bold]markup[/bold], shown as written.",
        input_schema={
            "type": "object",
            "properties": {
                "tags": {
                    "type": "array",
                    "items": {"const": "x"},
                    "maxItems": 3,
                    "description": "Not [red]red[/red].",
                }
            },
        },
        namespace="demo",
        version="2",
        category="misc",
    )
    text = render(_render.tool_view(bare, bare.to_dict(), "canonical"))
    assert 'array of "x" (items <= 3)' in text
    assert "returns: unstructured content" in text
    assert "hints: writes, destructive, open world" in text
    assert "namespace: demo" in text
    assert "Takes list[str] and [bold]markup[/bold], shown as written." in text
    assert "Not [red]red[/red]." in text


def test_the_tools_view_lists_the_tools() -> None:
    text = render(_render.tools_view(module_tools(weather), EXAMPLE))
    assert f"4 tools in {EXAMPLE}" in text
    assert "subscribe_to_alerts" in text
    assert "non-destructive" in text
    assert render(_render.tools_view([], "empty")).strip() == "no tools in empty"


def test_the_validation_views() -> None:
    tool = weather.get_forecast
    valid = render(_render.validation_view(tool, tool.validate({"city": "Oslo"})))
    assert "✓ valid arguments for get_forecast" in valid
    assert '"units": "metric"' in valid
    invalid = render(_render.validation_view(tool, tool.validate({"days": 0})))
    assert "✗ 2 issues in the arguments for get_forecast" in invalid
    assert "required property is missing" in invalid
    assert "must be >= 1" in invalid


def test_schema_types() -> None:
    assert _render.schema_type({"type": ["string", "null"]}) == "string | null"
    assert _render.schema_type({"oneOf": [{"type": "integer"}, {"$ref": "#/$defs/A"}]}) == (
        "integer | A"
    )
    assert _render.schema_type({}) == "any"
    assert _render.schema_type(True) == "any"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("args", "status", "fragment"),
    [
        (["inspect", FORECAST], 0, "Parameters"),
        (["export", EXAMPLE], 0, "4 tools in"),
        (["validate", "--tool", FORECAST, '{"city": "Oslo"}'], 0, "✓ valid arguments"),
        (["validate", "--tool", FORECAST, "{}"], 1, "✗ 1 issue in"),
        (["inspect", FORECAST, "--json"], 0, '"name": "get_forecast"'),
    ],
)
def test_main_draws_tables_at_a_terminal(
    monkeypatch: pytest.MonkeyPatch, args: Sequence[str], status: int, fragment: str
) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))  # main puts the working directory on it
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    monkeypatch.setenv("COLUMNS", "120")
    assert main(list(args)) == status
    assert fragment in terminal.getvalue()


def test_main_reports_errors_in_process(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))
    assert main(["inspect", f"{EXAMPLE}:nope"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("toolbridge: error: 'toolbridge.examples.weather' has no")


def test_an_internal_error_prints_its_traceback_and_exits_3(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from toolbridge.cli import _formats

    def broken(tool: Tool) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setitem(_formats.FORMATS, "canonical", broken)
    assert main(["inspect", FORECAST]) == 3
    captured = capsys.readouterr()
    assert "Traceback" in captured.err
    assert captured.err.endswith(
        "toolbridge: error: internal error (RuntimeError); please report it\n"
    )


# -- loading --------------------------------------------------------------------------


def test_split_reference_keeps_a_drive_letter_with_the_module() -> None:
    assert split_reference(r"C:\tools\weather.py:get_forecast") == (
        r"C:\tools\weather.py",
        "get_forecast",
    )
    assert split_reference("pkg.mod:toolset.search") == ("pkg.mod", "toolset.search")


@pytest.mark.parametrize("reference", ["pkg.mod", "pkg.mod:", ":f", "pkg.mod:1f", "a:b-c"])
def test_split_reference_refuses_what_is_not_module_colon_name(reference: str) -> None:
    with pytest.raises(LoadError, match="is not a MODULE:NAME reference"):
        split_reference(reference)


def test_load_tool_returns_the_tool_itself() -> None:
    assert load_tool(FORECAST) is weather.get_forecast
    assert load_module(EXAMPLE) is weather


def test_load_tool_walks_dotted_names() -> None:
    loaded = load_tool(f"{EXAMPLE}:get_forecast.invoker.function")  # the plain function
    assert loaded.name == "get_forecast"
    assert loaded.input_schema == weather.get_forecast.input_schema
    assert loaded.title is None  # the decorator's options stay with the decorated tool


def test_load_errors_are_toolbridge_errors_and_import_errors() -> None:
    with pytest.raises(LoadError) as raised:
        load_tool("toolbridge.no_such_module:f")
    assert isinstance(raised.value, ImportError)


# -- the example tools ----------------------------------------------------------------


def test_every_example_tool_is_exported_and_documented() -> None:
    tools = module_tools(weather)
    assert {t.name for t in tools} == {
        name for name in weather.__all__ if isinstance(getattr(weather, name), Tool)
    }
    for example in tools:
        assert example.description
        assert example.title
        assert "weather" in example.tags
        for name, schema in example.input_schema["properties"].items():
            assert schema.get("description"), f"{example.name}.{name}"


def test_get_forecast_is_deterministic_and_converts_units() -> None:
    arguments = {"city": "Lisbon", "days": 2, "start": "2026-01-30"}
    metric = weather.get_forecast.invoke(arguments).structured_content
    assert metric is not None
    assert metric == weather.get_forecast.invoke(arguments).structured_content
    assert [day["day"] for day in metric["days"]] == ["2026-01-30", "2026-01-31"]
    assert metric["units"] == "metric"
    imperial = weather.get_forecast.invoke({**arguments, "units": "imperial"}).structured_content
    assert imperial is not None
    for celsius, fahrenheit in zip(metric["days"], imperial["days"], strict=True):
        assert fahrenheit["high"] == pytest.approx(celsius["high"] * 9 / 5 + 32, abs=0.1)
        assert celsius["low"] < celsius["high"]
        assert 0 <= celsius["precipitation_chance"] <= 100


def test_get_forecast_starts_on_a_fixed_day_and_checks_its_bounds() -> None:
    result = weather.get_forecast.invoke({"city": "Osaka"}).structured_content
    assert result is not None
    assert result["days"][0]["day"] == date(2025, 6, 1).isoformat()
    assert len(result["days"]) == 3
    assert not weather.get_forecast.validate({"city": "Osaka", "days": 8}).ok


def test_get_current_conditions_is_async_and_takes_a_model() -> None:
    assert weather.get_current_conditions.invoker is not None
    arguments = {"location": {"city": "Lisbon", "country": "PT"}}
    result = weather.get_current_conditions.invoke(arguments).structured_content
    assert result is not None
    assert result["location"] == {"city": "Lisbon", "country": "PT"}
    assert 0 <= result["humidity"] <= 100
    again = asyncio.run(weather.get_current_conditions.ainvoke(arguments))
    assert again.structured_content == result
    assert not weather.get_current_conditions.validate({"location": {"country": "pt"}}).ok


@pytest.mark.parametrize(
    ("value", "from_unit", "to_unit", "expected"),
    [
        (100, "celsius", "fahrenheit", 212.0),
        (32, "fahrenheit", "celsius", 0.0),
        (0, "celsius", "kelvin", 273.15),
        (300, "kelvin", "fahrenheit", 80.33),
        (21.5, "celsius", "celsius", 21.5),
    ],
)
def test_convert_temperature(value: float, from_unit: str, to_unit: str, expected: float) -> None:
    result = weather.convert_temperature.invoke(
        {"value": value, "from_unit": from_unit, "to_unit": to_unit}
    )
    assert result.structured_content == {"result": expected}


def test_convert_temperature_refuses_unknown_scales() -> None:
    checked = weather.convert_temperature.validate(
        {"value": 1, "from_unit": "rankine", "to_unit": "celsius"}
    )
    assert [(issue.path, issue.kind) for issue in checked.issues] == [(("from_unit",), "enum")]


def test_subscribe_to_alerts_is_idempotent() -> None:
    arguments = {"location": {"city": "Oslo"}, "min_severity": "severe"}
    first = weather.subscribe_to_alerts.invoke(arguments).structured_content
    assert first is not None
    assert first == weather.subscribe_to_alerts.invoke(arguments).structured_content
    assert first["subscription_id"].startswith("sub_")
    assert first["hours"] == 24
    annotations = weather.subscribe_to_alerts.annotations
    assert not annotations.is_read_only
    assert not annotations.is_destructive
    assert annotations.is_idempotent


@pytest.mark.parametrize(
    ("flag", "value", "accepted"),
    [("--from", "nope", "canonical, mcp, openai"), ("--mode", "nope", "bm25, dense, hybrid")],
)
def test_search_names_what_its_options_accept(flag: str, value: str, accepted: str) -> None:
    completed = run("search", "find a file", "-", flag, value, stdin="[]")
    assert_usage_error(completed, f"Invalid value for '{flag}'", repr(value), accepted)


@pytest.mark.parametrize("query", ["", "  \t"])
def test_search_of_an_empty_query_is_a_usage_error(query: str) -> None:
    completed = run("search", query, "-", stdin="[]")
    assert_usage_error(completed, "QUERY", "is empty")


@pytest.mark.parametrize("existing", [False, True])
def test_convert_report_naming_a_folder_is_a_usage_error(tmp_path: Path, existing: bool) -> None:
    """`--report out/` refuses before converting; it used to write a file named `out`."""
    folder = tmp_path / "out"
    if existing:
        folder.mkdir()
    tools = '[{"name": "a", "description": "x", "inputSchema": {"type": "object"}}]'
    completed = run(
        "convert", "--from", "mcp", "--to", "openai", "--report", f"{folder}/", stdin=tools
    )
    assert_usage_error(completed, "'--report'", "is a folder", "report.json")
    assert folder.is_dir() is existing
    written = run(
        "convert",
        "--from",
        "mcp",
        "--to",
        "openai",
        "--report",
        str(folder / "r.json"),
        stdin=tools,
    )
    assert written.returncode == (0 if existing else 2), written.stderr
    if existing:
        assert isinstance(json.loads((folder / "r.json").read_text()), list)


def test_convert_and_check_of_a_file_with_a_lone_surrogate_write_it_escaped(
    tmp_path: Path,
) -> None:
    """A lone surrogate cannot be written as UTF-8: the tool-by-tool writing gives up
    before writing anything, and the whole file's writing escapes it (no traceback)."""
    source = tmp_path / "tools.json"
    source.write_text(
        '[{"name": "a", "description": "x\\ud800y", "inputSchema": {"type": "object",'
        ' "properties": {"\\ud800": {"type": "string", "minLength": 5, "maxLength": 1}}}}]'
    )
    converted = run("convert", "--from", "mcp", "--to", "openai", str(source))
    assert converted.returncode == 0, converted.stderr
    assert "\\ud800" in converted.stdout
    assert json.loads(converted.stdout)[0]["function"]["description"] == "x\ud800y"
    checked = run("check", "--target", "anthropic", "--json", str(source))
    assert checked.returncode == 1, checked.stderr
    paths = [problem["path"] for problem in json.loads(checked.stdout)]
    assert "/properties/\ud800/minLength" in paths
