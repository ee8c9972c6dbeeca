"""Argument validation: one compiled JSON Schema validator per schema, every call route.

Validation runs on jsonschema-rs (a complete, compiled JSON Schema implementation,
drafts 4 to 2020-12); this module adds what a tool call needs on top of it:
issues with JSON paths and kinds written for a model to correct itself, defaults
filled in (also nested, never in the caller's object), and bounds that keep hostile
input from crashing the process. Nothing is ever fetched: a ``$ref`` to a network or
file URI is refused, unless that URI was handed over in ``resources``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from itertools import islice
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal, TypeAlias, final

from toolbridge import _defaults, _issues
from toolbridge._json import MAX_DEPTH, describe_path, freeze, thaw
from toolbridge._references import ResourceRetriever, may_recurse
from toolbridge.errors import JsonPath, RemoteReferenceError, SchemaError, SchemaTooDeepError

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
    """The normalised value: the input itself, or a copy with defaults added."""
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


@final
class Validator:
    """A compiled validator for one JSON Schema; reusable and thread-safe.

    Args:
        schema: The schema. ``$schema`` picks the draft (4, 6, 7, 2019-09, 2020-12);
            without it, 2020-12.
        resources: Schemas that ``$ref`` may point at by absolute URI, instead of
            fetching them (which never happens).
        validate_formats: Check ``format`` (``email``, ``date-time``, ...) instead of
            treating it as an annotation, which is the default in 2020-12.

    Raises:
        SchemaError: The schema is malformed; the message and ``path`` say where.
        RemoteReferenceError: A ``$ref`` to a URI that is not in `resources`.
        SchemaTooDeepError: The schema nests deeper than the supported bound.
    """

    __slots__ = ("_compiled", "_defaults", "_is_valid", "_recursive", "schema")

    def __init__(
        self,
        schema: Mapping[str, Any] | bool,
        *,
        resources: Mapping[str, Any] | None = None,
        validate_formats: bool = False,
    ) -> None:
        self.schema: Any = schema if isinstance(schema, bool) else freeze(schema)
        self._compiled = _compile(self.schema, resources or {}, validate_formats)
        self._is_valid = self._compiled.is_valid
        self._recursive = may_recurse(self.schema)
        self._defaults = _defaults.plan(self.schema, self._compiled, resources or {})

    def validate(self, value: Any) -> ValidationResult:
        """Check a value; return `Valid` with defaults filled in, or `Invalid`."""
        if self._recursive:
            too_deep = _deeper_than(value, MAX_DEPTH)
            if too_deep is not None:
                return Invalid((_too_deep(too_deep),))
        try:
            valid = self._is_valid(value)
        except ValueError:
            return self._validate_plain(value)
        if valid:
            return Valid(value if self._defaults is None else self._defaults.apply(value))
        return Invalid(self._issues(value))

    def validate_arguments(self, arguments: Any) -> ValidationResult:
        """Check a tool call's arguments: a mapping, JSON text, or ``None`` for ``{}``."""
        if arguments is None:
            arguments = {}
        elif isinstance(arguments, (str, bytes, bytearray)):
            parsed = _parse_json(arguments)
            if isinstance(parsed, Invalid):
                return parsed
            arguments = parsed
        if not isinstance(arguments, Mapping):
            return Invalid(
                (
                    ValidationIssue(
                        (),
                        IssueKind.TYPE,
                        f"arguments must be a JSON object, got {_issues.json_type(arguments)}",
                    ),
                )
            )
        return self.validate(arguments)

    def is_valid(self, value: Any) -> bool:
        """True when the value matches (defaults are not applied)."""
        return self.validate(value).ok

    def iter_issues(self, value: Any) -> Iterator[ValidationIssue]:
        """Every issue with a value, in schema order (nothing when it is valid)."""
        yield from self.validate(value).issues

    def _issues(self, value: Any) -> tuple[ValidationIssue, ...]:
        errors = islice(self._compiled.iter_errors(value), MAX_ISSUES + 1)
        issues: list[ValidationIssue] = []
        for error in errors:
            issues.extend(_issues.from_error(error))
        return _issues.cap(issues, MAX_ISSUES)

    def _validate_plain(self, value: Any) -> ValidationResult:
        """The slow path for values jsonschema-rs cannot read (str subclasses, sets, ...)."""
        try:
            plain = _issues.plain_json(value)
        except _issues.NotJson as error:
            return Invalid((ValidationIssue(error.path, IssueKind.NOT_JSON, str(error)),))
        return self.validate(plain)


def _parse_json(text: str | bytes | bytearray) -> Any:
    def refuse_constant(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")

    try:
        return json.loads(text, parse_constant=refuse_constant)
    except RecursionError:
        return Invalid((_too_deep(()),))
    except (ValueError, UnicodeDecodeError) as error:
        return Invalid(
            (ValidationIssue((), IssueKind.NOT_JSON, f"arguments are not valid JSON: {error}"),)
        )


def _too_deep(path: JsonPath) -> ValidationIssue:
    return ValidationIssue(
        path, IssueKind.TOO_DEEP, f"nests deeper than {MAX_DEPTH} levels of objects and arrays"
    )


def _deeper_than(value: Any, limit: int) -> JsonPath | None:
    """The path at which `value` nests deeper than `limit`, or None; iterative."""
    stack: list[tuple[Any, JsonPath]] = [(value, ())]
    while stack:
        node, path = stack.pop()
        if len(path) > limit:
            return path
        if isinstance(node, Mapping):
            stack.extend((item, (*path, key)) for key, item in node.items())
        elif isinstance(node, (list, tuple)):
            stack.extend((item, (*path, index)) for index, item in enumerate(node))
    return None


def _compile(
    schema: Any, resources: Mapping[str, Any], validate_formats: bool
) -> jsonschema_rs.Validator:
    import jsonschema_rs

    retriever = ResourceRetriever(resources)
    try:
        return jsonschema_rs.validator_for(
            thaw(schema),
            retriever=retriever,
            validate_formats=validate_formats,
            pattern_options=jsonschema_rs.FancyRegexOptions(backtrack_limit=1_000_000),
        )
    except jsonschema_rs.ValidationError as error:
        if retriever.refused:
            raise RemoteReferenceError(retriever.refused[0]) from None
        raise SchemaError(
            f"invalid schema: {_issues.first_line(error.message)}",
            path=tuple(error.instance_path),
        ) from None
    except jsonschema_rs.ReferencingError as error:
        if retriever.refused:
            raise RemoteReferenceError(retriever.refused[0]) from None
        raise SchemaError(f"unresolvable reference: {error}") from None
    except ValueError as error:
        if "recursion" in str(error).lower():
            raise SchemaTooDeepError("schema nests too deeply to compile") from None
        raise SchemaError(f"invalid schema: {error}") from None
