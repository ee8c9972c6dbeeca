"""The HTTP request an operation's arguments make, sent with httpx, and its answer.

Path parameters are percent-encoded whole, dots included (a ``/``, ``..`` or ``?`` in
a value can never change the path); query parameters follow their ``style``: ``form``
(arrays repeat the key, or are comma-joined with ``explode: false``),
``spaceDelimited``, ``pipeDelimited`` and ``deepObject`` (``key[field]``); headers
and cookies are set as given, arrays comma-joined. A ``None`` value is left out.

A 2xx answer is the tool's result (structured when the tool has an output schema
and the answer is JSON; MCP's ``CallToolResult``, ``isError`` included, when the
operation says ``x-toolbridge-result: CallToolResult``); any other status is an error
result carrying the status and the body (bounded), so a model can read what the
service said. Configured headers
are sent, win over a parameter of the same name, and are never shown: not in the
invoker's ``repr``, and blanked out of error texts.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import quote, urlsplit, urlunsplit

from toolbridge._result import ToolResult
from toolbridge.errors import ConversionError, ToolExecutionError, ToolTimeoutError
from toolbridge.openapi._operations import Operation, Parameter, is_json

if TYPE_CHECKING:
    import httpx

__all__ = ["HttpInvoker"]

BODY_LIMIT: Final = 2_000
"""The most characters of an error answer's body put in the error result."""
_HIDDEN: Final = "[hidden]"


class HttpInvoker:
    """Runs one OpenAPI operation over HTTP (a toolbridge `Invoker`)."""

    def __init__(
        self,
        operation: Operation,
        *,
        tool_name: str,
        base_url: str,
        headers: Mapping[str, str],
        client: httpx.AsyncClient | None,
        timeout: float | None,
    ) -> None:
        self._operation = operation
        self._name = tool_name
        self._base_url = base_url.rstrip("/")
        self._headers = dict(headers)
        self._client = client
        self._timeout = timeout

    def __repr__(self) -> str:  # the headers may hold credentials: never shown
        return f"HttpInvoker({self._operation.method} {self._operation.path})"

    def call(self, arguments: dict[str, Any], timeout: float | None) -> ToolResult:
        """Send the request from sync code, in a fresh event loop.

        Raises:
            SyncInvocationError: The tool sends through a given `httpx.AsyncClient`:
                its pooled connections belong to one event loop, so only ``ainvoke``
                from that loop is safe.
        """
        from toolbridge._runtime import run_coroutine

        if self._client is not None:
            from toolbridge.errors import SyncInvocationError

            raise SyncInvocationError(
                f"tool {self._name!r} sends through the httpx.AsyncClient it was made with, "
                "whose connections belong to its event loop: use `await tool.ainvoke(...)`"
            )

        return run_coroutine(
            lambda: self.acall(arguments, timeout), timeout=None, tool_name=self._name
        )

    async def acall(self, arguments: dict[str, Any], timeout: float | None) -> ToolResult:
        """Send the request and read the answer, within `timeout` (or the default) seconds.

        Raises:
            ToolTimeoutError: No complete answer in time.
            ToolExecutionError: The request could not be sent (connection refused,
                DNS failure, ...); the httpx error is the cause.
        """
        import asyncio

        import httpx

        request = self.build(arguments)
        limit = self._timeout if timeout is None else timeout
        try:
            if self._client is None:
                async with httpx.AsyncClient(timeout=limit) as client:
                    response = await asyncio.wait_for(client.request(**request), limit)
            elif limit is None:  # the client's own timeout applies
                response = await self._client.request(**request)
            else:
                sending = self._client.request(**request, timeout=limit)
                response = await asyncio.wait_for(sending, limit)
        except (httpx.TimeoutException, TimeoutError):
            raise ToolTimeoutError(self._name, limit or 0.0) from None
        except httpx.HTTPError as error:
            where = f"{request['method']} {_shown(request['url'])}"
            raise ToolExecutionError(self._name, error, where=where) from error
        return self._result(response)

    def build(self, arguments: Mapping[str, Any]) -> dict[str, Any]:
        """The keyword arguments of httpx's ``request()`` for validated `arguments`."""
        operation = self._operation
        path = operation.path
        query: list[tuple[str, str]] = []
        headers: dict[str, str] = {}
        cookies: list[str] = []
        for parameter in operation.parameters:
            value = arguments.get(parameter.name)
            if value is None:
                continue
            if parameter.location == "path":
                path = path.replace("{" + parameter.name + "}", _segment(value))
            elif parameter.location == "query":
                query.extend(_query(parameter, value))
            elif parameter.location == "header":
                headers[parameter.name] = _joined(value)
            else:
                cookies.append(f"{parameter.name}={quote(_joined(value), safe='')}")
        if cookies:
            headers["Cookie"] = "; ".join(cookies)
        configured = {name.lower() for name in self._headers}
        headers = {k: v for k, v in headers.items() if k.lower() not in configured}
        request: dict[str, Any] = {
            "method": operation.method,
            "url": self._base_url + path,
            "params": query,
            "headers": {**headers, **self._headers},
        }
        taken = {parameter.name for parameter in operation.parameters}
        if operation.body == "merged":
            request["json"] = {k: v for k, v in arguments.items() if k not in taken}
        elif operation.body == "nested" and "body" in arguments:
            if is_json(operation.media_type or ""):
                request["json"] = arguments["body"]
            else:
                request["content"] = str(arguments["body"]).encode()
                request["headers"].setdefault("Content-Type", operation.media_type)
        return request

    def _result(self, response: httpx.Response) -> ToolResult:
        if not response.is_success:
            return ToolResult.from_error(self._hidden(_error_text(response)))
        if is_json(response.headers.get("content-type", "")) and response.content:
            try:
                value = response.json()
            except ValueError:
                return ToolResult.from_text(response.text)
            if self._operation.mcp_result:
                return _call_tool_result(value)
            if self._operation.structured:
                return ToolResult.from_json(value)
            return ToolResult.from_text(json.dumps(value, ensure_ascii=False))
        return ToolResult.from_text(response.text)

    def _hidden(self, text: str) -> str:
        """`text` with every configured header value blanked out."""
        for value in self._headers.values():
            if value:
                text = text.replace(value, _HIDDEN)
        return text


