"""JSON Schemas from a Python function's signature, type hints and docstring.

pydantic generates the schemas (so every type pydantic knows works, constraints from
``Annotated[..., Field(...)]`` included); this module decides what goes in: one
property per parameter under its own name, descriptions from the docstring (Google,
NumPy, reST), no auto-generated titles, ``additionalProperties: false`` (a function
cannot take unknown keywords), and an output schema from the return annotation,
wrapped as ``{"result": ...}`` when the return type is not an object, as MCP requires.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import NoneType, UnionType
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal

from toolbridge.errors import UnsupportedAnnotationError

if TYPE_CHECKING:
    from pydantic import TypeAdapter

_EMPTY = inspect.Parameter.empty
_JSON_SCALARS: Final = (str, int, float, bool, NoneType)
_MAX_TYPE_DEPTH: Final = 16


@dataclass(frozen=True, slots=True)
class Parameter:
    """How one argument reaches the function."""

    name: str
    positional_only: bool
    coerce: TypeAdapter[Any] | None
    """Converts the validated JSON value to the annotated Python type, when needed."""


@dataclass(frozen=True, slots=True)
class FunctionSchema:
    """Everything derived from a function's signature."""

    description: str
    input_schema: dict[str, Any]
    output_schema: dict[str, Any] | None
    output_wrapped: bool
    output_adapter: TypeAdapter[Any] | None
    parameters: tuple[Parameter, ...]


def _qualname(function: Callable[..., Any]) -> str:
    return getattr(function, "__qualname__", None) or repr(function)


def _resolve_hints(function: Callable[..., Any], signature: inspect.Signature) -> dict[str, Any]:
    try:
        return typing.get_type_hints(function, include_extras=True)
    except Exception as error:  # NameError, TypeError, SyntaxError from string annotations
        failing = "return"
        globalns = getattr(function, "__globals__", {})
        raw = getattr(function, "__annotations__", {})
        for name, annotation in raw.items():
            if isinstance(annotation, str):
                try:
                    eval(annotation, globalns)  # resolving the author's own annotation
                except Exception:
                    failing = name
                    break
        if failing == "return" and "return" not in raw and signature.parameters:
            failing = next(iter(signature.parameters))
        raise UnsupportedAnnotationError(
            _qualname(function), failing, f"cannot resolve the annotation: {error}"
        ) from error


def _has_description(annotation: Any) -> bool:
    """True when ``Annotated[..., Field(description=...)]`` already describes the parameter."""
    if typing.get_origin(annotation) is not Annotated:
        return False
    return any(getattr(extra, "description", None) for extra in typing.get_args(annotation)[1:])


def _is_json_native(annotation: Any, depth: int = 0) -> bool:
    """True when a validated JSON value already is the Python value the function wants."""
    if depth > _MAX_TYPE_DEPTH:
        return False
    if annotation is Any or annotation is object or annotation in _JSON_SCALARS:
        return annotation is not int  # JSON Schema's integer accepts 1.0: coerce ints
    if annotation is None:
        return True
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is Annotated:
        return _is_json_native(args[0], depth + 1)
    if origin is Literal:
        return True
    if origin in (typing.Union, UnionType):
        return all(_is_json_native(arg, depth + 1) for arg in args)
    if origin in (list, Sequence) or annotation in (list, dict):
        return all(_is_json_native(arg, depth + 1) for arg in args)
    if origin in (dict, Mapping):
        return len(args) < 2 or (args[0] is str and _is_json_native(args[1], depth + 1))
    if typing.is_typeddict(annotation):
        hints = typing.get_type_hints(annotation)
        return all(_is_json_native(hint, depth + 1) for hint in hints.values())
    return False


def _generator() -> type[Any]:
    from pydantic.json_schema import GenerateJsonSchema

    class ToolJsonSchema(GenerateJsonSchema):
        """pydantic's generator without the titles it derives from field names."""

        def field_title_should_be_set(self, schema: Any) -> bool:
            return False

    return ToolJsonSchema


def _parameter_docs(function: Callable[..., Any]) -> tuple[str, dict[str, str], str | None]:
    import docstring_parser

    doc = inspect.getdoc(function) or ""
    try:
        parsed = docstring_parser.parse(doc)
    except docstring_parser.ParseError:
        return doc.strip(), {}, None
    summary = "\n\n".join(
        part.strip() for part in (parsed.short_description, parsed.long_description) if part
    )
    params = {p.arg_name: p.description.strip() for p in parsed.params if p.description}
    returns = (
        parsed.returns.description.strip()
        if parsed.returns and parsed.returns.description
        else None
    )
    return summary, params, returns


