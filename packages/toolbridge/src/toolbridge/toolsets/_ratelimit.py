"""Rate limits: a token bucket per tenant, per tool, per caller, or for everyone.

A `RateLimit` is configuration (frozen, shareable); a `RateLimiter` holds the buckets
of one policy as applied to one toolset. A bucket holds up to `calls` tokens and
refills at ``calls / per`` tokens a second; a call takes one token or is refused, so
a burst of up to `calls` passes at once and the rate is held after it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal, final

from toolbridge.errors import ConfigError
from toolbridge.toolsets._identity import Identity

__all__ = ["RateLimit", "RateLimiter", "Scope"]

Scope = Literal["tenant", "subject", "tool", "tenant_tool", "global"]
"""What one bucket counts: each tenant, each caller, each tool, each tenant's use of
each tool, or every call together."""

_SCOPES: Final = ("tenant", "subject", "tool", "tenant_tool", "global")
_MAX_BUCKETS: Final = 100_000


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class RateLimit:
    """At most `calls` calls per `per` seconds, counted per `scope`."""

    calls: int
    """The bucket's size: the burst allowed at once, and the calls allowed per `per`."""

    per: float = 60.0
    """Seconds in which `calls` tokens refill."""

    scope: Scope = "tenant"
    """What one bucket counts (see `Scope`)."""

    def __post_init__(self) -> None:
        calls: object = self.calls
        per: object = self.per
        if isinstance(calls, bool) or not isinstance(calls, int) or calls < 1:
            raise ConfigError(f"RateLimit.calls must be a positive integer, got {calls!r}")
        if isinstance(per, bool) or not isinstance(per, (int, float)) or not per > 0:
            raise ConfigError(f"RateLimit.per must be a positive number of seconds, got {per!r}")
        if self.scope not in _SCOPES:
            raise ConfigError(f"RateLimit.scope must be one of {', '.join(_SCOPES)}")

    def key(self, identity: Identity, tool_name: str) -> tuple[str | None, ...]:
        """The bucket a call of `tool_name` by `identity` counts against."""
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
    """The buckets of a set of rate limits; thread-safe.

    Args:
        limits: The limits; a call must pass all of them.
        clock: Seconds, monotonic (``time.monotonic``; a test may pass its own).
    """

    def __init__(
        self, limits: tuple[RateLimit, ...], *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._limits = limits
        self._clock = clock
        self._lock = threading.Lock()
        self._buckets: dict[tuple[int, tuple[str | None, ...]], tuple[float, float]] = {}
        """(limit index, key) -> (tokens, time of the last update)."""

    def acquire(self, identity: Identity, tool_name: str) -> float:
        """Take one token from every bucket the call counts against.

        Returns:
            0.0 when the call may go ahead (the tokens are taken), otherwise the
            seconds until every bucket has a token again (nothing is taken).
        """
        if not self._limits:
            return 0.0
        now = self._clock()
        with self._lock:
            refilled: list[tuple[tuple[int, tuple[str | None, ...]], float]] = []
            wait = 0.0
            for index, limit in enumerate(self._limits):
                key = (index, limit.key(identity, tool_name))
                tokens, updated = self._buckets.get(key, (float(limit.calls), now))
                rate = limit.calls / limit.per
                tokens = min(float(limit.calls), tokens + max(0.0, now - updated) * rate)
                if tokens < 1.0:
                    wait = max(wait, (1.0 - tokens) / rate)
                refilled.append((key, tokens))
            if wait > 0.0:
                return wait
            if len(self._buckets) > _MAX_BUCKETS:
                self._forget_full(now)
            for key, tokens in refilled:
                self._buckets[key] = (tokens - 1.0, now)
            return 0.0

    def _forget_full(self, now: float) -> None:
        """Drop buckets that have refilled completely: they equal a new bucket."""
        for key, (tokens, updated) in list(self._buckets.items()):
            limit = self._limits[key[0]]
            if tokens + (now - updated) * limit.calls / limit.per >= limit.calls:
                del self._buckets[key]
