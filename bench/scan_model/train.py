"""Fit, judge and write the scan's learned layer (bench/scan_model/README.md).

    uv run --group train python bench/scan_model/train.py            # LOSO table + model file
    uv run --group train python bench/scan_model/train.py --variants # the feature variants

Trained on the labelled poisoning files, held-out sets 1 (tuned) to 14 (both parts), the
honest tools of tests/data/honest, the MCP clean corpus and the OpenAPI corpus's tune
half; rug pulls (entries whose only rule is ``definition-changed``) are left out. Sets 15
and 16 are never read: `guard` refuses them.

Leave-one-set-out: 12 folds, one per held-out set (3 ... 14). Fold k trains
without set k and without a twelfth of the clean servers (by a hash of the server), then
scores both. The threshold is set on those out-of-fold clean scores: the lowest one at
which the rules OR the model flag at most 0.25% of the MCP corpus and at most 0.25% of
the OpenAPI tune half. Each held-out set is then judged at that threshold by the fold
that never saw it.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import math
import re
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
from scipy import sparse
from sklearn.linear_model import LogisticRegression

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from _security import (  # noqa: E402
    CORPUS,
    OPENAPI,
    POISONING,
    TUNED,
    Entry,
    clean,
    labelled,
    openapi_part,
    ours,
)

from toolbridge.formats import from_mcp_tool  # noqa: E402
from toolbridge.security._grams import Shape, char_grams, grams, words  # noqa: E402
from toolbridge.security._strings import strings  # noqa: E402

ROOT = HERE.parent.parent
MODEL = ROOT / "packages" / "toolbridge" / "src" / "toolbridge" / "security" / "_model.json.gz"
FORBIDDEN = tuple(POISONING / f"heldout{n}" for n in (43, 44, 45))
"""Never read: sets 43, 44 and 45 (written blind and judged once at the end of the session
that trained this model; the next one may train on them)."""
HELD: tuple[str, ...] = tuple(f"heldout{n}" for n in range(3, 43))
"""The held-out sets, one fold each."""
HONEST_DIR = ROOT / "tests" / "data" / "honest"
"""Honest tools written blind to the scanner: everyday tools in 48 languages
(``everyday-*.json``, trained on: without them the model read non-English text as poison,
flagging 35% of them out of fold), and tools that talk about secrets, attacks or other
tools (the rest: scored, see `SUSPICIOUS_WEIGHT`). Folds by server, like the corpora's."""
HONEST = True
"""Train on `HONEST_DIR` (`--no-honest` leaves it out)."""
HONEST_GLOB = "*.json"
"""Which of its files (`--honest-glob`)."""
HONEST_WEIGHT = 1.0
"""The weight of an everyday honest tool (`--honest-weight`)."""
SUSPICIOUS_WEIGHT = 0.0
"""The weight of an honest tool that talks about secrets, attacks or other tools
(`--suspicious-weight`). 0: they are scored out of fold, not trained on. Trained on,
they cost recall on set 14 (exfiltration asks woven into security-heavy documentation:
weight 1, 89.0% -> 79.9% leave one set out) and spared few of their own kind."""
CORPORA = (
    "honest/everyday",
    "honest/suspicious",
    "mcp",
    "openapi/tune",
    "openapi/unseen",
    "short/mcp",
    "short/openapi/tune",
    "short/openapi/unseen",
)
SHORT = True
"""Train on the short views of the clean tools (`short`)."""
FRESH = tuple(f"heldout{n}" for n in range(12, 43))
"""The latest held-out sets, pooled: each was judged once before rules were tuned on it."""
CLEAN_TARGET = 0.005
CLEAN_BUDGET = CLEAN_TARGET / 2
"""The share of each clean corpus the threshold lets rules OR model flag: half the
target, a margin for clean tools unlike the corpora's, since the layer runs by default."""
EVERYDAY_EXTRA = 0.01
"""The share of the everyday honest tools (48 languages) the model may flag beyond the
rules' own, out of fold: trained on sets 3-16 with the corpora's budget alone, its
threshold (1.52) flagged 5.7% of them, the rules 2.5%."""
CLEAN_FOLDS = 12
C = 16.0
KEEP = 60_000
"""Weights kept (the largest by magnitude); the rest are dropped from the file."""
HARD = 3.0
"""The weight of a hard negative and of a victim (a clean tool weighs 1)."""
WEIGHT = {"poisoned": 1.0, "clean": 1.0, "negative": HARD, "victim": HARD}
CATEGORIES = ("hidden", "shadowing", "exfiltration")


