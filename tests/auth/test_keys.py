"""The issuer's keys: fetched from the configured URL only, shared, bounded, withdrawn.

The key sets are served by a real HTTP server on loopback that counts what it is
asked; the resource server is driven in-process through httpx's ASGI transport.
"""

from __future__ import annotations

import asyncio
import http.server
import json
import time
from collections.abc import Iterator
from typing import Any, ClassVar

import httpx
import pytest

from toolbridge.auth import AuthSettings, ResourceServer, identity_of

from ..loopback import http_server
from .realm import Key

AUDIENCE = "http://127.0.0.1:9/mcp"
PUBLIC = ("kty", "kid", "n", "e", "alg", "use")


class Issuer(http.server.BaseHTTPRequestHandler):
    """Serves ``/jwks`` (the class's `keys`), or what `answer` says instead; counts."""

    keys: ClassVar[list[Key]] = []
    answer: ClassVar[tuple[int, bytes, dict[str, str]] | None] = None
    asked: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        type(self).asked.append(self.path)
        if self.answer is not None:
            status, body, headers = self.answer
        else:
            public = [{k: v for k, v in key.jwk().items() if k in PUBLIC} for key in self.keys]
            status, body, headers = 200, json.dumps({"keys": public}).encode(), {}
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


class Elsewhere(http.server.BaseHTTPRequestHandler):
    """A server nobody should ever ask: it writes down that it was asked."""

    asked: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        type(self).asked.append(self.path)
        self.send_response(200)
        self.send_header("content-length", "13")
        self.end_headers()
        self.wfile.write(b'{"keys": []} ')

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def issuer() -> Iterator[str]:
    Issuer.keys, Issuer.answer, Issuer.asked = [Key.new("k1")], None, []
    with http_server(Issuer) as url:
        yield url


@pytest.fixture
def elsewhere() -> Iterator[str]:
    Elsewhere.asked = []
    with http_server(Elsewhere) as url:
        yield url


def guard(issuer: str, **options: Any) -> ResourceServer:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        body = (identity_of(scope).subject or "").encode()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": body})

    settings = AuthSettings(issuer=issuer, audience=AUDIENCE, jwks_uri=f"{issuer}/jwks", **options)
    return ResourceServer(app, settings)


def token(issuer: str, key: Key, subject: str = "ann", **header: Any) -> str:
    now = int(time.time())
    claims = {"iss": issuer, "aud": AUDIENCE, "sub": subject, "iat": now, "exp": now + 300}
    return key.sign(claims, **header)


async def ask(app: ResourceServer, *tokens: str) -> list[httpx.Response]:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:9") as client:
        return list(
            await asyncio.gather(
                *(client.get("/mcp", headers={"authorization": f"Bearer {t}"}) for t in tokens)
            )
        )


def test_requests_arriving_together_share_one_fetch_of_the_keys(issuer: str) -> None:
    app = guard(issuer)
    tokens = [token(issuer, Issuer.keys[0], f"caller-{n}") for n in range(20)]
    answers = asyncio.run(ask(app, *tokens))
    assert [a.text for a in answers] == [f"caller-{n}" for n in range(20)]
    assert Issuer.asked == ["/jwks"]


def test_made_up_key_ids_cause_one_fetch_per_interval_not_one_each(issuer: str) -> None:
    app = guard(issuer)
    assert asyncio.run(ask(app, token(issuer, Issuer.keys[0])))[0].status_code == 200
    strangers = [token(issuer, Key.new(f"made-up-{n}")) for n in range(15)]

    async def one_by_one() -> list[int]:
        return [(await ask(app, each))[0].status_code for each in strangers]

    assert asyncio.run(one_by_one()) == [401] * 15
    assert Issuer.asked == ["/jwks", "/jwks"]  # at startup, then once for the first stranger


def test_requests_arriving_together_with_a_new_key_share_its_fetch(issuer: str) -> None:
    # Two gateway workers signing in at once with a token of a rotated key: the second
    # must wait for the fetch the first started, not be refused as a stranger.
    app = guard(issuer)
    assert asyncio.run(ask(app, token(issuer, Issuer.keys[0])))[0].status_code == 200
    Issuer.keys = [Key.new("k2"), *Issuer.keys]
    tokens = [token(issuer, Issuer.keys[0], f"caller-{n}") for n in range(20)]
    answers = asyncio.run(ask(app, *tokens))
    assert [a.text for a in answers] == [f"caller-{n}" for n in range(20)]
    assert Issuer.asked == ["/jwks", "/jwks"]  # at startup, then once for k2


def test_a_withdrawn_key_no_longer_verifies_a_token_already_seen(issuer: str) -> None:
    app = guard(issuer, jwks_refetch_interval=1)
    old, new = Issuer.keys[0], Key.new("k2")
    seen = token(issuer, old, "old")
    assert asyncio.run(ask(app, seen))[0].text == "old"
    Issuer.keys = [new]  # the issuer rotated and withdrew k1
    time.sleep(1.1)
    assert asyncio.run(ask(app, token(issuer, new, "new")))[0].text == "new"
    refused = asyncio.run(ask(app, seen))[0]
    assert refused.status_code == 401
    assert refused.json()["error_description"] == "the token is signed by an unknown key"


@pytest.mark.parametrize(
    "answer",
    [
        (200, b'{"keys": [' + b'{"kty": "RSA"}, ' * 20_000 + b"{}]}", {}),
        (500, b"", {}),
        (200, b"not json", {}),
        (302, b"", {"location": "ELSEWHERE/jwks"}),
    ],
    ids=["too large", "a server error", "not JSON", "a redirect"],
)
def test_an_unusable_key_set_fails_closed(
    issuer: str, elsewhere: str, answer: tuple[int, bytes, dict[str, str]]
) -> None:
    status, body, headers = answer
    headers = {name: value.replace("ELSEWHERE", elsewhere) for name, value in headers.items()}
    Issuer.answer = (status, body, headers)
    refused = asyncio.run(ask(guard(issuer), token(issuer, Issuer.keys[0])))[0]
    assert refused.status_code == 503
    assert refused.headers["retry-after"] == "5"
    assert Elsewhere.asked == []  # a redirect is not followed


def test_a_url_or_key_in_the_token_is_never_used(issuer: str, elsewhere: str) -> None:
    stranger = Key.new("k1")  # the issuer's kid, someone else's key
    forged = token(
        issuer,
        stranger,
        jku=f"{elsewhere}/jwks",
        x5u=f"{elsewhere}/cert.pem",
        jwk={k: v for k, v in stranger.jwk().items() if k in PUBLIC},
    )
    refused = asyncio.run(ask(guard(issuer), forged))[0]
    assert refused.status_code == 401
    assert Elsewhere.asked == []
    assert Issuer.asked == ["/jwks"]


def test_two_authorization_headers_are_a_bad_request(issuer: str) -> None:
    async def twice() -> httpx.Response:
        transport = httpx.ASGITransport(app=guard(issuer))
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:9") as c:
            headers = [("authorization", "Bearer a"), ("authorization", "Bearer b")]
            return await c.get("/mcp", headers=headers)

    answer = asyncio.run(twice())
    assert answer.status_code == 400
    assert answer.json()["error"] == "invalid_request"
