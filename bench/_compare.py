"""Two result files side by side: ``bench/run.py compare A.json B.json``.

Reads two JSON files written by `run.py` (``bench/results/*.json``) and prints, for
every timed row present in both (matched by section title and case), the median of
each, B's median as a ratio of A's and as a change in percent, and the target's
status when it moved (``PASS -> FAIL``). Served throughput rows (``--only serve``)
are compared on calls per second. Rows found in one file only are listed as added
(only in B) or removed (only in A). Exits 0 when both files were read, 2 when one
cannot be read or is not a bench result.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from _report import duration


class Unreadable(Exception):
    """A file that is not a result written by `run.py`; the message says why."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One row of one file: its value (None when it did not run) and its status."""

    group: str
    case: str
    value: float | None
    status: str | None
    target: str | None


@dataclass(frozen=True, slots=True)
class Result:
    """One result file: its timed rows and its served rows, in file order."""

    path: Path
    header: str
    timed: dict[tuple[str, str], Entry]
    served: dict[tuple[str, str], Entry]


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def _timed(sections: object, path: Path) -> dict[tuple[str, str], Entry]:
    if not isinstance(sections, list):
        raise Unreadable(f"{path}: 'sections' is not a list")
    found: dict[tuple[str, str], Entry] = {}
    for index, section in enumerate(sections):
        if not isinstance(section, Mapping) or not isinstance(section.get("rows"), list):
            raise Unreadable(f"{path}: sections[{index}] has no list of rows")
        title = str(section.get("title", f"section {index}"))
        for number, row in enumerate(section["rows"]):
            if not isinstance(row, Mapping) or not isinstance(row.get("case"), str):
                raise Unreadable(f"{path}: sections[{index}].rows[{number}] has no case")
            entry = Entry(
                title,
                row["case"],
                _number(row.get("median_ns")),
                _text(row.get("status")),
                _text(row.get("target")),
            )
            found[(title, row["case"])] = entry
    return found


def _served(lines: object, path: Path) -> dict[tuple[str, str], Entry]:
    if lines is None:
        return {}
    if not isinstance(lines, list):
        raise Unreadable(f"{path}: 'serve' is not a list")
    found: dict[tuple[str, str], Entry] = {}
    for index, line in enumerate(lines):
        if not isinstance(line, Mapping):
            raise Unreadable(f"{path}: serve[{index}] is not an object")
        where = f"{line.get('transport')}, {line.get('client')}"
        group = f"Served: {where}, {line.get('in_flight')} in flight"
        case = str(line.get("server"))
        value = _number(line.get("calls_per_second"))
        found[(group, case)] = Entry(
            group, case, value, _text(line.get("status")), _text(line.get("target"))
        )
    return found


def load(path: Path) -> Result:
    """Read one result file.

    Raises:
        Unreadable: It cannot be read, is not JSON, or lacks the rows `run.py` writes.
    """
    try:
        document: Any = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise Unreadable(f"{path}: {error.strerror or error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise Unreadable(f"{path}: not JSON ({error})") from None
    if not isinstance(document, dict) or "sections" not in document:
        raise Unreadable(f"{path}: not a bench result (no 'sections'; see bench/run.py)")
    mode = "quick" if document.get("quick") else "full"
    header = (
        f"{path} ({mode}, {document.get('timestamp', 'no timestamp')}, "
        f"load average {document.get('load_average', 'unknown')}, "
        f"Python {document.get('python', '?')})"
    )
    return Result(
        path, header, _timed(document["sections"], path), _served(document.get("serve"), path)
    )


def _status(before: Entry, after: Entry) -> str:
    if before.status == after.status:
        return after.status or ""
    return f"{before.status or '-'} -> {after.status or '-'}"


def _target(before: Entry, after: Entry) -> str:
    if before.target == after.target:
        return after.target or ""
    return f"{before.target or '-'} -> {after.target or '-'}"


def _change(before: float | None, after: float | None) -> tuple[str, str]:
    if before is None or after is None or before <= 0:
        return "-", "-"
    ratio = after / before
    return f"{ratio:.2f}x", f"{(ratio - 1) * 100:+.1f}%"


def _table(
    title: str,
    headers: tuple[str, ...],
    before: Mapping[tuple[str, str], Entry],
    after: Mapping[tuple[str, str], Entry],
    show: Callable[[float | None], str],
) -> list[str]:
    """One aligned table of the rows in both, grouped under their section titles."""
    both = [key for key in after if key in before]
    if not both:
        return []
    lines: list[tuple[str, ...] | str] = []
    group: str | None = None
    for key in both:
        old, new = before[key], after[key]
        if new.group != group:
            group = new.group
            lines.append(group)
        ratio, percent = _change(old.value, new.value)
        lines.append(
            (
                new.case,
                show(old.value),
                show(new.value),
                ratio,
                percent,
                _target(old, new),
                _status(old, new),
            )
        )
    cells = [headers, *(line for line in lines if isinstance(line, tuple))]
    widths = [max(len(row[column]) for row in cells) for column in range(len(headers))]

    def join(row: Sequence[str]) -> str:
        middle = [cell.rjust(width) for cell, width in zip(row[1:-1], widths[1:-1], strict=True)]
        return "  ".join([row[0].ljust(widths[0]), *middle, row[-1]]).rstrip()

    out = [title, "  " + join(headers)]
    for line in lines:
        out.append(f"\n{line}" if isinstance(line, str) else "  " + join(line))
    return out


def _median(value: float | None) -> str:
    return "n/a" if value is None else duration(value)


def _per_second(value: float | None) -> str:
    return "n/a" if value is None else f"{value:,.0f}"


def _only(label: str, keys: Sequence[tuple[str, str]]) -> list[str]:
    if not keys:
        return []
    return [f"{label} ({len(keys)}):", *(f"  {group} / {case}" for group, case in keys)]


def render(before: Result, after: Result) -> str:
    """The comparison as plain text: A's header, B's, the tables, then added and removed."""
    out = [f"A: {before.header}", f"B: {after.header}"]
    timed = _table(
        "Median per call (B/A below 1 is faster)",
        ("case", "A median", "B median", "B/A", "change", "target", "status"),
        before.timed,
        after.timed,
        _median,
    )
    served = _table(
        "Served calls per second (B/A above 1 is faster)",
        ("server", "A calls/s", "B calls/s", "B/A", "change", "target", "status"),
        before.served,
        after.served,
        _per_second,
    )
    for table in (timed, served):
        if table:
            out += ["", *table]
    if not timed and not served:
        out += ["", "No row is in both files."]
    rows_before = {**before.timed, **before.served}
    rows_after = {**after.timed, **after.served}
    added = _only("Added, only in B", [key for key in rows_after if key not in rows_before])
    removed = _only("Removed, only in A", [key for key in rows_before if key not in rows_after])
    for listing in (added, removed):
        if listing:
            out += ["", *listing]
    return "\n".join(out)


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="bench/run.py compare", description="Compare two bench result files, row by row."
    )
    parser.add_argument(
        "before", type=Path, metavar="A.json", help="the earlier result (the baseline)"
    )
    parser.add_argument("after", type=Path, metavar="B.json", help="the later result")
    options = parser.parse_args(argv)
    try:
        before, after = load(options.before), load(options.after)
    except Unreadable as error:
        print(f"bench compare: {error}", file=sys.stderr)
        return 2
    print(render(before, after))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
