"""Canonical tools as LangChain ``StructuredTool`` objects that toolbridge validates.

The arguments schema is the tool's input schema, as a JSON Schema dict, kept as
given: LangChain then hands the model's arguments over unchecked (it would pass
``{"a": "1"}`` to an ``int`` parameter), and toolbridge validates them on every call.
Invalid arguments, a tool that fails and an ``isError`` result raise LangChain's
``ToolException`` with a text the model can correct itself from (each issue with its
path); ``handle_tool_error`` is on, so an agent gets it as an error ``ToolMessage`` and
goes on. A result is the tool's content for the model (`toolbridge_langchain._content`)
and the `ToolResult` itself as the message's artifact.

With ``strict=True`` the schema the model is shown (``tool_call_schema``, what
``bind_tools`` converts) is toolbridge's OpenAI strict schema: optional properties
nullable, objects closed. LangChain's own strict conversion (``convert_to_openai_tool(
..., strict=True)``) then changes nothing, where on the tool's own schema it would
make optional properties required without ``null``; the nulls the model sends for
them are removed before the call. A tool that cannot be strict keeps its own schema.

Called inside a LangGraph run, a tool's server asking the user raises LangGraph
interrupts (`toolbridge_langchain._interrupts`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Annotated, Any, NoReturn, overload

from langchain_core.tools import StructuredTool, ToolException
from langchain_core.tools.base import ArgsSchema
from pydantic import Field, SkipValidation
from typing_extensions import override

from toolbridge import (
    ConversionError,
    ElicitationError,
    InvocationError,
    Tool,
    ToolbridgeError,
    ToolExecutionError,
    ToolResult,
    ToolTimeoutError,
    thaw,
)
from toolbridge.formats import Conversion, convert, tools_given
from toolbridge_langchain._content import Content, message_content
from toolbridge_langchain._interrupts import (
    ask_in_graph,
    ask_in_graph_sync,
    graph_control,
    in_graph_run,
)
from toolbridge_langchain._metadata import write_metadata

__all__ = ["ToolbridgeStructuredTool", "to_langchain"]


class ToolbridgeStructuredTool(StructuredTool):
    """A ``StructuredTool`` made by toolbridge: it runs, and keeps, a canonical tool.

    Its function gets the arguments as one dict, so no argument name clashes with
    LangChain's own keyword arguments (``config``, ``callbacks``, ``run_manager``).
    """

    toolbridge_tool: Annotated[Tool, SkipValidation()] = Field(exclude=True)
    """The canonical tool it runs."""
    toolbridge_strict: Annotated[Conversion | None, SkipValidation()] = Field(
        default=None, exclude=True
    )
    """The OpenAI strict conversion the model is shown (``strict=True``), else None."""

    @property
    @override
    def tool_call_schema(self) -> ArgsSchema:
        """The schema of the arguments the model sends: the strict one, when made so."""
        if self.toolbridge_strict is None:
            return super().tool_call_schema
        parameters: dict[str, Any] = thaw(self.toolbridge_strict.output["function"]["parameters"])
        return parameters

    @override
    def _to_args_and_kwargs(
        self, tool_input: str | dict[str, Any], tool_call_id: str | None
    ) -> tuple[tuple[Any, ...], dict[str, Any]]:
        # The model's arguments, as one value: a dict, or JSON text toolbridge parses.
        return (tool_input,), {}


@overload
def to_langchain(
    tools: Tool,
    /,
    *,
    timeout: float | None = None,
    strict: bool = False,
    interrupts: bool = True,
) -> ToolbridgeStructuredTool: ...
@overload
def to_langchain(
    tools: Iterable[Tool],
    /,
    *,
    timeout: float | None = None,
    strict: bool = False,
    interrupts: bool = True,
) -> list[ToolbridgeStructuredTool]: ...
def to_langchain(
    tools: Tool | Iterable[Tool],
    /,
    *,
    timeout: float | None = None,
    strict: bool = False,
    interrupts: bool = True,
) -> ToolbridgeStructuredTool | list[ToolbridgeStructuredTool]:
    """Canonical tools as LangChain structured tools.

    Args:
        tools: One tool or an iterable of them.
        timeout: Seconds each call may take (`ToolTimeoutError`, told to the model).
        strict: Show the model toolbridge's OpenAI strict schema of each tool that can
            be strict, for ``model.bind_tools(tools, strict=True)``; the model's nulls
            for optional properties are removed before the call.
        interrupts: In a LangGraph run, ask the user a server's questions with
            LangGraph interrupts (default); False leaves them to the MCP client's own
            ``on_elicit`` (or its decline), as outside a graph run.

    Raises:
        ConversionError: Something other than tools, or a flag not a bool.
    """
    for flag, value in (("strict", strict), ("interrupts", interrupts)):
        if not isinstance(value, bool):
            raise ConversionError(f"{flag} must be True or False, got {type(value).__name__}")
    listed, single = tools_given(tools, "to_langchain")
    made = [_structured_tool(item, timeout, strict, interrupts) for item in listed]
    return made[0] if single else made


def _strict(tool: Tool) -> Conversion | None:
    """The tool's OpenAI strict conversion, None when its schema cannot be strict."""
    conversion = convert(tool, "openai", strict=True)
    return conversion if tool.name in conversion.strict else None


