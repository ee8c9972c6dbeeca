"""The commands, their arguments and options (typer); `toolbridge.cli.main` runs them."""

from __future__ import annotations

import contextlib
import inspect
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar, cast

import typer

from toolbridge import __version__, formats
from toolbridge._limits import MAX_CHECKED_TOOLS
from toolbridge._loading import load_module, load_tool, module_tools
from toolbridge._tool import Tool
from toolbridge.cli import _arguments, _check, _convert, _diff, _input, _live, _output
from toolbridge.cli._formats import DEFAULT_FORMAT, FORMATS, check_format, to_format
from toolbridge.cli._init import init_command
from toolbridge.cli._login import login_command, logout_command
from toolbridge.cli._mcp import (
    ConfigOption,
    HeaderOption,
    StartupTimeoutOption,
    UrlOption,
    mcp_app,
    serve_command,
)
from toolbridge.cli._options import SourceOption, one_of
from toolbridge.cli._scan import scan_command
from toolbridge.cli._search import search_command
from toolbridge.errors import ConversionError
from toolbridge.formats import STRICT_TARGETS, TARGETS, Source, Target

T = TypeVar("T")


def _format_option(value: str) -> str:
    try:
        return check_format(value)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None


def _version_option(value: bool) -> None:
    if value:
        typer.echo(f"toolbridge {__version__}")
        raise typer.Exit()


FormatOption = Annotated[
    str,
    typer.Option(
        "--format",
        metavar="FORMAT",
        callback=_format_option,
        help=f"The format to write the tool in: {', '.join(FORMATS)}.",
    ),
]
JsonOption = Annotated[
    bool,
    typer.Option("--json", help="Write JSON even to a terminal (it is the default when piped)."),
]
_TARGET_NAMES = ", ".join(TARGETS)
StrictOption = Annotated[
    bool,
    typer.Option(
        "--strict",
        help="Ask for strict mode (openai, openai-responses, anthropic, bedrock).",
    ),
]
InputArgument = Annotated[
    str | None,
    typer.Argument(
        metavar="INPUT",
        help="A JSON file of tools (one, a list, or an envelope); '-' or none reads stdin.",
        show_default=False,
    ),
]
Reference = Annotated[
    str,
    typer.Argument(
        metavar="MODULE:FUNCTION",
        help="A dotted module or a .py file, a colon, and a @tool or a plain function in it.",
        show_default=False,
    ),
]

HELP_OPTIONS = ["-h", "--help"]

app = typer.Typer(
    name="toolbridge",
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": HELP_OPTIONS},
)


def command() -> Any:
    """The click command `main` runs: `app`, flags shown as taking no value, help as written.

    typer writes ``<bool>`` after every flag in ``--help`` (``--json <bool>``), as if it
    took a value; an empty metavar shows nothing there. It also keeps a docstring's line
    breaks (a line wrapped again at 80 columns leaves a word alone on the next) and reads
    brackets as Rich markup (``{"server": [tools]}`` lost ``[tools]``): each paragraph is
    joined into one line for Rich to wrap, and brackets are escaped.
    """
    from rich.markup import escape

    root = typer.main.get_command(app)
    todo = [root]
    while todo:
        found = todo.pop()
        if found.help:
            found.help = escape(_reflowed(found.help))
        help_option = found.get_help_option(typer.Context(found, help_option_names=HELP_OPTIONS))
        for param in [*found.params, *([help_option] if help_option else [])]:
            if getattr(param, "is_flag", False) and param.metavar is None:
                param.metavar = ""
            option: Any = param  # (an option's help; an argument has none)
            if isinstance(getattr(option, "help", None), str) and "[" in option.help:
                option.help = escape(option.help)
        todo.extend(getattr(found, "commands", {}).values())
    return root


def _reflowed(text: str) -> str:
    """`text` with each paragraph on one line (a paragraph of a list kept as it is)."""
    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(
        paragraph
        if any(line.lstrip().startswith(("- ", "* ", "\b")) for line in paragraph.splitlines())
        else " ".join(line.strip() for line in paragraph.splitlines())
        for paragraph in paragraphs
    )


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option(
            "--version", is_eager=True, callback=_version_option, help="Show the version."
        ),
    ] = False,
) -> None:
    """Inspect, export, validate, convert, check and diff tool definitions; talk to MCP.

    Output is a table for a person at a terminal and JSON when piped (or with --json).
    Exit status: 0 done, 1 invalid arguments (validate), problems (check) or an error
    result (mcp call), 2 usage, load, input or server error.
    """
    if ctx.invoked_subcommand is None:
        ctx.fail(
            "missing command: inspect, export, validate, convert, check, diff, scan, search, "
            "mcp, serve, init or plugins"
        )


