"""Hostile HTTP clients against both servers: real processes, raw sockets on loopback.

``toolbridge serve --transport http`` (the MCP server) and `toolbridge.rest.serve_rest`
(the REST server) each run once for the module, with header and body timeouts of one
second; every probe is sent byte for byte as no HTTP client library would send it:
a ``Content-Length`` beside ``Transfer-Encoding``, a length larger than the body,
headers that never end or come a byte at a time, a single-value header twice, a
body over the limit. Each must end in a typed JSON answer within its bound, and the
connection closed cleanly (a reset would fail `raw_http`'s read).
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from ..loopback import free_port
from .served import ACCEPT, INITIALIZE, TOOLS, serving, stop

RawHttp = Callable[..., tuple[int, bytes, float]]
"""The `raw_http` fixture (tests/conftest.py)."""

REST_SERVER = """
from toolbridge import tool
from toolbridge.rest import serve_rest

@tool
def echo(text: str) -> str:
    '''Say it back.'''
    return text

serve_rest(
    [echo], port=0, header_timeout=1, body_timeout=1, on_ready=lambda url: print(url, flush=True)
)
"""

BIG: int = 6 * 1024 * 1024
"""A body over both servers' 4 MiB limit."""


@dataclass(frozen=True)
class Server:
    """A served process: which kind, its port, and a well-formed request's parts."""

    kind: str
    port: int
    path: str
    headers: str
    """The request's headers but Host and the body's framing, each line ending in CRLF."""
    body: bytes

    def request(
        self, *, extra: str = "", framing: str | None = None, body: bytes | None = None
    ) -> bytes:
        """The request as raw bytes: `extra` headers added, `framing` replacing the
        ``Content-Length`` (``""`` for none), `body` replacing the body."""
        body = self.body if body is None else body
        framing = f"Content-Length: {len(body)}\r\n" if framing is None else framing
        return (
            f"POST {self.path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n{self.headers}{extra}"
            f"{framing}Connection: close\r\n\r\n"
        ).encode() + body


@pytest.fixture(scope="module")
def mcp_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tools = tmp_path_factory.mktemp("hostile") / "tools.py"
    tools.write_text(TOOLS)
    options = ("--header-timeout", "1", "--body-timeout", "1")
    with serving(tools, *options) as (_, _, port):
        headers = f"Content-Type: application/json\r\nAccept: {ACCEPT}\r\n"
        yield Server("mcp", port, "/mcp", headers, json.dumps(INITIALIZE).encode())


@pytest.fixture(scope="module")
def rest_server() -> Iterator[Server]:
    process = subprocess.Popen(
        [sys.executable, "-c", REST_SERVER], stdout=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        url = process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), url
        port = int(url.rsplit(":", 1)[1])
        yield Server(
            "rest", port, "/tools/echo", "Content-Type: application/json\r\n", b'{"text": "hi"}'
        )
    finally:
        stop(process)
        assert process.stdout is not None
        process.stdout.close()


@pytest.fixture(params=["mcp", "rest"])
def server(request: pytest.FixtureRequest, mcp_server: Server, rest_server: Server) -> Server:
    """Each server in turn (both started before the test: none is left behind by it)."""
    return mcp_server if request.param == "mcp" else rest_server


def error(body: bytes) -> dict[str, str]:
    """The ``error`` object of a refusal."""
    found = json.loads(body)["error"]
    assert isinstance(found, dict)
    return found


def test_a_well_formed_request_is_served(server: Server, raw_http: RawHttp) -> None:
    """The probes below are the same request spoiled one way each."""
    status, body, _ = raw_http(server.port, server.request())
    assert status == 200, body


# -- Content-Length with Transfer-Encoding --------------------------------------------------


def test_content_length_with_transfer_encoding_is_400_at_once(
    server: Server, raw_http: RawHttp
) -> None:
    """A proxy could frame the body by one header and the server by the other (request
    smuggling); h11 went by Transfer-Encoding and waited for a chunk that never came."""
    both = f"Content-Length: {len(server.body)}\r\nTransfer-Encoding: chunked\r\n"
    status, body, took = raw_http(server.port, server.request(framing=both))
    assert status == 400
    assert error(body) == {
        "type": "AmbiguousLength",
        "message": "the request has both Content-Length and Transfer-Encoding headers, so "
        "the length of its body is ambiguous; send one",
    }
    assert took < 0.9  # before the body timeout: refused on the headers alone


