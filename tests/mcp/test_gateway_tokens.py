"""A toolset file's static bearer ``tokens``, served by ``toolbridge serve`` over HTTP.

A request with a token of the file is that caller; one without a token is anonymous
(the file's policy decides what it sees); one with any other credentials is refused
with 401 and ``WWW-Authenticate: Bearer error="invalid_token"`` (RFC 6750 §3.1),
never served as anonymous. Real: the CLI in a subprocess, raw HTTP on loopback.
"""

from __future__ import annotations

import json
import queue
import subprocess
import threading
from typing import Any

import httpx
import pytest

from .served import ACCEPT, SERVE, TOOLS, messages, serving, stop

TOKEN = "the-token-of-ann-0123456789"

GATEWAY = f"""\
name: desk
sources:
  - module: tools.py
policy:
  default: deny
  rules:
    - {{effect: allow, tools: [echo]}}
    - {{effect: allow, tools: [pid], roles: [ops]}}
tokens:
  "{TOKEN}": {{subject: ann, roles: [ops]}}
"""


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("tokens")
    (folder / "tools.py").write_text(TOOLS)
    (folder / "gateway.yaml").write_text(GATEWAY)
    with serving(folder / "gateway.yaml", "--stateless") as (_, address, _port):
        yield address


def listing(url: str, *authorization: str) -> httpx.Response:
    """``tools/list`` with these ``Authorization`` headers (none, one, or several)."""
    headers = [("content-type", "application/json"), ("accept", ACCEPT)]
    headers += [("mcp-protocol-version", "2025-06-18")]
    headers += [("authorization", value) for value in authorization]
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    return httpx.post(url, content=json.dumps(body), headers=headers, timeout=30)


def names(response: httpx.Response) -> list[str]:
    assert response.status_code == 200, response.text
    (message,) = messages(response.headers["content-type"], response.text)
    return sorted(tool["name"] for tool in message["result"]["tools"])


def test_a_token_of_the_file_is_its_caller(url: str) -> None:
    assert names(listing(url, f"Bearer {TOKEN}")) == ["echo", "pid"]


def test_no_token_is_anonymous_and_the_policy_decides(url: str) -> None:
    assert names(listing(url)) == ["echo"]


@pytest.mark.parametrize(
    "authorization",
    [
        "Bearer a-token-this-gateway-never-issued",
        f"Bearer {TOKEN}x",
        f"bearer {TOKEN[:-1]}",
        "Bearer",
        f"Basic {TOKEN}",
    ],
)
def test_any_other_credentials_are_refused_not_anonymous(url: str, authorization: str) -> None:
    answer = listing(url, authorization)
    assert answer.status_code == 401, answer.text
    challenge = answer.headers["www-authenticate"]
    assert challenge.startswith("Bearer ")
    assert 'error="invalid_token"' in challenge
    assert answer.json()["error"] == "invalid_token"
    assert TOKEN not in answer.text + challenge


def test_two_authorization_headers_are_a_bad_request(url: str) -> None:
    assert listing(url, f"Bearer {TOKEN}", "Bearer other").status_code == 400


def test_the_health_check_needs_no_token(url: str) -> None:
    health = url.rsplit("/", 1)[0] + "/healthz"
    answer = httpx.get(health, headers={"authorization": "Bearer wrong"}, timeout=30)
    assert answer.status_code == 200


def test_tokens_without_a_policy_warn_that_anyone_may_call_every_tool(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Tokens say who is calling, not who may: with no policy, no token sees everything."""
    folder = tmp_path_factory.mktemp("open")
    (folder / "tools.py").write_text(TOOLS)
    (folder / "gateway.yaml").write_text(
        f'name: desk\nsources:\n  - module: tools.py\ntokens:\n  "{TOKEN}": {{subject: ann}}\n'
    )
    command = [
        *SERVE,
        str(folder / "gateway.yaml"),
        "--transport",
        "http",
        "--port",
        "0",
        "--stateless",
    ]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    lines: queue.Queue[str] = queue.Queue()
    stderr = process.stderr
    assert stderr is not None

    def read() -> None:
        for line in stderr:
            lines.put(line)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        serving_line = lines.get(timeout=60)
        address = serving_line.rsplit(" on ", 1)[1].strip()
        assert "pid" in names(listing(address))  # what the warning is about: every tool
        warning = lines.get(timeout=10)
    finally:
        stop(process)
        reader.join(timeout=10)
        stderr.close()
    assert warning == (
        "toolbridge: warning: callers without a bearer token may call every tool: the file "
        "has tokens but no policy (add one that names who may call, such as "
        "'policy: {roles: [...]}' with roles on the tokens)\n"
    )
