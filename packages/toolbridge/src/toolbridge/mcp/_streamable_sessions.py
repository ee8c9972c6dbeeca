"""What the streamable HTTP fast path keeps of the sessions the MCP SDK opens.

The SDK's session manager opens, holds and ends every session (``initialize``,
DELETE, the idle timeout, the credential that opened it); `Sessions` reads it, and
keeps beside each session what the fast path needs: the client's capabilities, its
log level, its calls in flight and the server's questions awaiting an answer. A
request is served on the fast path only while the SDK would serve it: the session
is known, not ended or expiring, and asked for with the credential that opened it.
The manager's state is read where the SDK keeps it (``_server_instances``,
``_session_owners``, a transport's idle countdown): this module is the one place
that does.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from starlette.types import Scope

__all__ = ["Call", "Session", "Sessions"]


@dataclass(slots=True, eq=False)
class Call:
    """One call running on the fast path, and why it was stopped, if it was."""

    task: asyncio.Task[Any]
    stopped: str | None = None
    """``"cancelled"`` (by the client's notification) or ``"left"`` (disconnected)."""

    def stop(self, why: str) -> None:
        """Cancel the call's task, once, saying why."""
        if self.stopped is None:
            self.stopped = why
            self.task.cancel()


@dataclass(slots=True, eq=False)
class Session:
    """What the fast path keeps of one session the SDK opened."""

    capabilities: dict[str, Any] = field(default_factory=dict)
    """The client's capabilities, from its ``initialize``."""
    level: int = 0
    """The least severe log level asked for (index into the severities)."""
    running: dict[Any, Call] = field(default_factory=dict)
    """The calls in flight, by JSON-RPC request id."""
    asked: dict[Any, asyncio.Future[dict[str, Any]]] = field(default_factory=dict)
    """The server's requests awaiting the client's response, by their id."""


class Sessions:
    """The SDK's sessions as the fast path sees them, by ``Mcp-Session-Id``."""

    def __init__(self, manager: Any) -> None:
        self._manager = manager
        self._kept: dict[bytes, Session] = {}

    def opened(self, session_id: bytes, capabilities: object) -> None:
        """Note a session the SDK just opened, with its client's capabilities."""
        known = self._manager._server_instances
        if len(self._kept) > 2 * len(known) + 64:  # now and then, forget ended ones
            for kept in list(self._kept):
                if kept.decode("latin-1") not in known:
                    del self._kept[kept]
        given = capabilities if isinstance(capabilities, dict) else {}
        self._kept[session_id] = Session(capabilities=given)

    def find(self, scope: Scope, session_id: bytes | None) -> tuple[Any, Session] | None:
        """The SDK's transport of the session, and what is kept of it.

        None unless the SDK would serve this request on it (it then answers the
        request itself: 400 without a session, 404 for one it does not have).
        """
        if session_id is None:
            return None
        key = session_id.decode("latin-1")
        transport = self._manager._server_instances.get(key)
        if transport is None:
            self._kept.pop(session_id, None)
            return None
        if transport.is_terminated:
            return None
        idle = getattr(transport, "idle_scope", None)
        if idle is not None and idle.cancel_called:
            return None
        if _requestor(scope) != self._manager._session_owners.get(key):
            return None
        session = self._kept.get(session_id)
        if session is None:
            session = self._kept[session_id] = Session()
        return transport, session


def _requestor(scope: Scope) -> Any:
    """Who opened a session, as the SDK's session manager records it (None without auth)."""
    user = scope.get("user")
    if user is None:
        return None
    from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser, authorization_context

    return authorization_context(user) if isinstance(user, AuthenticatedUser) else None


@contextlib.contextmanager
def held(transport: Any) -> Iterator[None]:
    """Count a request as in flight on the SDK's transport: the session does not idle out.

    The SDK's ``handle_request`` does the same for the requests it serves.
    """
    idle = getattr(transport, "idle_scope", None)
    timeout = getattr(transport, "_idle_timeout", None)
    if idle is None or timeout is None:
        yield
        return
    transport._requests_in_flight += 1
    idle.deadline = math.inf
    try:
        yield
    finally:
        transport._requests_in_flight -= 1
        if not transport._requests_in_flight:
            idle.deadline = asyncio.get_running_loop().time() + timeout
