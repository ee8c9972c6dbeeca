"""Rate limits: at most N calls per window, per tenant, tool, caller, or for everyone.

A `RateLimit` is configuration (frozen, shareable); a `RateLimiter` counts the calls of
one policy as applied to one toolset. The counting is the `limits` library's: its
moving window by default (at most `calls` calls in any `per` seconds; a burst of
`calls` passes at once), its sliding or fixed window on request. The counts live in
the process (``memory://``, the default) or in Redis or Valkey (``redis://...``,
``valkey://...``), where every replica of a gateway shares them.

When the store cannot be reached the call is refused with a `RateLimitError` whose
cause is the store's error (fail closed), or let through with a logged warning when
the policy fails open.

A limiter counts from sync code (`RateLimiter.acquire`) and from async code
(`RateLimiter.acquire_async`, what a guarded toolset's calls await). On Redis or
Valkey the async form talks to the store with the client's asyncio twin, so a round
trip, or a stalled store, never holds up the event loop; both forms use the same keys
and scripts, so they count together. The asyncio clients, one per store and event
loop, are kept in `_loop_stores`. A lone limit far above what a replica serves (at
least 10,000 calls a second on average) is counted there in batches of up to 64
calls (`_leases`): one round trip per batch, not per call, the count exact to a
batch per replica; any smaller limit counts each call on its own.
"""

from __future__ import annotations

import json
import logging
import math
import time
import urllib.parse
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal, final

from toolbridge.errors import ConfigError, RateLimitError
from toolbridge.toolsets._identity import Identity
from toolbridge.toolsets._leases import Leases, lease_seconds, lease_size

if TYPE_CHECKING:
    from limits import RateLimitItem
    from limits.aio.strategies import RateLimiter as AsyncStrategy
    from limits.errors import StorageError
    from limits.storage import Storage
    from limits.strategies import RateLimiter as Strategy

__all__ = ["RateLimit", "RateLimiter", "Scope", "Window", "check_storage"]

Scope = Literal["tenant", "subject", "tool", "tenant_tool", "global"]
"""What one count covers: each tenant, each caller, each tool, each tenant's use of
each tool, or every call together."""

Window = Literal["moving", "sliding", "fixed"]
"""How calls are counted (the `limits` strategies): ``"moving"`` holds every call's
time and allows at most `calls` in any `per` seconds (exact); ``"sliding"`` weighs the
previous window's count by how much of it still overlaps (approximate, two counters,
refills gradually); ``"fixed"`` counts in windows aligned to the clock (one counter,
cheapest, up to twice `calls` across a window's edge)."""

_SCOPES: Final = ("tenant", "subject", "tool", "tenant_tool", "global")
_WINDOWS: Final = ("moving", "sliding", "fixed")
_SCHEMES: Final = frozenset(
    {"memory", "redis", "rediss", "redis+unix", "valkey", "valkeys", "valkey+unix"}
)
_TIMEOUT: Final = 1.0
"""Seconds to wait for the store (connect, and each answer) before refusing."""
_RETRY_UNAVAILABLE: Final = 1.0
"""The ``retry_after`` of a call refused because the store could not be reached."""
_log = logging.getLogger("toolbridge.toolsets")


def check_storage(uri: object, field_name: str = "rate_limit_storage") -> str:
    """`uri` if it names a store the rate limits can use, else a `ConfigError`."""
    if not isinstance(uri, str):
        raise ConfigError(f"{field_name} must be a URI string, not {type(uri).__name__}")
    scheme = urllib.parse.urlsplit(uri).scheme
    if scheme not in _SCHEMES:
        raise ConfigError(
            f"{field_name} must be memory://, redis://, rediss://, redis+unix://, "
            f"valkey://, valkeys:// or valkey+unix://, got scheme {scheme!r}"
        )
    return uri


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class RateLimit:
    """At most `calls` calls per `per` seconds, counted per `scope`."""

    calls: int
    """The calls allowed per `per` seconds; a burst of this many passes at once."""

    per: float = 60.0
    """The window, in whole seconds (``60`` or ``60.0``; at least 1)."""

    scope: Scope = "tenant"
    """What one count covers (see `Scope`)."""

    window: Window = "moving"
    """How calls are counted (see `Window`)."""

    def __post_init__(self) -> None:
        calls: object = self.calls
        per: object = self.per
        if isinstance(calls, bool) or not isinstance(calls, int) or calls < 1:
            raise ConfigError(f"RateLimit.calls must be a positive integer, got {calls!r}")
        if (
            isinstance(per, bool)
            or not isinstance(per, (int, float))
            or not per >= 1
            or per != int(per)
        ):
            raise ConfigError(f"RateLimit.per must be a whole number of seconds, got {per!r}")
        if self.scope not in _SCOPES:
            raise ConfigError(f"RateLimit.scope must be one of {', '.join(_SCOPES)}")
        if self.window not in _WINDOWS:
            raise ConfigError(f"RateLimit.window must be one of {', '.join(_WINDOWS)}")

    def key(self, identity: Identity, tool_name: str) -> tuple[str | None, ...]:
        """The count a call of `tool_name` by `identity` goes against."""
        if self.scope == "tenant":
            return (identity.tenant,)
        if self.scope == "subject":
            return (identity.tenant, identity.subject)
        if self.scope == "tool":
            return (tool_name,)
        if self.scope == "tenant_tool":
            return (identity.tenant, tool_name)
        return ()


