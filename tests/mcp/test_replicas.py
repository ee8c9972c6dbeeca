"""Stateless replicas: ``toolbridge serve --workers N``, ``/healthz`` and graceful shutdown.

Real processes on loopback sockets: the served tools say which process ran them
(``pid``), so a test sees that two workers share the port and that one client's
requests reach both; a slow tool writes a file when it starts, so a test sends
SIGTERM while it is known to run. The root conftest fails a test here that leaves
a process behind (the workers included).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from toolbridge import tool
from toolbridge.mcp import HttpServer, McpClient, build_http_app

from ..loopback import free_port
from .served import ACCEPT, INITIALIZE, SERVE, TOOLS, messages, serving, worker_pids

UVICORN = [sys.executable, "-m", "uvicorn", "--factory", "toolbridge.cli:app_from_definition"]


@pytest.fixture
def tools_file(tmp_path: Path) -> Path:
    path = tmp_path / "replica_tools.py"
    path.write_text(TOOLS)
    return path


def rpc(port: int, method: str, params: dict[str, Any], *, timeout: float = 10) -> Any:
    """One JSON-RPC request on a new connection, with no session id; its result.

    The answer may be JSON or an SSE stream; the message with the request's id counts.
    """
    status, headers, body = post(
        port, {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}, timeout=timeout
    )
    assert status == 200, body
    for message in messages(headers.get("content-type", ""), body):
        if message.get("id") == 1:
            assert "result" in message, message
            return message["result"]
    raise AssertionError(f"no answer in {body!r}")


def post(port: int, payload: Any, *, timeout: float = 10) -> tuple[int, dict[str, str], str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(
            "POST",
            "/mcp",
            body=json.dumps(payload),
            headers={
                "Content-Type": "application/json",
                "Accept": ACCEPT,
                "MCP-Protocol-Version": "2025-06-18",
            },
        )
        answer = connection.getresponse()
        headers = {name.lower(): value for name, value in answer.getheaders()}
        return answer.status, headers, answer.read().decode()
    finally:
        connection.close()


def get(port: int, path: str) -> tuple[int, Any]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path)
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        connection.close()


def called_pid(port: int) -> int:
    result = rpc(port, "tools/call", {"name": "pid", "arguments": {}})
    return int(result["structuredContent"]["result"])


def answering_pids(port: int, *, within: float = 60) -> set[int]:
    """The workers seen answering ``pid`` calls, until two have or ``within`` s pass.

    Calls go out four at a time, each on a new connection: on a busy machine one
    worker may take every connection made one after another, or the second may
    still be starting.
    """
    deadline = time.monotonic() + within
    seen: set[int] = set()
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        while len(seen) < 2 and time.monotonic() < deadline:
            calls = [pool.submit(called_pid, port) for _ in range(4)]
            for call in calls:
                with contextlib.suppress(OSError, AssertionError):
                    seen.add(call.result())
    return seen


# -- two workers on one port -----------------------------------------------------------------


def test_two_workers_share_one_port_and_each_answers_without_a_session(tools_file: Path) -> None:
    with serving(tools_file, "--workers", "2") as (process, _, port):
        assert get(port, "/healthz") == (200, {"status": "ok"})
        # initialize hands out no session: nothing for a balancer to stick to.
        status, headers, _ = post(
            port,
            INITIALIZE,
        )
        assert status == 200
        assert "mcp-session-id" not in headers
        listed = rpc(port, "tools/list", {})
        names = sorted(entry["name"] for entry in listed["tools"])
        assert names == ["counting", "echo", "pid", "slow"]
        echoed = rpc(port, "tools/call", {"name": "echo", "arguments": {"text": "hi"}})
        assert echoed["structuredContent"] == {"result": "hi"}
        seen = answering_pids(port)
        assert len(seen) == 2
        assert seen == worker_pids(process) & seen
        assert process.pid not in seen  # the supervisor runs no tool


def test_one_client_whose_requests_reach_different_workers_keeps_working(
    tools_file: Path,
) -> None:
    """``Connection: close`` makes each of the client's requests a new connection, so
    consecutive ones land on either worker: without sessions, none of them fails."""
    with serving(tools_file, "--workers", "2") as (_, url, _):

        async def main() -> tuple[list[str], set[int], list[str]]:
            server = HttpServer(url=url, headers={"Connection": "close"})
            async with McpClient(server) as client:
                names = sorted(item.name for item in client.tools)
                by_name = {item.name: item for item in client.tools}
                pids: set[int] = set()
                echoes: list[str] = []
                for index in range(200):
                    result = await by_name["pid"].ainvoke({})
                    assert not result.is_error, result.text
                    pids.add(int(result.text))
                    said = await by_name["echo"].ainvoke({"text": f"n{index}"})
                    echoes.append(said.text)
                    if len(pids) == 2 and index >= 5:
                        break
                return names, pids, echoes

        names, pids, echoes = asyncio.run(main())
    assert names == ["counting", "echo", "pid", "slow"]
    assert len(pids) == 2
    assert echoes == [f"n{index}" for index in range(len(echoes))]


@pytest.mark.skipif(sys.platform != "linux", reason="SO_REUSEPORT spreads connections on Linux")
def test_a_burst_of_keep_alive_connections_is_spread_over_the_workers(tools_file: Path) -> None:
    """A client opening its pool at once: with one shared socket the first worker to
    wake took them all; each worker's own socket gets its share."""
    call = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                       "params": {"name": "pid", "arguments": {}}})  # fmt: skip
    headers = {"Content-Type": "application/json", "Accept": ACCEPT}
    with serving(tools_file, "--workers", "2") as (process, _, port):
        pool = [http.client.HTTPConnection("127.0.0.1", port, timeout=10) for _ in range(32)]
        for connection in pool:
            connection.connect()
        time.sleep(0.3)  # every connection waits to be accepted, then the calls go out
        held: dict[int, int] = {}
        for connection in pool:
            connection.request("POST", "/mcp", call, headers)
            answer = connection.getresponse()
            media, body = answer.getheader("content-type", ""), answer.read().decode()
            (message,) = messages(media, body)
            pid = int(message["result"]["structuredContent"]["result"])
            held[pid] = held.get(pid, 0) + 1
            connection.close()
        assert set(held) == worker_pids(process)
        assert min(held.values()) >= 4, held  # (a hash: 16 each on average)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_json_response_answers_one_json_body_and_drops_only_notifications(
    tools_file: Path, workers: str
) -> None:
    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "counting", "arguments": {"steps": 3},
                       "_meta": {"progressToken": "p"}}}  # fmt: skip
    with serving(tools_file, "--workers", workers, "--stateless") as (_, _, streamed):
        status, headers, body = post(streamed, call)
        assert status == 200
        assert headers["content-type"].startswith("text/event-stream")
        said = messages(headers["content-type"], body)
        assert [m["params"]["progress"] for m in said if "method" in m] == [1, 2, 3]
    with serving(tools_file, "--workers", workers, "--stateless", "--json-response") as (
        _,
        _,
        port,
    ):
        status, headers, body = post(port, call)
        assert status == 200
        assert headers["content-type"].startswith("application/json")
        (answer,) = messages(headers["content-type"], body)
        assert answer["result"]["content"][0]["text"] == "counted 3"


