"""Start `tests/servers/oauth_server.py` (an MCP server behind its own OAuth server).

Shared by the sign-in tests of the library (tests/mcp/test_auth.py) and of the
command line (tests/cli/test_login.py).
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2

SERVERS = Path(__file__).resolve().parents[1] / "servers"
SERVER = SERVERS / "oauth_server.py"
BROWSER = SERVERS / "browser.py"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def oauth_server(log: Path, *flags: str) -> Iterator[str]:
    """Run the server on a free loopback port until the block ends; its MCP endpoint URL."""
    port = free_port()
    with open(log, "wb") as output:
        process = subprocess.Popen(
            [sys.executable, str(SERVER), str(port), *flags],
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"oauth_server.py exited: {log.read_text()}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(
                        f"oauth_server.py did not listen: {log.read_text()}"
                    ) from None
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


async def revoke(url: str, token: str, client_id: str, client_secret: str | None) -> None:
    """Revoke `token` at the server's revocation endpoint, as its client (RFC 7009)."""
    base = url.removesuffix("/mcp")
    data = {"token": token, "client_id": client_id, "client_secret": client_secret or ""}
    async with httpx2.AsyncClient() as http:
        response = await http.post(f"{base}/revoke", data=data)
    assert response.status_code == 200, response.text
