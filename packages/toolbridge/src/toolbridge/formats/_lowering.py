"""The steps a format takes to fit a tool to its target, each one reported.

Pure functions shared by the format modules: the tool-level fields a target has no
slot for, description limits, OpenAI's completeness rules for non-strict schemas,
and the choice between a strict schema and its fallback. A writer gathers the
report and the argument plan in `Notes` when `convert` asks for them; without
(``to_<target>(tool)``) the same steps make the wire object alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeAlias, final

from toolbridge._json import FrozenDict, freeze, new_frozen_dict, new_frozen_list
from toolbridge._tool import Tool, ToolAnnotations
from toolbridge.errors import JsonPath
from toolbridge.schema._anthropic_strict import to_anthropic_strict
from toolbridge.schema._gemini import GeminiPlan
from toolbridge.schema._report import LossAction, LossEntry, new_entry
from toolbridge.schema._strict import StrictPlan, strict_or_none, strict_schema

__all__ = [
    "ArgumentPlan",
    "Lowered",
    "Notes",
    "OnUnsupported",
    "anthropic_strict_schema",
    "complete_for_openai",
    "description_within",
    "fields_not_carried",
    "openai_parameters",
]

ArgumentPlan: TypeAlias = StrictPlan | GeminiPlan
"""How to take a model's arguments back to what the tool's own schema means."""

OnUnsupported: TypeAlias = Literal["fallback", "raise"]
"""What a strict conversion does with a schema that cannot be strict."""


@final
@dataclass(frozen=True, slots=True)
class Lowered:
    """One tool written for one target: the wire object and what it cost."""

    wire: FrozenDict
    """The provider's tool object (frozen; shared by every caller that asks again)."""
    report: tuple[LossEntry, ...]
    """Every change made to fit the target."""
    plan: ArgumentPlan | None
    """The way back for arguments, or None when they mean the same as they are."""
    strict: bool
    """Whether the wire object asks the provider for strict (constrained) arguments."""


@final
class Notes:
    """What a writer gathers beside the wire object when `convert` asks: report and plan."""

    __slots__ = ("plan", "report")

    def __init__(self) -> None:
        self.report: list[LossEntry] = []
        """Every change made to fit the target, in order."""
        self.plan: ArgumentPlan | None = None
        """The way back for arguments, when they need one."""

    def lowered(self, wire: FrozenDict, strict: bool) -> Lowered:
        """The `Lowered` of a write that gathered these notes.

        Made with its slots set directly: a frozen dataclass's ``__init__`` sets each
        field through ``object.__setattr__``, and `convert` makes one per tool.
        """
        lowered: Lowered = _new(Lowered)
        set_wire, set_report, set_plan, set_strict = _SET_LOWERED
        set_wire(lowered, wire)
        set_report(lowered, tuple(self.report))
        set_plan(lowered, self.plan)
        set_strict(lowered, strict)
        return lowered


_new: Final = object.__new__
_SET_LOWERED: Final = tuple(
    Lowered.__dict__[name].__set__ for name in ("wire", "report", "plan", "strict")
)


_SCHEMA_KEYS: Final = (
    "properties",
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
)
_SCHEMA_LISTS: Final = ("anyOf", "oneOf", "allOf", "prefixItems")
_SCHEMA_VALUES: Final = (
    "items",
    "additionalProperties",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "unevaluatedItems",
    "unevaluatedProperties",
    "additionalItems",
)


_NO_ANNOTATIONS: Final = ToolAnnotations()


def fields_not_carried(tool: Tool, carried: frozenset[str], target: str) -> list[LossEntry]:
    """A dropped entry for each stated tool field the target has no slot for.

    `carried` names the `Tool` fields the target keeps among ``title``,
    ``output_schema`` and ``annotations`` (name, description and input schema are
    always carried).
    """
    entries: list[LossEntry] = []
    title, output = tool.title is not None, tool.output_schema is not None
    annotations = tool.annotations != _NO_ANNOTATIONS  # (any hint stated)
    if not (title or output or annotations):  # the common tool: nothing to look up
        return entries
    stated = {"title": title, "output_schema": output, "annotations": annotations}
    for name, is_stated in stated.items():
        if is_stated and name not in carried:
            detail = f"{target} tools have no {name.replace('_', ' ')}"
            entries.append(new_entry(tool.name, (name,), name, LossAction.DROPPED, detail))
    return entries


