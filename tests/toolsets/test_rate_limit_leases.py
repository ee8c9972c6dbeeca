"""Huge rate limits in Redis are counted in batches: one round trip per batch, not per call.

A limit far above what a replica serves (at least 10,000 calls a second on average)
is a ceiling against runaway use; any smaller one is a quota, counted exactly.

Against the session's real ``redis-server`` (tests/conftest.py): the store's own
count says how many calls each round trip counted.
"""

from __future__ import annotations

import asyncio
import uuid

import redis

from toolbridge.toolsets import Identity, RateLimit, RateLimiter

from ..conftest import RedisServer


def counted(server: RedisServer, namespace: str) -> int:
    """The calls the store holds for `namespace`'s one moving-window count."""
    client = redis.Redis.from_url(server.url)
    try:
        keys = client.keys(f"*{namespace}*")
        assert len(keys) == 1, keys
        return int(client.llen(keys[0]))
    finally:
        client.close()


def limiter(server: RedisServer, calls: int, namespace: str, per: int = 100) -> RateLimiter:
    limit = RateLimit(calls=calls, per=per, scope="tenant")
    return RateLimiter((limit,), storage=server.url, namespace=namespace)


def test_a_limit_of_640000_calls_a_second_counts_64_at_a_time(redis_server: RedisServer) -> None:
    namespace = f"lease-{uuid.uuid4().hex[:8]}"
    limits = limiter(redis_server, 64_000_000, namespace)  # per 100 s
    caller = Identity(tenant="acme")

    async def calls(count: int) -> list[float]:
        return [await limits.acquire_async(caller, "echo") for _ in range(count)]

    async def scenario() -> list[int]:
        seen = []
        for count in (1, 63, 1):
            assert await calls(count) == [0.0] * count
            seen.append(counted(redis_server, namespace))
        return seen

    assert asyncio.run(scenario()) == [64, 64, 128]


def test_a_quota_counts_each_call(redis_server: RedisServer) -> None:
    namespace = f"exact-{uuid.uuid4().hex[:8]}"
    limits = limiter(redis_server, 1_000_000, namespace, per=3600)  # 278 a second

    async def scenario() -> list[float]:
        return [await limits.acquire_async(Identity(tenant="acme"), "echo") for _ in range(3)]

    assert asyncio.run(scenario()) == [0.0] * 3
    assert counted(redis_server, namespace) == 3


def test_each_replica_counts_its_own_batches(redis_server: RedisServer) -> None:
    namespace = f"replicas-{uuid.uuid4().hex[:8]}"
    replicas = [limiter(redis_server, 3_000_000, namespace) for _ in range(2)]  # batches of 3
    caller = Identity(tenant="acme")

    async def calls(limits: RateLimiter, count: int) -> list[float]:
        return [await limits.acquire_async(caller, "echo") for _ in range(count)]

    async def both() -> list[float]:
        return await calls(replicas[0], 4) + await calls(replicas[1], 2)

    assert asyncio.run(both()) == [0.0] * 6
    assert counted(redis_server, namespace) == 3 * 2 + 3  # two batches, then one
