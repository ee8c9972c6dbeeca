r"""Anthropic strict tool use (``"strict": true`` on a tool): the input schema rewrite.

`to_anthropic_strict` rewrites an input schema into the subset Anthropic's
grammar-constrained sampling accepts (the structured-outputs guide, "JSON Schema
limitations"; the anthropic SDK's ``transform_schema`` does the same for its helpers),
walking every object, definition, ``items``, ``anyOf`` / ``oneOf`` branch and ``allOf``
part once, one named step per rule:

* **Closed objects.** Every object gets ``additionalProperties: false``; one without
  ``properties`` gets ``{}``. Unlike OpenAI, optional properties stay optional, so
  arguments mean what they meant and need no way back. Closing narrows what is
  accepted and is reported as rewritten; an object that explicitly allowed more is an
  open map (below). An object whose properties come only from ``anyOf`` / ``oneOf`` / ``allOf``
  branches that are closed objects leaves its ``type`` to them (rewritten).
* **oneOf becomes anyOf**, reported as rewritten, saying whether the converted
  branches provably exclude each other (disjoint types or values, a discriminator, or
  closed objects each requiring a property the others lack) or may overlap.
* **allOf is kept**, its parts converted.
* **References are kept** (Anthropic follows local ones): smaller than inlining, and
  each definition is converted, and reported, once at its own path. A ``$ref`` that
  cannot stand alone becomes a copy of its converted target (rewritten): with
  keywords beside it (annotations merged, its own description winning), as an
  ``allOf`` part (which the docs rule out), at the root (which must be an object
  schema), or pointing anywhere but a root definition. Definitions no ``$ref`` is left
  to are removed (reported), so an unused one does not turn strict mode off.
* **Said in words.** ``minimum``, ``maximum``, ``exclusiveMinimum``,
  ``exclusiveMaximum``, ``multipleOf``, ``minLength``, ``maxLength``, ``maxItems``,
  ``uniqueItems``, ``minProperties``, ``maxProperties``, ``default``, ``examples``,
  ``deprecated``, a ``format`` other than date-time, time, date, duration, email,
  hostname, uri, ipv4, ipv6 and uuid, and a ``pattern`` the grammar lacks (lookaround,
  backreferences, ``\b`` / ``\B``; read as ECMA-262) go into the description
  (``(at least 1; default: 5)``), reported as moved-to-description; ``minItems`` above
  1 too, with ``minItems: 1`` kept. ``enum``, ``const``, ``description`` and
  ``title`` are kept; any other keyword (``not``, ``if``, ``propertyNames``,
  ``$comment``, ``$schema``, extensions, ...) is dropped and reported.

What cannot be strict: a recursive schema (a ``$ref`` cycle), a ``$ref`` that is not a
local JSON Pointer, an open map (``additionalProperties`` true or a schema,
``patternProperties``), a free-form object (no or empty ``properties`` and not closed;
at the root this means "no arguments" and is closed instead), an object whose
properties come only from branches that are not all closed objects (or, at the root,
from any branches), ``required`` naming an undeclared property, a value of any type
(``{}``, ``true``), tuple arrays, arrays without ``items``, an enum with object or
array values, an unknown type name, ``oneOf`` beside ``anyOf``, ``allOf`` parts closed
over different properties (a value could use only the shared ones), keywords beside
a ``$ref`` that shape the value, a non-object root. With ``on_unsupported="fallback"``
the otherwise cleaned schema is returned with ``strict=False`` and one report entry
(keyword ``"strict"``, action dropped) per reason; with ``"raise"`` the first reason
raises `ConversionError` with its path. Report paths are in the source schema.
"""

from __future__ import annotations

import json
from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, Literal

