"""A toolset over HTTP/JSON: callers by token, the toolset's policies and audit, typed error
answers, an OpenAPI document, and a real socket guarded against DNS rebinding."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import threading
from collections.abc import AsyncIterator, Iterator
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from starlette.requests import Request

from toolbridge import ToolResult, tool
from toolbridge.rest import build_app, serve_rest_async, tool_path
from toolbridge.toolsets import (
    ANONYMOUS,
    ApprovalRequest,
    Identity,
    MemorySink,
    Policy,
    RateLimit,
    Registry,
    Rule,
)

TOKENS = {
    "tok-acme-ann": Identity(subject="ann", tenant="acme", roles={"admin"}),
    "tok-acme-bob": Identity(subject="bob", tenant="acme"),
    "tok-globex-eve": Identity(subject="eve", tenant="globex"),
}
ran: list[str] = []


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
    await asyncio.sleep(seconds)
    return "report"


def identify(request: Request) -> Identity:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return TOKENS.get(token, ANONYMOUS) if scheme == "Bearer" else ANONYMOUS


def approve(request: ApprovalRequest) -> bool:
    return request.identity.subject == "ann" and request.arguments["order"] != "o-locked"


def shop(sink: MemorySink, **policy: Any) -> Any:
    rules = (
        Rule(effect="deny", tenants={"globex"}, tools={"cancel_*"}),
        Rule(effect="approve", tools={"cancel_*"}),
    )
    options: dict[str, Any] = {"rules": rules, "approve": approve, "timeout": 0.3, **policy}
    return (
        Registry([list_orders, cancel_order, stock_level, slow_report], name="shop")
        .with_policy(Policy(**options))
        .with_audit(sink)
    )


@contextlib.asynccontextmanager
async def client_for(app: Any, token: str | None = None) -> AsyncIterator[httpx.AsyncClient]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(
        transport=transport, base_url="http://127.0.0.1", headers=headers
    ) as client:
        yield client


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


@pytest.fixture(autouse=True)
def _clear() -> None:
    ran.clear()


def test_each_caller_lists_and_calls_what_its_policy_allows() -> None:
    sink = MemorySink()
    app = build_app(shop(sink), identity=identify)

    async def main() -> list[Any]:
        async with client_for(app, "tok-acme-ann") as ann, client_for(app, "tok-globex-eve") as eve:
            listed_ann = (await ann.get("/tools")).json()
            listed_eve = (await eve.get("/tools")).json()
            called = await ann.post("/tools/list_orders", json={"limit": 2})
            cancelled = await ann.post("/tools/cancel_order", json={"order": "o-1"})
            hidden = await eve.post("/tools/cancel_order", json={"order": "o-2"})
            unknown = await eve.post("/tools/cancel_everything", json={"order": "o-2"})
            described = await ann.get(tool_path("stock.check-level"))
            return [listed_ann, listed_eve, called, cancelled, hidden, unknown, described]

    listed_ann, listed_eve, called, cancelled, hidden, unknown, described = run(main())
    assert [t["name"] for t in listed_ann["tools"]] == [
        "list_orders",
        "cancel_order",
        "stock.check-level",
        "slow_report",
    ]
    assert "cancel_order" not in [t["name"] for t in listed_eve["tools"]]
    assert called.status_code == 200
    assert called.json()["structuredContent"] == {"result": ["order-0", "order-1"]}
    assert cancelled.json()["content"][0]["text"] == "cancelled o-1"
    assert hidden.status_code == unknown.status_code == 404
    assert hidden.content.replace(b"cancel_order", b"N") == unknown.content.replace(
        b"cancel_everything", b"N"
    )
    assert described.json()["name"] == "stock.check-level"
    assert ran == ["list_orders", "cancel_order o-1"]
    assert [(r.subject, r.tool, r.decision) for r in sink.records] == [
        ("ann", "list_orders", "allowed"),
        ("ann", "cancel_order", "approved"),
        ("eve", "cancel_order", "denied"),
        ("eve", "cancel_everything", "unknown"),
    ]


def test_refusals_and_failures_have_their_status() -> None:
    sink = MemorySink()
    limited = shop(sink, rate_limits=(RateLimit(calls=3, per=3600, scope="subject"),))
    app = build_app(limited, identity=identify)

    async def main() -> dict[str, httpx.Response]:
        async with client_for(app, "tok-acme-bob") as bob, client_for(app, "tok-acme-ann") as ann:
            return {
                "not approved": await bob.post("/tools/cancel_order", json={"order": "o-1"}),
                "invalid": await bob.post("/tools/list_orders", json={"limit": "many"}),
                "tool error": await bob.post(tool_path("stock.check-level"), json={"sku": "Z9"}),
                "limited": await bob.post("/tools/list_orders", json={}),
                "other caller": await ann.post("/tools/slow_report", json={"seconds": 5}),
            }

    answers = run(main())
    assert answers["not approved"].status_code == 403
    assert answers["invalid"].status_code == 422
    assert answers["invalid"].json()["error"]["issues"] == [
        {"path": "/limit", "kind": "type", "message": "expected integer, got string"}
    ]
    assert answers["tool error"].status_code == 200
    assert answers["tool error"].json()["isError"] is True
    assert answers["limited"].status_code == 429
    assert int(answers["limited"].headers["Retry-After"]) >= 1
    assert answers["other caller"].status_code == 504  # the policy's 0.3 s timeout
    assert ran == ["stock"]
    assert len(sink.records) == 5


@pytest.mark.parametrize(
    ("body", "headers", "status", "kind"),
    [
        (b"{not json", {}, 400, "InvalidJson"),
        (b"[1, 2]", {}, 400, "InvalidArguments"),
        (b"x" * 200, {}, 413, "BodyTooLarge"),
        (b"", {}, 200, None),
    ],
)
def test_bad_bodies_are_refused_before_the_tool(
    body: bytes, headers: dict[str, str], status: int, kind: str | None
) -> None:
    app = build_app([list_orders], max_body_bytes=100)

    async def main() -> httpx.Response:
        async with client_for(app) as client:
            return await client.post("/tools/list_orders", content=body, headers=headers)

    answer = run(main())
    assert answer.status_code == status
    if kind is not None:
        assert answer.json()["error"]["type"] == kind
        assert ran == []


def test_wrong_routes_and_methods() -> None:
    app = build_app([list_orders])

    async def main() -> list[int]:
        async with client_for(app) as client:
            return [
                (await client.delete("/tools/list_orders")).status_code,
                (await client.get("/nowhere")).status_code,
                (await client.post("/tools")).status_code,
            ]

    assert run(main()) == [405, 404, 405]


def test_the_openapi_document_has_one_path_per_visible_tool() -> None:
    app = build_app(shop(MemorySink()), identity=identify)

    async def main() -> tuple[dict[str, Any], dict[str, Any]]:
        async with client_for(app, "tok-acme-ann") as ann, client_for(app, "tok-globex-eve") as eve:
            return (await ann.get("/openapi.json")).json(), (await eve.get("/openapi.json")).json()

    for_ann, for_eve = run(main())
    assert for_ann["openapi"] == "3.1.0"
    assert set(for_ann["paths"]) == {
        "/tools/list_orders",
        "/tools/cancel_order",
        "/tools/stock.check-level",
        "/tools/slow_report",
    }
    assert "/tools/cancel_order" not in for_eve["paths"]
    operation = for_ann["paths"]["/tools/list_orders"]["post"]
    assert operation["operationId"] == "list_orders"
    assert operation["requestBody"]["content"]["application/json"]["schema"] == dict(
        list_orders.input_schema
    )
    for answer in operation["responses"].values():
        reference = answer["content"]["application/json"]["schema"]["$ref"]
        assert reference.removeprefix("#/components/schemas/") in for_ann["components"]["schemas"]
    assert tool_path("a/b c") == "/tools/" + quote("a/b c", safe="")


def test_a_broken_identity_function_makes_the_request_anonymous() -> None:
    def broken(request: Request) -> Identity:
        raise RuntimeError("token service down")

    app = build_app(shop(MemorySink()).with_policy(Policy(tenants={"acme"})), identity=broken)

    async def main() -> Any:
        async with client_for(app, "tok-acme-ann") as client:
            return (await client.get("/tools")).json()

    assert run(main()) == {"tools": []}


@contextlib.contextmanager
def served(sink: MemorySink) -> Iterator[str]:
    ready = threading.Event()
    urls: list[str] = []
    running: list[tuple[asyncio.AbstractEventLoop, asyncio.Task[None]]] = []

    def on_ready(url: str) -> None:
        urls.append(url)
        ready.set()

    async def main() -> None:
        task = asyncio.create_task(
            serve_rest_async(shop(sink), identity=identify, port=0, on_ready=on_ready)
        )
        running.append((asyncio.get_running_loop(), task))
        with contextlib.suppress(asyncio.CancelledError):
            await task

    thread = threading.Thread(target=asyncio.run, args=(main(),), daemon=True)
    thread.start()
    assert ready.wait(15)
    try:
        yield urls[0]
    finally:
        loop, task = running[0]
        loop.call_soon_threadsafe(task.cancel)
        thread.join(10)
        assert not thread.is_alive()


def test_a_real_socket_on_loopback_refuses_foreign_hosts() -> None:
    sink = MemorySink()
    with served(sink) as url:
        port = int(url.rsplit(":", 1)[1])
        answer = httpx.post(
            f"{url}/tools/list_orders",
            json={"limit": 1},
            headers={"Authorization": "Bearer tok-acme-ann"},
        )
        assert answer.status_code == 200
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            connection.request("GET", "/tools", headers={"Host": f"attacker.example:{port}"})
            assert connection.getresponse().status == 421
        finally:
            connection.close()
        evil = httpx.get(f"{url}/tools", headers={"Origin": "http://attacker.example"})
        assert evil.status_code == 403
    assert url.startswith("http://127.0.0.1:")
    assert [(r.subject, r.tool) for r in sink.records] == [("ann", "list_orders")]
