"""The exception tree: grouped by cause, and regrouping changed nothing a caller relied on.

Each public error keeps its constructor, its attributes, its message and the standard
exceptions it is (so an ``except ValueError`` catches what it caught before); the
groups hold what their members share, each in one place.
"""

from __future__ import annotations

import inspect

import pytest

from toolbridge import IssueKind, ValidationIssue, errors
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
from toolbridge.security import Finding

ISSUES = (ValidationIssue(("a", 0), IssueKind.TYPE, "expected integer, got string"),)

STANDARD_BASES: dict[type[ToolbridgeError], set[type[BaseException]]] = {
    ToolbridgeError: set(),
    ToolDefinitionError: {ValueError},
    UnsupportedAnnotationError: {TypeError},
    LoadError: {ImportError},
    DocumentError: {ValueError},
    SchemaError: {ValueError},
    SchemaTooDeepError: {ValueError},
    SchemaTooLargeError: {ValueError},
    RemoteReferenceError: {ValueError},
    ConversionError: {ValueError},
    ToolCallError: {ValueError},
    ConfigError: {ValueError},
    ToolNotFoundError: {KeyError, LookupError},
    AccessDeniedError: {PermissionError, OSError},
    RateLimitError: {PermissionError, OSError},
    ToolValidationError: {ValueError},
    ArgumentValidationError: {ValueError},
    OutputValidationError: {ValueError},
    ElicitationError: {ValueError},
    InvocationError: set(),
    NotInvocableError: set(),
    SyncInvocationError: set(),
    ToolExecutionError: set(),
    ToolTimeoutError: {TimeoutError, OSError},
    ResultError: {TypeError},
    McpServerError: set(),
    ServerError: {ConnectionError, OSError},
    RemoteError: set(),
    PinMismatchError: set(),
    UnsafeToolError: set(),
}
"""What each error also is, besides toolbridge's own: what a stdlib ``except`` catches."""


def _public_errors() -> list[type[ToolbridgeError]]:
    return [
        value
        for name in errors.__all__
        if isinstance(value := getattr(errors, name), type) and issubclass(value, ToolbridgeError)
    ]


def test_every_error_class_of_the_module_is_public() -> None:
    defined = {
        value
        for value in vars(errors).values()
        if isinstance(value, type) and issubclass(value, ToolbridgeError)
    }
    assert defined == set(_public_errors())


@pytest.mark.parametrize("error", _public_errors(), ids=lambda error: error.__name__)
def test_regrouping_keeps_the_standard_exceptions_each_error_is(
    error: type[ToolbridgeError],
) -> None:
    standard = {base for base in error.__mro__ if base.__module__ == "builtins"}
    assert standard - {BaseException, Exception, object} == STANDARD_BASES[error]


