"""Tool calls in, results out, for every provider's wire shape.

`parse_tool_calls` reads the calls a model made from an OpenAI (Chat Completions or
Responses), Anthropic, Gemini, Bedrock Converse or MCP message, as plain dicts or SDK
objects, into `ToolCall` values; `result_message` shapes a `ToolResult` into what
that provider expects back, paired with the call by its id::

    calls = parse_tool_calls(response, "anthropic")
    replies = [result_message(tool.invoke(call.arguments), call) for call in calls]
"""

from toolbridge.calls._call import PROVIDERS, CallRestorer, Provider, ToolCall
from toolbridge.calls._parse import parse_tool_calls
from toolbridge.calls._shape import ERROR_PREFIX, result_message

__all__ = [
    "ERROR_PREFIX",
    "PROVIDERS",
    "CallRestorer",
    "Provider",
    "ToolCall",
    "parse_tool_calls",
    "result_message",
]
