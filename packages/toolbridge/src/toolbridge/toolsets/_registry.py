"""The registry: every tool a host has, from any source, in one toolset.

Sources are added by kind: `Tool`s and functions, framework objects (through the
plugins), provider JSON, OpenAPI documents and MCP servers. An MCP source stays live:
when a server's tool list changes, the registry's does. Names are unique across
sources: adding a tool whose name is taken is refused; a live source that later
brings a taken name has that tool left out (logged, and in `collisions`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, final

from toolbridge._result import ToolResult
from toolbridge._tool import Tool
from toolbridge.errors import ConfigError
from toolbridge.toolsets._base import CallOptions, Toolset
from toolbridge.toolsets._combined import NameCollision
from toolbridge.toolsets._identity import ANONYMOUS, Identity
from toolbridge.toolsets._static import index_tools, run_tool

if TYPE_CHECKING:
    from toolbridge.mcp import McpClient

__all__ = ["Registry"]

_log = logging.getLogger("toolbridge.toolsets")


@dataclass(frozen=True, slots=True)
class _Source:
    name: str
    revision: Callable[[], int]
    """Changes whenever `tools` would return something else."""
    tools: Callable[[], Sequence[Tool]]


@final
class Registry(Toolset):
    """Tools from any number of sources, found by name, listed in the order added.

    Args:
        tools: Tools to start with (source ``"tools"``).
        name: The registry's toolset name.
    """

    def __init__(self, tools: Iterable[Tool] = (), *, name: str | None = None) -> None:
        self.name = name
        self._sources: list[_Source] = []
        self._seen: tuple[int, ...] = ()
        self._tools: tuple[Tool, ...] = ()
        self._by_name: dict[str, Tool] = {}
        self._source_of: dict[str, str] = {}
        self._collisions: tuple[NameCollision, ...] = ()
        self._secrets: list[str] = []
        initial = list(tools)
        if initial:
            self.add(initial, source="tools")

    # -- adding sources ---------------------------------------------------------------

    def add(self, tools: Tool | Iterable[Tool], *, source: str | None = None) -> list[Tool]:
        """Add tools (one or many) as a source of their own; returns them.

        Raises:
            ConfigError: Something other than a `Tool`, or a name already taken.
        """
        items = [tools] if isinstance(tools, Tool) else list(tools)
        fixed = tuple(index_tools(items).values())
        self._add_source(source or f"tools-{len(self._sources) + 1}", lambda: 0, lambda: fixed)
        return list(fixed)

    def add_function(self, function: Callable[..., Any], **options: Any) -> Tool:
        """Add a Python function as a tool (see `toolbridge.tool` for the options)."""
        from toolbridge._functions import from_function

        made = from_function(function, **options)
        self.add(made, source=made.name)
        return made

    def add_object(self, obj: Any, *, source: str | None = None, **options: Any) -> list[Tool]:
        """Add a framework's tools or toolset, or provider JSON, through the plugins.

        `source` names the format where the object's type does not tell it
        (provider JSON: ``"openai"``, ``"anthropic"``, ``"mcp"``, ...).
        """
        from toolbridge import from_

        return self.add(from_(obj, source=source, **options), source=source)

    def add_openapi(
        self, document: Any, *, source: str | None = None, **options: Any
    ) -> list[Tool]:
        """Add one tool per operation of an OpenAPI document (see `toolbridge.openapi`).

        Header values passed in ``headers=`` are remembered as `secrets`.
        """
        from toolbridge.openapi import from_openapi

        headers = options.get("headers") or {}
        self._secrets.extend(v for v in headers.values() if isinstance(v, str))
        return self.add(from_openapi(document, **options), source=source or "openapi")

    def add_mcp(self, client: McpClient, *, source: str | None = None) -> None:
        """Add the tools of a started `McpClient`, kept current as its servers change them.

        Its configured header and environment values are remembered as `secrets`.
        """
        self._secrets.extend(client.secrets)
        self._add_source(source or "mcp", lambda: client.revision, lambda: client.tools)

    def add_source(
        self, name: str, tools: Callable[[], Sequence[Tool]], revision: Callable[[], int]
    ) -> None:
        """Add a live source: `tools()` is read again whenever `revision()` changes."""
        self._add_source(name, revision, tools)

    def remove(self, source: str) -> None:
        """Remove a source and its tools.

        Raises:
            ConfigError: No source of that name.
        """
        kept = [item for item in self._sources if item.name != source]
        if len(kept) == len(self._sources):
            raise ConfigError(f"the registry has no source named {source!r}")
        self._sources = kept
        self._seen = ()

    def _add_source(
        self, name: str, revision: Callable[[], int], tools: Callable[[], Sequence[Tool]]
    ) -> None:
        given: object = name
        if not isinstance(given, str) or not given:
            raise ConfigError(f"a source needs a non-empty name, got {name!r}")
        if any(item.name == name for item in self._sources):
            raise ConfigError(f"the registry already has a source named {name!r}")
        taken = self._current()[1]
        clashes = sorted({tool.name for tool in tools()} & set(taken))
        if clashes:
            raise ConfigError(
                f"source {name!r} has tool name(s) the registry already holds: "
                f"{', '.join(clashes[:10])}; rename or prefix them first"
            )
        self._sources.append(_Source(name, revision, tools))
        self._seen = ()

    # -- what it holds ----------------------------------------------------------------

    @property
    def sources(self) -> tuple[str, ...]:
        """The sources' names, in the order added."""
        return tuple(item.name for item in self._sources)

    @property
    def collisions(self) -> tuple[NameCollision, ...]:
        """Names a live source brought that another source already held."""
        self._current()
        return self._collisions

    @property
    def secrets(self) -> tuple[str, ...]:
        """Configured credentials of the sources, for `Toolset.with_audit` to redact."""
        return tuple(dict.fromkeys(self._secrets))

    def source_of(self, name: str) -> str | None:
        """The name of the source holding the tool called `name`."""
        self._current()
        return self._source_of.get(name)

    def _current(self) -> tuple[tuple[Tool, ...], Mapping[str, Tool]]:
        revisions = tuple(item.revision() for item in self._sources)
        if revisions != self._seen:
            self._rebuild()
            self._seen = revisions
        return self._tools, self._by_name

    def _rebuild(self) -> None:
        by_name: dict[str, Tool] = {}
        source_of: dict[str, str] = {}
        collisions: list[NameCollision] = []
        for item in self._sources:
            for tool in item.tools():
                holder = source_of.get(tool.name)
                if holder is not None:
                    collisions.append(NameCollision(tool.name, (holder, item.name), holder))
                    _log.warning(
                        "source %r brought tool %r, which source %r holds: left out",
                        item.name,
                        tool.name,
                        holder,
                    )
                    continue
                by_name[tool.name] = tool
                source_of[tool.name] = item.name
        self._tools = tuple(by_name.values())
        self._by_name = by_name
        self._source_of = source_of
        self._collisions = tuple(collisions)

    # -- the toolset ------------------------------------------------------------------

    def all_tools(self) -> Sequence[Tool]:
        return self._current()[0]

    def list_tools(self, identity: Identity = ANONYMOUS) -> list[Tool]:
        return list(self._current()[0])

    def find(self, name: str, identity: Identity = ANONYMOUS) -> Tool | None:
        return self._current()[1].get(name)

    async def call_tool(self, name: str, arguments: Any, options: CallOptions) -> ToolResult:
        tool = self._current()[1].get(name)
        source = self._source_of.get(name) if tool is not None else None
        return await run_tool(tool, name, arguments, options, source=source or self.name)

    def __len__(self) -> int:
        return len(self._current()[0])

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._current()[1]
