"""Inline local references and drop the definitions blocks they pointed into.

Providers that cannot follow references get a schema with none left. The rules:

* Only local JSON Pointers are followed (``#``, ``#/$defs/X``, any ``#/...``, with
  ``%``-escapes and ``~0``/``~1``). A ref to another document (``http:``, ``file:``, a
  relative URI) raises `RemoteReferenceError`; an anchor (``#name``), a
  ``$dynamicRef`` / ``$recursiveRef``, a pointer to nothing, and a nested ``$id``
  (which changes what ``#/...`` means) raise `SchemaError`. Nothing is fetched.
* A ``$ref`` becomes a copy of its target. Keywords beside it are kept by meaning:
  only annotations (``description``, ``title``, ``default``, ...) are merged into the
  copy, the sibling winning; other siblings are merged too when no key clashes and
  they do not interact with the target's (``properties`` beside
  ``additionalProperties``, ``if`` beside ``then``, ...); otherwise the node becomes
  ``{"allOf": [target, siblings], <sibling annotations>}``. Under draft-04/06/07,
  which ignore a ref's siblings, the non-annotation ones are dropped (and reported).
* Every definitions block (``$defs``, ``definitions``) is removed and reported once.
* A recursive target (a tree) is, with ``keep_recursive=True``, kept under the root's
  definitions block (or as ``#`` for the root) with refs to it left in place; a
  recursive target elsewhere cannot be kept and is expanded like in the other mode.
  Otherwise it is expanded `DEFAULT_MAX_DEPTH` (3) times along any branch and the
  next ref is cut to ``{}`` (accepts anything), reported as dropped.
* Output is capped at ``max_nodes`` subschemas: a definition used twice by another
  used twice by ... doubles per level, so past the cap `SchemaError` is raised
  rather than building an enormous schema. Depth (levels plus ref hops) is bounded
  by `MAX_DEPTH` (`SchemaTooDeepError`), so the walk never hits a RecursionError.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from toolbridge._json import (
    MAX_DEPTH,
    FrozenDict,
    FrozenList,
    freeze,
    new_frozen_dict,
    new_frozen_list,
    seal,
)
from toolbridge._jsonschema._keywords import SUBSCHEMA_KEYWORDS
from toolbridge._jsonschema._references import parse_pointer, resolve
from toolbridge._jsonschema._walk import nodes, rebuilder
from toolbridge.errors import JsonPath, RemoteReferenceError, SchemaError, SchemaTooDeepError
from toolbridge.schema._report import LossAction, LossEntry, Transformed

__all__ = ["DEFAULT_MAX_DEPTH", "DEFAULT_MAX_NODES", "inline_refs", "inlined", "may_refer"]

DEFAULT_MAX_DEPTH: Final = 3
"""How many times a recursive definition is expanded along one branch before the cut."""
DEFAULT_MAX_NODES: Final = 10_000
"""The most subschemas an inlined schema may have (the corpus's largest needs ~1,200)."""

_ANNOTATIONS: Final = frozenset(
    {"title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly"}
    | {"$comment"}
)
_ADJACENT: Final = frozenset(
    {"properties", "patternProperties", "additionalProperties", "unevaluatedProperties"}
    | {"items", "prefixItems", "additionalItems", "unevaluatedItems", "contains"}
    | {"minContains", "maxContains", "if", "then", "else", "$ref"}
)
_LEGACY: Final = ("draft-03", "draft-04", "draft-06", "draft-07")
_STRUCTURE: Final = SUBSCHEMA_KEYWORDS | {"$ref", "$dynamicRef", "$recursiveRef", "$id", "$schema"}
"""Keywords that make a subschema more than a leaf to the inliner (with the definitions)."""


def inline_refs(
    schema: Mapping[str, Any] | bool,
    *,
    tool: str | None = None,
    keep_recursive: bool = False,
    max_depth: int = DEFAULT_MAX_DEPTH,
    max_nodes: int = DEFAULT_MAX_NODES,
    definitions_keywords: Sequence[str] = ("$defs", "definitions"),
) -> Transformed:
    """Replace every local ``$ref`` by its target and drop the definitions blocks.

    Args:
        schema: The JSON Schema; never modified.
        tool: The tool's name, for the report entries.
        keep_recursive: Keep recursive root definitions (and ``#``) as refs instead
            of expanding them to `max_depth`.
        max_depth: Expansions of a recursive target along one branch before the cut.
        max_nodes: The most subschemas the output may have.
        definitions_keywords: The keywords that hold definitions.

    Returns:
        The frozen schema with no ``$ref`` left (but kept recursive ones), and a report.

    Raises:
        RemoteReferenceError: A ``$ref`` to another document.
        SchemaError: A ref that cannot be inlined (see the module docstring), or an
            output over `max_nodes`.
        SchemaTooDeepError: The output would nest deeper than `MAX_DEPTH`.
    """
    if isinstance(schema, bool):
        return Transformed(schema)
    if not isinstance(schema, Mapping):
        raise SchemaError(f"a schema must be an object or a boolean, not {type(schema).__name__}")
    keys = frozenset((*_REFERENCE_KEYS, *definitions_keywords))
    if not may_refer(schema, keys):
        return Transformed(freeze(schema))
    return inlined(
        schema,
        tool=tool,
        keep_recursive=keep_recursive,
        max_depth=max_depth,
        max_nodes=max_nodes,
        definitions_keywords=definitions_keywords,
    )


def inlined(
    schema: Mapping[str, Any],
    *,
    tool: str | None = None,
    keep_recursive: bool = False,
    max_depth: int = DEFAULT_MAX_DEPTH,
    max_nodes: int = DEFAULT_MAX_NODES,
    definitions_keywords: Sequence[str] = ("$defs", "definitions"),
) -> Transformed:
    """`inline_refs` of an object schema known to hold a reference or definitions block.

    Without `may_refer`'s look first. The output shares the parts of a frozen source
    that no reference changed; only the parts around inlined refs are new (another
    source is frozen first).
    """
    source = schema if type(schema) is FrozenDict else freeze(schema)
    inliner = _Inliner(source, tool, keep_recursive, frozenset(definitions_keywords))
    inliner.max_depth, inliner.max_nodes = max(max_depth, 0), max_nodes
    output = inliner.schema(source, (), 0)
    kept = inliner.kept_blocks()
    if kept and isinstance(output, Mapping):
        output = {**output, **kept}
    return Transformed(seal(output), tuple(inliner.report.values()))


_REFERENCE_KEYS: Final = ("$ref", "$dynamicRef", "$recursiveRef")


def may_refer(schema: Any, keys: frozenset[str]) -> bool:
    """False when no object anywhere in `schema` has one of `keys`: nothing to inline.

    One look at every object's keys, level by level (a value spelled like such a key
    only sends the schema down the full walk, which then changes nothing). Deeper
    than `MAX_DEPTH`, or cyclic, is left to the walk, which says so.
    """
    level: list[Any] = [schema]
    for _ in range(MAX_DEPTH + 1):
        below: list[Any] = []
        for node in level:
            kind = type(node)
            if kind in _LEAVES:
                continue
            if kind is FrozenDict or kind is dict:
                if not keys.isdisjoint(node):
                    return True
                below.extend(node.values())
            elif kind is FrozenList or isinstance(node, (list, tuple)):
                below.extend(node)
            elif isinstance(node, Mapping):
                if not keys.isdisjoint(node.keys()):
                    return True
                below.extend(node.values())
        if not below:
            return False
        level = below
    return True


_LEAVES: Final = frozenset({str, int, float, bool, type(None)})


class _Inliner:
    """One inlining: the frozen source, the report, and the state of the walk.

    The walk is the shared one (`toolbridge._jsonschema._walk`), bottom-up and without the
    definitions blocks: `check` looks at each node first (errors in schema order,
    the node count), `inline` rebuilds it once its subschemas are done. A ``$ref``
    walks its target from inside `inline`, as deep as the ref already is: `frames`
    keeps where each walk started, so that a node's depth (levels plus ref hops) is
    known from its path, and a step along a chain of refs costs two frames.
    """

    def __init__(
        self, root: Mapping[str, Any], tool: str | None, keep: bool, definitions: frozenset[str]
    ) -> None:
        self.root, self.tool, self.keep, self.definitions = root, tool, keep, definitions
        self.max_depth, self.max_nodes = DEFAULT_MAX_DEPTH, DEFAULT_MAX_NODES
        self.legacy = any(draft in str(root.get("$schema", "")) for draft in _LEGACY)
        self.report: dict[tuple[JsonPath, str], LossEntry] = {}
        self.active: dict[JsonPath, int] = {(): 1}  # expansions of each target on this branch
        self.recursive: dict[JsonPath, bool] = {}
        self.kept: dict[JsonPath, None] = {}  # root definitions left as refs, in order
        self.nodes = [0]  # subschemas walked so far (the walk's tally)
        self.followed: dict[str, JsonPath | None] = {}
        self.below: dict[JsonPath, list[JsonPath]] = {}
        self.structure = _STRUCTURE | definitions  # keywords a leaf has none of
        self.frames: list[tuple[int, int]] = []  # each walk: (length of its path, depth)
        # Leaves without a ref, an $id, ... are kept by the walk without a call (counted).
        self.walk = rebuilder(
            self.inline,
            skip=definitions,
            leaves=self.structure,
            before=self.check,
            tally=self.nodes,
        )
        self.keys = SUBSCHEMA_KEYWORDS - definitions  # what the walk walks
        self.own = definitions | {"$ref", "$id", "$schema"}  # what `inline` may drop

    def note(self, path: JsonPath, keyword: str, action: LossAction, detail: str) -> None:
        entry = LossEntry(tool=self.tool, path=path, keyword=keyword, action=action, detail=detail)
        self.report.setdefault((path, keyword), entry)

    def schema(self, node: Any, path: JsonPath, depth: int) -> Any:
        """A copy of the subschema at `path` (in the source) with its refs inlined."""
        self.frames.append((len(path), depth))
        try:
            done = self.walk(node, path, depth)
        finally:
            self.frames.pop()
        self.count(path)  # (the leaves at the end of the walk)
        return done

    def depth(self, path: JsonPath) -> int:
        """How deep the node at `path` (in the current walk) is: levels plus ref hops."""
        start, depth = self.frames[-1]
        return depth + len(path) - start

    def check(self, node: Mapping[str, Any], path: JsonPath) -> None:
        """What must hold before a node's subschemas are walked (and the count so far)."""
        start, depth = self.frames[-1]
        if depth + len(path) - start > MAX_DEPTH:
            raise SchemaTooDeepError(f"inlining nests deeper than {MAX_DEPTH} levels", path=path)
        self.count(path)
        if "$dynamicRef" in node or "$recursiveRef" in node:
            raise SchemaError("$dynamicRef and $recursiveRef cannot be inlined", path=path)
        if path and "$id" in node and self.refs_below(path):
            raise SchemaError("a nested $id changes what local $refs mean; not inlined", path=path)

    def inline(self, node: Mapping[str, Any], path: JsonPath) -> Any:
        """One node, its subschemas inlined: without definitions blocks, its ref followed."""
        if self.keys.isdisjoint(node):  # a leaf with a ref, an $id, ...: not `check`ed yet
            self.check(node, path)
        elif self.own.isdisjoint(node):
            return node  # its subschemas are done, nothing of its own to change
        depth = self.depth(path)
        out: dict[str, Any] = {}
        same = True  # `out` is `node` so far: the node is then returned as it is
        for key, value in node.items():
            if key in self.definitions and isinstance(value, dict):
                same = False
                if depth:  # the root's blocks are reported by kept_blocks, after the walk
                    where = (*path, key)
                    self.note(where, key, LossAction.REWRITTEN, "definitions inlined and removed")
            elif key == "$ref" or (depth and not path and key in ("$schema", "$id")):
                same = False
            else:
                out[key] = value
        reference = node.get("$ref")
        if not isinstance(reference, str):
            return node if same else new_frozen_dict(out)
        # The ref: kept (recursive, when asked), cut (recursive, past the bound) or
        # replaced by its target walked in place (here, not in a method: a frame less
        # a step along a chain of refs).
        target = self.locate(reference, path)
        keepable = not target or (len(target) == 2 and target[0] in self.definitions)
        if self.keep and keepable and self.is_recursive(target):
            if target:
                self.kept.setdefault(target)
            return self.built({"$ref": reference, **out})
        count = self.active.get(target, 0)
        if count >= self.max_depth and self.is_recursive(target):
            detail = f"recursive {reference!r} cut after {self.max_depth} levels: accepts anything"
            self.note((*path, "$ref"), "$ref", LossAction.DROPPED, detail)
            copy: Any = self.built({"description": f"(recursion into {reference} cut here)"})
        else:
            self.active[target] = count + 1
            self.frames.append((len(target), depth + 1))
            try:
                copy = self.walk(resolve(self.root, target), target, depth + 1)
            finally:
                self.frames.pop()
            self.count(path)
            self.active[target] = count
        return self.combine(copy, out, path)

    def count(self, path: JsonPath) -> None:
        """The subschemas walked so far (`nodes`): past `max_nodes`, an error."""
        if self.nodes[0] > self.max_nodes:
            raise SchemaError(
                f"inlining $ref would build more than {self.max_nodes} subschemas (definitions "
                "used repeatedly multiply); raise max_nodes or keep the refs",
                path=path,
            )

    def kept_blocks(self) -> dict[str, dict[str, Any]]:
        """The root's definitions blocks with only the kept (recursive) definitions in them."""
        blocks: dict[str, dict[str, Any]] = {}
        done: set[JsonPath] = set()
        while pending := [target for target in self.kept if target not in done]:
            for target in pending:  # a kept definition may refer to another one
                done.add(target)
                copy = self.schema(resolve(self.root, target), target, 2)
                blocks.setdefault(str(target[0]), {})[str(target[1])] = copy
        for keyword, block in self.root.items():  # in schema order
            if (
                keyword in self.definitions
                and isinstance(block, dict)
                and len(blocks.get(keyword, ())) < len(block)
            ):
                detail = "definitions inlined and removed" + (
                    " (recursive ones kept)" if keyword in blocks else ""
                )
                self.note((keyword,), keyword, LossAction.REWRITTEN, detail)
        return blocks

    def locate(self, reference: str, path: JsonPath) -> JsonPath:
        """The target of a local ref, with its keys as strings where they name members."""
        target = self.follow(reference)
        if target is not None:
            return target
        if parse_pointer(reference) is not None:
            raise SchemaError(f"$ref {reference!r} points at no schema", path=path)
        if reference.startswith("#"):
            raise SchemaError(f"$ref to anchor {reference!r} cannot be inlined", path=path)
        raise RemoteReferenceError(reference, path=path)

    def follow(self, reference: str) -> JsonPath | None:
        """`locate` without the errors: None for a ref that cannot be inlined."""
        if reference in self.followed:
            return self.followed[reference]
        found = self.followed[reference] = self._follow(reference)
        return found

    def _follow(self, reference: str) -> JsonPath | None:
        parsed = parse_pointer(reference)
        if parsed is None:
            return None
        target: list[str | int] = []
        node: Any = self.root
        for part in parsed:
            target.append(str(part) if isinstance(node, dict) else part)
            node = resolve(node, (part,))
        return tuple(target) if isinstance(node, (dict, bool)) else None

    def combine(self, target: Any, siblings: dict[str, Any], path: JsonPath) -> Any:
        """The target and the ref's sibling keywords, as one schema with both meanings."""
        notes = {k: v for k, v in siblings.items() if k in _ANNOTATIONS}
        rules = {k: v for k, v in siblings.items() if k not in _ANNOTATIONS}
        if rules and self.legacy:
            for keyword in rules:
                detail = "ignored beside $ref before 2019-09; dropped to keep the meaning"
                self.note((*path, keyword), keyword, LossAction.DROPPED, detail)
            rules = {}
        if not rules and not notes:
            return target
        if isinstance(target, dict) and _separable(target.keys(), rules.keys()):
            return self.built({**target, **notes, **rules})
        parts = [target, self.built(rules)] if rules else [target]
        return self.built({**notes, "allOf": new_frozen_list(parts)})

    def built(self, node: dict[str, Any]) -> Any:
        """A node the inliner made: frozen at once (no sealing later)."""
        return new_frozen_dict(node)

    def is_recursive(self, target: JsonPath) -> bool:
        """True when expanding `target` can lead back to it."""
        found = self.recursive.get(target)
        if found is None:
            seen: set[JsonPath] = set()
            stack = self.refs_below(target)
            while stack and target not in seen:
                step = stack.pop()
                if step not in seen:
                    seen.add(step)
                    stack.extend(self.refs_below(step))
            found = self.recursive[target] = target in seen
        return found

    def refs_below(self, target: JsonPath) -> list[JsonPath]:
        """The local targets the refs in a subschema point at (outside definitions blocks)."""
        found = self.below.get(target)
        if found is None:
            found = self.below[target] = self._refs_below(target)
        return list(found)

    def _refs_below(self, target: JsonPath) -> list[JsonPath]:
        found: list[JsonPath] = []
        for node in nodes(resolve(self.root, target), self.definitions):
            reference = node.get("$ref")
            step = self.follow(reference) if isinstance(reference, str) else None
            if step is not None:
                found.append(step)
        return found


def _separable(target: Any, rules: Any) -> bool:
    """True when the sibling rules can sit beside the target's keywords unchanged."""
    return not (target & rules) and not (target & _ADJACENT and rules & _ADJACENT)
