"""The exception tree: every error toolbridge raises is a `ToolbridgeError`.

Catch `ToolbridgeError` to handle anything the library reports; catch a leaf to
handle one case. No bare `Exception`, `KeyError` or `RecursionError` reaches a user:
a failure inside a dependency is wrapped in the leaf that says what went wrong,
with the original as ``__cause__``::

    ToolbridgeError
    ├── ToolDefinitionError          a tool's own fields are unusable (empty name, ...)
    ├── SchemaError                  a JSON Schema is malformed or cannot be compiled
    │   ├── SchemaTooDeepError       nesting deeper than the supported bound
    │   ├── SchemaTooLargeError      larger than a documented size limit (.limit)
    │   └── RemoteReferenceError     a $ref or $schema naming a network or file URI (never fetched)
    ├── UnsupportedAnnotationError   a function parameter's type has no JSON Schema
    ├── ArgumentValidationError      arguments do not match the input schema (.issues)
    ├── ToolNotFoundError            no tool by that name (also a KeyError)
    ├── InvocationError              a tool could not be called as asked
    │   ├── NotInvocableError        the tool has no invoker (a definition only)
    │   └── SyncInvocationError      an async tool called synchronously in a running loop
    ├── ToolExecutionError           the tool itself raised (.__cause__ is the original)
    ├── ToolTimeoutError             the call did not finish in time (also a TimeoutError)
    ├── OutputValidationError        a result does not match the output schema (.issues)
    ├── ResultError                  a return value cannot become a ToolResult
    ├── ConversionError              a source object cannot become a tool, or back
    │   └── ToolCallError            a model's tool call is malformed (.raw, bounded)
    ├── ConfigError                  an MCP, toolset or policy configuration is unusable (.path)
    ├── ServerError                  an MCP server did not start, stopped or broke the protocol
    ├── RemoteError                  an MCP server answered a request with an error (.code)
    ├── PinMismatchError             a pinned tool's definition changed (.expected, .actual)
    ├── AccessDeniedError            a policy refused a call of a visible tool (a PermissionError)
    │   └── RateLimitError           a rate limit was reached (.retry_after)
    └── LoadError                    a MODULE:NAME reference cannot be loaded

`KeyError` and `TimeoutError` are mixed into the two leaves where code written for
the standard library already catches them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from toolbridge._validation import ValidationIssue

__all__ = [
    "AccessDeniedError",
    "ArgumentValidationError",
    "ConfigError",
    "ConversionError",
    "InvocationError",
    "JsonPath",
    "LoadError",
    "NotInvocableError",
    "OutputValidationError",
    "PinMismatchError",
    "RateLimitError",
    "RemoteError",
    "RemoteReferenceError",
    "ResultError",
    "SchemaError",
    "SchemaTooDeepError",
    "SchemaTooLargeError",
    "ServerError",
    "SyncInvocationError",
    "ToolCallError",
    "ToolDefinitionError",
    "ToolExecutionError",
    "ToolNotFoundError",
    "ToolTimeoutError",
    "ToolbridgeError",
    "UnsupportedAnnotationError",
    "format_path",
]

JsonPath = tuple[str | int, ...]
"""A location inside a JSON document: object keys and array indices from the root."""


def format_path(path: Sequence[str | int]) -> str:
    """Render a JSON path as a JSON Pointer (RFC 6901), ``""`` for the root."""
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in path)


class ToolbridgeError(Exception):
    """Root of every error toolbridge raises."""


class ToolDefinitionError(ToolbridgeError, ValueError):
    """A tool's own fields are unusable: an empty name, a non-object input schema, ..."""


class SchemaError(ToolbridgeError, ValueError):
    """A JSON Schema is malformed or cannot be compiled.

    Attributes:
        path: Where in the schema the problem is, from the schema's root.
    """

    def __init__(self, message: str, *, path: JsonPath = ()) -> None:
        self.path: JsonPath = tuple(path)
        where = f" (at {format_path(self.path)!r})" if self.path else ""
        super().__init__(message + where)


class SchemaTooDeepError(SchemaError):
    """A schema, or a value checked against one, nests deeper than the supported bound."""


