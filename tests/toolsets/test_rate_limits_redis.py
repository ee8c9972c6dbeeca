"""Rate limits shared through a real Redis: replicas count together, and fail closed.

Each "replica" is a separate Python process that reads the same toolset definition
file (its policy names the Redis store) and guards the same tool with it. The server
is a real `redis-server` started by ``conftest.py``.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest

from toolbridge import RateLimitError, tool
from toolbridge.toolsets import (
    GuardedToolset,
    Identity,
    Policy,
    RateLimit,
    StaticToolset,
    read_definition,
)

from ..conftest import RedisServer, RedisServers

LIMIT = 10

# One replica: guards `echo` with the definition file's policy, says "ready", waits
# for a line on stdin, then makes its calls, printing each outcome; with "step" it
# waits for a line before each further call (so the test knows exactly how many
# calls a replica made before it is killed).
REPLICA = """
import json, sys
from toolbridge import RateLimitError, tool
from toolbridge.toolsets import Identity, StaticToolset, read_definition

definition_file, tenant, attempts, mode = sys.argv[1:5]
ran = []

@tool
def echo(text: str) -> str:
    \"\"\"Say it back.\"\"\"
    ran.append(text)
    return text

policy = read_definition(definition_file).policy
gateway = StaticToolset([echo], name="gateway").with_policy(policy)
caller = Identity(subject="client", tenant=tenant)
print("ready", flush=True)
sys.stdin.readline()
for attempt in range(int(attempts)):
    if mode == "step" and attempt:
        sys.stdin.readline()
    try:
        gateway.call_sync("echo", {"text": str(attempt)}, identity=caller)
        outcome = "ok"
    except RateLimitError as error:
        outcome = "limited"
    print(json.dumps({"outcome": outcome, "ran": len(ran)}), flush=True)
"""


def definition(folder: Path, storage: str, **policy: Any) -> Path:
    """A definition file whose policy limits each tenant to `LIMIT` calls an hour."""
    path = folder / f"gateway-{uuid.uuid4().hex[:8]}.json"
    path.write_text(
        json.dumps(
            {
                "name": "gateway",
                "sources": [{"module": "replica"}],
                "policy": {
                    "rate_limits": [{"calls": LIMIT, "per": 3600, "scope": "tenant"}],
                    "rate_limit_storage": storage,
                    **policy,
                },
            }
        )
    )
    return path


def replica(path: Path, tenant: str, attempts: int, mode: str = "burst") -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, "-c", REPLICA, str(path), tenant, str(attempts), mode],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "ready"
    return process


def go(process: subprocess.Popen[str]) -> None:
    assert process.stdin is not None
    process.stdin.write("go\n")
    process.stdin.flush()


def outcomes(process: subprocess.Popen[str]) -> list[dict[str, Any]]:
    """Every outcome the replica printed, once it has finished."""
    out, _ = process.communicate(timeout=60)
    assert process.returncode == 0
    return [json.loads(line) for line in out.splitlines()]


def tenant() -> str:
    """A tenant no other test uses: the session's server keeps every count."""
    return f"acme-{uuid.uuid4().hex[:8]}"


