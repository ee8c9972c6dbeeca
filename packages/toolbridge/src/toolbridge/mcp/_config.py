"""Read MCP server configurations in the shapes people write them.

`read_servers` takes:

* one connection: a `StdioServer` / `HttpServer` / `SseServer`, or its dict form
  (``{"command": ..., "args": [...]}`` or ``{"url": ...}``), named ``"server"``;
* a mapping of server name to connection (objects or dict forms);
* the ``{"mcpServers": {...}}`` shape of Claude Desktop, Cursor, VS Code and others;
* the path of a JSON file holding either of the last two.

A dict entry says its transport with ``"type"`` (or ``"transport"``): ``"stdio"``,
``"http"`` / ``"streamable-http"`` / ``"streamableHttp"``, or ``"sse"``; without it,
``command`` means stdio and ``url`` means streamable HTTP. An entry with
``"disabled": true`` is left out, as those clients do. An HTTP entry's ``"auth"`` says
how to sign in (``"oauth"``, or an object: see `toolbridge.mcp._auth._config`). Keys
toolbridge does not use (``autoApprove``, ``description``, ...) are kept in the
connection's ``extra``.
Values are taken literally: ``${VAR}`` is not expanded. Anything unusable raises
`ConfigError` with the JSON path of the culprit; nothing is started here.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from toolbridge.errors import ConfigError, JsonPath
from toolbridge.mcp._auth._config import auth_from_config
from toolbridge.mcp._servers import HttpServer, Server, SseServer, StdioServer

__all__ = ["SINGLE_SERVER_NAME", "read_servers"]

SINGLE_SERVER_NAME: Final = "server"
"""The name a lone connection is given."""

_STDIO: Final = frozenset({"stdio"})
_HTTP: Final = frozenset({"http", "streamable-http", "streamable_http", "streamableHttp"})
_SSE: Final = frozenset({"sse"})
_STDIO_KEYS: Final = frozenset({"command", "args", "env", "cwd", "inheritEnv", "type"})
_HTTP_KEYS: Final = frozenset({"url", "headers", "auth", "type"})
_SERVER_TYPES: Final = (StdioServer, HttpServer, SseServer)


def read_servers(config: Any) -> dict[str, Server]:
    """The servers a configuration names, by name, in the order given.

    Raises:
        ConfigError: The configuration (or file) is unusable; ``path`` says where.
    """
    if isinstance(config, (str, os.PathLike)):
        return _servers_of(_read_file(Path(config)), ())
    if isinstance(config, _SERVER_TYPES):
        return {SINGLE_SERVER_NAME: config}
    if isinstance(config, Mapping) and ("command" in config or "url" in config):
        server = _server(config, ())
        return {} if server is None else {SINGLE_SERVER_NAME: server}
    return _servers_of(config, ())


def _read_file(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"cannot read the MCP configuration {str(path)!r}: {error}") from error
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ConfigError(
            f"{str(path)!r} is not JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from error


def _servers_of(config: Any, path: JsonPath) -> dict[str, Server]:
    if not isinstance(config, Mapping):
        raise ConfigError(
            "an MCP configuration is a connection, a mapping of server names to "
            f"connections, or {{'mcpServers': {{...}}}}; got {type(config).__name__}",
            path=path,
        )
    if "mcpServers" in config:
        return _servers_of(config["mcpServers"], (*path, "mcpServers"))
    servers: dict[str, Server] = {}
    for name, entry in config.items():
        if not isinstance(name, str) or not name.strip():
            raise ConfigError(f"a server name must be a non-empty string, got {name!r}", path=path)
        server = entry if isinstance(entry, _SERVER_TYPES) else _server(entry, (*path, name))
        if server is not None:
            servers[name] = server
    return servers


def _server(entry: Any, path: JsonPath) -> Server | None:
    """One connection from its dict form; None for a disabled one."""
    if not isinstance(entry, Mapping):
        raise ConfigError(
            f"a server entry is an object with 'command' or 'url', got {type(entry).__name__}",
            path=path,
        )
    disabled = entry.get("disabled", False)
    if not isinstance(disabled, bool):
        raise ConfigError("'disabled' must be true or false", path=(*path, "disabled"))
    if disabled:
        return None
    kind = entry.get("type", entry.get("transport"))
    if kind is not None and not isinstance(kind, str):
        raise ConfigError("'type' must be a string", path=(*path, "type"))
    if "command" in entry and "url" in entry:
        raise ConfigError(
            "a server has either 'command' (stdio) or 'url' (HTTP), not both", path=path
        )
    if kind in _STDIO or (kind is None and "command" in entry):
        return _stdio(entry, path)
    if kind in _HTTP or kind in _SSE or (kind is None and "url" in entry):
        return _http(entry, path, sse=kind in _SSE)
    if kind is None:
        raise ConfigError("a server needs 'command' (stdio) or 'url' (HTTP)", path=path)
    known = ", ".join(sorted(_STDIO | _HTTP | _SSE))
    raise ConfigError(f"unknown transport {kind!r}; known: {known}", path=(*path, "type"))


def _stdio(entry: Mapping[str, Any], path: JsonPath) -> StdioServer:
    command = entry.get("command")
    if not isinstance(command, str) or not command.strip():
        raise ConfigError("'command' must be a non-empty string", path=(*path, "command"))
    cwd = entry.get("cwd")
    if cwd is not None and not isinstance(cwd, str):
        raise ConfigError("'cwd' must be a string", path=(*path, "cwd"))
    return StdioServer(
        command=command,
        args=_strings(entry.get("args", []), (*path, "args")),
        env=_string_map(entry.get("env", {}), (*path, "env")),
        inherit_env=_strings(entry.get("inheritEnv", []), (*path, "inheritEnv")),
        cwd=cwd,
        extra=_extra(entry, _STDIO_KEYS),
    )


def _http(entry: Mapping[str, Any], path: JsonPath, *, sse: bool) -> HttpServer | SseServer:
    url = entry.get("url")
    if not isinstance(url, str) or not url.startswith(("http://", "https://")):
        raise ConfigError("'url' must be an http:// or https:// URL", path=(*path, "url"))
    headers = _string_map(entry.get("headers", {}), (*path, "headers"))
    auth = auth_from_config(entry["auth"], (*path, "auth")) if "auth" in entry else None
    extra = _extra(entry, _HTTP_KEYS)
    if sse:
        return SseServer(url=url, headers=headers, auth=auth, extra=extra)
    return HttpServer(url=url, headers=headers, auth=auth, extra=extra)


def _strings(value: Any, path: JsonPath) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ConfigError(f"must be a list of strings, got {type(value).__name__}", path=path)
    for index, item in enumerate(value):
        if not isinstance(item, str):
            raise ConfigError(f"must be a string, got {type(item).__name__}", path=(*path, index))
    return tuple(value)


def _string_map(value: Any, path: JsonPath) -> dict[str, str]:
    if not isinstance(value, Mapping):
        raise ConfigError(f"must be an object of strings, got {type(value).__name__}", path=path)
    for key, item in value.items():
        if not isinstance(key, str) or not isinstance(item, str):
            raise ConfigError(
                f"must map strings to strings, got {type(item).__name__}", path=(*path, str(key))
            )
    return dict(value)


def _extra(entry: Mapping[str, Any], used: frozenset[str]) -> dict[str, Any]:
    return {key: value for key, value in entry.items() if key not in used and key != "transport"}
