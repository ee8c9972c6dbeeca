"""``toolbridge scan``: look for poisoned tool definitions before a model sees them.

The tools come from INPUT (one server's, or a JSON object of server names to
tools), a live server or every server of a ``--config`` file (scanned together, so
that the cross-server rules see them all); the findings are
`toolbridge.security.scan`'s, printed as a table at a terminal, JSON when piped, or
SARIF 2.1.0 (`_sarif`). Nothing a definition holds reaches the terminal raw: every
character that is not printable is written as its escape, in tables and JSON alike.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Any, Final, cast

import typer

from toolbridge._tool import Tool
from toolbridge.cli import _input, _live
from toolbridge.cli._mcp import ConfigOption, HeaderOption, StartupTimeoutOption, UrlOption
from toolbridge.cli._options import LiveInputArgument, SourceOption, one_of
from toolbridge.formats import Source

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

    from toolbridge.security import Finding, Severity

__all__ = ["by_server", "escaped", "findings_view", "scan_command", "security_summary"]

OUTPUTS: Final = ("table", "json", "sarif")
_SEVERITIES: Final = ("low", "medium", "high", "critical")  # toolbridge.security.SEVERITIES
_STYLES: Final = {"critical": "bold red", "high": "red", "medium": "yellow", "low": "dim"}
_CHECK_SEVERITY: Final = "medium"
"""The least severity ``check`` mentions: what acts where tools are loaded, by default."""


def scan_command(
    input_path: LiveInputArgument = None,
    source: SourceOption = "mcp",
    url: UrlOption = None,
    header: HeaderOption = None,
    config: ConfigOption = None,
    output: Annotated[
        str | None,
        typer.Option(
            "--format",
            metavar="table|json|sarif",
            callback=one_of(OUTPUTS, "output format"),
            help="What to write (default: a table at a terminal, json when piped).",
            show_default=False,
        ),
    ] = None,
    json_output: Annotated[bool, typer.Option("--json", help="The same as --format json.")] = False,
    fail_on: Annotated[
        str,
        typer.Option(
            "--fail-on",
            metavar="SEVERITY",
            callback=one_of(_SEVERITIES, "severity"),
            help="Exit 1 when a finding is this grave or graver: low, medium, high, critical.",
        ),
    ] = "high",
    disable: Annotated[
        list[str] | None,
        typer.Option(
            "--disable", metavar="RULE", help="A rule not to run, by its id (repeatable)."
        ),
    ] = None,
    model: Annotated[
        bool,
        typer.Option(
            "--model/--no-model",
            help="Run the learned layer (the default): a statistical reading of the words "
            "of each tool no rule flagged (rule 'learned', medium). --no-model runs the "
            "rules alone: less recall, fewer honest tools flagged.",
        ),
    ] = True,
    pins: Annotated[
        str | None,
        typer.Option(
            "--pins",
            metavar="FILE",
            help="Reviewed fingerprints, {server: {tool: fingerprint}} (McpClient.fingerprints"
            "()): a tool that differs, or is new on a pinned server, is a finding.",
            show_default=False,
        ),
    ] = None,
    server: Annotated[
        str | None,
        typer.Option(
            "--server",
            metavar="NAME",
            help="The server INPUT's tools come from, as findings and --pins name it "
            "(default: the one server --pins names).",
            show_default=False,
        ),
    ] = None,
    startup_timeout: StartupTimeoutOption = None,
) -> None:
    """Look for poisoned tool definitions: hidden text, instructions, look-alike names.

    The tools come from INPUT (one server's, or {"server": [tools], ...}: each server
    its own), or a live server (-- COMMAND ARGS..., --url URL, or --config FILE:
    every server of it, scanned together). Exit status: 0 nothing at or
    above --fail-on, 1 something, 2 usage, input or server error.
    """
    from toolbridge.security import RULES, at_least, scan

    if output is not None and json_output and output != "json":
        raise typer.BadParameter(f"--json asks for json, --format for {output}")
    unknown = [rule for rule in disable or () if rule not in RULES]
    if unknown:
        raise typer.BadParameter(
            f"unknown rule {unknown[0]!r}; the rules: {', '.join(RULES)}", param_hint="'--disable'"
        )
    pinned = _read_pins(pins)
    tools, origin, artifact, unscanned = _tools(
        input_path, source, url, header, config, server, pinned, startup_timeout
    )
    found = graver_first(scan(tools, pins=pinned, disable=disable or (), learned=model))
    count = sum(map(len, tools.values())) if isinstance(tools, Mapping) else len(tools)
    chosen = output or ("json" if json_output or not sys.stdout.isatty() else "table")
    if chosen == "json":
        write_json(findings_to_json(found, count))
    elif chosen == "sarif":
        from toolbridge import __version__
        from toolbridge.cli._sarif import to_sarif

        write_json(to_sarif(found, RULES, version=__version__, artifact=artifact))
    else:
        from rich.console import Console

        Console().print(findings_view(found, count, origin))
    if unscanned:
        _live.incomplete(unscanned, done="scanned", noun="scan")
    if config is not None and not tools:  # a --config FILE that starts nothing
        _live.enables_nothing(config, done="scanned")
    if any(at_least(finding.severity, cast("Severity", fail_on)) for finding in found):
        raise typer.Exit(1)


def _read_pins(path: str | None) -> dict[str, dict[str, str]] | None:
    """The ``--pins`` file: ``{server: {tool: fingerprint}}``.

    Raises:
        InputError: Unreadable, not JSON, or not that shape (exit status 2).
    """
    if path is None:
        return None
    if path == _input.STDIN:
        raise typer.BadParameter("must name a file", param_hint="'--pins'")
    data = _input.read_json(path)
    shape = (
        isinstance(data, Mapping)
        and all(isinstance(tools, Mapping) for tools in data.values())
        and all(
            isinstance(print_, str)
            for tools in data.values()
            for print_ in cast("Mapping[str, Any]", tools).values()
        )
    )
    if not shape:
        raise _input.InputError(
            f"{path!r} is not pins: a JSON object {{server: {{tool: fingerprint}}}} "
            "as McpClient.fingerprints() returns"
        )
    return {name: dict(tools) for name, tools in data.items()}


def _tools(
    input_path: str | None,
    source: str,
    url: str | None,
    header: list[str] | None,
    config: str | None,
    server: str | None,
    pins: Mapping[str, Any] | None,
    startup_timeout: float | None,
) -> tuple[list[Tool] | dict[str, list[Tool]], str, str | None, list[str]]:
    """The tools to scan (by server when known), where from, the file scanned, unscanned.

    The last is the servers of a live configuration that could not be started or listed.
    """
    try:
        live = _live.server_config(url=url, headers=header or (), config=config, required=False)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    if live is not None and input_path is not None:
        raise typer.BadParameter("give INPUT or a server, not both")
    if live is not None:
        if server is not None:
            raise typer.BadParameter("is for INPUT: a server names itself", param_hint="'--server'")
        # (the client's own scan would say again on stderr what this command prints)
        with _live.client_for(live, startup_timeout=startup_timeout, on_finding="ignore") as client:
            if client.failures and len(client.failures) == len(client.servers):
                raise typer.Exit(2)
            grouped: dict[str, list[Tool]] = {
                name: [] for name in client.servers if name not in client.failures
            }
            listed = by_server(client.tools)
            unscanned = list(client.failures)
        grouped |= listed if isinstance(listed, dict) else {}
        return grouped, _live.label(url=url, config=config), config, unscanned
    tools = _input.read_by_server(input_path, cast(Source, source))
    stdin = input_path in (None, _input.STDIN)
    origin = "stdin" if stdin else str(input_path)
    artifact = None if stdin else input_path
    if isinstance(tools, dict):
        if server is not None:
            raise typer.BadParameter(
                "is for INPUT of one server: this INPUT names its servers",
                param_hint="'--server'",
            )
        return tools, origin, artifact, []
    if server is None and pins:
        if len(pins) != 1:
            raise typer.BadParameter(
                f"the pins name {len(pins)} servers: say which one INPUT's tools come from",
                param_hint="'--server'",
            )
        (server,) = pins
    return ({server: tools} if server is not None else tools), origin, artifact, []


def by_server(tools: Sequence[Tool]) -> dict[str, list[Tool]] | list[Tool]:
    """Live servers' tools by server, under the names the servers gave them.

    `McpClient` exposes a name two servers share as ``<server>_<name>`` and keeps the
    server's own in ``meta["mcp_origin"]``: the name the server sent is what the scan
    (and a pin's fingerprint) is about. Tools of no server are returned as they are.
    """
    grouped: dict[str, list[Tool]] = {}
    for tool in tools:
        origin = tool.meta.get("mcp_origin")
        if not isinstance(origin, Mapping):
            return list(tools)
        name = origin.get("name")
        renamed = tool.replace(name=name) if isinstance(name, str) and name != tool.name else tool
        grouped.setdefault(str(origin.get("server")), []).append(renamed)
    return grouped


def graver_first(findings: Sequence[Finding]) -> list[Finding]:
    """The findings, gravest first; in the scan's order within a severity."""
    return sorted(findings, key=lambda finding: -_SEVERITIES.index(finding.severity))


def counts(findings: Sequence[Finding]) -> dict[str, int]:
    """How many findings of each severity, gravest first (every severity, 0 or not)."""
    return {
        severity: sum(finding.severity == severity for finding in findings)
        for severity in reversed(_SEVERITIES)
    }


def findings_to_json(findings: Sequence[Finding], tools: int) -> dict[str, Any]:
    """``{"findings": [...], "counts": {...}, "tools": N}``."""
    return {
        "findings": [finding.to_dict() for finding in findings],
        "counts": counts(findings),
        "tools": tools,
    }


def escaped(text: str) -> str:
    r"""`text` with every character that is not printable written as its escape.

    ESC, bidi controls, zero-width and tag characters (``\x1b``, ``\u202e``,
    ``\U000e0041``) cannot reach a terminal; backslashes and printable text stay.
    """
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else _escape(char) for char in text)


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def write_json(data: Any) -> None:
    r"""`_output.write_json`, with every character that is not printable escaped.

    JSON escapes control characters itself; bidi, zero-width and tag characters it
    would write as they are. Written as ``\uXXXX`` (a surrogate pair above the BMP),
    the document reads back as the same data, and shows nothing hidden when printed.
    """
    text = json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False)
    if not text.replace("\n", "").isprintable():
        text = "".join(
            char if char == "\n" or char.isprintable() else json.dumps(char)[1:-1] for char in text
        )
    sys.stdout.write(text + "\n")


