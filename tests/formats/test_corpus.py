"""Every real MCP tool schema in the corpus becomes a `Tool` and compiles a validator.

``tests/data/corpus/mcp/*.json`` holds the ``tools/list`` output of public MCP servers
(1,037 tools; 124 input schemas say draft-07). For each tool: the canonical `Tool`
builds, both validators compile, and validating ``{}`` gives `Valid` (with the
defaults filled in) or `Invalid` with only ``required`` issues, never an exception.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from toolbridge import Invalid, IssueKind, Tool, Valid

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus" / "mcp"
FILES = sorted(CORPUS.glob("*.json")) if CORPUS.is_dir() else []


def _tools(path: Path) -> list[dict[str, Any]]:
    tools: list[dict[str, Any]] = json.loads(path.read_text())
    return tools


def test_the_corpus_is_all_there(data_dir: Path) -> None:
    assert data_dir / "corpus" / "mcp" == CORPUS
    tools = [tool for path in FILES for tool in _tools(path)]
    assert len(tools) == 1_037
    drafts = Counter(tool["inputSchema"].get("$schema") for tool in tools)
    assert drafts["http://json-schema.org/draft-07/schema#"] == 124
    assert sum(1 for tool in tools if tool.get("outputSchema")) > 200


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_every_tool_builds_compiles_and_validates_empty_arguments(path: Path) -> None:
    problems: list[str] = []
    for source in _tools(path):
        name = source["name"]
        try:
            tool = Tool(
                name=name,
                description=source.get("description") or "",
                input_schema=source["inputSchema"],
                output_schema=source.get("outputSchema"),
            )
            assert tool.validator is not None
            assert (tool.output_validator is None) == (tool.output_schema is None)
            checked = tool.validate({})
        except Exception as error:  # collected, so one file reports every broken tool
            problems.append(f"{name}: {type(error).__name__}: {error}")
            continue
        if isinstance(checked, Invalid):
            kinds = {issue.kind for issue in checked.issues}
            if kinds != {IssueKind.REQUIRED}:
                problems.append(f"{name}: {checked}")
            elif any(len(issue.path) != 1 for issue in checked.issues):
                problems.append(f"{name}: a missing top-level property has a longer path")
        else:
            assert isinstance(checked, Valid)
            assert isinstance(checked.value, dict)
    assert not problems, "\n".join(problems)


def test_defaults_from_the_corpus_are_filled_in() -> None:
    filled = 0
    for path in FILES:
        for source in _tools(path):
            properties = source["inputSchema"].get("properties") or {}
            top_defaults = {
                key: value["default"]
                for key, value in properties.items()
                if isinstance(value, dict) and "default" in value
            }
            if not top_defaults:
                continue
            checked = Tool(name=source["name"], input_schema=source["inputSchema"]).validate({})
            if isinstance(checked, Valid):
                for key, default in top_defaults.items():
                    assert checked.value[key] == default, (path.stem, source["name"], key)
                filled += 1
    assert filled >= 20  # 22 tools have top-level defaults and nothing required
