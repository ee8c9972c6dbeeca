"""The one schema walker: every subschema the keyword table names, with its JSON path.

`rebuild` runs a transform on each object subschema of a frozen schema, bottom-up
(each node after the subschemas it holds) or top-down (before them), and copies
only what changed: an unchanged subtree comes back as the same object, a changed
node as a new `FrozenDict` around the parts it shares. `subschemas` and `walk`
list them without building anything. Where subschemas are is `toolbridge._keywords`'
table and nothing else; booleans and values of the wrong shape (``properties: 5``)
are kept as they are, never handed to a transform.

The walk recurses one frame per level of subschemas, and a schema nesting deeper
than `MAX_DEPTH` levels of objects and arrays raises `SchemaTooDeepError` before
Python's own recursion limit could (frozen schemas never nest that deep).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Set
from typing import Any, Final, TypeAlias

from toolbridge._json import MAX_DEPTH, FrozenDict, FrozenList, new_frozen_dict, new_frozen_list
from toolbridge._keywords import KEYWORDS, SUBSCHEMA_KEYWORDS
from toolbridge.errors import JsonPath, SchemaTooDeepError

__all__ = ["Transform", "rebuild", "subschemas", "walk"]

Transform: TypeAlias = Callable[[Any, JsonPath], Any]
"""A rewrite of one object subschema at a path: the node itself when nothing changes.

It returns frozen JSON (see `toolbridge._json.seal`), or anything else for the walk
to keep as it is (a boolean, say): only a `dict` is walked further.
"""

_ONE: Final = 1
_LIST: Final = 2
_MAP: Final = 3
_ONE_OR_LIST: Final = 4
_SHAPES: Final[dict[str, int]] = {
    key: (
        _ONE_OR_LIST
        if keyword.one and keyword.listed
        else _ONE
        if keyword.one
        else _LIST
        if keyword.listed
        else _MAP
    )
    for key, keyword in KEYWORDS.items()
}
"""Keyword -> the shape of its value, as one code the walk compares at once."""
_MAPS: Final = (FrozenDict, dict)
_LISTS: Final = (FrozenList, list)
_NOTHING: Final[frozenset[str]] = frozenset()


def subschemas(node: Any) -> Iterator[tuple[JsonPath, Any]]:
    """The object subschemas one level below `node`, each with its path from `node`.

    A path is ``(keyword,)`` or ``(keyword, member)``; `node` that is not a `dict`
    (a boolean schema) has none.
    """
    if not isinstance(node, dict):
        return
    for key, value in node.items():
        shape = _SHAPES.get(key)
        if shape is None:
            continue
        if isinstance(value, dict):
            if shape == _MAP:
                for name, member in value.items():
                    if isinstance(member, dict):
                        yield (key, name), member
            elif shape != _LIST:
                yield (key,), value
        elif isinstance(value, list) and shape in (_LIST, _ONE_OR_LIST):
            for index, member in enumerate(value):
                if isinstance(member, dict):
                    yield (key, index), member


def walk(
    schema: Any, where: JsonPath = (), skip: Set[str] = _NOTHING
) -> Iterator[tuple[JsonPath, Any]]:
    """Every object subschema of `schema`, itself first, with its path; iterative, pre-order.

    `where` is the path of `schema` in its document; the subschemas under `skip`
    keywords are left out.
    """
    stack: list[tuple[JsonPath, Any]] = [(where, schema)] if isinstance(schema, dict) else []
    while stack:
        path, node = stack.pop()
        yield path, node
        below = [((*path, *step), sub) for step, sub in subschemas(node) if step[0] not in skip]
        stack.extend(reversed(below))


def rebuild(
    schema: Any,
    transform: Transform,
    *,
    where: JsonPath = (),
    top_down: bool = False,
    paths: bool = True,
    skip: Set[str] = _NOTHING,
) -> Any:
    """`schema` with `transform` applied to each object subschema, copying only what changed.

    Bottom-up (the default), a node is handed over after its subschemas were rebuilt,
    so that it holds their new versions; `top_down` hands it over first and walks
    the subschemas of what the transform returned. Subschemas are visited in key
    order, depth first.

    Args:
        schema: Frozen JSON (a plain `dict` root around frozen parts is fine).
        transform: The rewrite of one node (see `Transform`).
        where: The path of `schema` in its document.
        top_down: Transform a node before the subschemas it holds.
        paths: Build each subschema's path; without, every node gets `where` (for a
            transform that reads no path, the tuples are saved).
        skip: Keywords whose subschemas are neither visited nor changed.

    Raises:
        SchemaTooDeepError: `schema` nests deeper than `MAX_DEPTH` levels.
    """
    shapes = _SHAPES if not skip else {k: v for k, v in _SHAPES.items() if k not in skip}
    keys = SUBSCHEMA_KEYWORDS - skip

    def visit(node: Any, path: JsonPath, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise SchemaTooDeepError(f"a schema nests deeper than {MAX_DEPTH} levels", path=path)
        if top_down:
            node = transform(node, path)
            if not isinstance(node, dict):
                return node
        if keys.isdisjoint(node):  # a leaf
            return node if top_down else transform(node, path)
        changed: dict[str, Any] | None = None
        for key, value in node.items():
            shape = shapes.get(key)
            if shape is None:
                continue
            where = (*path, key) if paths else path
            if isinstance(value, _MAPS):
                if shape == _MAP:
                    done = members(value, where, depth + 2)
                elif shape == _LIST:
                    continue
                else:
                    done = visit(value, where, depth + 1)
            elif isinstance(value, _LISTS) and shape in (_LIST, _ONE_OR_LIST):
                done = items(value, where, depth + 2)
            else:
                continue
            if done is not value:
                if changed is None:
                    changed = dict(node)
                changed[key] = done
        if changed is not None:
            node = new_frozen_dict(changed)
        return node if top_down else transform(node, path)

    def members(value: dict[str, Any], path: JsonPath, depth: int) -> Any:
        named: dict[str, Any] | None = None
        for name, member in value.items():
            if not isinstance(member, dict):
                continue
            done = visit(member, (*path, name) if paths else path, depth)
            if done is not member:
                if named is None:
                    named = dict(value)
                named[name] = done
        return value if named is None else new_frozen_dict(named)

    def items(value: list[Any], path: JsonPath, depth: int) -> Any:
        listed: list[Any] | None = None
        for index, member in enumerate(value):
            if not isinstance(member, dict):
                continue
            done = visit(member, (*path, index) if paths else path, depth)
            if done is not member:
                if listed is None:
                    listed = list(value)
                listed[index] = done
        return value if listed is None else new_frozen_list(listed)

    if not isinstance(schema, dict):
        return schema
    return visit(schema, where, 0)
