"""Toolsets: composition, policies, rate limits, approval, audit, and binding to callers."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import time
from typing import Any

import pytest

import toolbridge
from toolbridge import (
    AccessDeniedError,
    ArgumentValidationError,
    ConfigError,
    RateLimitError,
    Tool,
    ToolAnnotations,
    ToolNotFoundError,
    ToolTimeoutError,
    tool,
)
from toolbridge.toolsets import (
    ANONYMOUS,
    ApprovalRequest,
    Identity,
    JsonLinesSink,
    LoggingSink,
    MemorySink,
    Policy,
    PolicyRule,
    RateLimit,
    Registry,
    StaticToolset,
    Toolset,
    Window,
    combine,
    current_identity,
)

ran: list[tuple[str, Any]] = []


@tool(annotations=ToolAnnotations(read_only=True), tags={"files"})
def read_file(path: str) -> str:
    """Read a file's text."""
    ran.append(("read_file", path))
    return f"text of {path}"


@tool(annotations=ToolAnnotations(destructive=True), tags={"files"})
def delete_file(path: str) -> str:
    """Delete a file."""
    ran.append(("delete_file", path))
    return f"deleted {path}"


@tool(annotations=ToolAnnotations(read_only=False, destructive=False))
def add_note(text: str) -> str:
    """Add a note."""
    ran.append(("add_note", text))
    return "noted"


@tool
async def whoami() -> str:
    """Say who is calling."""
    caller = current_identity()
    return "nobody" if caller is None else str(caller.subject)


@tool
async def slow(seconds: float) -> str:
    """Sleep."""
    await asyncio.sleep(seconds)
    return "awake"


ANN = Identity(subject="ann", tenant="acme", roles={"sre"})
BOB = Identity(subject="bob", tenant="globex")


def names(tools: list[Tool]) -> list[str]:
    return [item.name for item in tools]


@pytest.fixture(autouse=True)
def _clear() -> None:
    ran.clear()


def files() -> Registry:
    return Registry([read_file, delete_file, add_note, whoami, slow], name="files")


# -- composition --------------------------------------------------------------------------


def test_filters_select_by_tags_hints_globs_and_ids() -> None:
    registry = files()
    assert names(registry.filtered(tags=["files"]).list_tools()) == ["read_file", "delete_file"]
    assert names(registry.filtered(read_only=True).list_tools()) == ["read_file"]
    assert names(registry.filtered(destructive=False).list_tools()) == ["read_file", "add_note"]
    assert names(registry.excluding("*_file").list_tools()) == ["add_note", "whoami", "slow"]
    assert names(registry.excluding(tags=["files"], names=["slow"]).list_tools()) == [
        "add_note",
        "whoami",
    ]
    namespaced = StaticToolset([read_file.replace(namespace="fs")])
    assert names(namespaced.filtered(ids=["fs/read_file"]).list_tools()) == ["read_file"]
    assert names(namespaced.filtered(namespaces=["other"]).list_tools()) == []


def test_a_filtered_out_tool_cannot_be_called() -> None:
    toolset = files().filtered(read_only=True)
    with pytest.raises(ToolNotFoundError):
        toolset.call_sync("delete_file", {"path": "/x"})
    assert ran == []


def test_prefixed_and_renamed_tools_reach_the_original() -> None:
    toolset = files().prefixed("fs").renamed({"remove": "fs_delete_file"})
    listed = names(toolset.list_tools())
    assert "remove" in listed
    assert "fs_delete_file" not in listed
    assert "fs_read_file" in listed
    assert toolset.call_sync("remove", {"path": "/a"}).text == "deleted /a"
    assert toolset.call_sync("fs_read_file", {"path": "/b"}).text == "text of /b"
    for spoof in ("fs_delete_file", "delete_file", "fs_fs_read_file", "FS_read_file", "fs_"):
        with pytest.raises(ToolNotFoundError) as caught:
            toolset.call_sync(spoof, {"path": "/c"})
        assert caught.value.name == spoof
    assert ran == [("delete_file", "/a"), ("read_file", "/b")]


def test_errors_name_the_tool_as_the_caller_named_it() -> None:
    toolset = files().prefixed("fs")
    with pytest.raises(ArgumentValidationError) as caught:
        toolset.call_sync("fs_read_file", {"path": 3})
    assert caught.value.tool_name == "fs_read_file"
    assert "'fs_read_file'" in str(caught.value)


