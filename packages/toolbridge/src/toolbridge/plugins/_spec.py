"""What a plugin declares about one format it converts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import final

__all__ = ["FormatSpec"]


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class FormatSpec:
    """One format a plugin converts, declared by the ``toolbridge_formats`` hook."""

    name: str
    """The format's name, as `toolbridge.to` and `toolbridge.from_` take it."""
    writes: bool = True
    """`toolbridge.to(name, tools)` is answered by this plugin."""
    reads: bool = True
    """`toolbridge.from_(obj, source=name)` is answered by this plugin."""
    types: tuple[str, ...] = ()
    """Dotted names of the classes it reads (subclasses match too)."""
    extra: str | None = None
    """The toolbridge extra that installs it, for hints (``"langchain"``)."""
