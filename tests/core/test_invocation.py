"""Invocation: validation first, sync and async both ways, timeouts, errors, results."""

from __future__ import annotations

import asyncio
import contextvars
import copy
import threading
import time
from typing import Any

import pytest

from toolbridge import (
    ArgumentValidationError,
    ConfigError,
    NotInvocableError,
    OutputValidationError,
    SyncInvocationError,
    TextContent,
    Tool,
    ToolExecutionError,
    ToolResult,
    ToolTimeoutError,
    tool,
)

calls: list[Any] = []


@pytest.fixture(autouse=True)
def _reset_calls() -> None:
    calls.clear()


@tool
def add(a: int, b: int = 2) -> int:
    """Add two numbers."""
    calls.append(("add", a, b))
    return a + b


@tool
async def async_add(a: int, b: int = 2) -> int:
    """Add two numbers, asynchronously."""
    await asyncio.sleep(0)
    calls.append(("async_add", a, b))
    return a + b


@tool
def which_thread() -> str:
    """Name the thread the tool runs in."""
    return threading.current_thread().name


@tool
def fail() -> str:
    """Always raise."""
    raise LookupError("no such record")


@tool
def own_timeout() -> str:
    """Raise a TimeoutError of the tool's own."""
    raise TimeoutError("upstream timed out")


def call(subject: Tool, route: str, timeout: float | None = None) -> ToolResult:
    """Invoke a tool by the named route."""
    if route == "invoke":
        return subject.invoke({}, timeout=timeout)
    return asyncio.run(subject.ainvoke({}, timeout=timeout))


# -- validation always comes first ----------------------------------------------------


@pytest.mark.parametrize("subject", [add, async_add], ids=["sync", "async"])
def test_invalid_arguments_never_reach_the_function(subject: Tool) -> None:
    with pytest.raises(ArgumentValidationError) as caught:
        subject.invoke({"a": "1"})
    assert caught.value.issues[0].path == ("a",)
    with pytest.raises(ArgumentValidationError):
        asyncio.run(subject.ainvoke({"b": 1}))
    assert calls == []


def test_defaults_and_json_text_arguments() -> None:
    assert add.invoke('{"a": 1}').structured_content == {"result": 3}
    assert calls == [("add", 1, 2)]


def test_the_callers_arguments_are_not_mutated() -> None:
    arguments: dict[str, Any] = {"a": 5}
    before = copy.deepcopy(arguments)
    add.invoke(arguments)
    assert arguments == before


# -- sync and async, both ways --------------------------------------------------------


def test_sync_tool_invoked_synchronously() -> None:
    result = add.invoke({"a": 1, "b": 4})
    assert result == ToolResult(content=(TextContent(text="5"),), structured_content={"result": 5})


def test_async_tool_invoked_synchronously_outside_a_loop() -> None:
    assert async_add.invoke({"a": 1}).structured_content == {"result": 3}
    assert calls == [("async_add", 1, 2)]


def test_async_tool_invoked_synchronously_inside_a_loop_is_a_typed_error() -> None:
    async def main() -> None:
        with pytest.raises(SyncInvocationError, match="ainvoke"):
            async_add.invoke({"a": 1})

    asyncio.run(main())
    assert calls == []


def test_async_tool_awaited() -> None:
    assert asyncio.run(async_add.ainvoke({"a": 2})).structured_content == {"result": 4}


def test_sync_tool_awaited_runs_in_a_worker_thread() -> None:
    name = asyncio.run(which_thread.ainvoke({})).text
    assert name != threading.current_thread().name
    assert name == "toolbridge-tool"


def test_sync_tool_awaited_does_not_block_the_event_loop() -> None:
    release = threading.Event()

    @tool
    def wait_for_release() -> str:
        """Block until released; say whether the release came while blocked."""
        return "released" if release.wait(2) else "the event loop was blocked"

    async def main() -> str:
        task = asyncio.ensure_future(wait_for_release.ainvoke({}))
        await asyncio.sleep(0.01)
        # The loop still runs while the tool blocks its thread:
        release.set()
        return (await task).text

    assert asyncio.run(main()) == "released"


def test_context_variables_reach_the_worker_thread() -> None:
    request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id")

    @tool
    def read_context() -> str:
        """Return the caller's request id."""
        return request_id.get("unset")

    async def main() -> str:
        request_id.set("req-7")
        return (await read_context.ainvoke({})).text

    assert asyncio.run(main()) == "req-7"


def test_concurrent_async_calls() -> None:
    async def main() -> list[Any]:
        results = await asyncio.gather(*(async_add.ainvoke({"a": i}) for i in range(20)))
        return [r.structured_content for r in results]

    assert asyncio.run(main()) == [{"result": i + 2} for i in range(20)]


# -- timeouts -------------------------------------------------------------------------


def test_sync_tool_timeout_raises_at_once() -> None:
    finished = threading.Event()

    @tool
    def slow() -> str:
        """Take long."""
        time.sleep(2)
        finished.set()
        return "done"

    with pytest.raises(ToolTimeoutError) as caught:
        slow.invoke({}, timeout=0.05)
    assert caught.value.timeout == 0.05
    assert isinstance(caught.value, TimeoutError)
    assert not finished.is_set()  # the caller did not wait for the tool


@pytest.mark.parametrize("route", ["invoke", "ainvoke"])
def test_async_tool_timeout_cancels_the_tool(route: str) -> None:
    cancelled = threading.Event()

    @tool
    async def slow() -> str:
        """Take long."""
        try:
            await asyncio.sleep(10)
        except asyncio.CancelledError:
            cancelled.set()
            raise
        return "done"

    with pytest.raises(ToolTimeoutError):
        call(slow, route, timeout=0.05)
    assert cancelled.is_set()


