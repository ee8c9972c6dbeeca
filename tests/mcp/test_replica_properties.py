"""No leaks across replicas: generated policies, served from a file by two stateless workers.

The property of ``tests/toolsets/test_properties.py`` (its strategies and its oracle),
end to end. Each generated policy spec becomes a toolset definition file: the
confusable tools from a module file, the spec's rules, tenants, roles, default,
approval answer and prefix, a large rate limit counted in a real Redis, and a bearer
token for each generated caller. ``toolbridge serve FILE --transport http --workers 2
--stateless`` serves it. The test holds one kept-alive connection to each worker (the
worker that accepted it is found in /proc) and alternates every request between them,
with no session: for each caller (by token, with none, with a wrong one) the listing
is exactly the oracle's, and each attempted name runs a tool only when the caller may
call that exact name, and then exactly that tool, in the worker that was asked (the
tools log their name and pid); otherwise the name is unknown or refused as the oracle
says. Redis counted every call that ran and no call to a hidden name.

Every spec starts a server (about two seconds), so the default run is a small fixed
set chosen to cover the specs' features and all three outcomes;
``TOOLBRIDGE_REPLICA_EXAMPLES=N`` serves N specs.
"""

from __future__ import annotations

import contextlib
import dataclasses
import http.client
import json
import os
import signal
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import pytest
import redis
import yaml
from hypothesis import given
from hypothesis import strategies as st

from toolbridge.toolsets import ANONYMOUS, Identity

from ..toolsets.leaks import (
    UNIVERSE,
    PolicySpec,
    RuleSpec,
    attempts,
    check_call,
    derandomized,
    expected,
    identities,
    invoked,
    policy_specs,
)
from .served import ACCEPT, messages, serving, worker_pids

pytestmark = pytest.mark.property

EXAMPLES = int(os.environ.get("TOOLBRIDGE_REPLICA_EXAMPLES", "5"))
"""Specs served (each by its own two workers)."""
CALLERS = 6
"""Generated callers per spec, each with a token; an anonymous one comes on top."""
LIMIT = 1_000_000
"""The rate limit's calls per hour: never reached, but every call is counted in Redis."""
WRONG_TOKEN = "a-token-this-gateway-never-issued"

TOOLS_MODULE = '''\
"""The confusable tools of test_properties; each logs its name and its pid when it runs."""

import json
import os

from toolbridge import ToolAnnotations, tool

LOG = {log!r}
SPECS = {specs!r}


def _tool(name, hints, tags):
    @tool(name=name, description=f"Tool {{name!r}}.", annotations=ToolAnnotations(**hints),
          tags=tags)
    def run() -> str:
        with open(LOG, "a", encoding="utf-8") as file:
            file.write(json.dumps([os.getpid(), name]) + "\\n")
        return f"ran {{name}}"

    return run


TOOLS = [_tool(*spec) for spec in SPECS]


def approve_all(request):
    return True


def approve_none(request):
    return False
'''

# -- the specs: a fixed set, drawn from the no-leak strategies (tests/toolsets/leaks.py) --


@dataclass(frozen=True)
class Example:
    """A policy spec and its callers: token -> identity (None: no Authorization header)."""

    spec: PolicySpec
    callers: dict[str | None, Identity]


def examples(count: int) -> list[Example]:
    """`count` examples, the same each run: a derandomized pool, then a greedy cover.

    Each pick adds the most features not yet covered (see `features`); among equals,
    the one whose callers see the most different things, then the pool's order.
    """
    pool: list[Example] = []

    @derandomized(max(200, 20 * count))
    @given(spec=policy_specs, callers=st.lists(identities, min_size=CALLERS, max_size=CALLERS))
    def collect(spec: PolicySpec, callers: list[Identity]) -> None:
        tokens: dict[str | None, Identity] = {None: ANONYMOUS}
        tokens |= {f"caller-{n}-of-{len(pool)}-token": who for n, who in enumerate(callers)}
        pool.append(Example(spec, tokens))

    collect()
    found = [features(example) for example in pool]
    views = [len(views_of(example)) for example in pool]
    chosen: list[int] = []
    covered: set[str] = set()
    while len(chosen) < min(count, len(pool)):
        left = [index for index in range(len(pool)) if index not in chosen]
        best = max(left, key=lambda index: (len(found[index] - covered), views[index], -index))
        chosen.append(best)
        covered |= found[best]
    return [pool[index] for index in chosen]


