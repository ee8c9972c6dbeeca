r"""Where literal words start in a text: one Aho-Corasick pass, with word starts.

The scan's gates ask, of nearly every string, whether and where some of a few hundred
literals start; some count only where a word starts (after ``\b``). A regular
expression for them tries its alternatives at every character; an Aho-Corasick
automaton (``ahocorasick-rs``) reads the text once whatever their number, and the word
starts are checked on what it finds, which is little. Each automaton is built at its
first use: a scan uses a fraction of them.

The answers are those of the regular expressions they replace, character for
character: ``\b(?:starting)|anywhere`` for `Starts.first` and `Starts.spans` (at the
leftmost place, a starting literal where a word starts, else one found anywhere, the
longest that fits), and the places of ``\b(?=starting)|(?=anywhere)`` for
`Starts.places`. A text is lowercase where its literals are.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar, Final, TypeAlias

if TYPE_CHECKING:
    from ahocorasick_rs import AhoCorasick

__all__ = ["Held", "Literals", "Starts", "boundary", "joined"]

_SPAN: Final = re.compile(r".+", re.DOTALL)
"""``_SPAN.match(text, start, end)``: the match object of ``text[start:end]``."""
_SURROGATE: Final = re.compile("[\ud800-\udfff]")
_Ends: TypeAlias = Mapping[int, tuple[list[int], list[int]]]
"""Per place a literal starts: the ends of those found where a word starts, and anywhere."""
_NOWHERE: Final[tuple[int, ...]] = ()
_NO_ENDS: Final[_Ends] = MappingProxyType({})
"""`Starts._read`'s answer for a text holding no literal (most), shared and read-only."""


def _automaton(literals: Iterable[str], *, overlapping: bool) -> AhoCorasick:
    """An automaton for `literals` (non-empty, none empty), built now."""
    # imported here: at the scan's first search, not when the scan is imported
    from ahocorasick_rs import AhoCorasick, MatchKind

    kind = MatchKind.Standard if overlapping else MatchKind.LeftmostFirst
    # the default automaton (an NFA): a DFA read large sets a third faster in isolation,
    # but the scan's were 280 MB in all, and a scan no faster than 1.5%
    return AhoCorasick(list(literals), matchkind=kind)


def _encodable(text: str) -> str:
    """`text` with each lone surrogate (which UTF-8 cannot encode) as U+FFFD.

    The automaton reads UTF-8; no literal holds either character, and the indexes stay
    `text`'s. Called only when reading `text` raised.
    """
    return _SURROGATE.sub("\ufffd", text)


def joined(texts: Sequence[str]) -> tuple[str, list[int]]:
    """`texts` as one text, each after a line break, and where each starts in it.

    For one search of them all, by words none of which holds a line break: no match
    spans two texts, a line break ends a word as a text's end does, and a match at
    ``at`` is in text ``bisect_right(starts, at) - 1``.
    """
    starts: list[int] = []
    at = 0
    for text in texts:
        starts.append(at)
        at += len(text) + 1
    return "\n".join(texts), starts


def _each(
    automaton: AhoCorasick, texts: Sequence[str], *, overlapping: bool
) -> list[list[tuple[int, int, int]]]:
    """The automaton's matches in each of `texts` (`joined`), at each one's own indexes.

    No literal may hold a line break (the caller checks).
    """
    text, starts = joined(texts)
    try:
        found = automaton.find_matches_as_indexes(text, overlapping=overlapping)
    except UnicodeEncodeError:
        found = automaton.find_matches_as_indexes(_encodable(text), overlapping=overlapping)
    each: list[list[tuple[int, int, int]]] = [[] for _ in texts]
    for index, start, end in found:
        part = bisect_right(starts, start) - 1
        offset = starts[part]
        each[part].append((index, start - offset, end - offset))
    return each


def _word(char: str) -> bool:
    r"""Whether `char` is a word character, as ``\w`` in a regular expression of text."""
    return char.isalnum() or char == "_"


