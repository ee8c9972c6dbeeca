"""The labelled tool-poisoning set: well formed, cited, and caught by `toolbridge.security.scan`.

The set (``tests/data/poisoning``, see its README) is what the issue's targets are
measured on: recall >= 95% on its poisoned tools and <= 1% of the 1,037 clean corpus
tools flagged, a flag being a finding at severity ``medium`` or above.
``bench/_security.py`` reports the same figures per rule, beside its peer's.
"""

from __future__ import annotations

import importlib
import json
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import pytest

from toolbridge import Tool
from toolbridge.formats import from_mcp

RULE_IDS = (
    "hidden-characters",
    "terminal-escape",
    "confusable-name",
    "instruction",
    "sensitive-reference",
    "encoded-blob",
    "shadowing",
    "name-collision",
    "definition-changed",
)
"""The design's rule ids (issue 19), the contract between the scanner and this set."""
KEYS = {"tool", "server", "rules", "source", "note"}
OPTIONAL_KEYS = {"pinned"}
VARIANT = "toolbridge (variant of "
RECALL_TARGET = 0.95
CLEAN_TARGET = 0.01


TUNED = ("heldout1-tuned", "heldout2-tuned")
"""Held-out sets the scanner has since been tuned on: part of the labelled set now."""
HELDOUT = "heldout3"
"""The held-out set nobody has tuned on: scored apart, not held to the target."""


def _files(data_dir: Path, *, heldout: bool = False) -> list[Path]:
    """The set's files (the tuned-on held-out sets too); with `heldout`, the held-out set's."""
    folder = data_dir / "poisoning"
    folders = [folder, *(folder / name for name in TUNED)]
    if heldout:
        folders.append(folder / HELDOUT)
    return sorted(path for where in folders for path in where.glob("*.json"))


def _entries(data_dir: Path, *, heldout: bool = False) -> list[tuple[str, dict[str, Any]]]:
    """(group, entry): a group is a file's path under ``poisoning/`` without ``.json``."""
    folder = data_dir / "poisoning"
    return [
        (path.relative_to(folder).with_suffix("").as_posix(), entry)
        for path in _files(data_dir, heldout=heldout)
        for entry in json.loads(path.read_text(encoding="utf-8"))
    ]


def _benign(group: str) -> bool:
    return group.rsplit("/", 1)[-1] == "benign"


def _poisoned(data_dir: Path) -> list[dict[str, Any]]:
    return [entry for group, entry in _entries(data_dir) if not _benign(group) and entry["rules"]]


def test_every_entry_is_a_labelled_mcp_tool(data_dir: Path) -> None:
    entries = _entries(data_dir, heldout=True)
    assert entries
    for stem, entry in entries:
        where = f"{stem}: {entry.get('tool', {}).get('name')!r}"
        assert KEYS <= entry.keys() <= KEYS | OPTIONAL_KEYS, where
        read = from_mcp(entry["tool"])
        assert isinstance(read, Tool), where
        assert read.name == entry["tool"]["name"], where
        if "pinned" in entry:
            pinned = from_mcp(entry["pinned"])
            assert pinned.name == entry["tool"]["name"], where
        assert set(entry["rules"]) <= set(RULE_IDS), where
        assert entry["rules"] == sorted(set(entry["rules"])), where
        assert isinstance(entry["server"], str), where
        assert entry["server"], where
        assert entry["source"].strip(), where
        assert entry["note"].strip(), where
        if _benign(stem):
            assert entry["rules"] == [], where


def test_a_tool_is_named_once_per_server_in_a_file(data_dir: Path) -> None:
    """Findings name a tool by (server, name); the evaluation needs that to be unique."""
    for path in _files(data_dir, heldout=True):
        keys = Counter(
            (entry["server"], entry["tool"]["name"])
            for entry in json.loads(path.read_text(encoding="utf-8"))
        )
        assert [key for key, count in keys.items() if count > 1] == [], path.name


def test_every_rule_has_ten_poisoned_tools_and_the_set_has_150(data_dir: Path) -> None:
    poisoned = _poisoned(data_dir)
    per_rule = Counter(rule for entry in poisoned for rule in entry["rules"])
    assert len(poisoned) >= 150
    assert {rule: per_rule[rule] for rule in RULE_IDS if per_rule[rule] < 10} == {}


