"""One entry point for every format: `convert` with its report, `check`, `read_tools`.

`convert` writes tools for a target and returns a `Conversion`: the output (the
same shape as the input: one tool object or a list), the loss report, the name map
and the way back for the arguments a model produces. `check` lists what a target
would reject if the tools were sent as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal, TypeAlias, final, get_args

from toolbridge._call import ToolCall
from toolbridge._json import freeze, new_frozen_dict, new_frozen_list
from toolbridge._jsonschema._meta_schema import meta_problem
from toolbridge._jsonschema._references import dangling_reference
from toolbridge._jsonschema._walk import rebuild
from toolbridge._tool import Tool
from toolbridge.errors import ConversionError, JsonPath, SchemaError, format_path
from toolbridge.formats import _anthropic, _bedrock, _gemini, _mcp, _openai
from toolbridge.formats._engine import (
    Writer,
    check_schema_types,
    check_sizes,
    write_one,
    write_tools,
)
from toolbridge.formats._lowering import Lowered, OnUnsupported
from toolbridge.schema import (
    ArgumentPlan,
    GeminiPlan,
    LossAction,
    LossEntry,
    NameMap,
    StrictPlan,
    check_name,
    check_types,
    names_json_types,
    restore_gemini_arguments,
    restore_strict_arguments,
    unsatisfiable,
)

__all__ = [
    "SOURCES",
    "STRICT_TARGETS",
    "TARGETS",
    "Conversion",
    "Problem",
    "Source",
    "Target",
    "check",
    "convert",
    "read_tools",
    "received_schema",
]

Target: TypeAlias = Literal[
    "canonical",
    "mcp",
    "openai",
    "openai-responses",
    "anthropic",
    "gemini",
    "gemini-openapi",
    "bedrock",
]
"""A format tools are written in; ``gemini`` uses ``parametersJsonSchema``,
``gemini-openapi`` the OpenAPI-subset ``parameters``."""

Source: TypeAlias = Literal[
    "canonical", "mcp", "openai", "openai-responses", "anthropic", "gemini", "bedrock"
]
"""A format tools are read from (``gemini`` reads both schema shapes)."""

TARGETS: Final[tuple[Target, ...]] = get_args(Target)
STRICT_TARGETS: Final[tuple[Target, ...]] = ("openai", "openai-responses", "anthropic", "bedrock")
"""The targets with a strict mode (``strict=True`` is an error for the others)."""
SOURCES: Final[tuple[Source, ...]] = get_args(Source)

_TOOL_FIELDS: Final = frozenset({"title", "output_schema", "annotations"})
_REFERENCES: Final = frozenset({"$defs", "definitions", "$ref"})


def _write_canonical(
    tool: Tool, name: str, strict: bool | None, on_unsupported: OnUnsupported
) -> Lowered:
    if strict:
        raise ConversionError("the canonical format has no strict mode")
    check_schema_types(tool)  # (sent as they are: a type naming no JSON type is refused)
    return Lowered(freeze(tool.to_dict()), (), None, False)


def _write_mcp(
    tool: Tool, name: str, strict: bool | None, on_unsupported: OnUnsupported
) -> Lowered:
    if strict:
        raise ConversionError("MCP tools have no strict mode")
    # Refused when converting; `to_mcp` itself relays a listed tool as it came, so one
    # server's odd schema does not fail a gateway's whole listing.
    check_schema_types(tool)
    return Lowered(_mcp.frozen_wire(tool), (), None, False)


_WRITERS: Final[Mapping[str, Writer]] = {
    "canonical": _write_canonical,
    "mcp": _write_mcp,
    "openai": _openai._write_chat,
    "openai-responses": _openai._write_responses,
    "anthropic": _anthropic._write,
    "gemini": _gemini._write_json,
    "gemini-openapi": _gemini._write_openapi,
    "bedrock": _bedrock._write,
}


def _from_canonical(obj: Any) -> Tool | list[Tool]:
    if isinstance(obj, Mapping):
        if "tools" in obj and "name" not in obj:
            return [_canonical_one(item, ("tools", i)) for i, item in enumerate(obj["tools"])]
        return _canonical_one(obj, ())
    if isinstance(obj, (list, tuple)):
        return [_canonical_one(item, (i,)) for i, item in enumerate(obj)]
    raise ConversionError(
        f"canonical tools come as a JSON object or array, got {type(obj).__name__}"
    )


def _canonical_one(item: Any, path: JsonPath) -> Tool:
    if isinstance(item, Tool):
        return item
    name = item.get("name") if isinstance(item, Mapping) else None
    owner = f"canonical tool {name!r}" if isinstance(name, str) else "canonical tool"
    try:
        return Tool.from_dict(item)
    except (ConversionError, ValueError) as error:
        field = next((key for key in ("input_schema", "output_schema") if key in str(error)), None)
        where = (*path, *((field,) if field else ()), *getattr(error, "path", ()))
        raise ConversionError(f"{owner}: {error}", path=where) from error


_READERS: Final[Mapping[str, Callable[[Any], Tool | list[Tool]]]] = {
    "canonical": _from_canonical,
    "mcp": _mcp.from_mcp,
    "openai": _openai.from_openai,
    "openai-responses": _openai.from_openai_responses,
    "anthropic": _anthropic.from_anthropic,
    "gemini": _gemini.from_gemini,
    "bedrock": _bedrock.from_bedrock,
}


def read_tools(obj: Any, source: Source) -> Tool | list[Tool]:
    """Read tools in a named format: ``from_<source>(obj)``.

    Raises:
        ConversionError: An unknown source, or input that is not that format's tools.
    """
    reader = _READERS.get(source)
    if reader is None:
        raise ConversionError(f"unknown source format {source!r}; known: {', '.join(SOURCES)}")
    return reader(obj)


# -- convert ------------------------------------------------------------------------------


@final
@dataclass(frozen=True, slots=True)
class Conversion:
    """Tools written for a target, what that changed, and the way back for calls."""

    target: Target
    """The format written."""
    output: Any
    """One frozen tool object for one tool, a list of them for several."""
    report: tuple[LossEntry, ...]
    """Every change made, tool by tool, in input order; empty when nothing changed."""
    names: NameMap
    """Original tool names and the names the target is shown."""
    strict: frozenset[str] = frozenset()
    """Original names of the tools sent in strict mode."""
    plans: Mapping[str, ArgumentPlan] = field(default_factory=dict)
    """By original name: how a model's arguments map back to the tool's own schema
    (only tools that need it)."""

    def restore_arguments(self, name: str, arguments: Mapping[str, Any]) -> dict[str, Any]:
        """Arguments a model made for a tool (original name) as its own schema means them.

        Removes the nulls strict mode put in optional properties and maps Gemini's
        string enums and JSON texts back; other arguments are returned as they are.
        Never modifies `arguments`.
        """
        plan = self.plans.get(name)
        if isinstance(plan, StrictPlan):
            return restore_strict_arguments(arguments, plan)
        if isinstance(plan, GeminiPlan):
            return restore_gemini_arguments(arguments, plan)
        return dict(arguments)

    def restore_call(self, call: ToolCall) -> ToolCall:
        """A model's call with the original tool name and normalised arguments.

        Raises:
            ToolNotFoundError: No tool of this conversion is shown under that name.
        """
        name = self.names.original(call.name)
        arguments = self.restore_arguments(name, call.arguments)
        if name == call.name and arguments == call.arguments:
            return call
        return ToolCall(id=call.id, name=name, arguments=arguments, provider=call.provider)


def convert(
    tools: Tool | Iterable[Tool],
    target: Target,
    *,
    strict: bool | None = None,
    on_unsupported: OnUnsupported = "fallback",
) -> Conversion:
    """Write tools for a target, with the report of every change and the way back.

    Args:
        tools: One tool, or an iterable of them.
        target: One of `TARGETS`.
        strict: Ask for strict mode (the `STRICT_TARGETS`); ``None`` keeps what each
            tool's source said. True for a target without strict mode is an error.
        on_unsupported: A schema that cannot be strict falls back to non-strict
            (``"fallback"``, reported with keyword ``"strict"``) or raises.

    Returns:
        The `Conversion`; its ``output`` is what ``to_<target>(tools)`` returns.

    Raises:
        ConversionError: Unknown target, not tools, two tools with one name, strict
            mode the target lacks, or (with ``"raise"``) a schema that cannot be strict.
        SchemaError: A ``type`` names no JSON type (the message names the tool; ``path``
            is where).
    """
    return _converted(tools, target, strict, on_unsupported, True)


def _converted(
    tools: Tool | Iterable[Tool],
    target: Target,
    strict: bool | None,
    on_unsupported: OnUnsupported,
    keep: bool,
) -> Conversion:
    """`convert`; without `keep`, the tools' caches are read and nothing is added (`check`)."""
    writer = _WRITERS.get(target)
    if writer is None:
        raise ConversionError(f"unknown target format {target!r}; known: {', '.join(TARGETS)}")
    if type(tools) is Tool:  # the common call: `write_tools`'s one-tool path, without its steps
        lowered, names = write_one(tools, target, writer, strict, on_unsupported, keep)
        return _one(target, tools.name, lowered, names)
    listed, written, names, single = write_tools(
        tools,
        target,
        writer,
        strict=strict,
        on_unsupported=on_unsupported,
        function="convert",
        keep=keep,
    )
    if single:
        return _one(target, listed[0].name, written[0], names)
    by_name = {tool.name: lowered for tool, lowered in zip(listed, written, strict=True)}
    report: list[LossEntry] = list(names.report) if target != "mcp" else []
    for lowered in written:
        report.extend(lowered.report)
    return _conversion(
        target,
        [lowered.wire for lowered in written],
        tuple(report),
        names,
        frozenset(name for name, lowered in by_name.items() if lowered.strict),
        {name: lowered.plan for name, lowered in by_name.items() if lowered.plan is not None},
    )


