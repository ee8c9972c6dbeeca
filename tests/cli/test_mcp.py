"""The command line against live MCP servers: ``mcp list``, ``mcp call``, ``serve``,
and ``check`` of a server (the bundled one when given nothing)."""

from __future__ import annotations

import asyncio
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from toolbridge.mcp import McpClient, StdioServer

BUNDLED = [sys.executable, "-m", "toolbridge.examples.server"]
BUNDLED_TOOLS = [
    "get_forecast",
    "get_current_conditions",
    "convert_temperature",
    "subscribe_to_alerts",
    "alerts.active",
]
WEATHER = BUNDLED_TOOLS[:4]
"""The tools of `toolbridge.examples.weather`; the bundled server adds ``alerts.active``."""


def toolbridge(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolbridge", *args],
        input=stdin,
        stdin=None if stdin is not None else subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )


def at_a_terminal(*args: str) -> tuple[int, str, str]:
    """Run the command with stdout and stderr on two pseudo-terminals of 120 columns.

    Returns the exit status, stdout and stderr, without ANSI escapes.
    """
    out_master, out_slave = pty.openpty()
    err_master, err_slave = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "toolbridge", *args],
        stdin=subprocess.DEVNULL,
        stdout=out_slave,
        stderr=err_slave,
        env={**os.environ, "COLUMNS": "120"},
    )
    os.close(out_slave)
    os.close(err_slave)
    chunks: dict[int, list[bytes]] = {out_master: [], err_master: []}
    reading = set(chunks)
    try:
        while reading:
            ready, _, _ = select.select(list(reading), [], [], 60)
            assert ready, "the command wrote nothing for a minute"
            for fd in ready:
                try:
                    data = os.read(fd, 65536)
                except OSError:  # EIO: the other end is closed
                    data = b""
                if data:
                    chunks[fd].append(data)
                else:
                    reading.discard(fd)
        status = process.wait(60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(out_master)
        os.close(err_master)
    escapes = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
    out, err = (escapes.sub("", b"".join(chunks[fd]).decode()) for fd in chunks)
    return status, out, err


# -- check --------------------------------------------------------------------------------


def test_check_with_no_argument_checks_the_bundled_server_against_every_target() -> None:
    done = toolbridge("check")
    assert done.returncode == 1, done.stderr  # the bundled tools have findings
    assert done.stderr == ""
    problems = json.loads(done.stdout)
    assert all(
        set(problem) == {"target", "tool", "path", "rule", "keyword", "detail"}
        for problem in problems
    )
    assert {problem["target"] for problem in problems} == {
        "openai",
        "openai-responses",
        "anthropic",
        "gemini",  # defaults, minLength and pattern Gemini does not take
        "gemini-openapi",
        "bedrock",
    }
    assert {problem["tool"] for problem in problems} == set(BUNDLED_TOOLS)
    dotted = {
        problem["target"]
        for problem in problems
        if problem["tool"] == "alerts.active" and problem["rule"] == "name"
    }
    assert dotted == {"openai", "openai-responses", "anthropic", "bedrock"}
    assert {
        "target": "anthropic",
        "tool": "alerts.active",
        "path": "/name",
        "rule": "name",
        "keyword": "name",
        "detail": "'alerts.active' -> 'alerts_active': anthropic does not allow '.'",
    } in problems


def test_check_with_no_argument_at_a_terminal_draws_a_table_per_target() -> None:
    status, out, err = at_a_terminal("check")
    assert status == 1
    assert "starting 1 MCP server" in err  # the spinner, on stderr
    assert "5 tools from the bundled example server, checked against every target" in out
    rows = {
        line.split("│")[1].strip(): [cell.strip() for cell in line.split("│")[2:4]]
        for line in out.splitlines()
        if line.count("│") == 4
    }
    assert rows["mcp"] == ["5", "✓ accepted as is"]
    assert rows["anthropic"] == ["5", "✗ 1"]
    assert "✗ 2 problems for openai in 5 tools" in out
    assert "'alerts.active' -> 'alerts_active': anthropic does not allow '.'" in out


def test_check_with_nothing_given_says_so_when_stdin_holds_something() -> None:
    done = toolbridge("check", stdin="[]")
    assert done.returncode == 1
    assert done.stderr.startswith("toolbridge: note: no INPUT or server given")
    assert "'-' reads stdin" in done.stderr
    assert {problem["tool"] for problem in json.loads(done.stdout)} == set(BUNDLED_TOOLS)


def test_check_of_stdin_against_every_target() -> None:
    schema = {"type": "object", "properties": {"x": {"type": "string"}}}
    tool = {"name": "a.b", "inputSchema": schema}
    done = toolbridge("check", "-", stdin=json.dumps([tool]))
    assert done.returncode == 1, done.stderr
    problems = json.loads(done.stdout)
    assert {problem["target"] for problem in problems} == {
        "openai",
        "openai-responses",
        "anthropic",
        "bedrock",
    }
    assert {problem["path"] for problem in problems} == {"/name"}


def test_check_a_live_server_for_one_target() -> None:
    done = toolbridge("check", "--target", "openai", "--strict", "--", *BUNDLED)
    assert done.returncode == 1, done.stderr
    problems = json.loads(done.stdout)
    assert problems
    assert "target" not in problems[0]  # the --target output keeps its shape
    assert {problem["tool"] for problem in problems} <= set(BUNDLED_TOOLS)
    assert set(problems[0]) == {"tool", "path", "rule", "keyword", "detail"}


def test_a_server_of_the_config_that_cannot_start_makes_the_check_incomplete(
    tmp_path: Path,
) -> None:
    """A gate never passes tools it could not read: the others' problems, then status 2."""
    config = tmp_path / "mcp.json"
    servers = {
        "weather": {"command": BUNDLED[0], "args": BUNDLED[1:]},
        "broken": {"command": str(tmp_path / "no-such-server")},
    }
    config.write_text(json.dumps({"mcpServers": servers}))
    for target in (["--target", "gemini"], []):
        done = toolbridge("check", *target, "--json", "--config", str(config))
        assert done.returncode == 2, done.stderr
        assert isinstance(json.loads(done.stdout), list)  # the weather server was checked
        lines = done.stderr.splitlines()
        assert lines[0].startswith("toolbridge: warning: MCP server 'broken': cannot start")
        assert lines[-1] == (
            "toolbridge: error: MCP server 'broken' could not be checked: "
            "the check is incomplete (exit status 2)"
        )


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
    assert [entry["function"]["name"] for entry in listed] == [*WEATHER, "alerts_active"]
    assert [entry["function"]["strict"] for entry in listed] == [True] * 4 + [False]


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
    done = toolbridge("mcp", "list", "--config", str(config))  # piped: MCP JSON
    assert done.returncode == 0, done.stderr
    listed = json.loads(done.stdout)
    assert listed[0]["inputSchema"]["properties"]["days"]["maximum"] == 7
    names = [entry["name"] for entry in listed]
    assert names == [f"north_{name}" for name in BUNDLED_TOOLS] + [
        f"south_{name}" for name in BUNDLED_TOOLS
    ]
    assert "broken" in done.stderr
    assert done.stderr.count("cannot start") == 1


@pytest.mark.parametrize(
    ("servers", "why"),
    [
        (
            {"north": {"disabled": True}, "south": {"disabled": True}},
            "its servers 'north' and 'south' are all disabled",
        ),
        ({}, "it names none"),
    ],
)
@pytest.mark.parametrize(
    ("command", "done_word", "empty"),
    [
        (("mcp", "list"), "listed", []),
        (
            ("scan", "--json"),
            "scanned",
            {
                "tools": 0,
                "counts": dict.fromkeys(("low", "medium", "high", "critical"), 0),
                "findings": [],
            },
        ),
        (("check", "--json"), "checked", []),
    ],
)
def test_a_config_that_enables_no_server_is_an_error(
    tmp_path: Path,
    servers: dict[str, dict[str, object]],
    why: str,
    command: tuple[str, ...],
    done_word: str,
    empty: object,
) -> None:
    """An empty result of a config that enables nothing is most likely a mistake (and a
    CI gate of scan or check must not pass on it): the output is written as ever, then
    one error line, and status 2."""
    bundled = {"command": BUNDLED[0], "args": BUNDLED[1:]}
    config = tmp_path / "mcp.json"
    entries = {name: {**bundled, **entry} for name, entry in servers.items()}
    config.write_text(json.dumps({"mcpServers": entries}))
    done = toolbridge(*command, "--config", str(config))
    assert done.returncode == 2, done.stderr
    assert json.loads(done.stdout) == empty
    assert done.stderr.splitlines() == [
        f"toolbridge: error: --config {str(config)!r} enables no MCP server: {why}, so "
        f"nothing was {done_word} (exit status 2)"
    ]


def test_mcp_list_at_a_terminal_says_which_server_each_tool_is_from(tmp_path: Path) -> None:
    bundled = {"command": BUNDLED[0], "args": BUNDLED[1:]}
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {"north": bundled, "south": bundled}}))
    status, out, err = at_a_terminal("mcp", "list", "--config", str(config))
    assert status == 0, err
    assert f"10 tools from {config}" in out
    assert "Server" in out
    assert re.search(r"│ north_alerts\.active +│ north +│ region, filters,", out), out
    assert "starting 2 MCP servers" in err


