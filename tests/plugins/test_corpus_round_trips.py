"""Every corpus tool (tests/data/corpus/mcp, 1,037 real MCP tool definitions) through
each framework plugin and back, with its definition intact.

These live at the root, not in the plugins' own tests: the corpus is the repository's,
and a plugin's tests run with nothing of the repository beside them.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from agents import FunctionTool
from fastmcp import Client

import toolbridge
from toolbridge import Tool
from toolbridge.formats import from_mcp, to_mcp
from toolbridge_fastmcp import make_server
from toolbridge_langchain import from_langchain, to_langchain
from toolbridge_openai_agents import from_openai_agents, to_openai_agents
from toolbridge_pydantic_ai import from_pydantic_ai, to_pydantic_ai


@pytest.fixture(scope="module")
def corpus(data_dir: Path) -> list[Tool]:
    """Every corpus tool, in file order (names repeat across servers)."""
    return [
        item
        for path in sorted((data_dir / "corpus" / "mcp").glob("*.json"))
        for item in from_mcp(json.loads(path.read_text()))
    ]


# -- LangChain -------------------------------------------------------------------------------

CANNOT_CARRY: dict[str, str] = {}
"""Corpus tools whose definition LangChain cannot carry, with the reason: none. The name,
description and input schema are LangChain's own fields (the schema as a dict, kept as
given); the title, output schema, hints and the rest ride in ``metadata``."""


def test_every_corpus_tool_round_trips_with_its_definition_through_langchain(
    corpus: list[Tool],
) -> None:
    tools = corpus
    assert len(tools) > 1000
    made = to_langchain(tools)
    back = from_langchain(made)
    changed = {
        before.name: before.fingerprint
        for before, after in zip(tools, back, strict=True)
        if after.fingerprint != before.fingerprint
    }
    assert changed.keys() == CANNOT_CARRY.keys()
    assert back == tools  # namespace, version, tags, category and meta too


# -- pydantic-ai -----------------------------------------------------------------------------


def test_every_corpus_tool_round_trips_with_its_fingerprint_through_pydantic_ai(
    corpus: list[Tool],
) -> None:
    tools = corpus
    made = to_pydantic_ai(tools)
    assert isinstance(made, list)
    assert all(
        made_tool.tool_def.parameters_json_schema == dict(toolbridge.thaw(item.input_schema))
        for made_tool, item in zip(made, tools, strict=True)
    )
    back = [from_pydantic_ai(item) for item in made]
    assert [item.fingerprint for item in back] == [item.fingerprint for item in tools]


# -- OpenAI Agents SDK -----------------------------------------------------------------------


def test_every_corpus_tool_round_trips_with_its_fingerprint_through_openai_agents(
    corpus: list[Tool],
) -> None:
    tools = corpus
    assert len(tools) > 1000
    made = to_openai_agents(tools)
    assert all(isinstance(item, FunctionTool) for item in made)
    back = from_openai_agents(made)
    assert [item.fingerprint for item in back] == [item.fingerprint for item in tools]
    strict = sum(1 for item in made if item.strict_json_schema)
    assert 600 < strict < len(made)  # 706 of 1,037: the others would lose meaning


# -- FastMCP ---------------------------------------------------------------------------------


def test_every_corpus_tool_is_listed_by_fastmcp_with_its_schemas_exactly_as_given(
    corpus: list[Tool],
) -> None:
    unique: dict[str, Tool] = {}
    for item in corpus:
        unique.setdefault(item.name, item)  # a server lists each name once
    tools = list(unique.values())
    server = make_server("corpus", tools)

    async def main() -> list[Any]:
        async with Client(server) as client:
            return list(await client.list_tools())

    listed = {entry.name: entry for entry in asyncio.run(main())}
    for item in tools:
        served = listed[item.name].model_dump(by_alias=True, mode="json", exclude_none=True)
        wire = to_mcp(item)
        assert served["inputSchema"] == wire["inputSchema"], item.name
        assert served.get("outputSchema") == wire.get("outputSchema"), item.name
        assert served.get("title") == wire.get("title"), item.name  # FastMCP makes none up
        assert from_mcp(served).fingerprint == item.fingerprint, item.name  # the round trip
