"""A toolset over plain HTTP and JSON: list, describe and call tools; an OpenAPI document.

    GET  /tools            {"tools": [...]}: MCP's tools/list shape, for the caller
    GET  /tools/{name}     one tool's MCP definition
    POST /tools/{name}     call it; the body is the arguments object ({} when empty)
    GET  /openapi.json     the caller's tools as an OpenAPI 3.1 document
    GET  /healthz          {"status": "ok"} (200), {"status": "stopping"} (503) once
                           the app's lifespan began its shutdown

Policies and audit are the toolset's own: this layer only asks it, for the caller
`identity` names, and calls through `enter` like every other way in. A tool the
caller may not see and a tool that does not exist get the same 404, byte for byte.
Errors are JSON, ``{"error": {"type", "message", ...}}``, never a traceback.

In front of the routes, the middlewares the MCP server uses too (`toolbridge._http`):
the header guard (Host and Origin allowed, no single-value header twice, never both
``Content-Length`` and ``Transfer-Encoding``), then (with ``auth``) the OAuth
resource server of `toolbridge.auth`, then the body read whole within
`max_body_bytes` and `body_timeout`.
"""

from __future__ import annotations

import contextlib
import logging
import math
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal

try:
    from starlette.applications import Starlette
    from starlette.exceptions import HTTPException
    from starlette.middleware import Middleware
    from starlette.requests import Request
    from starlette.responses import JSONResponse, Response
    from starlette.routing import Route
except ImportError as error:  # pragma: no cover - the install shapes test this
    raise ImportError(
        f"toolbridge.rest needs Starlette: pip install 'toolbridge[rest]' ({error})"
    ) from error

from toolbridge._http import (
    DEFAULT_BODY_LIMIT,
    DEFAULT_BODY_TIMEOUT,
    BodyReader,
    HeaderGuard,
    checked_timeout,
)
from toolbridge._json import loads
from toolbridge._tool import Tool
from toolbridge.errors import (
    AccessDeniedError,
    ArgumentValidationError,
    ConfigError,
    JsonPath,
    RateLimitError,
    ToolbridgeError,
    ToolNotFoundError,
    ToolTimeoutError,
    format_path,
)
from toolbridge.formats import to_mcp
from toolbridge.rest._openapi import openapi_document
from toolbridge.toolsets import Identify, Identity, StaticToolset, Toolset, identifier

if TYPE_CHECKING:
    from toolbridge.auth import AuthSettings, StaticTokens

__all__ = ["build_app"]

_JSON_MEDIA: Final = re.compile(r"^application/(?:[\w.+-]+\+)?json\s*(?:;|$)", re.IGNORECASE)
_JSON_TYPES: Final = {dict: "object", list: "array", str: "string", bool: "boolean"}
_SURROGATE: Final = re.compile(r"[\ud800-\udfff]")
_SURROGATE_ESCAPE: Final = re.compile(rb"\\u[dD][89a-fA-F]")
_log = logging.getLogger("toolbridge.rest")

_Endpoint = Callable[[Request], Awaitable[Response]]


