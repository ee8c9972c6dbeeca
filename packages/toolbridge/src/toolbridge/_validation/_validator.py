"""Argument validation: one compiled JSON Schema validator per schema, every call route.

Validation runs on jsonschema-rs (a complete, compiled JSON Schema implementation,
drafts 4 to 2020-12); this module adds what a tool call needs on top of it:
issues with JSON paths and kinds written for a model to correct itself, defaults
filled in (also nested, never in the caller's object), and bounds that keep hostile
input from crashing the process. Nothing is ever fetched: a ``$ref`` to a network or
file URI is refused, unless that URI was handed over in ``resources``.

The valid path is kept to one call into jsonschema-rs plus what the schema needs:
no walk of the value when the schema bounds its depth itself (every object and array
closed down to scalars); otherwise a compiled depth guard runs first, in Rust, so that
no value nesting deeper than `MAX_DEPTH` is ever accepted. No defaults walk unless
the schema declares defaults below its top level. Everything else (finding non-JSON
values, building messages, capping them) happens only once a value has failed.

Bounded for any schema: the size limits every transform shares (`toolbridge._limits`:
JSON values, pattern length) are checked before anything is compiled; one whose
references unfold, followed where they are used, to more than `MAX_SCHEMA_SIZE`
subschemas is refused (`SchemaTooLargeError`); where listing the issues would cost
more than a budget (``anyOf`` / ``oneOf`` keep every branch's errors, nested), each
failing ``anyOf`` / ``oneOf`` is one issue, without its branches' reasons
(`toolbridge._jsonschema._unfolding`); and since each error holds a copy of the part of the value
it is about, a value too heavy for the schema gets its first issue alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal, TypeAlias, final

from toolbridge._json import MAX_DEPTH, describe_path, freeze, loads, thaw
from toolbridge._jsonschema._meta_schema import unknown_dialect
from toolbridge._jsonschema._references import (
    ResourceRetriever,
    references,
    resolve,
    unbounded_depth,
)
from toolbridge._jsonschema._unfolding import (
    Unfolding,
    depth_closed,
    has_references,
    reasonless,
    unfold,
)
from toolbridge._limits import (
    MAX_PATTERN_SIZE,
    MAX_SCHEMA_SIZE,
    check_patterns,
    check_size,
    too_large,
)
from toolbridge._validation import _defaults, _issues
from toolbridge.errors import (
    JsonPath,
    RemoteReferenceError,
    SchemaError,
    SchemaTooDeepError,
    SchemaTooLargeError,
)

if TYPE_CHECKING:
    import jsonschema_rs

__all__ = [
    "MAX_ISSUES",
    "Invalid",
    "IssueKind",
    "Valid",
    "ValidationIssue",
    "ValidationResult",
    "Validator",
]

MAX_ISSUES: Final = 50
"""At most this many issues are reported for one value; a last one says how many more."""


class IssueKind(StrEnum):
    """What kind of rule a value broke."""

    REQUIRED = "required"
    """A required property is missing."""
    TYPE = "type"
    """The value has the wrong JSON type."""
    ENUM = "enum"
    """The value is not one of the allowed values."""
    CONST = "const"
    """The value is not the one allowed value."""
    CONSTRAINT = "constraint"
    """A bound or shape rule: minimum, maxLength, pattern, uniqueItems, multipleOf, ..."""
    FORMAT = "format"
    """The string does not have the declared format (when formats are checked)."""
    ADDITIONAL_PROPERTY = "additional_property"
    """A property the schema does not allow."""
    COMPOSITION = "composition"
    """The value matches none, or more than one, of the allowed shapes (anyOf, oneOf, not)."""
    NOT_JSON = "not_json"
    """The value is not JSON: unparseable text, or a Python object with no JSON form."""
    TOO_DEEP = "too_deep"
    """The value nests deeper than the supported bound."""
    TOO_MANY = "too_many"
    """More issues were found than are reported."""


@final
@dataclass(frozen=True, slots=True)
class ValidationIssue:
    """One problem with a value, where it is and what would fix it."""

    path: JsonPath
    """Where in the value, from its root: ``("tags", 0)``. A missing property's path
    ends with its name."""
    kind: IssueKind
    """What kind of rule was broken."""
    message: str
    """What is wrong, written for a model to correct itself."""
    schema_path: JsonPath = ()
    """The schema keyword that failed, from the schema's root."""

    def __str__(self) -> str:
        return f"{describe_path(self.path)}: {self.message}"


