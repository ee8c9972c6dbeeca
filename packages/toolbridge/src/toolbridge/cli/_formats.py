"""The output formats of ``--format``: one entry per format, in the order help lists them.

Adding a format is one line here: its name and the function that turns a `Tool`
into that format's JSON.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from toolbridge._tool import Tool

FORMATS: dict[str, Callable[[Tool], Any]] = {
    "canonical": Tool.to_dict,
}
"""Format name -> converter from a `Tool` to plain JSON data."""

DEFAULT_FORMAT = "canonical"


def check_format(name: str) -> str:
    """`name` if it is a known format; raises ValueError naming the accepted ones."""
    if name not in FORMATS:
        raise ValueError(f"unknown format {name!r}; accepted: {', '.join(FORMATS)}")
    return name


def to_format(tool: Tool, name: str) -> Any:
    """The tool in the named format, as plain JSON data."""
    return FORMATS[name](tool)
