"""An OpenAI Agents SDK run calling a toolbridge tool, with the SDK's scripted model.

Run it: ``uv run python examples/openai_agents_run.py`` (no network, no API key).

Outside this repository it needs ``pip install 'toolbridge[openai-agents]'``.
"""

from __future__ import annotations

import asyncio

from agents import Agent, RunConfig, Runner
from agents.testing import ScriptedModel, assistant_message, function_call

from toolbridge.examples.weather import convert_temperature
from toolbridge_openai_agents import to_openai_agents


async def main() -> None:
    model = ScriptedModel(
        [
            [
                function_call(
                    "convert_temperature",
                    {"value": 21, "from_unit": "celsius", "to_unit": "fahrenheit"},
                    call_id="call-1",
                )
            ],
            [assistant_message("21 °C is 69.8 °F.")],
        ]
    )
    agent = Agent(name="weather", model=model, tools=[to_openai_agents(convert_temperature)])
    result = await Runner.run(agent, "21 °C in °F?", run_config=RunConfig(tracing_disabled=True))
    print(result.final_output)


if __name__ == "__main__":
    asyncio.run(main())