class SchemaTooLargeError(SchemaError):
    """A schema is larger than a documented size limit, or would unfold beyond one.

    Raised before the work starts (or as soon as the bound is reached), so that no
    transform, check or validator takes more than its bounded time on hostile input.

    Attributes:
        limit: The limit that was reached.
    """

    def __init__(self, message: str, *, limit: int, path: JsonPath = ()) -> None:
        self.limit = limit
        super().__init__(message, path=path)


class RemoteReferenceError(SchemaError):
    """A ``$ref`` or ``$schema`` names a network or file URI; toolbridge never fetches one.

    Attributes:
        uri: The reference that was refused.
    """

    def __init__(self, uri: str, *, path: JsonPath = ()) -> None:
        self.uri = uri
        keyword = path[-1] if path and str(path[-1]).startswith("$") else "$ref"
        super().__init__(
            f"{keyword} to {uri!r} refused: toolbridge never fetches remote or file schemas; "
            "inline it, or pass it in `resources=`",
            path=path,
        )


class UnsupportedAnnotationError(ToolbridgeError, TypeError):
    """A function parameter (or return) annotation has no JSON Schema.

    Attributes:
        function: The function's qualified name.
        parameter: The parameter's name, or ``"return"``.
    """

    def __init__(self, function: str, parameter: str, reason: str) -> None:
        self.function = function
        self.parameter = parameter
        what = "return annotation" if parameter == "return" else f"parameter {parameter!r}"
        super().__init__(f"{function}: {what} cannot become JSON Schema: {reason}")


class ArgumentValidationError(ToolbridgeError, ValueError):
    """Arguments do not match a tool's input schema.

    Attributes:
        tool_name: The tool the arguments were for.
        issues: Every problem found, each with its JSON path and kind.
    """

    def __init__(self, tool_name: str, issues: Sequence[ValidationIssue]) -> None:
        self.tool_name = tool_name
        self.issues: tuple[ValidationIssue, ...] = tuple(issues)
        lines = "; ".join(str(issue) for issue in self.issues)
        super().__init__(f"invalid arguments for tool {tool_name!r}: {lines}")