class RateLimiter:
    """The counts of a set of rate limits, in one store; thread-safe.

    Making one opens no connection: the store is first reached by `acquire` or
    `acquire_async`.

    Args:
        limits: The limits; a call must pass all of them.
        storage: Where the counts live: ``memory://`` (this limiter alone), or a
            ``redis://`` / ``valkey://`` URI shared by every limiter that names it.
        fail_open: When the store cannot be reached, let calls through (with a
            warning) instead of refusing them.
        namespace: Tells apart the counts of different toolsets in a shared store;
            replicas of one gateway must use the same (the toolset's name).
    """

    def __init__(
        self,
        limits: tuple[RateLimit, ...],
        *,
        storage: str = "memory://",
        fail_open: bool = False,
        namespace: str = "",
    ) -> None:
        self._limits = tuple(limits)
        self._uri = check_storage(storage, "storage")
        self._remote = urllib.parse.urlsplit(self._uri).scheme != "memory"
        self._fail_open = fail_open
        self._namespace = namespace
        self._storage: Storage | None = None
        self._items: tuple[RateLimitItem, ...] = ()
        self._strategies: tuple[Strategy, ...] = ()
        self._prefixes: tuple[str, ...] = ()
        self._leases = Leases()
        self._batch = 1
        """Calls counted at once in a remote store (see `_leases`); 1: each on its own."""
        if self._remote and len(self._limits) == 1:
            self._batch = lease_size(self._limits[0].calls, self._limits[0].per)
        if self._limits:
            self._build()

    def _build(self) -> None:
        """Make the store (no connection yet) and one `limits` item per limit."""
        from limits import RateLimitItemPerSecond
        from limits.errors import ConfigurationError
        from limits.storage import Storage, storage_from_string
        from limits.strategies import (
            FixedWindowRateLimiter,
            MovingWindowRateLimiter,
            SlidingWindowCounterRateLimiter,
        )

        scheme = urllib.parse.urlsplit(self._uri).scheme
        options: dict[str, float | str | bool] = {"wrap_exceptions": True}
        if self._remote:
            options |= {"socket_connect_timeout": _TIMEOUT, "socket_timeout": _TIMEOUT}
        try:
            storage = storage_from_string(self._uri, **options)
        except ConfigurationError as error:
            extra = "valkey" if scheme.startswith("valkey") else "redis"
            raise ConfigError(
                f"rate limits on {scheme}:// need {error}; pip install 'toolbridge[{extra}]'"
            ) from None
        if not isinstance(storage, Storage):  # an async+ scheme: refused by check_storage
            raise ConfigError(f"rate limits need a synchronous store, not {scheme}://")
        kinds: dict[str, type[Strategy]] = {
            "moving": MovingWindowRateLimiter,
            "sliding": SlidingWindowCounterRateLimiter,
            "fixed": FixedWindowRateLimiter,
        }
        by_window = {window: kinds[window](storage) for window in self._windows()}
        self._storage = storage
        self._strategies = tuple(by_window[limit.window] for limit in self._limits)
        self._prefixes = tuple(
            json.dumps([self._namespace, index, limit.window, limit.scope]) + ":"
            for index, limit in enumerate(self._limits)
        )
        self._items = tuple(
            RateLimitItemPerSecond(limit.calls, int(limit.per), namespace="toolbridge")
            for limit in self._limits
        )

    def _windows(self) -> set[Window]:
        """The windows the limits count in: one strategy each, shared by its limits."""
        return {limit.window for limit in self._limits}

    def _identifier(self, index: int, identity: Identity, tool_name: str) -> str:
        """The key of the count: the toolset, the limit, and the caller or tool it covers.

        ``repr`` of a tuple of strings and None is unambiguous (quotes are escaped), and
        the same in every process, which is what replicas sharing a store need.
        """
        return self._prefixes[index] + repr(self._limits[index].key(identity, tool_name))

    def _keys(self, identity: Identity, tool_name: str) -> list[str]:
        """The key of each limit's count, in order."""
        return [self._identifier(i, identity, tool_name) for i in range(len(self._limits))]

    def acquire(self, identity: Identity, tool_name: str) -> float:
        """Count one call against every limit it falls under.

        On Redis or Valkey this waits for the store: async code awaits
        `acquire_async` instead.

        Returns:
            0.0 when the call may go ahead (it is counted), otherwise the seconds
            until every limit lets one more through.

        Raises:
            RateLimitError: The store could not be reached (fail closed); its
                ``__cause__`` is the store's error.
        """
        if not self._limits:
            return 0.0
        from limits.errors import StorageError

        try:
            return self._acquire(identity, tool_name)
        except StorageError as error:
            return self._unreachable(error, tool_name)

    async def acquire_async(self, identity: Identity, tool_name: str) -> float:
        """`acquire` for async code: waiting for the store never blocks the event loop.

        On Redis or Valkey it talks to the store with the asyncio client of the running
        event loop (made on the loop's first call), with the same keys as `acquire`,
        so both count together; in memory there is nothing to wait for, and it counts
        as `acquire` does. It returns and raises what `acquire` does.
        """
        if not self._remote or not self._limits:
            return self.acquire(identity, tool_name)
        from limits.errors import StorageError

        from toolbridge.toolsets._loop_stores import loop_strategies

        by_window = await loop_strategies(self._uri, timeout=_TIMEOUT)
        strategies = tuple(by_window[limit.window] for limit in self._limits)
        try:
            if self._batch > 1 and await self._leased(strategies[0], identity, tool_name):
                return 0.0
            return await self._acquire_async(strategies, identity, tool_name)
        except StorageError as error:
            return self._unreachable(error, tool_name)

    async def first_use(self, key: str, seconds: float) -> bool:
        """True the first time `key` is marked in this limiter's store within `seconds`.

        The store is the one the limits count in, so replicas sharing it agree; a
        limiter without limits marks in this process. A store that cannot be reached
        answers False: never a first use it cannot vouch for.
        """
        from limits.errors import StorageError

        marker = json.dumps([self._namespace, "first_use", key])
        expiry = max(1, math.ceil(seconds))
        try:
            if self._remote and self._limits:
                from toolbridge.toolsets._loop_stores import loop_strategies

                by_window = await loop_strategies(self._uri, timeout=_TIMEOUT)
                store = next(iter(by_window.values())).storage
                return bool(await store.incr(marker, expiry) == 1)
            return bool(self._marks().incr(marker, expiry) == 1)
        except StorageError as error:
            _log.warning(
                "rate-limit store unreachable or failing (%s): a continuation is checked "
                "again as a new call",
                error.storage_error,
            )
            return False

    def _marks(self) -> Storage:
        """The store `first_use` marks in: the limits' own, or one in this process."""
        if self._storage is None:
            from limits.storage import MemoryStorage

            self._storage = MemoryStorage(wrap_exceptions=True)
        return self._storage

    async def _leased(self, strategy: AsyncStrategy, identity: Identity, tool_name: str) -> bool:
        """True when the call is let through on a batch counted ahead (see `_leases`).

        Only a limiter of one limit of at least `LEASE_RATE` calls a second counts in
        batches; when the store has no room for a whole batch, the call is counted on
        its own.
        """
        key = self._identifier(0, identity, tool_name)
        if self._leases.take(key):
            return True
        if not await strategy.hit(self._items[0], key, cost=self._batch):
            return False
        self._leases.add(key, self._batch - 1, lease_seconds(self._limits[0].per))
        return True

    def _unreachable(self, error: StorageError, tool_name: str) -> float:
        """0.0 with a warning when failing open; else the refusal (fail closed)."""
        cause = error.storage_error
        if self._fail_open:
            _log.warning(
                "rate-limit store unreachable or failing (%s: %s): call of %r let through"
                " (fail open)",
                type(cause).__name__,
                cause,
                tool_name,
            )
            return 0.0
        raise RateLimitError(
            tool_name,
            "the rate-limit store could not be reached or failed",
            retry_after=_RETRY_UNAVAILABLE,
        ) from cause

    def _acquire(self, identity: Identity, tool_name: str) -> float:
        pairs = list(
            zip(self._strategies, self._items, self._keys(identity, tool_name), strict=True)
        )
        if len(pairs) > 1:
            # Check every limit before counting against any, so a call one limit
            # refuses is not counted by the others (bar a race between the two steps).
            refused = [(s, item, key) for s, item, key in pairs if not s.test(item, key)]
            if refused:
                return max(self._wait(*entry) for entry in refused)
        for strategy, item, key in pairs:
            if not strategy.hit(item, key):
                return self._wait(strategy, item, key)
        return 0.0

    async def _acquire_async(
        self, strategies: tuple[AsyncStrategy, ...], identity: Identity, tool_name: str
    ) -> float:
        """`_acquire`, step for step, on the async strategies."""
        pairs = list(zip(strategies, self._items, self._keys(identity, tool_name), strict=True))
        if len(pairs) > 1:
            refused = [(s, item, key) for s, item, key in pairs if not await s.test(item, key)]
            if refused:
                return max([await self._wait_async(*entry) for entry in refused])
        for strategy, item, key in pairs:
            if not await strategy.hit(item, key):
                return await self._wait_async(strategy, item, key)
        return 0.0

    @staticmethod
    def _wait(strategy: Strategy, item: RateLimitItem, key: str) -> float:
        """Seconds until `item` lets one more call through, never quite zero."""
        reset = strategy.get_window_stats(item, key).reset_time
        return max(reset - time.time(), 0.001)

    @staticmethod
    async def _wait_async(strategy: AsyncStrategy, item: RateLimitItem, key: str) -> float:
        """`_wait` on an async strategy."""
        reset = (await strategy.get_window_stats(item, key)).reset_time
        return max(reset - time.time(), 0.001)
