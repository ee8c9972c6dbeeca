"""The lexical ranking: a query's words, read the tools' way, scored field by field.

A query becomes words (`query_words`: its values left out), each unknown word is
spelled the tools' way when it is one edit from theirs (`Speller`), everyday words
bring the tools' words, and each word is given how much it counts
(`weighted_words`: an aside's words and a long request's everyday meanings count
less). Those words are then scored by BM25 three
times: over everything a tool says (name, description, parameters), over its name
alone and over its description alone. The field scores add up with weights, so a
word in a short name counts more than the same word somewhere in fifty parameter
descriptions: BM25 normalises each field by its own length, where one document of
everything lets long parameter lists drown the name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, final

from toolbridge._tool import Tool
from toolbridge.search._bm25 import Bm25Index
from toolbridge.search._concepts import everyday_words
from toolbridge.search._document import tool_words
from toolbridge.search._intent import Action, disagreement, query_action, tool_action
from toolbridge.search._optional import require
from toolbridge.search._query import weighted_words
from toolbridge.search._spelling import Speller

__all__ = ["LexicalIndex"]

_NAME_WEIGHT: Final = 0.5
_DESCRIPTION_WEIGHT: Final = 0.5
"""The name's and the description's own scores, beside the whole tool's (weight 1).
Chosen on the tuning half of the labelled queries; taking them out costs 1-3 points of
R@5 on five of the six query sets of `bench/search_styles/` (docs/search.md)."""
_ACTION_WEIGHT: Final = 0.3
"""The share of its score a tool loses when its name's operation disagrees with the
request's: all of it for reading against writing (`disagreement` 1), less for two
kinds of reading or writing. Chosen under the ranking rule: every weight from 0.2 to
0.4 holds it, and raises R@1 on every query set (docs/search.md)."""
_ACTIONS: Final = (None, *Action)


@final
class LexicalIndex:
    """BM25 scores of every tool for a query, with its spelling and everyday words."""

    def __init__(self, tools: Sequence[Tool]) -> None:
        documents = [tool_words(tool) for tool in tools]
        self._all = Bm25Index([words.everything for words in documents])
        self._names = Bm25Index([words.name for words in documents])
        self._descriptions = Bm25Index([words.description for words in documents])
        self._speller = Speller(self._all.document_frequencies(), everyday_words())
        numpy = require("numpy", "search")
        code = {action: at for at, action in enumerate(_ACTIONS)}
        actions = numpy.fromiter(
            (code[tool_action(tool.name)] for tool in tools), numpy.int64, len(tools)
        )
        # Per action asked, each tool's share of its score kept: one multiply a search.
        self._factors = {
            asked: numpy.array(
                [1.0 - _ACTION_WEIGHT * disagreement(asked, done) for done in _ACTIONS],
                dtype=numpy.float32,
            )[actions]
            for asked in Action
        }

    def words(self, query: str) -> dict[str, float]:
        """The words `query` is searched with, spelled the tools' way, and their weights.

        Each word once: a request that says "deploy" twice, or whose everyday word
        brings a word it already has, asks for it no more than one that says it once.
        Counted twice, a repeated word outweighed the rest of a long request.
        """
        return weighted_words(query, self._speller)

    def scores(self, query: str) -> Any:
        """A numpy array of one score per tool (zeros where no word matches).

        A tool whose name's operation disagrees with the request's loses a share of
        its score: "list the statements" finds ``getStatements`` before
        ``createStatements``, which has the same words.
        """
        words = self.words(query)
        scores = (
            self._all.scores(words)
            + _NAME_WEIGHT * self._names.scores(words)
            + _DESCRIPTION_WEIGHT * self._descriptions.scores(words)
        )
        asked = query_action(query)
        if asked is not None:
            scores *= self._factors[asked]
        return scores
