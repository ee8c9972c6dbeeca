"""Scan tool definitions for poisoning before a model sees them; offline, in-process.

`scan` reads every string of a tool's MCP form a model reads (name, title,
description, and in both schemas each description, title, enum value, const,
default, example and property name) and reports a `Finding` per suspicious place:
invisible characters, text hidden after blank runs, and terminal escapes, look-alike
names (Unicode TR39), instructions addressed to the model (overrides of what the
user asked among them, in many languages), references to secrets, exfiltration
endpoints and parameters that ask for the model's context, encoded blobs, and, given
tools by server, shadowing of another server's tools and names offered twice; given
pins, definitions changed since they were pinned. `RULES` describes each rule.

What it cannot catch: it reads patterns and shapes, not meaning. An instruction
paraphrased outside them, written in a language its word lists lack or split across
fields, a tool that does harm without saying so in its definition (its code, its
results, a server's own API used to exfiltrate), and text a client hides by
rendering it are all beyond it. It is a filter in front of review, not a proof of
safety.
"""

from toolbridge.security._finding import (
    SEVERITIES,
    Finding,
    Rule,
    Severity,
    at_least,
    pointer,
    shown,
)
from toolbridge.security._rules import RULES
from toolbridge.security._scan import scan

__all__ = [
    "RULES",
    "SEVERITIES",
    "Finding",
    "Rule",
    "Severity",
    "at_least",
    "pointer",
    "scan",
    "shown",
]
