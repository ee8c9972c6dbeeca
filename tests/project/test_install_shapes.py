"""Every install shape, from the built wheels, in a fresh virtual environment, does what
its page shows: the core alone, each extra alone (plus only the packages its page says
to install) and everything together.

A page opens with its install lines: a ``sh`` block of ``pip install`` lines, the first
one the extra alone. A shape installs exactly those from the wheels ``uv build
--all-packages`` made, and runs the page: its Python blocks in order (as
tests/project/test_docs.py runs them), the examples it names and the commands it documents.
The framework pages load the bundled MCP server's tools (``python -m
toolbridge.examples.server``, over stdio, in the same venv) into the framework and call
them in its agent loop, driven by the framework's own test model: no network, no API
key. Where a page asks for more than its extra, what the extra alone promises is checked
first; and what a shape lacks must be named, with the extra that brings it. Each plugin's
own tests (packages/<plugin>/tests) pass with only its wheel and its ``test`` dependency
group installed, copied away from the repository.
"""

from __future__ import annotations

import ast
import http.client
import http.server
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
WORKSPACE = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
# The workspace's own reproducible resolution: nothing newer than [tool.uv] exclude-newer.
EXCLUDE_NEWER: str = WORKSPACE["tool"]["uv"]["exclude-newer"]
PLUGINS = {"fastmcp", "langchain", "openai-agents", "pydantic-ai"}
BUNDLED = "-- python -m toolbridge.examples.server"
CLI_MISSING = "the toolbridge command needs its extra: pip install 'toolbridge[cli]'\n"

PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
SH_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.S | re.M)

# Run by the venv's python with a page's path: its Python blocks in order, in one
# namespace, as tests/project/test_docs.py runs them (a traceback names "<page> block <n>").
RUN_PAGE = """
import re, sys, types
from pathlib import Path

page = Path(sys.argv[1])
module = types.ModuleType("docs_" + page.stem.replace("-", "_"))
sys.modules[module.__name__] = module
blocks = re.findall(PATTERN, page.read_text(encoding="utf-8"), re.S | re.M)
for number, block in enumerate(blocks, start=1):
    exec(compile(block, f"{page.name} block {number}", "exec"), module.__dict__)
""".replace("PATTERN", repr(PYTHON_BLOCK.pattern))

# The core's own job with nothing else installed, and every missing extra named.
CORE_ALONE = """
import toolbridge
from toolbridge import tool
from toolbridge.errors import ConfigError, ConversionError
from toolbridge.formats import convert, from_openai, to_openai


@tool
def multiply(a: int, b: int = 2) -> int:
    "Multiply two integers."
    return a * b


assert multiply.invoke({"a": 6, "b": 7}).structured_content == {"result": 42}
assert not multiply.validate({"a": "six"}).ok
sent = to_openai(multiply, strict=True)
assert sent["function"]["strict"] is True, sent
assert from_openai(sent).name == "multiply"
assert convert([multiply], "anthropic").output[0]["name"] == "multiply"

try:
    from toolbridge.mcp import load_mcp_tools
except ImportError as error:
    assert "pip install 'toolbridge[mcp]'" in str(error), error
else:
    raise AssertionError("load_mcp_tools imported without the MCP SDK")
try:
    toolbridge.to("langchain", [multiply])
except ConversionError as error:
    assert "pip install 'toolbridge[langchain]'" in str(error), error
else:
    raise AssertionError("the langchain format was written without its plugin")

from toolbridge.search import ToolSearch

try:
    ToolSearch([multiply]).search("multiply", k=1)
except ConfigError as error:
    assert "pip install 'toolbridge[search]'" in str(error), error
else:
    raise AssertionError("a tool search ran without toolbridge[search]")
"""

