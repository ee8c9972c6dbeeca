"""toolbridge's own formats, registered through the same hooks as any plugin.

Writes every target of `toolbridge.formats` (``to("openai", tools, strict=True)`` is
``convert(tools, "openai", strict=True).output``) and reads every source by name
(``from_(data, source="anthropic")``); without a name it reads `Tool` values and the
MCP SDK's ``Tool`` models.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from toolbridge.plugins._hookspecs import hookimpl
from toolbridge.plugins._spec import FormatSpec

__all__ = ["toolbridge_formats", "toolbridge_from_object", "toolbridge_to_format"]

_MCP_MODELS = ("mcp.types.Tool", "mcp_types._types.Tool", "mcp_types.Tool")


@hookimpl
def toolbridge_formats() -> list[FormatSpec]:
    from toolbridge.formats import SOURCES, TARGETS

    specs = [
        FormatSpec(name=name, writes=True, reads=name in SOURCES)
        for name in TARGETS
        if name != "mcp"
    ]
    specs.append(FormatSpec(name="mcp", types=("toolbridge._tool.Tool", *_MCP_MODELS)))
    return specs


@hookimpl
def toolbridge_from_object(obj: Any, source: str | None, options: Mapping[str, Any]) -> Any:
    from toolbridge._tool import Tool
    from toolbridge.formats import SOURCES, read_tools

    if source is None:
        if isinstance(obj, Tool):
            return [obj]
        source = "mcp"  # an MCP SDK Tool model: the only other type declared
    if source not in SOURCES:
        return None
    read = read_tools(obj, source)
    return read if isinstance(read, list) else [read]


@hookimpl
def toolbridge_to_format(target: str, tools: Sequence[Any], options: Mapping[str, Any]) -> Any:
    from toolbridge.formats import TARGETS, convert

    if target not in TARGETS:
        return None
    return convert(tools, target, **options).output
