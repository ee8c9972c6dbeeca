"""Text a rendered description hides: an HTML comment, or a markdown one, holding prose.

A client renders a tool's description as Markdown; ``<!-- ... -->`` and ``[//]: # (...)``
show nothing, while the model reads every word. Markup uses comments as markers
(``<!-- more -->``, ``<!-- toc -->``, ``<!-- prettier-ignore -->``: a word or two); a
comment holding a sentence is text written for the model alone, whatever it says.
"""

from __future__ import annotations

import re
from typing import Final

from toolbridge.security._hit import Hit

__all__ = ["comment"]

_COMMENT: Final = re.compile(
    r"<!--(.*?)(?:-->|\Z)|^\[//\]: ?# ?\((.*)\)$", re.DOTALL | re.MULTILINE
)
_WORDS: Final = 4
"""Words (between blanks) that make a comment a sentence rather than a marker."""
_LETTERS: Final = 10
"""Letters that make one in a script written without blanks (Chinese, Japanese, Thai)."""
_WHY: Final = (
    "a comment holding prose (<!-- ... -->): a rendered description hides it, the model reads it."
)


def comment(value: str) -> Hit | None:
    """The first comment in `value` that holds a sentence, or None."""
    if "<!--" not in value and "[//]:" not in value:
        return None
    for match in _COMMENT.finditer(value):
        inside = match.group(1) if match.group(1) is not None else match.group(2) or ""
        words = inside.split()
        letters = sum(char.isalpha() and not char.isascii() for char in inside)
        if len(words) >= _WORDS or letters >= _LETTERS:
            return Hit("hidden-characters", "medium", match.start(), match.end(), _WHY)
    return None
