"""Rate limits on Redis, awaited: the event loop runs on while the store answers, or not.

A guarded toolset's call awaits its limiter (`RateLimiter.acquire_async`), which talks
to Redis with an asyncio client: a round trip, or a store that never answers, holds
up that call and nothing else. The stores are a real `redis-server` started by
``conftest.py``, and a loopback socket that accepts connections and never answers.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import redis

from toolbridge import RateLimitError, tool
from toolbridge.toolsets import (
    GuardedToolset,
    Identity,
    Policy,
    RateLimit,
    RateLimiter,
    StaticToolset,
    Window,
)

from ..conftest import RedisServer

LIMIT = 5

ran: list[str] = []


@tool
def echo(text: str) -> str:
    """Say it back."""
    ran.append(text)
    return text


def tenant() -> str:
    """A tenant no other test uses: the session's server keeps every count."""
    return f"acme-{uuid.uuid4().hex[:8]}"


def guarded(url: str, *limits: RateLimit, **policy: Any) -> GuardedToolset:
    """`echo` limited to `LIMIT` calls an hour per tenant (or `limits`), counted at `url`."""
    chosen = limits or (RateLimit(calls=LIMIT, per=3600, scope="tenant"),)
    return GuardedToolset(
        StaticToolset([echo], name=f"async-{uuid.uuid4().hex[:8]}"),
        Policy(rate_limits=chosen, rate_limit_storage=url, **policy),
    )


async def attempt(gateway: GuardedToolset, caller: Identity) -> str:
    try:
        await gateway.call("echo", {"text": "x"}, identity=caller)
    except RateLimitError:
        return "limited"
    return "ok"


async def attempts(gateway: GuardedToolset, caller: Identity, count: int) -> list[str]:
    return [await attempt(gateway, caller) for _ in range(count)]


@contextmanager
def stalled_store() -> Iterator[str]:
    """The ``redis://`` address of a loopback server that accepts and never answers."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.05)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                accepted.append(listener.accept()[0])
            except TimeoutError:
                continue

    acceptor = threading.Thread(target=accept, daemon=True)
    acceptor.start()
    try:
        yield f"redis://127.0.0.1:{listener.getsockname()[1]}/0"
    finally:
        stop.set()
        acceptor.join(timeout=5)
        for connection in accepted:
            connection.close()
        listener.close()


async def timed_while_ticking(gateway: GuardedToolset) -> tuple[str, float, int]:
    """One call's outcome and duration, and how often a 10 ms ticker ran meanwhile."""
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    ticking = asyncio.create_task(ticker())
    await asyncio.sleep(0)  # the ticker is waiting on its first sleep
    started = time.monotonic()
    outcome = await attempt(gateway, Identity(tenant=tenant()))
    elapsed = time.monotonic() - started
    ticking.cancel()
    return outcome, elapsed, ticks


def test_a_stalled_store_refuses_in_about_a_second_and_the_loop_runs_on() -> None:
    ran.clear()
    with stalled_store() as url:
        gateway = guarded(url)
        outcome, elapsed, ticks = asyncio.run(timed_while_ticking(gateway))
    assert outcome == "limited"
    assert 0.5 <= elapsed <= 2.5  # the 1 s timeout, not the client's retries or a hang
    # ~100 ticks in a second when the loop is free; a loop blocked on the socket makes 0.
    assert ticks >= 25
    assert ran == []


def test_a_stalled_store_refusal_is_typed_with_the_clients_error() -> None:
    with stalled_store() as url:
        limiter = RateLimiter((RateLimit(calls=LIMIT, per=3600),), storage=url)

        async def acquire() -> float:
            return await limiter.acquire_async(Identity(tenant=tenant()), "echo")

        with pytest.raises(RateLimitError, match="could not be reached") as refused:
            asyncio.run(acquire())
    assert refused.value.retry_after > 0
    assert isinstance(refused.value.__cause__, redis.TimeoutError)


