"""Tools made from another toolset's, one by one, each made once per definition.

Prefixing, renaming and transforming wrappers all show a changed copy of each inner
tool; `Derived` keeps the copies (keyed by the inner tool's name, checked by
identity, so a changed definition is copied again) and the whole derived list while
the inner list is the same object.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from toolbridge._tool import Tool

__all__ = ["Derived"]


class Derived:
    """Copies of inner tools made by `make`; `keep` drops some from whole lists."""

    def __init__(
        self, make: Callable[[Tool], Tool], keep: Callable[[Tool], bool] | None = None
    ) -> None:
        self._make, self._keep = make, keep
        self._copies: dict[str, tuple[Tool, Tool]] = {}
        self._all: tuple[Sequence[Tool], tuple[Tool, ...]] | None = None

    def one(self, tool: Tool) -> Tool:
        """The copy of `tool`, made on first use."""
        copy = self._copies.get(tool.name)
        if copy is None or copy[0] is not tool:
            copy = (tool, self._make(tool))
            self._copies[tool.name] = copy
        return copy[1]

    def each(self, tools: Sequence[Tool]) -> list[Tool]:
        """The copies of the kept `tools`, in order."""
        keep = self._keep
        return [self.one(tool) for tool in tools if keep is None or keep(tool)]

    def all(self, source: Sequence[Tool]) -> tuple[Tool, ...]:
        """`each(source)` as a tuple, remembered while `source` is the same object."""
        cached = self._all
        if cached is None or cached[0] is not source:
            cached = (source, tuple(self.each(source)))
            self._all = cached
        return cached[1]
