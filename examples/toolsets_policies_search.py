"""A registry of tools from functions and an MCP server, curated into a guarded, audited
toolset, searched, and opened to a model through the three meta-tools.

    uv run python examples/toolsets_policies_search.py

Outside this repository it needs ``pip install 'toolbridge[mcp,search]'``.
"""

from __future__ import annotations

import asyncio
import sys

from toolbridge import tool
from toolbridge.mcp import McpClient, StdioServer
from toolbridge.search import ToolSearch, meta_toolset
from toolbridge.toolsets import (
    Identity,
    MemorySink,
    Policy,
    PolicyRule,
    RateLimit,
    Registry,
)


@tool(annotations={"read_only": True}, tags={"billing"})
def list_invoices(customer: str) -> list[str]:
    """List a customer's invoices."""
    return [f"{customer}-001", f"{customer}-002"]


@tool(annotations={"destructive": True}, tags={"billing"})
def void_invoice(invoice: str) -> str:
    """Void (cancel) an invoice."""
    return f"voided {invoice}"


async def main() -> None:
    weather = StdioServer(command=sys.executable, args=("-m", "toolbridge.examples.server"))
    async with McpClient({"weather": weather}) as client:
        registry = Registry([list_invoices, void_invoice], name="company")
        registry.add_mcp(client, source="weather")
        print(f"registry: {len(registry)} tools from {registry.sources}")

        audit = MemorySink()
        support = (
            registry.named("support")
            .excluding("subscribe_*")
            .with_policy(
                Policy(
                    tenants={"acme"},
                    rules=(PolicyRule(effect="deny", destructive=True, roles={"agent"}),),
                    rate_limits=(RateLimit(calls=100, per=60),),
                    timeout=10,
                )
            )
            .with_audit(audit, secrets=registry.secrets)
        )
        agent = Identity(subject="sam", tenant="acme", roles={"agent"})
        print("the agent sees:", sorted(t.name for t in support.list_tools(agent)))

        hits = ToolSearch(support).search("forecast for Lisbon this week", 3, identity=agent)
        print("search:", [hit.name for hit in hits])

        meta = meta_toolset(support)
        result = await meta.call(
            "call_tool",
            {"name": "list_invoices", "arguments": {"customer": "acme"}},
            identity=agent,
        )
        print("call_tool:", result.structured_content)
        refused = await meta.call(
            "call_tool", {"name": "void_invoice", "arguments": {"invoice": "x"}}, identity=agent
        )
        print("refused:", refused.text)
        for record in audit.records:
            print("audit:", record.subject, record.tool, record.decision, record.outcome)
        assert [r.decision for r in audit.records] == ["allowed", "denied"]


if __name__ == "__main__":
    asyncio.run(main())
