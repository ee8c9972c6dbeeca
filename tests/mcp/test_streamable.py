"""Streamable HTTP's fast path (`toolbridge.mcp._streamable`): answered as the SDK answers.

A real uvicorn serves `build_http_app` on a loopback port in a thread; the tests
POST to it with httpx (to see the wire) or talk to it with the SDK's client.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import uvicorn
from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp_types import ElicitResult

import toolbridge
from toolbridge import report_progress, send_log, tool
from toolbridge.mcp import build_http_app
from toolbridge.toolsets import Identity

VERSION = "2025-11-25"
HEADERS = {
    "Accept": "application/json, text/event-stream",
    "Content-Type": "application/json",
    "MCP-Protocol-Version": VERSION,
}
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {
        "protocolVersion": VERSION,
        "capabilities": {},
        "clientInfo": {"name": "test", "version": "1"},
    },
}

started = threading.Event()
ended: list[str] = []
seen: list[Any] = []


@tool
async def echo(text: str) -> str:
    """Say it back, reporting progress and logging on the way."""
    await report_progress(1, 2, "half")
    await send_log("info", {"said": text})
    return text


@tool
async def waiting() -> str:
    """Wait until cancelled."""
    started.set()
    try:
        await asyncio.sleep(30)
    except asyncio.CancelledError:
        ended.append("cancelled")
        raise
    return "waited"


@tool
async def asking() -> str:
    """Ask the user for a name."""
    schema = {"type": "object", "properties": {"name": {"type": "string"}}}
    answer = await toolbridge.elicit("Your name?", schema)
    return f"{answer.action}: {(answer.content or {}).get('name')}"


def who(request: Any) -> Identity:
    seen.append((request.headers.get("x-user"), request.scope["path"]))
    return Identity(subject=request.headers.get("x-user") or "nobody")


@tool
def whoami() -> str:
    """The caller's name (from the identity function)."""
    return "ok"


TOOLS = [echo, waiting, asking, whoami]


@contextlib.contextmanager
def served(**options: Any) -> Iterator[str]:
    """`build_http_app(TOOLS, **options)` under uvicorn on a free loopback port."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    app = build_http_app(TOOLS, **options)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        server.should_exit = True
        thread.join(20)
        listener.close()


def events(response: httpx.Response) -> list[dict[str, Any]]:
    """The JSON-RPC messages of an answer: each SSE event's data, or the JSON body."""
    if response.headers["content-type"].startswith("application/json"):
        return [response.json()]
    return [json.loads(line[5:]) for line in response.text.splitlines() if line.startswith("data:")]


def call(number: int, name: str, arguments: dict[str, Any], **meta: Any) -> dict[str, Any]:
    params: dict[str, Any] = {"name": name, "arguments": arguments}
    if meta:
        params["_meta"] = meta
    return {"jsonrpc": "2.0", "id": number, "method": "tools/call", "params": params}


def opened(client: httpx.Client, url: str) -> str:
    """A new session's id, initialized."""
    answer = client.post(url, json=INITIALIZE, headers=HEADERS)
    assert answer.status_code == 200, answer.text
    session = answer.headers["mcp-session-id"]
    done = {"jsonrpc": "2.0", "method": "notifications/initialized"}
    assert (
        client.post(url, json=done, headers={**HEADERS, "Mcp-Session-Id": session}).status_code
        == 202
    )
    return session


@pytest.fixture(scope="module")
def stateful() -> Iterator[str]:
    with served() as url:
        yield url


def test_a_call_streams_its_progress_and_log_before_the_result(stateful: str) -> None:
    with httpx.Client(timeout=10) as client:
        session = opened(client, stateful)
        headers = {**HEADERS, "Mcp-Session-Id": session}
        answer = client.post(
            stateful, json=call(1, "echo", {"text": "hi"}, progressToken="t"), headers=headers
        )
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "text/event-stream"
    assert answer.headers["mcp-session-id"] == session
    progress, log, result = events(answer)
    assert progress == {
        "jsonrpc": "2.0",
        "method": "notifications/progress",
        "params": {"progressToken": "t", "progress": 1.0, "total": 2.0, "message": "half"},
    }
    assert log["method"] == "notifications/message"
    assert log["params"] == {"level": "info", "data": {"said": "hi"}}
    assert result == {
        "jsonrpc": "2.0",
        "id": 1,
        "result": {
            "content": [{"type": "text", "text": "hi"}],
            "structuredContent": {"result": "hi"},
            "isError": False,
        },
    }


