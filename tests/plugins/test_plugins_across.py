"""Across frameworks, through the canonical tool: a LangChain tool in a pydantic-ai
agent, a pydantic-ai tool served by FastMCP and loaded back over MCP, the everything
server's tools in a LangChain agent, and one ``@tool`` used by all four frameworks."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Sequence
from typing import Any

from agents import Agent as AgentsAgent
from agents import RunConfig, Runner
from agents.testing import ScriptedModel, assistant_message, function_call
from fastmcp import Client
from langchain.agents import create_agent
from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.outputs import ChatResult
from langchain_core.tools import tool as langchain_tool
from pydantic import Field
from pydantic_ai import Agent
from pydantic_ai import Tool as PydanticTool
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from toolbridge import tool
from toolbridge.mcp import McpClient, StdioServer
from toolbridge_fastmcp import make_server
from toolbridge_langchain import from_langchain, load_mcp_tools, to_langchain
from toolbridge_openai_agents import to_openai_agents
from toolbridge_pydantic_ai import from_pydantic_ai, to_pydantic_ai

calls: list[tuple[str, int]] = []


@tool
def square(n: int) -> int:
    """Square an integer."""
    calls.append(("square", n))
    return n * n


class _ChatModel(GenericFakeChatModel):
    seen: list[list[BaseMessage]] = Field(default_factory=list)

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> _ChatModel:
        return self

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        self.seen.append(list(messages))
        return super()._generate(messages, stop=stop, run_manager=run_manager, **kwargs)


def _call(name: str, args: dict[str, Any], call_id: str = "c1") -> AIMessage:
    return AIMessage(content="", tool_calls=[{"name": name, "args": args, "id": call_id}])


def _pydantic_model(name: str, *attempts: dict[str, Any]) -> FunctionModel:
    """Calls `name` with each of `attempts` in turn, then answers with the last result."""

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        turn = (len(messages) - 1) // 2
        if turn < len(attempts):
            return ModelResponse(parts=[ToolCallPart(name, attempts[turn])])
        return ModelResponse(parts=[TextPart(str(getattr(messages[-1].parts[0], "content", "")))])

    return FunctionModel(respond)


def test_a_langchain_tool_in_a_pydantic_ai_agent() -> None:
    ran: list[str] = []

    @langchain_tool
    def shout(text: str) -> str:
        """Say it in capitals."""
        ran.append(text)
        return text.upper()

    canonical = from_langchain(shout)
    model = _pydantic_model("shout", {"text": 5}, {"text": "hey"})
    result = asyncio.run(Agent(model, tools=[to_pydantic_ai(canonical)]).run("shout hey"))
    assert ran == ["hey"]  # the invalid call (a number) never reached LangChain
    assert result.output == "HEY"


def test_a_pydantic_ai_tool_served_by_fastmcp_and_loaded_back_over_mcp() -> None:
    def cube(n: int) -> int:
        """Cube an integer."""
        return n**3

    canonical = from_pydantic_ai(PydanticTool(cube))
    server = make_server("cubes", [canonical])

    async def in_memory() -> Any:
        async with Client(server) as client:
            return await client.call_tool("cube", {"n": 3})

    assert asyncio.run(in_memory()).content[0].text == "27"

    script = (
        "from pydantic_ai import Tool\n"
        "from toolbridge_fastmcp import make_server\n"
        "from toolbridge_pydantic_ai import from_pydantic_ai\n"
        "def cube(n: int) -> int:\n"
        "    '''Cube an integer.'''\n"
        "    return n ** 3\n"
        "make_server('cubes', [from_pydantic_ai(Tool(cube))]).run(show_banner=False)\n"
    )

    async def over_stdio() -> tuple[str, str]:
        async with McpClient(StdioServer(command=sys.executable, args=("-c", script))) as client:
            (loaded,) = client.tools
            return loaded.fingerprint, (await loaded.ainvoke({"n": 4})).text

    fingerprint, text = asyncio.run(over_stdio())
    assert fingerprint == canonical.fingerprint
    assert text == "64"


def test_the_everything_servers_tools_in_a_langchain_agent(everything_server: list[str]) -> None:
    async def main() -> list[ToolMessage]:
        server = StdioServer(command=everything_server[0], args=tuple(everything_server[1:]))
        tools = await load_mcp_tools(server)
        model = _ChatModel(
            messages=iter(
                [
                    _call("echo", {"message": 7}, "c1"),  # invalid: message must be a string
                    _call("echo", {"message": "hello"}, "c2"),
                    AIMessage(content="done"),
                ]
            )
        )
        agent = create_agent(model, tools=tools)
        await agent.ainvoke({"messages": [HumanMessage("echo hello")]})
        return [m for m in model.seen[-1] if isinstance(m, ToolMessage)]

    invalid, echoed = asyncio.run(main())
    assert invalid.status == "error"
    assert "message" in str(invalid.content)
    assert "hello" in str(echoed.content)


def test_one_tool_in_all_four_frameworks() -> None:
    calls.clear()
    # LangChain
    model = _ChatModel(messages=iter([_call("square", {"n": 2}), AIMessage(content="4")]))
    create_agent(model, tools=[to_langchain(square)]).invoke({"messages": [HumanMessage("2²")]})
    # pydantic-ai
    asyncio.run(
        Agent(_pydantic_model("square", {"n": 3}), tools=[to_pydantic_ai(square)]).run("3²")
    )
    # the OpenAI Agents SDK
    scripted = ScriptedModel(
        [[function_call("square", {"n": 4}, call_id="c1")], [assistant_message("16")]]
    )
    agent = AgentsAgent(name="squares", model=scripted, tools=[to_openai_agents(square)])
    asyncio.run(Runner.run(agent, "4²", run_config=RunConfig(tracing_disabled=True)))
    # FastMCP

    async def fastmcp() -> Any:
        async with Client(make_server("squares", [square])) as client:
            return await client.call_tool("square", {"n": 5})

    assert asyncio.run(fastmcp()).structured_content == {"result": 25}
    assert calls == [("square", 2), ("square", 3), ("square", 4), ("square", 5)]
