"""No code path opens a connection or a file because of what a schema says.

Schemas name URIs in ``$schema``, ``$ref``, ``$id`` and ``$dynamicRef``. Each hostile
schema below names a loopback listener (``http://`` and ``https://``), a named pipe
(``file://``) or a relative URI (resolved against an ``$id`` on the listener), and goes
through every path that reads schemas: validation, `check` and `convert` for every
target (strict too), the ``to_*`` functions, the public schema transforms, the MCP
server and client (in memory and over stdio), the REST server and the CLI. The
listener must see no connection and the pipe no reader; every failure on the way is a
`ToolbridgeError` (from the API) or exit status 1 or 2 with no traceback (the CLI).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import os
import socket
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from mcp.client.client import Client
from starlette.testclient import TestClient

from toolbridge import Tool, ToolbridgeError, Validator, tool
from toolbridge.formats import (
    check,
    to_anthropic,
    to_bedrock,
    to_gemini,
    to_gemini_openapi,
    to_mcp,
    to_openai,
    to_openai_responses,
)
from toolbridge.mcp import McpClient, StdioServer, build_server
from toolbridge.rest import build_app
from toolbridge.schema import (
    DIALECTS,
    convert_dialect,
    inline_refs,
    to_anthropic_strict,
    to_gemini_schema,
    to_strict,
)


@dataclass
class Traps:
    """A loopback listener and a named pipe that count who reached them."""

    http: str
    pipe: Path
    connections: list[bytes] = field(default_factory=list)
    pipe_opened: int = 0

    @property
    def reached(self) -> int:
        return len(self.connections) + self.pipe_opened


@pytest.fixture
def traps(tmp_path: Path) -> Iterator[Traps]:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    listener.settimeout(0.05)
    pipe = tmp_path / "schema.json"
    os.mkfifo(pipe)
    found = Traps(http=f"127.0.0.1:{listener.getsockname()[1]}", pipe=pipe)
    stop = threading.Event()

    def watch() -> None:
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                connection, _ = listener.accept()
                with connection:
                    connection.settimeout(1)
                    with contextlib.suppress(OSError):
                        found.connections.append(connection.recv(200))
            try:  # succeeds only while somebody holds the pipe open for reading
                writer = os.open(pipe, os.O_WRONLY | os.O_NONBLOCK)
            except OSError as error:  # ENXIO: nobody reads it
                if error.errno != errno.ENXIO:
                    raise
            else:
                found.pipe_opened += 1
                with contextlib.suppress(OSError):
                    os.write(writer, b'{"type": "string"}')
                os.close(writer)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    yield found
    stop.set()
    watcher.join(5)
    listener.close()


def hostile_schemas(traps: Traps) -> dict[str, dict[str, Any]]:
    """Schemas whose URIs point at the traps, by a short label."""
    http, https, file = f"http://{traps.http}", f"https://{traps.http}", f"file://{traps.pipe}"
    prop = {"type": "object", "properties": {"a": {"type": "string"}}}
    return {
        "$schema http": {"$schema": f"{http}/meta.json", **prop},
        "$schema https": {"$schema": f"{https}/meta.json", **prop},
        "$schema file": {"$schema": file, **prop},
        "$schema relative": {"$schema": "meta.json", **prop},
        "nested $schema": {
            "type": "object",
            "properties": {"a": {"$id": f"{http}/a.json", "$schema": f"{http}/meta.json"}},
        },
        "$ref http": {"type": "object", "properties": {"a": {"$ref": f"{http}/a.json"}}},
        "$ref https": {"type": "object", "properties": {"a": {"$ref": f"{https}/a.json#/x"}}},
        "$ref file": {"type": "object", "properties": {"a": {"$ref": file}}},
        "$ref relative to $id": {
            "$id": f"{http}/root.json",
            "type": "object",
            "properties": {"a": {"$ref": "other.json"}},
        },
        "$ref relative": {"type": "object", "properties": {"a": {"$ref": "other.json#/a"}}},
        "$dynamicRef http": {
            "type": "object",
            "properties": {"a": {"$dynamicRef": f"{http}/a.json#node"}},
        },
        "$id only": {"$id": f"{http}/root.json", **prop},
    }


def quietly(call: Callable[..., Any], *args: Any, **options: Any) -> None:
    """Call; a failure is fine only as a `ToolbridgeError`."""
    with contextlib.suppress(ToolbridgeError):
        call(*args, **options)


def _tools(traps: Traps) -> list[Tool]:
    @tool
    def probe(a: str = "") -> str:
        """Answer."""
        return a

    return [
        probe.replace(name=f"t{index}", input_schema=schema)
        for index, schema in enumerate(hostile_schemas(traps).values())
    ]


def test_validation_reaches_nothing(traps: Traps) -> None:
    for label, schema in hostile_schemas(traps).items():
        quietly(lambda: Validator(schema).validate({"a": "x"}))  # noqa: B023
        quietly(lambda: Tool(name="t", input_schema=schema).validate({"a": "x"}))  # noqa: B023
        assert traps.reached == 0, label


def test_every_check_convert_and_writer_reaches_nothing(
    traps: Traps, untyped_errors: Callable[[Tool], list[str]]
) -> None:
    writers: list[Callable[..., Any]] = [
        to_mcp,
        to_openai,
        to_openai_responses,
        to_anthropic,
        to_gemini,
        to_gemini_openapi,
        to_bedrock,
    ]
    transforms: list[Callable[..., Any]] = [
        to_strict,
        to_anthropic_strict,
        to_gemini_schema,
        inline_refs,
    ]
    for label, schema in hostile_schemas(traps).items():
        assert untyped_errors(Tool(name="t", input_schema=schema)) == [], label
        for write in writers:
            quietly(write, Tool(name="t", input_schema=schema))
        for transform in transforms:
            quietly(transform, schema)
        for source in DIALECTS:
            for dialect in DIALECTS:
                quietly(convert_dialect, schema, source, dialect)
        assert traps.reached == 0, label


def test_check_reports_an_unknown_dialect_instead_of_fetching_it(traps: Traps) -> None:
    schemas = hostile_schemas(traps)
    for label in ("$schema http", "$schema https", "$schema file", "$schema relative"):
        problems = check([Tool(name="t", input_schema=schemas[label])], "openai")
        assert [(p.rule, p.keyword, p.path) for p in problems] == [
            ("json-schema", "$schema", ("$schema",))
        ], label
        assert "never fetched" in problems[0].detail
    for odd in ("", "not a uri at all ::", "http://json-schema.org/draft-03/schema#", 7):
        problems = check(
            [Tool(name="t", input_schema={"$schema": odd, "type": "object"})], "anthropic"
        )
        assert [p.keyword for p in problems] == ["$schema"], odd
    known = "http://json-schema.org/draft-07/schema#"
    assert (
        check([Tool(name="t", input_schema={"$schema": known, "type": "object"})], "anthropic")
        == ()
    )
    assert traps.reached == 0


def test_the_mcp_server_and_client_reach_nothing(traps: Traps, tmp_path: Path) -> None:
    tools = _tools(traps)

    async def in_memory() -> None:
        async with Client(build_server(tools), mode="legacy") as client:
            listed = await client.session.list_tools()
            assert len(listed.tools) == len(tools)
            for item in tools:
                result = await client.session.call_tool(item.name, {"a": "x"})
                assert result.is_error or result.content, item.name

    asyncio.run(in_memory())

    server = tmp_path / "server.py"
    server.write_text(
        "import json, sys\n"
        "from toolbridge import tool\n"
        "from toolbridge.mcp import serve\n"
        "@tool\n"
        "def probe(a: str = '') -> str:\n"
        "    '''Answer.'''\n"
        "    return a\n"
        "schemas = json.loads(open(sys.argv[1]).read())\n"
        "serve([probe.replace(name=f't{i}', input_schema=s) for i, s in enumerate(schemas)])\n"
    )
    listing = tmp_path / "schemas.json"
    listing.write_text(json.dumps(list(hostile_schemas(traps).values())))
    config = {"s": StdioServer(command=sys.executable, args=(str(server), str(listing)))}
    with McpClient(config, timeout=20) as client:
        assert not client.failures
        assert len(client.tools) == len(tools)
        for item in client.tools:
            quietly(item.invoke, {"a": "x"})
    assert traps.reached == 0


def test_the_rest_server_reaches_nothing(traps: Traps) -> None:
    tools = _tools(traps)
    with TestClient(build_app(tools)) as client:
        assert client.get("/tools").status_code == 200
        assert client.get("/openapi.json").status_code == 200
        for item in tools:
            assert client.get(f"/tools/{item.name}").status_code == 200
            answer = client.post(f"/tools/{item.name}", json={"a": "x"})
            assert answer.status_code < 500 or answer.json()["error"]["type"] != "InternalError"
    assert traps.reached == 0


@pytest.mark.parametrize(
    "command",
    [
        ["check"],
        ["check", "--strict"],
        ["convert", "--from", "mcp", "--to", "openai", "--strict"],
        ["convert", "--from", "mcp", "--to", "gemini-openapi"],
        ["convert", "--from", "mcp", "--to", "anthropic", "--strict"],
    ],
    ids=" ".join,
)
def test_the_cli_reaches_nothing(
    traps: Traps, command: list[str], cli_on_tools: Callable[..., Any]
) -> None:
    tools = [
        {"name": f"t{index}", "inputSchema": schema}
        for index, schema in enumerate(hostile_schemas(traps).values())
    ]
    cli_on_tools(tools, *command)
    assert traps.reached == 0
