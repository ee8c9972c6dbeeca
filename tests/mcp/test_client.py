"""The MCP client against real stdio servers: the fixture server (well-behaved and
misbehaving), with persistent sessions, pagination, timeouts, crashes and pinning."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

import pytest

from toolbridge import (
    ArgumentValidationError,
    AudioContent,
    ConfigError,
    ConversionError,
    EmbeddedResource,
    ImageContent,
    OutputValidationError,
    PinMismatchError,
    RemoteError,
    ResourceLink,
    ServerError,
    SyncInvocationError,
    TextContent,
    Tool,
    ToolNotFoundError,
    ToolTimeoutError,
)
from toolbridge.mcp import (
    HttpServer,
    McpClient,
    McpTools,
    StdioServer,
    load_mcp_tools,
    load_mcp_tools_sync,
)

from ..loopback import free_port

Argv = Callable[..., list[str]]


def _server(argv: list[str]) -> StdioServer:
    return StdioServer(command=argv[0], args=tuple(argv[1:]))


def _run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


FAST: dict[str, Any] = {"startup_timeout": 2, "list_timeout": 2}
"""Short start-up and listing timeouts: a failure must come well before them."""


def _started(argv: list[str], **options: Any) -> tuple[McpClient, float]:
    """A client of the server `argv` starts, started and closed, and how long start took."""

    async def main() -> tuple[McpClient, float]:
        client = McpClient(_server(argv), **{**FAST, **options})
        started = time.monotonic()
        try:
            await client.start()
            return client, time.monotonic() - started
        finally:
            await client.aclose()

    result: tuple[McpClient, float] = _run(main())
    return result


def _tools_file(tmp_path: Path, tools: list[dict[str, Any]]) -> str:
    path = tmp_path / "tools.json"
    path.write_text(json.dumps(tools))
    return str(path)


# -- loading ---------------------------------------------------------------------------


def test_tools_load_with_their_schemas_as_the_server_lists_them(fixture_server: Argv) -> None:
    async def main() -> list[Tool]:
        return await load_mcp_tools(_server(fixture_server()))

    tools = {tool.name: tool for tool in _run(main())}
    assert {"echo", "add", "sleep", "fail", "pid", "count"} <= set(tools)
    add = tools["add"]
    assert add.input_schema["properties"]["a"] == {"type": "number"}
    assert add.output_schema is not None
    assert add.namespace == "server"  # one connection is named "server"
    assert add.meta["mcp_origin"] == {"server": "server", "name": "add"}


def test_every_page_of_tools_list_is_read(fixture_server: Argv) -> None:
    async def main() -> list[str]:
        argv = fixture_server("--tools", "250", "--page-size", "7")
        async with McpClient(_server(argv)) as client:
            return [tool.name for tool in client.tools]

    names = _run(main())
    assert len(names) == len(set(names))
    assert len([name for name in names if name.startswith("tool_")]) == 250


@pytest.mark.parametrize(
    ("flag", "message"),
    [("--endless-cursor", "did not end within 5 pages"), ("--repeating-cursor", "twice")],
)
def test_a_cursor_that_never_ends_is_a_typed_error(
    fixture_server: Argv, flag: str, message: str
) -> None:
    async def main() -> McpClient:
        async with McpClient(_server(fixture_server(flag)), max_pages=5) as client:
            return client

    client = _run(main())
    failure = client.failures["server"]
    assert isinstance(failure, ServerError)
    assert message in str(failure)
    assert client.tools == []


def test_load_raises_when_its_only_server_fails(fixture_server: Argv) -> None:
    with pytest.raises(ServerError, match="exited with status 3") as caught:
        _run(load_mcp_tools(_server(fixture_server("--exit-before-initialize"))))
    assert caught.value.stderr.strip()  # the server's last words are kept


def test_a_failing_server_does_not_sink_the_others(fixture_server: Argv) -> None:
    config = {
        "good": _server(fixture_server()),
        "early": _server(fixture_server("--exit-before-initialize")),
        "missing": StdioServer(command="/nonexistent/toolbridge-server"),
    }

    async def main() -> McpClient:
        async with McpClient(config) as client:
            assert (await client.call("echo", {"text": "hi"})).text == "hi"
            return client

    client = _run(main())
    assert set(client.failures) == {"early", "missing"}
    assert "cannot start" in str(client.failures["missing"])
    assert {tool.namespace for tool in client.tools} == {"good"}


def test_an_http_server_nobody_listens_at_says_it_cannot_be_reached() -> None:
    """Not "did not start": nothing was started. The address is named, its query is not."""
    port = free_port()
    server = HttpServer(url=f"http://127.0.0.1:{port}/mcp?key=s3cr3t")
    with pytest.raises(ServerError) as caught:
        _run(load_mcp_tools({"remote": server}, startup_timeout=10))
    message = str(caught.value)
    assert message.startswith(
        f"MCP server 'remote': cannot connect to http://127.0.0.1:{port}/mcp: "
    ), message
    assert "s3cr3t" not in message


def test_a_server_that_never_answers_initialize_times_out(fixture_server: Argv) -> None:
    started = time.monotonic()
    with pytest.raises(ServerError, match="startup_timeout"):
        _run(load_mcp_tools(_server(fixture_server("--hang-initialize")), startup_timeout=1))
    assert time.monotonic() - started < 8


def test_servers_start_concurrently(fixture_server: Argv) -> None:
    config = {f"s{i}": _server(fixture_server("--delay-initialize", "1")) for i in range(5)}

    async def main() -> float:
        started = time.monotonic()
        async with McpClient(config, namespacing="always") as client:
            assert len(client.failures) == 0
            return time.monotonic() - started

    assert _run(main()) < 4  # five one-second starts, sequentially at least 5 s


def test_load_mcp_tools_gives_the_servers_that_failed(fixture_server: Argv) -> None:
    config = {
        "good": _server(fixture_server()),
        "early": _server(fixture_server("--exit-before-initialize")),
    }

    async def main() -> McpTools[Tool]:
        return await load_mcp_tools(config)

    tools = _run(main())
    assert isinstance(tools, list)
    assert isinstance(tools, McpTools)
    assert {tool.namespace for tool in tools} == {"good"}
    assert set(tools.failures) == {"early"}
    assert isinstance(tools.failures["early"], ServerError)
    assert "exited with status 3" in str(tools.failures["early"])
    assert tools.problems == ()
    synced = load_mcp_tools_sync(config)
    assert set(synced.failures) == {"early"}
    invoker = synced[0].invoker
    assert invoker is not None
    invoker._client.close()  # type: ignore[attr-defined]


def test_config_files_of_the_mcpservers_shape_load(fixture_server: Argv, tmp_path: Path) -> None:
    argv = fixture_server()
    path = tmp_path / "mcp.json"
    path.write_text(json.dumps({"mcpServers": {"fx": {"command": argv[0], "args": argv[1:]}}}))
    tools = _run(load_mcp_tools(str(path)))
    assert {tool.namespace for tool in tools} == {"fx"}


# -- calling ---------------------------------------------------------------------------


def test_results_map_to_tool_results(fixture_server: Argv) -> None:
    async def main() -> dict[str, Any]:
        async with McpClient(_server(fixture_server())) as client:
            return {
                "echo": await client.call("echo", {"text": "héllo"}),
                "add": await client.call("add", {"a": 2, "b": 3.5}),
                "content": await client.call("content", {}),
            }

    results = _run(main())
    assert results["echo"].text == "héllo"
    assert results["add"].structured_content == {"sum": 5.5}
    kinds = [type(block) for block in results["content"].content]
    for kind in (TextContent, ImageContent, AudioContent, ResourceLink, EmbeddedResource):
        assert kind in kinds


def test_an_is_error_result_stays_an_error(fixture_server: Argv) -> None:
    async def main() -> Any:
        async with McpClient(_server(fixture_server())) as client:
            return await client.call("fail", {})

    result = _run(main())
    assert result.is_error
    assert result.text == "it failed"


def test_structured_content_is_checked_against_the_output_schema(fixture_server: Argv) -> None:
    async def main() -> None:
        async with McpClient(_server(fixture_server())) as client:
            await client.call("bad_output", {})

    with pytest.raises(OutputValidationError) as caught:
        _run(main())
    assert caught.value.issues[0].path == ("sum",)


def test_invalid_arguments_never_reach_the_server(fixture_server: Argv) -> None:
    async def main() -> str:
        async with McpClient(_server(fixture_server())) as client:
            with pytest.raises(ArgumentValidationError) as caught:
                await client.call("add", {"a": "two", "b": 1})
            assert caught.value.issues[0].path == ("a",)
            with pytest.raises(ArgumentValidationError):
                await client.call("echo", {})
            return (await client.call("count", {})).text

    assert _run(main()) == "1"  # only the count call itself was served


def test_an_unknown_name_suggests_the_close_ones(fixture_server: Argv) -> None:
    config = {"mem-a": _server(fixture_server()), "mem-b": _server(fixture_server())}
    with McpClient(config) as client:
        with pytest.raises(ToolNotFoundError) as caught:
            client.tool("echo")
        assert caught.value.__notes__ == ["did you mean 'mem-a_echo' or 'mem-b_echo'?"]
        assert client.close_names("mem-a_ech")[:2] == ["mem-a_echo", "mem-b_echo"]
        with pytest.raises(ToolNotFoundError) as caught:
            client.tool("zzz")
        assert not hasattr(caught.value, "__notes__")


def test_an_unknown_tool_is_not_found(fixture_server: Argv) -> None:
    async def main() -> None:
        async with McpClient(_server(fixture_server())) as client:
            await client.call("nope", {})

    with pytest.raises(ToolNotFoundError):
        _run(main())


def test_a_json_rpc_error_is_a_remote_error(fixture_server: Argv) -> None:
    async def main() -> None:
        async with McpClient(_server(fixture_server())) as client:
            connection = client._connections["server"]
            await connection.call("no_such_tool", {}, timeout=5, on_progress=None)

    with pytest.raises(RemoteError) as caught:
        _run(main())
    assert caught.value.code in (-32602, -32601)


def test_one_process_serves_every_call(fixture_server: Argv) -> None:
    async def main() -> tuple[set[str], str]:
        async with McpClient(_server(fixture_server())) as client:
            pids = {(await client.call("pid", {})).text for _ in range(20)}
            return pids, (await client.call("count", {})).text

    pids, count = _run(main())
    assert len(pids) == 1
    assert count == "21"


def test_ten_thousand_calls_256_in_flight_none_lost_none_mismatched(fixture_server: Argv) -> None:
    async def main() -> tuple[int, int]:
        async with McpClient(_server(fixture_server())) as client:
            echo = client.tool("echo")
            limit = asyncio.Semaphore(256)
            mismatched = 0

            async def one(index: int) -> None:
                nonlocal mismatched
                async with limit:
                    result = await echo.ainvoke({"text": f"call-{index}"})
                if result.text != f"call-{index}":
                    mismatched += 1

            results = await asyncio.gather(*(one(i) for i in range(10_000)), return_exceptions=True)
            lost = sum(1 for outcome in results if outcome is not None)
            return lost, mismatched

    assert _run(main()) == (0, 0)


# -- timeouts and cancellation ---------------------------------------------------------


def test_a_hung_call_times_out_on_time_and_the_session_stays_usable(fixture_server: Argv) -> None:
    async def main() -> tuple[float, str]:
        async with McpClient(_server(fixture_server())) as client:
            started = time.monotonic()
            with pytest.raises(ToolTimeoutError):
                await client.call("sleep", {"seconds": 30}, timeout=1.0)
            elapsed = time.monotonic() - started
            return elapsed, (await client.call("echo", {"text": "still here"})).text

    elapsed, text = _run(main())
    assert 0.9 <= elapsed <= 1.1 + 0.3  # ±10% of the deadline, with slack for a busy machine
    assert text == "still here"


def test_the_default_and_per_tool_timeouts_apply(fixture_server: Argv) -> None:
    async def main() -> None:
        options: dict[str, Any] = {"timeout": 0.3, "tool_timeouts": {"echo": 5}}
        async with McpClient(_server(fixture_server()), **options) as client:
            with pytest.raises(ToolTimeoutError) as caught:
                await client.call("sleep", {"seconds": 5})
            assert caught.value.timeout == 0.3

    _run(main())


def test_a_timed_out_call_is_cancelled_on_the_server(fixture_server: Argv) -> None:
    async def main() -> str:
        async with McpClient(_server(fixture_server())) as client:
            with pytest.raises(ToolTimeoutError):
                await client.call("sleep", {"seconds": 30}, timeout=0.3)
            await asyncio.sleep(0.3)
            return (await client.call("cancelled", {})).text

    assert _run(main()) == "1"


def test_a_caller_cancelling_cancels_on_the_server(fixture_server: Argv) -> None:
    async def main() -> str:
        async with McpClient(_server(fixture_server())) as client:
            call = asyncio.ensure_future(client.call("sleep", {"seconds": 30}))
            await asyncio.sleep(0.3)
            call.cancel()
            with pytest.raises(asyncio.CancelledError):
                await call
            await asyncio.sleep(0.3)
            return (await client.call("cancelled", {})).text

    assert _run(main()) == "1"


def test_a_late_answer_never_reaches_another_caller(fixture_server: Argv) -> None:
    """The server answers the timed-out call anyway; that answer is dropped, and the
    calls made meanwhile get their own answers."""

    async def main() -> list[str]:
        async with McpClient(_server(fixture_server("--ignore-cancel"))) as client:
            with pytest.raises(ToolTimeoutError):
                await client.call("sleep", {"seconds": 0.4}, timeout=0.1)
            texts = []
            for index in range(10):  # the late "slept" arrives during these
                texts.append((await client.call("echo", {"text": f"e{index}"})).text)
                await asyncio.sleep(0.05)
            return texts

    assert _run(main()) == [f"e{index}" for index in range(10)]


def _open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def test_a_hundred_timeouts_leak_no_tasks_or_descriptors(fixture_server: Argv) -> None:
    async def main() -> tuple[int, int, int, int]:
        async with McpClient(_server(fixture_server())) as client:
            await client.call("echo", {"text": "warm"})
            tasks, fds = len(asyncio.all_tasks()), _open_fds()
            for _ in range(100):
                with pytest.raises(ToolTimeoutError):
                    await client.call("sleep", {"seconds": 30}, timeout=0.01)
            await asyncio.sleep(0.2)
            assert (await client.call("echo", {"text": "ok"})).text == "ok"
            return tasks, len(asyncio.all_tasks()), fds, _open_fds()

    tasks_before, tasks_after, fds_before, fds_after = _run(main())
    assert tasks_after <= tasks_before
    assert fds_after <= fds_before


# -- servers that crash or misbehave ----------------------------------------------------


def test_a_server_killed_mid_call_is_a_typed_error_at_once_then_it_reconnects(
    fixture_server: Argv,
) -> None:
    async def main() -> tuple[float, str, str, str, int]:
        async with McpClient(_server(fixture_server("--crash-on-call", "echo"))) as client:
            before = (await client.call("pid", {})).text
            started = time.monotonic()
            with pytest.raises(ServerError) as caught:
                await client.call("echo", {"text": "boom"})
            elapsed = time.monotonic() - started
            after = (await client.call("pid", {})).text
            return elapsed, str(caught.value), before, after, client._connections["server"].starts

    elapsed, message, before, after, starts = _run(main())
    assert elapsed < 1.0
    assert "exited with status 1" in message
    assert before != after  # a new process
    assert starts == 2


def test_a_crashed_call_is_repeated_only_when_the_policy_says_so(fixture_server: Argv) -> None:
    async def starts(repeatable: Callable[[Tool], bool] | None) -> int:
        argv = fixture_server("--crash-on-call", "echo")
        async with McpClient(_server(argv), repeatable=repeatable) as client:
            with pytest.raises(ServerError):
                await client.call("echo", {"text": "boom"})
            return client._connections["server"].starts

    assert _run(starts(None)) == 1
    assert _run(starts(lambda tool: tool.name == "echo")) == 2


@pytest.mark.parametrize("flag", ["--stderr-flood", "--stderr-flood-no-newlines"])
def test_a_server_flooding_stderr_keeps_answering(fixture_server: Argv, flag: str) -> None:
    flood = 10 * 1024 * 1024

    async def main() -> tuple[int, int]:
        async with McpClient(_server(fixture_server(flag, str(flood)))) as client:
            results = [await client.call("echo", {"text": str(i)}) for i in range(100)]
            process = client._connections["server"]._transport.process  # type: ignore[union-attr]
            assert process is not None
            for _ in range(200):  # the flood is written beside the answers; wait for it all
                if process.stderr_bytes >= flood:
                    break
                await asyncio.sleep(0.05)
            answered = sum(1 for i, result in enumerate(results) if result.text == str(i))
            return answered, process.stderr_bytes

    answered, drained = _run(main())
    assert answered == 100
    assert drained >= flood


def test_garbage_on_stdout_is_logged_and_skipped(
    fixture_server: Argv, caplog: pytest.LogCaptureFixture
) -> None:
    async def main() -> str:
        async with McpClient(_server(fixture_server("--garbage-lines"))) as client:
            return (await client.call("echo", {"text": "through"})).text

    with caplog.at_level(logging.WARNING, logger="toolbridge.mcp"):
        assert _run(main()) == "through"
    assert any("not JSON-RPC" in record.getMessage() for record in caplog.records)


def test_a_message_over_the_limit_ends_the_connection_then_it_reconnects(
    fixture_server: Argv,
) -> None:
    async def main() -> tuple[str, str]:
        argv = fixture_server("--huge-message", str(2 * 1024 * 1024))
        async with McpClient(_server(argv), max_message_size=1024 * 1024) as client:
            with pytest.raises(ServerError) as caught:
                await client.call("echo", {"text": "big"})
            return str(caught.value), (await client.call("pid", {})).text

    message, pid = _run(main())
    assert "longer than 1048576 bytes" in message
    assert pid.split()[0].isdigit()


def test_a_large_message_under_the_limit_arrives_whole(fixture_server: Argv) -> None:
    async def main() -> int:
        argv = fixture_server("--huge-message", str(5 * 1024 * 1024))
        async with McpClient(_server(argv)) as client:
            return len((await client.call("echo", {"text": "big"})).text)

    assert _run(main()) >= 5 * 1024 * 1024 - 1024


def test_closing_ends_servers_that_ignore_sigterm_and_their_children(fixture_server: Argv) -> None:
    """Within the default shutdown_timeout (2 s) and half a second: SIGKILL by then."""

    async def main() -> tuple[list[int], float]:
        argv = fixture_server("--ignore-sigterm", "--spawn-grandchild")
        async with McpClient(_server(argv)) as client:
            pids = [int(pid) for pid in (await client.call("pid", {})).text.split()]
            started = time.monotonic()
        return pids, time.monotonic() - started

    pids, took = _run(main())
    assert 1.8 < took < 2.8  # it waited, then killed; it took 4 s and more before
    assert len(pids) == 2
    for pid in pids:  # gone (or a zombie of the group, waiting for init to reap it)
        assert not Path(f"/proc/{pid}").exists() or _zombie(pid)


def test_shutdown_timeout_bounds_closing(fixture_server: Argv) -> None:
    async def main() -> float:
        argv = fixture_server("--ignore-sigterm", "--hang-call")
        async with McpClient(_server(argv), shutdown_timeout=0.4) as client:
            with pytest.raises(ToolTimeoutError):
                await client.call("sleep", {"seconds": 30}, timeout=0.2)
            started = time.monotonic()
        return time.monotonic() - started

    assert _run(main()) < 1.2


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


# -- replies that break the protocol -----------------------------------------------------
# The ids count the client's server/discover probe (id 1), which the fixture server refuses.


@pytest.mark.parametrize(
    ("method", "kind", "message"),
    [
        (
            "tools/list",
            "array",
            "answered tools/list (id 3) with a result that is an array, where MCP requires an "
            "object; the connection was closed",
        ),
        (
            "tools/list",
            "batch",
            "answered with a JSON-RPC batch (a JSON array of 1 message): JSON-RPC answers a "
            "batch only to a batch, and toolbridge sends none, while tools/list (id 3) waited",
        ),
        (
            "tools/list",
            "null-id",
            'answered with "id": null, so no request can be matched, while tools/list (id 3) '
            "waited",
        ),
        (
            "tools/list",
            "invalid-utf8",
            "answered tools/list (id 3) with bytes that are not UTF-8 (0xff at byte 92)",
        ),
        (
            "tools/list",
            "surrogate",
            "answered tools/list (id 3) with a lone surrogate ('\\ud800'), which is not "
            "Unicode text",
        ),
        (
            "initialize",
            "array",
            "answered initialize (id 2) with a result that is an array, where MCP requires "
            "an object",
        ),
        (
            "initialize",
            "wrong-id",
            "answered request id 1002, which was never sent, while initialize (id 2) waited",
        ),
        (
            "initialize",
            "null-id",
            'answered with "id": null, so no request can be matched, while initialize (id 2) '
            "waited",
        ),
        (
            "initialize",
            "garbage",
            "answered initialize with a malformed result: capabilities: Field required; "
            "protocolVersion: Field required; serverInfo: Field required",
        ),
        (
            "initialize",
            "version",
            "answered initialize with protocol version '1999-01-01', which this client does "
            "not speak (it speaks 2024-11-05, ",
        ),
    ],
)
def test_a_reply_that_breaks_the_protocol_ends_the_load_at_once(
    fixture_server: Argv, method: str, kind: str, message: str
) -> None:
    client, took = _started(fixture_server("--bad-reply", f"{method}={kind}"))
    failure = client.failures["server"]
    assert isinstance(failure, ServerError)
    assert message in str(failure)
    assert "exited with status" not in str(failure)
    assert took < 1.5  # not the 2 s startup/list timeout


def test_a_tools_list_that_takes_too_long_says_so(fixture_server: Argv) -> None:
    client, took = _started(fixture_server("--hang-list"), list_timeout=0.5)
    assert str(client.failures["server"]) == (
        "MCP server 'server': did not answer tools/list within 0.5 s (list_timeout)"
    )
    assert took < 1.5


def test_a_handshake_that_times_out_says_what_the_server_wrote_instead(
    fixture_server: Argv,
) -> None:
    argv = fixture_server("--stdout-banner", "Usage: thing [OPTIONS]", "--hang-initialize")
    client, took = _started(argv, startup_timeout=0.5)
    assert str(client.failures["server"]) == (
        "MCP server 'server': did not finish the MCP handshake within 0.5 s (startup_timeout); "
        "its stdout began with a line that is not JSON-RPC: 'Usage: thing [OPTIONS]'"
    )
    assert took < 1.5


def test_a_banner_before_the_handshake_is_logged_and_skipped(
    fixture_server: Argv, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="toolbridge.mcp"):
        client, _ = _started(fixture_server("--stdout-banner", "Starting the server..."))
    assert client.failures == {}
    assert "echo" in [tool.name for tool in client.tools]
    assert any("'Starting the server...'" in record.getMessage() for record in caplog.records)


def test_a_schema_nested_100_objects_deep_loads_and_is_called(
    fixture_server: Argv, tmp_path: Path
) -> None:
    schema: dict[str, Any] = {"type": "string"}
    value: Any = "bottom"
    for _ in range(100):
        schema = {"type": "object", "properties": {"inner": schema}, "required": ["inner"]}
        value = {"inner": value}
    path = _tools_file(tmp_path, [{"name": "deep", "inputSchema": schema}])

    async def main() -> tuple[dict[str, ServerError], str, float]:
        started = time.monotonic()
        async with McpClient(
            _server(fixture_server("--tool-description-from", path)), **FAST
        ) as client:
            took = time.monotonic() - started
            result = await client.call("deep", value, timeout=2)
            return dict(client.failures), result.text, took

    failures, text, took = _run(main())
    assert failures == {}
    assert text.startswith('deep called with {"inner": {"inner": ')
    assert took < 1.5


def test_arguments_nested_deeper_than_the_sdk_writes_are_refused_at_once(
    fixture_server: Argv, tmp_path: Path
) -> None:
    """The MCP SDK writes no message nested deeper than about 250 levels; validation
    refuses a value deeper than 256 before anything is sent, whatever the schema."""
    path = _tools_file(tmp_path, [{"name": "any", "inputSchema": {"type": "object"}}])
    value: Any = "bottom"
    for _ in range(300):
        value = {"a": value}

    async def main() -> tuple[ArgumentValidationError, float, str]:
        async with McpClient(_server(fixture_server("--tool-description-from", path))) as client:
            started = time.monotonic()
            with pytest.raises(ArgumentValidationError) as caught:
                await client.call("any", value, timeout=2)
            took = time.monotonic() - started
            return caught.value, took, (await client.call("echo", {"text": "again"})).text

    error, took, again = _run(main())
    assert [issue.kind.value for issue in error.issues] == ["too_deep"]
    assert took < 1.5
    assert again == "again"


def test_a_tool_the_mcp_schema_refuses_is_left_out_by_name_and_the_rest_load(
    fixture_server: Argv, tmp_path: Path
) -> None:
    path = _tools_file(
        tmp_path,
        [{"name": "untyped", "description": "No type.", "inputSchema": {"properties": {}}}],
    )
    client, _ = _started(fixture_server("--tool-description-from", path))
    names = [tool.name for tool in client.tools]
    assert "untyped" not in names
    assert "echo" in names
    assert client.failures == {}
    (problem,) = client.problems
    assert isinstance(problem, ConversionError)
    assert problem.path == ("tools", 11)
    assert str(problem) == (
        "tool 'untyped' breaks the MCP schema: inputSchema.type: Field required (at '/tools/11')"
    )
    assert problem.__notes__ == ["listed by MCP server 'server'; the tool is left out"]


def test_two_different_tools_of_one_name_are_both_left_out(fixture_server: Argv) -> None:
    client, _ = _started(fixture_server("--duplicate-names"))
    names = [tool.name for tool in client.tools]
    assert "echo" not in names
    assert "server_echo" not in names
    assert "add" in names
    assert len(names) == len(set(names))
    (problem,) = client.problems
    assert isinstance(problem, ConversionError)
    assert str(problem).startswith(
        "2 different tools are named 'echo' (tools[0], tools[11]): a call by that name could "
        "reach any of them"
    )
    assert problem.__notes__ == ["listed by MCP server 'server'; all of them are left out"]


def test_one_definition_listed_twice_loads_once(fixture_server: Argv, tmp_path: Path) -> None:
    twin = {"name": "twin", "description": "Listed twice.", "inputSchema": {"type": "object"}}
    client, _ = _started(
        fixture_server("--tool-description-from", _tools_file(tmp_path, [twin, twin]))
    )
    assert [tool.name for tool in client.tools].count("twin") == 1
    assert client.problems == ()


def test_a_huge_error_message_is_cut(fixture_server: Argv) -> None:
    async def main() -> None:
        argv = fixture_server("--bad-reply", "tools/call=huge-error")
        async with McpClient(_server(argv)) as client:
            await client.call("echo", {"text": "hi"})

    with pytest.raises(RemoteError) as caught:
        _run(main())
    message = str(caught.value)
    assert len(message) < 1_200
    assert message.startswith("MCP server 'server' answered with error -32603: Internal error: xxx")
    assert message.endswith(f"... ({2**20 + 16 - 1_000} more characters)")


# -- names, pins, list_changed, progress and logs ----------------------------------------


def test_names_are_namespaced_on_collision_and_map_back(fixture_server: Argv) -> None:
    config = {"alpha": _server(fixture_server()), "beta": _server(fixture_server())}

    async def main() -> tuple[list[str], tuple[str, str], str]:
        async with McpClient(config) as client:
            names = [tool.name for tool in client.tools]
            result = await client.call("beta_echo", {"text": "to beta"})
            return names, client.origin("beta_echo"), result.text

    names, origin, text = _run(main())
    assert "alpha_echo" in names
    assert "beta_echo" in names
    assert "echo" not in names
    assert origin == ("beta", "echo")
    assert text == "to beta"


@pytest.mark.parametrize(("policy", "expected"), [("always", "only_echo"), ("never", "echo")])
def test_namespacing_can_be_always_or_never(
    fixture_server: Argv, policy: str, expected: str
) -> None:
    async def main() -> list[str]:
        async with McpClient({"only": _server(fixture_server())}, namespacing=policy) as client:  # type: ignore[arg-type]
            return [tool.name for tool in client.tools]

    assert expected in _run(main())


def test_pinned_definitions_that_changed_are_blocked_warned_or_raised(fixture_server: Argv) -> None:
    async def pins() -> dict[str, dict[str, str]]:
        async with McpClient({"fx": _server(fixture_server())}) as client:
            return client.fingerprints()

    pinned = _run(pins())
    pinned["fx"]["echo"] = "0" * 64  # as if echo had changed since

    async def load(policy: str) -> McpClient:
        options: dict[str, Any] = {"pins": pinned, "on_pin_mismatch": policy}
        async with McpClient({"fx": _server(fixture_server())}, **options) as client:
            return client

    blocked = _run(load("block"))
    assert "echo" not in [tool.name for tool in blocked.tools]
    assert "add" in [tool.name for tool in blocked.tools]
    (problem,) = blocked.problems
    assert isinstance(problem, PinMismatchError)
    assert problem.tool_name == "echo"
    assert "echo" in [tool.name for tool in _run(load("warn")).tools]
    with pytest.raises(PinMismatchError):
        _run(load("raise"))


def test_list_changed_refreshes_the_tools_and_rechecks_pins(fixture_server: Argv) -> None:
    async def main() -> tuple[list[str], list[str], int]:
        changes: list[int] = []
        argv = fixture_server()
        async with McpClient({"fx": _server(argv)}) as client:
            pins = client.fingerprints()
        options: dict[str, Any] = {"pins": pins, "on_tools_changed": lambda c: changes.append(1)}
        async with McpClient({"fx": _server(argv)}, **options) as client:
            before = [tool.name for tool in client.tools]
            await client.call("change", {})
            for _ in range(100):
                if changes:
                    break
                await asyncio.sleep(0.05)
            return before, [tool.name for tool in client.tools], len(client.problems)

    before, after, problems = _run(main())
    assert "added" not in before
    assert "added" not in after  # new since pinning: blocked
    assert problems == 1


def test_list_changed_adds_new_tools_without_pins(fixture_server: Argv) -> None:
    async def main() -> list[str]:
        async with McpClient(_server(fixture_server())) as client:
            await client.call("change", {})
            for _ in range(100):
                if "added" in [tool.name for tool in client.tools]:
                    break
                await asyncio.sleep(0.05)
            return [tool.name for tool in client.tools]

    assert "added" in _run(main())


def test_progress_reaches_the_callback_and_logs_reach_python_logging(
    fixture_server: Argv, caplog: pytest.LogCaptureFixture
) -> None:
    seen: list[tuple[str, float, float | None, str | None]] = []

    async def on_progress(
        tool: str, progress: float, total: float | None, message: str | None
    ) -> None:
        seen.append((tool, progress, total, message))

    async def main() -> str:
        async with McpClient(_server(fixture_server()), on_progress=on_progress) as client:
            return (await client.call("progress", {"steps": 3})).text

    with caplog.at_level(logging.INFO, logger="toolbridge.mcp.server"):
        assert _run(main()) == "done"
    assert [entry[1] for entry in seen] == [1, 2, 3]
    assert all(entry[0] == "progress" for entry in seen)
    assert any(record.name == "toolbridge.mcp.server.server" for record in caplog.records)


CHATTY = '''
from toolbridge import send_log, tool


@tool
async def chatty() -> str:
    """Log at three levels."""
    await send_log("debug", "detail")
    await send_log("info", "routine")
    await send_log("error", "bad")
    return "said"
'''


@pytest.mark.parametrize(("protocol", "era"), [("auto", "2026-07-28"), ("legacy", "2025-11-25")])
def test_a_servers_logs_reach_python_logging_on_either_protocol(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, protocol: Literal["auto", "legacy"], era: str
) -> None:
    # On 2026-07-28 a server sends a call's logs only to a request that asks for them
    # (_meta io.modelcontextprotocol/logLevel): the client asks for what its logger records.
    (tmp_path / "chatty.py").write_text(CHATTY)
    serve = StdioServer(
        command=sys.executable,
        args=("-m", "toolbridge", "serve", str(tmp_path / "chatty.py")),
    )

    async def main() -> tuple[str, str]:
        async with McpClient({"chatty": serve}, protocol=protocol) as client:
            said = (await client.call("chatty", {})).text
            session = client._connections["chatty"]._client
            assert session is not None
            return said, session.protocol_version

    with caplog.at_level(logging.INFO, logger="toolbridge.mcp.server.chatty"):
        assert _run(main()) == ("said", era)
    heard = [
        (record.levelname, record.getMessage())
        for record in caplog.records
        if record.name == "toolbridge.mcp.server.chatty"
    ]
    assert heard == [("INFO", "routine"), ("ERROR", "bad")]


def test_a_plain_progress_function_is_called_as_an_async_one_is(
    fixture_server: Argv, caplog: pytest.LogCaptureFixture
) -> None:
    seen: list[float] = []

    async def main() -> str:
        def on_progress(tool: str, progress: float, total: float | None, text: str | None) -> None:
            seen.append(progress)

        async with McpClient(_server(fixture_server()), on_progress=on_progress) as client:
            return (await client.call("progress", {"steps": 3})).text

    with caplog.at_level(logging.ERROR, logger="toolbridge.mcp"):
        assert _run(main()) == "done"
    assert seen == [1, 2, 3]
    assert not [record for record in caplog.records if "progress callback" in record.message]


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"timeout": "5"}, "timeout must be a number of seconds, got '5'"),
        ({"timeout": -1}, "timeout must be a finite number above 0, got -1"),
        ({"tool_timeouts": {"echo": 0}}, "tool_timeouts['echo'] must be a finite number"),
        ({"tool_timeouts": ["echo"]}, "tool_timeouts must map tool names to seconds"),
        ({"startup_timeout": 0}, "startup_timeout must be a finite number above 0"),
        ({"list_timeout": float("nan")}, "list_timeout must be a finite number above 0"),
        ({"max_pages": 0}, "max_pages must be a whole number of at least 1, got 0"),
        ({"max_tools": True}, "max_tools must be a whole number of at least 1, got True"),
        ({"namespacing": "sometimes"}, "namespacing must be one of"),
        ({"on_pin_mismatch": "ignore"}, "on_pin_mismatch must be one of"),
    ],
)
def test_an_option_out_of_its_range_is_refused_at_once(options: dict[str, Any], said: str) -> None:
    # Unchecked, a timeout given as text failed each call as if the tool had raised, and
    # a limit of 0 failed every server's load; nothing is started here.
    with pytest.raises(ConfigError) as raised:
        McpClient({"a": {"command": "/nonexistent/server"}}, **options)
    assert said in str(raised.value)


def test_no_limit_is_none() -> None:
    client = McpClient({"a": {"command": "x"}}, timeout=None, tool_timeouts={"echo": 1.5})
    assert client.servers == ("a",)


def test_a_progress_callback_that_is_no_function_is_refused_at_once() -> None:
    with pytest.raises(ConfigError, match="on_progress must be a function"):
        McpClient({"a": {"command": "x"}}, on_progress="print")  # type: ignore[arg-type]


# -- sync code and other event loops -----------------------------------------------------


def test_sync_code_uses_the_client_with_a_with_block(fixture_server: Argv) -> None:
    with McpClient(_server(fixture_server())) as client:
        assert client.tool("echo").invoke({"text": "sync"}).text == "sync"


def test_load_mcp_tools_sync_gives_tools_that_invoke(fixture_server: Argv) -> None:
    tools = {tool.name: tool for tool in load_mcp_tools_sync(_server(fixture_server()))}
    assert tools["add"].invoke({"a": 1, "b": 2}).structured_content == {"sum": 3}
    invoker = tools["add"].invoker
    assert invoker is not None
    invoker._client.close()  # type: ignore[attr-defined]


def test_tools_are_called_from_other_threads_and_loops(fixture_server: Argv) -> None:
    with McpClient(_server(fixture_server())) as client:
        echo = client.tool("echo")
        results: list[str] = []

        def worker(index: int) -> None:
            results.append(asyncio.run(echo.ainvoke({"text": f"t{index}"})).text)
            results.append(echo.invoke({"text": f"s{index}"}).text)

        threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert sorted(results) == sorted([f"t{i}" for i in range(4)] + [f"s{i}" for i in range(4)])


def test_invoking_synchronously_inside_the_clients_loop_is_refused(fixture_server: Argv) -> None:
    async def main() -> None:
        async with McpClient(_server(fixture_server())) as client:
            client.tool("echo").invoke({"text": "blocked"})

    with pytest.raises(SyncInvocationError):
        _run(main())


def test_a_closed_client_refuses_calls(fixture_server: Argv) -> None:
    async def main() -> Tool:
        async with McpClient(_server(fixture_server())) as client:
            return client.tool("echo")

    echo = _run(main())
    with pytest.raises(ServerError, match="closed"):
        _run(echo.ainvoke({"text": "late"}))


def test_tools_outliving_their_event_loop_say_so(fixture_server: Argv) -> None:
    tools = _run(load_mcp_tools(_server(fixture_server())))
    echo = next(tool for tool in tools if tool.name == "echo")
    with pytest.raises(ServerError, match="event loop this client was started in has ended"):
        echo.invoke({"text": "too late"})