def guard(path: Path) -> Path:
    """`path`, or exit when it is, or is inside, a folder this script must never read."""
    resolved = path.resolve()
    for forbidden in FORBIDDEN:
        if resolved == forbidden.resolve() or forbidden.resolve() in resolved.parents:
            raise SystemExit(f"refused: {path} is kept from training and tuning")
    return path


def _files(folder: Path) -> list[Path]:
    return [guard(path) for path in sorted(guard(folder).glob("*.json"))]


def _folder(name: str) -> list[Path]:
    """The folders of a held-out set: its own, or its tune and unseen parts."""
    base = guard(POISONING / name)
    parts = [base / "tune", base / "unseen"]
    if name.endswith("/tune") or not parts[0].is_dir():
        return [base]
    return [guard(part) for part in parts]


@dataclass(frozen=True, slots=True)
class Row:
    entry: Entry
    source: str
    """``labelled``, a held-out set's name, ``mcp``, ``openapi/tune`` or ``openapi/unseen``."""
    fold: int
    """The clean fold of a clean tool (-1 for the others)."""


def load() -> tuple[list[Row], list[Path]]:
    """Every row, and every file read for training (for the manifest)."""
    read: list[Path] = _files(POISONING)
    rows = [Row(entry, "labelled", -1) for entry in labelled(POISONING)]
    for name in TUNED:
        read += _files(POISONING / name)
        rows += [Row(e, "labelled", -1) for e in labelled(guard(POISONING / name), f"{name}/")]
    for name in HELD:
        for folder in _folder(name):
            read += _files(folder)
            prefix = f"{folder.relative_to(POISONING)}/"
            rows += [Row(entry, name, -1) for entry in labelled(folder, prefix)]
    for entry in clean():
        if entry.group.startswith("openapi/"):
            part = openapi_part(entry.server)
            source = f"openapi/{part}"
            if part == "tune":
                read.append(OPENAPI / f"{entry.server}.json")
        else:
            source = "mcp"
            read.append(CORPUS / f"{entry.server}.json")
        digest = hashlib.sha256(entry.group.encode()).hexdigest()
        rows.append(Row(entry, source, int(digest[:8], 16) % CLEAN_FOLDS))
    if HONEST and HONEST_DIR.is_dir():
        for path in sorted(HONEST_DIR.glob(HONEST_GLOB)):
            read.append(path)
            for item in json.loads(path.read_text(encoding="utf-8")):
                entry = Entry(
                    id=f"honest/{path.stem}/{item['server']}/{item['tool']['name']}",
                    group=f"honest/{path.stem}",
                    kind="negative",
                    server=item["server"],
                    wire=item["tool"],
                )
                digest = hashlib.sha256(f"honest/{entry.server}".encode()).hexdigest()
                kind = "everyday" if path.stem.startswith("everyday-") else "suspicious"
                rows.append(Row(entry, f"honest/{kind}", int(digest[:8], 16) % CLEAN_FOLDS))
    rows = [row for row in rows if row.entry.rules != frozenset({"definition-changed"})]
    rows += [
        Row(
            replace(
                row.entry,
                id=f"{row.entry.id}#short",
                group=f"{row.entry.group}#short",
                wire=short(row.entry.wire),
            ),
            f"short/{row.source}",
            row.fold,
        )
        for row in rows
        if row.entry.kind == "clean"
    ]
    return rows, sorted(set(read))


def short(wire: Mapping[str, Any]) -> dict[str, Any]:
    """A clean tool as a terse server writes it: its name, its description's first
    sentence, its parameters' names and types. The poisoned sets' tools are short and the
    corpora's long: without these, shortness itself reads as poison."""
    description = str(wire.get("description") or "").strip()
    first = re.split(r"(?<=[.!?])\s|\n", description, maxsplit=1)[0]
    schema = wire.get("inputSchema")
    properties = schema.get("properties") if isinstance(schema, dict) else None
    names = list(properties) if isinstance(properties, dict) else []
    return {
        "name": wire["name"],
        "description": first,
        "inputSchema": {
            "type": "object",
            "properties": {name: {"type": "string"} for name in names},
        },
    }


def texts(entry: Entry) -> list[str]:
    return [text.value for text in strings(from_mcp_tool(entry.wire))]


