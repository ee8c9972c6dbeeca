"""Signing in to HTTP MCP servers: the ``auth`` settings, token stores and the flow.

`_settings` (the values), `_store` (token stores) and `_config` (the setting in the
shapes people write) need nothing beyond toolbridge: reading a configuration never
imports the SDK. When a connection opens, `_flow` builds its ``httpx2.Auth`` around
the SDK's providers (`_providers`, with `_loopback` receiving the browser's redirect)
and raises `_failure.AuthFailure` for a refusal it cannot get past.
"""

from toolbridge.mcp._auth._settings import (
    AuthSetting,
    BearerToken,
    Browser,
    ClientCredentials,
    OAuth,
    token_store,
)
from toolbridge.mcp._auth._store import FileTokenStore, MemoryTokenStore, TokenStore

__all__ = [
    "AuthSetting",
    "BearerToken",
    "Browser",
    "ClientCredentials",
    "FileTokenStore",
    "MemoryTokenStore",
    "OAuth",
    "TokenStore",
    "token_store",
]