def _structured_tool(
    tool: Tool, timeout: float | None, strict: bool, interrupts: bool
) -> ToolbridgeStructuredTool:
    langchain = tool.meta.get("langchain")  # what `from_langchain` kept
    own: dict[str, Any] = thaw(langchain) if isinstance(langchain, Mapping) else {}
    own_metadata, extras = own.get("metadata"), own.get("extras")
    conversion = _strict(tool) if strict else None

    def restored(arguments: Any) -> Any:
        """The model's arguments with strict mode's nulls for optional properties removed."""
        if conversion is None or not isinstance(arguments, Mapping):
            return arguments
        return conversion.restore_arguments(tool.name, arguments)

    def run(arguments: Any) -> tuple[Content, ToolResult]:
        try:
            arguments = restored(arguments)
            if interrupts and in_graph_run():
                result = ask_in_graph_sync(tool, tool.name, arguments, timeout)
            else:
                result = tool.invoke(arguments, timeout=timeout)
        except ToolbridgeError as error:
            _raise_for(error)
        return _response(result)

    async def arun(arguments: Any) -> tuple[Content, ToolResult]:
        try:
            arguments = restored(arguments)
            if interrupts and in_graph_run():
                result = await ask_in_graph(tool, tool.name, arguments, timeout)
            else:
                result = await tool.ainvoke(arguments, timeout=timeout)
        except ToolbridgeError as error:
            _raise_for(error)
        return _response(result)

    return ToolbridgeStructuredTool(
        name=tool.name,
        description=tool.description,
        args_schema=thaw(tool.input_schema),
        func=run,
        coroutine=arun,
        response_format="content_and_artifact",
        handle_tool_error=True,
        tags=sorted(tool.tags) or None,
        metadata=write_metadata(tool, own_metadata if isinstance(own_metadata, dict) else {}),
        return_direct=own.get("return_direct") is True,
        extras=extras if isinstance(extras, dict) else None,
        toolbridge_tool=tool,
        toolbridge_strict=conversion,
    )


def _raise_for(error: ToolbridgeError) -> NoReturn:
    """Raise what LangChain is given for a failed call.

    LangGraph's control flow (an ``interrupt()`` in the tool) as it was raised, so the
    run pauses; what the model can correct or try again as a ``ToolException``, which
    it reads; and a failure that is not the model's doing (no invoker, an async tool
    in a running loop, an answer to a server's question that cannot be read or that
    its form refuses) as it is.
    """
    control = graph_control(error)
    if control is not None:
        raise control from None
    if isinstance(error, (ToolExecutionError, ToolTimeoutError)):
        raise ToolException(f"Error: {error}") from error
    if isinstance(error, (InvocationError, ElicitationError)):
        raise error
    raise ToolException(f"Error: {error}") from error


def _response(result: ToolResult) -> tuple[Content, ToolResult]:
    if result.is_error:
        raise ToolException(f"Error: {result.text or 'the tool reported an error'}")
    return message_content(result), result
