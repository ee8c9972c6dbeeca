"""The toolbridge plugin for LangChain: hooks only, LangChain imported on use."""

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

FORMAT = "langchain"


@hookimpl
def toolbridge_formats() -> list[FormatSpec]:
    return [FormatSpec(name=FORMAT, types=("langchain_core.tools.base.BaseTool",), extra=FORMAT)]


@hookimpl
def toolbridge_versions() -> Mapping[str, str]:
    return installed_versions("langchain-core")


@hookimpl
def toolbridge_to_format(target: str, tools: Sequence[Tool], options: Mapping[str, Any]) -> Any:
    if target != FORMAT:
        return None
    from toolbridge_langchain._to_langchain import to_langchain

    return to_langchain(tools, **options)


@hookimpl
def toolbridge_from_object(obj: Any, source: str | None, options: Mapping[str, Any]) -> Any:
    if source not in (None, FORMAT):
        return None
    from langchain_core.tools import BaseTool

    from toolbridge_langchain._from_langchain import from_langchain

    if isinstance(obj, BaseTool):
        return [from_langchain(obj)]
    if source == FORMAT and isinstance(obj, (list, tuple)):
        return from_langchain(obj)
    return None
