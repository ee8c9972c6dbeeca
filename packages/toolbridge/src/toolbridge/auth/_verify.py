"""Checking an access token: its signature, issuer, audience and lifetime; its caller.

A JWT is checked by PyJWT against a key of the configured key set (`_keys`): the
header's ``alg`` must be one of the accepted asymmetric algorithms and fit the key
(an RSA key never checks an HMAC signature), its ``typ`` absent, ``JWT`` or
``at+jwt`` (RFC 9068); then ``iss``, ``aud``, ``exp`` (required) and ``nbf``, with
the leeway. A token that is not a JWT is introspected (RFC 7662) when the settings
allow it. A verified token's caller is kept under the SHA-256 of the token until
its ``exp`` (introspected ones for at most ``cache_seconds``), in a bounded LRU: a
token seen again costs one hash and one dictionary look-up.
"""

from __future__ import annotations

import base64
import hashlib
import json
import time
from collections import OrderedDict
from collections.abc import Mapping
from typing import Final

import jwt
from jwt.exceptions import (
    ExpiredSignatureError,
    ImmatureSignatureError,
    InvalidAudienceError,
    InvalidIssuerError,
    MissingRequiredClaimError,
    PyJWTError,
)

from toolbridge.auth._claims import identity_from_claims
from toolbridge.auth._fetch import fetch
from toolbridge.auth._keys import KeySet, KeysUnavailable, UnknownKey
from toolbridge.auth._refusal import Refused, Unavailable
from toolbridge.auth._settings import AuthSettings
from toolbridge.toolsets import Identity

__all__ = ["TokenVerifier"]

MAX_TOKEN: Final = 16 * 1024
"""The longest token looked at, in characters."""
_TYPES: Final = frozenset({"jwt", "at+jwt", "application/at+jwt"})


class TokenVerifier:
    """Verifies the access tokens of one resource server, with its caches."""

    def __init__(self, settings: AuthSettings, *, cache_size: int = 10_000) -> None:
        self.settings = settings
        self._audiences = list(settings.audiences)
        self._cache: OrderedDict[bytes, tuple[Identity, float]] = OrderedDict()
        self._cache_size = cache_size
        self.keys = (
            None
            if settings.jwks_uri is None
            else KeySet(
                settings.jwks_uri,
                max_age=settings.jwks_max_age,
                refetch_interval=settings.jwks_refetch_interval,
                on_removed=self._cache.clear,
            )
        )

    async def warm(self) -> None:
        """Fetch the keys ahead of the first request (a failure is logged, not raised)."""
        if self.keys is not None:
            await self.keys.warm()

    async def verify(self, token: str) -> Identity:
        """The caller `token` names, once verified.

        Raises:
            Refused: The token is not acceptable (the message says why, safely).
            Unavailable: It cannot be checked now.
        """
        if len(token) > MAX_TOKEN:
            raise Refused("the token is too long")
        digest = hashlib.sha256(token.encode()).digest()
        known = self._cache.get(digest)
        if known is not None:
            if time.time() < known[1]:
                self._cache.move_to_end(digest)
                return known[0]
            del self._cache[digest]
        if token.count(".") == 2 and self.keys is not None:
            identity, until = await self._jwt(token, self.keys)
        elif self.settings.introspection is not None:
            identity, until = await self._introspect(token)
        else:
            raise Refused("the token is not a JWT")
        self._cache[digest] = (identity, until)
        if len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return identity

    async def _jwt(self, token: str, keys: KeySet) -> tuple[Identity, float]:
        settings = self.settings
        try:
            header = jwt.get_unverified_header(token)
        except PyJWTError:
            raise Refused("the token is malformed") from None
        algorithm = header.get("alg")
        if not isinstance(algorithm, str) or algorithm not in settings.algorithms:
            raise Refused("the token's signature algorithm is not accepted")
        kind = header.get("typ")
        if kind is not None and (not isinstance(kind, str) or kind.lower() not in _TYPES):
            raise Refused("the token is not an access token")
        kid = header.get("kid")
        try:
            key = await keys.key(kid if isinstance(kid, str) else None, algorithm)
        except UnknownKey:
            raise Refused("the token is signed by an unknown key") from None
        except KeysUnavailable as error:
            raise Unavailable(str(error)) from None
        try:
            claims = jwt.decode(
                token,
                key,
                algorithms=[algorithm],
                audience=self._audiences,
                issuer=settings.issuer,
                leeway=settings.leeway,
                options={"require": ["exp", "iss", "aud"]},
            )
        except ExpiredSignatureError:
            raise Refused("the token has expired") from None
        except ImmatureSignatureError:
            raise Refused("the token is not valid yet") from None
        except InvalidAudienceError:
            raise Refused("the token is not meant for this server") from None
        except InvalidIssuerError:
            raise Refused("the token is from another issuer") from None
        except MissingRequiredClaimError as error:
            raise Refused(f"the token has no {error.claim!r} claim") from None
        except PyJWTError:
            raise Refused("the token's signature or claims are invalid") from None
        return identity_from_claims(claims, settings), float(claims["exp"])

    async def _introspect(self, token: str) -> tuple[Identity, float]:
        settings = self.settings
        introspection = settings.introspection
        assert introspection is not None
        headers: dict[str, str] = {}
        form = {"token": token, "token_type_hint": "access_token"}
        if introspection.client_secret is not None:
            pair = f"{introspection.client_id}:{introspection.client_secret}".encode()
            headers["authorization"] = "Basic " + base64.b64encode(pair).decode()
        else:
            form["client_id"] = introspection.client_id
        try:
            body = await fetch("POST", introspection.endpoint, data=form, headers=headers)
            answer = json.loads(body)
        except (OSError, ValueError, RecursionError) as error:
            raise Unavailable(f"the introspection endpoint failed: {error}") from None
        if not isinstance(answer, Mapping) or answer.get("active") is not True:
            raise Refused("the token is not active")
        now = time.time()
        expires = answer.get("exp")
        if not isinstance(expires, int | float) or isinstance(expires, bool):
            raise Refused("the token has no 'exp'")
        if expires + settings.leeway <= now:
            raise Refused("the token has expired")
        issuer = answer.get("iss")
        if issuer is not None and issuer != settings.issuer:
            raise Refused("the token is from another issuer")
        audience = answer.get("aud")
        audiences = [audience] if isinstance(audience, str) else audience
        if not isinstance(audiences, list) or not set(self._audiences) & set(audiences):
            raise Refused("the token is not meant for this server")
        until = min(float(expires), now + introspection.cache_seconds)
        return identity_from_claims(answer, settings), until
