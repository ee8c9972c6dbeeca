r"""Encoded or oversized text: what a model may decode and a person cannot read.

`blob` finds, in one string, runs of base64 (standard or URL-safe, also after a
name prefix such as ``ctx_``), base32 and hex, and runs of escapes spelled in the
text (``\xNN``, ``\NNN`` octal, ``\uNNNN``, ``&#NN;``/``&#xNN;`` entities,
``%NN``; one table, one decoder). Gzip or zlib data inside a run is inflated, at
most 64 KiB of it. A run that decodes to readable text is ``high``: an
instruction smuggled past a reviewer. One that decodes to bytes (a hash, a key
id) is ``low``, ``medium`` from 200 characters: documentation shows them. Rot13
prose is told by its words: a stretch that, turned, holds many of the commonest
English words and, as written, none is ``high``. A string longer than a
description needs is ``medium``. Every check is behind a character test or one
precompiled search, so plain prose costs a few scans.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from collections.abc import Callable
from typing import Final, NamedTuple

from toolbridge.security._finding import Severity
from toolbridge.security._gates import holds
from toolbridge.security._hit import Hit

__all__ = ["OVERSIZED", "blob"]

OVERSIZED: Final = 12_000
"""Characters past which one string is oversized (the longest clean corpus
description is about 7,000)."""

INFLATED: Final = 64 * 1024
"""Bytes of compressed data inflated at most: a zip bomb cannot stall the scan."""

_SHORTEST: Final = 16
"""Characters below which a string holds no run worth decoding (8 bytes of base32)."""
_RUN_MIN: Final = {"base64": 40, "base32": 16, "hex": 64}
"""The fewest characters, none of them blank, a run of each kind has (`_BASE64`, ...)."""
_BASE64: Final = re.compile(r"(?<![\w+/=-])[A-Za-z0-9+/_-]{40,}={0,2}(?![\w+/=-])")
_BASE32: Final = re.compile(
    r"(?<![A-Za-z0-9+/=])(?:[A-Z2-7]{16,}|[a-z2-7]{16,})={0,6}(?![A-Za-z0-9+/=])"
)
"""Base32 of one case; ``_`` and ``-`` are not in its alphabet, so they bound a run."""
_UPPER32: Final = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", b"\x00" * 32)
_LOWER32: Final = bytes.maketrans(b"abcdefghijklmnopqrstuvwxyz234567", b"\x00" * 32)
_RUN32: Final = b"\x00" * 16
"""The gate before `_BASE32`: 16 base32 characters of one case in a row (bytes in C)."""
_HEX: Final = re.compile(r"(?<![0-9A-Za-z])(?:[0-9A-Fa-f]{2}){32,}(?![0-9A-Za-z])")
_PREFIX: Final = 24
"""Characters at the head of a base64 run searched for a name prefix (``ctx_``)."""
_PRINTABLE: Final = bytes([0x09, 0x0A, 0x0D, *range(0x20, 0x7F)])
_OPAQUE: Final = 200
"""Characters from which an encoded run that is not text is ``medium``."""


class _Escapes(NamedTuple):
    """One way of spelling characters as escapes: a run of them, and one of them."""

    kind: str
    gate: str
    run: re.Pattern[str]
    unit: re.Pattern[str]
    """Its group: the number, in `base` (in hex when it starts with an ``x``)."""
    base: int
    octets: bool
    """The numbers are bytes (UTF-8 when text), not code points."""


_ESCAPES: Final = (
    _Escapes(
        "\\x-escaped",
        "\\x",
        re.compile(r"(?:\\x[0-9A-Fa-f]{2}){8,}"),
        re.compile(r"\\x([0-9A-Fa-f]{2})"),
        16,
        octets=True,
    ),
    _Escapes(
        "octal-escaped",
        "\\",
        re.compile(r"(?:\\[0-3][0-7]{2}){8,}"),
        re.compile(r"\\([0-7]{3})"),
        8,
        octets=True,
    ),
    _Escapes(
        "\\u-escaped",
        "\\u",
        re.compile(r"(?:\\u[0-9A-Fa-f]{4}){8,}"),
        re.compile(r"\\u([0-9A-Fa-f]{4})"),
        16,
        octets=False,
    ),
    _Escapes(
        "HTML-entity",
        "&#",
        re.compile(r"(?:&#(?:[0-9]{1,7}|[xX][0-9A-Fa-f]{1,6});?){8,}"),
        re.compile(r"&#([xX][0-9A-Fa-f]+|[0-9]+)"),
        10,
        octets=False,
    ),
    _Escapes(
        "percent-encoded",
        "%",
        re.compile(r"(?:%[0-9A-Fa-f]{2}){12,}"),
        re.compile(r"%([0-9A-Fa-f]{2})"),
        16,
        octets=True,
    ),
)

_ANY_ESCAPE: Final = tuple(
    gate
    for gate in dict.fromkeys(escapes.gate for escapes in _ESCAPES)
    if not any(other != gate and other in gate for other in (e.gate for e in _ESCAPES))
)
"""The gates of `_ESCAPES` that hold no other's ("\\x" holds "\\"): a string holding
none of them holds no gate at all."""
_ROT13: Final = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "nopqrstuvwxyzabcdefghijklmNOPQRSTUVWXYZABCDEFGHIJKLM",
)
_COMMONEST: Final = (
    "the to of and in that have it for not on with he as you do at this but his by from "
    "they we say her she an will my all would there their what so up out about who get "
    "which go me when make can like time just him know take into your some them see "
    "other than then now only its over also after use how our first new any these is "
    "are was were has had been should must may"
)
"""The commonest English words, less "be" and "or" (each the other's rot13)."""
_COMMON: Final = frozenset(_COMMONEST.split())
_TURNED: Final = ("gur ", "lbh", " naq ", "nyy ", " sbe ", "jvgu", "guvf", " abg ")
"""The gate before counting words: "the", "you", "and", "all", "for", "with", "this",
"not" in rot13, one of which nearly every English sentence holds."""
_WORD: Final = re.compile(r"[A-Za-z]+")
_ROT_HITS: Final = 3
"""Common words a stretch must turn into (two of them three letters or longer)."""


_IDENTIFIER: Final = re.compile(r"[A-Za-z0-9_:-]{1,64}")
"""Decoded text that is one identifier (GitHub's node ids: ``024:PullRequestReviewComment10``),
no words, no path: an opaque id, not hidden prose."""


def blob(value: str) -> Hit | None:
    """The gravest encoded run of `value`, or its size; None when clean.

    A run that decodes to text first, then rot13 prose, then opaque data (the first
    run of 200 characters or more, ``medium``, else the first run, ``low``).
    """
    if len(value) > OVERSIZED:
        return Hit(
            "encoded-blob",
            "medium",
            OVERSIZED,
            OVERSIZED + 1,
            f"{len(value):,} characters in one string: room to bury instructions.",
        )
    if len(value) < _SHORTEST:
        return None
    opaque: Hit | None = None
    for run, kind, text in _runs(value):
        if text is not None and _IDENTIFIER.fullmatch(text):
            why = f"{_a(kind)} run that decodes to an identifier ({text!r}): an opaque id."
            opaque = opaque or Hit("encoded-blob", "low", run.start(), run.end(), why)
            continue
        if text is not None and kind == "base64" and _jwt(value, run.start(), run.end(), text):
            why = "a JSON Web Token's segment (claims as JSON, between dots): an opaque token."
            opaque = opaque or Hit("encoded-blob", "low", run.start(), run.end(), why)
            continue
        if text is not None:
            shown = text[:60] + ("…" if len(text) > 60 else "")
            why = f"{_a(kind)} run that decodes to text ({shown!r}): hidden from a reader."
            return Hit("encoded-blob", "high", run.start(), run.end(), why)
        length = run.end() - run.start()
        severity: Severity = "medium" if length >= _OPAQUE else "low"
        if opaque is None or (severity == "medium" and opaque.severity == "low"):
            why = f"a {length}-character {kind} run: opaque data in text a model reads."
            opaque = Hit("encoded-blob", severity, run.start(), run.end(), why)
    return _rot13(value) or opaque


def _runs(value: str) -> list[tuple[re.Match[str], str, str | None]]:
    """Each encoded run of `value`, its kind and its text (None when not text)."""
    found: list[tuple[re.Match[str], str, str | None]] = []
    patterns: tuple[tuple[re.Pattern[str], Callable[[str], str | None], str], ...] = (
        (_BASE64, _base64, "base64"),
        (_BASE32, _base32, "base32"),
        (_HEX, _hex, "hex"),
    )
    longest = max(map(len, value.split()), default=0)
    for pattern, decode, kind in patterns:
        if longest < _RUN_MIN[kind]:
            continue  # no run of that many characters without a blank: none of that kind
        if kind == "base32" and not _base32_run(value):
            continue
        for match in pattern.finditer(value):
            run = match.group()
            if kind == "base64" and not _mixed(run):
                continue
            if kind == "base32" and not any(c in "234567" for c in run):
                continue
            text = decode(run)
            found.append((match, kind, text))
            if text is not None:
                return found[-1:]
    if not holds(value, _ANY_ESCAPE):
        return found  # no escape of any kind: one test for each gate no other's holds
    for escapes in _ESCAPES:
        if escapes.gate not in value:
            continue
        for match in escapes.run.finditer(value):
            text = _unescaped(match.group(), escapes)
            found.append((match, escapes.kind, text))
            if text is not None:
                return found[-1:]
    return found


def _jwt(value: str, start: int, end: int, text: str) -> bool:
    """Whether the run ``value[start:end]`` is a JWT's segment: JSON, with a dot beside it."""
    dotted = value[start - 1 : start] == "." or value[end : end + 1] == "."
    return dotted and text.lstrip().startswith('{"')


def _base32_run(value: str) -> bool:
    """Whether `value` has 16 base32 characters of one case in a row: a cheap gate."""
    data = value.encode("ascii", "ignore")
    return _RUN32 in data.translate(_UPPER32) or _RUN32 in data.translate(_LOWER32)


def _mixed(run: str) -> bool:
    """Base64-like: upper, lower and digits together, and no long word or path shape."""
    return (
        any(c.isupper() for c in run)
        and any(c.islower() for c in run)
        and sum(c.isdigit() for c in run) >= 2
        and run.count("/") * 10 <= len(run)  # a path is dense with slashes, base64 is not
        and "abcdefghijklmnopqrstuvwxyz" not in run.lower()
    )


def _text(data: bytes) -> str | None:
    """`data` as text when it reads as text: UTF-8, mostly printable, some letters."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    printable = len(data) - len(data.translate(None, _PRINTABLE))
    if len(data) < 8 or printable < 0.9 * len(data):
        return None
    letters = sum(c.isalpha() or c == " " for c in text)
    return text if letters >= 0.6 * len(text) else None


def _readable(data: bytes) -> str | None:
    """The text of `data`, inflated first when it is gzip or zlib data."""
    if data[:2] == b"\x1f\x8b" or (
        len(data) > 2 and data[0] & 0x0F == 8 and (data[0] << 8 | data[1]) % 31 == 0
    ):
        return _text(_inflated(data))
    return _text(data)


def _inflated(data: bytes) -> bytes:
    """`data` inflated (gzip or zlib), at most `INFLATED` bytes; empty when corrupt."""
    inflater = zlib.decompressobj(wbits=47)  # 32 + 15: either header, told apart
    try:
        out = inflater.decompress(data, INFLATED)
    except zlib.error:
        return b""
    if inflater.unconsumed_tail:  # cut at the bound, maybe inside a character
        try:
            out.decode("utf-8")
        except UnicodeDecodeError as error:
            if error.reason == "unexpected end of data":
                out = out[: error.start]
    return out


def _base64(run: str) -> str | None:
    """Its text, read from the start or after a name prefix (``ctx_…``)."""
    starts = [0] + [at + 1 for at, char in enumerate(run[:_PREFIX]) if char in "_-"]
    for start in starts:
        stripped = run[start:].rstrip("=")
        padded = stripped + "=" * (-len(stripped) % 4)
        try:
            data = base64.b64decode(padded.replace("-", "+").replace("_", "/"), validate=True)
        except (binascii.Error, ValueError):
            continue
        text = _readable(data)
        if text is not None:
            return text
    return None


def _base32(run: str) -> str | None:
    stripped = run.rstrip("=")
    try:
        data = base64.b32decode(stripped + "=" * (-len(stripped) % 8), casefold=True)
    except (binascii.Error, ValueError):
        return None
    return _readable(data)


def _hex(run: str) -> str | None:
    return _readable(bytes.fromhex(run))


def _unescaped(run: str, escapes: _Escapes) -> str | None:
    """The text a run of `escapes` spells, when it is text."""
    codes = [
        int(unit[1:], 16) if unit[0] in "xX" else int(unit, escapes.base)
        for unit in escapes.unit.findall(run)
    ]
    if escapes.octets:
        return _readable(bytes(codes))
    spelled = "".join(chr(code) if code <= 0x10FFFF else "\ufffd" for code in codes)
    return _readable(spelled.encode("utf-8", "replace"))


def _frequent(word: str) -> int:
    """The letters of `word` among English's nine commonest."""
    return sum(char in "etaoinshr" for char in word)


def _a(kind: str) -> str:
    """`kind` after its article: ``an octal-escaped``, ``a hex``."""
    return ("an " if kind[0] in "aeiouH" else "a ") + kind


def _rot13(value: str) -> Hit | None:
    """A stretch of `value` that reads as English only once rot13 is undone."""
    for word in _TURNED:  # a loop, not any(): this runs on every string
        if word in value:
            break
    else:
        return None
    turned = value.translate(_ROT13).lower()
    lower = value.lower()
    words = [match.span() for match in _WORD.finditer(value)]
    scores = [
        (turned[start:end] in _COMMON) - (lower[start:end] in _COMMON) for start, end in words
    ]
    best, first, last = 0, 0, -1
    total, begin = 0, 0
    for index, score in enumerate(scores):  # the stretch with most turned words, net
        if total <= 0:
            total, begin = 0, index
        total += score
        if total > best:
            best, first, last = total, begin, index
    hits = [turned[slice(*words[i])] for i in range(first, last + 1) if scores[i] > 0]
    if best < _ROT_HITS or sum(len(hit) >= 3 for hit in hits) < 2 or len(set(hits)) < 2:
        return None

    def turned_word(index: int) -> bool:
        """A word around the stretch that reads better turned (by English letters)."""
        if scores[index] != 0:
            return False
        word = slice(*words[index])
        return _frequent(turned[word]) >= _frequent(lower[word])

    while first > 0 and turned_word(first - 1):
        first -= 1
    while last + 1 < len(scores) and turned_word(last + 1):
        last += 1
    start, end = words[first][0], words[last][1]
    text = value[start:end].translate(_ROT13)
    shown = text[:60] + ("…" if len(text) > 60 else "")
    why = f"text that reads as English once rot13 is undone ({shown!r}): hidden from a reader."
    return Hit("encoded-blob", "high", start, end, why)
