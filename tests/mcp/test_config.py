"""MCP server configurations are read in every shape people write, and refused with a path.

Also: the environment a stdio server gets holds no parent secrets, and the package
reads configurations without importing the MCP SDK (which needs the ``mcp`` extra).
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from toolbridge import ConfigError, ToolbridgeError
from toolbridge.mcp import (
    HttpServer,
    SseServer,
    StdioServer,
    child_environment,
    read_servers,
)
from toolbridge.mcp._sdk import require_sdk

# A configuration in the shape Claude Desktop and Cursor write, with the keys other
# clients add (disabled, autoApprove, type) mixed in.
DESKTOP: dict[str, Any] = {
    "mcpServers": {
        "files": {
            "command": "npx",
            "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"],
            "env": {"DEBUG": "1"},
            "autoApprove": ["read_file"],
        },
        "time": {"type": "stdio", "command": "uvx", "args": ["mcp-server-time"]},
        "remote": {
            "type": "streamableHttp",
            "url": "https://mcp.example.com/mcp",
            "headers": {"Authorization": "Bearer x"},
        },
        "legacy": {"transport": "sse", "url": "http://127.0.0.1:9000/sse"},
        "off": {"command": "never-started", "disabled": True},
    }
}


def test_the_desktop_shape_gives_every_enabled_server_in_order() -> None:
    servers = read_servers(DESKTOP)
    assert list(servers) == ["files", "time", "remote", "legacy"]
    files = servers["files"]
    assert isinstance(files, StdioServer)
    assert files.command == "npx"
    assert files.args == ("-y", "@modelcontextprotocol/server-filesystem", "/tmp")
    assert dict(files.env) == {"DEBUG": "1"}
    assert dict(files.extra) == {"autoApprove": ["read_file"]}  # kept, not interpreted
    assert servers["time"] == StdioServer(command="uvx", args=("mcp-server-time",))
    remote = servers["remote"]
    assert isinstance(remote, HttpServer)
    assert dict(remote.headers) == {"Authorization": "Bearer x"}
    assert isinstance(servers["legacy"], SseServer)


def test_a_bare_mapping_of_names_reads_the_same() -> None:
    assert read_servers(DESKTOP["mcpServers"]) == read_servers(DESKTOP)


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (
            {"command": "python", "args": ["server.py"]},
            StdioServer(command="python", args=("server.py",)),
        ),
        ({"url": "http://127.0.0.1:8000/mcp"}, HttpServer(url="http://127.0.0.1:8000/mcp")),
        (StdioServer(command="python"), StdioServer(command="python")),
        (SseServer(url="http://h/sse"), SseServer(url="http://h/sse")),
    ],
)
def test_one_connection_is_one_server_named_server(given: Any, expected: Any) -> None:
    assert read_servers(given) == {"server": expected}


def test_objects_and_dicts_mix_in_a_mapping() -> None:
    servers = read_servers({"a": StdioServer(command="a"), "b": {"url": "https://b/mcp"}})
    assert servers == {"a": StdioServer(command="a"), "b": HttpServer(url="https://b/mcp")}


def test_a_file_is_read_by_path_or_str(tmp_path: Path) -> None:
    path = tmp_path / "mcp.json"
    path.write_text(json.dumps(DESKTOP))
    assert read_servers(path) == read_servers(DESKTOP)
    assert read_servers(str(path)) == read_servers(DESKTOP)


def test_the_input_is_neither_changed_nor_shared() -> None:
    given = copy.deepcopy(DESKTOP)
    servers = read_servers(given)
    assert given == DESKTOP
    given["mcpServers"]["files"]["env"]["DEBUG"] = "0"
    files = servers["files"]
    assert isinstance(files, StdioServer)
    assert files.env["DEBUG"] == "1"
    with pytest.raises(TypeError):
        files.env["DEBUG"] = "0"  # type: ignore[index]


@pytest.mark.parametrize(
    ("config", "path", "words"),
    [
        (
            {"mcpServers": {"x": {"command": "a", "args": ["ok", 3]}}},
            ("mcpServers", "x", "args", 1),
            "must be a string",
        ),
        (
            {"mcpServers": {"x": {"command": "a", "args": "-v"}}},
            ("mcpServers", "x", "args"),
            "list of strings",
        ),
        ({"x": {"command": "a", "env": {"K": 1}}}, ("x", "env", "K"), "strings to strings"),
        ({"x": {"command": ""}}, ("x", "command"), "non-empty string"),
        ({"x": {"command": "a", "cwd": 3}}, ("x", "cwd"), "'cwd' must be a string"),
        ({"x": {"url": "ftp://h/mcp"}}, ("x", "url"), "http:// or https://"),
        ({"x": {"command": "a", "url": "http://h"}}, ("x",), "not both"),
        ({"x": {"args": ["a"]}}, ("x",), "needs 'command'"),
        ({"x": {"type": "websocket", "url": "http://h"}}, ("x", "type"), "unknown transport"),
        ({"x": {"command": "a", "disabled": "yes"}}, ("x", "disabled"), "true or false"),
        ({"x": ["a"]}, ("x",), "an object with 'command' or 'url'"),
        ({"mcpServers": ["a"]}, ("mcpServers",), "mapping of server names"),
        ({"": {"command": "a"}}, (), "non-empty string"),
        (42, (), "got int"),
    ],
)
def test_unusable_configurations_raise_with_the_path(
    config: Any, path: tuple[str | int, ...], words: str
) -> None:
    with pytest.raises(ConfigError, match=words) as raised:
        read_servers(config)
    assert raised.value.path == path
    assert isinstance(raised.value, ToolbridgeError)
    assert isinstance(raised.value, ValueError)


def test_a_file_that_is_not_json_says_where(tmp_path: Path) -> None:
    path = tmp_path / "mcp.json"
    path.write_text('{"mcpServers": {\n  "x": {"command": "a",}\n}}')
    with pytest.raises(ConfigError, match="line 2"):
        read_servers(path)


def test_a_missing_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read"):
        read_servers(tmp_path / "absent.json")


# -- the child's environment ------------------------------------------------------------

PARENT = {
    "PATH": "/usr/bin",
    "HOME": "/home/ada",
    "LC_ALL": "C.UTF-8",
    "OPENAI_API_KEY": "sk-secret",
    "AWS_SECRET_ACCESS_KEY": "secret",
    "GITHUB_TOKEN": "ghp_secret",
    "TERM": "() { :; }; echo shellshock",
}


def test_a_server_gets_no_parent_secrets() -> None:
    environment = child_environment(StdioServer(command="a"), PARENT)
    assert environment == {"PATH": "/usr/bin", "HOME": "/home/ada", "LC_ALL": "C.UTF-8"}


def test_a_server_gets_the_tls_trust_store_but_not_a_proxy_that_may_hold_a_password() -> None:
    parent = {
        "SSL_CERT_FILE": "/etc/ssl/proxy-ca.pem",
        "SSL_CERT_DIR": "/etc/ssl/certs",
        "NODE_EXTRA_CA_CERTS": "/etc/ssl/proxy-ca.pem",
        "REQUESTS_CA_BUNDLE": "/etc/ssl/proxy-ca.pem",
        "CURL_CA_BUNDLE": "/etc/ssl/proxy-ca.pem",
        "HTTPS_PROXY": "http://ada:hunter2@proxy:3128",
        "https_proxy": "http://ada:hunter2@proxy:3128",
    }
    environment = child_environment(StdioServer(command="uvx"), parent)
    assert environment == {name: parent[name] for name in list(parent)[:5]}


def test_named_variables_are_passed_and_the_config_wins() -> None:
    server = StdioServer(
        command="a", inherit_env=("GITHUB_TOKEN",), env={"PATH": "/opt/bin", "DEBUG": "1"}
    )
    environment = child_environment(server, PARENT)
    assert environment["GITHUB_TOKEN"] == "ghp_secret"
    assert environment["PATH"] == "/opt/bin"
    assert environment["DEBUG"] == "1"
    assert "OPENAI_API_KEY" not in environment


def test_inherit_env_is_read_from_the_config() -> None:
    (server,) = read_servers({"x": {"command": "a", "inheritEnv": ["GITHUB_TOKEN"]}}).values()
    assert isinstance(server, StdioServer)
    assert server.inherit_env == ("GITHUB_TOKEN",)


# -- the SDK stays optional -------------------------------------------------------------


def test_reading_configurations_does_not_import_the_sdk() -> None:
    code = (
        "import sys, toolbridge.mcp\n"
        "toolbridge.mcp.read_servers({'command': 'a'})\n"
        "assert 'mcp' not in sys.modules, sorted(m for m in sys.modules if m.startswith('mcp'))\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_without_the_sdk_the_error_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "mcp", None)
    with pytest.raises(ImportError, match=r"pip install 'toolbridge\[mcp\]'"):
        require_sdk()


def test_with_the_sdk_the_module_is_returned() -> None:
    assert require_sdk("mcp.types").__name__ == "mcp.types"


def test_without_the_sdk_the_client_names_the_extra() -> None:
    """``from toolbridge.mcp import load_mcp_tools`` without the SDK: the install hint."""
    code = (
        "import sys; sys.modules['mcp'] = None\n"
        "try:\n"
        "    from toolbridge.mcp import load_mcp_tools\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "pip install 'toolbridge[mcp]'" in done.stdout, done.stderr
