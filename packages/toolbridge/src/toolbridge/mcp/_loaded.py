"""`McpTools`: the tools `load_mcp_tools` returns, with the servers that failed."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, TypeVar, final

if TYPE_CHECKING:
    from toolbridge.errors import ServerError, ToolbridgeError

__all__ = ["McpTools"]

_T = TypeVar("_T")


@final
class McpTools(list[_T]):
    """A list of tools loaded from MCP servers, with what did not load.

    It is a plain list of the tools (canonical tools, or a framework's, from a plugin's
    loader), and says what `McpClient` would: which servers failed, and which tools
    were left out.
    """

    failures: Mapping[str, ServerError]
    """Servers that could not be started or listed, by name, with why (as
    `McpClient.failures`); empty when every server loaded."""
    problems: tuple[ToolbridgeError, ...]
    """Tools left out or flagged (as `McpClient.problems`)."""

    def __init__(
        self,
        tools: Iterable[_T] = (),
        *,
        failures: Mapping[str, ServerError] | None = None,
        problems: Iterable[ToolbridgeError] = (),
    ) -> None:
        super().__init__(tools)
        self.failures = MappingProxyType(dict(failures or {}))
        self.problems = tuple(problems)
