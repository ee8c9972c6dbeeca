"""The loss report: what a conversion had to change, entry by entry.

Every transform and format conversion returns, beside its output, a tuple of
`LossEntry`: nothing a source said is changed, moved or dropped silently.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, final

from toolbridge.errors import JsonPath, format_path

__all__ = ["LossAction", "LossEntry", "Transformed"]


class LossAction(StrEnum):
    """What a conversion did to a keyword the target cannot carry as it was."""

    DROPPED = "dropped"
    """Removed: the target has no place for it."""
    MOVED_TO_DESCRIPTION = "moved-to-description"
    """Removed from the schema and said in words in the description instead."""
    REWRITTEN = "rewritten"
    """Expressed differently with the same meaning (``const`` as a one-value enum, ...)."""
    TRUNCATED = "truncated"
    """Shortened to the target's limit."""
    RENAMED = "renamed"
    """A name the target rejects, replaced by one it accepts (and mapped back)."""


@final
@dataclass(frozen=True, slots=True, kw_only=True)
class LossEntry:
    """One change a conversion made."""

    tool: str | None
    """The tool's (original) name; None for a schema converted on its own."""
    path: JsonPath
    """Where, in the source: keys and indices from the tool's input schema root (or
    from the tool itself for fields such as ``name`` and ``description``)."""
    keyword: str
    """The keyword or field concerned, such as ``const`` or ``description``."""
    action: LossAction
    """What was done."""
    detail: str
    """What exactly changed, in words."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON form used by ``--report``: the path as a JSON Pointer."""
        return {
            "tool": self.tool,
            "path": format_path(self.path),
            "keyword": self.keyword,
            "action": self.action.value,
            "detail": self.detail,
        }

    def __str__(self) -> str:
        where = format_path(self.path) or "/"
        owner = f"{self.tool}: " if self.tool else ""
        return f"{owner}{where} {self.keyword} {self.action.value}: {self.detail}"


@final
@dataclass(frozen=True, slots=True)
class Transformed:
    """A transform's output and the report of what it changed to get there."""

    schema: Any
    """The transformed schema (frozen JSON)."""
    report: tuple[LossEntry, ...] = ()
    """Every change made, in schema order."""
