"""Lower a JSON Schema to Gemini's ``parameters`` (an OpenAPI 3.0 subset), and back.

Gemini's ``FunctionDeclaration.parameters`` is a ``Schema`` object with a fixed set of
fields (google-genai's ``types.Schema``, which forbids any other): ``type``,
``format``, ``title``, ``description``, ``nullable``, ``enum``, ``properties``,
``required``, ``minProperties``/``maxProperties``, ``items``, ``minItems``/``maxItems``,
``minLength``/``maxLength``, ``pattern``, ``minimum``/``maximum``, ``anyOf``,
``default`` and ``example``. `to_gemini_schema` walks the schema once and applies one
named step per difference; every change is reported:

* ``$ref`` / ``$defs``: inlined with `inline_refs` (recursion cut at its bound);
  its report entries are kept.
* ``type``: upper-case names (``OBJECT``, ``STRING``, ...). ``"null"`` in a type list
  or a ``{"type": "null"}`` branch of ``anyOf`` becomes ``nullable: true``; a type
  list with several other types becomes ``anyOf`` (rewritten). A schema of type
  ``null`` alone is a one-value ``STRING`` enum ``["null"]`` mapped back to None.
* ``oneOf`` becomes ``anyOf`` (rewritten: exactly-one becomes at-least-one);
  ``allOf`` is merged into its schema (rewritten).
* ``enum``: Gemini enums are strings. Non-string values become their JSON text
  (``1``, ``true``, ``{"a":1}``) on a ``STRING`` schema, and the plan maps each text
  back to the original value; ``null`` in an enum becomes ``nullable``. ``const`` is a
  one-value enum (rewritten). A declared type other than ``string`` becomes
  ``STRING`` (rewritten, even where no value of the enum had that type).
* Objects need non-empty ``properties``. One without any (a free-form object, a
  map) becomes a ``STRING`` holding the object as JSON text, described as such; the
  plan parses it back. A tool whose root has no properties gets ``schema = None``:
  declare it without ``parameters`` (reported).
* A schema that accepts anything (``{}``, ``true``, a recursion cut) becomes a
  ``STRING`` holding any JSON value as text; the plan parses it back, and keeps the
  text as it is when it does not parse (a string is a JSON value too).
* Arrays without ``items`` get that any-JSON-value string as items (rewritten).
* ``format`` is kept where the Gemini API documents it (``float``/``double`` on
  numbers, ``int32``/``int64`` on integers, ``date-time`` on strings); others are moved
  into the description.
* ``additionalProperties: false`` is dropped (Gemini declares only the listed
  properties); ``exclusiveMinimum``/``exclusiveMaximum``, ``multipleOf``,
  ``uniqueItems``, ``additionalProperties`` schemas, ``patternProperties``,
  ``propertyNames``, ``not``, ``if``/``then``/``else``, ``deprecated`` and every other
  keyword the subset lacks is said in words in the description; ``$schema``, ``$id``,
  ``$comment`` and ``$anchor`` are dropped. ``examples`` becomes ``example`` (the
  first one). ``required`` names no property that is not declared.

The walk is top-down, one step per node (`_Lowerer.lower`), because the step rewrites
subschemas before they are lowered (``allOf`` and a lone ``anyOf`` branch merged into
their node, rules beside ``anyOf`` put into its branches, a type list split) and the
report keeps a node's entries around its subschemas' in schema order. The step lists
the subschemas it keeps (``properties``, ``items``, ``anyOf``) with
`toolbridge._jsonschema._walk.held`, so where they are is the keyword table's; any other keyword
of the table is said in words, whole.

`restore_gemini_arguments` takes arguments the model produced under the lowered
schema back to what the original schema means, following the `GeminiPlan`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, final

from toolbridge._json import FrozenDict, canonical_json, loads, seal, thaw
from toolbridge._jsonschema._keywords import SUBSCHEMA_KEYWORDS
from toolbridge._jsonschema._walk import held
from toolbridge._limits import MAX_SCHEMA_SIZE, check_size, too_large
from toolbridge._validation._issues import json_type
from toolbridge.errors import ConversionError, JsonPath, SchemaError
from toolbridge.schema._malformed import check_types, explained
from toolbridge.schema._refs import inline_refs
from toolbridge.schema._report import LossAction, LossEntry, Transformed

if TYPE_CHECKING:
    from toolbridge.schema._strict import StrictPlan

__all__ = ["GeminiPlan", "restore_gemini_arguments", "to_gemini_schema"]

_TYPES: Final = {
    "object": "OBJECT",
    "array": "ARRAY",
    "string": "STRING",
    "integer": "INTEGER",
    "number": "NUMBER",
    "boolean": "BOOLEAN",
}
_FORMATS: Final = {
    "NUMBER": frozenset({"float", "double"}),
    "INTEGER": frozenset({"int32", "int64"}),
    "STRING": frozenset({"date-time"}),
}
_BY_TYPE: Final = {
    "STRING": ("minLength", "maxLength", "pattern"),
    "INTEGER": ("minimum", "maximum"),
    "NUMBER": ("minimum", "maximum"),
    "ARRAY": ("minItems", "maxItems"),
    "OBJECT": ("minProperties", "maxProperties"),
    "BOOLEAN": (),
}
_ANNOTATIONS: Final = ("title", "description", "default", "examples", "example")
_DROPPED: Final = frozenset({"$schema", "$id", "$comment", "$anchor", "$vocabulary"})
_IN_WORDS: Final = {
    "exclusiveMinimum": "greater than {}",
    "exclusiveMaximum": "less than {}",
    "multipleOf": "a multiple of {}",
    "minimum": "at least {}",
    "maximum": "at most {}",
    "minLength": "at least {} characters",
    "maxLength": "at most {} characters",
    "pattern": "matching the pattern {}",
    "format": "format: {}",
    "minItems": "at least {} items",
    "maxItems": "at most {} items",
    "minProperties": "at least {} properties",
    "maxProperties": "at most {} properties",
}
_ANY_JSON: Final = "any JSON value, written as JSON text"
_OBJECT_JSON: Final = "a JSON object, written as JSON text"


@final
@dataclass(frozen=True, slots=True, kw_only=True)
class GeminiPlan:
    """How to take a value produced under the lowered schema back to the original.

    A tree that follows the value: an empty plan leaves the value as it is.
    """

    values: Mapping[str, Any] = field(default_factory=FrozenDict)
    """Enum texts that stand for a non-string original value, and that value."""
    json: bool = False
    """The value is JSON text standing for an object or any value: parse it."""
    properties: tuple[tuple[str, GeminiPlan], ...] = ()
    """Plans for the properties of an object (only those with something to do)."""
    items: GeminiPlan | None = None
    """The plan for each item of an array."""
    any_of: tuple[tuple[frozenset[str], GeminiPlan], ...] = ()
    """For ``anyOf``: each branch's accepted JSON types (``"str"`` texts are written
    ``"=text"`` when the branch is an enum) and its plan; the first that fits wins."""

    @property
    def is_identity(self) -> bool:
        """True when restoring changes nothing."""
        return not (self.values or self.json or self.properties or self.items or self.any_of)


_IDENTITY: Final = GeminiPlan()


def to_gemini_schema(schema: Mapping[str, Any] | bool, *, tool: str | None = None) -> Transformed:
    """Lower a tool's input schema to Gemini's ``FunctionDeclaration.parameters``.

    Args:
        schema: The JSON Schema of the arguments (an object schema); never modified.
        tool: The tool's name, for the report entries.

    Returns:
        The frozen ``parameters`` (None when the root declares no property), every
        change in the report, and the plan for `restore_gemini_arguments`.

    Raises:
        SchemaError: A ``$ref`` that cannot be inlined (see `inline_refs`), or a
            ``type`` that names no JSON type (`check_types`).
        SchemaTooLargeError: The schema has more than `MAX_SCHEMA_SIZE` JSON values, or
            the lowered one would have more subschemas (keywords beside ``anyOf`` are
            copied into every branch).
        ConversionError: The root is not an object schema.
    """
    check_size(schema, tool=tool)
    return explained(schema, lambda: _lowered(schema, tool))


def _lowered(schema: Mapping[str, Any] | bool, tool: str | None) -> Transformed:
    # Step: a type naming no JSON type is refused, wherever it is (inlining drops the
    # definitions no reference uses; an enum's node becomes STRING whatever its type).
    check_types(schema, tool=tool)
    inlined = inline_refs(schema, tool=tool)
    lowerer = _Lowerer(tool)
    lowered, plan = lowerer.lower(inlined.schema, ())
    report = (*inlined.report, *lowerer.report)
    if lowered.get("type") == "OBJECT":  # (new nodes around parts of the frozen source)
        return Transformed(seal(lowered), report, None, plan)
    if plan.json:  # an object with no properties, or anything at all
        detail = "the root declares no properties: the tool is declared without parameters"
        entry = LossEntry(
            tool=tool,
            path=("properties",),
            keyword="properties",
            action=LossAction.DROPPED,
            detail=detail,
        )
        return Transformed(None, (*inlined.report, entry), None, _IDENTITY)
    raise ConversionError("Gemini parameters must be an object schema")


def restore_gemini_arguments(
    arguments: Mapping[str, Any], plan: GeminiPlan | StrictPlan | Transformed | None
) -> dict[str, Any]:
    """Take arguments produced under a lowered schema back to the original's meaning.

    Enum texts become the numbers, booleans, nulls and objects they stand for, and
    JSON text standing for an object (or any value) is parsed. Text that does not
    parse is left as it is, for validation to report. The input is never modified.

    Args:
        arguments: The arguments the model produced.
        plan: `to_gemini_schema`'s result, or its ``restore`` plan (typed as any
            `Transformed.restore`; another transform's plan is refused).

    Returns:
        A new, plain dict.

    Raises:
        ConversionError: `arguments` is not an object, or `plan` is not a lowering's.
    """
    restore = plan.restore if isinstance(plan, Transformed) else plan
    if not isinstance(restore, GeminiPlan):
        raise ConversionError(
            f"restore_gemini_arguments takes to_gemini_schema's result or its plan, "
            f"not {type(restore).__name__}"
        )
    if not isinstance(arguments, Mapping):
        raise ConversionError(f"arguments must be an object, not {type(arguments).__name__}")
    restored: dict[str, Any] = _restore(arguments, restore)
    return restored


def _restore(value: Any, plan: GeminiPlan) -> Any:
    if plan.is_identity:
        return thaw(value)
    if plan.json and isinstance(value, str):
        try:
            return loads(value)
        except (ValueError, RecursionError):
            return value
    if isinstance(value, str) and value in plan.values:
        return thaw(plan.values[value])
    if plan.any_of:
        for accepted, branch in plan.any_of:
            if _fits(value, accepted):
                return _restore(value, branch)
        return thaw(value)
    if plan.properties and isinstance(value, Mapping):
        inner = dict(plan.properties)
        return {k: _restore(v, inner.get(k, _IDENTITY)) for k, v in value.items()}
    if plan.items is not None and isinstance(value, (list, tuple)):
        return [_restore(item, plan.items) for item in value]
    return thaw(value)


def _fits(value: Any, accepted: frozenset[str]) -> bool:
    kind = json_type(value)
    if kind == "string" and any(a.startswith("=") for a in accepted):
        return f"={value}" in accepted
    return kind in accepted or (kind == "integer" and "number" in accepted)


def _encode(value: Any, plan: GeminiPlan) -> Any:
    """The inverse of `_restore`, for defaults and examples: original → lowered."""
    if plan.json:
        return canonical_json(value)
    if plan.values:
        written = canonical_json(value)
        for text, original in plan.values.items():
            if type(original) is type(value) and canonical_json(original) == written:
                return text
    if plan.properties and isinstance(value, Mapping):
        inner = dict(plan.properties)
        return {k: _encode(v, inner.get(k, _IDENTITY)) for k, v in value.items()}
    if plan.items is not None and isinstance(value, (list, tuple)):
        return [_encode(item, plan.items) for item in value]
    return value


def _mapping(value: Any) -> Mapping[str, Any]:
    """`value` if it is a mapping; else the TypeError ``{**value}`` raises."""
    if not isinstance(value, Mapping):
        raise TypeError(f"{type(value).__name__!r} object is not a mapping")
    return value


def _words(value: Any) -> str:
    return value if isinstance(value, str) else canonical_json(value)


class _Lowerer:
    def __init__(self, tool: str | None) -> None:
        self.tool = tool
        self.report: list[LossEntry] = []
        self.built = 0  # subschemas lowered: copies made for anyOf branches count too

    def note(self, path: JsonPath, keyword: str, action: LossAction, detail: str) -> None:
        self.report.append(
            LossEntry(tool=self.tool, path=path, keyword=keyword, action=action, detail=detail)
        )

    def lower(self, node: Any, path: JsonPath) -> tuple[dict[str, Any], GeminiPlan]:
        """The lowered copy of the subschema at `path`, and its restore plan."""
        self.built += 1
        if self.built > MAX_SCHEMA_SIZE:
            why = "keywords beside anyOf are copied into every branch"
            raise too_large("the lowered schema would have more than", "subschemas", why, self.tool)
        if node is True or node == {}:
            return self.any_json({}, [], path, "accepts any value")
        if node is False:
            self.note(path, "false", LossAction.MOVED_TO_DESCRIPTION, "accepts no value")
            return {"type": "STRING", "description": "(no value is allowed here)"}, _IDENTITY
        if not isinstance(node, Mapping):
            raise SchemaError(
                f"a schema must be an object or a boolean, not {type(node)}", path=path
            )
        rest = dict(node)
        notes: list[str] = []
        # Step: keywords with no place and no meaning for the model.
        for keyword in [k for k in rest if k in _DROPPED]:
            del rest[keyword]
            self.note((*path, keyword), keyword, LossAction.DROPPED, "not part of the subset")
        # Step: allOf is merged into the schema it sits in.
        if isinstance(all_of := rest.pop("allOf", None), list):
            rest = self.merge_all_of(rest, all_of, path)
        # Step: oneOf is anyOf (at least one, not exactly one).
        if isinstance(one_of := rest.pop("oneOf", None), list):
            if "anyOf" in rest:
                notes.append(f"exactly one of: {canonical_json(one_of)}")
                self.note(
                    (*path, "oneOf"), "oneOf", LossAction.MOVED_TO_DESCRIPTION, "beside anyOf"
                )
            else:
                rest["anyOf"] = one_of
                detail = "became anyOf: 'exactly one' is now 'at least one'"
                self.note((*path, "oneOf"), "oneOf", LossAction.REWRITTEN, detail)
        if isinstance(rest.get("anyOf"), list):
            return self.any_of(rest, notes, path)
        return self.typed(rest, notes, path)

    def merge_all_of(
        self, rest: dict[str, Any], branches: list[Any], path: JsonPath
    ) -> dict[str, Any]:
        merged = dict(rest)
        clashes: list[Any] = []
        # Properties and required names gather across the parts and are merged once at
        # the end: merging them part by part copied them each time (quadratic).
        layers: list[Mapping[str, Any]] = []  # properties: the first holder's value wins
        names: dict[Any, None] | None = None  # required: in order, each name once
        for _, branch in held("allOf", branches):
            if not isinstance(branch, Mapping):
                clashes.append(branch)
                continue
            for key, value in branch.items():
                if key not in merged:
                    merged[key] = value
                elif key == "properties" and isinstance(value, Mapping):
                    if not layers:
                        layers.append(_mapping(merged[key]))
                    layers.append(value)
                elif key == "required" and isinstance(value, list):
                    if names is None:
                        names = dict.fromkeys(merged[key])
                    names.update(dict.fromkeys(value))
                elif (key == "properties" and layers) or (key == "required" and names is not None):
                    clashes.append({key: value})  # not a mapping / a list: never equal
                elif key in ("description", "title") or merged[key] == value:
                    continue
                else:
                    clashes.append({key: value})
        if layers:  # as {**newest, **{... {**second, **first}}}: newest first, first wins
            order = dict.fromkeys(name for layer in reversed(layers) for name in layer)
            found: dict[str, Any] = {}
            for layer in layers:
                for name, sub in layer.items():
                    found.setdefault(name, sub)
            merged["properties"] = {name: found[name] for name in order}
        if names is not None:
            merged["required"] = list(names)
        detail = "merged into the schema it sits in"
        if clashes:
            merged["description"] = self.join(
                merged.get("description"), [f"also must match: {canonical_json(clashes)}"]
            )
            detail += "; clashing keywords moved to the description"
        self.note((*path, "allOf"), "allOf", LossAction.REWRITTEN, detail)
        return merged

    def any_of(
        self, rest: dict[str, Any], notes: list[str], path: JsonPath
    ) -> tuple[dict[str, Any], GeminiPlan]:
        branches: list[Any] = rest.pop("anyOf")
        keep = [(i, b) for i, b in held("anyOf", branches) if not _is_null(b)]
        nullable = len(keep) < len(branches)
        rules = [k for k in rest if k not in _ANNOTATIONS and k != "nullable"]
        if rules == ["type"] and isinstance(rest["type"], str):
            # Step: a type beside anyOf applies to each branch that has none.
            kind = rest.pop("type")
            keep = [(i, {"type": kind, **b} if isinstance(b, Mapping) else b) for i, b in keep]
            rules = []
        if (
            rules
            and keep
            and all(isinstance(b, Mapping) and not (b.keys() & set(rules)) for _, b in keep)
        ):
            # Step: rules beside anyOf hold for every branch ("and"): put them in each.
            moved = {key: rest.pop(key) for key in rules}
            keep = [(i, {**b, **_applying(moved, b.get("type"))}) for i, b in keep]
            detail = f"{', '.join(rules)} beside anyOf applied to each branch (same meaning)"
            self.note((*path, "anyOf"), "anyOf", LossAction.REWRITTEN, detail)
            rules = []
        if rules or not keep:
            # anyOf beside other rules (or of nulls only): said in words instead.
            if keep:
                notes.append(f"must also match one of: {canonical_json(branches)}")
                detail = "beside other keywords; said in the description"
                self.note((*path, "anyOf"), "anyOf", LossAction.MOVED_TO_DESCRIPTION, detail)
            else:
                rest["type"] = "null"
            if nullable and keep:
                rest["nullable"] = True
            return self.typed(rest, notes, path)
        if len(keep) == 1:
            index, only = keep[0]
            merged = {**only, **rest} if isinstance(only, Mapping) else rest
            if isinstance(only, Mapping):
                self.keep_branch_annotations(only, rest, merged, (*path, "anyOf", index))
            if nullable:
                merged["nullable"] = True
            return self.lower(
                merged, path if isinstance(only, Mapping) else (*path, "anyOf", index)
            )
        out: dict[str, Any] = {}
        plans: list[tuple[frozenset[str], GeminiPlan]] = []
        lowered_branches: list[dict[str, Any]] = []
        for index, branch in keep:
            lowered, plan = self.lower(branch, (*path, "anyOf", index))
            if nullable:
                lowered["nullable"] = True
            lowered_branches.append(lowered)
            plans.append((_accepts(lowered), plan))
        out["anyOf"] = lowered_branches
        plan = GeminiPlan(any_of=tuple(plans))
        if all(p.is_identity for _, p in plans):
            plan = _IDENTITY
        self.annotations(rest, out, notes, plan, path)
        return out, plan

    def keep_branch_annotations(
        self,
        branch: Mapping[str, Any],
        outer: Mapping[str, Any],
        merged: dict[str, Any],
        path: JsonPath,
    ) -> None:
        """A lone branch merged into its parent: its own description is kept too."""
        for keyword in ("description", "title"):
            inner, around = branch.get(keyword), outer.get(keyword)
            if inner is None or around is None or inner == around:
                continue
            where = (*path, keyword)
            if keyword == "description":
                merged[keyword] = f"{around}\n{inner}"
                detail = "joined to the description around it (the anyOf was merged)"
                self.note(where, keyword, LossAction.REWRITTEN, detail)
            else:
                detail = f"{inner!r} dropped: the title around it ({around!r}) is kept"
                self.note(where, keyword, LossAction.DROPPED, detail)

    def typed(
        self, rest: dict[str, Any], notes: list[str], path: JsonPath
    ) -> tuple[dict[str, Any], GeminiPlan]:
        nullable = rest.pop("nullable", None) is True
        if "const" in rest:
            const = rest.pop("const")
            if "enum" in rest:
                self.note((*path, "enum"), "enum", LossAction.DROPPED, "const beside it wins")
            rest["enum"] = [const]
            self.note((*path, "const"), "const", LossAction.REWRITTEN, "a one-value enum")
        declared = rest.pop("type", None)
        types = [declared] if isinstance(declared, str) else list(declared or [])
        if "null" in types:
            nullable = True
            types = [t for t in types if t != "null"]
            if not types and "enum" not in rest:
                rest["enum"] = [None]
        enum = rest.get("enum")
        if isinstance(enum, list):
            if None in enum:
                nullable = True
            # Gemini enums are strings: any other declared type becomes STRING.
            if declared is not None and set(types) != {"string"}:
                detail = f"type {canonical_json(declared)} became STRING: Gemini enums are strings"
                self.note((*path, "type"), "type", LossAction.REWRITTEN, detail)
            return self.enum(rest, notes, path, nullable)
        if not types:
            types = _infer(rest)
        if len(types) > 1:
            shared: dict[str, Any] = {k: rest.pop(k) for k in _ANNOTATIONS if k in rest}
            detail = f"type list {canonical_json(types)} became anyOf"
            self.note((*path, "type"), "type", LossAction.REWRITTEN, detail)
            return self.any_of(
                {**shared, "anyOf": [{**rest, "type": t} for t in types]}, notes, path
            )
        if not types:
            return self.any_json(rest, notes, path, "accepts any value", nullable=nullable)
        kind = _TYPES.get(types[0])
        if kind is None:
            raise SchemaError(f"unknown type {types[0]!r}", path=(*path, "type"))
        if kind == "OBJECT" and not rest.get("properties"):
            return self.free_object(rest, notes, path, nullable)
        out: dict[str, Any] = {"type": kind}
        plan = _IDENTITY
        if nullable:
            out["nullable"] = True
        if kind == "OBJECT":
            plan = self.object(rest, out, notes, path)
        elif kind == "ARRAY":
            plan = self.array(rest, out, notes, path)
        self.bounds(kind, rest, out, notes, path)
        self.annotations(rest, out, notes, plan, path)
        return out, plan

    def object(
        self, rest: dict[str, Any], out: dict[str, Any], notes: list[str], path: JsonPath
    ) -> GeminiPlan:
        properties: dict[str, Any] = {}
        plans: list[tuple[str, GeminiPlan]] = []
        for name, sub in held("properties", _mapping(rest.pop("properties"))):
            properties[name], plan = self.lower(sub, (*path, "properties", name))
            if not plan.is_identity:
                plans.append((name, plan))
        out["properties"] = properties
        required = rest.pop("required", None)
        if isinstance(required, list):
            known = [name for name in required if name in properties]
            if known:
                out["required"] = list(dict.fromkeys(known))
            if len(known) < len(required):
                detail = "names no declared property: " + ", ".join(
                    str(n) for n in required if n not in properties
                )
                self.note((*path, "required"), "required", LossAction.DROPPED, detail)
        extra = rest.pop("additionalProperties", None)
        if extra is False:
            detail = "Gemini declares only the listed properties"
            self.note(
                (*path, "additionalProperties"), "additionalProperties", LossAction.DROPPED, detail
            )
        elif extra is not None:
            notes.append(f"other properties: {_words(extra)}")
            self.note(
                (*path, "additionalProperties"),
                "additionalProperties",
                LossAction.MOVED_TO_DESCRIPTION,
                "said in words",
            )
        return GeminiPlan(properties=tuple(plans)) if plans else _IDENTITY

    def array(
        self, rest: dict[str, Any], out: dict[str, Any], notes: list[str], path: JsonPath
    ) -> GeminiPlan:
        items = rest.pop("items", None)
        if isinstance(items, list):  # draft-04 tuple form
            rest["prefixItems"] = items
            items = None
        if items is None:
            detail = "no item schema: items are any JSON value, written as JSON text"
            self.note((*path, "items"), "items", LossAction.REWRITTEN, detail)
            items = True
        out["items"], plan = self.lower(items, (*path, "items"))
        if rest.pop("uniqueItems", False) is True:
            notes.append("items must be unique")
            self.note(
                (*path, "uniqueItems"),
                "uniqueItems",
                LossAction.MOVED_TO_DESCRIPTION,
                "said in words",
            )
        return _IDENTITY if plan.is_identity else GeminiPlan(items=plan)

    def bounds(
        self, kind: str, rest: dict[str, Any], out: dict[str, Any], notes: list[str], path: JsonPath
    ) -> None:
        # Step: draft-04 boolean exclusive bounds make minimum/maximum exclusive.
        for bound, flag in (("minimum", "exclusiveMinimum"), ("maximum", "exclusiveMaximum")):
            if isinstance(rest.get(flag), bool):
                if rest.pop(flag) and bound in rest:
                    rest[flag] = rest.pop(bound)
                    detail = f"exclusive by the draft-04 {flag}: said in words"
                    self.note((*path, bound), bound, LossAction.MOVED_TO_DESCRIPTION, detail)
                else:
                    self.note((*path, flag), flag, LossAction.DROPPED, "no effect")
        for keyword in _BY_TYPE[kind]:
            if keyword in rest:
                out[keyword] = rest.pop(keyword)
        if "format" in rest:
            fmt = rest.pop("format")
            if fmt in _FORMATS.get(kind, ()):
                out["format"] = fmt
            else:
                notes.append(f"format: {_words(fmt)}")
                detail = f"{fmt!r} is not a Gemini format for {kind}"
                self.note((*path, "format"), "format", LossAction.MOVED_TO_DESCRIPTION, detail)

    def enum(
        self, rest: dict[str, Any], notes: list[str], path: JsonPath, nullable: bool
    ) -> tuple[dict[str, Any], GeminiPlan]:
        values = [v for v in rest.pop("enum") if v is not None] or [None]
        texts: dict[str, None] = {}  # an ordered set: a list's `in` made this quadratic
        mapping: dict[str, Any] = {}
        for value in values:
            text = value if isinstance(value, str) else canonical_json(value)
            if text in texts:  # "1" beside 1: tell them apart
                text = f"{text} ({json_type(value)})"
            texts.setdefault(text)
            if text != value:
                mapping[text] = value
        listed = list(texts)
        out: dict[str, Any] = {"type": "STRING", "enum": listed}
        if nullable:
            out["nullable"] = True
        if mapping:
            detail = "non-string values became their JSON text, mapped back: " + ", ".join(
                listed[:10]
            )
            self.note((*path, "enum"), "enum", LossAction.REWRITTEN, detail)
        plan = GeminiPlan(values=FrozenDict(mapping)) if mapping else _IDENTITY
        self.annotations(rest, out, notes, plan, path)
        return out, plan

    def free_object(
        self, rest: dict[str, Any], notes: list[str], path: JsonPath, nullable: bool
    ) -> tuple[dict[str, Any], GeminiPlan]:
        rest.pop("properties", None)
        if rest.get("additionalProperties") is False:
            rest.pop("additionalProperties")
            notes.append("must be the empty object {}")
            self.note(
                (*path, "additionalProperties"),
                "additionalProperties",
                LossAction.MOVED_TO_DESCRIPTION,
                "said in words",
            )
        why = "an object with no declared properties"
        return self.json_text(rest, notes, path, why, _OBJECT_JSON, nullable=nullable)

    def any_json(
        self,
        rest: dict[str, Any],
        notes: list[str],
        path: JsonPath,
        why: str,
        *,
        nullable: bool = False,
    ) -> tuple[dict[str, Any], GeminiPlan]:
        return self.json_text(rest, notes, path, why, _ANY_JSON, nullable=nullable)

    def json_text(
        self,
        rest: dict[str, Any],
        notes: list[str],
        path: JsonPath,
        why: str,
        note: str,
        *,
        nullable: bool,
    ) -> tuple[dict[str, Any], GeminiPlan]:
        """A STRING holding the value as JSON text, parsed back by the plan."""
        self.note((*path, "type"), "type", LossAction.REWRITTEN, f"{why}: a STRING of JSON text")
        out: dict[str, Any] = {"type": "STRING"}
        if nullable:
            out["nullable"] = True
        notes.insert(0, note)
        plan = GeminiPlan(json=True)
        self.annotations(rest, out, notes, plan, path)
        return out, plan

    def annotations(
        self,
        rest: dict[str, Any],
        out: dict[str, Any],
        notes: list[str],
        plan: GeminiPlan,
        path: JsonPath,
    ) -> None:
        """Copy the annotations and say every keyword still left in the description."""
        if isinstance(title := rest.pop("title", None), str):
            out["title"] = title
        for keyword in ("default", "example"):
            if keyword in rest:
                out[keyword] = _encode(rest.pop(keyword), plan)
        if isinstance(examples := rest.pop("examples", None), list) and examples:
            if "example" not in out:
                out["example"] = _encode(examples[0], plan)
            detail = "became example" + (" (the first of them)" if len(examples) > 1 else "")
            self.note((*path, "examples"), "examples", LossAction.REWRITTEN, detail)
        description = rest.pop("description", None)
        for keyword, value in rest.items():
            if keyword == "deprecated" and value is True:
                notes.append("deprecated")
            elif keyword in _IN_WORDS:
                notes.append(_IN_WORDS[keyword].format(_words(value)))
            elif keyword in SUBSCHEMA_KEYWORDS:
                # Step: subschemas with no place here (any keyword of the table but
                # properties, items and anyOf where their steps keep them) are said whole.
                notes.append(f"{keyword}: {_words(value)}")
            else:
                notes.append(f"{keyword}: {_words(value)}")
            detail = "said in words: not part of the subset"
            self.note((*path, keyword), keyword, LossAction.MOVED_TO_DESCRIPTION, detail)
        text = self.join(description, notes)
        if text is not None:
            out["description"] = text

    @staticmethod
    def join(description: Any, notes: Iterable[str]) -> str | None:
        parts = [description] if isinstance(description, str) and description else []
        extra = "; ".join(notes)
        if extra:
            parts.append(f"({extra})" if parts else extra)
        return "\n".join(parts) if parts else None


_APPLIES_TO: Final = {
    **dict.fromkeys(
        ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"),
        frozenset({"number", "integer"}),
    ),
    **dict.fromkeys(("minLength", "maxLength", "pattern", "format"), frozenset({"string"})),
    **dict.fromkeys(
        ("items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"),
        frozenset({"array"}),
    ),
    **dict.fromkeys(
        ("properties", "required", "additionalProperties", "minProperties", "maxProperties"),
        frozenset({"object"}),
    ),
}
"""Keywords that constrain values of some JSON types only, and those types."""


def _applying(rules: Mapping[str, Any], kind: Any) -> dict[str, Any]:
    """The rules that can constrain a branch of type `kind` (all of them if untyped)."""
    if not isinstance(kind, str):
        return dict(rules)
    return {k: v for k, v in rules.items() if kind in _APPLIES_TO.get(k, (kind,))}


def _is_null(branch: Any) -> bool:
    return isinstance(branch, Mapping) and (
        branch.get("type") == "null" and not (branch.keys() - {"type", *_ANNOTATIONS})
    )


def _infer(rest: Mapping[str, Any]) -> list[str]:
    """The type an untyped schema's keywords imply, if any."""
    if {"properties", "required", "additionalProperties"} & rest.keys():
        return ["object"]
    if {"items", "prefixItems", "minItems", "maxItems"} & rest.keys():
        return ["array"]
    if {"minLength", "maxLength", "pattern"} & rest.keys():
        return ["string"]
    if {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} & rest.keys():
        return ["number"]
    return []


def _accepts(lowered: Mapping[str, Any]) -> frozenset[str]:
    """The JSON types (and enum texts) a lowered branch lets through, for `_fits`."""
    kinds = {"null"} if lowered.get("nullable") else set()
    kind = lowered.get("type")
    if kind == "STRING" and "enum" in lowered:
        return frozenset(kinds | {f"={text}" for text in lowered["enum"]})
    if kind is None:
        return frozenset(kinds | {"null", "boolean", "integer", "number", "string", "array"})
    kinds.add(kind.lower())
    return frozenset(kinds)
