"""wrk, a C HTTP load generator, as a client of the served benchmark (`_serve.py`).

The Python raw client spends about 250 µs of CPU per call, a quarter of what a
worker spends; on a small machine that caps what two workers can show. wrk
(``apt-get install wrk``) spends about 80 µs, this script's checks included
(measured with 16 in flight against two workers), so one thread (``-t1``) is enough.

Each request is a ``tools/call`` of ``echo`` with its own id (``hello N`` for id
N; stateful servers keep one stream per id of a session); the Lua script checks
every answer: HTTP 200, an id it sent and has not had answered, the text of that
id and no ``isError``, and counts the rest as wrong, per thread. Its ``done()``
prints one line, ``toolbridge-wrk key=value ...``, that `Wrk.batch` reads: calls
answered, seconds, p50 and p99 (wrk's latency histogram) and the wrong answers
and socket errors.

wrk takes its duration in whole seconds, so a batch runs wrk with a long one and
interrupts it (SIGINT) after the batch's time; wrk stops within 0.1 s and reports
what it measured up to then, with its own elapsed time.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import shutil
import signal
import subprocess
from dataclasses import dataclass
from pathlib import Path

MARK = "toolbridge-wrk"
"""What the script's summary line starts with."""
LONGEST = 600
"""wrk's ``-d``: longer than any batch, which is interrupted before."""
TIMEOUT = 30
"""wrk's ``--timeout`` in seconds: an answer slower than that is a failed call."""

SCRIPT = """\
-- toolbridge bench: tools/call of echo, each answer checked (bench/_wrk.py).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json, text/event-stream"

local template = '{"jsonrpc":"2.0","id":%d,"method":"tools/call",'
  .. '"params":{"name":"echo","arguments":{"text":"hello %d"}}}'
local threads = {}

function setup(thread)
  thread:set("offset", #threads * 1000000000)
  table.insert(threads, thread)
end

function init(args)
  next_id = tonumber(args[1]) + offset
  pending = {}
  wrong = 0
end

function request()
  next_id = next_id + 1
  pending[next_id] = true
  return wrk.format(nil, nil, nil, string.format(template, next_id, next_id))
end

function response(status, headers, body)
  local id = tonumber(string.match(body, '"id"%s*:%s*(%d+)'))
  local text = string.match(body, '"text"%s*:%s*"hello (%d+)"')
  if status ~= 200 or id == nil or not pending[id] or text ~= tostring(id)
      or string.find(body, '"isError"%s*:%s*true') then
    wrong = wrong + 1
  end
  if id ~= nil then pending[id] = nil end
end

function done(summary, latency, requests)
  local wrong = 0
  for _, thread in ipairs(threads) do wrong = wrong + thread:get("wrong") end
  local errors = summary.errors
  io.write(string.format(
    "toolbridge-wrk requests=%.0f duration_us=%.0f p50_us=%.0f p99_us=%.0f wrong=%.0f"
      .. " connect=%.0f read=%.0f write=%.0f timeout=%.0f\\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    wrong, errors.connect, errors.read, errors.write, errors.timeout))
end
"""


@dataclass(frozen=True, slots=True)
class Found:
    """Where wrk is and its version, or why there is none."""

    binary: str | None
    version: str
    reason: str = ""


@functools.cache
def locate() -> Found:
    """wrk on PATH, installed with ``apt-get`` first when missing and running as root.

    Cached: the set-up runs once per process, and every table reads the same answer.
    """
    binary = shutil.which("wrk")
    if binary is None:
        if os.geteuid() != 0 or shutil.which("apt-get") is None:
            why = "not running as root" if shutil.which("apt-get") else "no apt-get"
            return Found(
                None, "", f"no wrk on PATH and {why} to install it (apt-get install -y wrk)"
            )
        try:
            installed = subprocess.run(
                ["apt-get", "install", "-y", "wrk"],
                capture_output=True,
                text=True,
                timeout=300,
                env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            return Found(None, "", f"apt-get install wrk failed: {error}")
        binary = shutil.which("wrk")
        if binary is None:
            lines = (installed.stderr or installed.stdout).strip().splitlines()
            last = lines[-1][:160] if lines else f"status {installed.returncode}"
            return Found(None, "", f"apt-get install wrk failed: {last}")
    shown = subprocess.run([binary, "-v"], capture_output=True, text=True, check=False)
    first = (shown.stdout or shown.stderr).splitlines()
    version = first[0].split(" Copyright")[0].strip() if first else "wrk (unknown version)"
    return Found(binary, version)


@dataclass(frozen=True, slots=True)
class Measure:
    """What one wrk run reported."""

    calls: int
    elapsed_ns: int
    p50_ns: float
    p99_ns: float
    wrong: int
    """Wrong answers and failed calls (socket errors, timeouts)."""


def parse(output: str) -> Measure:
    """The script's summary line in wrk's `output`; RuntimeError without one."""
    for line in output.splitlines():
        if line.startswith(MARK + " "):
            values = {
                key: int(value)
                for key, _, value in (item.partition("=") for item in line.split()[1:])
            }
            failed = sum(values[key] for key in ("connect", "read", "write", "timeout"))
            return Measure(
                calls=values["requests"],
                elapsed_ns=values["duration_us"] * 1000,
                p50_ns=values["p50_us"] * 1000.0,
                p99_ns=values["p99_us"] * 1000.0,
                wrong=values["wrong"] + failed,
            )
    tail = output.strip().splitlines()[-1:] or ["no output"]
    raise RuntimeError(f"wrk printed no summary: {tail[0][:160]}")


class Wrk:
    """wrk against one server's MCP endpoint, in a session when the server gave one."""

    def __init__(self, binary: str, script: Path, port: int, session: str | None) -> None:
        self.binary = binary
        self.script = script
        self.url = f"http://127.0.0.1:{port}/mcp"
        self.headers = ["-H", "MCP-Protocol-Version: 2025-11-25"]
        if session is not None:
            self.headers += ["-H", f"Mcp-Session-Id: {session}"]
        self.next = 10

    @staticmethod
    def write_script(folder: Path) -> Path:
        path = folder / "echo.lua"
        path.write_text(SCRIPT, encoding="utf-8")
        return path

    async def run(self, in_flight: int, seconds: float) -> Measure:
        """`in_flight` connections on one thread for `seconds`, then wrk's summary."""
        process = await asyncio.create_subprocess_exec(
            self.binary,
            "-t1",
            f"-c{in_flight}",
            f"-d{LONGEST}s",
            f"--timeout={TIMEOUT}s",
            "--latency",
            "-s",
            str(self.script),
            *self.headers,
            self.url,
            "--",
            str(self.next),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        try:
            await asyncio.sleep(seconds)
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(signal.SIGINT)
            output, _ = await asyncio.wait_for(process.communicate(), TIMEOUT + 10)
        finally:
            if process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()
        measured = parse(output.decode(errors="replace"))
        # Ids are not reused within a server's life: the calls answered and those
        # still in flight when wrk stopped.
        self.next += measured.calls + in_flight + 1
        return measured