@pytest.mark.parametrize(
    ("made", "message", "attributes"),
    [
        (SchemaError("bad", path=("a/b", 1)), "bad (at '/a~1b/1')", {"path": ("a/b", 1)}),
        (SchemaError("bad"), "bad", {"path": ()}),
        (SchemaTooDeepError("deep", path=("x",)), "deep (at '/x')", {"path": ("x",)}),
        (
            SchemaTooLargeError("big", limit=5, path=("y",)),
            "big (at '/y')",
            {"path": ("y",), "limit": 5},
        ),
        (
            RemoteReferenceError("http://x", path=("p", "$schema")),
            "$schema to 'http://x' refused: toolbridge never fetches remote or file schemas; "
            "inline it, or pass it in `resources=` (at '/p/$schema')",
            {"path": ("p", "$schema"), "uri": "http://x"},
        ),
        (ConversionError("no", path=(0, "k~")), "no (at '/0/k~0')", {"path": (0, "k~")}),
        (
            ToolCallError("cut", path=(1,), raw={"a": 1}),
            "cut (at '/1')",
            {"path": (1,), "raw": "{'a': 1}"},
        ),
        (
            ConfigError("cfg", path=("servers", "a")),
            "cfg (at '/servers/a')",
            {"path": ("servers", "a")},
        ),
        (
            ArgumentValidationError("t", ISSUES),
            "invalid arguments for tool 't': a[0]: expected integer, got string",
            {"tool_name": "t", "issues": ISSUES},
        ),
        (
            OutputValidationError("t", list(ISSUES)),
            "tool 't' returned a result its output schema rejects: a[0]: expected integer, "
            "got string",
            {"tool_name": "t", "issues": ISSUES},
        ),
        (
            ElicitationError("How many?", ISSUES),
            "the answer to 'How many?' does not match its form: a[0]: expected integer, got string",
            {"issues": ISSUES},
        ),
        (
            ToolExecutionError("t", RuntimeError("boom")),
            "tool 't' raised RuntimeError: boom",
            {"tool_name": "t"},
        ),
        (
            ToolTimeoutError("t", 1.5),
            "tool 't' did not finish within 1.5 s",
            {"tool_name": "t", "timeout": 1.5},
        ),
        (
            ServerError("died", server="s", stderr="oops\n"),
            "MCP server 's': died; its stderr ended with: 'oops\\n'",
            {"server": "s", "stderr": "oops\n"},
        ),
        (
            RemoteError("nope", server="s", code=-32601, data={"d": 1}),
            "MCP server 's' answered with error -32601: nope",
            {"server": "s", "code": -32601, "data": {"d": 1}},
        ),
        (
            PinMismatchError("t", server="s", expected="a", actual="b"),
            "tool 't' of MCP server 's' changed since it was pinned: fingerprint b instead of a",
            {"tool_name": "t", "server": "s", "expected": "a", "actual": "b"},
        ),
        (
            UnsafeToolError(
                "add",
                server="math",
                findings=[
                    Finding(
                        rule="instruction",
                        severity="high",
                        tool="add",
                        server="math",
                        path=("description",),
                        text="<IMPORTANT>",
                        why="It tells the model.",
                    ),
                    Finding(
                        rule="encoded-blob",
                        severity="medium",
                        tool="add",
                        server="math",
                        path=(),
                        text="QUJD",
                        why="A blob.",
                    ),
                ],
                blocked=True,
            ),
            "tool 'add' of 'math' left out: high instruction at /description: It tells the "
            "model. (and 1 more)",
            {"tool_name": "add", "server": "math", "blocked": True},
        ),
        (
            RateLimitError("t", "slow down", retry_after=2.5),
            "call to tool 't' refused: slow down; retry after 2.5 s",
            {"tool_name": "t", "reason": "slow down", "retry_after": 2.5},
        ),
    ],
    ids=lambda value: type(value).__name__ if isinstance(value, ToolbridgeError) else None,
)
def test_each_error_keeps_its_message_and_attributes(
    made: ToolbridgeError, message: str, attributes: dict[str, object]
) -> None:
    assert str(made) == message
    assert made.args == (message,)
    assert {name: getattr(made, name) for name in attributes} == attributes


def test_the_path_is_handled_in_one_place() -> None:
    """Only `DocumentError` turns ``path=`` into ``.path`` and the message's pointer."""
    carriers = [error for error in _public_errors() if "path" in _init_parameters(error)]
    assert carriers
    assert all(issubclass(error, DocumentError) for error in carriers)
    writers = [error for error in _public_errors() if "format_path" in _init_names(error)]
    assert writers == [DocumentError]


def _init_parameters(error: type[ToolbridgeError]) -> set[str]:
    try:
        return set(inspect.signature(error).parameters)
    except ValueError:  # no __init__ of its own in the tree: Exception's
        return set()


def _init_names(error: type[ToolbridgeError]) -> set[str]:
    own = vars(error).get("__init__")
    return set(own.__code__.co_names) if own is not None else set()


def test_execution_and_timeouts_are_invocation_errors() -> None:
    for error in (NotInvocableError, SyncInvocationError, ToolExecutionError, ToolTimeoutError):
        assert issubclass(error, InvocationError)
    with pytest.raises(InvocationError):
        raise ToolTimeoutError("t", 1.0)
    with pytest.raises(TimeoutError):
        raise ToolTimeoutError("t", 1.0)


def test_the_groups_gather_their_cause() -> None:
    assert {ArgumentValidationError, OutputValidationError} == set(
        ToolValidationError.__subclasses__()
    )
    assert {ServerError, RemoteError, PinMismatchError} == set(McpServerError.__subclasses__())
    assert {SchemaError, ConversionError, ConfigError} == set(DocumentError.__subclasses__())


def test_every_mcp_server_error_names_its_server() -> None:
    made: list[McpServerError] = [
        ServerError("died", server="a"),
        RemoteError("nope", server="a", code=1),
        PinMismatchError("t", server="a", expected="x", actual="y"),
    ]
    for error in made:
        assert error.server == "a"
        assert "'a'" in str(error)
