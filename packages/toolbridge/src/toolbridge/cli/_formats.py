"""The output formats of ``--format``: one entry per format, in the order help lists them.

Adding a format is one line here: its name and the function that turns a `Tool`, or
a list of them, into that format. The names are `toolbridge.formats.TARGETS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from toolbridge._json import thaw
from toolbridge._tool import Tool
from toolbridge.formats import (
    to_anthropic,
    to_bedrock,
    to_gemini,
    to_gemini_openapi,
    to_mcp,
    to_openai,
    to_openai_responses,
)

Writer = Callable[[Any], Any]
"""One `Tool` in, one tool object out; a list of tools in, a list out."""


def _canonical(tools: Tool | list[Tool]) -> Any:
    if isinstance(tools, Tool):
        return tools.to_dict()
    return [tool.to_dict() for tool in tools]


FORMATS: dict[str, Writer] = {
    "canonical": _canonical,
    "mcp": to_mcp,
    "openai": to_openai,
    "openai-responses": to_openai_responses,
    "anthropic": to_anthropic,
    "gemini": to_gemini,
    "gemini-openapi": to_gemini_openapi,
    "bedrock": to_bedrock,
}
"""Format name -> writer of that format (``to_<format>``, strictness as the source said)."""

DEFAULT_FORMAT = "canonical"


def check_format(name: str) -> str:
    """`name` if it is a known format; raises ValueError naming the accepted ones."""
    if name not in FORMATS:
        raise ValueError(f"unknown format {name!r}; accepted: {', '.join(FORMATS)}")
    return name


def to_format(tools: Tool | list[Tool], name: str) -> Any:
    """One tool, or a list of them written as one set, in the named format (plain JSON)."""
    return thaw(FORMATS[name](tools))
