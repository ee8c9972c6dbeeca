"""Ranked tool search over a toolset: BM25, dense embeddings, or both fused.

The index covers every tool the toolset has (`Toolset.all_tools`) and is rebuilt
when that changes; each search then keeps only the tools the caller may see, walking
down the ranking until it has `k`, so a search never reveals a tool its caller
cannot use. Ties are broken by the tools' order in the toolset: the same query on
the same tools always gives the same answer.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, final

from toolbridge._tool import Tool
from toolbridge.errors import ConfigError
from toolbridge.search._document import tool_text
from toolbridge.search._lexical import LexicalIndex
from toolbridge.search._optional import require
from toolbridge.search._tokenize import without_values
from toolbridge.toolsets import ANONYMOUS, Identity, StaticToolset, Toolset

__all__ = ["Mode", "SearchHit", "ToolSearch"]

Mode = Literal["bm25", "dense", "hybrid"]
"""How tools are ranked: BM25 on words, dense embeddings, or both fused by score."""

_DENSE_WEIGHT: Final = 0.08
"""The dense scores' weight in the fusion, in standard deviations, beside BM25 scaled to
its best tool (1). Small: the static embeddings are the weaker ranker here, so they
reorder BM25's near ties rather than outvote it. Chosen under the ranking rule
(docs/search.md): every weight from 0.05 to 0.1 raises every query set's tune R@5 and
R@1 over the rank fusion it replaced, and 0.08 sits in the middle of that range."""
_AGREEMENT: Final = 0.03
"""In hybrid, what a tool among the fused ranking's first `_AGREEMENT_DEPTH` gains, as a
share of the first one's score, when its name's operation is the request's. BM25 lowers
the tools that disagree (`SiblingOrder`); the cosines, which read no operation, then
reorder near ties regardless of it. Chosen under the ranking rule (docs/search.md): 0.02
to 0.04 hold it, 0.05 breaks it; in BM25 mode it gains nothing on the tuning splits.
A tool of a server the request names ("in GitLab") gains as much, after that: BM25
reads the server in the tool's name, the cosines one word of many (docs/search.md)."""
_AGREEMENT_DEPTH: Final = 30
_MAX_K: Final = 1_000


@final
@dataclass(frozen=True, slots=True)
class SearchHit:
    """One tool found, with its score (higher is better; comparable within one search)."""

    tool: Tool
    """The tool, as the caller sees it."""
    score: float
    """BM25 score, cosine similarity, or the fused score, by mode."""

    @property
    def name(self) -> str:
        """The tool's name."""
        return self.tool.name


@dataclass(frozen=True, slots=True)
class _Index:
    tools: Sequence[Tool]
    bm25: LexicalIndex | None
    dense: Any


