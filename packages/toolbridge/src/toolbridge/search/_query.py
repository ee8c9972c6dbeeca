"""A request's words and how much each counts: what it asks, and what it says aside.

A long request carries more than its ask. "Delete worklog 40512 on OPS-88 so my
timesheet for the week is correct" asks to delete a worklog; the timesheet is why.
Words of a clause that gives a reason or a purpose ("so I can ...", "because ...",
"in order to ...") count less than the ask's. And a long request names what it
wants in its own words often enough: the tools' words its everyday words bring
(`meanings`) count half in it, where in a short ask they are often all it has.
Each word counts once, at the most it is given.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from toolbridge.search._concepts import meanings
from toolbridge.search._tokenize import query_words

__all__ = ["weighted_words"]

_ASIDE: Final = re.compile(r"\b(?:so|because|since|in order to)\b[^.;!?]*", re.IGNORECASE)
"""A clause that says why (up to the end of its sentence), not what."""
_ASIDE_WEIGHT: Final = 0.7
_LONG: Final = 10
"""A request of more words than this is long: its everyday words' meanings count less."""
_LONG_MEANING_WEIGHT: Final = 0.5


def weighted_words(text: str, correct: Callable[[list[str]], list[str]]) -> dict[str, float]:
    """Each search word of `text`, spelled by `correct`, with how much it counts (at most 1).

    The ask's own words count 1, an aside's 0.7; the tools' words they bring count as
    much as the word that brings them, half that in a long request.
    """
    asides = [match.group() for match in _ASIDE.finditer(text)]
    ask = _ASIDE.sub(" ", text) if asides else text
    own: dict[str, float] = dict.fromkeys(correct(query_words(ask)), 1.0)
    for word in correct(query_words(" ".join(asides))):
        own.setdefault(word, _ASIDE_WEIGHT)
    scale = _LONG_MEANING_WEIGHT if len(own) > _LONG else 1.0
    weights = dict(own)
    for word, weight in own.items():
        for meaning in meanings(word):
            if meaning not in own:
                weights[meaning] = max(weights.get(meaning, 0.0), weight * scale)
    return weights
