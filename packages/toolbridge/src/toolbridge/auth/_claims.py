"""A verified token's claims as the caller's `Identity`: subject, tenant, roles, scopes."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from toolbridge.auth._settings import AuthSettings
from toolbridge.toolsets import Identity

__all__ = ["identity_from_claims"]


def identity_from_claims(claims: Mapping[str, Any], settings: AuthSettings) -> Identity:
    """The caller the claims name, as `settings` maps them.

    A claim that is absent or of an unusable type leaves its field empty, never
    fails: the policy decides what an identity without roles may do. The claims
    are kept in ``attributes["claims"]`` (read-only) for the host's own rules; the
    token itself is kept nowhere.
    """
    scopes = _words(claim(claims, settings.scopes_claim))
    if not scopes and settings.scopes_claim == "scope":
        scopes = _words(claims.get("scp"))
    if settings.roles_claim == "scope":
        roles = scopes
    else:
        roles = _words(claim(claims, settings.roles_claim))
    client = claims.get("client_id", claims.get("azp", claims.get("appid")))
    return Identity(
        subject=_text(claim(claims, settings.subject_claim)),
        tenant=_text(claim(claims, settings.tenant_claim)),
        roles=roles,
        scopes=scopes,
        attributes={
            "claims": MappingProxyType(dict(claims)),
            "client_id": _text(client),
            "issuer": _text(claims.get("iss")),
        },
    )


def claim(claims: Mapping[str, Any], name: str) -> Any:
    """The claim `name`, or a nested one by a dotted path (``realm_access.roles``).

    A claim whose own name holds the dot (a URI-named claim, such as Auth0's
    ``https://example.com/roles``) is found first.
    """
    if name in claims:
        return claims[name]
    found: Any = claims
    for part in name.split("."):
        if not isinstance(found, Mapping) or part not in found:
            return None
        found = found[part]
    return found


def _words(value: Any) -> frozenset[str]:
    if isinstance(value, str):
        return frozenset(value.split())
    if isinstance(value, list | tuple):
        return frozenset(item for item in value if isinstance(item, str) and item)
    return frozenset()


def _text(value: Any) -> str | None:
    if isinstance(value, str) and value:
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return None
