r"""What the learned layer reads of a tool: its words, word pairs and character n-grams.

One definition for training (``bench/scan_model/train.py`` imports this module) and for
the scan, so that a feature means the same in both. A string is first *marked*: each
run of invisible characters becomes a token (``<zw>`` zero-width, ``<bidi>``
direction controls, ``<tag>`` followed by the text the Unicode tag characters spell,
``<vs>`` variation selectors, ``<cf>`` other format and control characters), and a long
blank run a ``<space-run>`` or ``<nl-run>``; then it is lowercased and cut into words
(``\w+`` and the markers). A tool's strings are read as one text (joined by ``|``). Its
features are two blocks: the set of its words and adjacent word pairs (``w``, binary),
and the character n-grams of each of its distinct words padded by a blank (``c``,
counted over the distinct words).
A block's values are divided by the square root of its number of grams, so that a
score needs only a sum of weights per word (cached) and two counts.

The text read is capped (`Shape.string_limit`, `Shape.tool_limit`): a tool's cost is
bounded whatever a server sends.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from itertools import pairwise
from typing import Any, Final

__all__ = [
    "WORD_LIMIT",
    "Shape",
    "char_grams",
    "grams",
    "marked",
    "pairs",
    "text",
    "word_block",
    "words",
]

_RAW_LIMIT: Final = 50_000
"""Characters of a tool's strings marked at most: a blank run longer than this hides
nothing more than a shorter one would."""
_TAG: Final = "\U000e0000-\U000e007f"
_ZW: Final = "\u200b-\u200d\u2060-\u2064\ufeff\u180e"
_BIDI: Final = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_VS: Final = "\ufe00-\ufe0f\U000e0100-\U000e01ef"
_CF: Final = (
    "\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u00ad\u034f\u115f\u1160\u17b4\u17b5\u3164"
    "\uffa0\u2800\u206a-\u206f\ufff9-\ufffb\U000e0080-\U000e00ff\U000e01f0-\U000e0fff"
)
_KINDS: Final = tuple(
    (re.compile(f"[{chars}]"), name)
    for chars, name in ((_TAG, "tag"), (_ZW, "zw"), (_BIDI, "bidi"), (_VS, "vs"), (_CF, "cf"))
)
_ALL: Final = _TAG + _ZW + _BIDI + _VS + _CF
# Each pattern starts with one plain class or literal, so that the regex engine skips
# to a candidate at C speed (an alternation would be tried at every character).
_INVISIBLE: Final = re.compile(f"[{_ALL}][{_ALL}]*")
_BLANK: Final = "[ \t\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]"
_SPACES: Final = re.compile(f"{_BLANK}{_BLANK}{{7,}}")
_LINES: Final = re.compile(r"\n(?:[ \t\r]*\n){3,}")
_SEPARATOR: Final = " | "
_WORDS: Final = re.compile(r"<[a-z-]+>|\w+")
_PLAIN_WORDS: Final = re.compile(r"\w+")
"""`_WORDS` in a text with no ``<``, where it matches alike (and twice as fast)."""
WORD_LIMIT: Final = 32
"""Characters of one word its character n-grams are taken from (a blob is one word)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Shape:
    """Which features are read, and how much text: recorded in the model file."""

    pairs: bool = True
    """Adjacent word pairs as well as words."""
    chars: tuple[int, int] = (3, 5)
    """The shortest and longest character n-gram; (0, 0) for none."""
    marks: bool = True
    """Runs of invisible characters and long blank runs as tokens."""
    string_limit: int = 1_000
    """Characters of one string read (marked first when it is longer)."""
    tool_limit: int = 4_000
    """Characters of one tool's marked strings read in all."""
    min_words: int = 0
    """Words a tool needs to be read at all: in a short tool each word weighs heavily, and
    a name and a sentence say too little to read."""

    def to_dict(self) -> dict[str, Any]:
        """The shape as JSON."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Shape:
        """A shape from `to_dict`'s JSON."""
        low, high = data["chars"]
        return cls(
            pairs=bool(data["pairs"]),
            chars=(int(low), int(high)),
            marks=bool(data["marks"]),
            string_limit=int(data["string_limit"]),
            tool_limit=int(data["tool_limit"]),
            min_words=int(data.get("min_words", 0)),
        )


def _mark(match: re.Match[str]) -> str:
    """A run of invisible characters as a token per kind in it (tags: and their text)."""
    run = match.group()
    out: list[str] = []
    for pattern, name in _KINDS:
        if pattern.search(run) is not None:
            out.append(f"<{name}>")
            if name == "tag":
                spelled = (chr(ord(c) - 0xE0000) for c in run if "\U000e0000" <= c <= "\U000e007f")
                out.append("".join(spelled))
    return f" {' '.join(out)} "


def marked(value: str, shape: Shape) -> str:
    """`value` with its invisible runs and long blank runs as tokens (or blanks)."""
    if value.isascii() and value.isprintable() and "        " not in value:
        return value  # no invisible character, no newline, no tab, no long blank run
    if shape.marks:
        value = _INVISIBLE.sub(_mark, value)
        if not value.isascii() or "\t" in value or "        " in value:
            # (in ASCII text a blank run is of spaces and tabs: without a tab, eight spaces)
            value = _SPACES.sub(" <space-run> ", value)
        return _LINES.sub(" <nl-run> ", value) if "\n" in value else value
    return _LINES.sub(" ", _SPACES.sub(" ", _INVISIBLE.sub(" ", value)))


def text(values: Iterable[str], shape: Shape) -> str:
    """A tool's strings as one marked text, cut to the limits.

    Each string is cut to the string limit (a longer one is marked first, so that a tail
    after a blank run is kept), the whole to the tool limit.
    """
    parts: list[str] = []
    budget = _RAW_LIMIT
    for value in values:
        if budget <= 0:
            break
        if len(value) > shape.string_limit:
            value = marked(value[:budget], shape)[: shape.string_limit]
        parts.append(value[:budget])
        budget -= len(parts[-1])
    joined = _SEPARATOR.join(parts)
    if "        " in joined or not joined.isascii() or not joined.isprintable():
        joined = marked(joined, shape)
    return joined[: shape.tool_limit]


def words(values: Iterable[str], shape: Shape) -> list[str]:
    """The words of a tool's strings (marked, lowercased, markers among them), in order."""
    low = text(values, shape).lower()
    return (_WORDS if "<" in low else _PLAIN_WORDS).findall(low)


def pairs(found: list[str]) -> set[tuple[str, str]]:
    """The pairs of adjacent words."""
    return set(pairwise(found))


def word_block(found: list[str], shape: Shape) -> set[str]:
    """The ``w`` block as text: every word, and every adjacent pair as ``"a b"``."""
    block = set(found)
    if shape.pairs:
        block.update(f"{a} {b}" for a, b in pairs(found))
    return block


def char_grams(word: str, shape: Shape) -> list[str]:
    """The character n-grams of one word padded by a blank, each occurrence.

    Only the word's first `WORD_LIMIT` characters are read.
    """
    low, high = shape.chars
    if not low:
        return []
    padded = f" {word[:WORD_LIMIT]} "
    return [
        padded[i : i + size]
        for size in range(low, min(high, len(padded)) + 1)
        for i in range(len(padded) - size + 1)
    ]


def grams(values: Iterable[str], shape: Shape) -> tuple[set[str], list[str]]:
    """The ``w`` block of a tool's strings, and its distinct words (sorted).

    The distinct words' `char_grams` make the ``c`` block.
    """
    found = words(values, shape)
    return word_block(found, shape), sorted(set(found))
