"""A stdio server's process, with real subprocesses: literal argv, no secrets, stderr
drained and bounded, and the whole process tree ended on close, stubborn ones too."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path

import pytest

from toolbridge import ServerError, ToolbridgeError
from toolbridge.mcp import StdioServer
from toolbridge.mcp._process import ServerProcess


def _python(code: str, *args: str, **options: object) -> StdioServer:
    return StdioServer(command=sys.executable, args=("-c", code, *args), **options)  # type: ignore[arg-type]


def _alive(pid: int) -> bool:
    """True while `pid` runs (a zombie counts as ended: it only waits to be reaped)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


ECHO = "import sys\nfor line in sys.stdin:\n    sys.stdout.write(line); sys.stdout.flush()\n"


def test_messages_go_in_on_stdin_and_come_back_on_stdout() -> None:
    async def main() -> tuple[bytes, int]:
        process = await ServerProcess.start(_python(ECHO), name="echo")
        process.stdin.write(b'{"jsonrpc": "2.0"}\n')
        await process.stdin.drain()
        line = await asyncio.wait_for(process.stdout.readline(), 10)
        return line, await process.close()

    line, status = asyncio.run(main())
    assert line == b'{"jsonrpc": "2.0"}\n'
    assert status == 0  # closing stdin ended it politely


def test_the_argv_is_literal_never_a_shell() -> None:
    hostile = "$(touch pwned); `id` | rm -rf / ; echo *"
    code = "import sys, json; print(json.dumps(sys.argv[1:]), flush=True)"

    async def main() -> bytes:
        process = await ServerProcess.start(_python(code, hostile, "two words"))
        line = await asyncio.wait_for(process.stdout.readline(), 10)
        await process.close()
        return line

    assert json.loads(asyncio.run(main())) == [hostile, "two words"]


def test_the_server_sees_no_parent_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret")
    monkeypatch.setenv("SHARED_TOKEN", "named")
    code = "import os, json; print(json.dumps(dict(os.environ)), flush=True)"
    server = _python(code, inherit_env=("SHARED_TOKEN",), env={"MODE": "test"})

    async def main() -> bytes:
        process = await ServerProcess.start(server)
        line = await asyncio.wait_for(process.stdout.readline(), 10)
        await process.close()
        return line

    environment = json.loads(asyncio.run(main()))
    assert "OPENAI_API_KEY" not in environment
    assert environment["SHARED_TOKEN"] == "named"
    assert environment["MODE"] == "test"
    assert environment["PATH"] == os.environ["PATH"]


def test_the_working_directory_is_the_configured_one(tmp_path: Path) -> None:
    code = "import os; print(os.getcwd(), flush=True)"

    async def main() -> bytes:
        process = await ServerProcess.start(_python(code, cwd=str(tmp_path)))
        line = await asyncio.wait_for(process.stdout.readline(), 10)
        await process.close()
        return line

    assert asyncio.run(main()).decode().strip() == str(tmp_path.resolve())


@pytest.mark.parametrize(
    ("server", "words"),
    [
        (
            StdioServer(command="toolbridge-no-such-server"),
            "cannot start 'toolbridge-no-such-server'",
        ),
        (StdioServer(command=sys.executable, cwd="/no/such/dir"), "cannot start"),
    ],
)
def test_a_server_that_cannot_start_is_a_server_error(server: StdioServer, words: str) -> None:
    with pytest.raises(ServerError, match=words) as raised:
        asyncio.run(ServerProcess.start(server, name="broken"))
    assert raised.value.server == "broken"
    assert isinstance(raised.value, ToolbridgeError)


@pytest.mark.parametrize("newlines", [True, False])
def test_a_stderr_flood_never_blocks_and_only_its_tail_is_kept(newlines: bool) -> None:
    # 10 MB on stderr before the answer: a pipe nobody reads would block the server
    # after 64 KB and the answer would never come.
    unit = "x" * 99 + ("\n" if newlines else "x")
    code = (
        "import sys\n"
        f"chunk = {unit!r} * 1000\n"
        "for _ in range(100): sys.stderr.write(chunk)\n"
        "sys.stderr.write('THE END'); sys.stderr.flush()\n"
        "print('answer', flush=True)\n"
        "sys.stdin.read()\n"
    )

    async def main() -> tuple[bytes, str]:
        process = await ServerProcess.start(_python(code), stderr_limit=4096)
        line = await asyncio.wait_for(process.stdout.readline(), 30)
        await process.close()
        return line, process.stderr_tail()

    line, tail = asyncio.run(main())
    assert line == b"answer\n"
    assert len(tail) <= 4096
    assert tail.endswith("THE END")


STUBBORN = (
    "import signal, subprocess, sys, time\n"
    "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
    "child = subprocess.Popen([sys.executable, '-c', "
    "'import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(600)'])\n"
    "print(child.pid, flush=True)\n"
    "sys.stdin.close()\n"
    "while True: time.sleep(1)\n"
)


def test_a_server_that_ignores_stdin_close_and_sigterm_is_ended_with_its_children() -> None:
    async def main() -> tuple[int, int, int, float]:
        process = await ServerProcess.start(_python(STUBBORN))
        grandchild = int(await asyncio.wait_for(process.stdout.readline(), 10))
        started = time.monotonic()
        status = await process.close(timeout=1.0)
        return process.pid, grandchild, status, time.monotonic() - started

    pid, grandchild, status, took = asyncio.run(main())
    assert status == -9  # it took SIGKILL
    assert took < 5
    deadline = time.monotonic() + 5
    while (_alive(pid) or _alive(grandchild)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(pid)
    assert not _alive(grandchild)  # the grandchild went with the group


def test_a_line_longer_than_the_message_limit_is_refused() -> None:
    code = "print('x' * 100_000, flush=True); import sys; sys.stdin.read()"

    async def main() -> None:
        process = await ServerProcess.start(_python(code), max_message_size=1024)
        try:
            with pytest.raises(ValueError, match="limit"):
                await asyncio.wait_for(process.stdout.readline(), 10)
        finally:
            await process.close()

    asyncio.run(main())


def test_a_server_that_dies_at_once_keeps_its_last_words() -> None:
    code = "import sys; sys.stderr.write('boom: no token'); sys.exit(3)"

    async def main() -> tuple[bytes, int, str]:
        process = await ServerProcess.start(_python(code))
        line = await asyncio.wait_for(process.stdout.readline(), 10)  # EOF: b""
        return line, await process.close(), process.stderr_tail()

    line, status, tail = asyncio.run(main())
    assert line == b""
    assert status == 3
    assert tail == "boom: no token"
    error = ServerError("exited before answering", server="x", stderr=tail)
    assert "boom: no token" in str(error)
