"""An upstream MCP server behind its own OAuth resource server, recording what it is sent.

    python upstream_server.py PORT ISSUER LOG

Serves ``upstream_echo`` on http://127.0.0.1:PORT/mcp, accepting tokens of ISSUER for
that URL with the scope ``upstream.read``; every ``Authorization`` header it receives
is appended to LOG, one a line, before anything checks it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import uvicorn

from toolbridge import tool
from toolbridge.auth import AuthSettings
from toolbridge.mcp import build_http_app


@tool
def upstream_echo(text: str) -> str:
    """Say `text` back, from upstream."""
    return f"upstream: {text}"


def main() -> None:
    port, issuer, log = int(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
    url = f"http://127.0.0.1:{port}/mcp"
    settings = AuthSettings(
        issuer=issuer,
        audience=url,
        jwks_uri=f"{issuer}/jwks",
        required_scopes=("upstream.read",),
    )
    app = build_http_app([upstream_echo], auth=settings, stateless=True)

    async def recording(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            for name, value in scope["headers"]:
                if name == b"authorization":
                    with log.open("a") as file:
                        file.write(value.decode("latin-1") + "\n")
        await app(scope, receive, send)

    uvicorn.run(recording, host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main()
