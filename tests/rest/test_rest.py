"""A toolset over HTTP/JSON: callers by token, the toolset's policies and audit, typed error
answers, an OpenAPI 3.1 document, and a real socket guarded against DNS rebinding."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import http.client
import json
import logging
import re
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

import httpx
import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from referencing import Registry as SchemaRegistry
from referencing.jsonschema import DRAFT202012
from starlette.requests import Request
from starlette.types import Message

from toolbridge import ConfigError, Tool, ToolResult, tool
from toolbridge.auth import StaticTokens
from toolbridge.formats import to_mcp
from toolbridge.rest import build_app, openapi_document, serve_rest_async, tool_path
from toolbridge.toolsets import (
    ANONYMOUS,
    ApprovalRequest,
    CallOptions,
    Identity,
    MemorySink,
    Policy,
    PolicyRule,
    RateLimit,
    Registry,
    Toolset,
    Wrapper,
)

ANN: Final = "tok-acme-ann-0123456789"
BOB: Final = "tok-acme-bob-0123456789"
EVE: Final = "tok-globex-eve-0123456789"
"""Bearer tokens (16 characters or more, as `StaticTokens` wants)."""
TOKENS: Final = {
    ANN: Identity(subject="ann", tenant="acme", roles={"admin"}),
    BOB: Identity(subject="bob", tenant="acme"),
    EVE: Identity(subject="eve", tenant="globex"),
}
ran: list[str] = []
"""What the tools ran, in order: a refused call must never appear here."""

RawHttp = Callable[..., tuple[int, bytes, float]]
"""The `raw_http` fixture (tests/conftest.py)."""


@dataclass
class Stop:
    """A stop on a route."""

    place: str
    minutes: int


@tool(annotations={"read_only": True})
def list_orders(limit: int = 10) -> list[str]:
    """List recent orders."""
    ran.append("list_orders")
    return [f"order-{n}" for n in range(limit)]


@tool(annotations={"destructive": True})
def cancel_order(order: str) -> str:
    """Cancel an order."""
    ran.append(f"cancel_order {order}")
    return f"cancelled {order}"


@tool(name="stock.check-level")
def stock_level(sku: str) -> ToolResult:
    """Check a stock level; an unknown SKU is an error the model can read."""
    ran.append("stock")
    if sku != "A1":
        return ToolResult.from_error(f"unknown SKU {sku}")
    return ToolResult.from_text("12 in stock")


@tool
async def slow_report(seconds: float) -> str:
    """Build a slow report."""
    ran.append("slow_report")
    await asyncio.sleep(seconds)
    return "report"


@tool
def plan_route(stops: list[Stop]) -> str:
    """Plan a route through the stops."""
    ran.append("plan_route")
    return " -> ".join(stop.place for stop in stops)


@tool
def weigh(weights: dict[str, int]) -> int:
    """Add up weights by name."""
    ran.append("weigh")
    return sum(weights.values())


@tool
def explode(reason: str) -> str:
    """Fail the way a broken tool does."""
    ran.append("explode")
    raise ValueError(reason)


@tool
def paint(color: Literal["red", "blue"]) -> str:
    """Paint in one of two colours."""
    ran.append("paint")
    return color


@tool(name="files/read all")
def read_all() -> str:
    """Read every file (a name with a slash and a space)."""
    ran.append("read_all")
    return "all"


@tool(name="..")
def dots() -> str:
    """A name that is a dot segment."""
    ran.append("dots")
    return "dots"


SHOP: Final = (list_orders, cancel_order, stock_level, slow_report, plan_route, weigh, explode)


def identify(request: Request) -> Identity:
    """The caller is whoever the bearer token names; anyone else is anonymous."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return TOKENS.get(token, ANONYMOUS) if scheme == "Bearer" else ANONYMOUS


def approve(request: ApprovalRequest) -> bool:
    return request.identity.subject == "ann"


def shop(sink: MemorySink, *, tools: Any = SHOP, **policy: Any) -> Toolset:
    """Globex may not see cancelling at all; in acme only ann's cancellations pass."""
    rules = (
        PolicyRule(effect="deny", tenants={"globex"}, tools={"cancel_*"}),
        PolicyRule(effect="approve", tools={"cancel_*"}),
    )
    options: dict[str, Any] = {"rules": rules, "approve": approve, "timeout": 0.2, **policy}
    return Registry(tools, name="shop").with_policy(Policy(**options)).with_audit(sink)


@contextlib.asynccontextmanager
async def client_for(app: Any, token: str | None = None) -> AsyncIterator[httpx.AsyncClient]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(
        transport=transport, base_url="http://127.0.0.1", headers=headers
    ) as client:
        yield client


@pytest.fixture(autouse=True)
def _clear() -> None:
    ran.clear()


# -- listing and describing ------------------------------------------------------------------


def test_each_tenant_lists_only_the_tools_its_policy_shows() -> None:
    toolset = shop(MemorySink())
    app = build_app(toolset, identity=identify)

    async def main() -> list[httpx.Response]:
        async with client_for(app, BOB) as bob, client_for(app, EVE) as eve:
            return [
                await bob.get("/tools"),
                await eve.get("/tools"),
                await bob.get("/tools/cancel_order"),
                await eve.get("/tools/list_orders"),
            ]

    for_bob, for_eve, described, other = asyncio.run(main())
    bob_names = [entry["name"] for entry in for_bob.json()["tools"]]
    eve_names = [entry["name"] for entry in for_eve.json()["tools"]]
    assert bob_names == [t.name for t in SHOP]
    assert eve_names == [t.name for t in SHOP if t is not cancel_order]
    # Exactly MCP's tools/list shape, tool for tool.
    assert for_eve.json() == {"tools": [to_mcp(t) for t in SHOP if t is not cancel_order]}
    assert described.json() == to_mcp(cancel_order)
    assert other.json() == to_mcp(list_orders)
    assert ran == []


def test_a_list_of_tools_is_served_as_it_is() -> None:
    app = build_app([list_orders, stock_level])

    async def main() -> Any:
        async with client_for(app) as client:
            return (await client.get("/tools")).json()

    assert asyncio.run(main()) == {"tools": [to_mcp(list_orders), to_mcp(stock_level)]}


# -- a tool the caller may not see -----------------------------------------------------------


