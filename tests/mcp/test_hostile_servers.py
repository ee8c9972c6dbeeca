"""The MCP client against servers that answer with errors, flood or list too much.

Each case is the fixture server (tests/servers/fixture_server.py) started with the
flag for its misbehaviour, over stdio, and over streamable HTTP where the client's
code path differs (the SDK's HTTP client makes up errors of its own): answering each
request with a JSON body (``http``, ``--http``) or an SSE stream (``sse``,
``--http --sse``); and over MCP 2024-11-05's HTTP+SSE (``legacy``, ``--http
--legacy-sse``), toolbridge's own transport.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
import urllib.request
from collections.abc import Callable, Iterator
from logging import ERROR
from typing import Any

import pytest

from toolbridge import RemoteError, ServerError, ToolTimeoutError
from toolbridge.mcp import HttpServer, McpClient, Server, SseServer, StdioServer
from toolbridge.mcp._connection import in_time

Argv = Callable[..., list[str]]

ESCAPED = "\\x1b[31mdisk full\\x1b[0m\\nsee the log\\u202e"
"""The fixture's default error message as it must read: every control character escaped."""


def _stdio(argv: list[str]) -> StdioServer:
    return StdioServer(command=argv[0], args=tuple(argv[1:]))


@contextlib.contextmanager
def _http(argv: list[str], *, sse: bool = False) -> Iterator[HttpServer]:
    """The fixture server over streamable HTTP on loopback, for the block's length."""
    with _served(argv, "--sse" if sse else "") as url:
        yield HttpServer(url=url)


