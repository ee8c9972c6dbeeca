"""Toolsets that change names: some tools renamed, or the toolset itself named."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, final

from toolbridge._result import ToolResult
from toolbridge._tool import Tool
from toolbridge.errors import ConfigError
from toolbridge.toolsets._base import CallOptions, Toolset, Wrapper, unknown
from toolbridge.toolsets._derived import Derived
from toolbridge.toolsets._identity import ANONYMOUS, Identity

__all__ = ["NamedToolset", "RenamedToolset"]


@final
class RenamedToolset(Toolset):
    """`inner` with some tools renamed by ``{new name: current name}``.

    A renamed tool answers only to its new name; the others keep theirs.

    Raises:
        ConfigError: A name that is not a non-empty string, two new names for one
            tool, or a new name that is already another tool's.
    """

    def __init__(self, inner: Toolset, names: Mapping[str, str]) -> None:
        given: object = names
        if not isinstance(given, Mapping):
            raise ConfigError("renamed() takes a mapping {new name: current name}")
        pairs: list[tuple[object, object]] = list(given.items())
        for new, old in pairs:
            if not (isinstance(new, str) and new.strip() and isinstance(old, str) and old):
                raise ConfigError(f"cannot rename {old!r} to {new!r}: names must be strings")
        if len(set(names.values())) != len(names):
            raise ConfigError("renamed() maps two new names to one tool")
        self.name = inner.name
        self._inner = inner
        self._to_old = dict(names)
        self._to_new = {old: new for new, old in names.items()}
        self._copies = Derived(self._renamed, keep=self._shown)
        taken = {tool.name for tool in inner.all_tools()} - set(self._to_new)
        clashes = sorted(set(self._to_old) & taken)
        if clashes:
            raise ConfigError(f"renamed() gives tool name(s) already taken: {', '.join(clashes)}")

    def _renamed(self, tool: Tool) -> Tool:
        new = self._to_new.get(tool.name)
        return tool if new is None else tool.replace(name=new)

    def _inner_name(self, name: str) -> str | None:
        """The inner tool's name for `name`, or ``None`` for an old name now hidden."""
        old = self._to_old.get(name)
        if old is not None:
            return old
        return None if name in self._to_new else name

    def all_tools(self) -> Sequence[Tool]:
        return self._copies.all(self._inner.all_tools())

    def _shown(self, tool: Tool) -> bool:
        """False for an inner tool named like a new name (it appeared after the rename)."""
        return tool.name in self._to_new or tool.name not in self._to_old

    def list_tools(self, identity: Identity = ANONYMOUS) -> list[Tool]:
        return self._copies.each(self._inner.list_tools(identity))

    def find(self, name: str, identity: Identity = ANONYMOUS) -> Tool | None:
        inner_name = self._inner_name(name)
        found = None if inner_name is None else self._inner.find(inner_name, identity)
        return None if found is None else self._copies.one(found)

    async def call_tool(self, name: str, arguments: Any, options: CallOptions) -> ToolResult:
        inner_name = self._inner_name(name)
        if inner_name is None:
            raise unknown(name)
        return await self._inner.call_tool(inner_name, arguments, options)


@final
class NamedToolset(Wrapper):
    """`inner` under another toolset name; the tools are unchanged."""

    def __init__(self, inner: Toolset, name: str) -> None:
        given: object = name
        if not isinstance(given, str) or not given:
            raise ConfigError(f"a toolset name must be a non-empty string, got {name!r}")
        super().__init__(inner)
        self.name = name
