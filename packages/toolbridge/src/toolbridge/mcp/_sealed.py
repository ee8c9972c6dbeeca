"""The ``requestState`` of an ``input_required`` result, signed so that a client cannot forge it.

MCP 2026-07-28 servers keep no state between the rounds of a call: the state goes
to the client and comes back with its answers, and the spec asks servers to treat
what comes back as the client's. So it is signed (HMAC-SHA-256) and carries an
expiry: a state this server did not make, changed, or too old is refused. It is
signed, not encrypted: what it holds (the user's earlier answers, the tool's name, a
digest of its arguments) the client has seen already.

Replicas that answer each other's rounds need one key: `state_key` reads
``TOOLBRIDGE_STATE_KEY`` (a server's ``--workers`` share one they are given), else a
key made for this process.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
import time
from collections.abc import Mapping
from typing import Any, Final

__all__ = ["STATE_KEY_VARIABLE", "StateError", "seal", "state_key", "unseal"]

STATE_KEY_VARIABLE: Final = "TOOLBRIDGE_STATE_KEY"
"""The environment variable replicas share their state key through."""

_PROCESS_KEY: Final = secrets.token_bytes(32)
_MAX_STATE: Final = 64 * 1024
"""Characters of ``requestState`` read at most: a bigger one is not ours."""


class StateError(ValueError):
    """A ``requestState`` that this server did not make, was changed, or expired."""


def state_key() -> bytes:
    """The key states are signed with: ``TOOLBRIDGE_STATE_KEY``, else this process's own."""
    shared = os.environ.get(STATE_KEY_VARIABLE, "").strip()
    return hashlib.sha256(shared.encode()).digest() if shared else _PROCESS_KEY


def seal(payload: Mapping[str, Any], key: bytes, *, ttl: float) -> str:
    """`payload` with its expiry, as a signed token."""
    body = json.dumps({**payload, "exp": time.time() + ttl}, separators=(",", ":")).encode()
    signature = hmac.new(key, body, hashlib.sha256).digest()
    return f"{_encode(body)}.{_encode(signature)}"


def unseal(token: object, key: bytes) -> dict[str, Any]:
    """The payload of a token `seal` made with `key`, if it is unchanged and unexpired.

    Raises:
        StateError: It is not such a token (the reason, for logs only).
    """
    if not isinstance(token, str) or len(token) > _MAX_STATE or token.count(".") != 1:
        raise StateError("not a state token")
    encoded, _, signed = token.partition(".")
    try:
        body, signature = _decode(encoded), _decode(signed)
    except ValueError:
        raise StateError("not base64url") from None
    if not hmac.compare_digest(hmac.new(key, body, hashlib.sha256).digest(), signature):
        raise StateError("bad signature")
    payload = json.loads(body)
    if not isinstance(payload, dict) or not isinstance(payload.get("exp"), int | float):
        raise StateError("no expiry")
    if payload["exp"] < time.time():
        raise StateError("expired")
    return payload


def _encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