def _quietly(load: Callable[[str], T], reference: str) -> T:
    """Import the user's module with its prints sent to stderr, to keep stdout JSON."""
    with contextlib.redirect_stdout(sys.stderr):
        return load(reference)


@app.command("inspect")
def inspect_command(
    reference: Reference,
    format_name: FormatOption = DEFAULT_FORMAT,
    json_output: JsonOption = False,
) -> None:
    """Show one tool, in the chosen format."""
    tool = _quietly(load_tool, reference)
    formatted = to_format(tool, format_name)
    if _output.wants_json(json_output):
        _output.write_json(formatted)
    else:
        from toolbridge.cli import _render

        _print(_render.tool_view(tool, formatted, format_name))


@app.command("export")
def export_command(
    module: Annotated[
        str,
        typer.Argument(
            metavar="MODULE",
            help="A dotted module or a .py file; its module-level tools are exported.",
            show_default=False,
        ),
    ],
    format_name: FormatOption = DEFAULT_FORMAT,
    json_output: JsonOption = False,
) -> None:
    """Write every tool a module defines, in definition order, as a JSON list."""
    loaded = _quietly(load_module, module)
    tools: list[Tool] = module_tools(loaded)
    if _output.wants_json(json_output):
        _output.write_json(to_format(tools, format_name))
    else:
        from toolbridge.cli import _render

        _print(_render.tools_view(tools, loaded.__name__))


@app.command("validate")
def validate_command(
    arguments: Annotated[
        str,
        typer.Argument(
            metavar="ARGUMENTS_JSON",
            help="The arguments: JSON text, '-' to read stdin, or '@path' to read a file.",
            show_default=False,
        ),
    ],
    reference: Annotated[
        str,
        typer.Option(
            "--tool",
            metavar="MODULE:FUNCTION",
            help="The tool whose input schema the arguments must match.",
            show_default=False,
        ),
    ],
    json_output: JsonOption = False,
) -> None:
    """Check arguments against a tool's input schema; exit 1 when they do not match."""
    tool = _quietly(load_tool, reference)
    try:
        value = _arguments.load(arguments)
    except _arguments.ArgumentsError as error:
        raise typer.BadParameter(str(error), param_hint="ARGUMENTS_JSON") from None
    result = tool.validate(value)
    if _output.wants_json(json_output):
        _output.write_json(_output.validation_to_json(result))
    else:
        from toolbridge.cli import _render

        _print(_render.validation_view(tool, result))
    if not result.ok:
        raise typer.Exit(1)