from toolbridge._json import MAX_DEPTH, freeze, seal
from toolbridge._jsonschema._keywords import SUBSCHEMA_KEYWORDS
from toolbridge._jsonschema._references import parse_pointer, references, resolve
from toolbridge._jsonschema._unfolding import strong_components
from toolbridge._jsonschema._walk import converted
from toolbridge._limits import check_built, check_size
from toolbridge.errors import ConversionError, JsonPath, SchemaError
from toolbridge.schema._disjoint import exclusive
from toolbridge.schema._malformed import (
    JSON_TYPES,
    check_type,
    check_types,
    explained,
    first_unknown_type,
)
from toolbridge.schema._report import LossAction, LossEntry, Transformed
from toolbridge.schema._wording import in_words, show

__all__ = ["to_anthropic_strict"]

_TYPES: Final = frozenset({"object", "array", "string", "integer", "number", "boolean", "null"})
_FORMATS: Final = frozenset(
    {"date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"}
)
"""The string formats the docs list as supported."""
_KEPT: Final = frozenset({"description", "title", "const"})
_OBJECT: Final = ("properties", "required", "additionalProperties", "patternProperties")
_DEFINITIONS: Final = ("$defs", "definitions")
_DEFINITIONS_KEYS: Final = frozenset(_DEFINITIONS)
_BLOCKS: Final = (("$defs",), ("definitions",))
_UNIONS: Final = frozenset({"anyOf", "oneOf", "allOf"})
_SHAPE: Final = frozenset(
    {*_OBJECT, *_UNIONS, "type", "items", "prefixItems", "enum", "const"}
    | {"$dynamicRef", "$recursiveRef"}
)
"""Keywords that shape a value (beside a ``$ref`` they would have to be merged with it)."""
_BOUNDS: Final = {
    "minimum": ("exclusiveMinimum", "at least", "greater than"),
    "maximum": ("exclusiveMaximum", "at most", "less than"),
}
_WORDS: Final = {
    "exclusiveMinimum": "greater than {}",
    "exclusiveMaximum": "less than {}",
    "multipleOf": "a multiple of {}",
    "pattern": "matching the pattern {}",
    "maxItems": "at most {} items",
}
_LOOKAROUND: Final = ("(?=", "(?!", "(?<=", "(?<!")


def to_anthropic_strict(
    schema: Mapping[str, Any],
    *,
    tool: str | None = None,
    on_unsupported: Literal["fallback", "raise"] = "fallback",
) -> Transformed:
    """Rewrite an input schema for Anthropic strict tool use (see the module docstring).

    Args:
        schema: The tool's input JSON Schema; never modified.
        tool: The tool's name, for the report entries.
        on_unsupported: What to do with a schema that cannot be strict: return it
            cleaned with ``strict=False`` (``"fallback"``), or raise (``"raise"``).

    Returns:
        The frozen schema, the report, and whether it is strict.

    Raises:
        ConversionError: With ``"raise"``, the schema cannot be strict (``path`` says
            where); with either, it nests deeper than `MAX_DEPTH` through its refs.
        SchemaError: The schema is not valid JSON Schema (the path says where), or a
            ``$ref`` points at nothing.
        SchemaTooLargeError: The schema has more than `MAX_SCHEMA_SIZE` JSON values,
            or the converted one would (copies of ``$ref`` targets repeat them).
    """
    check_size(schema, tool=tool)
    raising = on_unsupported == "raise"
    return first_unknown_type(
        schema, tool, lambda: explained(schema, lambda: _to_anthropic_strict(schema, tool, raising))
    )


def _to_anthropic_strict(schema: Mapping[str, Any], tool: str | None, raising: bool) -> Transformed:
    source = freeze(schema)
    walker = _Walker(source, tool, raising)
    output = walker.node(source, (), 0, root=True) if isinstance(source, dict) else source
    if walker.copied:  # converted targets are shared where copied: size the written form
        check_built(output, tool=tool)
    if isinstance(output, dict):
        output = walker.prune(output)
    if not isinstance(output, dict) or output.get("type") != "object":
        walker.unsupported((), "type", "the root must be an object schema")
    return Transformed(output, tuple(walker.report), walker.strict)


