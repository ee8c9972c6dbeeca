"""How well a search finds the right tools for labelled queries: recall@k and MRR.

The same measure the project judges its ranking by (``bench/_search.py``), for a
user who wants to know how `ToolSearch` does on their own tools and requests
before relying on it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, final

from toolbridge.errors import ConfigError
from toolbridge.toolsets import ANONYMOUS, Identity

if TYPE_CHECKING:
    from toolbridge.search._search import ToolSearch

__all__ = ["Evaluation", "evaluate"]


@final
@dataclass(frozen=True, slots=True)
class Evaluation:
    """The scores of one search on labelled queries."""

    queries: int
    """How many queries were asked."""
    recall: Mapping[int, float]
    """For each k: the share of queries with a right tool among the first k found."""
    mrr: float
    """Mean reciprocal rank: the mean of 1 / the rank of the first right tool (0 when
    none is among the first ``max(ks)``)."""
    missed: tuple[str, ...]
    """The queries with no right tool among the first ``max(ks)``, in the order asked."""


def evaluate(
    search: ToolSearch,
    labelled: Iterable[tuple[str, Collection[str]]],
    *,
    ks: Sequence[int] = (1, 5, 10),
    identity: Identity = ANONYMOUS,
) -> Evaluation:
    """Score `search` on `labelled` queries: pairs of a query and the names of its right tools.

    Raises:
        ConfigError: `ks` is empty or holds something other than positive integers.
    """
    given: Sequence[object] = ks
    if not given or any(isinstance(k, bool) or not isinstance(k, int) or k < 1 for k in given):
        raise ConfigError(f"ks must be positive integers, got {list(ks)!r}")
    deepest = max(ks)
    hits = dict.fromkeys(ks, 0)
    reciprocal = 0.0
    missed: list[str] = []
    count = 0
    for query, relevant in labelled:
        count += 1
        found = [hit.name for hit in search.search(query, deepest, identity=identity)]
        rank = next((at for at, name in enumerate(found, 1) if name in relevant), None)
        if rank is None:
            missed.append(query)
            continue
        reciprocal += 1.0 / rank
        for k in ks:
            hits[k] += rank <= k
    share = 1 / count if count else 0.0
    return Evaluation(count, {k: hits[k] * share for k in ks}, reciprocal * share, tuple(missed))
