"""Toolset definition files: read and checked, opened with live sources, served and searched
from the command line."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from toolbridge import ConfigError, ToolNotFoundError
from toolbridge.formats import to_openai
from toolbridge.gateway import OpenDefinition, open_definition
from toolbridge.toolsets import Identity, read_definition

BUNDLED = [sys.executable, "-m", "toolbridge.examples.server"]


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_a_yaml_file_gives_a_policed_audited_toolset(tmp_path: Path) -> None:
    from toolbridge.examples import weather

    tools_file = tmp_path / "tools.json"
    tools_file.write_text(json.dumps(to_openai([weather.get_forecast])))
    definition = read_definition(
        write(
            tmp_path / "weather.yaml",
            f"""
name: weather
sources:
  - module: toolbridge.examples.weather:convert_temperature
  - file: tools.json
    format: openai
  - mcp:
      bundled: {{command: {json.dumps(BUNDLED[0])}, args: {json.dumps(BUNDLED[1:])}}}
    namespacing: always
exclude: {{names: [subscribe_to_alerts]}}
prefix: wx
policy:
  default: deny
  rules:
    - {{effect: allow, tools: ["*convert_temperature"], roles: [ops]}}
    - {{effect: deny, tools: ["*convert_temperature"]}}
    - {{effect: allow, read_only: true}}
audit: {{jsonl: audit.jsonl}}
identity: {{subject: cli, roles: [viewer]}}
tokens:
  "ops-token-0123456789": {{subject: ann, roles: [ops]}}
