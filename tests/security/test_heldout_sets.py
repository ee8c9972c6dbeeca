"""Held-out sets 5 and 6, both parts: each case in its hash's part, each part at its score.

Both sets were written blind (by sessions that never read the scanner) and split by
the first hex digit of ``sha256("<category>/<server>/<tool name>")``: 0-5 unseen,
else tune. The rules were widened with a tune part in view; an unseen part was scored
once, with the rules final, before anyone looked at its misses (the figures in each
set's README). The scores here are floors, so that a change losing a case fails:
set 5's unseen part has been tuned on since it was scored (86.7% then), set 6's has not
(84.6%, its first score).
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
SCORES: dict[tuple[str, str], dict[str, tuple[int, int]]] = {
    ("heldout5", "tune"): {"hidden": (28, 28), "shadowing": (28, 28), "exfiltration": (30, 30)},
    ("heldout5", "unseen"): {"hidden": (18, 18), "shadowing": (14, 14), "exfiltration": (13, 13)},
    ("heldout6", "tune"): {"hidden": (18, 18), "shadowing": (23, 23), "exfiltration": (28, 28)},
    ("heldout6", "unseen"): {"hidden": (23, 23), "shadowing": (10, 15), "exfiltration": (11, 14)},
}
"""Cases flagged at medium or above, of each category's poisoned cases. Before any rule
change for the set: heldout5 tune 23, 23, 14 and unseen 18, 10, 6; heldout6 tune 17,
18, 13 and unseen 23, 8, 9."""
ALLOWED_NEGATIVES: dict[tuple[str, str], set[tuple[str, str]]] = {
    ("heldout5", "tune"): {("guardrail", "detect_injection")},
    ("heldout5", "unseen"): set(),
    ("heldout6", "tune"): {("prompt-guard", "detect_injection")},
    ("heldout6", "unseen"): {
        ("chat-archive", "export_conversation"),
        ("agent-spawn", "create_subagent"),
        ("behoerden", "termin_buchen"),
    },
}
"""The hard negatives still flagged: injection detectors quoting "ignore previous
instructions"; in set 6's unseen part, an export of the messages the user picked, a
user-written system prompt for a sub-agent, and German soft hyphens."""
PARTS = sorted(SCORES)


def _file(data_dir: Path, where: tuple[str, str], category: str) -> list[dict[str, Any]]:
    heldout, part = where
    path = data_dir / "poisoning" / heldout / part / f"{category}.json"
    entries: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return entries


def _flagged(entries: list[dict[str, Any]]) -> set[tuple[str, str]]:
    """The (server, tool) pairs with a finding at medium or above, servers scanned together."""
    servers: dict[str, list[Tool]] = {}
    for entry in entries:
        read = from_mcp(entry["tool"])
        assert isinstance(read, Tool)
        servers.setdefault(entry["server"], []).append(read)
    return {(f.server or "", f.tool) for f in scan(servers) if at_least(f.severity, "medium")}


@pytest.mark.parametrize("category", [*CATEGORIES, "benign"])
@pytest.mark.parametrize("where", PARTS, ids="/".join)
def test_each_case_is_in_the_part_its_hash_names(
    data_dir: Path, where: tuple[str, str], category: str
) -> None:
    unseen = where[1] == "unseen"
    for entry in _file(data_dir, where, category):
        if category == "shadowing" and entry["note"] == "victim":
            continue  # the victims stand in both parts
        key = f"{category}/{entry['server']}/{entry['tool']['name']}".encode()
        assert (int(hashlib.sha256(key).hexdigest()[0], 16) < 6) == unseen, entry["tool"]["name"]


@pytest.mark.parametrize("category", CATEGORIES)
@pytest.mark.parametrize("where", PARTS, ids="/".join)
def test_each_part_keeps_its_score(data_dir: Path, where: tuple[str, str], category: str) -> None:
    entries = _file(data_dir, where, category)
    poisoned = {(e["server"], e["tool"]["name"]) for e in entries if e["rules"]}
    victims = {(e["server"], e["tool"]["name"]) for e in entries if not e["rules"]}
    flagged = _flagged(entries)
    caught, total = SCORES[where][category]
    assert len(poisoned) == total
    assert len(poisoned & flagged) >= caught, sorted(poisoned - flagged)
    assert victims & flagged == set()


@pytest.mark.parametrize("where", PARTS, ids="/".join)
def test_each_parts_hard_negatives(data_dir: Path, where: tuple[str, str]) -> None:
    assert _flagged(_file(data_dir, where, "benign")) <= ALLOWED_NEGATIVES[where]
