"""Run a tool loop with the OpenAI SDK (Responses API).

    OPENAI_API_KEY=sk-... uv run python examples/run_tools_openai_responses.py   # the real API
    uv run python examples/run_tools_openai_responses.py                         # scripted

The conversation is the Responses API's list of input items: the loop appends the
model's output items and one ``function_call_output`` per call.

Outside this repository it needs ``pip install toolbridge openai``.
"""

from __future__ import annotations

import json
import os
from typing import Any

from openai import OpenAI

from toolbridge import tool
from toolbridge.calls import run_tools_loop
from toolbridge.formats import to_openai_responses
from toolbridge.testing import ScriptedEndpoint


@tool(annotations={"read_only": True})
def get_weather(city: str) -> dict[str, str]:
    """The current weather in a city."""
    return {"city": city, "sky": "sunny", "temperature_c": "21"}


TOOLS = [get_weather]
SENT: Any = to_openai_responses(TOOLS)  # plain JSON; the SDK's own types are TypedDicts
QUESTION = [{"role": "user", "content": "What's the weather in Paris?"}]


def run(client: OpenAI, model: str) -> str:
    def call_model(items: list[Any]) -> Any:
        return client.responses.create(model=model, input=items, tools=SENT)

    result = run_tools_loop(call_model, QUESTION, TOOLS, "openai-responses", max_turns=5)
    return str(result.response.output_text)


def scripted() -> list[dict[str, Any]]:
    base = {"object": "response", "created_at": 0, "model": "m", "status": "completed"}
    base |= {"parallel_tool_calls": True, "tool_choice": "auto", "tools": []}
    arguments = json.dumps({"city": "Paris"})
    call = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather"}
    call |= {"arguments": arguments, "status": "completed"}
    text = {"type": "output_text", "text": "Sunny, 21 °C in Paris.", "annotations": []}
    answer = {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed"}
    return [
        {"id": "resp_1", **base, "output": [call]},
        {"id": "resp_2", **base, "output": [{**answer, "content": [text]}]},
    ]


if __name__ == "__main__":
    if os.environ.get("OPENAI_API_KEY"):
        print(run(OpenAI(), "gpt-4.1-mini"))
    else:
        with ScriptedEndpoint(scripted()) as endpoint:
            print(run(OpenAI(base_url=endpoint.url, api_key="scripted"), "scripted"))
            items = endpoint.requests[1].body["input"]
            print([item.get("type", item.get("role")) for item in items])