@final
class ToolSearch:
    """Search the tools of a toolset (or a list of tools) by what they do.

    Args:
        tools: A `Toolset` (searches respect its policies for the caller) or tools.
        mode: ``"bm25"`` (default; ``toolbridge[search]``), ``"dense"`` or
            ``"hybrid"`` (both need ``toolbridge[embeddings]``).

    Raises:
        ConfigError: An unknown mode, or its dependencies are not installed.
    """

    def __init__(self, tools: Toolset | Iterable[Tool], *, mode: Mode = "bm25") -> None:
        if mode not in ("bm25", "dense", "hybrid"):
            raise ConfigError(f"search mode must be 'bm25', 'dense' or 'hybrid', got {mode!r}")
        require("numpy", "search")
        self.mode: Mode = mode
        self._toolset = tools if isinstance(tools, Toolset) else StaticToolset(tools)
        self._lock = threading.Lock()
        self._index: _Index | None = None
        self._current()  # build now: the first search should not pay for it

    def _current(self) -> _Index:
        tools = self._toolset.all_tools()
        index = self._index
        if index is not None and index.tools is tools:
            return index
        with self._lock:
            index = self._index
            if index is None or index.tools is not tools:
                index = self._build(tools)
                self._index = index
        return index

    def _build(self, tools: Sequence[Tool]) -> _Index:
        bm25 = LexicalIndex(tools) if self.mode != "dense" else None
        dense = None
        if self.mode != "bm25":
            from toolbridge.search._dense import DenseIndex

            dense = DenseIndex([tool_text(tool) for tool in tools])
        return _Index(tools, bm25, dense)

    def search(self, query: str, k: int = 5, *, identity: Identity = ANONYMOUS) -> list[SearchHit]:
        """The best `k` tools for `query` that `identity` may see, best first.

        Under BM25, tools sharing no word with the query are never returned.

        Raises:
            ConfigError: `query` is not a string or `k` is not a positive integer.
        """
        given: object = query
        if not isinstance(given, str):
            raise ConfigError(f"a search query must be a string, got {type(given).__name__}")
        count: object = k
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= _MAX_K:
            raise ConfigError(f"k must be an integer from 1 to {_MAX_K}, got {k!r}")
        index = self._current()
        if not index.tools:
            return []
        order, scores = self._rank(index, query, k)
        hits: list[SearchHit] = []
        for position in order:
            score = float(scores[position])
            found = self._toolset.find(index.tools[position].name, identity)
            if found is not None:
                hits.append(SearchHit(found, score))
                if len(hits) == k:
                    break
        return hits

    def _rank(self, index: _Index, query: str, k: int) -> tuple[Iterator[int], Any]:
        """Every tool's position, best first (ties by position), and the scores.

        The first `k` positions are found by a partial sort; the rest are sorted only
        if the caller reads past them (a policy hid some of the first).
        """
        import numpy

        if self.mode == "bm25":
            assert index.bm25 is not None
            # In BM25 alone, a long request's tools are weighed by the objects it names.
            scores = index.bm25.scores(query, objects=True)
            matched = numpy.flatnonzero(scores > 0.0)  # only these can be returned
            return _best_first(scores, matched, k), scores
        # Embedded, an identifier's pieces are noise too: the model reads the words.
        meaning = index.dense.scores(without_values(query))
        if self.mode == "dense":
            scores = meaning
        else:
            assert index.bm25 is not None
            weighed = index.bm25.weigh(query)  # read once, for both steps below
            scores = _fused(index.bm25.scores(query, weighed=weighed), meaning)
            _favour(scores, index.bm25.agreeing(query), index.bm25.of_servers_named(query, weighed))
        return _best_first(scores, numpy.arange(len(scores)), k), scores


def _best_first(scores: Any, among: Any, head: int) -> Iterator[int]:
    """The positions `among` (ascending) by score, highest first, ties by position.

    Only the best `head` (and any tied with the last of them) are sorted at first:
    partitioning thousands of scores and sorting a few costs a fraction of sorting
    them all. The others are sorted only if a caller reads past those.
    """
    import numpy

    values = -numpy.asarray(scores[among], dtype=numpy.float64)  # lowest first, below
    if head < len(values) and not numpy.isnan(values).any():
        cut = numpy.partition(values, head - 1)[head - 1]
        first = values <= cut  # the best `head`, and every tool tied with the last
        parts: tuple[Any, ...] = (numpy.flatnonzero(first), numpy.flatnonzero(~first))
    else:
        parts = (numpy.arange(len(values)),)
    for part in parts:
        # lexsort: the last key is the primary one. Highest score first, then position.
        yield from among[part[numpy.lexsort((among[part], values[part]))]].tolist()


def _favour(scores: Any, *marks: Any | None) -> None:
    """Raise, in place, the first tools each of `marks` marks (doing what the request asks).

    One mark after the other, each among the first tools of the scores as the ones
    before left them. Those first tools are found once when no tool outside them ties
    the last: raising some of them then leaves the same tools first.
    """
    import numpy

    if not len(scores):
        return
    depth = min(_AGREEMENT_DEPTH, len(scores))
    first = None
    for agreeing in marks:
        if agreeing is None:
            continue
        if first is None:
            first = numpy.argpartition(-scores, depth - 1)[:depth]
            apart = numpy.count_nonzero(scores >= scores[first].min()) == depth
        best = float(scores[first].max())
        if best > 0.0:
            scores[first[agreeing[first]]] += _AGREEMENT * best
        if not apart:
            first = None


def _fused(lexical: Any, dense: Any) -> Any:
    """BM25 divided by its best score, plus the weighted z-score of each cosine.

    Scores, not ranks: two tools BM25 scores nearly alike are reordered by meaning,
    while a tool far ahead on words stays ahead (rank fusion made the 20th BM25 tool
    and the 21st as far apart as the 1st and the 2nd).
    """
    import numpy

    words = numpy.asarray(lexical, dtype=numpy.float64)
    best = float(words.max()) if len(words) else 0.0
    fused = words / best if best > 0.0 else numpy.zeros(len(words), dtype=numpy.float64)
    meaning = numpy.asarray(dense, dtype=numpy.float64)
    spread = float(meaning.std()) if len(meaning) else 0.0
    if spread > 0.0:
        fused += _DENSE_WEIGHT * (meaning - meaning.mean()) / spread
    return fused
