"""Shared test fixtures.

A real ``redis-server`` (``redis_server``, ``redis_servers``, ``redis_url``) is found
on PATH or installed from Debian's package, for the shared rate-limit and replica
tests. The MCP fixtures start real servers: ``fixture_server`` (tests/servers/fixture_server.py,
a raw stdio server whose flags make it misbehave), ``everything_server`` and
``everything_http_server`` (the reference server from npm) and ``time_server`` (from
PyPI). Every test in ``tests/mcp/`` or ``tests/cli/test_mcp.py`` is also checked
for processes it left behind: see ``_no_process_left_behind``.
"""

from __future__ import annotations

import contextlib
import fcntl
import importlib.util
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .installing import installing
from .loopback import free_port, server_process

REPOSITORY = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"

FIXTURE_SERVER = Path(__file__).resolve().parent / "servers" / "fixture_server.py"
# Every server argv built here carries this argument, so a process that escaped the
# tree below pytest (re-parented when its parent died) is still found by its cmdline.
MARKER = f"toolbridge-test-marker={uuid.uuid4().hex[:12]}"

NPM_CACHE = REPOSITORY / ".cache" / "npm"
EVERYTHING = "@modelcontextprotocol/server-everything"
EVERYTHING_VERSION = "2026.8.31"

# How long a test's leftover processes get to end by themselves before they count.
LEFTOVER_GRACE = 3.0


# -- the order files run in ----------------------------------------------------------------

SLOWEST_FIRST = (
    "tests/project/test_install_shapes.py",
    "tests/mcp/test_conformance.py",
    "tests/plugins/test_plugins.py",
    "tests/project/test_docs.py",
    "tests/toolsets/test_properties.py",
    "tests/mcp/test_replica_properties.py",
    "tests/mcp/test_server.py",
    "tests/mcp/test_replicas.py",
    "tests/cli/test_mcp.py",
)
"""The files that take longest (minutes), in that order: the suite runs in two
processes a file at a time (pytest-xdist ``--dist=loadfile``), and a long file taken
up last would leave one process working alone at the end."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the slowest files first; every other test keeps its place."""
    rank = {name: index for index, name in enumerate(SLOWEST_FIRST)}

    def place(item: pytest.Item) -> int:
        return rank.get(item.path.relative_to(REPOSITORY).as_posix(), len(rank))

    items.sort(key=place)


@pytest.fixture(scope="session")
def data_dir() -> Path:
    """``tests/data``: the MCP corpus and the JSON-Schema-Test-Suite (see its README)."""
    return DATA


# -- hostile input: typed errors only ------------------------------------------------------


@pytest.fixture(scope="session")
def untyped_errors() -> Callable[[Any], list[str]]:
    """``untyped_errors(tool)``: what validation and every ``check`` / ``convert`` (strict
    too) raised that is not a `ToolbridgeError`, as ``"where: Type: message"`` lines."""
    from toolbridge import ToolbridgeError
    from toolbridge.formats import STRICT_TARGETS, TARGETS, check, convert

    def found(item: Any) -> list[str]:
        untyped: list[str] = []

        def attempt(where: str, call: Callable[..., Any], *args: Any, **options: Any) -> None:
            try:
                call(*args, **options)
            except ToolbridgeError:
                pass
            except Exception as error:
                untyped.append(f"{where}: {type(error).__name__}: {error}")

        attempt("validate", lambda: item.validate({}))
        for target in TARGETS:
            attempt(f"check {target}", check, [item], target)
            attempt(f"convert {target}", convert, item, target)
        for target in STRICT_TARGETS:
            attempt(f"check {target} strict", check, [item], target, strict=True)
            attempt(f"convert {target} strict", convert, item, target, strict=True)
        return untyped

    return found


@pytest.fixture
def cli_on_tools(tmp_path: Path) -> Callable[..., subprocess.CompletedProcess[bytes]]:
    """``cli_on_tools(tools, *command)``: ``toolbridge COMMAND FILE`` on MCP tool objects.

    Asserts the command answered as a user may rely on: exit status 0 or 1, or 2 for
    an input error that names the tool (never a usage error), and no traceback.
    """

    def run(tools: list[dict[str, Any]], *command: str) -> subprocess.CompletedProcess[bytes]:
        source = tmp_path / "tools.json"
        source.write_text(json.dumps(tools))  # ensure_ascii: escapes stay escapes
        done = subprocess.run(
            [sys.executable, "-m", "toolbridge", *command, str(source)],
            capture_output=True,
            timeout=120,
        )
        stderr = done.stderr.decode(errors="replace")
        assert done.returncode in (0, 1, 2), stderr
        if done.returncode == 2:
            assert stderr.startswith("toolbridge: error: tool '"), stderr
        assert "Traceback" not in stderr
        return done

    return run


# -- raw HTTP --------------------------------------------------------------------------------