def test_a_hidden_tool_answers_byte_for_byte_like_a_missing_one_and_never_runs() -> None:
    with_it = build_app(shop(MemorySink()), identity=identify)
    without_it = build_app(
        shop(MemorySink(), tools=[t for t in SHOP if t is not cancel_order]), identity=identify
    )

    async def ask(app: Any) -> list[httpx.Response]:
        async with client_for(app, EVE) as eve:
            return [
                await eve.post("/tools/cancel_order", json={"order": "o-1"}),
                await eve.get("/tools/cancel_order"),
                await eve.post("/tools/cancel_everything", json={"order": "o-1"}),
            ]

    hidden, hidden_described, unknown = asyncio.run(ask(with_it))
    missing, missing_described, _ = asyncio.run(ask(without_it))
    for hid, miss in ((hidden, missing), (hidden_described, missing_described)):
        assert hid.status_code == miss.status_code == 404
        assert hid.headers.multi_items() == miss.headers.multi_items()
        assert hid.content == miss.content
    assert hidden.json() == {
        "error": {"type": "ToolNotFoundError", "message": "no tool named 'cancel_order'"}
    }
    # Another name: the same answer but for the name itself.
    assert unknown.content.replace(b"cancel_everything", b"cancel_order") == hidden.content
    assert ran == []


# -- refusals and failures --------------------------------------------------------------------


def test_an_unapproved_call_is_403_and_an_approved_one_runs() -> None:
    app = build_app(shop(MemorySink()), identity=identify)

    async def main() -> list[httpx.Response]:
        async with client_for(app, BOB) as bob, client_for(app, ANN) as ann:
            return [
                await bob.post("/tools/cancel_order", json={"order": "o-1"}),
                await ann.post("/tools/cancel_order", json={"order": "o-2"}),
            ]

    refused, approved = asyncio.run(main())
    assert refused.status_code == 403
    assert refused.json() == {
        "error": {
            "type": "AccessDeniedError",
            "message": "call to tool 'cancel_order' refused: the call was not approved",
        }
    }
    assert approved.status_code == 200
    assert approved.json()["content"] == [{"type": "text", "text": "cancelled o-2"}]
    assert ran == ["cancel_order o-2"]


def test_a_rate_limit_is_429_with_retry_after_and_other_tenants_go_on() -> None:
    limits = (RateLimit(calls=2, per=3600, scope="tenant"),)
    app = build_app(shop(MemorySink(), rate_limits=limits), identity=identify)

    async def main() -> list[httpx.Response]:
        async with (
            client_for(app, BOB) as bob,
            client_for(app, ANN) as ann,
            client_for(app, EVE) as eve,
        ):
            return [
                await bob.post("/tools/list_orders", json={"limit": 1}),
                await bob.post("/tools/list_orders", json={"limit": 1}),
                await bob.post("/tools/list_orders", json={"limit": 1}),
                await ann.post("/tools/list_orders", json={"limit": 1}),
                await eve.post("/tools/list_orders", json={"limit": 1}),
                await eve.post("/tools/list_orders", json={"limit": 1}),
            ]

    answers = asyncio.run(main())
    assert [answer.status_code for answer in answers] == [200, 200, 429, 429, 200, 200]
    limited = answers[2]
    # The first call leaves the moving window in 3599.99... s, rounded up to whole seconds.
    assert limited.headers["Retry-After"] == "3600"
    assert limited.json()["error"]["type"] == "RateLimitError"
    assert limited.json()["error"]["retry_after"] == 3600
    assert ran == ["list_orders"] * 4


def test_invalid_arguments_are_422_with_json_pointer_paths() -> None:
    app = build_app(shop(MemorySink()), identity=identify)

    async def main() -> list[httpx.Response]:
        async with client_for(app, BOB) as bob:
            return [
                await bob.post("/tools/list_orders", json={"limit": "many"}),
                await bob.post(
                    "/tools/plan_route",
                    json={"stops": [{"place": "a", "minutes": 5}, {"place": "b"}]},
                ),
                await bob.post("/tools/weigh", json={"weights": {"a/b~c": "heavy"}}),
            ]

    mistyped, missing, escaped = asyncio.run(main())
    assert mistyped.status_code == missing.status_code == escaped.status_code == 422
    assert mistyped.json()["error"]["type"] == "ArgumentValidationError"
    assert mistyped.json()["error"]["issues"] == [
        {"path": "/limit", "kind": "type", "message": "expected integer, got string"}
    ]
    [issue] = missing.json()["error"]["issues"]
    assert (issue["path"], issue["kind"]) == ("/stops/1/minutes", "required")
    [issue] = escaped.json()["error"]["issues"]
    assert (issue["path"], issue["kind"]) == ("/weights/a~1b~0c", "type")
    assert ran == []


def test_a_tool_that_reports_an_error_is_still_200_for_the_model_to_read() -> None:
    app = build_app(shop(MemorySink()), identity=identify)

    async def main() -> httpx.Response:
        async with client_for(app) as client:
            return await client.post(tool_path("stock.check-level"), json={"sku": "Z9"})

    answer = asyncio.run(main())
    assert answer.status_code == 200
    assert answer.json() == {
        "content": [{"type": "text", "text": "unknown SKU Z9"}],
        "isError": True,
    }


def test_a_tool_that_raises_is_500_with_its_message_and_no_traceback() -> None:
    app = build_app(shop(MemorySink()), identity=identify)

    async def main() -> httpx.Response:
        async with client_for(app) as client:
            return await client.post("/tools/explode", json={"reason": "disk on fire"})

    answer = asyncio.run(main())
    assert answer.status_code == 500
    assert answer.json() == {
        "error": {
            "type": "ToolExecutionError",
            "message": "tool 'explode' raised ValueError: disk on fire",
        }
    }
    assert b"Traceback" not in answer.content
    assert ran == ["explode"]


def test_a_call_over_the_policys_timeout_is_504() -> None:
    app = build_app(shop(MemorySink(), timeout=0.2), identity=identify)

    async def main() -> httpx.Response:
        async with client_for(app) as client:
            return await client.post("/tools/slow_report", json={"seconds": 30})

    started = time.perf_counter()
    answer = asyncio.run(main())
    assert time.perf_counter() - started < 5
    assert answer.status_code == 504
    assert answer.json()["error"] == {
        "type": "ToolTimeoutError",
        "message": "tool 'slow_report' did not finish within 0.2 s",
    }


class BrokenToolset(Wrapper):
    """A toolset with a bug: its calls fail with something that is not a toolbridge error."""

    async def call_tool(self, name: str, arguments: Any, options: CallOptions) -> ToolResult:
        raise RuntimeError("secret internal state")


