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
everything lets long parameter lists drown the name. Last, `SiblingOrder` lowers the
scores of tools whose names do other than the request asks: siblings share their
words (``getStatements`` and ``createStatements``), not their operation; and in BM25
mode, `ObjectWords` lowers the first tools whose objects a long request does not name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, final

from toolbridge._tool import Tool
from toolbridge.search._bm25 import Bm25Index
from toolbridge.search._concepts import everyday_words
from toolbridge.search._document import tool_words
from toolbridge.search._objects import ObjectWords
from toolbridge.search._query import weigh, weighted_words
from toolbridge.search._siblings import SiblingOrder
from toolbridge.search._spelling import Speller

__all__ = ["LexicalIndex"]

_NAME_WEIGHT: Final = 0.5
_DESCRIPTION_WEIGHT: Final = 0.5
"""The name's and the description's own scores, beside the whole tool's (weight 1).
Chosen on the tuning half of the labelled queries; taking them out costs 1-3 points of
R@5 on five of the six query sets of `bench/search_styles/` (docs/search.md)."""


@final
class LexicalIndex:
    """BM25 scores of every tool for a query, with its spelling and everyday words."""

    def __init__(self, tools: Sequence[Tool]) -> None:
        documents = [tool_words(tool) for tool in tools]
        self._all = Bm25Index([words.everything for words in documents])
        self._names = Bm25Index([words.name for words in documents])
        self._descriptions = Bm25Index([words.description for words in documents])
        self._speller = Speller(self._all.document_frequencies(), everyday_words())
        self._siblings = SiblingOrder([tool.name for tool in tools])
        self._objects = ObjectWords([tool.name for tool in tools], self._all.document_frequencies())

    def words(self, query: str) -> dict[str, float]:
        """The words `query` is searched with, spelled the tools' way, and their weights.

        Each word once: a request that says "deploy" twice, or whose everyday word
        brings a word it already has, asks for it no more than one that says it once.
        Counted twice, a repeated word outweighed the rest of a long request.
        """
        return weighted_words(query, self._speller)

    def scores(self, query: str, *, objects: bool = False) -> Any:
        """A numpy array of one score per tool (zeros where no word matches).

        A tool whose name's operation disagrees with the request's loses a share of
        its score: "list the statements" finds ``getStatements`` before
        ``createStatements``, which has the same words. With `objects`, in a long
        request the first tools also lose a share for what they act on and the
        request does not name (`ObjectWords`).
        """
        words, length = weigh(query, self._speller)
        scores = (
            self._all.scores(words)
            + _NAME_WEIGHT * self._names.scores(words)
            + _DESCRIPTION_WEIGHT * self._descriptions.scores(words)
        )
        self._siblings.apply(query, scores)
        if objects:
            self._objects.apply(words, length, scores)
        return scores

    def agreeing(self, query: str) -> Any | None:
        """Which tools' names do the operation `query` asks for (numpy bools), or None."""
        return self._siblings.agreeing(query)
