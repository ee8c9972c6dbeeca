"""Schema values and constraints said in words, for descriptions and reports.

A strict writer or a lowering that cannot carry a keyword says it in the
description instead ("at least 3 characters", "default: 'en'"); every writer words
it the same way, from here.
"""

from __future__ import annotations

import json
import math
from typing import Any, Final

__all__ = ["CANONICAL", "in_words", "json_text", "show"]


def in_words(keyword: str, value: Any) -> str | None:
    """The constraint said in words, or None when it is not one of the describable ones."""
    if keyword == "default":
        return f"default: {show(value)}"
    if keyword == "examples" and isinstance(value, list):
        return "examples: " + ", ".join(show(v) for v in value[:3])
    if keyword == "minLength":
        return f"at least {value} characters"
    if keyword == "maxLength":
        return f"at most {value} characters"
    if keyword == "format":
        return f"format: {value}"
    if keyword == "uniqueItems":
        return "items must be unique" if value is True else None
    if keyword == "minProperties":
        return f"at least {value} properties"
    if keyword == "maxProperties":
        return f"at most {value} properties"
    if keyword == "deprecated":
        return "deprecated" if value is True else None
    return None


def show(value: Any) -> str:
    """A value in words: a string quoted, anything else as its JSON text."""
    return f"'{value}'" if isinstance(value, str) else json_text(value, SHOWN)


def json_text(value: Any, encoder: json.JSONEncoder) -> str:
    """``json.dumps`` with the encoder's options; scalars without the encoder's set-up."""
    kind = type(value)
    if value is None or kind is bool:
        return "null" if value is None else "true" if value else "false"
    if kind is int:
        return int.__repr__(value)
    if kind is float and math.isfinite(value):
        return float.__repr__(value)
    return encoder.encode(value)


SHOWN: Final = json.JSONEncoder(ensure_ascii=False)
"""What ``json.dumps(value, ensure_ascii=False)`` uses, made once."""
CANONICAL: Final = json.JSONEncoder(sort_keys=True)
"""What ``json.dumps(value, sort_keys=True)`` uses, made once."""
