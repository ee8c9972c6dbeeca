"""Importing toolbridge stays cheap: heavy and optional dependencies load on first use.

Each case runs in a fresh interpreter (``-I``: no current directory or ``PYTHON*``
variables on the path) and lists what `sys.modules` holds afterwards. No timings:
bench/run.py measures those; this only keeps the modules out.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

FRAMEWORKS = ("langchain_core", "pydantic_ai", "agents", "fastmcp")
"""Agent frameworks the plugins adapt to: never loaded by the core."""

OPTIONAL = ("mcp", "typer", "rich", *FRAMEWORKS)
"""Optional SDKs (extras) and the command line's dependencies."""

NOT_ON_IMPORT = (
    "pydantic",
    "pydantic_core",
    "jsonschema_rs",
    "docstring_parser",
    "asyncio",
    "limits",
    "redis",
    "valkey",
    "confusable_homoglyphs",
    "ahocorasick_rs",
    "toolbridge.security",
    *OPTIONAL,
)
"""Nothing of these is loaded by ``import toolbridge``; each name covers its submodules."""

NOT_ON_FIRST_NAMES = ("pydantic.json_schema", *OPTIONAL)
"""Not loaded by importing the names a first tool needs, before a tool is made."""

ABOVE_FORMATS = (
    "toolbridge.calls",
    "toolbridge.toolsets",
    "toolbridge.mcp",
    "toolbridge.openapi",
    "toolbridge.rest",
    "toolbridge.search",
    "toolbridge.cli",
    "toolbridge.plugins",
    "toolbridge.security",
    "asyncio",
    *OPTIONAL,
)
"""The layers above the formats (and what only they use): converting loads none of them."""


COMMANDS_ONLY = ("asyncio", "mcp", "pydantic", "rich", "uvicorn", "starlette", "toolbridge.mcp")
"""Not loaded by the command line's app before a command runs: only ``serve``, ``mcp``
and the commands that read live servers need them (``convert`` and ``check`` do not)."""


def _loaded_after(statement: str) -> set[str]:
    code = f"{statement}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    completed = subprocess.run(
        [sys.executable, "-I", "-c", code],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert completed.returncode == 0, completed.stderr
    modules: list[str] = json.loads(completed.stdout.splitlines()[-1])
    return set(modules)


def _offenders(loaded: set[str], forbidden: tuple[str, ...]) -> list[str]:
    return sorted(
        name
        for name in loaded
        if any(name == root or name.startswith(root + ".") for root in forbidden)
    )


@pytest.mark.parametrize(
    ("statement", "forbidden"),
    [
        pytest.param("import toolbridge", NOT_ON_IMPORT, id="import-toolbridge"),
        pytest.param(
            "from toolbridge import tool, Tool, ToolResult, Validator",
            NOT_ON_FIRST_NAMES,
            id="first-names",
        ),
        pytest.param("import toolbridge.formats", ABOVE_FORMATS, id="formats"),
        pytest.param(
            "from toolbridge.formats import convert, to_openai, from_mcp",
            ABOVE_FORMATS,
            id="convert",
        ),
        pytest.param("import toolbridge.cli._app", COMMANDS_ONLY, id="command-line"),
    ],
)
def test_heavy_modules_wait_for_first_use(statement: str, forbidden: tuple[str, ...]) -> None:
    loaded = _loaded_after(statement)
    assert "toolbridge" in loaded
    assert _offenders(loaded, forbidden) == []


def test_the_probe_sees_a_loaded_module() -> None:
    # Guards the guard: the same probe reports a forbidden module once something loads it.
    loaded = _loaded_after("import toolbridge, asyncio.events")
    assert {"asyncio", "asyncio.events"} <= set(_offenders(loaded, NOT_ON_IMPORT))
