"""The canonical tool: one immutable description every format converts to and from."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, final, runtime_checkable

from toolbridge import _runtime
from toolbridge._json import FrozenDict, canonical_json, freeze, thaw
from toolbridge.errors import (
    SchemaError,
    ToolDefinitionError,
)

if TYPE_CHECKING:
    from toolbridge._result import ToolResult
    from toolbridge._validation._validator import ValidationResult, Validator

__all__ = ["Invoker", "Tool", "ToolAnnotations"]

JsonSchema = Mapping[str, Any]


@runtime_checkable
class Invoker(Protocol):
    """What runs a tool: attached to a `Tool`, outside its equality and hash.

    Both methods receive arguments that have already been validated and normalised
    against the tool's input schema, and return the raw outcome, which the caller
    normalises into a `ToolResult` (`toolbridge.to_result`).
    """

    def call(self, arguments: dict[str, Any], timeout: float | None) -> Any:
        """Run the tool synchronously."""
        ...

    async def acall(self, arguments: dict[str, Any], timeout: float | None) -> Any:
        """Run the tool in the running event loop."""
        ...


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class ToolAnnotations:
    """Hints about a tool's behaviour, mirroring MCP's ``ToolAnnotations``.

    A hint left as ``None`` was not stated by the source; the ``is_*`` properties
    apply MCP's defaults. Hints describe, they do not guarantee: never trust a hint
    from an untrusted server to make a security decision.
    """

    title: str | None = None
    """A human-readable title for display; MCP's ``annotations.title``."""

    read_only: bool | None = None
    """The tool does not change its environment (MCP ``readOnlyHint``, default false)."""

    destructive: bool | None = None
    """Changes may destroy or overwrite data (MCP ``destructiveHint``, default true).

    Meaningful only when the tool is not read-only.
    """

    idempotent: bool | None = None
    """Repeating a call with the same arguments has no further effect
    (MCP ``idempotentHint``, default false). Meaningful only when not read-only."""

    open_world: bool | None = None
    """The tool reaches outside systems, such as the web (MCP ``openWorldHint``, default true)."""

    @property
    def is_read_only(self) -> bool:
        """`read_only` with MCP's default (false)."""
        return bool(self.read_only)

    @property
    def is_destructive(self) -> bool:
        """`destructive` with MCP's default (true), and false for a read-only tool."""
        if self.is_read_only:
            return False
        return True if self.destructive is None else self.destructive

    @property
    def is_idempotent(self) -> bool:
        """`idempotent` with MCP's default (false); a read-only tool is idempotent."""
        return self.is_read_only or bool(self.idempotent)

    @property
    def is_open_world(self) -> bool:
        """`open_world` with MCP's default (true)."""
        return True if self.open_world is None else self.open_world

    def to_dict(self) -> dict[str, Any]:
        """The stated hints as a JSON object, unset ones left out."""
        return {
            key: value
            for key, value in (
                ("title", self.title),
                ("read_only", self.read_only),
                ("destructive", self.destructive),
                ("idempotent", self.idempotent),
                ("open_world", self.open_world),
            )
            if value is not None
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ToolAnnotations:
        """Build annotations from `to_dict`'s shape.

        Raises:
            ToolDefinitionError: An unknown key, or a value of the wrong type.
        """
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ToolDefinitionError(f"unknown annotation(s): {', '.join(unknown)}")
        for key, value in data.items():
            expected = str if key == "title" else bool
            if value is not None and not isinstance(value, expected):
                raise ToolDefinitionError(
                    f"annotation {key!r} must be {expected.__name__} or null, got {value!r}"
                )
        return cls(**data)


def _check_schema(value: Any, field_name: str) -> FrozenDict:
    if not isinstance(value, Mapping):
        raise SchemaError(f"{field_name} must be a JSON object, got {type(value).__name__}")
    schema: FrozenDict = freeze(
        value, error=lambda message, path: SchemaError(f"{field_name}: {message}", path=path)
    )
    declared = schema.get("type")
    if declared is not None and declared != "object":
        raise SchemaError(
            f"{field_name} must describe an object (type 'object'), not {declared!r}",
            path=("type",),
        )
    return schema


def _meta_error(message: str, path: tuple[str | int, ...]) -> Exception:
    return ToolDefinitionError(f"meta is not JSON: {message} (at {list(path)})")


@final
class _Derived:
    """A tool's one cache: what it derives from its definition, each part made on first use.

    Safe because the tool never changes. Outside equality, copies and pickles: a
    replaced or unpickled tool starts with an empty one. Two threads racing to fill a
    part both build the same value; the last one kept is as good as the first.
    """

    __slots__ = ("fingerprint", "formats", "output_validator", "validator")

    def __init__(self) -> None:
        self.formats: dict[Hashable, Any] = {}
        """Provider-format conversions, by target and options; filled by `toolbridge.formats`."""
        self.validator: Validator | None = None
        """The compiled validator of the input schema."""
        self.output_validator: Validator | None = None
        """The compiled validator of the output schema, when there is one."""
        self.fingerprint: str | None = None
        """`Tool.fingerprint`."""


@final
@dataclass(frozen=True, kw_only=True)
class Tool:
    """A tool, described once: what every format and framework converts to and from.

    Immutable all the way down: the schemas and `meta` are frozen JSON
    (`dict`/`list` subclasses that refuse changes), and nothing a caller passed in
    is kept by reference. Two tools are equal when their definitions are equal; the
    invoker does not take part. Build tools from functions with `toolbridge.tool`.
    """

    name: str
    """The name a model calls the tool by, unique within its toolset."""

    title: str | None = None
    """A human-readable title for display (MCP ``title``)."""

    description: str = ""
    """What the tool does and when to use it, written for a model."""

    input_schema: JsonSchema = field(default_factory=lambda: {"type": "object", "properties": {}})
    """A JSON Schema for the arguments object (2020-12 unless ``$schema`` says otherwise)."""

    output_schema: JsonSchema | None = None
    """A JSON Schema for the structured result, an object, if the tool declares one."""

    annotations: ToolAnnotations = field(default_factory=ToolAnnotations)
    """Behaviour hints: read-only, destructive, idempotent, open-world, display title."""

    namespace: str | None = None
    """The group the tool belongs to, such as the MCP server it came from."""

    version: str | None = None
    """The tool definition's version, if its source states one."""

    tags: frozenset[str] = frozenset()
    """Free-form labels for filtering and search."""

    category: str | None = None
    """One coarse grouping for catalogues, such as ``"files"`` or ``"search"``."""

    meta: Mapping[str, Any] = field(default_factory=dict)
    """The source format (``meta["source"]``) and every source field the IR has no slot
    for, under the format's name, so that converting back loses nothing."""

    invoker: Invoker | None = field(default=None, compare=False, hash=False, repr=False)
    """What runs the tool; ``None`` for a definition only. Not part of equality."""

    def __post_init__(self) -> None:
        # Callers are not always type-checked: check every field as untyped data.
        name: object = self.name
        description: object = self.description
        tags: object = self.tags
        if not isinstance(name, str) or not name.strip():
            raise ToolDefinitionError(f"a tool needs a non-empty name, got {name!r}")
        if not isinstance(description, str):
            raise ToolDefinitionError(
                f"tool {self.name!r}: description must be a string, "
                f"got {type(description).__name__}"
            )
        if not isinstance(self.annotations, ToolAnnotations):
            raise ToolDefinitionError(
                f"tool {self.name!r}: annotations must be ToolAnnotations, "
                f"got {type(self.annotations).__name__}"
            )
        if isinstance(tags, str) or not isinstance(tags, Iterable):
            raise ToolDefinitionError(f"tool {self.name!r}: tags must be a set of strings")
        tags = frozenset(tags)
        if not all(isinstance(tag, str) for tag in tags):
            raise ToolDefinitionError(f"tool {self.name!r}: tags must be strings")
        if not isinstance(self.meta, Mapping):
            raise ToolDefinitionError(f"tool {self.name!r}: meta must be a JSON object")
        set_field = object.__setattr__
        set_field(self, "tags", tags)
        set_field(self, "input_schema", _check_schema(self.input_schema, "input_schema"))
        if self.output_schema is not None:
            set_field(self, "output_schema", _check_schema(self.output_schema, "output_schema"))
        set_field(self, "meta", freeze(self.meta, error=_meta_error))
        self._derived: _Derived  # the one cache, outside the fields (see `_Derived`)
        set_field(self, "_derived", _Derived())

    # -- identity ---------------------------------------------------------------------

    @property
    def fingerprint(self) -> str:
        """SHA-256 (hex) of the model-visible definition's canonical JSON.

        Covers name, title, description, both schemas and annotations; key order,
        whitespace and ``1`` vs ``1.0`` do not matter. The basis of definition pinning.
        """
        derived = self._derived
        fingerprint = derived.fingerprint
        if fingerprint is None:
            fingerprint = derived.fingerprint = self._fingerprint()
        return fingerprint

    def _fingerprint(self) -> str:
        definition = {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "input_schema": self.input_schema,
            "output_schema": self.output_schema,
            "annotations": self.annotations.to_dict(),
        }
        import hashlib

        # surrogatepass: a lone surrogate (JSON's "\ud800", which a server may send) is
        # hashed like any other code point instead of failing to encode.
        text = canonical_json(definition).encode("utf-8", "surrogatepass")
        return hashlib.sha256(text).hexdigest()

    # -- copying and pickling: the definition and invoker, never the cache --------------

    def __copy__(self) -> Tool:
        return self  # immutable: a copy would be indistinguishable

    def __deepcopy__(self, memo: dict[int, Any]) -> Tool:
        return self

    def __getstate__(self) -> dict[str, Any]:
        """The fields only: the cache (validators, conversions) is rebuilt on use."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """The fields as pickled (already checked and frozen), and an empty cache."""
        for name, value in state.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_derived", _Derived())

    @classmethod
    def from_function(cls, function: Callable[..., Any], **options: Any) -> Tool:
        """Make a tool from a sync or async function; see `toolbridge.from_function`."""
        from toolbridge._functions import from_function

        return from_function(function, **options)

    def replace(self, **changes: Any) -> Tool:
        """Return a copy with some fields changed; the invoker is kept unless replaced."""
        return dataclasses.replace(self, **changes)

    # -- the canonical JSON form ------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The definition as plain JSON (the ``canonical`` format); the invoker is left out."""
        return {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "input_schema": thaw(self.input_schema),
            "output_schema": thaw(self.output_schema),
            "annotations": self.annotations.to_dict(),
            "namespace": self.namespace,
            "version": self.version,
            "tags": sorted(self.tags),
            "category": self.category,
            "meta": thaw(self.meta),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, invoker: Invoker | None = None) -> Tool:
        """Build a tool from `to_dict`'s shape.

        Raises:
            ToolDefinitionError: An unknown key, a missing name, or a field of the
                wrong type.
            SchemaError: A schema that is not a JSON object schema.
        """
        if not isinstance(data, Mapping):
            raise ToolDefinitionError(f"a tool must be a JSON object, got {type(data).__name__}")
        known = {f.name for f in dataclasses.fields(cls)} - {"invoker"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ToolDefinitionError(f"unknown tool field(s): {', '.join(unknown)}")
        if "name" not in data:
            raise ToolDefinitionError("a tool needs a name")
        fields: dict[str, Any] = {key: value for key, value in data.items() if value is not None}
        if "annotations" in fields:
            annotations = fields["annotations"]
            if not isinstance(annotations, Mapping):
                raise ToolDefinitionError("annotations must be a JSON object")
            fields["annotations"] = ToolAnnotations.from_dict(annotations)
        for key in ("title", "namespace", "version", "category"):
            if key in fields and not isinstance(fields[key], str):
                raise ToolDefinitionError(f"{key} must be a string or null")
        if "tags" in fields and not isinstance(fields["tags"], (list, tuple, set, frozenset)):
            raise ToolDefinitionError("tags must be a list of strings")
        return cls(**fields, invoker=invoker)

    # -- the cache: what the tool derives from its definition, made on first use -------

    @property
    def validator(self) -> Validator:
        """The compiled validator for `input_schema`, built on first use."""
        derived = self._derived
        validator = derived.validator
        if validator is None:
            from toolbridge._validation._validator import Validator

            validator = derived.validator = Validator(self.input_schema)
        return validator

    @property
    def output_validator(self) -> Validator | None:
        """The compiled validator for `output_schema`, if there is one, built on first use."""
        if self.output_schema is None:
            return None
        derived = self._derived
        validator = derived.output_validator
        if validator is None:
            from toolbridge._validation._validator import Validator

            validator = derived.output_validator = Validator(self.output_schema)
        return validator

    # -- validation and invocation ----------------------------------------------------

    def validate(self, arguments: Any) -> ValidationResult:
        """Check arguments against the input schema.

        Accepts a mapping, JSON text as a model sends it, or ``None`` for ``{}``.
        Returns `Valid` with the normalised arguments (defaults filled in, also
        nested; the input is never changed) or `Invalid` with every issue, each with
        its JSON path.
        """
        validator = self._derived.validator
        if validator is None:
            validator = self.validator
        return validator.check_arguments(arguments)

    def invoke(self, arguments: Any = None, *, timeout: float | None = None) -> ToolResult:
        """Validate the arguments, run the tool and return its normalised result.

        Raises:
            ArgumentValidationError: The arguments do not match; the tool is not run.
            NotInvocableError: The tool has no invoker.
            SyncInvocationError: The tool is async and an event loop is running here.
            ToolExecutionError: The tool raised.
            ToolTimeoutError: The call took longer than `timeout` seconds.
            OutputValidationError: The structured result breaks the output schema.
        """
        return _runtime.invoke(self, arguments, timeout=timeout)

    async def ainvoke(self, arguments: Any = None, *, timeout: float | None = None) -> ToolResult:
        """Async `invoke`: a sync tool runs in a worker thread, an async one is awaited."""
        return await _runtime.ainvoke(self, arguments, timeout=timeout)