class _Walker:
    """One walk of one (frozen) schema: objects are dicts, so checks are for `dict`.

    `node` is the step for one subschema. It takes the node's keywords in order and
    converts the subschemas of those strict tool use keeps with
    `toolbridge._jsonschema._walk.converted` (where they are is the keyword table's); every other
    keyword of the table is dropped and reported. A step handles its children itself
    because its rules read them converted (oneOf's exclusive branches, allOf's closed
    parts) while the report, and the first reason raised under ``"raise"``, follow
    schema order: a node's entries interleaved with its subschemas' by key. A ``$ref``
    is followed here (`reference`, `target`), the depth passed on.
    """

    def __init__(self, source: Any, tool: str | None, raising: bool) -> None:
        self.source, self.tool, self.raising = source, tool, raising
        self.report: dict[LossEntry, None] = {}  # a target copied elsewhere reports once
        self.strict = True
        self.targets: dict[JsonPath, Any] = {}  # converted ref targets, by source path
        self.refs: _Refs | None = None
        self.followed: dict[str, JsonPath | None] = {}
        self.copied = False  # a converted target was copied in place of a ref
        self.cycles: dict[JsonPath, int] | None = None  # each target's strong component

    def note(self, path: JsonPath, keyword: str, action: LossAction, detail: str) -> None:
        entry = LossEntry(tool=self.tool, path=path, keyword=keyword, action=action, detail=detail)
        self.report.setdefault(entry)

    def unsupported(self, path: JsonPath, keyword: str, why: str) -> None:
        """A reason strict mode is off: raise, or note it and go on with strict=False."""
        if self.raising:
            raise ConversionError(f"cannot be made strict: {why}", path=path)
        self.strict = False
        self.note(path, "strict", LossAction.DROPPED, f"strict mode off: {why} ({keyword})")

    def node(
        self, node: Any, path: JsonPath, depth: int, *, root: bool = False, part: bool = False
    ) -> Any:
        """The strict copy of one subschema (`part`: an ``allOf`` part)."""
        if not isinstance(node, dict):
            self.unsupported(path, "type", f"the boolean schema {json.dumps(node)}")
            return node
        if depth > MAX_DEPTH:  # ref targets copied in place nest deeper than the source
            raise ConversionError("schema nests too deeply", path=path)
        if isinstance(node.get("$ref"), str):
            return self.reference(node, path, depth, root=root, part=part)
        kind = node.get("type", node)  # (the node itself: no ``type``)
        if kind is not node and (type(kind) is not str or kind not in JSON_TYPES):
            check_type(kind, path, tool=self.tool)
        out, notes = self.keywords(node, path, depth, root=root)
        types = _type_set(node.get("type"))
        is_object = "object" in types or (not types and ("properties" in node or root))
        if is_object:
            self.object(node, out, path, depth, root=root)
        else:
            for key in (k for k in _OBJECT if k in node):
                detail = "an object keyword on a schema that is not an object"
                self.note((*path, key), key, LossAction.DROPPED, detail)
                self.left_out(key, node[key], path)
        if "array" in types and not ({"items", "prefixItems"} & node.keys()):
            self.unsupported(path, "items", "an array whose items may be anything")
        if not types and not is_object and not ({"enum", "const", *_UNIONS} & node.keys()):
            self.unsupported(path, "type", "a value of any type")
        return seal(_described(out, notes))

    def left_out(self, key: str, value: Any, path: JsonPath) -> None:
        """Check the types of the subschemas a dropped keyword held (`check_types`).

        They are not sent, but a malformed schema is bad input wherever it is: every
        writer refuses it.
        """
        check_types({key: value}, tool=self.tool, path=path)

    def part(self, node: Any, path: JsonPath, depth: int) -> Any:
        """The strict copy of an ``allOf`` part (`node` with ``part=True``)."""
        return self.node(node, path, depth, part=True)

    def keywords(
        self, node: Mapping[str, Any], path: JsonPath, depth: int, *, root: bool
    ) -> tuple[dict[str, Any], list[str]]:
        """Every keyword but the object ones: kept, converted, said in words or dropped."""
        out: dict[str, Any] = {}
        notes: list[str] = []
        for key, value in node.items():  # (a keyword's path is built when it is reported)
            if key in _KEPT:
                out[key] = value
            elif key in _OBJECT or key == "$ref":
                continue  # the object step, the reference step
            elif key == "type":
                out[key] = value
                names = value if isinstance(value, list) else [value]
                if not names or not all(isinstance(n, str) and n in _TYPES for n in names):
                    self.unsupported((*path, key), key, f"type {json.dumps(value)}")
            elif key == "enum":
                out[key] = value
                if isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
                    self.unsupported((*path, key), key, "an enum with object or array values")
            elif key in _DEFINITIONS and isinstance(value, dict):
                if root:
                    self.definitions(key, value, out, depth)
                else:
                    detail = "below the root: a $ref into it gets a copy of its target"
                    self.note((*path, key), key, LossAction.DROPPED, detail)
                    self.left_out(key, value, path)
            elif key == "items" and isinstance(value, (dict, bool)):
                out[key] = converted(key, value, path, depth, self.node)
            elif key in ("items", "prefixItems"):
                self.unsupported((*path, key), key, "a tuple array (items by position)")
                out[key] = value
            elif key in ("anyOf", "oneOf") and isinstance(value, list):
                self.union(node, key, value, out, path, depth)
            elif key == "allOf" and isinstance(value, list):
                self.all_of(node, value, out, path, depth)
            elif key in SUBSCHEMA_KEYWORDS:  # (the table: no subschema keyword slips through)
                self.note((*path, key), key, LossAction.DROPPED, "not supported in strict tool use")
                self.left_out(key, value, path)
            elif key in ("$dynamicRef", "$recursiveRef"):
                self.unsupported((*path, key), key, "a dynamic reference")
                out[key] = value
            elif (
                (key == "format" and isinstance(value, str) and value in _FORMATS)
                or (key == "pattern" and isinstance(value, str) and _in_grammar(value))
                or (key == "minItems" and type(value) is int and value in (0, 1))
            ):
                out[key] = value
            elif key == "minItems" and type(value) is int and value > 1:
                out[key] = 1
                notes.append(f"at least {value} items")
                detail = f"said as 'at least {value} items', minItems 1 kept"
                self.note((*path, key), key, LossAction.MOVED_TO_DESCRIPTION, detail)
            elif key in ("exclusiveMinimum", "exclusiveMaximum") and isinstance(value, bool):
                bound = "minimum" if key == "exclusiveMinimum" else "maximum"
                if value and bound in node:
                    detail = f"the draft-04 flag, said with {bound}"
                    self.note((*path, key), key, LossAction.MOVED_TO_DESCRIPTION, detail)
                else:
                    detail = "a draft-04 flag with no effect"
                    self.note((*path, key), key, LossAction.DROPPED, detail)
            elif (said := _said(key, value, node)) is not None:
                notes.append(said)
                self.note((*path, key), key, LossAction.MOVED_TO_DESCRIPTION, f"said as {said!r}")
            else:
                self.note((*path, key), key, LossAction.DROPPED, "not supported in strict tool use")
        return out, notes

    def object(
        self,
        node: Mapping[str, Any],
        out: dict[str, Any],
        path: JsonPath,
        depth: int,
        *,
        root: bool,
    ) -> None:
        """The object step: convert the properties and close the object."""
        props = node.get("properties")
        extra = node.get("additionalProperties")
        if "type" not in node:
            out["type"] = "object"
            detail = 'added "type": "object"' + (" to the root" if root else " beside properties")
            self.note((*path, "type"), "type", LossAction.REWRITTEN, detail)
        if isinstance(props, dict):
            out["properties"] = converted("properties", props, path, depth, self.node)
        if "required" in node:
            out["required"] = node["required"]
        closed = True
        if "patternProperties" in node:
            where = (*path, "patternProperties")
            self.unsupported(where, "patternProperties", "keys matched by a pattern")
            pattern = node["patternProperties"]
            out["patternProperties"] = converted(
                "patternProperties", pattern, path, depth, self.node
            )
            closed = False
        if extra is not None and extra is not False:
            where = (*path, "additionalProperties")
            why = "an open map (additionalProperties is not false)"
            self.unsupported(where, "additionalProperties", why)
            out["additionalProperties"] = (
                converted("additionalProperties", extra, path, depth, self.node)
                if isinstance(extra, dict)
                else extra
            )
            closed = False
        if not closed:
            return
        if not props and extra is None and (not root or _UNIONS & node.keys()):
            if not root and self.shaped(out, path):
                return
            why = (
                "an object whose properties come only from anyOf / oneOf / allOf"
                if _UNIONS & node.keys()
                else "a free-form object (no properties declared)"
            )
            self.unsupported(path, "properties", why)
            return
        required = node.get("required", [])
        missing = [r for r in required if not isinstance(props, dict) or r not in props]
        if missing:
            why = f"required names properties with no schema: {missing}"
            self.unsupported((*path, "required"), "required", why)
            return
        out.setdefault("properties", {})
        out["additionalProperties"] = False
        if extra is None:
            detail = "additionalProperties: false added: strict tool use closes every object"
            where = (*path, "additionalProperties")
            self.note(where, "additionalProperties", LossAction.REWRITTEN, detail)

    def shaped(self, out: dict[str, Any], path: JsonPath) -> bool:
        """True (and the type left to the branches) when they are all closed objects."""
        branches, parts = out.get("anyOf"), out.get("allOf")
        if out.get("type") != "object" or (branches is None and parts is None):
            return False
        if branches is not None and not all(self.closed(b) for b in branches):
            return False
        if parts is not None and not any(self.closed(p) for p in parts):
            return False
        del out["type"]
        detail = 'left "type": "object" to the branches, each a closed object'
        self.note((*path, "type"), "type", LossAction.REWRITTEN, detail)
        return True

    def closed(self, schema: Any) -> bool:
        """True for a converted closed object, or a kept ref to a source one."""
        if not isinstance(schema, dict):
            return False
        if schema.get("additionalProperties") is False:
            return True
        target = self.follow(schema["$ref"]) if set(schema) == {"$ref"} else None
        source = resolve(self.source, target) if target is not None else None
        return (
            isinstance(source, dict)
            and source.get("type") == "object"
            and isinstance(source.get("properties"), dict)
            and source.get("additionalProperties", False) is False
            and "patternProperties" not in source
        )

    def union(
        self,
        node: Mapping[str, Any],
        key: str,
        value: list[Any],
        out: dict[str, Any],
        path: JsonPath,
        depth: int,
    ) -> None:
        """The branches of anyOf, and of oneOf rewritten as anyOf."""
        where = (*path, key)
        if key == "oneOf" and "anyOf" in node:
            self.unsupported(where, key, "oneOf beside anyOf")
            out[key] = converted(key, value, path, depth, self.node)
            return
        out["anyOf"] = copies = converted(key, value, path, depth, self.node)
        if key == "oneOf":  # the converted branches: closing may have set them apart
            detail = (
                "as anyOf: the branches exclude each other, same meaning"
                if exclusive(copies) or _closed_apart(copies)
                else "as anyOf: the branches may overlap, a value matching several is now accepted"
            )
            self.note(where, key, LossAction.REWRITTEN, detail)

    def all_of(
        self,
        node: Mapping[str, Any],
        value: list[Any],
        out: dict[str, Any],
        path: JsonPath,
        depth: int,
    ) -> None:
        """The parts of allOf, each converted; closed parts must agree on their properties."""
        out["allOf"] = parts = converted("allOf", value, path, depth, self.part)
        closed = {
            frozenset(p["properties"])
            for p in parts
            if isinstance(p, dict) and p.get("additionalProperties") is False
        }
        if isinstance(node.get("properties"), dict):
            closed.add(frozenset(node["properties"]))
        if len(closed) > 1:
            why = "allOf parts closed over different properties (only shared ones usable)"
            self.unsupported((*path, "allOf"), "allOf", why)

    def reference(
        self, node: Mapping[str, Any], path: JsonPath, depth: int, *, root: bool, part: bool
    ) -> Any:
        """A ``$ref``: kept when it can stand alone, else a copy of its converted target."""
        reference: str = node["$ref"]
        where = (*path, "$ref")
        rest = {k: v for k, v in node.items() if k != "$ref"}
        target = self.follow(reference)
        if target is None and parse_pointer(reference) is not None:
            raise SchemaError(f"$ref {reference!r} points at no schema", path=where)
        copy: Any = None
        if target is None:
            self.unsupported(where, "$ref", f"{reference!r} is not a local JSON Pointer")
        elif self.recursive(path, target):
            self.unsupported(where, "$ref", f"a recursive schema ({reference!r} leads back here)")
        elif not rest and not root and not part and _is_definition(target):
            return seal({"$ref": reference})
        else:
            copy = self.target(target, depth)
            for _ in range(MAX_DEPTH):  # a definition that is itself a bare ref: follow it
                step = self.follow(copy["$ref"]) if _get(copy, "$ref") else None
                if step is None or set(copy) != {"$ref"}:
                    break
                copy = self.target(step, depth)
            shape = [
                k
                for k in rest
                if k in _SHAPE and not (k == "type" and _get(copy, "type") == rest[k])
            ]
            if shape:
                why = f"keywords beside $ref that shape the value: {shape}"
                self.unsupported(where, "$ref", why)
                copy = None
        out, notes = self.keywords(rest, path, depth, root=root)
        out = _described(out, notes)
        if not isinstance(copy, dict):  # strict is off: the ref stays, with its siblings
            return seal({"$ref": reference, **out, **{k: rest[k] for k in _OBJECT if k in rest}})
        if "description" in out and "description" in copy and "description" not in rest:
            out["description"] = f"{copy['description']} {out['description']}"
        why = (
            "the root must be an object schema"
            if root
            else "Anthropic takes no $ref in allOf"
            if part
            else "to carry the keywords beside it"
            if rest
            else "its target is not a root definition"
        )
        detail = f"replaced by a copy of its converted target: {why}"
        self.note(where, "$ref", LossAction.REWRITTEN, detail)
        self.copied = True
        return seal({**copy, **out})

    def target(self, target: JsonPath, depth: int) -> Any:
        """The converted schema at `target` (a source path), converted once."""
        if target not in self.targets:
            node = resolve(self.source, target)
            self.targets[target] = self.node(node, target, depth + 1)
        return self.targets[target]

    def recursive(self, location: JsonPath, target: JsonPath) -> bool:
        """True when expanding `target` leads back to the schema at `location`.

        That is: a target whose schema holds `location` is `target` itself, or is
        reached from it, and so lies on a cycle with it (the ref at `location` leads
        from that target to `target`): one lookup per enclosing target.
        """
        refs = self.source_refs()
        if self.cycles is None:
            self.cycles = refs.components()
        if location[: len(target)] == target:
            return True
        component = self.cycles.get(target)
        if component is None:  # not a source ref's target: follow its refs instead
            return any(location[: len(t)] == t for t in refs.reach([target]))
        return any(self.cycles.get(holder) == component for holder in refs.holders(location))

    def definitions(
        self, key: str, block: Mapping[str, Any], out: dict[str, Any], depth: int
    ) -> None:
        """The root's definitions block: those a ref leads to, converted (`prune` ends it).

        The others are left out, their types checked all the same (`check_types`): a
        malformed schema is refused wherever it is, as every writer refuses it.
        """
        refs = self.source_refs()
        live = refs.reach(t for at, t in refs.located if at[:1] not in _BLOCKS)
        kept: dict[str, Any] = {}
        for name, value in block.items():
            if (key, name) in live:
                kept[name] = self.target((key, name), depth)
            else:
                check_types(value, tool=self.tool, path=(key, name))
        out[key] = kept

    def prune(self, output: Mapping[str, Any]) -> Any:
        """The output without the definitions no ``$ref`` left in it leads to (reported)."""
        if not any(isinstance(self.source.get(key), Mapping) for key in _DEFINITIONS):
            return output  # nothing to prune
        followed: dict[str, JsonPath | None] = {}
        found = _Refs(
            [
                (at, step)
                for at, keyword, reference in references(output)
                if keyword == "$ref"
                and (step := _memo(followed, reference, lambda r: _follow(output, r))) is not None
            ]
        )
        needed = found.reach(step for at, step in found.located if at[:1] not in _BLOCKS)
        pruned = dict(output)
        for key in _DEFINITIONS:
            block = self.source.get(key)
            if not isinstance(block, Mapping) or not isinstance(output.get(key), Mapping):
                continue
            kept = {n: d for n, d in output[key].items() if (key, n) in needed}
            if dropped := [name for name in block if name not in kept]:
                detail = "no $ref is left to " + ", ".join(dropped)
                self.note((key,), key, LossAction.DROPPED, detail)
            if kept:
                pruned[key] = kept
            else:
                del pruned[key]
        return seal(pruned)

    def follow(self, reference: str) -> JsonPath | None:
        """`_follow` in the source, once per reference."""
        return _memo(self.followed, reference, lambda r: _follow(self.source, r))

    def source_refs(self) -> _Refs:
        """Every local ``$ref`` of the source: where it is, and the path it points at."""
        if self.refs is None:
            self.refs = _Refs(
                [
                    (location, step)
                    for location, keyword, reference in references(self.source)
                    if keyword == "$ref" and (step := self.follow(reference)) is not None
                ]
            )
        return self.refs


