"""Calling tools: validate, run with an optional timeout, normalise and check the result.

Every call route (``Tool.invoke``, ``Tool.ainvoke``, and later the MCP server, the
framework plugins and provider tool calls) goes through `invoke` / `ainvoke`, so
arguments are always validated and a failure never reaches the tool.

Sync and async meet here:

- a sync tool awaited runs in a worker thread, so the event loop is never blocked;
- an async tool called synchronously runs in a fresh event loop, or raises
  `SyncInvocationError` when an event loop is already running in this thread
  (blocking it would deadlock anything the tool awaits);
- a timeout cancels an async tool; a sync tool cannot be interrupted, so it is left to
  finish in its (daemon) worker thread while the caller gets `ToolTimeoutError` at once.
"""

from __future__ import annotations

import contextvars
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

from toolbridge._result import ToolResult, to_result
from toolbridge.errors import (
    ArgumentValidationError,
    NotInvocableError,
    OutputValidationError,
    SyncInvocationError,
    ToolbridgeError,
    ToolExecutionError,
    ToolTimeoutError,
)

if TYPE_CHECKING:
    import concurrent.futures

    from toolbridge._tool import Invoker, Tool

__all__ = ["ainvoke", "check_result", "invoke", "run_coroutine", "run_in_thread"]

_T = TypeVar("_T")


def _prepare(tool: Tool, arguments: Any) -> tuple[Invoker, dict[str, Any]]:
    invoker = tool.invoker
    if invoker is None:
        raise NotInvocableError(f"tool {tool.name!r} is a definition only: it has no invoker")
    if getattr(invoker, "validates_arguments", False) is True:
        # It validates them itself, where its caller's policies say it may (a toolset's
        # tool): validating here first would reveal the schema to a refused caller.
        return invoker, arguments
    checked = tool.validate(arguments)
    if not checked.ok:
        raise ArgumentValidationError(tool.name, checked.issues)
    return invoker, checked.value


def invoke(tool: Tool, arguments: Any = None, *, timeout: float | None = None) -> ToolResult:
    """Validate `arguments`, run `tool` synchronously and return its checked result."""
    invoker, valid_arguments = _prepare(tool, arguments)
    try:
        outcome = invoker.call(valid_arguments, timeout)
    except ToolbridgeError:
        raise
    except Exception as error:
        raise ToolExecutionError(tool.name, error) from error
    return check_result(tool, outcome)


async def ainvoke(tool: Tool, arguments: Any = None, *, timeout: float | None = None) -> ToolResult:
    """Validate `arguments`, run `tool` in the running event loop, return its checked result."""
    invoker, valid_arguments = _prepare(tool, arguments)
    try:
        outcome = await invoker.acall(valid_arguments, timeout)
    except ToolbridgeError:
        raise
    except Exception as error:
        raise ToolExecutionError(tool.name, error) from error
    return check_result(tool, outcome)


def check_result(tool: Tool, outcome: Any) -> ToolResult:
    """Normalise an invoker's outcome and check structured content against the output schema.

    Raises:
        OutputValidationError: The tool declares an output schema and its successful
            result has no structured content, or content the schema rejects.
    """
    result = outcome if outcome.__class__ is ToolResult else to_result(outcome)
    validator = tool.output_validator
    if validator is None or result.is_error:
        return result
    if result.structured_content is None:
        from toolbridge._validation import IssueKind, ValidationIssue

        issue = ValidationIssue(
            (),
            IssueKind.REQUIRED,
            "the tool declares an output schema but returned no structured content",
        )
        raise OutputValidationError(tool.name, (issue,))
    checked = validator.validate(result.structured_content)
    if not checked.ok:
        raise OutputValidationError(tool.name, checked.issues)
    return result


