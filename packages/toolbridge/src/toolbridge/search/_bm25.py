"""BM25 over documents of words, on the `bm25s` library (sparse matrices on numpy)."""

from __future__ import annotations

import functools
import logging
from collections.abc import Sequence
from typing import Any, final

from toolbridge.search._optional import require

__all__ = ["Bm25Index"]


@final
class Bm25Index:
    """Scores every document for a query's words; unknown words score nothing."""

    def __init__(self, documents: Sequence[Sequence[str]]) -> None:
        bm25s = _bm25s()
        self._size = len(documents)
        self._retriever: Any = None
        if any(documents):
            retriever = bm25s.BM25()
            # An empty document breaks bm25s's vocabulary: give it a word no query has.
            retriever.index([list(words) or ["\x00"] for words in documents], show_progress=False)
            self._retriever = retriever
            self._vocabulary: frozenset[str] = frozenset(retriever.vocab_dict)

    def scores(self, words: Sequence[str]) -> Any:
        """A numpy array of one score per document (zeros when no word is known)."""
        import numpy

        if self._retriever is None:
            return numpy.zeros(self._size, dtype=numpy.float32)
        known = [word for word in words if word in self._vocabulary]
        if not known:
            return numpy.zeros(self._size, dtype=numpy.float32)
        return self._retriever.get_scores(known)


@functools.cache
def _bm25s() -> Any:
    """The `bm25s` module, its logger set back to inherit the application's level.

    bm25s sets its own logger to DEBUG on import, so an application logging at INFO
    would print a line for every index built.
    """
    module = require("bm25s", "search")
    log = logging.getLogger("bm25s")
    if log.level == logging.DEBUG:
        log.setLevel(logging.NOTSET)
    return module