def test_a_failure_outside_the_error_tree_is_a_json_500_without_its_details(
    caplog: pytest.LogCaptureFixture,
) -> None:
    app = build_app(BrokenToolset(Registry([list_orders])))

    async def main() -> httpx.Response:
        async with client_for(app) as client:
            return await client.post("/tools/list_orders", json={})

    with caplog.at_level(logging.ERROR, logger="toolbridge.rest"):
        answer = asyncio.run(main())
    assert answer.status_code == 500
    assert answer.json()["error"]["type"] == "InternalError"
    assert b"secret" not in answer.content
    assert "secret internal state" in caplog.text


# -- bodies -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "headers", "status", "kind"),
    [
        (b"{not json", {}, 400, "InvalidJson"),
        (b'{"limit": NaN}', {}, 400, "InvalidJson"),
        (b"\xff\xfe{}", {}, 400, "InvalidJson"),
        (b"[1, 2]", {}, 400, "InvalidArguments"),
        (b"null", {}, 400, "InvalidArguments"),
        (b'"limit"', {}, 400, "InvalidArguments"),
        (b"x" * 101, {}, 413, "BodyTooLarge"),
        (b'{"limit": 1}', {"Content-Type": "text/plain"}, 415, "UnsupportedMediaType"),
        (b'{"limit": 1}', {"Content-Type": "application/json; charset=utf-8"}, 200, None),
        (b'{"limit": 1}', {"Content-Type": "application/merge-patch+json"}, 200, None),
        (b"", {}, 200, None),
        (b"  \n", {"Content-Type": "text/plain"}, 200, None),
    ],
)
def test_bodies_that_are_not_an_arguments_object_are_refused_before_the_tool(
    body: bytes, headers: dict[str, str], status: int, kind: str | None
) -> None:
    app = build_app([list_orders], max_body_bytes=100)

    async def main() -> httpx.Response:
        async with client_for(app) as client:
            return await client.post("/tools/list_orders", content=body, headers=headers)

    answer = asyncio.run(main())
    assert answer.status_code == status, answer.text
    if kind is None:
        limit = 1 if body.strip() else 10  # an empty body is {}: the default applies
        assert answer.json()["structuredContent"] == {
            "result": [f"order-{n}" for n in range(limit)]
        }
    else:
        assert answer.json()["error"]["type"] == kind
        assert answer.json()["error"]["message"]
        assert ran == []


@pytest.mark.parametrize(
    ("name", "body", "where"),
    [
        ("cancel_order", rb'{"order": "o-\ud800"}', "/order"),
        ("paint", rb'{"color": "\udfff"}', "/color"),
        ("weigh", rb'{"weights": {"\ud800": 1}}', "/weights"),
        ("plan_route", rb'{"stops": [{"place": "\udc00x", "minutes": 1}]}', "/stops/0/place"),
        ("cancel_order", rb'{"order": "\ud800", "\udc00": 1}', "/order"),
        ("cancel_order", b'{"order": "\xed\xa0\x80"}', "/order"),  # encoded, not escaped
    ],
)
def test_a_lone_surrogate_in_the_body_is_a_400_before_the_tool(
    name: str, body: bytes, where: str, caplog: pytest.LogCaptureFixture
) -> None:
    """JSON may escape half of a surrogate pair, but no such string can be encoded: the
    client's mistake is a 400, not a 500 from the answer's encoder or a 422 saying so."""
    app = build_app([cancel_order, paint, weigh, plan_route])

    async def main() -> httpx.Response:
        async with client_for(app) as client:
            headers = {"Content-Type": "application/json"}
            return await client.post(f"/tools/{name}", content=body, headers=headers)

    with caplog.at_level(logging.WARNING):
        answer = asyncio.run(main())
    assert answer.status_code == 400, answer.text
    error = answer.json()["error"]
    assert error["type"] == "InvalidJson"
    assert "lone surrogate" in error["message"]
    assert where in error["message"]
    assert ran == []
    assert caplog.records == []


def test_an_escaped_surrogate_pair_is_one_character() -> None:
    app = build_app([cancel_order])

    async def main() -> httpx.Response:
        async with client_for(app) as client:
            return await client.post("/tools/cancel_order", content=rb'{"order": "\ud83d\ude00"}')

    answer = asyncio.run(main())
    assert answer.status_code == 200, answer.text
    assert answer.json()["content"][0]["text"] == "cancelled \U0001f600"


def test_an_oversized_stream_is_413_and_its_rest_is_dropped_not_held() -> None:
    """Refused once past the limit; the rest is read and dropped (so that a real
    connection closes cleanly), never passed on or held whole."""
    app = build_app([list_orders], max_body_bytes=100)
    pulled: list[int] = []

    async def chunks() -> AsyncIterator[bytes]:
        for number in range(1_000):
            pulled.append(number)
            yield b" " * 64

    async def main() -> httpx.Response:
        async with client_for(app) as client:
            return await client.post("/tools/list_orders", content=chunks())

    answer = asyncio.run(main())
    assert answer.status_code == 413
    assert answer.json()["error"]["type"] == "BodyTooLarge"
    assert len(pulled) == 1_000
    assert ran == []


def test_what_is_dropped_after_a_413_is_bounded() -> None:
    """Past `DRAIN_LIMIT` dropped bytes the connection is closed as it is."""
    app = build_app([list_orders], max_body_bytes=100)
    pulled: list[int] = []
    mebibyte = b" " * 1024 * 1024

    async def chunks() -> AsyncIterator[bytes]:
        for number in range(200):
            pulled.append(number)
            yield mebibyte

    async def main() -> httpx.Response:
        async with client_for(app) as client:
            return await client.post("/tools/list_orders", content=chunks())

    answer = asyncio.run(main())
    assert answer.status_code == 413
    assert 64 < len(pulled) < 70  # 64 MiB dropped, then no more read
    assert ran == []


def post_scope(headers: list[tuple[bytes, bytes]], *, port: int) -> dict[str, Any]:
    """The ASGI scope of ``POST /tools/list_orders`` with these raw headers."""
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/tools/list_orders",
        "raw_path": b"/tools/list_orders",
        "query_string": b"",
        "root_path": "",
        "headers": headers,
        "server": ("127.0.0.1", port),
        "client": ("127.0.0.1", 12345),
    }


