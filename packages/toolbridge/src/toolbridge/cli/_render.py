"""What a person sees in a terminal: rich panels and tables (never what a pipe gets)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.json import JSON
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from toolbridge._json import describe_path
from toolbridge._jsonschema._references import parse_pointer
from toolbridge._tool import Tool, ToolAnnotations
from toolbridge._validation._validator import ValidationResult
from toolbridge.cli._diff import MISSING, Difference
from toolbridge.cli._output import TargetCheck
from toolbridge.errors import format_path
from toolbridge.formats import Problem
from toolbridge.plugins import PluginInfo

__all__ = [
    "constraints",
    "differences_view",
    "hints",
    "json_view",
    "parameters_table",
    "plugins_view",
    "problems_view",
    "schema_type",
    "server_tools_view",
    "targets_view",
    "tool_view",
    "tools_view",
    "validation_view",
]

_CONSTRAINTS = (
    ("minimum", ">= {}"),
    ("exclusiveMinimum", "> {}"),
    ("maximum", "<= {}"),
    ("exclusiveMaximum", "< {}"),
    ("multipleOf", "multiple of {}"),
    ("minLength", "length >= {}"),
    ("maxLength", "length <= {}"),
    ("pattern", "pattern {}"),
    ("minItems", "items >= {}"),
    ("maxItems", "items <= {}"),
)


def schema_type(schema: Any, depth: int = 0) -> str:
    """A short type for a schema: ``integer``, ``"a" | "b"``, ``Location``, ``array of X``."""
    if not isinstance(schema, Mapping) or depth > 8:
        return "any"
    reference = schema.get("$ref")
    if isinstance(reference, str):
        path = parse_pointer(reference)
        return str(path[-1]) if path else reference
    if "const" in schema:
        return json.dumps(schema["const"], ensure_ascii=False)
    if "enum" in schema:
        return " | ".join(json.dumps(value, ensure_ascii=False) for value in schema["enum"])
    for keyword in ("anyOf", "oneOf"):
        branches = schema.get(keyword)
        if isinstance(branches, list):
            return " | ".join(schema_type(branch, depth + 1) for branch in branches)
    declared = schema.get("type")
    if isinstance(declared, list):
        return " | ".join(str(name) for name in declared)
    if declared == "array":
        return f"array of {schema_type(schema.get('items'), depth + 1)}"
    if isinstance(declared, str):
        return f"{declared} ({schema['format']})" if "format" in schema else declared
    return "any"


def constraints(schema: Mapping[str, Any]) -> list[str]:
    """The bounds a schema puts on a value, in words: ``>= 1``, ``length <= 10``."""
    return [text.format(schema[key]) for key, text in _CONSTRAINTS if key in schema]


def hints(annotations: ToolAnnotations) -> list[str]:
    """The behaviour hints in effect (MCP's defaults for the unstated ones)."""
    words = ["read-only" if annotations.is_read_only else "writes"]
    if not annotations.is_read_only:
        words.append("destructive" if annotations.is_destructive else "non-destructive")
    if annotations.is_idempotent:
        words.append("idempotent")
    words.append("open world" if annotations.is_open_world else "closed world")
    return words


def parameters_table(tool: Tool) -> Table:
    """One row per argument: name, type and bounds, required, default, description."""
    schema = tool.input_schema
    properties: Mapping[str, Any] = schema.get("properties") or {}
    required = set(schema.get("required") or ())
    table = Table(title="Parameters", title_justify="left", expand=False)
    for column in ("Name", "Type", "Required", "Default", "Description"):
        table.add_column(column, overflow="fold")
    for name, prop in properties.items():
        prop = prop if isinstance(prop, Mapping) else {}
        kind = schema_type(prop)
        bounds = constraints(prop)
        table.add_row(
            Text(name, style="bold"),
            Text(kind + (f" ({', '.join(bounds)})" if bounds else "")),
            "yes" if name in required else "",
            Text(json.dumps(prop["default"], ensure_ascii=False) if "default" in prop else ""),
            Text(str(prop.get("description", ""))),
        )
    return table


def _returns(tool: Tool) -> str:
    output = tool.output_schema
    if output is None:
        return "unstructured content"
    if tool.meta.get("function", {}).get("output_wrapped"):
        return f"{schema_type(output.get('properties', {}).get('result'))} (as 'result')"
    title = output.get("title")
    return f"{title} (object)" if isinstance(title, str) else schema_type(output)


def tool_view(tool: Tool, formatted: Any, format_name: str) -> RenderableType:
    """One tool: a summary panel, its parameters, then its definition in the format."""
    summary = Text()
    if tool.description:
        summary.append(tool.description + "\n\n")
    rows = [
        ("hints", ", ".join(hints(tool.annotations))),
        ("returns", _returns(tool)),
        ("tags", ", ".join(sorted(tool.tags))),
        ("namespace", tool.namespace or ""),
        ("category", tool.category or ""),
        ("version", tool.version or ""),
    ]
    for label, value in rows:
        if value:
            summary.append(f"{label}: ", style="dim").append(value + "\n")
    summary.rstrip()
    heading = tool.name + (f" - {tool.title}" if tool.title else "")
    return Group(
        Panel(summary, title=Text(heading, style="bold"), title_align="left"),
        parameters_table(tool),
        Rule(f"--format {format_name}", align="left"),
        json_view(formatted),
    )


def json_view(data: Any) -> JSON:
    """Highlighted JSON that wraps long lines instead of cutting them off."""
    view = JSON.from_data(data, indent=2, ensure_ascii=False)
    view.text.no_wrap = False
    view.text.overflow = "fold"
    return view


def tools_view(tools: Sequence[Tool], module: str) -> RenderableType:
    """The tools of a module, one row each."""
    return _tools_table(tools, f"in {module}", servers=False)


def server_tools_view(tools: Sequence[Tool], origin: str, *, servers: bool) -> RenderableType:
    """The tools of live MCP servers, one row each; with `servers`, which server each is from."""
    return _tools_table(tools, f"from {origin}", servers=servers)


def _tools_table(tools: Sequence[Tool], where: str, *, servers: bool) -> RenderableType:
    if not tools:
        return Text(f"no tools {where}", style="yellow")
    table = Table(
        title=Text(f"{len(tools)} tool{'s' * (len(tools) != 1)} {where}"),
        caption="--json writes their definitions",
    )
    columns = ("Name", "Server") if servers else ("Name",)
    for column in (*columns, "Parameters", "Hints", "Description"):
        table.add_column(column, overflow="fold")
    for tool in tools:
        properties: Mapping[str, Any] = tool.input_schema.get("properties") or {}
        required = set(tool.input_schema.get("required") or ())
        parameters = Text(", ").join(
            Text(name, style="bold" if name in required else "") for name in properties
        )
        table.add_row(
            Text(tool.name, style="bold"),
            *([Text(tool.namespace or "")] if servers else []),
            parameters,
            ", ".join(hints(tool.annotations)),
            Text(tool.description.split("\n", 1)[0]),
        )
    return table


def validation_view(tool: Tool, result: ValidationResult) -> RenderableType:
    """Valid: the normalised arguments. Invalid: every issue with its path and kind."""
    if result.ok:
        return Group(
            Text(f"✓ valid arguments for {tool.name}", style="bold green"),
            json_view(result.value),
        )
    count = len(result.issues)
    table = Table(
        title=Text(
            f"✗ {count} issue{'s' * (count != 1)} in the arguments for {tool.name}",
            style="bold red",
        )
    )
    for column in ("Path", "Kind", "Message"):
        table.add_column(column, overflow="fold")
    for issue in result.issues:
        table.add_row(Text(describe_path(issue.path)), str(issue.kind), Text(issue.message))
    return table


def problems_view(problems: Sequence[Problem], target: str, count: int) -> RenderableType:
    """What ``check`` found: one row per problem, or a line saying there is none."""
    tools = f"{count} tool{'s' * (count != 1)}"
    if not problems:
        return Text(f"✓ {target} accepts the {tools} as they are", style="bold green")
    table = Table(
        title=Text(
            f"✗ {len(problems)} problem{'s' * (len(problems) != 1)} for {target} in {tools}",
            style="bold red",
        )
    )
    for column in ("Tool", "Path", "Rule", "Detail"):
        table.add_column(column, overflow="fold")
    for problem in problems:
        table.add_row(
            Text(problem.tool, style="bold"),
            Text(format_path(problem.path) or "/"),
            problem.rule,
            Text(problem.detail),
        )
    return table


def _compact(value: Any) -> Text:
    if value is MISSING:
        return Text("(absent)", style="dim")
    return Text(json.dumps(value, ensure_ascii=False))


def differences_view(
    differences: Sequence[Difference], target_a: str, target_b: str, count: int
) -> RenderableType:
    """What ``diff`` found: one row per difference, or a line saying there is none."""
    tools = f"{count} tool{'s' * (count != 1)}"
    if not differences:
        return Text(f"{target_a} and {target_b} receive the {tools} alike", style="bold green")
    changed = len({difference.tool for difference in differences})
    table = Table(
        title=Text(
            f"{len(differences)} difference{'s' * (len(differences) != 1)} "
            f"in {changed} of {tools}: {target_a} vs {target_b}"
        )
    )
    for column in ("Tool", "Where", target_a, target_b):
        table.add_column(column, overflow="fold")
    for difference in differences:
        where: str = difference.field
        if difference.field == "input_schema":
            where += format_path(difference.path)
        table.add_row(
            Text(difference.tool, style="bold"),
            Text(where),
            _compact(difference.a),
            _compact(difference.b),
        )
    return table


def targets_view(found: Sequence[TargetCheck], count: int, origin: str) -> RenderableType:
    """What ``check`` without ``--target`` found: a row per target, then the problems."""
    tools = f"{count} tool{'s' * (count != 1)}"
    heading = Text(f"{tools} from {origin}, checked against every target", style="bold")
    summary = Table()
    for column in ("Target", "Tools checked", "Problems"):
        summary.add_column(column)
    for checked in found:
        verdict = (
            Text(f"✗ {len(checked.problems)}", style="bold red")
            if checked.problems
            else Text("✓ accepted as is", style="green")
        )
        summary.add_row(checked.target, f"{count}{', strict' * checked.strict}", verdict)
    parts: list[RenderableType] = [heading, summary]
    parts += [
        problems_view(checked.problems, checked.target, count)
        for checked in found
        if checked.problems
    ]
    return Group(*parts)


def plugins_view(found: Sequence[PluginInfo]) -> RenderableType:
    """What ``plugins`` found: one row per plugin."""
    table = Table(title=Text(f"{len(found)} plugin{'s' * (len(found) != 1)}"))
    for column in ("Plugin", "Distribution", "Version", "Status", "Formats", "Frameworks"):
        table.add_column(column, overflow="fold")
    styles = {"loaded": "green", "broken": "bold red", "disabled": "yellow"}
    for info in found:
        status = Text(info.status, style=styles[info.status])
        if info.error:
            status.append(f"\n{info.error}", style="dim")
        table.add_row(
            Text(info.name, style="bold"),
            info.distribution or "",
            info.version or "",
            status,
            ", ".join(info.formats),
            ", ".join(f"{name} {version}" for name, version in info.frameworks.items()),
        )
    return table
