"""OpenAI function tools, Chat Completions and Responses, to and from the canonical `Tool`.

Chat Completions nests the function: ``{"type": "function", "function": {name,
description, parameters, strict}}``; the Responses API is flat: ``{"type":
"function", name, description, parameters, strict}``. Both are written with
``strict`` stated, because the Responses API takes a missing ``strict`` as true.

Written: names mapped onto ``^[a-zA-Z0-9_-]{1,64}$`` (reversibly), descriptions cut
to 1,024 characters, schemas completed (``type``, ``properties``, ``items``) or made
strict (`toolbridge.schema.to_strict`). Not carried: ``title``, ``output_schema``,
``annotations`` (each reported when stated). Read back: unknown keys are kept in
``meta["openai"]`` (``"extra"`` beside the function, ``"function"`` inside it) and
written again when the tool goes back to OpenAI; ``meta["openai"]["strict"]`` keeps
the source's strictness, the default of a later ``strict=None``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final, overload

from toolbridge._json import FrozenDict, freeze, new_frozen_dict
from toolbridge._tool import Tool
from toolbridge.errors import ConversionError, JsonPath, ToolbridgeError
from toolbridge.formats._common import (
    frozen,
    no_foreign_schema,
    object_schema,
    read_tools,
    string_field,
)
from toolbridge.formats._engine import emit, emit_one
from toolbridge.formats._lowering import (
    Lowered,
    Notes,
    OnUnsupported,
    description_within,
    fields_not_carried,
    openai_parameters,
)

__all__ = ["from_openai", "from_openai_responses", "to_openai", "to_openai_responses"]

DESCRIPTION_LIMIT: Final = 1024
"""OpenAI's longest function description, in characters."""
_FUNCTION_KEYS: Final = frozenset({"name", "description", "parameters", "strict"})
_EMPTY_OBJECT: Final = freeze({"type": "object", "properties": {}})
_NO_KEYS: Final[Mapping[str, Any]] = new_frozen_dict({})


# -- to OpenAI ----------------------------------------------------------------------------


def _write(
    tool: Tool,
    name: str,
    strict: bool | None,
    on_unsupported: OnUnsupported,
    notes: Notes | None,
    flat: bool,
) -> tuple[FrozenDict, bool]:
    """The wire object in one pass (Chat Completions, or Responses when `flat`).

    Returns it with whether it is strict; with `notes`, the report and plan go there.
    """
    openai = tool.meta.get("openai")
    source: Mapping[str, Any] = openai if isinstance(openai, dict) else _NO_KEYS  # (frozen)
    description = tool.description
    if notes is not None:
        notes.report.extend(fields_not_carried(tool, frozenset(), "OpenAI"))
    if len(description) > DESCRIPTION_LIMIT:
        description, cut = description_within(tool, DESCRIPTION_LIMIT, "OpenAI")
        if notes is not None:
            notes.report.extend(cut)
    wanted = source.get("strict") is True if strict is None else strict
    parameters, is_strict = openai_parameters(tool, wanted, on_unsupported, notes)
    function = {
        "name": name if type(name) is str else _text(name),
        "description": description if type(description) is str else _text(description),
        "parameters": parameters,
        "strict": is_strict,
    }
    if source:  # a tool read from OpenAI: its other keys are written back
        for key, value in (source.get("function") or _NO_KEYS).items():
            function.setdefault(key, value)
    if flat:
        wire = {"type": "function", **function}
    else:
        wire = {"type": "function", "function": new_frozen_dict(function)}
    if source:
        for key, value in (source.get("extra") or _NO_KEYS).items():
            if flat or key not in ("type", "function"):
                wire.setdefault(key, value)
    return new_frozen_dict(wire), is_strict


def _text(value: str) -> str:
    """The exact `str` a frozen wire object holds (a subclass, such as a str enum, is not)."""
    return str.__str__(value)


