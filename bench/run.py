"""toolbridge side by side with its peers: validation, invoke, formats, MCP, cold import.

    uv run --group bench python bench/run.py            # every part but serve, longer than --quick
    uv run --group bench python bench/run.py --quick    # fewer repeats: about four minutes
    uv run --group bench python bench/run.py --only serve   # served throughput, about 11 minutes
    uv run --group bench python bench/run.py --only security   # tool-poisoning scan vs its peer
    uv run --group bench python bench/run.py compare A.json B.json   # the change per row

Prints one table (medians, ratios to each section's reference, targets, PASS/FAIL)
and writes the same numbers to bench/results/latest.json. Peers that are missing or
broken show as ``n/a (reason)``. With ``--check`` it exits 1 when a target is
missed; with ``--smoke`` it exits 2 when a row could not run (a broken case or peer),
whatever the timings (CI runs a small part that way, see README.md). ``serve``
(served throughput, `_serve.py`) takes minutes and runs only when named in
``--only``; it prints its own table (calls per second) after the others.
``security`` (`_security.py`) adds its time per tool to the table and prints its own
tables (recall, precision and clean flags per rule; the peer side by side) after it.
``compare A.json B.json`` (`_compare.py`) reads two such files and prints each row's
median in both, the change, and the target status when it moved.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

import _compare
import _formats
import _imports
import _invoke
import _limits
import _mcp
import _plugins
import _ratelimits
import _search
import _security
import _serve
import _validation
from _peers import version
from _report import FAIL, Section, render, score, to_json

HERE = Path(__file__).resolve().parent
DISTRIBUTIONS = (
    "toolbridge",
    "jsonschema-rs",
    "jsonschema",
    "toolschema",
    "langchain-core",
    "openai-agents",
    "orjson",
    "mcp",
    "fastmcp",
    "pydantic-ai-slim",
    "rank-bm25",
)
PARTS = (
    "validation",
    "invoke",
    "formats",
    "mcp",
    "plugins",
    "search",
    "imports",
    "limits",
    "ratelimits",
    "security",
)
OPT_IN = ("serve",)
"""Parts that run only when named in ``--only`` (they take minutes)."""


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        epilog="bench/run.py compare A.json B.json: the change per row between two result files",
    )
    parser.add_argument("--quick", action="store_true", help="fewer, shorter repeats")
    parser.add_argument(
        "--only",
        choices=PARTS + OPT_IN,
        action="append",
        help="run only these parts (repeatable)",
    )
    parser.add_argument(
        "--output",
        type=Path,
        default=HERE / "results" / "latest.json",
        help="where to write the JSON results",
    )
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="exit 2 when a row could not run (n/a); a missed target does not fail",
    )
    return parser.parse_args(argv)


def _load() -> str:
    """The 1-minute load average: a busy machine makes every number noisier."""
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except OSError:
        return "unknown"


def _header(quick: bool) -> str:
    versions = ", ".join(f"{name} {version(name) or 'not installed'}" for name in DISTRIBUTIONS)
    return (
        f"toolbridge bench ({'quick' if quick else 'full'}) on Python {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} CPUs, load average {_load()}\n{versions}"
    )


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    if arguments[:1] == ["compare"]:
        return _compare.main(arguments[1:])
    options = _arguments(arguments)
    parts = set(options.only or PARTS)
    repeats = 3 if options.quick else 9
    min_batch_ns = 20_000_000 if options.quick else 100_000_000
    sections: list[Section] = []
    started = time.perf_counter()
    if "validation" in parts:
        sections += _validation.run(repeats=repeats, min_batch_ns=min_batch_ns)
    if "invoke" in parts:
        sections += _invoke.run(repeats=repeats, min_batch_ns=min_batch_ns)
    if "formats" in parts:
        sections += _formats.run(repeats=repeats, min_batch_ns=min_batch_ns)
    if "mcp" in parts:
        sections += _mcp.run(repeats=repeats, quick=options.quick)
    if "plugins" in parts:
        sections += _plugins.run(repeats=repeats, quick=options.quick)
    if "search" in parts:
        sections += _search.run(repeats=repeats, quick=options.quick)
    if "imports" in parts:
        sections += _imports.run(repeats=8 if options.quick else 40)
    if "limits" in parts:
        sections += _limits.run(repeats=3 if options.quick else 5)
    if "ratelimits" in parts:
        sections += _ratelimits.run(repeats=repeats, min_batch_ns=min_batch_ns)
    security = _security.run(quick=options.quick) if "security" in parts else None
    if security is not None:
        sections += security.sections
    served = _serve.run(quick=options.quick) if "serve" in parts else None
    elapsed = time.perf_counter() - started

    print(_header(options.quick))
    if sections:
        print()
        print(render(sections))
    if security is not None:
        print()
        print(_security.render(security))
    if served is not None:
        print()
        print(_serve.render(served))
    print(f"\n({elapsed:.0f} s)")

    options.output.parent.mkdir(parents=True, exist_ok=True)
    document = {
        "quick": options.quick,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "load_average": _load(),
        "versions": {name: version(name) for name in DISTRIBUTIONS},
        "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "seconds": round(elapsed, 1),
        "sections": to_json(sections),
    }
    if security is not None:
        document["security"] = _security.to_json(security)
    if served is not None:
        document["serve"] = _serve.to_json(served)
    options.output.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {options.output}")

    broken = [
        f"{section.title}: {row.case}: {row.reason}"
        for section in sections
        for row in section.rows
        if row.median_ns is None
    ]
    if broken and options.smoke:
        print(f"\n{len(broken)} row(s) could not run:", *broken, sep="\n  ", file=sys.stderr)
        return 2
    failed = any(item.status == FAIL for section in sections for item in score(section))
    failed = failed or (security is not None and _security.failed(security))
    failed = failed or (served is not None and _serve.failed(served))
    return 1 if failed and options.check else 0


if __name__ == "__main__":
    sys.exit(main())