class ToolNotFoundError(ToolbridgeError, KeyError):
    """No tool by that name.

    Attributes:
        name: The name that was asked for.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(name)

    def __str__(self) -> str:
        return f"no tool named {self.name!r}"


class InvocationError(ToolbridgeError):
    """A tool could not be called the way it was asked to be."""


class NotInvocableError(InvocationError):
    """The tool is a definition only: nothing was attached to run it."""


class SyncInvocationError(InvocationError):
    """An async tool was called synchronously from inside a running event loop."""


class ToolExecutionError(ToolbridgeError):
    """The tool itself raised; the original exception is ``__cause__``.

    Attributes:
        tool_name: The tool that failed.
    """

    def __init__(self, tool_name: str, cause: BaseException) -> None:
        self.tool_name = tool_name
        super().__init__(f"tool {tool_name!r} raised {type(cause).__name__}: {cause}")


class ToolTimeoutError(ToolbridgeError, TimeoutError):
    """A tool call did not finish within its timeout.

    Attributes:
        tool_name: The tool that was called.
        timeout: The limit, in seconds.
    """

    def __init__(self, tool_name: str, timeout: float) -> None:
        self.tool_name = tool_name
        self.timeout = timeout
        super().__init__(f"tool {tool_name!r} did not finish within {timeout:g} s")


class OutputValidationError(ToolbridgeError, ValueError):
    """A tool's structured result does not match its output schema.

    Attributes:
        tool_name: The tool whose result failed.
        issues: Every problem found, each with its JSON path and kind.
    """

    def __init__(self, tool_name: str, issues: Sequence[ValidationIssue]) -> None:
        self.tool_name = tool_name
        self.issues: tuple[ValidationIssue, ...] = tuple(issues)
        lines = "; ".join(str(issue) for issue in self.issues)
        super().__init__(f"tool {tool_name!r} returned a result its output schema rejects: {lines}")


class ResultError(ToolbridgeError, TypeError):
    """A value returned by a tool cannot be turned into a `ToolResult`."""


class ConversionError(ToolbridgeError, ValueError):
    """A source object cannot be converted to a canonical tool, or a tool to a target.

    Attributes:
        path: Where in the source the problem is.
    """

    def __init__(self, message: str, *, path: JsonPath = ()) -> None:
        self.path: JsonPath = tuple(path)
        where = f" (at {format_path(self.path)!r})" if self.path else ""
        super().__init__(message + where)


class ToolCallError(ConversionError):
    """A tool call a model produced cannot be read.

    Malformed, truncated or non-object arguments, a missing name, an unknown shape.

    Attributes:
        raw: A bounded copy of the offending text or value (at most `RAW_LIMIT`
            characters), for logs and for telling the model what it sent.
    """

    RAW_LIMIT = 2_000

    def __init__(self, message: str, *, path: JsonPath = (), raw: object = None) -> None:
        text = raw if isinstance(raw, str) or raw is None else repr(raw)
        if text is not None and len(text) > self.RAW_LIMIT:
            text = text[: self.RAW_LIMIT] + f"... ({len(text) - self.RAW_LIMIT} more characters)"
        self.raw: str | None = text
        super().__init__(message, path=path)


class ConfigError(ToolbridgeError, ValueError):
    """A configuration is unusable: an MCP server without a command, a bad policy, ...

    Attributes:
        path: Where in the configuration the problem is.
    """

    def __init__(self, message: str, *, path: JsonPath = ()) -> None:
        self.path: JsonPath = tuple(path)
        where = f" (at {format_path(self.path)!r})" if self.path else ""
        super().__init__(message + where)


class ServerError(ToolbridgeError, ConnectionError):
    """An MCP server did not start, stopped working, or broke the protocol.

    Attributes:
        server: The server's name in the configuration (or its command).
        stderr: The tail of what the server wrote to stderr, for stdio servers.
    """

    def __init__(self, message: str, *, server: str, stderr: str = "") -> None:
        self.server, self.stderr = server, stderr
        tail = f"; its stderr ended with: {stderr[-500:]!r}" if stderr.strip() else ""
        super().__init__(f"MCP server {server!r}: {message}{tail}")


class RemoteError(ToolbridgeError):
    """An MCP server answered a request with a JSON-RPC error.

    The connection is still usable; the request itself failed (an unknown tool, an
    internal error of the server). A tool that *ran* and failed is not this: it is a
    result with ``is_error`` set.

    Attributes:
        server: The server's name in the configuration.
        code: The JSON-RPC error code.
        data: The error's ``data`` member, or ``None``.
    """

    def __init__(self, message: str, *, server: str, code: int, data: object = None) -> None:
        self.server, self.code, self.data = server, code, data
        super().__init__(f"MCP server {server!r} answered with error {code}: {message}")


class PinMismatchError(ToolbridgeError):
    """A tool's definition no longer matches the fingerprint it was pinned to.

    Attributes:
        tool_name: The tool, as the server names it.
        server: The server it comes from.
        expected: The pinned fingerprint.
        actual: The fingerprint of the definition the server sent.
    """

    def __init__(self, tool_name: str, *, server: str, expected: str, actual: str) -> None:
        self.tool_name, self.server = tool_name, server
        self.expected, self.actual = expected, actual
        super().__init__(
            f"tool {tool_name!r} of MCP server {server!r} changed since it was pinned: "
            f"fingerprint {actual} instead of {expected}"
        )


class AccessDeniedError(ToolbridgeError, PermissionError):
    """A toolset's policy refused a call of a tool the caller may see.

    A tool the caller may not see is never this: it is a `ToolNotFoundError`, the
    same as a tool that does not exist, so a refusal does not reveal that it exists.

    Attributes:
        tool_name: The tool as the caller named it.
        reason: Why, in words safe to show the caller.
    """

    def __init__(self, tool_name: str, reason: str) -> None:
        self.tool_name, self.reason = tool_name, reason
        super().__init__(f"call to tool {tool_name!r} refused: {reason}")


class RateLimitError(AccessDeniedError):
    """A rate limit was reached; the tool did not run.

    Attributes:
        retry_after: Seconds until the limit lets one more call through.
    """

    def __init__(self, tool_name: str, reason: str, *, retry_after: float) -> None:
        self.retry_after = retry_after
        super().__init__(tool_name, f"{reason}; retry after {retry_after:.3g} s")
        self.reason = reason


class LoadError(ToolbridgeError, ImportError):
    """A ``MODULE:NAME`` reference cannot be imported or does not name a tool."""
