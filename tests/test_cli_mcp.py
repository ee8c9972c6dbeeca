"""The command line against live MCP servers: ``mcp list``, ``mcp call``, ``serve``,
and ``check`` of a server (the bundled one when given nothing)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from toolbridge.mcp import McpClient, StdioServer

BUNDLED = [sys.executable, "-m", "toolbridge.examples.server"]
WEATHER = ["get_forecast", "get_current_conditions", "convert_temperature", "subscribe_to_alerts"]


def toolbridge(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolbridge", *args],
        input=stdin,
        stdin=None if stdin is not None else subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )


# -- check --------------------------------------------------------------------------------


def test_check_with_no_argument_checks_the_bundled_server_against_every_target() -> None:
    done = toolbridge("check")
    assert done.returncode == 1, done.stderr  # the bundled tools have findings for Gemini
    problems = json.loads(done.stdout)
    assert {problem["target"] for problem in problems} == {"gemini-openapi"}
    assert {problem["tool"] for problem in problems} == set(WEATHER)
    assert {"path", "rule", "keyword", "detail"} <= set(problems[0])


def test_check_a_live_server_for_one_target() -> None:
    done = toolbridge("check", "--target", "openai", "--strict", "--", *BUNDLED)
    assert done.returncode == 1, done.stderr
    problems = json.loads(done.stdout)
    assert problems
    assert "target" not in problems[0]  # the --target output keeps its shape
    assert problems[0]["tool"] in WEATHER


def test_check_with_a_target_and_no_input_still_reads_stdin() -> None:
    tool = {"name": "ok", "inputSchema": {"type": "object", "properties": {}}}
    done = toolbridge("check", "--target", "openai", stdin=json.dumps([tool]))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_check_refuses_an_input_and_a_server_together(tmp_path: Path) -> None:
    path = tmp_path / "tools.json"
    path.write_text("[]")
    done = toolbridge("check", str(path), "--", *BUNDLED)
    assert done.returncode == 2
    assert "not both" in done.stderr


# -- mcp list -----------------------------------------------------------------------------


def test_mcp_list_writes_the_tools_as_convert_does() -> None:
    done = toolbridge("mcp", "list", "--format", "openai", "--strict", "--", *BUNDLED)
    assert done.returncode == 0, done.stderr
    listed = json.loads(done.stdout)
    assert [entry["function"]["name"] for entry in listed] == WEATHER
    assert all(entry["function"]["strict"] for entry in listed)


def test_mcp_list_of_a_config_file_namespaces_and_reports_the_broken(tmp_path: Path) -> None:
    bundled = {"command": BUNDLED[0], "args": BUNDLED[1:]}
    config = tmp_path / "mcp.json"
    config.write_text(
        json.dumps(
            {
                "mcpServers": {
                    "north": bundled,
                    "south": bundled,
                    "broken": {"command": "/nonexistent/server"},
                }
            }
        )
    )
    done = toolbridge("mcp", "list", "--json", "--config", str(config))
    assert done.returncode == 0, done.stderr
    names = [entry["name"] for entry in json.loads(done.stdout)]
    assert names == [f"north_{name}" for name in WEATHER] + [f"south_{name}" for name in WEATHER]
    assert "broken" in done.stderr
    assert done.stderr.count("cannot start") == 1


def test_mcp_list_exits_2_when_every_server_fails() -> None:
    done = toolbridge("mcp", "list", "--", "/nonexistent/server")
    assert done.returncode == 2
    assert "cannot start" in done.stderr


def test_mcp_list_needs_a_server() -> None:
    done = toolbridge("mcp", "list")
    assert done.returncode == 2
    assert "name a server" in done.stderr


@pytest.fixture
def http_server() -> Iterator[str]:
    process = subprocess.Popen(
        [*BUNDLED, "--transport", "http", "--port", "0"],
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert process.stderr is not None
        line = process.stderr.readline()
        assert line.startswith("serving 4 tools on http://127.0.0.1:"), line
        yield line.split(" on ", 1)[1].strip()
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(10)
        assert process.stderr is not None
        process.stderr.close()


def test_mcp_list_over_http(http_server: str) -> None:
    done = toolbridge("mcp", "list", "--json", "--url", http_server, "--header", "X-Trace: 1")
    assert done.returncode == 0, done.stderr
    assert [entry["name"] for entry in json.loads(done.stdout)] == WEATHER


# -- mcp call -----------------------------------------------------------------------------


def test_mcp_call_prints_the_result() -> None:
    arguments = '{"value": 20, "from_unit": "celsius", "to_unit": "fahrenheit"}'
    done = toolbridge("mcp", "call", "convert_temperature", arguments, "--", *BUNDLED)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["structuredContent"] == {"result": 68.0}


def test_mcp_call_of_an_error_result_exits_1(fixture_server: Callable[..., list[str]]) -> None:
    done = toolbridge("mcp", "call", "fail", "{}", "--", *fixture_server())
    assert done.returncode == 1
    result = json.loads(done.stdout)
    assert result["isError"] is True
    assert result["content"][0]["text"] == "it failed"


def test_mcp_call_with_invalid_arguments_sends_nothing() -> None:
    done = toolbridge("mcp", "call", "convert_temperature", '{"value": "hot"}', "--", *BUNDLED)
    assert done.returncode == 2
    assert done.stdout == ""
    assert "value: expected number, got string" in done.stderr


def test_mcp_call_of_an_unknown_tool_exits_2() -> None:
    done = toolbridge("mcp", "call", "nope", "{}", "--", *BUNDLED)
    assert done.returncode == 2
    assert "no tool named 'nope'" in done.stderr


# -- serve --------------------------------------------------------------------------------


def test_serve_a_module_over_stdio() -> None:
    command = [sys.executable, "-m", "toolbridge", "serve", "toolbridge.examples.weather"]

    async def main() -> tuple[list[str], str]:
        async with McpClient(StdioServer(command=command[0], args=tuple(command[1:]))) as client:
            result = await client.call("get_forecast", {"city": "Oslo", "days": 1})
            return [tool.name for tool in client.tools], result.text

    names, text = asyncio.run(main())
    assert names == WEATHER
    assert "Oslo" in text


def test_serve_one_attribute_and_refuse_what_is_not_a_tool() -> None:
    done = toolbridge(
        "mcp",
        "list",
        "--json",
        "--",
        sys.executable,
        "-m",
        "toolbridge",
        "serve",
        "toolbridge.examples.weather:get_forecast",
    )
    assert done.returncode == 0, done.stderr
    assert [entry["name"] for entry in json.loads(done.stdout)] == ["get_forecast"]
    refused = toolbridge("serve", "toolbridge.examples.weather:Location")
    assert refused.returncode == 2
    assert "neither a tool nor a list of tools" in refused.stderr
