"""mkdocs hooks (mkdocs.yml): what the site needs beyond the markdown in docs/.

Two things, both done while the site builds so that nothing is copied by hand:

- The guide's pages link to files outside docs/ (``../bench/README.md``,
  ``../examples/run_tools_openai.py``), which work when the pages are read in the
  repository. On the site, bench/README.md is the benchmarks page (docs/benchmarks.md
  includes it) and any other file is a link to it in the repository (`repo_url`); a
  link to a file that does not exist is left as it is, for mkdocs to report.
- The command line reference (docs/reference/cli.md) is written from the
  ``toolbridge`` command itself: every command, its usage, arguments and options.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any

CLI_MARKER = "<!-- toolbridge-cli-reference -->"
"""Where docs/reference/cli.md takes the generated reference."""

PAGE_FOR = {"bench/README.md": "benchmarks.md"}
"""Files outside docs/ that the site holds as a page of its own."""

LINK = re.compile(r"\]\((?P<target>[^)\s#]+)(?P<anchor>#[^)\s]*)?\)")
"""A markdown link's target (a path, then an optional anchor)."""


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Point links out of docs/ at the site's page or the repository; fill in the CLI."""
    source = page.file.src_uri
    markdown = LINK.sub(lambda match: _link(match, source, config), markdown)
    if CLI_MARKER in markdown:
        markdown = markdown.replace(CLI_MARKER, cli_reference())
    return markdown


def _link(match: re.Match[str], source: str, config: Any) -> str:
    target, anchor = match["target"], match["anchor"] or ""
    if "://" in target or target.startswith(("/", "mailto:")):
        return match[0]
    resolved = posixpath.normpath(posixpath.join(posixpath.dirname(source), target))
    if not resolved.startswith("../"):
        return match[0]  # a page or file of the site: mkdocs checks it
    in_repository = resolved.removeprefix("../")
    if not (Path(config["docs_dir"]).parent / in_repository).exists():
        return match[0]  # broken: left for mkdocs to report
    page = PAGE_FOR.get(in_repository)
    if page is not None:
        relative = posixpath.relpath(page, posixpath.dirname(source) or ".")
        return f"]({relative}{anchor})"
    return f"]({config['repo_url'].rstrip('/')}/blob/main/{in_repository}{anchor})"


def cli_reference() -> str:
    """Every ``toolbridge`` command as markdown: usage, description, arguments, options."""
    from toolbridge.cli._app import command

    root = command()
    context = root.context_class(root, info_name="toolbridge")
    return "\n".join(_command_sections(root, context, level=2))


def _command_sections(command: Any, context: Any, level: int) -> list[str]:
    path = context.command_path
    lines = [f"{'#' * level} `{path}`", ""]
    pieces = " ".join(command.collect_usage_pieces(context))
    lines += ["```text", f"{path} {pieces}".rstrip(), "```", ""]
    if command.help:
        lines += [_dedent(command.help), ""]
    rows = [_parameter_row(param, context) for param in command.get_params(context)]
    if rows:
        lines += [
            "| Argument or option | Value | Default | Description |",
            "| --- | --- | --- | --- |",
        ]
        lines += rows
        lines.append("")
    subcommands = getattr(command, "list_commands", None)
    for name in subcommands(context) if subcommands else ():
        sub = command.get_command(context, name)
        if sub is None or sub.hidden:
            continue
        sub_context = sub.context_class(sub, info_name=name, parent=context)
        lines += _command_sections(sub, sub_context, level + 1)
    return lines


def _parameter_row(param: Any, context: Any) -> str:
    shown_type = param.display_type(context) if callable(param.display_type) else param.display_type
    flag = param.metavar == "" or shown_type == "<bool>"
    if param.param_type_name == "argument":
        name, value = param.metavar or param.name.upper(), ""
    else:
        name = ", ".join([*param.opts, *param.secondary_opts])
        value = "" if flag else (param.metavar or shown_type)
    default = None if param.required or flag else param.get_default(context)
    shown = (
        "required" if param.required else f"`{default}`" if default not in (None, (), "") else ""
    )
    description = _dedent(param.help or "")
    return f"| `{name}` | {f'`{value}`' if value else ''} | {shown} | {_cell(description)} |"


def _dedent(text: str) -> str:
    return "\n".join(line.strip() for line in text.strip().splitlines())


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")