def test_mcp_list_exits_2_when_every_server_fails() -> None:
    done = toolbridge("mcp", "list", "--", "/nonexistent/server")
    assert done.returncode == 2
    # The command cannot go on: an error, as every error that ends a command is.
    assert done.stderr == (
        "toolbridge: error: MCP server 'server': cannot start '/nonexistent/server': "
        "No such file or directory\n"
    )


@pytest.mark.parametrize("command", ["scan", "check", "search"])
def test_every_command_says_error_when_its_only_server_fails(command: str) -> None:
    argv = {"search": ("search", "weather"), "check": ("check",), "scan": ("scan",)}[command]
    done = toolbridge(*argv, "--", "/nonexistent/server")
    assert done.returncode == 2
    assert done.stderr.startswith("toolbridge: error: MCP server 'server': cannot start")


def test_mcp_list_leaves_out_different_tools_of_one_name_and_says_so(
    fixture_server: Callable[..., list[str]],
) -> None:
    """The rule McpClient follows: the CLI lists the others instead of refusing them all."""
    done = toolbridge("mcp", "list", "--", *fixture_server("--duplicate-names"))
    assert done.returncode == 0, done.stderr
    names = [entry["name"] for entry in json.loads(done.stdout)]
    assert "echo" not in names
    assert "add" in names
    assert done.stderr == (
        "toolbridge: warning: 2 different tools are named 'echo' (tools[0], tools[11]): a call "
        "by that name could reach any of them (at '/tools/11/name'); listed by MCP server "
        "'server'; all of them are left out\n"
    )