def _write_chat(
    tool: Tool, name: str, strict: bool | None, on_unsupported: OnUnsupported
) -> Lowered:
    notes = Notes()
    return notes.lowered(*_write(tool, name, strict, on_unsupported, notes, False))


def _write_responses(
    tool: Tool, name: str, strict: bool | None, on_unsupported: OnUnsupported
) -> Lowered:
    notes = Notes()
    return notes.lowered(*_write(tool, name, strict, on_unsupported, notes, True))


def _wire_chat(tool: Tool, strict: bool | None, on_unsupported: OnUnsupported) -> FrozenDict:
    return _write(tool, tool.name, strict, on_unsupported, None, False)[0]


def _wire_responses(tool: Tool, strict: bool | None, on_unsupported: OnUnsupported) -> FrozenDict:
    return _write(tool, tool.name, strict, on_unsupported, None, True)[0]


@overload
def to_openai(
    tools: Tool, /, *, strict: bool | None = None, on_unsupported: OnUnsupported = "fallback"
) -> dict[str, Any]: ...
@overload
def to_openai(
    tools: Iterable[Tool],
    /,
    *,
    strict: bool | None = None,
    on_unsupported: OnUnsupported = "fallback",
) -> list[dict[str, Any]]: ...
def to_openai(
    tools: Tool | Iterable[Tool],
    /,
    *,
    strict: bool | None = None,
    on_unsupported: OnUnsupported = "fallback",
) -> dict[str, Any] | list[dict[str, Any]]:
    """Write tools as OpenAI Chat Completions function tools.

    Args:
        tools: One tool, or an iterable of them.
        strict: Ask for strict mode (Structured Outputs). ``None`` keeps what a tool
            read from OpenAI said, and means false for any other tool.
        on_unsupported: A schema that cannot be strict falls back to non-strict
            (``"fallback"``, reported) or raises (``"raise"``).

    Returns:
        One frozen tool object for one tool, a list for an iterable (use
        `toolbridge.thaw` for editable copies). `toolbridge.formats.convert` gives
        the report and the way back for names and arguments.

    Raises:
        ConversionError: Not tools, two tools with one name, or (with ``"raise"``) a
            schema that cannot be strict.
        SchemaError: A ``type`` names no JSON type (the message names the tool; ``path``
            is where).
    """
    if type(tools) is Tool:  # the common call, without emit's keyword arguments
        return emit_one(tools, "openai", _write_chat, _wire_chat, strict, on_unsupported)
    return emit(
        tools,
        "openai",
        _write_chat,
        strict=strict,
        on_unsupported=on_unsupported,
        function="to_openai",
        wire=_wire_chat,
    )


@overload
def to_openai_responses(
    tools: Tool, /, *, strict: bool | None = None, on_unsupported: OnUnsupported = "fallback"
) -> dict[str, Any]: ...
@overload
def to_openai_responses(
    tools: Iterable[Tool],
    /,
    *,
    strict: bool | None = None,
    on_unsupported: OnUnsupported = "fallback",
) -> list[dict[str, Any]]: ...
def to_openai_responses(
    tools: Tool | Iterable[Tool],
    /,
    *,
    strict: bool | None = None,
    on_unsupported: OnUnsupported = "fallback",
) -> dict[str, Any] | list[dict[str, Any]]:
    """Write tools as OpenAI Responses API function tools (flat, ``strict`` stated).

    Arguments, result and errors as `to_openai`.
    """
    if type(tools) is Tool:  # the common call, without emit's keyword arguments
        return emit_one(
            tools, "openai-responses", _write_responses, _wire_responses, strict, on_unsupported
        )
    return emit(
        tools,
        "openai-responses",
        _write_responses,
        strict=strict,
        on_unsupported=on_unsupported,
        function="to_openai_responses",
        wire=_wire_responses,
    )


# -- from OpenAI --------------------------------------------------------------------------