@final
@dataclass(frozen=True, slots=True)
class Valid:
    """Validation succeeded; `value` holds the normalised value (defaults filled in)."""

    value: Any
    """The normalised value: the input itself, or a copy with defaults added. Only
    containers on the way to an added default are copied (and the top-level object
    whenever its schema declares defaults); the rest is shared with the input."""
    ok: ClassVar[Literal[True]] = True
    issues: ClassVar[tuple[ValidationIssue, ...]] = ()

    @property
    def arguments(self) -> dict[str, Any]:
        """The normalised value, for tool arguments (always an object there)."""
        value: dict[str, Any] = self.value
        return value


@final
@dataclass(frozen=True, slots=True)
class Invalid:
    """Validation failed; `issues` says every way in which, with paths."""

    issues: tuple[ValidationIssue, ...]
    """Every problem found (at most `MAX_ISSUES`, then one of kind ``too_many``)."""
    ok: ClassVar[Literal[False]] = False

    def __str__(self) -> str:
        return "; ".join(str(issue) for issue in self.issues)


ValidationResult: TypeAlias = Valid | Invalid
"""`Valid` or `Invalid`; both have ``ok``."""


_new = object.__new__
_set_value: Callable[[Valid, Any], None] = Valid.__dict__["value"].__set__
"""Builds a `Valid` without the frozen dataclass's ``__init__`` (the hot path)."""

_LISTING_BUDGET: Final = 2_000
"""Values with more parts than this get their first issue only: jsonschema-rs takes
about 10 µs per error to list them all, and a huge wrong array has one per item."""

_BACKTRACK_LIMIT: Final = 1_000_000
"""Steps a pattern with lookaround or backreferences may take on one string."""

_REASONS_BUDGET: Final = 100_000
"""Listing a value's issues keeps each failing anyOf / oneOf's branch errors only while
the subschemas inside branches times the weight of the value stay within this (about
10 µs each at worst): beyond it, each is one issue without its branches' reasons."""

_CHARS_PER_PART: Final = 10
"""A value's weight: its parts, and one more for each this many characters of text
(each error copies the part of the value it is about: a 1 MB string weighs 100,000)."""

_ERRORS_BUDGET: Final = 50_000
"""Every issue is listed only while the errors listing may make stay within this
(about 15 µs each): the errors one place of a value can raise (its schema's rules,
`toolbridge._limits.check_patterns`: 40,000 required names are 40,000 errors) times
the value's parts. Beyond it (or `_LISTING_COST`), the first issue alone."""

_LISTING_COST: Final = 2_000_000
"""Every issue is listed only while what the errors copy stays within this: each
copies the part of the value it is about (up to the whole value's text, counted in
`_CHARS_PER_PART` characters, for each rule) and the ``enum`` / ``const`` it broke
(its JSON values, for each part of the value)."""