def test_sync_tool_awaited_with_timeout() -> None:
    @tool
    def slow() -> str:
        """Take long."""
        time.sleep(2)
        return "done"

    with pytest.raises(ToolTimeoutError):
        asyncio.run(slow.ainvoke({}, timeout=0.05))


def test_a_call_within_its_timeout_succeeds() -> None:
    assert add.invoke({"a": 1}, timeout=5).structured_content == {"result": 3}
    assert asyncio.run(async_add.ainvoke({"a": 1}, timeout=5)).structured_content == {"result": 3}


# -- errors ---------------------------------------------------------------------------


@pytest.mark.parametrize("route", ["invoke", "ainvoke"])
def test_tool_exceptions_are_wrapped_with_their_cause(route: str) -> None:
    with pytest.raises(ToolExecutionError) as caught:
        call(fail, route)
    assert isinstance(caught.value.__cause__, LookupError)
    assert caught.value.tool_name == "fail"
    assert "no such record" in str(caught.value)


def test_a_tools_own_timeout_error_is_not_mistaken_for_a_call_timeout() -> None:
    with pytest.raises(ToolExecutionError) as caught:
        own_timeout.invoke({}, timeout=5)
    assert isinstance(caught.value.__cause__, TimeoutError)


def test_a_definition_without_invoker_cannot_be_called() -> None:
    definition = Tool(name="remote", input_schema={"type": "object"})
    with pytest.raises(NotInvocableError, match="definition only"):
        definition.invoke({})


class ScriptedInvoker:
    """A custom invoker, as other sources (MCP, frameworks) attach them."""

    def __init__(self, outcome: Any) -> None:
        self.outcome = outcome

    def call(self, arguments: dict[str, Any], timeout: float | None) -> Any:
        if isinstance(self.outcome, Exception):
            raise self.outcome
        return self.outcome

    async def acall(self, arguments: dict[str, Any], timeout: float | None) -> Any:
        return self.call(arguments, timeout)


def scripted(outcome: Any, output_schema: dict[str, Any] | None = None) -> Tool:
    return Tool(
        name="scripted",
        input_schema={"type": "object"},
        output_schema=output_schema,
        invoker=ScriptedInvoker(outcome),
    )


def test_a_custom_invokers_plain_exception_is_wrapped() -> None:
    with pytest.raises(ToolExecutionError) as caught:
        scripted(RuntimeError("socket closed")).invoke({})
    assert isinstance(caught.value.__cause__, RuntimeError)


def test_a_custom_invokers_raw_outcome_is_normalised() -> None:
    assert scripted({"a": 1}).invoke({}).structured_content == {"a": 1}
    assert asyncio.run(scripted("text").ainvoke({})).text == "text"


# -- output schema --------------------------------------------------------------------

OUTPUT = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}


def test_structured_content_is_checked_against_the_output_schema() -> None:
    assert scripted({"n": 1}, OUTPUT).invoke({}).structured_content == {"n": 1}
    with pytest.raises(OutputValidationError) as caught:
        scripted({"n": "one"}, OUTPUT).invoke({})
    assert caught.value.issues[0].path == ("n",)


def test_missing_structured_content_with_an_output_schema_is_an_error() -> None:
    with pytest.raises(OutputValidationError, match="no structured content"):
        scripted(ToolResult.from_text("hi"), OUTPUT).invoke({})


def test_error_results_are_not_checked_and_stay_errors() -> None:
    result = scripted(ToolResult.from_error("denied"), OUTPUT).invoke({})
    assert result.is_error is True
    assert result.text == "denied"


def test_a_function_returning_the_wrong_type_fails_output_validation() -> None:
    @tool
    def liar() -> int:
        """Claim an int, return a string."""
        return "seven"  # type: ignore[return-value]

    with pytest.raises(OutputValidationError):
        liar.invoke({})


def test_sync_tools_awaited_reuse_worker_threads_and_a_stuck_one_blocks_nothing() -> None:
    from toolbridge import ToolTimeoutError, tool

    @tool
    def where() -> int:
        """The worker thread's id."""
        return threading.get_ident()

    release = threading.Event()

    @tool
    def stuck() -> str:
        """Wait until released."""
        release.wait(10)
        return "released"

    async def main() -> tuple[set[int], int, int]:
        seen = {int((await where.ainvoke({})).text) for _ in range(20)}
        started = time.monotonic()
        with pytest.raises(ToolTimeoutError):
            await stuck.ainvoke({}, timeout=0.05)
        during = int((await where.ainvoke({})).text)
        assert time.monotonic() - started < 5
        release.set()
        return seen, during, threading.get_ident()

    seen, during, caller = asyncio.run(main())
    assert len(seen) == 1  # one worker, reused
    assert caller not in seen
    assert during not in seen  # the worker is stuck: another one answered meanwhile


@pytest.mark.parametrize("timeout", ["5", -1, 0, float("nan"), float("inf"), True])
def test_a_timeout_that_is_no_number_of_seconds_is_the_callers_error(timeout: Any) -> None:
    # Unchecked, text failed the call as if the tool had raised a TypeError, and 0 or
    # NaN timed an async call out at once (a sync one ran): the tool never ran either way.
    ran: list[int] = []

    @tool
    def count(n: int) -> int:
        """Count."""
        ran.append(n)
        return n

    with pytest.raises(ConfigError, match="timeout must be None or a"):
        count.invoke({"n": 1}, timeout=timeout)
    with pytest.raises(ConfigError, match="timeout must be None or a"):
        asyncio.run(count.ainvoke({"n": 1}, timeout=timeout))
    assert ran == []
    assert count.invoke({"n": 2}, timeout=1.5).structured_content == {"result": 2}
