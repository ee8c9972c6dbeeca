"""The walk of `toolbridge.schema.to_strict`: one schema copied under OpenAI's strict rules.

`StrictWalker` is the step for each subschema (the rules are listed in
`toolbridge.schema._strict`'s docstring, which also says what the walk is asked to
do: report, plan, fall back, raise); `PlanNode` is what it records for the way back
of a model's arguments (`toolbridge.schema._strict_restore`). Where subschemas are is
`toolbridge._jsonschema._keywords`' table, read through `toolbridge._jsonschema._walk`.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal, TypeAlias, final

from toolbridge._json import (
    MAX_DEPTH,
    FrozenDict,
    FrozenList,
    new_frozen_dict,
    new_frozen_list,
)
from toolbridge._jsonschema._keywords import SUBSCHEMA_KEYWORDS
from toolbridge._jsonschema._references import parse_pointer, pointer
from toolbridge._jsonschema._walk import converted, held
from toolbridge.errors import ConversionError, JsonPath
from toolbridge.schema._disjoint import exclusive
from toolbridge.schema._malformed import JSON_TYPES, check_type, check_types
from toolbridge.schema._refs import may_refer
from toolbridge.schema._report import LossAction, LossEntry
from toolbridge.schema._wording import in_words, show

__all__ = ["REFERENCE_KEYS", "NotStrict", "PlanNode", "Refers", "StrictWalker", "holds_references"]

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


@final
@dataclass(frozen=True, slots=True, kw_only=True)
class PlanNode:
    """What to undo at one place of the strict schema (and below it)."""

    kind: Literal["object", "array", "other"] = "other"
    """The JSON type this node stands for, to tell ``anyOf`` branches apart."""
    keys: frozenset[str] | None = None
    """A closed object's properties: a strict value has exactly these keys."""
    optional: frozenset[str] = frozenset()
    """Properties that were optional and were made nullable: a null here is removed."""
    properties: Mapping[str, PlanNode | None] = field(default_factory=dict)
    """What to undo inside each property's value."""
    items: PlanNode | None = None
    """What to undo inside each item."""
    branches: tuple[PlanNode | None, ...] = ()
    """One entry per ``anyOf`` branch."""
    ref: JsonPath | None = None
    """A kept ``$ref``: the plan is the definition's, in `StrictPlan.definitions`."""


_SET_NODE: Final = tuple(
    PlanNode.__dict__[name].__set__
    for name in ("kind", "keys", "optional", "properties", "items", "branches", "ref")
)


def _new_node(
    kind: Literal["object", "array", "other"],
    keys: frozenset[str] | None,
    optional: frozenset[str],
    properties: Mapping[str, PlanNode | None],
    items: PlanNode | None,
    branches: tuple[PlanNode | None, ...],
    ref: JsonPath | None,
) -> PlanNode:
    """``PlanNode(kind=..., ...)`` with every field given, its slots set directly.

    The walk makes one per object, array and union of the schema; a frozen
    dataclass's ``__init__`` sets each field through ``object.__setattr__``, about
    twice the cost.
    """
    node: PlanNode = object.__new__(PlanNode)
    set_kind, set_keys, set_optional, set_properties, set_items, set_branches, set_ref = _SET_NODE
    set_kind(node, kind)
    set_keys(node, keys)
    set_optional(node, optional)
    set_properties(node, properties)
    set_items(node, items)
    set_branches(node, branches)
    set_ref(node, ref)
    return node


_entry: Final = LossEntry.of


class Refers(Exception):
    """The direct walk met a ``$ref`` or a definitions block: inline them first."""


class NotStrict(Exception):
    """The first reason the schema cannot be strict, on a walk without a report or a copy."""


REFERENCE_KEYS: Final = frozenset({"$ref", "$dynamicRef", "$recursiveRef", *_DEFINITIONS})
"""Keys that send the walk to `inline_refs` (wherever they are: a property of that
name only costs the detour, which then changes nothing)."""


def holds_references(value: Any) -> bool:
    """True when an object anywhere in `value` has one of the `REFERENCE_KEYS` keys."""
    return may_refer(value, REFERENCE_KEYS)


_UNTYPED: Final = frozenset({"anyOf", "oneOf", "enum", "const", "$ref", "allOf"})
"""Keywords that give a schema without ``type`` a shape (else it accepts any value)."""

_SAID: Final = frozenset(
    {"default", "examples", "minLength", "maxLength", "uniqueItems", "minProperties"}
    | {"maxProperties", "deprecated"}
)
"""Keywords `in_words` can say (besides an unsupported ``format``)."""

