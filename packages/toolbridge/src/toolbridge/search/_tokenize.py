"""Words of tool names and descriptions, as search compares them.

Tool names are written many ways (``listPullRequests``, ``list_pull_requests``,
``git.pr-list``, ``HTTPRequest``); all split into the same lower-case words. A
light, predictable stemmer folds plurals and common verb endings (``files`` ->
``file``, ``listing`` -> ``list``), a short list spells out common abbreviations
(``PR`` -> pull request, ``repo`` -> repository) and a short stop-word list drops
glue words, so a user's phrasing meets a description's.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from itertools import chain
from typing import Any, Final

__all__ = ["query_words", "tokenize", "without_values"]

_WORD: Final = re.compile(
    r"[A-Z]{2,}s(?![a-z])|[A-Z]+(?=[A-Z][a-z]|\d|\b|_)|[A-Z]?[a-z]+|[A-Z]+|\d+"
)
_STOP: Final = frozenset(
    """a an and are as at be by can do does for from get has have how i in into is it its
    me my of on or our please so that the their them then there these this to use using
    via want was we what when where which who will with would you your""".split()  # noqa: SIM905
)


_VALUE: Final = re.compile(
    r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"  # an e-mail address
    r"|\b(?=\w{5})\w*(?:[A-Za-z]\d+[A-Za-z]|\d[A-Za-z]+\d)\w*"  # letters, digits, letters
)
"""What a request holds as a value rather than a word: e-mail addresses, identifiers."""

_EXPANSIONS: Final = {
    "pr": ("pull", "request"),
    "prs": ("pull", "request"),
    "mr": ("merge", "request"),
    "repo": ("repository",),
    "repos": ("repository",),
    "db": ("database",),
    "dir": ("directory",),
    "msg": ("message",),
    "doc": ("document",),
    "docs": ("document",),
    "img": ("image",),
    "k8s": ("kubernetes",),
    "env": ("environment",),
    "config": ("configuration",),
    "info": ("information",),
}
"""Abbreviations people type, spelled out as tools describe themselves."""


@lru_cache(maxsize=65_536)
def _stem(word: str) -> str:
    stem = _strip_suffix(word)
    # "create", "created", "creating" all become "creat".
    return stem[:-1] if len(stem) > 4 and stem.endswith("e") else stem


def _strip_suffix(word: str) -> str:
    if len(word) <= 3:
        return word
    for suffix, replacement, shortest in (
        ("ies", "y", 5),
        ("sses", "ss", 5),
        ("ing", "", 6),
        ("ed", "", 6),
        ("es", "", 5),
        ("s", "", 4),
    ):
        if word.endswith(suffix) and len(word) >= shortest:
            if suffix == "s" and word.endswith(("ss", "us", "is")):
                return word
            if suffix == "es" and not word.endswith(("shes", "ches", "xes", "zes", "sses")):
                continue
            stem = word[: -len(suffix)] + replacement
            if suffix in ("ing", "ed") and not any(vowel in stem for vowel in "aeiouy"):
                return word  # "string", "shed": not a verb ending
            # "running" -> "run", "listed" -> "list": undo a doubled final consonant.
            if suffix in ("ing", "ed") and len(stem) > 3 and stem[-1] == stem[-2] != "s":
                stem = stem[:-1]
            return stem
    return word


def tokenize(text: str) -> list[str]:
    """The search words of `text`: split on case, digits and separators, stemmed."""
    if text.isascii():  # ASCII is NFKC already; its runs are cut out in C, as bytes
        runs: list[Any] = text.encode().translate(_ASCII_SEPARATORS).split()
    else:
        runs = _RUN.findall(unicodedata.normalize("NFKC", text))
    return list(chain.from_iterable(map(_RUNS.__getitem__, runs)))


class _RunWords(dict[str | bytes, tuple[str, ...]]):
    """Each run of letters and digits as written, and the search words it becomes.

    `_WORD` splits only inside such a run (no match spans a separator, and what
    follows a run never changes how it splits), so a text is first cut into runs,
    quickly, and each run is split and stemmed once: tools repeat their words, so
    building an index is mostly lookups. An ASCII text's runs come as bytes.
    """

    def __missing__(self, run: str | bytes) -> tuple[str, ...]:
        if len(self) >= _RUNS_KEPT:
            self.clear()  # bounded: a stream of new names cannot grow it without end
        written = run.decode("ascii") if isinstance(run, bytes) else run
        words = tuple(chain.from_iterable(map(_search_words, _WORD.findall(written))))
        self[run] = words
        return words


_RUN: Final = re.compile(r"[A-Za-z\d]+")
"""A run of the characters `_WORD` matches: ASCII letters and (Unicode) digits."""
_ASCII_SEPARATORS: Final = bytes(
    byte if chr(byte).isascii() and chr(byte).isalnum() else ord(" ") for byte in range(256)
)
"""`_RUN` for ASCII, as a byte table: every byte but a letter or a digit becomes a space."""
_RUNS_KEPT: Final = 262_144
_RUNS: Final = _RunWords()


@lru_cache(maxsize=262_144)
def _search_words(word: str) -> tuple[str, ...]:
    """What one word as written becomes: nothing, its stem, or its abbreviation's stems.

    Cached: tools repeat their words, so building an index is mostly lookups.
    """
    lowered = word.lower()
    if lowered in _STOP:
        return ()
    return tuple(_stem(part) for part in _EXPANSIONS.get(lowered, (lowered,)))


def query_words(text: str) -> list[str]:
    """The words of a query that say what it wants: `tokenize`'s, without the values.

    Numbers and single letters in a request are its arguments ("cells A1:F50 of
    sheet 2", "PR 77"), not what it asks a tool to do; left in, they match whichever
    tools document dates and examples. So are e-mail addresses and identifiers that
    mix letters and digits ("jane@example.org", a commit 3b18e512dba7..., a key
    JBTHkd8zKu6J): split into words they read as "dba", "gh" or "example", and "gh"
    even means GitHub. Short mixes such as "k8s" and "p2p" stay words.
    """
    kept = without_values(text)
    return [word for word in tokenize(kept) if len(word) > 1 and not word.isdigit()]


def without_values(text: str) -> str:
    """`text` without its e-mail addresses and letter-and-digit identifiers.

    The gaps they leave close to one space: an embedding's tokenizer reads a run of
    spaces as a token of its own.
    """
    return " ".join(_VALUE.sub(" ", text).split())
