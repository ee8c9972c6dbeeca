"""The exception tree: every error toolbridge raises is a `ToolbridgeError`.

Catch `ToolbridgeError` to handle anything the library reports, a group to handle
one cause, or a leaf to handle one case. No bare `Exception`, `KeyError` or
`RecursionError` reaches a user: a failure inside a dependency is wrapped in the leaf
that says what went wrong, with the original as ``__cause__``::

    ToolbridgeError
    ├── ToolDefinitionError             a tool's own fields are unusable (empty name, ...)
    ├── UnsupportedAnnotationError      a function parameter's type has no JSON Schema
    ├── LoadError                       a MODULE:NAME reference cannot be loaded
    ├── DocumentError                   a document is unusable at a place in it (.path)
    │   ├── SchemaError                 a JSON Schema is malformed or cannot be compiled
    │   │   ├── SchemaTooDeepError      nesting deeper than the supported bound
    │   │   ├── SchemaTooLargeError     larger than a documented size limit (.limit)
    │   │   └── RemoteReferenceError    a $ref or $schema naming a network or file URI
    │   ├── ConversionError             a source object cannot become a tool, or back
    │   │   └── ToolCallError           a model's tool call is malformed (.raw, bounded)
    │   └── ConfigError                 an MCP, toolset or policy configuration is unusable
    ├── ToolNotFoundError               no tool by that name (also a KeyError)
    ├── AccessDeniedError               a policy refused a call of a visible tool
    │   └── RateLimitError              a rate limit was reached (.retry_after)
    ├── ToolValidationError             a tool's arguments or result break its schema (.issues)
    │   ├── ArgumentValidationError     arguments do not match the input schema
    │   └── OutputValidationError       a result does not match the output schema
    ├── ElicitationError                a user's answer to a tool's question breaks its form
    ├── InvocationError                 a tool could not be called as asked, or its call failed
    │   ├── NotInvocableError           the tool has no invoker (a definition only)
    │   ├── SyncInvocationError         an async tool called synchronously in a running loop
    │   ├── ToolExecutionError          the tool itself raised (.__cause__ is the original)
    │   └── ToolTimeoutError            the call did not finish in time (also a TimeoutError)
    ├── ResultError                     a return value cannot become a ToolResult
    ├── UnsafeToolError                 a tool's definition looks poisoned (.findings)
    └── McpServerError                  an MCP server failed, or changed a tool (.server)
        ├── ServerError                 it did not start, stopped or broke the protocol
        ├── RemoteError                 it answered a request with an error (.code)
        └── PinMismatchError            a pinned tool's definition changed (.expected, .actual)

The groups carry what their members share: `DocumentError` holds ``.path`` and shows
it in the message, `ToolValidationError` ``.tool_name`` and ``.issues``,
`McpServerError` ``.server``. A standard exception is mixed in where code written for
the standard library already catches it: `ValueError` (the documents and validation
groups, `ToolDefinitionError`, `ElicitationError`), `TypeError`, `KeyError` (`ToolNotFoundError`),
`PermissionError` (`AccessDeniedError`), `TimeoutError` (`ToolTimeoutError`),
`ConnectionError` (`ServerError`) and `ImportError` (`LoadError`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from toolbridge._validation._validator import ValidationIssue
    from toolbridge.security import Finding

__all__ = [
    "AccessDeniedError",
    "ArgumentValidationError",
    "ConfigError",
    "ConversionError",
    "DocumentError",
    "ElicitationError",
    "InvocationError",
    "JsonPath",
    "LoadError",
    "McpServerError",
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
    "ToolValidationError",
    "ToolbridgeError",
    "UnsafeToolError",
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


# -- what a tool is made of -----------------------------------------------------------


class ToolDefinitionError(ToolbridgeError, ValueError):
    """A tool's own fields are unusable: an empty name, a non-object input schema, ..."""


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


class LoadError(ToolbridgeError, ImportError):
    """A ``MODULE:NAME`` reference cannot be imported or does not name a tool."""


# -- documents: schemas, tools in a format, tool calls, configurations -----------------


class DocumentError(ToolbridgeError, ValueError):
    """A document toolbridge reads or writes is unusable at a place in it.

    The one holder of a JSON path: a schema, a tool in some format, a model's tool
    call or a configuration names where it went wrong, and the message shows it as a
    JSON Pointer.

    Attributes:
        path: Where in the document the problem is, from its root (``()``: the whole).
    """

    def __init__(self, message: str, *, path: JsonPath = ()) -> None:
        self.path: JsonPath = tuple(path)
        where = f" (at {format_path(self.path)!r})" if self.path else ""
        super().__init__(message + where)


class SchemaError(DocumentError):
    """A JSON Schema is malformed or cannot be compiled; ``.path`` is from the schema's root."""


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


class ConversionError(DocumentError):
    """A source object cannot be converted to a canonical tool, or a tool to a target."""


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


class ConfigError(DocumentError):
    """A configuration is unusable: an MCP server without a command, a bad policy, ..."""


# -- calling a tool --------------------------------------------------------------------


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


class ToolValidationError(ToolbridgeError, ValueError):
    """A tool's arguments or result do not match its schema.

    Attributes:
        tool_name: The tool the arguments or the result were for.
        issues: Every problem found, each with its JSON path and kind.
    """

    _SUMMARY: ClassVar[str] = "tool {tool_name!r} failed validation"
    """The message's first part; each leaf says what was checked."""

    def __init__(self, tool_name: str, issues: Sequence[ValidationIssue]) -> None:
        self.tool_name = tool_name
        self.issues: tuple[ValidationIssue, ...] = tuple(issues)
        lines = "; ".join(str(issue) for issue in self.issues)
        super().__init__(f"{self._SUMMARY.format(tool_name=tool_name)}: {lines}")


