"""A scripted model endpoint on loopback: a provider's API, played back, for tests.

Point a provider's real SDK at `ScriptedEndpoint.url` (OpenAI's ``base_url``,
Anthropic's ``base_url``, google-genai's ``http_options.base_url``, boto3's
``endpoint_url``): each request it sends is recorded and answered with the next
scripted response, so a tool loop runs end to end, offline, through the SDK's own
serialisation and parsing.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any, final

__all__ = ["RecordedRequest", "ScriptedEndpoint"]


@final
@dataclass(frozen=True, slots=True)
class RecordedRequest:
    """One request the SDK sent."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any
    """The JSON body, parsed (``None`` when there was none)."""


@dataclass(slots=True)
class _Script:
    responses: list[tuple[int, Any]]
    requests: list[RecordedRequest] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


@final
class ScriptedEndpoint:
    """An HTTP server on 127.0.0.1 answering each request with the next scripted response.

    Args:
        responses: JSON bodies to answer with, in order; a ``(status, body)`` pair sets
            the status (200 otherwise). When they run out, requests get a 500 whose
            body says so.

    Use it as a context manager: the server listens on a free port from ``__enter__``
    to ``__exit__``; `requests` holds what was sent, in order.
    """

    def __init__(self, responses: Iterable[Mapping[str, Any] | tuple[int, Any]]) -> None:
        scripted: list[tuple[int, Any]] = []
        for item in responses:
            scripted.append(item if isinstance(item, tuple) else (200, item))
        self._script = _Script(scripted)
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT``, once started."""
        if self._server is None:
            raise RuntimeError("the endpoint is not started: use it in a with block")
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    @property
    def requests(self) -> list[RecordedRequest]:
        """The requests received so far, in order."""
        with self._script.lock:
            return list(self._script.requests)

    def __enter__(self) -> ScriptedEndpoint:
        server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self._script))
        server.daemon_threads = True
        self._server = server
        self._thread = threading.Thread(target=server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(10)


def _handler(script: _Script) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            self._answer()

        def do_GET(self) -> None:
            self._answer()

        def _answer(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw) if raw else None
            except ValueError:
                body = raw.decode("utf-8", "replace")
            with script.lock:
                script.requests.append(
                    RecordedRequest(self.command, self.path, dict(self.headers.items()), body)
                )
                status, answer = (
                    script.responses.pop(0)
                    if script.responses
                    else (
                        500,
                        {"error": {"message": "the scripted endpoint has no more responses"}},
                    )
                )
            data = json.dumps(answer).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            # One request per connection: a client's pool never holds a socket this
            # server is about to drop when the endpoint stops.
            self.send_header("Connection", "close")
            self.close_connection = True
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            """Quiet: tests read `requests`, not a log."""

    return Handler