# What the walk does with each keyword (the provider's rules); a keyword not named
# here is dropped. Where subschemas are is the keyword table's (`toolbridge._jsonschema._keywords`):
# each keyword of the table without a rule here is `_UNCARRIED`, found through it.
_KEEP: Final = "keep"
_LATER: Final = "object"  # the object step, after the other keywords
_REFERENCE: Final = "reference"
_ITEMS: Final = "items"
_UNION: Final = "union"
_FORMAT: Final = "format"
_WORDS: Final = "words"
_ALL_OF: Final = "allOf"
_UNCARRIED: Final = "uncarried"  # a keyword holding subschemas strict mode cannot carry
_RULES: Final[dict[str, str]] = (
    dict.fromkeys(_KEPT, _KEEP)
    | dict.fromkeys(("properties", "required", "additionalProperties", "patternProperties"), _LATER)
    | dict.fromkeys(REFERENCE_KEYS, _REFERENCE)
    | {"items": _ITEMS, "anyOf": _UNION, "oneOf": _UNION, "format": _FORMAT, "allOf": _ALL_OF}
    | dict.fromkeys(_SAID, _WORDS)
)
_STEPS: Final[dict[str, str]] = _RULES | dict.fromkeys(
    sorted(SUBSCHEMA_KEYWORDS - _RULES.keys()), _UNCARRIED
)
"""Keyword -> its step: the rules, and `_UNCARRIED` for the table's other keywords."""
_NOT_AN_OBJECT: Final = frozenset({"additionalProperties", "patternProperties"})
"""The object step's subschema keywords, dropped from a schema that is not an object."""
_CONTAINERS: Final = (dict, list)
_NO_PROPERTIES: Final = new_frozen_dict({})
_ObjectPlan: TypeAlias = tuple[frozenset[str] | None, frozenset[str], dict[str, "PlanNode | None"]]
"""An object's plan parts: its closed keys, the nullable ones, each property's plan."""
_NO_NAMES: Final = new_frozen_list([])


