"""The one sync/async bridge: the background loop, the workers, deadlines, cancellation.

Real threads, real event loops and real subprocesses throughout: what is asserted is
which thread and loop ran a call, and what the caller saw.
"""

from __future__ import annotations

import asyncio
import contextvars
import signal
import subprocess
import sys
import textwrap
import threading
import time
from typing import Any

import pytest

from toolbridge import SyncInvocationError, Tool, ToolExecutionError, ToolTimeoutError, tool
from toolbridge._runtime import (
    await_coroutine,
    await_in_thread,
    background_loop,
    block_on,
    run_coroutine,
    run_in_thread,
)
from toolbridge.formats import tools_given
from toolbridge.mcp._loop import LoopThread
from toolbridge.plugins import call_async, call_blocking, call_sync


@tool
async def where_async() -> dict[str, Any]:
    """Name the thread and the loop the coroutine runs in."""
    return {
        "thread": threading.current_thread().name,
        "loop": id(asyncio.get_running_loop()),
    }


def _loop_id(result: Any) -> int:
    loop: int = result.structured_content["loop"]
    return loop


# -- sync code running a coroutine ----------------------------------------------------


def test_an_async_tool_called_synchronously_runs_in_the_one_background_loop() -> None:
    first = where_async.invoke({})
    second = where_async.invoke({})
    assert first.structured_content is not None
    assert first.structured_content["thread"] == "toolbridge-loop"
    assert _loop_id(first) == _loop_id(second) == id(background_loop())


def test_loop_bound_state_survives_from_one_sync_call_to_the_next() -> None:
    state: dict[str, asyncio.Queue[int]] = {}

    @tool
    async def remember(n: int) -> int:
        """Put n in a queue made by the first call; return how many it holds."""
        queue = state.setdefault("queue", asyncio.Queue())
        await queue.put(n)
        return queue.qsize()

    # A fresh loop per call would fail the second call: the queue is bound to the first.
    assert remember.invoke({"n": 1}).text == "1"
    assert remember.invoke({"n": 2}).text == "2"


def test_the_callers_context_variables_reach_the_background_loop() -> None:
    request: contextvars.ContextVar[str] = contextvars.ContextVar("request", default="unset")

    @tool
    async def read_request() -> str:
        """The caller's request id."""
        return request.get()

    token = request.set("req-9")
    try:
        assert read_request.invoke({}).text == "req-9"
    finally:
        request.reset(token)


def test_sync_calls_from_many_threads_run_concurrently_in_the_loop() -> None:
    arrived = threading.Barrier(4, timeout=5)

    @tool
    async def meet() -> str:
        """Wait until three other calls are running too."""
        await asyncio.to_thread(arrived.wait)
        return "met"

    results: list[str] = []
    threads = [
        threading.Thread(target=lambda: results.append(meet.invoke({}).text)) for _ in range(3)
    ]
    for thread in threads:
        thread.start()
    arrived.wait()  # the fourth party: all three calls are in the loop at once
    for thread in threads:
        thread.join(5)
    assert results == ["met"] * 3


def test_a_sync_call_from_a_worker_runs_back_in_the_loop_awaiting_that_worker() -> None:
    @tool
    def relay() -> dict[str, Any]:
        """A sync tool that calls an async one synchronously."""
        nested = where_async.invoke({}).structured_content
        assert nested is not None
        return dict(nested)

    async def main() -> tuple[dict[str, Any], int, str]:
        result = await relay.ainvoke({})
        assert result.structured_content is not None
        here = threading.current_thread().name
        return dict(result.structured_content), id(asyncio.get_running_loop()), here

    nested, caller_loop, caller_thread = asyncio.run(main())
    assert nested["loop"] == caller_loop  # anyio's from_thread rule: back to the sender
    assert nested["thread"] == caller_thread


def test_once_the_sender_stopped_waiting_its_worker_uses_the_background_loop() -> None:
    release = threading.Event()
    seen: list[dict[str, Any]] = []
    done = threading.Event()

    @tool
    def late() -> str:
        """Outlive the caller's deadline, then call an async tool synchronously."""
        release.wait(5)
        nested = where_async.invoke({}).structured_content
        assert nested is not None
        seen.append(dict(nested))
        done.set()
        return "late"

    with pytest.raises(ToolTimeoutError):
        asyncio.run(late.ainvoke({}, timeout=0.05))  # its loop is closed afterwards
    release.set()
    assert done.wait(5)
    assert seen[0]["thread"] == "toolbridge-loop"


