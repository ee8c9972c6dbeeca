"""JSON Schemas and a call plan from a Python callable's signature, hints and docstring.

pydantic generates the schemas (every type pydantic knows works, with the constraints
of ``Annotated[..., Field(...)]``); this module decides what goes in: one property per
parameter under its own name (fields are aliased internally, so names like ``json`` or
``model_config`` are fine), descriptions from the docstring (Google, NumPy, reST), no
titles derived from field names, ``additionalProperties: false`` (a function takes no
unknown keywords), and an output schema from the return annotation, wrapped as
``{"result": ...}`` with its ``$defs`` hoisted when the return type is not an object.

It also decides, per parameter, how a validated JSON value becomes the Python value
the function wants (`Conversion`), so that plain parameters cost nothing at call time.
"""

from __future__ import annotations

import functools
import inspect
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from types import NoneType, UnionType
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal

from toolbridge.errors import ToolDefinitionError, UnsupportedAnnotationError

if TYPE_CHECKING:
    from pydantic import TypeAdapter
    from pydantic.json_schema import JsonSchemaWarningKind

EMPTY: Final = inspect.Parameter.empty
"""Marks a parameter without a Python default, or without a default in the schema."""

_MAX_DEPTH: Final = 16
_MAX_UNWRAP: Final = 32


class Conversion(Enum):
    """How a validated JSON argument becomes the value the function is called with."""

    NONE = "none"
    """The JSON value already is the Python value (str, float, bool, list, dict, ...)."""
    INT = "int"
    """An ``int``: JSON Schema's integer accepts ``1.0``, which becomes ``1``."""
    ADAPTER = "adapter"
    """Anything else (models, dataclasses, enums, dates, tuples, sets, validators):
    converted by pydantic."""


@dataclass(frozen=True, slots=True)
class Parameter:
    """How one argument reaches the function."""

    name: str
    positional_only: bool
    conversion: Conversion
    adapter: TypeAdapter[Any] | None
    """Converts the JSON value when `conversion` is ``ADAPTER``."""
    default: Any
    """The Python default, or `EMPTY`."""
    default_json: Any
    """The default as the schema states it (and the validator fills in), or `EMPTY`."""
    fill: Callable[[], Any] | None
    """Makes the value of an omitted argument the schema has no default for and Python
    would not supply (``Annotated[list[str], Field(default_factory=list)]``)."""


@dataclass(frozen=True, slots=True)
class FunctionSchema:
    """Everything derived from a callable."""

    name: str
    """The callable's own name: ``__name__``, or the class name of a callable object."""
    qualname: str
    module: str | None
    description: str
    input_schema: dict[str, Any]
    output_schema: dict[str, Any] | None
    output_wrapped: bool
    output_adapter: TypeAdapter[Any] | None
    """Serialises return values that are not JSON already (models, dataclasses, ...)."""
    parameters: tuple[Parameter, ...]


# -- the callable ---------------------------------------------------------------------


def qualname(function: Callable[..., Any]) -> str:
    """A name for messages."""
    name = getattr(function, "__qualname__", None)
    if isinstance(name, str):
        return name
    if isinstance(function, functools.partial):
        return f"partial({qualname(function.func)})"
    return type(function).__qualname__


def _source(function: Callable[..., Any]) -> Any:
    """The plain function behind partials, methods, decorators and callable objects."""
    current: Any = function
    for _ in range(_MAX_UNWRAP):
        if isinstance(current, functools.partial):
            current = current.func
        elif isinstance(current, (types.MethodType, staticmethod, classmethod)):
            current = current.__func__
        elif inspect.isfunction(current):
            wrapped = getattr(current, "__wrapped__", None)
            if wrapped is None:
                return current
            current = wrapped
        elif not inspect.isroutine(current) and inspect.isfunction(
            call := getattr(type(current), "__call__", None)  # noqa: B004 - the method itself
        ):
            current = call
        else:
            return current
    return current


