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

    Every non-printable character is escaped, and the result is cut to at most
    160 escaped characters around the span, plus a ``…`` at each cut end. The
    limit counts what is printed, so a run of escapes cannot stretch it.
    """
    end = len(text) if end is None else end
    budget = _SHOWN_LIMIT
    span: list[str] = []
    index = start
    while index < end and budget >= len(piece := _escaped(text[index])):
        span.append(piece)
        budget -= len(piece)
        index += 1
    before: list[str] = []
    whole = index == end  # context only around a span shown whole
    first, share = start, budget // 2 if whole else 0
    while first > 0 and share >= len(piece := _escaped(text[first - 1])):
        before.append(piece)
        share -= len(piece)
        budget -= len(piece)
        first -= 1
    after: list[str] = []
    while whole and index < len(text) and budget >= len(piece := _escaped(text[index])):
        after.append(piece)
        budget -= len(piece)
        index += 1
    return (
        ("…" if first else "")
        + "".join(reversed(before))
        + "".join(span)
        + "".join(after)
        + ("…" if index < len(text) else "")
    )


def _escaped(char: str) -> str:
    """`char` as printed: itself when printable, else a Python escape."""
    if char == "\\":
        return "\\\\"
    if char.isprintable():
        return char
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


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
