"""A request's words and how much each counts: what it asks, and what it says aside.

A long request carries more than its ask. "Delete worklog 40512 on OPS-88 so my
timesheet for the week is correct" asks to delete a worklog; the timesheet is why.
Words of a clause that gives a reason or a purpose ("so I can ...", "because ...",
"in order to ...") count less than the ask's. And a long request names what it
wants in its own words often enough: the tools' words its everyday words bring
(`meanings`) count half in it, where in a short ask they are often all it has.
Each word counts once, at the most it is given. A capitalised word inside a sentence
is a name ("Acme Corp", "Jane", "June"), and so is a word inside a compound token
(``acme/payments``, ``mona-lisa``, ``cart:991``): never read as a typo of a tool's
word ("came", "core", "list", "card").

A request that names an operation says next what it acts on: "Add a label 'needs-repro'
with colour #d93f0b ... to the acme/cli repository" adds a label; the colour and the
repository are its arguments. The words of that object (`ask_object`: after the
operation word, up to the first preposition or clause boundary) keep their weight; the
request's other words count `_BESIDE_OBJECT` of theirs. A long, concrete request names
many things besides the one it acts on, and one of them, in another tool's name
(``create_repository``), outweighed the object.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from toolbridge.search._concepts import meanings
from toolbridge.search._intent import ask_object
from toolbridge.search._spelling import Speller
from toolbridge.search._tokenize import query_words, tokenize

__all__ = ["Weighed", "beside_object", "weigh", "weighted_words"]

_ASIDE: Final = re.compile(r"\b(?:so|because|since|in order to)\b[^.;!?]*", re.IGNORECASE)
"""A clause that says why (up to the end of its sentence), not what."""
_ASIDE_WEIGHT: Final = 0.7
_LONG: Final = 10
"""A request of more words than this is long: its everyday words' meanings count less."""
_LONG_MEANING_WEIGHT: Final = 0.5
_NAME: Final = re.compile(r"(?<=[^.!?:;\s]\s)[A-Z][a-z]+\b|\b\w+(?:[-_/:.@]\w+)+")
"""A capitalised word after a space that does not open a sentence, or a compound token
(a path, a key, a file's or a thing's name: ``infra/ansible``, ``cand_4411``): names."""
_BESIDE_OBJECT: Final = 0.8
"""How much of its weight a word keeps outside the object of the request's operation.
Chosen under the ranking rule (docs/search.md): 0.75 to 0.9 hold it; 0.7 breaks it."""


def weighted_words(text: str, speller: Speller) -> dict[str, float]:
    """Each search word of `text`, spelled by `speller`, with how much it counts (at most 1).

    The ask's own words count 1, an aside's 0.7; the tools' words they bring count as
    much as the word that brings them, half that in a long request. When the request
    names an operation, the words outside what it acts on (and what those bring) count
    `_BESIDE_OBJECT` of that.
    """
    return weigh(text, speller).words


class Weighed(NamedTuple):
    """A request's search words and their weights, its length, and what it acts on."""

    words: dict[str, float]
    """Each search word and how much it counts (`weighted_words`)."""
    length: int
    """How many words the request has, values left out, repeats counted."""
    acted_on: frozenset[str] | None
    """The words of what its operation acts on and the tools' words they bring; None
    when it names no operation, or nothing after it."""


def weigh(text: str, speller: Speller) -> Weighed:
    """`weighted_words`, how many words `text` has, and the words of what it acts on."""
    names = frozenset(tokenize(" ".join(_NAME.findall(text))))
    asides = [match.group() for match in _ASIDE.finditer(text)]
    ask = _ASIDE.sub(" ", text) if asides else text
    asked, aside = query_words(ask), query_words(" ".join(asides))
    length = len(asked) + len(aside)
    own: dict[str, float] = dict.fromkeys(speller.correct(asked, names), 1.0)
    for word in speller.correct(aside, names):
        own.setdefault(word, _ASIDE_WEIGHT)
    scale = _LONG_MEANING_WEIGHT if len(own) > _LONG else 1.0
    weights = dict(own)
    for word, weight in own.items():
        for meaning in meanings(word):
            if meaning not in own:
                weights[meaning] = max(weights.get(meaning, 0.0), weight * scale)
    acted_on = ask_object(text)
    if acted_on is None:
        return Weighed(weights, length, None)
    said = frozenset(speller.correct(query_words(acted_on), names))
    if not said:
        return Weighed(weights, length, None)
    kept = said.union(*(meanings(word) for word in said))
    return Weighed(
        {word: w if word in kept else w * _BESIDE_OBJECT for word, w in weights.items()},
        length,
        kept,
    )


def beside_object(weighed: Weighed, share: float) -> dict[str, float]:
    """`weighed`'s words, those outside what its operation acts on at `share` of their weight.

    The words of a request with no operation word (or none after it) keep theirs.
    """
    kept = weighed.acted_on
    if kept is None:
        return weighed.words
    return {word: w if word in kept else w * share for word, w in weighed.words.items()}
