"""Tools from plain Python functions: the ``@tool`` decorator and `from_function`.

The input schema comes from the type hints (through pydantic), descriptions from the
docstring, and the output schema from the return annotation. The function becomes
the tool's invoker: arguments arrive validated, converted to the annotated Python
types (models, dataclasses, enums, dates, tuples, sets) where JSON alone is not
enough, and the return value is normalised into a `ToolResult`.

Plain parameters (``str``, ``int``, ``float``, ``bool``, ``list[str]``, ``dict``, ...)
cost nothing at call time: the function is called with the validated arguments as
they are, an ``int`` given as ``1.0`` (valid JSON Schema) being the one fix-up.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, final, overload

from toolbridge._content import CONTENT_TYPES
from toolbridge._context import TOOL_CONTEXT, ContextRaised
from toolbridge._functions._arguments import Conversion
from toolbridge._functions._signature import EMPTY
from toolbridge._result import ToolResult, to_result
from toolbridge._runtime import await_coroutine, await_in_thread, run_coroutine, run_in_thread
from toolbridge._tool import Tool, ToolAnnotations
from toolbridge.errors import ArgumentValidationError, ToolDefinitionError, ToolExecutionError

if TYPE_CHECKING:
    from pydantic import TypeAdapter

    from toolbridge._functions._schema import Parameter
    from toolbridge._validation._validator import ValidationIssue

__all__ = ["FunctionInvoker", "from_function", "tool"]

AnyFunction = Callable[..., Any]

_NORMALISED = (ToolResult, *CONTENT_TYPES)
"""Return values `to_result` takes as they are."""


@final
class FunctionInvoker:
    """Runs a Python callable as a tool (the invoker `from_function` attaches).

    Receives arguments already validated against the tool's input schema, converts
    those whose annotated type JSON cannot carry (a pydantic model, a dataclass, an
    `Enum`, a `datetime`, a `tuple`, a `set`, ...), calls the function, and normalises
    what it returns with `toolbridge.to_result`. A conversion failure raises
    `ArgumentValidationError` with the argument's path; the function is not called.

    Attributes:
        function: The wrapped callable.
        name: The tool's name, for errors.
        is_async: Whether calling it returns an awaitable.
    """

    __slots__ = (
        "_direct",
        "_ints",
        "_output_adapter",
        "_output_wrapped",
        "_parameters",
        "function",
        "is_async",
        "name",
    )

    def __init__(
        self,
        function: AnyFunction,
        *,
        name: str,
        parameters: tuple[Parameter, ...],
        output_adapter: TypeAdapter[Any] | None,
        output_wrapped: bool,
    ) -> None:
        self.function = function
        self.name = name
        self.is_async = _is_async(function)
        self._parameters = parameters
        self._ints = tuple(p.name for p in parameters if p.conversion is Conversion.INT)
        # The direct path: `function(**arguments)`, after the int fix-up.
        self._direct = all(
            p.conversion not in (Conversion.ADAPTER, Conversion.CONTEXT)
            and p.fill is None
            and not p.positional_only
            for p in parameters
        )
        self._output_adapter = output_adapter
        self._output_wrapped = output_wrapped

    def __repr__(self) -> str:
        return f"FunctionInvoker({getattr(self.function, '__qualname__', self.function)!r})"

    def call(self, arguments: dict[str, Any], timeout: float | None) -> ToolResult:
        """Run the function; an async one runs in a fresh event loop."""
        if self.is_async:
            return run_coroutine(
                lambda: self._run_async(arguments), timeout=timeout, tool_name=self.name
            )
        if timeout is None:
            return self._run_sync(arguments)
        return run_in_thread(
            lambda: self._run_sync(arguments), timeout=timeout, tool_name=self.name
        )

    async def acall(self, arguments: dict[str, Any], timeout: float | None) -> ToolResult:
        """Await the function; a sync one runs in a worker thread."""
        if not self.is_async:
            return await await_in_thread(
                lambda: self._run_sync(arguments), timeout=timeout, tool_name=self.name
            )
        return await await_coroutine(
            self._run_async(arguments), timeout=timeout, tool_name=self.name
        )

    def _run_sync(self, arguments: dict[str, Any]) -> ToolResult:
        if self._direct:
            for name in self._ints:
                if arguments.get(name).__class__ is float:
                    arguments = _integral(arguments, self._ints)
                    break
            try:
                value = self.function(**arguments)
            except ContextRaised:  # the caller's own channel stopped the call
                raise
            except Exception as error:
                raise ToolExecutionError(self.name, error) from error
        else:
            args, kwargs = self._bind(arguments)
            try:
                value = self.function(*args, **kwargs)
            except ContextRaised:  # the caller's own channel stopped the call
                raise
            except Exception as error:
                raise ToolExecutionError(self.name, error) from error
        return self._result(value)

    async def _run_async(self, arguments: dict[str, Any]) -> ToolResult:
        if self._direct:
            args: list[Any] = []
            kwargs = _integral(arguments, self._ints) if self._ints else arguments
        else:
            args, kwargs = self._bind(arguments)
        try:
            value = await self.function(*args, **kwargs)
        except ContextRaised:  # the caller's own channel stopped the call
            raise
        except Exception as error:
            raise ToolExecutionError(self.name, error) from error
        return self._result(value)

    def _bind(self, arguments: Mapping[str, Any]) -> tuple[list[Any], dict[str, Any]]:
        """Positional-only arguments in order, the rest by keyword, each converted."""
        args: list[Any] = []
        kwargs: dict[str, Any] = {}
        issues: list[ValidationIssue] = []
        for parameter in self._parameters:
            name = parameter.name
            value: Any
            if parameter.conversion is Conversion.CONTEXT:
                value = TOOL_CONTEXT  # given, never taken from the arguments
            elif name in arguments:
                value = arguments[name]
                if parameter.adapter is not None:
                    if _same(value, parameter.default_json):
                        value = parameter.default  # the function's own default object
                    else:
                        try:
                            value = parameter.adapter.validate_python(value)
                        except ValueError as error:  # pydantic's ValidationError
                            issues.extend(_pydantic_issues(name, error))
                            continue
                elif parameter.conversion is Conversion.INT and value.__class__ is float:
                    value = int(value)
            elif parameter.fill is not None:
                value = parameter.fill()
            elif parameter.positional_only and parameter.default is not EMPTY:
                value = parameter.default  # keeps later positional arguments in place
            else:
                continue
            if parameter.positional_only:
                args.append(value)
            else:
                kwargs[name] = value
        if issues:
            raise ArgumentValidationError(self.name, issues)
        return args, kwargs

    def _result(self, value: Any) -> ToolResult:
        if (
            self._output_adapter is not None
            and value is not None
            and not isinstance(value, _NORMALISED)
        ):
            value = _serialise(self._output_adapter, value)
        return to_result(value, wrap_output=self._output_wrapped)


def _integral(arguments: Mapping[str, Any], names: tuple[str, ...]) -> dict[str, Any]:
    """A copy of the arguments with integral floats of int parameters made ints."""
    fixed = dict(arguments)
    for name in names:
        value = fixed.get(name)
        if value.__class__ is float:
            fixed[name] = int(value)
    return fixed


def _same(value: Any, default: Any) -> bool:
    """True when a JSON value is the schema's default (``true`` is not ``1`` in JSON).

    The function then gets its own default object, unconverted: an enum member, a
    dataclass instance, or a default that does not match the annotation (``= None``).
    """
    return type(value) is type(default) and value == default


def _serialise(adapter: TypeAdapter[Any], value: Any) -> Any:
    """JSON data for a return value, as its annotated type serialises it."""
    from pydantic_core import PydanticSerializationError

    try:
        return adapter.dump_python(value, mode="json", warnings="error")
    except (PydanticSerializationError, TypeError, ValueError):
        return value  # not what the annotation says: the output schema check reports it


def _pydantic_issues(parameter: str, error: Any) -> list[ValidationIssue]:
    from toolbridge._validation._validator import IssueKind, ValidationIssue

    kinds = {
        "missing": IssueKind.REQUIRED,
        "extra_forbidden": IssueKind.ADDITIONAL_PROPERTY,
        "enum": IssueKind.ENUM,
        "literal_error": IssueKind.ENUM,
    }
    issues = []
    for detail in error.errors(include_url=False):
        kind = kinds.get(detail["type"])
        if kind is None:
            type_error = detail["type"].endswith(("_type", "_parsing"))
            kind = IssueKind.TYPE if type_error else IssueKind.CONSTRAINT
        issues.append(ValidationIssue((parameter, *detail["loc"]), kind, str(detail["msg"])))
    return issues


def _is_async(function: AnyFunction) -> bool:
    if inspect.iscoroutinefunction(function):
        return True
    call = getattr(function, "__call__", None)  # noqa: B004 - async callable objects
    return call is not None and inspect.iscoroutinefunction(call)


def _definition_namespace() -> Mapping[str, Any]:
    """The local names where the tool is being defined, for its string annotations."""
    frame = sys._getframe(1)
    while frame.f_back is not None and frame.f_globals.get("__name__") in (
        __name__,
        "toolbridge._tool",
    ):
        frame = frame.f_back
    return frame.f_locals


def from_function(
    function: AnyFunction,
    *,
    name: str | None = None,
    title: str | None = None,
    description: str | None = None,
    annotations: ToolAnnotations | Mapping[str, Any] | None = None,
    tags: Iterable[str] = (),
    namespace: str | None = None,
    category: str | None = None,
    version: str | None = None,
    meta: Mapping[str, Any] | None = None,
) -> Tool:
    """Make a tool from a sync or async callable.

    Functions, bound methods, ``functools.partial`` objects (keywords bound by the
    partial are not exposed) and objects with a ``__call__`` method all work.

    Args:
        function: The callable; its type hints give the input schema, its return
            annotation the output schema, its docstring the descriptions.
        name: The tool's name; defaults to the function's ``__name__`` (the class name
            for a callable object).
        title: A display title.
        description: Overrides the description taken from the docstring.
        annotations: Behaviour hints, as `ToolAnnotations` or its dict form.
        tags: Labels for filtering and search.
        namespace: The group the tool belongs to.
        category: A coarse grouping for catalogues.
        version: The definition's version.
        meta: Extra metadata kept on the tool.

    Returns:
        The tool, with a `FunctionInvoker` attached.

    Raises:
        UnsupportedAnnotationError: A parameter's type (or the return type) has no JSON
            Schema or cannot be resolved, or the function takes ``*args`` /
            ``**kwargs``; the error names the parameter.
        ToolDefinitionError: The callable cannot be a tool (a class, a lambda without
            `name`, a method taken from its class) or a field is unusable.
    """
    from toolbridge._functions._schema import build

    if not callable(function):
        raise ToolDefinitionError(f"a tool needs a callable, got {type(function).__name__}")
    schema = build(function, localns=_definition_namespace())
    tool_name = name if name is not None else schema.name
    if tool_name == "<lambda>":
        raise ToolDefinitionError("a lambda has no name: pass `name=`")
    if isinstance(annotations, Mapping):
        annotations = ToolAnnotations.from_dict(annotations)
    invoker = FunctionInvoker(
        function,
        name=tool_name,
        parameters=schema.parameters,
        output_adapter=schema.output_adapter,
        output_wrapped=schema.output_wrapped,
    )
    source = {
        "module": schema.module,
        "qualname": schema.qualname,
        "output_wrapped": schema.output_wrapped,
    }
    return Tool(
        name=tool_name,
        title=title,
        description=schema.description if description is None else description,
        input_schema=schema.input_schema,
        output_schema=schema.output_schema,
        annotations=annotations or ToolAnnotations(),
        namespace=namespace,
        version=version,
        tags=frozenset(tags),
        category=category,
        meta={"source": "function", "function": source, **(meta or {})},
        invoker=invoker,
    )


@overload
def tool(function: AnyFunction, /) -> Tool: ...
@overload
def tool(
    *,
    name: str | None = None,
    title: str | None = None,
    description: str | None = None,
    annotations: ToolAnnotations | Mapping[str, Any] | None = None,
    tags: Iterable[str] = (),
    namespace: str | None = None,
    category: str | None = None,
    version: str | None = None,
    meta: Mapping[str, Any] | None = None,
) -> Callable[[AnyFunction], Tool]: ...
def tool(
    function: AnyFunction | None = None,
    /,
    *,
    name: str | None = None,
    title: str | None = None,
    description: str | None = None,
    annotations: ToolAnnotations | Mapping[str, Any] | None = None,
    tags: Iterable[str] = (),
    namespace: str | None = None,
    category: str | None = None,
    version: str | None = None,
    meta: Mapping[str, Any] | None = None,
) -> Tool | Callable[[AnyFunction], Tool]:
    """Turn a function into a `Tool`: ``@tool`` bare, or ``@tool(name=..., ...)``.

    The decorated name is bound to the `Tool`; the function stays reachable as
    ``tool.invoker.function``. See `from_function` for the options and errors.

    Args:
        function: The function, when used bare as ``@tool``.
        name: The tool's name; defaults to the function's ``__name__``.
        title: A display title.
        description: Overrides the description taken from the docstring.
        annotations: Behaviour hints, as `ToolAnnotations` or its dict form.
        tags: Labels for filtering and search.
        namespace: The group the tool belongs to.
        category: A coarse grouping for catalogues.
        version: The definition's version.
        meta: Extra metadata kept on the tool.

    Returns:
        The tool, or a decorator that makes one.
    """

    def decorate(function: AnyFunction) -> Tool:
        return from_function(
            function,
            name=name,
            title=title,
            description=description,
            annotations=annotations,
            tags=tags,
            namespace=namespace,
            category=category,
            version=version,
            meta=meta,
        )

    return decorate if function is None else decorate(function)
