"""Small pieces every plugin needs: tools checked, versions found, calls run by the rules.

The `call_*` helpers run a framework's call inside an invoker with toolbridge's
timeout and sync-call rules, so every plugin raises the same typed errors.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from importlib import metadata
from typing import Any, TypeVar

from toolbridge._tool import Tool
from toolbridge.errors import ConversionError

__all__ = [
    "as_tools",
    "await_blocking",
    "call_async",
    "call_blocking",
    "call_sync",
    "installed_versions",
]

_T = TypeVar("_T")


def as_tools(tools: Tool | Iterable[Tool] | Any) -> list[Tool]:
    """One tool or an iterable of them, as a list, every item checked.

    Raises:
        ConversionError: Not tools; ``path`` is the index of the first item that is not.
    """
    if isinstance(tools, Tool):
        return [tools]
    if isinstance(tools, (str, bytes, Mapping)) or not isinstance(tools, Iterable):
        raise ConversionError(f"expected a Tool or tools, got {type(tools).__name__}")
    listed = list(tools)
    for index, item in enumerate(listed):
        if not isinstance(item, Tool):
            raise ConversionError(f"expected a Tool, got {type(item).__name__}", path=(index,))
    return listed


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
    import asyncio

    from toolbridge.errors import ToolTimeoutError

    try:
        return await asyncio.wait_for(awaitable, timeout)
    except TimeoutError:
        raise ToolTimeoutError(tool_name, timeout or 0.0) from None


def call_sync(make: Callable[[], Awaitable[_T]], *, timeout: float | None, tool_name: str) -> _T:
    """Run a framework's async call for an invoker's sync ``call``, in a fresh event loop.

    Raises:
        SyncInvocationError: An event loop is already running in this thread.
        ToolTimeoutError: It did not finish within `timeout` seconds.
    """
    from toolbridge._runtime import run_coroutine

    return run_coroutine(make, timeout=timeout, tool_name=tool_name)


def call_blocking(function: Callable[[], _T], *, timeout: float | None, tool_name: str) -> _T:
    """Run a framework's blocking call for an invoker's sync ``call``.

    Without a timeout it runs right here; with one it runs in a daemon worker thread,
    and the caller gets `ToolTimeoutError` at the deadline (the call itself cannot be
    stopped and is left to finish).
    """
    if timeout is None:
        return function()
    from toolbridge._runtime import run_in_thread

    return run_in_thread(function, timeout=timeout, tool_name=tool_name)


async def await_blocking(
    function: Callable[[], _T], *, timeout: float | None, tool_name: str
) -> _T:
    """Await a framework's blocking call for an invoker's ``acall``, off the event loop.

    It runs in a reused daemon worker thread, so one that never returns does not hang
    the loop's shutdown or the interpreter's exit.
    """
    from toolbridge._runtime import await_in_thread

    return await await_in_thread(function, timeout=timeout, tool_name=tool_name)
