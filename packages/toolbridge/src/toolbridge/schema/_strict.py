"""OpenAI strict mode (Structured Outputs, ``"strict": true`` tools), and the way back.

`to_strict` rewrites an input schema into the subset OpenAI's strict mode accepts
(https://platform.openai.com/docs/guides/structured-outputs, "Supported schemas"),
walking every object, definition, ``items``, ``anyOf`` / ``oneOf`` branch and merged
``allOf`` part once, one named step per rule:

* **Closed objects.** Every object gets ``additionalProperties: false`` and every
  property is listed in ``required``; one without ``properties`` gets ``{}``.
  Both are reported as rewritten (closing narrows what is accepted; nullable
  optional properties come back out through `restore_strict_arguments`).
* **Optional becomes nullable.** A property the source did not require is made to
  accept ``null`` (``type: [t, "null"]`` for scalars, ``anyOf: [schema, {"type":
  "null"}]`` otherwise) and recorded in the `StrictPlan`; a property that was
  required and already nullable is left alone and not recorded, so the two stay
  distinguishable. `restore_strict_arguments` removes those nulls again.
* **oneOf becomes anyOf**, reported as rewritten. The branches are *provably
  exclusive* (same meaning) when their ``type`` sets are disjoint, their
  ``const`` / ``enum`` values are disjoint, or they are objects sharing a required
  property whose ``const`` / ``enum`` values are disjoint (a discriminator);
  otherwise the entry says a value matching several branches is now accepted.
* **allOf is merged** into its parent when the parts do not clash (same values, or
  disjoint ``properties``, ``required`` united); otherwise the tool cannot be strict.
* **Unsupported keywords** (the docs list, for strings, ``pattern`` and ``format``
  with date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid; for
  numbers ``multipleOf``, ``maximum``, ``exclusiveMaximum``, ``minimum``,
  ``exclusiveMinimum``; for arrays ``minItems``, ``maxItems``): ``default``,
  ``examples``, ``minLength``, ``maxLength``, another ``format``, ``uniqueItems``,
  ``minProperties``, ``maxProperties`` and ``deprecated`` are said in the
  description (``(default: 'auto'; at least 3 characters)``) and reported as
  moved-to-description; any other keyword (``not``, ``if``, ``$comment``,
  extensions, ...) is dropped and reported. ``enum`` and ``const`` are kept.
* **References.** Non-recursive refs are inlined with `inline_refs` (a ref with
  siblings is not accepted as such by the SDKs' checkers); recursive definitions
  are kept under ``$defs`` (strict mode supports recursion), a kept ref with
  annotations beside it becomes ``{"anyOf": [{"$ref": ...}], <annotations>}``.

What cannot be strict: an open map (``additionalProperties`` true or a schema), a
free-form object (no ``properties`` and not closed; at the root this means "no
arguments" and is closed instead), ``patternProperties``, a value of any type
(``{}``, ``true``), tuple arrays, arrays without ``items``, a non-object root, an
``allOf`` that cannot be merged. With ``on_unsupported="fallback"`` the otherwise
cleaned schema is returned with ``strict=False`` and one report entry (keyword
``"strict"``, action dropped) per reason; with ``"raise"`` the first reason raises
`ConversionError` with its path. Report paths are in the source schema; inside an
inlined definition they are the definition's own path (``$defs/...``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal, final

from toolbridge._json import MAX_DEPTH, freeze, new_frozen_dict, new_frozen_list
from toolbridge._references import parse_pointer, pointer
from toolbridge.errors import ConversionError, JsonPath
from toolbridge.schema._malformed import explained
from toolbridge.schema._refs import inline_refs
from toolbridge.schema._report import LossAction, LossEntry

__all__ = ["StrictPlan", "StrictSchema", "restore_strict_arguments", "to_strict"]

_FORMATS: Final = frozenset(
    {"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}
)
"""The string formats the docs list as supported."""
_KEPT: Final = frozenset(
    {"type", "description", "title", "enum", "const", "pattern", "multipleOf"}
    | {"maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "minItems", "maxItems"}
)
"""Keywords copied as they are (the structural ones are handled one by one)."""
_ANNOTATIONS: Final = frozenset({"description", "title"})
_SCALARS: Final = frozenset({"string", "number", "integer", "boolean"})
_DEFINITIONS: Final = ("$defs", "definitions")
_NULL: Final = {"type": "null"}


@final
@dataclass(frozen=True, slots=True, kw_only=True)
class _Node:
    """What to undo at one place of the strict schema (and below it)."""

    kind: Literal["object", "array", "other"] = "other"
    """The JSON type this node stands for, to tell ``anyOf`` branches apart."""
    keys: frozenset[str] | None = None
    """A closed object's properties: a strict value has exactly these keys."""
    optional: frozenset[str] = frozenset()
    """Properties that were optional and were made nullable: a null here is removed."""
    properties: Mapping[str, _Node | None] = field(default_factory=dict)
    """What to undo inside each property's value."""
    items: _Node | None = None
    """What to undo inside each item."""
    branches: tuple[_Node | None, ...] = ()
    """One entry per ``anyOf`` branch."""
    ref: JsonPath | None = None
    """A kept ``$ref``: the plan is the definition's, in `StrictPlan.definitions`."""


