"""Text a rendered description hides: a comment, or an element styled out of sight.

A client renders a tool's description as Markdown (with HTML); ``<!-- ... -->``,
``[//]: # (...)``, ``[note]: <> (...)`` (a link to nowhere, any label), an element with ``hidden``,
``display:none``, ``visibility:hidden``, a zero font size or white text show nothing,
while the model reads every word. Markup uses comments as markers (``<!-- more -->``,
``<!-- toc -->``, ``<!-- prettier-ignore -->``: a word or two); hidden prose is text
written for the model alone, whatever it says.
"""

from __future__ import annotations

import re
from typing import Final

from toolbridge.security._gates import holds
from toolbridge.security._hit import Hit

__all__ = ["comment"]

_COMMENT: Final = re.compile(
    r"<!--(.*?)(?:-->|\Z)|\[[^\]\n]{1,40}\]: ?(?:#|<>) ?(?:\((.*?)\)|\"([^\"\n]*)\")",
    re.DOTALL | re.IGNORECASE,
)
"""An HTML comment, or a Markdown link definition to nowhere (``#``, ``<>``) whose title
no renderer shows, whatever its label: ``[//]: # (...)``, ``[komentarz]: <> (...)``."""
_HIDDEN: Final = re.compile(
    r"<(\w+)\b[^<>]*?(?:\shidden\b(?!-)|display\s*:\s*none|visibility\s*:\s*hidden"
    r"|font-size\s*:\s*0(?![.\d]*[1-9])|color\s*[:=]\s*[\"']?\s*(?:white\b|#f{3}\b|#f{6}\b"
    r"|rgb\(\s*255\s*,\s*255\s*,\s*255\s*\)))[^<>]*>(.*?)</\1\s*>",
    re.DOTALL | re.IGNORECASE,
)
_GATE: Final = (
    "<!--", "]: #", "]:#", "]: <>", "]:<>", "hidden", "none", "font-size", "white", "#fff",
)  # fmt: skip
_WORDS: Final = 4
"""Words (between blanks) that make hidden text a sentence rather than a marker."""
_LETTERS: Final = 10
"""Letters that make one in a script written without blanks (Chinese, Japanese, Thai)."""
_WHY: Final = (
    "prose in a comment or an element styled out of sight (<!-- ... -->, display:none): a "
    "rendered description hides it, the model reads it."
)


def comment(value: str) -> Hit | None:
    """The first comment or hidden element in `value` that holds a sentence, or None."""
    if "<" not in value and "[" not in value:
        return None  # no tag, no comment: most strings
    low = value.lower()
    if not holds(low, _GATE):
        return None
    for pattern in (_COMMENT, _HIDDEN):
        for match in pattern.finditer(value):
            inside = match.group(match.lastindex or 0) or ""
            words = inside.split()
            letters = sum(char.isalpha() and not char.isascii() for char in inside)
            if len(words) >= _WORDS or letters >= _LETTERS:
                return Hit("hidden-characters", "medium", match.start(), match.end(), _WHY)
    return None
