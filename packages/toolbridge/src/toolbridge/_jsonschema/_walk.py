"""The one schema walker: every subschema the keyword table names, with its JSON path.

`rebuild` (or a `rebuilder` set up once) runs a transform on each object subschema
of a frozen schema, bottom-up (each node after the subschemas it holds) or
top-down (before them), and copies only what changed: an unchanged subtree comes
back as the same object, a changed node as a new `FrozenDict` around the parts it
shares. A `before` check sees each node first when errors must come in schema
order. `subschemas`, `walk` and `nodes` list the subschemas without building
anything; `held` and `converted` serve a step that handles a node's subschemas
itself, keyword by keyword (the strict writers, the Gemini lowerings).
Where subschemas are is `toolbridge._jsonschema._keywords`' table and nothing else; booleans
and values of the wrong shape (``properties: 5``) are kept as they are, never
handed to a transform.

The value walk is the other mode, for searches that must not miss a schema the
table does not name: `parts` (one step) and `values` (the whole walk) go into every
object and array of a schema document but the instances (`DATA_KEYWORDS`), and
know which maps hold schemas under names (a property named ``default`` is a schema).
References, resource boundaries (``$id``), ``$schema`` declarations, patterns and
the cost of a check are found this way (see the section at the end).

The walk recurses one frame per level of subschemas (a leaf costs none), and a
node deeper than `MAX_DEPTH` levels of objects and arrays raises
`SchemaTooDeepError` before Python's own recursion limit could. A transform that
walks again from inside (a ``$ref`` followed) passes its depth on, so that levels
plus such steps stay under the same bound.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Set
from functools import cache
from typing import Any, Final, Literal, TypeAlias

from toolbridge._json import MAX_DEPTH, FrozenDict, FrozenList, new_frozen_dict, new_frozen_list
from toolbridge._jsonschema._keywords import (
    DATA_KEYWORDS,
    KEYWORDS,
    SCHEMA_MAP,
    SUBSCHEMA_KEYWORDS,
)
from toolbridge.errors import JsonPath, SchemaTooDeepError

__all__ = [
    "Check",
    "Rebuilder",
    "Shape",
    "Transform",
    "converted",
    "held",
    "nodes",
    "parts",
    "rebuild",
    "rebuilder",
    "shape",
    "subschemas",
    "values",
    "walk",
]

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


def nodes(schema: Any, skip: Set[str] = _NOTHING) -> Iterator[Any]:
    """Every object subschema of `schema`, itself included: `walk` without paths or order.

    For searches that only look at the nodes (which references a subschema holds);
    the subschemas under `skip` keywords are left out.
    """
    shapes = _skipping(frozenset(skip))[0] if skip else _SHAPES
    stack: list[Any] = [schema] if isinstance(schema, dict) else []
    while stack:
        node = stack.pop()
        yield node
        for key, value in node.items():
            shape = shapes.get(key)
            if shape is None:
                continue
            if isinstance(value, dict):
                if shape == _MAP:
                    stack.extend(member for member in value.values() if isinstance(member, dict))
                elif shape != _LIST:
                    stack.append(value)
            elif isinstance(value, list) and shape != _ONE and shape != _MAP:
                stack.extend(member for member in value if isinstance(member, dict))


Rebuilder: TypeAlias = Callable[[Any, JsonPath, int], Any]
"""A whole-schema rewrite made by `rebuilder`: ``run(schema, where, depth)``, `depth`
being how deep `schema` already is (a reference's target inlined in place, say)."""
Check: TypeAlias = Callable[[Any, JsonPath], None]
"""A look at one object subschema before its subschemas are walked (it may raise)."""


def rebuild(
    schema: Any,
    transform: Transform,
    *,
    where: JsonPath = (),
    top_down: bool = False,
    paths: bool = True,
    skip: Set[str] = _NOTHING,
    scalars: bool = True,
) -> Any:
    """`schema` with `transform` applied to each object subschema, copying only what changed.

    ``rebuilder(transform, ...)(schema, where)``: see `rebuilder` for the options;
    `where` is the path of `schema` in its document.

    Raises:
        SchemaTooDeepError: `schema` nests deeper than `MAX_DEPTH` levels.
    """
    run = rebuilder(transform, top_down=top_down, paths=paths, skip=skip, scalars=scalars)
    return run(schema, where, 0)


def rebuilder(
    transform: Transform,
    *,
    top_down: bool = False,
    paths: bool = True,
    skip: Set[str] = _NOTHING,
    scalars: bool = True,
    leaves: Set[str] | None = None,
    before: Check | None = None,
    tally: list[int] | None = None,
) -> Rebuilder:
    """A function that rebuilds a whole schema with `transform`: set up once, run often.

    Bottom-up (the default), a node is handed over after its subschemas were rebuilt,
    so that it holds their new versions; `top_down` hands it over first and walks
    the subschemas of what the transform returned. Subschemas are visited in key
    order, depth first. Only what changed is copied. The returned function takes a
    frozen schema (a plain `dict` root around frozen parts is fine) and its path in
    its document, and raises `SchemaTooDeepError` past `MAX_DEPTH` levels.

    Args:
        transform: The rewrite of one node (see `Transform`).
        top_down: Transform a node before the subschemas it holds.
        paths: Build each subschema's path; without, every node gets the root's
            (for a transform that reads no path, the tuples are saved).
        skip: Keywords whose subschemas are neither visited nor changed.
        scalars: Hand over leaves of one scalar type (``{"type": "string"}`` with
            no subschema); without, they are kept as they are, without a call (for
            a transform that only changes objects and arrays: most of a schema is
            such leaves).
        leaves: Hand over only the leaves holding one of these keywords; the
            others are kept as they are, without a call (for a transform that
            rewrites a few keywords: ``$ref``, say).
        before: A check on each node holding subschemas, made before they are
            walked (pre-order): for errors that must be found in schema order. (A
            leaf has nothing below: its `transform` is the first to see it.)
        tally: Raised by one for each object subschema the walk reaches, handed
            over or not: a running count a `before` check can bound.
    """
    shapes, keys = _skipping(frozenset(skip)) if skip else (_SHAPES, SUBSCHEMA_KEYWORDS)
    quiet = _NOTHING if scalars else _SCALARS
    wanted = None if leaves is None else frozenset(leaves)

    # The walk is made of closures over the settings: one frame per level of
    # subschemas, and none for the leaves among the members of maps and lists.
    def visit(node: Any, path: JsonPath, depth: int) -> Any:
        """Any value: an object subschema rebuilt, anything else kept (also the `run`).

        A leaf (no subschema) is transformed here, without another frame: a transform
        that walks again from inside (a reference followed) costs two frames a step.
        """
        if not isinstance(node, dict):
            return node
        if tally is not None:
            tally[0] += 1
        if not keys.isdisjoint(node):
            return rebuilt(node, path, depth, True)
        if quiet:
            kind = node.get("type")
            if type(kind) is str and kind in quiet:
                return node
        if wanted is not None and wanted.isdisjoint(node):
            return node
        done = transform(node, path)
        if top_down and done is not node and _holds(done, keys):
            return rebuilt(done, path, depth, False)
        return done

    def rebuilt(node: Any, path: JsonPath, depth: int, fresh: bool) -> Any:
        """A node holding subschemas; `fresh` is False when top-down transformed it already."""
        if depth > MAX_DEPTH:
            raise SchemaTooDeepError(f"a schema nests deeper than {MAX_DEPTH} levels", path=path)
        if before is not None and fresh:
            before(node, path)
        if top_down and fresh:
            done = transform(node, path)
            if done is not node:
                if not _holds(done, keys):
                    return done
                node = done
        changed: dict[str, Any] | None = None
        for key, value in node.items():
            shape = shapes.get(key)
            if shape is None:
                continue
            members: Iterable[tuple[Any, Any]]
            if isinstance(value, dict):
                if shape == _LIST:
                    continue
                where = (*path, key) if paths else path
                if shape != _MAP:  # one subschema
                    if tally is not None:
                        tally[0] += 1
                    if not keys.isdisjoint(value):
                        sub = rebuilt(value, where, depth + 1, True)
                    else:  # `visit`'s leaf, inlined as for members below
                        if quiet:
                            kind = value.get("type")
                            if type(kind) is str and kind in quiet:
                                continue
                        if wanted is not None and wanted.isdisjoint(value):
                            continue
                        sub = transform(value, where)
                        if top_down and sub is not value and _holds(sub, keys):
                            sub = rebuilt(sub, where, depth + 1, False)
                    if sub is not value:
                        if changed is None:
                            changed = dict(node)
                        changed[key] = sub
                    continue
                members = value.items()
            elif isinstance(value, list) and shape != _ONE and shape != _MAP:
                where = (*path, key) if paths else path
                members = enumerate(value)
            else:
                continue
            copy: Any = None  # the map or list, once a member changed
            for name, member in members:
                if not isinstance(member, dict):
                    continue
                if tally is not None:
                    tally[0] += 1
                if keys.isdisjoint(member):  # `leaf`, inlined: most members are leaves
                    if quiet:
                        kind = member.get("type")
                        if type(kind) is str and kind in quiet:
                            continue
                    if wanted is not None and wanted.isdisjoint(member):
                        continue
                    at = (*where, name) if paths else where
                    sub = transform(member, at)
                    if top_down and sub is not member and _holds(sub, keys):
                        sub = rebuilt(sub, at, depth + 2, False)
                else:
                    sub = rebuilt(member, (*where, name) if paths else where, depth + 2, True)
                if sub is not member:
                    if copy is None:
                        copy = dict(value) if isinstance(value, dict) else list(value)
                    copy[name] = sub
            if copy is not None:
                if changed is None:
                    changed = dict(node)
                changed[key] = (
                    new_frozen_dict(copy) if isinstance(copy, dict) else new_frozen_list(copy)
                )
        if changed is not None:
            node = new_frozen_dict(changed)
        return node if top_down else transform(node, path)

    return visit


@cache
def _skipping(skip: frozenset[str]) -> tuple[dict[str, int], frozenset[str]]:
    """The shapes and subschema keywords without `skip` (the same few sets, made once)."""
    shapes = {key: shape for key, shape in _SHAPES.items() if key not in skip}
    return shapes, SUBSCHEMA_KEYWORDS - skip


_SCALARS: Final = frozenset({"string", "number", "integer", "boolean", "null"})
"""The types of the leaves ``scalars=False`` keeps without a call."""


def _holds(node: Any, keys: frozenset[str]) -> bool:
    """True when what a top-down transform returned holds subschemas to walk."""
    return isinstance(node, dict) and not keys.isdisjoint(node)


# -- For a step that handles the subschemas of a node itself -------------------------------
# The strict writers and the Gemini lowerings cannot be a `rebuilder` step: context
# comes from above (whether a property is optional decides its nullability; an
# ``allOf`` is merged before its parts are read), what the children become goes back
# up (restore plans; whether ``oneOf`` branches exclude each other), and a report
# interleaves a node's entries with its subschemas' in key order. Their step reads
# each keyword of a node in its own order and reaches the subschemas a keyword holds
# with `held` (where they are) or `converted` (each one converted, at its path and
# depth): where subschemas are is still the table's alone.


def converted(key: str, value: Any, path: JsonPath, depth: int, convert: Rebuilder) -> Any:
    """`value`, the value of `key` in the node at `path`, with `convert` run on each schema in it.

    The schemas are those `held` lists (where they are is the table's), whatever each
    is: one that is no schema is for `convert` to reject. One schema is converted as
    ``convert(value, (*path, key), depth + 1)`` and comes back as `convert` returned
    it; each member of a list or map as
    ``convert(member, (*path, key, place), depth + 2)``, in a new plain `list` or
    `dict`. A value holding none comes back as it is. `convert` bounds the depth (as
    `rebuilder`'s run does).
    """
    shape = _SHAPES.get(key)
    if shape is None:
        return value
    if isinstance(value, list):
        if shape in (_LIST, _ONE_OR_LIST):
            where = (*path, key)
            return [
                convert(member, (*where, index), depth + 2) for index, member in enumerate(value)
            ]
    elif shape == _MAP:
        if isinstance(value, dict):
            where = (*path, key)
            return {
                name: convert(member, (*where, name), depth + 2) for name, member in value.items()
            }
    elif shape != _LIST:
        return convert(value, (*path, key), depth + 1)
    return value


Shape: TypeAlias = Literal["one", "list", "map"]
"""How a keyword's value holds its schemas: it is one, a list of them, or a map of names."""


def shape(key: str, value: Any) -> Shape | None:
    """How `value`, the value of `key`, holds the schemas `held` lists: None when it holds none.

    ``"list"`` and ``"map"`` when `value` is a list or a map of names where the keyword
    takes one, ``"one"`` for any other value where it takes one schema (whatever it is);
    None for a value of a shape the keyword cannot take and for a keyword not in the
    table. Two values of one keyword hold their schemas at comparable places when
    their shapes are the same (`toolbridge diff` pairs them so).
    """
    code = _SHAPES.get(key)
    if code is None:
        return None
    if isinstance(value, list):
        return "list" if code in (_LIST, _ONE_OR_LIST) else None
    if code == _MAP:
        return "map" if isinstance(value, dict) else None
    return "one" if code != _LIST else None


def held(key: str, value: Any) -> Iterator[tuple[Any, Any]]:
    """The schemas in `value`, the value of `key`, each with its place in `value`.

    Where they are is the table's: the members of a list or a map (their index or
    name), or `value` itself where the keyword takes one schema (place None), whatever
    each is: a boolean is a schema too, and a member that is no schema is for the
    step to reject. A value of a shape the keyword cannot take (a map under ``anyOf``)
    and a keyword not in the table hold none.
    """
    shape = _SHAPES.get(key)  # (iterators made here, not a generator: no frame per member)
    if shape is None:
        return iter(())
    if isinstance(value, list):
        return enumerate(value) if shape in (_LIST, _ONE_OR_LIST) else iter(())
    if shape == _MAP:
        return iter(value.items()) if isinstance(value, dict) else iter(())
    return iter(((None, value),)) if shape != _LIST else iter(())


# -- The value walk: a schema document read as JSON, the cautious view ---------------------
# A ``$ref`` may point anywhere in its document, under a keyword the table does not
# name (``#/x-models/A``), and jsonschema-rs follows it there; an ``$id`` or a
# ``$schema`` counts wherever a schema can be. So searches for those step into every
# object and array but the instances (`DATA_KEYWORDS`: a ``$ref`` in a ``default``
# is data), and read a map of names (`SCHEMA_MAP`) as names, not keywords: its every
# value is a schema. Transforms, which rewrite only what the keywords mean, walk the
# table's subschemas with the functions above instead.


def parts(
    node: Any, named: bool = False, data: Set[str] = DATA_KEYWORDS
) -> Iterator[tuple[str | int, Any, bool]]:
    """The parts of a schema document's `node` that can hold schemas: ``(key, value, value_named)``.

    `named` says `node` is a map of names to schemas (``properties``: see
    `SCHEMA_MAP`), whose every value is a schema; elsewhere the values of `data`
    keywords are instances and left out, and `value_named` says the value is such a
    map. The members of a list come with their index. A scalar has no parts.
    """
    if isinstance(node, Mapping):
        for key, value in node.items():
            if named:
                yield key, value, False
            elif key not in data:
                yield key, value, key in SCHEMA_MAP
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield index, value, False


def values(
    schema: Any, *, where: JsonPath = (), paths: bool = True, data: Set[str] = DATA_KEYWORDS
) -> Iterator[tuple[JsonPath, Any, bool]]:
    """Every object and array of a schema document `parts` reaches: ``(path, node, named)``.

    `schema` itself first (when it is one), then iteratively, pre-order, each node's
    parts in reverse order (the last part's subtree first); `named` says the node is a
    map of names to schemas. `where` is the path of `schema` in its document; without
    `paths`, every node gets `where` (for a search that reads no path). The walk is
    iterative: no depth bound is needed.
    """
    stack: list[tuple[JsonPath, Any, bool]] = (
        [(where, schema, False)] if isinstance(schema, (Mapping, list)) else []
    )
    pop, push = stack.pop, stack.append
    leaves, containers, named_maps = _LEAVES, _CONTAINERS, SCHEMA_MAP
    while stack:
        entry = pop()
        yield entry
        path, node, named = entry
        # `parts`, inlined (a frame per node saved: `check` reads every document so),
        # its scalars passed over by their exact type first.
        if isinstance(node, list):
            for index, value in enumerate(node):
                kind = type(value)
                if kind not in leaves and (
                    kind in containers or isinstance(value, (Mapping, list))
                ):
                    push(((*path, index) if paths else path, value, False))
            continue
        for key, value in node.items():
            kind = type(value)
            if kind in leaves or not (named or key not in data):
                continue
            if kind in containers or isinstance(value, (Mapping, list)):
                push(((*path, key) if paths else path, value, not named and key in named_maps))


_LEAVES: Final = frozenset({str, int, float, bool, type(None)})
"""The exact types of JSON scalars: no part of them is a schema."""
_CONTAINERS: Final = frozenset({dict, list, FrozenDict, FrozenList})
"""The exact types of JSON objects and arrays, plain or frozen."""