def test_mcp_list_needs_a_server() -> None:
    done = toolbridge("mcp", "list")
    assert done.returncode == 2
    assert "name a server" in done.stderr


SERVED_OVER_HTTP = {
    "bundled": [*BUNDLED],
    "toolbridge serve": [
        sys.executable,
        "-m",
        "toolbridge",
        "serve",
        "toolbridge.examples.server:TOOLS",
    ],
}


@pytest.fixture(params=list(SERVED_OVER_HTTP))
def http_server(request: pytest.FixtureRequest) -> Iterator[str]:
    """The bundled server's tools over HTTP (by itself, or by ``toolbridge serve``)."""
    process = subprocess.Popen(
        [*SERVED_OVER_HTTP[request.param], "--transport", "http", "--port", "0"],
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert process.stderr is not None
        line = process.stderr.readline()
        assert re.fullmatch(r"serving 5 tools on http://127\.0\.0\.1:\d+/mcp\n", line), line
        yield line.split(" on ", 1)[1].strip()
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(10)
        assert process.stderr is not None
        process.stderr.close()


def test_mcp_list_over_http(http_server: str) -> None:
    done = toolbridge("mcp", "list", "--json", "--url", http_server, "--header", "X-Trace: 1")
    assert done.returncode == 0, done.stderr
    assert [entry["name"] for entry in json.loads(done.stdout)] == BUNDLED_TOOLS
    arguments = '{"region": "Oslo", "filters": {"severity": "severe"}}'
    called = toolbridge("mcp", "call", "alerts.active", arguments, "--url", http_server)
    assert called.returncode == 0, called.stderr
    (alert,) = json.loads(called.stdout)["structuredContent"]["result"]
    assert alert["severity"] == "severe"


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


def test_mcp_call_that_times_out_exits_2(fixture_server: Callable[..., list[str]]) -> None:
    argv = fixture_server()
    done = toolbridge("mcp", "call", "sleep", '{"seconds": 30}', "--timeout", "0.5", "--", *argv)
    assert done.returncode == 2
    assert done.stdout == ""
    assert "tool 'sleep' did not finish within 0.5 s" in done.stderr


def test_mcp_call_of_an_unknown_tool_exits_2() -> None:
    done = toolbridge("mcp", "call", "nope", "{}", "--", *BUNDLED)
    assert done.returncode == 2
    assert "no tool named 'nope'" in done.stderr


def test_mcp_call_of_a_name_that_is_only_namespaced_suggests_it(
    fixture_server: Callable[..., list[str]], tmp_path: Path
) -> None:
    argv = fixture_server()
    server = {"command": argv[0], "args": argv[1:]}
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {"mem-a": server, "mem-b": server}}))
    done = toolbridge("mcp", "call", "echo", '{"text": "hi"}', "--config", str(config))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        "toolbridge: error: no tool named 'echo'; did you mean 'mem-a_echo' or 'mem-b_echo'?\n"
    )


