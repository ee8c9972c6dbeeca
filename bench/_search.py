"""Tool search latency on a 10,000-tool registry.

`ToolSearch.search(query, 5)` (BM25 in numpy) against `rank_bm25`'s
`BM25Okapi.get_scores` plus a top-5 sort on the same words (the classic Python BM25
library; the reference), over the labelled queries of every style in turn. How well
it ranks is `_search_eval.py`'s part.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import _search_eval
from _peers import failure, load
from _report import Row, Section, at_most_ns
from _timing import Case, measure

HERE = Path(__file__).resolve().parent
REGISTRY_SIZE = 10_000


def corpus() -> list[tuple[str, Any]]:
    """The MCP corpus's tools once each, as (``server/name`` id, canonical tool)."""
    return list(_search_eval.corpus("mcp"))


def queries() -> list[str]:
    """Every labelled query of every style, in the sets' order."""
    return [query for each in _search_eval.query_sets() for query, _, _ in each.queries]


def big_registry(tools: Sequence[Any], size: int) -> list[Any]:
    """`size` tools: the corpus, then copies of it under other names and namespaces."""
    made: list[Any] = []
    for copy in itertools.count():
        for tool in tools:
            if len(made) == size:
                return made
            made.append(tool if copy == 0 else tool.replace(name=f"c{copy}_{tool.name}"[:128]))
    return made


# -- latency --------------------------------------------------------------------------------


def _toolbridge(tools: list[Any]) -> Any:
    from toolbridge.search import ToolSearch

    return ToolSearch(tools)


def _rank_bm25(tools: list[Any]) -> Any:
    import numpy

    from toolbridge.search._document import tool_words

    index = load("rank_bm25").BM25Okapi([tool_words(tool).everything for tool in tools])

    def search(words: list[str], k: int) -> list[int]:
        scores = index.get_scores(words)
        return [int(i) for i in numpy.argsort(-scores, kind="stable")[:k]]

    return search


def run(*, repeats: int, quick: bool) -> list[Section]:
    from toolbridge.search import tokenize

    tools = big_registry([tool for _, tool in corpus()], REGISTRY_SIZE)
    asked = queries()
    words = [tokenize(query) for query in asked]
    cases: list[Case] = []
    reasons: dict[str, str] = {}
    labels = (
        "rank_bm25 BM25Okapi.get_scores + top 5 (reference)",
        "toolbridge ToolSearch.search(query, 5)",
    )
    try:
        bm25 = _rank_bm25(tools)
        cases.append(
            Case(
                labels[0],
                "search(next(words), 5)",
                {"search": bm25, "words": itertools.cycle(words)},
            )
        )
    except Exception as error:
        reasons[labels[0]] = failure(error)
    started = time.perf_counter()
    ours = _toolbridge(tools)
    built = time.perf_counter() - started
    cases.append(
        Case(
            labels[1],
            "search(next(queries), 5)",
            {"search": ours.search, "queries": itertools.cycle(asked)},
        )
    )
    timings = measure(cases, repeats=repeats, min_batch_ns=20_000_000 if quick else 200_000_000)
    rows = [
        Row(
            label,
            None if label not in timings else timings[label].median_ns,
            target=at_most_ns(2_000_000) if label == labels[1] else None,
            reason=reasons.get(label, ""),
            reference=label == labels[0],
        )
        for label in labels
    ]
    notes = (
        f"{len(tools):,} tools (the {len(corpus()):,} corpus tools and renamed copies), "
        f"{len(asked):,} labelled queries of every style in turn; "
        f"ToolSearch's index took {built:.2f} s to build.",
        "toolbridge's time includes tokenising the query; rank_bm25's is given the words.",
    )
    return [
        Section(f"Tool search on a {len(tools):,}-tool registry (BM25)", rows, notes),
        _openapi(repeats=repeats, quick=quick),
    ]


def _openapi(*, repeats: int, quick: bool) -> Section:
    """Both modes over the OpenAPI corpus (about 3,000 tools), against the 1 ms goal."""
    from toolbridge.search import ToolSearch

    tools = [tool for _, tool in _search_eval.corpus("openapi")]
    asked = [
        query
        for each in _search_eval.query_sets()
        if each.corpus == "openapi"
        for query, _, _ in each.queries
    ]
    cases: list[Case] = []
    reasons: dict[str, str] = {}
    labels = {mode: f"ToolSearch(mode={mode!r}).search(query, 5)" for mode in ("bm25", "hybrid")}
    for mode, label in labels.items():
        try:
            search = ToolSearch(tools, mode=mode)  # type: ignore[arg-type]
        except Exception as error:  # the embeddings extra missing, for hybrid
            reasons[label] = failure(error)
            continue
        cases.append(
            Case(
                label,
                "search(next(queries), 5)",
                {"search": search.search, "queries": itertools.cycle(asked)},
            )
        )
    timings = measure(cases, repeats=repeats, min_batch_ns=20_000_000 if quick else 200_000_000)
    rows = [
        Row(
            label,
            None if label not in timings else timings[label].median_ns,
            target=at_most_ns(1_000_000),
            reason=reasons.get(label, ""),
        )
        for label in labels.values()
    ]
    notes = (
        f"{len(tools):,} tools of the OpenAPI corpus, its {len(asked):,} labelled queries of "
        "every style in turn (the goal: a median of 1 ms or less; docs/search.md).",
    )
    return Section(f"Tool search on the {len(tools):,}-tool OpenAPI corpus", rows, notes)
