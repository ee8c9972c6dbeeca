"""What of a tool search reads: its name (weighted), title, description and parameters."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final, NamedTuple

from toolbridge._jsonschema._walk import subschemas
from toolbridge._tool import Tool
from toolbridge.search._tokenize import tokenize

__all__ = ["ToolWords", "tool_text", "tool_words"]

_NAME_WEIGHT: Final = 3
"""A name's words count this many times: a name says what a tool does, densely."""
_PARAMETER_DEPTH: Final = 2
_NAME_WORD: Final = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")


class ToolWords(NamedTuple):
    """What BM25 indexes of one tool, field by field, each text tokenized once."""

    name: list[str]
    """The name's words, with the title's."""
    description: list[str]
    """The description's words, with the tags'."""
    everything: list[str]
    """The name's words repeated for weight, the description's, the parameters'."""


def tool_words(tool: Tool) -> ToolWords:
    """The words BM25 indexes for `tool`: its name, its description, and everything."""
    # Texts joined by a space split as they would one by one: one call, not one each.
    name = tokenize(f"{tool.name} {tool.title or ''}")
    description = tokenize(" ".join((tool.description, *sorted(tool.tags))))
    parameters = tokenize(" ".join(_parameter_texts(tool.input_schema, _PARAMETER_DEPTH)))
    return ToolWords(name, description, name * _NAME_WEIGHT + description + parameters)


def tool_text(tool: Tool, *, description_limit: int = 600) -> str:
    """`tool` as one passage for a text embedding: name, title, description, parameters."""
    name = " ".join(tokenize_for_reading(tool.name))
    parts = [name]
    if tool.title:
        parts.append(tool.title)
    parts.append(tool.description[:description_limit])
    parameters = _parameter_texts(tool.input_schema, 1)
    if parameters:
        parts.append("Parameters: " + "; ".join(parameters)[:300])
    return ". ".join(part for part in parts if part)


def tokenize_for_reading(name: str) -> list[str]:
    """A tool name's words, unstemmed: ``list_pull_requests`` -> list pull requests."""
    return [word.lower() for word in _NAME_WORD.findall(name)]


def _parameter_texts(schema: Mapping[str, Any], depth: int) -> list[str]:
    """Each parameter's name and description, nested objects to `depth` levels.

    Read with the one schema walker's `subschemas`, so parameters are found wherever
    a schema keyword holds them (``anyOf`` branches, ``items``, ``$defs``...); only
    stepping into a property's own schema counts as a level.
    """
    texts: list[str] = []
    stack: list[tuple[Any, int]] = [(schema, 0)] if depth > 0 else []
    while stack:
        node, level = stack.pop()
        properties = node.get("properties")
        # A tool's schema is frozen JSON: every object in it is a dict (no ABC check).
        if isinstance(properties, dict):
            for key, value in properties.items():
                description = value.get("description") if isinstance(value, dict) else None
                texts.append(f"{key} {description}" if isinstance(description, str) else key)
        below = [
            (sub, deeper)
            for step, sub in subschemas(node)
            if (deeper := level + 1 if step[0] == "properties" else level) < depth
        ]
        stack.extend(reversed(below))
    return texts