def test_combining_refuses_prefixes_or_keeps_the_first_on_collisions() -> None:
    first = StaticToolset([read_file], name="a")
    second = StaticToolset([read_file.replace(description="Another."), add_note], name="b")
    with pytest.raises(ConfigError, match="read_file"):
        combine(first, second)
    prefixed = combine(first, second, on_collision="prefix")
    assert names(prefixed.list_tools()) == ["a_read_file", "b_read_file", "add_note"]
    assert prefixed.get("b_read_file").description == "Another."
    assert prefixed.call_sync("a_read_file", {"path": "/p"}).text == "text of /p"
    kept = combine(first, second, on_collision="first")
    assert names(kept.list_tools()) == ["read_file", "add_note"]
    assert kept.get("read_file").description == read_file.description
    (collision,) = kept.collisions
    assert (collision.name, collision.toolsets, collision.kept) == ("read_file", ("a", "b"), "a")
    with pytest.raises(ConfigError, match="no name"):
        combine(StaticToolset([read_file]), second, on_collision="prefix")


def test_a_prefix_that_recreates_a_taken_name_is_refused() -> None:
    spoofing = StaticToolset([read_file, read_file.replace(name="a_read_file")], name="b")
    with pytest.raises(ConfigError, match="a_read_file"):
        combine(StaticToolset([read_file], name="a"), spoofing, on_collision="prefix")


def test_transforms_apply_to_every_tool_and_check_the_arguments_they_show() -> None:
    def capped(item: Tool) -> Tool:
        schema = toolbridge.thaw(item.input_schema)
        for value in schema.get("properties", {}).values():
            if value.get("type") == "string":
                value["maxLength"] = 5
        return item.replace(input_schema=schema, tags=item.tags | {"capped"})

    toolset = files().transformed(capped)
    assert all("capped" in item.tags for item in toolset.list_tools())
    assert toolset.call_sync("read_file", {"path": "/a"}).text == "text of /a"
    with pytest.raises(ArgumentValidationError):
        toolset.call_sync("read_file", {"path": "/much/too/long"})
    assert ran == [("read_file", "/a")]
    with pytest.raises(ConfigError, match="renamed"):
        files().transformed(lambda item: item.replace(name=item.name + "2"))


def test_the_registry_refuses_a_taken_name_and_follows_live_sources() -> None:
    registry = files()
    with pytest.raises(ConfigError, match="read_file"):
        registry.add(read_file.replace(description="again"))
    live: list[Tool] = [add_note.replace(name="live_one")]
    revision = [1]
    registry.add_source("live", lambda: list(live), lambda: revision[0])
    assert "live_one" in registry
    live.append(read_file)  # a name another source holds: left out, reported
    revision[0] += 1
    assert registry.find("read_file") is read_file
    assert [c.name for c in registry.collisions] == ["read_file"]
    registry.remove("live")
    assert "live_one" not in registry
    assert registry.listing()["tools"][0]["name"] == "read_file"


def test_bad_configuration_is_a_config_error() -> None:
    registry = files()
    with pytest.raises(ConfigError):
        registry.filtered(colour="red")
    with pytest.raises(ConfigError):
        registry.prefixed("")
    with pytest.raises(ConfigError):
        registry.renamed({"x": "read_file", "y": "read_file"})
    with pytest.raises(ConfigError):
        registry.renamed({"add_note": "read_file"})
    with pytest.raises(ConfigError):
        Policy(tenants="acme")  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        PolicyRule(effect="maybe")  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        RateLimit(calls=0)
    with pytest.raises(ConfigError):
        Identity(roles="admin")  # type: ignore[arg-type]


# -- policies -----------------------------------------------------------------------------


def test_tenants_and_roles_decide_what_is_listed_and_callable() -> None:
    toolset = files().with_policy(Policy(tenants={"acme"}, roles={"sre"}))
    assert len(toolset.list_tools(ANN)) == 5
    assert toolset.list_tools(BOB) == []
    assert toolset.list_tools() == []
    with pytest.raises(ToolNotFoundError):
        toolset.call_sync("read_file", {"path": "/x"}, identity=BOB)
    assert toolset.call_sync("read_file", {"path": "/x"}, identity=ANN).text == "text of /x"
    assert ran == [("read_file", "/x")]


