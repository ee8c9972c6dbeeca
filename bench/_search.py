"""Tool search latency on a 10,000-tool registry, and the labelled evaluation of its ranking.

Latency: `ToolSearch.search(query, 5)` (BM25 on bm25s) against `rank_bm25`'s
`BM25Okapi.get_scores` plus a top-5 sort on the same words (the classic Python BM25
library; the reference), over the labelled queries in turn.

Evaluation (`evaluate`, also ``python bench/_search.py``): recall@1/5/10 and MRR of
BM25, dense and hybrid search on the labelled queries of ``bench/search_queries.json``
over the corpus tools, at 50, 500 and all tools, on each half of the queries' fixed
split: ``tune`` (the ranking's constants were chosen on it) and ``test`` (never used
to choose anything).
"""

from __future__ import annotations

import functools
import itertools
import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from _peers import failure, load
from _report import Row, Section, at_most_ns
from _timing import Case, measure

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent / "tests" / "data" / "corpus" / "mcp"
QUERIES = HERE / "search_queries.json"
REGISTRY_SIZE = 10_000


def corpus() -> list[tuple[str, Any]]:
    """Every corpus tool once, as (``server/name`` id, canonical tool named ``server__name``)."""
    from toolbridge.formats import from_mcp

    tools: dict[str, Any] = {}
    for path in sorted(CORPUS.glob("*.json")):
        for tool in from_mcp(json.loads(path.read_text())):
            key = f"{path.stem}/{tool.name}"
            name = f"{path.stem}__{tool.name}"[:128]
            tools.setdefault(key, tool.replace(name=name, namespace=path.stem))
    return list(tools.items())


SPLITS = ("tune", "test")
"""The labelled queries' fixed split (by a hash of the text; search_queries.json says
how): ranking is tuned on ``tune`` only, and ``test`` measures it."""


def labelled(split: str | None = None) -> list[tuple[str, frozenset[str]]]:
    """The labelled queries, or those of one split, with the ids of their answers."""
    data = json.loads(QUERIES.read_text())
    return [
        (entry["query"], frozenset(entry["relevant"]))
        for entry in data["queries"]
        if split is None or entry["split"] == split
    ]


KINDS = ("plain", "concrete", "service", "typo", "vague")
"""How each query is asked: ``plain`` for the first 272, which carry no ``kind``."""


def kind_of(query: str) -> str:
    """The kind a labelled query was written as (``plain`` when it has none)."""
    return _kinds().get(query, "plain")


@functools.cache
def _kinds() -> dict[str, str]:
    data = json.loads(QUERIES.read_text())
    return {entry["query"]: entry.get("kind", "plain") for entry in data["queries"]}


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
    queries = [query for query, _ in labelled()] if QUERIES.exists() else ["list open issues"]
    words = [tokenize(query) for query in queries]
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
            {"search": ours.search, "queries": itertools.cycle(queries)},
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
        f"{len(queries)} labelled queries in turn; ToolSearch's index took {built:.2f} s to build.",
        "toolbridge's time includes tokenising the query; rank_bm25's is given the words.",
    )
    return [Section(f"Tool search on a {len(tools):,}-tool registry (BM25)", rows, notes)]


# -- evaluation -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Scores:
    queries: int
    recall: dict[int, float]
    mrr: float


def subset(
    tools: list[tuple[str, Any]], queries: list[tuple[str, frozenset[str]]], size: int
) -> tuple[list[Any], list[tuple[str, frozenset[str]]]]:
    """`size` tools holding the answers of as many queries as fit in half of them, the
    rest distractors; and those queries, their answers cut to the subset."""
    if size >= len(tools):
        return [tool for _, tool in tools], queries
    chooser = random.Random(size)
    order = list(queries)
    chooser.shuffle(order)
    chosen: set[str] = set()
    for _, relevant in order:
        if len(chosen | relevant) > size // 2:
            continue
        chosen |= relevant
    others = [key for key, _ in tools if key not in chosen]
    chooser.shuffle(others)
    keep = chosen | set(others[: size - len(chosen)])
    kept = [tool for key, tool in tools if key in keep]
    asked = [(query, relevant & keep) for query, relevant in queries if relevant <= keep]
    return kept, asked


