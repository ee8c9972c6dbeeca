"""The `Toolset` interface every collection of tools implements, and its fluent wrappers.

A toolset answers three questions, each for one caller (an `Identity`):

* `list_tools`: which tools the caller may see, under the names the caller sees;
* `find`: the tool of that exact name, if the caller may see it;
* `call_tool`: run it, after every rule of every layer agreed.

Toolsets compose as small wrappers that each implement those three by asking the
toolset they wrap (filter, prefix, rename, combine, transform, policy, audit), so
listing and calling go through the same layers and can never disagree about what a
caller may use. `all_tools` is the identity-free view a wrapper plans with (which
names exist, which collide); it is never shown to a caller.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from toolbridge._tool import Tool
from toolbridge.errors import ToolNotFoundError
from toolbridge.toolsets._identity import ANONYMOUS, Identity
from toolbridge.toolsets._trace import current_trace

if TYPE_CHECKING:
    from toolbridge._result import ToolResult
    from toolbridge.toolsets._audit import AuditSink
    from toolbridge.toolsets._policy import Policy
    from toolbridge.toolsets._selector import Selector

__all__ = ["CallOptions", "Toolset", "Wrapper"]


@dataclass(frozen=True, kw_only=True, slots=True)
class CallOptions:
    """How one call is made: by whom, for how long, under which call id."""

    identity: Identity = ANONYMOUS
    """The caller."""
    timeout: float | None = None
    """Seconds the tool may run; policies may shorten it."""
    call_id: str | None = None
    """The model's id for this tool call, if there is one (recorded and traced)."""
    views: tuple[Tool, ...] = ()
    """Definitions the arguments must also satisfy: what transformed toolsets showed."""


