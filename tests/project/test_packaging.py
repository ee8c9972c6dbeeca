"""Every distribution builds, once, into what a package index would take: pure-Python
wheels and sdists carrying the licence, metadata that twine accepts with --strict and
that says truthfully where the project lives, which Pythons it runs on and whether it is
typed, and wheels whose contents check-wheel-contents finds complete and clean."""

from __future__ import annotations

import email.message
import email.parser
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path, PurePosixPath

import pytest

ROOT = Path(__file__).resolve().parents[2]
HOME = "https://github.com/toolbridge/toolbridge"

# Each distribution under packages/ and the one import package its wheel installs.
DISTRIBUTIONS = {
    "toolbridge": "toolbridge",
    "toolbridge-langchain": "toolbridge_langchain",
    "toolbridge-pydantic-ai": "toolbridge_pydantic_ai",
    "toolbridge-openai-agents": "toolbridge_openai_agents",
    "toolbridge-fastmcp": "toolbridge_fastmcp",
}
# The only Python the suite runs on; a classifier for any other would be a claim untested.
PYTHON_CLASSIFIERS = {
    "Programming Language :: Python :: 3",
    "Programming Language :: Python :: 3 :: Only",
    "Programming Language :: Python :: 3.11",
}
COMPILED = (".so", ".pyd", ".dll", ".dylib", ".c", ".h", ".cpp", ".pyx")


def _uv() -> str:
    uv = shutil.which("uv")
    if uv is None:
        pytest.fail("uv is not on PATH: the README's set-up installs it first")
    return uv


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every member's sdist, and its wheel built from that sdist (as pip does from one)."""
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [_uv(), "build", "--all-packages", "--quiet", "--out-dir", str(out)],
        cwd=ROOT,
        check=True,
        timeout=600,
    )
    return out


def _artifact(dist: Path, name: str, suffix: str) -> Path:
    (built,) = dist.glob(f"{DISTRIBUTIONS[name]}-*{suffix}")
    return built


def _wheel(dist: Path, name: str) -> zipfile.ZipFile:
    return zipfile.ZipFile(_artifact(dist, name, ".whl"))


def _dist_info(wheel: zipfile.ZipFile) -> str:
    (dist_info,) = {n.split("/")[0] for n in wheel.namelist() if ".dist-info/" in n}
    return dist_info


def _metadata(wheel: zipfile.ZipFile) -> email.message.Message:
    return email.parser.BytesParser().parsebytes(wheel.read(f"{_dist_info(wheel)}/METADATA"))


def _sdist_names(sdist: Path) -> dict[str, bytes | None]:
    """Each member's path inside the sdist's top folder, with a regular file's bytes."""
    names: dict[str, bytes | None] = {}
    with tarfile.open(sdist) as archive:
        for member in archive.getmembers():
            if "/" not in member.name:
                continue
            content = archive.extractfile(member) if member.isfile() else None
            names[member.name.split("/", 1)[1]] = None if content is None else content.read()
    return names


each = pytest.mark.parametrize("name", list(DISTRIBUTIONS))


def test_every_distribution_under_packages_is_checked() -> None:
    members = {p.parent.name for p in (ROOT / "packages").glob("*/pyproject.toml")}
    assert members == set(DISTRIBUTIONS)


def test_one_wheel_and_one_sdist_per_distribution(dist: Path) -> None:
    built = sorted(p.name for p in dist.iterdir() if p.suffix in {".whl", ".gz"})
    expected = sorted(
        f"{module}-0.1.0{suffix}"
        for module in DISTRIBUTIONS.values()
        for suffix in ("-py3-none-any.whl", ".tar.gz")
    )
    assert built == expected


@each
def test_the_wheel_is_pure_python(dist: Path, name: str) -> None:
    wheel = _wheel(dist, name)
    assert _artifact(dist, name, ".whl").name.endswith("-py3-none-any.whl")
    tags = email.parser.BytesParser().parsebytes(wheel.read(f"{_dist_info(wheel)}/WHEEL"))
    assert tags.get_all("Tag") == ["py3-none-any"]
    assert tags["Root-Is-Purelib"] == "true"


@each
def test_nothing_compiled_or_to_compile_ships(dist: Path, name: str) -> None:
    in_wheel = _wheel(dist, name).namelist()
    in_sdist = list(_sdist_names(_artifact(dist, name, ".tar.gz")))
    assert [n for n in in_wheel + in_sdist if n.endswith(COMPILED)] == []


def test_each_distribution_has_the_root_licence_verbatim() -> None:
    licence = (ROOT / "LICENSE").read_bytes()
    assert licence.startswith(b"MIT License\n\nCopyright (c) 2026 toolbridge developers\n")
    for name in DISTRIBUTIONS:
        copy = ROOT / "packages" / name / "LICENSE"
        assert copy.read_bytes() == licence, f"{copy} differs from the root LICENSE"


@each
def test_the_licence_ships_in_the_wheel_and_the_sdist(dist: Path, name: str) -> None:
    licence = (ROOT / "LICENSE").read_bytes()
    wheel = _wheel(dist, name)
    assert wheel.read(f"{_dist_info(wheel)}/licenses/LICENSE") == licence
    metadata = _metadata(wheel)
    assert metadata["License-Expression"] == "MIT"
    assert metadata.get_all("License-File") == ["LICENSE"]
    # PEP 639: an SPDX expression replaces the licence classifiers (setuptools refuses both).
    assert not [c for c in metadata.get_all("Classifier", []) if c.startswith("License ::")]
    assert _sdist_names(_artifact(dist, name, ".tar.gz"))["LICENSE"] == licence


