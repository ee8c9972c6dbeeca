"""Every install shape from the built wheels, in fresh virtual environments: the core
alone, ``toolbridge[langchain]`` and ``toolbridge[all]``; each sees exactly the plugins
it should, and the core alone imports no framework."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXCLUDE_NEWER = "2026-11-20T00:00:00Z"  # as [tool.uv] exclude-newer: a reproducible resolution
PLUGINS = {"fastmcp", "langchain", "openai-agents", "pydantic-ai"}


def _uv() -> str:
    uv = shutil.which("uv")
    if uv is None:
        pytest.fail("uv is not on PATH: the README's set-up installs it first")
    return uv


@pytest.fixture(scope="module")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheels")
    # Wheels built from the sdists (uv's default), as from PyPI; building straight from
    # the tree would leave setuptools' build/ folder (with the compiled accelerator) there.
    subprocess.run(
        [_uv(), "build", "--all-packages", "--quiet", "--out-dir", str(out)],
        cwd=ROOT,
        check=True,
        timeout=600,
    )
    return out


def _install(wheels: Path, where: Path, requirement: str) -> Path:
    subprocess.run(
        [_uv(), "venv", "--quiet", "--python", sys.executable, str(where)],
        check=True,
        timeout=120,
    )
    python = where / "bin" / "python"
    subprocess.run(
        [
            _uv(),
            "pip",
            "install",
            "--quiet",
            "--python",
            str(python),
            "--find-links",
            str(wheels),
            "--exclude-newer",
            EXCLUDE_NEWER,
            requirement,
        ],
        check=True,
        timeout=600,
    )
    return python


def _plugins(python: Path) -> dict[str, str]:
    code = (
        "import json; from toolbridge.plugins import plugins; "
        "print(json.dumps({p.name: p.status for p in plugins()}))"
    )
    done = subprocess.run([str(python), "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    found: dict[str, str] = json.loads(done.stdout)
    return found


def test_every_distribution_builds_a_wheel(wheels: Path) -> None:
    names = {path.name.split("-")[0] for path in wheels.glob("*.whl")}
    assert names == {"toolbridge"} | {f"toolbridge_{name.replace('-', '_')}" for name in PLUGINS}


def test_the_core_alone_has_only_its_own_formats(wheels: Path, tmp_path: Path) -> None:
    python = _install(wheels, tmp_path / "core", "toolbridge")
    assert _plugins(python) == {"toolbridge": "loaded"}


def test_the_langchain_extra_brings_the_langchain_plugin_only(wheels: Path, tmp_path: Path) -> None:
    python = _install(wheels, tmp_path / "langchain", "toolbridge[langchain]")
    assert _plugins(python) == {"toolbridge": "loaded", "langchain": "loaded"}


def test_the_all_extra_brings_every_plugin(wheels: Path, tmp_path: Path) -> None:
    python = _install(wheels, tmp_path / "all", "toolbridge[all]")
    assert _plugins(python) == {"toolbridge": "loaded"} | {name: "loaded" for name in PLUGINS}
    frameworks = ("mcp", "langchain_core", "pydantic_ai", "agents", "fastmcp", "typer", "pluggy")
    code = f"import sys, toolbridge; print([m for m in {frameworks!r} if m in sys.modules])"
    done = subprocess.run([str(python), "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]"  # all installed, none imported by `import toolbridge`
