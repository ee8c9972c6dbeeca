"""A concept's words found in text: stems at a word's start where words are spaced.

`toolbridge.security._concept_words` holds the vocabularies; `Concept` compiles one (or a
union) into a single search, used by the override and ask readers
(`toolbridge.security._concept_overrides`, `toolbridge.security._concept_asks`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Final

from toolbridge.security._literals import Starts

__all__ = ["SHORT", "Concept"]

SHORT: Final = 240
"""Characters of a field's description read as one thought: a short one is one sentence."""


def _bounded(stem: str) -> bool:
    """Whether `stem` starts with a letter of a script that spaces its words.

    Not a sign (``~/.ssh``, ``$(env)``): no word boundary comes before one after a blank.
    """
    first = stem[0]
    if first.isascii():
        return _word(first)
    return "\u00c0" <= first <= "\u052f" or "\u1e00" <= first <= "\u1eff"


def _word(char: str) -> bool:
    return char.isalnum() or char == "_"


class Concept:
    """A search for any word of a concept: stems at a word's start where words are spaced.

    Plain literals found in one pass (`Starts`), a word's start checked where one is
    found, and a whole word's end on each match. Each is built at its first use: a scan
    uses a fraction of the concepts.
    """

    __slots__ = ("_all", "_whole")

    def __init__(self, words: Iterable[str], *, compounds: bool = False) -> None:
        listed = set(words)
        stems = {word.removesuffix("=") for word in listed}
        self._whole = frozenset(word[:-1] for word in listed if word.endswith("="))
        bounded = set() if compounds else {stem for stem in stems if _bounded(stem)}
        self._all: Final = Starts(bounded, stems - bounded)

    def finditer(
        self, text: str, pos: int = 0, endpos: int | None = None
    ) -> Iterator[re.Match[str]]:
        """The concept's words in `text[pos:endpos]`, left to right."""
        whole = self._whole
        for match in self._all.spans(text, pos, endpos):
            if whole and self._inside(text, match):
                continue
            yield match

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        """The concept's first word in `text[pos:endpos]`, or None.

        As ``next(self.finditer(...), None)``, without a generator: most searches find
        nothing, and this runs some hundred times per tool.
        """
        stems = self._all
        match = stems.first(text, pos, endpos)
        if self._whole:
            while match is not None and self._inside(text, match):
                match = stems.first(text, match.end(), endpos)  # where finditer goes on
        return match

    def _inside(self, text: str, match: re.Match[str]) -> bool:
        """Whether `match` is a whole word of the concept's that goes on in `text`."""
        after = match.end()
        return after < len(text) and match.group() in self._whole and _word(text[after])

    def holds(self, word: str) -> bool:
        """Whether `word` is one of the concept's words (or starts with one of its stems)."""
        found = self.search(word)
        return found is not None and found.start() == 0
