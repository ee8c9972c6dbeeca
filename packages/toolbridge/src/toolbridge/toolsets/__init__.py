"""Toolsets: curated, composable collections of tools with policies and an audit log.

A `Registry` holds every tool a host has (functions, MCP servers, framework objects,
provider JSON, OpenAPI). A `Toolset` is a view of it for some purpose, built from
small wrappers (`filtered`, `excluding`, `prefixed`, `renamed`, `transformed`,
`combine`), guarded by a `Policy` (tenants, roles, rules on tool hints, approval,
rate limits, a timeout), recorded by an audit sink, and traced with OpenTelemetry.
Listing and calling pass the same layers for the same `Identity`, so a caller can
never call a tool it cannot see, and a tool it cannot see looks like no tool at all.
"""

from toolbridge.toolsets._audit import (
    AuditRecord,
    AuditSink,
    LoggingSink,
    MemorySink,
    Outcome,
    Redactor,
)
from toolbridge.toolsets._audited import AuditedToolset
from toolbridge.toolsets._base import CallOptions, Collision, Toolset, Wrapper
from toolbridge.toolsets._combined import CombinedToolset, NameCollision, combine
from toolbridge.toolsets._continuation import Continuation, continuing, current_continuation
from toolbridge.toolsets._definition import ToolsetDefinition, read_definition
from toolbridge.toolsets._filtered import FilteredToolset
from toolbridge.toolsets._guarded import GuardedToolset
from toolbridge.toolsets._identity import (
    ANONYMOUS,
    Identify,
    Identity,
    current_identity,
    identifier,
    identity_context,
)
from toolbridge.toolsets._jsonlines import JsonLinesSink
from toolbridge.toolsets._policy import ApprovalHook, ApprovalRequest, Effect, Policy, PolicyRule
from toolbridge.toolsets._prefixed import PrefixedToolset
from toolbridge.toolsets._ratelimit import RateLimit, RateLimiter, Scope, Window
from toolbridge.toolsets._registry import Registry
from toolbridge.toolsets._renamed import NamedToolset, RenamedToolset
from toolbridge.toolsets._selector import Selector
from toolbridge.toolsets._static import StaticToolset
from toolbridge.toolsets._trace import Decision
from toolbridge.toolsets._transformed import TransformedToolset

__all__ = [
    "ANONYMOUS",
    "ApprovalHook",
    "ApprovalRequest",
    "AuditRecord",
    "AuditSink",
    "AuditedToolset",
    "CallOptions",
    "Collision",
    "CombinedToolset",
    "Continuation",
    "Decision",
    "Effect",
    "FilteredToolset",
    "GuardedToolset",
    "Identify",
    "Identity",
    "JsonLinesSink",
    "LoggingSink",
    "MemorySink",
    "NameCollision",
    "NamedToolset",
    "Outcome",
    "Policy",
    "PolicyRule",
    "PrefixedToolset",
    "RateLimit",
    "RateLimiter",
    "Redactor",
    "Registry",
    "RenamedToolset",
    "Scope",
    "Selector",
    "StaticToolset",
    "Toolset",
    "ToolsetDefinition",
    "TransformedToolset",
    "Window",
    "Wrapper",
    "combine",
    "continuing",
    "current_continuation",
    "current_identity",
    "identifier",
    "identity_context",
    "read_definition",
]