""",
        )
    )

    async def main() -> tuple[list[str], list[str], str]:
        async with open_definition(definition) as opened:
            ops = Identity(subject="ann", roles={"ops"})
            viewer = opened.identify(None)
            seen_by_viewer = sorted(t.name for t in opened.toolset.list_tools(viewer))
            seen_by_ops = sorted(t.name for t in opened.toolset.list_tools(ops))
            with pytest.raises(ToolNotFoundError):
                await opened.toolset.call("wx_convert_temperature", {}, identity=viewer)
            result = await opened.toolset.call(
                "wx_convert_temperature",
                {"value": 100, "from_unit": "celsius", "to_unit": "fahrenheit"},
                identity=ops,
            )
            return seen_by_viewer, seen_by_ops, result.text

    viewer, ops, text = asyncio.run(main())
    # OpenAI's format carries no hints: the file's get_forecast is not known to be
    # read-only, so deny-by-default hides it; the MCP server's copy says it is.
    assert "wx_get_forecast" not in ops
    assert "wx_bundled_get_forecast" in viewer
    assert "wx_convert_temperature" not in viewer
    assert "wx_subscribe_to_alerts" not in ops
    assert set(ops) - set(viewer) == {"wx_convert_temperature", "wx_bundled_convert_temperature"}
    assert "wx_bundled_get_forecast" in viewer
    assert "212" in text
    records = [json.loads(line) for line in (tmp_path / "audit.jsonl").read_text().splitlines()]
    assert [(r["subject"], r["decision"]) for r in records] == [
        ("cli", "denied"),
        ("ann", "allowed"),
    ]


def test_bearer_tokens_pick_the_identity(tmp_path: Path) -> None:
    definition = read_definition(
        {
            "sources": [{"module": "toolbridge.examples.weather"}],
            "identity": {"subject": "default"},
            "tokens": {"a-long-enough-token-1": {"subject": "ann"}},
        }
    )

    class Request:
        def __init__(self, header: str) -> None:
            self.headers = {"authorization": header}

    from toolbridge.toolsets import StaticToolset

    opened = OpenDefinition(StaticToolset([]), definition)
    assert opened.identify(Request("Bearer a-long-enough-token-1")).subject == "ann"
    assert opened.identify(Request("Bearer wrong")).subject is None
    assert opened.identify(None).subject == "default"


@pytest.mark.parametrize(
    ("document", "path", "message"),
    [
        ({"sources": []}, ("sources",), "non-empty"),
        ({"sources": [{"module": "m"}], "colour": 1}, ("colour",), "unknown key"),
        ({"sources": [{"module": "m", "mcp": "x"}]}, ("sources", 0), "exactly one"),
        ({"sources": [{"file": "x.json"}]}, ("sources", 0), "format"),
        (
            {"sources": [{"module": "m"}], "policy": {"rules": [{"effect": "maybe"}]}},
            ("policy", "rules", 0),
            "effect",
        ),
        (
            {"sources": [{"module": "m"}], "policy": {"rate_limits": [{"calls": -1}]}},
            ("policy", "rate_limits", 0),
            "calls",
        ),
        (
            {"sources": [{"openapi": "a.yaml", "headers": {"X": "${TB_TEST_UNSET}"}}]},
            ("sources", 0, "headers", "X"),
            "TB_TEST_UNSET",
        ),
        ({"sources": [{"module": "m"}], "tokens": {"short": {}}}, ("tokens", "short"), "16"),
        (
            {"sources": [{"module": "m"}], "select": {"read_only": "yes"}},
            ("select", "read_only"),
            "true or false",
        ),
        ({"sources": [{"module": "m"}], "tracing": "yes"}, ("tracing",), "true or false"),
        (
            {"sources": [{"mcp": {"s": {"command": "x"}}, "protocol": "2024"}]},
            ("sources", 0, "protocol"),
            '"auto" or "legacy"',
        ),
        (
            {"sources": [{"module": "m"}], "audit": {"stdout": "yes"}},
            ("audit", "stdout"),
            "true or false",
        ),
    ],
)
def test_mistakes_are_config_errors_at_their_path(
    document: dict[str, object], path: tuple[object, ...], message: str
) -> None:
    with pytest.raises(ConfigError, match=message) as caught:
        read_definition(document)
    assert caught.value.path == path


@pytest.mark.parametrize(("protocol", "era"), [("legacy", "2025-11-25"), ("auto", "2026-07-28")])
def test_an_mcp_source_is_opened_with_its_protocol(protocol: str, era: str) -> None:
    server = Path(__file__).resolve().parents[1] / "servers" / "eliciting_server.py"
    mcp = {"eliciting": {"command": sys.executable, "args": [str(server)]}}
    definition = read_definition({"sources": [{"mcp": mcp, "protocol": protocol}]})

    async def main() -> str:
        async with open_definition(definition) as opened:
            return (await opened.toolset.call("era", {})).text

    assert asyncio.run(main()) == era


def test_a_file_that_cannot_be_read_or_parsed_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read"):
        read_definition(tmp_path / "missing.yaml")
    with pytest.raises(ConfigError, match="cannot be parsed"):
        read_definition(write(tmp_path / "bad.toml", "name = [unclosed"))
    with pytest.raises(ConfigError, match=r"\.yaml, \.yml"):
        read_definition(write(tmp_path / "toolset.ini", "x"))


def toolbridge(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolbridge", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_serve_a_toolset_file_and_search_it(tmp_path: Path) -> None:
    toolset = write(
        tmp_path / "toolset.toml",
        """
name = "weather"
prefix = "wx"
sources = [{ module = "toolbridge.examples.weather" }]
exclude = { names = ["subscribe_to_alerts"] }
""",
    )
    listed = toolbridge(
        "mcp", "list", "--json", "--", sys.executable, "-m", "toolbridge", "serve", str(toolset)
    )
    assert listed.returncode == 0, listed.stderr
    assert sorted(entry["name"] for entry in json.loads(listed.stdout)) == [
        "wx_convert_temperature",
        "wx_get_current_conditions",
        "wx_get_forecast",
    ]
    found = toolbridge(
        "search", "convert celsius to fahrenheit", "--toolset", str(toolset), "-k", "1"
    )
    assert found.returncode == 0, found.stderr
    assert [hit["name"] for hit in json.loads(found.stdout)] == ["wx_convert_temperature"]
    nothing = toolbridge("search", "quantum chromodynamics", "--toolset", str(toolset))
    assert nothing.returncode == 1
    assert json.loads(nothing.stdout) == []


def test_search_of_a_toolset_file_ranks_what_its_identity_may_call(tmp_path: Path) -> None:
    policy = """
