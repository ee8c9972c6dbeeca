r"""Text a person cannot see: invisible and format characters, and terminal escapes.

`hidden` finds the Unicode tag block (U+E0000-E007F: critical when it spells ASCII,
the "ASCII smuggling" of hidden instructions), bidi controls, zero-width and other
format (Cf) characters, blank letters, variation-selector runs and C0/C1 controls
other than tab, newline and carriage return. One or two zero-width spaces or soft
hyphens inside prose are copy-and-paste residue (low); inside one word (a tool or
property name, an enum value), where nothing needs them, they are medium.
`escapes` finds ANSI/VT escape sequences, raw (high), or with ESC spelled out
(medium): ``\x1b[``, ``\u001b[``, ``\033[``, ``\27[``, ``\e[``, ``&#27;[``,
``%1B[``, and caret notation ``^[[2K`` (with a numeric parameter, so that a regex
class such as ``^[[:alpha:]]`` is none). ASCII text costs one regex search each;
the spelled forms are looked for only behind a ``\``, ``&#``, ``%1`` or ``^[``.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from toolbridge.security._finding import Severity
from toolbridge.security._hit import Hit

__all__ = ["escapes", "hidden", "visible"]

_CONTROLS: Final = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f]")
"""C0 controls and DEL, but tab, newline, carriage return and ESC (`escapes`' own)."""
_NON_ASCII: Final = re.compile(r"[^\x00-\x7f]")
_TAGS: Final = re.compile(r"[\U000e0000-\U000e007f]+")
_BIDI: Final = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_MARKS: Final = frozenset("\u061c\u200e\u200f")
"""Directional marks: one alone beside a letter of right-to-left text is how such text
is written ("\u200fSKU-4410-B\u200f" inside Arabic), not a hiding place."""
_RTL: Final = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")
_ISOLATE: Final = re.compile(
    "[\u2066\u2067\u2068][^\u2066-\u2069\u202a-\u202e\u200b-\u200f\u061c\n]{1,60}\u2069"
)
"""A short isolate, opened and closed around visible text ("\u2068user name\u2069"): the
correct use of bidi controls when its direction fits (first-strong, right-to-left around
right-to-left letters, left-to-right inside right-to-left text), which hides nothing."""
_JOINERS: Final = frozenset("\u200c\u200d")
_UNSPACED: Final = re.compile("[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]")
"""Thai, Lao, Burmese and Khmer letters: scripts written without spaces."""
_BLANKS: Final = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0\u2800")
"""Characters (not format characters) that draw nothing: the combining grapheme joiner,
Hangul fillers, Khmer inherent vowels, the braille blank."""
_SPACES: Final = frozenset("\u00ad\u200b\ufe0e\ufe0f")
"""Zero-width spaces, soft hyphens and the emoji presentation selectors: two inside
text are copy-and-paste residue (low; an emoji's selector whose emoji was lost)."""
_FEW: Final = 3
_SYLLABLE: Final = 3
"""Letters a soft hyphen needs on each side to be a hyphenation point."""
_VIRAMA: Final = 9
"""The canonical combining class of a virama (U+0D4D MALAYALAM SIGN VIRAMA...)."""
_INVISIBLE: Final = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f"
    "\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\U000e0000-\U000e0fff]+"
)
_FLAG: Final = "\U0001f3f4"
"""The black flag an emoji tag sequence (a subdivision flag) follows."""

_ESCAPE: Final = re.compile(
    r"\x1b(?:\[[0-?]*[ -/]*[@-~]?|\][^\x07\x1b]{0,200}(?:\x07|\x1b\\)?|.?)|\x9b",
    re.DOTALL,
)
_SPELLED: Final = re.compile(
    r"(?:\\x1b|\\u001b|\\u\{1b\}|\\033|\\27|\\e|&#0*27;|&#x0*1b;)[\[\]]|%1b(?:[\[\]]|%5[bd])",
    re.IGNORECASE,
)
"""ESC spelled as a language or markup escapes it, before ``[`` (CSI) or ``]`` (OSC)."""
_CARET: Final = re.compile(r"\^\[(?:\[\??[0-9]+(?:;[0-9]*)*[A-Za-z@`~]|\][0-9]+;)")
"""ESC in caret notation (``^[``, as ``cat -v`` shows it) before a CSI sequence with a
numeric parameter or an OSC one: ``^[[2K``, ``^[]0;``."""


