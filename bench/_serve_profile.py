"""Where a served call spends its time: one server under ``py-spy record --gil``.

    uv run --group bench python bench/_serve_profile.py               # toolbridge, stdio
    uv run --group bench python bench/_serve_profile.py --server mcpserver --transport http
    uv run --group bench python bench/_serve_profile.py --summarize STACKS.txt

It starts one server of ``bench/servers/`` (toolbridge's by default, over stdio), keeps
16 calls in flight with `_serve`'s raw client while py-spy samples the threads holding
the GIL, and prints the event loop thread's samples: the share in the ``tools/call``
handler, in toolbridge's frames and in handing lines to anyio's worker threads (the
SDK's stdio transport), the time per call, self time by package, and the busiest
functions. The raw stacks stay in ``bench/results/``. py-spy's split of the GIL
between threads varies from run to run: compare several runs.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from contextlib import nullcontext
from pathlib import Path

from _serve import (
    HERE,
    PEERS,
    SERVERS_DIR,
    TRANSPORTS,
    Batch,
    Client,
    Peer,
    RawHttp,
    RawStdio,
    _redis,
    start_http_server,
    terminate,
)

_ALIASES = {"mcp_types": "mcp", "pydantic_core": "pydantic", "_bench_toolset": "bench server"}


HANDLERS = (
    "build_server.<locals>.call_tool (toolbridge/",
    "Streamable._tools_call (toolbridge/",
    "MCPServer._handle_call_tool (mcp/",
    "call_tool (serve_lowlevel.py",
    "MCPOperationsMixin._on_call_tool (fastmcp/",
)
"""Each server's ``tools/call`` handler, as py-spy names its frame."""
RATE = 500
"""py-spy samples per second."""


def _library(frame: str) -> str:
    """The top-level package of a py-spy frame ``function (package/module.py:line)``."""
    where = frame.rpartition("(")[2]
    if where.startswith("<"):
        return "generated code" if where.startswith("<string>") else "frozen stdlib"
    top = where.split("/", 1)[0] if "/" in where else where.partition(".py")[0]
    if top.startswith("serve_"):
        return "bench server"
    return _ALIASES.get(top, top)


def _py_spy() -> str | None:
    found = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    return found if Path(found).exists() else None


async def _profile(
    peer: Peer,
    transport: str,
    seconds: float,
    in_flight: int,
    output: Path,
    redis_url: str | None = None,
) -> Batch:
    """Drive `peer`'s server with the raw client while ``py-spy`` samples it."""
    spy = _py_spy()
    if spy is None:
        raise SystemExit("py-spy is not installed (uv pip install py-spy)")
    script = SERVERS_DIR / peer.script
    server: asyncio.subprocess.Process | None = None
    raw: Client
    if transport == "stdio":
        raw = stdio = await RawStdio.start(script, sys.stderr)
        pid = stdio.process.pid
    else:
        args = [redis_url or "" if arg == "{redis}" else arg for arg in peer.args]
        server, port = await start_http_server(script, sys.stderr, args)
        raw = await RawHttp.connect(port)
        pid = server.pid
    try:
        await raw.batch(in_flight, 0.5)
        recorder = await asyncio.create_subprocess_exec(
            spy,
            "record",
            "--pid",
            str(pid),
            "--rate",
            str(RATE),
            "--duration",
            str(int(seconds) + 1),
            "--format",
            "raw",
            "--output",
            str(output),
            "--nonblocking",
            "--gil",
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE,
        )
        await asyncio.sleep(0.5)
        batch = await raw.batch(in_flight, seconds)
        _, errors = await recorder.communicate()
        if recorder.returncode != 0:
            raise SystemExit(f"py-spy failed: {errors.decode(errors='replace').strip()}")
    finally:
        await raw.close()
        if server is not None:
            await terminate(server)
    return batch


