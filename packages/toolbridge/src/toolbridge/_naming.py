"""Names for tools from several servers: namespaced on collision, or always, reversibly.

A tool keeps its server's name unless another server offers the same name (or the
caller asks for namespacing always); then it becomes ``<server>_<name>``, the server
name reduced to the characters every provider accepts. The map back to
``(server, name)`` is kept, so a model's call always reaches the right server.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Final, Literal

__all__ = ["Namespacing", "exposed_names", "namespaced"]

Namespacing = Literal["on_collision", "always", "never"]
"""When a tool's name gets its server's name in front."""

_UNSAFE: Final = re.compile(r"[^A-Za-z0-9_-]+")


def _prefix(server: str) -> str:
    return _UNSAFE.sub("_", server).strip("_") or "server"


def namespaced(server: str, name: str) -> str:
    """``<server>_<name>``: `name` with its server's name in front, as when they collide."""
    return f"{_prefix(server)}_{name}"


def exposed_names(
    tools: Mapping[str, Sequence[str]], namespacing: Namespacing
) -> dict[tuple[str, str], str]:
    """Map every ``(server, tool name)`` to the unique name it is exposed as.

    With ``"never"`` a name two servers share keeps its first server's tool and the
    other is namespaced anyway: two tools are never exposed under one name.
    """
    counts = Counter(name for names in tools.values() for name in set(names))
    taken: set[str] = set()
    exposed: dict[tuple[str, str], str] = {}
    for server, names in tools.items():
        for name in names:
            in_front = namespacing == "always" or (
                namespacing == "on_collision" and counts[name] > 1
            )
            candidate = namespaced(server, name) if in_front else name
            if candidate in taken:
                candidate = namespaced(server, name)
            unique, number = candidate, 2
            while unique in taken:
                unique, number = f"{candidate}_{number}", number + 1
            taken.add(unique)
            exposed[(server, name)] = unique
    return exposed
