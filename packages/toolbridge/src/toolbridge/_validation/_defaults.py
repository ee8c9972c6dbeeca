"""Filling in schema defaults, deeply, without touching the caller's value.

Runs only after validation has succeeded. Objects get each missing property's
``default`` (a fresh copy, so a tool that mutates it cannot change the schema's);
the walk follows ``properties``, ``additionalProperties``, ``prefixItems`` /
``items`` (and draft 7's tuple ``items`` / ``additionalItems``), local ``$ref``,
``allOf``, and the first ``anyOf`` / ``oneOf`` branch the value matches. Containers
are copied only along the paths where something was added (copy on write); the
rest is shared with the input.

The schema is compiled once into a graph of `_Node`, keeping only the parts that
can add a default, so a call costs little more than a look at the keys of the
objects on the way. Not followed: ``patternProperties`` (and ``additionalProperties``
beside it), ``if`` / ``then`` / ``else``, ``dependentSchemas``, and references that
are not local JSON Pointers.

So the compiler (`_shapes`) reads the keywords above by name, each for what it does to
a value, rather than walking every subschema the keyword table names; the quick look
first, whether the schema has a ``default`` at all, is the value walk of
`toolbridge._jsonschema._walk`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import repeat
from operator import contains
from typing import TYPE_CHECKING, Any, Final

from toolbridge._json import thaw
from toolbridge._jsonschema._references import parse_pointer, pointer, resolve
from toolbridge._jsonschema._walk import values
from toolbridge.errors import JsonPath

if TYPE_CHECKING:
    import jsonschema_rs

_MAX_REF_HOPS: Final = 32

Compiler = Callable[[], "jsonschema_rs.ValidatorMap"]
"""Builds a map of validators for every subschema (to match anyOf / oneOf branches)."""


def _has_defaults(schema: Any) -> bool:
    """True when a ``default`` keyword appears anywhere a schema can be (the value walk)."""
    return any(
        not named and isinstance(node, Mapping) and "default" in node
        for _, node, named in values(schema, paths=False)
    )


class _Node:
    """What one subschema adds to a value, and where to go from there."""

    __slots__ = (
        "choices",
        "declared",
        "extra",
        "flat",
        "fresh",
        "inplace",
        "items",
        "leaf",
        "names",
        "prefix",
        "properties",
        "scalars",
    )

    def __init__(self) -> None:
        self.scalars: dict[str, Any] = {}
        """Immutable defaults (strings, numbers, ...), added as they are."""
        self.fresh: tuple[tuple[str, Any], ...] = ()
        """Object and array defaults, copied each time they are added."""
        self.properties: tuple[tuple[str, _Node], ...] = ()
        self.declared: frozenset[str] = frozenset()
        self.extra: _Node | None = None
        self.prefix: tuple[_Node | None, ...] = ()
        self.items: _Node | None = None
        self.inplace: tuple[_Node, ...] = ()
        """Applied to the same value: ``$ref`` targets and ``allOf`` branches."""
        self.choices: tuple[tuple[tuple[str, _Node | None], ...], ...] = ()
        """anyOf / oneOf: (branch pointer, node) per branch; the first that matches applies."""
        self.flat = True
        """No in-place nodes or choices: nothing to expand."""
        self.names: frozenset[str] = frozenset()
        """The properties this node has a default for."""
        self.leaf = True
        """Flat, and nothing below: all it does is add `names`."""


def _default_of(schema: Any, node: Any) -> tuple[bool, Any]:
    """The default a property's schema declares, following ``$ref`` and a lone ``allOf``."""
    for _ in range(_MAX_REF_HOPS):
        if not isinstance(node, Mapping):
            return False, None
        if "default" in node:
            return True, node["default"]
        reference = node.get("$ref")
        all_of = node.get("allOf")
        if isinstance(reference, str):
            path = parse_pointer(reference)
            node = None if path is None else resolve(schema, path)
        elif isinstance(all_of, list) and len(all_of) == 1:
            node = all_of[0]
        else:
            return False, None
    return False, None