def _call_tool_result(value: Any) -> ToolResult:
    """`value`, said to be MCP's ``CallToolResult``, read as one (``content`` required)."""
    try:
        if not isinstance(value, dict) or "content" not in value:
            raise ConversionError("it has no content")
        return ToolResult.from_dict(value)
    except ConversionError as error:
        return ToolResult.from_error(f"the answer is no CallToolResult: {error}")


def _shown(url: str) -> str:
    """`url` fit for an error message: no user name or password (its query is apart)."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(netloc=parts.netloc.rpartition("@")[2]))


def _error_text(response: httpx.Response) -> str:
    status = f"HTTP {response.status_code} {response.reason_phrase}".rstrip()
    body = response.text
    if len(body) > BODY_LIMIT:
        body = f"{body[:BODY_LIMIT]}... ({len(body) - BODY_LIMIT} more characters)"
    return f"{status}: {body}" if body else status


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return str(value)


def _segment(value: Any) -> str:
    """A path parameter's value percent-encoded whole: ``..`` becomes ``%2E%2E``."""
    return quote(_joined(value), safe="").replace(".", "%2E")


def _joined(value: Any) -> str:
    """``simple`` style: arrays and objects comma-joined."""
    if isinstance(value, list):
        return ",".join(_text(item) for item in value)
    if isinstance(value, dict):
        return ",".join(f"{key},{_text(item)}" for key, item in value.items())
    return _text(value)


def _query(parameter: Parameter, value: Any) -> list[tuple[str, str]]:
    name = parameter.name
    if isinstance(value, list):
        if parameter.explode and parameter.style == "form":
            return [(name, _text(item)) for item in value]
        separator = {"spaceDelimited": " ", "pipeDelimited": "|"}.get(parameter.style, ",")
        return [(name, separator.join(_text(item) for item in value))]
    if isinstance(value, dict):
        if parameter.style == "deepObject":
            return [(f"{name}[{key}]", _text(item)) for key, item in value.items()]
        if parameter.explode:
            return [(str(key), _text(item)) for key, item in value.items()]
        return [(name, _joined(value))]
    return [(name, _text(value))]
