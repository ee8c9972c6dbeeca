"""A raw MCP stdio server for the client tests: newline-delimited JSON-RPC 2.0 on
stdin/stdout, standard library only so it starts in a few tens of milliseconds.

Every request is answered on its own: quick ones at once on the reading thread, slow
ones (``sleep``, ``progress``, a delayed ``initialize``) on a thread of their own, so a
slow call never holds up the others. ``notifications/cancelled`` stops an in-flight call,
which is then never answered. Command-line flags make it misbehave in the ways a client
must survive; tests/servers/README.md lists them.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, Final

PROTOCOL_VERSIONS = ("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")
LOG_LEVELS = ("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency")

METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INVALID_REQUEST = -32600
PARSE_ERROR = -32700

SUM_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"sum": {"type": "number"}},
    "required": ["sum"],
}
NO_ARGUMENTS: dict[str, Any] = {"type": "object", "properties": {}}

# A 1x1 transparent PNG and a WAV header with no samples, both base64.
PNG = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQAB"
    "pfZFQAAAAABJRU5ErkJggg=="
)
WAV = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA="

Json = dict[str, Any]

BAD_REPLIES = (
    "array",
    "batch",
    "null-id",
    "wrong-id",
    "garbage",
    "invalid-utf8",
    "surrogate",
    "huge-error",
    "version",
)
"""The kinds of ``--bad-reply METHOD=KIND``: how the answer to METHOD breaks the protocol."""
ERROR_MESSAGE = "\x1b[31mdisk full\x1b[0m\nsee the log\u202e"
"""The default message of ``--error-reply``: an ANSI colour, a line break, a bidi override."""
FLOODS = ("notifications", "requests")
"""The kinds of ``--flood-before-initialize KIND=N``."""
MARK = "\u0000bad-reply-mark\u0000"
"""Put in a reply's text, then replaced in the encoded line by what JSON cannot carry."""


def _tool(
    name: str, description: str, input_schema: Json, output_schema: Json | None = None, **extra: Any
) -> Json:
    tool: Json = {"name": name, "description": description, "inputSchema": input_schema}
    if output_schema is not None:
        tool["outputSchema"] = output_schema
    tool.update(extra)
    return tool


def _object(**properties: Json) -> Json:
    return {"type": "object", "properties": properties, "required": list(properties)}


def base_tools() -> list[Json]:
    """The tools every instance offers, in listing order."""
    return [
        _tool(
            "echo",
            "Echo the text back.",
            _object(text={"type": "string"}),
            annotations={"title": "Echo", "readOnlyHint": True},
        ),
        _tool(
            "add",
            "Add two numbers.",
            _object(a={"type": "number"}, b={"type": "number"}),
            SUM_SCHEMA,
        ),
        _tool("sleep", "Sleep, then say so; cancellable.", _object(seconds={"type": "number"})),
        _tool("fail", "Fail with an error result.", NO_ARGUMENTS),
        _tool(
            "progress",
            "Report progress for each step and log once.",
            _object(steps={"type": "integer"}),
        ),
        _tool(
            "bad_output",
            "Return structured content its output schema forbids.",
            NO_ARGUMENTS,
            SUM_SCHEMA,
        ),
        _tool("pid", "The server's process id (and its grandchild's, if any).", NO_ARGUMENTS),
        _tool("content", "One content block of each type.", NO_ARGUMENTS),
        _tool("change", "Change the tool list, then notify.", NO_ARGUMENTS),
        _tool("count", "How many tools/call requests this process has received.", NO_ARGUMENTS),
        _tool(
            "cancelled",
            "How many in-flight calls notifications/cancelled has stopped.",
            NO_ARGUMENTS,
        ),
    ]


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def text_result(text: str, **extra: Any) -> Json:
    return {"content": [{"type": "text", "text": text}], **extra}


