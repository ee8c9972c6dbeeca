"""Definition pinning: a tool whose definition changed since it was pinned is caught.

Pins are ``{server: {tool name: fingerprint}}``, the shape `McpClient.fingerprints`
returns, so a caller saves them once (a reviewed JSON file) and passes them back.
The fingerprint is `Tool.fingerprint` of the definition as the server sent it. A
server with pins may not add tools either: an unpinned tool is a changed definition.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from toolbridge._tool import Tool
from toolbridge.errors import PinMismatchError

__all__ = ["PinPolicy", "Pins", "check_pins"]

Pins = Mapping[str, Mapping[str, str]]
"""Fingerprints by server name, then tool name."""

PinPolicy = Literal["block", "warn", "raise"]
"""What a changed tool costs: left out (block), loaded with a warning, or the load fails."""

UNPINNED = "(not pinned)"


def check_pins(server: str, tools: list[Tool], pins: Pins | None) -> list[PinMismatchError]:
    """The tools of `server` whose definitions differ from their pins."""
    if pins is None or server not in pins:
        return []
    pinned = pins[server]
    return [
        PinMismatchError(
            tool.name,
            server=server,
            expected=pinned.get(tool.name, UNPINNED),
            actual=tool.fingerprint,
        )
        for tool in tools
        if pinned.get(tool.name) != tool.fingerprint
    ]
