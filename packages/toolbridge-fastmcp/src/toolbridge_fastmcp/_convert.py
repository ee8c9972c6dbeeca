"""Canonical tools on a FastMCP server, and a FastMCP server's tools as canonical tools.

To FastMCP: each tool becomes a FastMCP ``Tool`` whose ``parameters`` and
``output_schema`` are the tool's prebuilt schemas exactly as given, and whose title
is its own (FastMCP never re-derives them from a signature, so a ``**kwargs`` proxy
such as a tool loaded from another MCP server works). An MCP tool's ``execution``
(``taskSupport``) goes in FastMCP's ``execution``, listed as given to clients of MCP
2025-11-25 (MCP 2026-07-28 has no such field), as FastMCP's own proxy does; the
FastMCP tool's ``task_config`` stays ``forbidden``, so FastMCP runs it as a plain
call and declares no tasks for it. A server made with
``dereference_schemas=False`` (`make_server`) lists them so; FastMCP's default
inlines their ``$ref``. Its ``run`` validates the arguments with toolbridge
before the handler runs; invalid arguments and an ``isError`` result raise
FastMCP's ``ToolError``, which FastMCP answers as an ``isError`` result (invalid
arguments are the caller's mistake: FastMCP logs them at WARNING, not ERROR), and what the
tool itself raises goes to FastMCP as raised, so its ``mask_error_details`` applies.
While it runs, its progress and logs, and the questions a loaded tool's server asks,
go to the client of the FastMCP request (`toolbridge_fastmcp._running`).

From FastMCP: `from_fastmcp(server)` lists the server's tools in process (through
its middleware, as a client would see them) and returns canonical tools whose
invoker calls the tool through an in-memory FastMCP ``Client`` of the server, kept
open per event loop (a tool's ``Context`` needs a session to log to; see
`toolbridge_fastmcp._sessions`), its logs and progress passed on to toolbridge's
caller; their ``execution`` is kept (``meta["mcp"]``).
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Iterable, Iterator
from math import inf
from typing import Any, overload

import mcp_types
from fastmcp import FastMCP
from fastmcp.exceptions import ToolError
from fastmcp.tools import Tool as FastMCPTool
from fastmcp.tools.base import InputRequiredToolResult
from fastmcp.tools.base import ToolResult as FastMCPResult
from pydantic import PrivateAttr, TypeAdapter, ValidationError

from toolbridge import (
    ArgumentValidationError,
    ConfigError,
    ConversionError,
    Tool,
    ToolbridgeError,
    ToolExecutionError,
    ToolResult,
    thaw,
)
from toolbridge.formats import from_mcp, to_mcp, tools_given
from toolbridge.plugins import call_async, call_sync
from toolbridge_fastmcp._running import run_for_request
from toolbridge_fastmcp._sessions import Sessions

__all__ = ["ToolbridgeTool", "add_tools", "from_fastmcp", "make_server", "to_fastmcp"]

ANSWER_TIMEOUT: float = 600.0
"""Seconds a call waits for its client's answers on a 2026-07-28 connection."""

_BLOCKS: TypeAdapter[list[mcp_types.ContentBlock]] = TypeAdapter(list[mcp_types.ContentBlock])
"""MCP content blocks from their wire dicts (FastMCP would turn dicts into JSON text)."""