# What `pip install 'toolbridge[langchain]'` alone promises (the page's first line):
# converting both ways, and an MCP server's tools loaded and called, with no `langchain`.
LANGCHAIN_ALONE = """
import asyncio
import sys

from toolbridge import tool
from toolbridge.mcp import StdioServer
from toolbridge_langchain import from_langchain, load_mcp_tools, to_langchain


@tool
def multiply(a: int, b: int = 2) -> int:
    "Multiply two integers."
    return a * b


assert from_langchain(to_langchain(multiply)) == multiply


async def main() -> None:
    server = StdioServer(command=sys.executable, args=("-m", "toolbridge.examples.server"))
    tools = {item.name: item for item in await load_mcp_tools({"weather": server})}
    arguments = {"value": 20, "from_unit": "celsius", "to_unit": "fahrenheit"}
    assert await tools["convert_temperature"].ainvoke(arguments) == "68.0"


asyncio.run(main())
try:
    import langchain.agents
except ImportError:
    pass  # create_agent: the page's second install line says so
else:
    raise AssertionError("toolbridge[langchain] brought langchain: the page says it does not")
"""

# What `pip install 'toolbridge[search]'` alone promises: BM25 search, and the extra
# of the dense and hybrid modes named.
SEARCH_ALONE = """
from toolbridge.errors import ConfigError
from toolbridge.examples.server import TOOLS
from toolbridge.search import ToolSearch

(hit,) = ToolSearch(list(TOOLS)).search("convert celsius to fahrenheit", k=1)
assert hit.name == "convert_temperature", hit
try:
    ToolSearch(list(TOOLS), mode="hybrid").search("convert celsius to fahrenheit", k=1)
except ConfigError as error:
    assert "pip install 'toolbridge[embeddings]'" in str(error), error
else:
    raise AssertionError("hybrid search ran without toolbridge[embeddings]")
"""

# What `pip install 'toolbridge[rest]'` alone promises: a toolset served over HTTP
# (uvicorn, loopback, a free port), called here with the standard library's client.
REST_ALONE = """
import asyncio
import json
import urllib.request

from toolbridge import tool
from toolbridge.rest import serve_rest_async


@tool
def multiply(a: int, b: int = 2) -> int:
    "Multiply two integers."
    return a * b


def post(url: str) -> dict:
    request = urllib.request.Request(
        f"{url}/tools/multiply",
        data=b'{"a": 6, "b": 7}',
        headers={"Content-Type": "application/json"},
    )
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(request, timeout=30) as response:
        return json.loads(response.read())


async def main() -> None:
    ready = asyncio.get_running_loop().create_future()
    server = asyncio.create_task(serve_rest_async([multiply], port=0, on_ready=ready.set_result))
    answer = await asyncio.to_thread(post, await asyncio.wait_for(ready, 60))
    server.cancel()
    assert answer["structuredContent"] == {"result": 42}, answer


asyncio.run(main())
"""

# What `pip install 'toolbridge[openapi]'` alone promises: a YAML document's operation
# as a tool, called with httpx (its mock transport standing in for the service).
OPENAPI_ALONE = """
import asyncio

import httpx

from toolbridge.openapi import from_openapi

DOCUMENT = '''
openapi: 3.1.0
info: {title: Shop, version: "1"}
servers: [{url: "https://shop.example/api"}]
paths:
  /orders/{order_id}:
    get:
      operationId: getOrder
      parameters: [{name: order_id, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: the order}}
'''


def shop(request: httpx.Request) -> httpx.Response:
    return httpx.Response(200, json={"id": request.url.path.rsplit("/", 1)[-1]})


async def main() -> None:
    async with httpx.AsyncClient(transport=httpx.MockTransport(shop)) as client:
        (get_order,) = from_openapi(DOCUMENT, client=client)
        result = await get_order.ainvoke({"order_id": "A-17"})
    assert "A-17" in result.text, result


asyncio.run(main())
"""


@dataclass(frozen=True)
class Page:
    """An extra and its page, docs/<extra>.md."""

    extra: str
    plugin: str | None = None
    """The framework plugin the extra brings."""
    alone: str | None = None
    """Code that checks what the extra alone does, before the page's other lines."""
    commands: str | None = None
    """The start of docs/cli.md's examples (on the bundled server) the page's lines run."""


