"""Between a transport and the SDK's session: every message, checked against the protocol.

The SDK matches a response to its request by id and drops what it cannot match or
parse, so a reply that breaks the protocol leaves its request waiting for its
timeout. A `Wire` sits on the transport's two streams, knows which requests are in
flight, and ends the connection at once when a reply breaks the protocol, with a
`failure` that says how (the pending requests then fail with `ServerError`):

* a reply the transport could not read (`Unreadable`: a result that is not an
  object, ``"id": null``, bytes that are not UTF-8, a lone surrogate, ...) to a
  request in flight;
* a reply to a request id that was never sent, while a request waits;
* a JSON-RPC batch holding replies (JSON-RPC answers only a batch with a batch, and
  toolbridge sends none), or any batch after MCP 2025-03-26, which dropped them.

What cannot be pinned on a waiting request (a stray ``print``, a late reply to an
abandoned request) is logged on ``toolbridge.mcp`` and skipped.

It also sieves ``tools/list`` pages: a tool the negotiated protocol version's schema
refuses would make the SDK refuse the whole page, so it is taken out and described
under the result's ``_meta`` key `LEFT_OUT` (see `left_out`), and the others load.

And it carries MCP tasks past the SDK, which knows their messages but not their
methods: the ``CreateTaskResult`` answering a task-augmented ``tools/call`` (which
the SDK would refuse as a ``CallToolResult``) reaches it as an empty result with the
task under the ``_meta`` key `TASK`; ``notifications/tasks/status`` (which the SDK
drops) goes to `on_task_status`; and a task created for a call abandoned before its
answer came goes to `on_orphan_task`, to be cancelled.

And it keeps what the server said, bounded:

* a JSON-RPC error with a code the SDK also uses for its own failures (-32000
  "connection closed", -32001 "request timed out") is marked as the server's
  (`REMOTE` in its ``data``), so that the client reports it as the server's answer,
  never as a closed connection or a timeout (`remote` reads the mark);
* an error answering ``initialize`` is kept in `refused`, for the start-up error;
* before the handshake ends, the server's first `EARLY_PASSED` requests and
  notifications reach the SDK; later ones are dropped unread, and at `EARLY_LIMIT`
  the connection is refused as a flood;
* a ``tools/list`` page of more than `max_tools` tools is marked `TOO_MANY` in
  ``_meta`` and its tools are left out before anything (the SDK included) checks them
  (the transports do it as they read a long message, see `cut_listing`; this is for
  a short one, or one laid out so that they cannot).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import re
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any, Final, Literal, final

import anyio
from anyio.abc import ObjectReceiveStream, ObjectSendStream
from mcp.shared.dispatcher import coerce_request_id
from mcp.shared.message import SessionMessage
from mcp_types.jsonrpc import (
    JSONRPCError,
    JSONRPCNotification,
    JSONRPCRequest,
    JSONRPCResponse,
)
from mcp_types.methods import validate_server_result
from pydantic import ValidationError

if TYPE_CHECKING:
    from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream

    Streams = tuple[
        MemoryObjectReceiveStream[SessionMessage | Exception],
        MemoryObjectSendStream[SessionMessage],
    ]

__all__ = [
    "EARLY_LIMIT",
    "EARLY_PASSED",
    "LEFT_OUT",
    "NULL_ID",
    "REMOTE",
    "TASK",
    "TEXT_LIMIT",
    "TOO_MANY",
    "Ended",
    "Unreadable",
    "Wire",
    "bounded",
    "describe",
    "left_out",
    "remote",
    "sanitized",
    "too_many",
]

_log = logging.getLogger("toolbridge.mcp")

LEFT_OUT: Final = "toolbridge/leftOut"
"""The ``_meta`` key of a sieved ``tools/list`` result: ``[{index, name, errors}]``."""
TASK: Final = "toolbridge/task"
"""The ``_meta`` key of a task-augmented ``tools/call`` result that created a task: its
``task`` (see `Wire`)."""
TASK_STATUS: Final = "notifications/tasks/status"
NULL_ID: Final = '"id": null'
"""The `Unreadable.problem` of a reply whose only fault is its null id."""
TEXT_LIMIT: Final = 1_000
"""The most characters of a server's own text (an error message) put in a message."""
REMOTE: Final = "toolbridge/remote"
"""The key `Wire` puts in the ``data`` of a server's error whose code the SDK also uses
for its own failures; its value is the error's original ``data``."""
TOO_MANY: Final = "toolbridge/tooMany"
"""The ``_meta`` key (``true``) of a ``tools/list`` page of more than `Wire.max_tools`
tools, refused: its tools are left out."""
EARLY_PASSED: Final = 100
"""Requests and notifications from the server passed to the SDK before the handshake ends."""
EARLY_LIMIT: Final = 10_000
"""Requests and notifications before the handshake ends at which the server is refused."""
_SDK_CODES: Final = frozenset({-32000, -32001})
"""The codes the SDK raises for its own failures: a closed connection, a timeout."""
_HANDSHAKES: Final = frozenset({"initialize", "server/discover"})
_CONTROL: Final = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]")
"""Control characters (C0, DEL, C1), zero-width, line and bidirectional controls."""
_SHORT: Final = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
_BATCH_VERSIONS: Final = frozenset({"2024-11-05", "2025-03-26"})
"""The MCP versions that allowed JSON-RPC batches (2025-06-18 removed them)."""
_STRAYS_KEPT: Final = 3


