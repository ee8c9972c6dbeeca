"""Live MCP servers as a command's input: ``-- COMMAND ARGS…``, ``--url``, ``--config``.

Everything after ``--`` on the command line is the server's command, run as a
literal argv; `_main` splits it off before the options are parsed, so a server's
own flags never reach toolbridge's parser.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from toolbridge._context import ElicitHandler
    from toolbridge.mcp import FindingPolicy, McpClient

__all__ = [
    "BUNDLED",
    "SERVER_COMMAND",
    "client_for",
    "enables_nothing",
    "incomplete",
    "label",
    "server_config",
    "split_command",
]

SERVER_COMMAND: ContextVar[tuple[str, ...] | None] = ContextVar("server_command", default=None)
"""The argv after ``--``, when one was given."""

BUNDLED = (sys.executable, "-m", "toolbridge.examples.server")
"""The small MCP server bundled with toolbridge (the weather tools, over stdio)."""


def split_command(args: Sequence[str]) -> tuple[list[str], tuple[str, ...] | None]:
    """The arguments before ``--``, and the server command after it (None without)."""
    if "--" not in args:
        return list(args), None
    index = list(args).index("--")
    return list(args[:index]), tuple(args[index + 1 :])


def server_config(
    *, url: str | None, headers: Sequence[str], config: str | None, required: bool
) -> Any | None:
    """The configuration the options name, or None when they name no server.

    Raises:
        ValueError: More than one kind of server given, an empty command, a bad
            header, or none given when `required`.
    """
    command = SERVER_COMMAND.get()
    given = [
        name for name, value in (("--", command), ("--url", url), ("--config", config)) if value
    ]
    if len(given) > 1:
        raise ValueError(f"give one server: {' and '.join(given)} were both given")
    if command is not None and not command:
        raise ValueError("'--' must be followed by the server's command")
    if headers and url is None:
        raise ValueError("--header needs --url")
    if command:
        from toolbridge.mcp import StdioServer

        return StdioServer(command=command[0], args=command[1:])
    if url:
        from toolbridge.mcp import HttpServer

        return HttpServer(url=url, headers=_headers(headers))
    if config:
        return config
    if required:
        raise ValueError("name a server: -- COMMAND ARGS..., --url URL or --config FILE")
    return None


def label(*, url: str | None, config: str | None) -> str:
    """The server the options name, for a person: its command line, URL or file."""
    command = SERVER_COMMAND.get()
    if command:
        return shlex.join(command)
    return url or config or ""


def _headers(lines: Sequence[str]) -> dict[str, str]:
    headers: dict[str, str] = {}
    for line in lines:
        name, colon, value = line.partition(":")
        if not colon or not name.strip():
            raise ValueError(f"--header must be 'Name: value', got {line!r}")
        headers[name.strip()] = value.strip()
    return headers


@contextmanager
def client_for(
    config: Any,
    *,
    timeout: float | None = None,
    startup_timeout: float | None = None,
    on_finding: FindingPolicy = "warn",
    on_elicit: ElicitHandler | None = None,
) -> Iterator[McpClient]:
    """An open `McpClient` on `config`; failed servers and left-out tools said on stderr.

    `startup_timeout` bounds each server's start, handshake and each ``tools/list``
    request (the client's defaults are 30 s and 60 s). While servers start, a spinner
    shows on stderr when it is a terminal. An error raised inside is reported at once,
    before the servers are closed (which takes at most the client's
    ``shutdown_timeout``, 2 s, more), and the command exits with status 2.
    """
    import logging

    import typer

    from toolbridge.cli import _output
    from toolbridge.errors import ToolbridgeError
    from toolbridge.mcp import McpClient, read_servers

    # Failures are reported below, once: not again by logging's last-resort handler.
    logging.getLogger("toolbridge.mcp").addHandler(logging.NullHandler())
    count = len(read_servers(config))
    options: dict[str, Any] = {} if timeout is None else {"timeout": timeout}
    if startup_timeout is not None:
        options |= {"startup_timeout": startup_timeout, "list_timeout": startup_timeout}
    client = McpClient(config, on_finding=on_finding, on_elicit=on_elicit, **options)
    if sys.stderr.isatty():
        from rich.console import Console

        with Console(stderr=True).status(f"starting {count} MCP server{'s' * (count != 1)}…"):
            client.__enter__()
    else:
        client.__enter__()
    try:
        # Every server failed: the command cannot go on (status 2), so each is an error.
        every = len(client.failures) == len(client.servers)
        for failure in client.failures.values():
            (_output.write_error if every else _output.write_warning)(str(failure))
        for problem in client.problems:
            _output.write_warning(_output.with_notes(problem))
        try:
            yield client
        except ToolbridgeError as error:
            _output.write_error(_output.with_notes(error))  # now, not after closing
            raise typer.Exit(2) from None
    finally:
        client.close()


def incomplete(servers: Sequence[str], *, done: str, noun: str) -> NoReturn:
    """End a gate (``check``, ``scan``) that could not read every server: status 2.

    Its output for the others is written already, and each server's reason above; a
    gate never passes tools it could not read.
    """
    import typer

    from toolbridge.cli import _output

    names = " and ".join(repr(name) for name in servers)
    servers_word = "server" if len(servers) == 1 else "servers"
    _output.write_error(
        f"MCP {servers_word} {names} could not be {done}: the {noun} is incomplete (exit status 2)"
    )
    raise typer.Exit(2)


def enables_nothing(config: str, *, done: str) -> NoReturn:
    """End a command whose ``--config FILE`` enables no server: status 2, after its output.

    An empty result of a file that starts nothing (every server ``"disabled": true``,
    or none named) is most likely a mistake, not an answer: a script is told so.
    """
    import typer

    from toolbridge.cli import _output

    disabled = _disabled(config)
    if len(disabled) == 1:
        why = f"its server {disabled[0]!r} is disabled"
    elif disabled:
        why = f"its servers {' and '.join(map(repr, disabled))} are all disabled"
    else:
        why = "it names none"
    _output.write_error(
        f"--config {config!r} enables no MCP server: {why}, so nothing was {done} (exit status 2)"
    )
    raise typer.Exit(2)


def _disabled(config: str) -> list[str]:
    """The names of the servers `config` (read once already) marks ``"disabled"``."""
    import json
    from pathlib import Path

    try:
        data: Any = json.loads(Path(config).read_text(encoding="utf-8"))
    except (OSError, ValueError):  # (it was read a moment ago: gone, or changed)
        return []
    servers = data.get("mcpServers", data) if isinstance(data, dict) else {}
    if not isinstance(servers, dict):
        return []
    return [
        str(name)
        for name, entry in servers.items()
        if isinstance(entry, dict) and entry.get("disabled") is True
    ]
