"""MCP servers' tools as LangChain tools, over toolbridge's persistent sessions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolbridge_langchain._to_langchain import ToolbridgeStructuredTool, to_langchain

if TYPE_CHECKING:
    from toolbridge import Tool
    from toolbridge.mcp import McpTools

__all__ = ["load_mcp_tools", "load_mcp_tools_sync"]


async def load_mcp_tools(
    config: Any, *, strict: bool = False, **options: Any
) -> McpTools[ToolbridgeStructuredTool]:
    """Start MCP servers and return their tools as LangChain tools.

    Each tool calls its server through one persistent session per server, shared by
    the server's tools (`toolbridge.mcp.load_mcp_tools`); arguments are validated
    before a request is sent. The sessions end with the event loop; for an explicit
    lifecycle, convert the tools of a `toolbridge.mcp.McpClient` with `to_langchain`.

    A server's question to the user while its tool runs is a LangGraph interrupt in
    a graph run; with ``on_elicit=`` that function answers it everywhere, and
    without either it is declined.

    The list has ``failures``, the servers that could not be started or listed (by
    name, each a `ServerError`), and ``problems``, the tools left out, as
    `toolbridge.mcp.McpClient` has.

    Args:
        config: What `toolbridge.mcp.McpClient` takes: a connection, a name mapping,
            an ``mcpServers`` document or file.
        strict: Show the model each tool's OpenAI strict schema (see `to_langchain`).
        **options: `toolbridge.mcp.McpClient`'s keyword options (``timeout=``,
            ``on_elicit=``, ``protocol=``, ...).

    Raises:
        ServerError: No server could be started.
        ConfigError: The configuration is unusable.
    """
    from toolbridge.mcp import load_mcp_tools as load_canonical

    return _converted(await load_canonical(config, **options), strict, options)


def load_mcp_tools_sync(
    config: Any, *, strict: bool = False, **options: Any
) -> McpTools[ToolbridgeStructuredTool]:
    """`load_mcp_tools` for sync code: the sessions run in a private background loop.

    The tools work with ``tool.invoke`` (an agent's ``invoke``) and ``ainvoke`` from
    any event loop; the sessions end when the interpreter exits
    (`toolbridge.mcp.load_mcp_tools_sync`). Arguments and errors as `load_mcp_tools`.
    """
    from toolbridge.mcp import load_mcp_tools_sync as load_canonical

    return _converted(load_canonical(config, **options), strict, options)


def _converted(
    loaded: McpTools[Tool], strict: bool, options: dict[str, Any]
) -> McpTools[ToolbridgeStructuredTool]:
    from toolbridge.mcp import McpTools

    # The caller's own on_elicit answers in a graph run too, as langchain.mcp honours a
    # client's own elicitation handler.
    interrupts = options.get("on_elicit") is None
    made = to_langchain(loaded, strict=strict, interrupts=interrupts)
    return McpTools(made, failures=loaded.failures, problems=loaded.problems)
