"""``toolbridge mcp login`` and ``logout`` against a real OAuth-protected server.

The server is tests/servers/oauth_server.py (FastMCP behind its in-memory
authorization server); the "browser" the `webbrowser` module opens is
tests/servers/browser.py, named by ``BROWSER`` as a user would name theirs: it
follows the authorization redirect to the command's loopback listener.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..mcp.oauth_servers import BROWSER, oauth_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    log = tmp_path_factory.mktemp("oauth") / "server.log"
    with oauth_server(log) as url:
        yield url


@pytest.fixture
def config(server: str, tmp_path: Path) -> Path:
    path = tmp_path / "mcp.json"
    servers = {
        "secured": {"url": server, "auth": "oauth"},
        "open": {"url": server},
        "local": {"command": sys.executable, "args": ["-m", "toolbridge.examples.server"]},
    }
    path.write_text(json.dumps({"mcpServers": servers}))
    return path


def toolbridge(*args: str, home: Path, deny: bool = False) -> subprocess.CompletedProcess[str]:
    """The command, its config folder under `home`, `browser.py` as the browser."""
    browser = f"{sys.executable} {BROWSER}{' --deny' * deny} %s"
    return subprocess.run(
        [sys.executable, "-m", "toolbridge", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=180,
        env={**os.environ, "XDG_CONFIG_HOME": str(home), "BROWSER": browser},
    )


def test_login_signs_in_once_for_every_later_run_and_logout_forgets(
    config: Path, tmp_path: Path
) -> None:
    home = tmp_path / "config"
    folder = home / "toolbridge" / "tokens"

    login = toolbridge("mcp", "login", "secured", "--config", str(config), home=home)
    assert login.returncode == 0, login.stderr
    (stored,) = folder.iterdir()
    assert (
        login.stdout
        == f"toolbridge: signed in to 'secured': 3 tools; its tokens are kept in {stored}\n"
    )
    assert "/authorize?response_type=code" in login.stderr  # the URL, printed too
    assert stat.S_IMODE(stored.stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700

    # Standard input is not a terminal: nobody could sign in, the stored tokens serve.
    call = toolbridge("mcp", "call", "whoami", "{}", "--config", str(config), home=home)
    assert call.returncode == 0, call.stderr
    assert json.loads(call.stdout)["content"][0]["text"] == "read"

    logout = toolbridge("mcp", "logout", "secured", "--config", str(config), home=home)
    assert logout.returncode == 0, logout.stderr
    assert logout.stdout == f"toolbridge: signed out of 'secured': deleted {stored}\n"
    assert not stored.exists()

    again = toolbridge("mcp", "call", "whoami", "{}", "--config", str(config), home=home)
    assert again.returncode == 2
    assert "MCP server 'secured': needs a sign-in in the browser" in again.stderr
    assert "toolbridge mcp login secured --config" in again.stderr


def test_login_reports_a_refused_sign_in(config: Path, tmp_path: Path) -> None:
    done = toolbridge("mcp", "login", "secured", "--config", str(config), home=tmp_path, deny=True)
    assert done.returncode == 2
    assert "the authorization server refused the sign-in: access_denied" in done.stderr


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("open", "has no 'auth' setting, so there is nothing to sign in with"),
        ("local", "'local' is a stdio server: it takes no sign-in"),
        ("missing", "names no server 'missing' (it names 'secured', 'open', 'local')"),
    ],
)
def test_login_of_a_server_it_cannot_sign_in_to_says_why(
    config: Path, tmp_path: Path, name: str, says: str
) -> None:
    done = toolbridge("mcp", "login", name, "--config", str(config), home=tmp_path)
    assert done.returncode == 2
    assert says in " ".join(done.stderr.split())


def test_a_wider_scope_a_server_asks_for_is_signed_in_with_the_login_it_names(
    tmp_path: Path,
) -> None:
    """A 403 insufficient_scope names the scopes; the login it suggests asks for them."""
    home = tmp_path / "config"
    config = tmp_path / "mcp.json"
    with oauth_server(tmp_path / "server.log", "--step-up") as url:
        config.write_text(json.dumps({"mcpServers": {"secured": {"url": url, "auth": "oauth"}}}))
        where = ("--config", str(config))
        assert toolbridge("mcp", "login", "secured", *where, home=home).returncode == 0

        refused = toolbridge("mcp", "call", "admin", "{}", *where, home=home)
        assert refused.returncode == 2
        suggested = (
            "sign in at a terminal with `toolbridge mcp login secured "
            "--config <the file that configures it> --scope 'read admin'`"
        )
        assert refused.stderr.rstrip().endswith(suggested), refused.stderr

        wider = toolbridge("mcp", "login", "secured", *where, "--scope", "read admin", home=home)
        assert wider.returncode == 0, wider.stderr
        assert "scope=read+admin" in wider.stderr  # the authorization URL asked for both
        called = toolbridge("mcp", "call", "admin", "{}", *where, home=home)
        assert called.returncode == 0, called.stderr
        assert json.loads(called.stdout)["content"][0]["text"] == "admin done"


def test_scopes_are_for_a_sign_in_in_the_browser(config: Path, tmp_path: Path) -> None:
    done = toolbridge(
        "mcp", "login", "open", "--config", str(config), "--scope", "x", home=tmp_path
    )
    assert done.returncode == 2
    assert "does not sign in in the browser (OAuth)" in done.stderr
