"""Real servers on 127.0.0.1 for tests that need one to talk to: in a thread, or a process."""

from __future__ import annotations

import contextlib
import http.server
import os
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path


@contextlib.contextmanager
def http_server(handler: type[http.server.BaseHTTPRequestHandler]) -> Iterator[str]:
    """Serve `handler` on a free loopback port until the block ends; its base URL."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


_FIRST_PORT = 20000
"""Ports handed out by `free_port` start here: below Linux's ephemeral range (32768 up),
which the kernel gives to every ``bind(0)`` and outgoing connection of the machine."""
_PORTS_EACH = 1500
"""How many ports each pytest-xdist worker has to itself."""
_handed: list[int] = []


def free_port() -> int:
    """A loopback port nobody listens on now, that no other test process is given.

    A port the kernel picks (``bind(0)``) and the probe then closes can be picked again
    by another xdist worker's probe, or any server's ``bind(0)``, before our server
    binds it: the test then talks to a stranger (a 404 where ``initialize`` was
    expected). So each worker takes ports from a range of its own, outside the
    kernel's ephemeral range, each once per process, and checks it is free.
    """
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw-1").removeprefix("gw")
    index = int(worker) + 1 if worker.lstrip("-").isdigit() else 0
    first = _FIRST_PORT + (index % 8) * _PORTS_EACH
    start = _handed[-1] + 1 if _handed else first + (os.getpid() % 500)
    for offset in range(_PORTS_EACH):
        port = first + (start - first + offset) % _PORTS_EACH
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
        _handed.append(port)
        return port
    raise RuntimeError(f"no free loopback port in {first}..{first + _PORTS_EACH - 1}")


@contextlib.contextmanager
def server_process(
    argv: Sequence[str],
    port: int,
    log: Path,
    *,
    what: str,
    env: Mapping[str, str] | None = None,
    within: float = 30,
    path: str = "/mcp",
) -> Iterator[str]:
    """Run `argv` (a server that listens on `port`) until the block ends; its URL.

    Its output goes to `log`. It must listen `within` seconds; if it exits or does not,
    `RuntimeError` says so with its output. It ends with its process group (SIGTERM,
    then SIGKILL after 5 s).
    """
    with open(log, "wb") as output:
        process = subprocess.Popen(
            list(argv),
            env={**os.environ, **(env or {})},
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + within
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"{what} exited with {process.returncode}:\n{log.read_text()}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(
                        f"{what} did not listen on {port}:\n{log.read_text()}"
                    ) from None
                time.sleep(0.05)
        yield f"http://127.0.0.1:{port}{path}"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
