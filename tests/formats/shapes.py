"""What the format tests share: narrowing a reader's answer, and showing an input unchanged."""

from __future__ import annotations

import json
from typing import Any

from toolbridge import Tool


def one(value: Tool | list[Tool]) -> Tool:
    """`value`, which must be one tool (a reader given one tool)."""
    assert isinstance(value, Tool)
    return value


def many(value: Tool | list[Tool]) -> list[Tool]:
    """`value`, which must be a list (a reader given a list or an envelope)."""
    assert isinstance(value, list)
    return value


def snapshot(value: Any) -> str:
    """The input as JSON text, to show it unchanged after a call (deep inputs too)."""
    return json.dumps(value, sort_keys=True)