def test_a_stalled_store_failing_open_lets_the_call_through_in_about_a_second(
    caplog: pytest.LogCaptureFixture,
) -> None:
    ran.clear()
    with stalled_store() as url, caplog.at_level(logging.WARNING, "toolbridge.toolsets"):
        gateway = guarded(url, rate_limit_fail_open=True)
        outcome, elapsed, ticks = asyncio.run(timed_while_ticking(gateway))
    assert (outcome, ran) == ("ok", ["x"])
    assert 0.5 <= elapsed <= 2.5
    assert ticks >= 25
    assert any("fail open" in record.getMessage() for record in caplog.records)


@pytest.mark.parametrize("window", ["moving", "sliding", "fixed"])
def test_sync_and_async_acquires_on_one_store_count_against_one_limit(
    redis_server: RedisServer, window: Window
) -> None:
    limits = (RateLimit(calls=LIMIT, per=3600, scope="tenant", window=window),)
    namespace = f"shared-{uuid.uuid4().hex[:8]}"
    sync, async_ = (
        RateLimiter(limits, storage=redis_server.url, namespace=namespace) for _ in range(2)
    )
    caller = Identity(tenant=tenant())

    async def alternate() -> list[float]:
        waits = []
        for turn in range(2 * LIMIT):
            if turn % 2:
                waits.append(await async_.acquire_async(caller, "echo"))
            else:
                waits.append(sync.acquire(caller, "echo"))  # blocks: fine in a test
        return waits

    waits = asyncio.run(alternate())
    assert waits[:LIMIT] == [0.0] * LIMIT
    assert all(wait > 0 for wait in waits[LIMIT:])


def test_one_toolset_counts_across_event_loops(redis_server: RedisServer) -> None:
    gateway = guarded(redis_server.url)
    caller = Identity(tenant=tenant())

    def sync_attempt() -> str:
        try:
            gateway.call_sync("echo", {"text": "x"}, identity=caller)  # the background loop
        except RateLimitError:
            return "limited"
        return "ok"

    outcomes = asyncio.run(attempts(gateway, caller, 2))
    outcomes += [sync_attempt()]
    outcomes += asyncio.run(attempts(gateway, caller, 2))  # a new loop: a new client
    outcomes += [sync_attempt(), sync_attempt()]
    assert outcomes == ["ok"] * LIMIT + ["limited"] * 2


def test_loops_in_two_threads_at_once_allow_exactly_the_limit(redis_server: RedisServer) -> None:
    gateway = guarded(redis_server.url)
    caller = Identity(tenant=tenant())
    ready = threading.Barrier(2)
    results: list[list[str]] = []

    def burst() -> None:
        ready.wait()
        results.append(asyncio.run(attempts(gateway, caller, LIMIT)))

    threads = [threading.Thread(target=burst) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(results) == 2
    assert sum(outcome == "ok" for outcome in results[0] + results[1]) == LIMIT


def test_a_call_one_limit_refuses_is_not_counted_by_another(redis_server: RedisServer) -> None:
    gateway = guarded(
        redis_server.url,
        RateLimit(calls=2, per=3600, scope="tenant"),
        RateLimit(calls=3, per=3600, scope="tool", window="fixed"),
    )
    first, second = Identity(tenant=tenant()), Identity(tenant=tenant())

    async def scenario() -> list[str]:
        outcomes = await attempts(gateway, first, 3)  # the third: refused by the tenant's
        return outcomes + await attempts(gateway, second, 2)  # the tool's 3rd, then none

    assert asyncio.run(scenario()) == ["ok", "ok", "limited", "ok", "limited"]


def test_a_loop_shutting_down_closes_its_connection(redis_url: str) -> None:
    gateway = guarded(redis_url)
    caller = Identity(tenant=tenant())
    observer = redis.Redis.from_url(redis_url)
    try:
        for _ in range(3):
            assert asyncio.run(attempts(gateway, caller, 1)) == ["ok"]
            assert len(observer.client_list()) == 1  # the observer's own connection
    finally:
        observer.close()