class Flood(threading.Thread):
    """Writes floods of bytes to stderr in the background; never slows answering."""

    def __init__(self, size: int, newlines: bool) -> None:
        super().__init__(daemon=True)
        self.size = size
        unit = b"x" * 99 + b"\n" if newlines else b"x" * 100
        self.chunk = unit * 655
        self.pending = 0
        self.ready = threading.Condition()

    def add(self) -> None:
        with self.ready:
            self.pending += self.size
            self.ready.notify()

    def run(self) -> None:
        while True:
            with self.ready:
                while not self.pending:
                    self.ready.wait()
                amount = min(self.pending, len(self.chunk))
                self.pending -= amount
            data = memoryview(self.chunk)[:amount]
            try:
                while data:
                    data = data[os.write(2, data) :]
            except OSError:  # nobody reads stderr any more
                return


class Server:
    def __init__(self, options: argparse.Namespace) -> None:
        self.options = options
        self.output = threading.Lock()
        self.sink: Callable[[bytes], None] | None = None
        """Takes every line written instead of stdout (`--http`)."""
        self.lock = threading.Lock()
        self.bad: dict[str, str] = dict(item.split("=", 1) for item in options.bad_reply)
        self.errors: dict[str, int] = {
            method: int(code)
            for method, code in (item.split("=", 1) for item in options.error_reply)
        }
        """Methods whose first request is answered with a JSON-RPC error, and its code."""
        self.methods: dict[str, str] = {}
        """Method names of the requests whose answer `bad` breaks, by JSON-encoded id."""
        self.tools = base_tools()
        if options.duplicate_names:
            self.tools.append(
                _tool("echo", "A second tool named echo.", _object(text={"type": "string"}))
            )
        self.tools += [
            _tool(
                f"tool_{index}", f"Generated tool number {index}.", _object(x={"type": "integer"})
            )
            for index in range(options.tools)
        ]
        if options.tool_description_from:
            with open(options.tool_description_from, encoding="utf-8") as file:
                served = json.load(file)
            self.tools += served["tools"] if isinstance(served, dict) else served
        self.calls = 0
        self.cancelled = 0
        self.log_level = "debug"
        self.in_flight: dict[str, threading.Event] = {}
        self.cursors = 0
        self.grandchild: Any = None
        self.flood: Flood | None = None
        size = options.stderr_flood_no_newlines or options.stderr_flood
        if size:
            self.flood = Flood(size, newlines=not options.stderr_flood_no_newlines)
            self.flood.start()
            self.flood.add()
        self.handlers: dict[str, Callable[[Json, Json], Json]] = {
            "echo": self.echo,
            "add": self.add,
            "fail": lambda arguments, meta: text_result("it failed", isError=True),
            "bad_output": lambda arguments, meta: text_result(
                '{"sum": "not a number"}', structuredContent={"sum": "not a number"}
            ),
            "pid": self.pid,
            "content": self.content,
            "change": self.change,
            "count": lambda arguments, meta: text_result(str(self.calls)),
            "cancelled": lambda arguments, meta: text_result(str(self.cancelled)),
            "added": lambda arguments, meta: text_result("added"),
        }

    # -- the wire ----------------------------------------------------------------------

    def send(self, message: Json | list[Json]) -> None:
        self.write(json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode())

    def write(self, line: bytes) -> None:
        if self.sink is not None:
            self.sink(line)
            return
        data = line + b"\n"
        if self.options.garbage_lines:
            data = (
                b"this line is not JSON at all\n"
                + b'{"valid": "JSON", "but": "not JSON-RPC"}\n'
                + data
            )
        with self.output:
            try:
                sys.stdout.buffer.write(data)
                sys.stdout.buffer.flush()
            except (OSError, ValueError):  # the client is gone
                pass

    def answer(self, request_id: Any, result: Json) -> None:
        if self.bad:
            with self.lock:
                method = self.methods.pop(json.dumps(request_id), None)
            if method is not None:
                self.answer_badly(request_id, result, self.bad[method])
                return
        if self.options.modern and isinstance(result, dict):  # every 2026-07-28 result says so
            result = {"resultType": "complete", **result}
        if self.options.result_first:  # as JSON allows: members in any order
            self.send({"result": result, "id": request_id, "jsonrpc": "2.0"})
            return
        self.send({"jsonrpc": "2.0", "id": request_id, "result": result})

    def answer_badly(self, request_id: Any, result: Json, kind: str) -> None:
        """Answer in one of the ways `BAD_REPLIES` names."""
        message: Json = {"jsonrpc": "2.0", "id": request_id, "result": result}
        if kind == "array":
            message["result"] = result.get("tools", [result])
        elif kind == "batch":
            self.send([message])
            return
        elif kind == "null-id":
            message["id"] = None
        elif kind == "wrong-id":
            wrong = request_id + 1000 if isinstance(request_id, int) else f"{request_id}-wrong"
            message["id"] = wrong
        elif kind == "garbage":
            message["result"] = {"garbage": True}
        elif kind == "huge-error":
            del message["result"]
            message["error"] = {"code": -32603, "message": "Internal error: " + "x" * 2**20}
        elif kind == "version":
            message["result"] = {**result, "protocolVersion": "1999-01-01"}
        else:  # invalid-utf8, surrogate: in the first tool's description, else a "note"
            tools = result.get("tools")
            if tools:
                first = {**tools[0], "description": tools[0].get("description", "") + MARK}
                message["result"] = {**result, "tools": [first, *tools[1:]]}
            else:
                message["result"] = {**result, "note": MARK}
            line = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode()
            mark = json.dumps(MARK, ensure_ascii=False)[1:-1].encode()
            broken = b"\xff\xfe" if kind == "invalid-utf8" else b"\\ud800"
            self.write(line.replace(mark, broken))
            return
        self.send(message)

    def error(self, request_id: Any, code: int, message: str) -> None:
        error: Json = {"code": code, "message": message}
        if self.options.error_data:
            error["data"] = "x" * self.options.error_data
        self.send({"jsonrpc": "2.0", "id": request_id, "error": error})

    def notify(self, method: str, params: Json) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def log(self, level: str, data: str) -> None:
        if LOG_LEVELS.index(level) >= LOG_LEVELS.index(self.log_level):
            self.notify(
                "notifications/message", {"level": level, "logger": "fixture", "data": data}
            )

    def serve_http(self) -> None:
        """Streamable HTTP on loopback (``--http``), its URL the first line on stdout.

        Each POSTed request is answered with a JSON body: the line the server writes
        with its id. With ``--sse`` it is answered with an SSE stream instead: every
        line the server writes from then on (notifications, its own requests) as an
        event, the answer last. Without it, what else the server writes is dropped.
        GET (the standalone SSE stream) and DELETE are 405. Requests are served
        concurrently, each answer routed to its request by id. With ``--legacy-sse``
        it speaks MCP 2024-11-05's HTTP+SSE instead: GET ``/sse`` is one stream that
        names the endpoint, then carries every line the server writes; each POST is
        202.
        """
        import http.server
        import queue

        waiting: dict[str, queue.Queue[tuple[bool, bytes]]] = {}
        """The lines for each request waiting for its answer, by JSON-encoded id."""
        newest: list[str] = []
        """The ids of the requests waiting, the newest last: it gets what is no answer."""
        routes = threading.Lock()
        fixture = self
        sse = self.options.sse

        def route(written: bytes) -> None:
            for line in written.split(b"\n"):  # a flood comes in one write
                route_line(line)

        def route_line(line: bytes) -> None:
            head = _head(line)
            if head is None:
                return
            answer, reply_id = head
            with routes:
                key = json.dumps(reply_id) if answer else newest[-1] if newest else ""
                lines = waiting.get(key)
            if lines is not None and (answer or sse):
                lines.put((answer, line))

        self.sink = route
        legacy: queue.Queue[bytes] = queue.Queue()
        """With ``--legacy-sse``: every line the server writes, for the one SSE stream."""

        def stream(written: bytes) -> None:
            for line in written.split(b"\n"):
                if line:
                    legacy.put(line)

        if self.options.legacy_sse:
            self.sink = stream

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                return

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if fixture.options.legacy_sse:
                    refused = fixture.options.legacy_refuse
                    if refused and refused.encode() in body:
                        self.reply(500, b"")
                        return
                    self.reply(202, b"")
                    fixture.receive(body)
                    return
                try:
                    message = json.loads(body)
                except ValueError:
                    message = None
                asks = isinstance(message, dict) and "method" in message and "id" in message
                if not asks:
                    fixture.receive(body)
                    self.reply(202, b"")
                    return
                assert isinstance(message, dict)
                key = json.dumps(message["id"])
                lines: queue.Queue[tuple[bool, bytes]] = queue.Queue()
                with routes:
                    waiting[key] = lines
                    newest.append(key)
                try:
                    fixture.receive(body)
                    self.answer(lines, key)
                except OSError:  # the client went away
                    pass
                finally:
                    with routes:
                        waiting.pop(key, None)
                        newest.remove(key)

            def answer(self, lines: queue.Queue[tuple[bool, bytes]], key: str) -> None:
                deadline = time.monotonic() + 30
                streaming = False
                while True:
                    try:
                        last, line = lines.get(timeout=max(deadline - time.monotonic(), 0.01))
                    except queue.Empty:
                        if not streaming:
                            self.reply(504, b"")
                        return
                    if not sse:
                        status = fixture.options.http_error_status
                        if status and b'"error"' in line[:200]:
                            self.reply(status, line, chunked=fixture.options.chunked)
                        else:
                            self.reply(200, line)
                        return
                    if not streaming:
                        self.send_response(200)
                        self.send_header("Content-Type", "text/event-stream")
                        self.send_header("Connection", "close")
                        self.end_headers()
                        streaming = True
                    self.wfile.write(b"event: message\ndata: " + line + b"\n\n")
                    if last:
                        self.wfile.flush()
                        self.close_connection = True
                        return

            def do_GET(self) -> None:
                if not fixture.options.legacy_sse:
                    self.reply(405, b"")
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.end_headers()
                endpoint = fixture.options.legacy_endpoint.encode()
                self.wfile.write(b"event: endpoint\ndata: " + endpoint + b"\n\n")
                self.wfile.flush()
                while True:
                    line = legacy.get()
                    self.wfile.write(b"event: message\ndata: " + line + b"\n\n")
                    self.wfile.flush()

            def do_DELETE(self) -> None:
                self.reply(405, b"")

            def reply(self, status: int, body: bytes, *, chunked: bool = False) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                if not chunked:
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                for start in range(0, len(body), 65536):
                    part = body[start : start + 65536]
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(part), part))
                self.wfile.write(b"0\r\n\r\n")

        class Quiet(http.server.ThreadingHTTPServer):
            daemon_threads = True

            def handle_error(self, request: Any, client_address: Any) -> None:
                if not isinstance(sys.exc_info()[1], OSError):  # not a client gone away
                    super().handle_error(request, client_address)

        httpd = Quiet(("127.0.0.1", 0), Handler)
        path = "sse" if self.options.legacy_sse else "mcp"
        sys.stdout.write(f"http://127.0.0.1:{httpd.server_address[1]}/{path}\n")
        sys.stdout.flush()
        httpd.serve_forever()

    def serve(self) -> None:
        if self.options.http:
            self.serve_http()
            return
        for line in iter(sys.stdin.buffer.readline, b""):
            self.receive(line)
        if self.options.ignore_sigterm:
            while True:  # stdin closed: keep running anyway
                time.sleep(3600)
        self.exit(0)

    def exit(self, status: int) -> None:
        if self.grandchild is not None:  # a well-behaved server ends its own children
            self.grandchild.kill()
            self.grandchild.wait()
        self.output.acquire(timeout=1)  # never cut a message in half
        os._exit(status)

    def receive(self, line: bytes) -> None:
        try:
            message = json.loads(line)
        except ValueError:
            self.error(None, PARSE_ERROR, "Parse error")
            return
        if not isinstance(message, dict) or not isinstance(message.get("method"), str):
            if not isinstance(message, dict) or "id" not in message:
                self.error(None, INVALID_REQUEST, "Invalid request")
            return  # a response: this server never asks anything
        params = message.get("params")
        params = params if isinstance(params, dict) else {}
        if "id" in message:
            try:
                self.request(message["id"], message["method"], params)
            except Exception as error:  # a bug here must not end the server
                self.send(
                    {
                        "jsonrpc": "2.0",
                        "id": message["id"],
                        "error": {"code": -32603, "message": f"Internal error: {error!r}"},
                    }
                )
        elif message["method"] == "notifications/cancelled" and not self.options.ignore_cancel:
            self.cancel(params.get("requestId"))

    # -- requests ----------------------------------------------------------------------

    def request(self, request_id: Any, method: str, params: Json) -> None:
        options = self.options
        if method in self.bad:
            with self.lock:
                self.methods[json.dumps(request_id)] = method
        if method in self.errors:
            with self.lock:
                code = self.errors.pop(method, None)
            if code is not None:
                self.error(request_id, code, options.error_message)
                return
        if method == "initialize" and options.flood_before_initialize:
            self.flood_before(options.flood_before_initialize)
        if method == "initialize":
            if options.hang_initialize:
                return
            if options.delay_initialize:
                self.later(self.initialize, request_id, params, delay=options.delay_initialize)
            else:
                self.initialize(request_id, params)
        elif method == "ping":
            self.answer(request_id, {})
        elif method == "tools/list":
            if not options.hang_list:
                self.list_tools(request_id, params)
        elif method == "tools/call":
            self.call_tool(request_id, params)
        elif method == "logging/setLevel":
            level = params.get("level")
            if level not in LOG_LEVELS:
                self.error(request_id, INVALID_PARAMS, f"Unknown log level: {level!r}")
                return
            self.log_level = level
            self.answer(request_id, {})
        elif method == "server/discover" and options.silent_discover:
            return
        elif method == "server/discover" and options.modern:
            self.later(
                self.answer,
                request_id,
                {
                    "supportedVersions": ["2026-07-28"],
                    "capabilities": {"tools": {}},
                    "resultType": "complete",
                    "ttlMs": 0,
                    "cacheScope": "public",
                    "_meta": {
                        "io.modelcontextprotocol/serverInfo": {"name": "fixture", "version": "1"}
                    },
                },
                delay=options.delay_initialize,
            )
        else:
            self.error(request_id, METHOD_NOT_FOUND, f"Method not found: {method}")

    def flood_before(self, flood: str) -> None:
        """Write N notifications or requests in one go (``--flood-before-initialize``)."""
        kind, count = flood.split("=", 1)
        if kind == "notifications":
            message: Json = {
                "jsonrpc": "2.0",
                "method": "notifications/message",
                "params": {"level": "info", "logger": "fixture", "data": "flooding"},
            }
            lines = [json.dumps(message, separators=(",", ":"))] * int(count)
        else:
            lines = [
                json.dumps({"jsonrpc": "2.0", "id": f"flood-{index}", "method": "ping"})
                for index in range(int(count))
            ]
        self.write("\n".join(lines).encode())

    def later(self, work: Callable[..., None], *args: Any, delay: float = 0) -> None:
        def run() -> None:
            time.sleep(delay)
            work(*args)

        threading.Thread(target=run, daemon=True).start()

    def initialize(self, request_id: Any, params: Json) -> None:
        offered = params.get("protocolVersion")
        self.answer(
            request_id,
            {
                "protocolVersion": offered
                if offered in PROTOCOL_VERSIONS
                else PROTOCOL_VERSIONS[0],
                "capabilities": {"tools": {"listChanged": True}, "logging": {}},
                "serverInfo": {"name": "fixture", "version": "1"},
                "instructions": "The toolbridge test fixture server.",
            },
        )

    def list_tools(self, request_id: Any, params: Json) -> None:
        with self.lock:
            tools = list(self.tools)
        cursor = params.get("cursor")
        cursor = cursor if isinstance(cursor, str) or cursor is None else str(cursor)
        size = self.options.page_size or len(tools) or 1
        if cursor is None:
            start = 0
        elif self.options.repeating_cursor and cursor == "again":
            start = len(tools)
        elif cursor.startswith("offset-") and cursor[7:].isdigit():
            start = int(cursor[7:])
        else:
            self.error(request_id, INVALID_PARAMS, f"Invalid cursor: {cursor!r}")
            return
        result: Json = {"tools": tools[start : start + size]}
        if self.options.modern:
            result |= {"ttlMs": self.options.ttl_ms, "cacheScope": "public"}
        if self.options.repeating_cursor:
            result["nextCursor"] = "again"
        elif start + size < len(tools) or self.options.endless_cursor:
            with self.lock:
                self.cursors += 1  # endless: every cursor is new
                serial = self.cursors
            offset = start + size if start + size < len(tools) else len(tools) + serial
            result["nextCursor"] = f"offset-{offset}"
        self.answer(request_id, result)

    def call_tool(self, request_id: Any, params: Json) -> None:
        name = params.get("name")
        arguments = params.get("arguments") or {}
        meta = params.get("_meta") or {}
        with self.lock:
            self.calls += 1
        if self.flood is not None:
            self.flood.add()
        if name == self.options.crash_on_call:
            sys.stderr.write(f"fixture: crashing on a call of {name!r}\n")
            sys.stderr.flush()
            self.output.acquire(timeout=1)
            os._exit(1)
        if self.options.hang_call and name != "pid":
            self.start(request_id)  # cancellable, never answered
            return
        if name == "sleep":
            self.slow(request_id, self.sleep, arguments, meta)
            return
        if name == "progress":
            self.slow(request_id, self.progress, arguments, meta)
            return
        handler = self.handlers.get(name) if isinstance(name, str) else None
        if handler is None and any(tool["name"] == name for tool in self.tools):
            handler = self.generic
        if handler is None:
            self.error(request_id, INVALID_PARAMS, f"Unknown tool: {name}")
            return
        self.answer(request_id, handler(arguments, {"name": name, **meta}))

    def start(self, request_id: Any) -> threading.Event:
        stop = threading.Event()
        with self.lock:
            self.in_flight[json.dumps(request_id)] = stop
        return stop

    def cancel(self, request_id: Any) -> None:
        with self.lock:
            stop = self.in_flight.pop(json.dumps(request_id), None)
            if stop is not None:
                self.cancelled += 1
        if stop is not None:
            stop.set()

    def slow(
        self,
        request_id: Any,
        work: Callable[[Json, Json, threading.Event], Json | None],
        arguments: Json,
        meta: Json,
    ) -> None:
        stop = self.start(request_id)

        def run() -> None:
            result = work(arguments, meta, stop)
            with self.lock:
                answered = self.in_flight.pop(json.dumps(request_id), None) is not None
            if answered and result is not None:
                self.answer(request_id, result)

        threading.Thread(target=run, daemon=True).start()

    # -- tools -------------------------------------------------------------------------

    def echo(self, arguments: Json, meta: Json) -> Json:
        text = arguments.get("text")
        if not isinstance(text, str):
            return text_result("echo needs a string 'text'", isError=True)
        size = self.options.huge_message
        if size:  # pad the text so that the whole answer line is about `size` bytes
            text += "x" * max(0, size - len(text.encode()) - 64)
        return text_result(text)

    def add(self, arguments: Json, meta: Json) -> Json:
        a: Any = arguments.get("a")
        b: Any = arguments.get("b")
        if not (_number(a) and _number(b)):
            return text_result("add needs numbers 'a' and 'b'", isError=True)
        total = a + b
        return text_result(json.dumps({"sum": total}), structuredContent={"sum": total})

    def sleep(self, arguments: Json, meta: Json, stop: threading.Event) -> Json | None:
        seconds = arguments.get("seconds", 0)
        if stop.wait(float(seconds) if isinstance(seconds, int | float) else 0):
            return None
        return text_result("slept")

    def progress(self, arguments: Json, meta: Json, stop: threading.Event) -> Json | None:
        steps = arguments.get("steps", 1)
        steps = steps if isinstance(steps, int) else 1
        token = meta.get("progressToken")
        self.log("info", f"progress: {steps} steps")
        for step in range(1, steps + 1):
            if stop.wait(0.005):
                return None
            if token is not None:
                self.notify(
                    "notifications/progress",
                    {
                        "progressToken": token,
                        "progress": step,
                        "total": steps,
                        "message": f"step {step}",
                    },
                )
        return text_result("done")

    def pid(self, arguments: Json, meta: Json) -> Json:
        if self.grandchild is None:
            return text_result(str(os.getpid()))
        return text_result(f"{os.getpid()} {self.grandchild.pid}")

    def content(self, arguments: Json, meta: Json) -> Json:
        return {
            "content": [
                {"type": "text", "text": "a text block"},
                {"type": "image", "data": PNG, "mimeType": "image/png"},
                {"type": "audio", "data": WAV, "mimeType": "audio/wav"},
                {
                    "type": "resource_link",
                    "uri": "file:///fixture/notes.txt",
                    "name": "notes",
                    "mimeType": "text/plain",
                },
                {
                    "type": "resource",
                    "resource": {
                        "uri": "file:///fixture/a.txt",
                        "mimeType": "text/plain",
                        "text": "embedded text",
                    },
                },
                {
                    "type": "resource",
                    "resource": {
                        "uri": "file:///fixture/b.bin",
                        "mimeType": "application/octet-stream",
                        "blob": "AAECAw==",
                    },
                },
            ]
        }

    def change(self, arguments: Json, meta: Json) -> Json:
        with self.lock:
            if self.options.change_schema:
                self.tools = [
                    {**tool, "inputSchema": {**tool["inputSchema"], "description": "changed"}}
                    if tool["name"] == "echo"
                    else tool
                    for tool in self.tools
                ]
            elif not any(tool["name"] == "added" for tool in self.tools):
                self.tools.append(_tool("added", "Added by the change tool.", NO_ARGUMENTS))
        self.notify("notifications/tools/list_changed", {})
        return text_result("changed")

    def generic(self, arguments: Json, meta: Json) -> Json:
        return text_result(f"{meta['name']} called with {json.dumps(arguments, sort_keys=True)}")


