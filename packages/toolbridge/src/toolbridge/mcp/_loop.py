"""A private event loop in a daemon thread, for MCP sessions used from sync code.

Sessions live in an event loop; sync callers have none. `LoopThread` runs one for as
long as its client is open, and runs coroutines there on the caller's behalf.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar, final

__all__ = ["LoopThread"]

_T = TypeVar("_T")


@final
class LoopThread:
    """An event loop running in its own daemon thread until `stop`."""

    def __init__(self, name: str = "toolbridge-mcp") -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_forever()
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
        finally:
            self.loop.close()

    @property
    def running(self) -> bool:
        """The loop still runs (`stop` was not called)."""
        return self._thread.is_alive() and not self.loop.is_closed()

    def run(self, coroutine: Coroutine[Any, Any, _T]) -> _T:
        """Run `coroutine` in the loop and wait for its outcome."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result()

    def stop(self) -> None:
        """Stop the loop and wait for its thread (run `close` coroutines before this)."""
        if not self._thread.is_alive():
            return
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join()
