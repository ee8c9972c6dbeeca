"""The toolbridge plugin for FastMCP: hooks only, FastMCP imported on use."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from toolbridge import FormatSpec, Tool, hookimpl
from toolbridge.plugins import installed_versions

__all__ = ["toolbridge_formats", "toolbridge_to_format", "toolbridge_versions"]

FORMAT = "fastmcp"


@hookimpl
def toolbridge_formats() -> list[FormatSpec]:
    # Reading a server is async (from_fastmcp): `toolbridge.from_` is sync, so only
    # writing goes through the hooks.
    return [FormatSpec(name=FORMAT, reads=False, extra=FORMAT)]


@hookimpl
def toolbridge_versions() -> Mapping[str, str]:
    return installed_versions("fastmcp")


@hookimpl
def toolbridge_to_format(target: str, tools: Sequence[Tool], options: Mapping[str, Any]) -> Any:
    if target != FORMAT:
        return None
    from toolbridge_fastmcp._convert import to_fastmcp

    return to_fastmcp(tools)
