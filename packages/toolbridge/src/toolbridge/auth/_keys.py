"""The issuer's signing keys: fetched from the configured JWKS URI only, cached, bounded.

The set is fetched at startup (`KeySet.warm`) or when first needed, used for at most
`max_age` seconds after a fetch, and fetched again in the background once half of
that has passed. A token naming a ``kid`` the set lacks fetches it again at once,
at most once per `refetch_interval` (a flood of made-up ``kid`` values costs one
fetch a minute). Concurrent requests share one fetch, and a token of a new key
arriving while a fetch is under way waits for it. A fetch follows no redirect
and reads a bounded body (`toolbridge.auth._fetch`); at most `_MAX_KEYS` signing
keys are kept, and symmetric (``oct``) keys and keys meant for encryption are never
used. When no usable set can be had (never fetched, or too old), verification fails
closed: `KeysUnavailable`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable
from typing import Any, Final

from jwt import PyJWK
from jwt.exceptions import PyJWKError

from toolbridge.auth._fetch import fetch

__all__ = ["KeySet", "KeysUnavailable", "UnknownKey"]

_MAX_KEYS: Final = 64
_RETRY: Final = 5.0
"""Seconds after a failed fetch before a request may cause another."""
_CURVES: Final = {"ES256": "P-256", "ES384": "P-384", "ES512": "P-521"}
_log = logging.getLogger("toolbridge.auth")


class KeysUnavailable(Exception):
    """No usable key set: the JWKS URI could not be fetched (fail closed)."""


class UnknownKey(Exception):
    """The token's key is not in the issuer's key set, even fetched afresh."""


def _fits(jwk: dict[str, Any], algorithm: str) -> bool:
    """Whether `jwk` may verify `algorithm`: its type, its curve, its own ``alg``."""
    if jwk.get("alg", algorithm) != algorithm:
        return False
    kty = jwk.get("kty")
    if algorithm.startswith(("RS", "PS")):
        return kty == "RSA"
    if algorithm in _CURVES:
        return kty == "EC" and jwk.get("crv") == _CURVES[algorithm]
    if algorithm == "EdDSA":
        return kty == "OKP" and jwk.get("crv") in ("Ed25519", "Ed448")
    return False


def _signing(jwk: object) -> bool:
    if not isinstance(jwk, dict) or jwk.get("kty") not in ("RSA", "EC", "OKP"):
        return False
    if jwk.get("use", "sig") != "sig":
        return False
    # Some issuers (oidc-provider among them) publish the private key's "sign".
    operations = jwk.get("key_ops")
    return operations is None or (
        isinstance(operations, list) and ("verify" in operations or "sign" in operations)
    )


class KeySet:
    """The signing keys of one JWKS URI, for one process."""

    def __init__(
        self,
        uri: str,
        *,
        max_age: float,
        refetch_interval: float,
        on_removed: Callable[[], None] | None = None,
    ) -> None:
        self._uri = uri
        self._max_age = max_age
        self._refetch_interval = refetch_interval
        self._on_removed = on_removed
        self._keys: dict[str, dict[str, Any]] = {}
        self._parsed: dict[tuple[str, str], PyJWK] = {}
        self._fetched: float | None = None
        self._failed = -_RETRY
        self._unknown = -refetch_interval
        self._fetching: asyncio.Future[bool] | None = None
        self._background: set[asyncio.Task[bool]] = set()
        self.fetches = 0
        """How many fetches were made (for tests and logs)."""

    async def warm(self) -> bool:
        """Fetch the keys now (at startup); whether that worked."""
        return await self._fetch_shared()

    async def key(self, kid: str | None, algorithm: str) -> PyJWK:
        """The key that verifies a token of `kid` signed with `algorithm`.

        Raises:
            KeysUnavailable: No usable key set could be fetched.
            UnknownKey: The set, fetched afresh where allowed, has no such key.
        """
        now = time.monotonic()
        if self._fetched is None or now - self._fetched > self._max_age:
            if now - self._failed < _RETRY or not await self._fetch_shared():
                raise KeysUnavailable(f"the keys of {self._uri} cannot be fetched")
        elif now - self._fetched > self._max_age / 2:
            self._refresh_in_background()
        found = self._lookup(kid, algorithm)
        if found is None:
            # A fetch already under way may bring the key (two callers signing in with
            # a rotated key at once): join it rather than refuse the second caller.
            if not self._fetch_in_flight():
                if time.monotonic() - self._unknown < self._refetch_interval:
                    raise UnknownKey(f"no key {kid!r} for {algorithm}")
                self._unknown = time.monotonic()
            if not await self._fetch_shared():
                raise KeysUnavailable(f"the keys of {self._uri} cannot be fetched")
            found = self._lookup(kid, algorithm)
            if found is None:
                raise UnknownKey(f"no key {kid!r} for {algorithm}")
        return found

    def _lookup(self, kid: str | None, algorithm: str) -> PyJWK | None:
        if kid is None:
            fitting = [k for k, jwk in self._keys.items() if _fits(jwk, algorithm)]
            if len(fitting) != 1:
                return None  # without a kid, only a lone fitting key is unambiguous
            kid = fitting[0]
        parsed = self._parsed.get((kid, algorithm))
        if parsed is not None:
            return parsed
        jwk = self._keys.get(kid)
        if jwk is None or not _fits(jwk, algorithm):
            return None
        try:
            parsed = PyJWK(jwk, algorithm)
        except (PyJWKError, ValueError, TypeError) as error:
            _log.warning("the key %r of %s is unusable: %s", kid, self._uri, error)
            return None
        self._parsed[(kid, algorithm)] = parsed
        return parsed

    def _fetch_in_flight(self) -> bool:
        fetching = self._fetching
        return (
            fetching is not None
            and not fetching.done()
            and fetching.get_loop() is asyncio.get_running_loop()
        )

    def _refresh_in_background(self) -> None:
        if self._fetch_in_flight():
            return
        if time.monotonic() - self._failed < _RETRY:
            return
        task = asyncio.ensure_future(self._fetch_shared())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _fetch_shared(self) -> bool:
        fetching = self._fetching
        loop = asyncio.get_running_loop()
        if fetching is None or fetching.done() or fetching.get_loop() is not loop:
            fetching = self._fetching = asyncio.ensure_future(self._fetch())
        # Shielded: a request that gives up does not cancel the others' fetch.
        return await asyncio.shield(fetching)

    async def _fetch(self) -> bool:
        self.fetches += 1
        try:
            keys = _parse(await fetch("GET", self._uri))
        except Exception as error:  # any failure fails closed, and is said once here
            self._failed = time.monotonic()
            _log.warning("cannot fetch the signing keys from %s: %s", self._uri, error)
            return False
        removed = self._keys.keys() - keys.keys()
        self._keys, self._parsed = keys, {}
        self._fetched = time.monotonic()
        if removed and self._on_removed is not None:
            self._on_removed()  # tokens verified by a withdrawn key are verified again
        return True


def _parse(body: bytes) -> dict[str, dict[str, Any]]:
    with contextlib.suppress(RecursionError):
        document = json.loads(body)
        listed = document.get("keys") if isinstance(document, dict) else None
        if isinstance(listed, list):
            keys: dict[str, dict[str, Any]] = {}
            for index, jwk in enumerate(listed):
                if _signing(jwk) and len(keys) < _MAX_KEYS:
                    kid = jwk.get("kid")
                    keys[kid if isinstance(kid, str) else f"#{index}"] = jwk
            return keys
    raise ValueError("not a JSON Web Key Set ({'keys': [...]})")
