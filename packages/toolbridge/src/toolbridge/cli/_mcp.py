"""``toolbridge mcp list``, ``toolbridge mcp call`` and ``toolbridge serve``."""

from __future__ import annotations

import contextlib
import math
import sys
from typing import Annotated, Any, cast

import typer

from toolbridge import formats
from toolbridge._json import thaw
from toolbridge._tool import Tool
from toolbridge.cli import _answers, _arguments, _live, _output
from toolbridge.errors import ToolNotFoundError
from toolbridge.formats import TARGETS, Target

mcp_app = typer.Typer(
    name="mcp",
    help="Talk to live MCP servers: list their tools, call one.",
    no_args_is_help=True,
)

UrlOption = Annotated[
    str | None,
    typer.Option("--url", metavar="URL", help="A streamable HTTP server's MCP endpoint."),
]
HeaderOption = Annotated[
    list[str] | None,
    typer.Option(
        "--header", metavar="'NAME: VALUE'", help="An HTTP header for --url (repeatable)."
    ),
]
ConfigOption = Annotated[
    str | None,
    typer.Option(
        "--config",
        metavar="FILE",
        help="A JSON file of servers ({'mcpServers': {...}}); all of them start.",
    ),
]


def _positive(value: float | None) -> float | None:
    if value is not None and not 0 < value < math.inf:
        raise typer.BadParameter(f"must be a finite number of seconds above 0, got {value:g}")
    return value


StartupTimeoutOption = Annotated[
    float | None,
    typer.Option(
        "--startup-timeout",
        metavar="SECONDS",
        callback=_positive,
        help="How long each server may take to start, finish the MCP handshake and "
        "answer each tools/list request (default: 30 s for the handshake, 60 s a listing).",
        show_default=False,
    ),
]


def _target(value: str | None) -> str | None:
    if value is not None and value not in TARGETS:
        raise typer.BadParameter(f"unknown target format {value!r}; accepted: {', '.join(TARGETS)}")
    return value


def _config(url: str | None, headers: list[str] | None, config: str | None) -> Any:
    try:
        return _live.server_config(url=url, headers=headers or (), config=config, required=True)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None


@mcp_app.command("list")
def list_command(
    url: UrlOption = None,
    header: HeaderOption = None,
    config: ConfigOption = None,
    target: Annotated[
        str | None,
        typer.Option(
            "--format",
            metavar="TARGET",
            callback=_target,
            help=f"Write the tools as JSON in this format: {', '.join(TARGETS)}.",
            show_default=False,
        ),
    ] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Ask for strict mode.")] = False,
    json_output: Annotated[
        bool, typer.Option("--json", help="Write JSON even to a terminal (MCP format).")
    ] = False,
    startup_timeout: StartupTimeoutOption = None,
) -> None:
    """List a live server's tools (-- COMMAND ARGS..., --url or --config), as convert writes them.

    A table at a terminal; JSON when piped, with --json, or in the --format asked for
    (mcp by default). Servers that fail are reported on stderr; the exit status is 2
    only if all fail, or if the --config file enables no server (the empty listing
    is written, then an error line).
    """
    live = _config(url, header, config)
    with _live.client_for(live, startup_timeout=startup_timeout) as client:
        tools, servers = client.tools, client.servers
        if client.failures and len(client.failures) == len(servers):
            raise typer.Exit(2)
    if target is not None or _output.wants_json(json_output):
        conversion = formats.convert(
            tools, cast(Target, target or "mcp"), strict=True if strict else None
        )
        _output.write_json(thaw(conversion.output))
    else:
        from toolbridge.cli import _render

        origin = _live.label(url=url, config=config)
        _print(_render.server_tools_view(tools, origin, servers=len(servers) > 1))
    if not servers and config is not None:  # a --config FILE that starts nothing
        _live.enables_nothing(config, done="listed")