def test_a_declared_length_over_the_limit_is_refused_before_reading() -> None:
    """The 413 is sent whole before the body is read; what is read after is dropped."""
    app = build_app([list_orders], max_body_bytes=100)
    events: list[str] = []
    sent: list[Message] = []

    async def receive() -> Message:
        events.append("read")
        return {"type": "http.request", "body": b"{}", "more_body": False}

    async def send(message: Message) -> None:
        events.append("sent")
        sent.append(message)

    scope = post_scope([(b"host", b"127.0.0.1"), (b"content-length", b"1000000000")], port=80)
    asyncio.run(app(scope, receive, send))
    assert sent[0]["status"] == 413
    assert json.loads(sent[1]["body"])["error"]["type"] == "BodyTooLarge"
    assert events == ["sent", "sent", "read", "sent"]  # the answer, the drop, the end
    assert sent[2] == {"type": "http.response.body", "body": b"", "more_body": False}
    assert ran == []


# -- routes, methods and names ----------------------------------------------------------------


def test_wrong_methods_and_unknown_paths_get_json_errors() -> None:
    app = build_app([list_orders])

    async def main() -> list[httpx.Response]:
        async with client_for(app) as client:
            return [
                await client.delete("/tools/list_orders"),
                await client.post("/tools"),
                await client.put("/openapi.json"),
                await client.get("/nowhere"),
            ]

    deleted, posted, put, nowhere = asyncio.run(main())
    assert [a.status_code for a in (deleted, posted, put, nowhere)] == [405, 405, 405, 404]
    assert set(deleted.headers["Allow"].split(", ")) >= {"GET", "POST"}
    assert deleted.json()["error"]["type"] == "MethodNotAllowed"
    assert nowhere.json()["error"] == {"type": "NotFound", "message": "no route /nowhere"}
    assert ran == []


def test_names_are_percent_encoded_in_paths_and_route_back() -> None:
    tools = [list_orders, stock_level, read_all, dots]
    app = build_app(tools)

    async def main() -> tuple[dict[str, Any], list[httpx.Response]]:
        async with client_for(app) as client:
            document = (await client.get("/openapi.json")).json()
            calls = [await client.post(path, json={}) for path in document["paths"]]
            calls.append(await client.post("/tools/stock%2Echeck%2Dlevel", json={"sku": "A1"}))
            calls.append(await client.get("/tools/files%2fread%20all"))
            return document, calls

    document, calls = asyncio.run(main())
    assert list(document["paths"]) == [
        "/tools/list_orders",
        "/tools/stock.check-level",
        "/tools/files%2Fread%20all",
        "/tools/%2E%2E",
    ]
    assert [tool_path(t.name) for t in tools] == list(document["paths"])
    by_path, encoded, described = calls[:4], calls[4], calls[5]
    assert [answer.status_code for answer in by_path] == [200, 422, 200, 200]
    assert by_path[1].json()["error"]["issues"][0]["path"] == "/sku"  # reached the tool
    assert encoded.json()["content"][0]["text"] == "12 in stock"
    assert described.json()["name"] == "files/read all"
    assert ran == ["list_orders", "read_all", "dots", "stock"]


# -- the OpenAPI document ---------------------------------------------------------------------

_REFERENCE: Final = {
    "type": "object",
    "required": ["$ref"],
    "properties": {"$ref": {"type": "string", "pattern": "^#/"}},
}
_CONTENT: Final = {
    "type": "object",
    "minProperties": 1,
    "additionalProperties": {
        "type": "object",
        "required": ["schema"],
        "properties": {"schema": {"type": ["object", "boolean"]}},
    },
}
_RESPONSE: Final = {
    "type": "object",
    "required": ["description"],
    "properties": {
        "description": {"type": "string"},
        "content": _CONTENT,
        "headers": {
            "type": "object",
            "additionalProperties": {"type": "object", "required": ["schema"]},
        },
    },
    "additionalProperties": False,
}
_OPERATION: Final = {
    "type": "object",
    "required": ["operationId", "responses"],
    "properties": {
        "operationId": {"type": "string", "minLength": 1},
        "summary": {"type": "string"},
        "description": {"type": "string"},
        "requestBody": {
            "type": "object",
            "required": ["content"],
            "properties": {
                "description": {"type": "string"},
                "required": {"type": "boolean"},
                "content": _CONTENT,
            },
            "additionalProperties": False,
        },
        "responses": {
            "type": "object",
            "minProperties": 1,
            "propertyNames": {"pattern": "^([1-5][0-9][0-9]|[1-5]XX|default)$"},
            "additionalProperties": {"oneOf": [_REFERENCE, _RESPONSE]},
        },
    },
}
_COMPONENT_NAMES: Final = {"pattern": "^[a-zA-Z0-9._-]+$"}
OPENAPI_31: Final = {
    "$comment": "The parts of the OpenAPI 3.1 schema this document uses, as strict as it.",
    "type": "object",
    "required": ["openapi", "info", "paths"],
    "properties": {
        "openapi": {"type": "string", "pattern": r"^3\.1\.\d+$"},
        "info": {
            "type": "object",
            "required": ["title", "version"],
            "properties": {"title": {"type": "string"}, "version": {"type": "string"}},
        },
        "paths": {
            "type": "object",
            "propertyNames": {"pattern": "^/[^{}]*$"},
            "additionalProperties": {
                "type": "object",
                "propertyNames": {"enum": ["get", "put", "post", "delete", "patch"]},
                "additionalProperties": _OPERATION,
            },
        },
        "components": {
            "type": "object",
            "properties": {
                "schemas": {"type": "object", "propertyNames": _COMPONENT_NAMES},
                "responses": {
                    "type": "object",
                    "propertyNames": _COMPONENT_NAMES,
                    "additionalProperties": _RESPONSE,
                },
                "securitySchemes": {
                    "type": "object",
                    "propertyNames": _COMPONENT_NAMES,
                    "additionalProperties": {
                        "type": "object",
                        "required": ["type", "scheme"],
                        "properties": {
                            "type": {"const": "http"},
                            "scheme": {"type": "string"},
                            "description": {"type": "string"},
                        },
                        "additionalProperties": False,
                    },
                },
            },
            "additionalProperties": False,
        },
        "security": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": {"type": "array", "items": {"type": "string"}},
            },
        },
    },
    "additionalProperties": False,
}
DOCUMENT_URI: Final = "urn:toolbridge:openapi"
SEGMENT: Final = re.compile(r"(?:[A-Za-z0-9._~-]|%[0-9A-F]{2})+")
"""One path segment, every character but the unreserved ones percent-encoded."""


