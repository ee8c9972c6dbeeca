"""A learned linear reranker over a ranking's first tools, judged leave-one-style-out.

Issue 29 tried learning how the ranking's signals combine instead of setting each
weight by hand (docs/search.md, the ranking rule's table, "a learned linear reranker").
For each of the six query sets of ``bench/search_styles``, over its corpus, the first
``--candidates`` tools of every TUNE query (BM25, or hybrid's fused ranking) get the
features of `FEATURES`; a linear weighting of them is learned (``--loss``): pairwise
logistic regression (each right tool against each wrong one of its query; each set
weighs the same), optionally pulled toward the ranking as it is (``--anchor``: L2 on
the distance from the score alone, at its fitted temperature); a softmax over each
query's candidates; or coordinate ascent on R@1 + R@5 itself (an upper bound's search).
The test splits' queries are never trained on: ``--test`` scores them with the
weights learned on all six tune splits, as a check only.

Leave-one-style-out: six times, the weights are learned on five sets' tune splits and
the sixth's tune split is scored with them; those held-out figures say whether the
learned combination carries to a style it has not seen. ``--fixed`` scores given
weights instead of learning them (``--fixed action_agrees=0.03``)::

    uv run --group bench python bench/_search_rerank.py --anchor --l2 1e-2
    uv run --group bench python bench/_search_rerank.py --loss listwise --modes bm25 --test

Nothing here is used by the search: the result was negative (docs/search.md).
"""

from __future__ import annotations

import argparse
import math
import re
import statistics
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import _search_eval
import numpy

MODES = ("bm25", "hybrid")
FEATURES = (
    "score",
    "whole",
    "name",
    "description",
    "kept",
    "name_said",
    "query_said",
    "name_length",
    "rank",
    "identifier",
    "long_name_said",
    "long_query_said",
    "dense",
    "action_agrees",
    "head_said",
    "head_said_first",
)
"""The features of one candidate, a row's columns in this order:

- ``score``: the ranking's score, over the first tool's;
- ``whole``, ``name``, ``description``: each BM25 field's score over the best of the
  candidates' in that field;
- ``kept``: the share of its BM25 score the tool's operation and number left it;
- ``name_said``: the IDF-weighted share of the tool name's words the request has;
- ``query_said``: the share of the request's weighted IDF mass the tool's words have;
- ``name_length``: 1 over the number of the name's distinct words;
- ``rank``: 1 over the candidate's place in the ranking;
- ``identifier``: 1 when the request holds an identifier and the tool requires an
  identifier parameter, -1 when it holds one and the tool requires none, else 0;
- ``long_name_said``, ``long_query_said``: the two shares again, in a request of more
  than ten words only;
- ``dense``: the cosine's z-score (hybrid only);
- ``action_agrees``: 1 when the tool's name's operation is the request's;
- ``head_said``: 1 when the request has the last word of the name's object
  (``list_wiki_pages``: page); ``head_said_first``: in its first sentence.
"""
_LONG = 10
_IDENTIFIER = re.compile(
    r"(?<![\w.-])(?:\d{3,}|#\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f-]{27}|"
    r"(?=\w*\d)(?=\w*[A-Za-z])[A-Za-z0-9_-]{6,})(?![\w.-])"
)
_YEAR = re.compile(r"^(?:19|20)\d\d$")
_ID_PARAMETER = re.compile(
    r"^(?:id|key|number|slug|uuid|.*[_-](?:id|key|number|slug|uuid)|.*[a-z](?:Id|ID|Key|Number))$"
)
_SENTENCE = re.compile(r"[^.!?;:]*")


class Candidates(NamedTuple):
    """What the ranking knew of every tool for one query (numpy arrays)."""

    score: Any
    """The ranking's score (BM25, or the fused score)."""
    whole: Any
    name: Any
    description: Any
    lexical: Any
    """BM25 after the operation's and number's shares."""
    unshared: Any
    """BM25 before them."""
    dense: Any | None
    """The cosines' z-scores, in hybrid."""


