"""Who is calling: the identity a toolset's policy decides on, passed with each list/call.

An identity is data the host vouches for (from its own authentication: a token it
verified, the user of its session). toolbridge never derives one from what a model
or an MCP client claims about itself. While a toolset runs a tool, the caller's
identity is the current one (`current_identity`), so a tool that calls further tools
(the ``call_tool`` meta-tool, a proxy) calls them as the same caller.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Final, final

from toolbridge.errors import ConfigError

__all__ = [
    "ANONYMOUS",
    "Identify",
    "Identity",
    "current_identity",
    "identifier",
    "identity_context",
]


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class Identity:
    """A caller: who, for which tenant, with which roles."""

    subject: str | None = None
    """The user or service calling, as the host names it (recorded in the audit log)."""

    tenant: str | None = None
    """The customer or team the call is made for; policies may allow only some."""

    roles: AbstractSet[str] = frozenset()
    """The caller's roles; policies may require one of them."""

    scopes: AbstractSet[str] = frozenset()
    """The OAuth scopes its access token grants; policy rules may require them."""

    attributes: Mapping[str, Any] = field(default_factory=dict)
    """Anything else the host wants its own rules or approval hook to see."""

    def __post_init__(self) -> None:
        for name in ("roles", "scopes"):
            value: object = getattr(self, name)
            if isinstance(value, str) or not isinstance(value, Iterable):
                raise ConfigError(f"Identity.{name} must be a set of strings, not a string")
            object.__setattr__(self, name, frozenset(value))
        object.__setattr__(self, "attributes", dict(self.attributes))

    def to_dict(self) -> dict[str, Any]:
        """The identity as JSON, for audit records (attributes left out: they may be secret).

        ``scopes`` is there only when the caller has some (a token's), so records of
        callers without OAuth keep their shape.
        """
        data: dict[str, Any] = {
            "subject": self.subject,
            "tenant": self.tenant,
            "roles": sorted(self.roles),
        }
        if self.scopes:
            data["scopes"] = sorted(self.scopes)
        return data


ANONYMOUS: Final = Identity()
"""The identity of a caller who gave none: no subject, no tenant, no roles."""

_CURRENT: Final[ContextVar[Identity | None]] = ContextVar("toolbridge_identity", default=None)


def current_identity() -> Identity | None:
    """The identity of the toolset call running in this task, if any."""
    return _CURRENT.get()


@contextmanager
def identity_context(identity: Identity) -> Iterator[None]:
    """Run the block as `identity` (the toolsets do this around every tool they run)."""
    token = _CURRENT.set(identity)
    try:
        yield
    finally:
        _CURRENT.reset(token)


Identify = Callable[[Any], "Identity | Awaitable[Identity]"]
"""Finds the caller of one request: given the server's request (``None`` over stdio),
returns an `Identity`, sync or async (a check of a bearer token, a session)."""

_log = logging.getLogger("toolbridge.toolsets")


def identifier(identity: Identity | Identify | None) -> Callable[[Any], Awaitable[Identity]]:
    """What a server calls with each request for its caller: `identity` as a function.

    One `Identity` (or ``None``: anonymous) answers every request; a function is asked
    each time, and one that raises or returns something other than an `Identity`
    makes the request anonymous (logged): a broken check never grants access.

    Raises:
        ConfigError: `identity` is neither.
    """
    if identity is None or isinstance(identity, Identity):
        fixed = identity or ANONYMOUS

        async def constant(request: Any) -> Identity:
            return fixed

        return constant
    if not callable(identity):
        raise ConfigError("identity must be an Identity or a function returning one")
    find = identity

    async def per_request(request: Any) -> Identity:
        try:
            found: object = find(request)
            if inspect.isawaitable(found):
                found = await found
        except Exception:
            _log.exception("the identity function failed: the request is anonymous")
            return ANONYMOUS
        if not isinstance(found, Identity):
            _log.error("the identity function returned %r: the request is anonymous", found)
            return ANONYMOUS
        return found

    return per_request
