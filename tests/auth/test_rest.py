"""The REST server as a resource server, and opaque tokens checked by introspection.

The tokens come from npm's ``oidc-provider`` (tests/auth/realm.py): JWTs for the
REST server's URL, and opaque tokens for a second resource that only the provider's
RFC 7662 introspection endpoint can vouch for.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from toolbridge import tool
from toolbridge.auth import AuthSettings, Introspection, identity_of
from toolbridge.rest import serve_rest_async
from toolbridge.toolsets import Identity, StaticToolset, current_identity

from ..loopback import free_port
from .realm import SECRET, Realm


@tool
def caller() -> str:
    """The subject of the caller."""
    found = current_identity()
    return f"{found.subject if found else None}"


@contextlib.contextmanager
def rest_server(port: int, auth: AuthSettings, **options: Any) -> Iterator[str]:
    """`serve_rest_async` with `auth` on `port` in a thread, until the block ends."""
    ready = threading.Event()
    running: list[tuple[asyncio.AbstractEventLoop, asyncio.Task[None]]] = []

    async def main() -> None:
        tools = StaticToolset([caller])
        serving = serve_rest_async(
            tools, auth=auth, port=port, on_ready=lambda url: ready.set(), **options
        )
        task = asyncio.create_task(serving)
        running.append((asyncio.get_running_loop(), task))
        with contextlib.suppress(asyncio.CancelledError):
            await task

    thread = threading.Thread(target=asyncio.run, args=(main(),), name="rest-auth")
    thread.start()
    try:
        assert ready.wait(15)
        yield f"http://127.0.0.1:{port}"
    finally:
        loop, task = running[0]
        loop.call_soon_threadsafe(task.cancel)
        thread.join(10)


JWT_PORT, OPAQUE_PORT = free_port(), free_port()


@pytest.fixture(scope="module")
def realm(oidc_package: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Realm]:
    found = Realm(tmp_path_factory.mktemp("rest-auth"), oidc_package)
    found.clients = {"machine": "tools.read", "rest-gateway": "tools.read"}
    found.resources = {
        f"http://127.0.0.1:{JWT_PORT}": {"scope": "tools.read"},
        f"http://127.0.0.1:{OPAQUE_PORT}": {"scope": "tools.read", "format": "opaque"},
    }
    with found.running():
        yield found


def test_the_rest_server_takes_a_jwt_and_refuses_without_one(realm: Realm) -> None:
    port = JWT_PORT
    base = f"http://127.0.0.1:{port}"
    settings = AuthSettings(issuer=realm.issuer, audience=base, jwks_uri=realm.jwks_uri)
    with rest_server(port, settings) as url:
        refused = httpx.post(f"{url}/tools/caller", json={}, timeout=10)
        assert refused.status_code == 401
        where = f"{base}/.well-known/oauth-protected-resource"
        assert refused.headers["www-authenticate"] == f'Bearer resource_metadata="{where}"'
        assert httpx.get(where, timeout=10).json()["resource"] == base
        assert httpx.get(f"{url}/healthz", timeout=10).status_code == 200
        token = realm.token("machine", base, scope="tools.read")
        headers = {"authorization": f"Bearer {token}"}
        answer = httpx.post(f"{url}/tools/caller", json={}, headers=headers, timeout=10)
        assert answer.status_code == 200
        assert answer.json()["content"][0]["text"] == "machine"
        # A client generated from the document sends the token it must have.
        document = httpx.get(f"{url}/openapi.json", headers=headers, timeout=10).json()
        assert document["security"] == [{"bearer": []}]
        scheme = document["components"]["securitySchemes"]["bearer"]
        assert (scheme["type"], scheme["scheme"]) == ("http", "bearer")
        assert "/.well-known/oauth-protected-resource" in scheme["description"]


def test_an_opaque_token_is_accepted_by_introspection_and_a_made_up_one_refused(
    realm: Realm,
) -> None:
    port = OPAQUE_PORT
    base = f"http://127.0.0.1:{port}"
    settings = AuthSettings(
        issuer=realm.issuer,
        audience=base,
        introspection=Introspection(
            endpoint=f"{realm.issuer}/token/introspection",
            client_id="rest-gateway",
            client_secret=SECRET,
        ),
    )

    def who(request: Any) -> Identity:
        found = identity_of(request)
        return Identity(subject=f"checked:{found.attributes['client_id']}", scopes=found.scopes)

    with rest_server(port, settings, identity=who) as url:
        token = realm.token("machine", base, scope="tools.read")
        assert token.count(".") == 0  # opaque: nothing to verify here
        headers = {"authorization": f"Bearer {token}"}
        answer = httpx.post(f"{url}/tools/caller", json={}, headers=headers, timeout=10)
        assert answer.status_code == 200
        assert answer.json()["content"][0]["text"] == "checked:machine"
        made_up = {"authorization": "Bearer made-up-token-0123456789abcdef"}
        refused = httpx.post(f"{url}/tools/caller", json={}, headers=made_up, timeout=10)
        assert refused.status_code == 401
        assert refused.json()["error_description"] == "the token is not active"
