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
        size = len(names)
        verbs = verb_stems()
        self._objects: list[tuple[tuple[str, float], ...]] = []
        for name in names:
            words = dict.fromkeys(tokenize(_LAST_PART.split(name)[-1]))
            self._objects.append(
                tuple(
                    (word, math.log1p((size - count + 0.5) / (count + 0.5)))
                    for word in words
                    if word not in verbs
                    for count in (frequencies.get(word, 0),)
                )
            )

    def apply(self, said: Collection[str], length: int, scores: Any) -> None:
        """Lower, in place, the first tools' `scores` by their object words not `said`.

        `length` is the request's number of words: a short one is left as it is.
        """
        numpy = require("numpy", "search")
        if length <= _LONG or not len(scores):
            return
        depth = min(_DEPTH, len(scores))
        first = numpy.argpartition(-scores, depth - 1)[:depth]
        for position in first.tolist():
            if scores[position] <= 0.0:
                continue
            words = self._objects[position]
            total = sum(rarity for _, rarity in words)
            if total > 0.0:
                missing = sum(rarity for word, rarity in words if word not in said)
                scores[position] *= 1.0 - _WEIGHT * missing / total
