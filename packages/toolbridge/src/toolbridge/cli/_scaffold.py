"""Scaffolding a new MCP server project from the templates shipped in the package.

Only ``*.tmpl`` files are templates; anything else beside them (bytecode an installer
compiled, an editor's swap file, a binary) is left out, so the generated project
holds exactly the template set. In paths, ``__package__`` becomes the import name and
a leading ``gitignore`` becomes ``.gitignore`` (dotfiles do not survive every
packaging step). In text, ``{{name}}`` and ``{{package}}`` are replaced. The project
is written to a temporary folder beside the target and moved into place at the end,
so a failure never leaves half a project.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from typing import Final

from toolbridge.errors import ConfigError

__all__ = ["TEMPLATE", "package_name", "scaffold"]

TEMPLATE: Final = "mcp-server"
_NAME: Final = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,63}$")
_SUFFIX: Final = ".tmpl"
_SKIPPED_PARTS: Final = frozenset({"__pycache__"})


def package_name(name: str) -> str:
    """The import name of project `name`: ``my-server`` -> ``my_server``."""
    return name.replace("-", "_").lower()


def scaffold(
    name: str, destination: Path, *, templates: Traversable | Path | None = None
) -> list[Path]:
    """Create the project `name` in ``destination / name``; the files written, sorted.

    Raises:
        ConfigError: An unusable name, a target that exists and is not empty, a
            folder that cannot be created or written to, or a template that is not
            UTF-8 text.
    """
    if not _NAME.match(name):
        raise ConfigError(
            f"{name!r} is not a usable project name: start with a letter; letters, digits, "
            "'-' and '_' only; at most 64"
        )
    target = (destination / name).resolve()
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise ConfigError(f"{str(target)!r} already exists and is not empty")
    source = (
        templates
        if templates is not None
        else resources.files("toolbridge.cli") / "_templates" / TEMPLATE
    )
    values = {"{{name}}": name, "{{package}}": package_name(name)}
    try:
        destination.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=destination))
    except OSError as error:  # a file in the way, a read-only or unreachable folder
        raise ConfigError(
            f"cannot create the project in {str(destination)!r}: {error.strerror or error}"
        ) from None
    try:
        for relative, template in _templates(source, ()):
            text = _text(template, relative)
            for placeholder, value in values.items():
                text = text.replace(placeholder, value)
            path = staging.joinpath(*_output_parts(relative, values["{{package}}"]))
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        if target.exists():
            target.rmdir()
        staging.rename(target)
    except BaseException as error:
        shutil.rmtree(staging, ignore_errors=True)
        if isinstance(error, OSError):  # the disk is full, the folder changed meanwhile
            raise ConfigError(
                f"cannot write the project to {str(target)!r}: {error.strerror or error}"
            ) from None
        raise
    return sorted(path for path in target.rglob("*") if path.is_file())


def _templates(
    folder: Traversable | Path, relative: tuple[str, ...]
) -> list[tuple[tuple[str, ...], Traversable | Path]]:
    found: list[tuple[tuple[str, ...], Traversable | Path]] = []
    for entry in sorted(folder.iterdir(), key=lambda item: item.name):
        if entry.name in _SKIPPED_PARTS or entry.name.startswith("."):
            continue
        if entry.is_dir():
            found += _templates(entry, (*relative, entry.name))
        elif entry.name.endswith(_SUFFIX):
            found.append(((*relative, entry.name), entry))
    return found


def _text(template: Traversable | Path, relative: tuple[str, ...]) -> str:
    try:
        return template.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        raise ConfigError(f"template {'/'.join(relative)!r} is not UTF-8 text") from None


def _output_parts(relative: tuple[str, ...], package: str) -> list[str]:
    parts = [package if part == "__package__" else part for part in relative]
    parts[-1] = parts[-1].removesuffix(_SUFFIX)
    if parts[-1] == "gitignore":
        parts[-1] = ".gitignore"
    return parts
