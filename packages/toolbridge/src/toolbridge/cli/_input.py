"""Reading the INPUT of ``convert``, ``check``, ``diff``, ``scan`` and ``search``: tools as JSON.

From a file or stdin; `read_by_server` also reads ``{server: tools}``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from toolbridge._json import loads
from toolbridge._tool import Tool
from toolbridge.errors import ConversionError, format_path
from toolbridge.formats import Source, read_tools

STDIN = "-"


class InputError(ValueError):
    """INPUT cannot be read or is not JSON (a usage error, exit status 2).

    Its message is the whole one-line error: ``_main`` prints it as it is.
    """


def read_text(source: str | None) -> str:
    """The text of INPUT: a file's, or stdin's for ``-`` or no INPUT (UTF-8 either way).

    Raises:
        InputError: The file cannot be read, or the bytes are not UTF-8.
    """
    if source is None or source == STDIN:
        if sys.stdin.isatty() and sys.stderr.isatty():
            sys.stderr.write("toolbridge: reading tools from stdin (end with Ctrl-D)\n")
        data = sys.stdin.buffer.read()
    else:
        try:
            data = Path(source).expanduser().read_bytes()
        except OSError as error:
            raise InputError(f"cannot read {source!r}: {error.strerror or error}") from error
    where = _name(source)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InputError(f"{where} is not UTF-8: {error.reason} at byte {error.start}") from None


def read_json(source: str | None) -> Any:
    """INPUT parsed as JSON; a syntax error names its line and column.

    Raises:
        InputError: Unreadable, or not JSON.
    """
    return parse_json(read_text(source), source)


def parse_json(text: str, source: str | None) -> Any:
    """The text of INPUT parsed as JSON; a syntax error names its line and column.

    Raises:
        InputError: Not JSON.
    """
    try:
        return loads(text)
    except json.JSONDecodeError as error:
        raise InputError(
            f"{_name(source)} is not valid JSON: {error.msg}"
            f" at line {error.lineno}, column {error.colno}"
        ) from None
    except RecursionError:
        raise InputError(f"{_name(source)} is not valid JSON: it nests too deeply") from None
    except ValueError as error:
        raise InputError(f"{_name(source)} is not valid JSON: {error}") from None


def read_input(source: str | None, source_format: Source) -> list[Tool]:
    """The tools INPUT holds, read as `source_format` (one tool, a list, or an envelope).

    Raises:
        InputError: Unreadable, or not JSON.
        ConversionError: JSON that is not that format's tools; the message names the
            tool and the JSON path.
    """
    return tools_in(read_json(source), source_format)


def read_by_server(source: str | None, source_format: Source) -> list[Tool] | dict[str, list[Tool]]:
    """INPUT's tools, by server when it is a JSON object of server names to tools.

    ``{"billing": [...], "notes": {"tools": [...]}}``: each value is what INPUT may
    be for one server (one tool, a list, an envelope) in the `source_format`. An
    object that is a tool or an envelope of that format is read as one.

    Raises:
        InputError: Unreadable, or not JSON.
        ConversionError: Not tools, nor servers' tools; the message names the JSON path
            (under the server's name for a server's tools).
    """
    data = read_json(source)
    try:
        return tools_in(data, source_format)
    except ConversionError as error:
        if not _names_servers(data):
            raise
        first = error
    grouped: dict[str, list[Tool]] = {}
    for name, tools in data.items():
        try:
            grouped[name] = tools_in(tools, source_format)
        except ConversionError as error:
            raise ConversionError(
                f"server {name!r}: {_without_place(error)}", path=(name, *error.path)
            ) from first
    return grouped


def _names_servers(data: object) -> bool:
    """Whether `data` has the shape of ``{server: tools}``: an object of lists and objects."""
    return (
        isinstance(data, Mapping)
        and bool(data)
        and all(isinstance(value, Mapping | list) for value in data.values())
    )


def _without_place(error: ConversionError) -> str:
    """What `error` says, without the place its message may end with (it is given again)."""
    text = str(error)
    where = f" (at {format_path(error.path)!r})" if error.path else ""
    return text.removesuffix(where)


def tools_in(data: Any, source_format: Source) -> list[Tool]:
    """The tools parsed INPUT holds, read as `source_format` (see `read_input`).

    Raises:
        ConversionError: JSON that is not that format's tools; the message names the
            tool and the JSON path.
    """
    try:
        tools = read_tools(data, source_format)
    except ConversionError as error:
        located = _located(error)
        if located is None:
            raise
        raise located from error
    return [tools] if isinstance(tools, Tool) else list(tools)


_ENVELOPES: Final = ("tools", "functions")
DECLARATIONS: Final = ("functionDeclarations", "function_declarations")
"""The keys of a Gemini ``Tool``'s function declarations (`tool_count` counts them)."""


def declared(item: Mapping[str, Any]) -> list[Any] | None:
    """The list of function declarations of a Gemini ``Tool`` (the first key with one), or None."""
    return next((found for key in DECLARATIONS if isinstance(found := item.get(key), list)), None)


def tool_count(data: Any) -> int:
    """How many tools parsed INPUT holds, counted without reading them.

    A list, or the list under an envelope (``tools``, ``functions``, Bedrock's
    ``toolConfig.tools``); a Gemini ``Tool`` counts its function declarations. Anything
    else counts one: reading it says what is wrong.
    """
    items: Any = data
    if isinstance(data, dict):
        config = data.get("toolConfig")
        listed = [data.get(key) for key in _ENVELOPES]
        if isinstance(config, dict):
            listed.append(config.get("tools"))
        items = next((found for found in listed if isinstance(found, list)), [data])
    if not isinstance(items, list):
        return 1
    count = 0
    for item in items:
        inner = declared(item) if isinstance(item, dict) else None
        count += 1 if inner is None else len(inner)
    return count


def _name(source: str | None) -> str:
    return "stdin" if source is None or source == STDIN else repr(source)


def _located(error: ConversionError) -> ConversionError | None:
    """The error with its JSON path added to the message; None if the message has it."""
    where = format_path(error.path)
    if not where or repr(where) in str(error):
        return None
    return ConversionError(str(error), path=error.path)
