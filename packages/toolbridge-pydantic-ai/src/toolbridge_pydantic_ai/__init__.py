"""pydantic-ai tools and toolsets to and from toolbridge's canonical tools.

`to_pydantic_ai` makes pydantic-ai ``Tool`` objects (``Tool.from_schema``) whose
arguments toolbridge validates, answering a model's mistakes with ``ModelRetry``;
`ToolbridgeToolset` exposes canonical tools as a pydantic-ai toolset;
`from_pydantic_ai` reads pydantic-ai tools back, and `from_toolset` any toolset. The
``pydantic-ai`` format of `toolbridge.to` / `toolbridge.from_` uses the same functions.
A tool's images, audio and files reach the model as pydantic-ai's ``BinaryContent``;
an ``on_elicit`` handler answers what an MCP server asks the user while its tool runs.
"""

from toolbridge_pydantic_ai._convert import (
    ToolbridgeToolset,
    from_pydantic_ai,
    from_toolset,
    to_pydantic_ai,
)

__all__ = ["ToolbridgeToolset", "from_pydantic_ai", "from_toolset", "to_pydantic_ai"]
