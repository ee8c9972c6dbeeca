"""No leaks, by property: random policies, callers and tool-name variants.

For every generated policy and caller, over the Python API, the MCP server and the
REST server: the listing shows exactly the tools an independent oracle allows, and
calling any name (the real ones, and variants: other case, trailing spaces,
look-alike letters, doubled or missing prefixes) runs a tool only when that exact
name is a tool the caller may use, and then exactly that tool. The three tests make
100,000 call attempts together (each counts its own and asserts its share); no leak is tolerated.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import httpx
import pytest
from hypothesis import given
from mcp.client.client import Client
from mcp.shared.exceptions import MCPError

from toolbridge import AccessDeniedError, Tool, ToolNotFoundError, ToolResult
from toolbridge.mcp import build_server
from toolbridge.rest import build_app
from toolbridge.toolsets import (
    ANONYMOUS,
    CallOptions,
    Identity,
    StaticToolset,
    Toolset,
)

from .leaks import (
    PolicySpec,
    attempts,
    build,
    check_call,
    derandomized,
    expected,
    identities,
    policy_specs,
)

pytestmark = pytest.mark.property  # (100,000 call attempts: the suite's longest runs)


# -- the Python API -------------------------------------------------------------------------

API_EXAMPLES = 1_750
API_ATTEMPTS = 60_000
SERVER_ATTEMPTS = 20_000
"""The call attempts each route must make: 100,000 together."""
counts: dict[str, int] = {}
"""Call attempts made, by route (each test counts its own from zero)."""


def test_the_python_api_never_leaks() -> None:
    @derandomized(API_EXAMPLES)
    @given(spec=policy_specs, caller=identities)
    def example(spec: PolicySpec, caller: Identity) -> None:
        toolset = build(spec)
        listed, callable_ = expected(spec, caller)
        assert [tool.name for tool in toolset.list_tools(caller)] == list(listed)
        for name in attempts(spec):
            assert (toolset.find(name, caller) is not None) == (name in listed), name
            try:
                toolset.call_sync(name, {}, identity=caller)
                outcome = "ran"
            except ToolNotFoundError:
                outcome = "hidden"
                assert name not in listed
            except AccessDeniedError:
                outcome = "refused"
                assert name in listed
            check_call(name, callable_, outcome)
            counts["api"] += 1

    counts["api"] = 0
    example()
    assert counts["api"] >= API_ATTEMPTS, counts


# -- the MCP server (the SDK's client, in memory) -----------------------------------------

SERVER_EXAMPLES = 575


class Switch(Toolset):
    """The toolset of the current example: one server serves every example."""

    def __init__(self) -> None:
        self.current: Toolset = StaticToolset(())
        self.caller: Identity = ANONYMOUS

    def all_tools(self) -> Sequence[Tool]:
        return self.current.all_tools()

    def list_tools(self, identity: Identity = ANONYMOUS) -> list[Tool]:
        return self.current.list_tools(identity)

    def find(self, name: str, identity: Identity = ANONYMOUS) -> Tool | None:
        return self.current.find(name, identity)

    async def call_tool(self, name: str, arguments: Any, options: CallOptions) -> ToolResult:
        return await self.current.call_tool(name, arguments, options)


def test_the_mcp_server_never_leaks() -> None:
    switch = Switch()
    server = build_server(switch, identity=lambda request: switch.caller)

    async def main() -> None:
        async with Client(server, mode="legacy") as client:

            @derandomized(SERVER_EXAMPLES)
            @given(spec=policy_specs, caller=identities)
            def example(spec: PolicySpec, caller: Identity) -> None:
                switch.current, switch.caller = build(spec), caller
                asyncio.run_coroutine_threadsafe(one(client, spec, caller), loop).result()

            loop = asyncio.get_running_loop()
            await asyncio.to_thread(example)

    counts["mcp"] = 0
    asyncio.run(main())
    assert counts["mcp"] >= SERVER_ATTEMPTS, counts


async def one(client: Client, spec: PolicySpec, caller: Identity) -> None:
    listed, callable_ = expected(spec, caller)
    result = await client.list_tools()
    assert [tool.name for tool in result.tools] == list(listed)
    for name in attempts(spec):
        refusal: MCPError | None = None
        try:
            answer = await client.call_tool(name, {})
        except MCPError as error:
            refusal = error
        if refusal is not None:
            assert (refusal.error.code, refusal.error.message) == (-32602, f"Unknown tool: {name}")
            outcome = "hidden"
        else:
            text = answer.content[0].text if answer.content else ""  # type: ignore[union-attr]
            outcome = "refused" if answer.is_error else "ran"
            assert outcome == "ran" or "refused" in text, text
        check_call(name, callable_, outcome)
        counts["mcp"] += 1


# -- the REST server ------------------------------------------------------------------------


def test_the_rest_server_never_leaks() -> None:
    switch = Switch()
    app = build_app(switch, identity=lambda request: switch.caller)

    async def main() -> None:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:

            @derandomized(SERVER_EXAMPLES)
            @given(spec=policy_specs, caller=identities)
            def example(spec: PolicySpec, caller: Identity) -> None:
                switch.current, switch.caller = build(spec), caller
                asyncio.run_coroutine_threadsafe(rest_one(http, spec, caller), loop).result()

            loop = asyncio.get_running_loop()
            await asyncio.to_thread(example)

    counts["rest"] = 0
    asyncio.run(main())
    assert counts["rest"] >= SERVER_ATTEMPTS, counts


async def rest_one(http: httpx.AsyncClient, spec: PolicySpec, caller: Identity) -> None:
    from urllib.parse import quote

    listed, callable_ = expected(spec, caller)
    listing = (await http.get("/tools")).json()
    assert [tool["name"] for tool in listing["tools"]] == list(listed)
    for name in attempts(spec):
        response = await http.post(f"/tools/{quote(name, safe='')}", json={})
        if response.status_code == 404:
            # Exactly the answer a name that names nothing gets.
            unknown = {"type": "ToolNotFoundError", "message": str(ToolNotFoundError(name))}
            assert response.json() == {"error": unknown}, (name, response.text)
            outcome = "hidden"
        elif response.status_code == 403:
            outcome = "refused"
        else:
            assert response.status_code == 200, (name, response.status_code, response.text)
            outcome = "ran"
        check_call(name, callable_, outcome)
        counts["rest"] += 1
