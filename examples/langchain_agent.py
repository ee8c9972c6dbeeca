"""A LangChain agent (``create_agent``) calling a toolbridge tool, with a scripted model.

The model is LangChain's own fake chat model, given ``bind_tools`` and a script: it
first sends an invalid call (the temperature as text), reads the validation error
toolbridge sent back, corrects itself, then answers. Run it:
``uv run python examples/langchain_agent.py`` (no network, no API key).

Outside this repository it needs ``pip install 'toolbridge[langchain]' langchain``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

from toolbridge.examples.weather import convert_temperature
from toolbridge_langchain import to_langchain


class ScriptedChatModel(GenericFakeChatModel):
    """LangChain's fake chat model, able to take tools (it ignores them)."""

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ScriptedChatModel:
        return self


def convert(value: Any, call_id: str) -> AIMessage:
    arguments = {"value": value, "from_unit": "celsius", "to_unit": "fahrenheit"}
    return AIMessage(
        content="", tool_calls=[{"name": "convert_temperature", "args": arguments, "id": call_id}]
    )


def main() -> None:
    model = ScriptedChatModel(
        messages=iter(
            [convert("21", "call-1"), convert(21, "call-2"), AIMessage(content="21 °C is 69.8 °F.")]
        )
    )
    agent = create_agent(model, tools=[to_langchain(convert_temperature)])
    state = agent.invoke({"messages": [HumanMessage("21 °C in °F?")]})
    for message in state["messages"]:
        if isinstance(message, ToolMessage):  # what the model read back
            print(f"{message.tool_call_id} ({message.status}): {message.content}")
    print(state["messages"][-1].content)


if __name__ == "__main__":
    main()
