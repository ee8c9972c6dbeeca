"""A real `redis-server` for the shared rate-limit tests: found on PATH or installed.

The server runs on a free loopback port, without persistence, in a temporary folder,
and is stopped at the end. No mock and no fakeredis: the limits' Lua scripts run in
the server they will run in for a user.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

_START_TIMEOUT = 10.0


def _redis_server_binary() -> str | None:
    """``redis-server`` on PATH, installed from Debian's package when missing."""
    found = shutil.which("redis-server")
    if found is not None:
        return found
    if shutil.which("apt-get") is None:
        return None
    install = ["apt-get", "install", "-y", "-q", "redis-server"]
    if subprocess.run(install, capture_output=True, check=False, timeout=600).returncode:
        # The package lists may be missing or old: fetch them once and try again.
        subprocess.run(["apt-get", "update", "-q"], capture_output=True, check=False, timeout=600)
        subprocess.run(install, capture_output=True, check=False, timeout=600)
    return shutil.which("redis-server")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class RedisServer:
    """One `redis-server` process on loopback; `url` is its ``redis://`` address."""

    def __init__(self, binary: str, folder: Path) -> None:
        self.port = _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self._process = subprocess.Popen(
            [binary, "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
             "--appendonly", "no", "--dir", str(folder), "--protected-mode", "yes"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        self._wait_for_ping()

    def _wait_for_ping(self) -> None:
        import redis

        client = redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=0.5)
        deadline = time.monotonic() + _START_TIMEOUT
        try:
            while True:
                if self._process.poll() is not None:
                    raise RuntimeError(f"redis-server exited with {self._process.returncode}")
                try:
                    if client.ping():
                        return
                except redis.ConnectionError:
                    if time.monotonic() > deadline:
                        self.stop()
                        raise RuntimeError("redis-server did not answer PING in time") from None
                    time.sleep(0.05)
        finally:
            client.close()

    def stop(self) -> None:
        """Stop the server (and wait for it): its port refuses connections after."""
        if self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()


class RedisServers:
    """Starts private servers for tests that stop theirs; stops them all at the end."""

    def __init__(self, binary: str, folder: Path) -> None:
        self._binary, self._folder = binary, folder
        self._started: list[RedisServer] = []

    def start(self) -> RedisServer:
        server = RedisServer(self._binary, self._folder / str(len(self._started)))
        self._started.append(server)
        return server

    def stop_all(self) -> None:
        for server in self._started:
            server.stop()


@pytest.fixture(scope="session")
def redis_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServers]:
    """A source of real `redis-server` processes (skips when none can be had)."""
    binary = _redis_server_binary()
    if binary is None:
        pytest.skip("redis-server is not on PATH and `apt-get install redis-server` failed")
    servers = RedisServers(binary, tmp_path_factory.mktemp("redis"))
    try:
        yield servers
    finally:
        servers.stop_all()


@pytest.fixture(scope="session")
def redis_server(redis_servers: RedisServers) -> RedisServer:
    """One server for the session; tests keep apart by their own key namespaces."""
    return redis_servers.start()