_LAST: Final = "\U0010ffff"


def _key(path: JsonPath) -> str:
    """A string whose prefixes are exactly the keys of the path's ancestors."""
    return "/" + "".join(str(p).replace("~", "~0").replace("/", "~1") + "/" for p in path)


class _Refs:
    """Local references (where each is, the path it points at), indexed by location.

    A target "leads to" every target of the refs inside its schema. Each question
    is answered from a sorted index of the locations, never by scanning them all:
    a chain of thousands of definitions, each referring to the next, takes linear
    time, not the cubic time of scanning every ref for every step of every ref.
    """

    def __init__(self, located: list[tuple[JsonPath, JsonPath]]) -> None:
        self.located = located
        ordered = sorted(((_key(at), step) for at, step in located), key=lambda e: e[0])
        self.keys = [key for key, _ in ordered]
        self.steps = [step for _, step in ordered]
        self.targets = {step for _, step in located}
        self.lengths = sorted({len(step) for step in self.targets})

    def below(self, target: JsonPath) -> list[JsonPath]:
        """The targets of the refs inside the schema at `target` (itself included)."""
        key = _key(target)
        return self.steps[bisect_left(self.keys, key) : bisect_left(self.keys, key + _LAST)]

    def holders(self, location: JsonPath) -> Iterable[JsonPath]:
        """The targets whose schema holds `location` (itself included)."""
        for length in self.lengths:
            if length > len(location):
                break
            if (prefix := location[:length]) in self.targets:
                yield prefix

    def reach(self, starts: Iterable[JsonPath]) -> set[JsonPath]:
        """The starts and every target their refs lead to, transitively."""
        seen: set[JsonPath] = set()
        stack = list(starts)
        while stack:
            step = stack.pop()
            if step not in seen:
                seen.add(step)
                stack.extend(self.below(step))
        return seen

    def components(self) -> dict[JsonPath, int]:
        """Each target's strongly connected component."""
        return strong_components(self.targets, self.below)


