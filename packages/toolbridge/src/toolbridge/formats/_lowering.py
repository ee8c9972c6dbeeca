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

from toolbridge._json import FrozenDict, freeze, new_frozen_dict
from toolbridge._jsonschema._walk import Transform, rebuild, rebuilder
from toolbridge._tool import Tool, ToolAnnotations
from toolbridge.errors import JsonPath, SchemaError
from toolbridge.schema import (
    ArgumentPlan,
    LossAction,
    LossEntry,
    Transformed,
    check_type,
    check_types,
    strict_copy,
    to_anthropic_strict,
    to_strict,
)

__all__ = [
    "Lowered",
    "Notes",
    "OnUnsupported",
    "anthropic_strict_schema",
    "complete_for_openai",
    "description_within",
    "fields_not_carried",
    "openai_parameters",
]

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
            entries.append(LossEntry.of(tool.name, (name,), name, LossAction.DROPPED, detail))
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

    Raises:
        SchemaError: A ``type`` names no JSON type (`toolbridge.schema.check_types`).
    """
    entries: list[LossEntry] = []
    return completed(schema, tool, entries), entries


def completed(schema: Mapping[str, Any], tool: str | None, entries: list[LossEntry] | None) -> Any:
    """`complete_for_openai`'s schema; each addition reported in `entries` when given.

    One top-down walk (`toolbridge._jsonschema._walk.rebuild`): a node is completed before the
    subschemas it holds, so the report lists the additions in schema order. The walk
    checks each ``type`` it meets too (a leaf of a known scalar type is not handed
    over: it has none to check); one naming no JSON type is refused where
    `check_types` finds it, as every target refuses it.

    Raises:
        SchemaError: A ``type`` names no JSON type.
    """
    source = schema if type(schema) is FrozenDict else freeze(schema)
    root = source
    if "type" not in source:
        root = new_frozen_dict({"type": "object", **source})
        if entries is not None:
            entries.append(_added(tool, (), "type", '"object"'))
    try:
        if entries is None:  # (``to_openai(tool)``: no report, no paths, no closure)
            done = _COMPLETE(root, (), 0)
        else:
            done = rebuild(root, _completion(tool, entries), top_down=True, scalars=False)
    except SchemaError as error:
        if type(error) is SchemaError:  # a type `_complete` refused: said at its path
            check_types(source, tool=tool)
        raise
    return schema if done is source else done  # nothing was missing: the same object


def _added(tool: str | None, path: JsonPath, keyword: str, value: str) -> LossEntry:
    detail = f"{keyword}: {value} added (OpenAI requires it; the meaning is the same)"
    return LossEntry.of(tool, path, keyword, LossAction.REWRITTEN, detail)


def _complete(node: Any, path: JsonPath) -> Any:
    """The step that adds to one node what OpenAI requires: ``properties``, ``items``.

    It refuses a ``type`` naming no JSON type (`completed` says where).
    """
    types = node.get("type", node)  # (the node itself: no ``type``)
    if types is node:
        return node
    if type(types) is str:
        if types not in _WHOLE:
            check_type(types, path)
            return node  # nothing can be missing: the common case
        declared: Any = (types,)
    else:
        check_type(types, path)
        declared = types
    if "object" in declared and "properties" not in node:
        node = new_frozen_dict(dict(node, properties=_EMPTY))
    if "array" in declared and "items" not in node:
        node = new_frozen_dict(dict(node, items=_EMPTY))
    return node


def _completion(tool: str | None, entries: list[LossEntry]) -> Transform:
    """`_complete`, each addition reported in `entries`."""

    def complete(node: Any, path: JsonPath) -> Any:
        done = _complete(node, path)
        if done is not node:
            for keyword in ("properties", "items"):  # (in the order `_complete` adds them)
                if keyword not in node and keyword in done:
                    entries.append(_added(tool, path, keyword, "{}"))
        return done

    return complete


_COMPLETE: Final = rebuilder(_complete, top_down=True, paths=False, scalars=False)
"""`_complete` over a whole schema, without paths (nothing reported)."""
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

    Raises:
        SchemaError: A ``type`` names no JSON type (`toolbridge.schema.check_types`).
    """
    if not wanted:  # sent as it is: one look at its types (`check_types`)
        check_types(tool.input_schema, tool=tool.name)
        return tool.input_schema, [], False
    schema = tool.input_schema
    converted = _LAST_ANTHROPIC.get(schema, tool.name, on_unsupported)
    if converted is None:
        converted = to_anthropic_strict(schema, tool=tool.name, on_unsupported=on_unsupported)
        _LAST_ANTHROPIC.put(schema, tool.name, on_unsupported, converted)
    if converted.strict:
        return converted.schema, list(converted.report), True
    # Sent as it is: the strict walk may have stopped before a malformed type.
    check_types(schema, tool=tool.name)
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
    if strict and notes is None and on_unsupported != "raise":  # the wire object alone
        output = strict_copy(tool.input_schema, tool=tool.name)
        if output is not None:
            return output, True
    elif strict:
        converted = _strict(tool, on_unsupported, notes is not None)
        if converted.strict:
            if notes is not None:
                notes.report.extend(converted.report)
                notes.plan = converted.restore
            return converted.schema, True
        if report is not None:
            report.extend(entry for entry in converted.report if entry.keyword == "strict")
    return completed(tool.input_schema, tool.name, report), False


def _strict(tool: Tool, on_unsupported: OnUnsupported, report: bool) -> Transformed:
    """`to_strict` of the tool's input schema for `openai_parameters` (shared, see `_Last`)."""
    schema, options = tool.input_schema, (on_unsupported, report)
    converted = _LAST_STRICT.get(schema, tool.name, options)
    if converted is None:
        converted = to_strict(
            schema,
            tool=tool.name,
            on_unsupported="raise" if on_unsupported == "raise" else "keep",
            report=report,
        )
        _LAST_STRICT.put(schema, tool.name, options, converted)
    return converted


@final
class _Last:
    """The last result of one strict transform, for the next writer asking the same.

    OpenAI's two APIs send the same strict schema, and so do Anthropic and Bedrock:
    checking a tool for every target (``toolbridge check --strict``) asks each
    transform twice in a row, the second time for nothing new. A transform is a pure
    function of the schema, the tool's name and its options; the schema is frozen, so
    the same object is the same schema. One entry, the schema held by it (its
    identity stays its own): the memory of one tool's result, whatever is converted.
    """

    __slots__ = ("_entry",)

    def __init__(self) -> None:
        self._entry: tuple[Any, str, object, Transformed] | None = None

    def get(self, schema: Any, tool: str, options: object) -> Transformed | None:
        """The result kept for this schema object, tool name and options, or None."""
        entry = self._entry  # (one read: another thread may put a new entry meanwhile)
        if entry is not None and entry[0] is schema and entry[1] == tool and entry[2] == options:
            return entry[3]
        return None

    def put(self, schema: Any, tool: str, options: object, converted: Transformed) -> None:
        """Keep `converted` as the result for this schema object, tool name and options."""
        self._entry = (schema, tool, options, converted)


_LAST_STRICT: Final = _Last()
"""`to_strict`'s last result, shared by Chat Completions and Responses."""
_LAST_ANTHROPIC: Final = _Last()
"""`to_anthropic_strict`'s last result, shared by Anthropic and Bedrock."""