_ANSWER: Final = b'{"jsonrpc":"2.0","id":'
_NOTICE: Final = b'{"jsonrpc":"2.0","method":'
_ID: Final = json.JSONDecoder()


def _head(line: bytes) -> tuple[bool, Any] | None:
    """Whether a line the server wrote is an answer, and its id; None if not JSON.

    Read from the line's start as this server writes it (a long tools/list page is
    not parsed again to be routed); any other layout is parsed whole.
    """
    if line.startswith(_NOTICE):
        return False, None
    if line.startswith(_ANSWER):
        text = line[len(_ANSWER) : len(_ANSWER) + 1000].decode("utf-8", "replace")
        try:
            reply_id, end = _ID.raw_decode(text)
        except ValueError:
            pass
        else:
            if text.startswith((',"result":', ',"error":'), end):
                return True, reply_id
    try:
        message = json.loads(line)
    except ValueError:
        return None
    if not isinstance(message, dict):
        return None
    return "method" not in message, message.get("id")


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add = parser.add_argument
    add("--toolbridge-test-marker", help="ignored: lets the tests find processes they started")
    add("--tools", type=int, default=0, metavar="N", help="also serve N tools named tool_<i>")
    add("--page-size", type=int, default=0, metavar="K", help="tools/list pages of K tools")
    add("--hang-call", action="store_true", help="never answer tools/call (but for pid)")
    add("--hang-initialize", action="store_true", help="never answer initialize")
    add("--hang-list", action="store_true", help="never answer tools/list")
    add("--delay-initialize", type=float, default=0, metavar="SECONDS")
    add("--exit-before-initialize", action="store_true", help="say so on stderr and exit 3")
    add("--crash-on-call", metavar="NAME", help="os._exit(1) when the tool NAME is called")
    add("--stderr-flood", type=int, default=0, metavar="BYTES", help="at start and on each call")
    add("--stderr-flood-no-newlines", type=int, default=0, metavar="BYTES")
    add("--garbage-lines", action="store_true", help="non-JSON-RPC lines before every message")
    add("--huge-message", type=int, default=0, metavar="BYTES", help="pad echo answers to BYTES")
    add("--endless-cursor", action="store_true", help="tools/list always has a new nextCursor")
    add("--repeating-cursor", action="store_true", help='tools/list nextCursor is always "again"')
    add("--ignore-sigterm", action="store_true", help="ignore SIGTERM and stdin EOF")
    add("--spawn-grandchild", action="store_true", help="start a sleeping child process")
    add("--duplicate-names", action="store_true", help="serve two tools named echo")
    add("--tool-description-from", metavar="FILE", help="also serve the tools in this JSON file")
    add("--change-schema", action="store_true", help="change alters echo's inputSchema instead")
    add("--ignore-cancel", action="store_true", help="answer cancelled calls anyway, late")
    add("--silent-discover", action="store_true", help="never answer server/discover")
    add("--modern", action="store_true", help="answer server/discover (MCP 2026-07-28)")
    add("--ttl-ms", type=int, default=0, metavar="MS", help="tools/list ttlMs (--modern)")
    add("--stdout-banner", metavar="TEXT", help="write TEXT as a line on stdout at start")
    add(
        "--bad-reply",
        action="append",
        default=[],
        metavar="METHOD=KIND",
        help=f"answer METHOD against the protocol; KIND is one of {', '.join(BAD_REPLIES)}",
    )
    add(
        "--error-reply",
        action="append",
        default=[],
        metavar="METHOD=CODE",
        help="answer the first METHOD request with JSON-RPC error CODE (repeatable)",
    )
    add("--error-message", default=ERROR_MESSAGE, metavar="TEXT", help="its message")
    add("--error-data", type=int, default=0, metavar="BYTES", help="its data: BYTES x's")
    add(
        "--http-error-status",
        type=int,
        default=0,
        metavar="STATUS",
        help="with --http, send JSON-RPC errors with this HTTP status (not with --sse)",
    )
    add("--chunked", action="store_true", help="with --http-error-status, no Content-Length")
    add(
        "--flood-before-initialize",
        metavar="KIND=N",
        help=f"write N messages before answering initialize; KIND is one of {', '.join(FLOODS)}",
    )
    add("--http", action="store_true", help="serve streamable HTTP on loopback, URL on stdout")
    add("--sse", action="store_true", help="with --http, answer each request with an SSE stream")
    add(
        "--legacy-sse",
        action="store_true",
        help="with --http, the HTTP+SSE transport of MCP 2024-11-05: GET /sse, POST /messages/",
    )
    add("--legacy-endpoint", default="/messages/", metavar="URL", help="the endpoint it names")
    add("--legacy-refuse", metavar="TEXT", help="with --legacy-sse, POSTs holding TEXT are 500")
    add("--result-first", action="store_true", help='answers begin with "result", "id" after')
    options = parser.parse_args(argv)
    for item in options.error_reply:
        method, _, code = item.partition("=")
        if not method or not code.lstrip("-").isdigit():
            parser.error(f"--error-reply {item!r}: expected METHOD=CODE, CODE an integer")
    flood = options.flood_before_initialize
    if flood is not None:
        kind, _, count = flood.partition("=")
        if kind not in FLOODS or not count.isdigit():
            parser.error(
                f"--flood-before-initialize {flood!r}: expected KIND=N, KIND one of {FLOODS}"
            )
    for item in options.bad_reply:
        if item.partition("=")[2] not in BAD_REPLIES:
            parser.error(f"--bad-reply {item!r}: KIND must be one of {', '.join(BAD_REPLIES)}")
    return options


