"""toolbridge: one tool definition for every place an AI agent can call tools.

The canonical `Tool` is what every format and framework converts to and from;
``@tool`` makes one from a Python function; ``tool.validate`` / ``tool.invoke`` /
``await tool.ainvoke`` check arguments and run it. Importing this package is cheap:
the validator, pydantic and the command line load on first use.

Only the exception tree is imported eagerly; every other name is loaded from its
module on first access (PEP 562), so ``import toolbridge`` costs almost nothing.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from toolbridge.errors import (
    AccessDeniedError,
    ArgumentValidationError,
    ConfigError,
    ConversionError,
    DocumentError,
    ElicitationError,
    InvocationError,
    LoadError,
    McpServerError,
    NotInvocableError,
    OutputValidationError,
    PinMismatchError,
    RateLimitError,
    RemoteError,
    RemoteReferenceError,
    ResultError,
    SchemaError,
    SchemaTooDeepError,
    SchemaTooLargeError,
    ServerError,
    SyncInvocationError,
    ToolbridgeError,
    ToolCallError,
    ToolDefinitionError,
    ToolExecutionError,
    ToolNotFoundError,
    ToolTimeoutError,
    ToolValidationError,
    UnsafeToolError,
    UnsupportedAnnotationError,
)

if TYPE_CHECKING:
    from toolbridge._answering import Answers, answering
    from toolbridge._content import (
        AudioContent,
        BlobResourceContents,
        ContentBlock,
        EmbeddedResource,
        ImageContent,
        ResourceLink,
        TextContent,
        TextResourceContents,
        text_content,
    )
    from toolbridge._context import (
        CallContext,
        ElicitAction,
        Elicitation,
        ElicitHandler,
        ElicitResult,
        ElicitRound,
        ToolContext,
        call_context,
        current_call,
        elicit,
        report_progress,
        send_log,
    )
    from toolbridge._functions import (
        FunctionInvoker,
        from_function,
        tool,
    )
    from toolbridge._json import (
        FrozenDict,
        FrozenList,
        thaw,
    )
    from toolbridge._result import (
        ToolResult,
        json_content,
        to_result,
    )
    from toolbridge._tool import (
        Invoker,
        Tool,
        ToolAnnotations,
    )
    from toolbridge._validation._validator import (
        Invalid,
        IssueKind,
        Valid,
        ValidationIssue,
        ValidationResult,
        Validator,
    )
    from toolbridge.plugins._dispatch import from_, to
    from toolbridge.plugins._hookspecs import hookimpl
    from toolbridge.plugins._spec import FormatSpec

__version__ = "0.1.0"

_LAZY: dict[str, str] = {
    "Answers": "toolbridge._answering",
    "answering": "toolbridge._answering",
    "AudioContent": "toolbridge._content",
    "BlobResourceContents": "toolbridge._content",
    "CallContext": "toolbridge._context",
    "ElicitAction": "toolbridge._context",
    "ElicitHandler": "toolbridge._context",
    "ElicitResult": "toolbridge._context",
    "ElicitRound": "toolbridge._context",
    "Elicitation": "toolbridge._context",
    "call_context": "toolbridge._context",
    "current_call": "toolbridge._context",
    "report_progress": "toolbridge._context",
    "elicit": "toolbridge._context",
    "ToolContext": "toolbridge._context",
    "send_log": "toolbridge._context",
    "ContentBlock": "toolbridge._content",
    "EmbeddedResource": "toolbridge._content",
    "FormatSpec": "toolbridge.plugins._spec",
    "FrozenDict": "toolbridge._json",
    "FrozenList": "toolbridge._json",
    "FunctionInvoker": "toolbridge._functions",
    "ImageContent": "toolbridge._content",
    "Invalid": "toolbridge._validation._validator",
    "Invoker": "toolbridge._tool",
    "IssueKind": "toolbridge._validation._validator",
    "ResourceLink": "toolbridge._content",
    "TextContent": "toolbridge._content",
    "TextResourceContents": "toolbridge._content",
    "Tool": "toolbridge._tool",
    "ToolAnnotations": "toolbridge._tool",
    "ToolResult": "toolbridge._result",
    "Valid": "toolbridge._validation._validator",
    "ValidationIssue": "toolbridge._validation._validator",
    "ValidationResult": "toolbridge._validation._validator",
    "Validator": "toolbridge._validation._validator",
    "from_": "toolbridge.plugins._dispatch",
    "from_function": "toolbridge._functions",
    "hookimpl": "toolbridge.plugins._hookspecs",
    "json_content": "toolbridge._result",
    "text_content": "toolbridge._content",
    "thaw": "toolbridge._json",
    "to": "toolbridge.plugins._dispatch",
    "to_result": "toolbridge._result",
    "tool": "toolbridge._functions",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'toolbridge' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "AccessDeniedError",
    "Answers",
    "ArgumentValidationError",
    "AudioContent",
    "BlobResourceContents",
    "CallContext",
    "ConfigError",
    "ContentBlock",
    "ConversionError",
    "DocumentError",
    "ElicitAction",
    "ElicitHandler",
    "ElicitResult",
    "ElicitRound",
    "Elicitation",
    "ElicitationError",
    "EmbeddedResource",
    "FormatSpec",
    "FrozenDict",
    "FrozenList",
    "FunctionInvoker",
    "ImageContent",
    "Invalid",
    "InvocationError",
    "Invoker",
    "IssueKind",
    "LoadError",
    "McpServerError",
    "NotInvocableError",
    "OutputValidationError",
    "PinMismatchError",
    "RateLimitError",
    "RemoteError",
    "RemoteReferenceError",
    "ResourceLink",
    "ResultError",
    "SchemaError",
    "SchemaTooDeepError",
    "SchemaTooLargeError",
    "ServerError",
    "SyncInvocationError",
    "TextContent",
    "TextResourceContents",
    "Tool",
    "ToolAnnotations",
    "ToolCallError",
    "ToolContext",
    "ToolDefinitionError",
    "ToolExecutionError",
    "ToolNotFoundError",
    "ToolResult",
    "ToolTimeoutError",
    "ToolValidationError",
    "ToolbridgeError",
    "UnsafeToolError",
    "UnsupportedAnnotationError",
    "Valid",
    "ValidationIssue",
    "ValidationResult",
    "Validator",
    "__version__",
    "answering",
    "call_context",
    "current_call",
    "elicit",
    "from_",
    "from_function",
    "hookimpl",
    "json_content",
    "report_progress",
    "send_log",
    "text_content",
    "thaw",
    "to",
    "to_result",
    "tool",
]
