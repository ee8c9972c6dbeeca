"""The toolbridge plugin for pydantic-ai: hooks only, pydantic-ai imported on use."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from toolbridge import FormatSpec, Tool, hookimpl
from toolbridge.plugins import installed_versions

__all__ = [
    "toolbridge_formats",
    "toolbridge_from_object",
    "toolbridge_to_format",
    "toolbridge_versions",
]

FORMAT = "pydantic-ai"


@hookimpl
def toolbridge_formats() -> list[FormatSpec]:
    return [
        FormatSpec(
            name=FORMAT,
            types=("pydantic_ai.tools.Tool", "pydantic_ai.toolsets.function.FunctionToolset"),
            extra=FORMAT,
        )
    ]


@hookimpl
def toolbridge_versions() -> Mapping[str, str]:
    return installed_versions("pydantic-ai-slim")


@hookimpl
def toolbridge_to_format(target: str, tools: Sequence[Tool], options: Mapping[str, Any]) -> Any:
    """A `ToolbridgeToolset` of the tools (``toolset=False`` for a list of tools).

    ``on_elicit`` and ``media_links`` are passed on (see `to_pydantic_ai`).
    """
    if target != FORMAT:
        return None
    from toolbridge_pydantic_ai._convert import ToolbridgeToolset, to_pydantic_ai

    on_elicit = options.get("on_elicit")
    media_links = bool(options.get("media_links", False))
    if options.get("toolset", True):
        return ToolbridgeToolset(tools, on_elicit=on_elicit, media_links=media_links)
    return to_pydantic_ai(list(tools), on_elicit=on_elicit, media_links=media_links)


@hookimpl
def toolbridge_from_object(obj: Any, source: str | None, options: Mapping[str, Any]) -> Any:
    from pydantic_ai import Tool as PydanticTool
    from pydantic_ai.toolsets import FunctionToolset

    from toolbridge_pydantic_ai._convert import from_pydantic_ai

    if isinstance(obj, PydanticTool):
        return [from_pydantic_ai(obj)]
    if isinstance(obj, FunctionToolset):
        return from_pydantic_ai(obj)
    return None
