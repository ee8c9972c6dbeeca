"""The official MCP conformance suite against toolbridge, as client and as server.

The suite (``@modelcontextprotocol/conformance`` 0.1.12, with the TypeScript SDK it
was released against, 1.25.2: later SDKs refuse its stateless test servers' second
request) is installed from npm into ``.cache/`` by the first test that needs it.

- Client scenarios ``initialize``, ``tools_call`` and
  ``elicitation-sep1034-client-defaults`` (a form's defaults applied): the suite
  starts its server and runs ``tests/conformance/client.py URL``, a client built on
  ``McpClient``.
- Client scenarios ``auth/*`` (all 19 the suite lists): the same client signs in with
  the ``auth`` setting each calls for; the two it cannot pass are in
  ``expected-failures.yml`` with the reason measured.
- Server scenarios: ``toolbridge serve tests/conformance/toolset.py --transport http``
  is checked with every active scenario, and with ``json-schema-2020-12`` by name;
  those outside tools (resources, prompts, completion, sampling, elicitation) are in
  ``tests/conformance/expected-failures.yml``. The suite fails on an unexpected
  failure *and* on an expected failure that passes, so the file stays exact.
"""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from ..installing import installing
from .served import serving

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "tests" / "conformance"
CACHE = ROOT / ".cache" / "conformance"
SUITE = "0.1.12"
SDK = "1.25.2"
PACKAGE = {
    "private": True,
    "dependencies": {"@modelcontextprotocol/conformance": SUITE},
    "overrides": {"@modelcontextprotocol/sdk": SDK},
}


@pytest.fixture(scope="module")
def conformance() -> list[str]:
    """The suite's command line, installed on first use."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        pytest.skip("Node.js is not installed: the MCP conformance suite runs on Node")
    entry = CACHE / "node_modules" / "@modelcontextprotocol" / "conformance" / "dist" / "index.js"
    manifest = CACHE / "package.json"
    wanted = json.dumps(PACKAGE, indent=2) + "\n"
    with installing("npm-conformance"):
        if not entry.exists() or not manifest.exists() or manifest.read_text() != wanted:
            CACHE.mkdir(parents=True, exist_ok=True)
            manifest.write_text(wanted)
            completed = subprocess.run(
                [npm, "install", "--no-audit", "--no-fund", "--no-save"],
                cwd=CACHE,
                capture_output=True,
                text=True,
                timeout=600,
            )
            assert completed.returncode == 0, completed.stderr[-2000:]
    return [node, str(entry)]


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize(
    "scenario", ["initialize", "tools_call", "elicitation-sep1034-client-defaults"]
)
def test_the_client_passes_the_client_scenarios(
    conformance: list[str], scenario: str, tmp_path: Path
) -> None:
    client = f"{sys.executable} {HERE / 'client.py'}"
    completed = _run(
        [*conformance, "client", "--command", client, "--scenario", scenario], tmp_path
    )
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-2000:]
    assert "OVERALL: PASSED" in completed.stdout + completed.stderr


def test_the_client_passes_the_auth_scenarios(conformance: list[str], tmp_path: Path) -> None:
    listed = _run([*conformance, "list", "--client"], tmp_path).stdout
    scenarios = re.findall(r"^\s*- (auth/\S+)$", listed, re.MULTILINE)
    assert len(scenarios) == 19, listed
    client = f"{sys.executable} {HERE / 'client.py'}"
    expected = str(HERE / "expected-failures.yml")

    def one(scenario: str) -> tuple[str, subprocess.CompletedProcess[str]]:
        command = [*conformance, "client", "--command", client, "--scenario", scenario]
        return scenario, _run([*command, "--expected-failures", expected], tmp_path)

    with ThreadPoolExecutor(max_workers=3) as pool:  # each is mostly waiting
        done = dict(pool.map(one, scenarios))
    output = {name: run.stdout + run.stderr for name, run in done.items()}
    failed = {name: text[-3000:] for name, text in output.items() if done[name].returncode}
    assert not failed, failed
    passed = sorted(name for name, text in output.items() if "OVERALL: PASSED" in text)
    assert len(passed) == 17, sorted(set(scenarios) - set(passed))


@contextlib.contextmanager
def _serving(*options: str, toolset: Path = HERE / "toolset.py") -> Iterator[str]:
    """``toolbridge serve`` of the conformance toolset over HTTP; yields its URL."""
    with serving(toolset, *options) as (_, url, _):
        yield url


@pytest.fixture
def served_toolset() -> Iterator[str]:
    """``toolbridge serve`` of the conformance toolset over HTTP; yields its URL."""
    with _serving() as url:
        yield url


def test_the_server_passes_the_tool_scenarios(
    conformance: list[str], served_toolset: str, tmp_path: Path
) -> None:
    completed = _run(
        [
            *conformance,
            "server",
            "--url",
            served_toolset,
            "--expected-failures",
            str(HERE / "expected-failures.yml"),
        ],
        tmp_path,
    )
    output = completed.stdout + completed.stderr
    assert completed.returncode == 0, output[-5000:]
    for scenario in ("server-initialize", "tools-list", "tools-call-with-progress"):
        assert f"✓ {scenario}: " in output


def test_the_server_keeps_json_schema_2020_12_keywords(
    conformance: list[str], served_toolset: str, tmp_path: Path
) -> None:
    """A scenario outside the active suite, run by name: $schema, $defs and
    additionalProperties of a prebuilt schema reach the client as written."""
    completed = _run(
        [*conformance, "server", "--url", served_toolset, "--scenario", "json-schema-2020-12"],
        tmp_path,
    )
    output = completed.stdout + completed.stderr
    assert completed.returncode == 0, output[-3000:]
    assert "Passed: 4/4" in output


def _passes_stateless(conformance: list[str], url: str, tmp_path: Path) -> None:
    """The suite against `url`, sessions' scenarios expected to fail, passes."""
    expected = str(HERE / "expected-failures-stateless.yml")
    completed = _run(
        [*conformance, "server", "--url", url, "--expected-failures", expected], tmp_path
    )
    output = completed.stdout + completed.stderr
    assert completed.returncode == 0, output[-5000:]
    for scenario in ("server-initialize", "tools-list", "tools-call-with-progress"):
        assert f"✓ {scenario}: " in output


def test_two_stateless_replicas_pass_the_tool_scenarios(
    conformance: list[str], tmp_path: Path
) -> None:
    """Two workers on one port, no sessions: the suite's requests land on either.

    ``server-sse-multiple-streams`` needs a session to open its streams on, so it is
    an expected failure here too (``expected-failures-stateless.yml``)."""
    with _serving("--workers", "2") as url:
        _passes_stateless(conformance, url, tmp_path)


def test_two_stateless_workers_with_a_redis_policy_pass_the_tool_scenarios(
    conformance: list[str], tmp_path: Path, redis_url: str
) -> None:
    """The same, through a toolset file whose policy counts its limit on Redis."""
    gateway = tmp_path / "gateway.yaml"
    gateway.write_text(
        "name: conformance\n"
        f"sources:\n  - module: {json.dumps(str(HERE / 'toolset.py'))}\n"
        "policy:\n"
        "  rate_limits:\n    - {calls: 100000, per: 60, scope: global}\n"
        f"  rate_limit_storage: {json.dumps(redis_url)}\n"
    )
    with _serving("--workers", "2", toolset=gateway) as url:
        _passes_stateless(conformance, url, tmp_path)
