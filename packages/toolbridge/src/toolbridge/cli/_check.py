"""``toolbridge check --json`` of a JSON array of tools, tool by tool, in bounded memory.

As `toolbridge.cli._convert` does for ``convert``: each item of the array is read,
checked for each target and dropped, and only the problems' JSON text is kept (the
output, in its order: by target, then as `toolbridge.formats.check` lists them, by
kind of problem, then by tool). When the answer of the whole file could differ (not
an array, an item that cannot be read or checked, two tools of one name, a name a
target would rename) `streamed` answers None and the command checks the whole file
as before, which says what is wrong. Too many tools for a check of every target are
refused first: `counted` counts them without reading them.
"""

from __future__ import annotations

import json
from typing import Any, Final

from toolbridge import formats
from toolbridge.cli._convert import Spool, indented, items
from toolbridge.cli._input import DECLARATIONS, declared
from toolbridge.errors import ToolbridgeError
from toolbridge.formats import Source, Target

__all__ = ["counted", "streamed"]

_KINDS: Final = {"json-schema": 2, "unsatisfiable": 3}
"""The bucket of a problem's rule in `formats.check`'s order: the conversion's
report (0), MCP's name rules (1), the meta-schema (2), unsatisfiable schemas (3)."""


def counted(text: str) -> int | None:
    """How many tools the JSON array `text` holds, counted without reading them; or None.

    As `toolbridge.cli._input.tool_count` counts the parsed array (an object with a
    list of function declarations counts them, any other item one), in one parse
    that keeps no object: each is replaced by its count as soon as it is parsed. None
    when `text` is not one JSON array (the whole file's reading says what it is).
    """
    try:
        data = _COUNT(text)
    except (ValueError, RecursionError):
        return None
    if type(data) is not list:
        return None
    return sum(item.count if type(item) is _Declared else 1 for item in data)


class _Declared:
    """An object that held a list of function declarations, in `counted`'s parse."""

    __slots__ = ("count",)

    def __init__(self, count: int) -> None:
        self.count = count


def _declared(pairs: list[tuple[str, Any]]) -> _Declared | None:
    """An object's stand-in: its declarations' count, if any (as `tool_count` finds them)."""
    found: dict[str, Any] = {}
    for key, value in pairs:  # (the last of a repeated key wins, as in a dict)
        if key in DECLARATIONS:
            found[key] = value
    if not found:
        return None
    listed = declared(found)
    return None if listed is None else _Declared(len(listed))


def _not_json(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


_COUNT: Final = json.JSONDecoder(object_pairs_hook=_declared, parse_constant=_not_json).decode


def streamed(
    text: str,
    source: Source,
    targets: list[tuple[Target, bool]],
    *,
    named: bool,
) -> list[Spool] | None:
    """The problems as JSON texts (one level in), checked tool by tool, in order; or None.

    `targets`: each target and whether it is checked in strict mode. `named`: each
    problem's object starts with its ``target`` (the check of every target).
    """
    buckets = [[Spool(), Spool(), Spool(), Spool()] for _ in targets]
    names: set[str] = set()
    try:
        for item in items(text):
            read = formats.read_tools([item], source)  # (read as a list's item is)
            for tool in read if isinstance(read, list) else (read,):
                if tool.name in names:
                    return None
                names.add(tool.name)
                for (target, strict), found in zip(targets, buckets, strict=True):
                    if not _checked(tool, target, strict, named, found):
                        return None
        spools = [kind for found in buckets for kind in found]
        for spool in spools:
            spool.seal()  # (a lone surrogate: the whole file's writing escapes it)
    except (ToolbridgeError, ValueError, RecursionError):
        return None
    return spools


def _checked(tool: Any, target: Target, strict: bool, named: bool, found: list[Spool]) -> bool:
    """One tool's problems for one target, each in its bucket; False if a name is mapped."""
    for problem in formats.check([tool], target, strict=strict):
        kind = _KINDS.get(problem.rule, 0)
        if problem.rule == "name":
            if target != "mcp":
                return False  # renamed: the whole set's name map decides to what
            kind = 1
        shown = problem.to_dict()
        found[kind].add(indented({"target": target, **shown} if named else shown, "\n  "))
    return True
