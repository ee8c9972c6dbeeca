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
from collections.abc import Iterable, Iterator, Set
from typing import Final

from toolbridge.security._lazy import Lazy, Split

__all__ = [
    "Absent",
    "Family",
    "Gated",
    "Prefixes",
    "Present",
    "alternation",
    "either",
    "holds",
    "literals",
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


def literals(words: set[str] | frozenset[str]) -> Lazy:
    """One search for any of `words` (plain text, lowercase): a gate before many patterns.

    Built and compiled at its first use.
    """
    frozen = frozenset(words)
    return Lazy(lambda: _trie(set(frozen)))


class Present:
    """Which of some words a lowercase text holds, anywhere, found in one search.

    Many gates of a few words each, asked of one text, cost a substring test per word;
    this finds, at each position, the longest word starting there (one overlapping
    search for a trie of them all), and every word that is a prefix of it starts there
    too. Built and compiled at its first use.
    """

    __slots__ = ("_find", "_owned", "_words")

    def __init__(self, words: Iterable[str]) -> None:
        frozen = frozenset(words)
        if "" in frozen:
            raise ValueError("the empty word is in every text: it gates nothing")
        self._words: Final = frozen
        self._find = Lazy(lambda: f"(?=({_trie(set(frozen))}))" if frozen else "(?!)")
        self._owned: dict[str, frozenset[str]] = {}
        """Per longest word found, the words that are its prefixes (itself among them)."""

    def of(self, low: str) -> set[str]:
        """The words `low` holds."""
        found: set[str] = set()
        for literal in set(self._find.findall(low)):
            owned = self._owned.get(literal)
            if owned is None:
                words = self._words
                owned = frozenset(
                    literal[:end] for end in range(1, len(literal) + 1) if literal[:end] in words
                )
                self._owned[literal] = owned
            found |= owned
        return found


_BOUNDED: Final = re.compile(r"\\b\w")
"""A pattern opening with ``\\b`` and a word character: it matches where a word starts."""


def either(starting: Set[str], anywhere: Set[str]) -> str:
    r"""One search for `starting` where a word starts (``\b``) and `anywhere` anywhere.

    The regex engine tries its alternatives at every position; inside a word (most
    positions) ``\b`` fails at once.
    """
    parts = ([rf"\b(?:{_trie(set(starting))})"] if starting else []) + (
        [_trie(set(anywhere))] if anywhere else []
    )
    if not anywhere:
        return "|".join(parts) if parts else "(?!)"
    # where none of `anywhere` is, the search for `starting` alone
    return Split("|".join(parts), parts[0] if starting else "(?!)", _anchored(set(anywhere)))


class Prefixes:
    r"""The patterns of some word lists, tried only where one of their literals starts.

    A pattern opening with ``\b`` and a letter can only match where a word starts: its
    literal is looked for there only. Several lists' literals are found in one pass by
    a `Family`.
    """

    __slots__ = ("_ascii", "_find", "_pattern", "anywhere", "starting")

    def __init__(self, *lists: tuple[str, ...]) -> None:
        words = [word for words in lists for word in words]
        literals = {_prefix(word) for word in words}
        self.anywhere: Final = frozenset(
            _prefix(word) for word in words if not _BOUNDED.match(word)
        )
        """Literals of patterns that may match inside a word."""
        self.starting: Final = frozenset(literals - self.anywhere)
        """Literals of patterns that match where a word starts only."""
        # compiled at their first use
        self._find = Lazy(lambda: either(self.starting, self.anywhere))
        self._ascii = Lazy(
            lambda: either(
                {text for text in self.starting if text.isascii()},
                {text for text in self.anywhere if text.isascii()},
            )
        )
        self._pattern = Lazy("(?:" + "|".join(words) + ")", re.IGNORECASE)

    def found(self, low: str) -> bool:
        """Whether lowercase `low` holds one of the literals (a match may follow)."""
        return (self._ascii if low.isascii() else self._find).search(low) is not None

    def matches(self, low: str, at: list[int] | None = None) -> Iterator[re.Match[str]]:
        """The patterns' matches in lowercase `low`, left to right, non-overlapping.

        `at`: where the literals start, ascending (a `Family`'s pass); None: found here.
        """
        if at is None:
            finder = self._ascii if low.isascii() else self._find
            at = [literal.start() for literal in finder.finditer(low)]
        after = 0
        for start in at:
            if start < after:
                continue
            match = self._pattern.match(low, start)
            if match is not None:
                after = match.end()
                yield match


def _literal_sets(members: tuple[Prefixes, ...]) -> tuple[set[str], set[str]]:
    """Every literal of `members`, and those that may match inside a word."""
    every = set().union(*(member.starting | member.anywhere for member in members))
    loose = set().union(*(member.anywhere for member in members))
    return every, loose


class Family:
    r"""Where the literals of several `Prefixes` start, found in one pass over the text.

    Overlapping: every position where a literal of one of them starts (one that opens
    its pattern with ``\b`` only where a word starts), a superset of what each finds on
    its own.
    """

    __slots__ = (
        "_ascii",
        "_find",
        "_loose",
        "_loose_ascii",
        "_starting",
        "_starting_ascii",
        "_tables",
        "members",
    )

    def __init__(self, *members: Prefixes) -> None:
        self.members: Final = members
        """The `Prefixes`, in the order `starts` answers for them."""
        every, loose = _literal_sets(members)
        # built and compiled at their first use
        self._tables: tuple[dict[str, tuple[int, ...]], dict[str, tuple[int, ...]]] | None = None
        every_ascii = {t for t in every if t.isascii()}
        loose_ascii = {t for t in loose if t.isascii()}
        self._find = Lazy(lambda: _overlapping(every, loose))
        self._ascii = Lazy(lambda: _overlapping(every_ascii, loose_ascii))
        # where none of `loose` is (most texts), the search for word starts alone: the
        # regex engine tries a look-ahead for `loose` at every character
        self._loose = Lazy(lambda: _anchored(loose) if loose else "(?!)")
        self._loose_ascii = Lazy(lambda: _anchored(loose_ascii) if loose_ascii else "(?!)")
        self._starting = Lazy(lambda: _overlapping(every, set()))
        self._starting_ascii = Lazy(lambda: _overlapping(every_ascii, set()))

    def _owned(self) -> tuple[dict[str, tuple[int, ...]], dict[str, tuple[int, ...]]]:
        """Per literal, the members it opens: where a word starts, and inside one."""
        tables = self._tables
        if tables is None:
            members = self.members
            every, loose = _literal_sets(members)
            starting = [member.starting | member.anywhere for member in members]
            inside = [member.anywhere for member in members]
            tables = self._tables = (
                {literal: _owners(literal, starting) for literal in every},
                {literal: _owners(literal, inside) for literal in loose},
            )
        return tables

    def starts(self, low: str) -> list[list[int]]:
        """Per member, in order, where its literals start in lowercase `low`, ascending."""
        found: list[list[int]] = [[] for _ in self.members]
        start, inside = self._owned()
        if low.isascii():
            find = self._ascii if self._loose_ascii.search(low) else self._starting_ascii
        else:
            find = self._find if self._loose.search(low) else self._starting
        for head in find.finditer(low):
            literal = head.group(head.lastindex or 0)
            owners = (start if head.lastgroup == "start" else inside)[literal]
            for index in owners:
                found[index].append(head.start())
        return found


def _owners(literal: str, sets: list[frozenset[str]]) -> tuple[int, ...]:
    """The indexes of the `sets` holding `literal` or one of its prefixes."""
    return tuple(
        index
        for index, words in enumerate(sets)
        if any(literal[:length] in words for length in range(1, len(literal) + 1))
    )


def _overlapping(every: set[str], loose: set[str]) -> str:
    """Every position where a word of `every` starts a word, or one of `loose` starts.

    Group ``start``: the longest of `every` there (a word starts there); ``inside``: the
    longest of `loose` (inside a word).
    """
    parts = ([rf"\b(?=(?P<start>{_trie(every)}))"] if every else []) + (
        [f"(?=(?P<inside>{_trie(loose)}))"] if loose else []
    )
    return "|".join(parts) if parts else "(?!)"


_FREQUENT: Final = " etaoinsrhldcumfpgwybvkxjqz"
"""Blank and the English letters, most frequent first: a word's rarest letter by this
order is where `_anchored` looks for it."""
_RANK: Final = {char: len(_FREQUENT) - index for index, char in enumerate(_FREQUENT)}
"""Per letter, how often it is met (higher: more often); another ASCII character is rarer
than most letters, a character past ASCII rarer still."""


def _frequency(char: str) -> int:
    """How often `char` is met in text, roughly (`_RANK`; 0 past ASCII)."""
    return _RANK.get(char, 5 if char.isascii() else 0)


def _anchored(words: set[str] | frozenset[str]) -> str:
    """A pattern that matches somewhere in a text iff one of `words` (non-empty) is in it.

    For `Absent`, which asks only whether: a match's span is not a word's. Each word is
    looked for at its rarest character (`_frequency`), the rest checked around it (what
    follows as literals, the whole word by a look-behind), so that the regex engine skips
    at C speed the many characters no word is anchored on; a trie of the words tries
    nearly every character of a text.
    """
    groups: dict[str, list[tuple[str, str]]] = {}
    for word in sorted(words):
        at = min(range(len(word)), key=lambda index: (_frequency(word[index]), index))
        groups.setdefault(word[at], []).append((word[:at], word[at + 1 :]))
    branches: list[str] = []
    for anchor, parts in sorted(groups.items()):
        starting = {after for before, after in parts if not before}
        if "" in starting:  # the anchor is a word: found wherever it is
            branches.append(re.escape(anchor))
            continue
        inner = [_trie(starting)] if starting else []
        inner += [
            re.escape(after) + f"(?<={re.escape(before + anchor + after)})"
            for after, before in sorted({(after, before) for before, after in parts if before})
            if after
        ]
        inner += [
            f"(?<={re.escape(before + anchor)})"
            for before in sorted({before for before, after in parts if before and not after})
        ]
        branches.append(f"{re.escape(anchor)}(?:{'|'.join(inner)})")
    return "|".join(branches)


class Absent:
    """Whether lowercase text holds none of some words: one search before many gates.

    The words are searched for in the text with ``_`` and ``-`` as spaces, each word both
    as given and spaced, so that one search answers for the text before spacing too. An
    ASCII text is searched for the ASCII words only. The empty word is in every text.
    The search looks for each word at its rarest letter (`_anchored`).
    """

    __slots__ = ("_all", "_ascii")

    def __init__(self, words: set[str] | frozenset[str]) -> None:
        every = frozenset(words) | {word.translate(_SPACED) for word in words}
        ascii_words = frozenset(word for word in every if word.isascii())
        # compiled at their first use
        self._all = None if "" in every else Lazy(lambda: _anchored(every))
        self._ascii = (
            None if "" in every or not ascii_words else Lazy(lambda: _anchored(ascii_words))
        )

    def of(self, spaced: str) -> bool:
        """True when `spaced` (lowercase, ``_`` and ``-`` as spaces) holds none of the words.

        None of them, spaced, is in it then, nor any of them in the text before spacing.
        """
        if spaced.isascii():
            if self._ascii is None:
                return self._all is not None
            return self._ascii.search(spaced) is None
        return self._all is not None and self._all.search(spaced) is None


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
    into the text given; `flags` hold ``IGNORECASE``), found by one search for the words'
    literal heads (`_heads`, overlapping) and the whole pattern tried at each: an alternation with
    ``IGNORECASE`` has no literal prefix for the regex engine to skip ahead by, and tries
    every alternative at every position.
    """

    __slots__ = ("_at", "_pattern")

    def __init__(self, words: tuple[str, ...], flags: int = re.IGNORECASE) -> None:
        if not flags & re.IGNORECASE or any("(?-i" in word for word in words):
            raise ValueError("a Gated pattern reads lowercase text: IGNORECASE throughout")
        heads = {head for word in words for head in _heads(word)}
        starting = {literal for literal, bounded in heads if bounded}
        anywhere = {literal for literal, bounded in heads if not bounded}
        # compiled at their first use
        self._at = Lazy(lambda: _heads_at(starting, anywhere))
        self._pattern = Lazy("(?:" + "|".join(words) + ")", flags)

    def search(self, text: str, pos: int = 0) -> re.Match[str] | None:
        """The first match in `text` from `pos`, as ``pattern.search``; groups lowercase.

        `finditer`'s first, without a generator (this runs on every string read).
        """
        low = lower(text)
        for head in self._at.finditer(low, pos):
            match = self._pattern.match(low, head.start())
            if match is not None:
                return match
        return None

    def finditer(self, text: str, pos: int = 0) -> Iterator[re.Match[str]]:
        """The matches in `text` from `pos`, left to right, non-overlapping (lowercase)."""
        low = lower(text)
        after = pos
        for head in self._at.finditer(low, pos):
            if head.start() < after:
                continue
            match = self._pattern.match(low, head.start())
            if match is not None:
                after = match.end() if match.end() > match.start() else match.end() + 1
                yield match


def _heads_at(starting: set[str], anywhere: set[str]) -> str:
    r"""Where `starting` starts a word (``\b``) or `anywhere` starts, each as a look-ahead.

    A `Split`: where none of `anywhere` is (most texts), the search for `starting` alone.
    """
    first = [rf"\b(?={_trie(starting)})"] if starting else []
    whole = "|".join(first + ([f"(?={_trie(anywhere)})"] if anywhere else []))
    if not anywhere:
        return whole
    return Split(whole, first[0] if first else "(?!)", _anchored(anywhere))


def searcher(pattern: str, flags: int = re.IGNORECASE) -> Gated | Lazy:
    """`pattern` as a `Gated` when its every branch starts with literals; else as is.

    Either is compiled at its first use.
    """
    try:
        return Gated((pattern,), flags)
    except ValueError:
        return Lazy(pattern, flags)
