"""Tool search, and the meta-tools that open a toolset of any size to a model.

`ToolSearch` ranks a toolset's tools for a query with BM25 (``toolbridge[search]``),
dense embeddings from a model shipped inside its package, or both fused
(``toolbridge[embeddings]``); results respect the toolset's policies for the caller.
`meta_tools` gives ``search_tools``, ``describe_tool`` and ``call_tool``.
"""

from toolbridge.search._meta import meta_tools, meta_toolset
from toolbridge.search._search import Mode, SearchHit, ToolSearch
from toolbridge.search._tokenize import tokenize

__all__ = ["Mode", "SearchHit", "ToolSearch", "meta_tools", "meta_toolset", "tokenize"]