def build_app(
    toolset: Toolset | Iterable[Tool],
    *,
    identity: Identity | Identify | None = None,
    auth: AuthSettings | StaticTokens | None = None,
    title: str = "toolbridge",
    version: str | None = None,
    max_body_bytes: int = DEFAULT_BODY_LIMIT,
    body_timeout: float = DEFAULT_BODY_TIMEOUT,
    allowed_hosts: Sequence[str] | None = None,
    allowed_origins: Sequence[str] | None = None,
) -> Starlette:
    """A Starlette app serving `toolset` over HTTP/JSON.

    Args:
        toolset: A toolset (its policies and audit apply) or a list of tools.
        identity: One `Identity` for every request, or a function of the Starlette
            request returning one (sync or async), such as a check of a bearer token.
            A function that raises or returns something else makes the request
            anonymous (and is logged). With `auth`, by default the caller its
            access token names (`toolbridge.auth.identity_of`).
        auth: Accept only OAuth access tokens issued for this server
            (`toolbridge.auth.AuthSettings`): its RFC 9728 metadata is published,
            a request without a valid token gets 401 with a ``WWW-Authenticate``
            challenge, one without the required scopes 403. Or a fixed table of
            bearer tokens (`toolbridge.auth.StaticTokens`): no token is anonymous, a
            token not in it gets 401. ``/healthz`` stays open.
        title: The OpenAPI document's title.
        version: Its version (toolbridge's by default).
        max_body_bytes: The largest request body accepted; a larger one gets 413.
        body_timeout: Seconds a request's body may take to arrive, from its headers;
            a body still incomplete then (a ``Content-Length`` larger than what is
            sent) gets 408 and the connection is closed.
        allowed_hosts: ``Host`` values accepted (``"host:*"`` for any port); others
            get 421. ``None`` accepts any (`serve_rest` sets loopback defaults).
        allowed_origins: ``Origin`` values accepted (``"scheme://host:*"`` for any
            port; a request without one is accepted); others get 403. ``None``
            accepts any. A request with two ``Host`` or two ``Origin`` headers gets
            400 whatever these say.

    Returns:
        The app; serve it with `serve_rest` or any ASGI server.

    Raises:
        ConfigError: Unusable tools or options.
    """
    from toolbridge import __version__

    served = toolset if isinstance(toolset, Toolset) else StaticToolset(toolset)
    if isinstance(max_body_bytes, bool) or not isinstance(max_body_bytes, int):
        raise ConfigError(f"max_body_bytes must be an integer, got {max_body_bytes!r}")
    if max_body_bytes < 1:
        raise ConfigError(f"max_body_bytes must be positive, got {max_body_bytes}")
    timeout = checked_timeout(body_timeout)
    guard: list[Middleware] = []
    bearer: Literal["optional", "required"] | None = None
    if auth is not None:
        from toolbridge.auth import (
            AuthSettings,
            ResourceServer,
            StaticTokenGuard,
            StaticTokens,
            identity_of,
        )

        if not isinstance(auth, AuthSettings | StaticTokens):
            raise ConfigError(
                "auth must be toolbridge.auth.AuthSettings or StaticTokens, "
                f"not {type(auth).__name__}"
            )
        if isinstance(identity, Identity):
            raise ConfigError("with auth, identity is a function of the request (or left out)")
        identity = identity or identity_of
        if isinstance(auth, StaticTokens):
            guard.append(Middleware(StaticTokenGuard, tokens=auth, open_paths=("/healthz",)))
            bearer = "optional"
        else:
            guard.append(Middleware(ResourceServer, settings=auth, open_paths=("/healthz",)))
            bearer = "required"
    identify = identifier(identity)
    shown_version = version or __version__

    async def list_tools(request: Request) -> Response:
        caller = await identify(request)
        return JSONResponse({"tools": [to_mcp(tool) for tool in served.list_tools(caller)]})

    async def one_tool(request: Request) -> Response:
        caller = await identify(request)
        name: str = request.path_params["name"]
        if request.method == "POST":
            arguments = await _arguments(request)
            if isinstance(arguments, Response):
                return arguments
            result = await served.call(name, arguments, identity=caller)
            return JSONResponse(result.to_dict())
        found = served.find(name, caller)
        if found is None:
            raise ToolNotFoundError(name)
        return JSONResponse(to_mcp(found))

    async def document(request: Request) -> Response:
        caller = await identify(request)
        tools = served.list_tools(caller)
        return JSONResponse(
            openapi_document(tools, title=title, version=shown_version, bearer=bearer)
        )

    stopping: list[bool] = []

    async def health(request: Request) -> Response:
        if stopping:
            return JSONResponse({"status": "stopping"}, status_code=503)
        return JSONResponse({"status": "ok"})

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        stopping.append(True)

    return Starlette(
        lifespan=lifespan,
        routes=[
            Route("/healthz", health, methods=["GET", "HEAD"]),
            Route("/tools", _answering(list_tools), methods=["GET"]),
            Route("/tools/{name:path}", _answering(one_tool), methods=["GET", "POST"]),
            Route("/openapi.json", _answering(document), methods=["GET"]),
        ],
        middleware=[
            Middleware(
                HeaderGuard,
                hosts=_patterns(allowed_hosts),
                origins=_patterns(allowed_origins),
            ),
            *guard,
            Middleware(BodyReader, max_bytes=max_body_bytes, timeout=timeout),
        ],
        exception_handlers={404: _no_route, 405: _not_allowed},
    )


def _answering(endpoint: _Endpoint) -> _Endpoint:
    """`endpoint` with every failure answered as a JSON error, never a traceback."""

    async def answer(request: Request) -> Response:
        try:
            return await endpoint(request)
        except ToolNotFoundError:
            # Built from the name asked for alone: an unknown tool and a hidden one
            # get the same bytes, whatever the layer that refused said.
            return _not_found(request.path_params.get("name", ""))
        except ToolbridgeError as error:
            return _failure(error)
        except Exception:
            _log.exception("the REST endpoint %s %s failed", request.method, request.url.path)
            return _error(500, "InternalError", "the server failed; its log says why")

    return answer


