"""The official JSON-Schema-Test-Suite through `Validator`: drafts 2020-12 and 7.

The required tests (each draft's top-level ``*.json``, not ``optional/``) run one
pytest case per suite test, with the suite's remote schemas
(``http://localhost:1234/...``) handed over as in-memory `resources`: nothing is
fetched. A draft-7 schema without ``$schema`` gets the draft-7 one (toolbridge's
default is 2020-12). Known failures are listed in `KNOWN_FAILURES` with a reason and
skipped; a summary test keeps the pass rate at 99% or more.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from toolbridge import Validator

SUITE = Path(__file__).resolve().parents[1] / "data" / "jsonschema-test-suite"
DRAFTS = {
    "draft2020-12": "https://json-schema.org/draft/2020-12/schema",
    "draft7": "http://json-schema.org/draft-07/schema#",
}
REMOTE_BASE = "http://localhost:1234/"

KNOWN_FAILURES: dict[str, str] = {
    # "<draft>/<file>::<case description>::<test description>": "why it fails",
    # None today: jsonschema-rs 0.60 passes every required test of both drafts.
}
"""Suite tests expected to fail, by id, each with its reason; they are skipped."""


class SuiteTest(NamedTuple):
    draft: str
    file: str
    case: int
    test: int
    id: str


@cache
def _load(draft: str, file: str) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads((SUITE / draft / file).read_text())
    return cases


def _collect() -> list[SuiteTest]:
    tests: list[SuiteTest] = []
    for draft in DRAFTS:
        for path in sorted((SUITE / draft).glob("*.json")):
            for case_index, case in enumerate(_load(draft, path.name)):
                for test_index, test in enumerate(case["tests"]):
                    test_id = f"{draft}/{path.name}::{case['description']}::{test['description']}"
                    tests.append(SuiteTest(draft, path.name, case_index, test_index, test_id))
    return tests


TESTS = _collect() if SUITE.is_dir() else []


@cache
def _remotes() -> dict[str, Any]:
    folder = SUITE / "remotes"
    return {
        REMOTE_BASE + path.relative_to(folder).as_posix(): json.loads(path.read_text())
        for path in sorted(folder.rglob("*.json"))
    }


@cache
def _validator(draft: str, file: str, case: int) -> Validator:
    schema = _load(draft, file)[case]["schema"]
    if isinstance(schema, Mapping) and "$schema" not in schema:
        schema = {"$schema": DRAFTS[draft], **schema}
    return Validator(schema, resources=_remotes())


def _passes(test: SuiteTest) -> bool:
    expected = _load(test.draft, test.file)[test.case]["tests"][test.test]
    result = _validator(test.draft, test.file, test.case).validate(expected["data"])
    return bool(result.ok) is bool(expected["valid"])


def _param(test: SuiteTest) -> Any:
    reason = KNOWN_FAILURES.get(test.id)
    marks = [pytest.mark.skip(reason=reason)] if reason else []
    return pytest.param(test, id=test.id, marks=marks)


def test_the_suite_is_there(data_dir: Path) -> None:
    assert data_dir / "jsonschema-test-suite" == SUITE
    assert len([t for t in TESTS if t.draft == "draft2020-12"]) > 1_000
    assert len([t for t in TESTS if t.draft == "draft7"]) > 800
    assert len({test.id for test in TESTS}) == len(TESTS)


def test_every_known_failure_is_a_real_suite_test() -> None:
    ids = {test.id for test in TESTS}
    assert set(KNOWN_FAILURES) <= ids


@pytest.mark.parametrize("test", [_param(test) for test in TESTS])
def test_suite(test: SuiteTest) -> None:
    expected = _load(test.draft, test.file)[test.case]["tests"][test.test]
    result = _validator(test.draft, test.file, test.case).validate(expected["data"])
    assert result.ok == expected["valid"], str(result) if not result.ok else "valid"


@pytest.mark.parametrize("draft", list(DRAFTS))
def test_pass_rate_is_at_least_99_percent(draft: str) -> None:
    tests = [test for test in TESTS if test.draft == draft]
    assert tests, f"no {draft} tests found under {SUITE}"
    passed = sum(_passes(test) for test in tests)
    assert passed / len(tests) >= 0.99, f"{passed} of {len(tests)} pass"
    known = [test for test in tests if test.id in KNOWN_FAILURES]
    assert passed >= len(tests) - len(known), "a suite test fails that is not a known failure"