def test_json_response_is_for_http(tools_file: Path) -> None:
    done = subprocess.run(
        [*SERVE, str(tools_file), "--json-response"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert "--json-response" in done.stderr


def test_a_single_worker_keeps_sessions_unless_told_stateless(tools_file: Path) -> None:
    initialize = INITIALIZE
    with serving(tools_file) as (_, _, port):
        assert "mcp-session-id" in post(port, initialize)[1]
    with serving(tools_file, "--stateless") as (_, _, port):
        assert "mcp-session-id" not in post(port, initialize)[1]
        assert called_pid(port) > 0


def test_workers_refuse_stateful_and_stdio(tools_file: Path) -> None:
    for options in (["--transport", "http", "--workers", "2", "--stateful"], ["--workers", "2"]):
        done = subprocess.run(
            [*SERVE, str(tools_file), *options],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2, done.stderr
        assert "--workers" in done.stderr


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_worker_that_cannot_open_the_toolset_stops_them_all(
    tmp_path: Path, tools_file: Path, workers: str
) -> None:
    """One MCP server of the file cannot start: nothing serves the others' tools alone."""
    broken = tmp_path / "broken.yaml"
    broken.write_text(
        f"sources:\n  - module: {str(tools_file)!r}\n"
        "  - mcp: {broken: {command: /nonexistent/mcp-server}}\n"
    )
    done = subprocess.run(
        [*SERVE, str(broken), "--transport", "http", "--port", "0", "--workers", workers],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert (
        "toolbridge: error: MCP server 'broken': cannot start '/nonexistent/mcp-server': "
        "No such file or directory (at '/sources/1/mcp/broken')"
    ) in done.stderr
    assert "serving" not in done.stderr
    assert "Traceback" not in done.stderr


def test_a_worker_that_dies_is_replaced(tools_file: Path) -> None:
    with serving(tools_file, "--workers", "2") as (process, _, port):
        first = worker_pids(process)
        killed = called_pid(port)
        os.kill(killed, signal.SIGKILL)
        seen = answering_pids(port)
        assert len(seen) == 2
        assert killed not in seen
        assert len(first - {killed} & seen) == 1  # the other worker, and a new one
        assert process.poll() is None


# -- rate limits shared on Redis -------------------------------------------------------------


def gateway_file(tmp_path: Path, source: Path, storage: str, calls: int) -> Path:
    """A toolset file: `source`'s tools under one global limit counted in `storage`."""
    path = tmp_path / "gateway.yaml"
    path.write_text(
        "name: replicas\n"
        f"sources:\n  - module: {json.dumps(str(source))}\n"
        "policy:\n"
        f"  rate_limits:\n    - {{calls: {calls}, per: 60, scope: global}}\n"
        f"  rate_limit_storage: {json.dumps(storage)}\n"
    )
    return path


def test_two_workers_on_one_redis_allow_exactly_the_limit_in_total(
    tools_file: Path, tmp_path: Path, redis_url: str
) -> None:
    gateway = gateway_file(tmp_path, tools_file, redis_url, calls=20)
    ran: list[int] = []
    refused: list[str] = []
    with serving(gateway, "--workers", "2") as (_, _, port):
        for _ in range(60):  # each on a new connection: either worker takes it
            result = rpc(port, "tools/call", {"name": "pid", "arguments": {}})
            if result.get("isError"):
                refused.append(result["content"][0]["text"])
            else:
                ran.append(int(result["structuredContent"]["result"]))
    assert len(ran) == 20  # per process, each worker alone would have allowed 20
    assert len(set(ran)) == 2  # and both of them ran calls
    assert len(refused) == 40
    assert all("rate limit" in text.lower() for text in refused), refused[:3]


# -- graceful shutdown -----------------------------------------------------------------------


@pytest.mark.parametrize("workers", ["1", "2"])
def test_sigterm_lets_a_slow_call_finish_then_exits_0(
    tools_file: Path, tmp_path: Path, workers: str
) -> None:
    started = tmp_path / "started"
    answers: list[Any] = []
    with serving(tools_file, "--workers", workers, "--stateless") as (process, _, port):

        def call() -> None:
            arguments = {"seconds": 1.5, "started": str(started)}
            answers.append(rpc(port, "tools/call", {"name": "slow", "arguments": arguments}))

        caller = threading.Thread(target=call)
        caller.start()
        deadline = time.monotonic() + 10
        while not started.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert started.exists()
        signalled = time.monotonic()
        process.send_signal(signal.SIGTERM)
        caller.join(15)
        assert process.wait(15) == 0
        assert time.monotonic() - signalled >= 1.0  # it waited for the call
    assert len(answers) == 1
    assert answers[0]["structuredContent"] == {"result": "slept 1.5"}
    with pytest.raises(ConnectionRefusedError):  # nobody listens any more
        get(port, "/healthz")


def test_the_shutdown_timeout_bounds_a_call_that_runs_on(tools_file: Path, tmp_path: Path) -> None:
    started = tmp_path / "started"
    with serving(tools_file, "--stateless", "--shutdown-timeout", "0.5") as (process, _, port):

        def call() -> None:
            arguments = {"seconds": 60, "started": str(started)}
            with contextlib.suppress(OSError, AssertionError, http.client.HTTPException):
                rpc(port, "tools/call", {"name": "slow", "arguments": arguments}, timeout=30)

        caller = threading.Thread(target=call)
        caller.start()
        deadline = time.monotonic() + 10
        while not started.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        signalled = time.monotonic()
        process.send_signal(signal.SIGTERM)
        assert process.wait(15) == 0
        assert time.monotonic() - signalled < 10
        caller.join(15)


# -- the health check's states (the ASGI app, driven through its lifespan) --------------------


@tool
def ping() -> str:
    """Answer pong."""
    return "pong"


async def lifespan_and_health(app: Any) -> list[tuple[int, Any]]:
    """/healthz before startup, once started, and after shutdown began."""
    inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    running = asyncio.create_task(
        app({"type": "lifespan", "asgi": {"version": "3.0"}}, inbox.get, outbox.put)
    )
    seen = [await health(app)]
    await inbox.put({"type": "lifespan.startup"})
    assert (await outbox.get())["type"] == "lifespan.startup.complete"
    seen.append(await health(app))
    await inbox.put({"type": "lifespan.shutdown"})
    assert (await outbox.get())["type"] == "lifespan.shutdown.complete"
    await running
    seen.append(await health(app))
    return seen


async def health(app: Any) -> tuple[int, Any]:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "method": "GET",
        "path": "/healthz",
        "headers": [(b"host", b"127.0.0.1:8000")],
        "query_string": b"",
    }
    await app(scope, receive, send)
    return sent[0]["status"], json.loads(sent[1]["body"])


def test_health_is_503_until_the_toolset_is_open_and_once_shutdown_began() -> None:
    app = build_http_app([ping], stateless=True)
    assert asyncio.run(lifespan_and_health(app)) == [
        (503, {"status": "starting"}),
        (200, {"status": "ok"}),
        (503, {"status": "stopping"}),
    ]


def test_serve_raises_what_kept_the_toolset_from_opening() -> None:
    from toolbridge import ConfigError
    from toolbridge.mcp import serve_async

    class Broken:
        async def __aenter__(self) -> Any:
            raise ConfigError("no such source")

        async def __aexit__(self, *exc: object) -> None:
            return None

    with pytest.raises(ConfigError, match="no such source"):
        asyncio.run(serve_async(Broken, transport="http", port=0))


def test_a_toolset_opened_in_the_lifespan_is_closed_at_its_end() -> None:
    from toolbridge.toolsets import StaticToolset

    events: list[str] = []

    @contextlib.asynccontextmanager
    async def opened() -> Any:
        events.append("open")
        yield StaticToolset([ping])
        events.append("close")

    seen = asyncio.run(lifespan_and_health(build_http_app(opened)))
    assert [status for status, _ in seen] == [503, 200, 503]
    assert events == ["open", "close"]


# -- the documented uvicorn command ----------------------------------------------------------


def test_the_documented_uvicorn_factory_command_serves_from_two_workers(
    tools_file: Path,
) -> None:
    """docs/deploying.md: ``uvicorn --factory toolbridge.cli:app_from_definition``."""
    port = free_port()
    process = subprocess.Popen(
        [*UVICORN, "--workers", "2", "--port", str(port), "--timeout-graceful-shutdown", "5"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "TOOLBRIDGE_TOOLSET": str(tools_file)},
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                assert get(port, "/healthz") == (200, {"status": "ok"})
                break
            except OSError:
                assert process.poll() is None
                assert time.monotonic() < deadline
                time.sleep(0.1)
        assert len(answering_pids(port)) == 2
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(30) == 0
