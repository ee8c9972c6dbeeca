"""FastMCP servers and toolbridge's canonical tools, both ways.

`make_server(name, tools)` makes a ``FastMCP`` server serving canonical tools with
their prebuilt schemas exactly as given, validated before they run (`add_tools` adds
them to a server of yours); `from_fastmcp(server)`
reads a FastMCP server's tools in process as canonical tools that call it. While a
served tool runs, its progress and logs, and the questions a loaded tool's server asks
the user, go to the FastMCP server's client, on both MCP protocol eras.
"""

from toolbridge_fastmcp._convert import (
    ToolbridgeTool,
    add_tools,
    from_fastmcp,
    make_server,
    to_fastmcp,
)

__all__ = ["ToolbridgeTool", "add_tools", "from_fastmcp", "make_server", "to_fastmcp"]
