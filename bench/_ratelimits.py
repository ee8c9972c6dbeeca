"""Rate-limited calls: what a limit in memory and a limit shared on Redis add to a call.

The same guarded `echo` tool, called with ``call_sync`` by 1,000 callers in turn (each
a tenant of its own, so no count grows long and no call is refused): without a rate
limit (the reference), with a per-tenant limit counted in memory, and counted on a
real `redis-server` on loopback (started here, without persistence; rows show
``n/a`` when there is none). Issue 18's target: a Redis-limited call at most 1.2x an
unlimited one.

    uv run --group bench python bench/_ratelimits.py
"""

from __future__ import annotations

import itertools
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from _peers import failure
from _report import Row, Section, at_most_ratio, render
from _timing import Case, measure

TARGET = at_most_ratio(1.2)
CALLERS = 1_000


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


def _caller(storage: str | None, window: str = "moving") -> Any:
    """A function making one call of the guarded `echo`, each time as the next caller."""
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

    def call() -> None:
        toolset.call_sync("echo", {"text": "x"}, identity=next(callers))

    for _ in range(CALLERS):  # every caller's first call (and the store's scripts) made
        call()
    return call


def run(*, repeats: int, min_batch_ns: int) -> list[Section]:
    with _redis() as url:
        subjects: list[tuple[str, Any, bool]] = [
            ("guarded echo, no rate limit (reference)", lambda: _caller(None), False),
            ("rate-limited, memory:// (moving window)", lambda: _caller("memory://"), False),
            ("rate-limited, redis:// (moving window)", lambda: _caller(url), True),
            ("rate-limited, redis:// (fixed window)", lambda: _caller(url, "fixed"), True),
        ]
        cases: list[Case] = []
        reasons: dict[str, str] = {}
        for label, build, needs_redis in subjects:
            if needs_redis and url is None:
                reasons[label] = "no redis-server on PATH"
                continue
            try:
                cases.append(Case(label, "call()", {"call": build()}))
            except Exception as error:  # a broken case is reported, the rest still run
                reasons[label] = failure(error)
        timings = measure(cases, repeats=repeats, min_batch_ns=min_batch_ns)
    rows = [
        Row(
            label,
            None if (timing := timings.get(label)) is None else timing.median_ns,
            target=TARGET if needs_redis else None,
            reason=reasons.get(label, ""),
            reference=index == 0,
            samples_ns=() if timing is None else timing.per_call_ns,
        )
        for index, (label, _, needs_redis) in enumerate(subjects)
    ]
    notes = ("call_sync of a guarded echo tool; Redis on loopback, one round trip per call.",)
    return [Section("Rate-limited calls: memory and Redis against no limit", rows, notes)]


if __name__ == "__main__":
    print(render(run(repeats=7, min_batch_ns=200_000_000)))
