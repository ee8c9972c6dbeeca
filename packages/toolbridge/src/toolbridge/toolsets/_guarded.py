"""A toolset under a policy: listing and calling both ask it, and agree.

For a call, in order: the tool must exist and be visible below; with
``Policy.on_finding="block"``, no security finding may hide it (it then fails like an
unknown tool, for every caller); the policy must not deny it (a denied tool fails
exactly like an unknown one); every rate limit must let it through (an unreachable
store of the limits refuses it, unless the policy fails open); for an ``"approve"``
tool the arguments are validated and the approval hook must say yes. Only then does
the call go on, with the policy's timeout. A call refused at any step never reaches
the tool. A later round of a call this guard admitted (MCP 2026-07-28 questions to
the user, see `toolbridge.toolsets.Continuation`) is neither counted nor asked again.
"""

from __future__ import annotations

import inspect
import logging
import warnings
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, final

from toolbridge._result import ToolResult
from toolbridge._tool import Tool
from toolbridge.errors import (
    AccessDeniedError,
    ArgumentValidationError,
    ConfigError,
    RateLimitError,
)
from toolbridge.toolsets._base import CallOptions, Toolset, unknown
from toolbridge.toolsets._continuation import Continuation, current_continuation
from toolbridge.toolsets._identity import ANONYMOUS, Identity
from toolbridge.toolsets._policy import ApprovalRequest, Policy
from toolbridge.toolsets._ratelimit import RateLimiter
from toolbridge.toolsets._trace import current_trace

if TYPE_CHECKING:
    from toolbridge.security import Finding

__all__ = ["GuardedToolset"]

_log = logging.getLogger("toolbridge.toolsets")
_TICKET_SECONDS = 3600.0
"""How long a spent continuation ticket is remembered: as long as a round's state lives."""