class Toolset(abc.ABC):
    """A collection of tools, listed and called on behalf of a caller.

    Subclass it for a new kind of source: implement `all_tools`, `list_tools`, `find`
    and `call_tool`. Everything else (the fluent wrappers, `call`, `tools`, export
    and serving) works on any toolset.
    """

    name: str | None = None
    """The toolset's name: shown in audit records, used to prefix on collisions."""

    # -- the four methods a toolset implements -------------------------------------------

    @abc.abstractmethod
    def all_tools(self) -> Sequence[Tool]:
        """Every tool this toolset can expose to anyone, policies aside (for planning)."""

    @abc.abstractmethod
    def list_tools(self, identity: Identity = ANONYMOUS) -> list[Tool]:
        """The tools `identity` may see, in a stable order."""

    @abc.abstractmethod
    def find(self, name: str, identity: Identity = ANONYMOUS) -> Tool | None:
        """The tool named exactly `name` if `identity` may see it, else ``None``."""

    @abc.abstractmethod
    async def call_tool(self, name: str, arguments: Any, options: CallOptions) -> ToolResult:
        """Run the tool named `name` for ``options.identity``.

        Raises:
            ToolNotFoundError: No such tool, or one the caller may not see (the same).
            AccessDeniedError: A policy refused this call of a tool the caller sees.
            ArgumentValidationError: The arguments do not match the input schema.
            ToolTimeoutError: The call took longer than allowed.
        """

    # -- calling ------------------------------------------------------------------------

    async def call(
        self,
        name: str,
        arguments: Any = None,
        *,
        identity: Identity | None = None,
        timeout: float | None = None,
        call_id: str | None = None,
    ) -> ToolResult:
        """Call the tool named `name` as `identity` (anonymous when not given).

        Arguments are a mapping, JSON text or ``None``; they are validated before any
        tool runs and never changed. See `call_tool` for the errors.
        """
        from toolbridge.toolsets._entry import enter

        options = CallOptions(identity=identity or ANONYMOUS, timeout=timeout, call_id=call_id)
        return await enter(self, name, arguments, options)

    def call_sync(
        self,
        name: str,
        arguments: Any = None,
        *,
        identity: Identity | None = None,
        timeout: float | None = None,
        call_id: str | None = None,
    ) -> ToolResult:
        """`call` from sync code (in a fresh event loop; not inside a running one).

        Raises:
            SyncInvocationError: An event loop is already running in this thread.
        """
        from toolbridge._runtime import run_coroutine

        return run_coroutine(
            lambda: self.call(name, arguments, identity=identity, timeout=timeout, call_id=call_id),
            timeout=None,
            tool_name=name,
        )

    def get(self, name: str, identity: Identity | None = None) -> Tool:
        """The tool named `name` as `identity` sees it.

        Raises:
            ToolNotFoundError: No such tool, or one `identity` may not see.
        """
        found = self.find(name, identity or ANONYMOUS)
        if found is None:
            raise ToolNotFoundError(name)
        return found

    def tools(self, identity: Identity | None = None) -> list[Tool]:
        """The tools `identity` may see, each calling through this toolset as `identity`.

        Hand these to a framework or a provider format: every call they make passes
        this toolset's policies and audit, exactly like `call`.
        """
        from toolbridge.toolsets._bound import bind

        caller = identity or ANONYMOUS
        return [bind(self, tool, caller) for tool in self.list_tools(caller)]

    def to(self, target: str, identity: Identity | None = None, **options: Any) -> Any:
        """Export the tools `identity` may use to a format or plugin target.

        ``toolset.to("openai", identity)`` is ``toolbridge.to("openai", toolset.tools(identity))``.
        """
        from toolbridge import to

        return to(target, self.tools(identity), **options)

    def listing(self, identity: Identity | None = None) -> dict[str, Any]:
        """The MCP ``tools/list`` result for `identity`: ``{"tools": [...]}``."""
        from toolbridge.formats import to_mcp

        return {"tools": [to_mcp(tool) for tool in self.list_tools(identity or ANONYMOUS)]}

    # -- composing: each returns a new toolset wrapping this one -------------------------

    def filtered(
        self, predicate: Callable[[Tool], bool] | None = None, **selection: Any
    ) -> Toolset:
        """Only the tools matching `predicate` and every `Selector` field given.

        ``toolset.filtered(namespaces=["github"], read_only=True)``
        """
        from toolbridge.toolsets._filtered import FilteredToolset
        from toolbridge.toolsets._selector import Selector

        return FilteredToolset(self, Selector.of(predicate, **selection))

    def excluding(self, *patterns: str, **selection: Any) -> Toolset:
        """All tools but those whose name matches a glob in `patterns` or the selection.

        ``toolset.excluding("delete_*", destructive=True)``
        """
        from toolbridge.toolsets._filtered import FilteredToolset
        from toolbridge.toolsets._selector import Selector

        excluded: Selector = Selector.of(None, glob=patterns or None, **selection, any_of=True)
        return FilteredToolset(self, excluded.negated())

    def prefixed(self, prefix: str, *, separator: str = "_") -> Toolset:
        """Every tool renamed ``{prefix}{separator}{name}``; calls reach the original."""
        from toolbridge.toolsets._prefixed import PrefixedToolset

        return PrefixedToolset(self, prefix, separator=separator)

    def renamed(self, names: Mapping[str, str]) -> Toolset:
        """Tools renamed by ``{new name: current name}``; calls reach the original."""
        from toolbridge.toolsets._renamed import RenamedToolset

        return RenamedToolset(self, names)

    def transformed(self, transform: Callable[[Tool], Tool]) -> Toolset:
        """Every tool passed through `transform` (which keeps its name), e.g. a schema fix."""
        from toolbridge.toolsets._transformed import TransformedToolset

        return TransformedToolset(self, transform)

    def with_policy(
        self, policy: Policy, *, name: str | None = None, clock: Callable[[], float] | None = None
    ) -> Toolset:
        """This toolset under `policy` (and any policies it already has)."""
        from toolbridge.toolsets._guarded import GuardedToolset

        return GuardedToolset(self, policy, name=name, clock=clock)

    def with_audit(self, sink: AuditSink, *, secrets: Iterable[str] = ()) -> Toolset:
        """Every call through the result recorded to `sink`, `secrets` never written."""
        from toolbridge.toolsets._audited import AuditedToolset

        return AuditedToolset(self, sink, secrets=secrets)

    def traced(self, tracer_provider: Any = None) -> Toolset:
        """An OpenTelemetry span per call (GenAI conventions); needs ``toolbridge[otel]``."""
        from toolbridge.toolsets._traced import TracedToolset

        return TracedToolset(self, tracer_provider=tracer_provider)

    def named(self, name: str) -> Toolset:
        """The same tools under a toolset name (for audit records and collisions)."""
        from toolbridge.toolsets._renamed import NamedToolset

        return NamedToolset(self, name)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name or ''} ({len(self.all_tools())} tools)>"


class Wrapper(Toolset):
    """A toolset that shows `inner`'s tools as they are and adds behaviour to calls.

    Subclasses (audit, tracing, a name) override only what they change.
    """

    def __init__(self, inner: Toolset) -> None:
        self.name = inner.name
        self._inner = inner

    def all_tools(self) -> Sequence[Tool]:
        return self._inner.all_tools()

    def list_tools(self, identity: Identity = ANONYMOUS) -> list[Tool]:
        return self._inner.list_tools(identity)

    def find(self, name: str, identity: Identity = ANONYMOUS) -> Tool | None:
        return self._inner.find(name, identity)

    async def call_tool(self, name: str, arguments: Any, options: CallOptions) -> ToolResult:
        return await self._inner.call_tool(name, arguments, options)


def unknown(name: str) -> ToolNotFoundError:
    """The error for a name that names no tool here, noted on the current trace."""
    trace = current_trace()
    if trace is not None:
        trace.refuse("unknown")
    return ToolNotFoundError(name)


Collision = Literal["error", "prefix", "first"]
"""How `combine` treats two tools of one name: refuse, prefix both, or keep the first."""
