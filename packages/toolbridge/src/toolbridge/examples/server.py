"""A small MCP server bundled with toolbridge: the weather tools, over stdio or HTTP.

``python -m toolbridge.examples.server`` serves `toolbridge.examples.weather` over
stdio; ``--transport http --port 8000`` serves it over streamable HTTP on loopback.
``toolbridge check`` with no argument checks this server, so a first run shows real
output with nothing to set up. The data is fake and deterministic: no network.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from toolbridge._tool import Tool
from toolbridge.examples import weather

__all__ = ["TOOLS", "main"]

TOOLS: tuple[Tool, ...] = (
    weather.get_forecast,
    weather.get_current_conditions,
    weather.convert_temperature,
    weather.subscribe_to_alerts,
)
"""The tools served."""


def main(argv: Sequence[str] | None = None) -> None:
    """Serve `TOOLS` until the client leaves (stdio) or Ctrl-C (HTTP)."""
    parser = argparse.ArgumentParser(prog="python -m toolbridge.examples.server")
    parser.add_argument("--transport", choices=("stdio", "http"), default="stdio")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    options = parser.parse_args(argv)
    from toolbridge.mcp import serve

    def ready(url: str) -> None:
        if options.transport == "http":
            print(f"serving {len(TOOLS)} tools on {url}", file=sys.stderr, flush=True)

    serve(
        TOOLS,
        transport=options.transport,
        host=options.host,
        port=options.port,
        name="toolbridge-weather",
        on_ready=ready,
    )


if __name__ == "__main__":
    main()
