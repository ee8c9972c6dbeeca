"""``serve`` over stdio, on the event loop: pipes watched by it, a regular file read
by one thread, stdout shared with stderr written with blocking writes.

Real ``toolbridge serve`` processes spoken to with raw JSON-RPC lines. The SDK's
transport, which toolbridge no longer uses, handed every line to a worker thread:
over pipes the server now runs no thread at all.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest

from .served import SERVE

TOOLS = textwrap.dedent(
    '''
    from toolbridge import tool

    @tool
    async def echo(text: str) -> str:
        """Say it back (on the event loop: a sync tool would run on a thread)."""
        return text
    '''
)
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "test", "version": "1"},
    },
}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


def call(number: int, text: str) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": number,
        "method": "tools/call",
        "params": {"name": "echo", "arguments": {"text": text}},
    }


def line(message: dict[str, Any]) -> bytes:
    return json.dumps(message).encode() + b"\n"


def answer(stdout: IO[bytes], number: int) -> dict[str, Any]:
    """The answer with id `number`, skipping anything else (notifications, log lines)."""
    while True:
        raw = stdout.readline()
        assert raw, "the server closed stdout"
        try:
            message = json.loads(raw)
        except ValueError:
            continue  # with 2>&1, stderr's lines are on the same pipe
        if isinstance(message, dict) and message.get("id") == number:
            return message


def threads(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/task"))


@contextlib.contextmanager
def served(tools: Path, stderr: int) -> Iterator[tuple[IO[bytes], IO[bytes], int]]:
    """``toolbridge serve TOOLS`` over pipes: its stdin, its stdout and its pid; at the
    end stdin is closed and the server must exit 0 (the end of its input)."""
    server = subprocess.Popen(
        [*SERVE, str(tools)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr
    )
    assert server.stdin is not None
    assert server.stdout is not None
    try:
        yield server.stdin, server.stdout, server.pid
    finally:
        server.stdin.close()
        assert server.wait(30) == 0
        server.stdout.close()
        if server.stderr is not None:
            server.stderr.close()


@pytest.fixture
def tools(tmp_path: Path) -> Path:
    path = tmp_path / "echo_tools.py"
    path.write_text(TOOLS)
    return path


def test_over_pipes_a_megabyte_line_round_trips_and_no_thread_is_used(tools: Path) -> None:
    with served(tools, subprocess.PIPE) as (stdin, stdout, pid):
        stdin.write(line(INITIALIZE))
        stdin.flush()
        assert "result" in answer(stdout, 0)
        big = "x" * 1_000_000 + "é"
        stdin.write(line(INITIALIZED) + line(call(1, big)))
        stdin.write(b"this is not JSON\n\n")  # the server reads past it
        stdin.write(line(call(2, "after")))
        stdin.flush()
        said = answer(stdout, 1)["result"]["content"][0]["text"]
        assert said == big
        assert answer(stdout, 2)["result"]["content"][0]["text"] == "after"
        assert threads(pid) == 1  # the SDK's transport would hold a worker thread


def test_requests_written_before_stdin_closes_are_all_answered(tools: Path) -> None:
    requests = [line(INITIALIZE), line(INITIALIZED)]
    requests += [line(call(number, f"n{number}")) for number in range(1, 51)]
    done = subprocess.run(
        [*SERVE, str(tools)], input=b"".join(requests), capture_output=True, timeout=60,
        check=True,
    )  # fmt: skip
    said = {message["id"]: message for message in map(json.loads, done.stdout.splitlines())}
    assert [said[n]["result"]["content"][0]["text"] for n in range(1, 51)] == [
        f"n{number}" for number in range(1, 51)
    ]


def test_stdout_shared_with_stderr_is_written_without_changing_its_mode(tools: Path) -> None:
    """With ``2>&1`` stdout is stderr's pipe: it stays blocking, so a log line written
    while the pipe is full waits instead of failing."""
    with served(tools, subprocess.STDOUT) as (stdin, stdout, pid):
        stdin.write(line(INITIALIZE) + line(INITIALIZED) + line(call(1, "shared")))
        stdin.flush()
        assert answer(stdout, 1)["result"]["content"][0]["text"] == "shared"
        flags = (Path(f"/proc/{pid}/fdinfo/2").read_text().split("flags:")[1]).split()[0]
        assert not int(flags, 8) & os.O_NONBLOCK


def test_requests_read_from_a_regular_file_are_answered(tools: Path, tmp_path: Path) -> None:
    requests = tmp_path / "requests.jsonl"
    requests.write_bytes(
        line(INITIALIZE) + line(INITIALIZED) + line(call(1, "one")) + line(call(2, "two"))
    )
    with requests.open("rb") as stdin:
        done = subprocess.run(
            [*SERVE, str(tools)], stdin=stdin, capture_output=True, timeout=60, check=True
        )
    answers = {}
    for raw in done.stdout.splitlines():
        message = json.loads(raw)
        answers[message["id"]] = message
    assert answers[1]["result"]["content"][0]["text"] == "one"
    assert answers[2]["result"]["content"][0]["text"] == "two"


def test_the_descriptors_are_given_back_blocking_and_pointing_at_the_wire(
    tools: Path,
) -> None:
    """After `serve` returns, fd 0 and 1 are the protocol's pipes again, blocking as before
    (a terminal shared with a shell must not be left non-blocking)."""
    script = textwrap.dedent(
        f"""
        import asyncio, os, sys
        from toolbridge._loading import load_tools
        from toolbridge.mcp import serve_async

        asyncio.run(serve_async(load_tools({str(tools)!r}), transport="stdio"))
        os.write(1, f"after {{os.get_blocking(0)}} {{os.get_blocking(1)}}\\n".encode())
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        input=line(INITIALIZE) + line(INITIALIZED) + line(call(1, "x")),
        capture_output=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.splitlines()[-1] == b"after True True", done.stderr
