"""A real ``redis-server`` for the replica tests of this folder.

(tests/toolsets/conftest.py starts the session's for the rate-limit tests; fixtures
of a sibling folder's conftest do not reach here.)
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    """``redis://127.0.0.1:PORT/0`` of a ``redis-server`` started for the test alone."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not on PATH: apt-get install -y redis-server")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    server = subprocess.Popen(
        [binary, "--bind", "127.0.0.1", "--port", str(port), "--save", "",
         "--appendonly", "no", "--dir", str(tmp_path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as connection:
                    connection.sendall(b"PING\r\n")
                    if connection.recv(64).startswith(b"+PONG"):
                        break
            except OSError:
                assert server.poll() is None, "redis-server exited"
                assert time.monotonic() < deadline, "redis-server did not answer PING"
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(10)
