"""The environment a stdio server process gets: safe variables only, plus what is named.

A server is a program somebody else wrote; the parent's secrets (API keys, tokens in
the environment) are not its business. It gets the variables on `SAFE_VARIABLES`
that the parent has, those its configuration lists in ``inherit_env``, and its own
``env`` on top. Exported shell functions (values starting ``()``) are never passed.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Final

from toolbridge.mcp._servers import StdioServer

__all__ = ["SAFE_VARIABLES", "child_environment"]

SAFE_VARIABLES: Final = frozenset(
    {"PATH", "HOME", "USER", "LOGNAME", "SHELL", "TERM", "LANG", "LANGUAGE", "TZ"}
    | {"TMPDIR", "TEMP", "TMP", "XDG_RUNTIME_DIR", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"}
    | {"SYSTEMROOT", "SYSTEMDRIVE", "APPDATA", "LOCALAPPDATA", "USERPROFILE", "PATHEXT"}
    | {"COMSPEC", "WINDIR", "PROGRAMFILES", "HOMEDRIVE", "HOMEPATH"}
    | {"SSL_CERT_FILE", "SSL_CERT_DIR", "NODE_EXTRA_CA_CERTS", "REQUESTS_CA_BUNDLE"}
    | {"CURL_CA_BUNDLE"}
)
"""Variables a server may inherit without being named: paths, locale, terminal, and
the TLS trust store (a file or folder name, never a secret: without it, a server that
``uvx`` or ``npx`` downloads behind a proxy that re-signs TLS fails before it starts).
Proxy addresses (``HTTPS_PROXY``...) are not here: they may carry a password."""
_SAFE_PREFIXES: Final = ("LC_",)


def child_environment(
    server: StdioServer, parent: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The environment for `server`'s process, from `parent` (``os.environ`` by default)."""
    source = os.environ if parent is None else parent
    named = set(server.inherit_env)
    environment = {
        name: value
        for name, value in source.items()
        if (name in SAFE_VARIABLES or name.startswith(_SAFE_PREFIXES) or name in named)
        and not value.startswith("()")
    }
    environment.update(server.env)
    return environment
