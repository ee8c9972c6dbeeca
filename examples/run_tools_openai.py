"""Run a tool loop with the OpenAI SDK (Chat Completions).

    OPENAI_API_KEY=sk-... uv run python examples/run_tools_openai.py   # the real API
    uv run python examples/run_tools_openai.py                         # a scripted stand-in

toolbridge converts the tools, runs the calls the model makes (in parallel, each
validated; mistakes go back to the model as error results) and appends the results
in Chat Completions' shape; the SDK call stays yours.

Outside this repository it needs ``pip install toolbridge openai``.
"""

from __future__ import annotations

import json
import os
from typing import Any

from openai import OpenAI

from toolbridge import tool
from toolbridge.calls import run_tools_loop
from toolbridge.formats import to_openai
from toolbridge.testing import ScriptedEndpoint


@tool(annotations={"read_only": True})
def get_weather(city: str) -> dict[str, str]:
    """The current weather in a city."""
    return {"city": city, "sky": "sunny", "temperature_c": "21"}


TOOLS = [get_weather]
SENT: Any = to_openai(TOOLS)  # plain JSON; the SDK's own types are TypedDicts
QUESTION = [{"role": "user", "content": "What's the weather in Paris and in Lisbon?"}]


def run(client: OpenAI, model: str) -> str:
    def call_model(messages: list[Any]) -> Any:
        return client.chat.completions.create(model=model, messages=messages, tools=SENT)

    result = run_tools_loop(call_model, QUESTION, TOOLS, "openai", max_turns=5)
    return str(result.response.choices[0].message.content)


def scripted() -> list[dict[str, Any]]:
    def call(call_id: str, city: str) -> dict[str, Any]:
        arguments = json.dumps({"city": city})
        return {
            "id": call_id,
            "type": "function",
            "function": {"name": "get_weather", "arguments": arguments},
        }

    def completion(message: dict[str, Any]) -> dict[str, Any]:
        choice = {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", **message}}
        return {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 0,
            "model": "m",
            "choices": [choice],
        }

    return [
        completion(
            {"content": None, "tool_calls": [call("call_1", "Paris"), call("call_2", "Lisbon")]}
        ),
        completion({"content": "Sunny in both: 21 °C in Paris and in Lisbon."}),
    ]


if __name__ == "__main__":
    if os.environ.get("OPENAI_API_KEY"):
        print(run(OpenAI(), "gpt-4.1-mini"))
    else:
        with ScriptedEndpoint(scripted()) as endpoint:
            print(run(OpenAI(base_url=endpoint.url, api_key="scripted"), "scripted"))
            sent = endpoint.requests[1].body["messages"]
            print([message["role"] for message in sent])  # user, assistant, tool, tool
