"""Schema transforms: pure functions that report what they change.

Each takes a JSON Schema (never modified) and returns a `Transformed`: the new schema
and a tuple of `LossEntry` saying what was dropped, moved into the description,
rewritten, truncated or renamed. Provider name rules and the reversible `NameMap`
live here too.
"""

from toolbridge.schema._names import NAME_RULES, NameMap, NameRule, check_name
from toolbridge.schema._refs import inline_refs
from toolbridge.schema._report import LossAction, LossEntry, Transformed

__all__ = [
    "NAME_RULES",
    "LossAction",
    "LossEntry",
    "NameMap",
    "NameRule",
    "Transformed",
    "check_name",
    "inline_refs",
]
