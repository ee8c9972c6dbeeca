"""A long ``tools/list`` reply read tool by tool, and no further than ``max_tools``.

A page of 100,000 tools (15 MB) parsed whole costs its every tool (hundreds of MB
through the SDK's message model) before the client can count them. `cut_listing`
reads such a reply member by member with the standard library's decoder, the
``tools`` array one tool at a time, and stops one tool past the limit: the rest of
the text is never parsed. Both transports use it: stdio on a long line, streamable
HTTP on a long JSON body or SSE event.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

import mcp_types
from mcp.shared.message import SessionMessage
from pydantic import ValidationError

from toolbridge.mcp._wire import TOO_MANY

__all__ = ["LARGE", "cut_listing", "lone_surrogate"]

LARGE: Final = 1 << 20
"""Messages longer than this (bytes or characters) that answer with a ``tools`` array
are read tool by tool, and no further than one tool past ``max_tools``."""
_MESSAGE: Final = mcp_types.jsonrpc_message_adapter
_DECODER: Final = json.JSONDecoder()
_SPACE: Final = re.compile(r"[ \t\n\r]*")
_CLOSE: Final = {"{": "}", "[": "]"}
_TAIL: Final = 4096
"""How far from its end the ``id`` of a reply laid out result-first is looked for."""


def cut_listing(
    data: bytes | str, limit: int, *, reply_id: int | str | None = None
) -> SessionMessage | None:
    """A reply whose ``result.tools`` holds more than `limit` tools, read to one past it.

    The rest of `data` is never parsed: its other tools cost neither time nor memory.
    The result is marked `TOO_MANY`, for the client to refuse, its tools left out (so
    that nothing, the SDK included, checks them). None when `data` is anything else
    (it is then read whole, as any message).

    The id says which request a reply answers. Over HTTP the transport knows that
    request: given as `reply_id` (None: unknown), it stands for an ``id`` (and
    ``jsonrpc``) that come after the result or not at all. Over stdio an ``id`` after
    the result is read from the end of the text (see `_tail`).
    """
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
        reply: dict[str, Any] = {}
        index = _open(text, 0, "{")
        while index is not None:
            key, index = _key(text, index)
            if key == "result":
                if "id" not in reply and reply_id is None:
                    reply = {**_tail(text), **reply}  # the members after the result
                    if "id" not in reply:
                        return None
                result = _cut_result(text, index, limit)
                if result is None:
                    return None
                if reply_id is not None:
                    reply.setdefault("id", reply_id)
                reply.setdefault("jsonrpc", "2.0")
                # The page is refused unread: only what is not a tool is checked.
                if lone_surrogate({**reply, "result": {**result, "tools": []}}) is not None:
                    return None
                reply["result"] = result
                return SessionMessage(_MESSAGE.validate_python(reply, by_name=False))
            reply[key], index = _DECODER.raw_decode(text, _skip(text, index))
            index = _next(text, index, "}")
    except (ValueError, RecursionError, IndexError, ValidationError):
        pass
    return None


def _tail(text: str) -> dict[str, Any]:
    """The members of the outermost object from its last ``"id"`` member to its end.

    Looked for in the last `_TAIL` characters: an ``"id"`` key after a comma from
    which members read on to the object's closing brace and the end of the text is
    one of the outermost object's own (a nested one would leave braces to close).
    Empty when there is none.
    """
    start = max(len(text) - _TAIL, 0)
    found = text.rfind('"id"', start)
    while found > start:
        before = text[start:found].rstrip(" \t\n\r")
        if before.endswith(","):
            members = _members_to_end(text, found)
            if members is not None:
                return members
        found = text.rfind('"id"', start, found)
    return {}


def _members_to_end(text: str, index: int) -> dict[str, Any] | None:
    """The members from `index` to a closing brace that ends `text`; None if not so."""
    members: dict[str, Any] = {}
    try:
        while True:
            key, index = _key(text, index)
            members[key], index = _DECODER.raw_decode(text, _skip(text, index))
            index = _skip(text, index)
            if text[index] == "}":
                break
            if text[index] != ",":
                return None
            index = _skip(text, index + 1)
    except (ValueError, RecursionError, IndexError):
        return None
    return members if _skip(text, index + 1) == len(text) else None


def lone_surrogate(value: Any) -> int | None:
    """The first lone surrogate in any string of `value` (keys too), or None."""
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            for char in node:
                if "\ud800" <= char <= "\udfff":
                    return ord(char)
        elif isinstance(node, dict):
            stack.extend(node.keys())
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return None


def _cut_result(text: str, index: int, limit: int) -> dict[str, Any] | None:
    """The members of a result up to its ``tools`` when those are more than `limit`.

    The tools are counted to one past `limit`, and left out: the page is refused
    (None: `limit` or fewer).
    """
    result: dict[str, Any] = {}
    member: int | None = _open(text, index, "{")
    while member is not None:
        key, member = _key(text, member)
        if key != "tools":
            result[key], member = _DECODER.raw_decode(text, _skip(text, member))
            member = _next(text, member, "}")
            continue
        count = 0
        item: int | None = _open(text, member, "[")
        while item is not None:
            _, item = _DECODER.raw_decode(text, _skip(text, item))
            count += 1
            if count > limit:
                meta = result.get("_meta")
                meta = {**(meta if isinstance(meta, dict) else {}), TOO_MANY: True}
                return {**result, "tools": [], "_meta": meta}
            item = _next(text, item, "]")
        return None
    return None


def _open(text: str, index: int, bracket: str) -> int | None:
    """Past `bracket` at `index` (after spaces): where the first member is, None if empty."""
    index = _skip(text, index)
    if text[index] != bracket:
        raise ValueError(f"expected {bracket!r}")
    index = _skip(text, index + 1)
    return None if text[index] == _CLOSE[bracket] else index


def _key(text: str, index: int) -> tuple[str, int]:
    """An object's key at `index`, and where its value is (past the colon)."""
    key, index = _DECODER.raw_decode(text, index)
    if not isinstance(key, str):
        raise ValueError("expected a key")
    index = _skip(text, index)
    if text[index] != ":":
        raise ValueError("expected ':'")
    return key, index + 1


def _next(text: str, index: int, close: str) -> int | None:
    """After a member: where the next is, or None at `close`."""
    index = _skip(text, index)
    if text[index] == close:
        return None
    if text[index] != ",":
        raise ValueError("expected ','")
    return _skip(text, index + 1)


def _skip(text: str, index: int) -> int:
    """Past the JSON whitespace at `index`."""
    match = _SPACE.match(text, index)
    return match.end() if match is not None else index