def boundary(text: str, at: int) -> bool:
    r"""Whether ``\b`` holds at `at` in `text`: a word character on one side only."""
    before = at > 0 and _word(text[at - 1])
    return before != (at < len(text) and _word(text[at]))


class _Searched:
    """Some literals (`_sorted`, none empty) and their automaton, built at its first use."""

    __slots__ = ("_automaton", "_sorted")
    _OVERLAPPING: ClassVar[bool] = True
    """Whether the automaton finds every place (overlaps too), or the leftmost only."""

    def __init__(self, literals: Iterable[str]) -> None:
        self._sorted: Final = tuple(sorted(set(literals) - {""}))
        self._automaton: AhoCorasick | None = None

    def _built(self) -> AhoCorasick:
        automaton = self._automaton
        if automaton is None:
            automaton = self._automaton = _automaton(self._sorted, overlapping=self._OVERLAPPING)
        return automaton


class Literals(_Searched):
    """Whether a text holds one of some literals, anywhere: one pass.

    The empty literal is in every text.
    """

    __slots__ = ("_every", "_joins")
    _OVERLAPPING: ClassVar[bool] = False

    def __init__(self, literals: Iterable[str]) -> None:
        listed = set(literals)
        super().__init__(listed)
        self._every: Final = "" in listed
        self._joins: Final = not any("\n" in literal for literal in self._sorted)
        """No literal holds a line break: texts joined by one are read in one pass."""

    def any(self, text: str) -> bool:
        """Whether `text` holds one of the literals."""
        if self._every:
            return True
        if not self._sorted:
            return False
        automaton = self._built()
        try:
            return bool(automaton.find_matches_as_indexes(text))
        except UnicodeEncodeError:
            return bool(automaton.find_matches_as_indexes(_encodable(text)))

    def each(self, texts: Sequence[str]) -> list[bool]:
        """`any` of each of `texts`, in one pass over them joined by line breaks.

        A match never spans a line break (no literal holds one), and one is found in
        every text that holds a literal: the pass goes on after each match.
        """
        if self._every or not self._sorted or not self._joins or len(texts) < 2:
            return [self.any(text) for text in texts]
        return [bool(found) for found in _each(self._built(), texts, overlapping=False)]


class Held(_Searched):
    """Every place one of some literals (none empty) starts in a text, overlaps included."""

    __slots__ = ()

    def __init__(self, literals: Iterable[str]) -> None:
        listed = set(literals)
        if "" in listed:
            raise ValueError("the empty literal is everywhere: it tells nothing")
        super().__init__(listed)

    @property
    def literals(self) -> tuple[str, ...]:
        """The literals, in the order `found` numbers them."""
        return self._sorted

    def found(self, text: str) -> list[tuple[int, int]]:
        """``(literal's index in `literals`, where it starts)`` for each place, unordered."""
        if not self._sorted:
            return []
        automaton = self._built()
        try:
            found = automaton.find_matches_as_indexes(text, overlapping=True)
        except UnicodeEncodeError:
            found = automaton.find_matches_as_indexes(_encodable(text), overlapping=True)
        return [(index, start) for index, start, _ in found]

    def of(self, text: str) -> set[str]:
        """The literals `text` holds."""
        literals = self._sorted
        return {literals[index] for index, _ in self.found(text)}


