"""Invoke overhead: what calling through a tool adds to calling the function directly."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from _peers import failure, load
from _report import Row, Section, Target, at_most_delta
from _timing import Case, measure

TARGET = at_most_delta(5_000)

ARGUMENTS: dict[str, Any] = {"a": 1, "b": 2}


def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


def _direct() -> Any:
    return add


def _toolbridge() -> Any:
    from toolbridge import tool

    made = tool(add)
    if made.invoke(ARGUMENTS).structured_content != {"result": 3}:
        raise AssertionError("add(1, 2) through toolbridge did not give {'result': 3}")
    return made


def _langchain() -> Any:
    made = load("langchain_core.tools").tool(add)
    if made.invoke(ARGUMENTS) != 3:
        raise AssertionError("add(1, 2) through LangChain did not give 3")
    return made


@dataclass(frozen=True, slots=True)
class Subject:
    label: str
    stmt: str
    """Times `made`, the object `build` returns."""
    build: Callable[[], Any]
    target: Target | None = None
    reference: bool = False


SUBJECTS = (
    Subject("add(1, 2) called directly (reference)", "made(1, 2)", _direct, reference=True),
    Subject(
        'toolbridge tool.invoke({"a": 1, "b": 2})',
        'made.invoke({"a": 1, "b": 2})',
        _toolbridge,
        target=TARGET,
    ),
    Subject("langchain StructuredTool.invoke", 'made.invoke({"a": 1, "b": 2})', _langchain),
)


def run(*, repeats: int, min_batch_ns: int) -> list[Section]:
    cases: list[Case] = []
    reasons: dict[str, str] = {}
    for subject in SUBJECTS:
        try:
            cases.append(Case(subject.label, subject.stmt, {"made": subject.build()}))
        except Exception as error:  # a broken case is reported, the rest still run
            reasons[subject.label] = failure(error)
    timings = measure(cases, repeats=repeats, min_batch_ns=min_batch_ns)
    rows: list[Row] = []
    for subject in SUBJECTS:
        timing = timings.get(subject.label)
        rows.append(
            Row(
                subject.label,
                None if timing is None else timing.median_ns,
                target=subject.target,
                reason=reasons.get(subject.label, ""),
                reference=subject.reference,
                samples_ns=() if timing is None else timing.per_call_ns,
            )
        )
    notes = ("'vs ref' is the overhead per call over the direct call.",)
    return [Section("Invoke overhead: sync add(a: int, b: int) -> int", rows, notes)]