def _type_set(types: Any) -> set[str]:
    if isinstance(types, list):
        return {t for t in types if isinstance(t, str)}
    return {types} if isinstance(types, str) else set()


def _get(schema: Any, key: str) -> Any:
    return schema.get(key) if isinstance(schema, dict) else None


def _described(out: dict[str, Any], notes: list[str]) -> dict[str, Any]:
    """`out` with the notes said at the end of its description."""
    if notes:
        text = str(out.get("description", "")).rstrip()
        words = "(" + "; ".join(notes) + ")"
        out["description"] = f"{text} {words}" if text else words
    return out


def _said(keyword: str, value: Any, node: Mapping[str, Any]) -> str | None:
    """The constraint said in words, or None when it is not one of the describable ones."""
    if keyword in _BOUNDS and not isinstance(value, bool):
        flag, inclusive, strictly = _BOUNDS[keyword]
        return f"{strictly if node.get(flag) is True else inclusive} {show(value)}"
    if keyword in _WORDS and not isinstance(value, bool):
        return _WORDS[keyword].format(show(value))
    return in_words(keyword, value)


def _in_grammar(pattern: str) -> bool:
    r"""False for a pattern using what the grammar lacks: lookaround, ``\1``, ``\b``, ``\B``."""
    index, in_class = 0, False
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            escaped = pattern[index + 1 : index + 2]
            if escaped and escaped in "bBk123456789" and not in_class:
                return False
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif pattern.startswith(_LOOKAROUND, index):
            return False
        index += 1
    return True


