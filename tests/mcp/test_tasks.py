"""MCP tasks against the reference server: ``simulate-research-query`` of
``@modelcontextprotocol/server-everything`` runs only as a task
(``execution.taskSupport: "required"``); toolbridge calls it as one, directly, through
a framework and served on, cancels it when its call ends early, or leaves it out."""

from __future__ import annotations

import asyncio
import logging
import re
import time
from typing import Any

import pytest
from mcp.client.client import Client
from mcp_types import ListToolsRequest
from pydantic import TypeAdapter

from toolbridge import ConfigError, InvocationError, ToolTimeoutError
from toolbridge.mcp import HttpServer, McpClient, StdioServer, build_server, load_mcp_tools
from toolbridge_langchain import to_langchain

RESEARCH = "simulate-research-query"
"""Four stages of a second each; the server suggests polling every second."""
REQUIRED = {"taskSupport": "required"}


def _server(argv: list[str]) -> StdioServer:
    return StdioServer(command=argv[0], args=tuple(argv[1:]))


def _run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def _statuses(caplog: pytest.LogCaptureFixture) -> dict[str, list[str]]:
    """The status each task was read in (``tasks/get`` or a status notification)."""
    found: dict[str, list[str]] = {}
    for record in caplog.records:
        matched = re.match(r"task (\S+) of tool .*: (\w+)", record.getMessage())
        if matched:
            found.setdefault(matched[1], []).append(matched[2])
    return found


def test_a_task_only_tool_runs_as_a_task_directly_through_langchain_and_served_on(
    everything_server: list[str], caplog: pytest.LogCaptureFixture
) -> None:
    """Three calls at once, each its own task: the tool's own ``ainvoke``, LangChain's
    tool, and an MCP client of toolbridge's server, which lists ``execution`` as given
    and calls plainly (toolbridge's server takes no tasks)."""
    caplog.set_level(logging.DEBUG, logger="toolbridge.mcp")

    async def served_on(tool: Any) -> tuple[dict[str, Any], Any]:
        async with Client(build_server([tool]), mode="legacy") as client:
            as_json: Any = TypeAdapter(dict[str, Any])
            listed = await client.session.send_request(ListToolsRequest(), as_json)
            return listed["tools"][0], await client.session.call_tool(RESEARCH, {"topic": "mcp"})

    async def main() -> tuple[Any, ...]:
        async with McpClient(_server(everything_server)) as client:
            tool = client.tool(RESEARCH)
            started = time.monotonic()
            direct, framework, (listed, served) = await asyncio.gather(
                tool.ainvoke({"topic": "direct"}),
                to_langchain(tool).ainvoke({"topic": "langchain"}),
                served_on(tool),
            )
            return tool, direct, framework, listed, served, time.monotonic() - started

    tool, direct, framework, listed, served, took = _run(main())
    assert tool.meta["mcp"]["execution"] == REQUIRED
    assert not direct.is_error
    assert "# Research Report: direct" in direct.text
    assert "# Research Report: langchain" in str(framework)
    assert listed["execution"] == REQUIRED  # toolbridge's server lists it for 2025-11-25
    assert not served.is_error
    assert "# Research Report: mcp" in served.content[0].text
    statuses = _statuses(caplog)
    assert len(statuses) == 3  # three tasks
    for seen in statuses.values():
        assert seen[-1] == "completed"
        assert set(seen[:-1]) == {"working"}
        assert len(seen) < 4 * took  # polled about every second, or told: never busily
    assert took < 15