@dataclass(frozen=True, slots=True)
class Matrix:
    x: sparse.csr_matrix
    columns: list[tuple[str, str]]
    """(block, gram) of each column."""


def matrix(values: Sequence[list[str]], shape: Shape) -> Matrix:
    """The rows' features as `toolbridge.security._grams` defines them: the ``w`` block
    binary, the ``c`` block counted over the distinct words, each divided by the square
    root of its number of grams."""
    vocabulary: dict[tuple[str, str], int] = {}
    indptr, indices, data = [0], [], []
    cache: dict[str, list[str]] = {}
    for strings_ in values:
        words, distinct = grams(strings_, shape)
        row: dict[int, float] = {}
        if words:
            scale = 1.0 / math.sqrt(len(words))
            for gram in sorted(words):
                row[vocabulary.setdefault(("w", gram), len(vocabulary))] = scale
        counts: dict[str, int] = defaultdict(int)
        for word in distinct:
            found = cache.get(word)
            if found is None:
                found = cache[word] = char_grams(word, shape)
            for gram in found:
                counts[gram] += 1
        total = sum(counts.values())
        if total:
            scale = 1.0 / math.sqrt(total)
            for gram in sorted(counts):
                row[vocabulary.setdefault(("c", gram), len(vocabulary))] = counts[gram] * scale
        for column in sorted(row):
            indices.append(column)
            data.append(row[column])
        indptr.append(len(indices))
    x = sparse.csr_matrix(
        (np.array(data), np.array(indices, dtype=np.int64), np.array(indptr, dtype=np.int64)),
        shape=(len(values), len(vocabulary)),
    )
    columns = [key for key, _ in sorted(vocabulary.items(), key=lambda item: item[1])]
    return Matrix(x, columns)


@dataclass(frozen=True, slots=True)
class Fit:
    bias: float
    kept: np.ndarray
    """Column indexes kept."""
    weights: np.ndarray
    """Their weights, rounded as the file holds them."""

    def score(self, x: sparse.csr_matrix) -> np.ndarray:
        return np.asarray(x[:, self.kept] @ self.weights).ravel() + self.bias


SCALE = 10_000
"""Weights are written as integers, in units of 1/SCALE (the library sums integers)."""


def _rounded(value: float) -> float:
    return float(f"{value:.4g}")


def fit(x: sparse.csr_matrix, rows: Sequence[Row], c: float, keep: int, hard: float) -> Fit:
    y = np.array([row.entry.kind == "poisoned" for row in rows], dtype=int)
    weights_ = {**WEIGHT, "negative": hard, "victim": hard}
    weights_["honest/everyday"] = HONEST_WEIGHT
    weights_["honest/suspicious"] = SUSPICIOUS_WEIGHT
    weight = np.array([weights_.get(row.source, weights_[row.entry.kind]) for row in rows])
    model = LogisticRegression(
        C=c, class_weight="balanced", solver="liblinear", max_iter=1000, random_state=0
    )
    model.fit(x, y, sample_weight=weight)
    coef = model.coef_.ravel()
    order = np.lexsort((np.arange(len(coef)), -np.abs(coef)))  # ties: by column, stable
    kept = np.sort(order[: min(keep, int(np.count_nonzero(coef)))])
    weights = np.round(coef[kept] * SCALE) / SCALE
    return Fit(_rounded(float(model.intercept_[0])), kept, weights)


def _training(row: Row, held: str | None, fold: int | None) -> bool:
    if row.source.endswith("openapi/unseen") or (row.source.startswith("short/") and not SHORT):
        return False
    if held is not None and row.source == held:
        return False
    return not (fold is not None and row.fold == fold)


def threshold(scores: Mapping[str, float], rules: Mapping[str, bool], rows: Iterable[Row]) -> float:
    """The least threshold at which rules OR model flag <= 0.25% of each clean corpus, and
    the model <= 1% of the everyday honest tools beyond the rules' own (out of fold)."""
    needed = -math.inf
    by: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        if row.source in ("mcp", "openapi/tune", "honest/everyday"):
            by[row.source].append(row)
    for source, corpus in by.items():
        if source == "honest/everyday":
            budget = math.floor(EVERYDAY_EXTRA * len(corpus))
        else:
            budget = math.floor(CLEAN_BUDGET * len(corpus)) - sum(rules[r.entry.id] for r in corpus)
        free = sorted((scores[r.entry.id] for r in corpus if not rules[r.entry.id]), reverse=True)
        if budget < 0:
            return math.inf
        if budget < len(free):
            needed = max(needed, free[budget] + 1e-6)
    return math.ceil(needed * 1e4) / 1e4 if needed > -math.inf else needed


