"""The OpenAI Agents SDK's function tools to and from toolbridge's canonical tools.

`to_openai_agents` makes ``FunctionTool`` objects that validate every call with
toolbridge (strict mode on where it is lossless), give the model a result's images
and files as the SDK's structured outputs, and answer a server's questions to the
user with an ``on_elicit`` handler; `from_openai_agents` reads any ``FunctionTool``
as a canonical tool that calls it; `load_mcp_tools` loads MCP servers' tools as
function tools over persistent sessions. The ``openai-agents`` format of
`toolbridge.to` / `toolbridge.from_` goes through the same functions.
"""

from toolbridge_openai_agents._convert import (
    ToolbridgeFunctionTool,
    from_openai_agents,
    to_openai_agents,
)
from toolbridge_openai_agents._mcp import load_mcp_tools

__all__ = ["ToolbridgeFunctionTool", "from_openai_agents", "load_mcp_tools", "to_openai_agents"]