def summarize(path: Path, top: int = 20, calls: int = 0) -> str:
    """The event loop thread's samples: self time by package, toolbridge's share, hot spots.

    toolbridge's inclusive share counts the samples with a toolbridge frame below the
    event loop's ``Handle._run`` (``serve`` itself is under every sample, so frames
    above it do not count): the time spent in toolbridge's handlers and in whatever
    they call, the SDK's pydantic models of the result included.
    """
    self_time: Counter[str] = Counter()
    hot: Counter[str] = Counter()
    mine: Counter[str] = Counter()
    loop = threads = under_toolbridge = in_handler = to_thread = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        count = int(count_text)
        frames = [frame for frame in stack.split(";") if "(" in frame]
        if not frames or not any("run_forever" in frame for frame in frames):
            threads += count  # the SDK's stdio reader and writer threads, and the like
            continue
        loop += count
        self_time[_library(frames[-1])] += count
        hot[frames[-1]] += count
        task = next(
            (i for i, frame in enumerate(frames) if frame.startswith("Handle._run ")), len(frames)
        )
        inside = [frame for frame in frames[task:] if _library(frame) == "toolbridge"]
        if any(frame.startswith(HANDLERS) for frame in frames):
            in_handler += count
        if any("(anyio/to_thread.py" in frame for frame in frames):
            to_thread += count
        if inside:
            under_toolbridge += count
            for frame in set(inside):
                mine[frame] += count
    if not loop:
        return "no samples of the event loop's thread"
    share = 100 * under_toolbridge / loop
    out = [
        f"{loop} samples on the event loop's thread, {threads} on other threads",
        f"in the tools/call handler (inclusive): {100 * in_handler / loop:.1f}%",
        f"under a toolbridge frame (inclusive): {share:.1f}%",
        f"handing work to anyio's worker threads (the SDK's stdio transport): "
        f"{100 * to_thread / loop:.1f}%",
    ]
    if calls:
        per_call = 1e6 / RATE / calls
        out.append(
            f"per call: {loop * per_call:.0f} µs holding the GIL on the event loop's thread, "
            f"{in_handler * per_call:.0f} µs of it in the handler, "
            f"{threads * per_call:.0f} µs on other threads"
        )
    out += [
        "",
        "self time by package (event loop thread):",
        *(f"  {100 * n / loop:5.1f}%  {name}" for name, n in self_time.most_common(12)),
        "",
        "busiest functions (self):",
        *(f"  {100 * n / loop:5.1f}%  {name}" for name, n in hot.most_common(top)),
        "",
        "toolbridge functions (inclusive):",
        *(f"  {100 * n / loop:5.1f}%  {name}" for name, n in mine.most_common(top)),
    ]
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="profile a served echo with py-spy --gil")
    parser.add_argument("--server", choices=[peer.key for peer in PEERS], default="toolbridge")
    parser.add_argument(
        "--transport", choices=TRANSPORTS, default="stdio", help="http for the file-* peers"
    )
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--in-flight", type=int, default=16)
    parser.add_argument("--output", type=Path, help="raw stacks (bench/results/ by default)")
    parser.add_argument("--summarize", type=Path, help="only summarize these raw stacks")
    options = parser.parse_args(argv)
    if options.summarize is not None:
        print(summarize(options.summarize))
        return 0
    peer = next(peer for peer in PEERS if peer.key == options.server)
    output = options.output or (
        HERE / "results" / f"serve-profile-{peer.key}-{options.transport}.txt"
    )
    output.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="toolbridge-serve-") as folder:
        os.environ["BENCH_AUDIT"] = str(Path(folder) / "audit.jsonl")
        with _redis(Path(folder)) if "{redis}" in peer.args else nullcontext() as redis_url:
            if "{redis}" in peer.args and redis_url is None:
                raise SystemExit(f"{peer.key} needs redis-server on PATH")
            batch = asyncio.run(
                _profile(
                    peer, options.transport, options.seconds, options.in_flight, output, redis_url
                )
            )
    print(
        f"{peer.label} over {options.transport}, raw client, {options.in_flight} in flight: "
        f"{batch.per_second:,.0f} calls/s under py-spy --gil ({batch.wrong} wrong); "
        f"raw stacks in {output}\n"
    )
    print(summarize(output, calls=batch.calls))
    return 0


if __name__ == "__main__":
    sys.exit(main())
