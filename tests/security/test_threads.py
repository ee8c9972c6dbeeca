"""`scan` from many threads at once finds what it finds alone.

The gates keep what they last read (`toolbridge.security._literals.Starts`, the cached
`sentence_ends`): each thread must still get its own text's answer. The threads are
switched as often as the interpreter allows, over poisoned and clean definitions.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from toolbridge import Tool
from toolbridge.formats import from_mcp_tool
from toolbridge.security import Finding, scan

DATA = Path(__file__).parent.parent / "data"


def _servers() -> dict[str, list[Tool]]:
    """Set 97's poisoned and benign tools by server, and a few clean corpus servers."""
    servers: dict[str, list[Tool]] = {}
    for path in sorted((DATA / "poisoning" / "heldout97" / "tune").glob("*.json")):
        for entry in json.loads(path.read_text(encoding="utf-8")):
            servers.setdefault(f"{path.stem}/{entry['server']}", []).append(
                from_mcp_tool(entry["tool"])
            )
    for path in sorted((DATA / "corpus" / "mcp").glob("*.json"))[:6]:
        wires = json.loads(path.read_text(encoding="utf-8"))
        servers[path.stem] = [from_mcp_tool(wire) for wire in wires]
    return servers


@pytest.fixture
def switching() -> Iterator[None]:
    """Threads switched every microsecond, so that two scans interleave finely."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


@pytest.mark.usefixtures("switching")
def test_threads_find_what_one_scan_finds() -> None:
    servers = _servers()
    alone = {name: scan({name: tools}) for name, tools in servers.items()}
    assert sum(len(found) for found in alone.values()) > 50  # the poisoned ones fire

    def one(name: str) -> tuple[str, list[Finding]]:
        return name, scan({name: servers[name]})

    # four threads on the same server at once: the same strings, the same gates
    names = [name for name in servers for _ in range(4)] * 2
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(one, names))
    for name, found in together:
        assert found == alone[name], name
