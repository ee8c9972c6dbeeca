"""Toolset definition files: sources, selection, policy and audit in YAML or TOML.

    name: support
    sources:
      - module: myapp.tools            # a module's tools (or MODULE:NAME, or a .py file)
      - mcp: servers.json              # MCP servers: a file or an inline {"name": {...}}
        namespacing: always            # tool names <server>_<name> (default: on collision)
        protocol: auto                 # server/discover, else initialize (or legacy)
      - openapi: billing.yaml          # an OpenAPI document
        base_url: https://billing.internal
        headers: {Authorization: "Bearer ${BILLING_TOKEN}"}
      - file: tools.json               # provider JSON
        format: openai
    select: {namespaces: [github], read_only: true}
    exclude: {glob: ["*_delete"]}
    prefix: support
    policy:
      tenants: [acme]
      default: allow
      timeout: 30
      approve: myapp.hooks:approve     # MODULE:NAME of the approval hook
      rules:
        - {effect: approve, destructive: true}
      rate_limits:
        - {calls: 60, per: 60, scope: tenant}  # window: moving (default), sliding, fixed
      rate_limit_storage: "redis://:${REDIS_PASSWORD}@redis:6379/0"  # default memory://
      rate_limit_fail_open: false      # true: an unreachable store lets calls through
      on_finding: block                # hide tools toolbridge.security flags (or warn)
    audit: {jsonl: audit.jsonl}        # or {stdout: true}, {logging: true}
    identity: {subject: cli, tenant: acme, roles: [support]}
    tokens:                            # bearer tokens of HTTP clients -> identities
      "${SUPPORT_TOKEN}": {subject: ann, tenant: acme, roles: [support]}
    auth:                              # or: OAuth access tokens (JWT), not with tokens
      issuer: https://login.example.com/realms/acme
      audience: https://tools.example.com/mcp
      jwks_uri: https://login.example.com/realms/acme/protocol/openid-connect/certs
      required_scopes: [tools.read]
    meta_tools: false                  # true: serve search/describe/call instead
    tracing: false                     # true: an OpenTelemetry span per call

Reading (`read_definition`) checks everything and starts nothing; a mistake is a
`ConfigError` with the JSON path of the culprit. ``${NAME}`` is replaced from the
environment in header values, token keys, MCP environment values, the string values
of an MCP server's ``auth`` and of the ``auth`` section, and the rate-limit storage
only (a missing variable is an error), so secrets stay out of the file.
Relative paths are relative to the file. `toolbridge.gateway.open_definition` starts
the sources and gives the toolset.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, TypeVar

from toolbridge.errors import ConfigError, JsonPath, ToolbridgeError
from toolbridge.toolsets._identity import ANONYMOUS, Identity
from toolbridge.toolsets._policy import Policy, PolicyRule
from toolbridge.toolsets._ratelimit import RateLimit

__all__ = ["ToolsetDefinition", "read_definition"]

_TOP: Final = frozenset(
    {
        "name",
        "sources",
        "select",
        "exclude",
        "prefix",
        "policy",
        "audit",
        "identity",
        "tokens",
        "auth",
        "meta_tools",
        "tracing",
    }
)
_SOURCE_KINDS: Final = ("module", "mcp", "openapi", "file")
_SOURCE_KEYS: Final = {
    "module": frozenset({"module"}),
    "mcp": frozenset({"mcp", "timeout", "namespacing", "protocol"}),
    "openapi": frozenset({"openapi", "base_url", "headers", "operations", "namespace"}),
    "file": frozenset({"file", "format"}),
}
_SELECTION: Final = frozenset(
    {"namespaces", "tags", "categories", "names", "ids", "glob", "read_only", "destructive",
     "open_world"}
)  # fmt: skip
_POLICY: Final = frozenset(
    {"tenants", "roles", "default", "timeout", "approve", "rules", "rate_limits",
     "rate_limit_storage", "rate_limit_fail_open", "on_finding", "finding_severity"}
)  # fmt: skip
_RULE: Final = frozenset(
    {"effect", "tools", "namespaces", "tags", "read_only", "destructive", "open_world",
     "tenants", "roles", "scopes"}
)  # fmt: skip
_AUTH: Final = frozenset(
    {"issuer", "audience", "resource", "jwks_uri", "algorithms", "required_scopes",
     "scopes_supported", "authorization_servers", "resource_name", "subject_claim",
     "tenant_claim", "roles_claim", "scopes_claim", "leeway", "jwks_max_age",
     "jwks_refetch_interval", "introspection"}
)  # fmt: skip
_INTROSPECTION: Final = frozenset({"endpoint", "client_id", "client_secret", "cache_seconds"})
_AUTH_URLS: Final = ("issuer", "resource", "jwks_uri")
_AUTH_NAMES: Final = ("subject_claim", "tenant_claim", "roles_claim", "scopes_claim",
                      "resource_name")  # fmt: skip
_AUTH_LISTS: Final = ("audience", "algorithms", "required_scopes", "scopes_supported",
                      "authorization_servers")  # fmt: skip
_AUTH_NUMBERS: Final = {"leeway": (0, 300), "jwks_max_age": (60, 7 * 86400),
                        "jwks_refetch_interval": (1, 3600), "cache_seconds": (0, 3600)}  # fmt: skip
_SYMMETRIC: Final = re.compile(r"^(?:none|HS\d+)$", re.IGNORECASE)
_T = TypeVar("_T")
_VARIABLE: Final = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


@dataclass(frozen=True, kw_only=True)
class ToolsetDefinition:
    """A toolset definition file, read and checked."""

    name: str | None = None
    sources: tuple[Mapping[str, Any], ...] = ()
    select: Mapping[str, Any] = field(default_factory=dict)
    exclude: Mapping[str, Any] = field(default_factory=dict)
    prefix: str | None = None
    policy: Policy | None = None
    audit: Mapping[str, Any] = field(default_factory=dict)
    identity: Identity = ANONYMOUS
    tokens: Mapping[str, Identity] = field(default_factory=dict)
    auth: Mapping[str, Any] | None = None
    """The ``auth`` section, checked and its ``${NAME}`` expanded: the keyword
    arguments of `toolbridge.auth.AuthSettings` (``introspection`` a dict of its own)."""
    meta_tools: bool = False
    tracing: bool = False
    """An OpenTelemetry span per call, from the global tracer provider."""
    base: Path = Path(".")
    """The folder relative paths are read from."""


def read_definition(source: str | os.PathLike[str] | Mapping[str, Any]) -> ToolsetDefinition:
    """Read and check a toolset definition: a ``.yaml``/``.yml``/``.toml``/``.json`` file or a dict.

    Raises:
        ConfigError: The file cannot be read or parsed, or a value is unusable
            (``.path`` says where).
    """
    if isinstance(source, Mapping):
        return _definition(source, Path("."))
    path = Path(source)
    return _definition(_parse(path), path.resolve().parent)


def _parse(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"cannot read {str(path)!r}: {error.strerror or error}") from None
    suffix = path.suffix.lower()
    try:
        if suffix == ".toml":
            import tomllib

            return tomllib.loads(text)
        if suffix in (".yaml", ".yml"):
            try:
                import yaml
            except ImportError:
                raise ConfigError(
                    "a YAML toolset file needs PyYAML: pip install 'toolbridge[cli]' (or pyyaml)"
                ) from None
            return yaml.safe_load(text)
        if suffix == ".json":
            import json

            return json.loads(text)
    except ConfigError:
        raise
    except Exception as error:  # each parser raises its own error types
        raise ConfigError(f"{str(path)!r} cannot be parsed: {error}") from None
    raise ConfigError(f"{str(path)!r}: a toolset file is .yaml, .yml, .toml or .json")


def _definition(data: Any, base: Path) -> ToolsetDefinition:
    document = _object(data, ())
    _known(document, _TOP, ())
    sources = document.get("sources", [])
    if not isinstance(sources, list) or not sources:
        raise ConfigError("a toolset needs a non-empty list of sources", path=("sources",))
    return ToolsetDefinition(
        name=_optional_string(document, "name", ()),
        sources=tuple(_source(item, ("sources", index)) for index, item in enumerate(sources)),
        select=_selection(document.get("select", {}), ("select",)),
        exclude=_selection(document.get("exclude", {}), ("exclude",)),
        prefix=_optional_string(document, "prefix", ()),
        policy=_policy(document["policy"], ("policy",)) if "policy" in document else None,
        audit=_audit(document.get("audit", {}), ("audit",)),
        identity=_identity(document.get("identity", {}), ("identity",)),
        tokens=_tokens(document.get("tokens", {}), ("tokens",)),
        auth=_auth(document["auth"], ("auth",), document) if "auth" in document else None,
        meta_tools=_boolean(document, "meta_tools", ()),
        tracing=_boolean(document, "tracing", ()),
        base=base,
    )


def _object(value: Any, path: JsonPath) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ConfigError(f"expected an object, got {type(value).__name__}", path=path)
    return value


def _known(value: Mapping[str, Any], known: frozenset[str], path: JsonPath) -> None:
    unknown = sorted(str(key) for key in value if key not in known)
    if unknown:
        raise ConfigError(
            f"unknown key {unknown[0]!r}; expected one of {', '.join(sorted(known))}",
            path=(*path, unknown[0]),
        )


def _optional_string(value: Mapping[str, Any], key: str, path: JsonPath) -> str | None:
    found = value.get(key)
    if found is not None and (not isinstance(found, str) or not found):
        raise ConfigError("expected a non-empty string", path=(*path, key))
    return found


def _boolean(value: Mapping[str, Any], key: str, path: JsonPath) -> bool:
    found = value.get(key, False)
    if not isinstance(found, bool):
        raise ConfigError("expected true or false", path=(*path, key))
    return found


def _strings(value: Any, path: JsonPath) -> list[str]:
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError("expected a string or a list of strings", path=path)
    return list(value)


def _expand(text: Any, path: JsonPath) -> str:
    """``${NAME}`` replaced from the environment."""
    if not isinstance(text, str):
        raise ConfigError("expected a string", path=path)

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in os.environ:
            raise ConfigError(f"the environment variable {name} is not set", path=path)
        return os.environ[name]

    return _VARIABLE.sub(value, text)


def _source(item: Any, path: JsonPath) -> Mapping[str, Any]:
    entry = dict(_object(item, path))
    kinds = [kind for kind in _SOURCE_KINDS if kind in entry]
    if len(kinds) != 1:
        raise ConfigError(f"a source names exactly one of {', '.join(_SOURCE_KINDS)}", path=path)
    kind = kinds[0]
    _known(entry, _SOURCE_KEYS[kind], path)
    if "headers" in entry:
        headers = _object(entry["headers"], (*path, "headers"))
        entry["headers"] = {
            str(key): _expand(value, (*path, "headers", str(key))) for key, value in headers.items()
        }
    if kind == "mcp" and isinstance(entry["mcp"], Mapping):
        entry["mcp"] = _expanded_servers(entry["mcp"], (*path, "mcp"))
    elif not isinstance(entry[kind], str):
        raise ConfigError("expected a string (a module or a file path)", path=(*path, kind))
    if kind == "file" and not isinstance(entry.get("format"), str):
        raise ConfigError("a file source names its format (openai, mcp, ...)", path=path)
    if entry.get("protocol", "auto") not in ("auto", "legacy"):
        raise ConfigError('expected "auto" or "legacy"', path=(*path, "protocol"))
    return entry


def _expanded_servers(servers: Mapping[str, Any], path: JsonPath) -> dict[str, Any]:
    """Inline MCP servers, their ``env``, ``headers`` and ``auth`` values expanded."""
    expanded: dict[str, Any] = {}
    inner = servers.get("mcpServers", servers)
    for name, server in _object(inner, path).items():
        entry = dict(_object(server, (*path, str(name))))
        for key in ("env", "headers"):
            if key in entry:
                values = _object(entry[key], (*path, str(name), key))
                entry[key] = {
                    str(k): _expand(v, (*path, str(name), key, str(k))) for k, v in values.items()
                }
        auth = entry.get("auth")
        if isinstance(auth, Mapping):  # {"type": ..., "clientSecret": "${SECRET}", ...}
            entry["auth"] = {
                str(k): _expand(v, (*path, str(name), "auth", str(k))) if isinstance(v, str) else v
                for k, v in auth.items()
            }
        expanded[str(name)] = entry
    return expanded


def _selection(value: Any, path: JsonPath) -> dict[str, Any]:
    selection = dict(_object(value, path))
    _known(selection, _SELECTION, path)
    for key, item in selection.items():
        if key in ("read_only", "destructive", "open_world"):
            if not isinstance(item, bool):
                raise ConfigError("expected true or false", path=(*path, key))
        else:
            selection[key] = _strings(item, (*path, key))
    return selection


def _policy(value: Any, path: JsonPath) -> Policy:
    data = _object(value, path)
    _known(data, _POLICY, path)
    rules = data.get("rules", [])
    if not isinstance(rules, list):
        raise ConfigError("expected a list of rules", path=(*path, "rules"))
    limits = data.get("rate_limits", [])
    if not isinstance(limits, list):
        raise ConfigError("expected a list of rate limits", path=(*path, "rate_limits"))
    storage = data.get("rate_limit_storage", "memory://")
    if not isinstance(storage, str):
        raise ConfigError("expected a storage URI", path=(*path, "rate_limit_storage"))
    storage = _expand(storage, (*path, "rate_limit_storage"))
    fail_open = data.get("rate_limit_fail_open", False)
    if not isinstance(fail_open, bool):
        raise ConfigError("expected true or false", path=(*path, "rate_limit_fail_open"))
    approve = None
    if "approve" in data:
        reference = data["approve"]
        if not isinstance(reference, str):
            raise ConfigError("expected MODULE:NAME of a function", path=(*path, "approve"))
        from toolbridge._loading import load_object

        try:
            approve = load_object(reference)
        except ToolbridgeError as error:
            raise ConfigError(str(error), path=(*path, "approve")) from None
        if not callable(approve):
            raise ConfigError(f"{reference!r} is not a function", path=(*path, "approve"))
    return _checked(
        lambda: Policy(
            tenants=frozenset(_strings(data["tenants"], (*path, "tenants")))
            if "tenants" in data
            else None,
            roles=frozenset(_strings(data["roles"], (*path, "roles"))) if "roles" in data else None,
            default=data.get("default", "allow"),
            timeout=data.get("timeout"),
            on_finding=data.get("on_finding", "ignore"),
            finding_severity=data.get("finding_severity", "medium"),
            approve=approve,
            rules=[_rule(rule, (*path, "rules", i)) for i, rule in enumerate(rules)],
            rate_limits=[
                _rate_limit(item, (*path, "rate_limits", i)) for i, item in enumerate(limits)
            ],
            rate_limit_storage=storage,
            rate_limit_fail_open=fail_open,
        ),
        path,
    )


def _rule(value: Any, path: JsonPath) -> PolicyRule:
    data = _object(value, path)
    _known(data, _RULE, path)
    fields: dict[str, Any] = {
        key: _strings(item, (*path, key))
        if key in ("tools", "namespaces", "tags", "tenants", "roles", "scopes")
        else item
        for key, item in data.items()
    }
    return _checked(lambda: PolicyRule(**fields), path)


def _rate_limit(value: Any, path: JsonPath) -> RateLimit:
    data = _object(value, path)
    _known(data, frozenset({"calls", "per", "scope", "window"}), path)
    return _checked(lambda: RateLimit(**data), path)


def _identity(value: Any, path: JsonPath) -> Identity:
    data = _object(value, path)
    _known(data, frozenset({"subject", "tenant", "roles"}), path)
    roles = _strings(data.get("roles", []), (*path, "roles"))
    subject, tenant = data.get("subject"), data.get("tenant")
    for key, item in (("subject", subject), ("tenant", tenant)):
        if item is not None and not isinstance(item, str):
            raise ConfigError("expected a string", path=(*path, key))
    return Identity(subject=subject, tenant=tenant, roles=frozenset(roles))


def _tokens(value: Any, path: JsonPath) -> dict[str, Identity]:
    from toolbridge._http import checked_token  # (the check `StaticTokens` makes too)

    tokens: dict[str, Identity] = {}
    for key, item in _object(value, path).items():
        where = (*path, str(key))
        token = checked_token(_expand(key, where), path=where)
        tokens[token] = _identity(item, where)
    return tokens


def _auth(value: Any, path: JsonPath, document: Mapping[str, Any]) -> dict[str, Any]:
    """The ``auth`` section as `AuthSettings` keywords; its values checked and expanded."""
    data = _object(value, path)
    _known(data, _AUTH, path)
    if document.get("tokens"):
        raise ConfigError(
            "give either static bearer 'tokens' or an OAuth 'auth' section, not both",
            path=path,
        )
    for key in ("issuer", "audience"):
        if key not in data:
            raise ConfigError(f"the auth section needs {key!r}", path=path)
    if "jwks_uri" not in data and "introspection" not in data:
        raise ConfigError("the auth section needs 'jwks_uri' (or 'introspection')", path=path)
    settings: dict[str, Any] = {}
    for key, item in data.items():
        where = (*path, key)
        if key in _AUTH_URLS:
            settings[key] = _url(_expand(item, where), where)
        elif key in _AUTH_NAMES:
            settings[key] = _expand(item, where)
            if not settings[key]:
                raise ConfigError("expected a non-empty string", path=where)
        elif key in _AUTH_LISTS:
            items = [_expand(each, (*where, i)) for i, each in enumerate(_strings(item, where))]
            if key == "authorization_servers":
                items = [_url(each, (*where, i)) for i, each in enumerate(items)]
            if key == "algorithms":
                refused = [each for each in items if _SYMMETRIC.match(each)]
                if refused or not items:
                    raise ConfigError(
                        "only asymmetric algorithms (RS256, PS256, ES256, EdDSA, ...) are "
                        f"accepted, not {refused[0] if refused else 'none at all'!r}",
                        path=where,
                    )
            if key == "audience" and not items:
                raise ConfigError("expected at least one audience", path=where)
            settings[key] = items if key != "audience" or len(items) > 1 else items[0]
        elif key == "introspection":
            settings[key] = _introspection(item, where)
        else:
            settings[key] = _seconds(item, key, where)
    if "resource" not in settings:
        audiences = settings["audience"]
        audiences = [audiences] if isinstance(audiences, str) else audiences
        if not any(_is_url(each) for each in audiences):
            raise ConfigError(
                "no audience is an https URL: give 'resource', this server's URL",
                path=(*path, "audience"),
            )
    return settings


def _is_url(text: str) -> bool:
    try:
        _url(text, ())
    except ConfigError:
        return False
    return True


def _introspection(value: Any, path: JsonPath) -> dict[str, Any]:
    data = _object(value, path)
    _known(data, _INTROSPECTION, path)
    if "endpoint" not in data or "client_id" not in data:
        raise ConfigError("introspection needs 'endpoint' and 'client_id'", path=path)
    found: dict[str, Any] = {}
    for key, item in data.items():
        where = (*path, key)
        if key == "cache_seconds":
            found[key] = _seconds(item, key, where)
        else:
            found[key] = _expand(item, where)
    found["endpoint"] = _url(found["endpoint"], (*path, "endpoint"))
    return found


def _seconds(value: Any, key: str, path: JsonPath) -> float:
    least, most = _AUTH_NUMBERS[key]
    if isinstance(value, bool) or not isinstance(value, int | float) or not least <= value <= most:
        raise ConfigError(f"expected a number of seconds from {least} to {most}", path=path)
    return float(value)


def _url(text: str, path: JsonPath) -> str:
    """An https URL, or http on a loopback address (tests, a sidecar on the same host)."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(text)
        host = parts.hostname
    except ValueError:
        host = None
        parts = None
    if parts is None or not host or parts.scheme not in ("https", "http"):
        raise ConfigError(f"expected an https URL, got {text!r}", path=path)
    if parts.scheme == "http" and host not in ("127.0.0.1", "::1", "localhost"):
        raise ConfigError(
            f"expected an https URL (http only on a loopback address), got {text!r}", path=path
        )
    return text


def _audit(value: Any, path: JsonPath) -> dict[str, Any]:
    data = dict(_object(value, path))
    _known(data, frozenset({"jsonl", "stdout", "logging", "arguments"}), path)
    if "jsonl" in data and not isinstance(data["jsonl"], str):
        raise ConfigError("expected a file path", path=(*path, "jsonl"))
    for key in ("stdout", "logging", "arguments"):
        if key in data and not isinstance(data[key], bool):
            raise ConfigError("expected true or false", path=(*path, key))
    return data


def _checked(make: Callable[[], _T], path: JsonPath) -> _T:
    """`make()`, its `ConfigError` (or type errors from bad values) located at `path`."""
    try:
        return make()
    except ConfigError as error:
        if error.path:
            raise
        raise ConfigError(str(error), path=path) from None
    except TypeError as error:
        raise ConfigError(str(error), path=path) from None
