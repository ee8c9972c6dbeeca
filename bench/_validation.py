"""Validation per call: toolbridge against bare jsonschema-rs and two Python peers.

Every validator gets the same schema (a search tool's input, as an MCP server would
send it) and the same argument objects, and is compiled once before timing.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from _peers import failure, load
from _report import Row, Section, at_most_ratio, duration
from _timing import Case, measure

TARGET = at_most_ratio(1.5)

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": {
        "query": {"type": "string", "minLength": 1, "description": "What to search for."},
        "sources": {
            "type": "array",
            "items": {"type": "string"},
            "maxItems": 10,
            "description": "Where to search, such as 'web' or 'news'.",
        },
        "mode": {"type": "string", "enum": ["fast", "deep", "exhaustive"], "default": "fast"},
        "limit": {"type": "integer", "minimum": 1, "maximum": 100, "default": 10},
        "window": {
            "type": "object",
            "description": "Only results published in this window.",
            "properties": {
                "start": {"type": "string", "description": "ISO 8601 date."},
                "end": {"type": "string", "description": "ISO 8601 date."},
            },
            "required": ["start"],
            "additionalProperties": False,
        },
        "include_snippets": {"type": "boolean", "default": True},
        "language": {"type": "string", "description": "An ISO 639-1 code."},
    },
    "required": ["query", "sources"],
    "additionalProperties": False,
}
"""7 properties: a nested object, an array of strings, an enum, bounds, defaults."""

FULL: dict[str, Any] = {
    "query": "jsonschema performance",
    "sources": ["web", "news", "papers"],
    "mode": "deep",
    "limit": 25,
    "window": {"start": "2024-01-01", "end": "2024-12-31"},
    "include_snippets": False,
    "language": "en",
}
SPARSE: dict[str, Any] = {
    "query": "jsonschema performance",
    "sources": ["web", "news"],
    "window": {"start": "2024-01-01"},
}
INVALID: dict[str, Any] = {
    "query": "jsonschema performance",
    "sources": ["web", 7],
    "mode": "slow",
    "limit": "ten",
    "page": 2,
}


FILLED: dict[str, Any] = {**SPARSE, "mode": "fast", "limit": 10, "include_snippets": True}


@dataclass(frozen=True, slots=True)
class Scenario:
    title: str
    arguments: Mapping[str, Any]
    valid: bool
    normalised: Mapping[str, Any] | None = None
    """The arguments with defaults filled in, for validators that fill them."""


SCENARIOS = (
    Scenario("valid, every argument given (7 of 7)", FULL, valid=True),
    Scenario("valid, 3 of 7 given, 3 defaults filled in", SPARSE, valid=True, normalised=FILLED),
    Scenario("invalid, 4 problems (item type, enum, type, extra key)", INVALID, valid=False),
)


@dataclass(frozen=True, slots=True)
class Subject:
    """One validator: how to build its check from the schema, how to read its answer."""

    label: str
    build: Callable[[dict[str, Any]], Callable[[Any], Any]]
    says_valid: Callable[[Any], bool]
    value: Callable[[Any], Any] | None = None
    """The normalised arguments in its answer, if it gives them."""
    reference: bool = False
    target: bool = False
    invalid_only: bool = False


def _jsonschema_rs(schema: dict[str, Any]) -> Callable[[Any], Any]:
    module = load("jsonschema_rs")
    check: Callable[[Any], Any] = module.validator_for(schema).is_valid
    return check


def _jsonschema_rs_errors(schema: dict[str, Any]) -> Callable[[Any], Any]:
    validator = load("jsonschema_rs").validator_for(schema)

    def all_errors(value: Any) -> Any:
        return list(validator.iter_errors(value))

    return all_errors


def _toolbridge_tool(schema: dict[str, Any]) -> Callable[[Any], Any]:
    from toolbridge import Tool

    tool = Tool(name="search", description="Search the web.", input_schema=schema)
    tool.validate({})  # compile now, not in the first timed batch
    return tool.validate


def _toolbridge_validator(schema: dict[str, Any]) -> Callable[[Any], Any]:
    from toolbridge import Validator

    return Validator(schema).validate


def _jsonschema(schema: dict[str, Any]) -> Callable[[Any], Any]:
    module = load("jsonschema")
    check: Callable[[Any], Any] = module.Draft202012Validator(schema).is_valid
    return check


def _toolschema(schema: dict[str, Any]) -> Callable[[Any], Any]:
    module = load("toolschema")
    definition = module.ToolDefinition(
        name="search", description="Search the web.", parameters=schema
    )
    check: Callable[[Any], Any] = definition.validate
    return check


SUBJECTS = (
    Subject("jsonschema-rs is_valid (reference)", _jsonschema_rs, bool, reference=True),
    Subject(
        "toolbridge tool.validate",
        _toolbridge_tool,
        lambda r: bool(r.ok),
        value=lambda r: r.value,
        target=True,
    ),
    Subject(
        "toolbridge Validator.validate",
        _toolbridge_validator,
        lambda r: bool(r.ok),
        value=lambda r: r.value,
    ),
    Subject(
        "jsonschema-rs list(iter_errors)",
        _jsonschema_rs_errors,
        lambda errors: not errors,
        invalid_only=True,
    ),
    Subject("jsonschema Draft202012 is_valid", _jsonschema, bool),
    Subject(
        "toolschema ToolDefinition.validate",
        _toolschema,
        lambda r: r.issues is None,
        value=lambda r: r.value,
    ),
)


def run(*, repeats: int, min_batch_ns: int) -> list[Section]:
    sections: list[Section] = []
    for scenario in SCENARIOS:
        rows: list[Row] = []
        cases: list[Case] = []
        notes: dict[str, str] = {}
        reasons: dict[str, str] = {}
        subjects = [s for s in SUBJECTS if scenario.valid is False or not s.invalid_only]
        for subject in subjects:
            before = copy.deepcopy(scenario.arguments)
            try:
                check = subject.build(SCHEMA)
                answer = check(scenario.arguments)
            except Exception as error:  # a broken case is reported, the rest still run
                reasons[subject.label] = failure(error)
                continue
            notes[subject.label] = _disagreement(subject, scenario, answer, before)
            cases.append(
                Case(subject.label, "check(args)", {"check": check, "args": scenario.arguments})
            )
        timings = measure(cases, repeats=repeats, min_batch_ns=min_batch_ns)
        for subject in subjects:
            timing = timings.get(subject.label)
            if timing is None:
                rows.append(Row(subject.label, None, reason=reasons.get(subject.label, "")))
                continue
            rows.append(
                Row(
                    subject.label,
                    timing.median_ns,
                    target=TARGET if subject.target and scenario.valid else None,
                    note=notes.get(subject.label, ""),
                    reference=subject.reference,
                    samples_ns=timing.per_call_ns,
                )
            )
        sections.append(
            Section(f"Validation per call: {scenario.title}", rows, _notes(scenario, timings))
        )
    return sections


def _disagreement(subject: Subject, scenario: Scenario, answer: Any, before: Any) -> str:
    """What is wrong with a validator's answer, or ``""``."""
    if scenario.arguments != before:
        return "changed the caller's arguments (later repeats measure other input)"
    valid = subject.says_valid(answer)
    if valid != scenario.valid:
        return f"disagrees: says the arguments are {'valid' if valid else 'invalid'}"
    if subject.value is not None and scenario.normalised is not None:
        value = subject.value(answer)
        if value != scenario.normalised:
            return f"disagrees: normalised the arguments to {value!r}"
    return ""


def _notes(scenario: Scenario, timings: Mapping[str, Any]) -> tuple[str, ...]:
    if scenario.valid:
        return ()
    ours = timings.get("toolbridge tool.validate")
    errors = timings.get("jsonschema-rs list(iter_errors)")
    if ours is None or errors is None:
        return ()
    return (
        "No target here: is_valid stops at the first error, toolbridge lists every issue",
        "with a path and a message. Against jsonschema-rs listing all errors it takes "
        f"{ours.median_ns / errors.median_ns:.2f}x ({duration(ours.median_ns)} vs "
        f"{duration(errors.median_ns)}).",
    )