class StrictWalker:
    """One walk of one schema: the strict copy, and when asked the report and plan.

    A step that handles its subschemas itself, in its own order: strict mode's rules
    read context from above (an optional property's copy is made nullable by the
    object step, ``allOf`` is merged before its parts are walked), hand plans back
    up, and keep a node's report entries in key order between its subschemas'. Where
    the subschemas are is the keyword table's: those of a keyword strict mode carries
    are reached through `toolbridge._jsonschema._walk` (`converted` for one schema, `held` for a
    list or map; the object step reads ``properties`` itself, its hot loop), and each
    other keyword of the table is `_UNCARRIED`: dropped and reported.

    The schema is frozen JSON (objects are `FrozenDict`, a `dict`), so the checks are
    for `dict`, cheaper than the `Mapping` ABC.

    Without a report (`entries` None) no `LossEntry` and no `PlanNode` is made, and no
    text only a report would show is built. Without `fallback_copy`, the first reason
    the schema cannot be strict ends `building`: from there the walk only looks for
    what could still raise (a malformed keyword, a reference) and notes reasons.
    `direct`: the schema was not inlined; meeting a reference raises `Refers`, and a
    subschema the walk does not enter is searched for one.
    """

    __slots__ = (
        "abort",
        "building",
        "copies",
        "definitions",
        "direct",
        "entries",
        "fallback_copy",
        "lenient",
        "raising",
        "refers",
        "strict",
        "tool",
    )

    def __init__(
        self,
        tool: str | None,
        raising: bool,
        report: bool,
        direct: bool,
        fallback_copy: bool = True,
    ) -> None:
        self.tool, self.raising, self.direct = tool, raising, direct
        self.entries: list[LossEntry] | None = [] if report else None
        self.definitions: dict[JsonPath, PlanNode | None] | None = {} if report else None
        self.fallback_copy = fallback_copy
        # No report, no copy past the first reason: that reason ends the walk.
        self.abort = not report and not raising and not fallback_copy
        # Meeting a reference on the direct walk: noted (`refers`) rather than `Refers`.
        self.lenient = direct and self.abort
        self.refers = False
        self.strict = True
        self.building = True  # the copy (and its plan and notes) is made
        # Inlining shares one object wherever a definition is used; without a report
        # (no paths to tell) its copy is made once: by (id, nullable).
        self.copies: dict[tuple[int, bool], Any] | None = None if report or direct else {}

    def note(self, path: JsonPath, keyword: str, action: LossAction, detail: str) -> None:
        if self.entries is not None and self.building:
            self.entries.append(_entry(self.tool, path, keyword, action, detail))

    def unsupported(self, path: JsonPath, keyword: str, why: str) -> None:
        """A reason strict mode is off: raise, or note it and go on with strict=False."""
        if self.raising:
            raise ConversionError(f"cannot be made strict: {why}", path=path)
        if self.abort:
            raise NotStrict
        self.strict = False
        self.building = self.fallback_copy
        if self.entries is not None:
            detail = f"strict mode off: {why} ({keyword})"
            self.entries.append(_entry(self.tool, path, "strict", LossAction.DROPPED, detail))

    def unentered(self, value: Any) -> None:
        """A subschema the walk leaves out or copies: a reference there needs inlining."""
        if self.direct and isinstance(value, _CONTAINERS) and holds_references(value):
            self.met_reference()

    def met_reference(self) -> None:
        """The direct walk met a reference: `Refers`, or (`lenient`) noted in `refers`."""
        if not self.lenient:
            raise Refers
        self.refers = True

    def node(
        self,
        node: Any,
        path: JsonPath,
        depth: int,
        root: bool = False,
        nullable: bool = False,
    ) -> tuple[Any, PlanNode | None]:
        """The strict copy of one subschema (frozen) and its restore plan.

        `nullable`: the copy also accepts null (an optional property of a closed object).
        """
        if not isinstance(node, dict):
            if self.entries is None and not self.raising:
                self.unsupported(path, "type", "")  # (the words only for a report or an error)
            else:
                self.unsupported(path, "type", f"the boolean schema {json.dumps(node)}")
            return node, None
        if depth > MAX_DEPTH:  # merged allOf parts can nest a little deeper than the source
            raise ConversionError("schema nests too deeply", path=path)
        copies = self.copies
        if copies is None:
            return self.copy(node, path, depth, root, nullable)
        key = (id(node), nullable)
        done = copies.get(key)
        if done is None:
            done = copies[key] = self.copy(node, path, depth, root, nullable)
        return done

    def copy(
        self, node: Mapping[str, Any], path: JsonPath, depth: int, root: bool, nullable: bool
    ) -> tuple[Any, PlanNode | None]:
        """`node`'s work on a schema object: its keywords, then its type's step."""
        kind = node.get("type")
        if type(kind) is str and kind in _LEAF_TYPES and _SCALAR_KEYS.issuperset(node):
            return self.scalar(node, path, nullable), _LEAF
        if kind == "object" and _PLAIN_OBJECT_KEYS.issuperset(node):
            return self.plain_object(node, path, depth, root, nullable)
        if "allOf" in node:
            node = self.merge_all_of(node, path)
            kind = node.get("type")  # (a part may give it)
        out: dict[str, Any] = {}
        said: list[str] = []
        items_plan: PlanNode | None = None
        branches: tuple[PlanNode | None, ...] = ()
        reference: JsonPath | None = None
        for key, value in node.items():
            step = _STEPS.get(key)
            if step is _KEEP:
                out[key] = value
            elif step is _LATER:
                continue
            elif step is _ITEMS and isinstance(value, dict):  # one schema (`converted`'s case)
                out[key], items_plan = self.node(value, (*path, key), depth + 1)
            elif step is _UNION and isinstance(value, list):
                branches = self.union(node, key, value, out, path, depth)
            elif step is _WORDS and (words := in_words(key, value)) is not None:
                said.append(words)
                if self.entries is not None:
                    self.said(words, key, path)
            elif step is _REFERENCE and key == "$ref" and not self.direct and type(value) is str:
                out[key], reference = value, parse_pointer(value)
            else:
                self.keyword(step, key, value, out, said, path, depth)
        if kind == "object":  # the common case: no other type to tell
            is_object, is_array = True, False
            object_plan = self.object(node, out, path, depth, root)
        else:
            is_object, is_array, object_plan = self.typed(node, kind, out, path, depth, root)
        if not self.building:
            return node, None
        if said or "exclusiveMaximum" in out or "exclusiveMinimum" in out or "$ref" in out:
            out = self.finished(out, said, path)
        copy = new_frozen_dict(out)
        if nullable:
            copy = _nullable(copy)
        if self.entries is None:
            return copy, None
        if is_object and object_plan is not None:
            keys, optional, properties = object_plan
            return copy, _new_node("object", keys, optional, properties, None, branches, reference)
        if is_array or items_plan is not None or branches or reference is not None:
            shape: Literal["array", "other"] = "array" if is_array else "other"
            node_plan = _new_node(shape, None, frozenset(), {}, items_plan, branches, reference)
            return copy, node_plan
        return copy, _LEAF  # nothing to undo: one shared node

    def plain_object(
        self, node: Mapping[str, Any], path: JsonPath, depth: int, root: bool, nullable: bool
    ) -> tuple[Any, PlanNode | None]:
        """`copy` of an object with only `_PLAIN_OBJECT_KEYS`: the most common object.

        The same steps without the keyword loop: ``type`` and the annotations are
        kept, the object step does the rest (nothing is said in words or dropped).
        """
        out: dict[str, Any] = {}
        for key, value in node.items():  # (a loop: cheaper than a comprehension here)
            if key in _PLAIN_KEPT:
                out[key] = value
        object_plan = self.object(node, out, path, depth, root)
        if not self.building:
            return node, None
        copy = new_frozen_dict(out)
        if nullable:
            copy = _nullable(copy)
        if object_plan is None:  # (no report: `object` gives no plan)
            return copy, None
        keys, optional, properties = object_plan
        return copy, _new_node("object", keys, optional, properties, None, (), None)

    def typed(
        self,
        node: Mapping[str, Any],
        kind: Any,
        out: dict[str, Any],
        path: JsonPath,
        depth: int,
        root: bool,
    ) -> tuple[bool, bool, _ObjectPlan | None]:
        """The step by type of a schema that is not plainly an object.

        Returns whether it is an object, whether an array, and the object's plan parts.

        Raises:
            SchemaError: ``type`` names no JSON type (a known one takes a step before).
        """
        if "type" in node and (type(kind) is not str or kind not in JSON_TYPES):
            check_type(kind, path, tool=self.tool)
        has_type, is_object, is_array = _typed(kind)
        is_object = is_object or isinstance(node.get("properties"), dict)
        is_object = is_object or (root and not has_type)
        object_plan = None
        if is_object:
            if "type" not in node:
                out["type"] = "object"
                detail = 'added "type": "object" beside properties'
                self.note((*path, "type"), "type", LossAction.REWRITTEN, detail)
            object_plan = self.object(node, out, path, depth, root)
        elif "patternProperties" in node or "additionalProperties" in node:
            for key, value in node.items():  # the object step's, dropped (never silently)
                if key in _NOT_AN_OBJECT:
                    self.dropped(key, value, path)
        if is_array and "items" not in node:
            self.unsupported(path, "items", "an array whose items may be anything")
        if not has_type and not is_object and _UNTYPED.isdisjoint(node.keys()):
            self.unsupported(path, "type", "a value of any type")
        return is_object, is_array, object_plan

    def scalar(self, node: Mapping[str, Any], path: JsonPath, nullable: bool) -> Any:
        """A scalar schema (a type in `_LEAF_TYPES`, only `_SCALAR_KEYS`): `node`'s common case.

        Its keywords are kept or said in words; a plain one is the source itself.
        """
        if _PLAIN_KEYS.issuperset(node) or (_LEAF_KEYS.issuperset(node) and _is_plain_leaf(node)):
            return _nullable(node) if nullable and self.building else node
        if _DEFAULTED_KEYS.issuperset(node):
            return self.defaulted(node, path, nullable)
        out: dict[str, Any] = {}
        said: list[str] = []
        for key, value in node.items():
            if key in _KEPT or (key == "format" and value in _FORMATS):
                out[key] = value
            elif (words := in_words(key, value)) is not None:
                said.append(words)
                if self.entries is not None:
                    self.said(words, key, path)
            else:
                self.unentered(value)
                self.note((*path, key), key, LossAction.DROPPED, "not supported in strict mode")
        if not self.building:
            return node
        if said or "exclusiveMaximum" in out or "exclusiveMinimum" in out:
            out = self.finished(out, said, path)
        if nullable and _or_null(out):
            return new_frozen_dict(out)
        copy = new_frozen_dict(out)
        return _nullable(copy) if nullable else copy

    def defaulted(self, node: Mapping[str, Any], path: JsonPath, nullable: bool) -> Any:
        """`scalar` of a plain scalar with a ``default`` (`_DEFAULTED_KEYS` only).

        The next most common property: its default said in the description, without
        the keyword loop and `finished`.
        """
        words = f"default: {show(node['default'])}"
        if self.entries is not None:
            self.said(words, "default", path)
        if not self.building:
            return node
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key != "default":
                out[key] = value
        text = str(out.get("description", "")).rstrip()  # (`finished`, for one said keyword)
        out["description"] = f"{text} ({words})" if text else f"({words})"
        if nullable and _or_null(out):
            return new_frozen_dict(out)
        copy = new_frozen_dict(out)
        return _nullable(copy) if nullable else copy

    def keyword(
        self,
        step: str | None,
        key: str,
        value: Any,
        out: dict[str, Any],
        said: list[str],
        path: JsonPath,
        depth: int,
    ) -> None:
        """The less common keywords: references, tuple items, formats, allOf, the dropped."""
        if step is _REFERENCE and self.direct:
            self.met_reference()
            out[key] = value  # (passed over: a reason elsewhere is enough)
            return
        if step is _REFERENCE and key in _DEFINITIONS and isinstance(value, dict):
            out[key] = self.definitions_block(key, value, path, depth)
        elif step is _ITEMS:  # not an object: a tuple array
            self.unentered(value)
            self.unsupported((*path, key), key, "tuple arrays (items as a list)")
            out[key] = value
        elif step is _FORMAT and value in _FORMATS:
            out[key] = value
        elif step is _FORMAT:
            said.append(words := f"format: {value}")
            self.said(words, key, path)
        elif step is _ALL_OF:  # left by merge_all_of: it could not be merged
            parts = value if type(value) in _LISTS else list(value)  # (malformed: as before)
            out[key] = self.listed(key, parts, path, depth)
        else:  # `_UNCARRIED` (``not``, ``if``, ``prefixItems``, ...), or not a rule at all
            self.unentered(value)  # (`dropped`, inline: a frame less per dropped keyword)
            if key in SUBSCHEMA_KEYWORDS:  # (`dropped`'s check of what it held)
                check_types({key: value}, tool=self.tool, path=path)
            self.note((*path, key), key, LossAction.DROPPED, "not supported in strict mode")

    def dropped(self, key: str, value: Any, path: JsonPath) -> None:
        """Drop a keyword and report it; a reference in what it held still counts.

        The types of the subschemas it held are checked all the same (`check_types`):
        a malformed schema is bad input wherever it is, and every writer refuses it.
        """
        self.unentered(value)
        if key in SUBSCHEMA_KEYWORDS:
            check_types({key: value}, tool=self.tool, path=path)
        self.note((*path, key), key, LossAction.DROPPED, "not supported in strict mode")

    def said(self, words: str, key: str, path: JsonPath) -> None:
        """Report a keyword said in the description instead."""
        detail = f"said as {words!r}"
        self.note((*path, key), key, LossAction.MOVED_TO_DESCRIPTION, detail)

    def finished(self, out: dict[str, Any], said: list[str], path: JsonPath) -> dict[str, Any]:
        """The last steps of a copy: draft-04 bounds, the words said, a kept ref's siblings."""
        if "exclusiveMaximum" in out or "exclusiveMinimum" in out:
            self.draft04_bounds(out, path)
        if said:
            text = str(out.get("description", "")).rstrip()
            words = "(" + "; ".join(said) + ")"
            out["description"] = f"{text} {words}" if text else words
        if "$ref" in out and len(out) > 1:  # a kept ref's siblings: 2020-12 "and" as one branch
            anchor = new_frozen_list([new_frozen_dict({"$ref": out.pop("$ref")})])
            return {"anyOf": anchor, **out}
        return out

    def draft04_bounds(self, out: dict[str, Any], path: JsonPath) -> None:
        """Draft-04's boolean exclusiveMaximum / exclusiveMinimum, as the 2020-12 numbers."""
        for bound, limit in (("exclusiveMaximum", "maximum"), ("exclusiveMinimum", "minimum")):
            if isinstance(out.get(bound), bool):
                flag = out.pop(bound)
                if flag and limit in out:
                    out[bound] = out.pop(limit)
                detail = "the draft-04 flag as the 2020-12 number" if flag else "a false flag"
                self.note((*path, bound), bound, LossAction.REWRITTEN, detail)

    def definitions_block(
        self, key: str, block: Mapping[str, Any], path: JsonPath, depth: int
    ) -> FrozenDict:
        """A definitions block (the kept recursive ones): each definition walked once."""
        copies: dict[str, Any] = {}
        for name, definition in held(key, block):
            copies[name], plan = self.node(definition, (*path, key, name), depth + 2)
            target = parse_pointer(pointer((key, name)))
            if target is not None and not path and self.definitions is not None:
                self.definitions[target] = plan
        return new_frozen_dict(copies)

    def object(
        self, node: Mapping[str, Any], out: dict[str, Any], path: JsonPath, depth: int, root: bool
    ) -> _ObjectPlan | None:
        """The object step: close, require all, make the optional ones nullable.

        Returns the plan's parts (closed keys, nullable ones, properties' plans), or
        None without a report.
        """
        props: Mapping[str, Any] = node.get("properties") or _NO_PROPERTIES
        required = node.get("required", _NO_NAMES)
        if type(required) is not FrozenList:  # malformed: read as before (or trip)
            required = [r for r in required if isinstance(r, str)]
        extra = node.get("additionalProperties")
        pattern = node.get("patternProperties")
        if pattern is None and (extra is None or extra is False):
            closed = extra is False or bool(props) or root
            if not closed:
                why = "a free-form object (no properties declared)"
                self.unsupported(path, "properties", why)
        else:
            closed = self.open_object(extra, pattern, out, path, depth)
        if closed and required and not _declared(required, props):
            missing = [r for r in required if type(r) is str and r not in props]
            self.unsupported(
                (*path, "required"),
                "required",
                f"required names properties with no schema: {missing}",
            )
            closed = False
        # Looked up once per property: a long list is a set (a list made it quadratic).
        listed = required if len(required) < _LISTED_REQUIRED else frozenset(required)
        copies, plans = self.properties(props, listed, closed, path, depth)
        if closed:
            out["properties"] = copies
            out["required"] = new_frozen_list(list(props)) if self.building else props
            out["additionalProperties"] = False
            if plans is None:
                return None
            optional = [name for name in props if name not in listed]
            self.closed(extra, optional, path)
            return frozenset(props), frozenset(optional), plans
        if props:
            out["properties"] = copies
        if "required" in node:
            out["required"] = node["required"]
        return None if plans is None else (None, frozenset(), plans)

    def open_object(
        self, extra: Any, pattern: Any, out: dict[str, Any], path: JsonPath, depth: int
    ) -> bool:
        """An object open to more keys (patternProperties, additionalProperties): False."""
        if pattern is not None:
            self.unentered(pattern)
            where = (*path, "patternProperties")
            why = "patternProperties (keys matched by a pattern)"
            self.unsupported(where, "patternProperties", why)
            out["patternProperties"] = pattern
        if extra is not None and extra is not False:
            where = (*path, "additionalProperties")
            why = "an open map (additionalProperties is not false)"
            self.unsupported(where, "additionalProperties", why)
            out["additionalProperties"] = (
                converted("additionalProperties", extra, path, depth, self.node)[0]
                if isinstance(extra, dict) and extra
                else extra
            )
        return False

    def properties(
        self,
        props: Mapping[str, Any],
        required: Collection[Any],
        closed: bool,
        path: JsonPath,
        depth: int,
    ) -> tuple[FrozenDict, dict[str, PlanNode | None] | None]:
        """Each property's strict copy, the optional ones made nullable when closed.

        Returns the copies and (with a report) each one's plan.
        """
        copies: dict[str, Any] = {}
        plans: dict[str, PlanNode | None] | None = {} if self.entries is not None else None
        making = closed and self.building
        plain = _PLAIN_KEYS.issuperset  # (cheaper than `keys() <=` on a small dict)
        defaulted = _DEFAULTED_KEYS.issuperset
        direct = self.copies is None and depth + 2 <= MAX_DEPTH  # `node`'s checks, made once
        for name, sub in props.items():
            kind = sub.get("type") if type(sub) is FrozenDict else None
            if type(kind) is str and kind in _LEAF_TYPES and plain(sub):
                # The most common property, a plain scalar (`scalar`'s first case, inline).
                if making and name not in required:
                    sub = _nullable_scalar(sub, kind)
                copies[name] = sub
                plan: PlanNode | None = _LEAF
            else:
                nullable = closed and name not in required
                where = (*path, "properties", name)
                if not direct or kind is None:
                    copies[name], plan = self.node(sub, where, depth + 2, False, nullable)
                elif type(kind) is str and kind in _LEAF_TYPES and defaulted(sub):
                    # The next most common, a scalar with a default (`copy`'s way, inline).
                    copies[name], plan = self.defaulted(sub, where, nullable), _LEAF
                else:  # an object schema: `node` would `copy` it
                    copies[name], plan = self.copy(sub, where, depth + 2, False, nullable)
            if plans is not None:
                plans[name] = plan
        if not self.building:
            return _NO_PROPERTIES, None
        return new_frozen_dict(copies), plans

    def closed(self, extra: Any, optional: list[str], path: JsonPath) -> None:
        """Report closing an object: additionalProperties added, optional made nullable."""
        if extra is not False:
            detail = "additionalProperties: false added: strict mode closes every object"
            where = (*path, "additionalProperties")
            self.note(where, "additionalProperties", LossAction.REWRITTEN, detail)
        if optional:
            detail = (
                f"optional {', '.join(sorted(optional))} made required and nullable; "
                "restore_strict_arguments removes their nulls"
            )
            self.note((*path, "required"), "required", LossAction.REWRITTEN, detail)

    def union(
        self,
        node: Mapping[str, Any],
        key: str,
        value: list[Any],
        out: dict[str, Any],
        path: JsonPath,
        depth: int,
    ) -> tuple[PlanNode | None, ...]:
        """The branches of anyOf, and of oneOf rewritten as anyOf."""
        where = (*path, key)
        if key == "oneOf":
            if "anyOf" in node:
                self.unsupported(where, key, "oneOf beside anyOf")
                out[key] = self.listed(key, value, path, depth)
                return ()
            disjoint = exclusive(value)  # read in both modes: it trips on malformed branches
            detail = (
                "as anyOf: the branches exclude each other, same meaning"
                if disjoint
                else "as anyOf: the branches may overlap, a value matching several is now accepted"
            )
            self.note(where, key, LossAction.REWRITTEN, detail)
        copies, plans = [], []
        for i, branch in held(key, value):
            copy, plan = self.node(branch, (*where, i), depth + 2)
            copies.append(copy)
            plans.append(plan)
        out["anyOf"] = new_frozen_list(copies)
        return tuple(plans) if self.entries is not None else ()

    def listed(self, key: str, parts: list[Any], path: JsonPath, depth: int) -> FrozenList:
        """The strict copies of a list of subschemas strict mode keeps as a list (no plan)."""
        where = (*path, key)
        return new_frozen_list(
            [self.node(v, (*where, i), depth + 2)[0] for i, v in held(key, parts)]
        )

    def merge_all_of(self, node: Mapping[str, Any], path: JsonPath) -> Mapping[str, Any]:
        """The node with its allOf parts merged in, when they do not clash."""
        parts = node.get("allOf")
        if not isinstance(parts, list):
            return node
        merged: dict[str, Any] = {k: v for k, v in node.items() if k != "allOf"}
        # Properties and required names grow in place, with a set of what they hold,
        # and are frozen once at the end: a copy per part made this quadratic.
        grown: dict[str, tuple[Any, set[Any]]] = {}  # key: (what merged[key] is, its names)
        for part in parts:
            if self.direct and isinstance(part, dict) and "$ref" in part:
                self.met_reference()  # (merged after inlining: no reason before it)
                return node
            if not isinstance(part, dict) or "$ref" in part or "allOf" in part:
                return self._unmerged(node, path)
            for key, value in part.items():
                if key not in merged or merged[key] == value:
                    merged[key] = value
                elif key == "properties" and type(merged[key]) in _MAPS and type(value) in _MAPS:
                    held, names = _grown(grown, merged, key)
                    if not names.isdisjoint(value):
                        return self._unmerged(node, path)
                    held.update(value)
                    names.update(value)
                elif key == "required" and type(merged[key]) in _LISTS:
                    held, names = _grown(grown, merged, key)
                    added = [r for r in value if r not in names]
                    held.extend(added)
                    names.update(added)
                elif key == "properties" and not (set(value) & set(merged[key])):
                    merged[key] = new_frozen_dict({**merged[key], **value})
                elif key == "required":
                    more = (r for r in value if r not in merged[key])
                    merged[key] = new_frozen_list([*merged[key], *more])
                elif key in _ANNOTATIONS:
                    continue  # the outer one wins
                else:
                    return self._unmerged(node, path)
        for key, (held, _) in grown.items():
            if merged[key] is held:
                merged[key] = (
                    new_frozen_dict(held) if key == "properties" else new_frozen_list(held)
                )
        self.note((*path, "allOf"), "allOf", LossAction.REWRITTEN, "merged into one schema")
        return merged

    def _unmerged(self, node: Mapping[str, Any], path: JsonPath) -> Mapping[str, Any]:
        self.unsupported((*path, "allOf"), "allOf", "allOf parts that cannot be merged")
        return node


