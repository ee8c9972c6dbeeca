"""MCP servers' tools as LangChain tools, over toolbridge's persistent sessions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolbridge_langchain._to_langchain import ToolbridgeStructuredTool, to_langchain

if TYPE_CHECKING:
    from toolbridge.mcp import McpTools

__all__ = ["load_mcp_tools"]


async def load_mcp_tools(config: Any, **options: Any) -> McpTools[ToolbridgeStructuredTool]:
    """Start MCP servers and return their tools as LangChain tools.

    Each tool calls its server through one persistent session per server, shared by
    the server's tools (`toolbridge.mcp.load_mcp_tools`); arguments are validated
    before a request is sent. The sessions end with the event loop; for an explicit
    lifecycle, convert the tools of a `toolbridge.mcp.McpClient` with `to_langchain`.

    The list has ``failures``, the servers that could not be started or listed (by
    name, each a `ServerError`), and ``problems``, the tools left out, as
    `toolbridge.mcp.McpClient` has.

    Args:
        config: What `toolbridge.mcp.McpClient` takes: a connection, a name mapping,
            an ``mcpServers`` document or file.
        **options: `toolbridge.mcp.McpClient`'s keyword options (``timeout=``, ...).

    Raises:
        ServerError: No server could be started.
        ConfigError: The configuration is unusable.
    """
    from toolbridge.mcp import McpTools
    from toolbridge.mcp import load_mcp_tools as load_canonical

    loaded = await load_canonical(config, **options)
    return McpTools(to_langchain(loaded), failures=loaded.failures, problems=loaded.problems)