# -- a lying Content-Length, slow headers --------------------------------------------------


def test_a_body_shorter_than_its_length_is_408_after_the_body_timeout_given(
    server: Server, raw_http: RawHttp
) -> None:
    status, body, took = raw_http(server.port, server.request(framing="Content-Length: 1000\r\n"))
    assert status == 408
    assert error(body) == {"type": "BodyTimeout", "message": "the body did not arrive within 1 s"}
    assert 0.9 < took < 5


def test_headers_that_never_end_are_408_after_the_header_timeout(
    server: Server, raw_http: RawHttp
) -> None:
    begun = f"POST {server.path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n".encode()
    status, body, took = raw_http(server.port, begun)
    assert status == 408
    assert error(body) == {
        "type": "HeaderTimeout",
        "message": "the request's headers did not arrive within 1 s",
    }
    assert 0.9 < took < 5


def test_headers_sent_a_byte_at_a_time_are_cut_off_at_the_header_timeout(
    server: Server,
) -> None:
    """Slowloris: each byte comes in time, the headers as a whole do not."""
    request = server.request()
    answer = b""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as connection:
        connection.settimeout(0.1)
        started = time.monotonic()
        for byte in request:
            try:
                connection.send(bytes([byte]))
                answer = connection.recv(65536)
            except TimeoutError:
                continue
            except OSError:  # closed meanwhile
                break
            break
        took = time.monotonic() - started
        connection.settimeout(5)
        while chunk := connection.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 408 ")
    assert error(answer.partition(b"\r\n\r\n")[2])["type"] == "HeaderTimeout"
    assert 0.9 < took < 5


def test_a_connection_that_sends_nothing_is_closed_quietly_at_the_header_timeout(
    server: Server,
) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as connection:
        started = time.monotonic()
        assert connection.recv(65536) == b""
        took = time.monotonic() - started
    assert 0.9 < took < 5


def test_a_kept_alive_connection_still_serves_its_next_request(server: Server) -> None:
    """The header deadline restarts with each request: slow only if a request is."""
    headers = dict(line.split(": ", 1) for line in server.headers.splitlines())
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        statuses: list[int] = []
        sockets: list[object] = []
        for _ in range(2):
            connection.request("POST", server.path, body=server.body, headers=headers)
            answer = connection.getresponse()
            answer.read()
            statuses.append(answer.status)
            sockets.append(connection.sock)
            time.sleep(0.6)  # 1.2 s in all on the connection, under 1 s for each request
    finally:
        connection.close()
    assert statuses == [200, 200]
    assert sockets[0] is sockets[1]  # one connection, kept


# -- duplicate single-value headers ----------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "shown"),
    [
        ("Content-Type: application/json\r\n", "Content-Type"),
        ("Authorization: Bearer a\r\nauthorization: Bearer b\r\n", "Authorization"),
        (
            "Mcp-Protocol-Version: 2025-06-18\r\nMCP-Protocol-Version: 2025-03-26\r\n",
            "Mcp-Protocol-Version",
        ),
    ],
)
def test_a_single_value_header_sent_twice_is_400(
    server: Server, raw_http: RawHttp, header: str, shown: str
) -> None:
    """Two of a header that holds one value: a check could read one and the app the other
    (the request already has one ``Content-Type``)."""
    status, body, _ = raw_http(server.port, server.request(extra=header))
    assert status == 400
    assert error(body) == {
        "type": "DuplicateHeader",
        "message": f"the request has 2 {shown} headers; send one",
    }


def test_a_session_id_sent_twice_is_400_even_when_both_are_the_session(
    mcp_server: Server, raw_http: RawHttp
) -> None:
    url = f"http://127.0.0.1:{mcp_server.port}/mcp"
    opened = httpx.post(url, json=INITIALIZE, headers={"Accept": ACCEPT})
    session = opened.headers["mcp-session-id"]
    listing = json.dumps({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}).encode()
    once = f"Mcp-Session-Id: {session}\r\n"
    ok = raw_http(mcp_server.port, mcp_server.request(extra=once, body=listing))
    twice = raw_http(mcp_server.port, mcp_server.request(extra=once * 2, body=listing))
    assert ok[0] == 200
    assert twice[0] == 400
    assert error(twice[1]) == {
        "type": "DuplicateHeader",
        "message": "the request has 2 Mcp-Session-Id headers; send one",
    }