class Features:
    """The features of a ranking's first tools, from what the tools say."""

    def __init__(self, tools: Sequence[Any], lexical: Any) -> None:
        from toolbridge.search._document import tool_words
        from toolbridge.search._intent import tool_action

        documents = [tool_words(tool) for tool in tools]
        size = len(documents)
        self._idf = {
            word: math.log1p((size - count + 0.5) / (count + 0.5))
            for word, count in lexical._all.document_frequencies().items()
        }
        self._names = [tuple(dict.fromkeys(words.name)) for words in documents]
        self._name_mass = [sum(self._idf.get(w, 0.0) for w in name) for name in self._names]
        self._words = [frozenset(words.everything) for words in documents]
        self._wants_id = [_requires_identifier(tool) for tool in tools]
        self._actions = [tool_action(tool.name) for tool in tools]
        self._heads = [_head(tool.name) for tool in tools]

    def rows(
        self, query: str, words: Mapping[str, float], found: Candidates, limit: int
    ) -> tuple[Any, Any]:
        """The positions of the ranking's first `limit` tools, best first, and their rows."""
        from toolbridge.search._intent import Action, query_action
        from toolbridge.search._tokenize import tokenize

        reads = {Action.READ, Action.READ_ONE, Action.READ_MANY}
        score = numpy.asarray(found.score, dtype=numpy.float64)
        # In BM25 a tool no word matched is never returned: it is no candidate either.
        pool = numpy.flatnonzero(score > 0.0) if found.dense is None else numpy.arange(len(score))
        top = min(limit, len(pool))
        if top < len(pool):
            pool = pool[numpy.argpartition(-score[pool], top - 1)[:top]]
        first = pool[numpy.lexsort((pool, -score[pool]))]
        rows = numpy.zeros((top, len(FEATURES)), dtype=numpy.float64)
        best = score[first[0]] if top else 0.0
        rows[:, 0] = score[first] / best if best > 0.0 else 0.0
        for column, field in ((1, found.whole), (2, found.name), (3, found.description)):
            values = numpy.asarray(field[first], dtype=numpy.float64)
            peak = float(values.max()) if top else 0.0
            rows[:, column] = values / peak if peak > 0.0 else 0.0
        unshared = numpy.asarray(found.unshared[first], dtype=numpy.float64)
        kept = numpy.ones(top, dtype=numpy.float64)
        numpy.divide(found.lexical[first], unshared, out=kept, where=unshared > 0.0)
        rows[:, 4] = kept
        mass = {word: weight * self._idf.get(word, 0.0) for word, weight in words.items()}
        total = sum(mass.values())
        has_id = any(not _YEAR.match(m.group()) for m in _IDENTIFIER.finditer(query))
        asked = query_action(query)
        sentence = _SENTENCE.match(query)
        first_words = frozenset(tokenize(sentence.group() if sentence else query))
        for at, position in enumerate(first.tolist()):
            name = self._names[position]
            said = sum(self._idf.get(word, 0.0) for word in name if word in words)
            name_mass = self._name_mass[position]
            rows[at, 5] = said / name_mass if name_mass > 0.0 else 0.0
            has = self._words[position]
            rows[at, 6] = sum(v for w, v in mass.items() if w in has) / total if total else 0.0
            rows[at, 7] = 1.0 / len(name) if name else 0.0
            rows[at, 8] = 1.0 / (at + 1)
            if has_id:
                rows[at, 9] = 1.0 if self._wants_id[position] else -1.0
            action = self._actions[position]
            agrees = action is asked or (asked is Action.READ and action in reads)
            rows[at, 13] = float(asked is not None and action is not None and agrees)
            head = self._heads[position]
            rows[at, 14] = float(bool(head) and head in words)
            rows[at, 15] = float(bool(head) and head in first_words)
        if len(words) > _LONG:
            rows[:, 10] = rows[:, 5]
            rows[:, 11] = rows[:, 6]
        if found.dense is not None:
            rows[:, 12] = found.dense[first]
        return first, rows


def _head(name: str) -> str:
    """The stem of the last word of the object `name`'s operation acts on, or ``""``."""
    from toolbridge.search._document import tokenize_for_reading
    from toolbridge.search._intent import _object, tool_action
    from toolbridge.search._tokenize import tokenize

    words = tokenize_for_reading(name.rsplit("__", 1)[-1])
    last = _object([w for w in words if tool_action(w) is None and not w.isdigit()])
    stems = tokenize(last) if last else []
    return stems[-1] if stems else ""


def _requires_identifier(tool: Any) -> bool:
    required = tool.input_schema.get("required")
    if not isinstance(required, list):
        return False
    return any(isinstance(name, str) and _ID_PARAMETER.match(name) for name in required)


