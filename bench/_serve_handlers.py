"""What one ``tools/call`` handler costs in-process, with no transport around it.

The served benchmark (`_serve.py`) times whole calls; this times only the
``tools/call`` handler each server registers with the SDK's low-level ``Server``,
called directly on the event loop (the SDK's dispatch, transport and JSON are left
out), with toolbridge's policy and audit added one at a time, so that the table
says which layer costs what:

    uv run --group bench python bench/_serve_handlers.py

Each handler is awaited 5,000 times a repeat with a fresh ``CallToolRequestParams``
(as the SDK makes one per request); the median of 7 interleaved repeats is shown.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

HERE = Path(__file__).resolve().parent
CALLS = 5_000
REPEATS = 7


class _Session:
    """Stands in for the SDK's session: the handler reads ``_connection`` and nothing else."""

    _connection: Any = None


def _servers(audit: Path) -> dict[str, Any]:
    sys.path.insert(0, str(HERE / "servers"))
    import serve_lowlevel
    import serve_mcpserver
    import serve_toolbridge
    from _bench_toolset import corpus_tools

    from toolbridge.formats import from_mcp
    from toolbridge.mcp import build_server
    from toolbridge.toolsets import JsonLinesSink, MemorySink, Registry

    def registry() -> Registry:
        return Registry([*from_mcp(corpus_tools()), serve_toolbridge.echo], name="bench")

    def served(make: Callable[[Registry], Any]) -> Any:
        return build_server(make(registry()), identity=serve_toolbridge.CALLER)

    policy = serve_toolbridge.POLICY
    return {
        "MCP SDK MCPServer (reference)": serve_mcpserver.server._lowlevel_server,
        "MCP SDK low-level Server (no validation)": serve_lowlevel.server,
        "toolbridge, no policy, no audit": served(lambda r: r),
        "toolbridge, policy": served(lambda r: r.with_policy(policy)),
        "toolbridge, audit to memory": served(lambda r: r.with_audit(MemorySink())),
        "toolbridge, audit to a JSON lines file": served(
            lambda r: r.with_audit(JsonLinesSink(audit))
        ),
        "toolbridge, policy and audit to a file (as served)": served(
            lambda r: r.with_policy(policy).with_audit(JsonLinesSink(audit))
        ),
    }


async def _batch(handler: Any, params_type: Any, context: Any) -> float:
    started = time.perf_counter_ns()
    for _ in range(CALLS):
        await handler(context, params_type(name="echo", arguments={"text": "hi"}))
    return (time.perf_counter_ns() - started) / CALLS


async def _measure() -> dict[str, float]:
    import mcp_types

    params_type = mcp_types.CallToolRequestParams
    _Session._connection = _Session()
    context = SimpleNamespace(session=_Session(), meta=None, request_id=1, request=None)
    with tempfile.TemporaryDirectory(prefix="toolbridge-handlers-") as folder:
        audit = Path(folder) / "audit.jsonl"
        os.environ["BENCH_AUDIT"] = str(audit)
        handlers = {
            label: server._request_handlers["tools/call"].handler
            for label, server in _servers(audit).items()
        }
        for handler in handlers.values():
            first = await handler(context, params_type(name="echo", arguments={"text": "hi"}))
            assert first.content[0].text == "hi", first
        samples: dict[str, list[float]] = {label: [] for label in handlers}
        labels = list(handlers)
        for repeat in range(REPEATS):  # interleaved, rotated: noise spreads over all
            shift = repeat % len(labels)
            for label in [*labels[shift:], *labels[:shift]]:
                samples[label].append(await _batch(handlers[label], params_type, context))
    return {label: statistics.median(times) for label, times in samples.items()}


def main() -> int:
    found = asyncio.run(_measure())
    reference = next(iter(found.values()))
    width = max(len(label) for label in found)
    print(f"{'tools/call handler, in-process'.ljust(width)}  per call   vs MCPServer")
    for label, ns in found.items():
        print(f"{label.ljust(width)}  {ns / 1000:6.1f} µs   {ns / reference:5.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
