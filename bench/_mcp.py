"""MCP client: per-call latency against the raw SDK session, and servers' start-up.

Latency: the same stdio server (the test suite's fixture server: stdlib only, so the
client's own cost is what shows) is called with ``echo`` through the MCP SDK's
``Client.session.call_tool`` (the reference), through toolbridge's ``tool.ainvoke``
(arguments validated, the result parsed into a ``ToolResult``), and through a new
session per call, which is what the old LangChain bridge did by default. The two
persistent sessions run side by side and their batches are interleaved.

Start-up: five servers that each take 0.3 s to answer ``initialize`` (as a server
that opens a database or logs in first would), made ready by one ``McpClient``
(concurrently) and one after another; the reference is one such server alone.

Both run twice: on a server of the ``initialize`` era (the client's ``server/discover``
probe is refused at once, then the handshake) and on one that speaks MCP 2026-07-28
(``--modern``: ``server/discover``, no handshake; there it is ``server/discover`` that
takes 0.3 s). Both clients open servers the same way (their default ``auto``).
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from _peers import failure
from _report import Row, Section, at_most_ratio

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "servers" / "fixture_server.py"
ARGUMENTS = {"text": "hello"}
ERAS = {"2025-11-25": (), "2026-07-28": ("--modern",)}
"""The fixture server's flags for each protocol era."""
LATENCY_TARGET = at_most_ratio(1.1)
READY_TARGET = at_most_ratio(1.5)
DELAY = "0.3"


def _argv(*flags: str) -> list[str]:
    return [sys.executable, str(FIXTURE), *flags]


async def _sdk_client(argv: list[str]) -> Any:
    from mcp.client.client import Client
    from mcp.client.stdio import StdioServerParameters

    return Client(StdioServerParameters(command=argv[0], args=argv[1:]), cache=None)


async def _batch(call: Any, number: int) -> float:
    started = time.perf_counter_ns()
    for _ in range(number):
        await call()
    return (time.perf_counter_ns() - started) / number


async def _latency(repeats: int, number: int, era: tuple[str, ...]) -> dict[str, list[float]]:
    from toolbridge.mcp import McpClient, StdioServer

    argv = _argv(*era)
    samples: dict[str, list[float]] = {"sdk": [], "toolbridge": [], "fresh": []}
    async with (
        await _sdk_client(argv) as sdk,
        McpClient(StdioServer(command=argv[0], args=tuple(argv[1:]))) as client,
    ):
        echo = client.tool("echo")

        async def raw() -> None:
            result = await sdk.session.call_tool("echo", ARGUMENTS)
            assert not result.is_error

        async def bridged() -> None:
            result = await echo.ainvoke(ARGUMENTS)
            assert result.text == "hello"

        async def fresh() -> None:
            async with await _sdk_client(argv) as once:
                await once.session.call_tool("echo", ARGUMENTS)

        await _batch(raw, 50)
        await _batch(bridged, 50)
        for repeat in range(repeats):
            order = [("sdk", raw), ("toolbridge", bridged)]
            for key, call in order if repeat % 2 == 0 else reversed(order):
                samples[key].append(await _batch(call, number))
            samples["fresh"].append(await _batch(fresh, 3))
    return samples


async def _ready(servers: int, era: tuple[str, ...] = ()) -> float:
    from toolbridge.mcp import McpClient, StdioServer

    argv = _argv("--delay-initialize", DELAY, *era)
    config = {f"s{i}": StdioServer(command=argv[0], args=tuple(argv[1:])) for i in range(servers)}
    started = time.perf_counter_ns()
    async with McpClient(config, namespacing="always") as client:
        elapsed = time.perf_counter_ns() - started
        assert not client.failures, client.failures
    return elapsed


async def _sequential(servers: int) -> float:
    from toolbridge.mcp import McpClient, StdioServer

    argv = _argv("--delay-initialize", DELAY)
    elapsed = 0.0
    for _ in range(servers):
        started = time.perf_counter_ns()
        async with McpClient(StdioServer(command=argv[0], args=tuple(argv[1:]))):
            elapsed += time.perf_counter_ns() - started
    return elapsed