@final
@dataclass(frozen=True, slots=True, kw_only=True)
class StrictPlan:
    """How to turn arguments made under a strict schema back into the source's meaning."""

    root: _Node | None
    """The plan for the arguments object."""
    definitions: Mapping[JsonPath, _Node | None] = field(default_factory=dict)
    """Plans of the definitions a kept ``$ref`` may point at, by pointer path."""


@final
@dataclass(frozen=True, slots=True, kw_only=True)
class StrictSchema:
    """The result of `to_strict`."""

    schema: Any
    """The converted schema (frozen JSON)."""
    report: tuple[LossEntry, ...]
    """Every change made, and (with ``strict=False``) every reason strict mode is off."""
    strict: bool
    """True when `schema` is valid for strict mode; False when it fell back."""
    restore: StrictPlan
    """The plan `restore_strict_arguments` follows."""


def to_strict(
    schema: Mapping[str, Any],
    *,
    tool: str | None = None,
    on_unsupported: Literal["fallback", "raise"] = "fallback",
) -> StrictSchema:
    """Rewrite an input schema for OpenAI strict mode (see the module docstring).

    Args:
        schema: The tool's input JSON Schema; never modified.
        tool: The tool's name, for the report entries.
        on_unsupported: What to do with a schema that cannot be strict: return it
            cleaned with ``strict=False`` (``"fallback"``), or raise (``"raise"``).

    Returns:
        The frozen schema, the report, whether it is strict, and the restore plan.

    Raises:
        ConversionError: With ``"raise"``, the schema cannot be strict (``path`` says
            where).
        SchemaError: The schema is malformed, or its refs cannot be inlined.
    """
    raising = on_unsupported == "raise"
    return explained(schema, lambda: _to_strict(schema, tool, raising))


def _to_strict(schema: Mapping[str, Any], tool: str | None, raising: bool) -> StrictSchema:
    source = freeze(schema)
    walker = _Walker(tool, raising)
    if not isinstance(source, Mapping):
        walker.unsupported((), "type", "the root must be an object schema")
        return StrictSchema(
            schema=source, report=tuple(walker.report), strict=False, restore=StrictPlan(root=None)
        )
    if source.get("type", "object") != "object" and "properties" not in source:
        walker.unsupported((), "type", "the root must be a plain object schema")
    inlined = inline_refs(source, tool=tool, keep_recursive=True)
    output, root = walker.node(inlined.schema, (), 0, root=True)
    walker.definitions.setdefault((), root)
    report = (*inlined.report, *walker.report)
    return StrictSchema(
        schema=freeze(output),
        report=report,
        strict=walker.strict,
        restore=StrictPlan(root=root, definitions=walker.definitions),
    )