def views_of(example: Example) -> set[tuple[tuple[str, ...], tuple[str, ...]]]:
    """The different (listed, callable) name sets the example's callers have."""
    views = set()
    for caller in example.callers.values():
        listed, callable_ = expected(example.spec, caller)
        views.add((tuple(listed), tuple(callable_)))
    return views


def features(example: Example) -> set[str]:
    """What the example exercises: the spec's parts, and each tool's outcomes.

    The spec's prefix, approval answer, default, tenants, roles, rule effects and rule
    fields; for each tool, whether some caller runs it, is refused it, or is told that
    its exact name is unknown; whether some caller lists or may run none, some or all
    of the tools; and whether the callers see different listings.
    """
    spec = example.spec
    found = {
        f"prefix {spec.prefix}",
        f"approve_all {spec.approve_all}",
        f"default {spec.default}",
        f"tenants {spec.tenants is not None}",
        f"roles {spec.roles is not None}",
    }
    for rule in spec.rules:
        found.add(f"effect {rule.effect}")
        found |= {f"rule {key}" for key in rule_entry(rule) if key != "effect"}
    head = f"{spec.prefix}_" if spec.prefix else ""
    for caller in example.callers.values():
        listed, callable_ = expected(spec, caller)
        found |= {f"{outcome_of(head + t.name, listed, callable_)} {t.name}" for t in UNIVERSE}
        found |= {
            f"{kind} {share(len(names))}"
            for kind, names in (("lists", listed), ("runs", callable_))
        }
    if len(views_of(example)) > 1:
        found.add("callers differ")
    return found


def share(count: int) -> str:
    return "none" if count == 0 else "all" if count == len(UNIVERSE) else "some"


def outcome_of(name: str, listed: dict[str, str], callable_: dict[str, str]) -> str:
    """The oracle's outcome of calling `name`: "ran", "refused" or "hidden"."""
    return "ran" if name in callable_ else "refused" if name in listed else "hidden"


# -- the definition file -------------------------------------------------------------------


def rule_entry(rule: RuleSpec) -> dict[str, Any]:
    """A rule as a definition file writes it (an empty constraint is left out)."""
    entry: dict[str, Any] = {"effect": rule.effect}
    for key, values in (
        ("tools", rule.globs),
        ("tags", rule.tags),
        ("tenants", rule.tenants),
        ("roles", rule.roles),
    ):
        if values:
            entry[key] = sorted(values)
    for key, flag in (("destructive", rule.destructive), ("read_only", rule.read_only)):
        if flag is not None:
            entry[key] = flag
    return entry


def identity_entry(identity: Identity) -> dict[str, Any]:
    entry: dict[str, Any] = {"roles": sorted(identity.roles)}
    if identity.subject is not None:
        entry["subject"] = identity.subject
    if identity.tenant is not None:
        entry["tenant"] = identity.tenant
    return entry


def write_definition(folder: Path, name: str, example: Example, storage: str) -> Path:
    """The example's toolset file (YAML) and its tools module; tools log to ``ran.log``."""
    spec = example.spec
    module = folder / "replica_leak_tools.py"
    specs = [
        (item.name, dataclasses.asdict(item.annotations), sorted(item.tags)) for item in UNIVERSE
    ]
    module.write_text(
        TOOLS_MODULE.format(log=str(folder / "ran.log"), specs=specs), encoding="utf-8"
    )
    policy: dict[str, Any] = {}
    if spec.tenants is not None:
        policy["tenants"] = sorted(spec.tenants)
    if spec.roles is not None:
        policy["roles"] = sorted(spec.roles)
    policy |= {
        "default": spec.default,
        "approve": f"{module}:{'approve_all' if spec.approve_all else 'approve_none'}",
        "rules": [rule_entry(rule) for rule in spec.rules],
        "rate_limits": [{"calls": LIMIT, "per": 3600, "scope": "tenant_tool"}],
        "rate_limit_storage": storage,
    }
    document: dict[str, Any] = {"name": name, "sources": [{"module": f"{module}:TOOLS"}]}
    if spec.prefix:
        document["prefix"] = spec.prefix
    document["policy"] = policy
    document["tokens"] = {
        token: identity_entry(identity)
        for token, identity in example.callers.items()
        if token is not None
    }
    path = folder / "gateway.yaml"
    path.write_text(yaml.safe_dump(document, allow_unicode=True, sort_keys=False), "utf-8")
    return path


