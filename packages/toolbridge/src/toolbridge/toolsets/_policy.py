"""Access policies: who may see and call which tools of a toolset, and on what terms.

A `Policy` decides, for one tool and one caller, one of three effects:

* ``"allow"``: the tool is listed and may be called;
* ``"approve"``: the tool is listed; each call first asks the policy's approval hook
  (no hook means every call is refused);
* ``"deny"``: the tool is not listed, and calling it fails exactly as calling a tool
  that does not exist.

The decision is made in order: the caller's tenant must be in `Policy.tenants` and
hold one of `Policy.roles` (when those are set), then the first `PolicyRule` that
matches (a rule with `PolicyRule.scopes` only for a caller whose token grants them
all) decides, and `Policy.default` decides when none does (``"deny"`` for a
deny-by-default policy). Policies are data: frozen, comparable, safe to share
between toolsets.
"""

from __future__ import annotations

import fnmatch
import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any, Final, Literal, final

from toolbridge._tool import Tool
from toolbridge.errors import ConfigError
from toolbridge.toolsets._identity import Identity
from toolbridge.toolsets._ratelimit import RateLimit, check_storage

__all__ = ["ApprovalHook", "ApprovalRequest", "Effect", "Policy", "PolicyRule"]

Effect = Literal["allow", "approve", "deny"]
"""What a policy decides for one tool and one caller."""

_EFFECTS: Final = ("allow", "approve", "deny")
_log = logging.getLogger("toolbridge.toolsets")


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class ApprovalRequest:
    """One call waiting for approval: what the approval hook decides on."""

    tool: Tool
    """The tool as the caller sees it."""
    arguments: Mapping[str, Any]
    """The validated arguments (a copy: changing it changes nothing)."""
    identity: Identity
    """Who is calling."""
    toolset: str | None
    """The name of the toolset whose policy asks."""


ApprovalHook = Callable[[ApprovalRequest], "bool | Awaitable[bool]"]
"""Decides one call: true lets it run. May be sync or async; an exception refuses."""