def restore_strict_arguments(
    arguments: Mapping[str, Any], plan: StrictPlan | StrictSchema
) -> dict[str, Any]:
    """Undo strict mode's optional-to-nullable step on a model's arguments.

    A null given for a property the source schema did not require is removed, so
    that the source's defaults apply later; this happens in nested objects, array
    items and ``anyOf`` branches too (an object branch is recognised by its exact
    set of keys, the first one matching wins). Everything else is returned as it
    was; `arguments` is never modified.

    Raises:
        ConversionError: The arguments nest deeper than `MAX_DEPTH`.
    """
    restore = plan.restore if isinstance(plan, StrictSchema) else plan
    value = _restore(dict(arguments), restore.root, restore, 0)
    return dict(value)


class _Walker:
    def __init__(self, tool: str | None, raising: bool) -> None:
        self.tool, self.raising = tool, raising
        self.report: list[LossEntry] = []
        self.strict = True
        self.definitions: dict[JsonPath, _Node | None] = {}

    def note(self, path: JsonPath, keyword: str, action: LossAction, detail: str) -> None:
        entry = LossEntry(tool=self.tool, path=path, keyword=keyword, action=action, detail=detail)
        self.report.append(entry)

    def unsupported(self, path: JsonPath, keyword: str, why: str) -> None:
        """A reason strict mode is off: raise, or note it and go on with strict=False."""
        if self.raising:
            raise ConversionError(f"cannot be made strict: {why}", path=path)
        self.strict = False
        self.note(path, "strict", LossAction.DROPPED, f"strict mode off: {why} ({keyword})")

    def node(
        self, node: Any, path: JsonPath, depth: int, *, root: bool = False
    ) -> tuple[Any, _Node | None]:
        """The strict copy of one subschema and its restore plan."""
        if not isinstance(node, Mapping):
            self.unsupported(path, "type", f"the boolean schema {json.dumps(node)}")
            return node, None
        if depth > MAX_DEPTH:  # merged allOf parts can nest a little deeper than the source
            raise ConversionError("schema nests too deeply", path=path)
        if _is_plain_leaf(node):
            return node, _LEAF  # already strict as it is: the frozen source itself
        node = self.merge_all_of(node, path)
        out: dict[str, Any] = {}
        notes: list[str] = []
        plan_kind: Literal["object", "array", "other"] = "other"
        items_plan: _Node | None = None
        branches: tuple[_Node | None, ...] = ()
        reference: JsonPath | None = None
        for key, value in node.items():
            where = (*path, key)
            if key in _KEPT:
                out[key] = value
            elif key in ("properties", "required", "additionalProperties", "patternProperties"):
                continue  # the object step below
            elif key in _DEFINITIONS and isinstance(value, Mapping):
                out[key] = {}
                for name, definition in value.items():
                    copy, plan = self.node(definition, (*where, name), depth + 2)
                    out[key][name] = copy
                    target = parse_pointer(pointer((key, name)))
                    if target is not None and not path:
                        self.definitions[target] = plan
            elif key == "$ref" and isinstance(value, str):
                out[key], reference = value, parse_pointer(value)
            elif key == "items" and isinstance(value, Mapping):
                out[key], items_plan = self.node(value, where, depth + 1)
            elif key == "items":
                self.unsupported(where, key, "tuple arrays (items as a list)")
                out[key] = value
            elif key in ("anyOf", "oneOf") and isinstance(value, list):
                branches = self.union(node, key, value, out, path, depth)
            elif key == "format" and value in _FORMATS:
                out[key] = value
            elif (said := _in_words(key, value)) is not None:
                notes.append(said)
                self.note(where, key, LossAction.MOVED_TO_DESCRIPTION, f"said as {said!r}")
            elif key == "allOf":  # left by merge_all_of: it could not be merged
                out[key] = [self.node(v, (*where, i), depth + 2)[0] for i, v in enumerate(value)]
            else:
                self.note(where, key, LossAction.DROPPED, "not supported in strict mode")
        types = node.get("type")
        type_set = set(types) if isinstance(types, list) else {types} if types else set()
        props = node.get("properties")
        if "object" in type_set or isinstance(props, Mapping) or (root and not type_set):
            if "type" not in node:
                out["type"] = "object"
                self.note(
                    (*path, "type"),
                    "type",
                    LossAction.REWRITTEN,
                    'added "type": "object" beside properties',
                )
            plan_kind = "object"
            object_plan = self.object(node, out, path, depth, root=root)
        else:
            object_plan = None
        if "array" in type_set:
            plan_kind = "array"
            if "items" not in node:
                self.unsupported(path, "items", "an array whose items may be anything")
        if (
            not type_set
            and not ({"anyOf", "oneOf", "enum", "const", "$ref", "allOf"} & node.keys())
            and plan_kind == "other"
        ):
            self.unsupported(path, "type", "a value of any type")
        for bound, limit in (("exclusiveMaximum", "maximum"), ("exclusiveMinimum", "minimum")):
            if isinstance(out.get(bound), bool):  # draft-04: a flag on maximum / minimum
                flag = out.pop(bound)
                if flag and limit in out:
                    out[bound] = out.pop(limit)
                detail = "the draft-04 flag as the 2020-12 number" if flag else "a false flag"
                self.note((*path, bound), bound, LossAction.REWRITTEN, detail)
        if notes:
            text = str(out.get("description", "")).rstrip()
            words = "(" + "; ".join(notes) + ")"
            out["description"] = f"{text} {words}" if text else words
        if "$ref" in out and len(out) > 1:  # a kept ref's siblings: 2020-12 "and" as one branch
            out = {"anyOf": [{"$ref": out.pop("$ref")}], **out}
        if object_plan is not None:
            plan = _Node(
                kind="object",
                keys=object_plan[0],
                optional=object_plan[1],
                properties=object_plan[2],
                branches=branches,
                ref=reference,
            )
        else:
            plan = _Node(kind=plan_kind, items=items_plan, branches=branches, ref=reference)
        return _seal(out), plan

    def object(
        self,
        node: Mapping[str, Any],
        out: dict[str, Any],
        path: JsonPath,
        depth: int,
        *,
        root: bool,
    ) -> tuple[frozenset[str] | None, frozenset[str], dict[str, _Node | None]]:
        """The object step: close, require all, make the optional ones nullable."""
        props: Mapping[str, Any] = node.get("properties") or {}
        required = [r for r in node.get("required", ()) if isinstance(r, str)]
        extra = node.get("additionalProperties", None)
        pattern = node.get("patternProperties")
        plans: dict[str, _Node | None] = {}
        closed = extra is False or (extra is None and (props or root))
        if pattern is not None:
            self.unsupported(
                (*path, "patternProperties"),
                "patternProperties",
                "patternProperties (keys matched by a pattern)",
            )
            out["patternProperties"] = pattern
            closed = False
        if extra is not None and extra is not False:
            self.unsupported(
                (*path, "additionalProperties"),
                "additionalProperties",
                "an open map (additionalProperties is not false)",
            )
            out["additionalProperties"] = (
                self.node(extra, (*path, "additionalProperties"), depth + 1)[0]
                if isinstance(extra, Mapping) and extra
                else extra
            )
        elif not closed and pattern is None:
            self.unsupported(path, "properties", "a free-form object (no properties declared)")
        missing = [name for name in required if name not in props]
        if closed and missing:
            self.unsupported(
                (*path, "required"),
                "required",
                f"required names properties with no schema: {missing}",
            )
            closed = False
        copies: dict[str, Any] = {}
        optional: set[str] = set()
        for name, sub in props.items():
            copy, plans[name] = self.node(sub, (*path, "properties", name), depth + 2)
            if closed and name not in required:
                copy = _nullable(copy)
                optional.add(name)
            copies[name] = copy
        if closed:
            if extra is not False:
                detail = "additionalProperties: false added: strict mode closes every object"
                where = (*path, "additionalProperties")
                self.note(where, "additionalProperties", LossAction.REWRITTEN, detail)
            if optional:
                names = ", ".join(sorted(optional))
                detail = (
                    f"optional {names} made required and nullable; "
                    "restore_strict_arguments removes their nulls"
                )
                self.note((*path, "required"), "required", LossAction.REWRITTEN, detail)
            out["properties"] = copies
            out["required"] = list(props)
            out["additionalProperties"] = False
            return frozenset(props), frozenset(optional), plans
        if props:
            out["properties"] = copies
        if "required" in node:
            out["required"] = node["required"]
        return None, frozenset(), plans

    def union(
        self,
        node: Mapping[str, Any],
        key: str,
        value: list[Any],
        out: dict[str, Any],
        path: JsonPath,
        depth: int,
    ) -> tuple[_Node | None, ...]:
        """The branches of anyOf, and of oneOf rewritten as anyOf."""
        where = (*path, key)
        if key == "oneOf":
            if "anyOf" in node:
                self.unsupported(where, key, "oneOf beside anyOf")
                out[key] = [self.node(v, (*where, i), depth + 2)[0] for i, v in enumerate(value)]
                return ()
            detail = (
                "as anyOf: the branches exclude each other, same meaning"
                if _exclusive(value)
                else "as anyOf: the branches may overlap, a value matching several is now accepted"
            )
            self.note(where, key, LossAction.REWRITTEN, detail)
        copies, plans = [], []
        for i, branch in enumerate(value):
            copy, plan = self.node(branch, (*where, i), depth + 2)
            copies.append(copy)
            plans.append(plan)
        out["anyOf"] = copies
        return tuple(plans)

    def merge_all_of(self, node: Mapping[str, Any], path: JsonPath) -> Mapping[str, Any]:
        """The node with its allOf parts merged in, when they do not clash."""
        parts = node.get("allOf")
        if not isinstance(parts, list):
            return node
        merged: dict[str, Any] = {k: v for k, v in node.items() if k != "allOf"}
        for part in parts:
            if not isinstance(part, Mapping) or "$ref" in part or "allOf" in part:
                return self._unmerged(node, path)
            for key, value in part.items():
                if key not in merged or merged[key] == value:
                    merged[key] = value
                elif key == "properties" and not (set(value) & set(merged[key])):
                    merged[key] = {**merged[key], **value}
                elif key == "required":
                    merged[key] = [*merged[key], *(r for r in value if r not in merged[key])]
                elif key in _ANNOTATIONS:
                    continue  # the outer one wins
                else:
                    return self._unmerged(node, path)
        self.note((*path, "allOf"), "allOf", LossAction.REWRITTEN, "merged into one schema")
        return merged

    def _unmerged(self, node: Mapping[str, Any], path: JsonPath) -> Mapping[str, Any]:
        self.unsupported((*path, "allOf"), "allOf", "allOf parts that cannot be merged")
        return node