@final
class GuardedToolset(Toolset):
    """`inner` with `policy` enforced on every listing and call.

    Args:
        inner: The toolset to guard (its own policies still apply).
        policy: The policy.
        name: The toolset's name (`inner`'s by default).
        clock: Deprecated, and ignored: the rate limits count in wall-clock time,
            where every replica sharing their store agrees.
    """

    def __init__(
        self,
        inner: Toolset,
        policy: Policy,
        *,
        name: str | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        if not isinstance(policy, Policy):
            raise ConfigError(f"with_policy() takes a Policy, got {type(policy).__name__}")
        self.name = name or inner.name
        self.policy = policy
        self._inner = inner
        self._known: tuple[Sequence[Tool], frozenset[str]] | None = None
        self._screened: tuple[Sequence[Tool], frozenset[str], tuple[Finding, ...]] | None = None
        if clock is not None:
            warnings.warn(
                "GuardedToolset(clock=...) is ignored: rate limits count in wall-clock time",
                DeprecationWarning,
                stacklevel=3,
            )
        self._limiter = RateLimiter(
            tuple(policy.rate_limits),
            storage=policy.rate_limit_storage,
            fail_open=policy.rate_limit_fail_open,
            namespace=self.name or "",
        )

    def all_tools(self) -> Sequence[Tool]:
        return self._inner.all_tools()

    def _names(self) -> frozenset[str]:
        """The names below, policies aside (kept while the tools below are the same)."""
        tools = self._inner.all_tools()
        if self._known is None or self._known[0] is not tools:
            self._known = (tools, frozenset(tool.name for tool in tools))
        return self._known[1]

    @property
    def findings(self) -> tuple[Finding, ...]:
        """What the security scan of the tools below found, at the policy's threshold.

        Findings at its `finding_severity` or worse; none when its `on_finding` is
        ``"ignore"``.
        """
        self._unsafe()
        return () if self._screened is None else self._screened[2]

    def _unsafe(self) -> frozenset[str]:
        """The names a finding hides (scanned again when the tools below change)."""
        policy = self.policy
        if policy.on_finding == "ignore":
            return frozenset()
        tools = self._inner.all_tools()
        if self._screened is None or self._screened[0] is not tools:
            from toolbridge.security import at_least, scan

            found = tuple(
                finding
                for finding in scan(tools)
                if at_least(finding.severity, policy.finding_severity)
            )
            for finding in found:
                _log.warning(
                    "toolset %r: tool %r %s: %s %s: %s",
                    self.name,
                    finding.tool,
                    "hidden" if policy.on_finding == "block" else "flagged",
                    finding.severity,
                    finding.rule,
                    finding.why,
                )
            hidden = frozenset(f.tool for f in found) if policy.on_finding == "block" else None
            self._screened = (tools, hidden or frozenset(), found)
        return self._screened[1]

    def list_tools(self, identity: Identity = ANONYMOUS) -> list[Tool]:
        decide, unsafe = self.policy.decide, self._unsafe()
        return [
            t
            for t in self._inner.list_tools(identity)
            if t.name not in unsafe and decide(t, identity) != "deny"
        ]

    def find(self, name: str, identity: Identity = ANONYMOUS) -> Tool | None:
        found = self._inner.find(name, identity)
        if found is None or name in self._unsafe() or self.policy.decide(found, identity) == "deny":
            return None
        return found

    async def call_tool(self, name: str, arguments: Any, options: CallOptions) -> ToolResult:
        identity = options.identity
        trace = current_trace()
        tool = self._inner.find(name, identity)
        if tool is None:
            # Unknown here, or hidden by a policy below: let the layer that knows say.
            if name not in self._names():
                raise unknown(name)
            return await self._inner.call_tool(name, arguments, options)
        if name in self._unsafe():
            if trace is not None:
                trace.refuse("unsafe")
            raise unknown(name)
        effect = self.policy.decide(tool, identity)
        if effect == "deny":
            if trace is not None:
                trace.refuse("denied")
            raise unknown(name)
        continuation = current_continuation()
        if await self._admitted_before(continuation, effect):
            if effect == "approve":  # approved in an earlier round: checked, not asked
                arguments = _validated(tool, arguments)
        else:
            await self._count(name, identity)
            if effect == "approve":
                arguments = await self._approve(tool, arguments, identity)
        if effect == "approve" and trace is not None and trace.decision == "allowed":
            trace.decision = "approved"
        if continuation is not None:
            continuation.admitted.append(self.name or "")
        timeout = self.policy.timeout
        if timeout is not None and (options.timeout is None or timeout < options.timeout):
            options = replace(options, timeout=timeout)
        return await self._inner.call_tool(name, arguments, options)

    async def _admitted_before(self, continuation: Continuation | None, effect: str) -> bool:
        """Whether this request continues a call this guard admitted in an earlier round.

        Only at the same place on the call's way (see `toolbridge.toolsets.Continuation`),
        and only the first time its ticket is spent: a replayed state is a new call.
        """
        if continuation is None or continuation.ticket is None:
            return False
        if not self.policy.rate_limits and effect != "approve":
            return False  # nothing to count or ask: nothing to spend the ticket on
        place = len(continuation.admitted)
        before = continuation.before
        if place >= len(before) or before[place] != (self.name or ""):
            return False
        return await self._limiter.first_use(f"{continuation.ticket}:{place}", _TICKET_SECONDS)

    async def _count(self, name: str, identity: Identity) -> None:
        """Count the call against the rate limits; raise when one refuses it."""
        trace = current_trace()
        try:
            wait = await self._limiter.acquire_async(identity, name)
        except RateLimitError:  # the store is unreachable: refused, never unlimited
            if trace is not None:
                trace.refuse("rate_limited")
            raise
        if wait > 0.0:
            if trace is not None:
                trace.refuse("rate_limited")
            raise RateLimitError(name, "the rate limit is reached", retry_after=wait)

    async def _approve(self, tool: Tool, arguments: Any, identity: Identity) -> dict[str, Any]:
        checked = _validated(tool, arguments)
        approved = False
        hook = self.policy.approve
        if hook is not None:
            request = ApprovalRequest(
                tool=tool, arguments=dict(checked), identity=identity, toolset=self.name
            )
            try:
                answer = hook(request)
                if inspect.isawaitable(answer):
                    answer = await answer
                approved = answer is True
            except Exception:
                _log.exception("the approval hook failed for tool %r: refused", tool.name)
        if not approved:
            trace = current_trace()
            if trace is not None:
                trace.refuse("not_approved")
            raise AccessDeniedError(tool.name, "the call was not approved")
        return checked


def _validated(tool: Tool, arguments: Any) -> dict[str, Any]:
    """The arguments as `tool` validates them (what an approved call runs with)."""
    checked = tool.validate(arguments)
    if not checked.ok:
        raise ArgumentValidationError(tool.name, checked.issues)
    valid: dict[str, Any] = checked.value
    return valid
