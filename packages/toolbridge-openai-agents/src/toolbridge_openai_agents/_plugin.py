"""The toolbridge plugin for the OpenAI Agents SDK: hooks only, the SDK imported on use."""

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

FORMAT = "openai-agents"


@hookimpl
def toolbridge_formats() -> list[FormatSpec]:
    return [FormatSpec(name=FORMAT, types=("agents.tool.FunctionTool",), extra=FORMAT)]


@hookimpl
def toolbridge_versions() -> Mapping[str, str]:
    return installed_versions("openai-agents")


@hookimpl
def toolbridge_to_format(target: str, tools: Sequence[Tool], options: Mapping[str, Any]) -> Any:
    if target != FORMAT:
        return None
    from toolbridge_openai_agents._convert import to_openai_agents

    return to_openai_agents(tools, **options)


@hookimpl
def toolbridge_from_object(obj: Any, source: str | None, options: Mapping[str, Any]) -> Any:
    from agents import FunctionTool

    from toolbridge_openai_agents._convert import from_openai_agents

    if isinstance(obj, FunctionTool):
        return [from_openai_agents(obj)]
    if source == FORMAT and isinstance(obj, (list, tuple)):
        return from_openai_agents(obj)
    return None