def test_forbidden_and_unknown_tools_fail_alike() -> None:
    toolset = files().with_policy(Policy(rules=(PolicyRule(effect="deny", destructive=True),)))
    assert "delete_file" not in names(toolset.list_tools(ANN))
    assert toolset.find("delete_file", ANN) is None
    errors = []
    for name in ("delete_file", "no_such_tool"):
        with pytest.raises(ToolNotFoundError) as caught:
            toolset.call_sync(name, {"path": 1}, identity=ANN)
        errors.append((type(caught.value), str(caught.value).replace(name, "NAME")))
    assert errors[0] == errors[1]
    assert ran == []


def test_deny_by_default_allows_only_what_a_rule_allows() -> None:
    policy = Policy(
        default="deny",
        rules=(
            PolicyRule(effect="allow", read_only=True),
            PolicyRule(effect="allow", tools={"add_*"}, roles={"sre"}),
        ),
    )
    toolset = files().with_policy(policy)
    assert names(toolset.list_tools(ANN)) == ["read_file", "add_note"]
    assert names(toolset.list_tools(BOB)) == ["read_file"]


def test_a_bracketed_glob_names_a_tool_literally() -> None:
    versioned = read_file.replace(name="read[v2]")
    lookalike = read_file.replace(name="readv")
    registry = Registry([versioned, lookalike])
    literal = Policy(default="deny", rules=(PolicyRule(effect="allow", tools={"read[[]v2]"}),))
    as_class = Policy(default="deny", rules=(PolicyRule(effect="allow", tools={"read[v2]"}),))
    assert names(registry.with_policy(literal).list_tools(ANN)) == ["read[v2]"]
    assert names(registry.with_policy(as_class).list_tools(ANN)) == ["readv"]


def test_a_rule_whose_condition_fails_denies() -> None:
    def broken(item: Tool, caller: Identity) -> bool:
        raise RuntimeError("boom")

    toolset = files().with_policy(Policy(rules=(PolicyRule(effect="allow", when=broken),)))
    assert toolset.list_tools(ANN) == []


def test_approval_decides_each_call_of_destructive_tools() -> None:
    asked: list[ApprovalRequest] = []

    async def approve(request: ApprovalRequest) -> bool:
        asked.append(request)
        return str(request.arguments["path"]).startswith("/tmp/")

    policy = Policy(rules=(PolicyRule(effect="approve", destructive=True),), approve=approve)
    toolset = files().with_policy(policy, name="ops")
    assert "delete_file" in names(toolset.list_tools(ANN))
    assert toolset.call_sync("delete_file", {"path": "/tmp/a"}, identity=ANN).text
    with pytest.raises(AccessDeniedError, match="not approved"):
        toolset.call_sync("delete_file", {"path": "/etc/passwd"}, identity=ANN)
    with pytest.raises(ArgumentValidationError):
        toolset.call_sync("delete_file", {"path": 7}, identity=ANN)
    assert ran == [("delete_file", "/tmp/a")]
    assert [(r.tool.name, r.identity, r.toolset) for r in asked] == [
        ("delete_file", ANN, "ops"),
        ("delete_file", ANN, "ops"),
    ]
    no_hook = files().with_policy(Policy(rules=(PolicyRule(effect="approve", tools={"add_note"}),)))
    with pytest.raises(AccessDeniedError):
        no_hook.call_sync("add_note", {"text": "x"})

    def failing(request: ApprovalRequest) -> bool:
        raise RuntimeError("hook down")

    broken = files().with_policy(
        Policy(rules=(PolicyRule(effect="approve", tools={"add_note"}),), approve=failing)
    )
    with pytest.raises(AccessDeniedError):
        broken.call_sync("add_note", {"text": "x"})
    assert ran == [("delete_file", "/tmp/a")]


def test_inner_and_outer_policies_both_apply() -> None:
    inner = files().with_policy(Policy(rules=(PolicyRule(effect="deny", tools={"delete_file"}),)))
    outer = inner.prefixed("fs").with_policy(Policy(tenants={"acme"}))
    assert "fs_delete_file" not in names(outer.list_tools(ANN))
    with pytest.raises(ToolNotFoundError):
        outer.call_sync("fs_delete_file", {"path": "/x"}, identity=ANN)
    assert outer.list_tools(BOB) == []
    assert ran == []


