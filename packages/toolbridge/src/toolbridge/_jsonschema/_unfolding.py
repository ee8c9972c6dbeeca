"""What checking a value against a schema can cost, worked out from the schema alone.

jsonschema-rs follows a ``$ref`` wherever it is used: definitions that each use the
next one twice (``anyOf: [{"$ref": next}, {"$ref": next}]``) make 2**levels
subschemas to check at one place of a value. Listing a value's issues costs far
more than deciding that it has one: a failing ``anyOf`` / ``oneOf`` keeps every
branch's errors, and theirs, nested (20 such levels: 5 ms to check, 85 s to list).

`unfold` measures both from the schema in one pass over it; `reasonless` is the
schema that lists issues within the cost of the check, each failing ``anyOf`` /
``oneOf`` one issue without its branches' reasons; `depth_closed` says whether the
schema itself bounds how deep an accepted value can nest.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from toolbridge._jsonschema._references import parse_pointer, resolve, rewrite_references
from toolbridge._jsonschema._walk import parts, values

__all__ = [
    "Unfolding",
    "depth_closed",
    "has_references",
    "reasonless",
    "strong_components",
    "unfold",
]

_Node = TypeVar("_Node", bound=Hashable)

_CAP: Final = 10**15
"""Counts saturate here: 2**levels of a deep enough schema would not fit a float."""
_BRANCHES: Final = ("anyOf", "oneOf")
_DEFINITIONS: Final = ("$defs", "definitions")
_UNEVALUATED: Final = frozenset({"unevaluatedProperties", "unevaluatedItems"})
_REFERENCES: Final = frozenset({"$ref", "$dynamicRef", "$recursiveRef"})
_SCALAR_TYPES: Final = frozenset({"string", "number", "integer", "boolean", "null"})
_SCALARS: Final = frozenset({str, int, float, bool, type(None)})
_CLOSED_DEPTH: Final = 64
"""Nesting (references followed included) beyond which `depth_closed` says no."""


def strong_components(
    nodes: Iterable[_Node], successors: Callable[[_Node], Iterable[_Node]]
) -> dict[_Node, int]:
    """Each node's strongly connected component (Tarjan's algorithm, iteratively).

    Components are numbered in the order they are completed: a component only
    leads to components with smaller numbers.
    """
    index: dict[_Node, int] = {}
    low: dict[_Node, int] = {}
    component: dict[_Node, int] = {}
    stack: list[_Node] = []
    count = 0
    for root in nodes:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        work: list[tuple[_Node, Iterator[_Node]]] = [(root, iter(successors(root)))]
        while work:
            node, pending = work[-1]
            for step in pending:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    work.append((step, iter(successors(step))))
                    break
                if step not in component:  # still on the stack
                    low[node] = min(low[node], index[step])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    while True:
                        member = stack.pop()
                        component[member] = count
                        if member == node:
                            break
                    count += 1
    return component


@dataclass(frozen=True, slots=True)
class Unfolding:
    """The size of a schema, and of what checking a value against it unfolds to."""

    written: int
    """Subschemas as written (each object schema once)."""
    unfolded: int
    """Subschemas checked at one place of a value, at the worst place: each ``$ref``
    followed where it is used, through the keywords that apply to the value itself
    (``anyOf``, ``allOf``, ...), not those that apply to its parts (``properties``,
    ``items``: each part is another place). A recursion is counted once: its cost is
    bounded by the value's depth."""
    reasons: int
    """Of those, the ones inside ``anyOf`` / ``oneOf`` branches, whose errors a failing
    one keeps; `_CAP` when a branch leads back to its own ``anyOf`` / ``oneOf`` (then
    it grows with the value's depth) or when references cannot be followed."""


def has_references(schema: Any) -> bool:
    """True when a reference keyword appears anywhere in `schema` (data included: a quick look)."""
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, Mapping):
            if not _REFERENCES.isdisjoint(node.keys()):
                return True
            stack.extend([value for value in node.values() if type(value) not in _SCALARS])
        elif isinstance(node, list):
            stack.extend([value for value in node if type(value) not in _SCALARS])
    return False


_IN_PLACE: Final = frozenset(
    {"allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas"} | {"dependencies"}
)
"""Keywords whose subschemas apply to the value itself, not to a part of it."""


