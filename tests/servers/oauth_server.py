"""A FastMCP server behind its own OAuth 2.1 authorization server, over HTTP on loopback.

Run: ``python oauth_server.py PORT [--token-ttl SECONDS] [--step-up]``. On
``http://127.0.0.1:PORT`` it serves:

* the MCP endpoint ``/mcp``, which takes only a bearer token with scope ``read``
  (else HTTP 401 with a ``WWW-Authenticate`` challenge naming its metadata);
* FastMCP's in-memory authorization server (the MCP SDK's handlers): metadata,
  ``/register`` (dynamic client registration), ``/authorize`` (approves at once: it
  redirects the browser to the client's redirect URI with a code), ``/token``
  (authorization code with PKCE, refresh token, rotating), ``/revoke``.

``--token-ttl`` sets how long an access token lives (default 3600 s). With
``--step-up``, calling ``admin`` also needs scope ``admin``: a token without it gets
HTTP 403 ``insufficient_scope`` naming ``read admin``, as a resource server asking for
a wider grant does. Every client is registered for both scopes.

| tool | returns |
| --- | --- |
| ``whoami()`` | the scopes of the token that called it, space-separated |
| ``admin()`` | ``admin done`` |
| ``counts()`` | JSON: how many authorization codes and refreshes were exchanged |
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

import uvicorn
from fastmcp import FastMCP
from fastmcp.server.auth.providers.in_memory import InMemoryOAuthProvider
from fastmcp.server.dependencies import get_access_token
from mcp.server.auth.provider import AuthorizationCode, RefreshToken
from mcp.server.auth.settings import ClientRegistrationOptions, RevocationOptions
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken

SCOPES = ["read", "admin"]


class Provider(InMemoryOAuthProvider):
    """The in-memory authorization server, with a token lifetime and counts."""

    def __init__(self, base_url: str, ttl: int) -> None:
        super().__init__(
            base_url=base_url,
            client_registration_options=ClientRegistrationOptions(
                enabled=True, valid_scopes=SCOPES, default_scopes=SCOPES
            ),
            revocation_options=RevocationOptions(enabled=True),
            required_scopes=["read"],
        )
        self.ttl = ttl
        self.counts = {"authorization_code": 0, "refresh_token": 0}

    async def register_client(self, client_info: OAuthClientInformationFull) -> None:
        client_info.scope = " ".join(SCOPES)  # every client may ask for every scope
        await super().register_client(client_info)

    async def exchange_authorization_code(
        self, client: OAuthClientInformationFull, authorization_code: AuthorizationCode
    ) -> OAuthToken:
        self.counts["authorization_code"] += 1
        return self._timed(await super().exchange_authorization_code(client, authorization_code))

    async def exchange_refresh_token(
        self, client: OAuthClientInformationFull, refresh_token: RefreshToken, scopes: list[str]
    ) -> OAuthToken:
        self.counts["refresh_token"] += 1
        return self._timed(await super().exchange_refresh_token(client, refresh_token, scopes))

    def _timed(self, token: OAuthToken) -> OAuthToken:
        self.access_tokens[token.access_token].expires_at = int(time.time() + self.ttl)
        return token.model_copy(update={"expires_in": self.ttl})


def build(port: int, ttl: int) -> tuple[FastMCP, Provider]:
    provider = Provider(f"http://127.0.0.1:{port}", ttl)
    server = FastMCP("oauth", auth=provider)

    @server.tool
    def whoami() -> str:
        """The scopes of the calling token."""
        token = get_access_token()
        return " ".join(token.scopes) if token is not None else ""

    @server.tool
    def admin() -> str:
        """Needs scope admin with --step-up."""
        return "admin done"

    @server.tool
    def counts() -> str:
        """How many codes and refresh tokens were exchanged."""
        return json.dumps(provider.counts)

    return server, provider


class StepUp:
    """ASGI: a ``tools/call`` of ``admin`` needs a token with scope ``admin`` (else 403)."""

    def __init__(self, app: Any, provider: Provider, port: int) -> None:
        self.app, self.provider, self.port = app, provider, port

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" or scope["path"] != "/mcp":
            await self.app(scope, receive, send)
            return
        messages, body, more = [], b"", True
        while more:
            message = await receive()
            messages.append(message)
            body += message.get("body", b"")
            more = message.get("more_body", False)

        async def replay() -> Any:
            return messages.pop(0) if messages else await receive()

        try:
            request = json.loads(body)
        except ValueError:
            request = None
        headers = dict(scope["headers"])
        token = headers.get(b"authorization", b"").decode().removeprefix("Bearer ")
        granted = self.provider.access_tokens.get(token)
        if (
            isinstance(request, dict)
            and request.get("method") == "tools/call"
            and request.get("params", {}).get("name") == "admin"
            and granted is not None
            and "admin" not in granted.scopes
        ):
            metadata = f"http://127.0.0.1:{self.port}/.well-known/oauth-protected-resource/mcp"
            challenge = (
                f'Bearer error="insufficient_scope", scope="read admin", '
                f'resource_metadata="{metadata}"'
            )
            await send(
                {
                    "type": "http.response.start",
                    "status": 403,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"www-authenticate", challenge.encode()),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": b'{"error":"insufficient_scope"}'})
            return
        await self.app(scope, replay, send)


if __name__ == "__main__":
    port = int(sys.argv[1])
    ttl = int(sys.argv[sys.argv.index("--token-ttl") + 1]) if "--token-ttl" in sys.argv else 3600
    server, provider = build(port, ttl)
    app: Any = server.http_app(path="/mcp")
    if "--step-up" in sys.argv:
        app = StepUp(app, provider, port)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")
