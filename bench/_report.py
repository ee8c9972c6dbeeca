"""Result rows, the printed table, and the JSON written to bench/results/."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

PASS = "PASS"
FAIL = "FAIL"


@dataclass(frozen=True, slots=True)
class Target:
    """A limit on one row: on its ratio to the reference, or on its difference from it."""

    text: str
    check: Callable[[float, float], bool]
    """Called with (ratio, difference in ns); true when the row meets the target."""
    limit_ns: float | None = None
    """An absolute limit on the median instead (`check` is then ignored)."""


def at_most_ratio(limit: float) -> Target:
    return Target(f"<= {limit:g}x", lambda ratio, _delta: ratio <= limit)


def at_most_ns(limit_ns: float) -> Target:
    return Target(f"<= {duration(limit_ns)}", lambda _ratio, _delta: True, limit_ns=limit_ns)


def at_most_delta(limit_ns: float) -> Target:
    return Target(f"<= +{duration(limit_ns)}", lambda _ratio, delta: delta <= limit_ns)


@dataclass(frozen=True, slots=True)
class Row:
    """One measured case; `median_ns` is None when the case could not run."""

    case: str
    median_ns: float | None
    target: Target | None = None
    reason: str = ""
    """Why the case did not run (shown as ``n/a (reason)``)."""
    note: str = ""
    reference: bool = False
    samples_ns: tuple[float, ...] = ()
    """Every repeat's per-call (or per-run) time, for the JSON results."""


@dataclass(frozen=True, slots=True)
class Section:
    """A group of rows compared against the section's first row (the reference)."""

    title: str
    rows: Sequence[Row]
    notes: Sequence[str] = field(default_factory=tuple)

    @property
    def reference_ns(self) -> float | None:
        return next((row.median_ns for row in self.rows if row.reference), None)


@dataclass(frozen=True, slots=True)
class Scored:
    """A row with its ratio, difference and verdict worked out."""

    row: Row
    ratio: float | None
    delta_ns: float | None
    status: str


def score(section: Section) -> list[Scored]:
    reference = section.reference_ns
    scored: list[Scored] = []
    for row in section.rows:
        if row.median_ns is None:
            scored.append(Scored(row, None, None, f"n/a ({row.reason})"))
            continue
        ratio = delta = None
        if reference is not None and reference > 0:
            ratio = row.median_ns / reference
            delta = row.median_ns - reference
        status = ""
        if row.target is not None:
            # An absolute limit needs no reference; a ratio or a difference does.
            limit = row.target.limit_ns
            if limit is not None:
                status = PASS if row.median_ns <= limit else FAIL
            elif ratio is not None and delta is not None:
                status = PASS if row.target.check(ratio, delta) else FAIL
        scored.append(Scored(row, ratio, delta, status))
    return scored


def duration(ns: float) -> str:
    """``812 ns``, ``1.23 µs``, ``45.6 ms``: three significant digits, a fitting unit."""
    if math.isnan(ns):
        return "nan"
    sign = "-" if ns < 0 else ""
    size = abs(ns)
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if size >= scale:
            return f"{sign}{_digits(size / scale)} {unit}"
    return f"{sign}{_digits(size)} ns"


def _digits(value: float) -> str:
    if value >= 100:
        return f"{value:.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


_HEADERS = ("case", "median", "ratio", "vs ref", "target", "result")


def _cells(item: Scored) -> tuple[str, ...]:
    row = item.row
    median = "-" if row.median_ns is None else duration(row.median_ns)
    ratio = "-" if item.ratio is None else f"{item.ratio:.2f}x"
    if row.reference:
        delta = "(ref)"
    elif item.delta_ns is None:
        delta = "-"
    else:
        delta = ("+" if item.delta_ns >= 0 else "") + duration(item.delta_ns)
    target = "" if row.target is None else row.target.text
    return (row.case, median, ratio, delta, target, item.status)


def render(sections: Sequence[Section]) -> str:
    """All sections as one aligned plain-text table, notes under each section."""
    scored = [(section, score(section)) for section in sections]
    table = [_HEADERS] + [_cells(item) for _, items in scored for item in items]
    widths = [max(len(line[column]) for line in table) for column in range(len(_HEADERS))]

    def line(cells: Sequence[str]) -> str:
        first = cells[0].ljust(widths[0])
        middle = [cell.rjust(width) for cell, width in zip(cells[1:-1], widths[1:-1], strict=True)]
        return "  ".join([first, *middle, cells[-1]]).rstrip()

    rule = "-" * (sum(widths[:-1]) + len(_HEADERS[-1]) + 2 * len(widths))
    out = ["  " + line(_HEADERS), rule]
    for section, items in scored:
        out.append("")
        out.append(section.title)
        out.extend("  " + line(_cells(item)) for item in items)
        out.extend(f"    * {item.row.case}: {item.row.note}" for item in items if item.row.note)
        out.extend(f"    {note}" for note in section.notes)
    return "\n".join(out)


def to_json(sections: Sequence[Section]) -> list[dict[str, Any]]:
    return [
        {
            "title": section.title,
            "notes": list(section.notes),
            "rows": [
                {
                    "case": item.row.case,
                    "reference": item.row.reference,
                    "median_ns": item.row.median_ns,
                    "ratio": item.ratio,
                    "delta_ns": item.delta_ns,
                    "target": None if item.row.target is None else item.row.target.text,
                    "status": item.status or None,
                    "note": item.row.note or None,
                    "samples_ns": list(item.row.samples_ns),
                }
                for item in score(section)
            ],
        }
        for section in sections
    ]
