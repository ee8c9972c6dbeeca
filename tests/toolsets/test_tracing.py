"""OpenTelemetry spans per tool call, after the GenAI semantic conventions."""

from __future__ import annotations

import pytest
from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import StatusCode

from toolbridge import ToolNotFoundError, ToolResult, tool
from toolbridge.toolsets import Identity, Policy, PolicyRule, Registry, Toolset

exporter = InMemorySpanExporter()
provider = TracerProvider()
provider.add_span_processor(SimpleSpanProcessor(exporter))


@tool
def lookup(city: str) -> str:
    """Look up a city."""
    with provider.get_tracer("inside").start_as_current_span("database query"):
        return city.upper()


@tool
def broken() -> ToolResult:
    """Report an error."""
    return ToolResult.from_error("the backend is down")


@tool
def secret_admin() -> str:
    """Admins only."""
    return "ok"


@pytest.fixture(autouse=True)
def _fresh() -> None:
    exporter.clear()


def traced() -> Toolset:
    policy = Policy(rules=(PolicyRule(effect="deny", tools={"secret_*"}, roles={"guest"}),))
    return Registry([lookup, broken, secret_admin], name="geo").with_policy(policy).traced(provider)


def test_a_call_is_an_execute_tool_span_parenting_the_tools_own_spans() -> None:
    toolset = Registry([lookup], name="geo").traced(provider)
    assert toolset.call_sync("lookup", {"city": "oslo"}, call_id="call_42").text == "OSLO"
    inner, outer = exporter.get_finished_spans()
    assert outer.name == "execute_tool lookup"
    assert outer.kind == trace.SpanKind.INTERNAL
    assert dict(outer.attributes or {}) == {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "lookup",
        "gen_ai.tool.type": "function",
        "gen_ai.tool.call.id": "call_42",
        "gen_ai.tool.description": "Look up a city.",
        "toolbridge.toolset": "geo",
        "toolbridge.decision": "allowed",
    }
    assert outer.status.status_code == StatusCode.UNSET
    assert inner.parent is not None
    assert inner.parent.span_id == outer.context.span_id


def test_tool_errors_and_refusals_mark_the_span() -> None:
    toolset = traced()
    assert toolset.call_sync("broken").is_error
    with pytest.raises(ToolNotFoundError):
        toolset.call_sync("secret_admin", identity=Identity(roles={"guest"}))
    failed, refused = exporter.get_finished_spans()
    assert failed.attributes is not None
    assert failed.attributes["error.type"] == "tool_error"
    assert failed.status.status_code == StatusCode.ERROR
    assert refused.attributes is not None
    assert refused.attributes["error.type"] == "ToolNotFoundError"
    assert refused.attributes["toolbridge.decision"] == "denied"
    assert "gen_ai.tool.description" not in refused.attributes
    assert refused.status.description == "ToolNotFoundError"