@dataclass(frozen=True, slots=True)
class Judged:
    """One held-out set at the threshold: rules alone, and rules OR model."""

    name: str
    rules: dict[str, tuple[int, int]]
    both: dict[str, tuple[int, int]]
    benign_rules: tuple[int, int]
    """Hard negatives and victims flagged by the rules, of how many."""
    benign_both: tuple[int, int]
    victims: tuple[int, int, int]
    """Of those, victims: flagged by the rules, by rules OR model, how many."""


def _category(entry: Entry) -> str:
    stem = entry.group.rsplit("/", 1)[-1]
    return stem if stem in CATEGORIES else "other"


def judge(
    name: str, rows: Sequence[Row], scores: Mapping[str, float], rules: Mapping[str, bool], t: float
) -> Judged:
    by_rules: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    by_both: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    benign = [0, 0, 0]
    victims = [0, 0, 0]
    for row in rows:
        entry = row.entry
        hit = rules[entry.id]
        both = hit or scores[entry.id] >= t
        if entry.kind == "poisoned":
            category = _category(entry)
            by_rules[category][0] += hit
            by_rules[category][1] += 1
            by_both[category][0] += both
            by_both[category][1] += 1
        else:
            benign[0] += hit
            benign[1] += both
            benign[2] += 1
            if entry.kind == "victim":
                victims[0] += hit
                victims[1] += both
                victims[2] += 1
    return Judged(
        name,
        {k: (v[0], v[1]) for k, v in sorted(by_rules.items())},
        {k: (v[0], v[1]) for k, v in sorted(by_both.items())},
        (benign[0], benign[2]),
        (benign[1], benign[2]),
        (victims[0], victims[1], victims[2]),
    )


@dataclass(frozen=True, slots=True)
class Outcome:
    shape: Shape
    c: float
    keep: int
    hard: float
    t: float
    judged: list[Judged]
    clean: dict[str, tuple[int, int, int]]
    """Corpus -> (rules flagged, rules OR model flagged, tools); MCP and OpenAPI tune out
    of fold, OpenAPI unseen by the final model."""
    final: Fit | None
    matrix: Matrix | None
    scores: dict[str, float]

    def mean(self, both: bool) -> float:
        values = []
        for judged in self.judged:
            counts = judged.both if both else judged.rules
            caught = sum(v[0] for v in counts.values())
            total = sum(v[1] for v in counts.values())
            values.append(caught / total)
        return sum(values) / len(values)

    def fresh(self, both: bool) -> tuple[int, int]:
        """Caught and poisoned, pooled, in the sets the rules were not tuned on."""
        caught = total = 0
        for judged in self.judged:
            if judged.name in FRESH:
                counts = judged.both if both else judged.rules
                caught += sum(v[0] for v in counts.values())
                total += sum(v[1] for v in counts.values())
        return caught, total


def rules_verdicts(rows: Sequence[Row]) -> dict[str, bool]:
    """Whether the rules (without the learned layer) flag each row at medium or above."""
    found = ours([row.entry for row in rows], disable=("learned",))
    return {key: bool(value) for key, value in found.items()}


