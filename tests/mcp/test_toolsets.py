"""A toolset served over MCP (real HTTP on loopback): callers by bearer token, policies,
audit, and a forbidden tool answered exactly like an unknown one."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from mcp.client.client import Client
from mcp.shared.exceptions import MCPError

from toolbridge import ArgumentValidationError, RemoteError, ToolNotFoundError, tool
from toolbridge.mcp import HttpServer, McpClient, serve_async
from toolbridge.toolsets import ANONYMOUS, Identity, MemorySink, Policy, PolicyRule, Registry

TOKENS = {
    "token-ann": Identity(subject="ann", tenant="acme", roles={"admin"}),
    "token-bob": Identity(subject="bob", tenant="acme", roles={"viewer"}),
}
ran: list[str] = []


@tool
def show_orders() -> str:
    """List the orders."""
    ran.append("show_orders")
    return "3 orders"


@tool
def refund_order(order: int) -> str:
    """Refund an order."""
    ran.append(f"refund_order {order}")
    return "refunded"


def identify(request: Any) -> Identity:
    header = request.headers.get("authorization", "") if request is not None else ""
    return TOKENS.get(header.removeprefix("Bearer "), ANONYMOUS)


@pytest.fixture
def served() -> Iterator[tuple[str, MemorySink]]:
    sink = MemorySink()
    policy = Policy(
        tenants={"acme"},
        rules=(PolicyRule(effect="deny", tools={"refund_*"}, roles={"viewer"}),),
    )
    toolset = (
        Registry([show_orders, refund_order], name="shop")
        .with_policy(policy)
        .with_audit(sink, secrets=list(TOKENS))
    )
    ready = threading.Event()
    urls: list[str] = []
    running: list[tuple[asyncio.AbstractEventLoop, asyncio.Task[None]]] = []

    def on_ready(url: str) -> None:
        urls.append(url)
        ready.set()

    async def main() -> None:
        task = asyncio.create_task(
            serve_async(toolset, identity=identify, transport="http", port=0, on_ready=on_ready)
        )
        running.append((asyncio.get_running_loop(), task))
        with contextlib.suppress(asyncio.CancelledError):
            await task

    thread = threading.Thread(target=asyncio.run, args=(main(),), daemon=True)
    thread.start()
    assert ready.wait(15)
    try:
        yield urls[0], sink
    finally:
        loop, task = running[0]
        loop.call_soon_threadsafe(task.cancel)
        thread.join(10)
        assert not thread.is_alive()


def test_each_caller_lists_and_calls_what_its_token_allows(
    served: tuple[str, MemorySink],
) -> None:
    url, sink = served
    ran.clear()

    async def as_caller(token: str | None) -> tuple[list[str], str]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        async with McpClient({"shop": HttpServer(url=url, headers=headers)}) as client:
            names = sorted(item.name for item in client.tools)
            try:
                result = await client.tool("refund_order").ainvoke({"order": 7})
                outcome = result.text
            except (ToolNotFoundError, RemoteError) as error:
                outcome = type(error).__name__
            return names, outcome

    assert asyncio.run(as_caller("token-ann")) == (["refund_order", "show_orders"], "refunded")
    assert asyncio.run(as_caller("token-bob")) == (["show_orders"], "ToolNotFoundError")
    assert asyncio.run(as_caller(None)) == ([], "ToolNotFoundError")
    assert ran == ["refund_order 7"]
    assert [(r.subject, r.tool, r.decision) for r in sink.records] == [
        ("ann", "refund_order", "allowed")
    ]


def test_a_forbidden_tool_and_an_unknown_one_get_the_same_answer(
    served: tuple[str, MemorySink],
) -> None:
    url, sink = served
    ran.clear()

    async def attempt(name: str) -> tuple[int, str]:
        import httpx2

        headers = {"Authorization": "Bearer token-bob"}
        async with httpx2.AsyncClient(headers=headers) as http:
            from mcp.client.streamable_http import streamable_http_client

            async with Client(
                streamable_http_client(url, http_client=http), mode="legacy"
            ) as client:
                try:
                    await client.call_tool(name, {"order": 1})
                except MCPError as error:
                    return error.error.code, error.error.message.replace(name, "NAME")
        raise AssertionError("the call was answered")

    forbidden = asyncio.run(attempt("refund_order"))
    unknown = asyncio.run(attempt("refund_everything"))
    assert forbidden == unknown == (-32602, "Unknown tool: NAME")
    assert ran == []
    assert [r.decision for r in sink.records] == ["denied", "unknown"]
    assert "token-bob" not in repr(sink.records)


def test_a_registry_over_mcp_redacts_the_configured_auth_header(
    served: tuple[str, MemorySink],
) -> None:
    url, _ = served
    ran.clear()
    records = MemorySink()

    async def main() -> str:
        headers = {"Authorization": "Bearer token-ann"}
        async with McpClient({"shop": HttpServer(url=url, headers=headers)}) as client:
            registry = Registry(name="client-side")
            registry.add_mcp(client)
            audited = registry.with_audit(records, secrets=registry.secrets)
            with contextlib.suppress(ArgumentValidationError):
                await audited.call("refund_order", {"order": "token-ann"})  # invalid type
            result = await audited.call("refund_order", {"order": 5})
            return result.text

    assert asyncio.run(main()) == "refunded"
    assert "token-ann" not in repr([record.to_dict() for record in records.records])
    assert [r.outcome for r in records.records] == ["invalid_arguments", "success"]