_LISTED_REQUIRED: Final = 8
"""From this many required names on, properties look them up in a set."""
_MAPS: Final = (FrozenDict, dict)
_LISTS: Final = (FrozenList, list)


def _grown(
    grown: dict[str, tuple[Any, set[Any]]], merged: dict[str, Any], key: str
) -> tuple[Any, set[Any]]:
    """`merge_all_of`'s growing copy of ``merged[key]`` and the names it holds."""
    found = grown.get(key)
    if found is None or merged[key] is not found[0]:  # first use, or replaced by an equal part
        held = dict(merged[key]) if key == "properties" else list(merged[key])
        found = grown[key] = (held, set(held))
        merged[key] = held
    return found


def _declared(required: list[Any], props: Mapping[str, Any]) -> bool:
    """True when every name `required` lists (strings only) is one of `props`."""
    for name in required:  # noqa: SIM110 - a loop: no generator on the path of every object
        if type(name) is str and name not in props:
            return False
    return True


def _typed(types: Any) -> tuple[bool, bool, bool]:
    """Whether ``type`` is stated, and whether it names ``object``, ``array``."""
    if type(types) is str:
        return bool(types), types == "object", types == "array"
    declared = set(types) if isinstance(types, list) else {types} if types else set()
    return bool(declared), "object" in declared, "array" in declared


