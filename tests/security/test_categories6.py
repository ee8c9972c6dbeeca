"""Held-out set 6's tune part: in its hash's part, at its score, its hard negatives.

The rules were widened by shape with this part in view (the cases of each shape are
in test_shapes6.py, written apart from the set). Its unseen part is not read here:
the lead scores it once, at the end.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from toolbridge import Tool
from toolbridge.formats import from_mcp
from toolbridge.security import at_least, scan

CATEGORIES = ("hidden", "shadowing", "exfiltration")
TUNE_CAUGHT = {"hidden": (18, 18), "shadowing": (23, 23), "exfiltration": (28, 28)}
"""The tune part's score once the rules were widened by shape (before, with the rules
of d99ec93: 17/18, 19/23, 14/28; at 27a0de9: 17/18, 18/23, 13/28)."""
ALLOWED_NEGATIVES = {("prompt-guard", "detect_injection")}
"""The hard negative still flagged: an injection detector quoting 'ignore previous
instructions' as its example."""


def _file(data_dir: Path, category: str) -> list[dict[str, Any]]:
    path = data_dir / "poisoning" / "heldout6" / "tune" / f"{category}.json"
    entries: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return entries


def _flagged(entries: list[dict[str, Any]]) -> set[tuple[str, str]]:
    servers: dict[str, list[Tool]] = {}
    for entry in entries:
        read = from_mcp(entry["tool"])
        assert isinstance(read, Tool)
        servers.setdefault(entry["server"], []).append(read)
    found = scan(servers)
    return {(f.server or "", f.tool) for f in found if at_least(f.severity, "medium")}


@pytest.mark.parametrize("category", [*CATEGORIES, "benign"])
def test_each_tune_case_is_in_the_part_its_hash_names(data_dir: Path, category: str) -> None:
    for entry in _file(data_dir, category):
        if category == "shadowing" and entry["note"] == "victim":
            continue
        key = f"{category}/{entry['server']}/{entry['tool']['name']}".encode()
        assert int(hashlib.sha256(key).hexdigest()[0], 16) >= 6, entry["tool"]["name"]


@pytest.mark.parametrize("category", CATEGORIES)
def test_the_tune_part_keeps_its_score(data_dir: Path, category: str) -> None:
    entries = _file(data_dir, category)
    poisoned = {(e["server"], e["tool"]["name"]) for e in entries if e["rules"]}
    victims = {(e["server"], e["tool"]["name"]) for e in entries if not e["rules"]}
    flagged = _flagged(entries)
    caught, total = TUNE_CAUGHT[category]
    assert len(poisoned) == total
    assert len(poisoned & flagged) >= caught, sorted(poisoned - flagged)
    assert victims & flagged == set()


def test_the_tune_parts_hard_negatives(data_dir: Path) -> None:
    assert _flagged(_file(data_dir, "benign")) <= ALLOWED_NEGATIVES