@final
class Validator:
    """A compiled validator for one JSON Schema; reusable and thread-safe.

    Values are read the way jsonschema-rs reads them: dicts (and subclasses), lists,
    tuples, strings, numbers, booleans, None and str / int enums are checked as they
    are, and passed on as they are. Anything else it cannot read (a ``str``
    subclass, a ``Mapping`` that is not a dict) is converted to plain JSON first and
    the plain copy is passed on; a value with no JSON form (a set, a datetime, NaN,
    a non-string key, ...) is `Invalid` with kind ``not_json`` and its path. The valid
    path trusts jsonschema-rs: a part of the value that no keyword looks at (the
    items of ``{"type": "array"}``) is not inspected, and is handed on as it is.

    Args:
        schema: The schema. ``$schema`` picks the draft (4, 6, 7, 2019-09, 2020-12);
            without it, 2020-12.
        resources: Schemas that ``$ref`` may point at by absolute URI, instead of
            fetching them (which never happens).
        validate_formats: Check ``format`` (``email``, ``date-time``, ...) instead of
            treating it as an annotation, which is the default in 2020-12.

    Raises:
        SchemaError: The schema is malformed; the message and ``path`` say where.
        RemoteReferenceError: A ``$ref`` (or ``$schema``) to a URI that is not in
            `resources`.
        SchemaTooDeepError: The schema nests deeper than the supported bound.
        SchemaTooLargeError: It (or a schema in `resources`) has more than
            `MAX_SCHEMA_SIZE` JSON values or a pattern longer than `MAX_PATTERN_LENGTH`,
            or its references, followed where they are used, unfold it to more than
            `MAX_SCHEMA_SIZE` subschemas.
    """

    __slots__ = (
        "_check",
        "_check_arguments",
        "_compiled",
        "_complete_size",
        "_defaults",
        "_formats",
        "_guard",
        "_is_valid",
        "_linear",
        "_payload",
        "_reasonless",
        "_resources",
        "_rules",
        "_top_defaults",
        "_unfolding",
        "schema",
    )

    def __init__(
        self,
        schema: Mapping[str, Any] | bool,
        *,
        resources: Mapping[str, Any] | None = None,
        validate_formats: bool = False,
    ) -> None:
        found_rules = [_within_limits(found) for found in (schema, *(resources or {}).values())]
        self._rules = sum(rules for rules, _ in found_rules)
        self._payload = sum(payload for _, payload in found_rules)
        self.schema: Any = schema if isinstance(schema, bool) else freeze(schema)
        frozen = {uri: _freeze_schema(found) for uri, found in (resources or {}).items()}
        self._compiled, linear = _compile(self.schema, frozen, validate_formats)
        self._resources, self._formats, self._linear = frozen, validate_formats, linear
        self._unfolding: Unfolding | None = None
        self._reasonless: jsonschema_rs.Validator | None = None
        if has_references(self.schema):  # unfolded where used: refuse an exponential one
            self._unfolding = found = unfold(self.schema, frozen.values())
            if found.unfolded > max(found.written, MAX_SCHEMA_SIZE):
                what = "its references, followed where they are used, unfold it to more than"
                raise too_large(what, "subschemas", "", None)
        self._is_valid = self._compiled.is_valid
        bounded = depth_closed(self.schema) and not unbounded_depth(self.schema)
        self._guard = None if bounded else _depth_guard()
        plan = _defaults.plan(
            self.schema, lambda: _compile_map(self.schema, frozen, validate_formats, linear)
        )
        self._top_defaults = None if plan is None else plan.top
        self._complete_size = -1 if plan is None else plan.complete_size
        self._defaults = None if self._top_defaults is not None else plan
        self._check = self._hot_path()
        self._check_arguments = self._hot_path(arguments=True)

    def _hot_path(self, *, arguments: bool = False) -> Callable[[Any], ValidationResult]:
        """The check every call makes, as one flat function over local variables.

        Every step here counts against the bench's target (within 1.5x of bare
        jsonschema-rs), so nothing is looked up per call that can be bound now.
        """
        guard = self._guard
        is_valid = self._is_valid
        top = self._top_defaults
        complete_size = self._complete_size
        plan = self._defaults
        unreadable = self._unreadable
        invalid = self._invalid
        other_arguments = self._other_arguments

        def check(value: Any) -> ValidationResult:
            if arguments and value.__class__ is not dict:
                return other_arguments(value)
            try:
                if (guard is None or guard(value)) and is_valid(value):
                    result = _new(Valid)
                    if top is not None and isinstance(value, dict):
                        _set_value(result, value if len(value) == complete_size else top | value)
                    else:
                        _set_value(result, value if plan is None else plan.apply(value))
                    return result
            except ValueError:  # jsonschema-rs cannot read it: a str subclass, a set, ...
                return unreadable(value)
            return invalid(value)

        # The two shapes nearly every tool has, without the branches they do not need:
        # arguments as a plain dict, no unbounded recursion, defaults (if any) at the top.
        def check_plain(value: Any) -> ValidationResult:
            if value.__class__ is dict:
                try:
                    if is_valid(value):
                        result = _new(Valid)
                        _set_value(result, value)
                        return result
                except ValueError:
                    return unreadable(value)
                return invalid(value)
            return other_arguments(value)

        top_defaults: dict[str, Any] = top or {}

        def check_top_defaults(value: Any) -> ValidationResult:
            if value.__class__ is dict:
                try:
                    if is_valid(value):
                        result = _new(Valid)
                        complete = len(value) == complete_size
                        _set_value(result, value if complete else top_defaults | value)
                        return result
                except ValueError:
                    return unreadable(value)
                return invalid(value)
            return other_arguments(value)

        def check_value(value: Any) -> ValidationResult:
            try:
                if is_valid(value):
                    result = _new(Valid)
                    _set_value(result, value)
                    return result
            except ValueError:
                return unreadable(value)
            return invalid(value)

        if guard is None and plan is None:
            if not arguments:
                return check_value if top is None else check
            return check_plain if top is None else check_top_defaults
        return check

    def validate(self, value: Any) -> ValidationResult:
        """Check a value; return `Valid` with defaults filled in, or `Invalid`."""
        return self._check(value)

    def validate_arguments(self, arguments: Any) -> ValidationResult:
        """Check a tool call's arguments: a mapping, JSON text, or ``None`` for ``{}``.

        Anything else (a list, a number) is `Invalid` with kind ``type``; text that is
        not JSON (or spells ``NaN`` / ``Infinity``) with kind ``not_json``.
        """
        return self._check_arguments(arguments)

    @property
    def check_arguments(self) -> Callable[[Any], ValidationResult]:
        """`validate_arguments` as a plain function, for callers on a hot path."""
        return self._check_arguments

    def _other_arguments(self, arguments: Any) -> ValidationResult:
        """Arguments that are not a plain dict: None, JSON text, other mappings."""
        if isinstance(arguments, dict):
            return self._check(arguments)
        if arguments is None:
            return self.validate({})
        if isinstance(arguments, (str, bytes, bytearray)):
            parsed = _parse_json(arguments)
            if isinstance(parsed, Invalid):
                return parsed
            arguments = parsed
        if not isinstance(arguments, Mapping):
            message = f"arguments must be a JSON object, got {_issues.json_type(arguments)}"
            return Invalid((ValidationIssue((), IssueKind.TYPE, message),))
        return self.validate(arguments)

    def is_valid(self, value: Any) -> bool:
        """True when the value matches (defaults are not applied)."""
        return self.validate(value).ok

    def iter_issues(self, value: Any) -> Iterator[ValidationIssue]:
        """Every issue with a value, in schema order (nothing when it is valid)."""
        yield from self.validate(value).issues

    def _fill(self, value: Any) -> Any:
        """`value` with defaults filled in (after it passed)."""
        top = self._top_defaults
        if top is not None and isinstance(value, dict):
            return value if len(value) == self._complete_size else top | value
        return value if self._defaults is None else self._defaults.apply(value)

    def _invalid(self, value: Any) -> Invalid:
        """The issues of a value jsonschema-rs could read and refused.

        Each error jsonschema-rs makes holds a copy of the part of the value it is
        about (and of the keyword it broke): every issue is listed only while their
        number and copies stay within `_ERRORS_BUDGET` and `_LISTING_COST`, else the
        first one alone, which copies the value once.
        """
        problem, parts, chars = _issues.scan(value)
        if problem is not None:
            return Invalid((_not_json(problem),))
        weight = parts + chars // _CHARS_PER_PART
        lister = self._lister(weight)
        if lister is None:  # no variant that lists within bounds could be compiled
            return Invalid((ValidationIssue((), IssueKind.CONSTRAINT, _UNLISTED),))
        try:
            if (
                parts <= _LISTING_BUDGET
                and self._rules * parts <= _ERRORS_BUDGET
                and self._rules * (chars // _CHARS_PER_PART) + self._payload * parts
                <= _LISTING_COST
            ):
                issues = self._all_issues(value, lister)
            else:
                issues = self._first_issue(value, lister, parts, chars)
        except ValueError as error:  # the value cannot be turned back into errors
            return Invalid((_unchecked(error),))
        if not issues:
            return Invalid(
                (ValidationIssue((), IssueKind.CONSTRAINT, "does not match the schema"),)
            )
        return Invalid(issues)

    def _lister(self, size: int) -> tuple[jsonschema_rs.Validator, bool] | None:
        """What lists the issues of a value of `size` (its weight), and whether it is reasonless.

        The compiled schema itself while the branch errors of its anyOf / oneOf stay
        within `_REASONS_BUDGET`; else `reasonless`'s variant, compiled once.
        """
        found = self._unfolding
        if found is None:
            found = self._unfolding = unfold(self.schema, self._resources.values())
        if found.reasons * max(size, 1) <= _REASONS_BUDGET:
            return self._compiled, False
        if self._reasonless is None:
            schema = reasonless(self.schema)
            resources = {uri: reasonless(found) for uri, found in self._resources.items()}
            if schema is None or None in resources.values():
                return None
            try:
                self._reasonless = _compile_with(
                    schema, resources, self._formats, linear=self._linear
                )
            except SchemaError:
                return None
        return self._reasonless, True

    def _all_issues(
        self, value: Any, lister: tuple[jsonschema_rs.Validator, bool]
    ) -> tuple[ValidationIssue, ...]:
        compiled, reasonless = lister
        issues: list[ValidationIssue] = []
        rest = 0
        for error in compiled.iter_errors(value):
            room = MAX_ISSUES - len(issues)
            if room > 0:
                raws = _issues.from_error(error, self.schema, value, reasons=not reasonless)
                issues.extend(_issue(*raw) for raw in raws[:room])
                rest += max(_issues.issue_count(error, value) - min(len(raws), room), 0)
            else:  # past the cap: only counted
                rest += _issues.issue_count(error, value)
        if rest:
            note = f"{rest:,} more {_plural(rest, 'issue')} not listed; fix these first"
            return (*issues, ValidationIssue((), IssueKind.TOO_MANY, note))
        return tuple(issues)

    def _first_issue(
        self, value: Any, lister: tuple[jsonschema_rs.Validator, bool], parts: int, chars: int
    ) -> tuple[ValidationIssue, ...]:
        import jsonschema_rs

        compiled, reasonless = lister
        try:
            compiled.validate(value)
        except jsonschema_rs.ValidationError as error:
            raws = _issues.from_error(error, self.schema, value, reasons=not reasonless)
            raws = raws[:MAX_ISSUES]
            first = [_issue(*raw) for raw in raws]
            if parts > _LISTING_BUDGET:
                why = f"the value has more than {_LISTING_BUDGET:,} parts"
            else:
                why = f"listing every issue of this value ({chars:,} characters of text) against"
                why += " this schema would cost too much"
            note = f"{why}: only the first issue is listed, there may be more"
            return (*first, ValidationIssue((), IssueKind.TOO_MANY, note))
        return ()

    def _unreadable(self, value: Any) -> ValidationResult:
        """The slow path for values jsonschema-rs cannot read: convert, then check again."""
        try:
            plain = _issues.plain_json(value)
        except _issues.NotJson as problem:
            return Invalid((_not_json(problem),))
        try:
            guard = self._guard
            if (guard is None or guard(plain)) and self._is_valid(plain):
                return Valid(self._fill(plain))
            return self._invalid(plain)
        except ValueError as error:
            return Invalid((_unchecked(error),))


_KINDS: Final = {kind.value: kind for kind in IssueKind}
_UNLISTED: Final = "does not match the schema (its issues are too costly to list)"


def _plural(count: int, word: str) -> str:
    return word if count == 1 else f"{word}s"


def _issue(path: JsonPath, kind: str, message: str, schema_path: JsonPath) -> ValidationIssue:
    return ValidationIssue(path, _KINDS[kind], message, schema_path)


def _within_limits(schema: Any) -> tuple[int, int]:
    """A schema's rules and payload (`check_patterns`), within the limits, before compiling.

    Raises:
        SchemaTooLargeError: It has more than `MAX_SCHEMA_SIZE` JSON values, or a
            pattern longer than `MAX_PATTERN_LENGTH`.
    """
    check_size(schema)
    return check_patterns(schema)


def _freeze_schema(schema: Any) -> Any:
    return schema if isinstance(schema, bool) else freeze(schema)


def _not_json(problem: _issues.NotJson) -> ValidationIssue:
    kind = IssueKind.TOO_DEEP if problem.too_deep else IssueKind.NOT_JSON
    return ValidationIssue(problem.path, kind, str(problem))


def _unchecked(error: ValueError) -> ValidationIssue:
    """jsonschema-rs refused a value that looked like JSON to us (nesting at its bound)."""
    text = _issues.first_line(str(error))
    kind = IssueKind.TOO_DEEP if "recursion" in text.lower() else IssueKind.NOT_JSON
    return ValidationIssue((), kind, f"could not be checked: {text}")


def _parse_json(text: str | bytes | bytearray) -> Any:
    try:
        return loads(text)
    except RecursionError:
        return Invalid((ValidationIssue((), IssueKind.TOO_DEEP, _TOO_DEEP),))
    except (ValueError, UnicodeDecodeError) as error:
        message = _issues.clip(f"arguments are not valid JSON: {error}", _issues.MAX_MESSAGE)
        return Invalid((ValidationIssue((), IssueKind.NOT_JSON, message),))


_TOO_DEEP: Final = f"nests deeper than {MAX_DEPTH} levels of objects and arrays"


@cache
def _depth_guard() -> Callable[[Any], bool]:
    """``is_valid`` of a schema that accepts any value nesting at most `MAX_DEPTH` levels.

    Checked before a schema that could recurse without bound (jsonschema-rs overflows
    its stack, and crashes the process, on a 100,000-deep value against a tree
    schema). The guard itself is not recursive: level ``k`` refers to level ``k - 1``,
    and level 0 accepts only scalars and empty containers; checking it is fast Rust.
    """
    import jsonschema_rs

    levels: dict[str, Any] = {"0": {"items": False, "additionalProperties": False}}
    for level in range(1, MAX_DEPTH + 1):
        below = {"$ref": f"#/$defs/{level - 1}"}
        levels[str(level)] = {"items": below, "additionalProperties": below}
    guard = jsonschema_rs.validator_for({"$ref": f"#/$defs/{MAX_DEPTH}", "$defs": levels})
    check: Callable[[Any], bool] = guard.is_valid
    return check


def _pattern_options(linear: bool, *, bounded: bool = True) -> Any:
    """The regex engine's options: `MAX_PATTERN_SIZE` unless not `bounded` (its default)."""
    import jsonschema_rs

    size = MAX_PATTERN_SIZE if bounded else None
    if linear:
        return jsonschema_rs.RegexOptions(size_limit=size)
    return jsonschema_rs.FancyRegexOptions(backtrack_limit=_BACKTRACK_LIMIT, size_limit=size)


def _options(resources: Mapping[str, Any], validate_formats: bool, linear: bool) -> dict[str, Any]:
    patterns = _pattern_options(linear)
    return {
        "retriever": ResourceRetriever(resources),
        "validate_formats": validate_formats,
        "pattern_options": patterns,
    }


def _compile_map(
    schema: Any, resources: Mapping[str, Any], validate_formats: bool, linear: bool
) -> jsonschema_rs.ValidatorMap:
    import jsonschema_rs

    options = _options(resources, validate_formats, linear)
    return jsonschema_rs.validator_map_for(thaw(schema), **options)


_MISSING_RESOURCE: Final = re.compile(r"Resource '([^']*)' is not present in a registry")
_NOT_LINEAR: Final = 'is not a "regex"'


def _compile(
    schema: Any, resources: Mapping[str, Any], validate_formats: bool
) -> tuple[jsonschema_rs.Validator, bool]:
    """The compiled validator, and whether its patterns run on the linear-time engine.

    Patterns run on a regex engine that guarantees linear time; only a schema with a
    pattern that needs more (lookaround, backreferences) gets the backtracking engine,
    whose backtracking is capped but whose lookaround can still take quadratic time.
    """
    _refuse_unknown_dialects(schema, resources)
    try:
        return _compile_with(schema, resources, validate_formats, linear=True), True
    except SchemaError as error:
        if _NOT_LINEAR not in str(error):
            raise
        _refuse_oversized(schema, error.path, linear=True)
    try:
        return _compile_with(schema, resources, validate_formats, linear=False), False
    except SchemaError as error:
        if _NOT_LINEAR in str(error):
            _refuse_oversized(schema, error.path, linear=False)
        raise


def _refuse_oversized(schema: Any, path: JsonPath, *, linear: bool) -> None:
    """Refuse the pattern the engine refused at `path` if only its size was the reason.

    Raises:
        SchemaTooLargeError: It compiles, but to more than `MAX_PATTERN_SIZE` bytes.
    """
    import jsonschema_rs

    parent = resolve(schema, path[:-1]) if path else None
    if len(path) >= 2 and path[-2] == "patternProperties":
        pattern: Any = path[-1]
    elif path[-1:] == ("pattern",) and isinstance(parent, Mapping):
        pattern = parent.get("pattern")
    else:
        return
    if not isinstance(pattern, str):
        return
    try:
        options = _pattern_options(linear, bounded=False)
        jsonschema_rs.validator_for({"pattern": pattern}, pattern_options=options)
    except (jsonschema_rs.ValidationError, ValueError):
        return  # not a regular expression this engine takes, whatever its size
    raise SchemaTooLargeError(
        f"a regular expression compiles to more than {MAX_PATTERN_SIZE:,} bytes"
        " (toolbridge's size limit)",
        limit=MAX_PATTERN_SIZE,
        path=path,
    )


def _refuse_unknown_dialects(schema: Any, resources: Mapping[str, Any]) -> None:
    """One rule with `toolbridge.formats.check`: a ``$schema`` names a known dialect.

    Raises:
        RemoteReferenceError: It names another URI (never fetched).
        SchemaError: It is not a URI at all.
    """
    unknown = unknown_dialect(schema, known={uri.rstrip("#") for uri in resources})
    if unknown is None:
        return
    uri = unknown.value
    if isinstance(uri, str) and re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", uri):
        raise RemoteReferenceError(uri, path=unknown.path)
    raise SchemaError(unknown.detail, path=unknown.path)


def _compile_with(
    schema: Any, resources: Mapping[str, Any], validate_formats: bool, *, linear: bool
) -> jsonschema_rs.Validator:
    import jsonschema_rs

    options = _options(resources, validate_formats, linear)
    refused: list[str] = options["retriever"].refused
    try:
        return jsonschema_rs.validator_for(thaw(schema), **options)
    except (jsonschema_rs.ValidationError, jsonschema_rs.ReferencingError) as error:
        text = str(getattr(error, "message", error))
        missing = _MISSING_RESOURCE.search(text)
        uri = refused[0] if refused else missing.group(1) if missing else None
        if uri is not None:
            raise RemoteReferenceError(uri, path=_reference_location(schema, uri)) from None
        if isinstance(error, jsonschema_rs.ReferencingError):
            raise SchemaError(f"unresolvable reference: {_issues.first_line(text)}") from None
        raise SchemaError(
            f"invalid schema: {_issues.first_line(text)}", path=tuple(error.instance_path)
        ) from None
    except ValueError as error:
        if "recursion" in str(error).lower():
            raise SchemaTooDeepError("schema nests too deeply to compile") from None
        raise SchemaError(f"invalid schema: {_issues.first_line(str(error))}") from None


def _reference_location(schema: Any, uri: str) -> JsonPath:
    """Where in the schema a refused URI is referred to (best effort), for the error."""
    if isinstance(schema, Mapping) and schema.get("$schema") == uri:
        return ("$schema",)
    for location, keyword, reference in references(schema):
        document = reference.split("#")[0]
        if reference == uri or (document and uri.split("#")[0].endswith(document)):
            return (*location, keyword)
    return ()
