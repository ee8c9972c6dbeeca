"""The loss report: what a conversion had to change, entry by entry.

Every transform and format conversion returns, beside its output, a tuple of
`LossEntry`: nothing a source said is changed, moved or dropped silently.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, final

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


_new: Final = object.__new__
_SET_FIELDS: Final = tuple(
    LossEntry.__dict__[name].__set__ for name in ("tool", "path", "keyword", "action", "detail")
)


def new_entry(
    tool: str | None, path: JsonPath, keyword: str, action: LossAction, detail: str
) -> LossEntry:
    """``LossEntry(tool=..., ...)`` for a walk that makes many: the same frozen entry.

    It sets the slots directly (a frozen dataclass's ``__init__`` goes through
    ``object.__setattr__`` field by field, about twice the cost); the arguments are
    the walk's own, already of the field types.
    """
    entry: LossEntry = _new(LossEntry)
    set_tool, set_path, set_keyword, set_action, set_detail = _SET_FIELDS
    set_tool(entry, tool)
    set_path(entry, path)
    set_keyword(entry, keyword)
    set_action(entry, action)
    set_detail(entry, detail)
    return entry
