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
  extensions, ...) is dropped and reported, as are ``additionalProperties`` and
  ``patternProperties`` on a schema that is not an object. ``enum`` and ``const``
  are kept.
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

The walk itself is `toolbridge.schema._strict_walker`'s (where subschemas are is
`toolbridge._jsonschema._keywords`' table, read through `toolbridge._jsonschema._walk`);
the way back for arguments is in `toolbridge.schema._strict_restore`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Literal, final

from toolbridge._json import FrozenDict, freeze
from toolbridge._limits import check_size
from toolbridge.errors import ConversionError, JsonPath, ToolbridgeError
from toolbridge.schema._malformed import TRIPS, check_types, explain, first_unknown_type
from toolbridge.schema._refs import inlined
from toolbridge.schema._report import LossEntry, Transformed, transformed
from toolbridge.schema._strict_restore import restored
from toolbridge.schema._strict_walker import (
    REFERENCE_KEYS,
    NotStrict,
    PlanNode,
    Refers,
    StrictWalker,
    holds_references,
)

if TYPE_CHECKING:
    from toolbridge.schema._gemini import GeminiPlan

__all__ = [
    "StrictPlan",
    "restore_strict_arguments",
    "strict_copy",
    "strict_schema",
    "to_strict",
]


@final
@dataclass(frozen=True, slots=True, kw_only=True)
class StrictPlan:
    """How to turn arguments made under a strict schema back into the source's meaning."""

    root: PlanNode | None
    """The plan for the arguments object."""
    definitions: Mapping[JsonPath, PlanNode | None] = field(default_factory=dict)
    """Plans of the definitions a kept ``$ref`` may point at, by pointer path."""


_SET_PLAN: Final = (StrictPlan.__dict__["root"].__set__, StrictPlan.__dict__["definitions"].__set__)


def to_strict(
    schema: Mapping[str, Any],
    *,
    tool: str | None = None,
    on_unsupported: Literal["fallback", "keep", "raise"] = "fallback",
    report: bool = True,
) -> Transformed:
    """Rewrite an input schema for OpenAI strict mode (see the module docstring).

    Args:
        schema: The tool's input JSON Schema; never modified.
        tool: The tool's name, for the report entries.
        on_unsupported: What to do with a schema that cannot be strict: return it
            cleaned (``"fallback"``) or as it is (``"keep"``: what a writer sends in
            non-strict mode), with ``strict=False`` and the reasons in the report;
            or raise (``"raise"``).
        report: Make the report and the restore plan. Without, both are left empty
            (for a writer that sends the schema alone), and with ``"keep"`` the walk
            ends at the first reason.

    Returns:
        The frozen schema, the report, whether it is strict, and the restore plan (a
        `StrictPlan`; None without `report`).

    Raises:
        ConversionError: With ``"raise"``, the schema cannot be strict (``path`` says
            where).
        SchemaError: The schema is malformed, or its refs cannot be inlined.
        SchemaTooLargeError: The schema has more than `MAX_SCHEMA_SIZE` JSON values.
    """
    found: list[LossEntry] | None = [] if report else None
    raising, copy = on_unsupported == "raise", on_unsupported == "fallback"
    output, strict, plan = strict_schema(schema, tool, raising, found, copy)
    if found is None:
        return transformed(output, (), strict, None)
    return transformed(
        output, tuple(found), strict, StrictPlan(root=None) if plan is None else plan
    )


def strict_copy(schema: Mapping[str, Any], *, tool: str | None = None) -> Any:
    """The strict copy of `schema`, or None when it cannot be strict.

    What a writer sends: `to_strict`'s schema when it is strict, without a report or
    a plan, and the walk ends at the first reason strict mode is off (the caller
    sends its non-strict schema then, so nothing past that reason is read, and a
    malformed part there raises nothing).

    Raises:
        SchemaError: As `to_strict`, for a part the strict copy needs.
    """
    output, strict, _ = strict_schema(schema, tool, False, None, False)
    return output if strict else None


