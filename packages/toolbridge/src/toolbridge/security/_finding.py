"""What a scan reports: a `Finding` per suspicious place, and the `Rule` that found it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal, final

__all__ = ["SEVERITIES", "Finding", "Rule", "Severity", "at_least", "pointer", "shown"]

Severity = Literal["low", "medium", "high", "critical"]
"""How bad a finding is, from ``low`` to ``critical``."""

SEVERITIES: Final[tuple[Severity, ...]] = ("low", "medium", "high", "critical")
"""Every severity, least first."""

_SHOWN_LIMIT: Final = 160


def at_least(severity: Severity, threshold: Severity) -> bool:
    """Whether `severity` is `threshold` or worse."""
    return SEVERITIES.index(severity) >= SEVERITIES.index(threshold)


def pointer(path: tuple[str | int, ...]) -> str:
    """`path` as a JSON Pointer (RFC 6901): ``/inputSchema/properties/notes/description``."""
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in path)


def shown(text: str, start: int = 0, end: int | None = None) -> str:
    """`text[start:end]` safe to print.

    Every non-printable character is escaped, and the text is cut to about 160
    characters around the span (``…`` where cut).
    """
    end = len(text) if end is None else end
    if end - start > _SHOWN_LIMIT:
        end = start + _SHOWN_LIMIT
    before = max(0, start - max(0, (_SHOWN_LIMIT - (end - start)) // 2))
    after = min(len(text), end + max(0, _SHOWN_LIMIT - (end - before)))
    out = "…" if before else ""
    for char in text[before:after]:
        if char.isprintable() and char != "\\":
            out += char
        elif char == "\\":
            out += "\\\\"
        elif ord(char) < 0x100:
            out += f"\\x{ord(char):02x}"
        elif ord(char) < 0x10000:
            out += f"\\u{ord(char):04x}"
        else:
            out += f"\\U{ord(char):08x}"
    return out + ("…" if after < len(text) else "")


@final
@dataclass(frozen=True, slots=True, kw_only=True)
class Finding:
    """One suspicious place in one tool's definition."""

    rule: str
    """The id of the rule that found it (see `RULES`)."""
    severity: Severity
    """How bad it is."""
    tool: str
    """The tool's name as loaded."""
    server: str | None
    """The server (or source) the tool came from, when known."""
    path: tuple[str | int, ...]
    """Where, as a JSON path in the tool's MCP form (``("description",)``,
    ``("inputSchema", "properties", "notes", "description")``); empty for the whole tool."""
    text: str
    """The offending text, shown safely (see `shown`)."""
    why: str
    """What was found and why it matters, in a sentence."""

    def to_dict(self) -> dict[str, Any]:
        """The finding as JSON; `path` as a JSON Pointer."""
        return {
            "rule": self.rule,
            "severity": self.severity,
            "tool": self.tool,
            "server": self.server,
            "path": pointer(self.path),
            "text": self.text,
            "why": self.why,
        }


@final
@dataclass(frozen=True, slots=True)
class Rule:
    """What a rule catches: for the docs, the command line and SARIF."""

    id: str
    """Kebab-case, stable: what `Finding.rule` holds and ``disable=`` takes."""
    severity: Severity
    """The usual severity of its findings (a finding may be graver)."""
    title: str
    """A few words."""
    description: str
    """What it catches, and what it cannot."""