def test_over_streamable_http_too(
    everything_http_server: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A task over HTTP, and one cut short by its timeout, at once."""
    caplog.set_level(logging.INFO, logger="toolbridge.mcp")

    async def main() -> Any:
        async with McpClient(HttpServer(url=everything_http_server)) as client:
            short = client.call(RESEARCH, {"topic": "short"}, timeout=1)
            done, cut = await asyncio.gather(
                client.call(RESEARCH, {"topic": "over http"}), short, return_exceptions=True
            )
            assert isinstance(cut, ToolTimeoutError)
            return done

    done = _run(main())
    assert "# Research Report: over http" in done.text
    assert any(r.getMessage().endswith("it is cancelled") for r in caplog.records)


def _cancelled(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The client's log lines saying it cancelled a task, in order."""
    return [r.getMessage() for r in caplog.records if r.getMessage().startswith("cancelled")]


def test_a_timeout_shorter_than_the_task_cancels_it(
    everything_server: list[str], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="toolbridge.mcp")

    async def main() -> tuple[float, str]:
        async with McpClient(_server(everything_server)) as client:
            started = time.monotonic()
            with pytest.raises(ToolTimeoutError) as raised:
                await client.call(RESEARCH, {"topic": "slow"}, timeout=1.5)
            took = time.monotonic() - started
            assert raised.value.timeout == 1.5
            # Over before the server's CreateTaskResult comes, mostly: cancelled when it does.
            # Now and then the 1 ms are over before the request is even written, and then
            # there is no task to cancel: three such calls make one that reaches the server
            # all but certain.
            for _ in range(3):
                with pytest.raises(ToolTimeoutError):
                    await client.call(RESEARCH, {"topic": "sudden"}, timeout=0.001)
            echoed = await client.call("echo", {"message": "still here"})
            # A sudden call's task is cancelled when its CreateTaskResult arrives, which
            # on a loaded machine can be after the echo's answer: give it time to come.
            deadline = time.monotonic() + 10
            while len(_cancelled(caplog)) < 2 and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            return took, echoed.text

    took, echoed = _run(main())
    # On time, tasks/cancel not waited for: the task itself runs four one-second stages, so
    # a call that waited for it would take 4 s; the margin is for a loaded machine.
    assert 1.5 <= took < 3.5
    assert "still here" in echoed
    cancelled = _cancelled(caplog)
    assert 2 <= len(cancelled) <= 4
    assert "(timed out after 1.5 s); it is cancelled" in cancelled[0]  # the server's answer
    for line in cancelled[1:]:
        assert re.search(
            r"\((its call had already ended|timed out after 0.001 s)\); it is cancelled", line
        )


def test_cancelling_the_caller_cancels_the_task(
    everything_server: list[str], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="toolbridge.mcp")

    async def main() -> None:
        async with McpClient(_server(everything_server)) as client:
            call = asyncio.create_task(client.call(RESEARCH, {"topic": "abandoned"}))
            await asyncio.sleep(1.2)
            call.cancel()
            with pytest.raises(asyncio.CancelledError):
                await call

    _run(main())  # closing lets the tasks/cancel in flight finish
    cancelled = [r.getMessage() for r in caplog.records if r.getMessage().startswith("cancelled")]
    assert len(cancelled) == 1
    assert "(its caller cancelled); it is cancelled" in cancelled[0]


def test_tasks_exclude_leaves_task_only_tools_out_and_says_why(
    everything_server: list[str],
) -> None:
    async def main() -> tuple[McpClient, Any]:
        server = _server(everything_server)
        loaded = await load_mcp_tools(server, tasks="exclude")
        async with McpClient(server, tasks="exclude") as client:
            with pytest.raises(InvocationError, match='tasks="run"') as by_tool:
                client.tool(RESEARCH)
            with pytest.raises(InvocationError) as by_call:
                await client.call(RESEARCH, {"topic": "x"})
            assert str(by_call.value) == str(by_tool.value)
            echoed = await client.call("echo", {"message": "others load"})
            assert "others load" in echoed.text
        return client, loaded

    client, loaded = _run(main())
    assert RESEARCH not in [tool.name for tool in client.tools]
    assert RESEARCH not in [tool.name for tool in loaded]
    (problem,) = client.problems
    assert isinstance(problem, InvocationError)
    assert str(problem) == (
        f"tool {RESEARCH!r} of MCP server 'server' runs only as an MCP task (its "
        'execution.taskSupport is "required"), and tasks="exclude" left it out; pass '
        'tasks="run" to McpClient or load_mcp_tools to call it as a task'
    )
    assert [str(found) for found in loaded.problems] == [str(problem)]
    assert RESEARCH in client.fingerprints()["server"]  # listed, so pinned as any other


def test_tasks_takes_run_or_exclude() -> None:
    with pytest.raises(ConfigError, match='tasks must be "run" or "exclude"'):
        McpClient(StdioServer(command="unused"), tasks="skip")  # type: ignore[arg-type]
