"""Where first places are lost: the tune queries whose first tool is wrong, and why.

For each query set's tune split (BM25, the default mode), counts the queries whose
first tool is not a right one, those with a right tool in the first five, and those
with a *sibling* of that right tool above it: a tool of the same server (the part of
its name before ``__``) whose name's words (stemmed) are the right tool's, contain
them or are contained in them, or share at least half of the two names' words.
Sibling misses are then split by whether the two names differ in an operation word
(get, list, create, update, delete...)::

    uv run --group bench python bench/_search_siblings.py
"""

from __future__ import annotations

import sys

from _search_eval import corpus, query_sets

OPERATIONS = frozenset(
    """get fetch retrieve read describe show view list search find query create add new
    insert post put update set change modify edit patch replace delete remove destroy
    write upsert""".split()  # noqa: SIM905
)


def name_words(name: str) -> set[str]:
    """The stemmed words of a tool's own name (after its server's ``stem__``)."""
    from toolbridge.search import tokenize

    return set(tokenize(name.split("__", 1)[-1].replace("_", " ").replace("-", " ")))


def siblings(one: str, other: str) -> bool:
    """Whether two tools of one server name nearly the same thing."""
    if one.split("__", 1)[0] != other.split("__", 1)[0]:
        return False
    a, b = name_words(one), name_words(other)
    return bool(a & b) and (a <= b or b <= a or len(a & b) * 2 >= len(a | b))


def main() -> int:
    from toolbridge.search import ToolSearch, tokenize

    operations = {stem for word in OPERATIONS for stem in tokenize(word)} | {"get"}
    total = [0, 0, 0, 0, 0]
    print("set               tune  R@1 misses  right in top 5  sibling above  operation differs")
    for query_set in query_sets():
        tools = corpus(query_set.corpus)
        name_of = {key: tool.name for key, tool in tools}
        search = ToolSearch([tool for _, tool in tools])
        counts = [0, 0, 0, 0, 0]
        for query, relevant in query_set.split("tune"):
            counts[0] += 1
            right = {name_of[key] for key in relevant}
            hits = [hit.name for hit in search.search(query, 5)]
            if hits and hits[0] in right:
                continue
            counts[1] += 1
            at = next((i for i, name in enumerate(hits) if name in right), None)
            if at is None:
                continue
            counts[2] += 1
            above = [name for name in hits[:at] if siblings(name, hits[at])]
            if above:
                counts[3] += 1
                differ = name_words(above[0]) ^ name_words(hits[at])
                counts[4] += bool(differ & operations)
        total = [t + c for t, c in zip(total, counts, strict=True)]
        print(f"{query_set.name:17} {counts[0]:5} {counts[1]:11} {counts[2]:15} "
              f"{counts[3]:14} {counts[4]:18}")  # fmt: skip
    print(f"{'all':17} {total[0]:5} {total[1]:11} {total[2]:15} {total[3]:14} {total[4]:18}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