def score(search: Any, names: dict[str, str], queries: list[tuple[str, frozenset[str]]]) -> Scores:
    hits = {1: 0, 5: 0, 10: 0}
    reciprocal = 0.0
    for query, relevant in queries:
        ranked = [names[hit.name] for hit in search.search(query, 10)]
        first = next((rank for rank, key in enumerate(ranked, 1) if key in relevant), None)
        if first is not None:
            reciprocal += 1.0 / first
            for k in hits:
                hits[k] += first <= k
    count = len(queries)
    return Scores(count, {k: v / count for k, v in hits.items()}, reciprocal / count)


def evaluate(
    sizes: Sequence[int | None] = (50, 500, None),
    modes: Sequence[str] = ("bm25", "dense", "hybrid"),
    splits: Sequence[str] = SPLITS,
) -> str:
    """The ranking's scores on each split of the labelled queries, size and mode."""
    from toolbridge.search import ToolSearch

    tools = corpus()
    names = {tool.name: key for key, tool in tools}
    lines = [
        f"Tool search evaluation: {len(labelled())} labelled queries over the MCP corpus "
        f"({len(tools):,} tools), split {' / '.join(splits)} (tuned on 'tune' only). "
        "recall@k: the share of queries with a correct tool in the top k; MRR: mean of "
        "1 / rank of the first correct tool (0 if none in the top 10).",
        "",
        _row("split", "tools", "queries", "mode", "R@1", "R@5", "R@10", "MRR", "ms/query"),
    ]
    for split in splits:
        for size in sizes:
            kept, asked = subset(tools, labelled(split), size or len(tools))
            for mode in modes:
                search = ToolSearch(kept, mode=mode)  # type: ignore[arg-type]
                started = time.perf_counter()
                result = score(search, names, asked)
                per_query = (time.perf_counter() - started) * 1000 / max(1, len(asked))
                lines.append(
                    _row(
                        split,
                        str(len(kept)),
                        str(result.queries),
                        mode,
                        *_measures(result),
                        f"{per_query:.2f}",
                    )
                )
    lines += ["", *by_kind(tools, names, splits, [mode for mode in modes if mode != "dense"])]
    return "\n".join(lines)


def by_kind(
    tools: list[tuple[str, Any]],
    names: dict[str, str],
    splits: Sequence[str] = SPLITS,
    modes: Sequence[str] = ("bm25", "hybrid"),
) -> list[str]:
    """Recall and MRR over all tools for each kind of query: where the misses are."""
    from toolbridge.search import ToolSearch

    lines = [
        "By kind of query, all tools (plain: the first 272, mixed; the others as written "
        "for their kind):",
        "",
        _row("split", "kind", "queries", "mode", "R@1", "R@5", "R@10", "MRR", ""),
    ]
    searches = {mode: ToolSearch([tool for _, tool in tools], mode=mode) for mode in modes}  # type: ignore[arg-type]
    for split in splits:
        asked = labelled(split)
        for kind in KINDS:
            some = [(query, relevant) for query, relevant in asked if kind_of(query) == kind]
            if not some:
                continue
            for mode in modes:
                result = score(searches[mode], names, some)
                lines.append(_row(split, kind, str(result.queries), mode, *_measures(result), ""))
    return lines


def _measures(result: Scores) -> tuple[str, ...]:
    """A result's measures as cells: R@1, R@5, R@10 and MRR."""
    return (*(f"{result.recall[k]:.3f}" for k in (1, 5, 10)), f"{result.mrr:.3f}")


def _row(*cells: str) -> str:
    widths = (5, 8, 7, 7, 5, 5, 5, 5, 8)
    return "  ".join(
        cell.ljust(width) if index in (0, 3) else cell.rjust(width)
        for index, (cell, width) in enumerate(zip(cells, widths, strict=True))
    )


if __name__ == "__main__":
    print(evaluate())
    sys.exit(0)
