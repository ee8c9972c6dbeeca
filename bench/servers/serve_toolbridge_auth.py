"""The deployed gateway with its callers signed in: a static bearer token, or a JWT.

    serve_toolbridge_auth.py http PORT static|jwt

The toolset file of ``serve_toolbridge_file.py`` (50 tools, deny-by-default policy,
audit log), stateless, one process under uvicorn (``app_from_definition``), with:

* ``static``: a ``tokens:`` entry mapping one bearer token to the caller;
* ``jwt``: an ``auth:`` section instead: RS256 access tokens of an issuer whose JWKS
  this script serves itself on a loopback port, checked by ``toolbridge.auth``
  (the first request of a token verifies it; later ones find it in the cache).

The benchmark's clients send no ``Authorization`` header, so a middleware in front
of the app adds the token to every request, the same in both modes: the two rows
differ only in how the gateway checks it.
"""

from __future__ import annotations

import asyncio
import http.server
import json
import os
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import jwt
import uvicorn
from _bench_toolset import corpus_tools
from cryptography.hazmat.primitives.asymmetric import rsa
from jwt.algorithms import RSAAlgorithm
from serve_toolbridge_file import definition

from toolbridge.cli import app_from_definition

STATIC = "a-static-token-of-the-bench-caller"


def serve_jwks(document: bytes) -> int:
    """A JWKS on a loopback port, in a thread; its port."""

    class Keys(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(document)))
            self.end_headers()
            self.wfile.write(document)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Keys)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return int(server.server_address[1])


def signed_in(port: str, mode: str) -> tuple[dict[str, Any], str]:
    """The toolset file's data, and the token its caller sends."""
    data = definition(None, os.environ.get("BENCH_AUDIT") or os.devnull)
    caller = {"subject": "bench", "tenant": "bench", "roles": ["bench"]}
    if mode == "static":
        return {**data, "tokens": {STATIC: caller}}, STATIC
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    public = json.loads(RSAAlgorithm.to_jwk(key.public_key()))
    keys = json.dumps({"keys": [{**public, "kid": "bench", "use": "sig", "alg": "RS256"}]})
    issuer = f"http://127.0.0.1:{serve_jwks(keys.encode())}"
    audience = f"http://127.0.0.1:{port}/mcp"
    now = int(time.time())
    claims = {
        **{"iss": issuer, "aud": audience, "sub": "bench", "tid": "bench", "roles": ["bench"]},
        **{"scope": "tools.read", "iat": now, "exp": now + 86400},
    }
    token = jwt.encode(claims, key, algorithm="RS256", headers={"kid": "bench", "typ": "at+jwt"})
    auth = {
        **{"issuer": issuer, "audience": audience, "jwks_uri": f"{issuer}/jwks"},
        **{"required_scopes": ["tools.read"]},
    }
    return {**data, "auth": auth}, token


def main() -> None:
    args = sys.argv[1:]
    if len(args) != 3 or args[0] != "http" or args[2] not in ("static", "jwt"):
        raise SystemExit(f"usage: {Path(sys.argv[0]).name} http PORT static|jwt")
    port, mode = args[1], args[2]
    folder = Path(tempfile.mkdtemp(prefix="toolset-auth-"))
    (folder / "corpus.json").write_text(json.dumps(corpus_tools()))
    data, token = signed_in(port, mode)
    path = folder / "bench.json"
    path.write_text(json.dumps(data, indent=2))
    os.environ["TOOLBRIDGE_STATELESS"] = "1"
    app = app_from_definition(str(path))
    header = (b"authorization", f"Bearer {token}".encode())

    async def signed(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            scope = {**scope, "headers": [*scope["headers"], header]}
        await app(scope, receive, send)

    # IPPROTO_TCP, as toolbridge serve binds: asyncio turns Nagle off only on such a
    # socket, and with it on an answer written in two parts waits for a delayed ACK.
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", int(port)))
    server = uvicorn.Server(uvicorn.Config(signed, log_level="warning", lifespan="on"))
    asyncio.run(server.serve(sockets=[listener]))


if __name__ == "__main__":
    main()
