"""The canonical tool call: what a model asked to run, whichever provider it came from."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal, Protocol, TypeAlias, final

from toolbridge._json import FrozenDict, freeze
from toolbridge.errors import JsonPath, SchemaTooDeepError, ToolCallError

__all__ = ["PAIRED_BY_ID", "PROVIDERS", "TITLES", "CallRestorer", "Provider", "ToolCall"]

Provider: TypeAlias = Literal["openai", "openai-responses", "anthropic", "gemini", "bedrock", "mcp"]
"""A wire format tool calls are read from and results are shaped for.

``openai`` is Chat Completions, ``openai-responses`` the Responses API, ``bedrock``
the Converse API, ``mcp`` a ``tools/call`` request.
"""

PROVIDERS: Final[tuple[Provider, ...]] = (
    "anthropic",
    "bedrock",
    "gemini",
    "mcp",
    "openai",
    "openai-responses",
)
"""Every `Provider`, sorted."""

TITLES: Final[dict[str, str]] = {
    "openai": "OpenAI Chat Completions",
    "openai-responses": "OpenAI Responses",
    "anthropic": "Anthropic",
    "gemini": "Gemini",
    "bedrock": "Bedrock Converse",
    "mcp": "MCP",
}
"""Each provider's name in messages."""

PAIRED_BY_ID: Final = frozenset({"openai", "openai-responses", "anthropic", "bedrock"})
"""The providers whose results name the call they answer by its id: a call of theirs
without one can never be answered (Gemini pairs by name and order, MCP by request)."""


def _not_json(path: JsonPath) -> Any:
    def error(message: str, inner: JsonPath) -> Exception:
        return ToolCallError(f"arguments are not JSON: {message}", path=(*path, *inner))

    return error


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class ToolCall:
    """One tool call a model made, read from a provider's message.

    The arguments are always a frozen JSON object, whatever the provider sent (a
    JSON string for OpenAI, an object elsewhere).
    """

    id: str | None
    """The provider's id for the call, used to pair the result with it.

    ``None`` where the provider sent none (older Gemini models, a bare MCP
    ``tools/call`` params object).
    """
    name: str
    """The name of the tool to run."""
    arguments: Mapping[str, Any] = field(default_factory=FrozenDict)
    """The arguments, a frozen JSON object (``{}`` when none were sent)."""
    provider: Provider
    """The wire format the call was read from; results go back in the same one."""

    def __post_init__(self) -> None:
        name: object = self.name
        call_id: object = self.id
        arguments: object = self.arguments
        if not isinstance(name, str) or not name:
            raise ToolCallError("a tool call needs a non-empty name", raw=name)
        if call_id is not None and not isinstance(call_id, str):
            raise ToolCallError("a tool call id must be a string", raw=call_id)
        if self.provider not in PROVIDERS:
            raise ToolCallError(f"unknown provider {self.provider!r}")
        if not isinstance(arguments, Mapping):
            raise ToolCallError("tool call arguments must be a JSON object", raw=self.arguments)
        if type(self.arguments) is not FrozenDict:
            try:
                frozen = freeze(self.arguments, error=_not_json(()))
            except SchemaTooDeepError as error:
                raise ToolCallError(f"arguments {error}") from error
            object.__setattr__(self, "arguments", frozen)


class CallRestorer(Protocol):
    """Maps a call as the model made it back to the tool's own name and meaning.

    `toolbridge.formats.Conversion` is one: the conversion that produced the tools
    the model saw knows their exposed names and how their arguments were changed.
    """

    def restore_call(self, call: ToolCall, /) -> ToolCall:
        """The call with the original tool name and normalised arguments."""
        ...