class Starts(_Searched):
    r"""Literals found where a word starts (`starting`) or anywhere (`anywhere`).

    ``\b`` is checked where the automaton finds a starting literal: a word character on
    one side only. The last text read is kept, with where its literals start: a reader
    asks the same text again from further on.
    """

    __slots__ = ("_kinds", "_last")

    def __init__(self, starting: Iterable[str], anywhere: Iterable[str]) -> None:
        kinds: dict[str, int] = {}
        for literal in starting:
            kinds[literal] = kinds.get(literal, 0) | 1
        for literal in anywhere:
            kinds[literal] = kinds.get(literal, 0) | 2
        if "" in kinds:
            raise ValueError("the empty literal starts everywhere: it finds nothing")
        super().__init__(kinds)
        self._kinds: Final = tuple(kinds[literal] for literal in self._sorted)
        """Per literal: 1 where a word starts, 2 anywhere, 3 both."""
        self._last: tuple[str, Sequence[int], _Ends] | None = None

    def _grouped(self, found: list[tuple[int, int, int]]) -> tuple[Sequence[int], _Ends]:
        """Where literals start, ascending; per place, the ends of each kind."""
        ends: dict[int, tuple[list[int], list[int]]] = {}
        kinds = self._kinds
        for index, start, end in found:
            entry = ends.get(start)
            if entry is None:
                entry = ends[start] = ([], [])
            kind = kinds[index]
            if kind & 1:
                entry[0].append(end)
            if kind & 2:
                entry[1].append(end)
        return sorted(ends), ends

    def _read(self, text: str) -> tuple[Sequence[int], _Ends]:
        """Where literals start in `text`, ascending; per place, the ends of each kind."""
        last = self._last
        if last is not None and last[0] is text:
            return last[1], last[2]
        found: list[tuple[int, int, int]] = []
        if self._sorted:
            automaton = self._built()
            try:
                found = automaton.find_matches_as_indexes(text, overlapping=True)
            except UnicodeEncodeError:
                found = automaton.find_matches_as_indexes(_encodable(text), overlapping=True)
        if not found:  # most texts: nothing to group (one shared, read-only answer)
            self._last = (text, _NOWHERE, _NO_ENDS)
            return _NOWHERE, _NO_ENDS
        places, ends = self._grouped(found)
        self._last = (text, places, ends)
        return places, ends

    @staticmethod
    def _end(text: str, start: int, ends: tuple[list[int], list[int]], stop: int) -> int:
        """The end of the literal a match at `start` takes (-1: none fits before `stop`)."""
        starting, anywhere = ends
        if starting and boundary(text, start):
            fit = [end for end in starting if end <= stop]
            if fit:
                return max(fit)
        fit = [end for end in anywhere if end <= stop]
        return max(fit) if fit else -1

    def first(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        """The first literal in ``text[pos:endpos]``, as ``re.search`` finds it."""
        found = self._spans(text, pos, endpos, first=True)
        return found[0] if found else None

    def holds(self, text: str) -> bool:
        """Whether `text` holds a literal where it counts."""
        places, ends = self._read(text)
        for start in places:  # noqa: SIM110 (a loop: any() over a generator costs twice)
            if ends[start][1] or boundary(text, start):
                return True
        return False

    def spans(self, text: str, pos: int = 0, endpos: int | None = None) -> list[re.Match[str]]:
        """The literals in ``text[pos:endpos]``, left to right, as ``re.finditer`` finds them."""
        return self._spans(text, pos, endpos, first=False)

    def _spans(
        self, text: str, pos: int, endpos: int | None, *, first: bool
    ) -> list[re.Match[str]]:
        """`spans`, or its first only (a list, not a generator: this runs on every string)."""
        stop = len(text) if endpos is None else min(endpos, len(text))
        places, ends = self._read(text)
        found: list[re.Match[str]] = []
        after = pos
        for start in places:
            if start < after:
                continue
            if start >= stop:
                break
            end = self._end(text, start, ends[start], stop)
            if end >= 0:
                match = _SPAN.match(text, start, end)
                if match is not None:
                    found.append(match)
                    if first:
                        break
                after = end
        return found

    def places(self, text: str, pos: int = 0) -> list[int]:
        """Where a literal starts from `pos`: a starting one where a word starts, ascending."""
        places, ends = self._read(text)
        return [
            start for start in places if start >= pos and (ends[start][1] or boundary(text, start))
        ]
