"""How a validated JSON value becomes the Python value a function wants (`Conversion`).

`conversion` reads a type hint: JSON-native types (``str``, ``float``, ``bool``,
``list[str]``, ``dict[str, Any]``, constraint-only ``Annotated``, ...) need nothing,
a bare ``int`` needs ``1.0`` made ``1``, and everything else goes through pydantic.
Deciding this once per parameter is what lets plain parameters cost nothing at call
time.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping, Sequence
from enum import Enum
from types import NoneType, UnionType
from typing import Annotated, Any, Final, Literal

_MAX_DEPTH: Final = 16


class Conversion(Enum):
    """How a validated JSON argument becomes the value the function is called with."""

    NONE = "none"
    """The JSON value already is the Python value (str, float, bool, list, dict, ...)."""
    INT = "int"
    """An ``int``: JSON Schema's integer accepts ``1.0``, which becomes ``1``."""
    ADAPTER = "adapter"
    """Anything else (models, dataclasses, enums, dates, tuples, sets, validators):
    converted by pydantic."""
    CONTEXT = "context"
    """Not an argument: a `toolbridge.ToolContext` the call supplies (not in the schema)."""


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
