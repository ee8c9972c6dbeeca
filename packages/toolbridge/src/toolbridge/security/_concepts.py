"""Asks and overrides by concept: words of two or three kinds in one sentence, in any order.

The phrase lists of `toolbridge.security._steering` and `toolbridge.security._exfiltration`
catch the ways of saying it that someone wrote down; a new author says it another way,
in another language. What stays the same is which *kinds* of words meet in the
sentence (`toolbridge.security._concept_words`, found by
`toolbridge.security._concept_match`):

- **overrides** of the user's choice and rules for other tools
  (`toolbridge.security._concept_overrides`), in any string the model reads;
- **a party added** to a kind of tool's work, or a check it skips, said calmly as a
  fact (`toolbridge.security._concept_effects`), or to a kind of work done elsewhere
  (`toolbridge.security._work_effects`), in any string the model reads;
- **asks for the model's context** (`toolbridge.security._concept_asks`), in a field
  the model fills.

Most strings hold no word any of these starts from: one search for such a word lets
them go.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

from toolbridge.security._concept_asks import field_ask, named_ask, slot
from toolbridge.security._concept_effects import effects
from toolbridge.security._concept_match import Concept
from toolbridge.security._concept_overrides import ARROWS, mapped, operation, overrides
from toolbridge.security._concept_words import (
    DEMOTED,
    INSTRUCTIONS,
    OVERRIDE,
    PROMPTS,
    SECRETS,
    SEEN,
    TALK,
    TOOL,
    WEAK_OVERRIDE,
)
from toolbridge.security._effect_words import INTEGRATION
from toolbridge.security._gates import lower
from toolbridge.security._hit import Hit
from toolbridge.security._literals import Literals
from toolbridge.security._work_effects import worked

__all__ = ["concepts", "named_ask"]

_COMPOUNDING: Final = frozenset(
    {"tool", "werkzeug", "verktyg", "værktøj", "verktøy", "työkalu", "tööriist", "eszköz",
     "gereedschap", "narzędzi", "nástroj", "tól"}
)  # fmt: skip
"""Tool words that end compounds ("Buchungstool", "fraktverktøy")."""
_TEXT_GATE: Final = Concept(
    OVERRIDE | WEAK_OVERRIDE | DEMOTED | (TOOL - _COMPOUNDING) | INTEGRATION
)
_FIELD_GATE: Final = Concept(
    OVERRIDE | WEAK_OVERRIDE | DEMOTED | (TOOL - _COMPOUNDING) | INTEGRATION | SECRETS | TALK
    | PROMPTS | INSTRUCTIONS | SEEN
)  # fmt: skip
_ANYWHERE: Final = Literals(
    {*_COMPOUNDING, "integration", "integratie", "integrasjon", "integraati", *ARROWS}
)
"""With a ``{``: the other places a rule here starts (a compound tool or integration word,
an arrow)."""


def concepts(
    value: str,
    *,
    field: bool,
    described: bool = False,
    known: Collection[str] = frozenset(),
    filled: tuple[int, ...] = (),
) -> list[Hit]:
    """The overrides in `value`, and its asks for the model's context when it is a `field`.

    `described`: `value` is a description that speaks of one of the tool's fields by
    name; then only an ask for a secret or personal datum is read as the field's.
    `known`: the names of the server's tools and of this tool's fields, which an
    operation named in `value` is not another tool's. `filled`: where `value` says to
    put something in one of the tool's fields by name ("... in status"): a secret in
    that sentence is asked for.
    """
    low = lower(value).replace("_", " ")  # system_prompt is a system prompt
    field = field or described or bool(filled)
    worded = (
        "{" in low
        or _ANYWHERE.any(low)
        or (_FIELD_GATE if field else _TEXT_GATE).search(low) is not None
    )
    if not worded and not operation(value):
        work = worked(low, known)  # work done elsewhere, named by its kind: no tool word
        return [] if work is None else [work]
    override = overrides(low, value, known) or effects(low, value) or worked(low, known)
    hits = [] if override is None else [override]
    found = (
        mapped(low)
        or slot(low)
        or (field_ask(low, described=described and not filled, filled=filled) if field else None)
    )
    return hits if found is None else [*hits, found]