def _in_running_loop() -> bool:
    import asyncio

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def run_coroutine(
    make: Callable[[], Awaitable[_T]], *, timeout: float | None, tool_name: str
) -> _T:
    """Run an async tool to completion from sync code, in a fresh event loop.

    Raises:
        SyncInvocationError: An event loop is already running in this thread.
        ToolTimeoutError: It did not finish within `timeout` seconds (it is cancelled).
    """
    import asyncio

    if _in_running_loop():
        raise SyncInvocationError(
            f"tool {tool_name!r} is async and an event loop is running in this thread: "
            f"use `await tool.ainvoke(...)` instead of `tool.invoke(...)`"
        )

    async def bounded() -> _T:
        try:
            return await asyncio.wait_for(make(), timeout)
        except TimeoutError:
            raise ToolTimeoutError(tool_name, timeout or 0.0) from None

    return asyncio.run(bounded())


def run_in_thread(function: Callable[[], _T], *, timeout: float | None, tool_name: str) -> _T:
    """Run a sync callable in a daemon worker thread and wait up to `timeout` seconds.

    The thread carries the caller's context variables. On timeout the callable keeps
    running in its thread (Python cannot stop it), and the caller gets
    `ToolTimeoutError` at once.
    """
    import concurrent.futures

    future = _start_thread(function)
    try:
        return future.result(timeout)
    except concurrent.futures.TimeoutError:
        raise ToolTimeoutError(tool_name, timeout or 0.0) from None


async def await_in_thread(
    function: Callable[[], _T], *, timeout: float | None, tool_name: str
) -> _T:
    """Await a sync callable run in a daemon worker thread, up to `timeout` seconds."""
    import asyncio

    future = asyncio.wrap_future(_start_thread(function))
    try:
        return await asyncio.wait_for(future, timeout)
    except TimeoutError:
        raise ToolTimeoutError(tool_name, timeout or 0.0) from None


def _start_thread(function: Callable[[], _T]) -> concurrent.futures.Future[_T]:
    """Run `function` in a daemon worker of the shared pool, with the caller's context."""
    import concurrent.futures

    future: concurrent.futures.Future[_T] = concurrent.futures.Future()
    _WORKERS.submit(future, function, contextvars.copy_context())
    return future


class _DaemonWorkers:
    """Daemon threads reused across calls: starting a thread costs more than most tools.

    Not a ``ThreadPoolExecutor``: its threads are joined at interpreter exit, so one
    tool that never returns (timed out, left to run) would hang the exit. These are
    daemon threads; one that is busy past a timeout just stays busy, and a new one is
    started when no worker is idle. At most `max_idle` wait for work; the others end.
    """

    def __init__(self, max_idle: int = 8) -> None:
        import queue
        import threading

        self._queue: queue.SimpleQueue[tuple[Any, Callable[[], Any], contextvars.Context]] = (
            queue.SimpleQueue()
        )
        self._lock = threading.Lock()
        self._idle = 0
        self._max_idle = max_idle

    def submit(
        self,
        future: concurrent.futures.Future[_T],
        function: Callable[[], _T],
        context: contextvars.Context,
    ) -> None:
        with self._lock:
            start = self._idle == 0
            if not start:
                self._idle -= 1  # that idle worker takes this work
        self._queue.put((future, function, context))
        if start:
            import threading

            threading.Thread(target=self._work, name="toolbridge-tool", daemon=True).start()

    def _work(self) -> None:
        while True:
            future, function, context = self._queue.get()
            run = future.set_running_or_notify_cancel()  # False: cancelled while queued
            outcome: Any = None
            failed = False
            if run:
                try:
                    outcome = context.run(function)
                except BaseException as error:  # handed to the waiting caller
                    outcome, failed = error, True
            # Idle again before the caller hears back, so its next call reuses this one.
            with self._lock:
                stay = self._idle < self._max_idle
                if stay:
                    self._idle += 1
            if run and failed:
                future.set_exception(outcome)
            elif run:
                future.set_result(outcome)
            del future, function, context, outcome  # nothing of a finished call is kept
            if not stay:
                return


_WORKERS = _DaemonWorkers()
