"""A fluent way to curate a toolset from a registry: select, exclude, guard, name, build.

    devops = (
        ToolsetBuilder.from_registry(registry)
        .with_namespaces("github", "k8s")
        .with_tags("ops")
        .excluding("delete_*")
        .with_policy(Policy(roles={"sre"}))
        .build("devops")
    )

Each step returns a new builder (the old one is unchanged, so one base can branch
into several toolsets); `build` stacks the wrappers in a fixed, safe order: select,
exclude, transform, policy (whose rules see the registry's names), prefix, audit
(which records the names callers use), trace.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, final

from toolbridge._tool import Tool
from toolbridge.toolsets._audit import AuditSink
from toolbridge.toolsets._base import Toolset
from toolbridge.toolsets._policy import Policy

__all__ = ["ToolsetBuilder"]


@final
@dataclass(frozen=True, slots=True)
class ToolsetBuilder:
    """Steps toward a toolset; see the module docstring."""

    source: Toolset
    selection: Mapping[str, Any] = field(default_factory=dict)
    predicates: tuple[Callable[[Tool], bool], ...] = ()
    exclusions: tuple[str, ...] = ()
    excluded_selection: Mapping[str, Any] = field(default_factory=dict)
    transforms: tuple[Callable[[Tool], Tool], ...] = ()
    prefix: str | None = None
    policies: tuple[Policy, ...] = ()
    audit: tuple[AuditSink, tuple[str, ...]] | None = None
    trace: bool = False
    tracer_provider: Any = None

    @classmethod
    def from_registry(cls, registry: Toolset) -> ToolsetBuilder:
        """Start from a registry (or any toolset)."""
        return cls(registry)

    def with_namespaces(self, *namespaces: str) -> ToolsetBuilder:
        """Keep tools of these namespaces (such as MCP server names)."""
        return self._select("namespaces", namespaces)

    def with_tags(self, *tags: str) -> ToolsetBuilder:
        """Keep tools having at least one of these tags."""
        return self._select("tags", tags)

    def with_categories(self, *categories: str) -> ToolsetBuilder:
        """Keep tools of these categories."""
        return self._select("categories", categories)

    def with_names(self, *names: str) -> ToolsetBuilder:
        """Keep exactly these tools, by name."""
        return self._select("names", names)

    def with_ids(self, *ids: str) -> ToolsetBuilder:
        """Keep exactly these tools, by id (``namespace/name``)."""
        return self._select("ids", ids)

    def matching(self, *globs: str) -> ToolsetBuilder:
        """Keep tools whose names match one of these globs."""
        return self._select("glob", globs)

    def read_only(self) -> ToolsetBuilder:
        """Keep read-only tools only (by their hints: trust them only from trusted sources)."""
        return replace(self, selection={**self.selection, "read_only": True})

    def not_destructive(self) -> ToolsetBuilder:
        """Keep tools that say they are not destructive (MCP's default is destructive)."""
        return replace(self, selection={**self.selection, "destructive": False})

    def where(self, predicate: Callable[[Tool], bool]) -> ToolsetBuilder:
        """Keep tools for which `predicate` is true."""
        return replace(self, predicates=(*self.predicates, predicate))

    def excluding(self, *globs: str, **selection: Any) -> ToolsetBuilder:
        """Drop tools whose names match a glob, or that match the selection."""
        return replace(
            self,
            exclusions=(*self.exclusions, *globs),
            excluded_selection={**self.excluded_selection, **selection},
        )

    def transformed(self, transform: Callable[[Tool], Tool]) -> ToolsetBuilder:
        """Pass every tool through `transform` (see `Toolset.transformed`)."""
        return replace(self, transforms=(*self.transforms, transform))

    def prefixed(self, prefix: str) -> ToolsetBuilder:
        """Name every tool ``{prefix}_{name}``."""
        return replace(self, prefix=prefix)

    def with_policy(self, policy: Policy) -> ToolsetBuilder:
        """Guard the toolset with `policy` (several policies must all allow)."""
        return replace(self, policies=(*self.policies, policy))

    def with_audit(self, sink: AuditSink, *, secrets: Iterable[str] = ()) -> ToolsetBuilder:
        """Record every call to `sink` (the registry's own `secrets` are redacted too)."""
        return replace(self, audit=(sink, tuple(secrets)))

    def traced(self, tracer_provider: Any = None) -> ToolsetBuilder:
        """An OpenTelemetry span per call."""
        return replace(self, trace=True, tracer_provider=tracer_provider)

    def _select(self, key: str, values: Iterable[str]) -> ToolsetBuilder:
        merged = (*self.selection.get(key, ()), *values)
        return replace(self, selection={**self.selection, key: merged})

    def build(self, name: str | None = None) -> Toolset:
        """The toolset, named `name`.

        Raises:
            ConfigError: A step's value is unusable (see each wrapper).
        """
        toolset = self.source
        if name is not None:
            toolset = toolset.named(name)
        if self.selection or self.predicates:
            predicates = self.predicates

            def every(tool: Tool) -> bool:
                return all(predicate(tool) for predicate in predicates)

            toolset = toolset.filtered(every if predicates else None, **self.selection)
        if self.exclusions or self.excluded_selection:
            toolset = toolset.excluding(*self.exclusions, **self.excluded_selection)
        for transform in self.transforms:
            toolset = toolset.transformed(transform)
        for policy in self.policies:
            toolset = toolset.with_policy(policy)
        if self.prefix is not None:
            toolset = toolset.prefixed(self.prefix)
        if self.audit is not None:
            sink, secrets = self.audit
            known = getattr(self.source, "secrets", ())
            toolset = toolset.with_audit(sink, secrets=(*secrets, *known))
        if self.trace:
            toolset = toolset.traced(self.tracer_provider)
        return toolset