def _names(value: object, field_name: str) -> frozenset[str]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise ConfigError(f"{field_name} must be a list of strings, not {type(value).__name__}")
    items = frozenset(value)
    if not all(isinstance(item, str) for item in items):
        raise ConfigError(f"{field_name} must contain only strings")
    return items


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class PolicyRule:
    """One rule of a policy: an effect for the tools and callers it matches.

    (Not `toolbridge.security.Rule`, which is a rule of the tool-poisoning scan.)
    Every condition that is set must hold; a rule with none matches everything.
    Tool names and globs are matched case-sensitively against the name the caller
    sees, with no normalisation, so a look-alike name is a different name.
    """

    effect: Effect
    """What the rule decides when it matches."""

    tools: AbstractSet[str] = frozenset()
    """Glob patterns (``fnmatch``, case-sensitive) on the tool name; any may match.

    ``[`` opens a character class: bracket it (``"a[[]1]"``) to match it literally.
    """

    namespaces: AbstractSet[str] = frozenset()
    """The tool's namespace is one of these."""

    tags: AbstractSet[str] = frozenset()
    """The tool has at least one of these tags."""

    read_only: bool | None = None
    """The tool's read-only hint (MCP default: false) equals this."""

    destructive: bool | None = None
    """The tool's destructive hint (MCP default: true unless read-only) equals this."""

    open_world: bool | None = None
    """The tool's open-world hint (MCP default: true) equals this."""

    tenants: AbstractSet[str] = frozenset()
    """The caller's tenant is one of these."""

    roles: AbstractSet[str] = frozenset()
    """The caller holds at least one of these roles."""

    scopes: AbstractSet[str] = frozenset()
    """The caller's access token grants every one of these scopes (`Identity.scopes`)."""

    when: Callable[[Tool, Identity], bool] | None = None
    """Any further condition, on the tool and the caller."""

    def __post_init__(self) -> None:
        if self.effect not in _EFFECTS:
            raise ConfigError(f"PolicyRule.effect must be one of {', '.join(_EFFECTS)}")
        for name in ("tools", "namespaces", "tags", "tenants", "roles", "scopes"):
            object.__setattr__(self, name, _names(getattr(self, name), f"PolicyRule.{name}"))
        for name in ("read_only", "destructive", "open_world"):
            value: object = getattr(self, name)
            if value is not None and not isinstance(value, bool):
                raise ConfigError(f"PolicyRule.{name} must be true, false or null")

    def matches(self, tool: Tool, identity: Identity) -> bool:
        """Whether the rule applies to calls of `tool` by `identity`."""
        hints = tool.annotations
        return (
            (not self.tools or any(fnmatch.fnmatchcase(tool.name, p) for p in self.tools))
            and (not self.namespaces or tool.namespace in self.namespaces)
            and (not self.tags or not self.tags.isdisjoint(tool.tags))
            and (self.read_only is None or hints.is_read_only == self.read_only)
            and (self.destructive is None or hints.is_destructive == self.destructive)
            and (self.open_world is None or hints.is_open_world == self.open_world)
            and (not self.tenants or identity.tenant in self.tenants)
            and (not self.roles or not self.roles.isdisjoint(identity.roles))
            and self.scopes <= identity.scopes
            and (self.when is None or bool(self.when(tool, identity)))
        )


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class Policy:
    """Who may list and call a toolset's tools, how often, and for how long."""

    tenants: AbstractSet[str] | None = None
    """Only callers of these tenants see any tool; ``None`` for any tenant."""

    roles: AbstractSet[str] | None = None
    """Only callers holding one of these roles see any tool; ``None`` for any caller."""

    rules: Sequence[PolicyRule] = ()
    """The rules, in order: the first that matches decides."""

    default: Literal["allow", "deny"] = "allow"
    """The effect when no rule matches; ``"deny"`` makes the policy deny-by-default."""

    approve: ApprovalHook | None = None
    """Asked before each call of a tool a rule marks ``"approve"``; none refuses them."""

    rate_limits: Sequence[RateLimit] = ()
    """Limits every call must pass; a refused call never runs the tool."""

    rate_limit_storage: str = field(default="memory://", repr=False)
    """Where the limits count calls: ``memory://`` (each guarded toolset alone), or
    ``redis://[:password@]host:port/db`` (also ``rediss://``, ``redis+unix://``, and
    ``valkey://`` ...) shared by every replica. Left out of the repr: it may hold a
    password."""

    rate_limit_fail_open: bool = False
    """When the store cannot be reached, let calls through with a logged warning;
    by default they are refused with a `RateLimitError` (fail closed)."""

    timeout: float | None = None
    """The longest a call may run, in seconds (the caller's own timeout may be shorter)."""

    on_finding: Literal["ignore", "warn", "block"] = "ignore"
    """What a security finding (`toolbridge.security.scan` of the tools below, at
    `finding_severity` or worse) does: nothing, a logged warning, or the tool is
    hidden from every caller, listing and calling alike, as if it did not exist."""

    finding_severity: Literal["low", "medium", "high", "critical"] = "medium"
    """The least severity of a finding that acts."""

    def __post_init__(self) -> None:
        for name in ("tenants", "roles"):
            value: object = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, _names(value, f"Policy.{name}"))
        rules: object = self.rules
        if not isinstance(rules, Iterable) or not all(isinstance(r, PolicyRule) for r in rules):
            raise ConfigError("Policy.rules must be a list of PolicyRule")
        object.__setattr__(self, "rules", tuple(rules))
        limits: object = self.rate_limits
        if not isinstance(limits, Iterable) or not all(isinstance(r, RateLimit) for r in limits):
            raise ConfigError("Policy.rate_limits must be a list of RateLimit")
        object.__setattr__(self, "rate_limits", tuple(limits))
        check_storage(self.rate_limit_storage, "Policy.rate_limit_storage")
        if not isinstance(self.rate_limit_fail_open, bool):
            raise ConfigError("Policy.rate_limit_fail_open must be true or false")
        if self.default not in ("allow", "deny"):
            raise ConfigError("Policy.default must be 'allow' or 'deny'")
        if self.on_finding not in ("ignore", "warn", "block"):
            raise ConfigError("Policy.on_finding must be 'ignore', 'warn' or 'block'")
        if self.finding_severity not in ("low", "medium", "high", "critical"):
            raise ConfigError("Policy.finding_severity must be low, medium, high or critical")
        timeout: object = self.timeout
        if timeout is not None and (
            isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0
        ):
            raise ConfigError(f"Policy.timeout must be a positive number, got {timeout!r}")

    def decide(self, tool: Tool, identity: Identity) -> Effect:
        """The effect of this policy for `identity` calling `tool`."""
        if self.tenants is not None and identity.tenant not in self.tenants:
            return "deny"
        if self.roles is not None and self.roles.isdisjoint(identity.roles):
            return "deny"
        for rule in self.rules:
            try:
                matched = rule.matches(tool, identity)
            except Exception:
                # A condition that fails decides nothing in the caller's favour.
                _log.exception("a policy rule's condition failed for tool %r: denied", tool.name)
                return "deny"
            if matched:
                return rule.effect
        return self.default
