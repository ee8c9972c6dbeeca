"""A definition changed since it was pinned (a "rug pull").

Pins are ``{server: {tool name: fingerprint}}``, the shape `McpClient.fingerprints`
returns; a server with pins may not add tools either (the comparison of
``toolbridge.mcp``'s pins, which this layer may not import).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from toolbridge._tool import Tool
from toolbridge.security._finding import Finding, shown

__all__ = ["changed"]


def changed(
    server: str | None, tools: Sequence[Tool], pins: Mapping[str, Mapping[str, str]]
) -> Iterator[Finding]:
    """Findings for the tools of `server` whose fingerprints differ from their pins."""
    pinned = pins.get(server if server is not None else "")
    if not isinstance(pinned, Mapping):
        return
    for tool in tools:
        expected = pinned.get(tool.name)
        if expected == tool.fingerprint:
            continue
        why = (
            "the server has pins but this tool is not pinned: a tool added since review."
            if expected is None
            else f"its fingerprint {tool.fingerprint[:12]}… differs from the pin "
            f"{str(expected)[:12]}…: the definition changed since it was approved."
        )
        yield Finding(
            rule="definition-changed",
            severity="critical",
            tool=tool.name,
            server=server,
            path=(),
            text=shown(tool.name),
            why=why,
        )
