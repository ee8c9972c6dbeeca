"""The MCP SDK's low-level ``Server``: hand-written handlers, no argument validation.

The floor under every other server here: ``tools/list`` answers prebuilt models,
``tools/call`` of ``echo`` returns the text without checking it against the schema.
"""

from __future__ import annotations

from typing import Any

import anyio
import mcp_types as types
from _bench_toolset import ECHO_DESCRIPTION, ECHO_NAME, ECHO_SCHEMA, corpus_tools, transport
from mcp.server.lowlevel.server import Server
from mcp.shared.exceptions import MCPError

TOOLS = [
    types.Tool.model_validate(item)
    for item in [
        *corpus_tools(),
        {"name": ECHO_NAME, "description": ECHO_DESCRIPTION, "inputSchema": ECHO_SCHEMA},
    ]
]


async def list_tools(
    context: Any, params: types.PaginatedRequestParams | None
) -> types.ListToolsResult:
    return types.ListToolsResult(tools=TOOLS)


async def call_tool(context: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
    if params.name != ECHO_NAME:
        raise MCPError(code=-32602, message=f"Unknown tool: {params.name}")
    text = (params.arguments or {}).get("text", "")
    return types.CallToolResult(content=[types.TextContent(type="text", text=str(text))])


server = Server("bench-lowlevel", on_list_tools=list_tools, on_call_tool=call_tool)


async def main() -> None:
    kind, port = transport()
    if kind == "stdio":
        from mcp.server.stdio import stdio_server

        async with stdio_server() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())
        return
    import uvicorn

    app = server.streamable_http_app(host="127.0.0.1")
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    await uvicorn.Server(config).serve()


if __name__ == "__main__":
    anyio.run(main)
