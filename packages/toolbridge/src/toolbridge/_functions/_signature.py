"""What a Python callable declares: its name, docstring, signature and type hints.

Reads through ``functools.partial``, bound methods, decorators (``__wrapped__``) and
callable objects to the function behind them, refuses callables that cannot be tools
(classes, generator functions, methods taken from their class), and evaluates string
annotations and forward references.
"""

from __future__ import annotations

import functools
import inspect
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final

from toolbridge.errors import ToolDefinitionError, UnsupportedAnnotationError

EMPTY: Final = inspect.Parameter.empty
"""Marks a parameter without a Python default, or without a default in the schema."""

_MAX_UNWRAP: Final = 32


# -- the callable ---------------------------------------------------------------------


def qualname(function: Callable[..., Any]) -> str:
    """A name for messages."""
    name = getattr(function, "__qualname__", None)
    if isinstance(name, str):
        return name
    if isinstance(function, functools.partial):
        return f"partial({qualname(function.func)})"
    return type(function).__qualname__


def source_of(function: Callable[..., Any]) -> Any:
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


def name_and_doc(function: Callable[..., Any], source: Any) -> tuple[str | None, str]:
    """The callable's own name and its docstring (`source` is `source_of(function)`)."""
    if inspect.isroutine(function):
        return getattr(function, "__name__", None), inspect.getdoc(function) or ""
    if isinstance(function, functools.partial):
        return getattr(source, "__name__", None), inspect.getdoc(source) or ""
    # A callable object: named after its class, described by __call__ or the class.
    doc = (source.__doc__ and inspect.getdoc(source)) or inspect.getdoc(type(function)) or ""
    return type(function).__name__, doc


def signature_of(function: Callable[..., Any], name: str) -> inspect.Signature:
    """The parameters the caller chooses, after refusing callables that cannot be tools."""
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
    source = source_of(function)
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


def resolve_annotation(
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
