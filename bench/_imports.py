"""Cold import: fresh interpreters, timed from the outside, the bare start-up subtracted."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import dataclass

from _report import Row, Section, Target, at_most_delta, duration

TARGET = at_most_delta(50_000_000)

FIRST_USE = (
    "from toolbridge import tool\n"
    "def add(a: int, b: int) -> int:\n"
    "    return a + b\n"
    "tool(add).invoke({'a': 1, 'b': 2})\n"
)


@dataclass(frozen=True, slots=True)
class Program:
    label: str
    code: str
    target: Target | None = None
    reference: bool = False
    profile: bool = False
    """Also break its imports down with ``-X importtime``."""


PROGRAMS = (
    Program("python -c pass (reference)", "pass", reference=True),
    Program("import toolbridge", "import toolbridge", target=TARGET, profile=True),
    Program(
        "from toolbridge import tool, Tool",
        "from toolbridge import tool, Tool",
        profile=True,
    ),
    Program("first use: import, @tool add, invoke", FIRST_USE, profile=True),
    Program("import toolschema", "import toolschema"),
    Program("import langchain_core.tools", "import langchain_core.tools"),
)


def _run(code: str, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *options, "-c", code],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def _wall_ns(code: str) -> int:
    start = time.perf_counter_ns()
    _run(code)
    return time.perf_counter_ns() - start


def _failure(completed: subprocess.CompletedProcess[str]) -> str:
    lines = completed.stderr.strip().splitlines()
    return lines[-1] if lines else f"exit status {completed.returncode}"


def _import_times(code: str, runs: int = 3) -> dict[str, int]:
    """Self import time (µs) of every module `code` imports, the least of a few runs."""
    times: dict[str, int] = {}
    for _ in range(runs):
        completed = _run(code, "-X", "importtime")
        for line in completed.stderr.splitlines():
            if not line.startswith("import time:") or "self [us]" in line:
                continue
            self_us, _cumulative, name = line.removeprefix("import time:").split("|", 2)
            name = name.strip()
            times[name] = min(int(self_us), times.get(name, int(self_us)))
    return times


def import_profile(code: str, top: int) -> list[tuple[str, int]]:
    """Self import time (µs) by top-level package, largest first, start-up's own left out."""
    start_up = _import_times("pass")
    by_package: defaultdict[str, int] = defaultdict(int)
    for name, self_us in _import_times(code).items():
        if name not in start_up:
            by_package[name.split(".")[0]] += self_us
    return sorted(by_package.items(), key=lambda item: item[1], reverse=True)[:top]


def run(*, repeats: int, top: int = 8) -> list[Section]:
    runnable: list[Program] = []
    reasons: dict[str, str] = {}
    for program in PROGRAMS:
        completed = _run(program.code)  # also warms the bytecode cache
        if completed.returncode == 0:
            runnable.append(program)
        else:
            reasons[program.label] = _failure(completed)
    samples: dict[str, list[int]] = {program.label: [] for program in runnable}
    for repeat in range(repeats if runnable else 0):
        shift = repeat % len(runnable)
        for program in [*runnable[shift:], *runnable[:shift]]:
            samples[program.label].append(_wall_ns(program.code))
    rows = [
        Row(
            program.label,
            statistics.median(samples[program.label]) if program.label in samples else None,
            target=program.target,
            reason=reasons.get(program.label, ""),
            reference=program.reference,
            samples_ns=tuple(samples.get(program.label, ())),
        )
        for program in PROGRAMS
    ]
    notes: list[str] = [
        f"Wall time of a fresh `python -c`, median of {repeats} interleaved runs; "
        "'vs ref' is the import cost (start-up subtracted).",
        f"Largest self import times beyond start-up, by package (-X importtime, top {top}):",
    ]
    for program in runnable:
        if program.profile:
            parts = ", ".join(
                f"{package} {duration(us * 1000)}"
                for package, us in import_profile(program.code, top)
            )
            notes.append(f"  {program.label}: {parts}")
    return [Section("Cold import", rows, tuple(notes))]
