"""Canonical tools to and from pydantic-ai's ``Tool`` and toolsets, both ways.

To pydantic-ai: ``Tool.from_schema`` with the tool's input schema exactly as given
(pydantic-ai validates nothing against a raw schema), an ``args_validator`` that
checks the arguments with toolbridge and raises ``ModelRetry`` listing every issue
with its JSON path, so the model corrects itself, and a function that runs the tool
(``ainvoke``); an ``isError`` result is a ``ModelRetry`` with its text. The model
reads the structured content when there is some, else the text, and images, audio and
resources as pydantic-ai files beside it (`toolbridge_pydantic_ai._content`). A
question the tool's MCP server asks the user goes to the ``on_elicit`` handler given
(`toolbridge.answering`). `ToolbridgeToolset` is a ``FunctionToolset`` of
such tools: an ``AbstractToolset`` that composes with pydantic-ai's own wrappers
(``prefixed``, ``filtered``, ``CombinedToolset``, ...).

From pydantic-ai: a ``Tool`` (or a ``FunctionToolset`` of them) becomes a canonical
tool whose input schema is its ``parameters_json_schema`` and whose invoker calls the
tool's function with the validated arguments. A tool this module made gives its
canonical tool back unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, overload

from pydantic_ai import ModelRetry, RunContext
from pydantic_ai import Tool as PydanticTool
from pydantic_ai.toolsets import AbstractToolset, FunctionToolset
from pydantic_ai.toolsets.abstract import ToolsetTool

from toolbridge import (
    ConfigError,
    ConversionError,
    ElicitHandler,
    Tool,
    ToolbridgeError,
    answering,
    thaw,
)
from toolbridge.formats import tools_given
from toolbridge.plugins import (
    await_blocking,
    call_async,
    call_blocking,
    call_sync,
    raised_within,
)
from toolbridge_pydantic_ai._content import model_content, wraps_output

__all__ = ["ToolbridgeToolset", "from_pydantic_ai", "from_toolset", "to_pydantic_ai"]

_CANONICAL = "__toolbridge_tool__"
"""Where a pydantic-ai tool made here keeps its canonical tool (on its function)."""


@overload
def to_pydantic_ai(
    tools: Tool, /, *, on_elicit: ElicitHandler | None = None, media_links: bool = False
) -> PydanticTool[Any]: ...
@overload
def to_pydantic_ai(
    tools: Iterable[Tool], /, *, on_elicit: ElicitHandler | None = None, media_links: bool = False
) -> list[PydanticTool[Any]]: ...
def to_pydantic_ai(
    tools: Tool | Iterable[Tool],
    /,
    *,
    on_elicit: ElicitHandler | None = None,
    media_links: bool = False,
) -> PydanticTool[Any] | list[PydanticTool[Any]]:
    """Canonical tools as pydantic-ai tools: one for one, a list for an iterable.

    Args:
        tools: A tool, or an iterable of tools.
        on_elicit: Answers each question a tool's MCP server asks the user while the
            tool runs (a plain or async function of an `Elicitation`, returning an
            `ElicitResult`); without it, the client's own ``on_elicit`` answers, or
            the question is declined.
        media_links: Give the model a resource link to an ``http(s)`` image, audio
            file, video or document as pydantic-ai's ``ImageUrl`` (and kin), which
            pydantic-ai or the provider fetches; by default a link is described.

    Raises:
        ConversionError: Something other than tools.
        ConfigError: An `on_elicit` that is not callable.
    """
    listed, single = tools_given(tools, "to_pydantic_ai")
    _check_handler(on_elicit, "to_pydantic_ai")
    made = [_pydantic_tool(tool, on_elicit, media_links) for tool in listed]
    return made[0] if single else made


class ToolbridgeToolset(FunctionToolset[Any]):
    """A pydantic-ai toolset of canonical tools, each validated by toolbridge.

    `on_elicit` and `media_links` are as for `to_pydantic_ai`.
    """

    def __init__(
        self,
        tools: Iterable[Tool],
        *,
        id: str | None = None,
        on_elicit: ElicitHandler | None = None,
        media_links: bool = False,
    ) -> None:
        listed, _ = tools_given(tools, "ToolbridgeToolset")
        _check_handler(on_elicit, "ToolbridgeToolset")
        super().__init__([_pydantic_tool(tool, on_elicit, media_links) for tool in listed], id=id)


_CONTROL: Final = ("ModelRetry", "ToolFailed", "CallDeferred", "ApprovalRequired")
"""What a tool function raises to steer a pydantic-ai run (those the installed version has)."""


def _run_control(error: BaseException) -> BaseException | None:
    """pydantic-ai's own control flow a tool raised, found behind toolbridge's wrapping.

    A tool function raises ``ApprovalRequired`` or ``CallDeferred`` to defer its call
    (a person's approval, work done elsewhere), ``ModelRetry`` or ``ToolFailed`` to tell
    the model something; toolbridge wraps what a tool raises in `ToolExecutionError`
    (the original is its ``__cause__``). The agent must get the original, as a
    pydantic-ai tool of its own would raise it.
    """
    from pydantic_ai import exceptions

    kinds = tuple(
        kind for name in _CONTROL if isinstance(kind := getattr(exceptions, name, None), type)
    )
    return raised_within(error, kinds)


def _check_handler(on_elicit: object, where: str) -> None:
    if on_elicit is not None and not callable(on_elicit):
        raise ConfigError(
            f"{where}: on_elicit must be a function of an Elicitation returning an "
            f"ElicitResult, got {type(on_elicit).__name__}"
        )


def _pydantic_tool(
    tool: Tool, on_elicit: ElicitHandler | None, media_links: bool
) -> PydanticTool[Any]:
    wrapped = wraps_output(tool)

    async def run(**arguments: Any) -> Any:
        with answering(on_elicit) as answers:
            try:
                result = await tool.ainvoke(arguments)
            except ToolbridgeError as error:
                if answers is not None:  # the handler failed: the run ends, no retry helps
                    answers.raise_failure()
                control = _run_control(error)
                if control is not None:  # pydantic-ai's own: deferral, approval, retry
                    raise control from None
                raise ModelRetry(str(error)) from error
        if result.is_error:
            raise ModelRetry(result.text or f"tool {tool.name!r} reported an error")
        return model_content(result, wrapped=wrapped, media_links=media_links)

    def check(context: RunContext[Any], **arguments: Any) -> None:
        checked = tool.validate(arguments)
        if not checked.ok:
            issues = "; ".join(str(issue) for issue in checked.issues)
            raise ModelRetry(f"invalid arguments for {tool.name}: {issues}")

    setattr(run, _CANONICAL, tool)
    return PydanticTool.from_schema(
        run,
        name=tool.name,
        description=tool.description or None,
        json_schema=dict(thaw(tool.input_schema)),
        args_validator=check,
    )


@overload
def from_pydantic_ai(obj: PydanticTool[Any], /) -> Tool: ...
@overload
def from_pydantic_ai(obj: FunctionToolset[Any], /) -> list[Tool]: ...
def from_pydantic_ai(obj: PydanticTool[Any] | FunctionToolset[Any], /) -> Tool | list[Tool]:
    """A pydantic-ai tool as a canonical tool; a ``FunctionToolset`` as a list.

    Raises:
        ConversionError: Neither; or a schema that is not a JSON object schema.
    """
    if isinstance(obj, PydanticTool):
        return _canonical(obj)
    if isinstance(obj, FunctionToolset):
        return [_canonical(item) for item in obj.tools.values()]
    raise ConversionError(
        f"expected a pydantic-ai Tool or FunctionToolset, got {type(obj).__name__}"
    )


def _canonical(tool: PydanticTool[Any]) -> Tool:
    made = getattr(tool.function, _CANONICAL, None)
    if isinstance(made, Tool):
        return made
    definition = tool.tool_def
    try:
        return Tool(
            name=definition.name,
            description=definition.description or "",
            input_schema=definition.parameters_json_schema,
            meta={
                "source": "pydantic-ai",
                "pydantic_ai": {"takes_ctx": tool.takes_ctx, "sequential": tool.sequential},
            },
            invoker=_FunctionInvoker(tool),
        )
    except ToolbridgeError as error:
        raise ConversionError(f"pydantic-ai tool {definition.name!r}: {error}") from error


class _FunctionInvoker:
    """Calls a pydantic-ai tool's function outside an agent run.

    The arguments were validated by toolbridge against the tool's own schema, and are
    then validated by the tool's pydantic validator (which converts them to the
    function's types, as pydantic-ai does in a run). A tool whose function takes a
    ``RunContext`` needs a run: calling it here raises.
    """

    def __init__(self, tool: PydanticTool[Any]) -> None:
        self._tool = tool

    def _prepared(self, arguments: dict[str, Any]) -> dict[str, Any]:
        if self._tool.takes_ctx:
            raise ToolbridgeError(
                f"pydantic-ai tool {self._tool.name!r} takes a RunContext: call it in an agent run"
            )
        validated: dict[str, Any] = self._tool.function_schema.validator.validate_python(arguments)
        return validated

    def call(self, arguments: dict[str, Any], timeout: float | None) -> Any:
        function: Any = self._tool.function
        name = self._tool.name
        if self._tool.function_schema.is_async:
            return call_sync(lambda: self.acall(arguments, None), timeout=timeout, tool_name=name)
        return call_blocking(
            lambda: function(**self._prepared(arguments)), timeout=timeout, tool_name=name
        )

    async def acall(self, arguments: dict[str, Any], timeout: float | None) -> Any:
        function: Any = self._tool.function
        name = self._tool.name
        prepared = self._prepared(arguments)
        if self._tool.function_schema.is_async:
            return await call_async(function(**prepared), timeout=timeout, tool_name=name)
        return await await_blocking(lambda: function(**prepared), timeout=timeout, tool_name=name)


async def from_toolset(toolset: AbstractToolset[Any], *, deps: Any = None) -> list[Tool]:
    """Any pydantic-ai toolset (wrapped, combined, ...) as canonical tools that call it.

    The tools are read with a run context of their own (`deps` as its dependencies,
    as an agent would pass them), and each call goes through ``toolset.call_tool``, so
    the toolset's own wrappers (prefix, filter, rename, approval) apply. A toolset that
    holds a connection (an MCP server's) must stay entered (``async with toolset``)
    while its tools are used.
    """
    from pydantic_ai.models.test import TestModel
    from pydantic_ai.usage import RunUsage

    context = RunContext(deps=deps, model=TestModel(), usage=RunUsage())
    found = await toolset.get_tools(context)
    tools: list[Tool] = []
    for name, listed in found.items():
        definition = listed.tool_def
        try:
            tools.append(
                Tool(
                    name=name,
                    description=definition.description or "",
                    input_schema=definition.parameters_json_schema,
                    meta={
                        "source": "pydantic-ai",
                        "pydantic_ai": {"toolset": type(toolset).__name__},
                    },
                    invoker=_ToolsetInvoker(toolset, listed, context),
                )
            )
        except ToolbridgeError as error:
            raise ConversionError(f"pydantic-ai tool {name!r}: {error}") from error
    return tools


class _ToolsetInvoker:
    """Calls one tool through its toolset, as an agent run does."""

    def __init__(
        self, toolset: AbstractToolset[Any], listed: ToolsetTool[Any], context: RunContext[Any]
    ) -> None:
        self._toolset, self._listed, self._context = toolset, listed, context

    def call(self, arguments: dict[str, Any], timeout: float | None) -> Any:
        name = self._listed.tool_def.name
        return call_sync(lambda: self.acall(arguments, None), timeout=timeout, tool_name=name)

    async def acall(self, arguments: dict[str, Any], timeout: float | None) -> Any:
        name = self._listed.tool_def.name
        validated = self._listed.args_validator.validate_python(arguments)
        call = self._toolset.call_tool(name, validated, self._context, self._listed)
        return await call_async(call, timeout=timeout, tool_name=name)