sources = [{ module = "toolbridge.examples.weather" }]
identity = { subject = "cli", roles = [%s] }
[policy]
default = "deny"
rules = [{ effect = "allow", tools = ["convert_temperature"], roles = ["ops"] }]
"""
    ops = write(tmp_path / "ops.toml", policy % '"ops"')
    viewer = write(tmp_path / "viewer.toml", policy % '"viewer"')
    query = ("search", "convert celsius to fahrenheit", "-k", "1", "--toolset")
    found = toolbridge(*query, str(ops))
    assert found.returncode == 0, found.stderr
    assert [hit["name"] for hit in json.loads(found.stdout)] == ["convert_temperature"]
    refused = toolbridge(*query, str(viewer))
    assert refused.returncode == 1, refused.stderr
    assert json.loads(refused.stdout) == []


def test_search_reads_a_tools_file_or_a_live_server(tmp_path: Path) -> None:
    from toolbridge.examples import weather
    from toolbridge.formats import to_mcp

    tools_file = tmp_path / "tools.json"
    tools_file.write_text(
        json.dumps([to_mcp(weather.get_forecast), to_mcp(weather.convert_temperature)])
    )
    from_file = toolbridge("search", "weather forecast for tomorrow", str(tools_file))
    assert json.loads(from_file.stdout)[0]["name"] == "get_forecast"
    live = toolbridge("search", "active weather alerts", "--", *BUNDLED)
    assert live.returncode == 0, live.stderr
    assert json.loads(live.stdout)[0]["name"] == "alerts.active"
    both = toolbridge("search", "x", str(tools_file), "--toolset", str(tools_file))
    assert both.returncode == 2


def test_search_reads_tools_by_server_named_as_a_client_names_them(tmp_path: Path) -> None:
    """``{server: tools}``, as ``scan`` reads it: a name two servers share gets its
    server's name in front (``McpClient``'s names), the others are kept."""
    from toolbridge.examples import weather
    from toolbridge.formats import to_mcp

    convert = to_mcp(weather.convert_temperature)
    grouped = {
        "north": [to_mcp(weather.get_forecast), convert],
        "south": {"tools": [convert]},  # each value as INPUT may be: a list, an envelope
    }
    tools_file = write(tmp_path / "servers.json", json.dumps(grouped))
    ranked = toolbridge("search", "convert celsius to fahrenheit", str(tools_file), "-k", "3")
    assert ranked.returncode == 0, ranked.stderr
    names = [hit["name"] for hit in json.loads(ranked.stdout)]
    assert sorted(names) == [
        "get_forecast",
        "north_convert_temperature",
        "south_convert_temperature",
    ]
    bad = write(tmp_path / "bad.json", json.dumps({"north": [convert], "south": [{"name": 3}]}))
    refused = toolbridge("search", "anything", str(bad))
    assert refused.returncode == 2, refused.stderr
    (line,) = refused.stderr.splitlines()
    assert line.startswith("toolbridge: error: server 'south': ")
    assert "'/south/0" in line


def test_a_bad_toolset_file_is_a_one_line_error(tmp_path: Path) -> None:
    bad = write(
        tmp_path / "bad.yaml", "sources:\n  - module: x\npolicy: {rules: [{effect: maybe}]}\n"
    )
    for args in (("serve", str(bad)), ("search", "anything", "--toolset", str(bad))):
        done = toolbridge(*args)
        assert done.returncode == 2, done.stderr
        (line,) = done.stderr.strip().splitlines()
        assert line.startswith("toolbridge: error:")
        assert "/policy/rules/0" in line