def serve_or_fail(server: Server) -> None:
    """`server.serve()` off the main thread; a crash in it still ends the process."""
    try:
        server.serve()
    except BaseException:
        import traceback

        traceback.print_exc()
        sys.stderr.flush()
        os._exit(1)


def main() -> None:
    options = parse(sys.argv[1:])
    if options.exit_before_initialize:
        sys.stderr.write("fixture: exiting before initialize (--exit-before-initialize)\n")
        sys.stderr.flush()
        os._exit(3)
    if options.ignore_sigterm:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    else:
        # SIGTERM stays pending until the main thread takes it with sigwait: a Python
        # handler would race the blocking stdin read (a signal landing just before the
        # read starts would wait for the next line) and any other thread.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
    server = Server(options)
    if options.stdout_banner is not None:
        server.write(options.stdout_banner.encode())
    if options.spawn_grandchild:
        import subprocess

        code = "import signal, time\nsignal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})\n"
        if options.ignore_sigterm:
            code += "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        code += "time.sleep(3600)\n"
        marker = [f"--toolbridge-test-marker={options.toolbridge_test_marker}"]
        server.grandchild = subprocess.Popen(
            [sys.executable, "-c", code, *(marker if options.toolbridge_test_marker else [])],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    if options.ignore_sigterm:
        server.serve()
        return
    threading.Thread(target=serve_or_fail, args=(server,), name="serve", daemon=True).start()
    signum = signal.sigwait({signal.SIGTERM})
    server.exit(128 + signum)


if __name__ == "__main__":
    main()
