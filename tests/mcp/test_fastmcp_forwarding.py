"""toolbridge-fastmcp in front of real MCP servers: an upstream tool's progress and its
server's questions reach the FastMCP server's own client, on both protocol eras.

The upstream servers are subprocesses over stdio: tests/servers/fixture_server.py
(``progress``) and tests/servers/eliciting_server.py (a FastMCP server that asks with
``elicitation/create`` on the handshake era and ``input_required`` on 2026-07-28). Their
tools are loaded with toolbridge's MCP client (``protocol="legacy"`` or ``"auto"``) and
served by a FastMCP server in process, which a real FastMCP ``Client`` calls
(``mode="legacy"`` or ``"auto"``): four pairs of eras, one per test.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

import mcp_types
import pytest
from fastmcp import Client, FastMCP
from fastmcp.client.elicitation import ElicitResult as FastMCPElicitResult
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from toolbridge.mcp import McpClient, StdioServer
from toolbridge_fastmcp import make_server

ELICITING = Path(__file__).resolve().parent.parent / "servers" / "eliciting_server.py"
UPSTREAM_ERAS = ["legacy", "auto"]
"""toolbridge's client to the upstream server: the handshake, or discover (2026-07-28)."""
DOWNSTREAM_ERAS = ["legacy", "auto"]
"""The FastMCP ``Client`` to the FastMCP server: the handshake, or 2026-07-28."""


def _text(result: Any) -> str:
    """The text of a result's blocks, one line each."""
    texts = []
    for block in result.content:
        assert isinstance(block, mcp_types.TextContent), block
        texts.append(block.text)
    return "\n".join(texts)


def _modern(version: str | None) -> bool:
    return version in MODERN_PROTOCOL_VERSIONS


@pytest.mark.parametrize("downstream", DOWNSTREAM_ERAS)
def test_a_loaded_tools_progress_reaches_the_fastmcp_client(
    downstream: str, fixture_server: Callable[..., list[str]]
) -> None:
    command, *args = fixture_server()
    progress: list[tuple[float, float | None, str | None]] = []

    async def on_progress(value: float, total: float | None, message: str | None) -> None:
        progress.append((value, total, message))

    async def main() -> tuple[str | None, str]:
        fixture = StdioServer(command=command, args=tuple(args))
        async with McpClient({"fixture": fixture}) as upstream:
            server = make_server("proxy", [upstream.tool("progress")])
            async with Client(server, mode=downstream, progress_handler=on_progress) as client:
                result = await client.call_tool("progress", {"steps": 3})
                return client.protocol_version, _text(result)

    era, text = asyncio.run(main())
    assert _modern(era) is (downstream == "auto")
    assert text == "done"
    assert progress == [(1, 3, "step 1"), (2, 3, "step 2"), (3, 3, "step 3")]


class Person:
    """Answers the FastMCP client's questions from a script, by message; records them."""

    def __init__(self, answers: dict[str, Any]) -> None:
        self.answers = answers
        self.asked: list[tuple[str, str, str | None]] = []

    async def __call__(self, message: str, response_type: Any, params: Any, context: Any) -> Any:
        self.asked.append((params.mode, message, getattr(params, "url", None)))
        given = self.answers[message]
        if given in ("accept", "decline", "cancel"):
            return FastMCPElicitResult(action=given)
        return given


async def _proxy_calls(
    upstream: Literal["legacy", "auto"],
    downstream: str,
    person: Person,
    calls: list[tuple[str, dict[str, Any]]],
) -> tuple[str, str | None, list[str], str]:
    """The upstream era (its ``era`` tool), the downstream one, each call's text, and the
    text of the first call again from a FastMCP client that cannot answer (no handler)."""
    eliciting = StdioServer(command=sys.executable, args=(str(ELICITING),))
    async with McpClient({"eliciting": eliciting}, protocol=upstream) as client:
        server: FastMCP[Any] = make_server("proxy", client.tools)
        async with Client(server, mode=downstream, elicitation_handler=person) as fastmcp:
            texts = []
            for name, arguments in [("era", {}), *calls]:
                result = await fastmcp.call_tool(name, arguments, raise_on_error=False)
                texts.append(_text(result))
            era = fastmcp.protocol_version
        async with Client(server, mode=downstream) as mute:
            name, arguments = calls[0]
            unanswered = _text(await mute.call_tool(name, arguments, raise_on_error=False))
        return texts[0], era, texts[1:], unanswered


@pytest.mark.parametrize("downstream", DOWNSTREAM_ERAS)
@pytest.mark.parametrize("upstream", UPSTREAM_ERAS)
def test_a_servers_questions_reach_the_fastmcp_client(
    upstream: Literal["legacy", "auto"], downstream: str
) -> None:
    """Accepted, declined and cancelled forms, a URL-mode visit and two rounds, through
    toolbridge's client and FastMCP's server to FastMCP's client, each pair of eras. A
    FastMCP client without an elicitation handler declares no elicitation: toolbridge's
    client declines the question then, and says so in the result."""
    person = Person(
        {
            "Booking at Chez Ada: details?": {"guests": 4, "name": "Lovelace"},
            "Booking at Noma: details?": "decline",
            "Booking at Geranium: details?": "cancel",
            "Sign in to continue": "accept",
            "First?": {"value": "one"},
            "Second?": {"value": "two"},
        }
    )
    calls: list[tuple[str, dict[str, Any]]] = [
        ("book_table", {"restaurant": "Chez Ada"}),
        ("book_table", {"restaurant": "Noma"}),
        ("book_table", {"restaurant": "Geranium"}),
        ("sign_in", {}),
        ("two_rounds", {}),
    ]
    upstream_era, downstream_era, texts, unanswered = asyncio.run(
        _proxy_calls(upstream, downstream, person, calls)
    )
    assert _modern(upstream_era) is (upstream == "auto")
    assert _modern(downstream_era) is (downstream == "auto")
    assert texts == [
        "booked Chez Ada for 4 under Lovelace",
        "declined",
        "cancelled",
        "signed in",
        "first=one second=two",
    ]
    assert person.asked == [
        ("form", "Booking at Chez Ada: details?", None),
        ("form", "Booking at Noma: details?", None),
        ("form", "Booking at Geranium: details?", None),
        ("url", "Sign in to continue", "https://auth.example.test/start"),
        ("form", "First?", None),
        ("form", "Second?", None),
    ]
    answer, _, note = unanswered.partition("\n")
    assert answer == "declined"
    assert "asked the user: 'Booking at Chez Ada: details?'" in note
    assert "so it was declined" in note
