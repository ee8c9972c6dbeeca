"""``toolbridge serve`` over HTTP in a subprocess, for the replica and conformance tests."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

SERVE = [sys.executable, "-m", "toolbridge", "serve"]
TOOLS = '''
import asyncio, os, pathlib
from toolbridge import tool

@tool
def pid() -> int:
    """The id of the process that ran this call."""
    return os.getpid()

@tool
def echo(text: str) -> str:
    """Say it back."""
    return text

@tool
async def counting(steps: int) -> str:
    """Count to `steps`, reporting progress at each."""
    from toolbridge import report_progress
    for step in range(steps):
        await report_progress(step + 1, steps)
    return f"counted {steps}"

@tool
async def slow(seconds: float, started: str) -> str:
    """Write `started`, then take `seconds`."""
    pathlib.Path(started).write_text(str(os.getpid()))
    await asyncio.sleep(seconds)
    return f"slept {seconds}"
'''
"""Tools that tell which process ran them (`pid`), report progress, or take a while:
written to a ``.py`` file that ``toolbridge serve`` serves."""

ACCEPT = "application/json, text/event-stream"

INITIALIZE: dict[str, Any] = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "raw", "version": "0"},
    },
}
"""A raw client's ``initialize`` request."""


def stop(process: subprocess.Popen[Any]) -> None:
    """SIGTERM a served process and wait for it; SIGKILL it after 30 s."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


"""The ``Accept`` header of a streamable HTTP request."""


def messages(media: str, body: str) -> list[Any]:
    """The JSON-RPC messages of a streamable HTTP answer: a JSON body or an SSE stream."""
    if media.startswith("application/json"):
        return [json.loads(body)]
    return [json.loads(line[5:]) for line in body.splitlines() if line.startswith("data:")]


def worker_pids(process: subprocess.Popen[str]) -> set[int]:
    """The workers of ``toolbridge serve --workers N`` (its spawned children: not the
    multiprocessing resource tracker, its other child)."""
    children: set[int] = set()
    for task in os.listdir(f"/proc/{process.pid}/task"):
        with open(f"/proc/{process.pid}/task/{task}/children") as file:
            children |= {int(child) for child in file.read().split()}
    workers = set()
    for child in children:
        with contextlib.suppress(OSError), open(f"/proc/{child}/cmdline", "rb") as file:
            if b"spawn_main" in file.read():
                workers.add(child)
    return workers


def gateway_of(folder: Path, source: str, script: Path, protocol: str) -> Path:
    """A gateway file in `folder` whose one MCP source, `source`, is the Python `script`.

    `protocol` is the source's era (``auto``, ``legacy``...).
    """
    gateway = folder / "gateway.yaml"
    gateway.write_text(
        "name: front\n"
        "sources:\n"
        f"  - mcp: {{{source}: {{command: {sys.executable!r}, args: [{str(script)!r}]}}}}\n"
        f"    protocol: {protocol}\n",
        encoding="utf-8",
    )
    return gateway


@contextlib.contextmanager
def serving(
    tools: Path,
    *options: str,
    launcher: Sequence[str] = (),
    stdout: IO[str] | int = subprocess.DEVNULL,
    env: Mapping[str, str] | None = None,
) -> Iterator[tuple[subprocess.Popen[str], str, int]]:
    """``toolbridge serve TOOLS --transport http --port 0 OPTIONS``: the process, URL, port.

    `launcher` goes before the command (``opentelemetry-instrument``); `env` is added
    to this process's environment. Stopped with SIGTERM when the block ends (if still
    running), and waited for.
    """
    process = subprocess.Popen(
        [*launcher, *SERVE, str(tools), "--transport", "http", "--port", "0", *options],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
    )
    try:
        assert process.stderr is not None
        line = process.stderr.readline()
        assert " on http://127.0.0.1:" in line, line + (
            process.stderr.read() if process.poll() else ""
        )
        url = line.rsplit(" on ", 1)[1].strip()
        yield process, url, int(url.rsplit(":", 1)[1].split("/")[0])
    finally:
        stop(process)
        if process.stderr is not None:
            process.stderr.close()
