"""An upstream MCP server's log messages reach the gateway's client, at the client's level.

Real: ``tests/servers/logging_server.py`` (FastMCP) is the ``mcp:`` source of a
toolset file that ``toolbridge serve`` serves over HTTP; the client is the MCP SDK's
own, on the handshake era (``logging/setLevel``) and on 2026-07-28 (the request's
``logLevel``), and each era of the upstream connection is tried. A message is
labelled with the upstream server's name (``<server>.<logger>``), and those below
the client's level never reach it.
"""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
from mcp.client.client import Client
from mcp.shared.exceptions import MCPDeprecationWarning

from tests.mcp.served import gateway_of, serving

LOGGING = Path(__file__).resolve().parents[1] / "servers" / "logging_server.py"


@pytest.fixture(scope="module", params=["auto", "legacy"])
def gateway_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """A gateway whose MCP source ``logs`` is the logging server, on one era."""
    gateway = gateway_of(tmp_path_factory.mktemp("logs"), "logs", LOGGING, request.param)
    with serving(gateway) as (_, url, _):
        yield url


async def logged(
    url: str, mode: Literal["auto", "legacy"], level: Literal["info", "warning"]
) -> tuple[str, list[tuple[str, str | None, Any]]]:
    """Call ``chatty`` through the gateway; its answer and the log messages received."""
    logs: list[tuple[str, str | None, Any]] = []

    async def on_log(params: Any) -> None:  # FastMCP's data: {"msg": ..., "extra": ...}
        logs.append((str(params.level), params.logger, params.data["msg"]))

    options: dict[str, Any] = {"log_level": level} if mode == "auto" else {}
    async with Client(url, mode=mode, logging_callback=on_log, **options) as client:
        if mode == "legacy":
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", MCPDeprecationWarning)
                await client.session.set_logging_level(level)
        result = await client.session.call_tool("chatty", {"text": "hi"})
    text = result.content[0].text  # type: ignore[union-attr]
    return str(text), logs


@pytest.mark.parametrize("mode", ["auto", "legacy"])
def test_upstream_logs_reach_the_client_labelled_with_their_server(
    gateway_url: str, mode: Literal["auto", "legacy"]
) -> None:
    text, logs = asyncio.run(logged(gateway_url, mode, "info"))
    assert text == "hi"
    assert logs == [("info", "logs.desk", "info hi"), ("warning", "logs.desk", "warning hi")]


@pytest.mark.parametrize("mode", ["auto", "legacy"])
def test_upstream_logs_below_the_client_s_level_stay_away(
    gateway_url: str, mode: Literal["auto", "legacy"]
) -> None:
    _, logs = asyncio.run(logged(gateway_url, mode, "warning"))
    assert logs == [("warning", "logs.desk", "warning hi")]
