"""A conversation's turns in each provider's shape, as a tool loop appends them.

The model's turn is appended as it came; the tool results are grouped into the
message (or items) that answers it:

- OpenAI Chat Completions: the assistant ``message`` of the first choice; then one
  ``tool`` message per call.
- OpenAI Responses: the response's ``output`` items; then one ``function_call_output``
  item per call (all of them are input items).
- Anthropic: ``{"role": "assistant", "content": [...]}``; then one ``user`` message
  holding every ``tool_result`` block (Anthropic wants them together, first).
- Gemini: the first candidate's ``content`` (role ``model``); then one ``user``
  content holding every ``functionResponse`` part.
- Bedrock Converse: ``output.message``; then one ``user`` message holding every
  ``toolResult`` block.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from toolbridge.calls._call import Provider
from toolbridge.calls._fields import plain
from toolbridge.errors import ToolCallError

__all__ = ["model_turn", "results_turn"]


def model_turn(response: object, provider: Provider) -> list[dict[str, Any]]:
    """What to append to the conversation for the model's own turn, as plain JSON.

    Raises:
        ToolCallError: `response` is not a whole response of that provider.
    """
    data = plain(response)
    if not isinstance(data, Mapping):
        raise ToolCallError(f"expected a whole {provider} response, got {type(response).__name__}")
    try:
        if provider == "openai":
            message = dict(data["choices"][0]["message"])
            return [{key: value for key, value in message.items() if value is not None}]
        if provider == "openai-responses":
            return [_without_nulls(item) for item in data["output"]]
        if provider == "anthropic":
            return [{"role": "assistant", "content": [_without_nulls(b) for b in data["content"]]}]
        if provider == "gemini":
            content = _without_nulls(data["candidates"][0]["content"])
            return [{"role": content.get("role", "model"), **content}]
        if provider == "bedrock":
            return [dict(data["output"]["message"])]
    except (KeyError, IndexError, TypeError) as error:
        raise ToolCallError(
            f"not a whole {provider} response: {type(error).__name__} {error}"
        ) from None
    raise ToolCallError(f"no conversation turns for provider {provider!r}")


def results_turn(results: Sequence[dict[str, Any]], provider: Provider) -> list[dict[str, Any]]:
    """The messages (or items) to append that carry `results`, in the provider's shape."""
    if not results:
        return []
    if provider in ("openai", "openai-responses", "mcp"):
        return list(results)
    if provider == "gemini":
        return [{"role": "user", "parts": list(results)}]
    return [{"role": "user", "content": list(results)}]


def _without_nulls(value: Any) -> Any:
    """SDK dumps spell every unset field as null; providers want them left out."""
    if isinstance(value, Mapping):
        return {key: _without_nulls(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [_without_nulls(item) for item in value]
    return value