_LEAF_KEYS: Final = _KEPT | {"format"}
_SCALAR_KEYS: Final = _LEAF_KEYS | _SAID
"""A scalar schema with these keywords only is done by `StrictWalker.scalar`."""
_PLAIN_KEYS: Final = _KEPT - {"exclusiveMaximum", "exclusiveMinimum"}
"""A leaf with these keys only is plain whatever their values (no format, no flags)."""
_LEAF_TYPES: Final = _SCALARS | {"null"}
_DEFAULTED_KEYS: Final = _PLAIN_KEYS | {"default"}
"""A scalar with these keys only is done by `StrictWalker.defaulted`."""
_PLAIN_KEPT: Final = frozenset({"type", *_ANNOTATIONS})
_PLAIN_OBJECT_KEYS: Final = _PLAIN_KEPT | {"properties", "required", "additionalProperties"}
"""An object with these keys only is done by `StrictWalker.plain_object`."""
_LEAF: Final = PlanNode(kind="other")


def _is_plain_leaf(node: Mapping[str, Any]) -> bool:
    """A scalar schema made only of kept keywords: strict mode keeps it unchanged.

    The common case (``{"type": "string", "description": ...}``) skips the walk.
    """
    kind = node.get("type")
    if type(kind) is not str or kind not in _LEAF_TYPES:
        return False
    keys = node.keys()
    if keys <= _PLAIN_KEYS:
        return True
    return (
        keys <= _LEAF_KEYS
        and node.get("format", "date") in _FORMATS
        and type(node.get("exclusiveMaximum", 0)) is not bool
        and type(node.get("exclusiveMinimum", 0)) is not bool
    )


