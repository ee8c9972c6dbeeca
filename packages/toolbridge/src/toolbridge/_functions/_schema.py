"""JSON Schemas and a call plan from a Python callable's signature, hints and docstring.

pydantic generates the schemas (every type pydantic knows works, with the constraints
of ``Annotated[..., Field(...)]``); this module decides what goes in: one property per
parameter under its own name (fields are aliased internally, so names like ``json`` or
``model_config`` are fine), descriptions from the docstring (Google, NumPy, reST), no
titles derived from field names, ``additionalProperties: false`` (a function takes no
unknown keywords), and an output schema from the return annotation, wrapped as
``{"result": ...}`` with its ``$defs`` hoisted when the return type is not an object.

It also plans, per parameter, how a validated JSON value becomes the Python value the
function wants (a `Parameter`: its `Conversion`, adapter and defaults), so that plain
parameters cost nothing at call time. The callable itself is read by `_signature`, its
docstring by `_docstrings`, and the kind of conversion a type needs is decided by
`_arguments` (all three beside this module).
"""

from __future__ import annotations

import functools
import inspect
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import NoneType, UnionType
from typing import TYPE_CHECKING, Annotated, Any

from toolbridge._functions._arguments import Conversion, conversion
from toolbridge._functions._docstrings import parse_docstring
from toolbridge._functions._signature import (
    EMPTY,
    name_and_doc,
    qualname,
    resolve_annotation,
    signature_of,
    source_of,
)
from toolbridge.errors import UnsupportedAnnotationError

if TYPE_CHECKING:
    from pydantic import TypeAdapter
    from pydantic.json_schema import JsonSchemaWarningKind


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
    from toolbridge._content import CONTENT_TYPES
    from toolbridge._result import ToolResult

    if annotation in (EMPTY, None, NoneType, Any, object):
        return True
    if isinstance(annotation, type) and issubclass(annotation, (ToolResult, *CONTENT_TYPES)):
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
    signature = signature_of(function, where)
    source = source_of(function)
    name, doc = name_and_doc(function, source)
    globalns: dict[str, Any] = getattr(source, "__globals__", {})
    description, parameter_docs, returns_doc = parse_docstring(doc)

    fields: dict[str, Any] = {}
    hints: dict[str, Any] = {}
    contexts: set[str] = set()
    for index, (parameter_name, parameter) in enumerate(signature.parameters.items()):
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            raise UnsupportedAnnotationError(
                where, parameter_name, "*args and **kwargs have no JSON Schema; name each one"
            )
        raw = parameter.annotation
        hint = (
            Any
            if raw is EMPTY
            else resolve_annotation(where, parameter_name, raw, globalns, localns)
        )
        if _is_context(hint):
            contexts.add(parameter_name)  # given by the call, never by the model
            continue
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
        _context_parameter(parameter)
        if parameter.name in contexts
        else _plan(
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
        else resolve_annotation(where, "return", raw_return, globalns, localns)
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


def _is_context(annotation: Any) -> bool:
    """True for a ``ToolContext`` parameter (optional or not): the call supplies it."""
    from toolbridge._context import ToolContext

    if annotation is ToolContext:
        return True
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, UnionType):
        args = [arg for arg in typing.get_args(annotation) if arg is not NoneType]
        return args == [ToolContext]
    return False


def _context_parameter(parameter: inspect.Parameter) -> Parameter:
    return Parameter(
        name=parameter.name,
        positional_only=parameter.kind is parameter.POSITIONAL_ONLY,
        conversion=Conversion.CONTEXT,
        adapter=None,
        default=parameter.default,
        default_json=EMPTY,
        fill=None,
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