class ToolbridgeTool(FastMCPTool):
    """A FastMCP tool that runs a canonical tool, validating before it runs."""

    _tool: Tool = PrivateAttr()
    _answer_timeout: float = PrivateAttr(default=ANSWER_TIMEOUT)

    @property
    def toolbridge_tool(self) -> Tool:
        """The canonical tool it runs."""
        return self._tool

    def to_mcp_tool(self, **overrides: Any) -> mcp_types.Tool:
        """The listing entry, with the tool's own title (FastMCP would make one up)."""
        return super().to_mcp_tool(**{"title": self._tool.title, **overrides})

    async def run(self, arguments: dict[str, Any]) -> FastMCPResult:
        """Validate `arguments`, run the tool, and answer as MCP does.

        While it runs, its progress, logs and its server's questions go to the client
        of the request (`toolbridge_fastmcp._running`).
        """
        checked = self._tool.validate(arguments)
        if not checked.ok:
            # The caller's mistake, said to the caller: no server error in FastMCP's log.
            error = ArgumentValidationError(self._tool.name, checked.issues)
            raise ToolError(str(error), log_level=logging.WARNING)
        try:
            result = await run_for_request(
                self._tool, self.name, arguments, answer_timeout=self._answer_timeout
            )
        except ToolExecutionError as error:
            cause = error.__cause__
            if isinstance(cause, Exception):
                # What the tool itself raised goes to FastMCP as raised, so that its own
                # rules apply: a ToolError's text reaches the client, any other error's
                # only when the server does not mask error details.
                raise cause from None
            raise ToolError(str(error)) from error
        except ToolbridgeError as error:
            raise ToolError(str(error)) from error
        if isinstance(result, mcp_types.InputRequiredResult):
            return InputRequiredToolResult(result)  # questions for the client (2026-07-28)
        if result.is_error:
            raise ToolError(result.text or f"tool {self.name!r} reported an error")
        wire = result.to_dict()  # MCP's CallToolResult shape
        return FastMCPResult(
            content=_BLOCKS.validate_python(wire["content"], by_name=False),
            structured_content=wire.get("structuredContent"),
            meta=wire.get("_meta"),
        )


class _OneTool(ToolbridgeTool):
    """What `to_fastmcp` returns for one tool: the FastMCP tool itself.

    It is still usable as the one-item list it returned before (deprecated: each such
    use warns).
    """

    def __repr__(self) -> str:  # what it is to its user; the subclass is a bridge
        return "ToolbridgeTool" + super().__repr__().removeprefix(type(self).__name__)

    def __iter__(self) -> Iterator[ToolbridgeTool]:  # type: ignore[override]
        _warn_listed()
        return iter((self,))

    def __getitem__(self, index: int) -> ToolbridgeTool:
        _warn_listed()
        return [self][index]


def _warn_listed() -> None:
    warnings.warn(
        "to_fastmcp(tool) returns the one FastMCP tool, not a list of it; using it as "
        "a list is deprecated and will stop working in a later release: pass [tool] "
        "for a list",
        DeprecationWarning,
        stacklevel=3,
    )


@overload
def to_fastmcp(tools: Tool, *, answer_timeout: float = ANSWER_TIMEOUT) -> ToolbridgeTool: ...
@overload
def to_fastmcp(
    tools: Iterable[Tool], *, answer_timeout: float = ANSWER_TIMEOUT
) -> list[ToolbridgeTool]: ...
def to_fastmcp(
    tools: Tool | Iterable[Tool], *, answer_timeout: float = ANSWER_TIMEOUT
) -> ToolbridgeTool | list[ToolbridgeTool]:
    """Canonical tools as FastMCP tools with their schemas exactly as given.

    One tool gives one FastMCP tool, tools a list, as every plugin's ``to_*`` does.
    (One tool used to give a one-item list: the tool it gives now still unpacks and
    indexes as that list, with a `DeprecationWarning`.)

    Args:
        tools: A canonical tool, or several.
        answer_timeout: Seconds a call whose server asked the user waits for the
            client to call again with the answers (MCP 2026-07-28); then it is
            cancelled.

    Raises:
        ConversionError: Something other than tools, or an ``execution`` that is not
            MCP's (``{"taskSupport": "optional"}``).
        ConfigError: `answer_timeout` is not a positive number of seconds.
    """
    listed, single = tools_given(tools, "to_fastmcp")
    made = _made(listed, answer_timeout, kind=_OneTool if single else ToolbridgeTool)
    return made[0] if single else made


def _made(
    tools: list[Tool], answer_timeout: float, *, kind: type[ToolbridgeTool] = ToolbridgeTool
) -> list[ToolbridgeTool]:
    """FastMCP tools of `tools` (see `to_fastmcp`), always a list."""
    timeout: object = answer_timeout
    if isinstance(timeout, bool) or not isinstance(timeout, int | float) or not 0 < timeout < inf:
        raise ConfigError(
            f"answer_timeout must be a positive number of seconds, not {answer_timeout!r}"
        )
    made = [_fastmcp_tool(tool, kind) for tool in tools]
    for item in made:
        item._answer_timeout = float(answer_timeout)
    return made


