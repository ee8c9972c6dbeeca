"""``toolbridge mcp call`` when the server asks the user: --answer, a terminal, or no."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from toolbridge import ElicitResult
from toolbridge.cli._answers import parse_answer

SERVER = [
    sys.executable,
    str(Path(__file__).resolve().parents[1] / "servers" / "eliciting_server.py"),
]


def call(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolbridge", "mcp", "call", *args, "--", *SERVER],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _text(done: subprocess.CompletedProcess[str]) -> list[str]:
    return [block["text"] for block in json.loads(done.stdout)["content"]]


def test_answers_are_words_or_a_json_object() -> None:
    assert parse_answer("decline") == ElicitResult.decline()
    assert parse_answer(" Cancel ") == ElicitResult.cancel()
    assert parse_answer("accept") == ElicitResult.accept()
    assert parse_answer('{"guests": 2}') == ElicitResult.accept({"guests": 2})
    with pytest.raises(ValueError, match="accept, decline, cancel or a JSON object"):
        parse_answer("[1, 2]")


def test_an_answer_given_on_the_command_line_is_sent() -> None:
    done = call("book_table", '{"restaurant": "Chez"}', "--answer", '{"guests": 3, "name": "Bo"}')
    assert done.returncode == 0, done.stderr
    assert _text(done) == ["booked Chez for 3 under Bo"]


def test_answers_go_to_the_questions_in_turn() -> None:
    done = call("two_rounds", "{}", "--answer", '{"value": "a"}', "--answer", '{"value": "b"}')
    assert done.returncode == 0, done.stderr
    assert _text(done) == ["first=a second=b"]


def test_without_an_answer_or_a_terminal_the_question_is_declined_with_a_warning() -> None:
    done = call("book_table", '{"restaurant": "Chez"}')
    assert done.returncode == 0, done.stderr
    assert _text(done)[0] == "declined"
    assert "'Booking at Chez: details?'" in done.stderr
    assert "pass --answer" in done.stderr


def test_a_bad_answer_is_a_usage_error_before_anything_starts() -> None:
    done = call("book_table", '{"restaurant": "Chez"}', "--answer", "maybe")
    assert done.returncode == 2
    assert "--answer" in done.stderr
    assert done.stdout == ""


def test_an_answer_that_breaks_the_form_is_refused_with_its_paths() -> None:
    """The form says what it takes: an answer it refuses is never sent, and says where."""
    done = call("book_table", '{"restaurant": "Chez"}', "--answer", '{"guests": "three"}')
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line.startswith(
        "toolbridge: error: the answer to 'Booking at Chez: details?' does not match its form: "
    )
    assert "guests: expected integer, got string" in line
    assert "name: required property is missing" in line


def test_at_a_terminal_the_form_is_asked_field_by_field() -> None:
    master, slave = pty.openpty()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "toolbridge",
            "mcp",
            "call",
            "book_table",
            '{"restaurant": "Chez"}',
            "--",
            *SERVER,
        ],
        stdin=slave,
        stdout=subprocess.PIPE,
        stderr=slave,
        env={**os.environ, "COLUMNS": "120"},
    )
    os.close(slave)
    seen = b""
    # "two" is refused (a whole number is wanted) and the field asked again.
    steps = [
        (b"(guests; integer", b"two\n"),
        (b"expected a whole number", b"2\n"),
        (b"(name; string", b"Ada\n"),
    ]
    deadline = time.monotonic() + 90
    try:
        while steps and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 1)
            if ready:
                try:
                    seen += os.read(master, 65536)
                except OSError:
                    break
            marker, reply = steps[0]
            if marker in seen:
                os.write(master, reply)
                steps.pop(0)
        out, _ = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
    assert b"asks: Booking at Chez: details?" in seen
    assert b"expected a whole number" in seen
    assert process.returncode == 0
    assert json.loads(out)["content"][0]["text"] == "booked Chez for 2 under Ada"
