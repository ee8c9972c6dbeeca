"""The client under test of the MCP conformance suite's client scenarios.

The suite runs ``python client.py URL`` with ``MCP_CONFORMANCE_SCENARIO`` set (and,
for some, ``MCP_CONFORMANCE_CONTEXT``: JSON with the credentials to use); this loads
the server's tools with toolbridge and calls the one the scenario expects.

``elicitation-sep1034-client-defaults`` asks the user a form whose every field has a
default: the client accepts with nothing filled in, and must send the defaults.

The ``auth/*`` scenarios put an OAuth-protected server in front: the client signs in
with the ``auth`` setting the scenario calls for. ``auth/client-credentials-*`` use
`ClientCredentials` (a secret, or a private key); the others `OAuth`, with the
suite's pre-registered client where it gives one and its client ID metadata document
URL otherwise (the server falls back to registration where it does not take them).
The browser is an HTTP client that follows the authorization server's redirect to
the client's loopback listener, as a browser would.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys

import httpx2

from toolbridge import Elicitation, ElicitResult
from toolbridge.mcp import (
    AuthSetting,
    ClientCredentials,
    HttpServer,
    McpClient,
    MemoryTokenStore,
    OAuth,
)

CLIENT_METADATA_URL = "https://conformance-test.local/client-metadata.json"


async def browser(url: str) -> None:
    """Open the authorization URL and follow its redirects, back to the loopback listener."""
    async with httpx2.AsyncClient(follow_redirects=True, timeout=10) as http:
        await http.get(url)


def accept_as_is(question: Elicitation) -> ElicitResult:
    """Accept every question with nothing filled in."""
    return ElicitResult.accept({})


def auth_for(scenario: str, context: dict[str, str]) -> AuthSetting | None:
    if not scenario.startswith("auth/"):
        return None
    if scenario.startswith("auth/client-credentials"):
        return ClientCredentials(
            client_id=context["client_id"],
            client_secret=context.get("client_secret"),
            private_key=context.get("private_key_pem"),
            signing_algorithm=context.get("signing_algorithm", "RS256"),
        )
    return OAuth(
        client_id=context.get("client_id"),
        client_secret=context.get("client_secret"),
        client_metadata_url=CLIENT_METADATA_URL,
        token_store=MemoryTokenStore(),
        browser=browser,
    )


async def main(url: str) -> int:
    scenario = os.environ.get("MCP_CONFORMANCE_SCENARIO", "")
    context = json.loads(os.environ.get("MCP_CONFORMANCE_CONTEXT", "{}"))
    server = HttpServer(url=url, auth=auth_for(scenario, context))
    async with McpClient(server, timeout=20, on_elicit=accept_as_is) as client:
        if client.failures:
            print(client.failures, file=sys.stderr)
            return 1
        print("tools:", [tool.name for tool in client.tools])
        if scenario == "tools_call":
            result = await client.call("add_numbers", {"a": 5, "b": 3})
            print(result.text)
            return 1 if result.is_error else 0
        if scenario == "elicitation-sep1034-client-defaults":
            # Accept, and leave every field out: the client fills in the defaults.
            result = await client.call("test_client_elicitation_defaults")
            print(result.text)
            return 1 if result.is_error else 0
        if scenario.startswith("auth/") and client.tools:
            result = await client.call(client.tools[0].name, {})
            print(result.text)
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[-1])))