def strict_schema(
    schema: Any,
    tool: str | None,
    raising: bool,
    report: list[LossEntry] | None,
    fallback_copy: bool = True,
) -> tuple[Any, bool, StrictPlan | None]:
    """`to_strict`'s walk: the frozen schema, whether it is strict, and the restore plan.

    With a `report` list, its entries are added to it and the plan is made; with None
    (the ``to_openai(tool)`` path) neither is. Without `fallback_copy` a schema that
    cannot be strict is not copied past the first reason (a writer sends the source
    then): without a report the walk ends there (`_strict_or_none`); with one it goes
    on for the other reasons, and a malformed part or a reference it cannot inline
    after the first reason ends it too (the source is sent as it is, unread).

    A schema without references is walked once, as it is. The walk stops where it
    meets a ``$ref`` or a definitions block, and the schema is walked again after
    `inline_refs`, as the module docstring says (the report starts with its entries).

    Raises:
        ConversionError: As `to_strict`.
        SchemaError: As `to_strict` (a malformed schema, as `explained` says).
        SchemaTooLargeError: The schema has more than `MAX_SCHEMA_SIZE` JSON values.
    """
    check_size(schema, tool=tool)  # before the copy: the limit every transform shares
    return first_unknown_type(
        schema, tool, lambda: _strict_schema(schema, tool, raising, report, fallback_copy)
    )


def _strict_schema(
    schema: Any,
    tool: str | None,
    raising: bool,
    report: list[LossEntry] | None,
    fallback_copy: bool,
) -> tuple[Any, bool, StrictPlan | None]:
    """`strict_schema`'s walk, its size checked."""
    try:
        source = schema if type(schema) is FrozenDict else freeze(schema)
        if not isinstance(source, dict):
            return _not_an_object(source, tool, raising, report)
        if report is None and not raising and not fallback_copy:
            output = _strict_or_none(source, tool)
            return (source, False, None) if output is None else (output, True, None)
        if not REFERENCE_KEYS.isdisjoint(source):  # definitions at the root: no walk as it is
            return _inlined_walk(source, tool, raising, report, fallback_copy)
        try:
            return _walk(source, tool, raising, report, fallback_copy, True)
        except Refers:
            pass
        except (ToolbridgeError, *TRIPS):
            if not holds_references(source):
                raise  # no reference: the walk after inlining would stop at the same place
        return _inlined_walk(source, tool, raising, report, fallback_copy)
    except TRIPS as error:
        explain(schema, error)


def _strict_or_none(schema: Any, tool: str | None) -> Any:
    """The strict copy of `schema`, or None when it cannot be strict (no report, no plan).

    For a writer that sends the non-strict schema when strict mode is off: the walk
    ends at the first reason (`NotStrict`), and what it did not read raises nothing,
    as the non-strict writer reads no more. References are passed over on the walk
    as it is (a reason outside them is enough) and inlined only when none was found.

    Raises:
        SchemaError: As `to_strict`, for what the walk reads before the first reason,
            or a reference a strict schema needs inlined.
    """
    try:
        source = schema if type(schema) is FrozenDict else freeze(schema)
        if not isinstance(source, dict):
            return None
        walker = StrictWalker(tool, False, False, True, False)
        try:
            output = _walk_with(walker, source, source, True)[0]
            if not walker.refers:
                return output
        except NotStrict:
            if not walker.refers:
                return None
            # A reason met after a reference may be its doing (an allOf part beside a
            # `$ref` is read unmerged): the inlined walk decides, as `_inlined_walk`
            # does, and where it cannot be made, the reason stands.
            try:
                return _strict_inlined(source, tool)
            except (ToolbridgeError, *TRIPS):
                return None
        return _strict_inlined(source, tool)
    except TRIPS as error:
        explain(schema, error)


def _strict_inlined(source: Mapping[str, Any], tool: str | None) -> Any:
    """`_strict_or_none`'s walk of the source with its references inlined."""
    walker = StrictWalker(tool, False, False, False, False)
    try:
        return _walk_with(walker, source, _inlined(source, tool)[0], False)[0]
    except NotStrict:
        return None


def _inlined_walk(
    source: Mapping[str, Any],
    tool: str | None,
    raising: bool,
    report: list[LossEntry] | None,
    copy: bool,
) -> tuple[Any, bool, StrictPlan | None]:
    """The walk after inlining the source's references.

    For a writer that sends the source when strict mode is off (no `copy`, a
    report): a reference that cannot be inlined, or a malformed part met before the
    first reason, stands only when nothing outside the references is a reason;
    otherwise the schema falls back with those reasons, as `_strict_or_none` reads it.
    """
    try:
        return _walk(source, tool, raising, report, copy, False, _inlined(source, tool))
    except (ToolbridgeError, *TRIPS):
        if raising or copy or report is None:
            raise
        reasons = _reasons_outside_references(source, tool)
        if reasons is None:
            raise
        report.extend(reasons)
        return source, False, StrictPlan(root=None)