@mcp_app.command("call")
def call_command(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The tool to call.")],
    arguments: Annotated[
        str,
        typer.Argument(
            metavar="ARGUMENTS_JSON",
            help="The arguments: JSON text, '-' to read stdin, or '@path' to read a file.",
        ),
    ],
    url: UrlOption = None,
    header: HeaderOption = None,
    config: ConfigOption = None,
    timeout: Annotated[
        float | None,
        typer.Option(
            "--timeout",
            metavar="SECONDS",
            callback=_positive,
            help="How long the call may take.",
        ),
    ] = None,
    startup_timeout: StartupTimeoutOption = None,
    answer: Annotated[
        list[str] | None,
        typer.Option(
            "--answer",
            metavar="ANSWER",
            help="Answers the server's next question to the user: accept, decline, cancel, "
            "or a JSON object of the form's values (repeatable, in order). Without it a "
            "question is asked on the terminal, or declined when there is none.",
        ),
    ] = None,
) -> None:
    """Call one tool of a live server; print its result (MCP CallToolResult JSON).

    When the server asks the user a question while the tool runs (MCP elicitation),
    the next --answer answers it; without one, it is asked on the terminal, or
    declined (with a warning) when standard input is not a terminal.

    Exit status: 0 done, 1 the tool reported an error (isError), 2 usage, invalid
    arguments (nothing is sent), an unknown tool (the close names are suggested) or a
    server that failed.
    """
    try:
        value = _arguments.load(arguments)
    except _arguments.ArgumentsError as error:
        raise typer.BadParameter(str(error), param_hint="ARGUMENTS_JSON") from None
    try:
        answers = _answers.Answers([_answers.parse_answer(text) for text in answer or ()])
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--answer") from None
    live = _config(url, header, config)
    with _live.client_for(
        live, timeout=timeout, startup_timeout=startup_timeout, on_elicit=answers
    ) as client:
        if client.failures and len(client.failures) == len(client.servers):
            raise typer.Exit(2)
        try:
            tool = client.tool(name)
        except ToolNotFoundError as error:
            if client.failures:  # it may be a tool of a server that failed
                failed = ", ".join(map(repr, client.failures))
                error.add_note(f"the servers that failed may have it: {failed}")
            raise
        result = tool.invoke(value)
    for question in answers.declined:
        _output.write_warning(
            f"the server asked the user {question.message!r} and nobody could answer "
            "(standard input is not a terminal): it was declined; pass --answer to answer it"
        )
    _output.write_json(result.to_dict())
    if result.is_error:
        raise typer.Exit(1)


