"""BM25 over documents of words, in numpy: Lucene's variant, k1 1.5, b 0.75.

Each word's column of precomputed weights (one per document that has it, sorted by
document) is built at once for every word: the (word, document) pairs of the whole
collection are counted by one sort, so an index of 10,000 tools costs a few numpy
calls beside reading its words. A search adds the columns of the query's words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import chain, count
from typing import Any, Final, final

from toolbridge.search._optional import require

__all__ = ["Bm25Index"]

_K1: Final = 1.5
"""How fast repeats of a word in one document stop counting."""
_B: Final = 0.75
"""How much a long document's matches are discounted for its length."""


@final
class Bm25Index:
    """Scores every document for a query's words; unknown words score nothing."""

    def __init__(self, documents: Sequence[Sequence[str]]) -> None:
        numpy = require("numpy", "search")
        self._size = size = len(documents)
        every = list(chain.from_iterable(documents))
        # Words numbered in order of first use, then looked up in C: no Python loop per word.
        vocabulary = dict(zip(dict.fromkeys(every), count()))
        words = numpy.fromiter(map(vocabulary.__getitem__, every), numpy.int64, len(every))
        lengths = numpy.fromiter(map(len, documents), dtype=numpy.int64, count=size)
        owners = numpy.repeat(numpy.arange(size, dtype=numpy.int64), lengths)
        # Sorted by word, stably: each word's documents stay in order (a radix sort).
        order = _by_word(numpy, words, len(vocabulary))
        words, owners = words[order], owners[order]
        # Each (word, document) pair once, with how many times the document has it.
        first = numpy.ones(len(words), dtype=numpy.bool_)
        first[1:] = (words[1:] != words[:-1]) | (owners[1:] != owners[:-1])
        pairs = numpy.flatnonzero(first)
        counts = numpy.diff(pairs, append=len(words))
        columns, rows = words[pairs], owners[pairs]
        frequencies = numpy.bincount(columns, minlength=len(vocabulary))
        idf = numpy.log1p((size - frequencies + 0.5) / (frequencies + 0.5))
        average = float(lengths.mean()) if size and lengths.any() else 1.0
        norms = _K1 * (1.0 - _B + _B * lengths / average)
        ends = numpy.cumsum(frequencies).tolist()
        # Each word's column, as where it starts and ends: Python ints, read per query word.
        self._spans = dict(zip(vocabulary, zip([0, *ends][:-1], ends, strict=True), strict=True))
        self._rows = rows
        self._weights = (idf[columns] * counts / (norms[rows] + counts)).astype(numpy.float32)

    def document_frequencies(self) -> Mapping[str, int]:
        """Each word of the collection and the number of documents that have it."""
        return {word: end - start for word, (start, end) in self._spans.items()}

    def scores(self, words: Sequence[str] | Mapping[str, float]) -> Any:
        """A numpy array of one score per document (zeros when no word is known).

        `words` may map each word to how much it counts (1 counts it as written).
        """
        import numpy

        weighted = words.items() if isinstance(words, Mapping) else ((word, 1.0) for word in words)
        scores = numpy.zeros(self._size, dtype=numpy.float32)
        for word, weight in weighted:
            span = self._spans.get(word)
            if span is not None:
                start, end = span
                column_weights = self._weights[start:end]
                scores[self._rows[start:end]] += (
                    column_weights if weight == 1.0 else numpy.float32(weight) * column_weights
                )
        return scores


def _by_word(numpy: Any, words: Any, vocabulary: int) -> Any:
    """The positions of `words` (numbers below `vocabulary`) sorted by word, stably.

    numpy sorts 16-bit numbers stably by radix, in linear time: several times faster
    than a comparison sort of the pairs. Larger vocabularies take two passes, low half
    then high half of each number (a least-significant-digit radix sort).
    """
    if vocabulary <= 1 << 16:
        return numpy.argsort(words.astype(numpy.uint16), kind="stable")
    order = numpy.argsort((words & 0xFFFF).astype(numpy.uint16), kind="stable")
    high = (words[order] >> 16).astype(numpy.uint16)
    return order[numpy.argsort(high, kind="stable")]