@app.command("convert")
def convert_command(
    source: SourceOption,
    target: Annotated[
        str,
        typer.Option(
            "--to",
            metavar="TARGET",
            callback=one_of(TARGETS, "target format"),
            help=f"The format to write: {_TARGET_NAMES}.",
            show_default=False,
        ),
    ],
    input_path: InputArgument = None,
    strict: StrictOption = False,
    report_name: Annotated[
        str | None,
        typer.Option(
            "--report",
            metavar="REPORT.json",
            help="Also write the loss report there: a JSON list of every change made.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Convert tools from one format to another; stdout is always a JSON list of tools."""
    report = _report_path(report_name)
    text = _input.read_text(input_path)
    done = _convert.streamed(
        text,
        cast(Source, source),
        cast(Target, target),
        True if strict else None,
        report=report is not None,
    )
    if done is not None:  # an array of tools, each written alone: what follows, in less memory
        if report is not None and done.report is not None:
            _write_report(report, [entry.to_dict() for entry in done.report])
        count = done.written.count
        _output.write_spools([done.written])
        if sys.stderr.isatty():
            line = _output.summary_line(count, source, target, done.actions, report)
            sys.stderr.write(line + "\n")
        return
    tools = _input.tools_in(_input.parse_json(text, input_path), cast(Source, source))
    del text
    conversion = formats.convert(tools, cast(Target, target), strict=True if strict else None)
    if report is not None:
        _write_report(report, [entry.to_dict() for entry in conversion.report])
    if isinstance(conversion.output, list):  # written tool by tool: never held whole as text
        _output.write_json_list(conversion.output)
    else:
        _output.write_json(conversion.output)
    if sys.stderr.isatty():
        sys.stderr.write(_output.report_summary(conversion, source, report) + "\n")


def _report_path(name: str | None) -> Path | None:
    """The --report file, refused before converting when it names a folder.

    ``Path("out/")`` drops the slash, so without this check ``--report out/`` would write
    a file called ``out`` rather than fail.
    """
    if name is None:
        return None
    path = Path(name).expanduser()
    if name.endswith(("/", os.sep)) or path.is_dir():
        raise typer.BadParameter(
            f"{name!r} is a folder; give the report's file name, such as "
            f"{str(path / 'report.json')!r}",
            param_hint="'--report'",
        )
    return path


def _write_report(path: Path, entries: list[dict[str, object]]) -> None:
    text = json.dumps(entries, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    try:
        path.expanduser().write_text(text, encoding="utf-8")
    except OSError as error:
        reason = error.strerror or str(error)
        raise typer.BadParameter(
            f"cannot write {str(path)!r}: {reason}", param_hint="'--report'"
        ) from None


@app.command("check")
def check_command(
    target: Annotated[
        str | None,
        typer.Option(
            "--target",
            metavar="TARGET",
            help=f"The format the tools would be sent in: {_TARGET_NAMES}; every one if omitted.",
            show_default=False,
        ),
    ] = None,
    input_path: InputArgument = None,
    source: SourceOption = "mcp",
    strict: StrictOption = False,
    json_output: JsonOption = False,
    url: UrlOption = None,
    header: HeaderOption = None,
    config: ConfigOption = None,
    startup_timeout: StartupTimeoutOption = None,
) -> None:
    """List what a target would reject in the tools sent as they are; exit 1 if anything.

    The tools come from INPUT (a JSON file, or '-' for stdin), or from a live MCP server
    (-- COMMAND ARGS..., --url URL, --config FILE). With neither, --target reads stdin;
    without --target every target is checked, and with no input at all the small MCP
    server bundled with toolbridge is started and checked.
    """
    if target is not None:
        one_of(TARGETS, "target format")(target)
    text = None
    if _output.wants_json(json_output):
        text = _streamed_check(input_path, source, target, strict, url, header, config)
    tools, origin, unchecked, started = _check_input(
        input_path,
        source,
        url,
        header,
        config,
        bundled=target is None,
        startup=startup_timeout,
        text=text,
    )
    if target is not None:
        problems = formats.check(tools, cast(Target, target), strict=strict)
        if _output.wants_json(json_output):
            _output.write_json_list(problem.to_dict() for problem in problems)
        else:
            from toolbridge.cli import _render

            _print(_render.problems_view(problems, target, len(tools)))
            _print_security(tools)
        _check_started(config, started, unchecked)
        if problems:
            raise typer.Exit(1)
        return
    _refuse_too_many(len(tools), origin)
    found = _check_every_target(tools, strict)
    if _output.wants_json(json_output):
        _output.write_json_list(
            {"target": checked.target, **problem.to_dict()}
            for checked in found
            for problem in checked.problems
        )
    else:
        from toolbridge.cli import _render

        _print(_render.targets_view(found, len(tools), origin))
        _print_security(tools)
    _check_started(config, started, unchecked)
    if any(checked.problems for checked in found):
        raise typer.Exit(1)


def _check_started(config: str | None, started: bool, unchecked: list[str]) -> None:
    """End `check` with status 2, after its output, when a live server went unread.

    A server that could not be started or listed, or a ``--config`` file that enables
    no server at all: either way tools went unchecked, and a CI gate must not pass.
    """
    if unchecked:
        _live.incomplete(unchecked, done="checked", noun="check")
    if config is not None and not started:
        _live.enables_nothing(config, done="checked")


def _streamed_check(
    input_path: str | None,
    source: str,
    target: str | None,
    strict: bool,
    url: str | None,
    header: list[str] | None,
    config: str | None,
) -> str | None:
    """``check --json`` of a JSON array in INPUT, tool by tool (`toolbridge.cli._check`).

    Done, it raises `typer.Exit` (0, or 1 when a problem is found). Otherwise it has
    written nothing and returns INPUT's text if it read it (stdin cannot be read
    twice), None if not: when the tools come from a server or the bundled one, or
    the file is not one `_check.streamed` answers for, the whole file is read and
    checked as before.
    """
    try:
        live = _live.server_config(url=url, headers=header or (), config=config, required=False)
    except ValueError:
        return None  # (`_check_input` says what is wrong)
    if live is not None or (input_path is None and target is None):
        return None
    text = _input.read_text(input_path)
    if target is not None:
        targets = [(cast(Target, target), strict)]
    else:
        targets = [
            (cast(Target, name), strict and name in STRICT_TARGETS)
            for name in TARGETS
            if name != "canonical"
        ]
    if target is None:  # every target: refused before any tool is read, when too many
        count = _check.counted(text)
        if count is None:
            return text  # (not one JSON array: the whole file's reading says what it is)
        _refuse_too_many(count, "stdin" if input_path in (None, "-") else input_path)
    found = _check.streamed(text, cast(Source, source), targets, named=target is None)
    if found is None:
        return text
    problems = any(spool.count for spool in found)
    _output.write_spools(found)
    raise typer.Exit(1 if problems else 0)


def _refuse_too_many(count: int, origin: str) -> None:
    """Refuse more than `MAX_CHECKED_TOOLS` tools for a check against every target.

    Raises:
        InputError: There are more (a usage error, exit status 2).
    """
    if count > MAX_CHECKED_TOOLS:
        raise _input.InputError(
            f"{origin} has {count:,} tools: check takes at most {MAX_CHECKED_TOOLS:,} "
            "against every target in one run; give --target, or split them"
        )


def _print_security(tools: list[Tool]) -> None:
    """At a terminal, ``check`` ends with a line on the tools' security findings, if any."""
    from toolbridge.cli._scan import security_summary

    summary = security_summary(tools)
    if summary is not None:
        _print(summary)


def _check_input(
    input_path: str | None,
    source: str,
    url: str | None,
    header: list[str] | None,
    config: str | None,
    *,
    bundled: bool,
    startup: float | None = None,
    text: str | None = None,
) -> tuple[list[Tool], str, list[str], bool]:
    """The tools to check, where from (for a person's eyes), what not, whether any started.

    The third is the servers of a live configuration that could not be started or
    listed. `text`: INPUT's, when it was read already.
    """
    try:
        live = _live.server_config(url=url, headers=header or (), config=config, required=False)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    if live is not None and input_path is not None:
        raise typer.BadParameter("give INPUT or a server, not both")
    origin = _live.label(url=url, config=config)
    if live is None and input_path is None and bundled:
        from toolbridge.mcp import StdioServer

        if _output.stdin_has_data():
            _output.write_note(
                "no INPUT or server given, so the bundled example server is checked; "
                "'-' reads stdin"
            )
        live = {"weather": StdioServer(command=_live.BUNDLED[0], args=_live.BUNDLED[1:])}
        origin = "the bundled example server"
    if live is None:
        name = "stdin" if input_path in (None, "-") else input_path
        read = _input.read_text(input_path) if text is None else text
        data = _input.parse_json(read, input_path)
        if bundled:  # every target: refused before the tools are read, when too many
            _refuse_too_many(_input.tool_count(data), str(name))
        return _input.tools_in(data, cast(Source, source)), str(name), [], True
    with _live.client_for(live, startup_timeout=startup) as client:
        if client.failures and len(client.failures) == len(client.servers):
            raise typer.Exit(2)
        return client.tools, origin, list(client.failures), bool(client.servers)


def _check_every_target(tools: list[Tool], strict: bool) -> list[_output.TargetCheck]:
    """Every target's problems (`canonical` is no provider's), strict where it can be."""
    found: list[_output.TargetCheck] = []
    for name in TARGETS:
        if name == "canonical":
            continue
        try:
            problems = formats.check(tools, cast(Target, name), strict=strict)
            found.append(_output.TargetCheck(name, strict, problems))
        except ConversionError:  # no strict mode in this format: checked as it is
            problems = formats.check(tools, cast(Target, name), strict=False)
            found.append(_output.TargetCheck(name, False, problems))
    return found


@app.command("diff")
def diff_command(
    target_a: Annotated[
        str,
        typer.Argument(
            metavar="TARGET_A",
            callback=one_of(TARGETS, "target format"),
            help=f"The first target: {_TARGET_NAMES}.",
            show_default=False,
        ),
    ],
    target_b: Annotated[
        str,
        typer.Argument(
            metavar="TARGET_B",
            callback=one_of(TARGETS, "target format"),
            help="The second target.",
            show_default=False,
        ),
    ],
    input_path: InputArgument = None,
    source: SourceOption = "mcp",
    strict: StrictOption = False,
    json_output: JsonOption = False,
) -> None:
    """Show where two targets are told different things about the same tools."""
    tools = _input.read_input(input_path, cast(Source, source))
    differences = _diff.diff_tools(
        tools, cast(Target, target_a), cast(Target, target_b), strict=strict
    )
    if _output.wants_json(json_output):
        _output.write_json([difference.to_dict() for difference in differences])
    else:
        from toolbridge.cli import _render

        _print(_render.differences_view(differences, target_a, target_b, len(tools)))


@app.command("plugins")
def plugins_command(json_output: JsonOption = False) -> None:
    """List the plugins found: loaded, broken (with why) or disabled, and their versions."""
    from dataclasses import asdict

    from toolbridge.plugins import plugins

    found = plugins()
    if _output.wants_json(json_output):
        _output.write_json(
            [
                asdict(info) | {"formats": list(info.formats), "frameworks": dict(info.frameworks)}
                for info in found
            ]
        )
    else:
        from toolbridge.cli import _render

        _print(_render.plugins_view(found))


mcp_app.command("login")(login_command)
mcp_app.command("logout")(logout_command)
app.add_typer(mcp_app)
app.command("serve")(serve_command)
app.command("scan")(scan_command)
app.command("search")(search_command)
app.command("init")(init_command)


def _print(renderable: object) -> None:
    from rich.console import Console

    Console().print(renderable)
