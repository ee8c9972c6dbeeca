"""A regular expression compiled at its first use, not at import.

The rules hold a few hundred large alternations of words in many languages; compiling
them all when `toolbridge.security` is imported cost most of a second, and a scan of a
few tools uses a fraction of them. `Lazy` compiles its pattern when one of its methods
is first looked up, then holds the compiled pattern's own bound methods: a call costs
what the compiled pattern's does.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Final, final

__all__ = ["Lazy"]

_METHODS: Final = ("search", "match", "fullmatch", "finditer", "findall", "sub", "split")


@final
class Lazy:
    """``re.compile(source, flags)``, done when a method is first used.

    `source` is the pattern, or a function building it (so that building it waits too).
    Compiling twice at once in two threads is harmless: both compile the same pattern.
    """

    def __init__(self, source: str | Callable[[], str], flags: int = 0) -> None:
        self._source = source
        self._flags = flags
        self._pattern: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (compiled now if it was not yet)."""
        pattern = self._pattern
        if pattern is None:
            source = self._source if isinstance(self._source, str) else self._source()
            pattern = re.compile(source, self._flags)
            for method in _METHODS:
                setattr(self, method, getattr(pattern, method))
            self._pattern = pattern
        return pattern

    def __getattr__(self, name: str) -> Any:
        # Only called for an attribute not yet set: the methods, before the first use.
        if name not in _METHODS:
            raise AttributeError(name)
        return getattr(self.compiled(), name)

    if TYPE_CHECKING:  # set on the instance by `compiled`: the compiled pattern's own

        def search(
            self, string: str, pos: int = 0, endpos: int = sys.maxsize
        ) -> re.Match[str] | None: ...

        def match(
            self, string: str, pos: int = 0, endpos: int = sys.maxsize
        ) -> re.Match[str] | None: ...

        def fullmatch(
            self, string: str, pos: int = 0, endpos: int = sys.maxsize
        ) -> re.Match[str] | None: ...

        def finditer(
            self, string: str, pos: int = 0, endpos: int = sys.maxsize
        ) -> Iterator[re.Match[str]]: ...

        def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]: ...

        def sub(
            self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
        ) -> str: ...

        def split(self, string: str, maxsplit: int = 0) -> list[str | Any]: ...