async def _failures(repeats: int) -> dict[str, list[float]]:
    """How fast and how exactly failures surface, on the fixture server."""
    import os
    import signal

    from toolbridge import ServerError, ToolTimeoutError
    from toolbridge.mcp import McpClient, StdioServer

    argv = _argv()
    server = StdioServer(command=argv[0], args=tuple(argv[1:]))
    found: dict[str, list[float]] = {"killed": [], "overshoot": [], "calls": [], "lost": []}
    async with McpClient(server) as client:
        for _ in range(repeats):
            pid = client.pid("server")
            assert pid is not None
            call = asyncio.ensure_future(client.call("sleep", {"seconds": 30}))
            await asyncio.sleep(0.1)
            os.kill(pid, signal.SIGKILL)
            started = time.perf_counter_ns()
            try:
                await call
            except ServerError:
                found["killed"].append(time.perf_counter_ns() - started)
            await client.call("echo", {"text": "reconnect"})
        for _ in range(repeats):
            started = time.perf_counter_ns()
            try:
                await client.call("sleep", {"seconds": 30}, timeout=0.5)
            except ToolTimeoutError:
                found["overshoot"].append(time.perf_counter_ns() - started - 500_000_000)
        echo = client.tool("echo")
        limit = asyncio.Semaphore(256)

        async def one(index: int) -> bool:
            async with limit:
                return (await echo.ainvoke({"text": str(index)})).text == str(index)

        for _ in range(max(1, repeats // 3)):
            started = time.perf_counter_ns()
            answers = await asyncio.gather(*(one(i) for i in range(10_000)), return_exceptions=True)
            found["calls"].append((time.perf_counter_ns() - started) / 10_000)
            found["lost"].append(float(sum(1 for answer in answers if answer is not True)))
    return found


def _row(label: str, samples: list[float], **options: Any) -> Row:
    return Row(label, statistics.median(samples), samples_ns=tuple(samples), **options)


def _latency_section(repeats: int, number: int, version: str) -> Section:
    try:
        samples = asyncio.run(_latency(repeats, number, ERAS[version]))
    except Exception as error:  # reported, the other sections still run
        reason = failure(error)
        return Section(
            f"MCP call latency ({version})", [Row("toolbridge tool.ainvoke", None, reason=reason)]
        )
    return Section(
        f"MCP tools/call latency over stdio, MCP {version}, one persistent session "
        "(echo, fixture server)",
        [
            _row("MCP SDK session.call_tool (reference)", samples["sdk"], reference=True),
            _row("toolbridge tool.ainvoke", samples["toolbridge"], target=LATENCY_TARGET),
            _row("a new SDK session per call (old LangChain default)", samples["fresh"]),
        ],
        notes=(
            "toolbridge validates the arguments before sending and parses the result "
            "into a ToolResult; the SDK row does neither with arguments.",
        ),
    )


def _ready_section(repeats: int, version: str) -> Section:
    era = ERAS[version]
    opening = "server/discover" if era else "initialize"
    try:
        one = [asyncio.run(_ready(1, era)) for _ in range(repeats)]
        five = [asyncio.run(_ready(5, era)) for _ in range(repeats)]
        sequential = (
            [asyncio.run(_sequential(5)) for _ in range(max(1, repeats // 3))] if not era else []
        )
    except Exception as error:
        return Section(
            f"MCP servers ready ({version})", [Row("5 servers", None, reason=failure(error))]
        )
    rows = [
        _row("1 server (reference)", one, reference=True),
        _row("5 servers, one McpClient (concurrent)", five, target=READY_TARGET),
    ]
    if sequential:
        rows.append(_row("5 servers, one after another", sequential))
    return Section(
        f"Time until MCP {version} servers are ready (each answers {opening} after {DELAY} s)",
        rows,
    )


def run(*, repeats: int, quick: bool) -> list[Section]:
    number = 100 if quick else 400
    latency = [_latency_section(repeats, number, version) for version in ERAS]
    ready = [_ready_section(repeats, version) for version in ERAS]
    try:
        found = asyncio.run(_failures(repeats))
    except Exception as error:
        failures = Section("MCP failures", [Row("failures", None, reason=failure(error))])
    else:
        lost = int(max(found["lost"]))
        failures = Section(
            "MCP failures surfacing (fixture server over stdio; no reference, absolute times)",
            [
                _row("server killed mid-call: ServerError after the kill", found["killed"]),
                _row(
                    "hung call, timeout 0.5 s: ToolTimeoutError past the deadline",
                    found["overshoot"],
                ),
                _row("10,000 echo calls, 256 in flight, one session: per call", found["calls"]),
            ],
            notes=(f"lost or mismatched answers among the 10,000 calls: {lost}",),
        )
    return [*latency, *ready, failures]