# -- one connection held by each worker ------------------------------------------------------


@dataclass
class Worker:
    """A kept-alive connection, accepted by the worker process `pid`."""

    connection: http.client.HTTPConnection
    pid: int
    requests: int = 0
    ran: int = 0


def server_side_inode(port: int, client_port: int) -> str:
    """The inode of the server's end of the loopback connection from `client_port`."""
    with open("/proc/net/tcp") as table:
        for line in list(table)[1:]:
            fields = line.split()
            local, remote = fields[1].split(":")[1], fields[2].split(":")[1]
            if (int(local, 16), int(remote, 16)) == (port, client_port):
                return fields[9]
    raise AssertionError(f"no server socket for the connection from port {client_port}")


def holder(inode: str, pids: set[int]) -> int | None:
    """Which of `pids` holds the socket `inode` open (None: none of them)."""
    for pid in pids:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}") == f"socket:[{inode}]":
                    return pid
            except FileNotFoundError:  # closed meanwhile
                continue
    return None


def one_connection_each(port: int, pids: set[int]) -> list[Worker]:
    """A kept-alive connection accepted by each worker (new ones until each has one)."""
    held: dict[int, Worker] = {}
    for _ in range(200):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        rpc(connection, "tools/list", {}, None)  # answered: accepted, and by whom is known
        assert connection.sock is not None
        inode = server_side_inode(port, connection.sock.getsockname()[1])
        pid = holder(inode, pids)
        assert pid is not None, f"no worker of {pids} holds the connection"
        if pid in held:
            connection.close()
        else:
            held[pid] = Worker(connection, pid)
        if len(held) == len(pids):
            return list(held.values())
    raise AssertionError(f"200 connections reached only the workers {sorted(held)} of {pids}")


def rpc(connection: http.client.HTTPConnection, method: str, params: Any, token: str | None) -> Any:
    """One JSON-RPC request on `connection` (kept alive), with no session: the answer."""
    headers = {
        "Content-Type": "application/json",
        "Accept": ACCEPT,
        "MCP-Protocol-Version": "2025-06-18",
    }
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    socket = connection.sock
    body = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}
    connection.request("POST", "/mcp", body=json.dumps(body), headers=headers)
    answer = connection.getresponse()
    text = answer.read().decode()
    assert answer.status == 200, (answer.status, text)
    assert socket is None or connection.sock is socket, "the server closed a kept-alive connection"
    media = answer.getheader("content-type", "")
    found = [message for message in messages(media, text) if message.get("id") == 1]
    assert len(found) == 1, text
    return found[0]


# -- the property ----------------------------------------------------------------------------


@dataclass
class Tally:
    """Outcomes over the whole run, and the specs where both workers ran tools."""

    outcomes: Counter[str] = field(default_factory=Counter)
    both_ran: int = 0


def test_two_stateless_replicas_on_redis_never_leak(tmp_path: Path, redis_url: str) -> None:
    tally = Tally()
    chosen = examples(EXAMPLES)
    assert len(chosen) == EXAMPLES
    with (
        contextlib.ExitStack() as running,
        contextlib.closing(redis.Redis.from_url(redis_url)) as store,
    ):
        for index, example in enumerate(chosen):
            folder = tmp_path / f"spec-{index}"
            folder.mkdir()
            store.flushdb()
            gateway = write_definition(folder, f"leaks-{index}", example, redis_url)
            process, _, port = running.enter_context(
                serving(gateway, "--workers", "2", "--stateless")
            )
            pids = worker_pids(process)
            assert len(pids) == 2, pids
            assert process.pid not in pids
            workers = one_connection_each(port, pids)
            try:
                visible = serve_example(example, workers, folder / "ran.log", tally)
            finally:
                for worker in workers:
                    worker.connection.close()
                process.send_signal(signal.SIGTERM)  # it stops while the next one starts
            ran = sum(worker.ran for worker in workers)
            counted = sum(int(store.llen(key)) for key in store.scan_iter(_type="list"))
            # Every call that ran went through the shared count; no hidden name did.
            assert ran <= counted <= visible, (example.spec, ran, counted, visible)
            assert all(worker.requests > 0 for worker in workers), workers
            tally.both_ran += all(worker.ran > 0 for worker in workers)
    assert set(tally.outcomes) == {"ran", "refused", "hidden"}, tally
    assert tally.both_ran > 0, tally  # tools ran in both workers, not only answers


