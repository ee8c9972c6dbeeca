"""A toolset over plain HTTP and JSON: list, describe and call tools; an OpenAPI document.

    GET  /tools            {"tools": [...]}: MCP's tools/list shape, for the caller
    GET  /tools/{name}     one tool's MCP definition
    POST /tools/{name}     call it; the body is the arguments object
    GET  /openapi.json     the caller's tools as an OpenAPI 3.1 document

Policies and audit are the toolset's own: this layer only asks it, for the caller
`identity` names. A tool the caller may not see and a tool that does not exist get
the same 404. Errors are JSON, ``{"error": {"type", "message", ...}}``, never a
traceback.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from typing import Any, Final

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from toolbridge._tool import Tool
from toolbridge.errors import (
    AccessDeniedError,
    ArgumentValidationError,
    ConfigError,
    RateLimitError,
    ToolbridgeError,
    ToolNotFoundError,
    ToolTimeoutError,
    format_path,
)
from toolbridge.formats._mcp import to_mcp
from toolbridge.rest._guard import HostGuard
from toolbridge.rest._openapi import openapi_document
from toolbridge.toolsets._base import CallOptions, Toolset
from toolbridge.toolsets._entry import enter
from toolbridge.toolsets._identity import Identify, Identity, identifier
from toolbridge.toolsets._static import StaticToolset

__all__ = ["Identify", "build_app"]

_DEFAULT_BODY_LIMIT: Final = 4 * 1024 * 1024


def build_app(
    toolset: Toolset | Iterable[Tool],
    *,
    identity: Identity | Identify | None = None,
    title: str = "toolbridge",
    version: str | None = None,
    max_body_bytes: int = _DEFAULT_BODY_LIMIT,
    allowed_hosts: Sequence[str] | None = None,
    allowed_origins: Sequence[str] | None = None,
) -> Starlette:
    """A Starlette app serving `toolset` over HTTP/JSON.

    Args:
        toolset: A toolset (its policies and audit apply) or a list of tools.
        identity: One `Identity` for every request, or a function of the request
            returning one (sync or async). A function that raises or returns something
            else makes the request anonymous (and is logged).
        title: The OpenAPI document's title.
        version: Its version (toolbridge's by default).
        max_body_bytes: The largest request body accepted.
        allowed_hosts: ``Host`` values accepted (``"host:*"`` for any port); others get
            421. ``None`` accepts any (`serve_rest` sets loopback defaults).
        allowed_origins: ``Origin`` values accepted (a request without one is
            accepted); others get 403. ``None`` accepts any.

    Raises:
        ConfigError: Unusable tools or options.
    """
    from toolbridge import __version__

    served = toolset if isinstance(toolset, Toolset) else StaticToolset(toolset)
    if max_body_bytes < 1:
        raise ConfigError(f"max_body_bytes must be positive, got {max_body_bytes}")
    identify = identifier(identity)
    shown_version = version or __version__

    async def list_tools(request: Request) -> Response:
        caller = await identify(request)
        return JSONResponse({"tools": [to_mcp(tool) for tool in served.list_tools(caller)]})

    async def describe_tool(request: Request) -> Response:
        caller = await identify(request)
        name = request.path_params["name"]
        found = served.find(name, caller)
        if found is None:
            return _error(404, "ToolNotFoundError", str(ToolNotFoundError(name)))
        return JSONResponse(to_mcp(found))

    async def call_tool(request: Request) -> Response:
        caller = await identify(request)
        name = request.path_params["name"]
        arguments = await _arguments(request, max_body_bytes)
        if isinstance(arguments, Response):
            return arguments
        try:
            result = await enter(served, name, arguments, CallOptions(identity=caller))
        except ToolbridgeError as error:
            return _failure(error)
        return JSONResponse(result.to_dict())

    async def document(request: Request) -> Response:
        caller = await identify(request)
        tools = served.list_tools(caller)
        return JSONResponse(openapi_document(tools, title=title, version=shown_version))

    async def not_found(request: Request, exc: Exception) -> Response:
        return _error(404, "NotFound", f"no route {request.url.path}")

    async def not_allowed(request: Request, exc: Exception) -> Response:
        return _error(405, "MethodNotAllowed", f"{request.method} is not allowed here")

    return Starlette(
        routes=[
            Route("/tools", list_tools, methods=["GET"]),
            Route("/tools/{name:path}", describe_tool, methods=["GET"]),
            Route("/tools/{name:path}", call_tool, methods=["POST"]),
            Route("/openapi.json", document, methods=["GET"]),
        ],
        middleware=[Middleware(HostGuard, hosts=allowed_hosts, origins=allowed_origins)],
        exception_handlers={404: not_found, 405: not_allowed},
    )


async def _arguments(request: Request, limit: int) -> Any:
    """The request's JSON object, or the error response saying why there is none."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        return _error(413, "BodyTooLarge", f"the body is over {limit} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            return _error(413, "BodyTooLarge", f"the body is over {limit} bytes")
    if not body.strip():
        return {}
    try:
        value = json.loads(body)
    except (ValueError, RecursionError) as error:
        return _error(400, "InvalidJson", f"the body is not JSON: {error}")
    if not isinstance(value, dict):
        return _error(
            400,
            "InvalidArguments",
            f"the arguments must be a JSON object, not {type(value).__name__}",
        )
    return value


def _failure(error: ToolbridgeError) -> Response:
    kind = type(error).__name__
    if isinstance(error, ToolNotFoundError):
        return _error(404, "ToolNotFoundError", str(error))
    if isinstance(error, RateLimitError):
        response = _error(429, kind, str(error))
        response.headers["Retry-After"] = str(max(1, math.ceil(error.retry_after)))
        return response
    if isinstance(error, AccessDeniedError):
        return _error(403, kind, str(error))
    if isinstance(error, ArgumentValidationError):
        issues = [
            {"path": format_path(issue.path), "kind": issue.kind.value, "message": issue.message}
            for issue in error.issues
        ]
        return _error(422, kind, str(error), issues=issues)
    if isinstance(error, ToolTimeoutError):
        return _error(504, kind, str(error))
    return _error(500, kind, str(error))


def _error(status: int, kind: str, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": {"type": kind, "message": message, **extra}}, status_code=status)
