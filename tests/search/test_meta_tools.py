"""The search/describe/call meta-tools: a registry of any size behind three tools."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from mcp.client.client import Client
from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

import toolbridge
from toolbridge import Tool, tool
from toolbridge.mcp import build_server
from toolbridge.search import meta_tools, meta_toolset
from toolbridge.toolsets import Identity, MemorySink, Policy, PolicyRule, Registry

ran: list[str] = []


def registry() -> Registry:
    tools: list[Tool] = []
    for index in range(300):
        tools.append(Tool(name=f"filler_{index}", description=f"Does unrelated thing {index}."))

    @tool
    def convert_currency(amount: float, source: str, target: str) -> str:
        """Convert an amount of money from one currency to another at today's rate."""
        ran.append("convert_currency")
        return f"{amount * 2:.2f} {target}"

    @tool
    def wipe_ledger(ledger: str) -> str:
        """Erase every entry of an accounting ledger."""
        ran.append("wipe_ledger")
        return "wiped"

    return Registry([*tools, convert_currency, wipe_ledger])


ANN = Identity(subject="ann", roles={"finance"})
EVE = Identity(subject="eve", roles={"intern"})


def guarded(sink: MemorySink) -> toolbridge.toolsets.Toolset:
    policy = Policy(rules=(PolicyRule(effect="deny", tools={"wipe_*"}, roles={"intern"}),))
    return registry().with_policy(policy).with_audit(sink)


def test_three_tools_open_up_the_registry() -> None:
    ran.clear()
    sink = MemorySink()
    meta = meta_toolset(guarded(sink))
    assert [item.name for item in meta.list_tools()] == [
        "search_tools",
        "describe_tool",
        "call_tool",
    ]
    found = meta.call_sync("search_tools", {"query": "convert my dollars into euros"}, identity=ANN)
    assert found.structured_content is not None
    assert found.structured_content["tools"][0]["name"] == "convert_currency"
    described = meta.call_sync("describe_tool", {"name": "convert_currency"}, identity=ANN)
    assert described.structured_content is not None
    assert described.structured_content["inputSchema"]["required"] == ["amount", "source", "target"]
    called = meta.call_sync(
        "call_tool",
        {"name": "convert_currency", "arguments": {"amount": 5, "source": "USD", "target": "EUR"}},
        identity=ANN,
    )
    assert called.text == "10.00 EUR"
    assert ran == ["convert_currency"]
    assert [(r.tool, r.subject) for r in sink.records] == [("convert_currency", "ann")]


def test_a_forbidden_tool_is_not_found_described_or_called() -> None:
    ran.clear()
    sink = MemorySink()
    meta = meta_toolset(guarded(sink))
    for caller, expected in ((ANN, "wipe_ledger"), (EVE, None)):
        found = meta.call_sync(
            "search_tools", {"query": "erase the ledger", "k": 3}, identity=caller
        )
        names = [hit["name"] for hit in found.structured_content["tools"]]  # type: ignore[index]
        assert (expected in names) if expected else ("wipe_ledger" not in names)
    described = meta.call_sync("describe_tool", {"name": "wipe_ledger"}, identity=EVE)
    missing = meta.call_sync("describe_tool", {"name": "no_such_tool"}, identity=EVE)
    assert described.is_error
    assert described.text.replace("wipe_ledger", "X") == missing.text.replace("no_such_tool", "X")
    refused = meta.call_sync(
        "call_tool", {"name": "wipe_ledger", "arguments": {"ledger": "main"}}, identity=EVE
    )
    assert refused.is_error
    assert "no tool named 'wipe_ledger'" in refused.text
    assert ran == []
    assert [(r.tool, r.decision) for r in sink.records] == [("wipe_ledger", "denied")]


def test_invalid_arguments_come_back_as_a_correctable_error() -> None:
    ran.clear()
    meta = meta_toolset(registry())
    result = meta.call_sync(
        "call_tool", {"name": "convert_currency", "arguments": {"amount": "lots"}}, identity=ANN
    )
    assert result.is_error
    assert "amount" in result.text
    assert ran == []


def test_the_meta_tools_serve_over_mcp_as_their_caller() -> None:
    ran.clear()
    sink = MemorySink()
    callers = [EVE]
    server = build_server(meta_toolset(guarded(sink)), identity=lambda request: callers[0])

    async def main() -> list[str]:
        async with Client(server, mode="legacy") as client:
            listed = await client.list_tools()
            texts = []
            for caller in (EVE, ANN):
                callers[0] = caller
                answer = await client.call_tool(
                    "call_tool", {"name": "wipe_ledger", "arguments": {"ledger": "main"}}
                )
                texts.append(f"{answer.is_error} {answer.content[0].text}")  # type: ignore[union-attr]
            return [tool.name for tool in listed.tools] + texts

    outcome = asyncio.run(main())
    assert outcome[:3] == ["search_tools", "describe_tool", "call_tool"]
    assert outcome[3].startswith("True ")
    assert outcome[4] == "False wiped"
    assert ran == ["wipe_ledger"]
    assert [(r.subject, r.decision) for r in sink.records] == [
        ("eve", "denied"),
        ("ann", "allowed"),
    ]


def test_a_pydantic_ai_agent_searches_then_calls() -> None:
    ran.clear()
    tools = meta_toolset(registry()).tools(ANN)

    def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        turn = sum(isinstance(m, ModelResponse) for m in messages)
        if turn == 0:
            return ModelResponse(
                parts=[ToolCallPart("search_tools", {"query": "currency conversion", "k": 2})]
            )
        if turn == 1:
            found: Any = messages[-1].parts[0].content  # type: ignore[union-attr]
            name = (found if isinstance(found, dict) else json.loads(found))["tools"][0]["name"]
            arguments = {"amount": 3, "source": "USD", "target": "JPY"}
            return ModelResponse(
                parts=[ToolCallPart("call_tool", {"name": name, "arguments": arguments})]
            )
        return ModelResponse(parts=[TextPart("done")])

    agent = Agent(FunctionModel(model), toolsets=[toolbridge.to("pydantic-ai", tools)])
    result = asyncio.run(agent.run("convert 3 dollars to yen"))
    assert result.output == "done"
    assert ran == ["convert_currency"]


def test_meta_tools_are_plain_canonical_tools() -> None:
    made = meta_tools(registry(), k_max=7)
    assert all(isinstance(item, Tool) for item in made)
    schema = made[0].input_schema["properties"]["k"]
    assert schema["maximum"] == 7
    assert made[0].annotations.read_only is True
    assert toolbridge.formats.to_openai(made)[0]["function"]["name"] == "search_tools"