@final
class _Checked(ObjectReceiveStream["SessionMessage | Exception"]):
    """The transport's read stream, each item judged by the wire as the session reads it.

    After a reply that broke the protocol (`Wire.failure`) the stream ends: the
    session then fails its waiting requests at once.
    """

    def __init__(self, wire: Wire, inner: Any) -> None:
        self._wire = wire
        self._inner = inner
        self._passed: collections.deque[SessionMessage | Exception] = collections.deque()

    @property
    def last_context(self) -> Any:
        """The sender's context variables of the last item, where the transport keeps them."""
        return getattr(self._inner, "last_context", None)

    async def receive(self) -> SessionMessage | Exception:
        wire, passed = self._wire, self._passed
        while not passed:
            if wire.failure is not None:
                wire.ended.set()
                raise anyio.EndOfStream
            try:
                item = await self._inner.receive()
            except (anyio.EndOfStream, anyio.ClosedResourceError, anyio.BrokenResourceError):
                wire.ended.set()
                raise anyio.EndOfStream from None
            passed.extend(wire._judge(item))
            if wire.taken is not None:
                wire.taken(item)
        return passed.popleft()

    async def aclose(self) -> None:
        await self._inner.aclose()


@final
class _Noted(ObjectSendStream["SessionMessage"]):
    """The transport's write stream, each request noted by the wire as it goes out."""

    def __init__(self, wire: Wire, inner: Any) -> None:
        self._wire = wire
        self._inner = inner

    async def send(self, item: SessionMessage) -> None:
        self._wire._sent(item.message)
        await self._inner.send(item)

    async def aclose(self) -> None:
        await self._inner.aclose()


def bounded(text: str, limit: int = TEXT_LIMIT) -> str:
    """`text`, cut to `limit` characters with a note of how many more there were."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text) - limit} more characters)"


def sanitized(text: str, limit: int = TEXT_LIMIT) -> str:
    r"""A server's `text` fit for a message: cut to `limit`, control characters escaped.

    Terminal escapes (ANSI), line breaks, NUL, zero-width and bidirectional controls
    become ``\x1b``, ``\n``, ``\u202e``: a message cannot repaint a terminal, forge a
    log line or hide text.
    """
    cut = text[:limit]
    shown = _CONTROL.sub(_escape, cut) if _CONTROL.search(cut) else cut
    if len(text) > limit:
        shown += f"... ({len(text) - limit} more characters)"
    return shown


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    short = _SHORT.get(char)
    if short is not None:
        return short
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def remote(data: object) -> tuple[bool, object]:
    """Whether an error's `data` carries the `REMOTE` mark, and its original ``data``."""
    if isinstance(data, dict) and REMOTE in data and len(data) == 1:
        return True, data[REMOTE]
    return False, data


