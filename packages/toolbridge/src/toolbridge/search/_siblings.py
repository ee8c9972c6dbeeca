"""Sibling tools put in order by what a request asks to do, and to how many things.

BM25 gives ``getStatements`` and ``createStatements``, or ``get_incident`` and
``list_incidents``, nearly the same score: their words stem alike. A tool whose
name's operation disagrees with the request's ("list the statements": a read, not a
create) keeps `_ACTION_WEIGHT` less of its score; one whose object is in the other
number than the request names it ("recent incidents": many, not one) keeps
`_NUMBER_WEIGHT` less. Both are shares of the tool's own score, so a tool far ahead
on words stays ahead, and a tool no word matched stays at zero. `agreeing` says which
tools' names do just what a request asks, for hybrid search to favour them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, final

from toolbridge.search._intent import (
    READS,
    Action,
    disagreement,
    query_action,
    query_numbers,
    tool_intent,
)
from toolbridge.search._optional import require

__all__ = ["SiblingOrder"]

_ACTION_WEIGHT: Final = 0.3
"""The share of its score a tool loses when its name's operation disagrees with the
request's (`disagreement` 1: reading against writing; half that for two kinds of
reading or writing). Chosen under the ranking rule: every share from 0.2 to 0.4
holds it and raises R@1 on five of the six query sets or all (docs/search.md)."""
_NUMBER_WEIGHT: Final = 0.08
"""The share of its score a tool loses when the request names its object in the
other number. Every share from 0.05 to 0.12 holds the ranking rule; 0.15 breaks it."""
_ACTIONS: Final = (None, *Action)


@final
class SiblingOrder:
    """Each tool's operation and object, and how much of its score a request leaves it."""

    def __init__(self, names: Sequence[str]) -> None:
        numpy = require("numpy", "search")
        code = {action: at for at, action in enumerate(_ACTIONS)}
        intents = [tool_intent(name) for name in names]
        actions = numpy.fromiter((code[action] for action, _ in intents), numpy.int64)
        # Per action asked, each tool's share of its score kept: one multiply a search.
        self._kept = {
            asked: numpy.array(
                [1.0 - _ACTION_WEIGHT * disagreement(asked, done) for done in _ACTIONS],
                dtype=numpy.float32,
            )[actions]
            for asked in Action
        }
        by_object: dict[tuple[str, bool], list[int]] = {}
        for position, (_, found) in enumerate(intents):
            if found is not None:
                by_object.setdefault(found, []).append(position)
        self._by_object = {
            key: numpy.array(positions, dtype=numpy.int64) for key, positions in by_object.items()
        }
        # Per action asked, which tools' names do just that (a read, for a request to read).
        self._agrees = {
            asked: numpy.array(
                [
                    done is not None and (done is asked or (asked is Action.READ and done in READS))
                    for done in _ACTIONS
                ],
                dtype=numpy.bool_,
            )[actions]
            for asked in Action
        }

    def agreeing(self, query: str) -> Any | None:
        """Which tools' names do what `query` asks (numpy bools), or None if it asks nothing."""
        asked = query_action(query)
        return None if asked is None else self._agrees[asked]

    def apply(self, query: str, scores: Any) -> None:
        """Lower, in place, the `scores` of the tools that do other than `query` asks."""
        asked = query_action(query)
        if asked is not None:
            scores *= self._kept[asked]
        for stem, many in query_numbers(query).items():
            others = self._by_object.get((stem, not many))
            if others is not None:
                scores[others] *= 1.0 - _NUMBER_WEIGHT
