"""Per-call timing: timeit-style auto-ranging, interleaved repeats, medians.

Each case is a statement compiled into `timeit`'s loop (no wrapper call is timed),
timed with `time.perf_counter_ns`. The loop count is chosen per case so that one
batch lasts at least `min_batch_ns`; then every repeat times one batch of every
case, in a rotated order, so that a noisy moment on a busy machine spreads over all
cases instead of landing on one. The result is the median of the per-call times.
"""

from __future__ import annotations

import statistics
import time
import timeit
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Case:
    """One statement to time, and the names it uses."""

    key: str
    stmt: str
    namespace: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Timing:
    """Per-call times (ns) of one case, one per repeat."""

    number: int
    per_call_ns: tuple[float, ...]

    @property
    def median_ns(self) -> float:
        return statistics.median(self.per_call_ns)


def _timer(case: Case) -> timeit.Timer:
    return timeit.Timer(case.stmt, globals=dict(case.namespace), timer=time.perf_counter_ns)


def _calibrate(timer: timeit.Timer, min_batch_ns: int) -> int:
    """The smallest 1-2-5 loop count whose batch lasts at least `min_batch_ns`."""
    number = 1
    while True:
        for factor in (1, 2, 5):
            count = number * factor
            if timer.timeit(count) >= min_batch_ns:
                return count
        number *= 10


def measure(cases: Sequence[Case], *, repeats: int, min_batch_ns: int) -> dict[str, Timing]:
    """Time every case `repeats` times, interleaved; keyed by `Case.key`."""
    if not cases:
        return {}
    timers = [_timer(case) for case in cases]
    numbers = [_calibrate(timer, min_batch_ns) for timer in timers]
    samples: list[list[float]] = [[] for _ in cases]
    for repeat in range(repeats):
        shift = repeat % len(cases)
        for index in [*range(shift, len(cases)), *range(shift)]:
            elapsed = timers[index].timeit(numbers[index])
            samples[index].append(elapsed / numbers[index])
    return {
        case.key: Timing(number, tuple(times))
        for case, number, times in zip(cases, numbers, samples, strict=True)
    }
