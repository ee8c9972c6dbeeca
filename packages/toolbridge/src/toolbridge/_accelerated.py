"""The optional C accelerator (`toolbridge._speedups`), configured, or None.

The extension is built with the package where a C compiler is available; without
it toolbridge runs the same steps in Python (same results, slower). Set
``TOOLBRIDGE_PURE_PYTHON=1`` to ignore a built extension.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from toolbridge._json import FrozenDict, FrozenList

if TYPE_CHECKING:
    from toolbridge._tool import Tool

__all__ = ["SPEEDUPS", "Speedups"]


class Speedups(Protocol):
    """What `_speedups.c` offers (see its header comment)."""

    def strict(self, schema: Mapping[str, Any], /) -> Any:
        """The OpenAI strict schema, False if it cannot be strict, None to ask Python."""

    def complete(self, schema: Mapping[str, Any], /) -> Any:
        """The schema complete for OpenAI's non-strict rules."""

    def quick_openai_chat(self, tool: Tool, strict: bool | None, on_unsupported: str, /) -> Any:
        """The frozen Chat Completions tool, or None to leave it to the Python writer."""

    def quick_openai_responses(
        self, tool: Tool, strict: bool | None, on_unsupported: str, /
    ) -> Any:
        """The frozen Responses tool, or None to leave it to the Python writer."""


def _load() -> Speedups | None:
    if os.environ.get("TOOLBRIDGE_PURE_PYTHON"):
        return None
    try:
        from toolbridge import _speedups
    except ImportError:
        return None
    _speedups.configure(FrozenDict, FrozenList, functools.partial(json.dumps, ensure_ascii=False))
    speedups: Speedups = _speedups
    return speedups


SPEEDUPS: Speedups | None = _load()
"""The configured extension, or None where it was not built (or is switched off)."""
