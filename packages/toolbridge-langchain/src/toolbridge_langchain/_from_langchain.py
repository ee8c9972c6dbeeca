"""LangChain tools as canonical tools that call them.

Any ``BaseTool`` reads: ``@tool`` functions, ``StructuredTool`` objects with a pydantic
or a JSON Schema ``args_schema``, ``BaseTool`` subclasses. The input schema is the
JSON Schema of the arguments the model sends (``tool_call_schema``, injected
arguments left out), or the dict ``args_schema`` verbatim; toolbridge validates the
arguments against it before the LangChain tool runs. The invoker calls the tool with
a tool call and reads the ``ToolMessage`` back: its content becomes the result (text,
image and audio blocks as such, a ``file`` or ``image`` block with a ``url`` as a
resource link), an error status (or a ``ToolException``) an ``isError`` result.

LangChain fields the canonical tool has no slot for are kept in
``meta["langchain"]``: ``return_direct`` when set, ``extras`` and the tool's own
``metadata`` (the JSON part). A tool `to_langchain` made converts back to the same
definition, and runs its canonical tool directly.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Mapping
from typing import Any, overload

from langchain_core.messages import ToolMessage
from langchain_core.tools import BaseTool, ToolException
from langchain_core.utils.pydantic import model_json_schema

from toolbridge import (
    AudioContent,
    ContentBlock,
    ConversionError,
    ImageContent,
    ResourceLink,
    TextContent,
    Tool,
    ToolbridgeError,
    ToolResult,
    to_result,
)
from toolbridge.plugins import call_async, call_blocking
from toolbridge_langchain._metadata import foreign_json, read_metadata
from toolbridge_langchain._to_langchain import ToolbridgeStructuredTool

__all__ = ["from_langchain"]


@overload
def from_langchain(tools: BaseTool, /) -> Tool: ...
@overload
def from_langchain(tools: Iterable[BaseTool], /) -> list[Tool]: ...
def from_langchain(tools: BaseTool | Iterable[BaseTool], /) -> Tool | list[Tool]:
    """LangChain tools as canonical tools that call them.

    Raises:
        ConversionError: Something other than LangChain tools, or a tool whose
            arguments schema is not a JSON object schema.
    """
    if isinstance(tools, BaseTool):
        return _canonical(tools)
    if isinstance(tools, (str, bytes, Mapping)) or not isinstance(tools, Iterable):
        raise ConversionError(f"expected LangChain tools, got {type(tools).__name__}")
    read = []
    for index, item in enumerate(tools):
        if not isinstance(item, BaseTool):
            raise ConversionError(
                f"expected a LangChain BaseTool, got {type(item).__name__}", path=(index,)
            )
        read.append(_canonical(item))
    return read


def _canonical(lc_tool: BaseTool) -> Tool:
    fields, meta, own_metadata = read_metadata(lc_tool.metadata)
    langchain = _langchain_fields(lc_tool, own_metadata)
    if meta is None:
        meta = {"source": "langchain"}
    if langchain:
        meta["langchain"] = langchain
    if isinstance(lc_tool, ToolbridgeStructuredTool):
        invoker: Any = lc_tool.toolbridge_tool.invoker
    else:
        invoker = _LangChainInvoker(lc_tool)
    try:
        return Tool(
            name=lc_tool.name,
            description=lc_tool.description or "",
            input_schema=_input_schema(lc_tool),
            tags=frozenset(lc_tool.tags or ()),
            meta=meta,
            invoker=invoker,
            **fields,
        )
    except ToolbridgeError as error:
        raise ConversionError(f"LangChain tool {lc_tool.name!r}: {error}") from error


def _input_schema(lc_tool: BaseTool) -> dict[str, Any]:
    """The JSON Schema of the arguments a model sends to `lc_tool`."""
    if isinstance(lc_tool.args_schema, dict):
        return lc_tool.args_schema
    call_schema = lc_tool.tool_call_schema
    if isinstance(call_schema, dict):  # pragma: no cover - a dict args_schema, above
        return call_schema
    schema = dict(model_json_schema(call_schema))
    # pydantic titles the model after the tool, and LangChain gives it the tool's
    # description as its docstring: both already are the tool's own fields.
    if schema.get("title") == lc_tool.name:
        del schema["title"]
    if schema.get("description") == lc_tool.description:
        del schema["description"]
    return schema


def _langchain_fields(lc_tool: BaseTool, own_metadata: dict[str, Any]) -> dict[str, Any]:
    """The LangChain fields a canonical tool has no slot for, those that are set."""
    fields: dict[str, Any] = {}
    if lc_tool.return_direct:
        fields["return_direct"] = True
    if lc_tool.extras:
        fields["extras"] = foreign_json(lc_tool.extras)
    if own_metadata:
        fields["metadata"] = own_metadata
    return fields


class _LangChainInvoker:
    """Calls a LangChain tool with a tool call and reads its ``ToolMessage`` back."""

    def __init__(self, lc_tool: BaseTool) -> None:
        self._tool = lc_tool

    def _call(self, arguments: dict[str, Any]) -> dict[str, Any]:
        return {
            "type": "tool_call",
            "id": f"toolbridge-{uuid.uuid4().hex[:12]}",
            "name": self._tool.name,
            "args": arguments,
        }

    def call(self, arguments: dict[str, Any], timeout: float | None) -> ToolResult:
        # A sync tool cannot be stopped: past the timeout it is left to finish in a
        # daemon worker, which never holds up the interpreter's exit.
        return call_blocking(lambda: self._run(arguments), timeout=timeout, tool_name=self._name)

    def _run(self, arguments: dict[str, Any]) -> ToolResult:
        try:
            return _result(self._tool.invoke(self._call(arguments)))
        except ToolException as error:
            return ToolResult.from_error(str(error) or "the tool reported an error")

    async def acall(self, arguments: dict[str, Any], timeout: float | None) -> ToolResult:
        running = self._tool.ainvoke(self._call(arguments))
        try:
            output = await call_async(running, timeout=timeout, tool_name=self._name)
        except ToolException as error:
            return ToolResult.from_error(str(error) or "the tool reported an error")
        return _result(output)

    @property
    def _name(self) -> str:
        return str(self._tool.name)


def _result(output: Any) -> ToolResult:
    """A tool's output as a `ToolResult`.

    A ``ToolMessage`` gives its artifact when toolbridge made one, else its content;
    anything else follows `toolbridge.to_result`'s rule.
    """
    if not isinstance(output, ToolMessage):
        return to_result(output)
    is_error = output.status == "error"
    if isinstance(output.artifact, ToolResult):
        result = output.artifact
    else:
        result = ToolResult(content=_blocks(output.content))
    if is_error and not result.is_error:
        result = ToolResult(content=result.content, meta=result.meta, is_error=True)
    return result


def _blocks(content: str | list[str | dict[str, Any]]) -> tuple[ContentBlock, ...]:
    if isinstance(content, str):
        return (TextContent(text=content),) if content else ()
    return tuple(_block(item) for item in content)


def _block(item: str | dict[str, Any]) -> ContentBlock:
    if isinstance(item, str):
        return TextContent(text=item)
    kind = item.get("type")
    if kind == "text" and isinstance(item.get("text"), str):
        return TextContent(text=item["text"])
    data, mime_type = item.get("base64") or item.get("data"), item.get("mime_type")
    if kind == "file" and isinstance(mime_type, str) and mime_type.startswith("audio/"):
        kind = "audio"  # how `to_langchain` writes an audio clip
    if kind in ("image", "audio") and isinstance(data, str) and isinstance(mime_type, str):
        made = ImageContent if kind == "image" else AudioContent
        return made(data=data, mime_type=mime_type)
    url = item.get("url")
    if kind in ("image", "file") and isinstance(url, str) and data is None:
        return _link(url, mime_type, item.get("extras"))
    return TextContent(text=json.dumps(item, ensure_ascii=False, default=str))


def _link(url: str, mime_type: object, extras: object) -> ResourceLink:
    """A block that points at a file: a resource link (its name and title from ``extras``)."""
    said = extras if isinstance(extras, dict) else {}
    name, title, description = (said.get(key) for key in ("name", "title", "description"))
    return ResourceLink(
        uri=url,
        name=name if isinstance(name, str) else url,
        title=title if isinstance(title, str) else None,
        description=description if isinstance(description, str) else None,
        mime_type=mime_type if isinstance(mime_type, str) else None,
    )