def _name_and_doc(function: Callable[..., Any], source: Any) -> tuple[str | None, str]:
    if inspect.isroutine(function):
        return getattr(function, "__name__", None), inspect.getdoc(function) or ""
    if isinstance(function, functools.partial):
        return getattr(source, "__name__", None), inspect.getdoc(source) or ""
    # A callable object: named after its class, described by __call__ or the class.
    doc = (source.__doc__ and inspect.getdoc(source)) or inspect.getdoc(type(function)) or ""
    return type(function).__name__, doc


def _signature(function: Callable[..., Any], name: str) -> inspect.Signature:
    if isinstance(function, type):
        raise ToolDefinitionError(
            f"{name} is a class: make a tool from a function, a bound method or an instance "
            "with __call__"
        )
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError) as error:
        raise ToolDefinitionError(f"{name} has no signature to read: {error}") from error
    if isinstance(function, functools.partial) and function.keywords:
        # Keywords bound by the partial are the caller's, not the model's to choose.
        kept = [p for p in signature.parameters.values() if p.name not in function.keywords]
        signature = signature.replace(parameters=kept)
    source = _source(function)
    if inspect.isgeneratorfunction(source) or inspect.isasyncgenfunction(source):
        raise ToolDefinitionError(
            f"{name} is a generator function: a tool returns one result (collect it in a list)"
        )
    first = next(iter(signature.parameters.values()), None)
    if (
        inspect.isfunction(function)
        and first is not None
        and first.name in ("self", "cls")
        and first.annotation is EMPTY
    ):
        raise ToolDefinitionError(
            f"{name} looks like a method taken from its class: make the tool from the bound "
            f"method instead (for example `tool(instance.{getattr(function, '__name__', '')})`)"
        )
    return signature


# -- type hints -----------------------------------------------------------------------


def _resolve(
    function: str,
    parameter: str,
    annotation: Any,
    globalns: dict[str, Any],
    localns: Mapping[str, Any] | None,
) -> Any:
    """Evaluate one annotation (string or containing forward references)."""
    holder = types.SimpleNamespace(__annotations__={parameter: annotation})
    try:
        return typing.get_type_hints(holder, globalns, None, include_extras=True)[parameter]
    except Exception as error:  # NameError, SyntaxError, TypeError from the author's text
        if localns is not None:
            try:
                hints = typing.get_type_hints(holder, globalns, dict(localns), include_extras=True)
                return hints[parameter]
            except Exception:  # the first error is the one to report
                pass
        raise UnsupportedAnnotationError(
            function, parameter, f"cannot resolve the annotation {annotation!r}: {error}"
        ) from error


# -- docstrings -----------------------------------------------------------------------


def _unwrap_lines(text: str) -> str:
    """Join hard-wrapped lines, keep paragraph breaks."""
    paragraphs = (" ".join(line.strip() for line in p.splitlines()) for p in text.split("\n\n"))
    return "\n\n".join(p for p in paragraphs if p).strip()


def _parse_docstring(doc: str) -> tuple[str, dict[str, str], str | None]:
    """The tool description, the parameter descriptions and the returns description."""
    if not doc.strip():
        return "", {}, None  # nothing to parse: skip importing the parser
    import docstring_parser

    try:
        parsed = docstring_parser.parse(doc)
    except docstring_parser.ParseError:
        return doc.strip(), {}, None
    separator = "\n\n" if parsed.blank_after_short_description else "\n"
    description = separator.join(
        part.strip() for part in (parsed.short_description, parsed.long_description) if part
    )
    parameters = {p.arg_name: _unwrap_lines(p.description) for p in parsed.params if p.description}
    returns = parsed.returns.description if parsed.returns else None
    return description, parameters, _unwrap_lines(returns) if returns else None


# -- how arguments are converted ------------------------------------------------------


