"""Where a caller's call enters a toolset: errors name the tool as the caller named it.

Inner layers see inner names (a prefixed toolset strips its prefix, a renamed one
maps back); an error raised down there would tell the caller names it never used.
Every way in (`Toolset.call`, the tools `Toolset.tools` binds, the MCP and REST
servers) comes through `enter`, which gives such errors the caller's name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolbridge.errors import (
    AccessDeniedError,
    ArgumentValidationError,
    OutputValidationError,
    RateLimitError,
    ToolbridgeError,
    ToolExecutionError,
    ToolNotFoundError,
    ToolTimeoutError,
)

if TYPE_CHECKING:
    from toolbridge._result import ToolResult
    from toolbridge.toolsets._base import CallOptions, Toolset

__all__ = ["enter"]


async def enter(toolset: Toolset, name: Any, arguments: Any, options: CallOptions) -> ToolResult:
    """Call `toolset`'s tool `name` for ``options.identity``, errors in the caller's names.

    Raises:
        ToolNotFoundError: `name` is not a string, or names no tool the caller may see.
    """
    if not isinstance(name, str):
        raise ToolNotFoundError(repr(name)[:100])
    try:
        return await toolset.call_tool(name, arguments, options)
    except ToolbridgeError as error:
        renamed = _named(error, name)
        if renamed is error:
            raise
        raise renamed from error.__cause__


def _named(error: ToolbridgeError, name: str) -> ToolbridgeError:
    """`error` about the tool called `name`, or `error` itself when it already is."""
    if getattr(error, "tool_name", getattr(error, "name", name)) == name:
        return error
    renamed: ToolbridgeError
    if isinstance(error, ToolNotFoundError):
        renamed = ToolNotFoundError(name)
    elif isinstance(error, RateLimitError):
        renamed = RateLimitError(name, error.reason, retry_after=error.retry_after)
    elif isinstance(error, AccessDeniedError):
        renamed = AccessDeniedError(name, error.reason)
    elif isinstance(error, ArgumentValidationError):
        renamed = ArgumentValidationError(name, error.issues)
    elif isinstance(error, OutputValidationError):
        renamed = OutputValidationError(name, error.issues)
    elif isinstance(error, ToolTimeoutError):
        renamed = ToolTimeoutError(name, error.timeout)
    elif isinstance(error, ToolExecutionError) and error.__cause__ is not None:
        renamed = ToolExecutionError(name, error.__cause__)
    else:
        return error
    return renamed