class _Shape:
    """One subschema's defaults and outgoing edges, before pruning."""

    __slots__ = (
        "choices",
        "declared",
        "defaults",
        "extra",
        "inplace",
        "items",
        "prefix",
        "properties",
    )

    def __init__(self, schema: Any, at: JsonPath, node: Mapping[str, Any]) -> None:
        properties = node.get("properties")
        properties = properties if isinstance(properties, Mapping) else {}
        self.declared = frozenset(properties)
        self.defaults: list[tuple[str, Any]] = []
        self.properties: list[tuple[str, JsonPath]] = []
        for name, subschema in properties.items():
            found, default = _default_of(schema, subschema)
            if found:
                self.defaults.append((name, default))
            self.properties.append((name, (*at, "properties", name)))
        extra = node.get("additionalProperties")
        has_patterns = isinstance(node.get("patternProperties"), Mapping)
        self.extra = (
            (*at, "additionalProperties")
            if isinstance(extra, Mapping) and not has_patterns
            else None
        )
        prefix, items = node.get("prefixItems"), node.get("items")
        prefix_keyword, items_keyword = "prefixItems", "items"
        if isinstance(items, list):  # draft 7 and earlier: items as a tuple schema
            prefix, items = items, node.get("additionalItems")
            prefix_keyword, items_keyword = "items", "additionalItems"
        prefix = prefix if isinstance(prefix, list) else []
        self.prefix = [(*at, prefix_keyword, index) for index in range(len(prefix))]
        self.items = (*at, items_keyword) if isinstance(items, Mapping) else None
        self.inplace: list[JsonPath] = []
        reference = node.get("$ref")
        target = parse_pointer(reference) if isinstance(reference, str) else None
        if target is not None and isinstance(resolve(schema, target), Mapping):
            self.inplace.append(target)
        all_of = node.get("allOf")
        if isinstance(all_of, list):
            self.inplace.extend((*at, "allOf", index) for index in range(len(all_of)))
        self.choices: list[list[JsonPath]] = []
        for keyword in ("anyOf", "oneOf"):
            branches = node.get(keyword)
            if isinstance(branches, list) and branches:
                self.choices.append([(*at, keyword, index) for index in range(len(branches))])

    def edges(self) -> list[JsonPath]:
        out = [path for _, path in self.properties] + self.prefix + self.inplace
        out.extend(path for path in (self.extra, self.items) if path is not None)
        out.extend(path for branches in self.choices for path in branches)
        return out


def _shapes(schema: Mapping[str, Any]) -> dict[JsonPath, _Shape]:
    """Every subschema reachable through the keywords the filler follows."""
    shapes: dict[JsonPath, _Shape] = {}
    todo: list[JsonPath] = [()]
    while todo:
        at = todo.pop()
        if at in shapes:
            continue
        node = resolve(schema, at)
        if not isinstance(node, Mapping):
            continue
        shape = shapes[at] = _Shape(schema, at, node)
        todo.extend(shape.edges())
    return shapes


def _productive(shapes: dict[JsonPath, _Shape]) -> set[JsonPath]:
    """The subschemas from which some default can be reached (linear, via reverse edges)."""
    parents: dict[JsonPath, list[JsonPath]] = {}
    for at, shape in shapes.items():
        for child in shape.edges():
            parents.setdefault(child, []).append(at)
    found = {at for at, shape in shapes.items() if shape.defaults}
    todo = list(found)
    while todo:
        for parent in parents.get(todo.pop(), ()):
            if parent not in found:
                found.add(parent)
                todo.append(parent)
    return found


def plan(schema: Any, compile_map: Compiler) -> DefaultsPlan | None:
    """A plan to fill defaults in, or None when the schema cannot add any."""
    if not isinstance(schema, Mapping) or not _has_defaults(schema):
        return None
    shapes = _shapes(schema)
    productive = _productive(shapes)
    if () not in productive:
        return None
    nodes = {at: _Node() for at in productive}
    for at, node in nodes.items():
        shape = shapes[at]
        for name, default in shape.defaults:
            if isinstance(default, (Mapping, list)):
                node.fresh = (*node.fresh, (name, default))
            else:
                node.scalars[name] = default
        node.properties = tuple(
            (name, nodes[path]) for name, path in shape.properties if path in nodes
        )
        node.declared = shape.declared
        node.extra = nodes.get(shape.extra) if shape.extra is not None else None
        node.prefix = tuple(nodes.get(path) for path in shape.prefix)
        if not any(node.prefix):
            node.prefix = ()
        node.items = nodes.get(shape.items) if shape.items is not None else None
        node.inplace = tuple(nodes[path] for path in shape.inplace if path in nodes)
        node.choices = tuple(
            tuple((pointer(path), nodes.get(path)) for path in branches)
            for branches in shape.choices
            if any(path in nodes for path in branches)
        )
        node.flat = not node.inplace and not node.choices
        node.names = frozenset(node.scalars) | {name for name, _ in node.fresh}
        below = node.properties or node.extra or node.prefix or node.items
        node.leaf = node.flat and not below
    closed = schema.get("additionalProperties") is False and "patternProperties" not in schema
    return DefaultsPlan(nodes[()], compile_map, shapes[()].declared if closed else None)