def _constraint_only(item: Any) -> bool:
    """True for ``Annotated`` metadata that only constrains, and never changes, a value."""
    import annotated_types
    from pydantic.fields import FieldInfo

    if isinstance(item, str):
        return True
    if isinstance(item, FieldInfo):
        return all(_constraint_only(inner) for inner in item.metadata)
    if isinstance(item, annotated_types.GroupedMetadata):
        return all(_constraint_only(inner) for inner in item)
    if isinstance(item, annotated_types.BaseMetadata):
        transforms = ("strip_whitespace", "to_lower", "to_upper")
        return not isinstance(item, annotated_types.Predicate) and not any(
            getattr(item, name, False) for name in transforms
        )
    return False


def conversion(annotation: Any, *, int_kind: Conversion = Conversion.INT) -> Conversion:
    """How a validated JSON value of this type becomes the Python value.

    `int_kind` is what a bare ``int`` needs: `Conversion.INT` for arguments (``1.0``
    passes JSON Schema's integer), `Conversion.NONE` for return values.
    """
    return _conversion(annotation, int_kind, 0)


def _conversion(annotation: Any, int_kind: Conversion, depth: int) -> Conversion:
    if depth > _MAX_DEPTH:
        return Conversion.ADAPTER
    if annotation is int:
        return int_kind
    if annotation in (Any, object, str, float, bool, NoneType, None, list, dict):
        return Conversion.NONE
    supertype = getattr(annotation, "__supertype__", None)  # typing.NewType
    if supertype is not None:
        return _conversion(supertype, int_kind, depth + 1)
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is Annotated:
        if all(_constraint_only(item) for item in annotation.__metadata__):
            return _conversion(args[0], int_kind, depth + 1)
        return Conversion.ADAPTER
    if origin is Literal:
        has_int = any(type(value) is int for value in args)
        has_float = any(type(value) is float for value in args)
        return int_kind if has_int and not has_float else Conversion.NONE
    if origin in (typing.Union, UnionType):
        kinds = {_conversion(arg, int_kind, depth + 1) for arg in args}
        if Conversion.ADAPTER in kinds:
            return Conversion.ADAPTER
        if Conversion.INT in kinds and float not in args:
            return Conversion.INT
        return Conversion.NONE
    if origin in (list, Sequence):
        return _container(args, int_kind, depth)
    if origin in (dict, Mapping):
        if args and args[0] is not str:
            return Conversion.ADAPTER
        return _container(args[1:], int_kind, depth)
    if typing.is_typeddict(annotation):
        try:
            hints = typing.get_type_hints(annotation, include_extras=True)
        except Exception:
            return Conversion.ADAPTER
        return _container(tuple(hints.values()), int_kind, depth)
    return Conversion.ADAPTER


def _container(items: Sequence[Any], int_kind: Conversion, depth: int) -> Conversion:
    """A list or an object is native when everything inside is (an int inside is not)."""
    kinds = {_conversion(item, int_kind, depth + 1) for item in items}
    return Conversion.NONE if kinds <= {Conversion.NONE} else Conversion.ADAPTER


# -- schemas --------------------------------------------------------------------------


def _generator() -> type[Any]:
    from pydantic.json_schema import GenerateJsonSchema

    class ToolJsonSchema(GenerateJsonSchema):
        """pydantic's generator, without titles made from field names.

        It is silent about defaults it cannot encode: they are left out of the schema,
        and the function supplies them.
        """

        # pydantic declares it as an instance attribute, with a class-level default
        ignored_warning_kinds: set[JsonSchemaWarningKind] = {  # noqa: RUF012
            "skipped-choice",
            "non-serializable-default",
            "skipped-discriminator",
        }

        def field_title_should_be_set(self, schema: Any) -> bool:
            return False

    return ToolJsonSchema


