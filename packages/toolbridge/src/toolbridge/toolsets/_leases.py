"""Calls counted in a shared store ahead of time, handed out in this process: leases.

A rate limit counted in Redis costs a round trip per call, more than the rest of a
served call. A limit far above what a replica can serve (a ceiling against runaway
use rather than a quota) does not need each call counted on its own: a replica
counts a small batch at once (one round trip), then lets that many calls through
before it asks again, within a short time. `Leases` keeps what is left of each
batch, by count key; it is thread-safe (an event loop per thread may share one
limiter) and never waits.

What it costs in exactness: a batch's calls are counted at the moment it is taken,
so in a moving or sliding window they leave the window up to `lease_seconds` early,
and a batch not used up in time counts calls that never ran. Both are bounded by
the batch, `lease_size`, per replica: at most 64 calls, against a limit of at least
`LEASE_RATE` calls a second on average. A limit below that, any real quota, counts
every call on its own, exactly.
"""

from __future__ import annotations

import _thread
import time
from typing import Final, final

__all__ = ["LEASE_RATE", "Leases", "lease_seconds", "lease_size"]

LEASE_RATE: Final = 10_000
"""The least calls per second on average (`calls` / `per`) a limit allows before its
calls are counted in batches: more than one replica serves."""
_LEASE_MOST: Final = 64
"""The most calls one batch counts."""


def lease_size(calls: int, per: float) -> int:
    """The calls one batch counts for a limit of `calls` per `per` seconds (1: none)."""
    return max(1, min(_LEASE_MOST, int(calls / per) // LEASE_RATE))


def lease_seconds(per: float) -> float:
    """How long a batch may be used: a hundredth of the window, at most one second."""
    return min(per / 100, 1.0)


@final
class Leases:
    """What is left of the batches taken, by count key: calls and the time they may run."""

    __slots__ = ("_left", "_lock")

    def __init__(self) -> None:
        self._left: dict[str, tuple[int, float]] = {}
        self._lock = _thread.allocate_lock()

    def take(self, key: str) -> bool:
        """Use one call of `key`'s batch; False when none is left or it expired."""
        with self._lock:
            left = self._left.get(key)
            if left is None:
                return False
            count, until = left
            if time.monotonic() >= until:
                del self._left[key]
                return False
            if count <= 1:
                del self._left[key]
            else:
                self._left[key] = (count - 1, until)
            return True

    def add(self, key: str, count: int, seconds: float) -> None:
        """Keep `count` calls of a batch just taken, usable for `seconds`."""
        if count < 1:
            return
        until = time.monotonic() + seconds
        with self._lock:
            left = self._left.get(key)
            if left is not None and time.monotonic() < left[1]:
                # One sooner deadline for both: the older batch's calls leave the window first.
                count, until = count + left[0], min(until, left[1])
            elif len(self._left) > 4096:
                now = time.monotonic()
                self._left = {k: v for k, v in self._left.items() if v[1] > now}
            self._left[key] = (count, until)
