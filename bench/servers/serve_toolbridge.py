"""toolbridge's ``serve``: the toolset under a policy and an audit log, arguments validated.

The caller is one fixed `Identity`; the policy is deny-by-default with a tenant
check and an allow rule for its role, so every call is decided by it; the audit log
writes one JSON line per call to ``$BENCH_AUDIT`` (``os.devnull`` when unset);
``echo`` is a ``@tool``, so its arguments are validated against its schema before it
runs. The corpus tools are the corpus's MCP definitions, listed, never called.
"""

from __future__ import annotations

import os

from _bench_toolset import ECHO_DESCRIPTION, corpus_tools, transport

from toolbridge import tool
from toolbridge.formats import from_mcp
from toolbridge.mcp import serve
from toolbridge.toolsets import Identity, JsonLinesSink, Policy, PolicyRule, Registry


@tool(description=ECHO_DESCRIPTION)
async def echo(text: str) -> str:
    return text


CALLER = Identity(subject="bench", tenant="bench", roles={"bench"})
POLICY = Policy(
    tenants={"bench"}, default="deny", rules=(PolicyRule(effect="allow", roles={"bench"}),)
)


def main() -> None:
    kind, port = transport()
    registry = Registry([*from_mcp(corpus_tools()), echo], name="bench")
    audit = JsonLinesSink(os.environ.get("BENCH_AUDIT") or os.devnull)
    toolset = registry.with_policy(POLICY).with_audit(audit)
    if kind == "stdio":
        serve(toolset, identity=CALLER, transport="stdio", name="bench-toolbridge")
    else:
        serve(toolset, identity=CALLER, transport="http", port=port, name="bench-toolbridge")


if __name__ == "__main__":
    main()