def _reason(error: BaseException) -> str:
    """The complaint from pydantic, without its advice to allow arbitrary types."""
    from pydantic.errors import PydanticInvalidForJsonSchema, PydanticSchemaGenerationError

    text = str(error).strip()
    text = text.splitlines()[0] if text else type(error).__name__
    if isinstance(error, (PydanticSchemaGenerationError, PydanticInvalidForJsonSchema)):
        sentence = text.split(". ")[0].rstrip(".")
        return f"{sentence}; use a JSON type, a pydantic model, a dataclass, a TypedDict or an Enum"
    return text


def _adapter(function: str, parameter: str, annotation: Any) -> TypeAdapter[Any]:
    from pydantic import TypeAdapter
    from pydantic.errors import PydanticUserError

    try:
        return TypeAdapter(annotation)
    except (PydanticUserError, TypeError, ValueError, NameError) as error:
        raise UnsupportedAnnotationError(function, parameter, _reason(error)) from error


def _check_has_schema(function: str, parameter: str, annotation: Any) -> None:
    """Raise for the parameter whose type pydantic cannot describe in JSON Schema."""
    from pydantic.errors import PydanticUserError

    adapter = _adapter(function, parameter, annotation)
    try:
        adapter.json_schema(schema_generator=_generator())
    except (PydanticUserError, TypeError, ValueError) as error:
        raise UnsupportedAnnotationError(function, parameter, _reason(error)) from error


def _is_object_schema(schema: Mapping[str, Any]) -> bool:
    if schema.get("type") == "object":
        return True
    reference = schema.get("$ref")
    if isinstance(reference, str) and reference.startswith("#/$defs/"):
        target = schema.get("$defs", {}).get(reference.removeprefix("#/$defs/"), {})
        return isinstance(target, Mapping) and target.get("type") == "object"
    return False


def _no_output(annotation: Any) -> bool:
    """True for return types that declare no structured result."""
    from toolbridge._result import _CONTENT_TYPES, ToolResult

    if annotation in (EMPTY, None, NoneType, Any, object):
        return True
    if isinstance(annotation, type) and issubclass(annotation, (ToolResult, *_CONTENT_TYPES)):
        return True
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is Annotated:
        return _no_output(args[0])
    if origin in (typing.Union, UnionType, list, Sequence, tuple):
        return any(_no_output(arg) for arg in args if arg not in (NoneType, Ellipsis))
    return False


def _output(
    function: str, annotation: Any, returns_doc: str | None
) -> tuple[dict[str, Any] | None, bool, TypeAdapter[Any] | None]:
    from pydantic.errors import PydanticUserError

    if _no_output(annotation):
        return None, False, None
    adapter = _adapter(function, "return", annotation)
    try:
        schema = adapter.json_schema(mode="serialization", schema_generator=_generator())
    except (PydanticUserError, TypeError, ValueError) as error:
        raise UnsupportedAnnotationError(function, "return", _reason(error)) from error
    serialiser = (
        None if conversion(annotation, int_kind=Conversion.NONE) is Conversion.NONE else adapter
    )
    if _is_object_schema(schema):
        if "$ref" in schema:
            schema["type"] = "object"  # a recursive model: say at the root what it is
        if returns_doc and "description" not in schema:
            schema["description"] = returns_doc
        return schema, False, serialiser
    definitions = schema.pop("$defs", None)
    schema.pop("title", None)  # a named type inlined at the root: the property names it
    if returns_doc and "description" not in schema:
        schema["description"] = returns_doc
    wrapped: dict[str, Any] = {
        "type": "object",
        "properties": {"result": schema},
        "required": ["result"],
    }
    if definitions:
        wrapped["$defs"] = definitions  # hoisted: "#/$defs/..." still resolves
    return wrapped, True, serialiser