def test_mcp_call_reports_a_timeout_at_once_and_exits_within_the_shutdown_time(
    fixture_server: Callable[..., list[str]],
) -> None:
    """The server ignores stdin closing and SIGTERM: it is killed 2 s after the report."""
    argv = fixture_server("--ignore-sigterm")
    command = [sys.executable, "-m", "toolbridge", "mcp", "call", "sleep", '{"seconds": 30}']
    started = time.monotonic()
    process = subprocess.Popen(
        [*command, "--timeout", "0.5", "--", *argv],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stderr is not None
        line = process.stderr.readline()
        reported = time.monotonic() - started
        status = process.wait(30)
        exited = time.monotonic() - started
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        if process.stderr is not None:
            process.stderr.close()
    assert status == 2
    assert line == "toolbridge: error: tool 'sleep' did not finish within 0.5 s\n"
    # The report comes before the shutdown, not after it (it came 4 s late before): the
    # 2 s shutdown_timeout, then SIGKILL, all after the line. Start-up on a busy
    # machine (the suite runs in two processes) may take seconds, so it is bounded loosely.
    assert reported < 10
    assert 1.8 < exited - reported < 3.5


def test_mcp_call_cuts_a_huge_error_message(fixture_server: Callable[..., list[str]]) -> None:
    argv = fixture_server("--bad-reply", "tools/call=huge-error")
    done = toolbridge("mcp", "call", "echo", '{"text": "hi"}', "--", *argv)
    assert done.returncode == 2
    assert done.stderr.startswith(
        "toolbridge: error: MCP server 'server' answered with error -32603: Internal error: xxx"
    )
    assert done.stderr.endswith(" more characters)\n")
    assert len(done.stderr) < 1_200


def test_a_server_that_breaks_the_protocol_fails_at_once(
    fixture_server: Callable[..., list[str]],
) -> None:
    started = time.monotonic()
    done = toolbridge("mcp", "list", "--", *fixture_server("--bad-reply", "tools/list=array"))
    assert done.returncode == 2
    assert done.stderr == (
        "toolbridge: error: MCP server 'server': answered tools/list (id 3) with a result "
        "that is an array, where MCP requires an object; the connection was closed\n"
    )
    assert time.monotonic() - started < 10  # 60 s (the tools/list timeout) before


# -- --startup-timeout ----------------------------------------------------------------------

LIVE_COMMANDS = {
    "mcp list": ["mcp", "list"],
    "mcp call": ["mcp", "call", "echo", '{"text": "hi"}'],
    "check": ["check"],
    "check --target": ["check", "--target", "openai"],
    "search": ["search", "echo the text"],
}


@pytest.mark.parametrize("command", list(LIVE_COMMANDS))
def test_startup_timeout_bounds_a_server_that_never_finishes_the_handshake(
    fixture_server: Callable[..., list[str]], command: str
) -> None:
    argv = fixture_server("--hang-initialize")
    started = time.monotonic()
    done = toolbridge(*LIVE_COMMANDS[command], "--startup-timeout", "0.5", "--", *argv)
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        "toolbridge: error: MCP server 'server': did not finish the MCP handshake within "
        "0.5 s (startup_timeout)\n"
    )
    assert time.monotonic() - started < 10  # 30 s (the default) before


def test_startup_timeout_bounds_one_server_of_a_config(
    fixture_server: Callable[..., list[str]], tmp_path: Path
) -> None:
    good, hung = fixture_server(), fixture_server("--hang-initialize")
    config = tmp_path / "mcp.json"
    config.write_text(
        json.dumps(
            {
                "mcpServers": {
                    "good": {"command": good[0], "args": good[1:]},
                    "hung": {"command": hung[0], "args": hung[1:]},
                }
            }
        )
    )
    started = time.monotonic()
    done = toolbridge("mcp", "list", "--config", str(config), "--startup-timeout", "0.5")
    assert done.returncode == 0, done.stderr
    assert "echo" in [entry["name"] for entry in json.loads(done.stdout)]
    assert "MCP server 'hung': did not finish the MCP handshake within 0.5 s" in done.stderr
    assert time.monotonic() - started < 10