def _one(target: Target, name: str, lowered: Lowered, names: NameMap) -> Conversion:
    """`convert`'s `Conversion` of one tool: its parts as they are, no name set to gather."""
    report = lowered.report if target == "mcp" else names.report + lowered.report
    plan = lowered.plan
    return _conversion(
        target,
        lowered.wire,
        report,
        names,
        frozenset((name,)) if lowered.strict else _NONE_STRICT,
        {} if plan is None else {name: plan},
    )


_NONE_STRICT: Final[frozenset[str]] = frozenset()
_SET_CONVERSION: Final = tuple(
    Conversion.__dict__[name].__set__
    for name in ("target", "output", "report", "names", "strict", "plans")
)


def _conversion(
    target: Target,
    output: Any,
    report: tuple[LossEntry, ...],
    names: NameMap,
    strict: frozenset[str],
    plans: dict[str, ArgumentPlan],
) -> Conversion:
    """``Conversion(target=..., ...)`` with its slots set directly.

    The same frozen object; a frozen dataclass's ``__init__`` sets each field through
    ``object.__setattr__``, a cost `convert` pays on every call.
    """
    conversion: Conversion = object.__new__(Conversion)
    set_target, set_output, set_report, set_names, set_strict, set_plans = _SET_CONVERSION
    set_target(conversion, target)
    set_output(conversion, output)
    set_report(conversion, report)
    set_names(conversion, names)
    set_strict(conversion, strict)
    set_plans(conversion, plans)
    return conversion