def _operator(value: str, at: int) -> bool:
    """Whether the character at `at` is all of a MathML operator (U+2062 in ``<mo></mo>``)."""
    return value[max(0, at - 4) : at] == "<mo>" and value[at + 1 : at + 6] == "</mo>"


def hidden(value: str) -> Hit | None:
    """The invisible characters of `value`, as one hit at the first; None when clean."""
    control = _CONTROLS.search(value)
    if value.isascii():
        if control is None:
            return None
        return Hit(
            "hidden-characters",
            "high",
            control.start(),
            control.end(),
            f"{_count(1, 'control character')} ({_named(control.group())}) in text a model reads.",
        )
    found: list[int] = [control.start()] if control else []
    severity: Severity = "high"
    natural = _natural(value)
    spelled = ""
    for match in _TAGS.finditer(value):
        run = match.group()
        if _flag(value, match.start(), run):
            continue
        found.append(match.start())
        ascii_text = "".join(chr(ord(c) - 0xE0000) for c in run if 0xE0020 <= ord(c) <= 0xE007E)
        if len(ascii_text) >= 2 and not spelled:
            severity, spelled = "critical", ascii_text
    for match in _NON_ASCII.finditer(value):
        char, at = match.group(), match.start()
        if 0xE0000 <= ord(char) <= 0xE007F:
            continue  # the tag runs, above
        if _word_break(value, at) or _hyphenation(value, at):
            continue
        if char in _BIDI or char in _BLANKS:
            if at not in natural:
                found.append(at)
        elif char in _JOINERS:
            if not _joining(value, at):
                found.append(at)
        elif char == "\ufeff":
            if at:
                found.append(at)
        elif "\ufe00" <= char <= "\ufe0f" or 0xE0100 <= ord(char) <= 0xE01EF:
            if _selectors(value, at):
                found.append(at)
        elif "\u2061" <= char <= "\u2064" and _operator(value, at):
            continue  # MathML's invisible times or function application, in its <mo>
        elif unicodedata.category(char) in ("Cf", "Cc", "Co", "Cn"):
            found.append(at)
    if not found:
        return None
    found.sort()
    first = found[0]
    word = False
    if (
        severity == "high"
        and len(found) < _FEW
        and all(value[at] in _SPACES or _ligature(value, at) for at in found)
        and value[found[-1] + 1 :].strip()
    ):
        word = len(value.split(maxsplit=1)) < 2  # a name or a value: no residue
        severity = "medium" if word else "low"
    if spelled:
        shown = spelled[:80] + ("…" if len(spelled) > 80 else "")
        why = f"invisible Unicode tag characters spell {shown!r}: hidden instructions."
    else:
        why = (
            f"{_count(len(found), 'invisible or control character')} "
            f"({_named(value[first])} first): text a person cannot see but a model reads."
        )
        if word:
            why += " Inside one word (a name, a value), where nothing needs one."
    return Hit("hidden-characters", severity, first, first + 1, why)


def visible(value: str) -> str:
    """`value` without its invisible characters: what a model may read as words."""
    return value if value.isascii() else _INVISIBLE.sub("", value)


def escapes(value: str) -> Hit | None:
    """The first terminal escape of `value` (raw, or spelled out); None when clean."""
    raw = _ESCAPE.search(value) if ("\x1b" in value or "\x9b" in value) else None
    if raw is not None:
        return Hit(
            "terminal-escape",
            "high",
            raw.start(),
            raw.end(),
            "an ANSI/VT escape sequence: a terminal hides or repaints text around it.",
        )
    spelled = _SPELLED.search(value) if ("\\" in value or "&#" in value or "%1" in value) else None
    if spelled is None and "^[" in value:
        spelled = _CARET.search(value)
    if spelled is None:
        return None
    return Hit(
        "terminal-escape",
        "medium",
        spelled.start(),
        spelled.end(),
        "an ANSI escape spelled out, which becomes one wherever the text is unescaped.",
    )


def _natural(value: str) -> set[int]:
    """Where `value`'s bidi controls are used as written text uses them.

    Short isolates around visible text, single marks beside the letters of
    right-to-left text.
    """
    if not any(char in _BIDI for char in value):
        return set()
    natural: set[int] = set()
    rtl = _RTL.search(value) is not None
    for isolate in _ISOLATE.finditer(value):
        opener, inside = isolate.group()[0], isolate.group()[1:-1]
        if (
            opener == "\u2068"  # first strong: the isolate for text of either direction
            or (opener == "\u2067" and _RTL.search(inside) is not None)
            or (opener == "\u2066" and rtl)
        ):
            natural.update((isolate.start(), isolate.end() - 1))
    if rtl:
        for at, char in enumerate(value):
            if char in _MARKS and _alone(value, at):
                natural.add(at)
    return natural


