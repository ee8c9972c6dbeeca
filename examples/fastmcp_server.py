"""toolbridge tools on a FastMCP server, called with FastMCP's in-memory client.

Run it: ``uv run python examples/fastmcp_server.py`` (no network). The schemas are
served exactly as toolbridge holds them, and a call with invalid arguments is an
error result that never reached the function.

Outside this repository it needs ``pip install 'toolbridge[fastmcp]'``.
"""

from __future__ import annotations

import asyncio

from fastmcp import Client

from toolbridge.examples.weather import convert_temperature, get_forecast
from toolbridge_fastmcp import make_server


async def main() -> None:
    server = make_server("weather", [convert_temperature, get_forecast])
    async with Client(server) as client:
        print([tool.name for tool in await client.list_tools()])
        arguments = {"value": 21, "from_unit": "celsius", "to_unit": "fahrenheit"}
        print((await client.call_tool("convert_temperature", arguments)).structured_content)
        refused = await client.call_tool(
            "convert_temperature", {"value": "hot"}, raise_on_error=False
        )
        print("refused:", getattr(refused.content[0], "text", ""))


if __name__ == "__main__":
    asyncio.run(main())
