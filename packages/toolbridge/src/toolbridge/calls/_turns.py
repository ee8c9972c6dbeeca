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

A response in which the model said nothing (no choices, no candidates, a candidate
blocked before any content) adds no turn, as it holds no calls.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from toolbridge._call import PROVIDERS, TITLES, Provider
from toolbridge.calls._fields import items, mapping, plain, raw_text, shown
from toolbridge.calls._parse import refuse_foreign
from toolbridge.errors import ConversionError, ToolCallError

__all__ = ["model_turn", "results_turn"]


def model_turn(response: object, provider: Provider) -> list[dict[str, Any]]:
    """What to append to the conversation for the model's own turn, as plain JSON.

    ``[]`` when the model said nothing (no choices or candidates, a blocked candidate).

    Raises:
        ToolCallError: `response` is not a whole response of that provider (another
            provider's shape is named), or `provider` has no conversation turns.
    """
    turn = _TURNS.get(provider) if provider in PROVIDERS else None  # even unhashable
    if turn is None:
        raise ToolCallError(f"no conversation turns for provider {shown(provider)}")
    title = TITLES[provider]
    try:
        data = plain(response)
        if not isinstance(data, Mapping):
            raise ToolCallError(
                f"expected a whole {title} response, got {type(data).__name__}",
                raw=raw_text(data),
            )
        refuse_foreign(data, provider, ())
        key = _WHOLE[provider]
        if key not in data:
            raise ToolCallError(
                f"not a whole {title} response: it has no {key!r}", raw=raw_text(data)
            )
        return turn(data)
    except RecursionError:
        raise ToolCallError(f"the {title} response nests too deeply to read") from None


def results_turn(results: Sequence[dict[str, Any]], provider: Provider) -> list[dict[str, Any]]:
    """The messages (or items) to append that carry `results`, in the provider's shape.

    Raises:
        ConversionError: `provider` is unknown.
    """
    if provider not in PROVIDERS:
        raise ConversionError(
            f"unknown provider {shown(provider)}; expected one of {list(PROVIDERS)}"
        )
    if not results:
        return []
    if provider in ("openai", "openai-responses", "mcp"):
        return list(results)
    if provider == "gemini":
        return [{"role": "user", "parts": list(results)}]
    return [{"role": "user", "content": list(results)}]


# -- one model turn per provider ------------------------------------------------------


def _openai(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    choices = items(data["choices"], ("choices",), "choices")
    if not choices:
        return []
    choice = mapping(choices[0], ("choices", 0), "a choice")
    message = mapping(choice.get("message"), ("choices", 0, "message"), "a message")
    return [{key: value for key, value in message.items() if value is not None}]


def _responses(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    output = items(data["output"], ("output",), "output")
    return [
        _without_nulls(mapping(item, ("output", index), "an output item"))
        for index, item in enumerate(output)
    ]


def _anthropic(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    content = plain(data["content"], ("content",))
    if isinstance(content, str):
        return [{"role": "assistant", "content": content}]
    blocks = items(content, ("content",), "content")
    return [
        {
            "role": "assistant",
            "content": [
                _without_nulls(mapping(block, ("content", index), "a content block"))
                for index, block in enumerate(blocks)
            ],
        }
    ]


def _gemini(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    candidates = items(data["candidates"], ("candidates",), "candidates")
    if not candidates:
        return []
    candidate = mapping(candidates[0], ("candidates", 0), "a candidate")
    if candidate.get("content") is None:  # blocked, or stopped before any part
        return []
    content = _without_nulls(mapping(candidate["content"], ("candidates", 0, "content"), "content"))
    return [{"role": content.get("role", "model"), **content}]


def _bedrock(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    output = mapping(data["output"], ("output",), "output")
    return [dict(mapping(output.get("message"), ("output", "message"), "message"))]


_TURNS: Final[dict[str, Callable[[Mapping[str, Any]], list[dict[str, Any]]]]] = {
    "openai": _openai,
    "openai-responses": _responses,
    "anthropic": _anthropic,
    "gemini": _gemini,
    "bedrock": _bedrock,
}

_WHOLE: Final = {
    "openai": "choices",
    "openai-responses": "output",
    "anthropic": "content",
    "gemini": "candidates",
    "bedrock": "output",
}
"""The key every whole response of the provider has."""


def _without_nulls(value: Any) -> Any:
    """SDK dumps spell every unset field as null; providers want them left out."""
    if isinstance(value, Mapping):
        return {key: _without_nulls(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [_without_nulls(item) for item in value]
    return value