def documented(document: Mapping[str, Any], reference: str) -> Draft202012Validator:
    """A validator for the schema `reference` (``#/...``) names inside `document`."""
    registry: SchemaRegistry[Any] = SchemaRegistry().with_resource(
        DOCUMENT_URI, DRAFT202012.create_resource(document)
    )
    return Draft202012Validator({"$ref": DOCUMENT_URI + reference}, registry=registry)


def references(node: Any) -> Iterator[str]:
    """Every ``$ref`` in `node` but those inside instance values (``const``, ...)."""
    if isinstance(node, Mapping):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            elif key not in ("const", "enum", "examples"):
                yield from references(value)
    elif isinstance(node, list):
        for item in node:
            yield from references(item)


def body_schema(document: Mapping[str, Any], path: str) -> str:
    reference: str = document["paths"][path]["post"]["requestBody"]["content"]["application/json"][
        "schema"
    ]["$ref"]
    return reference


def check_openapi_31(document: Mapping[str, Any]) -> None:
    """The document is well-formed OpenAPI 3.1 as far as it goes, and says what it means."""
    Draft202012Validator(OPENAPI_31).validate(document)
    for schema in document["components"]["schemas"].values():
        Draft202012Validator.check_schema(schema)
    resolver = (
        SchemaRegistry()
        .with_resource(DOCUMENT_URI, DRAFT202012.create_resource(document))
        .resolver(DOCUMENT_URI)
    )
    for reference in set(references(document)):
        resolver.lookup(DOCUMENT_URI + reference)  # raises when it points at nothing
    operations = [item["post"] for item in document["paths"].values()]
    assert len({operation["operationId"] for operation in operations}) == len(operations)
    for path in document["paths"]:
        segment = path.removeprefix("/tools/")
        assert SEGMENT.fullmatch(segment), path
        assert segment not in (".", ".."), path


def test_the_openapi_document_is_openapi_31_with_one_path_per_visible_tool() -> None:
    app = build_app(shop(MemorySink()), identity=identify, title="Shop", version="2.1")

    async def main() -> tuple[dict[str, Any], dict[str, Any]]:
        async with client_for(app, BOB) as bob, client_for(app, EVE) as eve:
            return (await bob.get("/openapi.json")).json(), (await eve.get("/openapi.json")).json()

    for_bob, for_eve = asyncio.run(main())
    check_openapi_31(for_bob)
    check_openapi_31(for_eve)
    assert for_bob["info"] == {"title": "Shop", "version": "2.1"}
    assert list(for_bob["paths"]) == [tool_path(t.name) for t in SHOP]
    assert list(for_eve["paths"]) == [tool_path(t.name) for t in SHOP if t is not cancel_order]
    assert "cancel_order" not in json.dumps(for_eve)
    operation = for_bob["paths"]["/tools/list_orders"]["post"]
    assert operation["operationId"] == "list_orders"
    assert operation["description"] == "List recent orders."
    assert set(operation["responses"]) == {
        "200", "400", "403", "404", "408", "413", "415", "422", "429", "500", "504"
    }  # fmt: skip
    reference = body_schema(for_bob, "/tools/list_orders")
    component = reference.removeprefix("#/components/schemas/")
    assert for_bob["components"]["schemas"][component] == dict(list_orders.input_schema)


def test_request_body_schemas_keep_their_references_working() -> None:
    app = build_app([plan_route, list_orders])

    async def main() -> dict[str, Any]:
        async with client_for(app) as client:
            document: dict[str, Any] = (await client.get("/openapi.json")).json()
            return document

    document = asyncio.run(main())
    check_openapi_31(document)
    assert "$defs" in plan_route.input_schema  # the case that matters: Stop is a reference
    body = documented(document, body_schema(document, "/tools/plan_route"))
    body.validate({"stops": [{"place": "a", "minutes": 5}]})
    assert not body.is_valid({"stops": [{"place": "a", "minutes": "five"}]})
    assert not body.is_valid({"stops": [{"place": "a"}]})


def test_references_are_rewritten_only_where_they_are_references() -> None:
    node = {"type": "object", "properties": {"next": {"$ref": "#/$defs/Node"}}}
    tree = Tool(
        name="tree",
        input_schema={
            "type": "object",
            "properties": {
                "default": {"$ref": "#/$defs/Node"},  # a property named like a keyword
                "children": {"type": "array", "items": {"$ref": "#"}},
                "marker": {"const": {"$ref": "#/not/a/reference"}},  # data, not a reference
            },
            "$defs": {"Node": node},
        },
    )
    document = openapi_document([tree], title="t", version="1")
    check_openapi_31(document)
    schema = document["components"]["schemas"]["tree_arguments"]
    assert schema["properties"]["marker"] == {"const": {"$ref": "#/not/a/reference"}}
    itself = {"$ref": "#/components/schemas/tree_arguments"}
    assert schema["properties"]["children"]["items"] == itself
    body = documented(document, "#/components/schemas/tree_arguments")
    marker = {"$ref": "#/not/a/reference"}
    body.validate({"default": {"next": {}}, "children": [{"children": []}], "marker": marker})
    assert not body.is_valid({"children": [{"default": {"next": 3}}]})
    assert not body.is_valid({"marker": {"$ref": "#/components/schemas/tree_arguments"}})


def test_a_subschema_with_its_own_id_keeps_its_references() -> None:
    """Inside a subschema with an ``$id``, ``#`` is that subschema: nothing to move."""
    resource = {"$id": "urn:example:list", "items": {"$ref": "#"}, "type": "array"}
    lists = Tool(
        name="lists",
        input_schema={"type": "object", "properties": {"outer": {"$ref": "#"}, "inner": resource}},
    )
    schema = openapi_document([lists], title="t", version="1")["components"]["schemas"]
    properties = schema["lists_arguments"]["properties"]
    assert properties["outer"] == {"$ref": "#/components/schemas/lists_arguments"}
    assert properties["inner"] == resource


def test_the_answers_are_what_the_document_says() -> None:
    limits = (RateLimit(calls=1, per=60, scope="subject"),)
    app = build_app(shop(MemorySink(), rate_limits=limits), identity=identify)

    async def main() -> tuple[dict[str, Any], dict[str, httpx.Response]]:
        async with client_for(app, ANN) as ann, client_for(app, BOB) as bob:
            document = (await ann.get("/openapi.json")).json()
            return document, {
                "200": await ann.post("/tools/list_orders", json={"limit": 1}),
                "429": await ann.post("/tools/list_orders", json={}),
                "403": await bob.post("/tools/cancel_order", json={"order": "o-1"}),
                "404": await bob.post("/tools/nothing", json={}),
                "400": await bob.post("/tools/nothing", content=b"[]"),
            }

    document, answers = asyncio.run(main())
    responses = document["paths"]["/tools/list_orders"]["post"]["responses"]
    for status, answer in answers.items():
        assert answer.status_code == int(status)
        described = responses[status]
        if "$ref" in described:
            name = described["$ref"].removeprefix("#/components/responses/")
            described = document["components"]["responses"][name]
        schema = described["content"]["application/json"]["schema"]["$ref"]
        documented(document, schema).validate(answer.json())
        for header in described.get("headers", {}):
            assert int(answer.headers[header]) >= 1