def description_within(tool: Tool, limit: int | None, target: str) -> tuple[str, list[LossEntry]]:
    """The description cut to the target's limit in characters, with a report entry."""
    text = tool.description
    if limit is None or len(text) <= limit:
        return text, []
    cut = text[: limit - 1].rstrip() + "\u2026"
    entry = LossEntry(
        tool=tool.name,
        path=("description",),
        keyword="description",
        action=LossAction.TRUNCATED,
        detail=f"{len(text)} characters cut to {len(cut)}: {target} accepts at most {limit}",
    )
    return cut, [entry]


def complete_for_openai(
    schema: Mapping[str, Any], tool: str | None
) -> tuple[Mapping[str, Any], list[LossEntry]]:
    """Fill in what OpenAI's function schemas require and JSON Schema leaves implicit.

    The root gets ``type: "object"`` (before the walk, so that it gets ``properties``
    too); an object schema without ``properties`` gets ``properties: {}`` and an
    array schema without ``items`` gets ``items: {}``, beside ``prefixItems`` too
    (``items`` only applies after them, and ``{}`` accepts anything). Each addition
    means what the schema already meant, and each is reported as rewritten. The
    schema is returned unchanged (the same object) when nothing is missing.
    """
    entries: list[LossEntry] = []
    return completed(schema, tool, entries), entries


def completed(schema: Mapping[str, Any], tool: str | None, entries: list[LossEntry] | None) -> Any:
    """`complete_for_openai`'s schema; each addition reported in `entries` when given."""
    source = schema if type(schema) is FrozenDict else freeze(schema)
    root = source
    if "type" not in source:
        root = {"type": "object", **source}
        if entries is not None:
            entries.append(_added(tool, (), "type", '"object"'))
    done = _complete(root, (), tool, entries)
    if done is source:
        return schema  # nothing was missing: the same object
    return new_frozen_dict(done) if type(done) is dict else done


def _added(tool: str | None, path: JsonPath, keyword: str, value: str) -> LossEntry:
    detail = f"{keyword}: {value} added (OpenAI requires it; the meaning is the same)"
    return new_entry(tool, path, keyword, LossAction.REWRITTEN, detail)


def _complete(node: Any, path: JsonPath, tool: str | None, entries: list[LossEntry] | None) -> Any:
    """The (frozen) node with what is missing added: new frozen nodes where it changed."""
    # Schemas here are frozen, so dict and list checks are exact (and fast: no ABCs).
    if not isinstance(node, dict):
        return node
    types = node.get("type")
    if type(types) is str and types not in _WHOLE and _SUBSCHEMA_KEYS.isdisjoint(node):
        return node  # a scalar with nothing below: the common case
    changed: dict[str, Any] | None = None
    if types is not None:
        declared = types if isinstance(types, list) else (types,)
        if "object" in declared and "properties" not in node:
            changed = dict(node, properties=_EMPTY)
            if entries is not None:
                entries.append(_added(tool, path, "properties", "{}"))
        if "array" in declared and "items" not in node:
            changed = dict(changed or node, items=_EMPTY)
            if entries is not None:
                entries.append(_added(tool, path, "items", "{}"))
    for key, value in node.items():
        kind = _SUBSCHEMAS.get(key)
        if kind is None or not isinstance(value, (dict, list)):
            continue
        where = path if entries is None else (*path, key)
        done = _completed_below(kind, key, value, where, tool, entries)
        if done is not value:
            changed = dict(changed or node)
            changed[key] = done
    return node if changed is None else new_frozen_dict(changed)


