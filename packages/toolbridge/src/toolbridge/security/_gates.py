r"""Where a word list may match: its literal prefixes, found in one search.

A lexicon of a hundred patterns in a dozen languages is slow to run as one regular
expression over every string (no literal to skip ahead by). Each of its patterns
starts with a literal (after ``\b`` or a look-behind); `Prefixes` finds those
literals with one alternation of plain strings, and the full pattern is tried only
where one starts. A pattern that starts with no literal is a mistake in the list:
it raises at import.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

__all__ = ["Absent", "Prefixes", "alternation", "literals", "lower"]

_SPACED: Final = str.maketrans("_-", "  ")

_LEAD: Final = re.compile(r"^(?:\\b|\(\?<[!=](?:\\.|[^()\\])*\))+")
"""What a pattern may start with before its literal: ``\\b``, a look-behind."""
_SPECIAL: Final = re.compile(r"[\\()\[\]?*+{}|.$^]")


def lower(value: str) -> str:
    """`value` in lowercase, letter for letter (so that indexes into it are `value`'s)."""
    low = value.lower()
    if len(low) == len(value):
        return low
    return "".join(char if len(char.lower()) != 1 else char.lower() for char in value)


def _prefix(pattern: str) -> str:
    """The literal `pattern` starts with, lowercase (a quantified last letter left out)."""
    body = _LEAD.sub("", pattern)
    literal = ""
    index = 0
    while index < len(body):
        char = body[index]
        if char == "\\" and index + 1 < len(body) and not body[index + 1].isalnum():
            literal += body[index + 1]  # an escaped punctuation mark: itself
            index += 2
            continue
        if _SPECIAL.match(char):
            if char in "?*{":
                literal = literal[:-1]  # the quantified letter may be absent
            break
        literal += char
        index += 1
    if not literal:
        raise ValueError(f"no literal at the start of {pattern!r}")
    return literal.lower()


def _trie(literals: set[str]) -> str:
    """One pattern for `literals`, their common prefixes factored out.

    The regex engine then tries one branch per first letter at each position, not one
    per literal.
    """
    heads: dict[str, set[str]] = {}
    for literal in literals:
        heads.setdefault(literal[0], set()).add(literal[1:])
    branches = []
    for head in sorted(heads):
        rests = heads[head]
        ended = "" in rests
        rests.discard("")
        tail = _trie(rests) if rests else ""
        if tail and ended:
            tail = f"(?:{tail})?"
        elif tail and len(rests) > 1:
            tail = f"(?:{tail})"
        branches.append(re.escape(head) + tail)
    return branches[0] if len(branches) == 1 else "|".join(branches)


def alternation(words: set[str] | frozenset[str]) -> str:
    """One regular expression (uncompiled) for any of `words` (plain text), prefixes factored."""
    return _trie(set(words))


def literals(words: set[str] | frozenset[str]) -> re.Pattern[str]:
    """One search for any of `words` (plain text, lowercase): a gate before many patterns."""
    return re.compile(_trie(set(words)))


class Prefixes:
    """The patterns of some word lists, tried only where one of their literals starts."""

    __slots__ = ("_ascii", "_find", "_pattern")

    def __init__(self, *lists: tuple[str, ...]) -> None:
        words = [word for words in lists for word in words]
        literals = {_prefix(word) for word in words}
        self._find = re.compile(_trie(literals))
        self._ascii = re.compile(_trie({text for text in literals if text.isascii()}))
        self._pattern = re.compile("(?:" + "|".join(words) + ")", re.IGNORECASE)

    def found(self, low: str) -> bool:
        """Whether lowercase `low` holds one of the literals (a match may follow)."""
        return (self._ascii if low.isascii() else self._find).search(low) is not None

    def matches(self, low: str) -> Iterator[re.Match[str]]:
        """The patterns' matches in lowercase `low`, left to right, non-overlapping."""
        after = 0
        for literal in (self._ascii if low.isascii() else self._find).finditer(low):
            if literal.start() < after:
                continue
            match = self._pattern.match(low, literal.start())
            if match is not None:
                after = match.end()
                yield match


class Absent:
    """Whether lowercase text holds none of some words: one search before many gates.

    The words are searched for in the text with ``_`` and ``-`` as spaces, each word both
    as given and spaced, so that one search answers for the text before spacing too. An
    ASCII text is searched for the ASCII words only. The empty word is in every text.
    """

    __slots__ = ("_all", "_ascii")

    def __init__(self, words: set[str] | frozenset[str]) -> None:
        every = set(words) | {word.translate(_SPACED) for word in words}
        self._all = None if "" in every else literals(every)
        ascii_words = {word for word in every if word.isascii()}
        self._ascii = None if "" in every or not ascii_words else literals(ascii_words)

    def of(self, spaced: str) -> bool:
        """True when `spaced` (lowercase, ``_`` and ``-`` as spaces) holds none of the words.

        None of them, spaced, is in it then, nor any of them in the text before spacing.
        """
        if spaced.isascii():
            if self._ascii is None:
                return self._all is not None
            return self._ascii.search(spaced) is None
        return self._all is not None and self._all.search(spaced) is None