def _closed_apart(branches: list[Any]) -> bool:
    """True when the branches are closed objects, each requiring a property the others lack.

    Branch ``i`` fails when some other branch declares every property it requires:
    found by intersecting, smallest first, the sets of branches declaring each of
    its required properties (never by comparing every pair of branches).
    """
    closed = [
        ({r for r in b.get("required", ()) if isinstance(r, str)}, set(b["properties"]))
        for b in branches
        if isinstance(b, Mapping)
        and b.get("additionalProperties") is False
        and isinstance(b.get("properties"), Mapping)
    ]
    if len(closed) != len(branches):
        return False
    if len(closed) == 1:
        return True
    declaring: dict[str, set[int]] = {}
    for index, (_, declared) in enumerate(closed):
        for name in declared:
            declaring.setdefault(name, set()).add(index)
    for index, (need, _) in enumerate(closed):
        sets = sorted((declaring.get(name, set()) for name in need), key=len)
        if not sets:
            return False
        others = sets[0] - {index}
        for declared in sets[1:]:
            if not others:
                break
            others &= declared
        if others:
            return False
    return True


def _memo(
    known: dict[str, JsonPath | None], reference: str, follow: Callable[[str], JsonPath | None]
) -> JsonPath | None:
    if reference in known:
        return known[reference]
    found = known[reference] = follow(reference)
    return found


def _follow(root: Any, reference: str) -> JsonPath | None:
    """The source path a local ref points at (member names as strings), or None."""
    parsed = parse_pointer(reference)
    if parsed is None:
        return None
    target: list[str | int] = []
    node = root
    for part in parsed:
        target.append(str(part) if isinstance(node, dict) else part)
        node = resolve(node, (part,))
    return tuple(target) if isinstance(node, (dict, bool)) else None


def _is_definition(target: JsonPath) -> bool:
    """True for a member of the root's ``$defs`` / ``definitions``."""
    return len(target) == 2 and target[0] in _DEFINITIONS