def _subschemas(node: Mapping[str, Any]) -> Iterator[tuple[Any, bool, bool, bool]]:
    """Each subschema of an object schema, with three flags.

    Whether it is an anyOf / oneOf branch, whether it is checked where it is (a
    definition is checked where it is used), and whether it applies to the same
    place of a value (``anyOf``, ``allOf``, ...) rather than to a part of it
    (``properties``, ``items``, ...).
    """
    stack = [
        (value, named, key in _BRANCHES, key not in _DEFINITIONS, key in _IN_PLACE)
        for key, value, named in parts(node)
    ]
    while stack:
        value, named, branch, checked, here = stack.pop()
        if isinstance(value, Mapping):
            if named:
                stack.extend(
                    (item, False, False, checked, here) for _, item, _ in parts(value, True)
                )
            else:
                yield value, branch, checked, here
        elif isinstance(value, list):
            stack.extend((item, False, branch, checked, here) for item in value)


def unfold(schema: Any, resources: Iterable[Any] = ()) -> Unfolding:
    """How large `schema` is, and what checking and listing issues against it unfold to.

    One pass over the schema, then over its graph of subschemas and local
    references (strongly connected components, in linear time).
    """
    if not isinstance(schema, Mapping):
        return Unfolding(written=0, unfolded=1, reasons=0)
    edges: dict[int, list[tuple[int, bool, bool]]] = {}
    composed, followable = False, True
    stack: list[Mapping[str, Any]] = [schema]
    while stack:
        node = stack.pop()
        if id(node) in edges:
            continue
        found = edges[id(node)] = []
        composed = composed or any(isinstance(node.get(key), list) for key in _BRANCHES)
        if node is not schema and "$id" in node:
            followable = False  # "#/..." would mean this subschema, not the root
        for key in _REFERENCES & node.keys():
            reference = node[key]
            path = (
                parse_pointer(reference) if key == "$ref" and isinstance(reference, str) else None
            )
            target = resolve(schema, path) if isinstance(path, tuple) else None
            if isinstance(target, Mapping):
                found.append((id(target), False, True))
                stack.append(target)
            elif not isinstance(target, bool):
                followable = False
        for sub, branch, checked, here in _subschemas(node):
            if checked:
                found.append((id(sub), branch, here))
            stack.append(sub)
    composed = composed or any(_composes(resource) for resource in resources)
    component = strong_components(edges, lambda node: (step for step, _, _ in edges[node]))
    unfolded: dict[int, int] = {}  # checked at one place of a value
    below: dict[int, int] = {}  # checked at that place and every part of the value below it
    reasons: dict[int, int] = {}
    for place in sorted(edges, key=component.__getitem__):  # what a node leads to comes first
        own = component[place]
        size, total, inside = 1, 1, 0
        for step, branch, here in edges[place]:
            apart = component[step] != own
            total += below[step] if apart else 1
            if here:
                size += unfolded[step] if apart else 1
            inside += reasons[step] if apart else 0
            if branch:
                inside += below[step] if apart else _CAP
        unfolded[place], below[place] = min(size, _CAP), min(total, _CAP)
        reasons[place] = min(inside, _CAP)
    total = reasons[id(schema)] if followable or not composed else _CAP
    worst = max(unfolded.values())  # the place of a value checked against the most
    return Unfolding(written=len(edges), unfolded=worst, reasons=total)


def _composes(schema: Any) -> bool:
    """True when an anyOf / oneOf appears anywhere in `schema` (by the value walk)."""
    return any(
        not named
        and isinstance(node, Mapping)
        and any(isinstance(node.get(key), list) for key in _BRANCHES)
        for _, node, named in values(schema, paths=False)
    )


def reasonless(schema: Any) -> Any | None:
    """A plain copy of `schema` that lists issues within the cost of checking them.

    Each ``anyOf: [...]`` becomes ``anyOf: [{"if": {"anyOf": [...]}, "else": false}]``
    (and ``oneOf`` alike): it accepts the same values, but jsonschema-rs checks an
    ``if`` as it checks validity, stopping early and keeping no errors, so a failing
    one is one small error without its branches' reasons. Drafts 4 and 6 have no
    ``if``: there it is ``{"not": {"not": {"anyOf": [...]}}}``, whose error carries
    the branches (a larger error, still no reasons). A ``$ref`` pointing into a
    branch is pointed at its new place. Accepts exactly what `schema` accepts,
    unless it uses ``unevaluatedProperties`` / ``unevaluatedItems``: the wrapper
    keeps no annotations, so they would refuse what the branches evaluated. For
    such a schema there is no copy (None).
    """
    if _uses_unevaluated(schema):
        return None
    dialect = schema.get("$schema") if isinstance(schema, Mapping) else None
    legacy = isinstance(dialect, str) and ("draft-04" in dialect or "draft-06" in dialect)
    steps = ("0", "not", "not") if legacy else ("0", "if")

    def wrapped(key: str, branches: list[Any]) -> list[Any]:
        if legacy:
            return [{"not": {"not": {key: branches}}}]
        return [{"if": {key: branches}, "else": False}]

    copied = rewrite_references(schema, lambda reference, _: _into_wrapped(reference, steps))
    stack: list[tuple[Any, bool]] = [(copied, False)]
    while stack:
        node, named = stack.pop()
        inside: dict[str, list[Any]] = {}
        if isinstance(node, dict) and not named:
            for key in _BRANCHES:
                branches = node.get(key)
                if isinstance(branches, list):
                    inside[key] = branches
                    node[key] = wrapped(key, branches)
        for part, value, value_named in parts(node, named):
            if part in inside:
                stack.extend((branch, False) for branch in inside[str(part)])
            else:
                stack.append((value, value_named))
    return copied


