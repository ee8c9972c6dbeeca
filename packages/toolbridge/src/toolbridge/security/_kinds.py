"""Which kinds of sensitive data a text names (`KINDS`): one search for all their words.

Read by the off-topic fields (`toolbridge.security._offtopic`) and by what lies past
the view (`toolbridge.security._tails`).
"""

from __future__ import annotations

from bisect import bisect_right
from functools import cache
from typing import Final

from toolbridge.security._concept_match import Concept
from toolbridge.security._gates import holds
from toolbridge.security._kind_words import KINDS
from toolbridge.security._literals import joined

__all__ = ["ANY", "ASKED", "kinds_each", "kinds_in", "kinds_named"]

ASKED: Final = tuple(Concept(kind.asked) for kind in KINDS)
"""Per kind, in `KINDS`' order: a search for the words naming its data."""
_STEMS: Final = tuple(frozenset(word.removesuffix("=") for word in kind.asked) for kind in KINDS)
"""Each kind's asked words as plain text (a whole word's ``=`` left out): a match of
`ASKED` is one of them, so a word holding none of a kind's is not asked by it."""
ANY: Final = Concept(frozenset().union(*(kind.asked for kind in KINDS)))
"""Every kind's words in one search: most fields name none."""


def kinds_named(*names: str) -> frozenset[int]:
    """The indexes of the kinds called `names` (two kinds may share a name).

    A name no kind has raises: a renamed kind cannot silently drop out of a reading.
    """
    found = frozenset(at for at, kind in enumerate(KINDS) if kind.name in names)
    missing = set(names) - {KINDS[at].name for at in found}
    if missing:
        raise ValueError(f"no kind is called {sorted(missing)}")
    return found


def kinds_each(lows: list[str]) -> list[list[int]]:
    """`kinds_in` of each of `lows`, found in one search of them all.

    Joined by line breaks, which no word of a kind holds and which end a word as a
    string's end does: each one's words are those its own search finds.
    """
    if not lows:
        return []
    found: list[set[int]] = [set() for _ in lows]
    text, starts = joined(lows)
    for word in ANY.finditer(text):
        found[bisect_right(starts, word.start()) - 1].update(_kinds(word.group()))
    return [sorted(kinds) for kinds in found]


def kinds_in(low: str) -> list[int]:
    """The kinds `low` (lowercase text) names, in the order they are tried."""
    return sorted({index for word in ANY.finditer(low) for index in _kinds(word.group())})


@cache
def _kinds(word: str) -> tuple[int, ...]:
    """The kinds `word` (a match of `ANY`) names, itself or by a word in it.

    "previous messages" names the conversation whole, and messages beside "previous".
    """
    return tuple(
        index
        for index, asked in enumerate(ASKED)
        # the substring test first: a kind none of whose words the word holds is not
        # searched (nor compiled, on a first scan)
        if holds(word, _STEMS[index]) and asked.search(word) is not None
    )
