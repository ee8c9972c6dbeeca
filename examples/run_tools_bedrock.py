"""Run a tool loop with boto3 (Amazon Bedrock Converse).

    AWS_PROFILE=... uv run python examples/run_tools_bedrock.py   # the real API (with credentials)
    uv run python examples/run_tools_bedrock.py                   # scripted

The loop appends the assistant message, then one ``user`` message with a
``toolResult`` block per call (``status: error`` when the tool failed); structured
results travel as ``json`` blocks.

Outside this repository it needs ``pip install toolbridge boto3``.
"""

from __future__ import annotations

import os
from typing import Any

import boto3

from toolbridge import tool
from toolbridge.calls import run_tools_loop
from toolbridge.formats import to_bedrock
from toolbridge.testing import ScriptedEndpoint


@tool(annotations={"read_only": True})
def get_weather(city: str) -> dict[str, str]:
    """The current weather in a city."""
    return {"city": city, "sky": "sunny", "temperature_c": "21"}


TOOLS = [get_weather]
QUESTION = [{"role": "user", "content": [{"text": "What's the weather in Paris?"}]}]


def run(client: Any, model: str) -> str:
    def call_model(messages: list[Any]) -> Any:
        return client.converse(
            modelId=model, messages=messages, toolConfig={"tools": to_bedrock(TOOLS)}
        )

    result = run_tools_loop(call_model, QUESTION, TOOLS, "bedrock", max_turns=5)
    return str(result.response["output"]["message"]["content"][0]["text"])


def scripted() -> list[dict[str, Any]]:
    base = {
        "usage": {"inputTokens": 1, "outputTokens": 1, "totalTokens": 2},
        "metrics": {"latencyMs": 1},
    }
    use = {"toolUse": {"toolUseId": "tool_1", "name": "get_weather", "input": {"city": "Paris"}}}
    answer = {"text": "Sunny, 21 °C in Paris."}
    return [
        {
            "output": {"message": {"role": "assistant", "content": [use]}},
            "stopReason": "tool_use",
            **base,
        },
        {
            "output": {"message": {"role": "assistant", "content": [answer]}},
            "stopReason": "end_turn",
            **base,
        },
    ]


if __name__ == "__main__":
    if os.environ.get("AWS_PROFILE"):
        print(run(boto3.client("bedrock-runtime"), "anthropic.claude-3-5-haiku-20241022-v1:0"))
    else:
        with ScriptedEndpoint(scripted()) as endpoint:
            client = boto3.client(
                "bedrock-runtime",
                endpoint_url=endpoint.url,
                region_name="us-east-1",
                aws_access_key_id="scripted",
                aws_secret_access_key="scripted",
            )
            print(run(client, "scripted"))
            print(endpoint.requests[1].body["messages"][-1]["content"][0]["toolResult"]["status"])