def _raw_http(port: int, request: bytes, *, leave: bool = False) -> tuple[int, bytes, float]:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        started = time.monotonic()
        connection.sendall(request)
        if leave:
            return 0, b"", 0.0
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
        took = time.monotonic() - started
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body, took


@pytest.fixture(scope="session")
def raw_http() -> Callable[..., tuple[int, bytes, float]]:
    """``raw_http(port, request, leave=False) -> (status, body, seconds)``.

    Sends `request` as raw bytes to 127.0.0.1 and reads until the server closes the
    connection (for what an HTTP client library would not send: two Host headers, a
    short body); with ``leave``, the client closes right after sending (status 0).
    """
    return _raw_http


# -- the fixture server -------------------------------------------------------------------


@pytest.fixture(scope="session")
def fixture_server() -> Callable[..., list[str]]:
    """``fixture_server(*flags) -> argv`` of the raw stdio test server with those flags.

    The argv is ``[sys.executable, tests/servers/fixture_server.py, --toolbridge-test-marker=…,
    *flags]``; the flags are listed in tests/servers/README.md.
    """

    def argv(*flags: str) -> list[str]:
        return [sys.executable, str(FIXTURE_SERVER), f"--{MARKER}", *flags]

    return argv


# -- no process left behind -----------------------------------------------------------------


def _stat(pid: int) -> list[str] | None:
    """Fields 3.. of /proc/PID/stat (state first), or None when the process is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            return file.read().rsplit(b")", 1)[1].decode().split()
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return None


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as file:
            return file.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except (FileNotFoundError, ProcessLookupError):
        return ""


def _children(pid: int) -> list[int]:
    children: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except FileNotFoundError:
        return children
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children") as file:
                children += [int(child) for child in file.read().split()]
        except FileNotFoundError:
            pass
    return children


def descendants(root: int | None = None) -> set[int]:
    """Every process below ``root`` (this one by default), zombies included."""
    found: set[int] = set()
    todo = _children(os.getpid() if root is None else root)
    while todo:
        pid = todo.pop()
        if pid not in found:
            found.add(pid)
            todo += _children(pid)
    return found


def marked() -> set[int]:
    """Live processes anywhere whose cmdline carries this session's marker."""
    needle = MARKER.encode()
    found: set[int] = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as file:
                    if needle in file.read():
                        found.add(int(entry))
            except (FileNotFoundError, ProcessLookupError):
                pass
    found.discard(os.getpid())
    return found


class ProcessWatch:
    """The processes a test started and left: below pytest, or marked and escaped."""

    def __init__(self) -> None:
        self.baseline = descendants() | marked()

    def strays(self, wait: float = 0.0) -> dict[int, str]:
        """Leftover pid -> ``state cmdline``, after waiting up to ``wait`` s for them to end.

        A zombie counts until it is reaped: something should have waited for it.
        """
        deadline = time.monotonic() + wait
        while True:
            found = (descendants() | marked()) - self.baseline
            if not found or time.monotonic() >= deadline:
                break
            time.sleep(0.02)
        strays: dict[int, str] = {}
        for pid in sorted(found):
            stat = _stat(pid)
            if stat is not None:
                strays[pid] = f"{stat[0]} {_cmdline(pid) or '(no cmdline)'}"
        return strays

    @staticmethod
    def kill(pids: list[int]) -> None:
        """SIGKILL these processes and reap the ones that are our own children."""
        own = set(_children(os.getpid()))
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        for pid in pids:
            if pid in own:
                deadline = time.monotonic() + 2
                while time.monotonic() < deadline:
                    try:
                        if os.waitpid(pid, os.WNOHANG) != (0, 0):
                            break
                    except ChildProcessError:  # reaped elsewhere meanwhile
                        break
                    time.sleep(0.01)


@pytest.fixture
def stray_processes() -> Callable[..., dict[int, str]]:
    """``stray_processes(wait=0.0)``: the processes started since this fixture and still there.

    Keys are PIDs, values ``"<state> <cmdline>"``: descendants of the test process
    (zombies included) and, anywhere on the machine, processes carrying the marker that
    every argv built by these fixtures has.
    """
    return ProcessWatch().strays


@pytest.fixture(autouse=True)
def _no_process_left_behind(request: pytest.FixtureRequest) -> Iterator[None]:
    """In the MCP test files: fail a test that leaves a process running, and kill it."""
    path = request.node.path
    if not (path.parent.name == "mcp" or (path.parent.name, path.name) == ("cli", "test_mcp.py")):
        yield
        return
    watch = ProcessWatch()
    yield
    strays = watch.strays(wait=LEFTOVER_GRACE)
    if strays:
        watch.kill(list(strays))
        listing = "\n".join(f"  {pid}: {line}" for pid, line in strays.items())
        pytest.fail(
            f"processes left behind {LEFTOVER_GRACE:g} s after the test (now killed):\n{listing}"
        )


# -- third-party servers --------------------------------------------------------------------


