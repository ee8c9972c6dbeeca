"""A served gateway's audit log on standard output, and its spans over OTLP.

Real processes: ``toolbridge serve FILE --transport http --workers 2`` writes one JSON
line per call to its standard output (what a container's log collector reads), and
under ``opentelemetry-instrument`` exports a span per call to an OTLP/HTTP receiver
this test runs on loopback, as a collector would.
"""

from __future__ import annotations

import asyncio
import http.server
import json
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from toolbridge.mcp import HttpServer, McpClient

from ..loopback import http_server
from .served import SERVE, TOOLS, serving


def definition(folder: Path, extra: str) -> Path:
    (folder / "desk_tools.py").write_text(TOOLS)
    path = folder / "desk.yaml"
    path.write_text(f"name: desk\nsources:\n  - module: desk_tools.py\n{extra}")
    return path


async def calls(url: str, count: int) -> set[int]:
    """`count` echo calls and as many pid calls, each on a new connection; the pids seen."""
    pids: set[int] = set()
    async with McpClient(HttpServer(url=url, headers={"Connection": "close"})) as client:
        tools = {item.name: item for item in client.tools}
        for index in range(count):
            said = await tools["echo"].ainvoke({"text": f"n{index}"})
            assert said.text == f"n{index}"
            pids.add(int((await tools["pid"].ainvoke({})).text))
    return pids


def test_the_audit_log_goes_to_standard_output_one_line_per_call(tmp_path: Path) -> None:
    path = definition(tmp_path, "audit: {stdout: true}\n")
    with (
        tempfile.TemporaryFile("w+", encoding="ascii") as out,
        serving(path, "--workers", "2", stdout=out) as (process, url, _),
    ):
        pids = asyncio.run(calls(url, 30))
        process.send_signal(signal.SIGTERM)
        assert process.wait(30) == 0
        out.seek(0)
        lines = out.read().splitlines()
    assert len(pids) == 2  # both workers answered, and both wrote their records
    records = [json.loads(line) for line in lines]  # nothing else on standard output
    echoes = [r["arguments"]["text"] for r in records if r["tool"] == "echo"]
    assert sorted(echoes) == sorted(f"n{index}" for index in range(30))
    assert sum(r["tool"] == "pid" for r in records) == 30
    assert {(r["toolset"], r["decision"], r["outcome"]) for r in records} == {
        ("desk", "allowed", "success")
    }


def test_the_audit_log_may_not_take_standard_output_from_the_stdio_protocol(
    tmp_path: Path,
) -> None:
    path = definition(tmp_path, "audit: {stdout: true}\n")
    done = subprocess.run(
        [*SERVE, str(path)], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL
    )
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert "/audit/stdout" in done.stderr
    assert "stdio" in done.stderr


class _Receiver(http.server.BaseHTTPRequestHandler):
    """An OTLP/HTTP trace receiver: keeps each request's body, answers 200."""

    bodies: list[bytes]

    def do_POST(self) -> None:
        length = int(self.headers.get("content-length", "0"))
        type(self).bodies.append(self.rfile.read(length))
        self.send_response(200)
        self.send_header("content-type", "application/x-protobuf")
        self.send_header("content-length", "0")
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def otlp_receiver() -> Iterator[tuple[str, list[bytes]]]:
    bodies: list[bytes] = []
    with http_server(type("Receiver", (_Receiver,), {"bodies": bodies})) as url:
        yield url, bodies


def test_a_served_gateway_exports_a_span_per_call_over_otlp(
    tmp_path: Path, otlp_receiver: tuple[str, list[bytes]]
) -> None:
    from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
        ExportTraceServiceRequest,
    )

    endpoint, bodies = otlp_receiver
    path = definition(tmp_path, "tracing: true\n")
    instrument = Path(sys.executable).with_name("opentelemetry-instrument")
    env = {
        "OTEL_SERVICE_NAME": "desk-gateway",
        "OTEL_TRACES_EXPORTER": "otlp",
        "OTEL_METRICS_EXPORTER": "none",
        "OTEL_LOGS_EXPORTER": "none",
        "OTEL_EXPORTER_OTLP_PROTOCOL": "http/protobuf",
        "OTEL_EXPORTER_OTLP_ENDPOINT": endpoint,
    }
    with serving(path, "--workers", "2", launcher=[str(instrument)], env=env) as (
        process,
        url,
        _,
    ):
        pids = asyncio.run(calls(url, 10))
        process.send_signal(signal.SIGTERM)
        assert process.wait(30) == 0  # each worker's exit flushes its spans
    assert len(pids) == 2
    spans: list[tuple[str, dict[str, str], str]] = []
    for body in bodies:
        request = ExportTraceServiceRequest.FromString(body)
        for resource in request.resource_spans:
            service = {a.key: a.value.string_value for a in resource.resource.attributes}[
                "service.name"
            ]
            for scope in resource.scope_spans:
                for span in scope.spans:
                    attributes = {a.key: a.value.string_value for a in span.attributes}
                    spans.append((span.name, attributes, service))
    echoes = [s for s in spans if s[0] == "execute_tool echo"]
    assert len(echoes) == 10
    assert len([s for s in spans if s[0] == "execute_tool pid"]) == 10
    _name, attributes, service = echoes[0]
    assert service == "desk-gateway"
    assert attributes["gen_ai.tool.name"] == "echo"
    assert attributes["gen_ai.operation.name"] == "execute_tool"
    assert attributes["toolbridge.toolset"] == "desk"
    assert attributes["toolbridge.decision"] == "allowed"
