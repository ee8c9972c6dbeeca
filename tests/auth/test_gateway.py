"""``toolbridge serve gateway.yaml --transport http`` as an OAuth 2.1 resource server.

Everything is real: npm's ``oidc-provider`` issues the access tokens (client
credentials with an RFC 8707 resource indicator, RFC 9068 JWTs); the gateway is the
command, in a subprocess, serving a toolset file with an ``auth`` section; behind it
an upstream MCP server (tests/auth/upstream_server.py) accepts only tokens of its own
and writes down every ``Authorization`` header it is sent; toolbridge's MCP client
signs in with ``ClientCredentials``. The bad tokens are forged here with PyJWT.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time
from collections.abc import Awaitable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import httpx
import jwt
import pytest

from toolbridge.auth import DEFAULT_ALGORITHMS
from toolbridge.mcp import BearerToken, ClientCredentials, HttpServer, McpClient

from ..loopback import free_port, server_process
from .realm import SECRET, Key, Realm, hmac_with, unsigned

T = TypeVar("T")
HERE = Path(__file__).resolve().parent
ACCEPT = "application/json, text/event-stream"
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "test", "version": "1"},
    },
}
GATEWAY = """
name: gateway
sources:
  - module: {tools}
  - mcp:
      upstream:
        url: {upstream}
        auth:
          type: client_credentials
          clientId: gateway-client
          clientSecret: "${{UPSTREAM_SECRET}}"
policy:
  rules:
    - {{effect: allow, tools: [deploy], scopes: [tools.deploy]}}
    - {{effect: deny, tools: [deploy]}}
audit: {{jsonl: audit.jsonl}}
auth:
  issuer: {issuer}
  audience: {audience}
  jwks_uri: {jwks}
  required_scopes: [tools.read]
  scopes_supported: [tools.read, tools.deploy]
  roles_claim: scope
  jwks_refetch_interval: 1
