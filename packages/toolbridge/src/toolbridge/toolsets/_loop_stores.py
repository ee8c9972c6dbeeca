"""The asyncio clients of the rate-limit stores: one per store and event loop.

An asyncio Redis (or Valkey) client belongs to the event loop it connects in, and
toolbridge runs calls in the caller's loop and in its own background loop
(``call_sync``). So each loop gets one client per store URI, made on the loop's first
rate-limited call and shared by every limiter on that store, and disconnected when the
loop shuts down (``asyncio.run`` shuts it down before closing it). `loop_strategies`
is the one entry point.
"""

from __future__ import annotations

import _thread
import urllib.parse
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Final, final

if TYPE_CHECKING:
    import asyncio

    from limits.aio.strategies import RateLimiter as AsyncStrategy
    from redis.asyncio import ConnectionPool as RedisPool
    from valkey.asyncio import ConnectionPool as ValkeyPool

    from toolbridge.toolsets._ratelimit import Window

__all__ = ["loop_strategies"]


async def loop_strategies(uri: str, *, timeout: float) -> dict[Window, AsyncStrategy]:
    """The running loop's `limits` strategies (by window) on the store at `uri`.

    No connection is made here: the first call through a strategy connects, waiting
    at most `timeout` seconds to connect and for each answer.
    """
    import asyncio

    stores = _IN_LOOP.get(asyncio.get_running_loop()) or await _open_loop(timeout)
    return stores.by_uri.get(uri) or stores.open(uri)


_LOCK: Final = _thread.allocate_lock()
_IN_LOOP: dict[asyncio.AbstractEventLoop, _LoopStores] = {}
"""The asyncio clients of the stores, per event loop (a client belongs to one loop)."""


@final
class _LoopStores:
    """One event loop's asyncio clients of the stores, by URI, shared by every limiter.

    Only the loop's own thread uses it. Its clients are disconnected when the loop
    shuts down: an event loop tells no one it is closing, but it first closes its
    async generators (``shutdown_asyncgens``, which ``asyncio.run`` calls), and
    `closer` is one, started in the loop and kept here.
    """

    __slots__ = ("by_uri", "closer", "pools", "timeout")

    def __init__(self, loop: asyncio.AbstractEventLoop, timeout: float) -> None:
        self.by_uri: dict[str, dict[Window, AsyncStrategy]] = {}
        self.pools: list[RedisPool | ValkeyPool] = []
        self.timeout = timeout
        self.closer = _close_with(loop, self)

    def open(self, uri: str) -> dict[Window, AsyncStrategy]:
        """The strategies on an asyncio client of the store at `uri` (no connection yet).

        The connection pool is made here, with the sync client's timeouts, because
        ``limits`` takes one but closes none.
        """
        from limits.aio.strategies import (
            FixedWindowRateLimiter,
            MovingWindowRateLimiter,
            SlidingWindowCounterRateLimiter,
        )
        from limits.storage import storage_from_string

        scheme = urllib.parse.urlsplit(uri).scheme
        address = "unix" + uri[len(scheme) :] if scheme.endswith("+unix") else uri
        timeouts = {"socket_connect_timeout": self.timeout, "socket_timeout": self.timeout}
        if scheme.startswith("valkey"):
            from valkey.asyncio import ConnectionPool as ValkeyPool

            pool: RedisPool | ValkeyPool = ValkeyPool.from_url(address, **timeouts)
        else:
            from redis.asyncio import ConnectionPool as RedisPool

            pool = RedisPool.from_url(address, **timeouts)
        storage = storage_from_string(
            f"async+{uri}",
            implementation="redispy",  # the `redis` package's client (`valkey`'s for valkey)
            wrap_exceptions=True,
            connection_pool=pool,  # type: ignore[arg-type]  # documented, typed too narrowly
        )
        self.pools.append(pool)
        by_window: dict[Window, AsyncStrategy] = {
            "moving": MovingWindowRateLimiter(storage),
            "sliding": SlidingWindowCounterRateLimiter(storage),
            "fixed": FixedWindowRateLimiter(storage),
        }
        self.by_uri[uri] = by_window
        return by_window


async def _open_loop(timeout: float) -> _LoopStores:
    """The running loop's clients, on its first rate-limited call.

    Loops closed without shutting down (so never heard from) are dropped here; their
    connections are left to the garbage collector.
    """
    import asyncio

    loop = asyncio.get_running_loop()
    with _LOCK:
        for closed in [other for other in _IN_LOOP if other.is_closed()]:
            del _IN_LOOP[closed]
        stores = _IN_LOOP.get(loop)
        if stores is not None:
            return stores
        stores = _IN_LOOP[loop] = _LoopStores(loop, timeout)
    await anext(stores.closer)  # runs to its `yield` at once: the loop now holds it
    return stores


async def _close_with(loop: asyncio.AbstractEventLoop, stores: _LoopStores) -> AsyncIterator[None]:
    """Wait for `loop` to shut down (see `_LoopStores`), then disconnect its clients."""
    import asyncio

    try:
        yield
    finally:
        with _LOCK:
            if _IN_LOOP.get(loop) is stores:
                del _IN_LOOP[loop]
        # Each pool, whatever another's disconnecting raises: nothing is left to fail.
        await asyncio.gather(*(pool.disconnect() for pool in stores.pools), return_exceptions=True)