def test_a_sync_call_inside_a_running_loop_is_refused_before_anything_runs() -> None:
    ran: list[str] = []

    async def work() -> str:
        ran.append("work")
        return "ran"

    async def main() -> None:
        with pytest.raises(SyncInvocationError, match=r"await tool\.ainvoke"):
            run_coroutine(work, timeout=None, tool_name="work")

    asyncio.run(main())
    assert ran == []


def test_block_on_refuses_only_the_loop_it_would_wait_for() -> None:
    async def answer() -> str:
        return "answer"

    async def from_the_background_loop() -> str:
        with pytest.raises(SyncInvocationError, match="would wait for the event loop"):
            block_on(answer)  # the loop running this very coroutine: a deadlock
        return "refused"

    async def from_another_loop() -> str:
        return block_on(answer)  # blocks this loop briefly, as `with McpClient` does

    assert block_on(from_the_background_loop) == "refused"
    assert asyncio.run(from_another_loop()) == "answer"


def test_an_mcp_loop_thread_is_a_view_of_the_background_loop() -> None:
    thread = LoopThread()

    async def which() -> int:
        return id(asyncio.get_running_loop())

    assert thread.loop is background_loop()
    assert thread.run(which()) == id(background_loop())
    running = [thread.running]
    thread.stop()
    running.append(thread.running)
    assert running == [True, False]
    assert background_loop().is_running()  # the loop runs on for everyone else


# -- deadlines ------------------------------------------------------------------------


def test_a_deadline_cancels_the_coroutine_and_waits_for_it_to_unwind() -> None:
    unwound = threading.Event()

    async def slow() -> str:
        try:
            await asyncio.sleep(10)
        finally:
            await asyncio.sleep(0.05)  # cleanup that itself awaits
            unwound.set()
        return "done"

    started = time.monotonic()
    with pytest.raises(ToolTimeoutError) as caught:
        run_coroutine(slow, timeout=0.05, tool_name="slow")
    assert unwound.is_set()  # the caller heard back after the cleanup
    assert time.monotonic() - started < 5
    assert caught.value.tool_name == "slow"


def test_blocking_code_past_its_deadline_is_left_running_and_the_caller_goes_on() -> None:
    release = threading.Event()
    finished = threading.Event()

    def stuck() -> str:
        release.wait(10)
        finished.set()
        return "done"

    started = time.monotonic()
    with pytest.raises(ToolTimeoutError):
        run_in_thread(stuck, timeout=0.05, tool_name="stuck")
    assert time.monotonic() - started < 2
    assert not finished.is_set()
    release.set()
    assert finished.wait(5)  # it did finish, in its worker


def _raise_timeout() -> str:
    raise TimeoutError("the upstream API timed out")


async def _araise_timeout() -> str:
    raise TimeoutError("the upstream API timed out")


def test_a_calls_own_timeout_error_is_never_mistaken_for_the_deadline() -> None:
    with pytest.raises(TimeoutError, match="upstream") as sync_blocking:
        run_in_thread(_raise_timeout, timeout=5, tool_name="t")
    with pytest.raises(TimeoutError, match="upstream") as sync_async:
        run_coroutine(_araise_timeout, timeout=5, tool_name="t")

    async def main() -> tuple[BaseException, BaseException]:
        with pytest.raises(TimeoutError, match="upstream") as awaited:
            await await_coroutine(_araise_timeout(), timeout=5, tool_name="t")
        with pytest.raises(TimeoutError, match="upstream") as threaded:
            await await_in_thread(_raise_timeout, timeout=5, tool_name="t")
        return awaited.value, threaded.value

    caught = [sync_blocking.value, sync_async.value, *asyncio.run(main())]
    assert not any(isinstance(error, ToolTimeoutError) for error in caught)


def test_a_tools_own_timeout_error_is_a_tool_failure() -> None:
    @tool
    async def upstream() -> str:
        """Fail the way a client library does."""
        raise TimeoutError("the upstream API timed out")

    with pytest.raises(ToolExecutionError) as caught:
        upstream.invoke({}, timeout=5)
    assert isinstance(caught.value.__cause__, TimeoutError)


# -- cancellation ---------------------------------------------------------------------


