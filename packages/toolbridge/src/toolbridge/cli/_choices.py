"""An option that takes one of a few names: the typer callback every command uses."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import typer

__all__ = ["one_of"]


def one_of(accepted: Sequence[str], what: str) -> Callable[[str | None], str | None]:
    """A typer callback accepting only the names in `accepted` (or the option left out)."""

    def check(value: str | None) -> str | None:
        if value is not None and value not in accepted:
            raise typer.BadParameter(f"unknown {what} {value!r}; accepted: {', '.join(accepted)}")
        return value

    return check