def test_the_policy_timeout_bounds_every_call() -> None:
    toolset = files().with_policy(Policy(timeout=0.2))
    with pytest.raises(ToolTimeoutError):
        toolset.call_sync("slow", {"seconds": 5})
    assert toolset.call_sync("slow", {"seconds": 0}).text == "awake"


def test_tools_run_as_their_caller() -> None:
    toolset = files()
    assert toolset.call_sync("whoami", identity=ANN).text == "ann"
    (bound,) = [item for item in toolset.tools(BOB) if item.name == "whoami"]
    assert bound.invoke().text == "bob"


# -- rate limits --------------------------------------------------------------------------


def test_a_burst_is_cut_at_the_limit_and_other_tenants_are_unaffected() -> None:
    limited = files().with_policy(Policy(rate_limits=(RateLimit(calls=3, per=1, scope="tenant"),)))
    outcomes: list[str] = []
    waits: list[float] = []
    for _ in range(5):
        try:
            limited.call_sync("add_note", {"text": "a"}, identity=ANN)
            outcomes.append("ok")
        except RateLimitError as error:
            outcomes.append("limited")
            waits.append(error.retry_after)
    assert outcomes == ["ok", "ok", "ok", "limited", "limited"]
    assert all(0.0 < wait <= 1.0 for wait in waits)
    assert limited.call_sync("add_note", {"text": "b"}, identity=BOB).text == "noted"
    assert ran == [("add_note", "a")] * 3 + [("add_note", "b")]
    time.sleep(waits[-1] + 0.05)  # the window moved past the burst: it passes again
    assert limited.call_sync("add_note", {"text": "c"}, identity=ANN).text == "noted"


def test_a_moving_window_never_allows_more_than_the_limit_in_any_window() -> None:
    limited = files().with_policy(Policy(rate_limits=(RateLimit(calls=2, per=1),)))
    limited.call_sync("add_note", {"text": "a"}, identity=ANN)
    time.sleep(0.5)
    limited.call_sync("add_note", {"text": "b"}, identity=ANN)
    with pytest.raises(RateLimitError) as refused:
        limited.call_sync("add_note", {"text": "c"}, identity=ANN)
    assert 0.3 < refused.value.retry_after <= 0.5  # the first call leaves the window
    time.sleep(refused.value.retry_after + 0.05)
    limited.call_sync("add_note", {"text": "d"}, identity=ANN)
    with pytest.raises(RateLimitError):  # "b" is still in the window
        limited.call_sync("add_note", {"text": "e"}, identity=ANN)
    assert [text for _, text in ran] == ["a", "b", "d"]


@pytest.mark.parametrize("window", ["moving", "sliding", "fixed"])
def test_each_window_cuts_a_burst_at_the_limit(window: Window) -> None:
    limited = files().with_policy(
        Policy(rate_limits=(RateLimit(calls=4, per=3600, window=window, scope="tenant"),))
    )
    waits: list[float] = []
    for _ in range(10):
        try:
            limited.call_sync("add_note", {"text": "a"}, identity=ANN)
        except RateLimitError as error:
            waits.append(error.retry_after)
    assert len(ran) == 4
    assert len(waits) == 6
    assert all(wait > 0.0 for wait in waits)


def test_a_clock_is_no_longer_taken_and_says_so() -> None:
    with pytest.warns(DeprecationWarning, match="wall-clock"):
        files().with_policy(Policy(), clock=time.monotonic)