def _not_found(name: str) -> JSONResponse:
    """The one answer for a tool that does not exist and a tool the caller may not see."""
    return _error(404, "ToolNotFoundError", str(ToolNotFoundError(name)))


def _failure(error: ToolbridgeError) -> JSONResponse:
    """The answer for a call that `error` stopped (a tool that reported one is a 200)."""
    kind = type(error).__name__
    if isinstance(error, RateLimitError):
        seconds = _whole_seconds(error.retry_after)
        response = _error(429, kind, str(error), retry_after=seconds)
        response.headers["Retry-After"] = str(seconds)
        return response
    if isinstance(error, AccessDeniedError):
        return _error(403, kind, str(error))
    if isinstance(error, ArgumentValidationError):
        issues = [
            {"path": format_path(issue.path), "kind": str(issue.kind), "message": issue.message}
            for issue in error.issues
        ]
        return _error(422, kind, str(error), issues=issues)
    if isinstance(error, ToolTimeoutError):
        return _error(504, kind, str(error))
    return _error(500, kind, str(error))


def _whole_seconds(seconds: float) -> int:
    """``Retry-After``: whole seconds, rounded up, at least 1."""
    if not math.isfinite(seconds):
        return 3600
    return max(1, math.ceil(seconds))


async def _arguments(request: Request) -> dict[str, Any] | Response:
    """The request's arguments object, or the error response saying why there is none.

    `BodyReader` has read the body whole, within the size limit and the timeout.
    """
    body = await request.body()
    if not body.strip():
        return {}
    media = request.headers.get("content-type")
    if media is not None and not _JSON_MEDIA.match(media):
        return _error(415, "UnsupportedMediaType", f"the body must be JSON, not {media}")
    return _parse(body)


def _parse(body: bytes) -> dict[str, Any] | JSONResponse:
    """A body's arguments object, or the 400 answer saying what is wrong with it."""
    try:
        value = loads(body)
    except (ValueError, RecursionError) as error:
        return _error(400, "InvalidJson", f"the body is not JSON: {error}")
    if not isinstance(value, dict):
        kind = _JSON_TYPES.get(type(value), "number" if value is not None else "null")
        return _error(400, "InvalidArguments", f"the arguments must be a JSON object, not {kind}")
    # Only an escape or a non-ASCII body can hold one: most bodies skip the walk.
    lone = None if body.isascii() and not _SURROGATE_ESCAPE.search(body) else _lone_surrogate(value)
    if lone is not None:
        return _error(400, "InvalidJson", f"the body is not usable JSON: {lone}")
    return value


def _lone_surrogate(value: Any) -> str | None:
    r"""Where `value` holds a lone surrogate, first in document order; None if nowhere.

    JSON may escape half of a surrogate pair (``"\ud800"``) and `json.loads` keeps
    it, but no such string is text: it cannot be encoded as UTF-8, so it could not
    be validated against an enum, passed on, or answered. The client's mistake.
    """
    pending: list[tuple[JsonPath, Any, bool]] = [((), value, False)]
    while pending:
        path, node, is_key = pending.pop()
        if isinstance(node, str):
            found = _SURROGATE.search(node)
            if found is not None:
                where = format_path(path).encode("utf-8", "backslashreplace").decode()
                if is_key:
                    what = f"a key in {where}" if where else "a key of the arguments"
                else:
                    what = f"the string at {where}"
                return f"{what} holds a lone surrogate, \\u{ord(found.group()):04x}"
        elif isinstance(node, dict):
            for key, item in reversed(node.items()):
                pending.append(((*path, key), item, False))
                pending.append((path, key, True))
        elif isinstance(node, list):
            pending.extend(
                ((*path, index), item, False) for index, item in reversed(list(enumerate(node)))
            )
    return None


def _patterns(values: Sequence[str] | None) -> tuple[str, ...] | None:
    """The allowed Host or Origin values, refusing a lone string (a list of characters)."""
    if values is None:
        return None
    if isinstance(values, str):
        raise ConfigError("allowed hosts and origins must be a list of strings, not a string")
    return tuple(values)


async def _no_route(request: Request, exc: Exception) -> Response:
    return _error(404, "NotFound", f"no route {request.url.path}")


async def _not_allowed(request: Request, exc: Exception) -> Response:
    headers = exc.headers if isinstance(exc, HTTPException) else None
    response = _error(405, "MethodNotAllowed", f"{request.method} is not allowed here")
    response.headers.update(headers or {})
    return response


def _error(status: int, kind: str, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": {"type": kind, "message": message, **extra}}, status_code=status)
