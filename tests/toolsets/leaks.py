"""The no-leak properties' world: confusable tools, policies as data, and an oracle.

Shared by `test_properties` (the Python API, the MCP and REST servers in-process) and
`tests/mcp/test_replica_properties` (two stateless replicas): random policy specs and
callers (hypothesis strategies), the tools they are applied to, and an independent
oracle saying what each caller may list and call. The oracle shares no code with the
policy it checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from toolbridge import Tool, ToolAnnotations, ToolResult
from toolbridge.toolsets import (
    ApprovalRequest,
    Identity,
    Policy,
    PolicyRule,
    StaticToolset,
    Toolset,
)

# -- the tools: names chosen to be confused ------------------------------------------------

NAMES = (
    "delete",
    "Delete",
    "delete ",
    "d\u0435lete",  # with a Cyrillic small ie
    "read",
    "prod_read",
    "prod_prod_read",
    "\uff32\uff25\uff21\uff24",  # fullwidth READ: NFKC would fold it to "READ"
    "admin.reset",
)
HINTS = {
    "delete": ToolAnnotations(destructive=True),
    "Delete": ToolAnnotations(destructive=True),
    "read": ToolAnnotations(read_only=True),
    "prod_read": ToolAnnotations(read_only=True),
    "admin.reset": ToolAnnotations(destructive=True, open_world=False),
}
TAGS = {"read": {"safe"}, "prod_read": {"safe", "prod"}, "admin.reset": {"admin"}}

invoked: list[str] = []


class _Record:
    """Notes which tool ran; nothing else."""

    def __init__(self, name: str) -> None:
        self.name = name

    def call(self, arguments: dict[str, Any], timeout: float | None) -> ToolResult:
        invoked.append(self.name)
        return ToolResult.from_text(f"ran {self.name}")

    async def acall(self, arguments: dict[str, Any], timeout: float | None) -> ToolResult:
        return self.call(arguments, timeout)


UNIVERSE = tuple(
    Tool(
        name=name,
        description=f"Tool {name!r}.",
        annotations=HINTS.get(name, ToolAnnotations()),
        tags=frozenset(TAGS.get(name, ())),
        invoker=_Record(name),
    )
    for name in NAMES
)

# -- policies and callers as plain data, with an oracle that reads them directly -----------

TENANTS = ("acme", "globex", "initech")
ROLES = ("sre", "dev", "admin")
GLOBS = ("delete", "Delete", "d*", "*read", "prod_*", "admin.*", "*", "?ead", "DELETE")


@dataclass(frozen=True)
class RuleSpec:
    effect: str
    globs: frozenset[str]
    tags: frozenset[str]
    destructive: bool | None
    read_only: bool | None
    tenants: frozenset[str]
    roles: frozenset[str]


@dataclass(frozen=True)
class PolicySpec:
    tenants: frozenset[str] | None
    roles: frozenset[str] | None
    rules: tuple[RuleSpec, ...]
    default: str
    approve_all: bool
    prefix: str | None


def subsets(items: Sequence[str]) -> st.SearchStrategy[frozenset[str]]:
    return st.frozensets(st.sampled_from(items), max_size=len(items))


rule_specs = st.builds(
    RuleSpec,
    effect=st.sampled_from(("allow", "deny", "approve")),
    # The first two in sorted order: set order follows the hash seed, and a
    # derandomized run must draw the same specs in every process.
    globs=subsets(GLOBS).map(lambda s: frozenset(sorted(s)[:2])),
    tags=subsets(("safe", "prod", "admin")),
    destructive=st.none() | st.booleans(),
    read_only=st.none() | st.booleans(),
    tenants=subsets(TENANTS),
    roles=subsets(ROLES),
)
policy_specs = st.builds(
    PolicySpec,
    tenants=st.none() | subsets(TENANTS),
    roles=st.none() | subsets(ROLES),
    rules=st.lists(rule_specs, max_size=4).map(tuple),
    default=st.sampled_from(("allow", "deny")),
    approve_all=st.booleans(),
    prefix=st.none() | st.sampled_from(("prod", "p")),
)
identities = st.builds(
    Identity,
    subject=st.none() | st.sampled_from(("ann", "bob")),
    tenant=st.none() | st.sampled_from((*TENANTS, "ACME", "acme ")),
    roles=subsets((*ROLES, "SRE", "root")),
)


def _glob(pattern: str, name: str) -> bool:
    """fnmatch, case-sensitive, written out: the oracle shares no code with the policy."""
    if not pattern:
        return not name
    head, rest = pattern[0], pattern[1:]
    if head == "*":
        return any(_glob(rest, name[i:]) for i in range(len(name) + 1))
    if not name:
        return False
    return (head == "?" or head == name[0]) and _glob(rest, name[1:])


def oracle(spec: PolicySpec, tool: Tool, caller: Identity) -> str:
    """The effect the policy spec gives `tool` for `caller`."""
    if spec.tenants is not None and caller.tenant not in spec.tenants:
        return "deny"
    if spec.roles is not None and not spec.roles & caller.roles:
        return "deny"
    read_only = tool.annotations.read_only is True
    destructive = not read_only and tool.annotations.destructive is not False
    for rule in spec.rules:
        if rule.globs and not any(_glob(g, tool.name) for g in rule.globs):
            continue
        if rule.tags and not rule.tags & tool.tags:
            continue
        if rule.destructive is not None and rule.destructive != destructive:
            continue
        if rule.read_only is not None and rule.read_only != read_only:
            continue
        if rule.tenants and caller.tenant not in rule.tenants:
            continue
        if rule.roles and not rule.roles & caller.roles:
            continue
        return rule.effect
    return spec.default


def build(spec: PolicySpec) -> Toolset:
    def approve(request: ApprovalRequest) -> bool:
        return spec.approve_all

    policy = Policy(
        tenants=spec.tenants,
        roles=spec.roles,
        rules=tuple(
            PolicyRule(
                effect=rule.effect,  # type: ignore[arg-type]
                tools=rule.globs,
                tags=rule.tags,
                destructive=rule.destructive,
                read_only=rule.read_only,
                tenants=rule.tenants,
                roles=rule.roles,
            )
            for rule in spec.rules
        ),
        default=spec.default,  # type: ignore[arg-type]
        approve=approve,
    )
    toolset: Toolset = StaticToolset(UNIVERSE, name="universe").with_policy(policy)
    if spec.prefix:
        toolset = toolset.prefixed(spec.prefix)
    return toolset


def expected(spec: PolicySpec, caller: Identity) -> tuple[dict[str, str], dict[str, str]]:
    """Exposed name -> source name, for the listed tools and for the callable ones."""
    head = f"{spec.prefix}_" if spec.prefix else ""
    listed: dict[str, str] = {}
    callable_: dict[str, str] = {}
    for tool in UNIVERSE:
        effect = oracle(spec, tool, caller)
        if effect != "deny":
            listed[head + tool.name] = tool.name
        if effect == "allow" or (effect == "approve" and spec.approve_all):
            callable_[head + tool.name] = tool.name
    return listed, callable_


def attempts(spec: PolicySpec) -> list[str]:
    """Every exposed name and a spread of variants of each."""
    head = f"{spec.prefix}_" if spec.prefix else ""
    names: list[str] = []
    for name in NAMES:
        exposed = head + name
        names += [exposed, exposed.upper(), exposed + " ", " " + exposed]
    names += [f"{head}{head}read", "read" if head else "prod_read", head, "", "\x00read"]
    return list(dict.fromkeys(names))


def derandomized(examples: int) -> settings:
    """Hypothesis settings for a property run: `examples` examples, the same each run."""
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
    )


def check_call(name: str, callable_: dict[str, str], outcome: str) -> None:
    """`outcome` is "ran", "hidden" (not found) or "refused" (visible, refused)."""
    ran = list(invoked)
    invoked.clear()
    if name in callable_:
        assert outcome == "ran", (name, outcome)
        assert ran == [callable_[name]], (name, ran)
    else:
        assert ran == [], (name, ran)
        assert outcome in ("hidden", "refused"), (name, outcome)
