"""Read the tool calls out of any provider's message, response or list of calls.

Field names were checked against each provider's own types (not guessed):

- OpenAI Chat Completions: ``choices[0].message.tool_calls[*]`` with ``id``,
  ``type: "function"`` and ``function: {name, arguments}``, where ``arguments`` is a
  JSON *string* the model may have malformed (openai-python,
  ``types/chat/chat_completion_message_function_tool_call.py``).
- OpenAI Responses: ``output[*]`` items of ``type: "function_call"`` with ``call_id``
  (the id results are paired on; ``id`` is the item's own ``fc_...`` id), ``name``
  and a JSON-string ``arguments`` (openai-python,
  ``types/responses/response_function_tool_call.py``).
- Anthropic Messages: ``content[*]`` blocks of ``type: "tool_use"`` with ``id``,
  ``name`` and an object ``input`` (anthropic-sdk-python, ``types/tool_use_block.py``).
  ``server_tool_use`` / ``mcp_tool_use`` blocks run on Anthropic's side and are not
  calls for the client, so they are skipped.
- Gemini ``generateContent``: ``candidates[0].content.parts[*].functionCall`` with
  ``name``, ``args`` (an object) and, on newer models, ``id``; the python-genai SDK's
  ``model_dump()`` spells it ``function_call`` (googleapis/python-genai,
  ``types.FunctionCall``: ``id``, ``args``, ``name``).
- Bedrock Converse: ``output.message.content[*].toolUse`` with ``toolUseId``,
  ``name`` and ``input`` (botocore ``bedrock-runtime`` service model, ``ToolUseBlock``;
  boto3 ``BedrockRuntime.Client.converse`` docs).
- MCP: a ``tools/call`` request's ``params`` with ``name`` and optional
  ``arguments`` (MCP schema, ``CallToolRequest``), or the whole JSON-RPC request.

SDK objects are read structurally: anything with ``model_dump()`` (pydantic, as the
OpenAI, Anthropic and Google SDKs are) or ``to_dict()`` is turned into plain data
first, at whatever level it appears. No SDK is imported.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final

from toolbridge.calls._call import PROVIDERS, CallRestorer, Provider, ToolCall
from toolbridge.calls._fields import (
    arguments,
    call_id,
    call_name,
    items,
    located,
    mapping,
    not_a,
    plain,
    raw_text,
)
from toolbridge.errors import JsonPath, ToolCallError

__all__ = ["parse_tool_calls"]


def parse_tool_calls(
    message: object, provider: Provider, *, conversion: CallRestorer | None = None
) -> tuple[ToolCall, ...]:
    """Read every tool call a model made, in order.

    Accepted inputs, per provider (plain dicts or SDK objects):

    - ``"openai"``: a whole Chat Completions response (the first choice is read), an
      assistant message, a list of tool calls, or one tool call;
    - ``"openai-responses"``: a response (its ``output`` items), a list of items, or
      one ``function_call`` item; other items (messages, reasoning) are skipped;
    - ``"anthropic"``: a message, a list of content blocks, or one ``tool_use``
      block; also the camelCase spelling some clients write (``"type": "toolUse"``
      with ``"toolUseId"``);
    - ``"gemini"``: a ``generateContent`` response (first candidate), a content, a
      list of parts, or one part; ``functionCall`` or ``function_call``, with or
      without ``id``;
    - ``"bedrock"``: a Converse response, a message, a list of content blocks, or
      one block holding ``toolUse``;
    - ``"mcp"``: a ``tools/call`` request's params, the whole JSON-RPC request (its
      ``id`` becomes the call's id, as a string), or a list of either.

    A message without tool calls gives ``()``. Arguments sent as a JSON string
    (OpenAI) are parsed; an empty or missing value means ``{}``.

    Given the `toolbridge.formats.Conversion` that made the tools the model saw,
    each call comes back under the tool's original name with its arguments
    normalised to the tool's own schema (strict mode's nulls for optional
    properties removed, Gemini's string enums and JSON texts mapped back).

    Raises:
        ToolCallError: The input is not a shape of that provider, a call has no name,
            or its arguments are malformed, truncated, not a JSON object, or nest too
            deeply. The error's ``path`` is the JSON path of the offending field in
            the input, and ``raw`` a bounded copy of the offending text.
        ToolNotFoundError: With `conversion`: a call names no tool it made.
    """
    reader = _READERS.get(provider)
    if reader is None:
        raise ToolCallError(f"unknown provider {provider!r}; expected one of {list(PROVIDERS)}")
    try:
        calls = tuple(reader(message))
    except RecursionError:
        raise ToolCallError(
            "the input nests too deeply to read", raw=f"<{type(message).__name__}>"
        ) from None
    if conversion is None:
        return calls
    return tuple(conversion.restore_call(call) for call in calls)


# -- one reader per provider ----------------------------------------------------------


def _openai(message: object) -> Iterator[ToolCall]:
    data = plain(message)
    if isinstance(data, Mapping):
        path: JsonPath = ()
        if "choices" in data:
            choices = items(data["choices"], ("choices",), "choices")
            if not choices:
                return
            path = ("choices", 0, "message")
            choice = mapping(choices[0], ("choices", 0), "a choice")
            data = mapping(choice.get("message"), path, "a message")
        if "function" in data and "tool_calls" not in data:
            calls = [(data, path)]
        elif "tool_calls" in data or "role" in data:
            path = (*path, "tool_calls")
            calls = located(items(data.get("tool_calls"), path, "tool_calls"), path)
        else:
            raise not_a("an OpenAI Chat Completions response, message or tool call", data)
    else:
        calls = located(items(data, (), "the tool calls"), ())
    for call, call_path in calls:
        item = mapping(call, call_path, "a tool call")
        kind = item.get("type", "function")
        if kind != "function":
            raise ToolCallError(
                f"unsupported tool call type {kind!r}: only function calls are read",
                path=(*call_path, "type"),
                raw=raw_text(item),
            )
        function_path = (*call_path, "function")
        function = mapping(item.get("function"), function_path, "function")
        yield ToolCall(
            id=call_id(item, ("id",), call_path),
            name=call_name(function, "name", function_path),
            arguments=arguments(function.get("arguments"), (*function_path, "arguments")),
            provider="openai",
        )


def _responses(message: object) -> Iterator[ToolCall]:
    data = plain(message)
    if isinstance(data, Mapping):
        if "output" in data:
            entries = located(items(data["output"], ("output",), "output"), ("output",))
        elif data.get("type") == "function_call":
            entries = [(data, ())]
        else:
            raise not_a("an OpenAI Responses response or output item", data)
    else:
        entries = located(items(data, (), "the output items"), ())
    for item, path in entries:
        entry = mapping(item, path, "an output item")
        if entry.get("type") != "function_call":
            continue
        yield ToolCall(
            id=call_id(entry, ("call_id",), path),
            name=call_name(entry, "name", path),
            arguments=arguments(entry.get("arguments"), (*path, "arguments")),
            provider="openai-responses",
        )


_TOOL_USE: Final = ("tool_use", "toolUse")


def _is_tool_use(block: Mapping[str, Any]) -> bool:
    kind = block.get("type")
    return isinstance(kind, str) and kind in _TOOL_USE


def _anthropic(message: object) -> Iterator[ToolCall]:
    data = plain(message)
    if isinstance(data, Mapping):
        if "content" in data:
            content = plain(data["content"])
            if isinstance(content, str):  # a text-only message
                return
            blocks = located(items(content, ("content",), "content"), ("content",))
        elif _is_tool_use(data):
            blocks = [(data, ())]
        else:
            raise not_a("an Anthropic message or tool_use block", data)
    else:
        blocks = located(items(data, (), "the content blocks"), ())
    for block, path in blocks:
        entry = mapping(block, path, "a content block")
        if not _is_tool_use(entry):
            continue
        yield ToolCall(
            id=call_id(entry, ("id", "toolUseId"), path),
            name=call_name(entry, "name", path),
            arguments=arguments(entry.get("input"), (*path, "input")),
            provider="anthropic",
        )


_FUNCTION_CALL_KEYS: Final = ("functionCall", "function_call")


def _gemini(message: object) -> Iterator[ToolCall]:
    data = plain(message)
    if isinstance(data, Mapping):
        if "candidates" in data:
            candidates = items(data["candidates"], ("candidates",), "candidates")
            if not candidates:
                return
            candidate = mapping(candidates[0], ("candidates", 0), "a candidate")
            if candidate.get("content") is None:  # blocked, or stopped before any part
                return
            content = mapping(candidate["content"], ("candidates", 0, "content"), "content")
            path: JsonPath = ("candidates", 0, "content", "parts")
            parts = located(items(content.get("parts"), path, "parts"), path)
        elif "parts" in data:
            parts = located(items(data["parts"], ("parts",), "parts"), ("parts",))
        elif any(key in data for key in _FUNCTION_CALL_KEYS):
            parts = [(data, ())]
        else:
            raise not_a("a Gemini response, content or part", data)
    else:
        parts = located(items(data, (), "the parts"), ())
    for part, part_path in parts:
        entry = mapping(part, part_path, "a part")
        for key in _FUNCTION_CALL_KEYS:
            if entry.get(key) is not None:
                call_path = (*part_path, key)
                call = mapping(entry[key], call_path, key)
                yield ToolCall(
                    id=call_id(call, ("id",), call_path),
                    name=call_name(call, "name", call_path),
                    arguments=arguments(call.get("args"), (*call_path, "args")),
                    provider="gemini",
                )
                break


def _bedrock(message: object) -> Iterator[ToolCall]:
    data = plain(message)
    if isinstance(data, Mapping):
        if "output" in data:
            output = mapping(data["output"], ("output",), "output")
            path: JsonPath = ("output", "message")
            inner = mapping(output.get("message"), path, "message")
            path = (*path, "content")
            blocks = located(items(inner.get("content"), path, "content"), path)
        elif "content" in data:
            blocks = located(items(data["content"], ("content",), "content"), ("content",))
        elif "toolUse" in data:
            blocks = [(data, ())]
        else:
            raise not_a("a Bedrock Converse response, message or content block", data)
    else:
        blocks = located(items(data, (), "the content blocks"), ())
    for block, block_path in blocks:
        entry = mapping(block, block_path, "a content block")
        if entry.get("toolUse") is None:
            continue
        path = (*block_path, "toolUse")
        use = mapping(entry["toolUse"], path, "toolUse")
        yield ToolCall(
            id=call_id(use, ("toolUseId",), path),
            name=call_name(use, "name", path),
            arguments=arguments(use.get("input"), (*path, "input")),
            provider="bedrock",
        )


def _mcp(message: object) -> Iterator[ToolCall]:
    data = plain(message)
    if isinstance(data, (list, tuple)):
        for index, item in enumerate(data):
            yield _mcp_one(mapping(item, (index,), "a tools/call request"), (index,))
    else:
        yield _mcp_one(mapping(data, (), "a tools/call request"), ())


def _mcp_one(data: Mapping[str, Any], path: JsonPath) -> ToolCall:
    request_id: str | None = None
    if "method" in data:
        if data["method"] != "tools/call":
            raise ToolCallError(
                f"not a tools/call request: method {data['method']!r}",
                path=(*path, "method"),
                raw=raw_text(data),
            )
        jsonrpc_id = data.get("id")
        if isinstance(jsonrpc_id, (str, int)) and not isinstance(jsonrpc_id, bool):
            request_id = str(jsonrpc_id)
        path = (*path, "params")
        data = mapping(data.get("params"), path, "params")
    elif "name" not in data:
        raise not_a("an MCP tools/call request or its params", data)
    return ToolCall(
        id=request_id,
        name=call_name(data, "name", path),
        arguments=arguments(data.get("arguments"), (*path, "arguments")),
        provider="mcp",
    )


_READERS: Final[dict[str, Callable[[object], Iterator[ToolCall]]]] = {
    "openai": _openai,
    "openai-responses": _responses,
    "anthropic": _anthropic,
    "gemini": _gemini,
    "bedrock": _bedrock,
    "mcp": _mcp,
}