PAGES = (
    Page("langchain", plugin="langchain", alone=LANGCHAIN_ALONE),
    Page("pydantic-ai", plugin="pydantic-ai"),
    Page("openai-agents", plugin="openai-agents"),
    Page("fastmcp", plugin="fastmcp"),
    Page("search", alone=SEARCH_ALONE, commands="toolbridge search "),
    Page("mcp"),
    Page("rest", alone=REST_ALONE),
    Page("openapi", alone=OPENAPI_ALONE),
)


def _uv() -> str:
    uv = shutil.which("uv")
    if uv is None:
        pytest.fail("uv is not on PATH: the README's set-up installs it first")
    return uv


class Venv:
    """A fresh virtual environment holding only what it was told to install.

    Commands run with its ``bin`` first on PATH (so ``python`` and ``toolbridge`` are
    its own) and in a folder of their own, never the repository.
    """

    def __init__(self, root: Path, wheels: Path) -> None:
        self.root = root
        self.wheels = wheels
        self.installed: list[str] = []
        self.work = root.with_name(f"{root.name}-work")
        self.work.mkdir(parents=True)
        subprocess.run(
            [_uv(), "venv", "--quiet", "--python", sys.executable, str(root)],
            check=True,
            timeout=120,
        )
        self.python = str(root / "bin" / "python")
        inherited = {
            name: value
            for name, value in os.environ.items()
            if not name.startswith("PYTHON") and name != "VIRTUAL_ENV"
        }
        path = f"{root / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"
        self.env = inherited | {"VIRTUAL_ENV": str(root), "PATH": path}

    def install(self, *requirements: str) -> None:
        """``pip install`` from the built wheels, their dependencies from the index."""
        done = subprocess.run(
            [
                _uv(),
                "pip",
                "install",
                "--quiet",
                "--python",
                self.python,
                "--find-links",
                str(self.wheels),
                "--exclude-newer",
                EXCLUDE_NEWER,
                *requirements,
            ],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        assert done.returncode == 0, (
            f"pip install {shlex.join(requirements)} from the built wheels failed:\n{done.stderr}"
        )
        self.installed += [item for item in requirements if item not in self.installed]

    def run(
        self, *argv: str, cwd: Path | None = None, stdin: str | None = None
    ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            list(argv),
            cwd=cwd or self.work,
            env=self.env,
            input=stdin,
            stdin=subprocess.DEVNULL if stdin is None else None,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )

    def succeeds(
        self, what: str, *argv: str, cwd: Path | None = None, status: int = 0
    ) -> subprocess.CompletedProcess[str]:
        done = self.run(*argv, cwd=cwd)
        assert done.returncode == status, self.explain(what, done)
        return done

    def explain(self, what: str, done: subprocess.CompletedProcess[str]) -> str:
        """What failed, in a venv holding what, and the module it missed, if any."""
        lines = [
            f"{what}: exit status {done.returncode} in a fresh venv holding only "
            f"`pip install {shlex.join(self.installed)}` (from the built wheels)"
        ]
        missing = re.findall(r"No module named '([\w.]+)'", done.stderr)
        if missing:
            lines.append(
                f"{missing[-1]!r} is missing: the page's install lines (or the extra's "
                "dependencies) should bring it"
            )
        lines.append((done.stderr or done.stdout)[-4000:])
        return "\n".join(lines)

    def plugins(self) -> dict[str, str]:
        code = (
            "import json; from toolbridge.plugins import plugins; "
            "print(json.dumps({p.name: p.status for p in plugins()}))"
        )
        done = self.succeeds("listing the plugins", self.python, "-c", code)
        found: dict[str, str] = json.loads(done.stdout)
        return found

    def assert_built_here(self) -> None:
        """Every toolbridge distribution in the venv is a wheel built here, file for file
        (not a namesake from the index)."""
        (site,) = self.root.glob("lib/python*/site-packages")
        for wheel in sorted(self.wheels.glob("*.whl")):
            name, version = wheel.name.split("-")[:2]
            infos = sorted(site.glob(f"{name}-*.dist-info"))
            if not infos:
                continue
            assert infos == [site / f"{name}-{version}.dist-info"], infos
            with zipfile.ZipFile(wheel) as archive:
                built = archive.read(f"{name}-{version}.dist-info/RECORD").decode()
            files = {line for line in built.splitlines() if ".dist-info/" not in line}
            installed = set((infos[0] / "RECORD").read_text(encoding="utf-8").splitlines())
            assert files <= installed, f"{name} in the venv is not the wheel built from this tree"


@pytest.fixture(scope="session")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every distribution's wheel, built once (from its sdist, as from PyPI)."""
    out = tmp_path_factory.mktemp("wheels")
    subprocess.run(
        [_uv(), "build", "--all-packages", "--quiet", "--out-dir", str(out)],
        cwd=ROOT,
        check=True,
        timeout=600,
    )
    return out


def install_lines(page: Path) -> list[list[str]]:
    """The requirements of each ``pip install`` line the page opens with."""
    text = page.read_text(encoding="utf-8")
    block = SH_BLOCK.search(text)
    assert block is not None, f"{page.name} does not open with its install lines (a sh block)"
    example = PYTHON_BLOCK.search(text)
    assert example is None or block.start() < example.start(), (
        f"{page.name}: its first example comes before its install lines"
    )
    lines = [
        shlex.split(line, comments=True)[2:]
        for line in block.group(1).splitlines()
        if line.startswith("pip install ")
    ]
    assert lines, f"{page.name}: no `pip install` line in its first sh block"
    return lines


def run_page(venv: Venv, page: Path) -> None:
    """The page's Python blocks, then every example it names."""
    text = page.read_text(encoding="utf-8")
    assert PYTHON_BLOCK.search(text), f"{page.name} has no Python block to run"
    venv.succeeds(f"{page.name}'s Python blocks", venv.python, "-c", RUN_PAGE, str(page))
    for name in sorted(set(re.findall(r"\bexamples/(\w+\.py)", text))):
        venv.succeeds(f"examples/{name}", venv.python, str(ROOT / "examples" / name))


def _runs(page: Path, language: str) -> list[tuple[str, str]]:
    """Each ``$ command`` of the page's blocks in `language`, with the output shown."""
    blocks = re.findall(
        rf"^```{language}\n(.*?)^```", page.read_text(encoding="utf-8"), re.S | re.M
    )
    runs: list[tuple[str, str]] = []
    for block in blocks:
        for chunk in re.split(r"^(?=\$ )", block, flags=re.M):
            if chunk.startswith("$ "):
                command, _, output = chunk.partition("\n")
                runs.append((command.removeprefix("$ "), output))
    return runs


def live_commands() -> list[tuple[str, str]]:
    """docs/cli.md's examples against the bundled MCP server, with what they print."""
    runs = _runs(DOCS / "cli.md", "text")
    found = [(command, output.strip()) for command, output in runs if command.endswith(BUNDLED)]
    assert {shlex.split(command)[1] for command, _ in found} >= {"mcp", "search", "check"}
    return found


def _redirections(words: list[str]) -> tuple[list[str], str | None, str | None]:
    """The arguments, and the files of ``< FILE`` and ``> FILE``."""
    args: list[str] = []
    stdin = stdout = pending = None
    for word in words:
        if word in ("<", ">"):
            pending = word
        elif pending == "<":
            stdin, pending = word, None
        elif pending == ">":
            stdout, pending = word, None
        else:
            args.append(word)
    return args, stdin, stdout


def test_every_distribution_builds_a_wheel(wheels: Path) -> None:
    names = {path.name.split("-")[0] for path in wheels.glob("*.whl")}
    assert names == {"toolbridge"} | {f"toolbridge_{name.replace('-', '_')}" for name in PLUGINS}


def test_the_core_alone_does_its_job_and_names_the_extra_of_the_rest(
    wheels: Path, tmp_path: Path
) -> None:
    venv = Venv(tmp_path / "core", wheels)
    venv.install("toolbridge")
    venv.assert_built_here()
    assert venv.plugins() == {"toolbridge": "loaded"}
    venv.succeeds("@tool, to_openai and convert with the core alone", venv.python, "-c", CORE_ALONE)
    venv.succeeds("examples/quickstart.py", venv.python, str(ROOT / "examples" / "quickstart.py"))
    command = venv.run("toolbridge", "inspect", "toolbridge.examples.weather:get_forecast")
    assert (command.returncode, command.stdout, command.stderr) == (2, "", CLI_MISSING)


@pytest.mark.parametrize("shape", PAGES, ids=[shape.extra for shape in PAGES])
def test_an_extra_alone_runs_its_page(shape: Page, wheels: Path, tmp_path: Path) -> None:
    page = DOCS / f"{shape.extra}.md"
    first, *more = install_lines(page)
    assert first == [f"toolbridge[{shape.extra}]"], (
        f"{page.name} should open with `pip install 'toolbridge[{shape.extra}]'` alone"
    )
    venv = Venv(tmp_path / shape.extra, wheels)
    venv.install(*first)
    venv.assert_built_here()
    plugin = {} if shape.plugin is None else {shape.plugin: "loaded"}
    assert venv.plugins() == {"toolbridge": "loaded"} | plugin
    prefix = shape.commands
    commands = [] if prefix is None else [c for c, _ in live_commands() if c.startswith(prefix)]
    if shape.alone is not None:
        venv.succeeds(f"what {shlex.join(first)} alone does", venv.python, "-c", shape.alone)
    for command in commands:  # the command itself is the cli extra's, and says so
        done = venv.run(*shlex.split(command))
        assert (done.returncode, done.stderr) == (2, CLI_MISSING), venv.explain(command, done)
    if more:
        assert shape.alone is not None, f"{page.name} asks for more: check its extra alone first"
        venv.install(*sorted({requirement for line in more for requirement in line}))
    run_page(venv, page)
    if shape.plugin is not None:  # the headline: an MCP server's tools in the framework
        code = "\n".join(PYTHON_BLOCK.findall(page.read_text(encoding="utf-8")))
        assert "load_mcp_tools(" in code, f"{page.name} loads no MCP server's tools"
        assert "toolbridge.examples.server" in code, f"{page.name} does not use the bundled server"
    for command in commands:
        done = venv.succeeds(command, *shlex.split(command))
        assert json.loads(done.stdout), command


GATEWAY = """\
name: support
sources:
  - module: desk_tools.py
policy:
  default: deny
  rules:
    - {effect: allow, roles: [support]}
  rate_limits:
    - {calls: 3, per: 60, scope: tenant}
  rate_limit_storage: "REDIS_URL"
audit: {stdout: true}
tokens:
  "${SUPPORT_TOKEN}": {subject: ann, tenant: acme, roles: [support]}
"""
DESK_TOOLS = '''
from toolbridge import tool

@tool
def lookup_order(order_id: str) -> str:
    """Look up an order."""
    return f"order {order_id}: shipped"
'''


def test_the_deploying_page_s_install_line_runs_a_gateway_of_two_workers_on_redis(
    wheels: Path, tmp_path: Path, redis_url: str
) -> None:
    """What docs/deploying.md sets up, from its install line alone: a YAML toolset file
    served by two workers, its rate limit counted in Redis, its audit on stdout."""
    first, *_ = install_lines(DOCS / "deploying.md")
    assert first == ["toolbridge[cli,redis]"]
    venv = Venv(tmp_path / "gateway", wheels)
    venv.install(*first)
    venv.assert_built_here()
    (venv.work / "desk_tools.py").write_text(DESK_TOOLS)
    (venv.work / "gateway.yaml").write_text(GATEWAY.replace("REDIS_URL", redis_url))
    token = "a-token-of-the-support-desk"
    server = subprocess.Popen(
        ["toolbridge", "serve", "gateway.yaml", "--transport", "http", "--port", "0",
         "--workers", "2"],
        cwd=venv.work, env=venv.env | {"SUPPORT_TOKEN": token}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert server.stderr is not None
        ready = server.stderr.readline()
        assert "with 2 workers on http://127.0.0.1:" in ready, ready + server.stderr.read()
        port = int(ready.rsplit(":", 1)[1].split("/")[0])
        said = []
        for _ in range(4):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            call = {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "tools/call",
                "params": {"name": "lookup_order", "arguments": {"order_id": "42"}},
            }
            connection.request("POST", "/mcp", json.dumps(call), {
                "Authorization": f"Bearer {token}", "Content-Type": "application/json",
                "Accept": "application/json, text/event-stream"})  # fmt: skip
            body = connection.getresponse().read().decode()
            connection.close()
            (data,) = [line[5:] for line in body.splitlines() if line.startswith("data:")]
            said.append(json.loads(data)["result"])
        assert [r["content"][0]["text"] for r in said[:3]] == ["order 42: shipped"] * 3
        assert said[3]["isError"] is True
        assert "rate limit" in said[3]["content"][0]["text"]
    finally:
        server.send_signal(signal.SIGTERM)
        out, err = server.communicate(timeout=60)
    assert server.returncode == 0, err
    records = [json.loads(line) for line in out.splitlines()]
    assert [(r["subject"], r["decision"]) for r in records].count(("ann", "allowed")) == 3
    assert [r["decision"] for r in records].count("rate_limited") == 1


SIGNED_IN_GATEWAY = """\
name: desk
sources:
  - module: desk_tools.py
auth:
  issuer: https://idp.example.test/realms/acme
  audience: AUDIENCE
  jwks_uri: JWKS
  required_scopes: [tools.read]
  roles_claim: scope
"""


def test_the_sign_in_section_s_install_line_serves_a_gateway_behind_an_issuer(
    wheels: Path, tmp_path: Path
) -> None:
    """docs/deploying.md's sign-in section from its install line alone (`cli` brings the
    JWT checks): a token the issuer signed is accepted, none is answered 401 pointing at
    the metadata, and an HS256 token "signed" with the public key is refused."""
    import jwt
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    from tests.loopback import free_port, http_server

    page = (DOCS / "deploying.md").read_text(encoding="utf-8")
    section = page[page.index("## Sign-in with your identity provider") :]
    first = _section_install_lines(section)[0]
    assert first == ["toolbridge[cli]"]
    venv = Venv(tmp_path / "signed-in", wheels)
    venv.install(*first)
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    public = jwt.algorithms.RSAAlgorithm.to_jwk(key.public_key(), as_dict=True)
    keys = json.dumps({"keys": [public | {"kid": "k1", "use": "sig", "alg": "RS256"}]}).encode()

    class Keys(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(keys)

        def log_message(self, *args: object) -> None:
            pass

    port = free_port()
    audience = f"http://127.0.0.1:{port}/mcp"
    with http_server(Keys) as jwks:
        (venv.work / "desk_tools.py").write_text(DESK_TOOLS)
        text = SIGNED_IN_GATEWAY.replace("AUDIENCE", audience).replace("JWKS", jwks + "/keys")
        (venv.work / "gateway.yaml").write_text(text)
        server = subprocess.Popen(
            ["toolbridge", "serve", "gateway.yaml", "--transport", "http", "--port", str(port),
             "--stateless"],
            cwd=venv.work, env=venv.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True,
        )  # fmt: skip
        try:
            assert server.stderr is not None
            ready = server.stderr.readline()
            assert f"on {audience}" in ready, ready + server.stderr.read()
            claims = {
                "iss": "https://idp.example.test/realms/acme",
                "aud": audience,
                "sub": "ann",
                "scope": "tools.read",
                "exp": int(time.time()) + 300,
            }
            signed = jwt.encode(claims, key, algorithm="RS256", headers={"kid": "k1"})
            pem = key.public_key().public_bytes(
                serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
            )
            forged = _hmac_token(claims, pem)
            answers = [_post_call(port, token) for token in (None, signed, forged)]
        finally:
            server.send_signal(signal.SIGTERM)
            server.communicate(timeout=60)
    (none_status, none_headers, _), (status, _, body), (forged_status, forged_headers, _) = answers
    assert none_status == 401
    assert "resource_metadata=" in none_headers["www-authenticate"]
    assert status == 200, body
    assert "order 42: shipped" in body
    assert forged_status == 401
    assert 'error="invalid_token"' in forged_headers["www-authenticate"]


def _section_install_lines(text: str) -> list[list[str]]:
    """The ``pip install`` lines of the ``sh`` blocks of `text`, each as its requirements."""
    lines = []
    for block in SH_BLOCK.findall(text):
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            if words[:2] == ["pip", "install"]:
                lines.append(words[2:])
    return lines


def _hmac_token(claims: dict[str, object], secret: bytes) -> str:
    """An HS256 JWT keyed with `secret` (written by hand: PyJWT refuses a PEM as an HMAC key)."""
    import base64
    import hashlib
    import hmac

    def part(data: bytes) -> str:
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

    head = part(json.dumps({"alg": "HS256", "typ": "JWT", "kid": "k1"}).encode())
    body = part(json.dumps(claims).encode())
    signature = hmac.new(secret, f"{head}.{body}".encode(), hashlib.sha256).digest()
    return f"{head}.{body}.{part(signature)}"


def _post_call(port: int, token: str | None) -> tuple[int, dict[str, str], str]:
    """A stateless ``tools/call`` of ``lookup_order``: status, headers, body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    call = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "lookup_order", "arguments": {"order_id": "42"}},
    }
    connection.request("POST", "/mcp", json.dumps(call), headers)
    response = connection.getresponse()
    answer = (response.status, {k.lower(): v for k, v in response.getheaders()}, "")
    body = response.read().decode()
    connection.close()
    return answer[0], answer[1], body


def test_the_cli_extra_alone_runs_every_command_its_page_documents(
    wheels: Path, tmp_path: Path
) -> None:
    page = DOCS / "cli.md"
    first, *_ = install_lines(page)
    assert first == ["toolbridge[cli]"]
    venv = Venv(tmp_path / "cli", wheels)
    venv.install(*first)
    venv.assert_built_here()

    console = _runs(page, "console")
    assert len(console) >= 5
    for command, output in console:
        done = venv.run(*shlex.split(command))
        if output.startswith("toolbridge: error: "):
            assert (done.returncode, done.stderr) == (2, output), venv.explain(command, done)
        else:
            expected = json.loads(output)
            invalid = isinstance(expected, dict) and expected.get("valid") is False
            assert done.returncode == (1 if invalid else 0), venv.explain(command, done)
            assert json.loads(done.stdout) == expected, command

    session = _runs(page, "shell-session")  # in order, in one empty folder
    assert len(session) >= 8
    folder = tmp_path / "session"
    folder.mkdir()
    status = 0
    for command, output in session:
        words = shlex.split(command)
        if words == ["echo", "$?"]:
            assert f"{status}\n" == output
        elif words[0] == "cat":
            assert (folder / words[1]).read_text(encoding="utf-8") == output
        else:
            args, stdin, stdout = _redirections(words)
            text = None if stdin is None else (folder / stdin).read_text(encoding="utf-8")
            done = venv.run(*args, cwd=folder, stdin=text)
            status = done.returncode
            assert status in (0, 1), venv.explain(command, done)
            assert done.stderr == "", command
            if stdout is None:
                assert done.stdout == output, command
            else:
                (folder / stdout).write_text(done.stdout, encoding="utf-8")

    for command, output in live_commands():  # the bundled server, over stdio
        done = venv.run(*shlex.split(command))
        if command.startswith("toolbridge search "):  # the search extra's, and named
            assert done.returncode == 2, venv.explain(command, done)
            assert "pip install 'toolbridge[search]'" in done.stderr, done.stderr
        elif output.startswith("toolbridge: error: "):
            assert (done.returncode, done.stderr.strip()) == (2, output), venv.explain(
                command, done
            )
        else:
            assert done.returncode in (0, 1), venv.explain(command, done)
            printed = json.loads(done.stdout)
            assert printed, command
            if output.startswith("{"):
                assert printed == json.loads(output), command

    # A toolset file serving meta-tools needs the search extra: said, with where.
    meta = tmp_path / "meta.yaml"
    meta.write_text("sources:\n  - module: toolbridge.examples.weather\nmeta_tools: true\n")
    done = venv.run("toolbridge", "serve", str(meta))
    assert done.returncode == 2, venv.explain("toolbridge serve meta.yaml", done)
    assert "meta_tools" in done.stderr, done.stderr
    assert "pip install 'toolbridge[search]'" in done.stderr, done.stderr

    # The README's first command: the bundled server checked against every target.
    done = venv.succeeds("toolbridge check", "toolbridge", "check", "--json", status=1)
    assert {"openai", "anthropic", "bedrock"} <= {
        problem["target"] for problem in json.loads(done.stdout)
    }


def test_everything_together_runs_the_readme_and_every_framework_page(
    wheels: Path, tmp_path: Path
) -> None:
    """The README (the page `[all]` is named on) and every framework's page in one venv,
    with only what the pages add beside extras; the other pages ran above, alone."""
    venv = Venv(tmp_path / "all", wheels)
    venv.install("toolbridge[all]")
    venv.assert_built_here()
    assert venv.plugins() == {"toolbridge": "loaded"} | {name: "loaded" for name in PLUGINS}
    frameworks = ("mcp", "langchain_core", "pydantic_ai", "agents", "fastmcp", "typer", "pluggy")
    code = f"import sys, toolbridge; print([m for m in {frameworks!r} if m in sys.modules])"
    done = venv.succeeds("import toolbridge", venv.python, "-c", code)
    assert done.stdout.strip() == "[]"  # all installed, none imported by `import toolbridge`

    pages = [DOCS / f"{shape.extra}.md" for shape in PAGES if shape.plugin is not None]
    others = {
        requirement
        for page in pages
        for line in install_lines(page)
        for requirement in line
        if not requirement.startswith("toolbridge[")
    }
    venv.install(*sorted(others))  # what no extra brings: langchain, for create_agent
    for page in [ROOT / "README.md", *pages]:
        run_page(venv, page)
    for command, _ in live_commands():
        if shlex.split(command)[1] in ("search", "check"):
            done = venv.run(*shlex.split(command))
            assert done.returncode in (0, 1), venv.explain(command, done)
            assert json.loads(done.stdout), command


def defined_tests(folder: Path) -> int:
    """The test functions the folder's test files define (a parametrised one counts once)."""
    count = 0
    for path in sorted(folder.rglob("test_*.py")):
        module = ast.parse(path.read_text(encoding="utf-8"))
        scopes = [module.body] + [
            node.body
            for node in module.body
            if isinstance(node, ast.ClassDef) and node.name.startswith("Test")
        ]
        count += sum(
            1
            for body in scopes
            for node in body
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.name.startswith("test")
        )
    return count


@pytest.mark.parametrize("plugin", sorted(PLUGINS))
def test_a_plugins_own_tests_pass_with_the_plugin_alone(
    plugin: str, wheels: Path, tmp_path: Path
) -> None:
    """packages/toolbridge-<plugin>/tests, copied where nothing of the repository is
    beside it, in a venv holding the plugin's wheel (the core's comes with it) and its
    ``test`` dependency group: no root conftest, no tests/data, no other plugin."""
    package = ROOT / "packages" / f"toolbridge-{plugin}"
    group = tomllib.loads((package / "pyproject.toml").read_text(encoding="utf-8"))[
        "dependency-groups"
    ]["test"]
    assert all(isinstance(requirement, str) for requirement in group), group
    copy = tmp_path / "copy" / "tests"
    shutil.copytree(
        package / "tests", copy, ignore=shutil.ignore_patterns("__pycache__", ".pytest_cache")
    )
    expected = defined_tests(copy)
    assert expected > 0, f"{package.name}/tests defines no test"

    venv = Venv(tmp_path / "venv", wheels)
    venv.install(f"toolbridge-{plugin}", *group)
    venv.assert_built_here()
    assert venv.plugins() == {"toolbridge": "loaded", plugin: "loaded"}
    # -W error: warnings are errors here too, as in the repository's own run.
    done = venv.succeeds(
        f"{package.name}/tests alone",
        *(venv.python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-W", "error"),
        str(copy),
    )
    passed = re.search(r"\b(\d+) passed\b", done.stdout)
    assert passed is not None, done.stdout[-2000:]
    assert int(passed.group(1)) >= expected, done.stdout[-2000:]
