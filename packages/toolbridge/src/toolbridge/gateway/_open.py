"""Open a toolset definition: start its sources and build the toolset it describes.

A definition (`toolbridge.toolsets.read_definition`) is checked data; opening it
starts what it names (MCP servers, OpenAPI documents, modules, provider JSON) into a
`Registry`, then applies its selection, policy, prefix, audit and meta-tools. This
sits above the toolsets, MCP and search layers because it uses all of them.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import sys
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolbridge._loading import load_tools
from toolbridge.auth import IDENTITY_KEY, AuthSettings, identity_of
from toolbridge.errors import ConfigError, ToolbridgeError, format_path
from toolbridge.formats import read_tools
from toolbridge.toolsets import (
    ANONYMOUS,
    AuditedToolset,
    Identity,
    JsonLinesSink,
    LoggingSink,
    Registry,
    Toolset,
    ToolsetDefinition,
)

__all__ = ["OpenDefinition", "auth_settings", "open_definition"]


def auth_settings(definition: ToolsetDefinition) -> AuthSettings | None:
    """The OAuth resource server settings of the definition's ``auth`` section, if any.

    Raises:
        ConfigError: The section is unusable (``.path`` under ``auth``).
    """
    if definition.auth is None:
        return None
    try:
        return AuthSettings(**definition.auth)
    except ConfigError as error:
        raise ConfigError(str(error), path=("auth", *error.path)) from None
    except TypeError as error:
        raise ConfigError(str(error), path=("auth",)) from None


@dataclass(frozen=True)
class OpenDefinition:
    """A definition's toolset, its sources running, and who its callers are."""

    toolset: Toolset
    definition: ToolsetDefinition

    @property
    def auth(self) -> AuthSettings | None:
        """The resource server settings of its ``auth`` section (see `auth_settings`)."""
        return auth_settings(self.definition)

    def identify(self, request: Any) -> Identity:
        """The caller of an HTTP request by its bearer token, else the default identity.

        With an ``auth`` section, the caller the verified access token names (the
        server's `toolbridge.auth.ResourceServer` refused the request otherwise).
        With ``tokens``, the caller `toolbridge.auth.StaticTokenGuard` found for the
        request's token (it refused a token not in the file; no token is
        anonymous); in an app without that guard, the token looked up here, and a
        request whose token is not in the file is anonymous.
        """
        if request is not None and self.definition.auth is not None:
            return identity_of(request)
        if request is not None and self.definition.tokens:
            scope = getattr(request, "scope", None)
            if isinstance(scope, dict) and IDENTITY_KEY in scope:
                return identity_of(request)
            header = str(request.headers.get("authorization", ""))
            scheme, _, token = header.partition(" ")
            if scheme.lower() == "bearer":
                for known, identity in self.definition.tokens.items():
                    if hmac.compare_digest(known.encode(), token.strip().encode()):
                        return identity
            return ANONYMOUS
        return self.definition.identity


@contextlib.asynccontextmanager
async def open_definition(definition: ToolsetDefinition) -> AsyncIterator[OpenDefinition]:
    """Start the definition's sources (MCP servers) and build its toolset.

    Raises:
        ConfigError: A source cannot be loaded, or one of its MCP servers cannot be
            started or listed: the toolset is never opened with fewer tools than the
            definition says.
    """
    registry = Registry(name=definition.name)
    async with contextlib.AsyncExitStack() as stack:
        for index, source in enumerate(definition.sources):
            try:
                await _add_source(registry, source, definition.base, stack, index)
            except ConfigError as error:
                raise ConfigError(_reason(error), path=("sources", index, *error.path)) from None
            except ToolbridgeError as error:
                raise ConfigError(str(error), path=("sources", index)) from error
        yield OpenDefinition(_build(registry, definition, stack), definition)


def _reason(error: ConfigError) -> str:
    """What `error` says, without the place its message ends with (it is given again)."""
    text = str(error)
    where = f" (at {format_path(error.path)!r})" if error.path else ""
    return text.removesuffix(where)


