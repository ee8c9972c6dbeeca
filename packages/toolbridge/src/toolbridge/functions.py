"""Tools from plain Python functions: the ``@tool`` decorator and `from_function`.

The input schema comes from the type hints (through pydantic), descriptions from the
docstring, and the output schema from the return annotation. The function becomes
the tool's invoker: arguments arrive validated, converted to the annotated Python
types (models, dataclasses, enums, dates, tuples, sets) where JSON alone is not
enough, and the return value is normalised into a `ToolResult`.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, final, overload

from toolbridge.errors import ArgumentValidationError, ToolbridgeError, ToolExecutionError
from toolbridge.result import _CONTENT_TYPES, ToolResult, to_result
from toolbridge.runtime import await_in_thread, run_coroutine, run_in_thread
from toolbridge._tool import Tool, ToolAnnotations

if TYPE_CHECKING:
    from pydantic import TypeAdapter

    from toolbridge._function_schema import Parameter

__all__ = ["FunctionInvoker", "from_function", "tool"]

AnyFunction = Callable[..., Any]


@final
class FunctionInvoker:
    """Runs a Python function as a tool (the invoker `from_function` attaches).

    Attributes:
        function: The wrapped function.
        is_async: Whether calling it returns an awaitable.
    """

    __slots__ = (
        "_direct",
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
        self._direct = all(p.coerce is None and not p.positional_only for p in parameters)
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
        if timeout is None:
            return await self._run_async(arguments)
        import asyncio

        from toolbridge.errors import ToolTimeoutError

        try:
            return await asyncio.wait_for(self._run_async(arguments), timeout)
        except TimeoutError:
            raise ToolTimeoutError(self.name, timeout) from None

    def _run_sync(self, arguments: dict[str, Any]) -> ToolResult:
        if self._direct:
            try:
                value = self.function(**arguments)
            except Exception as error:
                raise ToolExecutionError(self.name, error) from error
        else:
            args, kwargs = self._bind(arguments)
            try:
                value = self.function(*args, **kwargs)
            except Exception as error:
                raise ToolExecutionError(self.name, error) from error
        return self._result(value)

    async def _run_async(self, arguments: dict[str, Any]) -> ToolResult:
        args, kwargs = ((), arguments) if self._direct else self._bind(arguments)
        try:
            value = await self.function(*args, **kwargs)
        except Exception as error:
            raise ToolExecutionError(self.name, error) from error
        return self._result(value)

    def _bind(self, arguments: dict[str, Any]) -> tuple[list[Any], dict[str, Any]]:
        """Positional-only arguments in order, the rest by keyword, each converted."""
        from pydantic import ValidationError

        args: list[Any] = []
        kwargs: dict[str, Any] = {}
        issues: list[Any] = []
        for parameter in self._parameters:
            if parameter.name not in arguments:
                continue
            value = arguments[parameter.name]
            if parameter.coerce is not None:
                try:
                    value = parameter.coerce.validate_python(value)
                except ValidationError as error:
                    issues.extend(_pydantic_issues(parameter.name, error))
                    continue
            if parameter.positional_only:
                args.append(value)
            else:
                kwargs[parameter.name] = value
        if issues:
            raise ArgumentValidationError(self.name, issues)
        return args, kwargs

    def _result(self, value: Any) -> ToolResult:
        if (
            self._output_adapter is not None
            and not isinstance(value, (ToolResult, *_CONTENT_TYPES))
            and not (self._output_wrapped and value is None)
        ):
            value = _serialise(self._output_adapter, value)
        return to_result(value, wrap_output=self._output_wrapped)


def _serialise(adapter: TypeAdapter[Any], value: Any) -> Any:
    """JSON data for a return value, as its annotated type serialises it."""
    from pydantic_core import PydanticSerializationError

    try:
        return adapter.dump_python(value, mode="json", warnings="error")
    except (PydanticSerializationError, TypeError, ValueError):
        return value  # not what the annotation says; the output schema check reports it


def _pydantic_issues(parameter: str, error: Any) -> list[Any]:
    from toolbridge.validation import IssueKind, ValidationIssue

    return [
        ValidationIssue((parameter, *detail["loc"]), IssueKind.CONSTRAINT, str(detail["msg"]))
        for detail in error.errors(include_url=False)
    ]


def _is_async(function: AnyFunction) -> bool:
    if inspect.iscoroutinefunction(function):
        return True
    call = getattr(function, "__call__", None)  # noqa: B004 - async callable objects
    return call is not None and inspect.iscoroutinefunction(call)


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
    """Make a tool from a sync or async function.

    Args:
        function: The function; its type hints give the input schema, its return
            annotation the output schema, its docstring the descriptions.
        name: The tool's name; defaults to the function's ``__name__``.
        title: A display title.
        description: Overrides the docstring's summary.
        annotations: Behaviour hints, as `ToolAnnotations` or its dict form.
        tags: Labels for filtering and search.
        namespace: The group the tool belongs to.
        category: A coarse grouping for catalogues.
        version: The definition's version.
        meta: Extra metadata kept on the tool.

    Raises:
        UnsupportedAnnotationError: A parameter's type has no JSON Schema; it is named.
        ToolDefinitionError: A field is unusable (an empty name, say).
    """
    from toolbridge._function_schema import build

    if not callable(function):
        raise ToolbridgeError(f"a tool needs a callable, got {type(function).__name__}")
    schema = build(function)
    tool_name = name or getattr(function, "__name__", None) or type(function).__name__
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
        "module": getattr(function, "__module__", None),
        "qualname": getattr(function, "__qualname__", None),
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
    ``tool.invoker.function``. See `from_function` for the options.
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
