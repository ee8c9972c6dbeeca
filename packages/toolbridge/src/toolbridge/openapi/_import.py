"""`from_openapi`: a document's operations as canonical tools with HTTP invokers."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin

from toolbridge._tool import Tool
from toolbridge.errors import ConversionError
from toolbridge.openapi._document import load_document
from toolbridge.openapi._invoker import HttpInvoker
from toolbridge.openapi._operations import read_operations

if TYPE_CHECKING:
    import httpx

__all__ = ["from_openapi"]


def from_openapi(
    document: Mapping[str, Any] | str | os.PathLike[str],
    *,
    base_url: str | None = None,
    client: httpx.AsyncClient | None = None,
    headers: Mapping[str, str] | None = None,
    operations: Iterable[str] | None = None,
    namespace: str | None = None,
    timeout: float | None = 30.0,
) -> list[Tool]:
    """One tool per operation of an OpenAPI 3.0 or 3.1 document.

    Args:
        document: A parsed document, JSON or YAML text, or a file path (never changed).
        base_url: Where to send requests; by default the document's first
            ``servers[].url`` (a relative one is resolved against `base_url` when
            both are given).
        client: The httpx client every call uses (for its transport, auth, limits);
            by default each call opens its own.
        headers: Sent with every request (credentials): never part of a tool's
            definition, ``repr`` or error texts.
        operations: Keep only these ``operationId``s.
        namespace: The tools' namespace.
        timeout: Seconds a request may take unless the call gives its own.

    Raises:
        ConversionError: The document is unreadable, not OpenAPI 3.x, or malformed
            (the message and ``.path`` say where); or there is no server URL.
    """
    loaded = load_document(document)
    url = _base_url(loaded.data.get("servers"), base_url)
    sent = {str(key): str(value) for key, value in (headers or {}).items()}
    tools: list[Tool] = []
    for tool, operation in read_operations(loaded, operations=operations, namespace=namespace):
        invoker = HttpInvoker(
            operation,
            tool_name=tool.name,
            base_url=url,
            headers=sent,
            client=client,
            timeout=timeout,
        )
        tools.append(tool.replace(invoker=invoker))
    return tools


def _base_url(servers: Any, given: str | None) -> str:
    first = None
    if isinstance(servers, list) and servers and isinstance(servers[0], Mapping):
        url = servers[0].get("url")
        first = url if isinstance(url, str) and url else None
    if first is None or "://" not in first:
        if given is not None:
            return urljoin(given.rstrip("/") + "/", first.lstrip("/")) if first else given
        if first is None:
            raise ConversionError(
                "the document names no server: pass base_url=...", path=("servers",)
            )
        raise ConversionError(
            f"the document's server URL {first!r} is relative: pass base_url=...",
            path=("servers", 0, "url"),
        )
    return given if given is not None else first