class _Interrupted(BaseException):
    """What the alarm raises in the waiting caller, as Ctrl-C would."""


def _interrupt(signum: int, frame: Any) -> None:
    raise _Interrupted


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs POSIX interval timers")
def test_an_interrupted_sync_caller_cancels_the_coroutine_it_waited_for() -> None:
    assert threading.current_thread() is threading.main_thread()
    cancelled = threading.Event()

    async def forever() -> None:
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            cancelled.set()
            raise

    previous = signal.signal(signal.SIGALRM, _interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.1)
        with pytest.raises(_Interrupted):
            run_coroutine(forever, timeout=None, tool_name="forever")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert cancelled.wait(5)


def test_a_cancelled_awaiter_stops_waiting_at_once_and_the_work_finishes_alone() -> None:
    release = threading.Event()
    finished = threading.Event()

    def stuck() -> None:
        release.wait(10)
        finished.set()

    async def main() -> float:
        waiting = asyncio.ensure_future(await_in_thread(stuck, timeout=None, tool_name="stuck"))
        await asyncio.sleep(0.05)
        started = time.monotonic()
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        return time.monotonic() - started

    assert asyncio.run(main()) < 1
    assert not finished.is_set()
    release.set()
    assert finished.wait(5)


# -- the process: exit and fork -------------------------------------------------------


def _python(code: str, seconds: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=seconds,
        check=False,
    )


def test_a_stuck_call_hangs_neither_the_caller_nor_the_interpreters_exit() -> None:
    done = _python(
        """
        import asyncio, threading, time
        from toolbridge import ToolTimeoutError, tool

        @tool
        def stuck() -> str:
            "Never return."
            threading.Event().wait()
            return "never"

        @tool
        async def hangs() -> str:
            "Await forever."
            await asyncio.Event().wait()
            return "never"

        try:
            stuck.invoke({}, timeout=0.05)
        except ToolTimeoutError:
            print("timed out")
        threading.Thread(target=lambda: hangs.invoke({}), daemon=True).start()
        time.sleep(0.1)
        print("exiting")
        """,
        seconds=30,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["timed", "out", "exiting"]


@pytest.mark.skipif(sys.platform == "win32", reason="os.fork is POSIX")
def test_a_forked_child_gets_its_own_loop_and_workers() -> None:
    done = _python(
        """
        import asyncio, os, threading
        from toolbridge import tool

        @tool
        async def loop_thread() -> str:
            "The loop's thread."
            return threading.current_thread().name

        @tool
        def worker() -> str:
            "The worker's thread."
            return threading.current_thread().name

        assert loop_thread.invoke({}).text == "toolbridge-loop"
        assert asyncio.run(worker.ainvoke({})).text == "toolbridge-tool"
        pid = os.fork()
        if pid == 0:
            ok = loop_thread.invoke({}, timeout=10).text == "toolbridge-loop"
            ok = ok and asyncio.run(worker.ainvoke({}, timeout=10)).text == "toolbridge-tool"
            os._exit(0 if ok else 1)
        _, status = os.waitpid(pid, 0)
        print(os.waitstatus_to_exitcode(status))
        """,
        seconds=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0"


# -- the plugins' helpers are the same bridge -----------------------------------------


def test_the_plugin_helpers_keep_the_rules() -> None:
    async def slow() -> str:
        await asyncio.sleep(10)
        return "slow"

    with pytest.raises(ToolTimeoutError):
        call_sync(slow, timeout=0.05, tool_name="slow")
    assert call_blocking(lambda: threading.current_thread().name, timeout=None, tool_name="b") == (
        threading.current_thread().name
    )  # no deadline: runs right here
    assert call_blocking(lambda: threading.current_thread().name, timeout=5, tool_name="b") == (
        "toolbridge-tool"
    )

    async def main() -> None:
        with pytest.raises(ToolTimeoutError):
            await call_async(slow(), timeout=0.05, tool_name="slow")
        with pytest.raises(SyncInvocationError):
            call_sync(slow, timeout=None, tool_name="slow")

    asyncio.run(main())


def test_tools_given_is_the_plugins_public_reader_of_one_tool_or_many() -> None:
    one = Tool(name="one")
    assert tools_given(one, "to_x") == ([one], True)
    assert tools_given((one, one), "to_x") == ([one, one], False)
