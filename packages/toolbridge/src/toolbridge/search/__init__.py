"""Tool search, and the meta-tools that open a toolset of any size to a model.

`ToolSearch` ranks a toolset's tools for a query with BM25 (``toolbridge[search]``),
dense embeddings from a model shipped inside its package, or both fused
(``toolbridge[embeddings]``); results respect the toolset's policies for the caller.
`meta_tools` gives ``search_tools``, ``describe_tool`` and ``call_tool``; `evaluate`
measures a search's recall on labelled queries.
"""

from toolbridge.search._evaluate import Evaluation, evaluate
from toolbridge.search._meta import meta_tools, meta_toolset
from toolbridge.search._search import Mode, SearchHit, ToolSearch
from toolbridge.search._tokenize import tokenize

__all__ = [
    "Evaluation",
    "Mode",
    "SearchHit",
    "ToolSearch",
    "evaluate",
    "meta_tools",
    "meta_toolset",
    "tokenize",
]
