"""The core distribution builds, ships its type marker, example and C accelerator, and
nothing else; without a C compiler it still builds (pure Python)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _uv() -> str:
    uv = shutil.which("uv")
    if uv is None:
        pytest.fail("uv is not on PATH: the README's set-up installs it first")
    return uv


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An sdist, and a wheel built from that sdist (as pip does from PyPI's sdist)."""
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [_uv(), "build", "--quiet", "--out-dir", str(out), str(ROOT / "packages/toolbridge")],
        check=True,
        timeout=300,
    )
    return out


@pytest.fixture(scope="module")
def wheel(dist: Path) -> zipfile.ZipFile:
    (built,) = dist.glob("toolbridge-*.whl")
    return zipfile.ZipFile(built)


def test_the_wheel_ships_the_c_accelerator_and_its_types(wheel: zipfile.ZipFile) -> None:
    names = wheel.namelist()
    assert any(name.startswith("toolbridge/_speedups.") and name.endswith(".so") for name in names)
    assert "toolbridge/_speedups.pyi" in names


def test_the_sdist_carries_the_c_source(dist: Path) -> None:
    (sdist,) = dist.glob("toolbridge-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {"setup.py", "src/toolbridge/_speedups.c", "src/toolbridge/py.typed"} <= names


def test_without_a_c_compiler_the_package_still_builds_and_runs(
    tmp_path: Path,
) -> None:
    out = tmp_path / "dist"
    env = {**os.environ, "CC": "false", "CXX": "false", "UV_NO_CACHE": "1"}
    # A clean copy: a build/ folder left in the tree by another build holds a compiled .so.
    source = tmp_path / "toolbridge"
    shutil.copytree(
        ROOT / "packages/toolbridge",
        source,
        ignore=shutil.ignore_patterns("build", "*.so", "__pycache__", "*.egg-info"),
    )
    subprocess.run(
        [
            _uv(),
            "build",
            "--wheel",
            "--quiet",
            "--out-dir",
            str(out),
            str(source),
        ],
        check=True,
        timeout=300,
        env=env,
    )
    (built,) = out.glob("toolbridge-*.whl")
    assert not any(".so" in name for name in zipfile.ZipFile(built).namelist())
    target = tmp_path / "site"
    with zipfile.ZipFile(built) as archive:
        archive.extractall(target)  # a wheel is a zip laid out as site-packages
    script = (
        "from toolbridge import Tool\n"
        "from toolbridge._accelerated import SPEEDUPS\n"
        "from toolbridge.formats import to_openai\n"
        "tool = Tool(name='t', input_schema={'type': 'object', 'properties': {'a': {}}})\n"
        "assert SPEEDUPS is None\n"
        "print(to_openai(tool, strict=True)['function']['strict'])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(target)},
        check=True,
        timeout=120,
    )
    assert done.stdout.strip() == "False"  # {} is any value: not strict, and it says so


def test_the_wheel_ships_the_init_templates(wheel: zipfile.ZipFile) -> None:
    templates = [n for n in wheel.namelist() if n.startswith("toolbridge/_templates/")]
    assert "toolbridge/_templates/mcp-server/src/__package__/server.py.tmpl" in templates
    assert all(name.endswith(".tmpl") for name in templates)


def test_the_wheel_ships_py_typed(wheel: zipfile.ZipFile) -> None:
    assert "toolbridge/py.typed" in wheel.namelist()


def test_the_wheel_ships_the_bundled_example(wheel: zipfile.ZipFile) -> None:
    assert any(name.startswith("toolbridge/examples/") for name in wheel.namelist())


def test_the_wheel_holds_only_the_package(wheel: zipfile.ZipFile) -> None:
    roots = {name.split("/")[0] for name in wheel.namelist()}
    assert roots == {"toolbridge", "toolbridge-0.1.0.dist-info"}


def test_the_console_script_is_declared(wheel: zipfile.ZipFile) -> None:
    entry_points = wheel.read("toolbridge-0.1.0.dist-info/entry_points.txt").decode()
    assert "toolbridge = toolbridge.cli:main" in entry_points