def candidates(lexical: Any, query: str) -> tuple[dict[str, float], Candidates]:
    """`lexical`'s words for `query` and its scores, field by field, as `scores` adds them."""
    from toolbridge.search import _lexical

    words = lexical.words(query)
    whole = lexical._all.scores(words)
    name = lexical._names.scores(words)
    description = lexical._descriptions.scores(words)
    unshared = whole + _lexical._NAME_WEIGHT * name + _lexical._DESCRIPTION_WEIGHT * description
    shared = unshared.copy()
    lexical._siblings.apply(query, shared)
    if not numpy.allclose(shared, lexical.scores(query)):
        raise AssertionError("LexicalIndex.scores no longer adds its fields this way")
    return words, Candidates(shared, whole, name, description, shared, unshared, None)


@dataclass
class Query:
    """One query's candidates: their rows, which are right, and the first right's rank."""

    set: str
    split: str
    rows: Any
    right: Any
    beyond: int | None
    """The first right tool's rank in the whole ranking when no candidate is right."""


def collect(mode: str, limit: int, splits: Sequence[str]) -> list[Query]:
    """Every query's candidates and their features, for each set, on `splits`."""
    from toolbridge.search._document import tool_text
    from toolbridge.search._lexical import LexicalIndex
    from toolbridge.search._search import _favour, _fused
    from toolbridge.search._tokenize import without_values

    found: list[Query] = []
    indexes: dict[str, tuple[Any, Features, Any]] = {}
    for query_set in _search_eval.query_sets():
        tools = _search_eval.corpus(query_set.corpus)
        listed = [tool for _, tool in tools]
        if query_set.corpus not in indexes:
            lexical = LexicalIndex(listed)
            dense = None
            if mode == "hybrid":
                from toolbridge.search._dense import DenseIndex

                dense = DenseIndex([tool_text(tool) for tool in listed])
            indexes[query_set.corpus] = (lexical, Features(listed, lexical), dense)
        lexical, features, dense = indexes[query_set.corpus]
        name_of = {key: tool.name for key, tool in tools}
        names = [tool.name for tool in listed]
        for split in splits:
            for text, relevant in query_set.split(split):
                right_names = {name_of[key] for key in relevant}
                words, parts = candidates(lexical, text)
                if dense is not None:
                    meaning = numpy.asarray(dense.scores(without_values(text)), numpy.float64)
                    spread = float(meaning.std())
                    z = (meaning - meaning.mean()) / spread if spread > 0 else meaning * 0.0
                    fused = _fused(parts.score, meaning)
                    _favour(fused, lexical.agreeing(text))  # as ToolSearch's hybrid does
                    parts = parts._replace(score=fused, dense=z)
                else:  # BM25 mode weighs a long request's objects, as ToolSearch does
                    parts = parts._replace(score=lexical.scores(text, objects=True))
                first, rows = features.rows(text, words, parts, limit)
                right = numpy.array([names[p] in right_names for p in first.tolist()], bool)
                beyond = None if right.any() else _rank(parts, names, right_names)
                found.append(Query(query_set.name, split, rows, right, beyond))
    return found


def _rank(found: Candidates, names: list[str], right: set[str]) -> int | None:
    score = numpy.asarray(found.score, numpy.float64)
    order = numpy.lexsort((numpy.arange(len(score)), -score))
    if found.dense is None:
        order = order[score[order] > 0]
    return next((at for at, p in enumerate(order.tolist(), 1) if names[p] in right), None)


def measure(queries: Sequence[Query], weights: Any | None) -> dict[str, float]:
    """R@1/R@5/R@10/MRR of `queries` reordered by `weights` (None: the ranking as it is)."""
    r1 = r5 = r10 = mrr = 0.0
    for query in queries:
        if query.right.any():
            order = numpy.arange(len(query.right))
            if weights is not None:
                order = numpy.lexsort((order, -(query.rows @ weights)))
            rank = int(numpy.flatnonzero(query.right[order])[0]) + 1
        elif query.beyond is not None:
            rank = query.beyond
        else:
            continue
        r1 += rank <= 1
        r5 += rank <= 5
        r10 += rank <= 10
        mrr += 1 / rank if rank <= 10 else 0.0
    n = max(len(queries), 1)
    return {"r1": r1 / n, "r5": r5 / n, "r10": r10 / n, "mrr": mrr / n}


@dataclass(frozen=True)
class Fit:
    """How weights are learned."""

    loss: str
    l2: float
    anchor: bool
    features: tuple[int, ...]

    def __call__(self, queries: Sequence[Query]) -> Any:
        learn: Callable[[Fit, Sequence[Query]], Any] = {
            "pairwise": _pairwise,
            "listwise": _listwise,
            "direct": _direct,
        }[self.loss]
        chosen = learn(self, queries)
        weights = numpy.zeros(len(FEATURES))
        weights[list(self.features)] = chosen
        return weights