async def _add_source(
    registry: Any,
    source: Mapping[str, Any],
    base: Path,
    stack: contextlib.AsyncExitStack,
    index: int,
) -> None:
    def local(name: str) -> str:
        path = Path(name).expanduser()
        return str(path if path.is_absolute() else base / path)

    name = f"source-{index + 1}"
    if "module" in source:
        reference = source["module"]
        if reference.endswith(".py") or reference.split(":")[0].endswith(".py"):
            reference = local(reference)
        registry.add(load_tools(reference), source=name)
    elif "mcp" in source:
        from toolbridge.mcp import McpClient  # (the mcp extra: imported when a file names MCP)

        config = source["mcp"]
        config = config if isinstance(config, Mapping) else local(config)
        options = {
            key: source[key] for key in ("timeout", "namespacing", "protocol") if key in source
        }
        client = await stack.enter_async_context(McpClient(config, **options))
        for server, failure in client.failures.items():
            # Fail closed: never serve fewer tools than the file says.
            raise ConfigError(str(failure), path=("mcp", server))
        registry.add_mcp(client, source=name)
    elif "openapi" in source:
        options = {
            key: source[key]
            for key in ("base_url", "headers", "operations", "namespace")
            if key in source
        }
        registry.add_openapi(local(source["openapi"]), source=name, **options)
    else:
        try:
            data = json.loads(Path(local(source["file"])).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise ConfigError(f"cannot read {source['file']!r}: {error}", path=("file",)) from None
        found = read_tools(data, source["format"])
        registry.add(found, source=name)


def _build(
    registry: Any, definition: ToolsetDefinition, stack: contextlib.AsyncExitStack
) -> Toolset:
    toolset: Toolset = registry
    if definition.select:
        toolset = toolset.filtered(**definition.select)
    if definition.exclude:
        toolset = toolset.excluding(**definition.exclude)
    if definition.policy is not None:
        toolset = toolset.with_policy(definition.policy, name=definition.name)
    if definition.prefix:
        toolset = toolset.prefixed(definition.prefix)
    audit = definition.audit
    if audit.get("jsonl") or audit.get("stdout") or audit.get("logging"):
        secrets = [*registry.secrets, *definition.tokens, *_auth_secrets(definition)]
        arguments = bool(audit.get("arguments", True))
        if audit.get("jsonl"):
            path = Path(audit["jsonl"]).expanduser()
            sink = JsonLinesSink(path if path.is_absolute() else definition.base / path)
            stack.callback(sink.close)
            toolset = _audited(toolset, sink, secrets, arguments)
        if audit.get("stdout"):
            sink = JsonLinesSink(_standard_output())
            stack.callback(sink.close)  # (the stream stays open: it is the process's)
            toolset = _audited(toolset, sink, secrets, arguments)
        if audit.get("logging"):
            toolset = _audited(toolset, LoggingSink(), secrets, arguments)
    if definition.tracing:
        toolset = toolset.traced()  # outside the audit: its span covers the whole call
    if definition.meta_tools:
        from toolbridge.search import meta_toolset  # (the search extra, likewise)

        try:
            toolset = meta_toolset(toolset, name=definition.name)
        except ConfigError as error:  # its search's extra is not installed
            raise ConfigError(f"meta_tools: {error}", path=("meta_tools",)) from None
    return toolset


def _auth_secrets(definition: ToolsetDefinition) -> list[str]:
    introspection = (definition.auth or {}).get("introspection") or {}
    secret = introspection.get("client_secret")
    return [secret] if isinstance(secret, str) and secret else []


def _standard_output() -> Any:
    """The process's standard output, even while `sys.stdout` is redirected."""
    stream = sys.__stdout__
    if stream is None:
        raise ConfigError("audit: stdout: this process has no standard output")
    return stream


def _audited(toolset: Toolset, sink: Any, secrets: list[str], arguments: bool) -> Toolset:
    return AuditedToolset(toolset, sink, secrets=secrets, arguments=arguments)