# -- check --------------------------------------------------------------------------------


@final
@dataclass(frozen=True, slots=True, kw_only=True)
class Problem:
    """One thing a target would reject in a tool sent as it is."""

    tool: str
    """The tool's name."""
    path: JsonPath
    """Where: in the input schema, or a tool field such as ``("name",)``."""
    rule: str
    """Which rule: ``name``, ``description-length``, ``strict`` (cannot be strict),
    ``json-schema`` (not valid JSON Schema 2020-12), ``keyword`` (a keyword or
    shape the target does not accept) or ``unsatisfiable`` (no value can satisfy
    the schema there: see `toolbridge.schema._unsatisfiable`)."""
    keyword: str
    """The keyword or field concerned."""
    detail: str
    """What is wrong, in words."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of ``toolbridge check --json``: the path as a JSON Pointer."""
        return {
            "tool": self.tool,
            "path": format_path(self.path),
            "rule": self.rule,
            "keyword": self.keyword,
            "detail": self.detail,
        }

    def __str__(self) -> str:
        return f"{self.tool}: {format_path(self.path) or '/'} [{self.rule}] {self.detail}"


def _rule(entry: LossEntry) -> str:
    if entry.action is LossAction.RENAMED:
        return "name"
    if entry.action is LossAction.TRUNCATED and entry.keyword == "description":
        return "description-length"
    if entry.keyword == "strict":
        return "strict"
    return "keyword"