class ArgumentValidationError(ToolValidationError):
    """Arguments do not match a tool's input schema."""

    _SUMMARY = "invalid arguments for tool {tool_name!r}"


class OutputValidationError(ToolValidationError):
    """A tool's structured result does not match its output schema."""

    _SUMMARY = "tool {tool_name!r} returned a result its output schema rejects"


class ElicitationError(ToolbridgeError, ValueError):
    """A user's answer to a tool's question does not match the form it asked for.

    Attributes:
        issues: Every problem found in the answer, each with its JSON path and kind.
    """

    def __init__(self, message: str, issues: Sequence[ValidationIssue]) -> None:
        self.issues: tuple[ValidationIssue, ...] = tuple(issues)
        lines = "; ".join(str(issue) for issue in self.issues)
        super().__init__(f"the answer to {message[:80]!r} does not match its form: {lines}")


class InvocationError(ToolbridgeError):
    """A tool could not be called as asked, or the call failed: it raised or timed out."""


class NotInvocableError(InvocationError):
    """The tool is a definition only: nothing was attached to run it."""


class SyncInvocationError(InvocationError):
    """An async tool was called synchronously from inside a running event loop."""


class ToolExecutionError(InvocationError):
    """The tool itself raised; the original exception is ``__cause__``.

    ``where`` names what the tool was doing, when the cause does not say (the method
    and URL of an HTTP request that could not be sent, say).

    Attributes:
        tool_name: The tool that failed.
    """

    def __init__(self, tool_name: str, cause: BaseException, *, where: str | None = None) -> None:
        self.tool_name = tool_name
        at = f" ({where})" if where else ""
        super().__init__(f"tool {tool_name!r} raised {type(cause).__name__}: {cause}{at}")


class ToolTimeoutError(InvocationError, TimeoutError):
    """A tool call did not finish within its timeout.

    Attributes:
        tool_name: The tool that was called.
        timeout: The limit, in seconds.
    """

    def __init__(self, tool_name: str, timeout: float) -> None:
        self.tool_name = tool_name
        self.timeout = timeout
        super().__init__(f"tool {tool_name!r} did not finish within {timeout:g} s")


class ResultError(ToolbridgeError, TypeError):
    """A value returned by a tool cannot be turned into a `ToolResult`."""


# -- MCP servers -----------------------------------------------------------------------


class UnsafeToolError(ToolbridgeError):
    """A tool's definition has security findings at or above the severity that acts.

    The findings are `toolbridge.security.scan`'s; the tool was left out, or only
    flagged.

    Attributes:
        tool_name: The tool, as its source names it.
        server: The server or source it came from, if known.
        findings: What the scan found on it, gravest first.
        blocked: Whether the tool was left out (``on_finding="block"`` or ``"raise"``).
    """

    def __init__(
        self,
        tool_name: str,
        *,
        server: str | None,
        findings: Sequence[Finding],
        blocked: bool,
    ) -> None:
        self.tool_name, self.server, self.blocked = tool_name, server, blocked
        self.findings = tuple(findings)
        where = f" of {server!r}" if server else ""
        worst = self.findings[0] if self.findings else None
        said = (
            f": {worst.severity} {worst.rule} at {worst.to_dict()['path'] or '/'}: {worst.why}"
            if worst is not None
            else ""
        )
        more = f" (and {len(self.findings) - 1} more)" if len(self.findings) > 1 else ""
        action = "left out" if blocked else "flagged"
        super().__init__(f"tool {tool_name!r}{where} {action}{said}{more}")


class McpServerError(ToolbridgeError):
    """An MCP server failed: it broke, refused a request, or changed a pinned tool.

    Attributes:
        server: The server's name in the configuration (or its command).
    """

    def __init__(self, message: str, *, server: str) -> None:
        self.server = server
        super().__init__(message)


class ServerError(McpServerError, ConnectionError):
    """An MCP server did not start, stopped working, or broke the protocol.

    Attributes:
        stderr: The tail of what the server wrote to stderr, for stdio servers.
    """

    def __init__(self, message: str, *, server: str, stderr: str = "") -> None:
        self.stderr = stderr
        tail = f"; its stderr ended with: {stderr[-500:]!r}" if stderr.strip() else ""
        super().__init__(f"MCP server {server!r}: {message}{tail}", server=server)


class RemoteError(McpServerError):
    """An MCP server answered a request with a JSON-RPC error.

    The connection is still usable; the request itself failed (an unknown tool, an
    internal error of the server). A tool that *ran* and failed is not this: it is a
    result with ``is_error`` set.

    Attributes:
        code: The JSON-RPC error code.
        data: The error's ``data`` member, or ``None``.
    """

    def __init__(self, message: str, *, server: str, code: int, data: object = None) -> None:
        self.code, self.data = code, data
        super().__init__(
            f"MCP server {server!r} answered with error {code}: {message}", server=server
        )


class PinMismatchError(McpServerError):
    """A tool's definition no longer matches the fingerprint it was pinned to.

    Attributes:
        tool_name: The tool, as the server names it.
        expected: The pinned fingerprint.
        actual: The fingerprint of the definition the server sent.
    """

    def __init__(self, tool_name: str, *, server: str, expected: str, actual: str) -> None:
        self.tool_name = tool_name
        self.expected, self.actual = expected, actual
        super().__init__(
            f"tool {tool_name!r} of MCP server {server!r} changed since it was pinned: "
            f"fingerprint {actual} instead of {expected}",
            server=server,
        )