def test_unknown_tools_bad_arguments_and_sessions_are_answered_as_the_sdk_does(
    stateful: str,
) -> None:
    with httpx.Client(timeout=10) as client:
        session = opened(client, stateful)
        headers = {**HEADERS, "Mcp-Session-Id": session}
        unknown = events(client.post(stateful, json=call(2, "nope", {}), headers=headers))
        invalid = events(client.post(stateful, json=call(3, "echo", {"text": 5}), headers=headers))
        missing = client.post(stateful, json=call(4, "echo", {"text": "a"}), headers=HEADERS)
        foreign = {**HEADERS, "Mcp-Session-Id": "not-a-session"}
        unheard = client.post(stateful, json=call(5, "echo", {"text": "a"}), headers=foreign)
        pinged = events(
            client.post(
                stateful, json={"jsonrpc": "2.0", "id": 6, "method": "ping"}, headers=headers
            )
        )
        refused = client.post(
            stateful,
            json=call(7, "echo", {"text": "a"}),
            headers={**headers, "Accept": "application/json"},
        )
    assert unknown == [
        {"jsonrpc": "2.0", "id": 2, "error": {"code": -32602, "message": "Unknown tool: nope"}}
    ]
    assert invalid[-1]["result"]["isError"] is True
    assert "expected string" in invalid[-1]["result"]["content"][0]["text"]
    assert missing.status_code == 400
    assert unheard.status_code == 404
    assert pinged == [{"jsonrpc": "2.0", "id": 6, "result": {}}]
    assert refused.status_code == 406


def test_log_levels_are_per_session(stateful: str) -> None:
    with httpx.Client(timeout=10) as client:
        quiet, loud = opened(client, stateful), opened(client, stateful)
        level = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "logging/setLevel",
            "params": {"level": "error"},
        }
        set_answer = client.post(stateful, json=level, headers={**HEADERS, "Mcp-Session-Id": quiet})
        assert events(set_answer) == [{"jsonrpc": "2.0", "id": 1, "result": {}}]
        heard = {}
        for session in (quiet, loud):
            answer = client.post(
                stateful,
                json=call(2, "echo", {"text": "x"}),
                headers={**HEADERS, "Mcp-Session-Id": session},
            )
            heard[session] = [message.get("method") for message in events(answer)]
    assert heard[quiet] == [None]
    assert heard[loud] == ["notifications/message", None]


def test_the_identity_function_gets_the_request(stateful: str) -> None:
    with httpx.Client(timeout=10) as client, served(identity=who) as url:
        session = opened(client, url)
        headers = {**HEADERS, "Mcp-Session-Id": session, "X-User": "ada"}
        answer = client.post(url, json=call(1, "whoami", {}), headers=headers)
    assert events(answer)[-1]["result"]["content"][0]["text"] == "ok"
    assert ("ada", "/mcp") in seen


async def _wait_started() -> None:
    while not started.is_set():
        await asyncio.sleep(0.01)


def test_the_clients_cancellation_stops_the_tool_and_answers_request_cancelled(
    stateful: str,
) -> None:
    started.clear()
    ended.clear()

    async def run() -> list[dict[str, Any]]:
        async with httpx.AsyncClient(timeout=10) as client:
            initialize = await client.post(stateful, json=INITIALIZE, headers=HEADERS)
            headers = {**HEADERS, "Mcp-Session-Id": initialize.headers["mcp-session-id"]}
            calling = asyncio.create_task(
                client.post(stateful, json=call(9, "waiting", {}), headers=headers)
            )
            await _wait_started()
            cancel = {
                "jsonrpc": "2.0",
                "method": "notifications/cancelled",
                "params": {"requestId": 9},
            }
            assert (await client.post(stateful, json=cancel, headers=headers)).status_code == 202
            return events(await calling)

    answered = asyncio.run(run())
    assert answered == [
        {"jsonrpc": "2.0", "id": 9, "error": {"code": -32800, "message": "Request cancelled"}}
    ]
    assert ended == ["cancelled"]


