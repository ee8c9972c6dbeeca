"""Read an ``auth`` setting from the dict form of a server entry (JSON, YAML, TOML).

    "auth": "oauth"
    "auth": {"type": "oauth", "scopes": ["read"], "clientId": "...", "redirectPort": 8765}
    "auth": {"type": "oauth", "clientMetadataUrl": "https://app.example/client.json"}
    "auth": {"type": "client_credentials", "clientId": "...", "clientSecret": "..."}
    "auth": {"type": "client_credentials", "clientId": "...", "privateKeyFile": "key.pem",
             "signingAlgorithm": "ES256", "issuer": "https://auth.example"}
    "auth": {"type": "bearer", "token": "..."}

Keys are accepted in camelCase (as ``mcpServers`` files write them) or snake_case (as
toolset files do); ``scopes`` is a list or one space-separated string. An unknown key
or type is a `ConfigError` naming where it is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from toolbridge.errors import ConfigError, JsonPath
from toolbridge.mcp._auth._settings import AuthSetting, BearerToken, ClientCredentials, OAuth

__all__ = ["auth_from_config"]

_TYPES: Final = {
    "oauth": "oauth",
    "authorization_code": "oauth",
    "client_credentials": "client_credentials",
    "bearer": "bearer",
}
_KEYS: Final = {
    "oauth": {
        "scopes",
        "client_id",
        "client_secret",
        "client_metadata_url",
        "client_name",
        "redirect_port",
        "sign_in_timeout",
    },
    "client_credentials": {
        "client_id",
        "client_secret",
        "private_key",
        "private_key_file",
        "signing_algorithm",
        "token_endpoint_auth_method",
        "scopes",
        "issuer",
    },
    "bearer": {"token"},
}
_NUMBERS: Final = {"redirect_port", "sign_in_timeout"}


def auth_from_config(value: Any, path: JsonPath) -> AuthSetting:
    """The setting an entry's ``auth`` value describes.

    Raises:
        ConfigError: The value is not a setting; ``path`` says where.
    """
    if isinstance(value, str):
        if _snake(value) == "oauth":
            return OAuth()
        raise ConfigError(
            f"'auth' as a string must be 'oauth', got {value!r}; other kinds are objects "
            "with a 'type'",
            path=path,
        )
    if not isinstance(value, Mapping):
        raise ConfigError(
            f"'auth' must be 'oauth' or an object with a 'type', got {type(value).__name__}",
            path=path,
        )
    given = {_snake(str(key)): (key, item) for key, item in value.items()}
    if len(given) != len(value):
        raise ConfigError("a key is given twice (in camelCase and snake_case)", path=path)
    kind_value = given.pop("type", (None, "bearer" if "token" in given else None))[1]
    kind = _TYPES.get(_snake(kind_value)) if isinstance(kind_value, str) else None
    if kind is None:
        known = ", ".join(sorted(set(_TYPES.values())))
        raise ConfigError(
            f"'auth' needs a 'type': one of {known}, got {kind_value!r}", path=(*path, "type")
        )
    arguments: dict[str, Any] = {}
    for name, (key, item) in given.items():
        where = (*path, str(key))
        if name not in _KEYS[kind]:
            known = ", ".join(sorted(_KEYS[kind]))
            raise ConfigError(f"unknown key {key!r} for {kind} auth; known: {known}", path=where)
        if name == "scopes":
            arguments[name] = _scopes(item, where)
        elif name in _NUMBERS:
            if isinstance(item, bool) or not isinstance(item, int | float):
                raise ConfigError(f"must be a number, got {type(item).__name__}", path=where)
            arguments[name] = item
        elif not isinstance(item, str):
            raise ConfigError(f"must be a string, got {type(item).__name__}", path=where)
        else:
            arguments[name] = item
    try:
        if kind == "oauth":
            return OAuth(**arguments)
        if kind == "client_credentials":
            if "client_id" not in arguments:
                raise ConfigError("client_credentials auth needs a 'clientId'")
            return ClientCredentials(**arguments)
        if "token" not in arguments:
            raise ConfigError("bearer auth needs a 'token'")
        return BearerToken(**arguments)
    except ConfigError as error:
        raise ConfigError(str(error), path=path) from None


def _snake(name: str) -> str:
    """``clientId`` -> ``client_id``; ``client-credentials`` -> ``client_credentials``."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).replace("-", "_").lower()


def _scopes(value: Any, path: JsonPath) -> tuple[str, ...]:
    if isinstance(value, str):
        return tuple(value.split())
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError("must be a list of strings or one space-separated string", path=path)
    return tuple(value)