# -- an oversized body ----------------------------------------------------------------------


def test_a_6_mb_body_is_413_with_a_json_body_and_a_clean_close(
    server: Server, raw_http: RawHttp
) -> None:
    """The 413 is sent at once, the rest of the body read and dropped, and the connection
    closed with nothing unread: a reset would lose the answer (and fail this read)."""
    status, body, took = raw_http(server.port, server.request(body=b" " * BIG))
    assert status == 413
    assert error(body) == {
        "type": "BodyTooLarge",
        "message": "the body is over the limit of 4194304 bytes",
    }
    assert took < 5
    assert raw_http(server.port, server.request())[0] == 200  # and it goes on serving


def test_a_6_mb_chunked_body_is_413_with_a_clean_close(server: Server, raw_http: RawHttp) -> None:
    """No length to refuse it by: cut off once the limit is passed while reading."""
    part = 64 * 1024
    chunks = b"".join(b"%x\r\n%s\r\n" % (part, b" " * part) for _ in range(BIG // part))
    chunked = "Transfer-Encoding: chunked\r\n"
    status, body, _ = raw_http(
        server.port, server.request(framing=chunked, body=chunks + b"0\r\n\r\n")
    )
    assert status == 413
    assert error(body)["type"] == "BodyTooLarge"


def test_a_client_waiting_to_continue_gets_413_without_sending_its_body(
    server: Server,
) -> None:
    """``Expect: 100-continue``: the client sends nothing until told to; it is told no."""
    request = server.request(
        extra="Expect: 100-continue\r\n", framing=f"Content-Length: {BIG}\r\n", body=b""
    )
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as connection:
        started = time.monotonic()
        connection.sendall(request)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
        took = time.monotonic() - started
    assert answer.startswith(b"HTTP/1.1 413 ")
    assert took < 0.9  # not held for the body timeout


def test_the_timeouts_must_be_positive_numbers(tmp_path: Path) -> None:
    tools = tmp_path / "tools.py"
    tools.write_text(TOOLS)
    for flag in ("--header-timeout", "--body-timeout"):
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "toolbridge",
                "serve",
                str(tools),
                "--transport",
                "http",
                flag,
                "0",
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2
        assert flag in done.stderr


# -- the app factory under uvicorn ------------------------------------------------------------


def test_the_app_factory_takes_its_body_timeout_from_the_environment(
    tmp_path: Path, raw_http: RawHttp
) -> None:
    """Under an ASGI server of the user's, the guard and the body timeout are the app's."""
    tools = tmp_path / "tools.py"
    tools.write_text(TOOLS)
    port = free_port()
    command = [sys.executable, "-m", "uvicorn", "--factory", "toolbridge.cli:app_from_definition"]
    process = subprocess.Popen(
        [*command, "--port", str(port), "--timeout-graceful-shutdown", "5"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "TOOLBRIDGE_TOOLSET": str(tools), "TOOLBRIDGE_BODY_TIMEOUT": "1"},
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                assert httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200
                break
            except httpx.TransportError:
                assert process.poll() is None
                assert time.monotonic() < deadline
                time.sleep(0.1)
        headers = f"Content-Type: application/json\r\nAccept: {ACCEPT}\r\n"
        served = Server("mcp", port, "/mcp", headers, json.dumps(INITIALIZE).encode())
        late = raw_http(port, served.request(framing="Content-Length: 1000\r\n"))
        both = "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n"
        ambiguous = raw_http(port, served.request(framing=both))
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(30)  # uvicorn alone ends by the signal it was sent (-15)
    assert late[0] == 408
    assert error(late[1])["type"] == "BodyTimeout"
    assert 0.9 < late[2] < 5
    assert ambiguous[0] == 400


@pytest.mark.parametrize("value", ["0", "-1", "soon", "nan", "inf"])
def test_an_unusable_body_timeout_in_the_environment_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    from toolbridge import ConfigError
    from toolbridge.cli import app_from_definition

    tools = tmp_path / "tools.py"
    tools.write_text(TOOLS)
    monkeypatch.setenv("TOOLBRIDGE_BODY_TIMEOUT", value)
    with pytest.raises(ConfigError, match="TOOLBRIDGE_BODY_TIMEOUT must be a number of seconds"):
        app_from_definition(str(tools))
