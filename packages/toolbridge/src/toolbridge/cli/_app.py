"""The commands, their arguments and options (typer); `toolbridge.cli.main` runs them."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from typing import Annotated, TypeVar

import typer

from toolbridge import __version__
from toolbridge._loading import load_module, load_tool, module_tools
from toolbridge._tool import Tool
from toolbridge.cli import _arguments, _output
from toolbridge.cli._formats import DEFAULT_FORMAT, FORMATS, check_format, to_format

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
Reference = Annotated[
    str,
    typer.Argument(
        metavar="MODULE:FUNCTION",
        help="A dotted module or a .py file, a colon, and a @tool or a plain function in it.",
        show_default=False,
    ),
]

app = typer.Typer(
    name="toolbridge",
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
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
    """Inspect, export and validate toolbridge tools.

    Output is a table for a person at a terminal and JSON when piped (or with --json).
    Exit status: 0 done, 1 invalid arguments (validate), 2 usage or load error.
    """
    if ctx.invoked_subcommand is None:
        ctx.fail("missing command: inspect, export or validate")


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
        _output.write_json([to_format(tool, format_name) for tool in tools])
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


def _print(renderable: object) -> None:
    from rich.console import Console

    Console().print(renderable)
