"""A real authorization server for the resource server tests, and tokens good and bad.

`Realm` runs npm's ``oidc-provider`` (a certified OpenID provider, installed by the
``oidc_package`` fixture) on a loopback port with keys this process made, so that a
test can also sign tokens the provider never would (expired, for another audience)
with the provider's own key, or with a key nobody published.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import json
import shutil
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from jwt.algorithms import RSAAlgorithm

from ..loopback import free_port, server_process

SCRIPT = Path(__file__).resolve().parent / "oidc_provider.mjs"
SECRET = "machine-secret-0123456789"
"""The client secret of every client of the realm."""


@dataclass(frozen=True)
class Key:
    """An RSA signing key and its private JWK."""

    kid: str
    private: rsa.RSAPrivateKey

    @staticmethod
    def new(kid: str) -> Key:
        return Key(kid, rsa.generate_private_key(public_exponent=65537, key_size=2048))

    def jwk(self) -> dict[str, Any]:
        found: dict[str, Any] = json.loads(RSAAlgorithm.to_jwk(self.private))
        return {**found, "kid": self.kid, "use": "sig", "alg": "RS256"}

    def public_pem(self) -> bytes:
        return self.private.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )

    def sign(self, claims: Mapping[str, Any], **header: Any) -> str:
        return jwt.encode(
            dict(claims), self.private, algorithm="RS256", headers={"kid": self.kid, **header}
        )


def unsigned(claims: Mapping[str, Any], **header: Any) -> str:
    """A token with ``alg: none`` and no signature."""
    return ".".join([_segment({"alg": "none", "typ": "JWT", **header}), _segment(dict(claims)), ""])


def hmac_with(secret: bytes, claims: Mapping[str, Any], kid: str) -> str:
    """An HS256 token whose HMAC key is `secret` (the issuer's public key, in the attack)."""
    signing = _segment({"alg": "HS256", "typ": "JWT", "kid": kid}) + "." + _segment(dict(claims))
    mac = hmac.new(secret, signing.encode(), hashlib.sha256).digest()
    return signing + "." + base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


def _segment(value: Any) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).rstrip(b"=").decode()


@dataclass
class Realm:
    """The provider's settings: its port, keys (the first signs), clients and resources."""

    folder: Path
    package: Path
    port: int = field(default_factory=free_port)
    keys: list[Key] = field(default_factory=lambda: [Key.new("k1")])
    resources: dict[str, dict[str, Any]] = field(default_factory=dict)
    clients: dict[str, str] = field(default_factory=dict)
    """Client id -> the scopes it may have."""

    @property
    def issuer(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def jwks_uri(self) -> str:
        return f"{self.issuer}/jwks"

    @contextlib.contextmanager
    def running(self) -> Iterator[Realm]:
        """The provider listening until the block ends."""
        config = self.folder / f"provider-{time.monotonic_ns()}.json"
        config.write_text(
            json.dumps(
                {
                    "port": self.port,
                    "keys": {"keys": [key.jwk() for key in self.keys]},
                    "resources": self.resources,
                    "clients": [
                        {
                            "client_id": client,
                            "client_secret": SECRET,
                            "grant_types": ["client_credentials"],
                            "redirect_uris": [],
                            "response_types": [],
                            "scope": scope,
                        }
                        for client, scope in self.clients.items()
                    ],
                }
            )
        )
        script = self.package.parent.parent / SCRIPT.name
        shutil.copyfile(SCRIPT, script)  # ESM finds oidc-provider next to the script only
        node = shutil.which("node")
        assert node is not None
        log = self.folder / "provider.log"
        with server_process(
            [node, str(script), str(config)], self.port, log, what="oidc-provider", path=""
        ):
            yield self

    def token(self, client: str, resource: str, scope: str | None = None) -> str:
        """An access token from the provider (client credentials) for `resource`."""
        form = {"grant_type": "client_credentials", "resource": resource}
        if scope is not None:
            form["scope"] = scope
        answer = httpx.post(f"{self.issuer}/token", data=form, auth=(client, SECRET), timeout=10)
        assert answer.status_code == 200, answer.text
        token: str = answer.json()["access_token"]
        return token

    def claims(self, audience: str, **changes: Any) -> dict[str, Any]:
        """The claims of a token the provider could issue for `audience`, changed."""
        now = int(time.time())
        return {
            "iss": self.issuer,
            "aud": audience,
            "sub": "forger",
            "client_id": "forger",
            "scope": "tools.read",
            "iat": now,
            "exp": now + 300,
            **changes,
        }
