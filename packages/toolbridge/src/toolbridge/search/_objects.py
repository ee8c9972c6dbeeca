"""A long request's tools put in order by how much of what each acts on it names.

A long, concrete request names many things, and a tool whose description shares
several of them can outscore the tool whose name is what the request asks for. The
words of a tool's object, its name's last part (after ``__``, ``.`` or ``/``: the
server's or API's words left out) without its operation words, say what it acts on:
``create_merge_request_thread`` acts on a merge request thread. In a request of more
than `_LONG` words, each of the first `_DEPTH` tools loses up to `_WEIGHT` of its
score: the share of its object's words, weighed by their rarity, the request does
not say. BM25 mode only: in hybrid the embedding reads the object already, and the
same loss there cost first places (docs/search.md).
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any, Final, final

from toolbridge.search._intent import verb_stems
from toolbridge.search._optional import require
from toolbridge.search._tokenize import tokenize

__all__ = ["ObjectWords"]

_WEIGHT: Final = 0.1
"""The most a tool loses when the request names none of its object's words. Chosen
under the ranking rule: 0.05 and 0.1 hold it (docs/search.md)."""
_DEPTH: Final = 30
_LONG: Final = 10
_LAST_PART: Final = re.compile(r"__|[./]")


@final
class ObjectWords:
    """Each tool's object words and their rarity, to weigh a long request against."""

    def __init__(self, names: Sequence[str], frequencies: Mapping[str, int]) -> None:
        numpy = require("numpy", "search")
        size = len(names)
        verbs = verb_stems()
        owners: dict[str, list[int]] = {}
        rarities: dict[str, float] = {}
        totals = numpy.zeros(size, dtype=numpy.float64)
        for position, name in enumerate(names):
            for word in dict.fromkeys(tokenize(_LAST_PART.split(name)[-1])):
                if word in verbs:
                    continue
                rarity = rarities.get(word)
                if rarity is None:
                    count = frequencies.get(word, 0)
                    rarity = rarities[word] = math.log1p((size - count + 0.5) / (count + 0.5))
                owners.setdefault(word, []).append(position)
                totals[position] += rarity
        # Per word, the tools whose objects have it and its rarity: a search adds a few.
        self._owners = {
            word: (numpy.array(positions, dtype=numpy.int64), rarities[word])
            for word, positions in owners.items()
        }
        self._totals = totals

    def apply(self, said: Collection[str], length: int, scores: Any) -> None:
        """Lower, in place, the first tools' `scores` by their object words not `said`.

        `length` is the request's number of words: a short request names few of a
        name's words, and is left as it is.
        """
        numpy = require("numpy", "search")
        if length <= _LONG or not len(scores):
            return
        depth = min(_DEPTH, len(scores))
        first = numpy.argpartition(-scores, depth - 1)[:depth]
        named = numpy.zeros(len(scores), dtype=numpy.float64)
        for word in said:
            found = self._owners.get(word)
            if found is not None:
                named[found[0]] += found[1]
        totals = self._totals[first]
        missing = numpy.zeros(depth, dtype=numpy.float64)
        numpy.divide(totals - named[first], totals, out=missing, where=totals > 0.0)
        scores[first] = scores[first] * (1.0 - _WEIGHT * missing)
