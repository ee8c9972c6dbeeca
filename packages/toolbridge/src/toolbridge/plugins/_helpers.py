"""Small pieces every plugin needs: versions found, framework calls run by the rules.

The `call_*` helpers run a framework's call inside an invoker by toolbridge's one
sync/async bridge (`toolbridge._runtime`: the background loop, the daemon workers,
the timeout and sync-call rules), so every plugin raises the same typed errors.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from importlib import metadata
from typing import TYPE_CHECKING, TypeVar

from toolbridge import _runtime

if TYPE_CHECKING:
    pass

__all__ = [
    "await_blocking",
    "call_async",
    "call_blocking",
    "call_sync",
    "installed_versions",
]

_T = TypeVar("_T")


def installed_versions(*distributions: str) -> dict[str, str]:
    """The installed version of each distribution, leaving out those not installed."""
    found: dict[str, str] = {}
    for name in distributions:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return found


async def call_async(awaitable: Awaitable[_T], *, timeout: float | None, tool_name: str) -> _T:
    """Await a framework's call for an invoker's ``acall``; past `timeout`, cancel it.

    Raises:
        ToolTimeoutError: It did not finish within `timeout` seconds.
    """
    return await _runtime.await_coroutine(awaitable, timeout=timeout, tool_name=tool_name)


def call_sync(make: Callable[[], Awaitable[_T]], *, timeout: float | None, tool_name: str) -> _T:
    """Run a framework's async call for an invoker's sync ``call``, and wait for it.

    It runs in toolbridge's background event loop (or in the loop awaiting this
    worker thread), with the caller's context variables.

    Raises:
        SyncInvocationError: An event loop is running in this thread (await instead).
        ToolTimeoutError: It did not finish within `timeout` seconds (it is cancelled).
    """
    return _runtime.run_coroutine(make, timeout=timeout, tool_name=tool_name)


def call_blocking(function: Callable[[], _T], *, timeout: float | None, tool_name: str) -> _T:
    """Run a framework's blocking call for an invoker's sync ``call``.

    Without a timeout it runs right here; with one it runs in a daemon worker thread,
    and the caller gets `ToolTimeoutError` at the deadline (the call itself cannot be
    stopped and is left to finish).
    """
    if timeout is None:
        return function()
    return _runtime.run_in_thread(function, timeout=timeout, tool_name=tool_name)


async def await_blocking(
    function: Callable[[], _T], *, timeout: float | None, tool_name: str
) -> _T:
    """Await a framework's blocking call for an invoker's ``acall``, off the event loop.

    It runs in a reused daemon worker thread, so one that never returns does not hang
    the loop's shutdown or the interpreter's exit.
    """
    return await _runtime.await_in_thread(function, timeout=timeout, tool_name=tool_name)


def raised_within(
    error: BaseException, kinds: type[BaseException] | tuple[type[BaseException], ...]
) -> BaseException | None:
    """The first of `error` and its ``__cause__`` chain that is one of `kinds`, or None.

    toolbridge wraps what a tool raises (`toolbridge.ToolExecutionError`, the original as
    ``__cause__``); a framework's own control flow raised inside a tool (an interrupt, a
    deferral) has to reach the framework as raised, so a plugin looks for it here.
    """
    seen: set[int] = set()
    cause: BaseException | None = error
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, kinds):
            return cause
        seen.add(id(cause))
        cause = cause.__cause__
    return None
