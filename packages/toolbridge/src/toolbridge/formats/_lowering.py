"""The steps a format takes to fit a tool to its target, each one reported.

Pure functions shared by the format modules: the tool-level fields a target has no
slot for, description limits, OpenAI's completeness rules for non-strict schemas,
and the choice between a strict schema and its fallback.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeAlias, final

from toolbridge._json import FrozenDict, freeze
from toolbridge._tool import Tool
from toolbridge.errors import JsonPath
from toolbridge.schema._anthropic_strict import to_anthropic_strict
from toolbridge.schema._gemini import GeminiPlan
from toolbridge.schema._report import LossAction, LossEntry
from toolbridge.schema._strict import StrictPlan, to_strict

__all__ = [
    "ArgumentPlan",
    "Lowered",
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


def fields_not_carried(tool: Tool, carried: frozenset[str], target: str) -> list[LossEntry]:
    """A dropped entry for each stated tool field the target has no slot for.

    `carried` names the `Tool` fields the target keeps among ``title``,
    ``output_schema`` and ``annotations`` (name, description and input schema are
    always carried).
    """
    entries = []
    stated = {
        "title": tool.title is not None,
        "output_schema": tool.output_schema is not None,
        "annotations": bool(tool.annotations.to_dict()),
    }
    for name, is_stated in stated.items():
        if is_stated and name not in carried:
            entries.append(
                LossEntry(
                    tool=tool.name,
                    path=(name,),
                    keyword=name,
                    action=LossAction.DROPPED,
                    detail=f"{target} tools have no {name.replace('_', ' ')}",
                )
            )
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
    root = schema
    if "type" not in schema:
        root = {"type": "object", **schema}
        entries.append(_added(tool, (), "type", '"object"'))
    completed = _complete(root, (), tool, entries)
    return (schema if not entries else freeze(completed)), entries


def _added(tool: str | None, path: JsonPath, keyword: str, value: str) -> LossEntry:
    return LossEntry(
        tool=tool,
        path=path,
        keyword=keyword,
        action=LossAction.REWRITTEN,
        detail=f"{keyword}: {value} added (OpenAI requires it; the meaning is the same)",
    )


def _complete(node: Any, path: JsonPath, tool: str | None, entries: list[LossEntry]) -> Any:
    # Schemas here are frozen, so dict and list checks are exact (and fast: no ABCs).
    if not isinstance(node, dict):
        return node
    changed: dict[str, Any] | None = None
    types = node.get("type")
    if types is not None:
        declared = types if isinstance(types, list) else (types,)
        if "object" in declared and "properties" not in node:
            changed = dict(node, properties={})
            entries.append(_added(tool, path, "properties", "{}"))
        if "array" in declared and "items" not in node:
            changed = dict(changed or node, items={})
            entries.append(_added(tool, path, "items", "{}"))
    for key, value in node.items():
        kind = _SUBSCHEMAS.get(key)
        if kind is None:
            continue
        done: Any = value
        if kind == "map" and isinstance(value, dict):
            children = {
                name: _complete(s, (*path, key, name), tool, entries) for name, s in value.items()
            }
            if any(children[name] is not value[name] for name in children):
                done = children
        elif kind != "map" and isinstance(value, list) and (kind == "list" or key == "items"):
            items = [_complete(s, (*path, key, i), tool, entries) for i, s in enumerate(value)]
            if any(new is not old for new, old in zip(items, value, strict=True)):
                done = items
        elif kind == "value" and isinstance(value, dict):
            done = _complete(value, (*path, key), tool, entries)
        if done is not value:
            changed = dict(changed or node)
            changed[key] = done
    return node if changed is None else changed


_SUBSCHEMAS: Final = (
    dict.fromkeys(_SCHEMA_KEYS, "map")
    | dict.fromkeys(_SCHEMA_LISTS, "list")
    | dict.fromkeys(_SCHEMA_VALUES, "value")
)
"""Keyword -> where its subschemas are: a map of them, a list, or one value."""


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
    tool: Tool, *, strict: bool, on_unsupported: OnUnsupported
) -> tuple[Mapping[str, Any], list[LossEntry], StrictPlan | None, bool]:
    """The ``parameters`` for OpenAI: strict when asked and possible, else completed.

    Returns:
        The schema, the report, the restore plan (strict only) and whether the
        schema is strict. A schema that cannot be strict falls back to the source
        schema made complete for non-strict mode, its report saying why strict mode
        is off (keyword ``"strict"``), or raises under ``on_unsupported="raise"``.
    """
    if strict:
        converted = to_strict(tool.input_schema, tool=tool.name, on_unsupported=on_unsupported)
        if converted.strict:
            return converted.schema, list(converted.report), converted.restore, True
        reasons = [entry for entry in converted.report if entry.keyword == "strict"]
        schema, entries = complete_for_openai(tool.input_schema, tool.name)
        return schema, [*reasons, *entries], None, False
    schema, entries = complete_for_openai(tool.input_schema, tool.name)
    return schema, entries, None, False
