"""Run a tool loop with the Google Gen AI SDK (Gemini generateContent).

    GEMINI_API_KEY=... uv run python examples/run_tools_gemini.py   # the real API
    uv run python examples/run_tools_gemini.py                      # scripted

The loop appends the model's content, then one ``user`` content with a
``functionResponse`` part per call (``output`` on success, ``error`` on failure).

Outside this repository it needs ``pip install toolbridge google-genai``.
"""

from __future__ import annotations

import os
from typing import Any

from google import genai
from google.genai import types

from toolbridge import tool
from toolbridge.calls import run_tools_loop
from toolbridge.formats import to_gemini
from toolbridge.testing import ScriptedEndpoint


@tool(annotations={"read_only": True})
def get_weather(city: str) -> dict[str, str]:
    """The current weather in a city."""
    return {"city": city, "sky": "sunny", "temperature_c": "21"}


TOOLS = [get_weather]
SENT: Any = to_gemini(TOOLS)  # plain JSON; the SDK's own types are TypedDicts
QUESTION = [{"role": "user", "parts": [{"text": "What's the weather in Paris?"}]}]


def run(client: genai.Client, model: str) -> str:
    config = types.GenerateContentConfig(
        tools=[types.Tool(function_declarations=SENT)],
        automatic_function_calling=types.AutomaticFunctionCallingConfig(disable=True),
    )

    def call_model(contents: list[Any]) -> Any:
        return client.models.generate_content(model=model, contents=contents, config=config)

    result = run_tools_loop(call_model, QUESTION, TOOLS, "gemini", max_turns=5)
    return str(result.response.text)


def scripted() -> list[dict[str, Any]]:
    call = {"functionCall": {"id": "fc_1", "name": "get_weather", "args": {"city": "Paris"}}}
    answer = {"text": "Sunny, 21 °C in Paris."}
    return [
        {"candidates": [{"content": {"role": "model", "parts": [call]}, "finishReason": "STOP"}]},
        {"candidates": [{"content": {"role": "model", "parts": [answer]}, "finishReason": "STOP"}]},
    ]


if __name__ == "__main__":
    if os.environ.get("GEMINI_API_KEY"):
        print(run(genai.Client(), "gemini-2.5-flash"))
    else:
        with ScriptedEndpoint(scripted()) as endpoint:
            options = types.HttpOptions(base_url=endpoint.url)
            print(run(genai.Client(api_key="scripted", http_options=options), "scripted"))
            reply = endpoint.requests[1].body["contents"][-1]
            print(reply["role"], reply["parts"][0]["functionResponse"]["response"])
