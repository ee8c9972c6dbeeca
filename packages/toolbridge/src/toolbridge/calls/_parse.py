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

Reading is two steps, so that one bad call never costs its neighbours:
`locate_calls` finds every call and reads what answering it needs (that the input
is this provider's shape, and the call's id where the provider pairs results by
id); `read_call` then reads each call's name and arguments, whose problems concern
that call alone. Another provider's shape is recognised by markers only that
provider uses and refused by name, never read as "no calls".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final, Never, final

from toolbridge._call import PROVIDERS, TITLES, CallRestorer, Provider, ToolCall
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
    shown,
)
from toolbridge.errors import ConfigError, JsonPath, ToolCallError

__all__ = ["RawCall", "locate_calls", "parse_tool_calls", "read_call", "refuse_foreign"]


def parse_tool_calls(
    message: object,
    provider: Provider,
    *,
    conversion: CallRestorer | None = None,
    **unknown: Never,
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
    (OpenAI) are parsed; an empty or missing value means ``{}``. Every call of
    OpenAI (both APIs), Anthropic and Bedrock has a string id: those providers pair
    each result with its call by id, so a call without one could never be
    answered. Gemini and MCP calls may have none.

    Given the `toolbridge.formats.Conversion` that made the tools the model saw,
    each call comes back under the tool's original name with its arguments
    normalised to the tool's own schema (strict mode's nulls for optional
    properties removed, Gemini's string enums and JSON texts mapped back).

    Raises:
        ToolCallError: The input is not a shape of that provider (another provider's
            shape is named), a call has no id where the provider pairs results by
            id, or no name, or its arguments are malformed, truncated, not a JSON
            object, or nest too deeply. The error's ``path`` is the JSON path of the
            offending field in the input, and ``raw`` a bounded copy of the
            offending text.
        ToolNotFoundError: With `conversion`: a call names no tool it made.
        ConfigError: An unknown keyword argument.
    """
    if unknown:
        names = ", ".join(shown(name) for name in unknown)
        raise ConfigError(f"unknown option {names}; the only option is conversion")
    calls = tuple(read_call(raw) for raw in locate_calls(message, provider))
    if conversion is None:
        return calls
    return tuple(conversion.restore_call(call) for call in calls)


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class RawCall:
    """A call found in a model's message: its id read, its name and arguments not yet."""

    provider: Provider
    """The format it was read from."""
    id: str | None
    """The call's id, read and checked (present wherever the provider needs one)."""
    fields: object
    """What holds the call's name and arguments, as it was in the input."""
    path: JsonPath
    """The JSON path of `fields` in the input."""
    holder: str
    """What `fields` is, for messages (``function``, ``a tool_use block``)."""
    arguments_key: str
    """The key of the arguments in `fields`."""
    problem: ToolCallError | None = None
    """Why this call cannot be read, when that was found while locating it."""
    answer_type: str | None = None
    """The ``type`` of the item answering this call where it is not the provider's
    usual one (a Responses ``custom_tool_call`` is answered by a
    ``custom_tool_call_output``)."""

    @property
    def name(self) -> str | None:
        """The tool name, if `fields` holds a usable one (for answering a bad call)."""
        name = self.fields.get("name") if isinstance(self.fields, Mapping) else None
        return name if isinstance(name, str) and name else None


def locate_calls(message: object, provider: Provider) -> list[RawCall]:
    """Every call in `message`, with what answering it needs already read.

    Raises:
        ToolCallError: `message` is not a shape of `provider` (another provider's
            shape is named), or a call cannot be answered: it is not an object, or
            it has no usable id where the provider pairs results by id.
    """
    reader = _READERS.get(provider) if provider in PROVIDERS else None  # even unhashable
    if reader is None:
        raise ToolCallError(
            f"unknown provider {shown(provider)}; expected one of {list(PROVIDERS)}"
        )
    try:
        calls = list(reader(message))
    except RecursionError:
        raise ToolCallError(
            "the input nests too deeply to read", raw=f"<{type(message).__name__}>"
        ) from None
    _refuse_repeated_ids(calls)
    return calls


def _refuse_repeated_ids(calls: list[RawCall]) -> None:
    """Refuse two calls under one id: their results could not be told apart.

    Raises:
        ToolCallError: A call's id is one an earlier call of the response has.
    """
    seen: dict[str, JsonPath] = {}
    for call in calls:
        if call.id is None:
            continue
        if call.id in seen:
            raise ToolCallError(
                f"two tool calls have the id {shown(call.id)} (the first at "
                f"{_pointer(seen[call.id])}): their results could not be told apart",
                path=call.path,
                raw=call.id,
            )
        seen[call.id] = call.path


def _pointer(path: JsonPath) -> str:
    """`path` as a JSON pointer, for a message."""
    return "/" + "/".join(str(part) for part in path) if path else "the top"


def read_call(raw: RawCall) -> ToolCall:
    """The call's name and arguments read; a problem with them concerns this call alone.

    Raises:
        ToolCallError: The call has no name, an unsupported type, or arguments that
            are malformed, not a JSON object, or nest too deeply.
    """
    if raw.problem is not None:
        raise raw.problem
    try:
        fields = mapping(raw.fields, raw.path, raw.holder)
        return ToolCall(
            id=raw.id,
            name=call_name(fields, "name", raw.path),
            arguments=arguments(fields.get(raw.arguments_key), (*raw.path, raw.arguments_key)),
            provider=raw.provider,
        )
    except RecursionError:
        raise ToolCallError("the call nests too deeply to read", path=raw.path) from None


# -- whose shape is it? ---------------------------------------------------------------


def _call_shape(data: Mapping[str, Any]) -> tuple[Provider, str] | None:
    """The provider whose tool call `data` is, by a marker only that provider uses."""
    kind = data.get("type")
    if kind == "function_call":
        return "openai-responses", "function_call item"
    if isinstance(kind, str) and kind in _TOOL_USE:
        return "anthropic", "tool_use block"
    if "function" in data and kind in (None, "function"):
        return "openai", "tool call"
    if "role" not in data and any(data.get(key) is not None for key in _FUNCTION_CALL_KEYS):
        return "gemini", "functionCall part"
    if data.get("toolUse") is not None and kind is None:
        return "bedrock", "toolUse block"
    if data.get("method") == "tools/call":
        return "mcp", "tools/call request"
    return None


def _shape(data: Mapping[str, Any], path: JsonPath) -> tuple[Provider, str, JsonPath] | None:
    """The provider whose response, message or call `data` is, and where that shows."""
    output = data.get("output")
    found: tuple[Provider, str] | None = None
    if "choices" in data:
        found = "openai", "response"
    elif "tool_calls" in data or ("role" in data and data.get("function_call") is not None):
        found = "openai", "message"
    elif "candidates" in data:
        found = "gemini", "response"
    elif "parts" in data:
        found = "gemini", "content"
    elif isinstance(output, (list, tuple)):
        found = "openai-responses", "response"
    elif isinstance(output, Mapping):
        found = "bedrock", "response"
    elif "jsonrpc" in data:
        found = "mcp", "request"
    else:
        found = _call_shape(data)
    if found is not None:
        return (*found, path)
    content = data.get("content")
    if isinstance(content, (list, tuple)):
        for index, block in enumerate(content):
            block = plain(block, (*path, "content", index))
            inner = _call_shape(block) if isinstance(block, Mapping) else None
            if inner is not None:
                return inner[0], f"message holding a {inner[1]}", (*path, "content", index)
    return None


def refuse_foreign(data: Mapping[str, Any], provider: Provider, path: JsonPath) -> None:
    """Refuse a response, message or call of another provider, by name.

    Raises:
        ToolCallError: `data` shows a marker only another provider uses.
    """
    _refuse(_shape(data, path), provider, data)


def _refuse_foreign_call(data: Mapping[str, Any], provider: Provider, path: JsonPath) -> None:
    found = _call_shape(data)
    _refuse(None if found is None else (*found, path), provider, data)


def _refuse(found: tuple[Provider, str, JsonPath] | None, provider: Provider, data: object) -> None:
    if found is None or found[0] == provider:
        return
    seen, what, where = found
    article = "an" if seen in ("openai", "openai-responses", "anthropic", "mcp") else "a"
    raise ToolCallError(
        f"this is {article} {TITLES[seen]} {what}, not {TITLES[provider]}: "
        f"read it with provider={seen!r}",
        path=where,
        raw=raw_text(data),
    )


# -- one reader per provider ----------------------------------------------------------


def _openai(message: object) -> Iterator[RawCall]:
    data = plain(message)
    if isinstance(data, Mapping):
        refuse_foreign(data, "openai", ())
        path: JsonPath = ()
        if "choices" in data:
            choices = items(data["choices"], ("choices",), "choices")
            if not choices:
                return
            path = ("choices", 0, "message")
            choice = mapping(choices[0], ("choices", 0), "a choice")
            data = mapping(choice.get("message"), path, "a message")
            refuse_foreign(data, "openai", path)
        if "function" in data and "tool_calls" not in data:
            calls = [(data, path)]
        elif "tool_calls" in data or "role" in data:
            if data.get("tool_calls") is None and data.get("function_call") is not None:
                raise ToolCallError(
                    "a function_call of the deprecated functions API is not read: "
                    "give the model tools, whose calls come as tool_calls",
                    path=(*path, "function_call"),
                    raw=raw_text(data),
                )
            path = (*path, "tool_calls")
            calls = located(items(data.get("tool_calls"), path, "tool_calls"), path)
        else:
            raise not_a("an OpenAI Chat Completions response, message or tool call", data)
    else:
        calls = located(items(data, (), "the tool calls"), ())
    for call, call_path in calls:
        item = mapping(call, call_path, "a tool call")
        _refuse_foreign_call(item, "openai", call_path)
        kind = item.get("type", "function")
        problem = None
        if kind != "function":
            problem = ToolCallError(
                f"unsupported tool call type {shown(kind)}: only function calls are read",
                path=(*call_path, "type"),
                raw=raw_text(item),
            )
        yield RawCall(
            provider="openai",
            id=call_id(item, ("id",), call_path, "openai"),
            fields=item.get("function"),
            path=(*call_path, "function"),
            holder="function",
            arguments_key="arguments",
            problem=problem,
        )


def _responses(message: object) -> Iterator[RawCall]:
    data = plain(message)
    if isinstance(data, Mapping):
        refuse_foreign(data, "openai-responses", ())
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
        _refuse_foreign_call(entry, "openai-responses", path)
        kind = entry.get("type")
        if kind in _ANSWERED_ELSEWHERE:
            raise ToolCallError(
                f"a {kind} item is a call toolbridge does not run, and only a "
                f"{kind}_output answers it: answer it with your own code, then pass "
                "the function_call items alone",
                path=(*path, "type"),
                raw=raw_text(entry),
            )
        if kind not in ("function_call", "custom_tool_call"):
            continue  # messages, reasoning, and calls run on OpenAI's side
        problem = None
        if kind == "custom_tool_call":
            problem = ToolCallError(
                "unsupported tool call type 'custom_tool_call': only function calls are read",
                path=(*path, "type"),
                raw=raw_text(entry),
            )
        yield RawCall(
            provider="openai-responses",
            id=call_id(entry, ("call_id",), path, "openai-responses"),
            fields=entry,
            path=path,
            holder=f"a {kind} item",
            arguments_key="arguments",
            problem=problem,
            answer_type=None if kind == "function_call" else "custom_tool_call_output",
        )


_ANSWERED_ELSEWHERE: Final = frozenset(
    {"computer_call", "local_shell_call", "shell_call", "apply_patch_call"}
)
"""Responses items that call the client's own tools (a computer, a shell, a patch):
each needs an output of its own kind, which no error text can stand in for."""


_TOOL_USE: Final = ("tool_use", "toolUse")


def _is_tool_use(block: Mapping[str, Any]) -> bool:
    kind = block.get("type")
    return isinstance(kind, str) and kind in _TOOL_USE


def _anthropic(message: object) -> Iterator[RawCall]:
    data = plain(message)
    if isinstance(data, Mapping):
        refuse_foreign(data, "anthropic", ())
        if "content" in data:
            content = plain(data["content"], ("content",))
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
        _refuse_foreign_call(entry, "anthropic", path)
        if not _is_tool_use(entry):
            continue
        yield RawCall(
            provider="anthropic",
            id=call_id(entry, ("id", "toolUseId"), path, "anthropic"),
            fields=entry,
            path=path,
            holder="a tool_use block",
            arguments_key="input",
        )


_FUNCTION_CALL_KEYS: Final = ("functionCall", "function_call")


def _gemini(message: object) -> Iterator[RawCall]:
    data = plain(message)
    if isinstance(data, Mapping):
        refuse_foreign(data, "gemini", ())
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
        _refuse_foreign_call(entry, "gemini", part_path)
        for key in _FUNCTION_CALL_KEYS:
            if entry.get(key) is not None:
                call_path = (*part_path, key)
                call = plain(entry[key], call_path)
                yield RawCall(
                    provider="gemini",
                    id=call_id(call, ("id",), call_path, "gemini")
                    if isinstance(call, Mapping)
                    else None,
                    fields=call,
                    path=call_path,
                    holder=key,
                    arguments_key="args",
                )
                break


def _bedrock(message: object) -> Iterator[RawCall]:
    data = plain(message)
    if isinstance(data, Mapping):
        refuse_foreign(data, "bedrock", ())
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
        _refuse_foreign_call(entry, "bedrock", block_path)
        if entry.get("toolUse") is None:
            continue
        path = (*block_path, "toolUse")
        use = mapping(entry["toolUse"], path, "toolUse")
        yield RawCall(
            provider="bedrock",
            id=call_id(use, ("toolUseId",), path, "bedrock"),
            fields=use,
            path=path,
            holder="toolUse",
            arguments_key="input",
        )


def _mcp(message: object) -> Iterator[RawCall]:
    data = plain(message)
    if isinstance(data, (list, tuple)):
        for index, item in enumerate(data):
            yield _mcp_one(mapping(item, (index,), "a tools/call request"), (index,))
    else:
        yield _mcp_one(mapping(data, (), "a tools/call request"), ())


def _mcp_one(data: Mapping[str, Any], path: JsonPath) -> RawCall:
    refuse_foreign(data, "mcp", path)
    request_id: str | None = None
    params: object = data
    if "method" in data:
        if data["method"] != "tools/call":
            raise ToolCallError(
                f"not a tools/call request: method {shown(data['method'])}",
                path=(*path, "method"),
                raw=raw_text(data),
            )
        jsonrpc_id = data.get("id")
        if isinstance(jsonrpc_id, (str, int)) and not isinstance(jsonrpc_id, bool):
            request_id = str(jsonrpc_id)
        path = (*path, "params")
        params = data.get("params")
    elif "name" not in data:
        raise not_a("an MCP tools/call request or its params", data)
    return RawCall(
        provider="mcp",
        id=request_id,
        fields=params,
        path=path,
        holder="params",
        arguments_key="arguments",
    )


_READERS: Final[dict[str, Callable[[object], Iterator[RawCall]]]] = {
    "openai": _openai,
    "openai-responses": _responses,
    "anthropic": _anthropic,
    "gemini": _gemini,
    "bedrock": _bedrock,
    "mcp": _mcp,
}
