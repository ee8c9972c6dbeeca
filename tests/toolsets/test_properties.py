"""No leaks, by property: random policies, callers and tool-name variants.

For every generated policy and caller, over the Python API, the MCP server and the
REST server: the listing shows exactly the tools an independent oracle allows, and
calling any name (the real ones, and variants: other case, trailing spaces,
look-alike letters, doubled or missing prefixes) runs a tool only when that exact
name is a tool the caller may use, and then exactly that tool. The three tests make
100,000 call attempts together (each counts its own and asserts its share); no leak is tolerated.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mcp.client.client import Client
from mcp.shared.exceptions import MCPError

from toolbridge import AccessDeniedError, Tool, ToolAnnotations, ToolNotFoundError, ToolResult
from toolbridge.mcp import build_server
from toolbridge.rest import build_app
from toolbridge.toolsets import (
    ANONYMOUS,
    ApprovalRequest,
    CallOptions,
    Identity,
    Policy,
    Rule,
    StaticToolset,
    Toolset,
)

pytestmark = pytest.mark.property  # (100,000 call attempts: the suite's longest runs)

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
    globs=subsets(GLOBS).map(lambda s: frozenset(itertools.islice(s, 2))),
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
            Rule(
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


# -- the Python API -------------------------------------------------------------------------

API_EXAMPLES = 1_750
API_ATTEMPTS = 60_000
SERVER_ATTEMPTS = 20_000
"""The call attempts each route must make: 100,000 together."""
counts: dict[str, int] = {}
"""Call attempts made, by route (each test counts its own from zero)."""


def test_the_python_api_never_leaks() -> None:
    @derandomized(API_EXAMPLES)
    @given(spec=policy_specs, caller=identities)
    def example(spec: PolicySpec, caller: Identity) -> None:
        toolset = build(spec)
        listed, callable_ = expected(spec, caller)
        assert [tool.name for tool in toolset.list_tools(caller)] == list(listed)
        for name in attempts(spec):
            assert (toolset.find(name, caller) is not None) == (name in listed), name
            try:
                toolset.call_sync(name, {}, identity=caller)
                outcome = "ran"
            except ToolNotFoundError:
                outcome = "hidden"
                assert name not in listed
            except AccessDeniedError:
                outcome = "refused"
                assert name in listed
            check_call(name, callable_, outcome)
            counts["api"] += 1

    counts["api"] = 0
    example()
    assert counts["api"] >= API_ATTEMPTS, counts


# -- the MCP server (the SDK's client, in memory) -----------------------------------------

SERVER_EXAMPLES = 575


class Switch(Toolset):
    """The toolset of the current example: one server serves every example."""

    def __init__(self) -> None:
        self.current: Toolset = StaticToolset(())
        self.caller: Identity = ANONYMOUS

    def all_tools(self) -> Sequence[Tool]:
        return self.current.all_tools()

    def list_tools(self, identity: Identity = ANONYMOUS) -> list[Tool]:
        return self.current.list_tools(identity)

    def find(self, name: str, identity: Identity = ANONYMOUS) -> Tool | None:
        return self.current.find(name, identity)

    async def call_tool(self, name: str, arguments: Any, options: CallOptions) -> ToolResult:
        return await self.current.call_tool(name, arguments, options)


def test_the_mcp_server_never_leaks() -> None:
    switch = Switch()
    server = build_server(switch, identity=lambda request: switch.caller)

    async def main() -> None:
        async with Client(server, mode="legacy") as client:

            @derandomized(SERVER_EXAMPLES)
            @given(spec=policy_specs, caller=identities)
            def example(spec: PolicySpec, caller: Identity) -> None:
                switch.current, switch.caller = build(spec), caller
                asyncio.run_coroutine_threadsafe(one(client, spec, caller), loop).result()

            loop = asyncio.get_running_loop()
            await asyncio.to_thread(example)

    counts["mcp"] = 0
    asyncio.run(main())
    assert counts["mcp"] >= SERVER_ATTEMPTS, counts


async def one(client: Client, spec: PolicySpec, caller: Identity) -> None:
    listed, callable_ = expected(spec, caller)
    result = await client.list_tools()
    assert [tool.name for tool in result.tools] == list(listed)
    for name in attempts(spec):
        refusal: MCPError | None = None
        try:
            answer = await client.call_tool(name, {})
        except MCPError as error:
            refusal = error
        if refusal is not None:
            assert (refusal.error.code, refusal.error.message) == (-32602, f"Unknown tool: {name}")
            outcome = "hidden"
        else:
            text = answer.content[0].text if answer.content else ""  # type: ignore[union-attr]
            outcome = "refused" if answer.is_error else "ran"
            assert outcome == "ran" or "refused" in text, text
        check_call(name, callable_, outcome)
        counts["mcp"] += 1


# -- the REST server ------------------------------------------------------------------------


def test_the_rest_server_never_leaks() -> None:
    switch = Switch()
    app = build_app(switch, identity=lambda request: switch.caller)

    async def main() -> None:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:

            @derandomized(SERVER_EXAMPLES)
            @given(spec=policy_specs, caller=identities)
            def example(spec: PolicySpec, caller: Identity) -> None:
                switch.current, switch.caller = build(spec), caller
                asyncio.run_coroutine_threadsafe(rest_one(http, spec, caller), loop).result()

            loop = asyncio.get_running_loop()
            await asyncio.to_thread(example)

    counts["rest"] = 0
    asyncio.run(main())
    assert counts["rest"] >= SERVER_ATTEMPTS, counts


async def rest_one(http: httpx.AsyncClient, spec: PolicySpec, caller: Identity) -> None:
    from urllib.parse import quote

    listed, callable_ = expected(spec, caller)
    listing = (await http.get("/tools")).json()
    assert [tool["name"] for tool in listing["tools"]] == list(listed)
    for name in attempts(spec):
        response = await http.post(f"/tools/{quote(name, safe='')}", json={})
        if response.status_code == 404:
            # Exactly the answer a name that names nothing gets.
            unknown = {"type": "ToolNotFoundError", "message": str(ToolNotFoundError(name))}
            assert response.json() == {"error": unknown}, (name, response.text)
            outcome = "hidden"
        elif response.status_code == 403:
            outcome = "refused"
        else:
            assert response.status_code == 200, (name, response.status_code, response.text)
            outcome = "ran"
        check_call(name, callable_, outcome)
        counts["rest"] += 1
