"""How to reach an MCP server: the three kinds of connection, as frozen values.

`StdioServer` starts a local process; `HttpServer` speaks streamable HTTP; `SseServer`
speaks the legacy HTTP+SSE transport, where the SDK still offers it. `read_servers`
(in `_config`) builds them from the configuration shapes people write.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeAlias, final

if TYPE_CHECKING:
    import httpx2

    from toolbridge.mcp._auth import AuthSetting

__all__ = ["HttpServer", "Server", "SseServer", "StdioServer"]


def _frozen(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping))


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class StdioServer:
    """A server started as a local process, spoken to over its stdin and stdout."""

    command: str
    """The program; run as a literal argv, never through a shell."""
    args: tuple[str, ...] = ()
    """Its arguments."""
    env: Mapping[str, str] = field(default_factory=dict)
    """Variables set for the process; they win over inherited ones."""
    inherit_env: tuple[str, ...] = ()
    """Names of the parent's variables passed on, beyond the safe default list."""
    cwd: str | None = None
    """The working directory; None keeps the parent's."""
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Keys of the configuration entry toolbridge does not use, kept as given."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "args", tuple(self.args))
        object.__setattr__(self, "inherit_env", tuple(self.inherit_env))
        object.__setattr__(self, "env", _frozen(self.env))
        object.__setattr__(self, "extra", _frozen(self.extra))


@dataclass(frozen=True, kw_only=True, slots=True)
class _RemoteServer:
    """What the two HTTP transports share: where, and how each request is sent."""

    url: str
    """The endpoint, ``http://`` or ``https://``."""
    headers: Mapping[str, str] = field(default_factory=dict)
    """Sent with every request (an ``Authorization`` header, say)."""
    auth: AuthSetting | httpx2.Auth | None = field(default=None, compare=False)
    """How to sign in: `OAuth` (a person, in the browser), `ClientCredentials` (a
    machine), `BearerToken` (a static token), or an ``httpx2.Auth`` of your own that
    signs every request. None sends no credentials beyond `headers`."""
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Keys of the configuration entry toolbridge does not use, kept as given."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "headers", _frozen(self.headers))
        object.__setattr__(self, "extra", _frozen(self.extra))


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class HttpServer(_RemoteServer):
    """A server reached over streamable HTTP (the current MCP HTTP transport)."""


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class SseServer(_RemoteServer):
    """A server reached over the legacy HTTP+SSE transport (MCP 2024-11-05).

    Its `url` is the SSE endpoint.
    """


Server: TypeAlias = StdioServer | HttpServer | SseServer
"""Any of the three connections."""