def _uses_unevaluated(schema: Any) -> bool:
    return any(
        not named and isinstance(node, Mapping) and not _UNEVALUATED.isdisjoint(node.keys())
        for _, node, named in values(schema, paths=False)
    )


def _into_wrapped(reference: str, steps: tuple[str, ...]) -> str:
    """`reference`, each step into an anyOf / oneOf branch going through its wrapper."""
    from urllib.parse import unquote

    document, hash_mark, fragment = reference.partition("#")
    if not hash_mark or not fragment.startswith("/"):
        return reference
    tokens = fragment[1:].split("/")
    path: list[str] = []
    for number, token in enumerate(tokens):
        path.append(token)
        word = unquote(token).replace("~1", "/").replace("~0", "~")
        following = tokens[number + 1] if number + 1 < len(tokens) else ""
        if word in _BRANCHES and following.isascii() and following.isdigit():
            path += [*steps, token]
    return f"{document}#/{'/'.join(path)}"


def depth_closed(schema: Any) -> bool:
    """True when every value `schema` accepts nests no deeper than the schema does.

    So when each object and array it accepts has a subschema for every property or
    item (``additionalProperties``, ``items``), all of them closed too, down to
    scalar types, ``enum`` and ``const``. Conservative: anything else (a missing
    ``type``, ``not``, ``if``, a reference cycle, ...) is open. A chain of references
    can still go deep: `toolbridge._jsonschema._references.unbounded_depth` sees those.
    """
    return _Closed(schema).closed(schema, 0)


class _Closed:
    def __init__(self, root: Any) -> None:
        self.root = root
        self.known: dict[int, bool] = {}
        self.open: set[int] = set()

    def closed(self, node: Any, depth: int) -> bool:
        if node is False:
            return True
        if not isinstance(node, Mapping) or depth > _CLOSED_DEPTH or id(node) in self.open:
            return False
        known = self.known.get(id(node))
        if known is None:
            self.open.add(id(node))
            known = self.known[id(node)] = self.decide(node, depth + 1)
            self.open.discard(id(node))
        return known

    def decide(self, node: Mapping[str, Any], depth: int) -> bool:
        if isinstance(node.get("enum"), list) or "const" in node:
            return True
        if "$ref" in node:  # its siblings are ignored before 2019-09: not relied on
            path = parse_pointer(node["$ref"]) if isinstance(node["$ref"], str) else None
            return path is not None and self.closed(resolve(self.root, path), depth)
        if "$dynamicRef" in node or "$recursiveRef" in node:
            return False
        parts = node.get("allOf")
        if isinstance(parts, list) and any(self.closed(part, depth) for part in parts):
            return True
        for key in _BRANCHES:
            branches = node.get(key)
            if (
                isinstance(branches, list)
                and branches
                and all(self.closed(branch, depth) for branch in branches)
            ):
                return True
        declared = node.get("type")
        types = [declared] if isinstance(declared, str) else declared
        if not isinstance(types, list) or not types:
            return False
        return all(
            name in _SCALAR_TYPES
            or (name == "object" and self.object_closed(node, depth))
            or (name == "array" and self.array_closed(node, depth))
            for name in types
        )

    def object_closed(self, node: Mapping[str, Any], depth: int) -> bool:
        if not self.closed(node.get("additionalProperties", True), depth):
            return False
        return all(
            isinstance(named, Mapping) and all(self.closed(sub, depth) for sub in named.values())
            for named in (node.get("properties", {}), node.get("patternProperties", {}))
        )

    def array_closed(self, node: Mapping[str, Any], depth: int) -> bool:
        items = node.get("items")
        if isinstance(items, list):  # before 2020-12: a tuple, then additionalItems
            extra = node.get("additionalItems", True)
            return self.closed(extra, depth) and all(self.closed(item, depth) for item in items)
        first = node.get("prefixItems", [])
        return (
            items is not None
            and self.closed(items, depth)
            and isinstance(first, list)
            and all(self.closed(item, depth) for item in first)
        )