def test_two_replicas_allow_exactly_the_limit_in_total(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    path = definition(tmp_path, redis_server.url)
    acme = tenant()
    first, second = replica(path, acme, 15), replica(path, acme, 15)
    go(first)
    go(second)
    results = outcomes(first) + outcomes(second)
    allowed = [r for r in results if r["outcome"] == "ok"]
    assert len(results) == 30
    assert len(allowed) == LIMIT
    # A refused attempt never reached the tool: each replica ran exactly what passed.
    for process_results in (results[:15], results[15:]):
        passed = sum(r["outcome"] == "ok" for r in process_results)
        assert process_results[-1]["ran"] == passed


def test_another_tenant_is_unaffected_by_a_spent_limit(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    path = definition(tmp_path, redis_server.url)
    acme, globex = tenant(), tenant()
    spender = replica(path, acme, LIMIT + 2)
    go(spender)
    assert [r["outcome"] for r in outcomes(spender)][-2:] == ["limited", "limited"]
    other = replica(path, globex, LIMIT + 1)
    go(other)
    assert [r["outcome"] for r in outcomes(other)] == ["ok"] * LIMIT + ["limited"]


def test_a_replica_killed_mid_burst_loses_no_accounting(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    path = definition(tmp_path, redis_server.url)
    acme = tenant()
    killed = replica(path, acme, LIMIT, mode="step")
    assert killed.stdout is not None
    go(killed)
    for _ in range(3):
        assert json.loads(killed.stdout.readline())["outcome"] == "ok"
        go(killed)
    assert json.loads(killed.stdout.readline())["outcome"] == "ok"
    killed.kill()  # waiting for its next "go": exactly four calls were made
    killed.communicate(timeout=10)
    survivor = replica(path, acme, LIMIT)
    go(survivor)
    assert [r["outcome"] for r in outcomes(survivor)] == ["ok"] * (LIMIT - 4) + ["limited"] * 4


ran: list[str] = []


@tool
def echo(text: str) -> str:
    """Say it back."""
    ran.append(text)
    return text


def guarded(server: RedisServer, **policy: Any) -> GuardedToolset:
    limits = (RateLimit(calls=LIMIT, per=3600, scope="tenant"),)
    return GuardedToolset(
        StaticToolset([echo], name=f"stopped-{uuid.uuid4().hex[:8]}"),
        Policy(rate_limits=limits, rate_limit_storage=server.url, **policy),
    )


def test_a_stopped_store_refuses_every_call_with_a_typed_error(
    redis_servers: RedisServers,
) -> None:
    ran.clear()
    server = redis_servers.start()
    gateway = guarded(server)
    ann = Identity(subject="ann", tenant=tenant())
    assert gateway.call_sync("echo", {"text": "before"}, identity=ann).text == "before"
    server.stop()
    for attempt in range(3):
        with pytest.raises(RateLimitError, match="could not be reached") as refused:
            gateway.call_sync("echo", {"text": f"after {attempt}"}, identity=ann)
        assert refused.value.retry_after > 0
        assert refused.value.__cause__ is not None  # the client's own error, kept
    assert ran == ["before"]


def test_a_store_failing_open_lets_calls_through_with_a_warning(
    redis_servers: RedisServers, caplog: pytest.LogCaptureFixture
) -> None:
    ran.clear()
    server = redis_servers.start()
    gateway = guarded(server, rate_limit_fail_open=True)
    ann = Identity(subject="ann", tenant=tenant())
    server.stop()
    with caplog.at_level(logging.WARNING, logger="toolbridge.toolsets"):
        assert gateway.call_sync("echo", {"text": "open"}, identity=ann).text == "open"
    assert ran == ["open"]
    assert any("fail open" in record.getMessage() for record in caplog.records)


def test_a_definition_file_sets_the_store_and_failing_open(tmp_path: Path) -> None:
    path = definition(tmp_path, "redis://127.0.0.1:1/0", rate_limit_fail_open=True)
    policy = read_definition(path).policy
    assert policy is not None
    assert (policy.rate_limit_storage, policy.rate_limit_fail_open) == (
        "redis://127.0.0.1:1/0",
        True,
    )
    assert "127.0.0.1:1" not in repr(policy)  # a store's address may hold a password


def test_valkey_urls_share_the_count_on_the_same_server(redis_server: RedisServer) -> None:
    ran.clear()
    valkey = redis_server.url.replace("redis://", "valkey://")
    name, acme = f"valkey-{uuid.uuid4().hex[:8]}", Identity(tenant=tenant())
    policy = Policy(
        rate_limits=(RateLimit(calls=3, per=3600, scope="tenant"),), rate_limit_storage=valkey
    )
    replicas = [GuardedToolset(StaticToolset([echo], name=name), policy) for _ in range(2)]
    passed = 0
    for attempt in range(6):
        try:
            replicas[attempt % 2].call_sync("echo", {"text": "v"}, identity=acme)
            passed += 1
        except RateLimitError:
            pass
    assert passed == len(ran) == 3


def test_limits_of_other_windows_on_the_same_key_keep_apart(redis_server: RedisServer) -> None:
    """A rolling change of window (moving to fixed) must not meet the old key's type."""
    ran.clear()
    name, acme = f"windows-{uuid.uuid4().hex[:8]}", Identity(tenant=tenant())
    for window in ("moving", "fixed", "sliding"):
        policy = Policy(
            rate_limits=(RateLimit(calls=2, per=3600, window=window),),
            rate_limit_storage=redis_server.url,
        )
        gateway = GuardedToolset(StaticToolset([echo], name=name), policy)
        gateway.call_sync("echo", {"text": window}, identity=acme)
    assert ran == ["moving", "fixed", "sliding"]
