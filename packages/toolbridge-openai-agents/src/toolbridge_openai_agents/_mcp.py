"""MCP servers' tools as Agents SDK function tools, over toolbridge's persistent sessions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolbridge_openai_agents._convert import ToolbridgeFunctionTool, to_openai_agents

if TYPE_CHECKING:
    from toolbridge.mcp import McpTools

__all__ = ["load_mcp_tools"]


async def load_mcp_tools(
    config: Any, *, strict: bool | None = None, **options: Any
) -> McpTools[ToolbridgeFunctionTool]:
    """Start MCP servers and return their tools as the Agents SDK's function tools.

    Each tool calls its server through one persistent session per server, shared by
    the server's tools (`toolbridge.mcp.load_mcp_tools`); arguments are validated
    before a request is sent, and images in a result reach the model as images. The
    sessions end with the event loop; for an explicit lifecycle, convert the tools of
    a `toolbridge.mcp.McpClient` with `to_openai_agents`.

    The list has ``failures``, the servers that could not be started or listed (by
    name, each a `ServerError`), and ``problems``, the tools left out, as
    `toolbridge.mcp.McpClient` has.

    Args:
        config: What `toolbridge.mcp.McpClient` takes: a connection, a name mapping,
            an ``mcpServers`` document or file.
        strict: As `to_openai_agents` takes it.
        **options: `toolbridge.mcp.McpClient`'s keyword options: ``on_elicit=`` (the
            questions servers ask the user), ``protocol=``, ``timeout=``, ...

    Raises:
        ServerError: No server could be started.
        ConfigError: The configuration or an option is unusable.
    """
    from toolbridge.mcp import McpTools
    from toolbridge.mcp import load_mcp_tools as load_canonical

    loaded = await load_canonical(config, **options)
    made = to_openai_agents(loaded, strict=strict)
    return McpTools(made, failures=loaded.failures, problems=loaded.problems)