def build(
    function: Callable[..., Any], *, localns: Mapping[str, Any] | None = None
) -> FunctionSchema:
    """Derive the schemas and the call plan of a callable.

    Args:
        function: A function, bound method, ``functools.partial`` or callable object.
        localns: Names to resolve string annotations with when the function's module
            globals do not have them (the namespace the tool was defined in).

    Raises:
        UnsupportedAnnotationError: A parameter or the return type has no JSON Schema,
            cannot be resolved, or is ``*args`` / ``**kwargs``; the error names it.
        ToolDefinitionError: The callable is a class, has no signature, or is a method
            taken from its class.
    """
    from pydantic import BaseModel, ConfigDict, Field, create_model
    from pydantic.errors import PydanticUserError

    where = qualname(function)
    signature = _signature(function, where)
    source = _source(function)
    name, doc = _name_and_doc(function, source)
    globalns: dict[str, Any] = getattr(source, "__globals__", {})
    description, parameter_docs, returns_doc = _parse_docstring(doc)

    fields: dict[str, Any] = {}
    hints: dict[str, Any] = {}
    for index, (parameter_name, parameter) in enumerate(signature.parameters.items()):
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            raise UnsupportedAnnotationError(
                where, parameter_name, "*args and **kwargs have no JSON Schema; name each one"
            )
        raw = parameter.annotation
        hint = Any if raw is EMPTY else _resolve(where, parameter_name, raw, globalns, localns)
        hints[parameter_name] = hint
        options: dict[str, Any] = {"alias": parameter_name}
        if parameter.default is not EMPTY:
            options["default"] = parameter.default
        if not _has_description(hint) and parameter_name in parameter_docs:
            options["description"] = parameter_docs[parameter_name]
        fields[f"p{index}"] = (hint, Field(**options))

    try:
        model: type[BaseModel] = create_model(
            f"{name or 'tool'}_arguments", __config__=ConfigDict(extra="forbid"), **fields
        )
        input_schema = model.model_json_schema(schema_generator=_generator())
    except (PydanticUserError, TypeError, ValueError, NameError) as error:
        for parameter_name, hint in hints.items():
            _check_has_schema(where, parameter_name, hint)
        raise UnsupportedAnnotationError(where, "*", _reason(error)) from error
    input_schema.pop("title", None)
    input_schema.setdefault("properties", {})

    parameters = tuple(
        _plan(
            where,
            parameter,
            hints[parameter.name],
            model.model_fields[f"p{index}"],
            input_schema["properties"][parameter.name],
        )
        for index, parameter in enumerate(signature.parameters.values())
    )
    raw_return = signature.return_annotation
    return_hint = (
        raw_return
        if raw_return is EMPTY
        else _resolve(where, "return", raw_return, globalns, localns)
    )
    output_schema, wrapped, output_adapter = _output(where, return_hint, returns_doc)
    return FunctionSchema(
        name=name or "",
        qualname=where,
        module=getattr(source, "__module__", None),
        description=description,
        input_schema=input_schema,
        output_schema=output_schema,
        output_wrapped=wrapped,
        output_adapter=output_adapter,
        parameters=parameters,
    )


def _has_description(annotation: Any) -> bool:
    """True when ``Annotated[..., Field(description=...)]`` already describes it."""
    if typing.get_origin(annotation) is not Annotated:
        return False
    return any(getattr(item, "description", None) for item in annotation.__metadata__)


def _plan(
    function: str,
    parameter: inspect.Parameter,
    hint: Any,
    field: Any,
    property_schema: Mapping[str, Any],
) -> Parameter:
    kind = conversion(hint)
    default_json = property_schema.get("default", EMPTY)
    fill = None
    if parameter.default is EMPTY and not field.is_required() and default_json is EMPTY:
        fill = functools.partial(field.get_default, call_default_factory=True, validated_data={})
    return Parameter(
        name=parameter.name,
        positional_only=parameter.kind is parameter.POSITIONAL_ONLY,
        conversion=kind,
        adapter=_adapter(function, parameter.name, hint) if kind is Conversion.ADAPTER else None,
        default=parameter.default,
        default_json=default_json,
        fill=fill,
    )