def test_startup_timeout_bounds_a_listing_too(fixture_server: Callable[..., list[str]]) -> None:
    argv = fixture_server("--hang-list")
    done = toolbridge("mcp", "list", "--startup-timeout", "0.5", "--", *argv)
    assert done.returncode == 2
    assert done.stderr == (
        "toolbridge: error: MCP server 'server': did not answer tools/list within 0.5 s "
        "(list_timeout)\n"
    )


def test_startup_timeout_must_be_above_zero() -> None:
    done = toolbridge("mcp", "list", "--startup-timeout", "0", "--", *BUNDLED)
    assert done.returncode == 2
    assert "must be a finite number of seconds above 0, got 0" in done.stderr


@pytest.mark.parametrize("seconds", ["0", "nan", "inf", "-3"])
def test_a_call_timeout_must_be_a_finite_number_above_zero(seconds: str) -> None:
    arguments = ("get_forecast", '{"city": "Oslo"}', f"--timeout={seconds}")
    done = toolbridge("mcp", "call", *arguments, "--", *BUNDLED)
    assert done.returncode == 2
    assert done.stderr.startswith(
        "toolbridge: error: Invalid value for '--timeout': must be a finite number of "
        f"seconds above 0, got {seconds}"
    ), done.stderr


def test_a_server_writing_what_is_not_json_rpc_is_quoted(
    fixture_server: Callable[..., list[str]],
) -> None:
    argv = fixture_server("--stdout-banner", "Usage: thing [OPTIONS] FILE", "--hang-initialize")
    done = toolbridge("mcp", "list", "--startup-timeout", "0.5", "--", *argv)
    assert done.returncode == 2
    assert done.stderr == (
        "toolbridge: error: MCP server 'server': did not finish the MCP handshake within "
        "0.5 s (startup_timeout); its stdout began with a line that is not JSON-RPC: "
        "'Usage: thing [OPTIONS] FILE'\n"
    )


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


def test_serve_over_stdio_keeps_the_module_s_prints_off_the_wire(tmp_path: Path) -> None:
    module = tmp_path / "noisy.py"
    module.write_text(
        "from toolbridge import tool\n"
        "print('importing')\n"
        "@tool\n"
        "def shout(text: str) -> str:\n"
        '    """Shout the text."""\n'
        "    print('shouting', text)\n"
        "    return text.upper()\n"
    )
    server = StdioServer(
        command=sys.executable, args=("-m", "toolbridge", "serve", "noisy.py"), cwd=str(tmp_path)
    )

    async def main() -> tuple[str, str]:
        async with McpClient(server) as client:
            first = await client.call("shout", {"text": "hi"})
            second = await client.call("shout", {"text": "again"})
            return first.text, second.text

    assert asyncio.run(main()) == ("HI", "AGAIN")


def test_serve_over_http_counts_one_tool_as_one() -> None:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "toolbridge",
            "serve",
            "toolbridge.examples.weather:get_forecast",
            "--transport",
            "http",
            "--port",
            "0",
        ],
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert process.stderr is not None
        line = process.stderr.readline()
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(10)
        if process.stderr is not None:
            process.stderr.close()
    assert re.fullmatch(r"serving 1 tool on http://127\.0\.0\.1:\d+/mcp\n", line), line


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


def test_serve_on_a_port_it_cannot_have_says_why_in_one_line() -> None:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        cases = {
            ("--port", str(port)): f"cannot listen on 127.0.0.1:{port}: Address already in use",
            ("--port", str(port), "--workers", "2"): f"cannot listen on 127.0.0.1:{port}",
            ("--port", "70000"): "the port must be a whole number from 0 to 65535, got 70000",
            ("--host", "host.invalid", "--port", "0"): "cannot listen on host.invalid:0: ",
        }
        for options, said in cases.items():
            weather = ("toolbridge.examples.weather", "--transport", "http")
            done = toolbridge("serve", *weather, *options)
            assert done.returncode == 2, done.stderr
            assert done.stderr.startswith(f"toolbridge: error: {said}"), done.stderr
            assert "Traceback" not in done.stderr
