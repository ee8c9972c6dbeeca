"""Several toolsets as one, with an explicit rule for two tools of one name."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, final

from toolbridge._result import ToolResult
from toolbridge._tool import Tool
from toolbridge.errors import ConfigError
from toolbridge.toolsets._base import CallOptions, Collision, Toolset, unknown
from toolbridge.toolsets._identity import ANONYMOUS, Identity

__all__ = ["CombinedToolset", "NameCollision", "combine"]

_log = logging.getLogger("toolbridge.toolsets")


@final
@dataclass(frozen=True, slots=True)
class NameCollision:
    """Several toolsets offered one tool name, and how the combination resolved it."""

    name: str
    """The name they offered."""
    toolsets: tuple[str | None, ...]
    """The names of the toolsets offering it, in order."""
    kept: str | None
    """With ``"first"``: the toolset whose tool answers to the name (the others'
    are left out). With ``"prefix"``: ``None``, each is listed under its prefix."""


@dataclass(frozen=True, slots=True)
class _Plan:
    sources: tuple[Sequence[Tool], ...]
    """The children's `all_tools` this plan was made from."""
    routes: dict[str, tuple[int, str]]
    """Exposed name -> (child index, the child's name for it)."""
    exposed: tuple[dict[str, str], ...]
    """Per child: its name -> the exposed name."""
    tools: tuple[Tool, ...]
    collisions: tuple[NameCollision, ...]


@final
class CombinedToolset(Toolset):
    """The tools of several toolsets together, in order.

    Args:
        toolsets: The toolsets, in order (the first wins with ``"first"``).
        on_collision: ``"error"`` refuses two tools of one name; ``"prefix"`` names
            both ``{toolset name}_{tool name}`` (each toolset needs a name); ``"first"``
            keeps the first and reports the rest in `collisions` (and the log).
        name: This toolset's name.

    Raises:
        ConfigError: A collision under ``"error"``, or a collision ``"prefix"``
            cannot resolve (an unnamed toolset, or a prefixed name taken again).
    """

    def __init__(
        self,
        toolsets: Iterable[Toolset],
        *,
        on_collision: Collision = "error",
        name: str | None = None,
    ) -> None:
        children = tuple(toolsets)
        for index, child in enumerate(children):
            if not isinstance(child, Toolset):
                raise ConfigError(f"toolsets[{index}] is {type(child).__name__}, not a Toolset")
        if on_collision not in ("error", "prefix", "first"):
            raise ConfigError("on_collision must be 'error', 'prefix' or 'first'")
        self.name = name
        self._children = children
        self._on_collision = on_collision
        self._plan: _Plan | None = None
        self._current()  # a collision the rule refuses is refused now

    @property
    def collisions(self) -> tuple[NameCollision, ...]:
        """The names two toolsets offered, as the last plan resolved them."""
        return self._current().collisions

    def _current(self) -> _Plan:
        sources = tuple(child.all_tools() for child in self._children)
        plan = self._plan
        if plan is None or any(a is not b for a, b in zip(plan.sources, sources, strict=True)):
            plan = self._make_plan(sources)
            self._plan = plan
        return plan

    def _make_plan(self, sources: tuple[Sequence[Tool], ...]) -> _Plan:
        owners: dict[str, list[int]] = {}
        for index, tools in enumerate(sources):
            for tool in tools:
                owners.setdefault(tool.name, []).append(index)
        routes: dict[str, tuple[int, str]] = {}
        exposed: tuple[dict[str, str], ...] = tuple({} for _ in sources)
        listed: list[Tool] = []
        collisions: list[NameCollision] = []
        for index, tools in enumerate(sources):
            for tool in tools:
                name = self._exposed_name(tool.name, index, owners[tool.name], collisions)
                if name is None:
                    continue
                if name in routes:
                    raise ConfigError(
                        f"combining toolsets gives two tools named {name!r}: "
                        "rename one (renamed()) or prefix a toolset (prefixed())"
                    )
                routes[name] = (index, tool.name)
                exposed[index][tool.name] = name
                listed.append(tool if name == tool.name else tool.replace(name=name))
        for collision in collisions:
            if collision.kept is not None:
                _log.warning(
                    "toolsets %s each have a tool named %r: the one of %r is kept",
                    collision.toolsets,
                    collision.name,
                    collision.kept,
                )
        return _Plan(sources, routes, exposed, tuple(listed), tuple(collisions))

    def _exposed_name(
        self, name: str, index: int, owners: list[int], collisions: list[NameCollision]
    ) -> str | None:
        if len(owners) == 1:
            return name
        names = [self._children[owner].name for owner in owners]
        if self._on_collision == "error":
            raise ConfigError(
                f"toolsets {', '.join(repr(n) for n in names)} each have a tool named "
                f"{name!r}: rename or prefix one, or combine with on_collision='prefix' or "
                "'first'"
            )
        if self._on_collision == "first":
            if index == owners[0]:
                collisions.append(NameCollision(name, tuple(names), names[0]))
                return name
            return None
        prefix = self._children[index].name
        if not prefix:
            raise ConfigError(
                f"two toolsets have a tool named {name!r} and one has no name to prefix "
                "it with: name it (named())"
            )
        if index == owners[0]:
            collisions.append(NameCollision(name, tuple(names), None))
        return f"{prefix}_{name}"

    def all_tools(self) -> Sequence[Tool]:
        return self._current().tools

    def list_tools(self, identity: Identity = ANONYMOUS) -> list[Tool]:
        plan = self._current()
        listed: list[Tool] = []
        for index, child in enumerate(self._children):
            names = plan.exposed[index]
            for tool in child.list_tools(identity):
                name = names.get(tool.name)
                if name is not None:
                    listed.append(tool if name == tool.name else tool.replace(name=name))
        return listed

    def find(self, name: str, identity: Identity = ANONYMOUS) -> Tool | None:
        route = self._current().routes.get(name)
        if route is None:
            return None
        found = self._children[route[0]].find(route[1], identity)
        if found is None or found.name == name:
            return found
        return found.replace(name=name)

    async def call_tool(self, name: str, arguments: Any, options: CallOptions) -> ToolResult:
        route = self._current().routes.get(name)
        if route is None:
            raise unknown(name)
        return await self._children[route[0]].call_tool(route[1], arguments, options)


def combine(
    *toolsets: Toolset, on_collision: Collision = "error", name: str | None = None
) -> CombinedToolset:
    """Several toolsets as one; see `CombinedToolset`."""
    return CombinedToolset(toolsets, on_collision=on_collision, name=name)
