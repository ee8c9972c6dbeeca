"""The audit log's records and its JSON-lines sink: whole lines, in order, never lost
on a clean exit, written off the caller's thread."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolbridge import tool
from toolbridge.toolsets import AuditRecord, JsonLinesSink, Redactor, StaticToolset


def record(number: int, **changes: Any) -> AuditRecord:
    fields: dict[str, Any] = {
        "time": 1.5,
        "subject": "ann",
        "tenant": "acme",
        "roles": ("support",),
        "toolset": "desk",
        "tool": "echo",
        "original_tool": "echo",
        "source": "desk",
        "fingerprint": "f" * 16,
        "call_id": None,
        "decision": "allowed",
        "outcome": "success",
        "duration_ms": 0.25,
        "arguments": {"number": number},
    }
    return AuditRecord(**(fields | changes))


def numbers(path: Path) -> list[int]:
    return [json.loads(line)["arguments"]["number"] for line in path.read_text().splitlines()]


def test_to_dict_holds_every_field_and_copies_none_of_the_record() -> None:
    data = record(1, extra={"k": 1}).to_dict()
    assert set(data) == {field.name for field in dataclasses.fields(AuditRecord)}
    assert data["roles"] == ["support"]
    data["extra"]["k"] = 2
    assert record(1, extra={"k": 1}).to_dict()["extra"] == {"k": 1}


def test_records_reach_the_file_in_order_once_flushed(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    sink = JsonLinesSink(path)
    for number in range(2_000):
        sink.write(record(number))
    sink.flush()
    assert numbers(path) == list(range(2_000))
    sink.write(record(2_000))
    sink.close()
    assert numbers(path)[-1] == 2_000


def test_without_a_thread_a_record_is_in_the_file_when_write_returns(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    with JsonLinesSink(path, background=False) as sink:
        sink.write(record(7))
        assert numbers(path) == [7]


def test_a_stalled_log_pipe_never_holds_up_a_write() -> None:
    reading, writing = os.pipe()
    stream = os.fdopen(writing, "w", encoding="ascii")
    sink = JsonLinesSink(stream)
    big = "x" * 1_000
    started = time.perf_counter()
    for number in range(500):  # about 0.5 MB: far beyond what a pipe holds unread
        sink.write(record(number, error=big))
    took = time.perf_counter() - started
    assert took < 2.0  # (a writing thread is blocked on the full pipe meanwhile)
    received = bytearray()
    closer = threading.Thread(target=sink.close)  # waits for the writer to finish
    closer.start()
    with os.fdopen(reading, "rb") as pipe:
        while received.count(b"\n") < 500:
            chunk = os.read(pipe.fileno(), 65_536)
            if not chunk:
                break
            received += chunk
        closer.join(10)
    assert not closer.is_alive()
    stream.close()
    lines = received.decode().splitlines()
    assert [json.loads(line)["arguments"]["number"] for line in lines] == list(range(500))


def test_a_write_after_close_is_refused_and_the_call_still_succeeds(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    @tool
    def echo(text: str) -> str:
        """Echo."""
        return text

    sink = JsonLinesSink(tmp_path / "audit.jsonl")
    sink.close()
    with pytest.raises(ValueError, match="closed"):
        sink.write(record(1))
    toolset = StaticToolset([echo], name="desk").with_audit(sink)
    assert toolset.call_sync("echo", {"text": "hi"}).text == "hi"
    assert "audit sink failed" in caplog.text


WRITER = textwrap.dedent(
    """
    import sys
    from toolbridge.toolsets import AuditRecord, JsonLinesSink

    path, who, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    sink = JsonLinesSink(path)
    for number in range(count):
        sink.write(AuditRecord(
            time=0.0, subject=who, tenant=None, roles=(), toolset=None, tool="t" * 300,
            original_tool=None, source=None, fingerprint=None, call_id=None,
            decision="allowed", outcome="success", duration_ms=0.0,
            arguments={"number": number},
        ))
    # no close, no flush: the interpreter's exit writes out what is queued
    """
)


def test_two_processes_appending_to_one_file_never_split_a_line(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(path), who, "5000"])
        for who in ("a", "b")
    ]
    assert [writer.wait(60) for writer in writers] == [0, 0]
    records = [json.loads(line) for line in path.read_text().splitlines()]
    for who in ("a", "b"):
        mine = [r["arguments"]["number"] for r in records if r["subject"] == who]
        assert mine == list(range(5_000))


def test_a_forked_child_writes_its_own_records_and_none_of_its_parents(
    tmp_path: Path,
) -> None:
    script = textwrap.dedent(
        """
        import os, sys
        from toolbridge.toolsets import AuditRecord, JsonLinesSink

        def record(who, number):
            return AuditRecord(
                time=0.0, subject=who, tenant=None, roles=(), toolset=None, tool="t",
                original_tool=None, source=None, fingerprint=None, call_id=None,
                decision="allowed", outcome="success", duration_ms=0.0,
                arguments={"number": number},
            )

        sink = JsonLinesSink(sys.argv[1])
        for number in range(100):
            sink.write(record("parent", number))
        child = os.fork()
        if child == 0:
            for number in range(100):
                sink.write(record("child", number))
            sink.close()
            os._exit(0)
        os.waitpid(child, 0)
        sink.close()
        """
    )
    path = tmp_path / "audit.jsonl"
    subprocess.run([sys.executable, "-c", script, str(path)], check=True, timeout=60)
    records = [json.loads(line) for line in path.read_text().splitlines()]
    for who in ("parent", "child"):
        mine = [r["arguments"]["number"] for r in records if r["subject"] == who]
        assert mine == list(range(100))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda children: (
        st.lists(children, max_size=8)
        | st.dictionaries(st.text(alphabet="xyz\n\x00é", max_size=40), children, max_size=8)
    ),
    max_leaves=60,
)


@given(JSON_VALUES, st.integers(min_value=0, max_value=3))
def test_arguments_are_kept_whole_exactly_when_their_json_fits(value: Any, scale: int) -> None:
    arguments = {"payload": value, "pad": "é\x00" * (scale * 600)}
    kept = Redactor().record(record(0, arguments=arguments)).arguments
    text = json.dumps(arguments, ensure_ascii=False)
    if len(text) <= 4_000:
        assert kept == arguments
    else:
        assert kept == {"[truncated]": text[:4_000], "[length]": len(text)}
