"""What pulls the wrong tool up: the first-place misses of BM25, and the word to blame.

For each chosen query set's TUNE split (the default, concrete sets), every query whose
first tool (BM25, the default mode) is not a right one is listed with the rank of its
best right tool, whether the first tool is of that tool's server (the part of its name
before ``__``), and the request's word that gives the first tool most of its lead over
the right one, by the share of its score each tool keeps after the sibling and object
steps. That word is put in one class: a word the request's operation acts on, another
word of the request's own, a word inside a compound token (a path, key or file name),
a quoted word, a name (a capitalised word inside a sentence), an aside's word, a
function word, or a tool's word an everyday word brought. Counts come first::

    uv run --group bench python bench/_search_misses.py
    uv run --group bench python bench/_search_misses.py --sets mcp-everyday --list

Issue 29 read these for the concrete sets (docs/search.md, "What pulls the wrong tool
up"). Nothing here is used by the search.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy
from _search_eval import corpus, query_sets

FUNCTION_WORDS = frozenset(
    """whose whom those they them their theirs her hers his him she he through throughout
    already also yet rather than just very too such here why nor about against between
    during before after above below up down out off over under again further once all
    any both each few more most other some no not only own same now right still even
    ever never one two""".split()  # noqa: SIM905
)
_QUOTED = re.compile(r"'([^']+)'|\"([^\"]+)\"")
_COMPOUND = re.compile(r"\b\w+(?:[-_/:.@]\w+)+")


def _classes(query: str) -> list[tuple[str, frozenset[str]]]:
    """Each class's words in `query`, in the order a word is put in the first that has it."""
    from toolbridge.search._intent import ask_object
    from toolbridge.search._query import _ASIDE, _NAME
    from toolbridge.search._tokenize import query_words, tokenize

    def words(texts: Sequence[str]) -> frozenset[str]:
        return frozenset(tokenize(" ".join(texts)))

    acted_on = ask_object(query)
    return [
        ("acted on", frozenset(query_words(acted_on or ""))),
        ("quoted", words([a or b for a, b in _QUOTED.findall(query)])),
        ("compound token", words(_COMPOUND.findall(query))),
        ("name", words([m.group() for m in _NAME.finditer(query) if " " not in m.group()])),
        ("function word", FUNCTION_WORDS),
        ("aside", words([m.group() for m in _ASIDE.finditer(query)])),
        ("own word", frozenset(query_words(query))),
    ]


def _contributions(lexical: Any, query: str, position: int) -> dict[str, float]:
    """Each word's part of one tool's BM25 score before the sibling and object steps."""
    from toolbridge.search import _lexical
    from toolbridge.search._query import beside_object, weigh

    weighed = weigh(query, lexical._speller)
    in_name = beside_object(weighed, _lexical._NAME_BESIDE_OBJECT)  # as in BM25 mode
    parts = {}
    for word, weight in weighed.words.items():
        one = {word: weight}
        parts[word] = float(
            lexical._all.scores(one)[position]
            + _lexical._NAME_WEIGHT * lexical._names.scores({word: in_name[word]})[position]
            + _lexical._DESCRIPTION_WEIGHT * lexical._descriptions.scores(one)[position]
        )
    return parts


def misses(set_names: Sequence[str], split: str) -> list[tuple[Any, ...]]:
    """(set, rank, same server, class, word, lead, first tool, right tool, query) per miss."""
    from toolbridge.search._lexical import LexicalIndex

    found = []
    indexes: dict[str, Any] = {}
    for query_set in query_sets():
        if query_set.name not in set_names:
            continue
        tools = corpus(query_set.corpus)
        names = [tool.name for _, tool in tools]
        name_of = {key: tool.name for key, tool in tools}
        if query_set.corpus not in indexes:
            indexes[query_set.corpus] = LexicalIndex([tool for _, tool in tools])
        lexical = indexes[query_set.corpus]
        at = {name: position for position, name in enumerate(names)}
        for query, relevant in query_set.split(split):
            right = {name_of[key] for key in relevant}
            scores = numpy.asarray(lexical.scores(query, objects=True), dtype=numpy.float64)
            matched = numpy.flatnonzero(scores > 0.0)
            order = matched[numpy.lexsort((matched, -scores[matched]))].tolist()
            ranked = [names[p] for p in order]
            if ranked and ranked[0] in right:
                continue
            rank = next((r for r, name in enumerate(ranked, 1) if name in right), None)
            best = max(right, key=lambda name: scores[at[name]])
            first = ranked[0] if ranked else best
            words = lexical.words(query)
            ours, theirs = (_contributions(lexical, query, at[n]) for n in (first, best))
            kept = [
                scores[at[n]] / total if (total := sum(c.values())) > 0 else 0.0
                for n, c in ((first, ours), (best, theirs))
            ]
            lead = {w: ours[w] * kept[0] - theirs[w] * kept[1] for w in words}
            word = max(lead, key=lambda w: lead[w])
            kind = next((k for k, ws in _classes(query) if word in ws), "everyday word's tool word")
            same = first.split("__", 1)[0] == best.split("__", 1)[0]
            found.append((query_set.name, rank, same, kind, word, lead[word], first, best, query))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default="mcp-concrete,openapi-concrete")
    parser.add_argument("--split", default="tune", choices=("tune", "test"))
    parser.add_argument("--list", action="store_true", help="list every miss too")
    options = parser.parse_args(argv)
    found = misses(options.sets.split(","), options.split)
    ranks = Counter(
        "2-5" if r is not None and r <= 5 else "6-50" if r is not None and r <= 50 else "beyond"
        for _, r, *_ in found
    )
    print(f"{len(found)} first-place misses; right tool at {dict(ranks)}")
    print(f"first tool of the right tool's server: {sum(1 for m in found if m[2])}")
    print("the first tool's lead, by the class of its biggest word:")
    for kind, count in Counter(m[3] for m in found).most_common():
        print(f"  {kind:28} {count}")
    if options.list:
        for name, rank, same, kind, word, lead, first, best, query in found:
            print(f"\n{name} rank {rank} ({'same server' if same else 'other server'})")
            print(f"  {kind}: {word!r} +{lead:.2f}  first {first}  right {best}")
            print(f"  {query}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
