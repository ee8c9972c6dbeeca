"""Calling tools, and toolbridge's one bridge between sync and async code.

Every call route (``Tool.invoke``, ``Tool.ainvoke``, the MCP server, the framework
plugins, provider tool calls) goes through `invoke` / `ainvoke`, so arguments are
always validated and a failure never reaches the tool.

Every crossing between sync and async code in toolbridge (tools, plugins, the MCP
client's ``with`` form) goes through the functions below, by one rule set:

- sync code runs a coroutine (`run_coroutine`, `block_on`) in **one background event
  loop**, in a daemon thread started on first use, and waits for it; a sync call
  from a worker thread that an event loop is awaiting runs it back in *that* loop
  instead (anyio's ``from_thread`` rule), where the caller's loop-bound resources live;
- sync code in a thread whose event loop is running never blocks it on a coroutine:
  `run_coroutine` raises `SyncInvocationError` (await instead), and `block_on` refuses
  only the loop it would wait for (which would deadlock);
- async code runs blocking code (`await_in_thread`) in **daemon worker threads**,
  reused, carrying the caller's context variables; so does sync code that wants a
  deadline on blocking code (`run_in_thread`);
- a timeout cancels a coroutine (the caller hears back once it has unwound, as with
  `asyncio.wait_for`); blocking code cannot be stopped, so it is left to finish in its
  worker while the caller gets `ToolTimeoutError` at once; a tool's own
  ``TimeoutError`` is never mistaken for the deadline;
- a sync caller interrupted while waiting (``KeyboardInterrupt``) cancels the coroutine
  it waited for; an awaiting task cancelled drops blocking work not yet started.

Daemon threads, never a ``ThreadPoolExecutor``'s: one call that never returns hangs
neither the interpreter's exit nor anyone else. After ``os.fork`` the child starts
its own loop and workers.
"""

from __future__ import annotations

import _thread
import contextlib
import contextvars
import os
from collections.abc import Awaitable, Callable, Iterator
from typing import TYPE_CHECKING, Any, Generic, TypeVar, final

from toolbridge._context import ContextRaised
from toolbridge._result import ToolResult, to_result
from toolbridge.errors import (
    ArgumentValidationError,
    ConfigError,
    NotInvocableError,
    OutputValidationError,
    SyncInvocationError,
    ToolbridgeError,
    ToolExecutionError,
    ToolTimeoutError,
)

if TYPE_CHECKING:
    # asyncio, threading and concurrent.futures load on first use: `import toolbridge`
    # stays free of them.
    import asyncio
    import concurrent.futures

    from toolbridge._tool import Invoker, Tool

__all__ = [
    "ainvoke",
    "await_coroutine",
    "await_in_thread",
    "background_loop",
    "block_on",
    "check_result",
    "invoke",
    "run_coroutine",
    "run_in_thread",
]

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


def checked_call_timeout(timeout: object) -> float | None:
    """A call's `timeout`: None (no limit) or a finite number of seconds above 0.

    Raises:
        ConfigError: Anything else (text, 0, a negative number, NaN), which would
            otherwise fail the call as if the tool had raised, or time it out at once.
    """
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, int | float):
        raise ConfigError(f"timeout must be None or a number of seconds, got {timeout!r}")
    if not 0 < timeout < float("inf"):  # (NaN fails both)
        raise ConfigError(
            f"timeout must be None or a finite number of seconds above 0, got {timeout!r}"
        )
    return timeout


def invoke(tool: Tool, arguments: Any = None, *, timeout: float | None = None) -> ToolResult:
    """Validate `arguments`, run `tool` synchronously and return its checked result."""
    checked_call_timeout(timeout)
    invoker, valid_arguments = _prepare(tool, arguments)
    try:
        outcome = invoker.call(valid_arguments, timeout)
    except ContextRaised as carried:  # the caller's own callback stopped the call
        raise carried.error from None
    except ToolbridgeError:
        raise
    except Exception as error:
        raise ToolExecutionError(tool.name, error) from error
    return check_result(tool, outcome)


async def ainvoke(tool: Tool, arguments: Any = None, *, timeout: float | None = None) -> ToolResult:
    """Validate `arguments`, run `tool` in the running event loop, return its checked result."""
    checked_call_timeout(timeout)
    invoker, valid_arguments = _prepare(tool, arguments)
    try:
        outcome = await invoker.acall(valid_arguments, timeout)
    except ContextRaised as carried:  # the caller's own callback stopped the call
        raise carried.error from None
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
        from toolbridge._validation._validator import IssueKind, ValidationIssue

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


# -- the bridge ---------------------------------------------------------------------------


