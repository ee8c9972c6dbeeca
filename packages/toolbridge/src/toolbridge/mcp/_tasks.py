"""MCP tasks (2025-11-25): calling a tool that a server runs only as a task.

A tool whose listing says ``execution.taskSupport: "required"`` answers a plain
``tools/call`` with -32601. Such a tool is called with task augmentation instead,
when its server declares ``tasks.requests.tools.call`` (without it the protocol
forbids augmenting, and the tool is called plainly):

1. ``tools/call`` with ``params.task``: the server answers at once with a
   ``CreateTaskResult`` (the `Wire` hands it through the SDK, which would refuse it
   as a ``CallToolResult``, under the ``_meta`` key `TASK`);
2. ``tasks/get`` every ``pollInterval`` (1 s if the server suggests none, kept
   between `POLL_BOUNDS`), or sooner when a ``notifications/tasks/status`` for the
   task arrives, until the task is no longer ``working``;
3. ``tasks/result``: the ``CallToolResult`` (an ``isError`` result stays an error
   result), or the JSON-RPC error the call would have had.

The caller's timeout covers all of it. When it runs out, or the caller cancels,
the request in flight is cancelled as any other, and ``tasks/cancel`` is sent (when
the server declares ``tasks.cancel``) without waiting for its answer. Progress
notifications carry a token of the call's own (`TaskRunner.run`), which stays valid
for the task's life, so they reach the caller after ``CreateTaskResult`` too.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Final, Literal, final

import mcp_types as types
from pydantic import ValidationError

from toolbridge._tool import Tool
from toolbridge.errors import ServerError, ToolbridgeError, ToolTimeoutError
from toolbridge.mcp._wire import TASK, bounded, describe

__all__ = [
    "POLL_BOUNDS",
    "TaskMode",
    "TaskRunner",
    "can_cancel_tasks",
    "needs_task",
    "runs_tasks",
]

_log = logging.getLogger("toolbridge.mcp")

TaskMode = Literal["run", "exclude"]
"""What `McpClient` does with a tool that runs only as a task: run it as one, or
leave it out (with a problem saying why)."""

POLL_BOUNDS: Final = (0.05, 30.0)
"""The shortest and longest wait between two ``tasks/get``, in seconds."""
_POLL_DEFAULT: Final = 1.0
_CANCEL_TIMEOUT: Final = 5.0
"""Seconds a ``tasks/cancel`` may take; it is sent in the background."""
_CLOSE_WAIT: Final = 1.0
"""Seconds closing waits for the ``tasks/cancel`` requests still in flight."""

Send = Callable[[Any, float | None], Awaitable[dict[str, Any]]]
"""Sends one request on the task's session: ``(request, timeout) -> raw result``."""
ProgressFn = Callable[[float, float | None, str | None], Awaitable[None]]


def needs_task(tool: Tool) -> bool:
    """The tool's listing says ``execution.taskSupport: "required"``."""
    mcp = tool.meta.get("mcp")
    execution = mcp.get("execution") if isinstance(mcp, Mapping) else None
    return isinstance(execution, Mapping) and execution.get("taskSupport") == "required"


def runs_tasks(capabilities: types.ServerCapabilities | None) -> bool:
    """The server declares ``tasks.requests.tools.call``: it accepts task-augmented calls."""
    tasks = capabilities.tasks if capabilities is not None else None
    requests = tasks.requests if tasks is not None else None
    tools = requests.tools if requests is not None else None
    return tools is not None and tools.call is not None


def can_cancel_tasks(capabilities: types.ServerCapabilities | None) -> bool:
    """The server declares ``tasks.cancel``."""
    tasks = capabilities.tasks if capabilities is not None else None
    return tasks is not None and tasks.cancel is not None


