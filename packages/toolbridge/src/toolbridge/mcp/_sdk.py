"""The guard in front of the MCP SDK: an ImportError that names the extra to install."""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["require_sdk"]

_HINT = "the MCP client and server need the MCP SDK: pip install 'toolbridge[mcp]'"


def require_sdk(module: str = "mcp") -> ModuleType:
    """Import a module of the MCP SDK, or raise ImportError saying what to install."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise ImportError(f"{_HINT} ({error})") from error