def _completed_below(
    kind: str,
    key: str,
    value: Any,
    path: JsonPath,
    tool: str | None,
    entries: list[LossEntry] | None,
) -> Any:
    """One keyword's subschemas completed: a map of them, a list, or one value."""
    if kind == "value" and isinstance(value, dict):
        return _complete(value, path, tool, entries)
    if kind == "map" and isinstance(value, dict):
        named: dict[str, Any] | None = None
        for name, sub in value.items():
            types = sub.get("type") if type(sub) is FrozenDict else None
            if type(types) is str and types not in _WHOLE and _SUBSCHEMA_KEYS.isdisjoint(sub):
                continue  # `_complete`'s common case (a scalar), without the call
            done = _complete(sub, path if entries is None else (*path, name), tool, entries)
            if done is not sub:
                named = dict(value) if named is None else named
                named[name] = done
        return value if named is None else new_frozen_dict(named)
    if kind != "map" and isinstance(value, list) and (kind == "list" or key == "items"):
        listed: list[Any] | None = None
        for index, sub in enumerate(value):
            done = _complete(sub, path if entries is None else (*path, index), tool, entries)
            if done is not sub:
                listed = list(value) if listed is None else listed
                listed[index] = done
        return value if listed is None else new_frozen_list(listed)
    return value


_SUBSCHEMAS: Final = (
    dict.fromkeys(_SCHEMA_KEYS, "map")
    | dict.fromkeys(_SCHEMA_LISTS, "list")
    | dict.fromkeys(_SCHEMA_VALUES, "value")
)
"""Keyword -> where its subschemas are: a map of them, a list, or one value."""
_SUBSCHEMA_KEYS: Final = frozenset(_SUBSCHEMAS)
_EMPTY: Final = new_frozen_dict({})
"""``{}``: what a missing ``properties`` or ``items`` gets (frozen, shared)."""
_WHOLE: Final = frozenset({"object", "array"})
"""The types whose schemas may be missing a part (``properties``, ``items``)."""


def anthropic_strict_schema(
    tool: Tool, *, wanted: bool, on_unsupported: OnUnsupported
) -> tuple[Mapping[str, Any], list[LossEntry], bool]:
    """The input schema under Anthropic's strict rules when `wanted` and possible.

    Returns the schema, its report and whether it is strict; a schema that cannot be
    strict comes back as it was, with the reasons (keyword ``"strict"``), or raises
    under ``on_unsupported="raise"``. Bedrock's structured outputs use it too.
    """
    if not wanted:
        return tool.input_schema, [], False
    converted = to_anthropic_strict(
        tool.input_schema, tool=tool.name, on_unsupported=on_unsupported
    )
    if converted.strict:
        return converted.schema, list(converted.report), True
    return tool.input_schema, [e for e in converted.report if e.keyword == "strict"], False


def openai_parameters(
    tool: Tool, strict: bool, on_unsupported: OnUnsupported, notes: Notes | None
) -> tuple[Mapping[str, Any], bool]:
    """The ``parameters`` for OpenAI: strict when asked and possible, else completed.

    Returns the schema and whether it is strict; with `notes`, the report entries
    and (strict only) the restore plan go there. A schema that cannot be strict falls
    back to the source schema made complete for non-strict mode, its report saying
    why strict mode is off (keyword ``"strict"``), or raises under
    ``on_unsupported="raise"``.
    """
    report = None if notes is None else notes.report
    if strict and report is None and on_unsupported == "fallback":  # ``to_openai(tool)``
        output = strict_or_none(tool.input_schema, tool.name)
        if output is not None:
            return output, True
    elif strict:
        found: list[LossEntry] | None = None if notes is None else []
        raising = on_unsupported == "raise"
        output, is_strict, plan = strict_schema(tool.input_schema, tool.name, raising, found, False)
        if is_strict:
            if notes is not None and found is not None:
                notes.report.extend(found)
                notes.plan = plan
            return output, True
        if report is not None and found is not None:
            report.extend(entry for entry in found if entry.keyword == "strict")
    return completed(tool.input_schema, tool.name, report), False
