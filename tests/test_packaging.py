"""The core distribution builds, ships its type marker and example, and nothing else."""

from __future__ import annotations

import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    uv = shutil.which("uv")
    if uv is None:
        pytest.fail("uv is not on PATH: the README's set-up installs it first")
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [
            uv,
            "build",
            "--wheel",
            "--quiet",
            "--out-dir",
            str(out),
            str(ROOT / "packages/toolbridge"),
        ],
        check=True,
        timeout=300,
    )
    (built,) = out.glob("toolbridge-*.whl")
    return zipfile.ZipFile(built)


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
