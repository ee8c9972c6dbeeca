"""toolbridge-pydantic-ai: what a tool raises to steer the run reaches pydantic-ai as raised.

A tool defers its call (``CallDeferred``, ``ApprovalRequired``) or tells the model to
try again (``ModelRetry``) the way a pydantic-ai tool does; toolbridge wraps what a
tool raises, and the plugin hands the original to the agent, in a real agent run
driven by ``FunctionModel``."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from pydantic_ai import Agent, DeferredToolRequests, DeferredToolResults
from pydantic_ai import Tool as PydanticTool
from pydantic_ai.exceptions import ApprovalRequired, CallDeferred, ModelRetry
from pydantic_ai.messages import (
    ModelMessage,
    ModelResponse,
    RetryPromptPart,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel

from toolbridge import Tool, tool
from toolbridge_pydantic_ai import ToolbridgeToolset, from_pydantic_ai


@tool
def transfer(amount: int) -> str:
    """Transfer money: done by a person, elsewhere."""
    raise CallDeferred(metadata={"queue": "payments"})


@tool
def delete(path: str) -> str:
    """Delete a file: a person approves first."""
    raise ApprovalRequired(metadata={"why": "destructive"})


@tool
def weather(city: str) -> str:
    """The weather of a city."""
    if city != "Paris":
        raise ModelRetry("only Paris is known: ask for Paris")
    return "sunny"


def _transfer_pydantic(amount: int) -> str:
    """Transfer money: done by a person, elsewhere."""
    raise CallDeferred(metadata={"queue": "payments"})


def _calling(name: str, *arguments: dict[str, Any]) -> FunctionModel:
    """A model that calls `name` with each of `arguments` in turn, then says what it got."""

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        turn = sum(isinstance(message, ModelResponse) for message in messages)
        if turn < len(arguments):
            part = ToolCallPart(name, arguments[turn], tool_call_id=f"c{turn}")
            return ModelResponse(parts=[part])
        returned = [
            part.content
            for message in messages
            for part in message.parts
            if isinstance(part, ToolReturnPart)
        ]
        return ModelResponse(parts=[TextPart(f"got {returned}")])

    return FunctionModel(respond)


@pytest.mark.parametrize(
    "deferred",
    [transfer, from_pydantic_ai(PydanticTool(_transfer_pydantic, name="transfer"))],
    ids=["toolbridge", "from_pydantic_ai"],
)
def test_a_deferred_call_ends_the_run_with_its_request(deferred: Tool) -> None:
    agent = Agent(
        _calling("transfer", {"amount": 5}),
        toolsets=[ToolbridgeToolset([deferred])],
        output_type=[str, DeferredToolRequests],
    )
    paused = asyncio.run(agent.run("pay 5"))
    assert isinstance(paused.output, DeferredToolRequests)
    (call,) = paused.output.calls
    assert (call.tool_name, call.args) == ("transfer", {"amount": 5})
    assert paused.output.metadata == {"c0": {"queue": "payments"}}
    results = DeferredToolResults(calls={"c0": "paid"})
    done = asyncio.run(
        agent.run(message_history=paused.all_messages(), deferred_tool_results=results)
    )
    assert done.output == "got ['paid']"


def test_an_approval_the_tool_asks_for_ends_the_run_with_its_request() -> None:
    agent = Agent(
        _calling("delete", {"path": "a"}),
        toolsets=[ToolbridgeToolset([delete])],
        output_type=[str, DeferredToolRequests],
    )
    paused = asyncio.run(agent.run("delete a"))
    assert isinstance(paused.output, DeferredToolRequests)
    assert [call.tool_name for call in paused.output.approvals] == ["delete"]
    assert paused.output.metadata == {"c0": {"why": "destructive"}}


def test_a_model_retry_the_tool_raises_reaches_the_model_as_it_said() -> None:
    retried: list[str] = []

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        for message in messages:
            for part in message.parts:
                if isinstance(part, RetryPromptPart) or (
                    isinstance(part, ToolReturnPart) and part.outcome == "retried"
                ):
                    retried.append(str(part.content))
        turn = sum(isinstance(message, ModelResponse) for message in messages)
        if turn == 0:
            return ModelResponse(parts=[ToolCallPart("weather", {"city": "Rome"})])
        if turn == 1:
            return ModelResponse(parts=[ToolCallPart("weather", {"city": "Paris"})])
        return ModelResponse(parts=[TextPart("done")])

    agent = Agent(FunctionModel(respond), toolsets=[ToolbridgeToolset([weather])])
    assert asyncio.run(agent.run("weather?")).output == "done"
    assert retried
    assert retried[-1].startswith("only Paris is known: ask for Paris")