@contextlib.contextmanager
def _served(argv: list[str], flag: str) -> Iterator[str]:
    """The fixture server over HTTP on loopback with `flag` (if any): its URL."""
    process = subprocess.Popen(
        [*argv, "--http", *([flag] if flag else [])],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        yield process.stdout.readline().strip()
    finally:
        process.terminate()
        process.wait(5)
        if process.stdout is not None:
            process.stdout.close()


@contextlib.contextmanager
def _server(transport: str, argv: list[str]) -> Iterator[Server]:
    if transport in ("http", "sse"):
        with _http(argv, sse=transport == "sse") as server:
            yield server
    elif transport == "legacy":
        with _served(argv, "--legacy-sse") as url:
            yield SseServer(url=url)
    else:
        yield _stdio(argv)


def _run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def _start(server: Server, **options: Any) -> McpClient:
    """A client of `server`, started (a failure is in `failures`) and closed."""

    async def main() -> McpClient:
        client = McpClient(server, **{"startup_timeout": 10, "list_timeout": 10, **options})
        try:
            await client.start()
        finally:
            await client.aclose()
        return client

    client: McpClient = _run(main())
    return client


def _exchange(argv: list[str], *requests: dict[str, Any], lines: int) -> list[Any]:
    """Write `requests` to the server over raw pipes; the first `lines` lines it answers."""
    process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert process.stdin is not None
        assert process.stdout is not None
        for request in requests:
            process.stdin.write(json.dumps({"jsonrpc": "2.0", **request}).encode() + b"\n")
        process.stdin.flush()
        return [json.loads(process.stdout.readline()) for _ in range(lines)]
    finally:
        process.kill()
        process.wait(5)
        for pipe in (process.stdin, process.stdout):
            if pipe is not None:
                pipe.close()


INITIALIZE: dict[str, Any] = {
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t"}},
}


# -- the fixture's flags, over raw pipes --------------------------------------------------


def test_error_reply_answers_the_first_request_of_its_method_with_the_error(
    fixture_server: Argv,
) -> None:
    call = {"method": "tools/call", "params": {"name": "echo", "arguments": {"text": "hi"}}}
    argv = fixture_server("--error-reply", "tools/call=-32001")
    first, second = _exchange(argv, {**call, "id": 2}, {**call, "id": 3}, lines=2)
    assert first == {
        "jsonrpc": "2.0",
        "id": 2,
        "error": {"code": -32001, "message": "\x1b[31mdisk full\x1b[0m\nsee the log\u202e"},
    }
    assert second["result"]["content"] == [{"type": "text", "text": "hi"}]


@pytest.mark.parametrize("kind", ["notifications", "requests"])
def test_flood_before_initialize_writes_its_messages_before_the_answer(
    fixture_server: Argv, kind: str
) -> None:
    argv = fixture_server("--flood-before-initialize", f"{kind}=50")
    *flood, answer = _exchange(argv, INITIALIZE, lines=51)
    if kind == "notifications":
        assert {message["method"] for message in flood} == {"notifications/message"}
    else:
        assert [message["id"] for message in flood] == [f"flood-{i}" for i in range(50)]
        assert {message["method"] for message in flood} == {"ping"}
    assert answer["id"] == 1
    assert answer["result"]["serverInfo"]["name"] == "fixture"


def test_http_answers_each_post_with_a_json_body(fixture_server: Argv) -> None:
    with _http(fixture_server()) as server:
        request = urllib.request.Request(
            server.url,
            data=json.dumps({"jsonrpc": "2.0", **INITIALIZE}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=5) as response:
            media, answer = response.headers["Content-Type"], json.loads(response.read())
    assert media == "application/json"
    assert answer["id"] == 1
    assert answer["result"]["serverInfo"]["name"] == "fixture"


# -- an error answering tools/call ----------------------------------------------------


@pytest.mark.parametrize("transport", ["stdio", "http", "sse", "legacy"])
@pytest.mark.parametrize("code", [-32000, -32001, -32603, 7])
def test_an_error_answering_a_call_is_a_remote_error_and_the_session_lives_on(
    fixture_server: Argv, transport: str, code: int
) -> None:
    async def main(server: Server) -> tuple[RemoteError, str, tuple[int | None, ...]]:
        async with McpClient(server, timeout=10) as client:
            before = client.pid("server")
            with pytest.raises(RemoteError) as caught:
                await client.call("echo", {"text": "first"})
            after = await client.call("echo", {"text": "second"})
            return caught.value, after.text, (before, client.pid("server"))

    with _server(transport, fixture_server("--error-reply", f"tools/call={code}")) as server:
        error, text, (before, after) = _run(main(server))
    assert not isinstance(error, ServerError | ToolTimeoutError)
    assert error.code == code
    assert str(error) == f"MCP server 'server' answered with error {code}: {ESCAPED}"
    assert text == "second"  # the next call works, on the same session
    assert before == after


@pytest.mark.parametrize("status", [400, 500])
def test_over_http_an_error_sent_with_an_error_status_is_the_servers_error(
    fixture_server: Argv, status: int
) -> None:
    async def main(server: Server) -> tuple[RemoteError, str]:
        async with McpClient(server, timeout=10) as client:
            with pytest.raises(RemoteError) as caught:
                await client.call("echo", {"text": "first"})
            return caught.value, (await client.call("echo", {"text": "second"})).text

    argv = fixture_server("--error-reply", "tools/call=-32000", "--http-error-status", str(status))
    with _http(argv) as server:
        error, text = _run(main(server))
    assert not isinstance(error, ServerError)
    assert error.code == -32000
    assert str(error) == f"MCP server 'server' answered with error -32000: {ESCAPED}"
    assert text == "second"


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_over_http_an_error_body_past_max_message_size_fails_its_request_alone(
    fixture_server: Argv, chunked: bool
) -> None:
    # The SDK reads the JSON body of an error status whole: here it stops at the limit.
    async def main(server: Server) -> tuple[ServerError, str]:
        async with McpClient(server, timeout=10, max_message_size=2_000_000) as client:
            with pytest.raises(ServerError) as caught:
                await client.call("echo", {"text": "first"})
            return caught.value, (await client.call("echo", {"text": "second"})).text

    flags = ["--error-reply", "tools/call=-32000", "--error-data", "3000000"]
    flags += ["--http-error-status", "500", *(["--chunked"] if chunked else [])]
    with _http(fixture_server(*flags)) as server:
        error, text = _run(main(server))
    size = "more than 2,000,000" if chunked else "3,000,115"
    assert str(error) == (
        f"MCP server 'server': answered with HTTP 500 and a body of {size} bytes, longer"
        " than max_message_size (2,000,000 bytes) (to tools/call)"
    )
    assert text == "second"  # the session lives on


def test_an_error_message_is_cut_and_escaped(fixture_server: Argv) -> None:
    message = "\x1b[2J\x07" * 1_000

    async def main() -> RemoteError:
        argv = fixture_server("--error-reply", "tools/call=-32000", "--error-message", message)
        async with McpClient(_stdio(argv)) as client:
            with pytest.raises(RemoteError) as caught:
                await client.call("echo", {"text": "hi"})
            return caught.value

    text = str(_run(main()))
    assert "\x1b" not in text
    assert "\x07" not in text
    assert text.endswith("... (4000 more characters)")  # of 6,000, the first 1,000 kept
    assert "\\x1b[2J\\x07" in text


# -- an error answering initialize ------------------------------------------------------


@pytest.mark.parametrize("transport", ["stdio", "http", "sse", "legacy"])
@pytest.mark.parametrize("code", [-32000, -32603])
def test_a_refused_handshake_says_what_the_server_answered(
    fixture_server: Argv, transport: str, code: int
) -> None:
    with _server(transport, fixture_server("--error-reply", f"initialize={code}")) as server:
        client = _start(server)
    failure = client.failures["server"]
    assert isinstance(failure, ServerError)
    assert str(failure) == f"MCP server 'server': answered initialize with error {code}: {ESCAPED}"


def test_a_legacy_sse_url_given_as_streamable_http_is_named_for_what_it_is(
    fixture_server: Argv,
) -> None:
    with _served(fixture_server(), "--legacy-sse") as url:
        assert url.endswith("/sse")
        client = _start(HttpServer(url=url))
    failure = client.failures["server"]
    assert isinstance(failure, ServerError)
    assert str(failure).startswith("MCP server 'server': answered initialize with error ")
    assert str(failure).endswith('with "type": "sse" in its configuration entry (SseServer)')


# -- floods before the handshake --------------------------------------------------------


@pytest.mark.parametrize("kind", ["notifications", "requests"])
def test_a_few_messages_before_the_handshake_are_drained(fixture_server: Argv, kind: str) -> None:
    client = _start(_stdio(fixture_server("--flood-before-initialize", f"{kind}=2000")))
    assert dict(client.failures) == {}
    assert "echo" in [tool.name for tool in client.tools]


@pytest.mark.parametrize("transport", ["stdio", "sse", "legacy"])
@pytest.mark.parametrize(("kind", "count"), [("notifications", 100_000), ("requests", 20_000)])
def test_a_flood_before_the_handshake_is_refused_as_one(
    fixture_server: Argv,
    transport: str,
    kind: str,
    count: int,
    caplog: pytest.LogCaptureFixture,
) -> None:
    # Over HTTP a flood comes as SSE events on the stream answering initialize.
    argv = fixture_server("--flood-before-initialize", f"{kind}={count}")
    with _server(transport, argv) as server:
        failure = _start(server, startup_timeout=30).failures["server"]
    # The events still coming once the connection is refused are dropped quietly.
    assert [record.getMessage() for record in caplog.records if record.levelno >= ERROR] == []
    assert isinstance(failure, ServerError)
    text = str(failure)
    assert "before answering the handshake, a flood; the connection was closed" in text
    assert "10,000 messages" in text
    assert f"10,000 {kind}" in text
    assert "startup_timeout" not in text


# -- a huge tools/list page ---------------------------------------------------------------


@pytest.mark.parametrize("transport", ["stdio", "http", "sse", "legacy"])
def test_a_page_past_max_tools_is_refused_as_such_not_as_late(
    fixture_server: Argv, transport: str
) -> None:
    # 100,000 tools, 15 MB in one message: read to the 10,001st tool, the rest never
    # parsed (over HTTP the SDK's parsing of it took 800 MB and 11 s).
    with _server(transport, fixture_server("--tools", "100000")) as server:
        client = _start(server, list_timeout=4)
    failure = client.failures["server"]
    assert isinstance(failure, ServerError)
    assert str(failure) == (
        "MCP server 'server': listed more than 10,000 tools (max_tools) in one tools/list page"
    )


@pytest.mark.parametrize("transport", ["stdio", "http", "sse", "legacy"])
def test_a_long_page_is_cut_whatever_the_order_of_its_members(
    fixture_server: Argv, transport: str
) -> None:
    # "result" before "id": HTTP knows which request a body answers without its id;
    # over stdio the id is read from the end of the line.
    argv = fixture_server("--tools", "100000", "--result-first")
    with _server(transport, argv) as server:
        client = _start(server, list_timeout=4)
    assert str(client.failures["server"]) == (
        "MCP server 'server': listed more than 10,000 tools (max_tools) in one tools/list page"
    )


@pytest.mark.parametrize("transport", ["stdio", "http", "sse", "legacy"])
def test_a_page_that_came_in_time_is_not_late_however_long_reading_it_takes(
    fixture_server: Argv, transport: str
) -> None:
    # The server answers at once (its tools are made at start); reading and checking
    # 12,000 tools takes the client longer than list_timeout, which judges the server.
    with _server(transport, fixture_server("--tools", "12000")) as server:
        client = _start(server, list_timeout=0.5, max_tools=20_000, on_finding="ignore")
    assert dict(client.failures) == {}
    assert len(client.tools) == 12_011


@pytest.mark.parametrize(
    ("arrived", "late"),
    [("before the deadline", False), ("after the deadline", True), ("not yet", True)],
)
def test_the_deadline_judges_when_the_reply_arrived_not_when_it_was_read(
    arrived: str, late: bool
) -> None:
    # The reply is read for 0.6 s, far past the 0.1 s deadline; whether it is late
    # depends only on when its bytes came, as the transport says.
    async def main() -> Any:
        loop = asyncio.get_running_loop()
        start = loop.time()
        came = {"before the deadline": start + 0.05, "after the deadline": start + 0.3}

        async def reading() -> str:
            await asyncio.sleep(0.6)
            return "the page"

        return await in_time(reading(), 0.1, lambda: came.get(arrived))

    if late:
        with pytest.raises(TimeoutError):
            _run(main())
    else:
        assert _run(main()) == "the page"


@pytest.mark.parametrize("transport", ["stdio", "http", "sse", "legacy"])
def test_a_server_that_never_answers_the_listing_is_late(
    fixture_server: Argv, transport: str
) -> None:
    with _server(transport, fixture_server("--hang-list")) as server:
        client = _start(server, list_timeout=1)
    assert str(client.failures["server"]) == (
        "MCP server 'server': did not answer tools/list within 1 s (list_timeout)"
    )


# -- a message longer than max_message_size -------------------------------------------


@pytest.mark.parametrize("transport", ["http", "sse"])
def test_over_http_a_body_past_max_message_size_fails_its_request_alone(
    fixture_server: Argv, transport: str
) -> None:
    async def main(server: Server) -> tuple[ServerError, str]:
        async with McpClient(server, timeout=10, max_message_size=2_000_000) as client:
            with pytest.raises(ServerError) as caught:
                await client.call("echo", {"text": "hi"})  # answered with 3 MB
            after = await client.call("add", {"a": 1, "b": 2})
            return caught.value, after.text

    with _server(transport, fixture_server("--huge-message", "3000000")) as server:
        error, text = _run(main(server))
    what = "a body of 3,000,009 bytes," if transport == "http" else "an SSE event"
    assert str(error) == (
        f"MCP server 'server': answered with {what} longer than max_message_size "
        "(2,000,000 bytes) (to tools/call)"
    )
    assert text == '{"sum": 3}'  # the session lives on


def test_over_legacy_sse_an_event_past_max_message_size_ends_the_connection(
    fixture_server: Argv,
) -> None:
    # One stream carries every answer: it cannot be read past the event, whose request
    # is unknown. The next call connects again. (The SDK stopped events at 1 MiB.)
    async def main(server: Server) -> tuple[ServerError, str]:
        async with McpClient(server, timeout=10, max_message_size=2_000_000) as client:
            with pytest.raises(ServerError) as caught:
                await client.call("echo", {"text": "hi"})  # answered with 3 MB
            return caught.value, (await client.call("add", {"a": 1, "b": 2})).text

    with _server("legacy", fixture_server("--huge-message", "3000000")) as server:
        error, text = _run(main(server))
    assert str(error) == (
        "MCP server 'server': sent an SSE event longer than max_message_size "
        "(2,000,000 bytes); the connection was closed"
    )
    assert text == '{"sum": 3}'


def test_over_legacy_sse_an_endpoint_on_another_origin_is_refused(fixture_server: Argv) -> None:
    argv = fixture_server("--legacy-endpoint", "http://127.0.0.2:9/messages/")
    with _server("legacy", argv) as server:
        failure = _start(server, startup_timeout=5).failures["server"]
    assert isinstance(failure, ServerError)
    assert "named an endpoint on another origin: 'http://127.0.0.2:9/messages/'" in str(failure)


def test_over_legacy_sse_a_refused_post_fails_its_request_at_once(fixture_server: Argv) -> None:
    async def main(server: Server) -> tuple[ServerError, str]:
        async with McpClient(server, timeout=30) as client:
            with pytest.raises(ServerError) as caught:
                await client.call("echo", {"text": "refuse me"})
            return caught.value, (await client.call("add", {"a": 1, "b": 2})).text

    with _server("legacy", fixture_server("--legacy-refuse", "refuse me")) as server:
        error, text = _run(main(server))
    assert str(error).startswith(
        "MCP server 'server': refused the request (Server error '500 Internal Server Error'"
    )
    assert text == '{"sum": 3}'


def test_over_legacy_sse_a_reply_that_breaks_the_protocol_fails_at_once(
    fixture_server: Argv,
) -> None:
    # Each event is read as a stdio line is: the wire ends the load, no list_timeout.
    argv = fixture_server("--bad-reply", "tools/list=array")
    with _server("legacy", argv) as server:
        failure = _start(server, list_timeout=30).failures["server"]
    assert str(failure) == (
        "MCP server 'server': answered tools/list (id 3) with a result that is an array, "
        "where MCP requires an object; the connection was closed"
    )


def test_over_legacy_sse_an_event_of_several_mib_is_read(fixture_server: Argv) -> None:
    async def main(server: Server) -> str:
        async with McpClient(server, timeout=10) as client:
            return (await client.call("echo", {"text": "x" * 3_000_000})).text

    with _server("legacy", fixture_server()) as server:
        assert len(_run(main(server))) == 3_000_000


@pytest.mark.parametrize("transport", ["stdio", "http", "legacy"])
def test_max_tools_is_applied_to_each_page(fixture_server: Argv, transport: str) -> None:
    with _server(transport, fixture_server("--tools", "300")) as server:
        client = _start(server, max_tools=50)
    assert str(client.failures["server"]) == (
        "MCP server 'server': listed more than 50 tools (max_tools) in one tools/list page"
    )


@pytest.mark.parametrize(("generated", "loads"), [(9_989, True), (9_990, False)])
def test_a_long_page_loads_up_to_max_tools_and_not_one_more(
    fixture_server: Argv, generated: int, loads: bool
) -> None:
    # Over 1 MiB, a line is read tool by tool; with the fixture's own 11, 9,989 make
    # exactly max_tools.
    client = _start(_stdio(fixture_server("--tools", str(generated))), on_finding="ignore")
    if loads:
        assert dict(client.failures) == {}
        assert len(client.tools) == 10_000
    else:
        assert str(client.failures["server"]) == (
            "MCP server 'server': listed more than 10,000 tools (max_tools) in one tools/list page"
        )


# -- an error answering tools/list ------------------------------------------------------


@pytest.mark.parametrize("transport", ["stdio", "http", "legacy"])
def test_an_error_answering_the_listing_fails_the_load_with_what_it_said(
    fixture_server: Argv, transport: str
) -> None:
    with _server(transport, fixture_server("--error-reply", "tools/list=-32000")) as server:
        client = _start(server)
    failure = client.failures["server"]
    assert str(failure) == (
        f"MCP server 'server': answered with error -32000: {ESCAPED} (to tools/list)"
    )
    assert isinstance(failure.__cause__, RemoteError)
    assert failure.__cause__.code == -32000