def too_many(page: dict[str, Any]) -> bool:
    """Whether a ``tools/list`` page held more than `Wire.max_tools` tools (see `TOO_MANY`)."""
    meta = page.get("_meta")
    return isinstance(meta, dict) and meta.get(TOO_MANY) is True


def describe(error: ValidationError, limit: int = 3) -> str:
    """A pydantic error's first few problems, each with where: ``tools[3].name: ...``."""
    found = error.errors(include_url=False, include_input=False)
    parts = [f"{_location(item['loc'])}: {item['msg']}" for item in found[:limit]]
    more = f" (and {len(found) - limit} more)" if len(found) > limit else ""
    return "; ".join(parts) + more


def _location(loc: Sequence[str | int]) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
    return text or "the result"


@final
class Unreadable(Exception):
    """A line the transport could not pass on as a JSON-RPC message, and what it made of it.

    It travels the read stream as an exception item, for the `Wire` to judge.
    """

    def __init__(
        self,
        problem: str,
        *,
        excerpt: str,
        kind: Literal["stray", "broken", "message", "reply", "batch"],
        reply_id: object = None,
        items: Sequence[SessionMessage | Unreadable] = (),
    ) -> None:
        super().__init__(problem)
        self.problem = problem
        """What is wrong, as the end of a sentence: ``a result that is an array, ...``."""
        self.excerpt = excerpt
        """The line's first 200 characters."""
        self.kind = kind
        """``stray`` (not JSON, or JSON that is not JSON-RPC), ``broken`` (JSON-RPC that
        cannot be read at all), ``message`` (a malformed request or notification),
        ``reply`` (a malformed response) or ``batch`` (a JSON array of messages)."""
        self.reply_id = reply_id
        """A reply's ``id`` as sent (None for null or missing)."""
        self.items = tuple(items)
        """A batch's messages, each read on its own."""