def test_the_readme_cites_every_source(data_dir: Path) -> None:
    readme = (data_dir / "poisoning" / "README.md").read_text(encoding="utf-8")
    for stem, entry in _entries(data_dir, heldout=True):
        source: str = entry["source"]
        if source.startswith(VARIANT):
            source = source.removeprefix(VARIANT).removesuffix(")")
        assert source in readme, f"{stem}: {source!r} is not cited in README.md"


def test_the_rule_ids_are_the_scanners() -> None:
    security = _security()
    # ``learned`` (a model's reading, off by default) labels no case of its own
    assert tuple(rule for rule in security.RULES if rule != "learned") == RULE_IDS


def _security() -> Any:
    """`toolbridge.security`, or a skip while its `scan` is not written yet."""
    try:
        security = importlib.import_module("toolbridge.security")
    except ImportError:
        pytest.skip("toolbridge.security does not exist yet")
    if not hasattr(security, "scan"):
        pytest.skip("toolbridge.security.scan does not exist yet")
    return security


def _flagged(security: Any, groups: dict[str, list[dict[str, Any]]]) -> set[tuple[str, str, str]]:
    """(group, server, tool) of every tool with a finding at ``medium`` or above.

    Each group (a poisoning file, or one corpus server) is scanned as one mapping
    ``{server: tools}``, with the pins its entries carry.
    """
    floor = security.SEVERITIES.index("medium")
    flagged: set[tuple[str, str, str]] = set()
    for group, entries in groups.items():
        tools: dict[str, list[Tool]] = defaultdict(list)
        pins: dict[str, dict[str, str]] = defaultdict(dict)
        for entry in entries:
            tools[entry["server"]].append(from_mcp(entry["tool"]))
            if "pinned" in entry:
                pinned = from_mcp(entry["pinned"])
                pins[entry["server"]][pinned.name] = pinned.fingerprint
        for finding in security.scan(dict(tools), pins=dict(pins) or None):
            if security.SEVERITIES.index(finding.severity) >= floor:
                flagged.add((group, finding.server or "", finding.tool))
    return flagged


def _groups(data_dir: Path, *, negatives: bool) -> dict[str, list[dict[str, Any]]]:
    """The labelled set's entries by group, the hard-negative files with `negatives`."""
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for group, entry in _entries(data_dir):
        if negatives or not _benign(group):
            groups[group].append(entry)
    return groups


def _keys(groups: dict[str, list[dict[str, Any]]], *, poisoned: bool) -> list[tuple[str, ...]]:
    """(group, server, tool) of the poisoned entries, or of the others."""
    return [
        (group, entry["server"], entry["tool"]["name"])
        for group, entries in groups.items()
        for entry in entries
        if bool(entry["rules"]) is poisoned
    ]


def test_scan_recall_on_the_poisoned_set_is_at_least_95_percent(data_dir: Path) -> None:
    groups = _groups(data_dir, negatives=False)
    flagged = _flagged(_security(), groups)
    poisoned = _keys(groups, poisoned=True)
    missed = [key for key in poisoned if key not in flagged]
    recall = 1 - len(missed) / len(poisoned)
    assert recall >= RECALL_TARGET, f"recall {recall:.1%}; missed {missed}"


def test_no_hard_negative_or_victim_of_the_set_is_flagged(data_dir: Path) -> None:
    groups = _groups(data_dir, negatives=True)
    flagged = _flagged(_security(), groups)
    innocent = _keys(groups, poisoned=False)
    assert len(innocent) >= 70
    assert [key for key in innocent if key in flagged] == []


def test_scan_flags_at_most_1_percent_of_the_clean_corpus(data_dir: Path) -> None:
    security = _security()
    groups: dict[str, list[dict[str, Any]]] = {}
    for path in sorted((data_dir / "corpus" / "mcp").glob("*.json")):
        wires = {wire["name"]: wire for wire in json.loads(path.read_text(encoding="utf-8"))}
        groups[path.stem] = [{"server": path.stem, "tool": wire} for wire in wires.values()]
    total = sum(len(entries) for entries in groups.values())
    assert total == 1_037
    flagged = _flagged(security, groups)
    assert len(flagged) / total <= CLEAN_TARGET, f"{len(flagged)} clean tools flagged: {flagged}"
