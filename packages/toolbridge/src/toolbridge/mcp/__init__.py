"""MCP both ways: load servers' tools as canonical tools, and serve tools over MCP.

Reading configurations needs nothing beyond toolbridge; talking to servers and serving
need the MCP SDK (``pip install 'toolbridge[mcp]'``), imported only when a session or a
server starts. The client and server names load on first access (PEP 562).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from toolbridge.mcp._auth import (
    AuthSetting,
    BearerToken,
    ClientCredentials,
    FileTokenStore,
    MemoryTokenStore,
    OAuth,
    TokenStore,
    token_store,
)
from toolbridge.mcp._config import read_servers
from toolbridge.mcp._environment import SAFE_VARIABLES, child_environment
from toolbridge.mcp._loaded import McpTools
from toolbridge.mcp._servers import HttpServer, Server, SseServer, StdioServer

if TYPE_CHECKING:
    from toolbridge.mcp._client import (
        FindingPolicy,
        McpClient,
        load_mcp_tools,
        load_mcp_tools_sync,
    )
    from toolbridge.mcp._server import (
        OpenToolset,
        build_http_app,
        build_server,
        serve,
        serve_async,
    )

_LAZY: dict[str, str] = {
    "FindingPolicy": "toolbridge.mcp._client",
    "McpClient": "toolbridge.mcp._client",
    "OpenToolset": "toolbridge.mcp._server",
    "build_http_app": "toolbridge.mcp._server",
    "build_server": "toolbridge.mcp._server",
    "load_mcp_tools": "toolbridge.mcp._client",
    "load_mcp_tools_sync": "toolbridge.mcp._client",
    "serve": "toolbridge.mcp._server",
    "serve_async": "toolbridge.mcp._server",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'toolbridge.mcp' has no attribute {name!r}")
    from toolbridge.mcp._sdk import require_sdk

    require_sdk("mcp")  # an ImportError that names the extra, not "No module named mcp"
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "SAFE_VARIABLES",
    "AuthSetting",
    "BearerToken",
    "ClientCredentials",
    "FileTokenStore",
    "FindingPolicy",
    "HttpServer",
    "McpClient",
    "McpTools",
    "MemoryTokenStore",
    "OAuth",
    "OpenToolset",
    "Server",
    "SseServer",
    "StdioServer",
    "TokenStore",
    "build_http_app",
    "build_server",
    "child_environment",
    "load_mcp_tools",
    "load_mcp_tools_sync",
    "read_servers",
    "serve",
    "serve_async",
    "token_store",
]
