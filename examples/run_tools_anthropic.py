"""Run a tool loop with the Anthropic SDK (Messages API).

    ANTHROPIC_API_KEY=sk-ant-... uv run python examples/run_tools_anthropic.py   # the real API
    uv run python examples/run_tools_anthropic.py                               # scripted

The loop appends the assistant's content blocks, then one ``user`` message with every
``tool_result`` block; a tool's error reaches Claude as ``is_error: true``.

Outside this repository it needs ``pip install toolbridge anthropic``.
"""

from __future__ import annotations

import os
from typing import Any

from anthropic import Anthropic

from toolbridge import ToolResult, tool
from toolbridge.calls import run_tools_loop
from toolbridge.formats import to_anthropic
from toolbridge.testing import ScriptedEndpoint


@tool(annotations={"read_only": True})
def get_weather(city: str) -> dict[str, str]:
    """The current weather in a city."""
    return {"city": city, "sky": "sunny", "temperature_c": "21"}


@tool(annotations={"read_only": True})
def get_air_quality(city: str) -> ToolResult:
    """The air quality index of a city."""
    return ToolResult.from_error(f"no air quality station reports for {city} today")


TOOLS = [get_weather, get_air_quality]
SENT: Any = to_anthropic(TOOLS)  # plain JSON; the SDK's own types are TypedDicts
QUESTION = [{"role": "user", "content": "Weather and air quality in Paris?"}]


def run(client: Anthropic, model: str) -> str:
    def call_model(messages: list[Any]) -> Any:
        return client.messages.create(model=model, max_tokens=512, messages=messages, tools=SENT)

    result = run_tools_loop(call_model, QUESTION, TOOLS, "anthropic", max_turns=5)
    return str(result.response.content[0].text)


def scripted() -> list[dict[str, Any]]:
    base: dict[str, Any] = {"type": "message", "role": "assistant", "model": "m"}
    base |= {"stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1}}
    uses = [
        {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "Paris"}},
        {
            "type": "tool_use",
            "id": "toolu_2",
            "name": "get_air_quality",
            "input": {"city": "Paris"},
        },
    ]
    answer = [{"type": "text", "text": "Sunny, 21 °C; no air quality report today."}]
    return [
        {"id": "msg_1", **base, "stop_reason": "tool_use", "content": uses},
        {"id": "msg_2", **base, "stop_reason": "end_turn", "content": answer},
    ]


if __name__ == "__main__":
    if os.environ.get("ANTHROPIC_API_KEY"):
        print(run(Anthropic(), "claude-sonnet-4-5"))
    else:
        with ScriptedEndpoint(scripted()) as endpoint:
            print(run(Anthropic(base_url=endpoint.url, api_key="scripted"), "scripted"))
            results = endpoint.requests[1].body["messages"][-1]["content"]
            print([(block["tool_use_id"], block["is_error"]) for block in results])