def build(function: Callable[..., Any]) -> FunctionSchema:
    """Derive schemas and a call plan from a function.

    Raises:
        UnsupportedAnnotationError: A parameter or the return type has no JSON Schema,
            or is ``*args`` / ``**kwargs``; the error names it.
    """
    from pydantic import BaseModel, ConfigDict, Field, create_model
    from pydantic.errors import PydanticUserError

    qualname = _qualname(function)
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError) as error:
        raise UnsupportedAnnotationError(qualname, "*", f"no signature: {error}") from error
    hints = _resolve_hints(function, signature)
    summary, parameter_docs, returns_doc = _parameter_docs(function)

    fields: dict[str, Any] = {}
    parameters: list[Parameter] = []
    for index, (name, parameter) in enumerate(signature.parameters.items()):
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            raise UnsupportedAnnotationError(
                qualname, name, "*args and **kwargs have no JSON Schema; name each parameter"
            )
        annotation = hints.get(name, Any)
        info = Field(
            default=... if parameter.default is _EMPTY else parameter.default,
            alias=name,
            description=None if _has_description(annotation) else parameter_docs.get(name),
        )
        fields[f"p{index}"] = (annotation, info)
        coerce = None if _is_json_native(annotation) else _adapter(qualname, name, annotation)
        parameters.append(Parameter(name, parameter.kind is parameter.POSITIONAL_ONLY, coerce))

    try:
        model: type[BaseModel] = create_model(
            f"{getattr(function, '__name__', 'tool')}_arguments",
            __config__=ConfigDict(
                extra="forbid", populate_by_name=True, protected_namespaces=(), title=None
            ),
            **fields,
        )
        input_schema = model.model_json_schema(schema_generator=_generator())
    except (PydanticUserError, TypeError, ValueError) as error:
        _blame_parameter(qualname, signature, hints, error)
        raise  # pragma: no cover - _blame_parameter always raises
    input_schema.pop("title", None)
    input_schema.setdefault("properties", {})

    output_schema, wrapped, adapter = _output(qualname, signature, hints, returns_doc)
    return FunctionSchema(
        description=summary,
        input_schema=input_schema,
        output_schema=output_schema,
        output_wrapped=wrapped,
        output_adapter=adapter,
        parameters=tuple(parameters),
    )


def _adapter(qualname: str, name: str, annotation: Any) -> TypeAdapter[Any]:
    from pydantic import TypeAdapter
    from pydantic.errors import PydanticUserError

    try:
        return TypeAdapter(annotation)
    except (PydanticUserError, TypeError, ValueError) as error:
        raise UnsupportedAnnotationError(qualname, name, str(error).splitlines()[0]) from error


def _blame_parameter(
    qualname: str, signature: inspect.Signature, hints: Mapping[str, Any], error: Exception
) -> None:
    """Raise the error for the first parameter whose type has no JSON Schema."""
    from pydantic import TypeAdapter
    from pydantic.errors import PydanticUserError

    for name in signature.parameters:
        try:
            TypeAdapter(hints.get(name, Any)).json_schema()
        except (PydanticUserError, TypeError, ValueError) as inner:
            raise UnsupportedAnnotationError(qualname, name, str(inner).splitlines()[0]) from inner
    raise UnsupportedAnnotationError(qualname, "*", str(error).splitlines()[0]) from error


def _no_output(annotation: Any) -> bool:
    from toolbridge.result import _CONTENT_TYPES, ToolResult

    if annotation is _EMPTY or annotation is None or annotation is NoneType or annotation is Any:
        return True
    if isinstance(annotation, type) and issubclass(annotation, (ToolResult, *_CONTENT_TYPES)):
        return True
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is Annotated:
        return _no_output(args[0])
    if origin in (typing.Union, UnionType, list, Sequence, tuple):
        return any(_no_output(arg) for arg in args if arg is not NoneType and arg is not Ellipsis)
    return False


def _is_object_schema(schema: Mapping[str, Any]) -> bool:
    if schema.get("type") == "object":
        return True
    reference = schema.get("$ref")
    if isinstance(reference, str) and reference.startswith("#/$defs/"):
        target = schema.get("$defs", {}).get(reference.removeprefix("#/$defs/"), {})
        return isinstance(target, Mapping) and target.get("type") == "object"
    return False


def _output(
    qualname: str,
    signature: inspect.Signature,
    hints: Mapping[str, Any],
    returns_doc: str | None,
) -> tuple[dict[str, Any] | None, bool, TypeAdapter[Any] | None]:
    from pydantic.errors import PydanticUserError

    annotation = hints.get("return", signature.return_annotation)
    if inspect.iscoroutinefunction(annotation):  # pragma: no cover - defensive
        return None, False, None
    if _no_output(annotation):
        return None, False, None
    adapter = _adapter(qualname, "return", annotation)
    try:
        schema = adapter.json_schema(mode="serialization", schema_generator=_generator())
    except (PydanticUserError, TypeError, ValueError) as error:
        raise UnsupportedAnnotationError(qualname, "return", str(error).splitlines()[0]) from error
    if _is_object_schema(schema):
        if returns_doc and "description" not in schema:
            schema["description"] = returns_doc
        return schema, False, adapter
    definitions = schema.pop("$defs", None)
    if returns_doc and "description" not in schema:
        schema["description"] = returns_doc
    wrapped: dict[str, Any] = {
        "type": "object",
        "properties": {"result": schema},
        "required": ["result"],
    }
    if definitions:
        wrapped["$defs"] = definitions
    return wrapped, True, adapter
