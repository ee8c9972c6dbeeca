"""A small MCP server bundled with toolbridge: the weather tools, over stdio or HTTP.

``python -m toolbridge.examples.server`` serves the tools of
`toolbridge.examples.weather`, and `active_alerts`, over stdio;
``--transport http --port 8000`` serves them over streamable HTTP on loopback.
``toolbridge check`` with no argument checks this server, so a first run shows real
output with nothing to set up. The data is fake and deterministic: no network.

`active_alerts` is written the way many MCP servers write their tools, and is what
most providers would turn down as it is: its name, ``alerts.active``, has a dot
(MCP allows one; OpenAI, Anthropic and Bedrock do not), and its ``filters`` are an
open map (strict modes and Gemini's OpenAPI dialect cannot say one).
"""

from __future__ import annotations

import argparse
import sys
import zlib
from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from toolbridge import tool
from toolbridge._tool import Tool
from toolbridge.examples import weather

__all__ = ["TOOLS", "Alert", "active_alerts", "main"]

Kind = Literal["wind", "rain", "heat", "frost", "storm"]
Severity = Literal["minor", "moderate", "severe"]
_KINDS: tuple[Kind, ...] = ("wind", "rain", "heat", "frost", "storm")
_SEVERITIES: tuple[Severity, ...] = ("minor", "moderate", "severe")


class Alert(BaseModel):
    """A weather alert in force."""

    alert_id: str
    region: str
    kind: Kind
    severity: Severity
    hours_left: int


@tool(
    name="alerts.active",
    title="Active weather alerts",
    annotations={"read_only": True},
    tags={"weather", "alerts"},
)
def active_alerts(
    region: str,
    filters: dict[str, str] | None = None,
    limit: Annotated[int, Field(ge=1, le=10)] = 3,
) -> list[Alert]:
    """List the weather alerts in force in a region, most severe first.

    Args:
        region: The region, such as "Algarve" or "Kansai".
        filters: Only the alerts whose fields have these values, such as
            {"severity": "severe"} or {"kind": "wind"}.
        limit: At most this many alerts.
    """
    seed = zlib.crc32(region.casefold().encode())
    alerts = [
        Alert(
            alert_id=f"al_{seed:08x}_{index}",
            region=region,
            kind=_KINDS[(seed >> (4 * index)) % len(_KINDS)],
            severity=_SEVERITIES[(seed >> (4 * index + 2)) % len(_SEVERITIES)],
            hours_left=1 + (seed >> (3 * index)) % 48,
        )
        for index in range(1 + seed % 4)
    ]
    wanted = filters or {}
    kept = [
        alert
        for alert in alerts
        if all(str(getattr(alert, field, None)) == value for field, value in wanted.items())
    ]
    kept.sort(key=lambda alert: -_SEVERITIES.index(alert.severity))
    return kept[:limit]


TOOLS: tuple[Tool, ...] = (
    weather.get_forecast,
    weather.get_current_conditions,
    weather.convert_temperature,
    weather.subscribe_to_alerts,
    active_alerts,
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