def test_twine_check_strict_passes(dist: Path) -> None:
    files = sorted(str(p) for p in dist.iterdir() if p.suffix in {".whl", ".gz"})
    done = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", *files],
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("PASSED") == len(files)


@each
def test_check_wheel_contents_passes(dist: Path, name: str) -> None:
    # Every check on, no configuration file read; --src-dir adds W101/W102 (the wheel
    # holds exactly the package's files: none forgotten, none from elsewhere) and
    # --toplevel W201/W202 (nothing installed beside the one import package).
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "check_wheel_contents",
            "--no-config",
            "--src-dir",
            str(ROOT / "packages" / name / "src"),
            "--toplevel",
            DISTRIBUTIONS[name],
            str(_artifact(dist, name, ".whl")),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().endswith(": OK")


@each
def test_the_metadata_says_where_and_on_what_it_runs(dist: Path, name: str) -> None:
    metadata = _metadata(_wheel(dist, name))
    assert metadata["Name"] == name
    urls = dict(entry.split(", ", 1) for entry in metadata.get_all("Project-URL", []))
    assert set(urls) == {"Homepage", "Documentation", "Repository", "Issues", "Changelog"}
    assert urls["Homepage"] == urls["Repository"] == HOME
    assert urls["Documentation"].startswith(f"{HOME}/")
    assert urls["Changelog"] == f"{HOME}/blob/main/CHANGELOG.md"
    # Each URL into the repository names a file or folder that is really there.
    for url in urls.values():
        for prefix in (f"{HOME}/blob/main/", f"{HOME}/tree/main/"):
            if url.startswith(prefix):
                assert (ROOT / url.removeprefix(prefix)).exists(), url
    assert metadata["Requires-Python"] == ">=3.11"
    classifiers = set(metadata.get_all("Classifier", []))
    assert {c for c in classifiers if c.startswith("Programming Language :: Python")} == (
        PYTHON_CLASSIFIERS
    )
    assert {"Development Status :: 3 - Alpha", "Intended Audience :: Developers"} <= classifiers


@each
def test_typed_is_claimed_exactly_where_py_typed_ships(dist: Path, name: str) -> None:
    wheel = _wheel(dist, name)
    ships_marker = f"{DISTRIBUTIONS[name]}/py.typed" in wheel.namelist()
    assert ("Typing :: Typed" in _metadata(wheel).get_all("Classifier", [])) == ships_marker
    assert ships_marker  # every distribution is checked by mypy --strict, and says so


@each
def test_the_readme_is_the_long_description(dist: Path, name: str) -> None:
    readme = (ROOT / "packages" / name / "README.md").read_text(encoding="utf-8")
    metadata = _metadata(_wheel(dist, name))
    assert metadata["Description-Content-Type"] == "text/markdown"
    description = metadata.get_payload()
    assert isinstance(description, str)
    assert description.strip() == readme.strip()  # that it renders: twine check --strict
    assert readme.startswith(f"# {name}")


@each
def test_the_sdist_holds_what_a_rebuild_needs(dist: Path, name: str) -> None:
    names = _sdist_names(_artifact(dist, name, ".tar.gz"))
    module = DISTRIBUTIONS[name]
    assert {"pyproject.toml", "README.md", "LICENSE", f"src/{module}/py.typed"} <= set(names)


@each
def test_the_wheel_holds_only_its_package(dist: Path, name: str) -> None:
    wheel = _wheel(dist, name)
    roots = {PurePosixPath(n).parts[0] for n in wheel.namelist()}
    assert roots == {DISTRIBUTIONS[name], _dist_info(wheel)}


def test_the_core_wheel_ships_the_init_templates(dist: Path) -> None:
    names = _wheel(dist, "toolbridge").namelist()
    templates = [n for n in names if n.startswith("toolbridge/cli/_templates/")]
    assert "toolbridge/cli/_templates/mcp-server/src/__package__/server.py.tmpl" in templates
    assert all(name.endswith(".tmpl") for name in templates)


def test_the_core_wheel_ships_the_bundled_example(dist: Path) -> None:
    names = _wheel(dist, "toolbridge").namelist()
    assert "toolbridge/examples/server.py" in names
    assert "toolbridge/examples/weather.py" in names


def test_the_console_script_is_declared(dist: Path) -> None:
    wheel = _wheel(dist, "toolbridge")
    entry_points = wheel.read(f"{_dist_info(wheel)}/entry_points.txt").decode()
    assert "toolbridge = toolbridge.cli:main" in entry_points


@pytest.mark.parametrize("name", [name for name in DISTRIBUTIONS if name != "toolbridge"])
def test_a_plugin_registers_its_entry_point(dist: Path, name: str) -> None:
    wheel = _wheel(dist, name)
    entry_points = wheel.read(f"{_dist_info(wheel)}/entry_points.txt").decode()
    assert "[toolbridge]" in entry_points
    assert f"{DISTRIBUTIONS[name]}._plugin" in entry_points