def _word_break(value: str, at: int) -> bool:
    """Whether `value[at]` is one blank between two letters of a script that needs it.

    Thai, Lao, Khmer and Burmese are written without spaces: a zero-width space
    between two of their letters marks where a word breaks (a line may break there).
    Braille writes a space as the blank cell, between two cells. Neither hides text.
    """
    char = value[at]
    if not 0 < at < len(value) - 1:
        return False
    before, after = value[at - 1], value[at + 1]
    if char == "\u200b":
        return bool(_UNSPACED.match(before)) and bool(_UNSPACED.match(after))
    if char == "\u2800":
        return "\u2801" <= before <= "\u28ff" and "\u2801" <= after <= "\u28ff"
    return False


def _hyphenation(value: str, at: int) -> bool:
    """Whether `value[at]` is a soft hyphen where typesetting breaks a long word.

    Between syllables ("Forschungs\u00addaten\u00admanagement"): three letters or more
    on each side before the next blank or soft hyphen. Text hidden by interleaving
    (one letter, a soft hyphen, one letter...) has one letter between them.
    """
    if value[at] != "\u00ad":
        return False
    return _letters(value, at, -1) >= _SYLLABLE and _letters(value, at, 1) >= _SYLLABLE


def _letters(value: str, at: int, step: int) -> int:
    """How many letters run from beside `at` in direction `step` (up to `_SYLLABLE`)."""
    count, index = 0, at + step
    while 0 <= index < len(value) and count < _SYLLABLE and value[index].isalpha():
        count, index = count + 1, index + step
    return count


def _alone(value: str, at: int) -> bool:
    """Whether the mark at `at` stands alone: no invisible character either side."""
    before = value[at - 1] if at else " "
    after = value[at + 1] if at + 1 < len(value) else " "
    return not _INVISIBLE.match(before) and not _INVISIBLE.match(after)


def _flag(value: str, at: int, run: str) -> bool:
    """True for an emoji subdivision flag: U+1F3F4, a few tag letters, CANCEL TAG."""
    return (
        at > 0
        and value[at - 1] == _FLAG
        and 2 <= len(run) <= 8
        and run[-1] == "\U000e007f"
        and all("\U000e0030" <= c <= "\U000e007a" for c in run[:-1])
    )


def _joining(value: str, at: int) -> bool:
    """True for a joiner where writing needs it.

    Between two visible non-ASCII characters (emoji, Indic, Persian), or after a virama
    (a Malayalam chillu, ``\u0d28\u0d4d\u200d``).
    """
    if at == 0:
        return False
    if at + 1 >= len(value):
        return unicodedata.combining(value[at - 1]) == _VIRAMA
    before, after = value[at - 1], value[at + 1]
    if unicodedata.combining(before) == _VIRAMA:
        return True  # a conjunct's or a chillu's joiner: how Indic scripts are spelled
    return (
        not before.isascii()
        and not after.isascii()
        and unicodedata.category(before)[0] in "LMS"
        and unicodedata.category(after)[0] in "LMS"
    )


def _ligature(value: str, at: int) -> bool:
    """True for a zero-width non-joiner between two Latin letters ("Auf\u200clage").

    It keeps a ligature apart: residue-like, as a soft hyphen is.
    """
    return (
        value[at] == "\u200c"
        and 0 < at < len(value) - 1
        and value[at - 1].isalpha()
        and value[at + 1].isalpha()
        and value[at - 1].isascii()
    )


def _selectors(value: str, at: int) -> bool:
    """True for a variation selector that selects nothing: a run of them, or after ASCII."""
    if 0xE0100 <= ord(value[at]) <= 0xE01EF:
        return True
    if at == 0 or (value[at - 1].isascii() and value[at - 1] not in "#*0123456789"):
        return True
    before = value[at - 1]
    return "\ufe00" <= before <= "\ufe0f"


def _named(char: str) -> str:
    """``U+200B ZERO WIDTH SPACE``."""
    return f"U+{ord(char):04X} {unicodedata.name(char, 'unnamed')}"


def _count(number: int, what: str) -> str:
    return f"{number} {what}{'' if number == 1 else 's'}"