def findings_view(findings: Sequence[Finding], tools: int, origin: str) -> RenderableType:
    """What ``scan`` found, for a person: one row per finding, gravest first."""
    from rich.table import Table
    from rich.text import Text

    scanned = f"{tools} tool{'s' * (tools != 1)} from {escaped(origin)}"
    if not findings:
        return Text(f"✓ no findings in {scanned}", style="bold green")
    flagged = len({(finding.server, finding.tool) for finding in findings})
    title = Text(
        f"✗ {_described(findings)} in {flagged} of {scanned}",
        style="bold red" if any(f.severity in ("high", "critical") for f in findings) else "bold",
    )
    table = Table(title=title, caption="--format json or --format sarif writes them")
    for column in ("Severity", "Rule", "Tool", "Path", "Text", "Why"):
        table.add_column(column, overflow="fold")
    from toolbridge.security import pointer

    for finding in findings:
        tool = finding.tool if finding.server is None else f"{finding.server}/{finding.tool}"
        table.add_row(
            Text(finding.severity, style=_STYLES.get(finding.severity, "")),
            Text(finding.rule),
            Text(escaped(tool), style="bold"),
            Text(escaped(pointer(finding.path)) or "/"),
            Text(escaped(finding.text)),
            Text(escaped(finding.why)),
        )
    return table


def _described(findings: Sequence[Finding]) -> str:
    """``3 findings (1 critical, 2 high)``."""
    parts = ", ".join(
        f"{number} {severity}" for severity, number in counts(findings).items() if number
    )
    return f"{len(findings)} finding{'s' * (len(findings) != 1)} ({parts})"


def security_summary(tools: Sequence[Tool]) -> Text | None:
    """``check``'s line about the tools' security findings at ``medium`` or graver.

    None when there are none: ``check`` says nothing of security then.
    """
    from rich.text import Text

    from toolbridge.security import at_least, scan

    found = [
        finding for finding in scan(by_server(tools)) if at_least(finding.severity, _CHECK_SEVERITY)
    ]
    if not found:
        return None
    return Text(f"security: {_described(found)}; toolbridge scan for details", style="bold yellow")
