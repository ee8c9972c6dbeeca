"""The clean corpus: the 1,037 real MCP tools of tests/data/corpus/mcp, server by server.

At most 1% of them may have a finding at ``medium`` or worse (the severity that acts
where tools are loaded); the assertion lists the tools that fire, so that a
regression names itself.
"""

from __future__ import annotations

import json
from pathlib import Path

from toolbridge import Tool
from toolbridge.formats import from_mcp
from toolbridge.security import at_least, scan

CORPUS = Path(__file__).parent.parent / "data" / "corpus" / "mcp"


def servers() -> dict[str, list[Tool]]:
    out: dict[str, list[Tool]] = {}
    for path in sorted(CORPUS.glob("*.json")):
        tools = from_mcp(json.loads(path.read_text(encoding="utf-8")))
        out[path.stem] = tools if isinstance(tools, list) else [tools]
    return out


def test_at_most_one_percent_of_the_clean_corpus_is_flagged() -> None:
    corpus = servers()
    total = sum(len(tools) for tools in corpus.values())
    assert total == 1037
    flagged = sorted(
        {
            (finding.server or "", finding.tool, finding.rule, finding.text)
            for server, tools in corpus.items()
            for finding in scan({server: tools})
            if at_least(finding.severity, "medium")
        }
    )
    tools = {(server, tool) for server, tool, _, _ in flagged}
    assert len(tools) <= total // 100, "\n".join(map(str, flagged))


def test_the_corpus_as_one_configuration_shadows_at_most_one_percent() -> None:
    """All 40 servers at once: a tool's prose naming another server's tool is rare.

    (Name collisions are left out: github and gitlab, or a server and its legacy
    version, do offer the same names, and saying so is the rule's job.)
    """
    corpus = servers()
    total = sum(len(tools) for tools in corpus.values())
    shadowing = sorted(
        {
            (finding.server or "", finding.tool, finding.text)
            for finding in scan(corpus)
            if finding.rule == "shadowing"
        }
    )
    assert len({(server, tool) for server, tool, _ in shadowing}) <= total // 100, "\n".join(
        map(str, shadowing)
    )
