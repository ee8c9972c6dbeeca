"""What several commands' options share: a choice among names, and ``--from``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated

import typer

from toolbridge.formats import SOURCES

__all__ = ["LiveInputArgument", "SourceOption", "one_of"]


def one_of(accepted: Sequence[str], what: str) -> Callable[[str | None], str | None]:
    """A typer callback accepting only the names in `accepted` (or the option left out)."""

    def check(value: str | None) -> str | None:
        if value is not None and value not in accepted:
            raise typer.BadParameter(f"unknown {what} {value!r}; accepted: {', '.join(accepted)}")
        return value

    return check


SourceOption = Annotated[
    str,
    typer.Option(
        "--from",
        metavar="SOURCE",
        callback=one_of(SOURCES, "source format"),
        help=f"The format INPUT is in: {', '.join(SOURCES)}.",
    ),
]
"""``--from SOURCE``: the format a command's INPUT is in."""

LiveInputArgument = Annotated[
    str | None,
    typer.Argument(
        metavar="INPUT",
        help="A JSON file of tools ('-' or none: stdin), unless the tools come from elsewhere.",
        show_default=False,
    ),
]
"""``INPUT`` of a command that also reads tools from a live server (or a toolset file)."""