def serve_example(example: Example, workers: Sequence[Worker], log: Path, tally: Tally) -> int:
    """Every caller's listing and calls, alternating between the workers.

    Returns:
        The calls made to a name the caller sees (listed), which the rate limit counts.
    """
    spec = example.spec
    turns = alternate(workers)
    log.touch()
    visible = 0
    for worker in workers:  # a token the file does not hold is refused, never anonymous
        assert_refused(worker.connection, WRONG_TOKEN)
    with open(log, encoding="utf-8") as ran_log:
        for token, caller in example.callers.items():
            listed, callable_ = expected(spec, caller)
            where = (spec, caller, token)
            answer = rpc(next(turns).connection, "tools/list", {}, token)
            tools = answer["result"]["tools"]
            assert [entry["name"] for entry in tools] == list(listed), where
            for entry in tools:
                assert entry.get("annotations", {}) == hints(listed[entry["name"]]), where
            for name in attempts(spec):
                worker = next(turns)
                answer = rpc(
                    worker.connection, "tools/call", {"name": name, "arguments": {}}, token
                )
                outcome = call_outcome(name, answer)
                ran = ran_since(ran_log)
                assert {pid for pid, _ in ran} <= {worker.pid}, (where, name, ran, worker.pid)
                invoked.extend(tool for _, tool in ran)
                check_call(name, callable_, outcome)  # (reads and clears `invoked`)
                if outcome == "ran":
                    assert answer["result"]["content"][0]["text"] == f"ran {callable_[name]}"
                    worker.ran += 1
                assert outcome == outcome_of(name, listed, callable_), (where, name, answer)
                tally.outcomes[outcome] += 1
                visible += name in listed
    return visible


def assert_refused(connection: http.client.HTTPConnection, token: str) -> None:
    """A call with `token` gets 401 ``invalid_token`` (the connection stays usable)."""
    headers = {"Content-Type": "application/json", "Accept": ACCEPT}
    headers |= {"MCP-Protocol-Version": "2025-06-18", "Authorization": f"Bearer {token}"}
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    connection.request("POST", "/mcp", body=json.dumps(body), headers=headers)
    answer = connection.getresponse()
    answer.read()
    assert answer.status == 401, answer.status
    assert 'error="invalid_token"' in answer.getheader("www-authenticate", "")


def alternate(workers: Sequence[Worker]) -> Iterator[Worker]:
    """The workers in turn, forever, each counting the requests it is given."""
    while True:
        for worker in workers:
            worker.requests += 1
            yield worker


def call_outcome(name: str, answer: Any) -> str:
    """How the server answered: "hidden" (unknown tool), "refused" (an error result) or "ran"."""
    if "error" in answer:
        assert answer["error"] == {"code": -32602, "message": f"Unknown tool: {name}"}, answer
        return "hidden"
    result = answer["result"]
    if result.get("isError"):
        text = result["content"][0]["text"]
        assert "refused" in text, (name, text)
        return "refused"
    return "ran"


def ran_since(ran_log: TextIO) -> list[tuple[int, str]]:
    """The (pid, tool) lines the tools logged since the last look."""
    found: list[tuple[int, str]] = []
    for line in ran_log.read().splitlines():
        pid, tool = json.loads(line)
        found.append((int(pid), str(tool)))
    return found


def hints(source_name: str) -> dict[str, bool]:
    """The MCP annotations the listing shows for a tool of the universe (stated hints only)."""
    tool = next(item for item in UNIVERSE if item.name == source_name)
    hinted = {
        "readOnlyHint": tool.annotations.read_only,
        "destructiveHint": tool.annotations.destructive,
        "idempotentHint": tool.annotations.idempotent,
        "openWorldHint": tool.annotations.open_world,
    }
    return {key: value for key, value in hinted.items() if value is not None}
