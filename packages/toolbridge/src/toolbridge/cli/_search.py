"""``toolbridge search QUERY``: rank tools for a task, from a file, a server or a toolset."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any, cast

import typer

from toolbridge._tool import Tool
from toolbridge.cli import _input, _live, _output
from toolbridge.cli._mcp import ConfigOption, HeaderOption, StartupTimeoutOption, UrlOption
from toolbridge.cli._options import LiveInputArgument, SourceOption, one_of
from toolbridge.formats import Source

if TYPE_CHECKING:
    from toolbridge.toolsets import Identity

__all__ = ["search_command"]

MODES = ("bm25", "dense", "hybrid")
"""What ``--mode`` takes: `toolbridge.search.ToolSearch`'s modes."""


def _said(query: str) -> str:
    """Refuse an empty QUERY as a usage error: it ranks nothing, which "no match" would hide."""
    if not query.strip():
        raise typer.BadParameter("is empty; say in words what you want to do")
    return query


def search_command(
    query: Annotated[
        str,
        typer.Argument(metavar="QUERY", callback=_said, help="What you want to do, in words."),
    ],
    input_path: LiveInputArgument = None,
    source: SourceOption = "mcp",
    url: UrlOption = None,
    header: HeaderOption = None,
    config: ConfigOption = None,
    toolset: Annotated[
        str | None,
        typer.Option("--toolset", metavar="FILE", help="A toolset definition (YAML/TOML/JSON)."),
    ] = None,
    k: Annotated[int, typer.Option("-k", "--top", min=1, max=1000, help="How many.")] = 5,
    mode: Annotated[
        str,
        typer.Option(
            "--mode",
            metavar="bm25|dense|hybrid",
            callback=one_of(MODES, "search mode"),
            help="How to rank (dense: offline).",
        ),
    ] = "bm25",
    json_output: Annotated[
        bool, typer.Option("--json", help="Write JSON even to a terminal.")
    ] = False,
    startup_timeout: StartupTimeoutOption = None,
) -> None:
    """Rank tools for QUERY, from INPUT, a live server or a --toolset file.

    INPUT holds tools, or {server: tools} as scan reads it (a name two
    servers share gets its server's in front). A live server is
    -- COMMAND ARGS..., --url URL or --config FILE. Prints rank, name, score
    and the first line of each description (JSON when piped). Exit status 0
    with matches, 1 when nothing matched, 2 for usage or load errors.
    """
    hits = _search(
        query, input_path, source, url, header, config, toolset, k, mode, startup_timeout
    )
    if _output.wants_json(json_output):
        _output.write_json(
            [
                {"rank": rank, "name": name, "score": round(score, 4), "description": text}
                for rank, (name, score, text) in enumerate(hits, 1)
            ]
        )
    else:
        from rich.console import Console
        from rich.table import Table

        table = Table("#", "tool", "score", "what it does", box=None, title=f"search: {query}")
        for rank, (name, score, text) in enumerate(hits, 1):
            table.add_row(str(rank), name, f"{score:.3g}", text.split("\n", 1)[0][:100])
        Console().print(table if hits else "no tool matches")
    if not hits:
        raise typer.Exit(1)


def _search(
    query: str,
    input_path: str | None,
    source: str,
    url: str | None,
    header: list[str] | None,
    config: str | None,
    toolset_file: str | None,
    k: int,
    mode: str,
    startup_timeout: float | None = None,
) -> list[tuple[str, float, str]]:
    from toolbridge.search import ToolSearch
    from toolbridge.toolsets import ANONYMOUS

    def ranked(tools: Any, identity: Identity = ANONYMOUS) -> list[tuple[str, float, str]]:
        found = ToolSearch(tools, mode=cast(Any, mode)).search(query, k, identity=identity)
        return [(hit.name, hit.score, hit.tool.description) for hit in found]

    try:
        live = _live.server_config(url=url, headers=header or (), config=config, required=False)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    given = sum(item is not None for item in (live, input_path, toolset_file))
    if given > 1:
        raise typer.BadParameter("give one of INPUT, a server or --toolset")
    if toolset_file is not None:
        from toolbridge.gateway import open_definition
        from toolbridge.toolsets import read_definition

        definition = read_definition(toolset_file)

        async def from_toolset() -> list[tuple[str, float, str]]:
            async with open_definition(definition) as opened:
                return ranked(opened.toolset, opened.identify(None))  # as stdio serves it

        import asyncio  # only here: the other commands need no event loop

        return asyncio.run(from_toolset())
    if live is not None:
        with _live.client_for(live, startup_timeout=startup_timeout) as client:
            if client.failures and len(client.failures) == len(client.servers):
                raise typer.Exit(2)
            tools: list[Tool] = client.tools
            return ranked(tools)
    found = _input.read_by_server(input_path, cast(Source, source))
    return ranked(found if isinstance(found, list) else _named(found))


def _named(grouped: Mapping[str, list[Tool]]) -> list[Tool]:
    """Servers' tools in one list, named as `McpClient` names them (so as ``--config``).

    A name two servers share gets its server's in front (``north_convert``); the
    others keep their own.
    """
    from toolbridge._naming import exposed_names

    names = exposed_names(
        {server: [tool.name for tool in tools] for server, tools in grouped.items()},
        "on_collision",
    )
    return [
        tool if (name := names[server, tool.name]) == tool.name else tool.replace(name=name)
        for server, tools in grouped.items()
        for tool in tools
    ]
