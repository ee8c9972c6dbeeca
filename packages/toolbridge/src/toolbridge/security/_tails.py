"""Text pushed out of view: a tail after a blank run, or past what a client shows.

A client shows a tool's description in a tooltip or a panel of a few lines; an
instruction written after a long run of blanks (spaces, newlines, tabs, no-break and
other Unicode spaces, zero-width and bidi characters, in any mix) is read by the
model and seen by no one. `tail` finds such a run followed by visible text and
reports the hidden tail itself, whatever it says (`medium`; `high` once the run is
long enough to push text off any screen). Honest documentation indents code and
leaves blank lines; it does not leave 80 blanks in a row, ten empty lines, or eight
Unicode spaces.

Text past the length a client shows (`SHOWN` characters) is the other hiding place:
the scan raises a finding of another rule that lies there (`far`), since ordinary
words in a long description are normal but an instruction after them is not.
"""

from __future__ import annotations

import re
from typing import Final

from toolbridge.security._finding import Severity
from toolbridge.security._hit import Hit

__all__ = ["SHOWN", "far", "tail"]

SHOWN: Final = 1_000
"""Characters of a description a client can be relied on to show."""
_RUN: Final = 80
"""Blank characters in a row that hide what follows (honest indentation stays under 40)."""
_LONG: Final = 200
"""Blank characters in a row that push what follows off any screen: high."""
_LINES: Final = 10
"""Line breaks in one blank run: ten empty lines scroll the rest out of a tooltip."""
_UNICODE: Final = 8
"""Non-ASCII blanks in one run: a no-break space or two is typography, eight is padding."""
_BLANKS: Final = (
    r"\s\u00a0\u115f\u1160\u180e\u200b-\u200f\u202a-\u202f\u205f-\u2064\u2066-\u206f"
    r"\u2800\u3164\ufeff\uffa0"
)
"""Whitespace (Python's ``\\s`` is Unicode-aware), zero-width, bidi and blank letters."""
_ASCII_RUN: Final = re.compile(rf"[ \t\r\n\f\v]{{{_RUN},}}")
_EMPTY_LINES: Final = re.compile(rf"(?:(?:\r\n?|\n)[ \t]*){{{_LINES},}}")
_RUN_ANY: Final = re.compile(rf"[{_BLANKS}]{{{_UNICODE},}}")
_VISIBLE: Final = re.compile(rf"[^{_BLANKS}]")
_WORDS: Final = re.compile(r"\w{2,}")
_BREAKS: Final = re.compile(r"\r\n?|\n|\u2028|\u2029|\u0085")


def tail(value: str) -> Hit | None:
    """The visible text after a long blank run, as a hit on that tail; None when there is none."""
    if not value.isascii():
        runs = list(_RUN_ANY.finditer(value))
    else:
        runs = list(_ASCII_RUN.finditer(value)) if "  " in value or "\t" in value else []
        if value.count("\n") >= _LINES or value.count("\r") >= _LINES:
            runs += _EMPTY_LINES.finditer(value)
    for run in runs:
        blank = run.group()
        unicode_blanks = sum(1 for char in blank if not char.isascii())
        lines = len(_BREAKS.findall(blank))
        if len(blank) < _RUN and lines < _LINES and unicode_blanks < _UNICODE:
            continue
        rest = value[run.end() :]
        if _VISIBLE.search(rest) is None or _WORDS.search(rest) is None:
            continue  # trailing padding hides nothing
        if lines == 0 and (rest.startswith("|") or value[: run.start()].endswith("|")):
            continue  # a markdown table's cell, padded to its column
        severity: Severity = "high" if len(blank) >= _LONG or lines >= 2 * _LINES else "medium"
        return Hit(
            "hidden-characters",
            severity,
            run.end(),
            min(len(value), run.end() + 80),
            f"text after a run of {len(blank)} blank characters ({lines} line breaks, "
            f"{unicode_blanks} Unicode blanks): out of view in a client, read by the model.",
        )
    return None


def far(hit: Hit) -> Hit:
    """`hit`, which starts past `SHOWN` characters, raised: out of view in a client."""
    return hit._replace(
        severity="high",
        why=f"{hit.why} Past the first {SHOWN:,} characters, where a client shows nothing.",
    )
