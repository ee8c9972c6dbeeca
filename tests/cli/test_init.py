"""`toolbridge init`: a new MCP server project whose own test passes right away."""

from __future__ import annotations

import shutil
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from toolbridge import ConfigError
from toolbridge.cli._scaffold import scaffold

EXPECTED = [
    ".gitignore",
    "README.md",
    "pyproject.toml",
    "src/demo/__init__.py",
    "src/demo/server.py",
    "tests/test_server.py",
]


def toolbridge(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolbridge", *args],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_init_then_the_generated_test_passes(tmp_path: Path) -> None:
    done = toolbridge("init", "demo", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    project = tmp_path / "demo"
    written = sorted(str(p.relative_to(project)) for p in project.rglob("*") if p.is_file())
    assert written == EXPECTED
    assert 'name = "demo"' in (project / "pyproject.toml").read_text()
    assert "{{" not in "".join(p.read_text() for p in project.rglob("*") if p.is_file())
    tested = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert "2 passed" in tested.stdout


def test_every_command_the_generated_readme_runs_is_installed_by_the_project(
    tmp_path: Path,
) -> None:
    import re
    import tomllib

    assert toolbridge("init", "demo", cwd=tmp_path).returncode == 0
    project = tmp_path / "demo"
    metadata = tomllib.loads((project / "pyproject.toml").read_text())
    installed = [*metadata["project"]["dependencies"], *metadata["dependency-groups"]["dev"]]
    commands = re.findall(r"^uv run (\S+)", (project / "README.md").read_text(), re.MULTILINE)
    assert set(commands) == {"pytest", "demo", "toolbridge"}
    # `toolbridge` the command comes with the cli extra; `demo` is the project's own script.
    assert any(re.fullmatch(r"toolbridge\[(.*,)?cli(,.*)?\]", item) for item in installed)
    assert any(item.startswith("pytest") for item in installed)


def test_a_dashed_name_gets_an_importable_package_and_path_places_it(tmp_path: Path) -> None:
    done = toolbridge("init", "my-tools", "--path", str(tmp_path / "work"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    project = tmp_path / "work" / "my-tools"
    server = (project / "src" / "my_tools" / "server.py").read_text()
    assert 'prog="my-tools"' in server
    assert 'my-tools = "my_tools.server:main"' in (project / "pyproject.toml").read_text()


def test_bytecode_and_binaries_beside_the_templates_are_left_out(tmp_path: Path) -> None:
    shipped = resources.files("toolbridge.cli") / "_templates" / "mcp-server"
    templates = tmp_path / "templates"
    with resources.as_file(shipped) as folder:
        shutil.copytree(folder, templates)
    cache = templates / "src" / "__package__" / "__pycache__"
    cache.mkdir()
    (cache / "server.cpython-311.pyc").write_bytes(b"\xa7\r\r\n\x00\x00\x00\x00junk")
    (templates / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff")
    (templates / "src" / "__package__" / "server.py.tmpl.swp").write_bytes(b"\x00\x01")
    (templates / ".DS_Store").write_bytes(b"\x00")
    written = scaffold("demo", tmp_path / "out", templates=templates)
    assert sorted(str(p.relative_to(tmp_path / "out" / "demo")) for p in written) == EXPECTED


def test_a_binary_template_is_refused_and_nothing_is_left_behind(tmp_path: Path) -> None:
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "a.txt.tmpl").write_text("fine {{name}}")
    (templates / "b.bin.tmpl").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ConfigError, match="not UTF-8"):
        scaffold("demo", tmp_path / "out", templates=templates)
    assert list((tmp_path / "out").iterdir()) == []


@pytest.mark.parametrize("name", ["9lives", "has space", "../escape", "a" * 65, ""])
def test_unusable_names_are_refused(tmp_path: Path, name: str) -> None:
    done = toolbridge("init", name, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("toolbridge: error:")
    assert list(tmp_path.iterdir()) == []


def test_an_existing_project_is_never_overwritten(tmp_path: Path) -> None:
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "keep.txt").write_text("mine")
    done = toolbridge("init", "demo", cwd=tmp_path)
    assert done.returncode == 2
    assert "already exists" in done.stderr
    assert [p.name for p in (tmp_path / "demo").iterdir()] == ["keep.txt"]


@pytest.mark.parametrize(
    ("where", "why"),
    [("a-file", "File exists"), ("a-file/below", "Not a directory")],
)
def test_a_folder_that_cannot_be_made_is_one_line(tmp_path: Path, where: str, why: str) -> None:
    (tmp_path / "a-file").write_text("in the way")
    done = toolbridge("init", "demo", "--path", where, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr == (f"toolbridge: error: cannot create the project in {where!r}: {why}\n")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a-file"]
