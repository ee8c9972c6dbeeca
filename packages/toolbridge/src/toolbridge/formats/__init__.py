"""Format adapters: a ``to_<format>`` / ``from_<format>`` pair per wire format.

``to_*`` take one `toolbridge.Tool` or an iterable of them and give the same shape
back (one frozen tool object, or a list); ``from_*`` take one tool, a list, or the
provider's envelope and give `Tool` objects. `convert` does any ``to_*`` and also
returns the loss report, the name map and the way back for a model's arguments;
`check` lists what a target would reject in tools sent as they are.
"""

from toolbridge.formats._anthropic import from_anthropic, to_anthropic
from toolbridge.formats._bedrock import from_bedrock, to_bedrock
from toolbridge.formats._common import tools_given
from toolbridge.formats._conversion import (
    SOURCES,
    STRICT_TARGETS,
    TARGETS,
    Conversion,
    Problem,
    Source,
    Target,
    check,
    convert,
    read_tools,
    received_schema,
)
from toolbridge.formats._gemini import from_gemini, to_gemini, to_gemini_openapi
from toolbridge.formats._lowering import OnUnsupported
from toolbridge.formats._mcp import from_mcp, from_mcp_tool, to_mcp
from toolbridge.formats._openai import (
    from_openai,
    from_openai_responses,
    to_openai,
    to_openai_responses,
)

__all__ = [
    "SOURCES",
    "STRICT_TARGETS",
    "TARGETS",
    "Conversion",
    "OnUnsupported",
    "Problem",
    "Source",
    "Target",
    "check",
    "convert",
    "from_anthropic",
    "from_bedrock",
    "from_gemini",
    "from_mcp",
    "from_mcp_tool",
    "from_openai",
    "from_openai_responses",
    "read_tools",
    "received_schema",
    "to_anthropic",
    "to_bedrock",
    "to_gemini",
    "to_gemini_openapi",
    "to_mcp",
    "to_openai",
    "to_openai_responses",
    "tools_given",
]
