"""Which tools to keep or drop: namespaces, tags, category, names, ids, globs, hints."""

from __future__ import annotations

import fnmatch
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any, final

from toolbridge._tool import Tool
from toolbridge.errors import ConfigError

__all__ = ["Selector", "tool_id"]

_log = logging.getLogger("toolbridge.toolsets")


def tool_id(tool: Tool) -> str:
    """A tool's id across sources: ``namespace/name``, or the name without a namespace."""
    return f"{tool.namespace}/{tool.name}" if tool.namespace else tool.name


def _strings(value: object, field_name: str) -> frozenset[str] | None:
    if value is None:
        return None
    if isinstance(value, str):
        return frozenset((value,))
    if not isinstance(value, Iterable):
        raise ConfigError(f"{field_name} must be a string or a list of strings")
    items = frozenset(value)
    if not all(isinstance(item, str) for item in items):
        raise ConfigError(f"{field_name} must contain only strings")
    return items


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class Selector:
    """A test on tools. Every field set must hold (or, with `any_of`, at least one).

    Names, ids and globs are matched exactly and case-sensitively, never normalised.
    """

    namespaces: frozenset[str] | None = None
    """The tool's namespace is one of these."""
    tags: frozenset[str] | None = None
    """The tool has at least one of these tags."""
    categories: frozenset[str] | None = None
    """The tool's category is one of these."""
    names: frozenset[str] | None = None
    """The tool's name is one of these."""
    ids: frozenset[str] | None = None
    """The tool's id (`tool_id`: ``namespace/name``) is one of these."""
    glob: frozenset[str] | None = None
    """The tool's name matches one of these ``fnmatch`` patterns."""
    read_only: bool | None = None
    """The read-only hint (MCP default: false) equals this."""
    destructive: bool | None = None
    """The destructive hint (MCP default: true unless read-only) equals this."""
    open_world: bool | None = None
    """The open-world hint (MCP default: true) equals this."""
    where: Callable[[Tool], bool] | None = None
    """Any other test."""
    any_of: bool = False
    """Match when any one field set holds, instead of all of them."""
    negate: bool = False
    """Match exactly the tools the rest does not."""

    @classmethod
    def of(cls, where: Callable[[Tool], bool] | None = None, **fields: Any) -> Selector:
        """A selector from keyword arguments; lists and single strings both accepted.

        Raises:
            ConfigError: An unknown field or a value of the wrong type.
        """
        known = {"namespaces", "tags", "categories", "names", "ids", "glob", "any_of"}
        hints = {"read_only", "destructive", "open_world"}
        unknown = sorted(set(fields) - known - hints)
        if unknown:
            raise ConfigError(f"unknown selection field(s): {', '.join(unknown)}")
        values: dict[str, Any] = {
            key: _strings(value, key) for key, value in fields.items() if key in known - {"any_of"}
        }
        for key in hints & set(fields):
            value = fields[key]
            if value is not None and not isinstance(value, bool):
                raise ConfigError(f"{key} must be true, false or null")
            values[key] = value
        if where is not None and not callable(where):
            raise ConfigError("a selection predicate must be callable")
        return cls(**values, where=where, any_of=bool(fields.get("any_of", False)))

    def negated(self) -> Selector:
        """The selector matching every tool this one does not."""
        return replace(self, negate=not self.negate)

    def __call__(self, tool: Tool) -> bool:
        """Whether `tool` is selected; a `where` that raises selects nothing (fails closed)."""
        try:
            tests = self._tests(tool)
        except Exception:
            _log.exception("a tool selection test failed for tool %r: not selected", tool.name)
            return False
        matched = any(tests) if self.any_of else all(tests)
        return matched != self.negate

    def _tests(self, tool: Tool) -> list[bool]:
        hints = tool.annotations
        tests: list[bool] = []
        if self.namespaces is not None:
            tests.append(tool.namespace in self.namespaces)
        if self.tags is not None:
            tests.append(not self.tags.isdisjoint(tool.tags))
        if self.categories is not None:
            tests.append(tool.category in self.categories)
        if self.names is not None:
            tests.append(tool.name in self.names)
        if self.ids is not None:
            tests.append(tool_id(tool) in self.ids)
        if self.glob is not None:
            tests.append(any(fnmatch.fnmatchcase(tool.name, pattern) for pattern in self.glob))
        if self.read_only is not None:
            tests.append(hints.is_read_only == self.read_only)
        if self.destructive is not None:
            tests.append(hints.is_destructive == self.destructive)
        if self.open_world is not None:
            tests.append(hints.is_open_world == self.open_world)
        if self.where is not None:
            tests.append(bool(self.where(tool)))
        return tests