@pytest.mark.parametrize("stateless", [False, True])
def test_a_client_that_leaves_cancels_the_tool(stateless: bool) -> None:
    started.clear()
    ended.clear()

    async def run(url: str) -> None:
        async with httpx.AsyncClient(timeout=10) as client:
            headers = dict(HEADERS)
            if not stateless:
                initialize = await client.post(url, json=INITIALIZE, headers=HEADERS)
                headers["Mcp-Session-Id"] = initialize.headers["mcp-session-id"]
            calling = asyncio.create_task(
                client.post(url, json=call(1, "waiting", {}), headers=headers)
            )
            await _wait_started()
            calling.cancel()  # httpx closes the connection
            with contextlib.suppress(asyncio.CancelledError):
                await calling

    with served(stateless=stateless) as url:
        asyncio.run(run(url))
        deadline = time.monotonic() + 10
        while not ended and time.monotonic() < deadline:
            time.sleep(0.02)
    assert ended == ["cancelled"]


def test_json_answers_are_one_body_without_the_calls_notifications() -> None:
    with served(json_response=True, stateless=True) as url, httpx.Client(timeout=10) as client:
        answer = client.post(
            url, json=call(1, "echo", {"text": "hi"}, progressToken="t"), headers=HEADERS
        )
    assert answer.headers["content-type"] == "application/json"
    assert "mcp-session-id" not in answer.headers
    assert answer.json() == {
        "jsonrpc": "2.0",
        "id": 1,
        "result": {
            "content": [{"type": "text", "text": "hi"}],
            "structuredContent": {"result": "hi"},
            "isError": False,
        },
    }


def test_a_tool_asks_the_user_through_the_sdk_client(stateful: str) -> None:
    asked: list[str] = []

    async def answer(context: Any, params: Any) -> ElicitResult:
        asked.append(params.message)
        return ElicitResult(action="accept", content={"name": "Ada"})

    async def run() -> str:
        async with (
            streamable_http_client(stateful) as (read, write, *_),
            ClientSession(read, write, elicitation_callback=answer) as session,
        ):
            await session.initialize()
            result = await session.call_tool("asking", {})
            text: str = result.content[0].text  # type: ignore[union-attr]
            return text

    assert asyncio.run(run()) == "accept: Ada"
    assert asked == ["Your name?"]


def test_a_stateless_server_cannot_ask_so_the_question_is_declined() -> None:
    with served(stateless=True) as url, httpx.Client(timeout=10) as client:
        answer = client.post(url, json=call(1, "asking", {}), headers=HEADERS)
    assert events(answer)[-1]["result"]["content"][0]["text"] == "decline: None"


def test_odd_messages_are_left_to_the_sdk_and_the_session_goes_on(stateful: str) -> None:
    odd: list[Any] = [
        {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": [1]}},
        {"jsonrpc": "2.0", "id": "nobody-asked", "result": {}},
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": ["echo"]}},
        {"jsonrpc": "2.0", "id": {"not": "an id"}, "method": "ping"},
        [{"jsonrpc": "2.0", "id": 2, "method": "ping"}],
        "not a message",
    ]
    with httpx.Client(timeout=10) as client:
        session = opened(client, stateful)
        headers = {**HEADERS, "Mcp-Session-Id": session}
        statuses = [client.post(stateful, json=body, headers=headers).status_code for body in odd]
        after = client.post(stateful, json=call(3, "echo", {"text": "on"}), headers=headers)
    assert all(status < 500 for status in statuses), statuses
    assert events(after)[-1]["result"]["content"][0]["text"] == "on"