def _accepts_null(schema: Mapping[str, Any]) -> bool:
    types = schema.get("type")
    if types == "null" or (isinstance(types, list) and "null" in types):
        return True
    if "const" in schema:
        return schema["const"] is None
    if isinstance(schema.get("enum"), list) and None in schema["enum"]:
        return "type" not in schema
    branches = schema.get("anyOf")
    if isinstance(branches, list):
        for branch in branches:  # (a loop: no generator on the path of every optional union)
            if isinstance(branch, dict) and _accepts_null(branch):
                return True
    return False


_NULL: Final = new_frozen_dict({"type": "null"})
_OR_NULL: Final = {name: new_frozen_list([name, "null"]) for name in _SCALARS}
"""Shared frozen parts of nullable copies (immutable, so every output may hold them)."""
_UNION_KEYS: Final = frozenset({"anyOf", *_ANNOTATIONS})
_NOT_SIMPLE: Final = frozenset({"const", "anyOf", "$ref"})


def _nullable(schema: Any) -> Any:
    """The schema, also accepting null: a type list for scalars, anyOf otherwise."""
    if not isinstance(schema, dict):
        return schema
    types = schema.get("type")
    if type(types) is str and types in _OR_NULL and _NOT_SIMPLE.isdisjoint(schema):
        copy = dict(schema)
        _or_null(copy)
        return new_frozen_dict(copy)
    if _accepts_null(schema):
        return schema
    if isinstance(schema.get("anyOf"), list) and _UNION_KEYS.issuperset(schema):
        return new_frozen_dict({**schema, "anyOf": new_frozen_list([*schema["anyOf"], _NULL])})
    notes: dict[str, Any] = {}
    rest: dict[str, Any] = {}
    for key, value in schema.items():  # (one loop: cheaper than two comprehensions)
        if key in _ANNOTATIONS:
            notes[key] = value
        else:
            rest[key] = value
    return new_frozen_dict({"anyOf": new_frozen_list([new_frozen_dict(rest), _NULL]), **notes})


def _nullable_scalar(schema: Mapping[str, Any], kind: str) -> Any:
    """`_nullable` of a plain scalar (``type`` `kind`, only `_PLAIN_KEYS`): the common case."""
    pair = _OR_NULL.get(kind)
    if pair is None or "const" in schema:
        return _nullable(schema)
    copy = {**schema, "type": pair}  # (`_or_null`, without a second look at the keys)
    if "enum" in schema and isinstance(schema["enum"], list):
        copy["enum"] = new_frozen_list([*schema["enum"], None])
    return new_frozen_dict(copy)


def _or_null(schema: dict[str, Any]) -> bool:
    """Make a simple scalar schema (a dict being built) accept null: ``[t, "null"]``.

    Such a scalar (no ``const``, ``anyOf`` or ``$ref``) never accepts null already;
    an ``enum`` gets null too. Returns False, changing nothing, for any other schema.
    """
    types = schema.get("type")
    pair = _OR_NULL.get(types) if type(types) is str else None
    if pair is None or not _NOT_SIMPLE.isdisjoint(schema):
        return False
    schema["type"] = pair
    if isinstance(schema.get("enum"), list):
        schema["enum"] = new_frozen_list([*schema["enum"], None])
    return True
