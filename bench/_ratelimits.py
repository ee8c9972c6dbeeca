"""Rate-limited calls: what a limit in memory and a limit shared on Redis add to a call.

The same guarded `echo` tool, called by 1,000 callers in turn (each a tenant of its
own, so no count grows long and no call is refused): without a rate limit (the
reference), with a per-tenant limit counted in memory, and counted on a real
`redis-server` on loopback (started here, without persistence; rows show ``n/a`` when
there is none). Three ways in: ``await toolset.call(...)`` in an event loop, as the
gateway's servers call, one call at a time and `INFLIGHT` at once (timed in batches of
`BATCH` calls, reported per call), and ``call_sync``. Issue 18's target: a
Redis-limited call at most 1.2x an unlimited one.

    uv run --group bench python bench/_ratelimits.py
"""

from __future__ import annotations

import asyncio
import itertools
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from _peers import failure
from _report import Row, Section, at_most_ratio, render
from _timing import Case, measure

TARGET = at_most_ratio(1.2)
CALLERS = 1_000
BATCH = 160
"""Awaited calls per timed statement of the async rows."""
INFLIGHT = 16
"""Calls in flight at once in the concurrent rows (each task makes BATCH / INFLIGHT)."""


@contextmanager
def _redis() -> Iterator[str | None]:
    """The URL of a fresh loopback `redis-server`, or None when there is none."""
    binary = shutil.which("redis-server")
    if binary is None:
        yield None
        return
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [binary, "--bind", "127.0.0.1", "--port", str(port), "--save", "",
             "--appendonly", "no", "--dir", folder],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            import redis

            client = redis.Redis(port=port)
            deadline = time.monotonic() + 10
            while True:
                try:
                    client.ping()
                    break
                except redis.ConnectionError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.05)
            client.close()
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            server.terminate()
            server.wait(timeout=10)


def _callers(
    storage: str | None, loop: asyncio.AbstractEventLoop, window: str = "moving"
) -> tuple[Callable[[], None], Callable[[], None], Callable[[], None]]:
    """Functions calling the guarded `echo`, each time as the next caller: `BATCH` calls
    awaited in `loop` one after the other, or `INFLIGHT` at a time; one ``call_sync``."""
    from toolbridge import tool
    from toolbridge.toolsets import Identity, Policy, RateLimit, StaticToolset

    @tool
    def echo(text: str) -> str:
        """Say it back."""
        return text

    if storage is None:
        policy = Policy()
    else:
        limit = RateLimit(calls=1_000_000, per=3600, scope="tenant", window=window)  # type: ignore[arg-type]
        policy = Policy(rate_limits=(limit,), rate_limit_storage=storage)
    toolset = StaticToolset([echo], name="bench").with_policy(policy)
    callers = itertools.cycle([Identity(tenant=f"t{n}") for n in range(CALLERS)])

    async def batch(calls: int) -> None:
        for _ in range(calls):
            await toolset.call("echo", {"text": "x"}, identity=next(callers))

    async def concurrent_batch() -> None:
        await asyncio.gather(*(batch(BATCH // INFLIGHT) for _ in range(INFLIGHT)))

    def awaited() -> None:
        loop.run_until_complete(batch(BATCH))

    def concurrent() -> None:
        loop.run_until_complete(concurrent_batch())

    def call() -> None:
        toolset.call_sync("echo", {"text": "x"}, identity=next(callers))

    for _ in range(CALLERS):  # every caller's first call (and the store's scripts)
        call()
    for _ in range(2):  # the loop's client, and its connections for the calls in flight
        awaited()
        concurrent()
    return awaited, concurrent, call


def run(*, repeats: int, min_batch_ns: int) -> list[Section]:
    with _redis() as url:
        loop = asyncio.new_event_loop()
        try:
            return _run(url, loop, repeats=repeats, min_batch_ns=min_batch_ns)
        finally:
            loop.run_until_complete(loop.shutdown_asyncgens())  # closes the limits' clients
            loop.close()


def _run(
    url: str | None, loop: asyncio.AbstractEventLoop, *, repeats: int, min_batch_ns: int
) -> list[Section]:
    subjects: list[tuple[str, str | None, str, bool]] = [
        ("guarded echo, no rate limit (reference)", None, "moving", False),
        ("rate-limited, memory:// (moving window)", "memory://", "moving", False),
        ("rate-limited, redis:// (moving window)", url, "moving", True),
        ("rate-limited, redis:// (fixed window)", url, "fixed", True),
    ]
    ways = ("await", f"await, {INFLIGHT} in flight", "call_sync")
    cases: list[Case] = []
    reasons: dict[str, str] = {}
    for label, storage, window, needs_redis in subjects:
        if needs_redis and url is None:
            reasons[label] = "no redis-server on PATH"
            continue
        try:
            built = _callers(storage, loop, window)
        except Exception as error:  # a broken case is reported, the rest still run
            reasons[label] = failure(error)
            continue
        for way, call in zip(ways, built, strict=True):
            cases.append(Case(f"{way}: {label}", "call()", {"call": call}))
    timings = measure(cases, repeats=repeats, min_batch_ns=min_batch_ns)
    sections: list[Section] = []
    for way, per_statement, note in (
        ("await", BATCH, "await toolset.call(...) in one event loop, as the servers call"),
        (ways[1], BATCH, f"{INFLIGHT} tasks awaiting toolset.call(...), time per call"),
        ("call_sync", 1, "call_sync (each call runs in toolbridge's background loop)"),
    ):
        rows: list[Row] = []
        for index, (label, _, _, needs_redis) in enumerate(subjects):
            timing = timings.get(f"{way}: {label}")
            rows.append(
                Row(
                    label,
                    None if timing is None else timing.median_ns / per_statement,
                    target=TARGET if needs_redis else None,
                    reason=reasons.get(label, ""),
                    reference=index == 0,
                    samples_ns=()
                    if timing is None
                    else tuple(ns / per_statement for ns in timing.per_call_ns),
                )
            )
        notes = (f"{note}; Redis on loopback, one round trip per call.",)
        title = f"Rate-limited calls ({way}): memory and Redis against no limit"
        sections.append(Section(title, rows, notes))
    return sections


if __name__ == "__main__":
    print(render(run(repeats=7, min_batch_ns=200_000_000)))
