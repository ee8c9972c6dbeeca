"""Small pieces every plugin needs: tools checked as tools, framework versions found."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from importlib import metadata
from typing import Any

from toolbridge._tool import Tool
from toolbridge.errors import ConversionError

__all__ = ["as_tools", "installed_versions"]


def as_tools(tools: Tool | Iterable[Tool] | Any) -> list[Tool]:
    """One tool or an iterable of them, as a list, every item checked.

    Raises:
        ConversionError: Not tools; ``path`` is the index of the first item that is not.
    """
    if isinstance(tools, Tool):
        return [tools]
    if isinstance(tools, (str, bytes, Mapping)) or not isinstance(tools, Iterable):
        raise ConversionError(f"expected a Tool or tools, got {type(tools).__name__}")
    listed = list(tools)
    for index, item in enumerate(listed):
        if not isinstance(item, Tool):
            raise ConversionError(f"expected a Tool, got {type(item).__name__}", path=(index,))
    return listed


def installed_versions(*distributions: str) -> dict[str, str]:
    """The installed version of each distribution, leaving out those not installed."""
    found: dict[str, str] = {}
    for name in distributions:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return found
