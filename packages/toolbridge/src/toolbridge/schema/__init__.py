"""Schema transforms: pure functions that report what they change.

Each takes a JSON Schema (never modified) and returns a `Transformed`: the new schema
and a tuple of `LossEntry` saying what was dropped, moved into the description,
rewritten, truncated or renamed.
"""

from toolbridge.schema._report import LossAction, LossEntry, Transformed

__all__ = ["LossAction", "LossEntry", "Transformed"]
