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

A request's words outside what its operation acts on count less in the name's score
than elsewhere (`_NAME_BESIDE_OBJECT`): "Add a label ... to the acme/cli repository"
names a repository as where, and ``create_repository`` has it in its name.
`ServerNames` says which tools' servers a request names, for hybrid search.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, final

from toolbridge._tool import Tool
from toolbridge.search._bm25 import Bm25Index
from toolbridge.search._concepts import everyday_words
from toolbridge.search._document import tool_words
from toolbridge.search._objects import ObjectWords
from toolbridge.search._query import Weighed, beside_object, weigh, weighted_words
from toolbridge.search._servers import ServerNames
from toolbridge.search._siblings import SiblingOrder
from toolbridge.search._spelling import Speller

__all__ = ["LexicalIndex"]

_NAME_WEIGHT: Final = 0.5
_DESCRIPTION_WEIGHT: Final = 0.5
"""The name's and the description's own scores, beside the whole tool's (weight 1).
Chosen on the tuning half of the labelled queries; taking them out costs 1-3 points of
R@5 on five of the six query sets of `bench/search_styles/` (docs/search.md)."""
_NAME_BESIDE_OBJECT: Final = 0.7
"""In BM25 mode, the share of its weight a word outside what the request's operation
acts on keeps in the name's score (on top of `_query`'s 0.8 for every field). Chosen
under the ranking rule (docs/search.md): 0.6 to 0.8 hold it and raise R@1 on
mcp-concrete by three queries."""
_FUSED_NAME_BESIDE_OBJECT: Final = 0.9
"""The same share for hybrid search's BM25 part: less, for the embedding reads the
object already. 0.85 to 0.95 hold the rule (0.9 raises R@1 on both concrete sets, 0.85
on one), 0.8 breaks it (mcp-concrete R@5 -1.2)."""


@final
class LexicalIndex:
    """BM25 scores of every tool for a query, with its spelling and everyday words."""

    def __init__(self, tools: Sequence[Tool]) -> None:
        documents = [tool_words(tool) for tool in tools]
        self._all = Bm25Index([words.everything for words in documents])
        self._names = Bm25Index([words.name for words in documents])
        self._descriptions = Bm25Index([words.description for words in documents])
        frequencies = self._all.document_frequencies()
        self._speller = Speller(frequencies, everyday_words())
        self._siblings = SiblingOrder([tool.name for tool in tools])
        self._objects = ObjectWords([tool.name for tool in tools], frequencies)
        self._servers = ServerNames(tools, frequencies)

    def words(self, query: str) -> dict[str, float]:
        """The words `query` is searched with, spelled the tools' way, and their weights.

        Each word once: a request that says "deploy" twice, or whose everyday word
        brings a word it already has, asks for it no more than one that says it once.
        Counted twice, a repeated word outweighed the rest of a long request.
        """
        return weighted_words(query, self._speller)

    def weigh(self, query: str) -> Weighed:
        """`query` read once, for `scores` and `of_servers_named` to share."""
        return weigh(query, self._speller)

    def scores(self, query: str, *, objects: bool = False, weighed: Weighed | None = None) -> Any:
        """A numpy array of one score per tool (zeros where no word matches).

        A tool whose name's operation disagrees with the request's loses a share of
        its score: "list the statements" finds ``getStatements`` before
        ``createStatements``, which has the same words. The name's score weighs the
        request's words outside what it acts on less, the more so with `objects` (BM25
        mode), where in a long request the first tools also lose a share for what they
        act on and the request does not name (`ObjectWords`). `weighed` is `query` as
        `weigh` read it, when the caller has it already.
        """
        weighed = weighed or weigh(query, self._speller)
        words = weighed.words
        in_name = beside_object(
            weighed, _NAME_BESIDE_OBJECT if objects else _FUSED_NAME_BESIDE_OBJECT
        )
        scores = (
            self._all.scores(words)
            + _NAME_WEIGHT * self._names.scores(in_name)
            + _DESCRIPTION_WEIGHT * self._descriptions.scores(words)
        )
        self._siblings.apply(query, scores)
        if objects:
            self._objects.apply(words, weighed.length, scores)
        return scores

    def agreeing(self, query: str) -> Any | None:
        """Which tools' names do the operation `query` asks for (numpy bools), or None."""
        return self._siblings.agreeing(query)

    def of_servers_named(self, query: str, weighed: Weighed | None = None) -> Any | None:
        """Which tools are of a server `query` names (numpy bools), or None (`ServerNames`)."""
        words = (weighed or weigh(query, self._speller)).words
        return self._servers.named(words, query)