def _reasons_outside_references(
    source: Mapping[str, Any], tool: str | None
) -> list[LossEntry] | None:
    """The reasons strict mode is off found outside the references, or None for none.

    The walk as it is, passing references over, up to what it cannot read.
    """
    walker = StrictWalker(tool, False, True, True, False)
    walker.lenient = True
    try:
        _walk_with(walker, source, source, True)
    except (ToolbridgeError, *TRIPS):
        pass  # (after the first reason, the walk ends there; before it, no reason is found)
    return None if walker.strict else walker.entries


def _not_an_object(
    source: Any, tool: str | None, raising: bool, report: list[LossEntry] | None
) -> tuple[Any, bool, StrictPlan | None]:
    """`strict_schema` of a schema that is not an object (a boolean, say): never strict."""
    walker = StrictWalker(tool, raising, report is not None, False)
    walker.unsupported((), "type", "the root must be an object schema")
    if report is None:
        return source, False, None
    report.extend(walker.entries or ())
    return source, False, StrictPlan(root=None)


def _walk(
    source: Mapping[str, Any],
    tool: str | None,
    raising: bool,
    report: list[LossEntry] | None,
    copy: bool,
    direct: bool,
    inlined_source: tuple[Any, tuple[LossEntry, ...]] | None = None,
) -> tuple[Any, bool, StrictPlan | None]:
    """One walk of the source: as it is (`direct`), or `inlined_source` (`_inlined`'s).

    Without `copy` (a writer sends the source when strict mode is off), a schema
    that trips after the first reason is not read further, as `_strict_or_none` does.
    """
    walker = StrictWalker(tool, raising, report is not None, direct, copy)
    schema, inlining = (source, ()) if inlined_source is None else inlined_source
    try:
        output, root = _walk_with(walker, source, schema, direct)
    except (ToolbridgeError, *TRIPS):
        if raising or copy or walker.strict:
            raise
        output, root = source, None
    if report is None or walker.entries is None or walker.definitions is None:
        return output, walker.strict, None
    report.extend(inlining)
    report.extend(walker.entries)
    if root is None:
        return output, walker.strict, None
    walker.definitions.setdefault((), root)
    plan: StrictPlan = object.__new__(StrictPlan)  # (its slots set directly, as the walk's nodes)
    set_root, set_definitions = _SET_PLAN
    set_root(plan, root)
    set_definitions(plan, walker.definitions)
    return output, walker.strict, plan


def _walk_with(
    walker: StrictWalker, source: Mapping[str, Any], schema: Any, direct: bool
) -> tuple[Any, PlanNode | None]:
    """`walker`'s copy of `schema` (the source, or it inlined) and its root plan."""
    if source.get("type", "object") != "object" and "properties" not in source:
        walker.unsupported((), "type", "the root must be a plain object schema")
    if direct:  # the source itself, an object at depth 0: `node`'s checks are passed
        output, root = walker.copy(schema, (), 0, True, False)
    else:
        output, root = walker.node(schema, (), 0, True)
    if not walker.building:
        return source, None  # (not a copy: the caller sends the source)
    return output, root


def _inlined(source: Mapping[str, Any], tool: str | None) -> tuple[Any, tuple[LossEntry, ...]]:
    """The source with its refs inlined (recursive ones kept), and that step's report.

    Inlining leaves out the definitions no reference uses: their types are checked
    first, as every writer checks the schemas it sends (`check_types`).
    """
    check_types(source, tool=tool)
    done = inlined(source, tool=tool, keep_recursive=True)
    return done.schema, done.report


def restore_strict_arguments(
    arguments: Mapping[str, Any], plan: StrictPlan | GeminiPlan | Transformed | None
) -> dict[str, Any]:
    """Undo strict mode's optional-to-nullable step on a model's arguments.

    A null given for a property the source schema did not require is removed, so
    that the source's defaults apply later; this happens in nested objects, array
    items and ``anyOf`` branches too (an object branch is recognised by its exact
    set of keys, the first one matching wins). Everything else is returned as it
    was; `arguments` is never modified. `plan` is `to_strict`'s result or its
    ``restore`` plan (typed as any `Transformed.restore`; another transform's plan,
    or None, is refused).

    Raises:
        ConversionError: The arguments nest deeper than `MAX_DEPTH`, or `plan` is not
            a strict writer's.
    """
    restore = plan.restore if isinstance(plan, Transformed) else plan
    if not isinstance(restore, StrictPlan):
        raise ConversionError(
            f"restore_strict_arguments takes to_strict's result or its plan, "
            f"not {type(restore).__name__}"
        )
    value = restored(dict(arguments), restore.root, restore, 0)
    return dict(value)
