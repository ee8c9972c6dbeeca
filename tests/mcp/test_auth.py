"""Signing in to HTTP MCP servers, against a real authorization server.

The server (tests/servers/oauth_server.py) is a FastMCP server behind FastMCP's
in-memory OAuth server (the MCP SDK's handlers: metadata, /register, /authorize,
/token, /revoke), started as a subprocess on loopback. The person's browser is an
HTTP client that follows the authorization redirect to toolbridge's loopback listener,
as a browser does after "Allow". Nothing here is mocked.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import stat
from collections.abc import Awaitable, Iterator
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx2
import pytest

from toolbridge.errors import ConfigError, ServerError
from toolbridge.mcp import (
    AuthSetting,
    BearerToken,
    ClientCredentials,
    FileTokenStore,
    HttpServer,
    McpClient,
    MemoryTokenStore,
    OAuth,
    read_servers,
)

from .oauth_servers import oauth_server, revoke

T = TypeVar("T")
NAME = "secured"


def run(coroutine: Awaitable[T]) -> T:
    async def main() -> T:
        return await coroutine

    return asyncio.run(main())


def query_of(url: str) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(url).query).items()}


class Browser:
    """A person's browser: opens the authorization URL, follows it to the redirect."""

    def __init__(self, *, deny: bool = False) -> None:
        self.opened: list[str] = []
        self.deny = deny

    async def __call__(self, url: str) -> None:
        self.opened.append(url)
        query = query_of(url)
        async with httpx2.AsyncClient(follow_redirects=True, timeout=10) as http:
            if self.deny:  # the person clicks "Deny"
                answer = urlencode({"error": "access_denied", "state": query["state"]})
                response = await http.get(f"{query['redirect_uri']}?{answer}")
            else:
                response = await http.get(url)
        assert response.status_code == 200

    def asked(self, index: int = -1) -> dict[str, str]:
        """The query of an authorization URL it opened."""
        return query_of(self.opened[index])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """An OAuth-protected server whose tokens last an hour; ``admin`` needs scope admin."""
    log = tmp_path_factory.mktemp("oauth") / "server.log"
    with oauth_server(log, "--step-up") as url:
        yield url


