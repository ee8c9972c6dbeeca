"""The MCP SDK's own high-level ``MCPServer`` (FastMCP 1.0 under its mcp 2 name).

``echo`` is a decorated function, as the SDK's documentation writes tools (its
arguments are validated by the pydantic model the SDK derives); the corpus tools
are registered with their schemas as given, never called. Log level WARNING, so
uvicorn writes no access log line per request (as toolbridge's server).
"""

from __future__ import annotations

import anyio
from _bench_toolset import ECHO_DESCRIPTION, corpus_tools, transport
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.tools.base import Tool


def _stub() -> str:
    raise RuntimeError("not called in the benchmark")


def _corpus() -> list[Tool]:
    tools = []
    for item in corpus_tools():
        tool = Tool.from_function(_stub, name=item["name"], description=item["description"])
        tools.append(tool.model_copy(update={"parameters": item["inputSchema"]}))
    return tools


server = MCPServer("bench-mcpserver", tools=_corpus(), log_level="WARNING")


@server.tool(description=ECHO_DESCRIPTION)
async def echo(text: str) -> str:
    return text


def main() -> None:
    kind, port = transport()
    if kind == "stdio":
        anyio.run(server.run_stdio_async)
    else:
        anyio.run(lambda: server.run_streamable_http_async(host="127.0.0.1", port=port))


if __name__ == "__main__":
    main()
