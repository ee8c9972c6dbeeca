"""A concept's words found in text: stems at a word's start where words are spaced.

`toolbridge.security._concept_words` holds the vocabularies; `Concept` compiles one (or a
union) into a single search, used by the override and ask readers
(`toolbridge.security._concept_overrides`, `toolbridge.security._concept_asks`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Final

from toolbridge.security._gates import either
from toolbridge.security._lazy import Lazy

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

    One alternation of plain literals (factored into a trie), its ASCII part alone for
    ASCII text; a word's start is a word boundary, which fails fast elsewhere, and a
    whole word's end is checked on each match. Each is built and compiled at its first
    use: a scan uses a fraction of the concepts.
    """

    __slots__ = ("_all", "_ascii", "_whole")

    def __init__(self, words: Iterable[str], *, compounds: bool = False) -> None:
        listed = set(words)
        stems = {word.removesuffix("=") for word in listed}
        self._whole = frozenset(word[:-1] for word in listed if word.endswith("="))
        bounded = set() if compounds else {stem for stem in stems if _bounded(stem)}
        self._all = Lazy(lambda: either(bounded, stems - bounded))
        ascii_stems = {stem for stem in stems if stem.isascii()}
        self._ascii = (
            Lazy(lambda: either(bounded & ascii_stems, ascii_stems - bounded))
            if ascii_stems
            else None
        )

    def finditer(
        self, text: str, pos: int = 0, endpos: int | None = None
    ) -> Iterator[re.Match[str]]:
        """The concept's words in `text[pos:endpos]`, left to right."""
        pattern = self._all if not text.isascii() else self._ascii
        if pattern is None:
            return
        end = len(text) if endpos is None else min(endpos, len(text))
        whole = self._whole
        for match in pattern.finditer(text, pos, end):
            if whole and self._inside(text, match):
                continue
            yield match

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        """The concept's first word in `text[pos:endpos]`, or None.

        As ``next(self.finditer(...), None)``, without a generator: most searches find
        nothing, and this runs some hundred times per tool.
        """
        pattern = self._all if not text.isascii() else self._ascii
        if pattern is None:
            return None
        end = len(text) if endpos is None else min(endpos, len(text))
        match = pattern.search(text, pos, end)
        if self._whole:
            while match is not None and self._inside(text, match):
                match = pattern.search(text, match.end(), end)  # where finditer goes on
        return match

    def _inside(self, text: str, match: re.Match[str]) -> bool:
        """Whether `match` is a whole word of the concept's that goes on in `text`."""
        after = match.end()
        return after < len(text) and match.group() in self._whole and _word(text[after])

    def holds(self, word: str) -> bool:
        """Whether `word` is one of the concept's words (or starts with one of its stems)."""
        found = self.search(word)
        return found is not None and found.start() == 0