def _is_tool(data: Mapping[str, Any]) -> bool:
    # An envelope (a request body, ``{"functions": [...]}``) has no "type" of its own.
    return "function" in data or "name" in data or "type" in data


def _reader(source: str, strict_default: bool) -> Any:
    def read(data: Mapping[str, Any], path: JsonPath) -> Tool:
        kind = data.get("type", "function")
        if kind != "function":
            raise ConversionError(
                f"a {kind!r} tool is not a function tool (hosted and custom tools do not convert)",
                path=(*path, "type"),
            )
        if "function" in data:
            function = data["function"]
            where: JsonPath = (*path, "function")
            if not isinstance(function, Mapping):
                raise ConversionError(
                    f"function must be a JSON object, got {type(function).__name__}", path=where
                )
            extra = {key: value for key, value in data.items() if key not in ("type", "function")}
        else:
            function, where, extra = data, path, {}
        name = function.get("name")
        if not isinstance(name, str) or not name.strip():
            raise ConversionError(
                f"an OpenAI function needs a non-empty string name, got {name!r}",
                path=(*where, "name"),
            )
        owner = f"OpenAI function {name!r}"
        description = string_field(function, "description", where, owner)
        no_foreign_schema(function, ("parameters",), where, owner)
        parameters = function.get("parameters")
        if parameters is None:
            parameters = _EMPTY_OBJECT
        parameters = object_schema(parameters, (*where, "parameters"), owner, "parameters")
        strict = function.get("strict")
        if strict is not None and not isinstance(strict, bool):
            raise ConversionError(
                f"{owner}: strict must be a boolean, got {strict!r}", path=(*where, "strict")
            )
        known = _FUNCTION_KEYS if function is not data else _FUNCTION_KEYS | {"type"}
        unknown = {key: value for key, value in function.items() if key not in known}
        openai: dict[str, Any] = {"strict": strict_default if strict is None else strict}
        if unknown:
            openai["function"] = frozen(unknown, where, owner)
        if extra:
            openai["extra"] = frozen(extra, path, owner)
        try:
            return Tool(
                name=name,
                description=description or "",
                input_schema=parameters,
                meta={"source": source, "openai": openai},
            )
        except ToolbridgeError as error:  # the checks above leave nothing expected here
            raise ConversionError(f"{owner}: {error}", path=where) from error

    return read


_READ_CHAT = _reader("openai", strict_default=False)
_READ_RESPONSES = _reader("openai-responses", strict_default=True)


@overload
def from_openai(obj: list[Any], /) -> list[Tool]: ...
@overload
def from_openai(obj: Any, /) -> Tool | list[Tool]: ...
def from_openai(obj: Any, /) -> Tool | list[Tool]:
    """Read OpenAI function tools into canonical tools.

    Args:
        obj: One tool (``{"type": "function", "function": {...}}``, or the flat
            Responses shape, or a bare function object), a list of them, or a
            request body holding them under ``"tools"`` (or legacy ``"functions"``);
            plain JSON or the SDK's pydantic objects.

    Returns:
        One `Tool` for one tool, a list otherwise. A missing ``strict`` is false.

    Raises:
        ConversionError: Not OpenAI tools; a hosted or custom tool (``web_search``, ...); a
            field of the wrong type. The message and ``path`` say which and where.
    """
    return read_tools(
        obj, _READ_CHAT, format_name="OpenAI", envelopes=("tools", "functions"), is_tool=_is_tool
    )


@overload
def from_openai_responses(obj: list[Any], /) -> list[Tool]: ...
@overload
def from_openai_responses(obj: Any, /) -> Tool | list[Tool]: ...
def from_openai_responses(obj: Any, /) -> Tool | list[Tool]:
    """Read OpenAI Responses API function tools.

    As `from_openai`, but a missing ``strict`` is true, as the Responses API takes it.
    """
    return read_tools(
        obj, _READ_RESPONSES, format_name="OpenAI Responses", envelopes=("tools",), is_tool=_is_tool
    )
