"""``toolbridge serve`` over HTTP in a subprocess, for the replica and conformance tests."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO

SERVE = [sys.executable, "-m", "toolbridge", "serve"]


@contextlib.contextmanager
def serving(
    tools: Path,
    *options: str,
    launcher: Sequence[str] = (),
    stdout: IO[str] | int = subprocess.DEVNULL,
    env: Mapping[str, str] | None = None,
) -> Iterator[tuple[subprocess.Popen[str], str, int]]:
    """``toolbridge serve TOOLS --transport http --port 0 OPTIONS``: the process, URL, port.

    `launcher` goes before the command (``opentelemetry-instrument``); `env` is added
    to this process's environment. Stopped with SIGTERM when the block ends (if still
    running), and waited for.
    """
    process = subprocess.Popen(
        [*launcher, *SERVE, str(tools), "--transport", "http", "--port", "0", *options],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
    )
    try:
        assert process.stderr is not None
        line = process.stderr.readline()
        assert " on http://127.0.0.1:" in line, line + (
            process.stderr.read() if process.poll() else ""
        )
        url = line.rsplit(" on ", 1)[1].strip()
        yield process, url, int(url.rsplit(":", 1)[1].split("/")[0])
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stderr is not None:
            process.stderr.close()
