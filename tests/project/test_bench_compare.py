"""``bench/run.py compare A.json B.json``: the change per row between two result files.

Run as a subprocess, the way a reader runs it, on two small result files written
here in the shape `bench/run.py` writes (bench/_report.py ``to_json``); the bench's
modules are never imported by the tests.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RUN = ROOT / "bench" / "run.py"


def _row(case: str, median_ns: float | None, **fields: Any) -> dict[str, Any]:
    return {
        "case": case,
        "reference": fields.get("reference", False),
        "median_ns": median_ns,
        "ratio": None,
        "delta_ns": None,
        "target": fields.get("target"),
        "status": fields.get("status"),
        "note": None,
        "samples_ns": [],
    }


def _served(server: str, per_second: float, status: str | None = None) -> dict[str, Any]:
    return {
        "transport": "stdio",
        "client": "raw",
        "in_flight": 16,
        "server": server,
        "calls_per_second": per_second,
        "status": status,
        "target": ">= 1.2x" if status else None,
    }


def _result(sections: dict[str, list[dict[str, Any]]], **extra: Any) -> dict[str, Any]:
    return {
        "quick": True,
        "python": "3.11.7",
        "load_average": "0.4",
        "timestamp": "2026-12-02T10:00:00+0000",
        "sections": [
            {"title": title, "notes": [], "rows": rows} for title, rows in sections.items()
        ],
        **extra,
    }


BEFORE = _result(
    {
        "Invoke overhead": [
            _row("add(1, 2) called directly (reference)", 50.0, reference=True),
            _row("toolbridge tool.invoke", 4_000.0, target="<= +5.00 µs", status="PASS"),
            _row("a case dropped since", 1_000.0),
        ],
        "Validation per call": [_row("toolbridge tool.validate", 2_000.0)],
    },
    serve=[_served("toolbridge serve", 2_000.0, "PASS"), _served("FastMCP", 800.0)],
)
AFTER = _result(
    {
        "Invoke overhead": [
            _row("add(1, 2) called directly (reference)", 50.0, reference=True),
            _row("toolbridge tool.invoke", 6_000.0, target="<= +5.00 µs", status="FAIL"),
            _row("a case added since", 3_000.0),
        ],
        "Validation per call": [_row("toolbridge tool.validate", None)],
    },
    serve=[_served("toolbridge serve", 2_500.0, "PASS"), _served("FastMCP", 800.0)],
)


def _compare(tmp_path: Path, before: Any, after: Any) -> subprocess.CompletedProcess[str]:
    a, b = tmp_path / "A.json", tmp_path / "B.json"
    for path, document in ((a, before), (b, after)):
        path.write_text(document if isinstance(document, str) else json.dumps(document))
    return subprocess.run(
        [sys.executable, str(RUN), "compare", str(a), str(b)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )


def _line(output: str, case: str) -> list[str]:
    """The cells of the table line of `case`, split on runs of two spaces or more."""
    (line,) = [line for line in output.splitlines() if line.strip().startswith(case)]
    return [cell.strip() for cell in line.strip()[len(case) :].split("  ") if cell.strip()]


def test_a_row_in_both_shows_both_medians_the_change_and_the_status_move(tmp_path: Path) -> None:
    done = _compare(tmp_path, BEFORE, AFTER)
    assert done.returncode == 0, done.stderr
    assert _line(done.stdout, "toolbridge tool.invoke") == [
        "4.00 µs",
        "6.00 µs",
        "1.50x",
        "+50.0%",
        "<= +5.00 µs",
        "PASS -> FAIL",
    ]
    assert _line(done.stdout, "add(1, 2) called directly (reference)") == [
        "50.0 ns",
        "50.0 ns",
        "1.00x",
        "+0.0%",
    ]


def test_a_row_that_did_not_run_in_one_file_has_no_ratio(tmp_path: Path) -> None:
    done = _compare(tmp_path, BEFORE, AFTER)
    assert _line(done.stdout, "toolbridge tool.validate") == ["2.00 µs", "n/a", "-", "-"]


def test_served_rows_are_compared_on_calls_per_second(tmp_path: Path) -> None:
    done = _compare(tmp_path, BEFORE, AFTER)
    assert "Served: stdio, raw, 16 in flight" in done.stdout
    assert _line(done.stdout, "toolbridge serve") == [
        "2,000",
        "2,500",
        "1.25x",
        "+25.0%",
        ">= 1.2x",
        "PASS",
    ]


def test_rows_in_one_file_only_are_listed_as_added_or_removed(tmp_path: Path) -> None:
    done = _compare(tmp_path, BEFORE, AFTER)
    added = done.stdout.split("Added, only in B (1):\n")[1].split("\n\n")[0]
    removed = done.stdout.split("Removed, only in A (1):\n")[1].split("\n\n")[0]
    assert added.strip() == "Invoke overhead / a case added since"
    assert removed.strip() == "Invoke overhead / a case dropped since"
    # Neither shows up in the table of rows in both.
    table = done.stdout.split("Added, only in B")[0]
    assert "a case added since" not in table
    assert "a case dropped since" not in table


def test_each_file_is_named_with_when_and_how_it_ran(tmp_path: Path) -> None:
    done = _compare(tmp_path, BEFORE, AFTER)
    first, second = done.stdout.splitlines()[:2]
    assert first.startswith("A: ")
    assert first.endswith(
        "A.json (quick, 2026-12-02T10:00:00+0000, load average 0.4, Python 3.11.7)"
    )
    assert second.startswith("B: ")
    assert "B.json" in second


def test_a_file_that_is_not_a_bench_result_is_refused_by_name(tmp_path: Path) -> None:
    not_json = _compare(tmp_path, BEFORE, "{not json")
    assert not_json.returncode == 2
    assert "B.json: not JSON" in not_json.stderr
    assert not_json.stdout == ""
    other = _compare(tmp_path, {"tools": []}, AFTER)
    assert other.returncode == 2
    assert "A.json: not a bench result" in other.stderr
    bad_rows = _compare(tmp_path, BEFORE, _result({"Invoke overhead": [{"median_ns": 1}]}))
    assert bad_rows.returncode == 2
    assert "B.json: sections[0].rows[0] has no case" in bad_rows.stderr
