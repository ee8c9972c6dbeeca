"""Tool calls in, results out, for every provider's wire shape; and the loop that runs them.

`parse_tool_calls` reads the calls a model made from an OpenAI (Chat Completions or
Responses), Anthropic, Gemini, Bedrock Converse or MCP message, as plain dicts or SDK
objects, into `ToolCall` values; `result_message` shapes a `ToolResult` into what
that provider expects back, paired with the call by its id::

    calls = parse_tool_calls(response, "anthropic")
    replies = [result_message(tool.invoke(call.arguments), call) for call in calls]

`execute_tool_calls` does all of that for a whole response (concurrently, every
failure of one call an error result the model can correct, a response holding a call
that could not be answered refused before any tool runs) and gives the messages to
append; `run_tools_loop` repeats it with the caller's own SDK call until the model
answers.
"""

from toolbridge._call import PROVIDERS, CallRestorer, Provider, ToolCall
from toolbridge.calls._execute import ExecutedCalls, aexecute_tool_calls, execute_tool_calls
from toolbridge.calls._loop import LoopResult, arun_tools_loop, run_tools_loop
from toolbridge.calls._parse import parse_tool_calls
from toolbridge.calls._shape import result_message
from toolbridge.calls._turns import model_turn, results_turn

__all__ = [
    "PROVIDERS",
    "CallRestorer",
    "ExecutedCalls",
    "LoopResult",
    "Provider",
    "ToolCall",
    "aexecute_tool_calls",
    "arun_tools_loop",
    "execute_tool_calls",
    "model_turn",
    "parse_tool_calls",
    "result_message",
    "results_turn",
    "run_tools_loop",
]
