"""Format adapters: a ``to_<format>`` / ``from_<format>`` pair per wire format.

``from_mcp`` reads MCP tool definitions (a ``tools/list`` entry, the SDK's ``Tool``,
a list of them, a ``tools/list`` result or a whole JSON-RPC response) into canonical
`toolbridge.Tool` objects; ``to_mcp`` writes them back, losslessly.
"""

from toolbridge.formats._mcp import from_mcp, to_mcp

__all__ = ["from_mcp", "to_mcp"]
