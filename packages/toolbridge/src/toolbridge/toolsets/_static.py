"""The innermost toolset: a fixed list of tools, and how any source runs its tools."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, final

from toolbridge._result import ToolResult
from toolbridge._tool import Tool
from toolbridge.errors import (
    AccessDeniedError,
    ArgumentValidationError,
    ConfigError,
    ToolExecutionError,
    ToolNotFoundError,
)
from toolbridge.toolsets._base import CallOptions, Toolset, unknown
from toolbridge.toolsets._identity import ANONYMOUS, Identity, identity_context
from toolbridge.toolsets._trace import current_trace, untraced

__all__ = ["StaticToolset", "index_tools", "run_tool"]


def index_tools(tools: Iterable[Tool], *, where: str = "tools") -> dict[str, Tool]:
    """Tools by name, in order.

    Raises:
        ConfigError: Something other than a `Tool`, or two tools with one name.
    """
    by_name: dict[str, Tool] = {}
    for index, item in enumerate(tools):
        if not isinstance(item, Tool):
            raise ConfigError(f"{where}[{index}] is {type(item).__name__}, not a Tool")
        if item.name in by_name:
            raise ConfigError(f"two tools are named {item.name!r}: names must be unique")
        by_name[item.name] = item
    return by_name


async def run_tool(
    tool: Tool | None, name: str, arguments: Any, options: CallOptions, *, source: str | None
) -> ToolResult:
    """Run a source's own tool as ``options.identity``, noting it on the call's trace.

    The tool runs outside the trace and as the caller: calls it makes through
    toolsets (the ``call_tool`` meta-tool, a proxy) are checked and recorded on
    their own.
    """
    if tool is None:
        raise unknown(name)
    trace = current_trace()
    if trace is not None:
        trace.original, trace.source = tool, source
    for view in options.views:
        checked = view.validate(arguments)
        if not checked.ok:
            raise ArgumentValidationError(view.name, checked.issues)
    with untraced(), identity_context(options.identity):
        try:
            return await tool.ainvoke(arguments, timeout=options.timeout)
        except (ToolNotFoundError, AccessDeniedError) as error:
            # Raised inside the tool (a call it made), not about this call: say so.
            raise ToolExecutionError(tool.name, error) from error


@final
class StaticToolset(Toolset):
    """A fixed list of tools with unique names.

    Raises:
        ConfigError: Something other than a `Tool`, or two tools with one name.
    """

    def __init__(self, tools: Iterable[Tool], *, name: str | None = None) -> None:
        self.name = name
        self._by_name = index_tools(tools)
        self._tools = tuple(self._by_name.values())

    def all_tools(self) -> Sequence[Tool]:
        return self._tools

    def list_tools(self, identity: Identity = ANONYMOUS) -> list[Tool]:
        return list(self._tools)

    def find(self, name: str, identity: Identity = ANONYMOUS) -> Tool | None:
        return self._by_name.get(name)

    async def call_tool(self, name: str, arguments: Any, options: CallOptions) -> ToolResult:
        return await run_tool(self._by_name.get(name), name, arguments, options, source=self.name)
