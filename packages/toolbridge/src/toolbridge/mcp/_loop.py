"""The event loop of an MCP client used from sync code: toolbridge's background loop.

Sessions live in an event loop; sync callers have none. A client entered with
``with`` runs its sessions in the one background loop of `toolbridge._runtime`, and
`LoopThread` is its view of that loop: it runs coroutines there on the caller's
behalf until `stop` (the loop itself runs on, for other clients and calls).
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, TypeVar, final

from toolbridge import _runtime
from toolbridge.errors import SyncInvocationError

if TYPE_CHECKING:
    import asyncio

__all__ = ["LoopThread"]

_T = TypeVar("_T")


@final
class LoopThread:
    """One client's use of the background event loop, until `stop`."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop = _runtime.background_loop()
        self._stopped = False

    @property
    def running(self) -> bool:
        """The client still uses the loop (`stop` was not called)."""
        return not self._stopped and not self.loop.is_closed()

    def run(self, coroutine: Coroutine[Any, Any, _T]) -> _T:
        """Run `coroutine` in the loop and wait for its outcome (see `_runtime.block_on`).

        Raises:
            SyncInvocationError: Called from the background loop itself.
        """
        try:
            return _runtime.block_on(lambda: coroutine, loop=self.loop)
        except SyncInvocationError:
            coroutine.close()  # refused before it started: no "never awaited" warning
            raise

    def stop(self) -> None:
        """Stop using the loop (run the client's ``close`` coroutines before this)."""
        self._stopped = True