def run_coroutine(
    make: Callable[[], Awaitable[_T]], *, timeout: float | None, tool_name: str
) -> _T:
    """Run an async call from sync code and wait for it, up to `timeout` seconds.

    It runs in the background loop, or in the event loop awaiting this worker thread
    (see the module docstring); `make` is called there, in the caller's context.

    Raises:
        SyncInvocationError: An event loop is running in this thread (await instead).
        ToolTimeoutError: It did not finish within `timeout` seconds (it is cancelled).
    """
    if _running_loop() is not None:
        raise SyncInvocationError(
            f"tool {tool_name!r} is async and an event loop is running in this thread: "
            f"use `await tool.ainvoke(...)` instead of `tool.invoke(...)`"
        )
    sender = _SENDER.get()
    loop = sender.loop if sender is not None and sender.waiting else background_loop()
    return block_on(
        lambda: await_coroutine(make(), timeout=timeout, tool_name=tool_name), loop=loop
    )


def block_on(
    make: Callable[[], Awaitable[_T]], *, loop: asyncio.AbstractEventLoop | None = None
) -> _T:
    """Run ``make()`` in `loop` (the background loop by default) and wait for its outcome.

    No timeout of its own (put one in `make`). A caller interrupted while it waits
    (``KeyboardInterrupt``) cancels the task before the interruption propagates.

    Raises:
        SyncInvocationError: This thread runs `loop`: waiting would deadlock.
    """
    target = background_loop() if loop is None else loop
    if _running_loop() is target:
        raise SyncInvocationError(
            "this sync call would wait for the event loop running in this thread: "
            "use the async form (await ...)"
        )
    call = _LoopCall(make, contextvars.copy_context())
    target.call_soon_threadsafe(call.start, target)
    try:
        return call.outcome.result()
    except BaseException:
        if not call.outcome.done():  # the caller was interrupted, not the call
            target.call_soon_threadsafe(call.cancel)
        raise


async def await_coroutine(awaitable: Awaitable[_T], *, timeout: float | None, tool_name: str) -> _T:
    """Await `awaitable`; past `timeout` seconds cancel it and raise `ToolTimeoutError`.

    As `asyncio.wait_for`, the caller hears back once the cancelled call has unwound;
    a ``TimeoutError`` the call raises itself passes through as it is.
    """
    if timeout is None:
        return await awaitable
    import asyncio

    deadline = asyncio.timeout(timeout)
    running = _DEADLINES.set((*_DEADLINES.get(), deadline))
    try:
        async with deadline:
            return await awaitable
    except TimeoutError:
        if deadline.expired():
            raise ToolTimeoutError(tool_name, timeout) from None
        raise
    finally:
        _DEADLINES.reset(running)


_DEADLINES: contextvars.ContextVar[tuple[Any, ...]] = contextvars.ContextVar(
    "toolbridge_deadlines", default=()
)
"""The timeouts (``asyncio.Timeout``) of the async tool calls running in this task."""


@contextlib.contextmanager
def deadlines_paused() -> Iterator[None]:
    """The running calls' deadlines stopped in the block, then moved by its length.

    For the time a person takes to answer a tool's question: it is not the tool's.
    """
    import time

    paused = [(deadline, deadline.when()) for deadline in _DEADLINES.get()]
    paused = [(deadline, when) for deadline, when in paused if when is not None]
    for deadline, _ in paused:
        deadline.reschedule(None)
    started = time.monotonic()
    try:
        yield
    finally:
        waited = time.monotonic() - started
        for deadline, when in paused:
            deadline.reschedule(when + waited)


def run_in_thread(function: Callable[[], _T], *, timeout: float | None, tool_name: str) -> _T:
    """Run blocking `function` in a worker thread and wait up to `timeout` seconds.

    The worker carries the caller's context variables. Past the deadline the
    function keeps running in its thread (Python cannot stop it) and the caller gets
    `ToolTimeoutError` at once.
    """
    future = _workers().start(function, contextvars.copy_context())
    try:
        return future.result(timeout)
    except TimeoutError:
        if future.done():  # its own TimeoutError, or it finished at the deadline
            return future.result()
        future.cancel()
        raise ToolTimeoutError(tool_name, timeout or 0.0) from None
    except BaseException:
        future.cancel()  # interrupted: work not yet started never starts
        raise


async def await_in_thread(
    function: Callable[[], _T], *, timeout: float | None, tool_name: str
) -> _T:
    """Await blocking `function` run in a worker thread, up to `timeout` seconds.

    The event loop keeps running meanwhile; a sync call the function makes into async
    code comes back to this loop (`run_coroutine`) while this call awaits it.
    """
    import asyncio

    sender = _Sender(asyncio.get_running_loop())
    context = contextvars.copy_context()
    context.run(_SENDER.set, sender)
    try:
        future = asyncio.wrap_future(_workers().start(function, context))
        return await await_coroutine(future, timeout=timeout, tool_name=tool_name)
    finally:
        sender.waiting = False