_LEAF_KEYS: Final = _KEPT | {"format"}
_LEAF_TYPES: Final = _SCALARS | {"null"}
_LEAF: Final = _Node(kind="other")


def _is_plain_leaf(node: Mapping[str, Any]) -> bool:
    """A scalar schema made only of kept keywords: strict mode keeps it unchanged.

    The common case (``{"type": "string", "description": ...}``) skips the walk.
    """
    kind = node.get("type")
    return (
        type(kind) is str
        and kind in _LEAF_TYPES
        and node.keys() <= _LEAF_KEYS
        and node.get("format", "date") in _FORMATS
        and type(node.get("exclusiveMaximum", 0)) is not bool
        and type(node.get("exclusiveMinimum", 0)) is not bool
    )


def _seal(value: Any) -> Any:
    """Freeze the containers a step built; the frozen parts it reused stay as they are.

    Each node seals its own output, so the finished schema needs no second copy.
    """
    kind = type(value)
    if kind is dict:
        return new_frozen_dict({k: _seal(v) if type(v) in _BUILT else v for k, v in value.items()})
    if kind is list:
        return new_frozen_list([_seal(v) if type(v) in _BUILT else v for v in value])
    return value


_BUILT: Final = (dict, list)
"""The exact types of containers a step builds (frozen ones are subclasses)."""