def serve_command(
    reference: Annotated[
        str,
        typer.Argument(
            metavar="MODULE[:ATTR]|TOOLSET_FILE",
            help="A dotted module or a .py file: its tools; with :ATTR one tool or a list. "
            "Or a toolset definition (.yaml, .yml, .toml, .json): its sources, selection, "
            "policy and audit.",
            show_default=False,
        ),
    ],
    transport: Annotated[
        str,
        typer.Option("--transport", metavar="stdio|http", help="stdio, or streamable HTTP."),
    ] = "stdio",
    host: Annotated[str, typer.Option("--host", help="The address to bind (HTTP).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="The port (HTTP); 0 picks one.")] = 8000,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            metavar="N",
            min=1,
            help="Processes serving the one port (HTTP); more than 1 implies --stateless.",
        ),
    ] = 1,
    stateless: Annotated[
        bool | None,
        typer.Option(
            "--stateless/--stateful",
            help="HTTP without sessions: any worker or replica answers any request "
            "[default: stateful with one worker, stateless with more].",
            show_default=False,
        ),
    ] = None,
    shutdown_timeout: Annotated[
        float,
        typer.Option(
            "--shutdown-timeout",
            metavar="SECONDS",
            min=0,
            help="On SIGTERM or Ctrl-C, how long calls in flight may take to finish (HTTP).",
        ),
    ] = 30.0,
    header_timeout: Annotated[
        float,
        typer.Option(
            "--header-timeout",
            metavar="SECONDS",
            help="How long a request's headers may take to arrive (HTTP); late ones get "
            "408 and the connection is closed.",
        ),
    ] = 10.0,
    body_timeout: Annotated[
        float,
        typer.Option(
            "--body-timeout",
            metavar="SECONDS",
            help="How long a request's body may take to arrive after its headers (HTTP); "
            "a late one gets 408 and the connection is closed.",
        ),
    ] = 30.0,
    json_response: Annotated[
        bool,
        typer.Option(
            "--json-response",
            help="HTTP answers as one JSON body, not an SSE stream: a call's progress and "
            "log notifications are not sent and its questions to the user are declined.",
        ),
    ] = False,
) -> None:
    """Serve tools over MCP (stdio, or HTTP on loopback): a module's, or a toolset file's.

    A toolset file's policy applies to every client: over HTTP a client is identified by
    its bearer token (the file's ``tokens``), otherwise it is the file's ``identity``.
    Over HTTP, GET /healthz answers 200 once serving; SIGTERM lets the calls in flight
    finish, then exits 0.
    """
    from toolbridge.cli import _serve

    if transport not in ("stdio", "http"):
        raise typer.BadParameter(
            f"must be stdio or http, got {transport!r}", param_hint="--transport"
        )
    if transport == "stdio" and (workers > 1 or stateless is not None or json_response):
        given = (
            "--workers"
            if workers > 1
            else "--json-response"
            if json_response
            else "--stateless/--stateful"
        )
        raise typer.BadParameter("is for --transport http", param_hint=given)
    for flag, seconds in (("--header-timeout", header_timeout), ("--body-timeout", body_timeout)):
        if not (math.isfinite(seconds) and seconds > 0):
            raise typer.BadParameter(
                f"must be a number of seconds above 0, got {seconds:g}", param_hint=flag
            )
    if workers > 1 and stateless is False:
        raise typer.BadParameter(
            "workers share no sessions, so a client's next request may reach another "
            "worker: leave out --stateful",
            param_hint="--workers",
        )

    warnings: list[str] = []

    def ready(count: int, url: str) -> None:
        if transport == "http":
            shown = f" with {workers} workers" if workers > 1 else ""
            sys.stderr.write(f"serving {count} tool{'s' * (count != 1)}{shown} on {url}\n")
            for warning in warnings:
                _output.write_warning(warning)
            sys.stderr.flush()

    if _serve.is_toolset_file(reference):
        from toolbridge.toolsets import read_definition

        definition = read_definition(reference)  # a mistake in the file: one error, first
        if definition.tokens and definition.policy is None:
            # Tokens say who calls; without a policy, a caller with none is let in as
            # anonymous to every tool, which a file listing tokens hardly means.
            warnings.append(
                "callers without a bearer token may call every tool: the file has tokens "
                "but no policy (add one that names who may call, such as "
                "'policy: {roles: [...]}' with roles on the tokens)"
            )
    else:
        with contextlib.redirect_stdout(sys.stderr):  # a module's prints never reach the wire
            tools = _tools_of(reference)
        if not tools:
            raise typer.BadParameter(f"no tools in {reference!r}", param_hint="MODULE[:ATTR]")
    options: dict[str, Any] = {"transport": transport, "host": host, "port": port}
    if transport == "http":
        options["shutdown_timeout"] = shutdown_timeout
        options["json_response"] = json_response
        options["header_timeout"] = header_timeout
        options["body_timeout"] = body_timeout
    if workers == 1:
        options["stateless"] = bool(stateless)
        _serve.serve_reference(reference, on_ready=ready, **options)
        return
    status = _serve.serve_workers(
        reference,
        workers=workers,
        host=host,
        port=port,
        on_ready=ready,
        shutdown_timeout=shutdown_timeout,
        json_response=json_response,
        header_timeout=header_timeout,
        body_timeout=body_timeout,
    )
    if status:
        raise typer.Exit(status)


def _tools_of(reference: str) -> list[Tool]:
    from toolbridge._loading import load_tools

    return load_tools(reference)


def _print(renderable: object) -> None:
    from rich.console import Console

    Console().print(renderable)