def _set_shares(queries: Sequence[Query]) -> dict[str, float]:
    counts: dict[str, int] = {}
    for query in queries:
        counts[query.set] = counts.get(query.set, 0) + 1
    return {name: 1.0 / count for name, count in counts.items()}


def _pairwise(fit: Fit, queries: Sequence[Query]) -> Any:
    """Pairwise logistic regression by Newton's method, each set weighing the same."""
    share = _set_shares(queries)
    differences, weights = [], []
    for query in queries:
        if not query.right.any() or query.right.all():
            continue
        rows = query.rows[:, fit.features]
        good, bad = rows[query.right], rows[~query.right]
        pairs = (good[:, None, :] - bad[None, :, :]).reshape(-1, len(fit.features))
        differences.append(pairs)
        weights.append(numpy.full(len(pairs), share[query.set] / len(pairs)))
    x = numpy.concatenate(differences)
    c = numpy.concatenate(weights)
    c /= c.sum()
    prior = numpy.zeros(len(fit.features))
    if fit.anchor:
        prior[0] = _temperature(x[:, 0], c)  # the ranking as it is, at its own scale
    w = prior.copy()
    w[0] = w[0] or 1.0
    for _ in range(50):
        p = 1.0 / (1.0 + numpy.exp(numpy.clip(x @ w, -50, 50)))  # P(wrong order)
        gradient = -(x * (c * p)[:, None]).sum(0) + 2 * fit.l2 * (w - prior)
        hessian = (x * (c * p * (1 - p))[:, None]).T @ x + 2 * fit.l2 * numpy.eye(len(w))
        step = numpy.linalg.solve(hessian, gradient)
        w -= step
        if float(numpy.abs(step).max()) < 1e-9:
            break
    return w


def _temperature(x: Any, c: Any) -> float:
    t = 1.0
    for _ in range(50):
        p = 1.0 / (1.0 + numpy.exp(numpy.clip(x * t, -50, 50)))
        step = float(-(x * c * p).sum() / (x * x * c * p * (1 - p)).sum())
        t -= step
        if abs(step) < 1e-9:
            break
    return t


