"""Look-alike names: mixed scripts and TR39 confusables (``read_file`` spelled with a Cyrillic "a").

The Unicode data is ``confusable-homoglyphs``' (TR39 confusables and the script of
each character), imported on the first name that is not ASCII: an ASCII name can
hold no look-alike and costs nothing. `skeleton` is what two names look like
(case folded, NFKC, each character taken to an ASCII look-alike where it has one),
so that `toolbridge.security` can tell two servers' names apart by sight.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import Any, Final

from toolbridge.security._hit import Hit

__all__ = ["confusable", "skeleton"]

_NATIVE: Final = frozenset("\u0e33\u0eb3")
"""Compatibility characters that are how a script is written: Thai and Lao SARA AM
(``คำนวณ``), which NFKC splits into two marks no keyboard types."""
_WRITTEN: Final = {ord(char): None for char in _NATIVE}
"""`_NATIVE` left out of the comparison with a name's NFKC form."""
_IGNORED_SCRIPTS: Final = ("COMMON", "INHERITED")
_CJK: Final = frozenset({"HAN", "HIRAGANA", "KATAKANA", "HANGUL", "BOPOMOFO"})
"""Scripts TR39's "highly restrictive" level lets Latin mix with (``get_天气``)."""


def confusable(name: str) -> Hit | None:
    """A hit when `name` is not ASCII and looks like a Latin name or mixes scripts."""
    if name.isascii():
        return None
    normal = unicodedata.normalize("NFKC", name.translate(_WRITTEN))
    if normal != name.translate(_WRITTEN):
        at = next(
            (
                i
                for i, c in enumerate(name)
                if c not in _NATIVE and unicodedata.normalize("NFKC", c) != c
            ),
            0,
        )
        return Hit(
            "confusable-name",
            "high",
            at,
            at + 1,
            f"{_char(name[at])} is a compatibility form of {normal!r}: a look-alike name.",
        )
    data = _data()
    scripts = {script for script in map(_script, name) if script not in _IGNORED_SCRIPTS}
    lookalikes = [
        (at, char, ascii_char)
        for at, char in enumerate(name)
        if not char.isascii() and (ascii_char := _ascii(char, data))
    ]
    if lookalikes and ("LATIN" in scripts or len(lookalikes) == sum(c.isalpha() for c in name)):
        at, char, ascii_char = lookalikes[0]
        return Hit(
            "confusable-name",
            "high",
            at,
            at + 1,
            f"{_char(char)} looks like Latin {ascii_char!r}: the name reads as "
            f"{skeleton(name)!r} (TR39 confusables).",
        )
    if len(scripts - _CJK) > 1:
        return Hit(
            "confusable-name",
            "medium",
            0,
            len(name),
            f"the name mixes scripts ({', '.join(sorted(scripts)).lower()}).",
        )
    return None


def skeleton(name: str) -> str:
    """What `name` looks like: case folded, NFKC, each look-alike taken to ASCII."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    if folded.isascii():
        return folded
    data = _data()
    return "".join(char if char.isascii() else _ascii(char, data) or char for char in folded)


def _ascii(char: str, data: dict[str, Any]) -> str:
    """The ASCII letter or digit `char` looks like, or ``""``."""
    for glyph in data.get(char, ()):
        look = glyph.get("c", "")
        if len(look) == 1 and look.isascii() and look.isalnum():
            return str(look.lower() if char.islower() or not char.isalpha() else look)
    return ""


def _script(char: str) -> str:
    from confusable_homoglyphs import categories

    return str(categories.alias(char))


@cache
def _data() -> dict[str, Any]:
    from confusable_homoglyphs import confusables

    data: dict[str, Any] = confusables.confusables_data
    return data


def _char(char: str) -> str:
    return f"U+{ord(char):04X} {unicodedata.name(char, 'unnamed')}"