@pytest.fixture(scope="module")
def short_lived(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The same server, its access tokens living 3 seconds."""
    log = tmp_path_factory.mktemp("oauth") / "server.log"
    with oauth_server(log, "--token-ttl", "3") as url:
        yield url


def client(url: str, auth: Any) -> McpClient:
    return McpClient({NAME: HttpServer(url=url, auth=auth)}, timeout=20)


async def counts(opened: McpClient) -> dict[str, int]:
    result = await opened.call("counts", {})
    counted: dict[str, int] = json.loads(result.text)
    return counted


async def sign_in(url: str, store: Any, browser: Browser | None = None) -> dict[str, int]:
    """Sign in once (closing the client after), and return the server's counts."""
    async with client(url, OAuth(token_store=store, browser=browser or Browser())) as opened:
        assert not opened.failures, opened.failures
        return await counts(opened)


# -- a person signs in ----------------------------------------------------------------------


def test_a_person_signs_in_in_the_browser_and_the_tokens_are_kept(
    server: str, tmp_path: Path
) -> None:
    store = FileTokenStore(tmp_path / "tokens" / "secured.json")
    browser = Browser()

    async def scenario() -> tuple[list[str], str, dict[str, int], dict[str, int]]:
        async with client(server, OAuth(token_store=store, browser=browser)) as opened:
            assert not opened.failures, opened.failures
            names = [tool.name for tool in opened.tools]
            scopes = (await opened.call("whoami", {})).text
            before = await counts(opened)
        # A later client, where nobody can sign in, uses the stored tokens.
        async with client(server, OAuth(token_store=store)) as later:
            assert not later.failures, later.failures
            after = await counts(later)
        return names, scopes, before, after

    names, scopes, before, after = run(scenario())
    assert names == ["whoami", "admin", "counts"]
    assert scopes == "read"  # the scope the server's challenge named
    assert after["authorization_code"] == before["authorization_code"]
    assert len(browser.opened) == 1
    asked = browser.asked()
    assert asked["code_challenge_method"] == "S256"
    assert asked["code_challenge"]
    assert urlsplit(asked["redirect_uri"]).hostname == "127.0.0.1"
    assert asked["resource"] == server
    assert stat.S_IMODE(store.path.stat().st_mode) == 0o600
    assert stat.S_IMODE(store.path.parent.stat().st_mode) == 0o700
    assert [path.name for path in store.path.parent.iterdir()] == ["secured.json"]


def test_the_default_store_is_a_private_file_per_server_in_the_config_folder(
    server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    run(sign_in(server, None))
    folder = tmp_path / "toolbridge" / "tokens"
    (stored,) = folder.iterdir()
    assert stored == FileTokenStore.for_server(server).path
    assert stat.S_IMODE(stored.stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    record = json.loads(stored.read_text())
    assert set(record) == {"tokens", "saved_at", "client"}
    # The same server however its URL is spelled; another server, another file.
    port = urlsplit(server).port
    assert FileTokenStore.for_server(f"HTTP://127.0.0.1:{port}/mcp/").path == stored
    assert FileTokenStore.for_server(f"http://127.0.0.1:{port}/other").path != stored


def test_a_stray_request_to_the_loopback_listener_does_not_end_the_sign_in(
    server: str,
) -> None:
    class Curious(Browser):
        async def __call__(self, url: str) -> None:
            listener = urlsplit(query_of(url)["redirect_uri"])
            async with httpx2.AsyncClient() as http:
                stray = await http.get(f"http://{listener.netloc}/favicon.ico")
            assert stray.status_code == 404
            await super().__call__(url)

    assert run(sign_in(server, MemoryTokenStore(), Curious()))["authorization_code"] >= 1


def test_a_denied_sign_in_is_a_clear_error_logged_once(
    server: str, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> dict[str, ServerError]:
        auth = OAuth(token_store=MemoryTokenStore(), browser=Browser(deny=True))
        async with client(server, auth) as opened:
            return dict(opened.failures)

    failure = str(run(scenario())[NAME])
    assert "refused the sign-in: access_denied" in failure
    # Not again as the SDK's "OAuth flow error" with a traceback: the failure says it.
    assert [record.name for record in caplog.records if record.exc_info] == []


def test_a_store_of_your_own_keeps_the_tokens(server: str) -> None:
    class Recording:
        """A store written for the SDK's TokenStorage: four async methods, no base."""

        def __init__(self) -> None:
            self.tokens: Any = None
            self.client: Any = None
            self.writes = 0

        async def get_tokens(self) -> Any:
            return self.tokens

        async def set_tokens(self, tokens: Any) -> None:
            self.tokens, self.writes = tokens, self.writes + 1

        async def get_client_info(self) -> Any:
            return self.client

        async def set_client_info(self, client_info: Any) -> None:
            self.client = client_info

    store = Recording()
    run(sign_in(server, store))
    assert store.writes == 1
    assert store.client is not None
    with pytest.raises(ConfigError, match="token_store must be a TokenStore"):
        OAuth(token_store=object())  # type: ignore[arg-type]


def test_an_unreadable_private_key_file_is_named(tmp_path: Path) -> None:
    missing = tmp_path / "missing.pem"
    auth = ClientCredentials(client_id="m", private_key_file=str(missing))

    async def scenario() -> str:
        async with client("http://127.0.0.1:9/mcp", auth) as opened:
            return str(opened.failures[NAME])

    assert f"cannot read the private key file {str(missing)!r}" in run(scenario())


def test_a_sign_in_nobody_finishes_times_out(server: str) -> None:
    async def ignore(url: str) -> None:
        pass  # the person never comes back

    async def scenario() -> dict[str, ServerError]:
        auth = OAuth(token_store=MemoryTokenStore(), browser=ignore, sign_in_timeout=1)
        async with client(server, auth) as opened:
            return dict(opened.failures)

    assert "did not finish within 1 s (sign_in_timeout)" in str(run(scenario())[NAME])


# -- tokens kept timely ---------------------------------------------------------------------


def test_a_token_is_refreshed_before_it_expires(short_lived: str) -> None:
    store = MemoryTokenStore()

    async def scenario() -> tuple[dict[str, int], str, str]:
        async with client(short_lived, OAuth(token_store=store, browser=Browser())) as opened:
            first = (await store.get_tokens()).access_token  # type: ignore[union-attr]
            await asyncio.sleep(3)  # the token's whole life
            assert (await opened.call("whoami", {})).text == "read"
            second = (await store.get_tokens()).access_token  # type: ignore[union-attr]
            return await counts(opened), first, second

    counted, first, second = run(scenario())
    assert counted == {"authorization_code": 1, "refresh_token": counted["refresh_token"]}
    assert counted["refresh_token"] >= 1
    assert first != second


def test_a_stored_token_is_refreshed_in_a_later_process_not_sent_stale(
    short_lived: str,
) -> None:
    """Without the stored expiry the SDK would send the dead token, be refused, and
    need a person: here nobody can sign in, so only a refresh gets through."""
    store = MemoryTokenStore()

    async def scenario() -> tuple[dict[str, int], dict[str, int]]:
        before = await sign_in(short_lived, store)
        await asyncio.sleep(3.2)
        async with client(short_lived, OAuth(token_store=store)) as later:
            assert not later.failures, later.failures
            return before, await counts(later)

    before, after = run(scenario())
    assert after["authorization_code"] == before["authorization_code"]
    assert after["refresh_token"] > before["refresh_token"]


# -- refusals -------------------------------------------------------------------------------


def test_a_revoked_token_signs_in_again_where_a_person_can(server: str) -> None:
    store = MemoryTokenStore()
    browser = Browser()

    async def scenario() -> tuple[dict[str, int], dict[str, int], str]:
        async with client(server, OAuth(token_store=store, browser=browser)) as opened:
            before = await counts(opened)
            tokens, info = await store.get_tokens(), await store.get_client_info()
            assert tokens is not None
            assert info is not None
            await revoke(server, tokens.access_token, info.client_id, info.client_secret)
            scopes = (await opened.call("whoami", {})).text
            return before, await counts(opened), scopes

    before, after, scopes = run(scenario())
    assert scopes == "read"
    assert after["authorization_code"] == before["authorization_code"] + 1
    assert len(browser.opened) == 2


def test_a_revoked_token_where_nobody_can_sign_in_names_the_login_command(
    server: str,
) -> None:
    store = MemoryTokenStore()

    async def scenario() -> tuple[str, str]:
        await sign_in(server, store)
        async with client(server, OAuth(token_store=store)) as opened:
            assert not opened.failures, opened.failures
            tokens, info = await store.get_tokens(), await store.get_client_info()
            assert tokens is not None
            assert info is not None
            await revoke(server, tokens.access_token, info.client_id, info.client_secret)
            with pytest.raises(ServerError) as in_flight:
                await opened.call("whoami", {})
        async with client(server, OAuth(token_store=store)) as later:
            return str(in_flight.value), str(later.failures[NAME])

    in_flight, at_start = run(scenario())
    for message in (in_flight, at_start):
        assert message.startswith(f"MCP server {NAME!r}: needs a sign-in in the browser")
        assert f"toolbridge mcp login {NAME} --config" in message
        assert "no terminal is attached" in message


def test_a_wider_scope_is_asked_for_once_in_a_new_sign_in(server: str) -> None:
    browser = Browser()

    async def scenario() -> tuple[str, str, str]:
        auth = OAuth(token_store=MemoryTokenStore(), browser=browser)
        async with client(server, auth) as opened:
            before = (await opened.call("whoami", {})).text
            done = (await opened.call("admin", {})).text
            return before, done, (await opened.call("whoami", {})).text

    before, done, after = run(scenario())
    assert (before, done, after) == ("read", "admin done", "read admin")
    assert [browser.asked(index)["scope"] for index in range(2)] == ["read", "read admin"]


def test_a_wider_scope_where_nobody_can_sign_in_is_a_clear_error(server: str) -> None:
    store = MemoryTokenStore()

    async def scenario() -> str:
        await sign_in(server, store)
        async with client(server, OAuth(token_store=store)) as opened:
            with pytest.raises(ServerError) as refused:
                await opened.call("admin", {})
            return str(refused.value)

    message = run(scenario())
    assert "needs a new sign-in for scope 'read admin' (HTTP 403 insufficient_scope)" in message
    assert f"toolbridge mcp login {NAME}" in message


def test_a_server_that_needs_a_sign_in_says_how_to_add_one(server: str) -> None:
    async def scenario() -> str:
        async with client(server, None) as opened:
            return str(opened.failures[NAME])

    message = run(scenario())
    assert message.startswith(f"MCP server {NAME!r}: requires a sign-in (HTTP 401)")
    assert "'auth' setting" in message
    assert f"toolbridge mcp login {NAME}" in message
    assert "Server returned an error response" not in message


def test_a_bearer_token_is_sent_and_a_wrong_one_is_named(server: str) -> None:
    store = MemoryTokenStore()

    async def scenario() -> tuple[str, str]:
        await sign_in(server, store)
        tokens = await store.get_tokens()
        assert tokens is not None
        async with client(server, BearerToken(token=tokens.access_token)) as opened:
            scopes = (await opened.call("whoami", {})).text
        async with client(server, BearerToken(token="not-a-token")) as refused:
            return scopes, str(refused.failures[NAME])

    scopes, refused = run(scenario())
    assert scopes == "read"
    assert "refused the bearer token it was sent (HTTP 401)" in refused
    assert "not-a-token" not in refused


def test_a_toolset_file_signs_in_with_secrets_from_the_environment(
    server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from toolbridge.gateway import open_definition
    from toolbridge.toolsets import read_definition

    store = MemoryTokenStore()
    run(sign_in(server, store))
    tokens = run(store.get_tokens())
    assert tokens is not None
    monkeypatch.setenv("SECURED_TOKEN", tokens.access_token)
    path = tmp_path / "toolset.yaml"
    path.write_text(
        "name: secured\nsources:\n  - mcp:\n"
        f"      secured: {{url: {json.dumps(server)}, "
        'auth: {type: bearer, token: "${SECURED_TOKEN}"}}\n',
        encoding="utf-8",
    )
    definition = read_definition(path)

    async def scenario() -> str:
        async with open_definition(definition) as opened:
            identity = opened.identify(None)
            return (await opened.toolset.call("whoami", {}, identity=identity)).text

    assert run(scenario()) == "read"
    assert tokens.access_token not in path.read_text()


# -- secrets --------------------------------------------------------------------------------


def test_tokens_never_reach_logs_errors_or_reprs(
    server: str, caplog: pytest.LogCaptureFixture
) -> None:
    store = MemoryTokenStore()
    caplog.set_level(logging.DEBUG)

    async def scenario() -> list[str]:
        auth = OAuth(token_store=store, browser=Browser())
        async with client(server, auth) as opened:
            await opened.call("whoami", {})
            await opened.call("admin", {})  # a second sign-in, for the wider scope
            tokens, info = await store.get_tokens(), await store.get_client_info()
            assert tokens is not None
            assert info is not None
            assert info.client_secret
            await revoke(server, tokens.access_token, info.client_id, info.client_secret)
        async with client(server, OAuth(token_store=store)) as refused:
            failure = str(refused.failures[NAME])
        assert tokens.refresh_token
        secrets = [tokens.access_token, tokens.refresh_token, info.client_secret]
        shown = [repr(store), repr(auth), repr(HttpServer(url=server, auth=auth)), failure]
        assert not [secret for secret in secrets if any(secret in text for text in shown)]
        return secrets

    secrets = run(scenario())
    logged = "\n".join(
        f"{record.getMessage()} {record.exc_text or ''}" for record in caplog.records
    )
    assert caplog.records  # the flow did log (the SDK's and httpx2's records included)
    assert not [secret for secret in secrets if secret in logged]


def test_every_setting_hides_its_secrets_in_repr_and_lists_them() -> None:
    settings: list[tuple[AuthSetting, tuple[str, ...]]] = [
        (OAuth(client_id="app", client_secret="s3cret-1"), ("s3cret-1",)),
        (ClientCredentials(client_id="m", client_secret="s3cret-2"), ("s3cret-2",)),
        (ClientCredentials(client_id="m", private_key="-----KEY s3cret-3"), ("-----KEY s3cret-3",)),
        (BearerToken(token="s3cret-4"), ("s3cret-4",)),
    ]
    for setting, secrets in settings:
        assert setting.secrets == secrets
        shown = repr(setting) + repr(HttpServer(url="https://x.example/mcp", auth=setting))
        assert "s3cret" not in shown
        assert "'***'" in shown
    assert repr(OAuth(scopes=("read",))) == "OAuth(scopes=('read',))"


def test_the_client_lists_auth_secrets_for_audit_logs_to_redact() -> None:
    opened = McpClient(
        {
            "a": HttpServer(url="https://a.example/mcp", auth=BearerToken(token="tok-1")),
            "b": HttpServer(
                url="https://b.example/mcp",
                auth=ClientCredentials(client_id="m", client_secret="sec-2"),
            ),
        }
    )
    assert {"tok-1", "sec-2"} <= set(opened.secrets)


# -- the stores -----------------------------------------------------------------------------


def test_a_token_file_is_replaced_whole_and_read_back_with_its_remaining_life(
    tmp_path: Path,
) -> None:
    from mcp.shared.auth import OAuthToken

    store = FileTokenStore(tmp_path / "new" / "server.json")

    async def scenario() -> tuple[OAuthToken | None, OAuthToken | None]:
        empty = await store.get_tokens()
        await store.set_tokens(OAuthToken(access_token="a1", expires_in=100, refresh_token="r1"))
        record = json.loads(store.path.read_text())
        record["saved_at"] -= 40  # saved 40 seconds ago
        store.path.write_text(json.dumps(record))
        return empty, await store.get_tokens()

    empty, loaded = run(scenario())
    assert empty is None
    assert loaded is not None
    assert loaded.access_token == "a1"
    assert loaded.refresh_token == "r1"
    assert loaded.expires_in is not None
    assert 58 <= loaded.expires_in <= 60
    assert stat.S_IMODE(store.path.parent.stat().st_mode) == 0o700
    assert os.listdir(store.path.parent) == ["server.json"]  # no temporary file left
    assert store.clear() is True
    assert not store.path.exists()


def test_an_unreadable_token_file_is_ignored_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "server.json"
    path.write_text("{not json")
    store = FileTokenStore(path)
    assert run(store.get_tokens()) is None
    assert run(store.get_client_info()) is None
    assert "is not a token record" in caplog.text


# -- the setting in configurations ----------------------------------------------------------


def test_every_configuration_shape_takes_an_auth_setting(tmp_path: Path) -> None:
    entries: dict[str, Any] = {
        "person": {"url": "https://a.example/mcp", "auth": "oauth"},
        "scoped": {
            "url": "https://a.example/mcp",
            "auth": {"type": "oauth", "scopes": "read write", "clientId": "app",
                     "redirectPort": 8765, "clientMetadataUrl": "https://app.example/c.json"},
        },
        "machine": {
            "type": "sse",
            "url": "https://b.example/sse",
            "auth": {"type": "client_credentials", "client_id": "m", "client_secret": "s",
                     "scopes": ["jobs"], "issuer": "https://auth.example"},
        },
        "keyed": {
            "url": "https://b.example/mcp",
            "auth": {"type": "client_credentials", "clientId": "m",
                     "privateKeyFile": "key.pem", "signingAlgorithm": "ES256"},
        },
        "token": {"url": "https://c.example/mcp", "auth": {"type": "bearer", "token": "t"}},
    }  # fmt: skip
    path = tmp_path / "mcp.json"
    path.write_text(json.dumps({"mcpServers": entries}))
    servers = read_servers(str(path))
    auths = {name: getattr(server, "auth", None) for name, server in servers.items()}
    assert auths == {
        "person": OAuth(),
        "scoped": OAuth(
            scopes=("read", "write"),
            client_id="app",
            redirect_port=8765,
            client_metadata_url="https://app.example/c.json",
        ),
        "machine": ClientCredentials(
            client_id="m", client_secret="s", scopes=("jobs",), issuer="https://auth.example"
        ),
        "keyed": ClientCredentials(
            client_id="m", private_key_file="key.pem", signing_algorithm="ES256"
        ),
        "token": BearerToken(token="t"),
    }
    assert all(not server.extra for server in servers.values())


@pytest.mark.parametrize(
    ("auth", "where", "says"),
    [
        ("password", "/s/auth", "'auth' as a string must be 'oauth'"),
        ({"type": "magic"}, "/s/auth/type", "needs a 'type'"),
        ({"type": "oauth", "clientSecret": "x"}, "/s/auth", "needs the client_id"),
        ({"type": "oauth", "colour": "red"}, "/s/auth/colour", "unknown key 'colour'"),
        ({"type": "oauth", "redirectPort": "80"}, "/s/auth/redirectPort", "must be a number"),
        ({"type": "oauth", "redirectPort": 70000}, "/s/auth", "redirect_port must be 1 to"),
        ({"type": "oauth", "clientMetadataUrl": "http://a/c"}, "/s/auth", "https:// URL"),
        ({"type": "client_credentials", "clientId": "m"}, "/s/auth", "exactly one of"),
        (
            {"type": "client_credentials", "clientId": "m", "clientSecret": "s",
             "privateKey": "k"},
            "/s/auth",
            "exactly one of",
        ),
        ({"type": "client_credentials", "clientSecret": "s"}, "/s/auth", "needs a 'clientId'"),
        ({"type": "bearer"}, "/s/auth", "needs a 'token'"),
        ({"type": "oauth", "scopes": [1]}, "/s/auth/scopes", "list of strings"),
        ({"clientId": "a", "client_id": "b", "type": "oauth"}, "/s/auth", "given twice"),
    ],
)  # fmt: skip
def test_an_unusable_auth_setting_says_where(auth: Any, where: str, says: str) -> None:
    with pytest.raises(ConfigError) as raised:
        read_servers({"s": {"url": "https://a.example/mcp", "auth": auth}})
    assert raised.value.path
    assert "/" + "/".join(map(str, raised.value.path)) == where
    assert says in str(raised.value)


def test_reading_an_auth_setting_imports_neither_the_sdk_nor_httpx2() -> None:
    import subprocess
    import sys

    code = (
        "import sys, toolbridge.mcp as m;"
        "m.read_servers({'s': {'url': 'https://a.example/mcp', 'auth': 'oauth'}});"
        "print(sorted(n for n in ('mcp', 'httpx2') if n in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
