"""The way back from OpenAI strict mode: a model's arguments read as the source means them.

`restore_strict_arguments` (in `toolbridge.schema._strict`) follows the `StrictPlan` the
strict walk made: a null given for a property the source did not require is removed,
in nested objects, array items and ``anyOf`` branches too (an object branch is told by
its exact keys, an array branch by its kind), following kept ``$ref``s through the
plan's definitions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolbridge._json import MAX_DEPTH
from toolbridge.errors import ConversionError

if TYPE_CHECKING:
    from toolbridge.schema._strict import StrictPlan
    from toolbridge.schema._strict_walker import PlanNode

__all__ = ["restored"]


def restored(value: Any, node: PlanNode | None, plan: StrictPlan, depth: int) -> Any:
    """`value` with the nulls `node` (and what it holds) made for optional properties removed.

    Raises:
        ConversionError: `value` nests deeper than `MAX_DEPTH`.
    """
    if depth > MAX_DEPTH:
        raise ConversionError(f"arguments nest deeper than {MAX_DEPTH} levels")
    node = _resolve(node, plan)
    if node is None or value is None:
        return value
    if node.branches:
        branch = _pick(value, node.branches, plan)
        if branch is not None:
            value = restored(value, branch, plan, depth + 1)
    if isinstance(value, dict) and (node.optional or node.properties):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if item is None and key in node.optional:
                continue
            out[key] = restored(item, node.properties.get(key), plan, depth + 1)
        return out
    if isinstance(value, list) and node.items is not None:
        return [restored(item, node.items, plan, depth + 1) for item in value]
    return value


def _resolve(node: PlanNode | None, plan: StrictPlan) -> PlanNode | None:
    hops = 0
    while node is not None and node.ref is not None and hops < MAX_DEPTH:
        target = plan.definitions.get(node.ref)
        if target is node:
            break
        node, hops = target, hops + 1
    return node


def _pick(value: Any, branches: tuple[PlanNode | None, ...], plan: StrictPlan) -> PlanNode | None:
    """The branch a value was made under: an object by its exact keys, an array by kind."""
    resolved = [_resolve(b, plan) for b in branches]
    if isinstance(value, dict):
        keys = value.keys()
        exact = [b for b in resolved if b is not None and b.keys is not None and b.keys == keys]
        return exact[0] if exact else None
    if isinstance(value, list):
        arrays = [b for b in resolved if b is not None and b.kind == "array"]
        return arrays[0] if arrays else None
    return None
