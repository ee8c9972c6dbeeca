"""Which tools belong to a server (or API) a request names.

A tool's server is its `namespace`, or else its name up to the last ``__``, ``.`` or
``/`` (``gitlab__push_files``: gitlab; ``github-com__ghes-3-7__users_get``: github com
ghes). A request names a server when it says one of that server's words and at least
`_OWNED` of the tools whose text has the word are that server's: "GitLab" does, for the
GitLab server's tools, but "search" names no server though one is called
``brave-search``, for most tools that say *search* are not its. The request's words
are read as the search reads them (with the tools' words its everyday words bring:
*docx* brings *word*), and as written, lower-cased: "GitLab" is *gitlab*, as in the
server's name, where the search splits it into *git* and *lab*.

BM25 reads a server's words already: they are in its tools' names. Hybrid search adds
a cosine over each tool's whole text, where the server is one word of many; in a near
tie, it put ``github__push_files`` before ``gitlab__push_files`` for a GitLab request.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, final

from toolbridge._tool import Tool
from toolbridge.search._optional import require
from toolbridge.search._tokenize import tokenize

__all__ = ["ServerNames", "server_of"]

_OWNED: Final = 0.5
"""The share of the tools saying a word that must be one server's for the word to name
it. Chosen under the ranking rule (docs/search.md): 0.5 and 0.7 give the same rankings
on the query sets, 0.3 costs one everyday ask its top five."""
_LAST_PART: Final = re.compile(r"__|[./]")
_WRITTEN: Final = re.compile(r"[a-z0-9]+")


def server_of(tool: Tool) -> str:
    """`tool`'s server: its namespace, or its name before its last part (``""``: none)."""
    if tool.namespace:
        return tool.namespace
    parts = _LAST_PART.split(tool.name)
    return " ".join(parts[:-1])


@final
class ServerNames:
    """The words that name a server, and that server's tools."""

    def __init__(self, tools: Sequence[Tool], frequencies: Mapping[str, int]) -> None:
        numpy = require("numpy", "search")
        owners: dict[str, list[int]] = {}
        for position, tool in enumerate(tools):
            for word in dict.fromkeys(tokenize(server_of(tool))):
                owners.setdefault(word, []).append(position)
        self._size = len(tools)
        self._owners = {
            word: numpy.array(positions, dtype=numpy.int64)
            for word, positions in owners.items()
            if len(positions) >= _OWNED * frequencies.get(word, 0)
        }

    def named(self, words: Iterable[str], text: str) -> Any | None:
        """Which tools' servers the request names (numpy bools), or None for none.

        `words` are its search words; `text` is the request as written.
        """
        numpy = require("numpy", "search")
        found = None
        written = tokenize(" ".join(_WRITTEN.findall(text.lower())))
        for word in dict.fromkeys([*words, *written]):
            owners = self._owners.get(word)
            if owners is not None:
                if found is None:
                    found = numpy.zeros(self._size, dtype=numpy.bool_)
                found[owners] = True
        return found
