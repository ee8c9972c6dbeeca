"""Helpers the scan's tests share: tools to scan, findings that act, held-out files.

`flags`, `asked` and `flagged` read the rules alone (``learned=False``): the rules' tests
pin what each rule does. The learned layer, on by default, has its own tests
(test_learned.py, and its floors on the held-out sets in test_heldout_sets.py).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from toolbridge import Tool
from toolbridge.formats import from_mcp
from toolbridge.security import Finding, at_least, scan


def tool(description: str, name: str = "lookup", **properties: Any) -> Tool:
    """A tool with `description` and the given parameter schemas."""
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    return Tool(name=name, description=description, input_schema=schema)


def acting(found: list[Finding], rule: str | None = None) -> list[Finding]:
    """The findings at ``medium`` or above (of `rule`, when given): what flags a tool."""
    return [
        finding
        for finding in found
        if at_least(finding.severity, "medium") and (rule is None or finding.rule == rule)
    ]


def rated(found: list[Finding]) -> list[tuple[str, str]]:
    """(rule, severity) of the acting findings in `found`."""
    return [(finding.rule, finding.severity) for finding in acting(found)]


def flags(description: str, name: str = "lookup") -> list[tuple[str, str]]:
    """(rule, severity) of the rules' acting findings on one tool `name` described by
    `description`."""
    return rated(scan([tool(description, name=name)], learned=False))


def asked(ask: str) -> list[Finding]:
    """The rules' acting findings on a tool whose `note` parameter is described by `ask`."""
    described = tool("Looks a word up.", note={"type": "string", "description": ask})
    return acting(scan([described], learned=False))


def text_field(description: str) -> dict[str, Any]:
    """A string field's schema with `description`."""
    return {"type": "string", "description": description}


def asks(found: Tool) -> bool:
    """Whether the rules flag `found` for asking for sensitive data (medium or above)."""
    return bool(acting(scan([found], learned=False), "sensitive-reference"))


def instructs(found: Tool) -> bool:
    """Whether the rules flag `found` for instructing the model (medium or above)."""
    return bool(acting(scan([found], learned=False), "instruction"))


def part_of(category: str, entry: dict[str, Any]) -> str:
    """The part a held-out case belongs in: ``unseen`` when its hash starts with 0-5."""
    key = f"{category}/{entry['server']}/{entry['tool']['name']}".encode()
    return "unseen" if int(hashlib.sha256(key).hexdigest()[0], 16) < 6 else "tune"


def held_out(data_dir: Path, folder: str, part: str, category: str) -> list[dict[str, Any]]:
    """The entries of one category file of a held-out set's part."""
    path = data_dir / "poisoning" / folder / part / f"{category}.json"
    entries: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return entries


def flagged(entries: list[dict[str, Any]], *, learned: bool = False) -> set[tuple[str, str]]:
    """(server, tool) of the entries with an acting finding, each server scanned whole:
    the rules', or the rules' and the learned layer's."""
    servers: dict[str, list[Tool]] = {}
    for entry in entries:
        read = from_mcp(entry["tool"])
        assert isinstance(read, Tool)
        servers.setdefault(entry["server"], []).append(read)
    return {(f.server or "", f.tool) for f in acting(scan(servers, learned=learned))}
