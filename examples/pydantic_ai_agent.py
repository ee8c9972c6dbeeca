"""A pydantic-ai agent run calling toolbridge tools, with pydantic-ai's FunctionModel.

Run it: ``uv run python examples/pydantic_ai_agent.py`` (no network). The scripted
model first sends an invalid argument; toolbridge answers with a retry naming the
problem, and the model's corrected call runs.

Outside this repository it needs ``pip install 'toolbridge[pydantic-ai]'``.
"""

from __future__ import annotations

import asyncio

from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from toolbridge.examples.weather import convert_temperature
from toolbridge_pydantic_ai import ToolbridgeToolset


def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    turn = (len(messages) - 1) // 2
    arguments: dict[str, object]
    if turn == 0:  # a mistake: "hot" is not a number
        arguments = {"value": "hot", "from_unit": "celsius", "to_unit": "fahrenheit"}
        return ModelResponse(parts=[ToolCallPart("convert_temperature", arguments)])
    if turn == 1:
        print("the model was told:", getattr(messages[-1].parts[0], "content", ""))
        arguments = {"value": 21, "from_unit": "celsius", "to_unit": "fahrenheit"}
        return ModelResponse(parts=[ToolCallPart("convert_temperature", arguments)])
    return ModelResponse(parts=[TextPart(f"21 °C is {messages[-1].parts[0].content} °F")])  # type: ignore[union-attr]


async def main() -> None:
    agent = Agent(FunctionModel(model), toolsets=[ToolbridgeToolset([convert_temperature])])
    print((await agent.run("21 °C in °F?")).output)


if __name__ == "__main__":
    asyncio.run(main())
