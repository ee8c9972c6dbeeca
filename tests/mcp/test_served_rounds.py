"""The rounds of a 2026-07-28 call pass a gateway's policy once, and only once.

A call whose tool asks the user ends ``input_required`` and is made again with the
answers, in as many requests as rounds. The policy's rate limit counts the call once
and its approval hook is asked once; a later round is let through only on the state
the gateway signed for that call, once: a state sent again (a replay) is counted and
approved again, a state of another call or caller is refused.

Real: ``toolbridge serve`` of a toolset file over HTTP, toolbridge's own client on
2026-07-28 and on the handshake era; and `answer_call`, the served call itself, in
this process on a guarded toolset.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Literal

import pytest
from mcp.shared.exceptions import MCPError

from tests.mcp.served import serving
from toolbridge import ToolContext, tool
from toolbridge.mcp import McpClient
from toolbridge.mcp._served import Client, answer_call
from toolbridge.toolsets import (
    ANONYMOUS,
    ApprovalRequest,
    Identity,
    Policy,
    PolicyRule,
    RateLimit,
    StaticToolset,
)

from .test_served_elicitation import TOOLS, _answerer

HOOK = """
from pathlib import Path

def approve(request):
    with open(Path(__file__).with_name("approvals.log"), "a") as log:
        log.write(request.tool.name + "\\n")
    return True
"""


@pytest.mark.parametrize("protocol", ["auto", "legacy"])
def test_each_call_is_counted_and_approved_once_whatever_its_rounds(
    tmp_path: Path, protocol: Literal["auto", "legacy"]
) -> None:
    (tmp_path / "hook.py").write_text(HOOK)
    gateway = tmp_path / "desk.yaml"
    gateway.write_text(
        "name: desk\n"
        f"sources:\n  - module: {str(TOOLS)!r}\n"
        "policy:\n"
        f"  approve: {str(tmp_path / 'hook.py') + ':approve'!r}\n"
        "  rules: [{effect: approve, tools: [book]}]\n"
        "  rate_limits: [{calls: 2, per: 3600, scope: global}]\n",
        encoding="utf-8",
    )

    async def book_three_times(url: str) -> list[str]:
        said = []
        config = {"desk": {"url": url}}
        async with McpClient(config, protocol=protocol, on_elicit=_answerer()) as client:
            book = {found.name: found for found in client.tools}["book"]
            for restaurant in ("Bo", "Lu", "Mi"):  # each: three requests on 2026-07-28
                said.append((await book.ainvoke({"restaurant": restaurant})).text)
        return said

    with serving(gateway) as (_, url, _):
        said = asyncio.run(book_three_times(url))
    assert said[:2] == ["Bo for 4 under Ann", "Lu for 4 under Ann"]
    assert "rate limit" in said[2]
    assert (tmp_path / "approvals.log").read_text().splitlines() == ["book", "book"]


# -- the served call in this process -------------------------------------------------


@tool
async def pay(amount: int, context: ToolContext) -> str:
    """Pay `amount`, once the user confirms."""
    answer = await context.elicit(
        f"Pay {amount}?", {"type": "object", "properties": {"ok": {"type": "boolean"}}}
    )
    return f"paid {amount}" if answer.action == "accept" else "not paid"


class Hook:
    """An approval hook that says yes and remembers each call it was asked about."""

    def __init__(self) -> None:
        self.asked: list[dict[str, Any]] = []

    def __call__(self, request: ApprovalRequest) -> bool:
        self.asked.append(dict(request.arguments))
        return True


def guarded(hook: Hook, calls: int = 100, storage: str = "memory://") -> Any:
    policy = Policy(
        rules=(PolicyRule(effect="approve"),),
        approve=hook,
        rate_limits=(RateLimit(calls=calls, per=3600, scope="global"),),
        rate_limit_storage=storage,
    )
    return StaticToolset([pay]).with_policy(policy, name="payments")


MODERN = Client(modern=True, modes=frozenset({"form"}), key=b"the replicas' shared key")
YES = {"action": "accept", "content": {"ok": True}}


async def first_round(toolset: Any, amount: int = 5) -> tuple[str, str]:
    """The first request of a call of ``pay``: its question's key and the signed state."""
    params = {"name": "pay", "arguments": {"amount": amount}}
    first = await answer_call(toolset, params, ANONYMOUS, MODERN)
    assert first["resultType"] == "input_required"
    [key] = first["inputRequests"]
    return key, first["requestState"]


async def answered(toolset: Any, key: str, state: str, caller: Identity = ANONYMOUS) -> str:
    params = {
        "name": "pay",
        "arguments": {"amount": 5},
        "requestState": state,
        "inputResponses": {key: YES},
    }
    result = await answer_call(toolset, params, caller, MODERN)
    return str(result["content"][0]["text"])


def test_a_later_round_is_neither_approved_nor_counted_again() -> None:
    hook = Hook()
    toolset = guarded(hook, calls=1)  # one call allowed: the round must not be a second

    async def main() -> str:
        key, state = await first_round(toolset)
        return await answered(toolset, key, state)

    assert asyncio.run(main()) == "paid 5"
    assert hook.asked == [{"amount": 5}]


def test_a_replayed_state_is_approved_and_counted_again() -> None:
    hook = Hook()
    toolset = guarded(hook, calls=2)

    async def main() -> tuple[str, str, str]:
        key, state = await first_round(toolset)
        once = await answered(toolset, key, state)
        again = await answered(toolset, key, state)  # the same state, sent again
        third = await answer_call(
            toolset,
            {"name": "pay", "arguments": {"amount": 5}, "requestState": state,
             "inputResponses": {key: YES}},
            ANONYMOUS,
            MODERN,
        )  # fmt: skip
        return once, again, str(third["content"][0]["text"])

    once, again, third = asyncio.run(main())
    assert (once, again) == ("paid 5", "paid 5")
    assert hook.asked == [{"amount": 5}, {"amount": 5}]  # the first request, the replay
    assert "rate limit" in third  # the replay was counted: the limit of 2 is reached


def test_a_state_cannot_carry_an_approval_to_another_call_or_caller() -> None:
    hook = Hook()
    toolset = guarded(hook)

    async def main() -> None:
        key, state = await first_round(toolset, amount=5)
        other = {
            "name": "pay",
            "arguments": {"amount": 5000},  # the approved call was for 5
            "requestState": state,
            "inputResponses": {key: YES},
        }
        with pytest.raises(MCPError, match="another call"):
            await answer_call(toolset, other, ANONYMOUS, MODERN)
        with pytest.raises(MCPError, match="another call"):
            await answered(toolset, key, state, Identity(subject="mallory"))

    asyncio.run(main())
    assert hook.asked == [{"amount": 5}]


def test_replicas_sharing_a_store_let_a_round_through_once(redis_url: str) -> None:
    """Two replicas on one real Redis: the round goes to the other one, then is replayed."""
    hook = Hook()
    one, other = guarded(hook, storage=redis_url), guarded(hook, storage=redis_url)

    async def main() -> list[str]:
        key, state = await first_round(one)
        return [await answered(other, key, state), await answered(one, key, state)]

    assert asyncio.run(main()) == ["paid 5", "paid 5"]
    assert hook.asked == [{"amount": 5}, {"amount": 5}]  # the first request, the replay
