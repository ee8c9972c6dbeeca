# mypy: disable-error-code="empty-body"
"""The hooks a toolbridge plugin implements: one documented function per hook.

A plugin is a module (or object) with functions marked ``@toolbridge.hookimpl``
whose names are the hooks below; it registers itself through an entry point in the
``toolbridge`` group of its distribution. toolbridge's own formats are a plugin of
the same kind (``toolbridge.plugins._builtin``). Every hook is listed and explained
in ``docs/plugins.md``; a test fails when one is missing there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from toolbridge._tool import Tool
    from toolbridge.plugins._spec import FormatSpec

__all__ = ["PROJECT", "hookimpl", "hookspec"]

PROJECT = "toolbridge"
"""The pluggy project name, and the entry-point group plugins register in."""

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def toolbridge_formats() -> Sequence[FormatSpec]:
    """Declare the formats this plugin converts.

    Each `FormatSpec` names a format (``"langchain"``), says whether the plugin
    writes it and reads it, and lists the types of the objects it reads, as dotted
    names (``"langchain_core.tools.base.BaseTool"``), so that declaring them never
    imports the framework. Called once, when the plugins load.
    """


@hookspec(firstresult=True)
def toolbridge_from_object(
    obj: Any, source: str | None, options: Mapping[str, Any]
) -> list[Tool] | None:
    """Read `obj` (a framework's tool, toolset, server, ...) as canonical tools.

    Called with the object's declared format in `source` when the caller named one,
    else with ``None`` after the object's type matched a type the plugin declared.
    Return ``None`` for an object that is not this plugin's; the first plugin that
    returns tools wins (``firstresult``). `options` are the caller's keywords.
    """


@hookspec(firstresult=True)
def toolbridge_to_format(target: str, tools: Sequence[Tool], options: Mapping[str, Any]) -> Any:
    """Write canonical `tools` as the `target` format's objects.

    Return ``None`` when `target` is not this plugin's; the first plugin that returns
    something wins (``firstresult``). What is returned is the format's own object
    (a list of framework tools, a toolset, provider JSON, ...), documented by the
    plugin. `options` are the caller's keywords (``strict=True``, ...).
    """


@hookspec
def toolbridge_versions() -> Mapping[str, str]:
    """The framework distributions this plugin works with, and their installed versions.

    Shown by ``toolbridge plugins``; a framework that is not installed is left out.
    """
