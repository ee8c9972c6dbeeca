"""MCP both ways: load servers' tools as canonical tools, and serve tools over MCP.

Reading configurations needs nothing beyond toolbridge; talking to servers needs the
MCP SDK (``pip install 'toolbridge[mcp]'``), imported only when a session starts.
"""

from toolbridge.mcp._config import SINGLE_SERVER_NAME, read_servers
from toolbridge.mcp._environment import SAFE_VARIABLES, child_environment
from toolbridge.mcp._servers import HttpServer, Server, SseServer, StdioServer

__all__ = [
    "SAFE_VARIABLES",
    "SINGLE_SERVER_NAME",
    "HttpServer",
    "Server",
    "SseServer",
    "StdioServer",
    "child_environment",
    "read_servers",
]
