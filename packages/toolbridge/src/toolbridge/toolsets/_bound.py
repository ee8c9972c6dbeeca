"""A toolset's tools bound to a caller, for frameworks and formats that take `Tool`s."""

from __future__ import annotations

from typing import Any, ClassVar, final

from toolbridge._result import ToolResult
from toolbridge._tool import Tool
from toolbridge.toolsets._base import CallOptions, Toolset
from toolbridge.toolsets._identity import Identity

__all__ = ["bind"]


@final
class _ToolsetInvoker:
    """Runs a tool by calling its toolset as one caller: every policy and audit applies."""

    validates_arguments: ClassVar[bool] = True
    """The toolset validates, after its policies decided (see ``_runtime._prepare``)."""

    def __init__(self, toolset: Toolset, name: str, identity: Identity) -> None:
        self._toolset, self._name, self._identity = toolset, name, identity

    def __repr__(self) -> str:
        return f"_ToolsetInvoker({self._name!r}, subject={self._identity.subject!r})"

    def call(self, arguments: Any, timeout: float | None) -> ToolResult:
        from toolbridge._runtime import run_coroutine

        return run_coroutine(
            lambda: self.acall(arguments, timeout), timeout=None, tool_name=self._name
        )

    async def acall(self, arguments: Any, timeout: float | None) -> ToolResult:
        from toolbridge.toolsets._entry import enter

        options = CallOptions(identity=self._identity, timeout=timeout)
        return await enter(self._toolset, self._name, arguments, options)


def bind(toolset: Toolset, tool: Tool, identity: Identity) -> Tool:
    """`tool` (as `toolset` lists it) calling through `toolset` as `identity`."""
    return tool.replace(invoker=_ToolsetInvoker(toolset, tool.name, identity))
