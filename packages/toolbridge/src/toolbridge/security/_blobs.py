r"""Encoded or oversized text: what a model may decode and a person cannot read.

Long base64, hex, percent-encoded and ``\uXXXX``-spelled runs, graver when they
decode to readable text (an instruction smuggled past a reviewer), and strings
longer than a description needs. Runs that decode to bytes (a hash, a key id)
are ``low``: documentation shows them.
"""

from __future__ import annotations

import base64
import binascii
import re
import urllib.parse
from typing import Final

from toolbridge.security._finding import Severity
from toolbridge.security._hit import Hit

__all__ = ["OVERSIZED", "blob"]

OVERSIZED: Final = 12_000
"""Characters past which one string is oversized (the longest clean corpus
description is about 7,000)."""

_BASE64: Final = re.compile(r"(?<![\w+/=-])[A-Za-z0-9+/_-]{40,}={0,2}(?![\w+/=-])")
_HEX: Final = re.compile(r"(?<![0-9A-Za-z])(?:[0-9A-Fa-f]{2}){32,}(?![0-9A-Za-z])")
_PERCENT: Final = re.compile(r"(?:%[0-9A-Fa-f]{2}){12,}")
_UNICODE: Final = re.compile(r"(?:\\u[0-9A-Fa-f]{4}){8,}")
_PRINTABLE: Final = frozenset(range(0x20, 0x7F)) | {0x09, 0x0A, 0x0D}


def blob(value: str) -> Hit | None:
    """The first encoded run of `value` (the gravest kind), or its size; None when clean."""
    if len(value) > OVERSIZED:
        return Hit(
            "encoded-blob",
            "medium",
            OVERSIZED,
            OVERSIZED + 1,
            f"{len(value):,} characters in one string: room to bury instructions.",
        )
    if len(value) < 24:
        return None
    for pattern, decode, kind in (
        (_BASE64, _base64, "base64"),
        (_HEX, _hex, "hex"),
        (_PERCENT, _percent, "percent-encoded"),
        (_UNICODE, _unicode, "\\u-escaped"),
    ):
        for match in pattern.finditer(value):
            run = match.group()
            if kind == "base64" and not _mixed(run):
                continue
            text = decode(run)
            severity: Severity
            if text is not None:
                severity = "high"
                shown = text[:60] + ("…" if len(text) > 60 else "")
                why = f"a {kind} run that decodes to text ({shown!r}): hidden from a reader."
            else:
                severity = "medium" if len(run) >= 200 else "low"
                why = f"a {len(run)}-character {kind} run: opaque data in text a model reads."
            return Hit("encoded-blob", severity, match.start(), match.end(), why)
    return None


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
    printable = sum(1 for byte in data if byte in _PRINTABLE)
    letters = sum(c.isalpha() or c == " " for c in text)
    if len(data) >= 8 and printable >= 0.9 * len(data) and letters >= 0.6 * len(text):
        return text
    return None


def _base64(run: str) -> str | None:
    stripped = run.rstrip("=")
    padded = stripped + "=" * (-len(stripped) % 4)
    try:
        data = base64.b64decode(padded.replace("-", "+").replace("_", "/"), validate=True)
    except (binascii.Error, ValueError):
        return None
    return _text(data)


def _hex(run: str) -> str | None:
    return _text(bytes.fromhex(run))


def _percent(run: str) -> str | None:
    return _text(urllib.parse.unquote_to_bytes(run))


def _unicode(run: str) -> str | None:
    text = "".join(chr(int(run[i + 2 : i + 6], 16)) for i in range(0, len(run), 6))
    return _text(text.encode("utf-8", "replace"))
