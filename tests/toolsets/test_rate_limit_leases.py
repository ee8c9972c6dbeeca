"""Large rate limits in Redis are counted in batches: one round trip per batch, not per call.

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


def limiter(server: RedisServer, calls: int, namespace: str) -> RateLimiter:
    limit = RateLimit(calls=calls, per=3600, scope="tenant")
    return RateLimiter((limit,), storage=server.url, namespace=namespace)


def test_a_limit_of_64000_calls_counts_64_at_a_time(redis_server: RedisServer) -> None:
    namespace = f"lease-{uuid.uuid4().hex[:8]}"
    limits = limiter(redis_server, 64_000, namespace)
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


def test_a_limit_under_1000_calls_counts_each_call(redis_server: RedisServer) -> None:
    namespace = f"exact-{uuid.uuid4().hex[:8]}"
    limits = limiter(redis_server, 999, namespace)

    async def scenario() -> list[float]:
        return [await limits.acquire_async(Identity(tenant="acme"), "echo") for _ in range(3)]

    assert asyncio.run(scenario()) == [0.0] * 3
    assert counted(redis_server, namespace) == 3


def test_two_replicas_in_batches_stay_within_a_batch_each_of_the_limit(
    redis_server: RedisServer,
) -> None:
    namespace = f"replicas-{uuid.uuid4().hex[:8]}"
    replicas = [limiter(redis_server, 3_000, namespace) for _ in range(2)]  # batches of 3
    caller = Identity(tenant="acme")

    async def until_refused(limits: RateLimiter) -> int:
        allowed = 0
        while await limits.acquire_async(caller, "echo") == 0.0:
            allowed += 1
        return allowed

    async def both() -> list[int]:
        return list(await asyncio.gather(*(until_refused(limits) for limits in replicas)))

    allowed = asyncio.run(both())
    # A store without room for a whole batch counts single calls, up to the limit.
    assert 3_000 - 2 * 2 <= sum(allowed) <= 3_000
    assert counted(redis_server, namespace) == 3_000