@final
class Ended(Exception):
    """The transport ended the connection, and why (the end of a sentence).

    It travels the read stream as an exception item: the `Wire` fails the connection
    with `reason`, as it does for a reply that broke the protocol.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@final
class Wire:
    """The checks between one session's transport and the SDK (see the module docstring)."""

    def __init__(
        self,
        name: str,
        *,
        on_task_status: Callable[[object], None] | None = None,
        on_orphan_task: Callable[[str, object], None] | None = None,
        max_tools: int | None = None,
        synthesized: Callable[[str], bool] | None = None,
    ) -> None:
        self.name = name
        self.max_tools = max_tools
        """A ``tools/list`` page of more tools is refused unread (see `TOO_MANY`)."""
        self.synthesized = synthesized
        """Tells the transport's own errors (an HTTP stream lost) from the server's, by
        message; None: every error on the wire is the server's (stdio)."""
        self.refused: tuple[int, str] | None = None
        """The code and message of the server's error answering ``initialize``."""
        self.handshaken = False
        """Set once the server answered the handshake (`initialize`, `server/discover`)."""
        self.early_requests = 0
        self.early_notifications = 0
        self.taken: Callable[[object], None] | None = None
        """Told of each item the session takes, once judged: the transport then no
        longer counts it as arrived and still being read (see `_connection.in_time`)."""
        self.on_task_status = on_task_status
        """Receives the params of every ``notifications/tasks/status``."""
        self.on_orphan_task = on_orphan_task
        """Receives ``(tool name, task)`` of a task created for an abandoned call."""
        self.version: str | None = None
        """The negotiated protocol version, once known."""
        self.failure: str | None = None
        """Why the wire ended the connection (a broken protocol), else None."""
        self.strays: list[str] = []
        """The first lines the server wrote that were not JSON-RPC (excerpts)."""
        self.stray_count = 0
        self.ended = asyncio.Event()
        """Set once nothing more will reach the session (end of input, or `failure`)."""
        self._in_flight: dict[Any, str] = {}
        self._highest = -1
        self._issued: set[Any] = set()
        """Request ids that are not integers, ever sent (integers: up to `_highest`)."""
        self._task_calls: dict[Any, str] = {}
        """Task-augmented ``tools/call`` requests in flight: their tool's name, by id."""
        self._abandoned_task_calls: dict[Any, str] = {}
        """The same, once their caller gave up on them (a task may still be created)."""

    def stray_note(self) -> str:
        """``; it wrote to stdout what is not JSON-RPC: '...'`` ('' if it did not)."""
        if not self.strays:
            return ""
        more = self.stray_count - 1
        tail = f" (and {more} more line{'s' * (more != 1)})" if more > 0 else ""
        return f"; its stdout began with a line that is not JSON-RPC: {self.strays[0]!r}{tail}"

    @contextlib.asynccontextmanager
    async def around(
        self, transport: AbstractAsyncContextManager[Streams]
    ) -> AsyncIterator[tuple[_Checked, _Noted]]:
        """Enter `transport` and give the session streams that pass through this wire.

        Each message is checked where it passes, in the task that reads or writes it:
        no task or stream of the wire's own stands between the session and the
        transport (a hop each way would cost every call a switch of tasks).
        """
        async with transport as (read, write):
            try:
                yield _Checked(self, read), _Noted(self, write)
            finally:
                self.ended.set()

    # -- what goes out ----------------------------------------------------------------

    def _sent(self, message: Any) -> None:
        if isinstance(message, JSONRPCRequest):
            key = coerce_request_id(message.id)
            self._in_flight[key] = message.method
            if isinstance(key, int):
                self._highest = max(self._highest, key)
            else:
                self._issued.add(key)
            params = message.params
            if message.method == "tools/call" and params is not None and "task" in params:
                self._task_calls[key] = str(params.get("name"))
        elif (
            isinstance(message, JSONRPCNotification)
            and message.method == "notifications/cancelled"
            and message.params is not None
        ):
            abandoned = message.params.get("requestId")
            if isinstance(abandoned, int | str):
                key = coerce_request_id(abandoned)
                self._in_flight.pop(key, None)
                if key in self._task_calls:
                    self._abandoned_task_calls[key] = self._task_calls.pop(key)

    def _was_sent(self, key: object) -> bool:
        if isinstance(key, int) and not isinstance(key, bool):
            return 0 <= key <= self._highest
        return key in self._issued

    # -- what comes in ----------------------------------------------------------------

    def _judge(self, item: SessionMessage | Exception) -> list[SessionMessage | Exception]:
        if isinstance(item, Unreadable):
            return self._judge_unreadable(item)
        if isinstance(item, Ended):
            self._fail(item.reason)
            return []
        if isinstance(item, Exception):
            return [item]
        message = item.message
        if isinstance(message, JSONRPCNotification) and message.method == TASK_STATUS:
            if self.on_task_status is not None:
                self.on_task_status(message.params)
            return []  # the SDK would drop it: no table of its versions has the method
        if not isinstance(message, JSONRPCResponse | JSONRPCError):
            return [item] if self.handshaken else self._early(item, message)
        if message.id is None:  # only an error may have it: the server could not read one
            assert isinstance(message, JSONRPCError)
            error = message.error
            self._violation(
                f'answered with an error whose "id" is null, so no request can be matched '
                f"({error.code}: {sanitized(error.message, 200)})"
            )
            return []
        key = coerce_request_id(message.id)
        method = self._in_flight.pop(key, None)
        tasked = self._task_calls.pop(key, None)
        if method is None:
            orphan = self._abandoned_task_calls.pop(key, None)
            if (
                orphan is not None
                and self.on_orphan_task is not None
                and isinstance(message, JSONRPCResponse)
                and "task" in message.result
                and "content" not in message.result
            ):
                self.on_orphan_task(orphan, message.result["task"])
            if self._was_sent(key):
                return [item]  # a late reply to an abandoned request: the SDK drops it
            self._violation(f"answered request id {message.id!r}, which was never sent")
            return []
        if isinstance(message, JSONRPCError):
            return [self._error(item, message, method)]
        if method in _HANDSHAKES:
            self.handshaken = True
        if method == "initialize":
            version = message.result.get("protocolVersion")
            self.version = version if isinstance(version, str) else None
        elif method == "tools/list":
            return [self._sieve(item, message)]
        elif tasked is not None:
            return [self._created(item, message)]
        return [item]

    def _error(self, item: SessionMessage, message: JSONRPCError, method: str) -> SessionMessage:
        """Keep a handshake's refusal; mark an error whose code the SDK also uses."""
        error = message.error
        if method == "initialize":
            self.refused = (error.code, error.message)
        if error.code not in _SDK_CODES or (
            self.synthesized is not None and self.synthesized(error.message)
        ):
            return item
        marked = error.model_copy(update={"data": {REMOTE: error.data}})
        return SessionMessage(
            JSONRPCError(jsonrpc="2.0", id=message.id, error=marked), metadata=item.metadata
        )

    def _early(self, item: SessionMessage, message: object) -> list[SessionMessage | Exception]:
        """A request or notification before the handshake ended: passed, dropped or refused."""
        if isinstance(message, JSONRPCRequest):
            self.early_requests += 1
        else:
            self.early_notifications += 1
        early = self.early_requests + self.early_notifications
        if early <= EARLY_PASSED:
            return [item]
        if early == EARLY_PASSED + 1:
            _log.warning(
                "MCP server %r sent more than %d requests and notifications before "
                "answering the handshake; the rest are dropped",
                self.name,
                EARLY_PASSED,
            )
        if early >= EARLY_LIMIT:
            self._fail(
                f"sent {early:,} messages ({self.early_notifications:,} notifications, "
                f"{self.early_requests:,} requests) before answering the handshake, a flood"
            )
        return []

    def _judge_unreadable(self, item: Unreadable) -> list[SessionMessage | Exception]:
        if item.kind == "stray":
            self.stray_count += 1
            if len(self.strays) < _STRAYS_KEPT:
                self.strays.append(item.excerpt)
            _log.warning(
                "MCP server %r wrote a line that is not JSON-RPC: %r", self.name, item.excerpt
            )
        elif item.kind == "message":
            _log.warning(
                "MCP server %r sent a malformed request or notification (%s): %r",
                self.name,
                item.problem,
                item.excerpt,
            )
        elif item.kind == "broken":
            self._violation(f"wrote {item.problem}: {item.excerpt!r}")
        elif item.kind == "reply":
            self._judge_bad_reply(item)
        else:
            return self._judge_batch(item)
        return []

    def _judge_bad_reply(self, item: Unreadable) -> None:
        rid = item.reply_id
        if rid is None:
            detail = "" if item.problem == NULL_ID else f" and {item.problem}"
            self._violation(f'answered with "id": null{detail}, so no request can be matched')
            return
        key = coerce_request_id(rid) if isinstance(rid, int | str) else None
        method = self._in_flight.get(key) if key is not None else None
        if method is not None:
            self._fail(f"answered {method} (id {rid!r}) with {item.problem}")
        elif key is not None and self._was_sent(key):
            _log.warning(
                "MCP server %r answered an abandoned request (id %r) with %s; dropped",
                self.name,
                rid,
                item.problem,
            )
        else:
            self._violation(
                f"answered request id {rid!r}, which was never sent, with {item.problem}"
            )

    def _judge_batch(self, item: Unreadable) -> list[SessionMessage | Exception]:
        replies = sum(
            1
            for part in item.items
            if (isinstance(part, Unreadable) and part.kind == "reply")
            or (
                isinstance(part, SessionMessage)
                and isinstance(part.message, JSONRPCResponse | JSONRPCError)
            )
        )
        size = f"a JSON array of {len(item.items)} message{'s' * (len(item.items) != 1)}"
        if replies:
            self._violation(
                f"answered with a JSON-RPC batch ({size}): JSON-RPC answers a batch only "
                "to a batch, and toolbridge sends none"
            )
            return []
        if self.version not in _BATCH_VERSIONS:
            when = f"MCP {self.version}" if self.version else "an MCP handshake"
            self._violation(
                f"sent a JSON-RPC batch ({size}), which {when} does not allow "
                "(only 2024-11-05 and 2025-03-26 did)"
            )
            return []
        passed: list[SessionMessage | Exception] = []
        for part in item.items:
            passed.extend(self._judge(part))
        return passed

    def _violation(self, reason: str) -> None:
        """End the connection if a request waits (it would wait in vain); else log."""
        if not self._in_flight:
            _log.warning("MCP server %r %s; ignored", self.name, reason)
            return
        waiting = [f"{method} (id {key!r})" for key, method in self._in_flight.items()]
        more = f" and {len(waiting) - 1} more" if len(waiting) > 1 else ""
        self._fail(f"{reason}, while {waiting[0]}{more} waited")

    def _fail(self, reason: str) -> None:
        if self.failure is None:
            self.failure = f"{reason}; the connection was closed"

    # -- tools/list -------------------------------------------------------------------

    def _sieve(self, item: SessionMessage, message: JSONRPCResponse) -> SessionMessage:
        """Take the tools the protocol's schema refuses out of a tools/list page.

        A page over `max_tools` is emptied instead, unchecked: the client refuses it,
        and none of its tools is checked (by the SDK either).
        """
        result = message.result
        listed = result.get("tools")
        limit = self.max_tools
        if limit is not None and isinstance(listed, list) and len(listed) > limit:
            meta = result.get("_meta")
            cut = {
                **result,
                "tools": [],
                "_meta": {**(meta if isinstance(meta, dict) else {}), TOO_MANY: True},
            }
            return SessionMessage(
                JSONRPCResponse(jsonrpc="2.0", id=message.id, result=cut), metadata=item.metadata
            )
        try:
            validate_server_result("tools/list", self.version or "2025-11-25", result)
        except ValidationError as error:
            problems = error.errors(include_url=False, include_input=False)
        except (KeyError, ValueError):
            return item  # an unknown version: the SDK says so
        else:
            return item
        refused: dict[int, list[str]] = {}
        for problem in problems:
            loc = problem["loc"]
            if len(loc) < 2 or loc[0] != "tools" or not isinstance(loc[1], int):
                return item  # the page itself is malformed: the SDK reports it
            refused.setdefault(loc[1], []).append(f"{_location(loc[2:])}: {problem['msg']}")
        tools = result["tools"]
        entries = [
            {
                "index": index,
                "name": tools[index].get("name") if isinstance(tools[index], dict) else None,
                "errors": errors,
            }
            for index, errors in sorted(refused.items())
        ]
        meta = result.get("_meta")
        sieved = {
            **result,
            "tools": [tool for index, tool in enumerate(tools) if index not in refused],
            "_meta": {**(meta if isinstance(meta, dict) else {}), LEFT_OUT: entries},
        }
        return SessionMessage(
            JSONRPCResponse(jsonrpc="2.0", id=message.id, result=sieved), metadata=item.metadata
        )

    # -- tasks ------------------------------------------------------------------------

    def _created(self, item: SessionMessage, message: JSONRPCResponse) -> SessionMessage:
        """A ``CreateTaskResult`` as an empty ``CallToolResult`` holding it under `TASK`.

        A server that ran the call at once (it may) answered with its result: that
        passes unchanged.
        """
        result = message.result
        if "content" in result or "task" not in result:
            return item
        carried = {"content": [], "_meta": {TASK: result.get("task")}}
        return SessionMessage(
            JSONRPCResponse(jsonrpc="2.0", id=message.id, result=carried), metadata=item.metadata
        )


def left_out(page: dict[str, Any]) -> list[dict[str, Any]]:
    """Remove and return the tools `Wire` took out of a tools/list page (by page index)."""
    meta = page.get("_meta")
    if not isinstance(meta, dict) or LEFT_OUT not in meta:
        return []
    entries: list[dict[str, Any]] = meta.pop(LEFT_OUT)
    if not meta:
        del page["_meta"]
    return entries
