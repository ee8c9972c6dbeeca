"""The OpenAI Agents SDK's function tools to and from toolbridge's canonical tools.

`to_openai_agents` makes ``FunctionTool`` objects that validate every call with
toolbridge (strict mode on where it is lossless); `from_openai_agents` reads any
``FunctionTool`` as a canonical tool that calls it. The ``openai-agents`` format of
`toolbridge.to` / `toolbridge.from_` goes through the same functions.
"""

from toolbridge_openai_agents._convert import (
    ToolbridgeFunctionTool,
    from_openai_agents,
    to_openai_agents,
)

__all__ = ["ToolbridgeFunctionTool", "from_openai_agents", "to_openai_agents"]
