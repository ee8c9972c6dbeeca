"""Plugins: what a plugin's code uses besides the hooks, and the plugins found.

A framework plugin (``toolbridge-langchain``, ...) implements the hooks of
`toolbridge.plugins._hookspecs` with ``@toolbridge.hookimpl``, declares its formats
with `toolbridge.FormatSpec`, and registers through an entry point in the
``toolbridge`` group; toolbridge's own formats use the same hooks. `toolbridge.to`
and `toolbridge.from_` convert through whichever plugin declares a format, and a
plugin reads "a tool or tools" with `toolbridge.formats.tools_given`. This module
holds the rest: the helpers that run a framework's call with toolbridge's rules,
`installed_versions` for the versions hook, and `plugins()`, the plugins found.
Nothing loads at import: the first use loads the plugins, once.
"""

from toolbridge.plugins._helpers import (
    await_blocking,
    call_async,
    call_blocking,
    call_sync,
    installed_versions,
    raised_within,
)
from toolbridge.plugins._manager import PluginInfo, plugins, reset_plugins

__all__ = [
    "PluginInfo",
    "await_blocking",
    "call_async",
    "call_blocking",
    "call_sync",
    "installed_versions",
    "plugins",
    "raised_within",
    "reset_plugins",
]
