"""``toolbridge check --json`` of a JSON array of tools, tool by tool, in bounded memory.

As `toolbridge.cli._convert` does for ``convert``: each item of the array is read,
checked for each target and dropped, and only the problems' JSON text is kept (the
output, in its order: by target, then as `toolbridge.formats.check` lists them, by
kind of problem, then by tool). When the answer of the whole file could differ (not
an array, an item that cannot be read or checked, two tools of one name, a name a
target would rename, too many tools for every target) `streamed` answers None and
the command checks the whole file as before, which says what is wrong.
"""

from __future__ import annotations

from typing import Any, Final

from toolbridge import formats
from toolbridge.cli._convert import Spool, indented, items
from toolbridge.cli._input import tool_count
from toolbridge.errors import ToolbridgeError
from toolbridge.formats import Source, Target

__all__ = ["streamed"]

_KINDS: Final = {"json-schema": 2, "unsatisfiable": 3}
"""The bucket of a problem's rule in `formats.check`'s order: the conversion's
report (0), MCP's name rules (1), the meta-schema (2), unsatisfiable schemas (3)."""


def streamed(
    text: str,
    source: Source,
    targets: list[tuple[Target, bool]],
    *,
    named: bool,
    most: int | None = None,
) -> list[Spool] | None:
    """The problems as JSON texts (one level in), checked tool by tool, in order; or None.

    `targets`: each target and whether it is checked in strict mode. `named`: each
    problem's object starts with its ``target`` (the check of every target). `most`:
    more tools than this is None, before any is read (the whole file's reading
    refuses them).
    """
    buckets = [[Spool(), Spool(), Spool(), Spool()] for _ in targets]
    names: set[str] = set()
    try:
        if most is not None and sum(tool_count([item]) for item in items(text)) > most:
            return None  # (counted as the whole file's reading does, before any tool is read)
        for item in items(text):
            read = formats.read_tools([item], source)  # (read as a list's item is)
            for tool in read if isinstance(read, list) else (read,):
                if tool.name in names:
                    return None
                names.add(tool.name)
                for (target, strict), found in zip(targets, buckets, strict=True):
                    if not _checked(tool, target, strict, named, found):
                        return None
    except (ToolbridgeError, ValueError, RecursionError):
        return None
    return [kind for found in buckets for kind in found]


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
