"""LangChain tools to and from toolbridge's canonical tools, validated both ways.

`to_langchain` makes ``StructuredTool`` objects whose arguments toolbridge validates
on every call (errors go back to the model as error ``ToolMessage`` objects);
`from_langchain` reads any LangChain ``BaseTool`` as a canonical tool that calls it;
`load_mcp_tools` (and `load_mcp_tools_sync`, for sync code) loads MCP servers' tools
as LangChain tools over persistent sessions; inside a LangGraph run, a server's
question to the user is a LangGraph interrupt, as ``langchain.mcp`` raises it. The
``langchain`` format of `toolbridge.to` / `toolbridge.from_` goes
through the same functions.
"""

from toolbridge_langchain._from_langchain import from_langchain
from toolbridge_langchain._mcp import load_mcp_tools, load_mcp_tools_sync
from toolbridge_langchain._to_langchain import ToolbridgeStructuredTool, to_langchain

__all__ = [
    "ToolbridgeStructuredTool",
    "from_langchain",
    "load_mcp_tools",
    "load_mcp_tools_sync",
    "to_langchain",
]
