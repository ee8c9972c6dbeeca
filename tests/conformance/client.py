"""The client under test of the MCP conformance suite's client scenarios.

The suite runs ``python client.py URL`` with ``MCP_CONFORMANCE_SCENARIO`` set; this
loads the server's tools with toolbridge and calls the one the scenario expects.
"""

from __future__ import annotations

import asyncio
import os
import sys

from toolbridge.mcp import HttpServer, McpClient


async def main(url: str) -> int:
    scenario = os.environ.get("MCP_CONFORMANCE_SCENARIO", "")
    async with McpClient(HttpServer(url=url), timeout=20) as client:
        if client.failures:
            print(client.failures, file=sys.stderr)
            return 1
        print("tools:", [tool.name for tool in client.tools])
        if scenario == "tools_call":
            result = await client.call("add_numbers", {"a": 5, "b": 3})
            print(result.text)
            return 1 if result.is_error else 0
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[-1])))