def _node_tools() -> tuple[str, str]:
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        missing = " and ".join(name for name, path in (("node", node), ("npm", npm)) if not path)
        pytest.skip(f"Node.js is not installed: no {missing} on PATH (apt-get install nodejs npm)")
    return node, npm


def _installed_version(package: Path) -> str | None:
    try:
        return str(json.loads((package / "package.json").read_text())["version"])
    except (FileNotFoundError, KeyError, ValueError):
        return None


@pytest.fixture(scope="session")
def everything_package() -> Path:
    """The folder of the pinned ``@modelcontextprotocol/server-everything``, installed once.

    Installed with npm into ``.cache/npm/`` at the repository root (ignored by git) when
    that version is not there yet; skipped without Node.js, failed if npm fails.
    """
    _, npm = _node_tools()
    package = NPM_CACHE / "node_modules" / EVERYTHING
    NPM_CACHE.mkdir(parents=True, exist_ok=True)
    with open(NPM_CACHE.parent / "npm.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # concurrent test runs install once
        if _installed_version(package) != EVERYTHING_VERSION:
            command = [
                npm,
                "install",
                "--prefix",
                str(NPM_CACHE),
                "--no-audit",
                "--no-fund",
                "--save-exact",
                f"{EVERYTHING}@{EVERYTHING_VERSION}",
            ]
            done = subprocess.run(command, capture_output=True, text=True, timeout=300)
            if done.returncode != 0 or _installed_version(package) != EVERYTHING_VERSION:
                pytest.fail(
                    f"`{' '.join(command)}` failed with status {done.returncode}:\n"
                    f"{done.stdout}\n{done.stderr}"
                )
    return package


@pytest.fixture(scope="session")
def everything_server(everything_package: Path) -> list[str]:
    """The stdio argv of the reference server ``@modelcontextprotocol/server-everything``.

    ``[node, …/server-everything/dist/index.js, "stdio", --toolbridge-test-marker=…]``
    (its CLI reads only the first argument: stdio, sse or streamableHttp).
    """
    node, _ = _node_tools()
    return [node, str(everything_package / "dist" / "index.js"), "stdio", f"--{MARKER}"]


@pytest.fixture
def everything_http_server(everything_package: Path, tmp_path: Path) -> Iterator[str]:
    """The URL (``http://127.0.0.1:PORT/mcp``) of a running streamable HTTP server-everything.

    Started for the test as ``PORT=<free port> node …/dist/index.js streamableHttp`` and
    ended after it; its output goes to ``everything-http.log`` in the test's tmp_path.
    """
    node, _ = _node_tools()
    port = free_port()
    argv = [node, str(everything_package / "dist" / "index.js"), "streamableHttp", f"--{MARKER}"]
    log = tmp_path / "everything-http.log"
    with server_process(
        argv, port, log, what="server-everything (HTTP)", env={"PORT": str(port)}, within=20
    ) as url:
        yield url


@pytest.fixture(scope="session")
def time_server() -> list[str]:
    """The stdio argv of ``mcp-server-time`` (PyPI, a dev dependency), in UTC.

    ``[sys.executable, -X toolbridge-test-marker=…, -m, mcp_server_time, --local-timezone, UTC]``:
    its argparse CLI takes no extra argument, so the marker rides in a ``-X`` option.
    """
    if importlib.util.find_spec("mcp_server_time") is None:
        pytest.fail("mcp-server-time is missing: it is a dev dependency, run `uv sync`")
    return [sys.executable, "-X", MARKER, "-m", "mcp_server_time", "--local-timezone", "UTC"]


# -- a real Redis ---------------------------------------------------------------------------
# Found on PATH or installed; each server on a free loopback port, without persistence,
# in a temporary folder, stopped at the end. No mock and no fakeredis: the limits' Lua
# scripts run in the server they will run in for a user.

_START_TIMEOUT = 10.0


def _redis_server_binary() -> str | None:
    """``redis-server`` on PATH, installed from Debian's package when missing."""
    found = shutil.which("redis-server")
    if found is not None:
        return found
    if shutil.which("apt-get") is None:
        return None
    install = ["apt-get", "install", "-y", "-q", "redis-server"]
    with installing("apt"):
        if (
            shutil.which("redis-server") is None
            and subprocess.run(install, capture_output=True, check=False, timeout=600).returncode
        ):
            # The package lists may be missing or old: fetch them once and try again.
            update = ["apt-get", "update", "-q"]
            subprocess.run(update, capture_output=True, check=False, timeout=600)
            subprocess.run(install, capture_output=True, check=False, timeout=600)
    return shutil.which("redis-server")


class RedisServer:
    """One `redis-server` process on loopback; `url` is its ``redis://`` address."""

    def __init__(self, binary: str, folder: Path) -> None:
        self.port = free_port()
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


@pytest.fixture
def redis_url(redis_servers: RedisServers) -> Iterator[str]:
    """The ``redis://`` address of a server of the test's own, stopped after it."""
    server = redis_servers.start()
    try:
        yield server.url
    finally:
        server.stop()
