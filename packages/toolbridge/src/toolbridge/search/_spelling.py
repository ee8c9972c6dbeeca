"""Query words spelled the index's way: "emials" finds the tools that say "email".

A query word the index has never seen is replaced by the index's word one edit away
(a letter added, dropped, changed, or two swapped), the one in most tools when
several are. Edits are found by symmetric deletion (SymSpell): every word is stored
under itself with one letter removed, so a lookup is a few dictionary hits. The table
is built on the first unknown word, not before: most queries spell their words right.
Short words (under four letters) are left alone: one edit turns them into too many
others. Words the caller names as known (the everyday words search understands, such
as "grab", which became "grad") are never corrected.
"""

from __future__ import annotations

import threading
from collections.abc import Collection, Mapping, Sequence
from typing import Final, final

__all__ = ["Speller"]

_SHORTEST: Final = 4
_READ_KEPT: Final = 16_384


@final
class Speller:
    """Corrects words against a vocabulary with each word's document frequency."""

    def __init__(self, frequencies: Mapping[str, int], known: Collection[str] = ()) -> None:
        self._frequencies = frequencies
        self._known = frozenset(known)
        self._lock = threading.Lock()
        self._deletions: dict[str, tuple[str, ...]] | None = None
        self._read: dict[str, str | None] = {}  # unknown words as read before: names recur

    def correct(self, words: Sequence[str], keep: Collection[str] = ()) -> list[str]:
        """`words` with each unknown one replaced by its closest known word, if any.

        Words in `keep` (a request's names) are left as they are.
        """
        corrected: list[str] = []
        for word in words:
            if (
                word in self._frequencies
                or word in self._known
                or len(word) < _SHORTEST
                or word in keep
            ):
                corrected.append(word)
                continue
            corrected.append(self._closest(word) or word)
        return corrected

    def _closest(self, word: str) -> str | None:
        read = self._read
        if word in read:
            return read[word]
        if len(read) >= _READ_KEPT:
            read.clear()
        closest = read[word] = self._search(word)
        return closest

    def _search(self, word: str) -> str | None:
        deletions = self._table()
        candidates: set[str] = set(deletions.get(word, ()))
        for variant in _deleted(word):
            if variant in self._frequencies:
                candidates.add(variant)
            candidates.update(deletions.get(variant, ()))
        candidates = {candidate for candidate in candidates if _one_edit(word, candidate)}
        if not candidates:
            return None
        return max(sorted(candidates), key=lambda candidate: self._frequencies[candidate])

    def _table(self) -> dict[str, tuple[str, ...]]:
        """Every known word under each of its one-letter deletions, built once."""
        table = self._deletions
        if table is not None:
            return table
        with self._lock:
            if self._deletions is None:
                grouped: dict[str, list[str]] = {}
                for known in self._frequencies:
                    if len(known) >= _SHORTEST:
                        for variant in _deleted(known):
                            grouped.setdefault(variant, []).append(known)
                self._deletions = {key: tuple(value) for key, value in grouped.items()}
            return self._deletions


def _deleted(word: str) -> set[str]:
    """`word` with one letter removed, every way."""
    return {word[:index] + word[index + 1 :] for index in range(len(word))}


def _one_edit(word: str, other: str) -> bool:
    """Whether `other` is one insertion, deletion, substitution or adjacent swap away."""
    if word == other:
        return False
    if abs(len(word) - len(other)) > 1:
        return False
    if len(word) == len(other):
        differ = [index for index, (a, b) in enumerate(zip(word, other, strict=True)) if a != b]
        if len(differ) == 1:
            return True
        return (
            len(differ) == 2
            and differ[1] == differ[0] + 1
            and word[differ[0]] == other[differ[1]]
            and word[differ[1]] == other[differ[0]]
        )
    shorter, longer = (word, other) if len(word) < len(other) else (other, word)
    return any(longer[:index] + longer[index + 1 :] == shorter for index in range(len(longer)))