# -- audit and identity -----------------------------------------------------------------------


def test_every_call_writes_exactly_one_audit_record_and_nothing_else_does() -> None:
    sink = MemorySink()
    limits = (RateLimit(calls=6, per=3600, scope="tenant"),)
    app = build_app(shop(sink, rate_limits=limits), identity=identify)

    async def main() -> None:
        async with client_for(app, BOB) as bob, client_for(app, EVE) as eve:
            await bob.get("/tools")
            await bob.get("/tools/list_orders")
            await bob.get("/openapi.json")
            await bob.post("/tools/list_orders", json={"limit": 1})
            await bob.post(tool_path("stock.check-level"), json={"sku": "Z9"})
            await bob.post("/tools/list_orders", json={"limit": "x"})
            await bob.post("/tools/cancel_order", json={"order": "o-1"})
            await bob.post("/tools/slow_report", json={"seconds": 30})
            await bob.post("/tools/explode", json={"reason": "r"})
            await bob.post("/tools/nothing", json={})
            await bob.post("/tools/list_orders", json={})
            await eve.post("/tools/cancel_order", json={"order": "o-2"})
            await bob.post("/tools/list_orders", content=b"[not json")  # refused before the call

    asyncio.run(main())
    assert [(r.subject, r.tool, r.outcome) for r in sink.records] == [
        ("bob", "list_orders", "success"),
        ("bob", "stock.check-level", "tool_error"),
        ("bob", "list_orders", "invalid_arguments"),
        ("bob", "cancel_order", "refused"),
        ("bob", "slow_report", "timeout"),
        ("bob", "explode", "error"),
        ("bob", "nothing", "refused"),
        ("bob", "list_orders", "refused"),  # the tenant's seventh call of a tool: limited
        ("eve", "cancel_order", "refused"),
    ]
    assert [r.decision for r in sink.records][-3:] == ["unknown", "rate_limited", "denied"]


def test_identity_functions_may_be_async_and_a_broken_one_means_anonymous(
    caplog: pytest.LogCaptureFixture,
) -> None:
    members_only = shop(MemorySink(), tenants={"acme"})

    async def lookup(request: Request) -> Identity:
        await asyncio.sleep(0)
        return identify(request)

    def broken(request: Request) -> Identity:
        raise RuntimeError("token service down")

    def confused(request: Request) -> Any:
        return "ann"

    async def names(identity: Any) -> list[str]:
        app = build_app(members_only, identity=identity)
        async with client_for(app, ANN) as client:
            return [entry["name"] for entry in (await client.get("/tools")).json()["tools"]]

    with caplog.at_level(logging.ERROR, logger="toolbridge.toolsets"):
        assert asyncio.run(names(lookup)) == [t.name for t in SHOP]
        assert asyncio.run(names(TOKENS[BOB])) == [t.name for t in SHOP]
        assert caplog.records == []
        assert asyncio.run(names(broken)) == []
        assert asyncio.run(names(confused)) == []
        assert asyncio.run(names(None)) == []
    assert len(caplog.records) == 2
    assert "token service down" in caplog.text
    assert "'ann'" in caplog.text


# -- options, imports and a real socket -------------------------------------------------------


def test_unusable_options_are_refused_and_close_the_socket() -> None:
    with pytest.raises(ConfigError, match="max_body_bytes"):
        build_app([list_orders], max_body_bytes=0)
    with pytest.raises(ConfigError, match="list of strings"):
        build_app([list_orders], allowed_hosts="localhost")
    unusable: tuple[Any, ...] = (0, -1.0, float("nan"), float("inf"), True, "5")
    for timeout in unusable:
        with pytest.raises(ConfigError, match="body_timeout"):
            build_app([list_orders], body_timeout=timeout)
    with pytest.raises(ConfigError, match="max_body_bytes"):
        asyncio.run(serve_rest_async([list_orders], port=0, max_body_bytes=-1))
    gc.collect()  # an unclosed socket would warn here, and warnings are errors


def test_host_and_origin_values_are_literal_but_for_any_port() -> None:
    app = build_app(
        [list_orders],
        allowed_hosts=["[::1]:8000", "tools.example:*"],
        allowed_origins=["http://[::1]:8000", "https://app.example:*"],
    )

    async def status(host: str, origin: str | None = None) -> int:
        headers = {"Host": host} | ({"Origin": origin} if origin else {})
        async with client_for(app) as client:
            return (await client.get("/tools", headers=headers)).status_code

    async def main() -> list[int]:
        return [
            await status("[::1]:8000"),
            await status("[::1]:8001"),
            await status("1:8000"),
            await status("tools.example:9"),
            await status("tools.example"),
            await status("tools.example:x9"),
            await status("evil.example:8000"),
            await status("[::1]:8000", "http://[::1]:8000"),
            await status("[::1]:8000", "https://app.example:443"),
            await status("[::1]:8000", "http://evil.example"),
            await status("[::1]:8000", "null"),
        ]

    assert asyncio.run(main()) == [200, 421, 421, 200, 421, 421, 421, 200, 200, 403, 403]


