"""Three meta-tools that open a toolset of any size to a model: search, describe, call.

A model given thousands of tools' schemas drowns; given these three it searches for
what it needs (``search_tools``), reads one tool's full definition
(``describe_tool``) and calls it (``call_tool``). They are ordinary canonical tools,
so they serve over MCP and load into every framework, and they act as whoever calls
them (`current_identity`): the toolset's policies and audit apply to every tool
reached through them, and a tool the caller may not use is never found, described
or called.
"""

from __future__ import annotations

from typing import Annotated, Any, Final

from pydantic import Field

from toolbridge._functions import tool
from toolbridge._result import ToolResult
from toolbridge._tool import Tool, ToolAnnotations
from toolbridge.errors import ToolbridgeError
from toolbridge.formats import to_mcp
from toolbridge.search._search import Mode, ToolSearch
from toolbridge.toolsets import ANONYMOUS, StaticToolset, Toolset, current_identity

__all__ = ["meta_tools", "meta_toolset"]

_SUMMARY_LIMIT: Final = 300


def meta_tools(
    toolset: Toolset, *, search: ToolSearch | None = None, mode: Mode = "bm25", k_max: int = 20
) -> list[Tool]:
    """``search_tools``, ``describe_tool`` and ``call_tool`` over `toolset`.

    Args:
        toolset: The tools to open up (its policies apply to each caller).
        search: The search to use (a BM25 `ToolSearch` over `toolset` by default).
        mode: The search mode when `search` is not given.
        k_max: The most results one search returns.
    """
    finder = search or ToolSearch(toolset, mode=mode)

    @tool(annotations=ToolAnnotations(read_only=True, open_world=False))
    def search_tools(
        query: Annotated[str, Field(min_length=1, max_length=1_000)],
        k: Annotated[int, Field(ge=1, le=k_max)] = 5,
    ) -> dict[str, Any]:
        """Find tools for a task: describe what you want to do in plain words.

        Returns the best matches, each with its name and what it does. Read one's
        parameters with describe_tool, then run it with call_tool.
        """
        caller = current_identity() or ANONYMOUS
        hits = finder.search(query, k, identity=caller)
        return {
            "tools": [
                {
                    "name": hit.name,
                    "description": _summary(hit.tool.description),
                    "score": round(hit.score, 4),
                }
                for hit in hits
            ]
        }

    @tool(annotations=ToolAnnotations(read_only=True, open_world=False))
    def describe_tool(name: Annotated[str, Field(min_length=1, max_length=200)]) -> ToolResult:
        """Show a tool's full definition: its description and the JSON Schema of its arguments."""
        found = toolset.find(name, current_identity() or ANONYMOUS)
        if found is None:
            return ToolResult.from_error(
                f"no tool named {name!r}: use search_tools to find tool names"
            )
        definition = to_mcp(found)
        return ToolResult.from_json(definition)

    @tool(annotations=ToolAnnotations(read_only=False, destructive=True, open_world=True))
    async def call_tool(
        name: Annotated[str, Field(min_length=1, max_length=200)],
        arguments: dict[str, Any] | None = None,
    ) -> ToolResult:
        """Run a tool by name with its arguments (an object matching its input schema)."""
        try:
            return await toolset.call(
                name, arguments or {}, identity=current_identity() or ANONYMOUS
            )
        except ToolbridgeError as error:
            return ToolResult.from_error(str(error))

    return [search_tools, describe_tool, call_tool]


def meta_toolset(toolset: Toolset, *, name: str | None = None, **options: Any) -> Toolset:
    """The three meta-tools as a toolset (see `meta_tools` for the options)."""
    return StaticToolset(meta_tools(toolset, **options), name=name or toolset.name)


def _summary(description: str) -> str:
    """The first paragraph of a description, bounded."""
    first = description.strip().split("\n\n", 1)[0].strip()
    return first if len(first) <= _SUMMARY_LIMIT else first[: _SUMMARY_LIMIT - 1] + "…"
