"""Signing in to HTTP MCP servers: the ``auth`` settings, token stores and the flow.

`_settings` and `_store` need nothing beyond toolbridge (reading a configuration never
imports the SDK); `_flow` builds the SDK's OAuth providers when a connection opens;
`_config` reads the setting from the shapes people write; `_loopback` receives the
browser's redirect.
"""

from toolbridge.mcp._auth._settings import (
    AuthSetting,
    BearerToken,
    Browser,
    ClientCredentials,
    OAuth,
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
]
