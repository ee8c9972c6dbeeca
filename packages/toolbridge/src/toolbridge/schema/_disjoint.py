"""Whether the branches of an ``anyOf`` can never hold at once: a cheap, sufficient test.

Disjoint branches let ``anyOf`` and ``oneOf`` mean the same, so a writer may carry
one as the other; the test looks at types, ``const``/``enum`` values, and a required
property whose values tell the branches apart (a tag).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toolbridge.schema._wording import CANONICAL, json_text

__all__ = ["exclusive"]


def exclusive(branches: list[Any]) -> bool:
    """True when no value can match two of the branches (a cheap, sufficient test)."""
    if not all(isinstance(b, dict) for b in branches):
        return False
    types = [_types(b) for b in branches]
    if all(t is not None for t in types) and _pairwise_disjoint(types):
        return True
    values = [_values(b) for b in branches]
    if all(v is not None for v in values) and _pairwise_disjoint(values):
        return True
    shared = (
        set.intersection(*(set(b.get("required", ())) for b in branches)) if branches else set()
    )
    for name in shared:
        tags = [_values(b.get("properties", {}).get(name, {})) for b in branches]
        if all(t is not None for t in tags) and _pairwise_disjoint(tags):
            return True
    return False


def _types(schema: Mapping[str, Any]) -> set[str] | None:
    types = schema.get("type")
    found = set(types) if isinstance(types, list) else {types} if isinstance(types, str) else None
    if found is not None and "number" in found:
        found.add("integer")
    return found


def _values(schema: Any) -> set[str] | None:
    if not isinstance(schema, dict):
        return None
    if "const" in schema:
        return {json_text(schema["const"], CANONICAL)}
    if isinstance(schema.get("enum"), list):
        return {json_text(v, CANONICAL) for v in schema["enum"]}
    return None


def _pairwise_disjoint(sets: list[Any]) -> bool:
    seen: set[str] = set()
    for one in sets:
        if seen & one:
            return False
        seen |= one
    return True