@final
class TaskRunner:
    """The tasks of one connection: runs calls as tasks, and routes what arrives for them."""

    def __init__(self, server: str) -> None:
        self._server = server
        self._tokens = itertools.count(1)
        self._listeners: dict[str, ProgressFn] = {}
        self._changed: dict[str, asyncio.Event] = {}
        self._notified: dict[str, types.Task] = {}
        self._cancels: set[asyncio.Task[None]] = set()

    # -- what arrives -----------------------------------------------------------------

    def on_status(self, params: object) -> None:
        """A ``notifications/tasks/status``: wake the call waiting on that task."""
        try:
            task = types.Task.model_validate(params, by_name=False)
        except ValidationError:
            _log.debug("MCP server %r sent a malformed task status: %r", self._server, params)
            return
        changed = self._changed.get(task.task_id)
        if changed is not None:
            self._notified[task.task_id] = task
            changed.set()

    async def on_progress(self, params: types.ProgressNotificationParams) -> None:
        """A ``notifications/progress`` with the token of a call run as a task."""
        listener = self._listeners.get(str(params.progress_token))
        if listener is not None:
            await listener(params.progress, params.total, params.message)

    def on_orphan(self, send: Send, name: str, created: object) -> None:
        """A task created for a call of `name` that had already ended: cancel it."""
        with contextlib.suppress(ServerError):
            task = self._task(created, "tools/call", name)
            self._cancel_later(send, task.task_id, "its call had already ended", name)

    # -- running ----------------------------------------------------------------------

    async def run(
        self,
        create: Callable[[str | None], Awaitable[tuple[Send, dict[str, Any]]]],
        name: str,
        *,
        timeout: float | None,
        on_progress: ProgressFn | None,
        cancellable: bool,
    ) -> dict[str, Any]:
        """Run one call as a task and return its ``CallToolResult`` (raw).

        Args:
            create: Sends the task-augmented ``tools/call`` with the given progress
                token; returns the sender for the session it went to, and the answer.
            name: The tool's name on its server.
            timeout: Seconds for all of it; ``None`` waits for the task to end.
            on_progress: Receives the task's progress notifications.
            cancellable: The server declares ``tasks.cancel``.

        Raises:
            ToolTimeoutError: The task did not end in time (``tasks/cancel`` is sent).
        """
        token: str | None = None
        if on_progress is not None:
            token = f"toolbridge-task-{next(self._tokens)}"
            self._listeners[token] = on_progress
        send: Send | None = None
        task_id: str | None = None
        deadline = asyncio.timeout(timeout)
        try:
            async with deadline:
                send, created = await create(token)
                meta = created.get("_meta")
                if not isinstance(meta, dict) or TASK not in meta:
                    return created  # the server ran it at once, as it may
                task = self._task(meta[TASK], "tools/call", name)
                task_id = task.task_id
                self._changed[task_id] = asyncio.Event()
                while task.status == "working":
                    task = await self._next(send, task, name)
                # completed, failed and cancelled have their outcome in tasks/result;
                # for input_required, tasks/result carries the server's requests.
                request = types.GetTaskPayloadRequest(
                    params=types.GetTaskPayloadRequestParams(task_id=task_id)
                )
                return await send(request, None)
        except TimeoutError:
            if not deadline.expired() or timeout is None:
                raise
            if send is not None and task_id is not None and cancellable:
                self._cancel_later(send, task_id, f"timed out after {timeout:g} s", name)
            raise ToolTimeoutError(name, timeout) from None
        except asyncio.CancelledError:
            if send is not None and task_id is not None and cancellable:
                self._cancel_later(send, task_id, "its caller cancelled", name)
            raise
        finally:
            if token is not None:
                self._listeners.pop(token, None)
            if task_id is not None:
                self._changed.pop(task_id, None)
                self._notified.pop(task_id, None)

    async def _next(self, send: Send, task: types.Task, name: str) -> types.Task:
        """The task's state after one poll interval, or sooner when the server says."""
        interval = _POLL_DEFAULT if task.poll_interval is None else task.poll_interval / 1000
        interval = min(max(interval, POLL_BOUNDS[0]), POLL_BOUNDS[1])
        changed = self._changed[task.task_id]
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(interval):
                await changed.wait()
        changed.clear()
        latest = self._notified.pop(task.task_id, None)
        if latest is None:
            request = types.GetTaskRequest(params=types.GetTaskRequestParams(task_id=task.task_id))
            latest = self._task(await send(request, None), "tasks/get", name)
        _log.debug(
            "task %s of tool %r on MCP server %r: %s%s",
            bounded(latest.task_id, 100),
            name,
            self._server,
            latest.status,
            f" ({bounded(latest.status_message, 200)})" if latest.status_message else "",
        )
        return latest

    def _task(self, raw: object, method: str, name: str) -> types.Task:
        try:
            return types.Task.model_validate(raw, by_name=False)
        except ValidationError as error:
            raise ServerError(
                f"answered {method} of tool {name!r} with a malformed task: {describe(error)}",
                server=self._server,
            ) from None

    # -- cancelling -------------------------------------------------------------------

    def _cancel_later(self, send: Send, task_id: str, why: str, name: str) -> None:
        """Send ``tasks/cancel`` in the background: the call ends now, not after it."""
        shown = bounded(task_id, 100)

        async def cancel() -> None:
            request = types.CancelTaskRequest(params=types.CancelTaskRequestParams(task_id=task_id))
            try:
                answer = await send(request, _CANCEL_TIMEOUT)
            except (ToolbridgeError, TimeoutError) as error:
                _log.info(
                    "tasks/cancel of task %s (tool %r, MCP server %r) failed: %s",
                    shown,
                    name,
                    self._server,
                    error,
                )
                return
            _log.info(
                "cancelled task %s of tool %r on MCP server %r (%s); it is %s",
                shown,
                name,
                self._server,
                why,
                bounded(str(answer.get("status")), 100),
            )

        running = asyncio.get_running_loop().create_task(cancel(), name=f"mcp-cancel-{shown}")
        self._cancels.add(running)
        running.add_done_callback(self._cancels.discard)

    async def close(self) -> None:
        """Let the ``tasks/cancel`` requests in flight finish, briefly; cancel the rest."""
        pending = set(self._cancels)
        if not pending:
            return
        _, late = await asyncio.wait(pending, timeout=_CLOSE_WAIT)
        for running in late:
            running.cancel()
        await asyncio.gather(*late, return_exceptions=True)