def evaluate(
    rows: Sequence[Row],
    values: Sequence[list[str]],
    rules: Mapping[str, bool],
    shape: Shape,
    c: float,
    keep: int,
    *,
    final: bool,
    hard: float = HARD,
) -> Outcome:
    started = time.perf_counter()
    m = matrix(values, shape)
    scores: dict[str, float] = {}
    for k, held in enumerate(HELD):
        train = [i for i, row in enumerate(rows) if _training(row, held, k)]
        model = fit(m.x[train], [rows[i] for i in train], c, keep, hard)
        out = [
            i
            for i, row in enumerate(rows)
            if row.source == held or (row.fold == k and not row.source.endswith("openapi/unseen"))
        ]
        for i, value in zip(out, model.score(m.x[out]), strict=True):
            scores[rows[i].entry.id] = float(value)
    # clean folds past the held-out sets' count: trained without that fold alone
    for k in range(len(HELD), CLEAN_FOLDS):
        train = [i for i, row in enumerate(rows) if _training(row, None, k)]
        model = fit(m.x[train], [rows[i] for i in train], c, keep, hard)
        out = [
            i
            for i, row in enumerate(rows)
            if row.fold == k and not row.source.endswith("openapi/unseen")
        ]
        for i, value in zip(out, model.score(m.x[out]), strict=True):
            scores[rows[i].entry.id] = float(value)
    for row, value in zip(rows, values, strict=True):
        if row.entry.id in scores and len(words(value, shape)) < shape.min_words:
            scores[row.entry.id] = -math.inf  # too short to be read (`Shape.min_words`)
    t = threshold(scores, rules, rows)
    judged = [
        judge(held, [row for row in rows if row.source == held], scores, rules, t) for held in HELD
    ]
    cleans: dict[str, tuple[int, int, int]] = {}
    the_fit = None
    if final:
        train = [i for i, row in enumerate(rows) if _training(row, None, None)]
        the_fit = fit(m.x[train], [rows[i] for i in train], c, keep, hard)
        out = [i for i, row in enumerate(rows) if row.source.endswith("openapi/unseen")]
        for i, value in zip(out, the_fit.score(m.x[out]), strict=True):
            short_ = len(words(values[i], shape)) < shape.min_words
            scores[rows[i].entry.id] = -math.inf if short_ else float(value)
    for corpus in CORPORA:
        part = [row for row in rows if row.source == corpus]
        if corpus.endswith("openapi/unseen") and not final:
            continue
        cleans[corpus] = (
            sum(rules[r.entry.id] for r in part),
            sum(rules[r.entry.id] or scores[r.entry.id] >= t for r in part),
            len(part),
        )
    print(f"  ({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    return Outcome(shape, c, keep, hard, t, judged, cleans, the_fit, m, scores)


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def sweep(outcome: Outcome, rows: Sequence[Row], rules: Mapping[str, bool]) -> None:
    """The LOSO figures at thresholds above the CV's (out-of-fold scores)."""
    print(
        "| threshold | LOSO mean | fresh sets | negatives + victims | MCP | short MCP "
        "| everyday honest | suspicious-looking honest |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for step in (0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0):
        t = outcome.t + step
        judged = [
            judge(held, [row for row in rows if row.source == held], outcome.scores, rules, t)
            for held in HELD
        ]
        at = replace(outcome, t=t, judged=judged)
        a, n = at.fresh(True)
        neg = sum(j.benign_both[0] for j in judged)
        negn = sum(j.benign_both[1] for j in judged)
        flagged = {
            corpus: sum(
                rules[r.entry.id] or outcome.scores[r.entry.id] >= t
                for r in rows
                if r.source == corpus
            )
            for corpus in ("mcp", "short/mcp", "honest/everyday", "honest/suspicious")
        }
        print(
            f"| {t:.3g} | {100 * at.mean(True):.1f}% | {_pct(a, n)} ({a}/{n}) | {neg}/{negn} "
            f"| {flagged['mcp']} | {flagged['short/mcp']} | {flagged['honest/everyday']} "
            f"| {flagged['honest/suspicious']} |",
            flush=True,
        )


def _short(outcome: Outcome, both: bool) -> str:
    counts = [outcome.clean[c] for c in ("short/mcp", "short/openapi/tune")]
    flagged = sum(c[1] if both else c[0] for c in counts)
    return _pct(flagged, sum(c[2] for c in counts))


def _variant_row(name: str, threshold: str, outcome: Outcome, *, with_model: bool) -> str:
    """One row of the variants' table: the rules alone, or the rules OR the model."""
    a, n = outcome.fresh(with_model)
    benign = [j.benign_both if with_model else j.benign_rules for j in outcome.judged]
    neg, negn = sum(b[0] for b in benign), sum(b[1] for b in benign)
    mcp, tune = outcome.clean["mcp"], outcome.clean["openapi/tune"]
    at = 1 if with_model else 0
    return (
        f"| {name} | {threshold} | {100 * outcome.mean(with_model):.1f}% | {_pct(a, n)} "
        f"({a}/{n}) | {neg}/{negn} | {_pct(mcp[at], mcp[2])} | {_pct(tune[at], tune[2])} "
        f"| {_short(outcome, with_model)} |"
    )


def table(outcome: Outcome) -> str:
    lines = [
        "| set | hidden | shadowing | exfiltration | other | all | negatives + victims flagged "
        "| of which victims |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for judged in outcome.judged:
        cells = []
        for category in (*CATEGORIES, "other"):
            if category in judged.rules:
                a, n = judged.rules[category]
                b, _ = judged.both[category]
                cells.append(f"{a}/{n} → {b}/{n}")
            else:
                cells.append("-")
        a = sum(v[0] for v in judged.rules.values())
        b = sum(v[0] for v in judged.both.values())
        n = sum(v[1] for v in judged.rules.values())
        (ra, rn), (ba, _) = judged.benign_rules, judged.benign_both
        lines.append(
            f"| {judged.name} | {' | '.join(cells)} | {_pct(a, n)} → {_pct(b, n)} "
            f"| {ra}/{rn} → {ba}/{rn} | {judged.victims[0]}/{judged.victims[2]} → "
            f"{judged.victims[1]}/{judged.victims[2]} |"
        )
    lines.append(
        f"| mean of sets | | | | | {100 * outcome.mean(False):.1f}% → "
        f"{100 * outcome.mean(True):.1f}% | | |"
    )
    lines.append("")
    lines.append("| clean corpus | rules | rules OR model |")
    lines.append("|---|---|---|")
    for corpus, (a, b, n) in outcome.clean.items():
        lines.append(f"| {corpus} | {_pct(a, n)} ({a}/{n}) | {_pct(b, n)} ({b}/{n}) |")
    return "\n".join(lines)


def manifest(files: Sequence[Path], outcome: Outcome) -> dict[str, Any]:
    return {
        "trained_on": {
            str(path.relative_to(ROOT)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in files
        },
        "folders": sorted({str(path.parent.relative_to(ROOT)) for path in files}),
        "parameters": {
            "C": outcome.c,
            "keep": outcome.keep,
            "class_weight": "balanced",
            "sample_weight": {**WEIGHT, "negative": outcome.hard, "victim": outcome.hard},
            "solver": "liblinear",
            "clean_target": CLEAN_TARGET,
            "clean_budget": CLEAN_BUDGET,
            "clean_folds": CLEAN_FOLDS,
            "rug_pulls": "left out",
        },
        "loso_mean_recall": {
            "rules": round(outcome.mean(False), 4),
            "rules_or_model": round(outcome.mean(True), 4),
        },
    }


def write(outcome: Outcome, files: Sequence[Path], path: Path) -> None:
    assert outcome.final is not None
    assert outcome.matrix is not None
    blocks: dict[str, dict[str, int]] = {"w": {}, "c": {}}
    for column, weight in zip(outcome.final.kept, outcome.final.weights, strict=True):
        block, gram = outcome.matrix.columns[int(column)]
        if weight:
            blocks[block][gram] = round(float(weight) * SCALE)
    document = {
        "format": 1,
        "shape": outcome.shape.to_dict(),
        "bias": outcome.final.bias,
        "threshold": outcome.t,
        "scale": SCALE,
        "weights": blocks,
        "manifest": manifest(files, outcome),
    }
    raw = json.dumps(document, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    path.write_bytes(gzip.compress(raw.encode("utf-8"), compresslevel=9, mtime=0))
    print(f"wrote {path}: {path.stat().st_size:,} bytes", file=sys.stderr)


SHAPE = Shape(min_words=20)
"""The shipped features: words and pairs, character 3- to 5-grams in words, tools of 20
words or more (a short tool's few words weigh too much: leave one set out, the gate
costs one case of 232 in sets 12 and 13/tune and a fifth of the hard negatives)."""
VARIANTS: dict[str, tuple[Shape, float, int, float]] = {
    "shipped": (SHAPE, C, KEEP, HARD),
    "without the 20-word gate": (Shape(), C, KEEP, HARD),
    "a 15-word gate": (Shape(min_words=15), C, KEEP, HARD),
    "a 30-word gate": (Shape(min_words=30), C, KEEP, HARD),
    "words 1-2 + chars 3-5 in words": (Shape(), C, KEEP, HARD),
    "the same, C=4": (Shape(), 4.0, KEEP, HARD),
    "the same, C=64": (Shape(), 64.0, KEEP, HARD),
    "the same, hard negatives x10": (Shape(), C, KEEP, 10.0),
    "the same, C=4, hard negatives x10": (Shape(), 4.0, KEEP, 10.0),
    "the same, 20,000 weights kept": (Shape(), C, 20_000, HARD),
    "the same, 150,000 weights kept": (Shape(), C, 150_000, HARD),
    "words 1-2 + chars 2-5 in words": (Shape(chars=(2, 5)), C, KEEP, HARD),
    "words 1-2 + chars 3-4 in words": (Shape(chars=(3, 4)), C, KEEP, HARD),
    "words 1-2 only": (Shape(chars=(0, 0)), C, KEEP, HARD),
    "words 1 + chars 3-5 in words": (Shape(pairs=False), C, KEEP, HARD),
    "no invisible tokens": (Shape(marks=False), C, KEEP, HARD),
    "capped at 500 / 2,000 chars": (Shape(string_limit=500, tool_limit=2_000), C, KEEP, HARD),
    "capped at 2,000 / 8,000 chars": (Shape(string_limit=2_000, tool_limit=8_000), C, KEEP, HARD),
}


def main() -> None:
    global SHORT, HONEST, HONEST_GLOB, HONEST_WEIGHT, SUSPICIOUS_WEIGHT
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--variants", action="store_true", help="LOSO of each feature variant")
    parser.add_argument("--c", type=float, default=C)
    parser.add_argument("--keep", type=int, default=KEEP)
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--threshold", type=float, help="instead of the CV's")
    parser.add_argument("--sweep", action="store_true", help="the table at other thresholds")
    parser.add_argument("--hard", type=float, default=HARD)
    parser.add_argument("--no-short", action="store_true", help="no short views of clean tools")
    parser.add_argument("--no-honest", action="store_true", help="not the honest tools")
    parser.add_argument("--honest-glob", default=HONEST_GLOB, help="which honest files")
    parser.add_argument("--honest-weight", type=float, default=HONEST_WEIGHT)
    parser.add_argument("--suspicious-weight", type=float, default=SUSPICIOUS_WEIGHT)
    parser.add_argument("--only", nargs="*", help="the variants to run (by name)")
    parser.add_argument("--out", type=Path, default=MODEL)
    args = parser.parse_args()
    SHORT = not args.no_short
    HONEST = not args.no_honest
    HONEST_GLOB = args.honest_glob
    HONEST_WEIGHT = args.honest_weight
    SUSPICIOUS_WEIGHT = args.suspicious_weight
    rows, files = load()
    print(f"{len(rows)} rows, {len(files)} files", file=sys.stderr)
    values = [texts(row.entry) for row in rows]
    rules = rules_verdicts(rows)
    if args.variants:
        chosen = [name for name in VARIANTS if not args.only or name in args.only]
        print(
            "| variant | threshold | LOSO mean | fresh sets | negatives + victims "
            "| MCP | OpenAPI tune | short views |"
        )
        print("|---|---|---|---|---|---|---|---|")
        for name in chosen:
            shape, c, keep, hard = VARIANTS[name]
            print(name, file=sys.stderr)
            outcome = evaluate(rows, values, rules, shape, c, keep, final=False, hard=hard)
            if name == chosen[0]:
                print(_variant_row("rules alone", "-", outcome, with_model=False))
            print(_variant_row(name, f"{outcome.t:.3g}", outcome, with_model=True), flush=True)
        return
    outcome = evaluate(rows, values, rules, SHAPE, args.c, args.keep, final=True, hard=args.hard)
    if args.sweep:
        sweep(outcome, rows, rules)
    if args.threshold is not None:
        outcome = replace(outcome, t=args.threshold)
    print(f"threshold {outcome.t}")
    print(table(outcome))
    if not args.no_write:
        write(outcome, files, args.out)
        same(outcome, values, args.out)


def same(outcome: Outcome, values: Sequence[list[str]], path: Path) -> None:
    """Exit unless the library's reading of the written file scores every row as here."""
    from toolbridge.security._learned import Model

    assert outcome.final is not None
    assert outcome.matrix is not None
    library = Model(json.loads(gzip.decompress(path.read_bytes())))
    here = outcome.final.score(outcome.matrix.x)
    worst = max(abs(library.score(v) - float(h)) for v, h in zip(values, here, strict=True))
    print(f"library vs script, largest score difference: {worst:.2e}", file=sys.stderr)
    if worst > 1e-9:
        raise SystemExit("the library reads the features differently from the script")


if __name__ == "__main__":
    main()