def _in_words(keyword: str, value: Any) -> str | None:
    """The constraint said in words, or None when it is not one of the describable ones."""
    if keyword == "default":
        return f"default: {_show(value)}"
    if keyword == "examples" and isinstance(value, list):
        return "examples: " + ", ".join(_show(v) for v in value[:3])
    if keyword == "minLength":
        return f"at least {value} characters"
    if keyword == "maxLength":
        return f"at most {value} characters"
    if keyword == "format":
        return f"format: {value}"
    if keyword == "uniqueItems":
        return "items must be unique" if value is True else None
    if keyword == "minProperties":
        return f"at least {value} properties"
    if keyword == "maxProperties":
        return f"at most {value} properties"
    if keyword == "deprecated":
        return "deprecated" if value is True else None
    return None


def _show(value: Any) -> str:
    return f"'{value}'" if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _accepts_null(schema: Mapping[str, Any]) -> bool:
    types = schema.get("type")
    if types == "null" or (isinstance(types, list) and "null" in types):
        return True
    if "const" in schema:
        return schema["const"] is None
    if isinstance(schema.get("enum"), list) and None in schema["enum"]:
        return "type" not in schema
    branches = schema.get("anyOf")
    return isinstance(branches, list) and any(
        isinstance(b, Mapping) and _accepts_null(b) for b in branches
    )