def background_loop() -> asyncio.AbstractEventLoop:
    """The event loop sync code runs coroutines in: one, in a daemon thread, made on first use.

    MCP sessions of clients used from sync code live here too.
    """
    loop = _state.loop
    if loop is not None:
        return loop
    with _LOCK:
        if _state.loop is None:
            import asyncio
            import threading

            made = asyncio.new_event_loop()
            threading.Thread(
                target=_serve, args=(made,), name="toolbridge-loop", daemon=True
            ).start()
            _forget_after_fork()
            _state.loop = made
        return _state.loop


def _serve(loop: asyncio.AbstractEventLoop) -> None:
    import asyncio

    asyncio.set_event_loop(loop)
    loop.run_forever()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    import asyncio

    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


@final
class _Sender:
    """The event loop that handed a worker thread its work, while it awaits that work."""

    __slots__ = ("loop", "waiting")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.waiting = True


_SENDER: contextvars.ContextVar[_Sender | None] = contextvars.ContextVar(
    "toolbridge_sender", default=None
)
"""Set in a worker thread's context by `await_in_thread`."""


@final
class _LoopCall(Generic[_T]):
    """One coroutine run in another thread's loop for a sync caller, cancellable."""

    __slots__ = ("context", "make", "outcome", "task")

    def __init__(self, make: Callable[[], Awaitable[_T]], context: contextvars.Context) -> None:
        import concurrent.futures

        self.make = make
        self.context = context
        self.outcome: concurrent.futures.Future[_T] = concurrent.futures.Future()
        self.task: asyncio.Task[None] | None = None

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Start the task, in the loop's thread, with the caller's context."""
        if self.outcome.set_running_or_notify_cancel():
            self.task = loop.create_task(self._run(), context=self.context)

    def cancel(self) -> None:
        """Cancel the task, in the loop's thread."""
        if self.task is not None:
            self.task.cancel()

    async def _run(self) -> None:
        import asyncio

        try:
            self.outcome.set_result(await self.make())
        except asyncio.CancelledError as cancelled:
            self.outcome.set_exception(cancelled)
            raise
        except BaseException as error:  # handed to the waiting caller, not the loop
            self.outcome.set_exception(error)
        finally:
            del self.make  # nothing of a finished call is kept


@final
class _DaemonWorkers:
    """Daemon threads reused across calls: starting a thread costs more than most tools.

    Not a ``ThreadPoolExecutor``: its threads are joined at interpreter exit, so one
    tool that never returns (timed out, left to run) would hang the exit. These are
    daemon threads; one that is busy past a timeout just stays busy, and a new one is
    started when no worker is idle. At most `max_idle` wait for work; the others end.
    """

    def __init__(self, max_idle: int = 8) -> None:
        import queue

        self._queue: queue.SimpleQueue[
            tuple[concurrent.futures.Future[Any], Callable[[], Any], contextvars.Context]
        ] = queue.SimpleQueue()
        self._lock = _thread.allocate_lock()
        self._idle = 0
        self._max_idle = max_idle

    def start(
        self, function: Callable[[], _T], context: contextvars.Context
    ) -> concurrent.futures.Future[_T]:
        """Run ``context.run(function)`` in a worker; its outcome in the future."""
        import concurrent.futures

        future: concurrent.futures.Future[_T] = concurrent.futures.Future()
        with self._lock:
            start = self._idle == 0
            if not start:
                self._idle -= 1  # that idle worker takes this work
        self._queue.put((future, function, context))
        if start:
            import threading

            threading.Thread(target=self._work, name="toolbridge-tool", daemon=True).start()
        return future

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


@final
class _State:
    """The background loop and the workers, made on first use and forgotten on fork."""

    __slots__ = ("forks_watched", "loop", "workers")

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.workers: _DaemonWorkers | None = None
        self.forks_watched = False


_state = _State()
_LOCK = _thread.allocate_lock()


def _workers() -> _DaemonWorkers:
    workers = _state.workers
    if workers is not None:
        return workers
    with _LOCK:
        if _state.workers is None:
            _forget_after_fork()
            _state.workers = _DaemonWorkers()
        return _state.workers


def _forget_after_fork() -> None:
    """A forked child has none of the parent's threads: it starts its own (hold `_LOCK`)."""
    if not _state.forks_watched and hasattr(os, "register_at_fork"):
        os.register_at_fork(after_in_child=_forget)
        _state.forks_watched = True


def _forget() -> None:
    global _LOCK
    _LOCK = _thread.allocate_lock()  # another thread may have held it at the fork
    _state.loop = None
    _state.workers = None
