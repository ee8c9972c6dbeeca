"""A toolset showing only the tools a selector keeps; the others do not exist for it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, final

from toolbridge._result import ToolResult
from toolbridge._tool import Tool
from toolbridge.toolsets._base import CallOptions, Toolset, unknown
from toolbridge.toolsets._identity import ANONYMOUS, Identity

__all__ = ["FilteredToolset"]


@final
class FilteredToolset(Toolset):
    """The tools of `inner` for which `keep` is true (a `Selector` or any predicate)."""

    def __init__(self, inner: Toolset, keep: Callable[[Tool], bool]) -> None:
        self.name = inner.name
        self._inner, self._keep = inner, keep
        self._plan: tuple[Sequence[Tool], tuple[Tool, ...], frozenset[str]] | None = None

    def _kept(self) -> tuple[tuple[Tool, ...], frozenset[str]]:
        source = self._inner.all_tools()
        plan = self._plan
        if plan is None or plan[0] is not source:
            kept = tuple(tool for tool in source if self._keep(tool))
            plan = (source, kept, frozenset(tool.name for tool in kept))
            self._plan = plan
        return plan[1], plan[2]

    def all_tools(self) -> Sequence[Tool]:
        return self._kept()[0]

    def list_tools(self, identity: Identity = ANONYMOUS) -> list[Tool]:
        names = self._kept()[1]
        return [tool for tool in self._inner.list_tools(identity) if tool.name in names]

    def find(self, name: str, identity: Identity = ANONYMOUS) -> Tool | None:
        return self._inner.find(name, identity) if name in self._kept()[1] else None

    async def call_tool(self, name: str, arguments: Any, options: CallOptions) -> ToolResult:
        if name not in self._kept()[1]:
            raise unknown(name)
        return await self._inner.call_tool(name, arguments, options)