"""


def run(coroutine: Awaitable[T]) -> T:
    async def main() -> T:
        return await coroutine

    return asyncio.run(main())


@dataclass
class Setup:
    realm: Realm
    url: str
    upstream: str
    upstream_log: Path
    folder: Path
    stack: contextlib.ExitStack

    def restart_provider(self, keys: list[Key]) -> None:
        """The provider stopped, then started again on its port with `keys`."""
        self.stack.close()
        self.realm.keys = keys
        self.stack = contextlib.ExitStack()
        self.stack.enter_context(self.realm.running())


def gateway_file(folder: Path, realm: Realm, audience: str, upstream: str) -> Path:
    path = folder / f"gateway-{audience.rsplit(':', 1)[1].split('/')[0]}.yaml"
    path.write_text(
        GATEWAY.format(
            tools=HERE / "gateway_tools.py",
            upstream=upstream,
            issuer=realm.issuer,
            audience=audience,
            jwks=realm.jwks_uri,
        )
    )
    return path


@contextlib.contextmanager
def gateway(path: Path, port: int, *options: str) -> Iterator[str]:
    argv = [sys.executable, "-m", "toolbridge", "serve", str(path), "--transport", "http"]
    with server_process(
        [*argv, "--port", str(port), *options],
        port,
        path.with_suffix(".log"),
        what="toolbridge serve",
        env={"UPSTREAM_SECRET": SECRET},
        within=60,
    ) as url:
        yield url


@pytest.fixture(scope="module")
def setup(oidc_package: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Setup]:
    folder = tmp_path_factory.mktemp("auth")
    realm = Realm(folder, oidc_package)
    port, upstream_port, workers_port = free_port(), free_port(), free_port()
    url = f"http://127.0.0.1:{port}/mcp"
    upstream = f"http://127.0.0.1:{upstream_port}/mcp"
    scopes = "tools.read tools.deploy"
    realm.resources = {
        url: {"scope": scopes},
        f"http://127.0.0.1:{workers_port}/mcp": {"scope": scopes},
        upstream: {"scope": "upstream.read"},
    }
    realm.clients = {"machine": scopes, "reader": scopes, "gateway-client": "upstream.read"}
    log = folder / "upstream-headers.log"
    stack = contextlib.ExitStack()
    setup = Setup(realm, url, upstream, log, folder, stack)
    setup.stack.enter_context(realm.running())
    with contextlib.ExitStack() as servers:
        argv = [sys.executable, str(HERE / "upstream_server.py"), str(upstream_port)]
        servers.enter_context(
            server_process(
                [*argv, realm.issuer, str(log)],
                upstream_port,
                folder / "upstream.log",
                what="upstream server",
                within=60,
            )
        )
        servers.enter_context(gateway(gateway_file(folder, realm, url, upstream), port))
        try:
            yield setup
        finally:
            setup.stack.close()


def post(url: str, token: str | None, body: Any = INITIALIZE) -> httpx.Response:
    headers = {"accept": ACCEPT, "content-type": "application/json"}
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    return httpx.post(url, json=body, headers=headers, timeout=20)


def whoami(url: str, auth: Any) -> tuple[dict[str, Any], list[str]]:
    async def scenario() -> tuple[dict[str, Any], list[str]]:
        async with McpClient({"gateway": HttpServer(url=url, auth=auth)}, timeout=30) as client:
            assert not client.failures, client.failures
            result = await client.call("whoami", {})
            return json.loads(result.text), sorted(tool.name for tool in client.tools)

    return run(scenario())


# -- signing in ------------------------------------------------------------------------------


def test_a_machine_signs_in_with_client_credentials_and_calls_as_itself(setup: Setup) -> None:
    # The client asks for the scope the 401 names (scope="tools.read").
    auth = ClientCredentials(client_id="machine", client_secret=SECRET)
    caller, tools = whoami(setup.url, auth)
    assert caller["subject"] == "machine"
    assert caller["scopes"] == ["tools.read"]
    assert caller["roles"] == ["tools.read"]  # roles_claim: scope
    assert tools == ["upstream_echo", "whoami"]  # deploy needs tools.deploy


def test_a_machine_given_more_scopes_keeps_them_beside_the_challenged_one(setup: Setup) -> None:
    # The 401 names tools.read; the setting's tools.deploy is asked for as well.
    auth = ClientCredentials(client_id="machine", client_secret=SECRET, scopes=("tools.deploy",))
    caller, tools = whoami(setup.url, auth)
    assert caller["scopes"] == ["tools.deploy", "tools.read"]
    assert tools == ["deploy", "upstream_echo", "whoami"]


def test_without_a_token_the_answer_points_at_the_metadata(setup: Setup) -> None:
    answer = post(setup.url, None)
    assert answer.status_code == 401
    where = setup.url.replace("/mcp", "/.well-known/oauth-protected-resource/mcp")
    assert answer.headers["www-authenticate"] == (
        f'Bearer resource_metadata="{where}", scope="tools.read"'
    )
    for address in (where, where.removesuffix("/mcp")):
        metadata = httpx.get(address, timeout=10)
        assert metadata.status_code == 200
        assert metadata.json() == {
            "resource": setup.url,
            "authorization_servers": [setup.realm.issuer],
            "scopes_supported": ["tools.read", "tools.deploy"],
            "bearer_methods_supported": ["header"],
            "resource_signing_alg_values_supported": list(DEFAULT_ALGORITHMS),
        }
    assert httpx.get(setup.url.replace("/mcp", "/healthz"), timeout=10).status_code == 200


def forged(setup: Setup, case: str) -> str:
    """The token of one refused case."""
    realm, issuer_key = setup.realm, setup.realm.keys[0]
    claims = realm.claims(setup.url)
    if case == "meant for the upstream server":
        return realm.token("machine", setup.upstream)  # a real token, for another audience
    if case == "wrong audience":
        return issuer_key.sign(realm.claims("https://elsewhere.example/mcp"))
    if case == "expired":
        return issuer_key.sign({**claims, "exp": int(time.time()) - 120})
    if case == "not valid yet":
        return issuer_key.sign({**claims, "nbf": int(time.time()) + 600})
    if case == "another issuer":
        return issuer_key.sign({**claims, "iss": "https://evil.example"})
    if case == "no exp":
        return issuer_key.sign({key: value for key, value in claims.items() if key != "exp"})
    if case == "a foreign key":
        return Key.new(issuer_key.kid).sign(claims)
    if case == "alg none":
        return unsigned(claims, kid=issuer_key.kid)
    if case == "HS256 signed with the public key":
        return hmac_with(issuer_key.public_pem(), claims, issuer_key.kid)
    if case == "an ID token":
        return issuer_key.sign(claims, typ="id_token+jwt")
    assert case == "not a JWT"
    return "opaque-and-unknown-0123456789"


@pytest.mark.parametrize(
    ("case", "says"),
    [
        ("meant for the upstream server", "not meant for this server"),
        ("wrong audience", "not meant for this server"),
        ("expired", "expired"),
        ("not valid yet", "not valid yet"),
        ("another issuer", "another issuer"),
        ("no exp", "no 'exp' claim"),
        ("a foreign key", "signature or claims are invalid"),
        ("alg none", "algorithm is not accepted"),
        ("HS256 signed with the public key", "algorithm is not accepted"),
        ("an ID token", "not an access token"),
        ("not a JWT", "not a JWT"),
    ],
)
def test_a_token_not_issued_for_this_server_is_refused(setup: Setup, case: str, says: str) -> None:
    answer = post(setup.url, forged(setup, case))
    assert answer.status_code == 401
    challenge = answer.headers["www-authenticate"]
    assert challenge.startswith('Bearer resource_metadata="http://127.0.0.1:')
    assert 'error="invalid_token"' in challenge
    assert says in answer.json()["error_description"]


def test_a_token_without_the_required_scope_is_answered_403_naming_it(setup: Setup) -> None:
    token = setup.realm.token("machine", setup.url, scope="tools.deploy")
    answer = post(setup.url, token)
    assert answer.status_code == 403
    challenge = answer.headers["www-authenticate"]
    assert challenge.startswith('Bearer error="insufficient_scope", scope="tools.read"')
    assert answer.json()["error"] == "insufficient_scope"


def test_a_scope_rule_shows_a_tool_to_a_token_with_that_scope(setup: Setup) -> None:
    token = setup.realm.token("reader", setup.url, scope="tools.read tools.deploy")
    caller, tools = whoami(setup.url, BearerToken(token=token))
    assert caller["subject"] == "reader"
    assert caller["scopes"] == ["tools.deploy", "tools.read"]
    assert tools == ["deploy", "upstream_echo", "whoami"]


# -- what goes further ---------------------------------------------------------------------


def test_the_client_token_never_reaches_the_upstream_server(setup: Setup) -> None:
    token = setup.realm.token("machine", setup.url, scope="tools.read")

    async def scenario() -> str:
        server = HttpServer(url=setup.url, auth=BearerToken(token=token))
        async with McpClient({"gateway": server}, timeout=30) as client:
            return (await client.call("upstream_echo", {"text": "hi"})).text

    assert run(scenario()) == "upstream: hi"
    sent = setup.upstream_log.read_text().splitlines()
    assert sent, "the upstream server was sent nothing"
    assert all(token not in line for line in sent)
    for line in sent:
        scheme, _, upstream_token = line.partition(" ")
        assert scheme == "Bearer"
        claims = jwt.decode(upstream_token, options={"verify_signature": False})
        assert (claims["aud"], claims["client_id"]) == (setup.upstream, "gateway-client")


def test_the_audit_log_names_the_caller_and_never_holds_the_token(setup: Setup) -> None:
    token = setup.realm.token("machine", setup.url, scope="tools.read tools.deploy")

    async def scenario() -> str:
        server = HttpServer(url=setup.url, auth=BearerToken(token=token))
        async with McpClient({"gateway": server}, timeout=30) as client:
            return (await client.call("deploy", {"target": "prod"})).text

    assert run(scenario()) == "deployed prod"
    log = (setup.folder / "audit.jsonl").read_text()
    assert token not in log
    assert token.rsplit(".", 1)[1] not in log  # not even its signature
    records = [json.loads(line) for line in log.splitlines()]
    deploys = [record for record in records if record.get("tool") == "deploy"]
    assert deploys, records
    assert deploys[-1]["subject"] == "machine"
    assert deploys[-1]["roles"] == ["tools.deploy", "tools.read"]  # roles_claim: scope


# -- the issuer's keys --------------------------------------------------------------------------


def test_a_rotated_key_is_fetched_when_a_token_first_names_it(setup: Setup) -> None:
    old = setup.realm.keys[0]
    before = setup.realm.token("machine", setup.url, scope="tools.read")
    assert post(setup.url, before).status_code == 200
    new = Key.new("k2")
    setup.restart_provider([new, old])  # the provider signs with k2 from now on
    after = setup.realm.token("machine", setup.url, scope="tools.read")
    assert jwt.get_unverified_header(after)["kid"] == "k2"
    assert post(setup.url, after).status_code == 200
    assert post(setup.url, before).status_code == 200  # k1 is still published


def test_when_the_keys_cannot_be_fetched_a_new_key_fails_closed(setup: Setup) -> None:
    realm = setup.realm
    seen = realm.token("machine", setup.url, scope="tools.read")
    assert post(setup.url, seen).status_code == 200
    known_key = realm.keys[0]
    unseen = known_key.sign(realm.claims(setup.url, sub="unseen"))
    stranger = Key.new("k9").sign(realm.claims(setup.url))
    setup.stack.close()  # the provider, and its JWKS, are gone
    try:
        time.sleep(1.2)  # past the refetch interval of the file (1 s)
        answer = post(setup.url, stranger)
        assert answer.status_code == 503
        assert answer.headers["retry-after"] == "5"
        assert answer.json()["error"] == "temporarily_unavailable"
        # Keys already fetched still verify (within jwks_max_age), and a token
        # already verified stays accepted until it expires.
        assert post(setup.url, unseen).status_code == 200
        assert post(setup.url, seen).status_code == 200
    finally:
        setup.restart_provider(realm.keys)


# -- two workers --------------------------------------------------------------------------------


def test_two_workers_each_accept_the_token_and_refuse_without(setup: Setup) -> None:
    resource = next(url for url in setup.realm.resources if url not in (setup.url, setup.upstream))
    port = int(resource.rsplit(":", 1)[1].split("/")[0])
    path = gateway_file(setup.folder, setup.realm, resource, setup.upstream)
    token = setup.realm.token("machine", resource, scope="tools.read")
    with gateway(path, port, "--workers", "2"):
        pids: set[int] = set()
        for _ in range(12):
            caller, _tools = whoami(resource, BearerToken(token=token))
            pids.add(caller["pid"])
            assert post(resource, None).status_code == 401
            if len(pids) == 2:
                break
        assert len(pids) == 2
