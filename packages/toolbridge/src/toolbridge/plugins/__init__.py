"""Plugins: the hooks, the manager that loads ``toolbridge`` entry points, and dispatch.

A framework plugin (``toolbridge-langchain``, ...) implements the hooks of
`toolbridge.plugins._hookspecs` with ``@hookimpl`` and registers through an entry
point in the ``toolbridge`` group; toolbridge's own formats use the same hooks.
`to` / `from_` convert through whichever plugin declares a format. Nothing loads at
import: the first use loads the plugins, once.
"""

from toolbridge.formats import tools_given
from toolbridge.plugins._dispatch import from_, to
from toolbridge.plugins._helpers import (
    await_blocking,
    call_async,
    call_blocking,
    call_sync,
    installed_versions,
)
from toolbridge.plugins._hookspecs import hookimpl, hookspec
from toolbridge.plugins._manager import (
    PluginInfo,
    format_specs,
    plugin_manager,
    plugins,
    reset_plugins,
)
from toolbridge.plugins._spec import FormatSpec

__all__ = [
    "FormatSpec",
    "PluginInfo",
    "await_blocking",
    "call_async",
    "call_blocking",
    "call_sync",
    "format_specs",
    "from_",
    "hookimpl",
    "hookspec",
    "installed_versions",
    "plugin_manager",
    "plugins",
    "reset_plugins",
    "to",
    "tools_given",
]