def test_importing_toolbridge_imports_neither_starlette_nor_uvicorn() -> None:
    code = (
        "import sys, toolbridge, toolbridge.toolsets; "
        "print([m for m in ('starlette', 'uvicorn') if m in sys.modules])"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "[]"


@contextlib.contextmanager
def served(sink: MemorySink, **options: Any) -> Iterator[str]:
    """`serve_rest_async` on a free loopback port in a thread; stopped when the block ends.

    Callers are told apart by `identify` unless `options` say otherwise.
    """
    options.setdefault("identity", identify)
    ready = threading.Event()
    urls: list[str] = []
    running: list[tuple[asyncio.AbstractEventLoop, asyncio.Task[None]]] = []

    def on_ready(url: str) -> None:
        urls.append(url)
        ready.set()

    async def main() -> None:
        task = asyncio.create_task(
            serve_rest_async(shop(sink), port=0, on_ready=on_ready, **options)
        )
        running.append((asyncio.get_running_loop(), task))
        with contextlib.suppress(asyncio.CancelledError):
            await task

    thread = threading.Thread(target=asyncio.run, args=(main(),), name="rest-server")
    thread.start()
    try:
        assert ready.wait(15)
        yield urls[0]
    finally:
        loop, task = running[0]
        loop.call_soon_threadsafe(task.cancel)
        thread.join(10)
        assert not thread.is_alive()


def raw_status(port: int, headers: dict[str, str]) -> int:
    """GET /tools with exactly these headers (httpx would set Host itself)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", "/tools", headers=headers)
        answer = connection.getresponse()
        answer.read()
        return answer.status
    finally:
        connection.close()


def test_a_real_socket_on_loopback_serves_and_refuses_foreign_hosts() -> None:
    sink = MemorySink()
    before = set(threading.enumerate())
    with served(sink) as url:
        assert url.startswith("http://127.0.0.1:")
        port = int(url.rsplit(":", 1)[1])
        called = httpx.post(
            f"{url}/tools/list_orders",
            json={"limit": 1},
            headers={"Authorization": f"Bearer {ANN}"},
        )
        assert called.status_code == 200
        assert called.json()["structuredContent"] == {"result": ["order-0"]}
        hosts = [raw_status(port, {"Host": f"{name}:{port}"}) for name in ("localhost", "[::1]")]
        assert hosts == [200, 200]
        assert raw_status(port, {"Host": f"attacker.example:{port}"}) == 421
        assert raw_status(port, {"Host": f"127.0.0.1:{port + 1}"}) == 421
        origins = [url, "http://evil.example", f"http://localhost:{port}"]
        answers = [httpx.get(f"{url}/tools", headers={"Origin": o}) for o in origins]
        assert [answer.status_code for answer in answers] == [200, 403, 200]
    deadline = time.monotonic() + 5
    while server_threads(before) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert server_threads(before) == set()
    assert [(r.subject, r.tool) for r in sink.records] == [("ann", "list_orders")]


def test_its_own_openapi_document_imported_keeps_a_reported_error_an_error() -> None:
    # REST out, then OpenAPI in: a tool's isError answer is a 200, which an importer
    # reading any 2xx as success would hand the model as a success.
    from toolbridge.openapi import from_openapi

    headers = {"Authorization": f"Bearer {ANN}"}
    with served(MemorySink()) as url:
        document = httpx.get(f"{url}/openapi.json", headers=headers).json()
        tools = {tool.name: tool for tool in from_openapi(document, base_url=url, headers=headers)}
        failed = tools["stock_check-level"].invoke({"sku": "Z9"})
        listed = tools["list_orders"].invoke({"limit": 1})
    assert failed.is_error
    assert failed.text == "unknown SKU Z9"
    assert not listed.is_error
    assert listed.structured_content == {"result": ["order-0"]}


def test_the_health_check_answers_on_a_real_socket_and_503_once_shutdown_began() -> None:
    with served(MemorySink()) as url:
        answer = httpx.get(f"{url}/healthz")
        assert (answer.status_code, answer.json()) == (200, {"status": "ok"})
        assert httpx.get(f"{url}/healthz", headers={"Host": "evil.example"}).status_code == 421
    app = build_app([list_orders])

    async def main() -> list[tuple[int, Any]]:
        inbox: asyncio.Queue[Message] = asyncio.Queue()
        outbox: asyncio.Queue[Message] = asyncio.Queue()
        lifespan = asyncio.create_task(app({"type": "lifespan"}, inbox.get, outbox.put))
        await inbox.put({"type": "lifespan.startup"})
        assert (await outbox.get())["type"] == "lifespan.startup.complete"
        seen = []
        async with client_for(app) as client:
            answer = await client.get("/healthz")
            seen.append((answer.status_code, answer.json()))
            await inbox.put({"type": "lifespan.shutdown"})
            assert (await outbox.get())["type"] == "lifespan.shutdown.complete"
            answer = await client.get("/healthz")
            seen.append((answer.status_code, answer.json()))
        await lifespan
        return seen

    assert asyncio.run(main()) == [(200, {"status": "ok"}), (503, {"status": "stopping"})]


def server_threads(before: set[threading.Thread]) -> set[threading.Thread]:
    """Threads started since `before`, but for the shared workers that run sync tools."""
    return {t for t in set(threading.enumerate()) - before if t.name != "toolbridge-tool"}


def test_a_request_with_two_origins_or_two_hosts_is_refused(raw_http: RawHttp) -> None:
    """Whichever of two Origin headers came first or last, the request is refused: a
    guard that keeps one of them can be made to check the harmless one."""
    with served(MemorySink()) as url:
        port = int(url.rsplit(":", 1)[1])
        allowed, foreign = f"Origin: {url}\r\n", "Origin: http://evil.example\r\n"
        answers = [
            raw_http(
                port,
                f"GET /tools HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{first}{second}"
                "Connection: close\r\n\r\n".encode(),
            )
            for first, second in ((foreign, allowed), (allowed, foreign), (allowed, ""))
        ]
        hosts = raw_http(
            port,
            f"GET /tools HTTP/1.1\r\nHost: evil.example\r\nHost: 127.0.0.1:{port}\r\n"
            "Connection: close\r\n\r\n".encode(),
        )
    assert [status for status, _, _ in answers] == [400, 400, 200]
    for _, body, _ in answers[:2]:
        assert json.loads(body)["error"] == {
            "type": "DuplicateHeader",
            "message": "the request has 2 Origin headers; send one",
        }
    assert hosts[0] == 400  # uvicorn's HTTP parser refuses two Host headers itself


def test_the_guard_refuses_two_host_headers_whatever_the_server() -> None:
    """Not every ASGI server refuses two Host headers (uvicorn's h11 parser does): the
    guard does, without reading the body."""
    app = build_app([list_orders], allowed_hosts=["127.0.0.1:8000"])
    sent: list[Message] = []

    async def receive() -> Message:
        raise AssertionError("the body was read")

    async def send(message: Message) -> None:
        sent.append(message)

    for hosts in ([b"evil.example", b"127.0.0.1:8000"], [b"127.0.0.1:8000", b"evil.example"]):
        sent.clear()
        scope = post_scope([(b"host", host) for host in hosts], port=8000)
        asyncio.run(app(scope, receive, send))
        assert sent[0]["status"] == 400
        assert json.loads(sent[1]["body"])["error"]["type"] == "DuplicateHeader"
    assert ran == []


def test_a_body_shorter_than_its_length_is_answered_408_when_the_body_timeout_ends(
    raw_http: RawHttp,
) -> None:
    with served(MemorySink(), body_timeout=1.0) as url:
        port = int(url.rsplit(":", 1)[1])
        status, body, took = raw_http(
            port,
            f"POST /tools/list_orders HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{}".encode(),
        )
    assert status == 408
    assert json.loads(body)["error"] == {
        "type": "BodyTimeout",
        "message": "the body did not arrive within 1 s",
    }
    assert 0.9 < took < 5  # and the server closed the connection: `exchange` read to the end
    assert ran == []


def test_a_client_leaving_mid_body_is_not_an_error(
    caplog: pytest.LogCaptureFixture, raw_http: RawHttp
) -> None:
    with caplog.at_level(logging.DEBUG), served(MemorySink()) as url:
        port = int(url.rsplit(":", 1)[1])
        raw_http(
            port,
            f"POST /tools/list_orders HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            'Content-Length: 100\r\n\r\n{"limit"'.encode(),
            leave=True,
        )
        deadline = time.monotonic() + 5
        while not told(caplog) and time.monotonic() < deadline:
            time.sleep(0.01)
    (record,) = told(caplog)
    assert record.levelno == logging.DEBUG
    assert record.exc_info is None
    assert record.getMessage() == "POST /tools/list_orders: the client left before its body ended"
    assert ran == []


def told(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """What toolbridge logged (the event loop and uvicorn log things of their own)."""
    return [record for record in caplog.records if record.name.startswith("toolbridge")]


def test_a_content_length_of_thousands_of_digits_is_413_not_a_crash() -> None:
    """``int()`` refuses more than 4,300 digits: such a length is simply too large."""
    app = build_app([list_orders], max_body_bytes=1_000)
    sent: list[Message] = []

    async def receive() -> Message:
        return {"type": "http.disconnect"}  # the client leaves once answered

    async def send(message: Message) -> None:
        sent.append(message)

    scope = post_scope([(b"content-length", b"9" * 5_000)], port=8000)
    asyncio.run(app(scope, receive, send))
    assert sent[0]["status"] == 413
    assert json.loads(sent[1]["body"])["error"]["type"] == "BodyTooLarge"
    assert ran == []


SLOW_REST_SERVER = """
import sys, time
from pathlib import Path
from toolbridge import tool
from toolbridge.rest import serve_rest

@tool
def slow(seconds: float) -> str:
    '''Sleep, then say so.'''
    Path(sys.argv[1]).touch()
    time.sleep(seconds)
    return f"slept {seconds}"

serve_rest([slow], port=0, on_ready=lambda url: print(url, flush=True))
"""


def test_sigterm_lets_a_call_in_flight_finish_and_the_server_exit_0(tmp_path: Any) -> None:
    started = tmp_path / "started"
    argv = [sys.executable, "-c", SLOW_REST_SERVER, str(started)]
    answers: list[httpx.Response] = []
    with subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as process:
        try:
            assert process.stdout is not None
            assert process.stderr is not None
            url = process.stdout.readline().strip()
            assert url.startswith("http://127.0.0.1:"), url or process.stderr.read()
            caller = threading.Thread(
                target=lambda: answers.append(
                    httpx.post(f"{url}/tools/slow", json={"seconds": 1.0}, timeout=30)
                )
            )
            caller.start()
            deadline = time.monotonic() + 10
            while not started.exists() and time.monotonic() < deadline:
                time.sleep(0.01)
            assert started.exists()
            process.terminate()  # SIGTERM, while the call runs
            caller.join(15)
            assert process.wait(15) == 0
        finally:
            if process.poll() is None:
                process.kill()
    assert [answer.status_code for answer in answers] == [200]
    assert "slept 1.0" in answers[0].text


def test_a_table_of_static_tokens_admits_its_callers_and_refuses_a_wrong_token() -> None:
    """`auth=StaticTokens(...)` over a real socket: no token is anonymous, a wrong one 401."""
    sink = MemorySink()
    with (
        served(sink, auth=StaticTokens(TOKENS), identity=None) as url,
        httpx.Client(base_url=url, timeout=10) as client,
    ):
        anonymous = client.get("/tools")
        eve = client.get("/tools", headers={"Authorization": f"Bearer {EVE}"})
        wrong = client.get("/tools", headers={"Authorization": "Bearer tok-acme-anx-0123456789"})
        basic = client.get("/tools", headers={"Authorization": "Basic YW5uOng="})
        health = client.get("/healthz", headers={"Authorization": "Bearer nope"})
    assert anonymous.status_code == 200
    assert eve.status_code == 200
    # The token's caller reaches the policy: globex may not see cancelling at all.
    assert [tool["name"] for tool in anonymous.json()["tools"]] == [t.name for t in SHOP]
    assert [tool["name"] for tool in eve.json()["tools"]] == [
        t.name for t in SHOP if t is not cancel_order
    ]
    for refused in (wrong, basic):
        assert refused.status_code == 401
        assert 'error="invalid_token"' in refused.headers["www-authenticate"]
    assert health.status_code == 200


def test_the_openapi_document_says_how_a_caller_with_a_token_signs_in() -> None:
    """A client generated from the document sends the bearer token: the document says so.

    With static tokens a token is optional (no token is anonymous); without `auth` the
    document names no scheme, since the app checks none itself.
    """
    sink = MemorySink()
    with (
        served(sink, auth=StaticTokens(TOKENS), identity=None) as url,
        httpx.Client(base_url=url, timeout=10) as client,
    ):
        signed = client.get("/openapi.json").json()
    check_openapi_31(signed)
    assert signed["components"]["securitySchemes"] == {
        "bearer": {
            "type": "http",
            "scheme": "bearer",
            "description": "A bearer token; a request without one is anonymous.",
        }
    }
    assert signed["security"] == [{"bearer": []}, {}]
    assert signed["components"]["responses"]["Unauthorized"]["description"].startswith("401")
    for path in signed["paths"].values():
        assert path["post"]["responses"]["401"] == {"$ref": "#/components/responses/Unauthorized"}
    plain = openapi_document(SHOP, title="shop", version="1")
    assert "security" not in plain
    assert "securitySchemes" not in plain["components"]
    assert all("401" not in path["post"]["responses"] for path in plain["paths"].values())