def _rejected(entry: LossEntry, target: Target) -> bool:
    """Whether a change `convert` made stands for something the target would reject.

    Not: a tool field the target has no slot for, and references inlined where the
    target takes JSON Schema (local ``$ref`` is accepted; inlining is a convenience).
    Gemini's OpenAPI subset has no ``$ref``, and Gemini's JSON Schema no
    ``definitions``: there, every rewrite is needed.
    """
    if entry.action is LossAction.DROPPED and entry.path[:1] and entry.path[0] in _TOOL_FIELDS:
        return False
    return target in ("gemini", "gemini-openapi") or not (
        entry.action is LossAction.REWRITTEN and entry.keyword in _REFERENCES
    )


def check(
    tools: Tool | Iterable[Tool], target: Target, *, strict: bool = False
) -> tuple[Problem, ...]:
    """What the target would reject if these tools were sent to it unchanged.

    Every change `convert` would have to make to be accepted is a problem (a name
    the target refuses, a description over its limit, a keyword or shape it does
    not take, a schema that cannot be strict when `strict` is asked), and so is a
    schema that is not valid JSON Schema 2020-12 where the target takes JSON
    Schema, and, in every target, a schema no value can satisfy (``unsatisfiable``:
    a ``type`` none of the ``enum``/``const`` values has, a lower bound above its
    upper bound, a required property whose schema is ``false``). Fields the target
    merely has no slot for (``title``, ...) are not.

    The conversions are not kept on the tools (a conversion made before is used):
    checking costs memory for the problems, not for every tool in every target.

    A tool whose input schema has a ``type`` naming no JSON type cannot be converted
    (`convert` raises `SchemaError`): where the target takes JSON Schema, that is
    its ``json-schema`` problem, and its other problems are those of the schema with
    those names left out, as the writers read them before they refused them.

    Raises:
        ConversionError: Unknown target, not tools, or strict mode the target lacks.
        SchemaError: A ``type`` names no JSON type, for ``gemini-openapi`` (not JSON
            Schema) or in an output schema the target is sent.
        SchemaTooLargeError: A tool's schema is larger than `MAX_SCHEMA_SIZE`.
    """
    listed = [tools] if isinstance(tools, Tool) else list(tools)
    for tool in listed:
        if isinstance(tool, Tool):  # (not a tool: left to `convert`, which says what is wrong)
            check_sizes(tool)
    try:
        report = _report(listed, target, strict)
    except SchemaError as error:
        if type(error) is not SchemaError or target == "gemini-openapi":
            raise
        # (a type naming no JSON type: the json-schema problem below says it)
        report = _report([_known_types_only(tool) for tool in listed], target, strict)
    problems = [
        _problem(entry.tool or "", entry.path, _rule(entry), entry.keyword, entry.detail)
        for entry in report
        if _rejected(entry, target)
    ]
    if target == "mcp":
        problems.extend(
            _problem(tool.name, ("name",), "name", "name", reason)
            for tool in listed
            for reason in check_name(tool.name, "mcp")
        )
    if target != "gemini-openapi":
        problems.extend(_meta_schema_problems(listed))
    problems.extend(_unsatisfiable_problems(listed))
    return tuple(problems)


def _report(listed: list[Any], target: Target, strict: bool) -> tuple[LossEntry, ...]:
    """`check`'s conversion report: what `convert` would change (nothing is kept)."""
    one = len(listed) == 1 and type(listed[0]) is Tool
    # (one tool: `convert`'s one-tool path, the same report without the set's steps)
    return _converted(listed[0] if one else listed, target, strict, "fallback", False).report


def _known_types_only(tool: Any) -> Any:
    """The tool with the type names that name no JSON type left out of its input schema.

    A type list keeps its other members; a lone unknown type goes (as a writer that
    copied it read it: a node of no known type). A tool without one is itself.
    """
    if not isinstance(tool, Tool):
        return tool  # (`convert` says what is wrong)
    try:
        check_types(tool.input_schema)
    except SchemaError as error:
        if type(error) is not SchemaError:
            raise
        return tool.replace(input_schema=rebuild(tool.input_schema, _known_type, scalars=False))
    return tool


def _known_type(node: Any, path: JsonPath) -> Any:
    """`_known_types_only`'s step on one node."""
    types = node.get("type", node)
    if types is node or names_json_types(types):
        return node
    if isinstance(types, list):
        kept = new_frozen_list([name for name in types if names_json_types(name)])
        return new_frozen_dict({**node, "type": kept})
    return new_frozen_dict({key: value for key, value in node.items() if key != "type"})


