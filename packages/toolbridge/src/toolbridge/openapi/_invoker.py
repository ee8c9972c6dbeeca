"""The HTTP request an operation's arguments make, sent with httpx, and its answer.

Path parameters are percent-encoded whole (a ``/`` or ``..`` in a value can never
change the path); query parameters follow ``form`` style (arrays repeat the key, or
are comma-joined with ``explode: false``; ``deepObject`` objects become
``key[field]``); headers and cookies are set as given. A 2xx answer is the tool's
result (structured when the tool has an output schema and the answer is JSON); any
other status is an error result carrying the status and the body (bounded), so a
model can read what the service said. Configured headers are sent, never shown.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import quote

from toolbridge._result import ToolResult
from toolbridge.errors import ToolExecutionError, ToolTimeoutError
from toolbridge.openapi._operations import Operation, Parameter

if TYPE_CHECKING:
    import httpx

__all__ = ["HttpInvoker"]

_BODY_LIMIT: Final = 2_000


class HttpInvoker:
    """Runs one OpenAPI operation over HTTP."""

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
        from toolbridge._runtime import run_coroutine

        return run_coroutine(
            lambda: self.acall(arguments, None), timeout=timeout, tool_name=self._name
        )

    async def acall(self, arguments: dict[str, Any], timeout: float | None) -> ToolResult:
        import asyncio

        import httpx

        request = self.build(arguments)
        limit = timeout if timeout is not None else self._timeout
        try:
            if self._client is not None:
                sending = self._client.request(**request, timeout=limit)
                response = await asyncio.wait_for(sending, limit)
            else:
                async with httpx.AsyncClient(timeout=limit) as client:
                    response = await asyncio.wait_for(client.request(**request), limit)
        except (httpx.TimeoutException, TimeoutError):
            raise ToolTimeoutError(self._name, limit or 0.0) from None
        except httpx.HTTPError as error:
            raise ToolExecutionError(self._name, error) from error
        return self._result(response)

    def build(self, arguments: Mapping[str, Any]) -> dict[str, Any]:
        """The keyword arguments of ``httpx`` ``request()`` for `arguments`."""
        operation = self._operation
        path = operation.path
        query: list[tuple[str, str]] = []
        headers = dict(self._headers)
        cookies: dict[str, str] = {}
        taken: set[str] = set()
        for parameter in operation.parameters:
            if parameter.name not in arguments:
                continue
            taken.add(parameter.name)
            value = arguments[parameter.name]
            if parameter.location == "path":
                path = path.replace("{" + parameter.name + "}", quote(_text(value), safe=""))
            elif parameter.location == "query":
                query.extend(_query(parameter, value))
            elif parameter.location == "header":
                headers[parameter.name] = _joined(value)
            else:
                cookies[parameter.name] = _joined(value)
        request: dict[str, Any] = {
            "method": operation.method,
            "url": self._base_url + path,
            "params": query,
            "headers": headers,
        }
        if cookies:
            headers["Cookie"] = "; ".join(f"{k}={quote(v, safe='')}" for k, v in cookies.items())
        if operation.body == "merged":
            request["json"] = {k: v for k, v in arguments.items() if k not in taken}
        elif operation.body == "nested" and "body" in arguments:
            if operation.media_type is not None and _is_json_type(operation.media_type):
                request["json"] = arguments["body"]
            else:
                request["content"] = str(arguments["body"]).encode()
                headers["Content-Type"] = operation.media_type or "text/plain"
        return request

    def _result(self, response: httpx.Response) -> ToolResult:
        kind = response.headers.get("content-type", "")
        if not response.is_success:
            body = response.text[:_BODY_LIMIT]
            return ToolResult.from_error(
                f"HTTP {response.status_code} {response.reason_phrase}: {body}".rstrip(": ")
            )
        if _is_json_type(kind) and response.content:
            try:
                value = response.json()
            except ValueError:
                return ToolResult.from_text(response.text)
            if self._operation.structured:
                return ToolResult.from_json(value)
            return ToolResult.from_text(json.dumps(value, ensure_ascii=False))
        return ToolResult.from_text(response.text)


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    if isinstance(value, (dict, list)):
        return json.dumps(value, separators=(",", ":"))
    return str(value)


def _joined(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(_text(item) for item in value)
    if isinstance(value, dict):
        return ",".join(f"{k},{_text(v)}" for k, v in value.items())
    return _text(value)


def _query(parameter: Parameter, value: Any) -> list[tuple[str, str]]:
    name = parameter.name
    if isinstance(value, list):
        if parameter.explode:
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


def _is_json_type(media_type: str) -> bool:
    base = media_type.split(";")[0].strip().lower()
    return base == "application/json" or base.endswith("+json")
