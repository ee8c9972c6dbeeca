"""OpenTelemetry spans per tool call, after the GenAI semantic conventions.

Each call through a traced toolset is an ``execute_tool {name}`` span (kind
``INTERNAL``) with ``gen_ai.operation.name``, ``gen_ai.tool.name``,
``gen_ai.tool.type``, ``gen_ai.tool.description`` and ``gen_ai.tool.call.id``; a call
that fails or is refused sets ``error.type`` and the span's status to error (a round
of questions to the user is no failure: ``toolbridge.outcome`` says it). The span
is current while the tool runs, so spans the tool makes (an HTTP client, an MCP
session) are its children. Arguments and results are not recorded: they may hold
personal data. Needs only ``opentelemetry-api`` (``pip install 'toolbridge[otel]'``);
without an SDK configured the spans cost next to nothing.
"""

from __future__ import annotations

from typing import Any, final

from toolbridge._context import InputRequired
from toolbridge._result import ToolResult
from toolbridge.toolsets._audited import outcome_of
from toolbridge.toolsets._base import CallOptions, Toolset, Wrapper
from toolbridge.toolsets._trace import tracing

__all__ = ["TracedToolset"]


def _trace_api() -> Any:
    try:
        from opentelemetry import trace
    except ImportError:  # pragma: no cover - the extra is installed in the tests
        from toolbridge.errors import ConfigError

        raise ConfigError("tracing needs OpenTelemetry: pip install 'toolbridge[otel]'") from None
    return trace


@final
class TracedToolset(Wrapper):
    """`inner` with an OpenTelemetry span around every call.

    Args:
        inner: The toolset to trace.
        tracer_provider: The provider to get the tracer from (the global one by default).
    """

    def __init__(self, inner: Toolset, *, tracer_provider: Any = None) -> None:
        trace = _trace_api()
        from toolbridge import __version__

        super().__init__(inner)
        self._trace = trace
        self._tracer = trace.get_tracer("toolbridge", __version__, tracer_provider=tracer_provider)

    async def call_tool(self, name: str, arguments: Any, options: CallOptions) -> ToolResult:
        attributes: dict[str, str] = {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": name,
            "gen_ai.tool.type": "function",
        }
        if options.call_id is not None:
            attributes["gen_ai.tool.call.id"] = options.call_id
        found = self._inner.find(name, options.identity)
        if found is not None and found.description:
            attributes["gen_ai.tool.description"] = found.description
        if self.name:
            attributes["toolbridge.toolset"] = self.name
        with (
            tracing() as call_trace,
            self._tracer.start_as_current_span(
                f"execute_tool {name}",
                kind=self._trace.SpanKind.INTERNAL,
                attributes=attributes,
                record_exception=False,
                set_status_on_exception=False,
            ) as span,
        ):
            try:
                result = await self._inner.call_tool(name, arguments, options)
            except InputRequired:  # a round of questions, no failure: no error status
                span.set_attribute("toolbridge.decision", call_trace.decision)
                span.set_attribute("toolbridge.outcome", "input_required")
                raise
            except BaseException as error:
                span.set_attribute("error.type", type(error).__name__)
                span.set_attribute("toolbridge.decision", call_trace.decision)
                # The type only: a message may quote arguments.
                span.set_status(
                    self._trace.Status(self._trace.StatusCode.ERROR, type(error).__name__)
                )
                raise
            span.set_attribute("toolbridge.decision", call_trace.decision)
            if outcome_of(result, None) == "tool_error":
                span.set_attribute("error.type", "tool_error")
                span.set_status(self._trace.Status(self._trace.StatusCode.ERROR, "tool error"))
            return result
