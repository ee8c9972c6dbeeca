"""A toolset whose tool definitions pass through a function: a schema fix, a description."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, final

from toolbridge._result import ToolResult
from toolbridge._tool import Tool
from toolbridge.errors import ConfigError
from toolbridge.toolsets._base import CallOptions, Toolset, unknown
from toolbridge.toolsets._derived import Derived
from toolbridge.toolsets._identity import ANONYMOUS, Identity

__all__ = ["TransformedToolset"]


@final
class TransformedToolset(Toolset):
    """Each tool of `inner` as ``transform(tool)``, computed once per definition.

    Calls are validated against the transformed input schema, then run by the
    inner toolset (with its policies), so a transform should keep the arguments'
    shape: inline ``$ref``s, reword descriptions, add tags, drop hints. It must keep
    the name (use `Toolset.renamed` to rename).

    Raises:
        ConfigError: `transform` returned something other than a `Tool`, or renamed it.
    """

    def __init__(self, inner: Toolset, transform: Callable[[Tool], Tool]) -> None:
        if not callable(transform):
            raise ConfigError("transformed() takes a function from Tool to Tool")
        self.name = inner.name
        self._inner, self._transform = inner, transform
        self._copies = Derived(self._checked)
        self.all_tools()  # a transform that fails, fails here

    def _checked(self, tool: Tool) -> Tool:
        made = self._transform(tool)
        if not isinstance(made, Tool):
            raise ConfigError(
                f"the transform returned {type(made).__name__} for tool {tool.name!r}"
            )
        if made.name != tool.name:
            raise ConfigError(
                f"the transform renamed tool {tool.name!r} to {made.name!r}: "
                "use renamed() to rename"
            )
        return made

    def all_tools(self) -> Sequence[Tool]:
        return self._copies.all(self._inner.all_tools())

    def list_tools(self, identity: Identity = ANONYMOUS) -> list[Tool]:
        return self._copies.each(self._inner.list_tools(identity))

    def find(self, name: str, identity: Identity = ANONYMOUS) -> Tool | None:
        found = self._inner.find(name, identity)
        return None if found is None else self._copies.one(found)

    async def call_tool(self, name: str, arguments: Any, options: CallOptions) -> ToolResult:
        exposed = next((tool for tool in self.all_tools() if tool.name == name), None)
        if exposed is None:
            raise unknown(name)
        # Checked against the transformed schema too, at the innermost toolset: after
        # every policy below has decided, so a refused call reveals nothing.
        views = (*options.views, exposed)
        return await self._inner.call_tool(name, arguments, replace(options, views=views))
