"""Start `tests/servers/oauth_server.py` (an MCP server behind its own OAuth server).

Shared by the sign-in tests of the library (tests/mcp/test_auth.py) and of the
command line (tests/cli/test_login.py).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx2

from ..loopback import free_port, server_process

SERVERS = Path(__file__).resolve().parents[1] / "servers"
SERVER = SERVERS / "oauth_server.py"
BROWSER = SERVERS / "browser.py"


@contextlib.contextmanager
def oauth_server(log: Path, *flags: str) -> Iterator[str]:
    """Run the server on a free loopback port until the block ends; its MCP endpoint URL."""
    port = free_port()
    argv = [sys.executable, str(SERVER), str(port), *flags]
    with server_process(argv, port, log, what="oauth_server.py", within=60) as url:
        yield url


async def revoke(url: str, token: str, client_id: str, client_secret: str | None) -> None:
    """Revoke `token` at the server's revocation endpoint, as its client (RFC 7009)."""
    base = url.removesuffix("/mcp")
    data = {"token": token, "client_id": client_id, "client_secret": client_secret or ""}
    async with httpx2.AsyncClient() as http:
        response = await http.post(f"{base}/revoke", data=data)
    assert response.status_code == 200, response.text