def _nullable(schema: Any) -> Any:
    """The schema, also accepting null: a type list for scalars, anyOf otherwise."""
    if not isinstance(schema, Mapping) or _accepts_null(schema):
        return schema
    types = schema.get("type")
    simple = isinstance(types, str) and types in _SCALARS and "const" not in schema
    if simple and "anyOf" not in schema and "$ref" not in schema:
        copy = {**schema, "type": new_frozen_list([types, "null"])}
        if isinstance(schema.get("enum"), list):
            copy["enum"] = new_frozen_list([*schema["enum"], None])
        return new_frozen_dict(copy)  # frozen parts only: no sealing walk needed
    if isinstance(schema.get("anyOf"), list) and set(schema) <= {"anyOf", *_ANNOTATIONS}:
        return {**schema, "anyOf": [*schema["anyOf"], dict(_NULL)]}
    notes = {k: v for k, v in schema.items() if k in _ANNOTATIONS}
    rest = {k: v for k, v in schema.items() if k not in _ANNOTATIONS}
    return {"anyOf": [rest, dict(_NULL)], **notes}


def _exclusive(branches: list[Any]) -> bool:
    """True when no value can match two of the branches (a cheap, sufficient test)."""
    if not all(isinstance(b, Mapping) for b in branches):
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
    if not isinstance(schema, Mapping):
        return None
    if "const" in schema:
        return {json.dumps(schema["const"], sort_keys=True)}
    if isinstance(schema.get("enum"), list):
        return {json.dumps(v, sort_keys=True) for v in schema["enum"]}
    return None


def _pairwise_disjoint(sets: list[Any]) -> bool:
    seen: set[str] = set()
    for one in sets:
        if seen & one:
            return False
        seen |= one
    return True


def _restore(value: Any, node: _Node | None, plan: StrictPlan, depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise ConversionError(f"arguments nest deeper than {MAX_DEPTH} levels")
    node = _resolve(node, plan)
    if node is None or value is None:
        return value
    if node.branches:
        branch = _pick(value, node.branches, plan)
        if branch is not None:
            value = _restore(value, branch, plan, depth + 1)
    if isinstance(value, dict) and (node.optional or node.properties):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if item is None and key in node.optional:
                continue
            out[key] = _restore(item, node.properties.get(key), plan, depth + 1)
        return out
    if isinstance(value, list) and node.items is not None:
        return [_restore(item, node.items, plan, depth + 1) for item in value]
    return value


def _resolve(node: _Node | None, plan: StrictPlan) -> _Node | None:
    hops = 0
    while node is not None and node.ref is not None and hops < MAX_DEPTH:
        target = plan.definitions.get(node.ref)
        if target is node:
            break
        node, hops = target, hops + 1
    return node


def _pick(value: Any, branches: tuple[_Node | None, ...], plan: StrictPlan) -> _Node | None:
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