def _listwise(fit: Fit, queries: Sequence[Query]) -> Any:
    """Softmax cross-entropy over each query's candidates (the right tools' share), by Adam."""
    share = _set_shares(queries)
    used = [q for q in queries if q.right.any() and not q.right.all()]
    depth = max(len(q.right) for q in used)
    x = numpy.zeros((len(used), depth, len(fit.features)))
    valid = numpy.zeros((len(used), depth), bool)
    right = numpy.zeros((len(used), depth), bool)
    for at, query in enumerate(used):
        x[at, : len(query.right)] = query.rows[:, fit.features]
        valid[at, : len(query.right)] = True
        right[at, : len(query.right)] = query.right
    c = numpy.array([share[q.set] for q in used])
    c /= c.sum()
    w = numpy.zeros(len(fit.features))
    w[0] = 1.0
    m, v = numpy.zeros_like(w), numpy.zeros_like(w)
    for step in range(1, 3001):
        s = numpy.einsum("qnf,f->qn", x, w)
        p_all = _softmax(numpy.where(valid, s, -numpy.inf))
        p_right = _softmax(numpy.where(right, s, -numpy.inf))
        gradient = numpy.einsum("q,qn,qnf->f", c, p_all - p_right, x) + 2 * fit.l2 * w
        m = 0.9 * m + 0.1 * gradient
        v = 0.999 * v + 0.001 * gradient**2
        w -= 0.05 * (m / (1 - 0.9**step)) / (numpy.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return w


def _softmax(s: Any) -> Any:
    e = numpy.exp(s - s.max(1, keepdims=True))
    return e / e.sum(1, keepdims=True)


def _direct(fit: Fit, queries: Sequence[Query]) -> Any:
    """Coordinate ascent on the mean over sets of R@1 + R@5, from the ranking as it is."""
    groups = [[q for q in queries if q.set == name] for name in sorted({q.set for q in queries})]

    def value(w: Any) -> float:
        full = numpy.zeros(len(FEATURES))
        full[list(fit.features)] = w
        return statistics.fmean(
            sum(measure(group, full)[m] for m in ("r1", "r5")) for group in groups
        )

    w = numpy.zeros(len(fit.features))
    w[0] = 1.0
    best = value(w)
    for _ in range(3):
        improved = False
        for at in range(1, len(w)):
            for delta in (-0.4, -0.2, -0.1, -0.05, 0.05, 0.1, 0.2, 0.4):
                trial = w.copy()
                trial[at] += delta
                got = value(trial)
                if got > best + 1e-9:
                    best, w, improved = got, trial, True
        if not improved:
            break
    return w


def report(mode: str, limit: int, learn: Fit | None, fixed: Any, test: bool) -> None:
    """Today's, held-out-style and all-six figures per set; the rule; the weights."""
    queries = collect(mode, limit, ("tune", "test") if test else ("tune",))
    tune = [q for q in queries if q.split == "tune"]
    sets = sorted({q.set for q in tune})
    shipped = learn(tune) if learn is not None else fixed
    print(f"\n== {mode}: first {limit} tools, {learn or 'fixed weights'}")
    print(f"{'set (tune)':18} {'today R@1':>9} {'R@5':>6}   {'held-out R@1':>12} {'R@5':>6}"
          f"   {'all-six R@1':>11} {'R@5':>6}")  # fmt: skip
    columns: list[list[float]] = [[] for _ in range(6)]
    for name in sets:
        mine = [q for q in tune if q.set == name]
        held_weights = learn([q for q in tune if q.set != name]) if learn is not None else fixed
        now, held, fitted = measure(mine, None), measure(mine, held_weights), measure(mine, shipped)
        cells = [now["r1"], now["r5"], held["r1"], held["r5"], fitted["r1"], fitted["r5"]]
        for column, cell in zip(columns, cells, strict=True):
            column.append(cell)
        print(f"{name:18} {cells[0]:9.3f} {cells[1]:6.3f}   {cells[2]:12.3f} {cells[3]:6.3f}"
              f"   {cells[4]:11.3f} {cells[5]:6.3f}")  # fmt: skip
    means = [statistics.fmean(column) for column in columns]
    print(f"{'mean':18} {means[0]:9.3f} {means[1]:6.3f}   {means[2]:12.3f} {means[3]:6.3f}"
          f"   {means[4]:11.3f} {means[5]:6.3f}")  # fmt: skip
    worst = min((a - b) * 100 for a, b in zip(columns[5], columns[1], strict=True))
    holds = worst >= -_search_eval.RULE_POINTS
    print(f"rule (all-six weights): worst tune R@5 change {worst:+.1f} points, "
          + ("holds" if holds else "BREAKS THE RULE"))  # fmt: skip
    if test:
        print("test split (check only, all-six weights): R@1 R@5 today -> reranked")
        for name in sets:
            mine = [q for q in queries if q.set == name and q.split == "test"]
            now, fitted = measure(mine, None), measure(mine, shipped)
            print(f"  {name:18} {now['r1']:.3f} {now['r5']:.3f} -> "
                  f"{fitted['r1']:.3f} {fitted['r5']:.3f}")  # fmt: skip
    scale = shipped[0] if shipped[0] > 0 else 1.0
    print("weights (over the score's):")
    for name, value in zip(FEATURES, shipped / scale, strict=True):
        if value:
            print(f"    {name!r}: {value:.4f},")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--candidates", type=int, default=30, help="first N tools reordered")
    parser.add_argument("--loss", choices=("pairwise", "listwise", "direct"), default="pairwise")
    parser.add_argument("--l2", type=float, default=1e-3)
    parser.add_argument("--anchor", action="store_true", help="L2 toward the ranking as it is")
    parser.add_argument("--features", default="", help="comma-separated names (default: all)")
    parser.add_argument("--fixed", default="", help="score these weights: name=value,...")
    parser.add_argument("--test", action="store_true", help="also the test splits, as a check")
    options = parser.parse_args(argv)
    chosen = options.features.split(",") if options.features else list(FEATURES)
    for mode in options.modes.split(","):
        names = [name for name in chosen if mode == "hybrid" or name != "dense"]
        names = ["score", *(name for name in names if name != "score")]
        learn, fixed = None, numpy.zeros(len(FEATURES))
        fixed[0] = 1.0
        if options.fixed:
            for pair in options.fixed.split(","):
                name, value = pair.split("=")
                fixed[FEATURES.index(name)] = float(value)
        else:
            indexes = tuple(FEATURES.index(name) for name in names)
            learn = Fit(options.loss, options.l2, options.anchor, indexes)
        report(mode, options.candidates, learn, fixed, options.test)
    return 0


if __name__ == "__main__":
    sys.exit(main())