_SET_PROBLEM: Final = tuple(
    Problem.__dict__[name].__set__ for name in ("tool", "path", "rule", "keyword", "detail")
)


def _problem(tool: str, path: JsonPath, rule: str, keyword: str, detail: str) -> Problem:
    """``Problem(tool=..., ...)``, its slots set directly (as `_conversion` does).

    `check` makes one for each problem of each tool in each target.
    """
    problem: Problem = object.__new__(Problem)
    set_tool, set_path, set_rule, set_keyword, set_detail = _SET_PROBLEM
    set_tool(problem, tool)
    set_path(problem, path)
    set_rule(problem, rule)
    set_keyword(problem, keyword)
    set_detail(problem, detail)
    return problem


def _unsatisfiable_problems(tools: list[Tool]) -> list[Problem]:
    """A schema no value can satisfy, in any target: a few cheap rules.

    Each tool's input and output schema (paths in the output start with ``output_schema``);
    the same in every target, so found once a tool (kept in its cache, as `_META`).
    """
    problems: list[Problem] = []
    for tool in tools:
        cache = _cache(tool)
        found = cache.get(_UNSATISFIABLE)
        if found is None:
            found = cache[_UNSATISFIABLE] = tuple(_unsatisfiable_in(tool))
        problems.extend(found)
    return problems


def _unsatisfiable_in(tool: Tool) -> list[Problem]:
    problems: list[Problem] = []
    for prefix, schema in (((), tool.input_schema), (("output_schema",), tool.output_schema)):
        problems.extend(
            Problem(
                tool=tool.name,
                path=(*prefix, *path),
                rule="unsatisfiable",
                keyword=keyword,
                detail=f"no value can satisfy the schema: {detail}",
            )
            for path, keyword, detail in unsatisfiable(schema)
        )
    return problems


def _cache(tool: Any) -> dict[Any, Any]:
    """A tool's conversion cache (`Tool._derived`); a throwaway one for a non-tool."""
    return tool._derived.formats if isinstance(tool, Tool) else {}


_META: Final = ("check", "json-schema")
"""The key of a tool's meta-schema problems in its cache: one look for every target."""
_UNSATISFIABLE: Final = ("check", "unsatisfiable")
"""The key of a tool's unsatisfiable problems in its cache: one look for every target."""


def _meta_schema_problems(tools: list[Tool]) -> list[Problem]:
    """The first meta-schema violation of each tool's input schema (nothing fetched)."""
    problems: list[Problem] = []
    for tool in tools:
        cache = _cache(tool)
        found = cache.get(_META)
        if found is None:
            found = cache[_META] = _meta_schema_problem(tool)
        problems.extend(found)
    return problems


def _meta_schema_problem(tool: Tool) -> tuple[Problem, ...]:
    problem = meta_problem(tool.input_schema)
    if problem is None:
        dangling = dangling_reference(tool.input_schema)
        if dangling is None:
            return ()
        where, reference = dangling
        detail = f"$ref {reference[:200]!r} points at no schema: the target cannot resolve it"
        return (
            Problem(
                tool=tool.name,
                path=(*where, "$ref"),
                rule="json-schema",
                keyword="$ref",
                detail=detail,
            ),
        )
    detail = problem.detail
    if problem.keyword not in ("$schema", ""):
        detail = f"not valid JSON Schema 2020-12: {detail}"
    return (
        Problem(
            tool=tool.name,
            path=problem.path,
            rule="json-schema",
            keyword=problem.keyword,
            detail=detail,
        ),
    )


# -- diff ---------------------------------------------------------------------------------


def received_schema(wire: Mapping[str, Any], target: Target) -> Any:
    """The input schema inside one written tool object (None where it has none)."""
    if target == "openai":
        return wire["function"]["parameters"]
    if target == "openai-responses":
        return wire["parameters"]
    if target in ("anthropic", "canonical"):
        return wire["input_schema"]
    if target == "gemini":
        return wire["parametersJsonSchema"]
    if target == "gemini-openapi":
        return wire.get("parameters")
    if target == "bedrock":
        return wire["toolSpec"]["inputSchema"]["json"]
    return wire["inputSchema"]