def _add(node: _Node, value: dict[str, Any], *, copy: bool) -> dict[str, Any]:
    """`value` with `node`'s missing defaults added (into a copy when `copy`)."""
    scalars = node.scalars
    result = scalars | value if scalars else dict(value) if copy else value
    for name, default in node.fresh:
        if name not in result:
            result[name] = thaw(default)
    return result


def _complete(node: _Node, items: list[Any] | tuple[Any, ...]) -> bool:
    """True when `node` (a leaf: it only adds defaults) has nothing to add to any item.

    A C-level pass per name (``name in item``) instead of a Python loop over the items.
    An item that is not an object never gets defaults, so a wrong answer for one
    (``"x" in "xyz"``) cannot matter; one that is not a container ends the shortcut.
    """
    if not node.leaf:
        return False
    try:
        return all(all(map(contains, items, repeat(name))) for name in node.names)
    except TypeError:
        return False


class DefaultsPlan:
    """Applies one schema's defaults; branch validators are compiled on first need."""

    __slots__ = ("_compile_map", "_map", "_root", "complete_size")

    def __init__(
        self, root: _Node, compile_map: Compiler, closed: frozenset[str] | None = None
    ) -> None:
        self._root = root
        self._compile_map = compile_map
        self._map: jsonschema_rs.ValidatorMap | dict[str, Any] | None = None
        self.complete_size = -1 if closed is None else len(closed)
        """For a closed object schema (``additionalProperties: false``), its number of
        properties: a valid value of that size has them all, so nothing to add."""

    @property
    def top(self) -> dict[str, Any] | None:
        """The scalar defaults of the root, when that is all the plan adds.

        The common case (an object schema with defaults for some top-level properties
        and none deeper) then needs no walk: ``top | value`` is the filled-in value.
        """
        root = self._root
        return root.scalars if root.leaf and not root.fresh else None

    def apply(self, value: Any) -> Any:
        """The value with defaults filled in; the value itself when nothing was added."""
        return self._fill((self._root,), value)

    def _fill(self, nodes: tuple[_Node, ...], value: Any) -> Any:
        """`value` with what `nodes` add; one Python frame per level of the value."""
        if len(nodes) > 1 or not nodes[0].flat:
            nodes = self._expand(nodes, value)
        if isinstance(value, dict):
            result = value
            for node in nodes:
                if node.names and not result.keys() >= node.names:
                    result = _add(node, result, copy=result is value)
            for node in nodes:
                for name, child_node in node.properties:
                    if name in result:
                        child = result[name]
                        new = self._fill((child_node,), child)
                        if new is not child:
                            result = dict(result) if result is value else result
                            result[name] = new
                extra = node.extra
                if extra is not None:
                    declared = node.declared
                    for name, child in list(result.items()):
                        if name not in declared:
                            new = self._fill((extra,), child)
                            if new is not child:
                                result = dict(result) if result is value else result
                                result[name] = new
            return result
        if isinstance(value, (list, tuple)):
            array: list[Any] | None = None
            for node in nodes:
                prefix, items = node.prefix, node.items
                if not prefix and (items is None or _complete(items, value)):
                    continue
                current = value if array is None else array
                for index, child in enumerate(current):
                    item_node = prefix[index] if index < len(prefix) else items
                    if item_node is None:
                        continue
                    new = self._fill((item_node,), child)
                    if new is not child:
                        array = list(value) if array is None else array
                        array[index] = new
            return value if array is None else array
        return value

    def _expand(self, nodes: tuple[_Node, ...], value: Any) -> tuple[_Node, ...]:
        """The nodes, then (depth first) their in-place nodes and matching branches."""
        out: list[_Node] = []
        seen: set[int] = set()
        stack = list(reversed(nodes))
        while stack:
            node = stack.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            out.append(node)
            found: list[_Node] = list(node.inplace)
            for branches in node.choices:
                for branch_pointer, branch in branches:
                    if self._matches(branch_pointer, value):
                        if branch is not None:
                            found.append(branch)
                        break
            stack.extend(reversed(found))
        return tuple(out)

    def _matches(self, branch_pointer: str, value: Any) -> bool:
        branches = self._map
        if branches is None:
            try:
                branches = self._compile_map()
            except (ValueError, LookupError):  # cannot happen for a schema that compiled
                branches = {}
            self._map = branches
        validator = branches.get(branch_pointer)
        return validator is not None and bool(validator.is_valid(value))
