r"""Where a word list may match: its literal prefixes, found in one pass.

A lexicon of a hundred patterns in a dozen languages is slow to run as one regular
expression over every string (no literal to skip ahead by). Each of its patterns
starts with a literal (after ``\b`` or a look-behind); `Prefixes` finds those
literals in one Aho-Corasick pass (`toolbridge.security._literals`), and the full
pattern is tried only where one starts. A pattern that starts with no literal is a
mistake in the list: it raises at import.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Final

from toolbridge.security._lazy import Lazy
from toolbridge.security._literals import Held, Literals, Starts, boundary

__all__ = [
    "Absent",
    "Family",
    "Gated",
    "Prefixes",
    "Present",
    "alternation",
    "holds",
    "lower",
    "searcher",
]

_SPACED: Final = str.maketrans("_-", "  ")

_LEAD: Final = re.compile(r"^(?:\\b|\(\?<[!=](?:\\.|[^()\\])*\))+")
"""What a pattern may start with before its literal: ``\\b``, a look-behind."""
_SPECIAL: Final = re.compile(r"[\\()\[\]?*+{}|.$^]")
_WORD: Final = re.compile(r"\w")
_LETTERS: Final = re.compile(r"\[[^\\\]^-]+\]")
"""A class of plain letters (``[oó]``): one literal each."""


def holds(text: str, words: Iterable[str]) -> bool:
    """Whether `text` holds one of `words` (a loop: ``any`` over a generator costs twice)."""
    for word in words:  # noqa: SIM110 (a loop: any() over a generator costs twice)
        if word in text:
            return True
    return False


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
    words = sorted(literals)
    return _branches(words, 0, len(words), 0)


def _branches(words: list[str], start: int, stop: int, depth: int) -> str:
    """The trie of ``words[start:stop]`` past their first `depth` letters (which they share).

    `words` is sorted and holds no word twice, so words sharing a letter at `depth` are
    neighbours, in the order of that letter; a word `depth` long comes first.
    """
    branches = []
    while start < stop:
        head = words[start][depth]
        end = start + 1
        while end < stop and words[end][depth] == head:
            end += 1
        if end - start == 1:  # one word: the rest of it, plain
            branches.append(re.escape(words[start][depth:]))
        else:
            ended = len(words[start]) == depth + 1  # a word ends at `head`
            first = start + 1 if ended else start
            tail = _branches(words, first, end, depth + 1)
            if ended:
                tail = f"(?:{tail})?"
            elif end - first > 1:
                tail = f"(?:{tail})"
            branches.append(re.escape(head) + tail)
        start = end
    return branches[0] if len(branches) == 1 else "|".join(branches)


def alternation(words: set[str] | frozenset[str]) -> str:
    """One regular expression (uncompiled) for any of `words` (plain text), prefixes factored."""
    return _trie(set(words))


class Present:
    """Which of some words a lowercase text holds, anywhere, found in one pass.

    Many gates of a few words each, asked of one text, cost a substring test per word;
    this finds them all at once (`Held`).
    """

    __slots__ = ("_held",)

    def __init__(self, words: Iterable[str]) -> None:
        frozen = frozenset(words)
        if "" in frozen:
            raise ValueError("the empty word is in every text: it gates nothing")
        self._held: Final = Held(frozen)

    def of(self, low: str) -> set[str]:
        """The words `low` holds."""
        return self._held.of(low)


_BOUNDED: Final = re.compile(r"\\b\w")
"""A pattern opening with ``\\b`` and a word character: it matches where a word starts."""


class Prefixes:
    r"""The patterns of some word lists, tried only where one of their literals starts.

    A pattern opening with ``\b`` and a letter can only match where a word starts: its
    literal is looked for there only. Several lists' literals are found in one pass by
    a `Family`.
    """

    __slots__ = ("_find", "_pattern", "anywhere", "starting")

    def __init__(self, *lists: tuple[str, ...]) -> None:
        words = [word for words in lists for word in words]
        literals = {_prefix(word) for word in words}
        self.anywhere: Final = frozenset(
            _prefix(word) for word in words if not _BOUNDED.match(word)
        )
        """Literals of patterns that may match inside a word."""
        self.starting: Final = frozenset(literals - self.anywhere)
        """Literals of patterns that match where a word starts only."""
        # built and compiled at their first use
        self._find: Final = Starts(self.starting, self.anywhere)
        self._pattern = Lazy("(?:" + "|".join(words) + ")", re.IGNORECASE)

    def found(self, low: str) -> bool:
        """Whether lowercase `low` holds one of the literals (a match may follow)."""
        return self._find.holds(low)

    def matches(self, low: str, at: Sequence[int] | None = None) -> Iterator[re.Match[str]]:
        """The patterns' matches in lowercase `low`, left to right, non-overlapping.

        `at`: where the literals start, ascending (a `Family`'s pass); None: found here.
        """
        if at is None:
            at = [literal.start() for literal in self._find.spans(low)]
        after = 0
        for start in at:
            if start < after:
                continue
            match = self._pattern.match(low, start)
            if match is not None:
                after = match.end()
                yield match


def _literals_of(members: tuple[Prefixes, ...]) -> set[str]:
    """Every literal of `members`."""
    return set().union(*(member.starting | member.anywhere for member in members))


class Family:
    r"""Where the literals of several `Prefixes` start, found in one pass over the text.

    Overlapping: every position where a literal of one of them starts (one that opens
    its pattern with ``\b`` only where a word starts), a superset of what each finds on
    its own.
    """

    __slots__ = ("_held", "_tables", "members")

    def __init__(self, *members: Prefixes) -> None:
        self.members: Final = members
        """The `Prefixes`, in the order `starts` answers for them."""
        every = _literals_of(members)
        self._held: Final = Held(every)
        # built at their first use
        self._tables: tuple[list[tuple[int, ...]], list[tuple[int, ...] | None]] | None = None

    def _owned(self) -> tuple[list[tuple[int, ...]], list[tuple[int, ...] | None]]:
        """Per literal, as `Held` numbers them: the members it opens at a word's start.

        And inside a word (None: none, it counts where a word starts only).
        """
        tables = self._tables
        if tables is None:
            members = self.members
            starting = [member.starting | member.anywhere for member in members]
            inside = [member.anywhere for member in members]
            literals = self._held.literals
            tables = self._tables = (
                [_owners(literal, starting) for literal in literals],
                [_owners(literal, inside) or None for literal in literals],
            )
        return tables

    def starts(self, low: str) -> list[list[int]]:
        """Per member, in order, where its literals start in lowercase `low`, ascending."""
        found: list[list[int]] = [[] for _ in self.members]
        places = self._held.found(low)
        if not places:
            return found
        start, inside = self._owned()
        opened: dict[int, set[int]] = {}
        for literal, at in places:
            owners = start[literal] if boundary(low, at) else inside[literal]
            if owners:
                opened.setdefault(at, set()).update(owners)
        for at in sorted(opened):
            for index in opened[at]:
                found[index].append(at)
        return found


def _owners(literal: str, sets: list[frozenset[str]]) -> tuple[int, ...]:
    """The indexes of the `sets` holding `literal`."""
    return tuple(index for index, words in enumerate(sets) if literal in words)


class Absent:
    """Whether lowercase text holds none of some words: one pass before many gates.

    The words are searched for in the text with ``_`` and ``-`` as spaces, each word both
    as given and spaced, so that one pass answers for the text before spacing too. The
    empty word is in every text.
    """

    __slots__ = ("_words",)

    def __init__(self, words: set[str] | frozenset[str]) -> None:
        self._words: Final = Literals(set(words) | {word.translate(_SPACED) for word in words})

    def of(self, spaced: str) -> bool:
        """True when `spaced` (lowercase, ``_`` and ``-`` as spaces) holds none of the words.

        None of them, spaced, is in it then, nor any of them in the text before spacing.
        """
        return not self._words.any(spaced)

    def each(self, spaced: Sequence[str]) -> list[bool]:
        """`of` of each of `spaced`, in one pass (`Literals.each`)."""
        return [not held for held in self._words.each(spaced)]


def _split(pattern: str) -> tuple[list[str], int]:
    """`pattern`'s top-level branches, up to its first unmatched ``)``, and where it ends.

    The end is ``len(pattern)`` when every group is closed.
    """
    depth, branches, start, index = 0, [], 0, 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            index += 2  # an escaped character: itself
            continue
        if char == "[":
            index = pattern.index("]", index + 2)  # a class holds no group and no branch
        elif char == "(":
            depth += 1
        elif char == ")" and not depth:
            break
        elif char == ")":
            depth -= 1
        elif char == "|" and not depth:
            branches.append(pattern[start:index])
            start = index + 1
        index += 1
    branches.append(pattern[start:index])
    return branches, index


def _heads(pattern: str, edge: bool = False) -> set[tuple[str, bool]]:
    r"""Literals one of which every match of `pattern` starts with, lowercase.

    Each top-level branch gives its literal; a branch opening with a group of
    alternatives (``\b(?:tell|warn)\b``) or a class of letters (``[oó]``) one per
    alternative, and with an optional one (``(?:the )?user``, ``ש?המשתמש``) those and
    the rest's. A branch with no literal (``\w+``) raises. Each literal comes with
    whether it matches only where a word starts (after ``\b``, `edge` when the text
    before `pattern` says so, and a letter).
    """
    heads: set[tuple[str, bool]] = set()
    for branch in _split(pattern)[0]:
        body = _LEAD.sub("", branch)
        bounded = edge or "\\b" in branch[: len(branch) - len(body)]
        if body.startswith("(?:"):
            inner, end = _split(body[3:])
            close = 3 + end  # the group's ")"
            if close >= len(body):
                raise ValueError(f"an unclosed group in {pattern!r}")
            first = {head for alternative in inner for head in _heads(alternative, bounded)}
            rest = body[close + 1 :]
        elif body.startswith("[") and _LETTERS.match(body):
            close = body.index("]")
            first = {
                (char.lower(), bounded and _WORD.match(char) is not None) for char in body[1:close]
            }
            rest = body[close + 1 :]
        elif body[1:2] == "?" and not _SPECIAL.match(body[0]):
            first, rest = _heads(body[0] + body[2:], bounded), body[1:]
        else:
            literal = _prefix(body)
            heads.add((literal, bounded and _WORD.match(literal) is not None))
            continue
        heads |= first
        if rest[:1] in ("?", "*", "{"):  # optional: a match may start with what follows
            after = rest.index("}") + 1 if rest[0] == "{" else 1
            heads |= _heads(rest[after + (rest[after : after + 1] == "?") :], bounded)
    return heads


class Gated:
    """One pattern of many alternatives, tried only where one of their literals starts.

    The same matches as ``re.compile("(?:" + "|".join(words) + ")", flags)`` (indexes
    into the text given; `flags` hold ``IGNORECASE``), found by one pass for the words'
    literal heads (`_heads`, overlapping; `Starts`) and the whole pattern tried at each:
    an alternation with ``IGNORECASE`` has no literal prefix for the regex engine to skip
    ahead by, and tries every alternative at every position.
    """

    __slots__ = ("_at", "_pattern")

    def __init__(self, words: tuple[str, ...], flags: int = re.IGNORECASE) -> None:
        if not flags & re.IGNORECASE or any("(?-i" in word for word in words):
            raise ValueError("a Gated pattern reads lowercase text: IGNORECASE throughout")
        heads = {head for word in words for head in _heads(word)}
        starting = {literal for literal, bounded in heads if bounded}
        anywhere = {literal for literal, bounded in heads if not bounded}
        # built and compiled at their first use
        self._at: Final = Starts(starting, anywhere)
        self._pattern = Lazy("(?:" + "|".join(words) + ")", flags)

    def search(self, text: str, pos: int = 0) -> re.Match[str] | None:
        """The first match in `text` from `pos`, as ``pattern.search``; groups lowercase.

        `finditer`'s first, without a generator (this runs on every string read).
        """
        low = lower(text)
        for at in self._at.places(low, pos):
            match = self._pattern.match(low, at)
            if match is not None:
                return match
        return None

    def finditer(self, text: str, pos: int = 0) -> Iterator[re.Match[str]]:
        """The matches in `text` from `pos`, left to right, non-overlapping (lowercase)."""
        low = lower(text)
        after = pos
        for at in self._at.places(low, pos):
            if at < after:
                continue
            match = self._pattern.match(low, at)
            if match is not None:
                after = match.end() if match.end() > match.start() else match.end() + 1
                yield match


def searcher(pattern: str, flags: int = re.IGNORECASE) -> Gated | Lazy:
    """`pattern` as a `Gated` when its every branch starts with literals; else as is.

    Either is compiled at its first use.
    """
    try:
        return Gated((pattern,), flags)
    except ValueError:
        return Lazy(pattern, flags)
