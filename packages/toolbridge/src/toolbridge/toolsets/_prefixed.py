"""A toolset whose tools all carry a prefix; a call by the prefixed name reaches the original."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, final

from toolbridge._result import ToolResult
from toolbridge._tool import Tool
from toolbridge.errors import ConfigError
from toolbridge.toolsets._base import CallOptions, Toolset, unknown
from toolbridge.toolsets._derived import Derived
from toolbridge.toolsets._identity import ANONYMOUS, Identity

__all__ = ["PrefixedToolset"]


@final
class PrefixedToolset(Toolset):
    """Every tool of `inner` as ``{prefix}{separator}{name}``.

    A name without the exact prefix names nothing here; with it, the rest must be
    exactly a tool of `inner` (so ``prod_prod_x`` is not ``prod_x``).

    Raises:
        ConfigError: An empty prefix, or a prefix or separator that is not a string.
    """

    def __init__(self, inner: Toolset, prefix: str, *, separator: str = "_") -> None:
        given: tuple[object, object] = (prefix, separator)
        if not isinstance(given[0], str) or not given[0]:
            raise ConfigError(f"a prefix must be a non-empty string, got {prefix!r}")
        if not isinstance(given[1], str):
            raise ConfigError(f"a separator must be a string, got {separator!r}")
        self.name = inner.name
        self._inner = inner
        self._head = head = prefix + separator
        self._copies = Derived(lambda tool: tool.replace(name=head + tool.name))

    def all_tools(self) -> Sequence[Tool]:
        return self._copies.all(self._inner.all_tools())

    def list_tools(self, identity: Identity = ANONYMOUS) -> list[Tool]:
        return self._copies.each(self._inner.list_tools(identity))

    def find(self, name: str, identity: Identity = ANONYMOUS) -> Tool | None:
        if not name.startswith(self._head):
            return None
        found = self._inner.find(name[len(self._head) :], identity)
        return None if found is None else self._copies.one(found)

    async def call_tool(self, name: str, arguments: Any, options: CallOptions) -> ToolResult:
        if not name.startswith(self._head):
            raise unknown(name)
        return await self._inner.call_tool(name[len(self._head) :], arguments, options)
