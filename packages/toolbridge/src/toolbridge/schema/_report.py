"""The loss report: what a conversion had to change, entry by entry.

Every transform and format conversion returns, beside its output, a tuple of
`LossEntry`: nothing a source said is changed, moved or dropped silently.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final, final

from toolbridge.errors import JsonPath, format_path

if TYPE_CHECKING:
    from toolbridge.schema._plans import ArgumentPlan

__all__ = ["LossAction", "LossEntry", "Transformed", "transformed"]


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

    @classmethod
    def of(
        cls, tool: str | None, path: JsonPath, keyword: str, action: LossAction, detail: str
    ) -> LossEntry:
        """``LossEntry(tool=..., ...)`` with positional arguments, for code that makes many.

        The same frozen entry, made about twice as fast: it sets the slots directly,
        where a frozen dataclass's ``__init__`` goes through ``object.__setattr__``
        field by field. The arguments must already be of the field types.
        """
        entry: LossEntry = _new(cls)
        set_tool, set_path, set_keyword, set_action, set_detail = _SET_FIELDS
        set_tool(entry, tool)
        set_path(entry, path)
        set_keyword(entry, keyword)
        set_action(entry, action)
        set_detail(entry, detail)
        return entry

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


_new: Final = object.__new__
_SET_FIELDS: Final = tuple(
    LossEntry.__dict__[name].__set__ for name in ("tool", "path", "keyword", "action", "detail")
)


@final
@dataclass(frozen=True, slots=True)
class Transformed:
    """A transform's output and the report of what it changed to get there.

    Every schema transform returns one: the dialect conversions, `inline_refs`, the
    strict writers and the Gemini lowerings. The last two fields are a strict
    writer's and a lowering's answer; the other transforms leave them at their
    defaults.
    """

    schema: Any
    """The transformed schema (frozen JSON)."""
    report: tuple[LossEntry, ...] = ()
    """Every change made, in schema order (and, when strict mode is off, every reason)."""
    strict: bool | None = None
    """For a strict writer: True when `schema` is valid for the provider's strict
    mode, False when it fell back; None from a transform without a strict mode."""
    restore: ArgumentPlan | None = None
    """How to take a model's arguments under `schema` back to the source's meaning
    (`restore_strict_arguments`, `restore_gemini_arguments`); None when they mean
    the same as they are."""


_SET_RESULT: Final = tuple(
    Transformed.__dict__[name].__set__ for name in ("schema", "report", "strict", "restore")
)


def transformed(
    schema: Any, report: tuple[LossEntry, ...], strict: bool | None, restore: ArgumentPlan | None
) -> Transformed:
    """``Transformed(schema, report, strict, restore)``, made as `LossEntry.of` makes one.

    For the strict writer's path, which runs once per tool written.
    """
    result: Transformed = _new(Transformed)
    set_schema, set_report, set_strict, set_restore = _SET_RESULT
    set_schema(result, schema)
    set_report(result, report)
    set_strict(result, strict)
    set_restore(result, restore)
    return result