def add_tools(
    server: FastMCP[Any], tools: Tool | Iterable[Tool], *, answer_timeout: float = ANSWER_TIMEOUT
) -> list[ToolbridgeTool]:
    """Register canonical tools on a FastMCP server; return the FastMCP tools made.

    FastMCP inlines ``$ref`` in every listed schema unless the server was made with
    ``dereference_schemas=False`` (as `make_server` does): only then are the schemas
    listed exactly as given. `answer_timeout` is `to_fastmcp`'s.
    """
    made = _made(tools_given(tools, "add_tools")[0], answer_timeout)
    for item in made:
        server.add_tool(item)
    return made


def make_server(
    name: str,
    tools: Tool | Iterable[Tool],
    *,
    answer_timeout: float = ANSWER_TIMEOUT,
    **options: Any,
) -> FastMCP[Any]:
    """A FastMCP server serving `tools` with their schemas exactly as given.

    Args:
        name: The server's name.
        tools: The canonical tools.
        answer_timeout: `to_fastmcp`'s.
        **options: Passed to ``FastMCP``; ``dereference_schemas`` is False unless
            given (FastMCP's default inlines every ``$ref``).
    """
    server: FastMCP[Any] = FastMCP(name, **{"dereference_schemas": False, **options})
    add_tools(server, tools, answer_timeout=answer_timeout)
    return server


def _fastmcp_tool(tool: Tool, kind: type[ToolbridgeTool] = ToolbridgeTool) -> ToolbridgeTool:
    wire = to_mcp(tool)
    annotations = wire.get("annotations")
    execution = wire.get("execution")
    try:
        carried = (
            mcp_types.ToolExecution.model_validate(execution) if execution is not None else None
        )
    except ValidationError as error:
        raise ConversionError(
            f"tool {tool.name!r}: execution {repr(execution)[:200]} is not an MCP "
            f"ToolExecution: {error.errors()[0]['msg']}",
            path=("execution",),
        ) from None
    made = kind(
        name=tool.name,
        title=tool.title,
        description=tool.description or None,
        parameters=dict(thaw(tool.input_schema)),
        output_schema=thaw(tool.output_schema) if tool.output_schema is not None else None,
        annotations=mcp_types.ToolAnnotations.model_validate(annotations) if annotations else None,
        execution=carried,
        tags=set(tool.tags),
        version=tool.version,
        meta=wire.get("_meta"),
    )
    made._tool = tool
    return made


async def from_fastmcp(server: FastMCP[Any]) -> list[Tool]:
    """A FastMCP server's tools (in process) as canonical tools that call it.

    A tool `to_fastmcp` made gives its canonical tool back unchanged.
    """
    found = await server.list_tools()
    sessions = Sessions(server)
    tools: list[Tool] = []
    seen: set[str] = set()
    for item in found:
        if item.name in seen:  # several versions: the server calls the newest
            continue
        seen.add(item.name)
        if isinstance(item, ToolbridgeTool):
            tools.append(item.toolbridge_tool)
            continue
        definition = item.to_mcp_tool().model_dump(by_alias=True, mode="json", exclude_none=True)
        (tool,) = from_mcp([definition])
        tools.append(tool.replace(invoker=_ServerInvoker(sessions, item.name)))
    return tools


class _ServerInvoker:
    """Calls one tool of an in-process FastMCP server, through its middleware."""

    def __init__(self, sessions: Sessions, name: str) -> None:
        self._sessions = sessions
        self._name = name

    def call(self, arguments: dict[str, Any], timeout: float | None) -> Any:
        return call_sync(lambda: self.acall(arguments, None), timeout=timeout, tool_name=self._name)

    async def acall(self, arguments: dict[str, Any], timeout: float | None) -> ToolResult:
        result = await call_async(
            self._sessions.call(self._name, arguments), timeout=timeout, tool_name=self._name
        )
        data: dict[str, Any] = {
            "content": [
                block.model_dump(by_alias=True, mode="json", exclude_none=True)
                for block in result.content
            ],
            "isError": result.is_error,
        }
        if result.structured_content is not None:
            data["structuredContent"] = result.structured_content
        if result.meta:
            data["_meta"] = result.meta
        return ToolResult.from_dict(data)
