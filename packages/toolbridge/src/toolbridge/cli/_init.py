"""``toolbridge init NAME``: a new MCP server project, ready to run and test."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

__all__ = ["init_command"]


def init_command(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The project's name (my-server).")],
    path: Annotated[
        Path,
        typer.Option("--path", metavar="DIR", help="Where to create it (the current folder)."),
    ] = Path("."),
) -> None:
    """Create an MCP server project: pyproject, a server with two tools, a test, a README.

    It is written to DIR/NAME, which must not exist or be empty. Then: cd NAME, and
    `uv run pytest` lists and calls the tools over stdio.
    """
    from toolbridge.cli._scaffold import scaffold

    written = scaffold(name, path)
    target = (path / name).resolve()  # as scaffold names its files
    typer.echo(f"created {target} ({len(written)} files)")
    for file in written:
        typer.echo(f"  {file.relative_to(target)}")
    typer.echo(f"next: cd {path / name} && uv run pytest")