@pytest.mark.parametrize(
    ("made", "message"),
    [
        (lambda: RateLimit(calls=1, per=0.5), "whole number of seconds"),
        (lambda: RateLimit(calls=1, window="leaky"), "window must be one of"),  # type: ignore[arg-type]
        (lambda: Policy(rate_limit_storage="memcached://x"), "rate_limit_storage must be"),
        (lambda: Policy(rate_limit_storage=6379), "must be a URI string"),  # type: ignore[arg-type]
        (lambda: Policy(rate_limit_fail_open="yes"), "fail_open must be true or false"),  # type: ignore[arg-type]
    ],
)
def test_bad_rate_limit_settings_are_config_errors(made: Any, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        made()


def test_per_tool_limits_count_each_tool_apart() -> None:
    limited = files().with_policy(
        Policy(rate_limits=(RateLimit(calls=1, per=3600.0, scope="tenant_tool"),)),
    )
    limited.call_sync("add_note", {"text": "a"}, identity=ANN)
    limited.call_sync("read_file", {"path": "/a"}, identity=ANN)
    with pytest.raises(RateLimitError):
        limited.call_sync("add_note", {"text": "b"}, identity=ANN)
    limited.call_sync("add_note", {"text": "c"}, identity=BOB)
    assert [entry[0] for entry in ran] == ["add_note", "read_file", "add_note"]


def test_every_attempt_takes_a_token_and_a_flood_never_reaches_the_approver() -> None:
    asked: list[ApprovalRequest] = []

    def approve(request: ApprovalRequest) -> bool:
        asked.append(request)
        return False

    limited = files().with_policy(
        Policy(
            rules=(PolicyRule(effect="approve", destructive=True),),
            approve=approve,
            rate_limits=(RateLimit(calls=2, per=3600.0, scope="tenant"),),
        ),
    )
    with pytest.raises(ArgumentValidationError):
        limited.call_sync("delete_file", {"path": 7}, identity=ANN)
    with pytest.raises(AccessDeniedError, match="not approved"):
        limited.call_sync("delete_file", {"path": "/a"}, identity=ANN)
    with pytest.raises(RateLimitError):
        limited.call_sync("delete_file", {"path": "/b"}, identity=ANN)
    assert [request.arguments for request in asked] == [{"path": "/a"}]
    assert ran == []


# -- audit --------------------------------------------------------------------------------

SECRET = "sk-live-0123456789abcdef"


def test_every_call_gives_one_record_and_secrets_never_appear() -> None:
    sink = MemorySink()
    policy = Policy(
        rules=(PolicyRule(effect="deny", tools={"delete_file"}, tenants={"globex"}),),
        rate_limits=(RateLimit(calls=100, per=1.0, scope="global"),),
        timeout=0.2,
    )
    toolset = (
        files()
        .with_policy(policy)
        .prefixed("fs")
        .named("audited")
        .with_audit(sink, secrets=[f"Bearer {SECRET}", SECRET])
    )

    async def calls() -> list[str]:
        attempts: list[tuple[str, Any, Identity]] = [
            ("fs_read_file", {"path": SECRET}, ANN),  # success
            ("fs_delete_file", {"path": "/x"}, BOB),  # denied
            ("fs_nothing", {}, ANN),  # unknown
            ("fs_read_file", {"path": 5}, ANN),  # invalid
            ("fs_slow", {"seconds": 3}, ANN),  # timeout
            ("fs_add_note", {"text": "x", "api_key": SECRET}, ANN),  # invalid (extra key)
            ("fs_read_file", json.dumps({"path": "/j", "token": SECRET}), ANN),
        ]
        seen: list[str] = []
        for name, arguments, caller in attempts:
            try:
                await toolset.call(name, arguments, identity=caller, call_id=f"call-{len(seen)}")
                seen.append("ok")
            except toolbridge.ToolbridgeError as error:
                seen.append(type(error).__name__)
        return seen

    outcomes = asyncio.run(calls())
    assert len(sink.records) == len(outcomes) == 7
    summary = [(r.tool, r.original_tool, r.decision, r.outcome) for r in sink.records]
    assert summary == [
        ("fs_read_file", "read_file", "allowed", "success"),
        ("fs_delete_file", None, "denied", "refused"),
        ("fs_nothing", None, "unknown", "refused"),
        ("fs_read_file", "read_file", "allowed", "invalid_arguments"),
        ("fs_slow", "slow", "allowed", "timeout"),
        ("fs_add_note", "add_note", "allowed", "invalid_arguments"),
        ("fs_read_file", "read_file", "allowed", "invalid_arguments"),
    ]
    first = sink.records[0]
    assert (first.subject, first.tenant, first.toolset, first.call_id) == (
        "ann",
        "acme",
        "audited",
        "call-0",
    )
    assert first.fingerprint == read_file.fingerprint
    assert first.duration_ms >= 0
    dumped = json.dumps([record.to_dict() for record in sink.records])
    assert SECRET not in dumped
    assert sink.records[5].arguments == {"text": "x", "api_key": "[redacted]"}


def test_a_tool_error_is_recorded_as_one() -> None:
    @tool
    def fails() -> str:
        """Always fails."""
        raise ValueError("nope")

    sink = MemorySink()
    toolset = StaticToolset([fails]).with_audit(sink)
    with pytest.raises(toolbridge.ToolExecutionError):
        toolset.call_sync("fails")
    assert [r.outcome for r in sink.records] == ["error"]

    reporting = StaticToolset(
        [Tool(name="bad", invoker=_ErrorResult())]  # returns an isError result
    ).with_audit(sink)
    assert reporting.call_sync("bad").is_error
    assert sink.records[-1].outcome == "tool_error"


class _ErrorResult:
    def call(self, arguments: dict[str, Any], timeout: float | None) -> Any:
        return toolbridge.ToolResult.from_error("it broke")

    async def acall(self, arguments: dict[str, Any], timeout: float | None) -> Any:
        return toolbridge.ToolResult.from_error("it broke")


def test_sinks_write_one_escaped_json_line_per_record(caplog: pytest.LogCaptureFixture) -> None:
    stream = io.StringIO()
    lines_sink = JsonLinesSink(stream)
    toolset = files().with_audit(lines_sink).with_audit(LoggingSink())
    evil = 'read_file\n{"forged": true}'
    with caplog.at_level(logging.INFO, logger="toolbridge.audit"), pytest.raises(ToolNotFoundError):
        toolset.call_sync(evil, {"path": "x"})
    lines_sink.flush()
    lines = stream.getvalue().splitlines()
    assert len(lines) == 1
    assert json.loads(lines[0])["tool"] == evil
    (logged,) = [r for r in caplog.records if r.name == "toolbridge.audit"]
    assert "\n" not in logged.getMessage()
    assert json.loads(logged.getMessage())["tool"] == evil


def test_a_failing_sink_never_fails_the_call(caplog: pytest.LogCaptureFixture) -> None:
    class Broken:
        def write(self, record: object) -> None:
            raise OSError("disk full")

    toolset = files().with_audit(Broken())
    with caplog.at_level(logging.ERROR, logger="toolbridge.toolsets"):
        assert toolset.call_sync("add_note", {"text": "a"}).text == "noted"
    assert any("audit sink failed" in r.getMessage() for r in caplog.records)


# -- chaining, export and binding ---------------------------------------------------------


def test_a_chain_branches_from_one_base_and_leaves_it_unchanged() -> None:
    sink = MemorySink()
    registry = Registry([read_file.replace(namespace="fs"), delete_file.replace(namespace="fs")])
    registry.add(add_note.replace(namespace="notes"))
    base = registry.filtered(namespaces=["fs"])
    readonly = base.named("readonly").filtered(read_only=True).prefixed("ro").with_audit(sink)
    everything = base.excluding("delete_*").with_policy(Policy(tenants={"acme"}))
    assert names(base.list_tools()) == ["read_file", "delete_file"]
    assert names(readonly.list_tools()) == ["ro_read_file"]
    assert names(everything.list_tools(ANN)) == ["read_file"]
    assert everything.list_tools(BOB) == []
    assert readonly.call_sync("ro_read_file", {"path": "/q"}).text == "text of /q"
    assert [(r.toolset, r.tool) for r in sink.records] == [("readonly", "ro_read_file")]


def test_bound_tools_carry_policy_and_audit_into_any_format() -> None:
    sink = MemorySink()
    toolset = (
        files()
        .with_policy(Policy(rules=(PolicyRule(effect="deny", destructive=True),)))
        .with_audit(sink)
    )
    exported = toolset.to("openai", ANN)
    assert [entry["function"]["name"] for entry in exported] == names(toolset.list_tools(ANN))
    bound = {item.name: item for item in toolset.tools(ANN)}
    assert "delete_file" not in bound
    with pytest.raises(ArgumentValidationError):
        bound["read_file"].invoke({"path": 1})
    assert asyncio.run(bound["read_file"].ainvoke({"path": "/b"})).text == "text of /b"
    assert [r.outcome for r in sink.records] == ["invalid_arguments", "success"]


def test_nothing_the_caller_gave_is_changed() -> None:
    arguments = {"path": "/a", "extra": [1, 2]}
    snapshot = json.dumps(arguments)
    toolset = files().with_audit(MemorySink())
    with pytest.raises(ArgumentValidationError):
        toolset.call_sync("read_file", arguments)
    assert json.dumps(arguments) == snapshot


def test_a_custom_toolset_gets_every_wrapper() -> None:
    class Single(Toolset):
        name = "single"

        def all_tools(self) -> tuple[Tool, ...]:
            return (add_note,)

        def list_tools(self, identity: Identity = ANONYMOUS) -> list[Tool]:
            return [add_note]

        def find(self, name: str, identity: Identity = ANONYMOUS) -> Tool | None:
            return add_note if name == "add_note" else None

        async def call_tool(self, name: str, arguments: Any, options: Any) -> Any:
            return await add_note.ainvoke(arguments)

    wrapped = Single().prefixed("x").with_policy(Policy(tenants={"acme"}))
    assert names(wrapped.list_tools(ANN)) == ["x_add_note"]
    assert wrapped.call_sync("x_add_note", {"text": "t"}, identity=ANN).text == "noted"


def test_the_registry_reads_framework_objects_and_provider_json() -> None:
    from langchain_core.tools import StructuredTool

    def shout(text: str) -> str:
        """Say it louder."""
        return text.upper()

    registry = Registry()
    registry.add_object(StructuredTool.from_function(shout), source="langchain")
    registry.add_object(toolbridge.formats.to_openai([add_note]), source="openai")
    assert sorted(item.name for item in registry.list_tools()) == ["add_note", "shout"]
    assert registry.call_sync("shout", {"text": "hi"}).text == "HI"
    assert registry.source_of("add_note") == "openai"
    with pytest.raises(toolbridge.NotInvocableError):  # provider JSON is a definition only
        registry.call_sync("add_note", {"text": "x"})


def test_a_toolset_loads_into_a_framework_with_its_policy_and_audit() -> None:
    sink = MemorySink()
    toolset = (
        files()
        .with_policy(Policy(rules=(PolicyRule(effect="deny", destructive=True, roles={"intern"}),)))
        .with_audit(sink)
    )
    intern = Identity(subject="ivy", roles={"intern"})
    made = {item.name: item for item in toolset.to("langchain", intern)}
    assert "delete_file" not in made
    assert made["read_file"].invoke({"path": "/r"}) == "text of /r"
    assert [(r.subject, r.tool, r.outcome) for r in sink.records] == [
        ("ivy", "read_file", "success")
    ]


def test_mixed_calls_give_one_record_each_and_planted_secrets_never_show(
    caplog: pytest.LogCaptureFixture,
) -> None:
    planted = "ghp_PLANTEDsecret0123456789"

    @tool
    def echo_back(text: str) -> toolbridge.ToolResult:
        """Echo, failing loudly on 'fail'."""
        if text == "fail":
            return toolbridge.ToolResult.from_error(f"could not echo, token {planted}")
        return toolbridge.ToolResult.from_text(text)

    sink, stream = MemorySink(), io.StringIO()
    lines_sink = JsonLinesSink(stream)
    sinks = (sink, lines_sink, LoggingSink())

    class EverySink:
        def write(self, record: Any) -> None:
            for each in sinks:
                each.write(record)

    toolset = (
        StaticToolset([echo_back, slow, delete_file], name="mixed")
        .with_policy(Policy(rules=(PolicyRule(effect="deny", tools={"delete_file"}),), timeout=0.2))
        .with_audit(EverySink(), secrets=[planted])
    )
    attempts: list[tuple[str, Any]] = [
        ("echo_back", {"text": f"hello {planted}"}),  # success, secret in the arguments
        ("delete_file", {"path": planted}),  # denied
        ("echo_back", {"text": 7, "authorization": planted}),  # invalid
        ("slow", {"seconds": 3}),  # timeout
        ("echo_back", {"text": "fail"}),  # tool error, secret in the error text
    ] * 4
    with caplog.at_level(logging.INFO, logger="toolbridge.audit"):
        for name, arguments in attempts:
            with contextlib.suppress(toolbridge.ToolbridgeError):
                toolset.call_sync(name, arguments, identity=Identity(subject=planted))
    lines_sink.flush()
    logged = [r.getMessage() for r in caplog.records if r.name == "toolbridge.audit"]
    assert len(sink.records) == len(stream.getvalue().splitlines()) == len(logged) == 20
    assert (stream.getvalue() + "".join(logged)).count(planted) == 0
    assert {r.outcome for r in sink.records} == {
        "success",
        "refused",
        "invalid_arguments",
        "timeout",
        "tool_error",
    }
    text = json.dumps([record.to_dict() for record in sink.records])
    assert text.count(planted) == 0
    assert text.count("[redacted]") >= 20
