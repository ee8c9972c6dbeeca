"""The curated public surface: `__all__` is honest, the exception tree is drawn truly."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import toolbridge
from toolbridge import errors

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_all_is_sorted_and_unique() -> None:
    assert list(toolbridge.__all__) == sorted(set(toolbridge.__all__))


@pytest.mark.parametrize("name", toolbridge.__all__)
def test_every_exported_name_resolves(name: str) -> None:
    assert getattr(toolbridge, name) is not None


def test_dir_lists_the_public_names() -> None:
    assert set(toolbridge.__all__) <= set(dir(toolbridge))


def test_unknown_attributes_raise_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        _ = toolbridge.nope


def test_public_names_come_from_their_home_modules_once() -> None:
    """Every public class is defined once; the package re-exports it, nothing more."""
    for name in toolbridge.__all__:
        value = getattr(toolbridge, name)
        module = getattr(value, "__module__", "")
        if name == "hookimpl":  # pluggy's marker instance, made with the hooks
            assert value is toolbridge.plugins._hookspecs.hookimpl
            continue
        if module in ("typing", "collections.abc"):  # a type alias (ElicitHandler, ...)
            continue
        if isinstance(value, type) or callable(value):
            assert module.startswith("toolbridge"), name


def test_the_tool_decorator_is_not_shadowed_by_a_submodule() -> None:
    # A submodule named like a public function would replace it once imported.
    code = (
        "import toolbridge, toolbridge._tool, toolbridge._functions\n"
        "assert callable(toolbridge.tool) and not isinstance(toolbridge.tool, type(toolbridge))\n"
        "from toolbridge import tool\n"
        "assert tool.__module__ == 'toolbridge._functions._decorator'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# -- the exception tree ---------------------------------------------------------------


def _drawn_tree(text: str) -> dict[str, str]:
    """Parse a box-drawing tree into {class name: parent name}."""
    parents: dict[str, str] = {}
    stack: list[tuple[int, str]] = []
    for line in text.splitlines():
        match = re.match(r"^(?P<indent>[\s│├└─]*)(?P<name>[A-Z]\w+Error)\b", line)
        if not match:
            continue
        depth = len(match.group("indent"))
        name = match.group("name")
        while stack and stack[-1][0] >= depth:
            stack.pop()
        if stack:
            parents[name] = stack[-1][1]
        stack.append((depth, name))
    return parents


def _actual_tree() -> dict[str, str]:
    tree: dict[str, str] = {}
    for name in errors.__all__:
        value = getattr(errors, name)
        if isinstance(value, type) and issubclass(value, errors.ToolbridgeError):
            if value is errors.ToolbridgeError:
                continue
            parent = next(b for b in value.__mro__[1:] if issubclass(b, errors.ToolbridgeError))
            tree[name] = parent.__name__
    return tree


def test_the_errors_docstring_draws_the_real_tree() -> None:
    assert errors.__doc__ is not None
    assert _drawn_tree(errors.__doc__) == _actual_tree()


def test_the_docs_draw_the_same_tree() -> None:
    page = (DOCS / "errors.md").read_text()
    assert _drawn_tree(page) == _actual_tree()


def _tree_block(text: str) -> list[str]:
    """The lines of the first drawn tree in `text`, from its root, without indentation."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == "ToolbridgeError")
    indent = len(lines[start]) - len(lines[start].lstrip())
    block = []
    for line in lines[start:]:
        if not line.strip() or line.strip().startswith("```"):
            break
        block.append(line[indent:].rstrip())
    return block


def test_the_docs_and_the_docstring_say_the_same_of_each_error() -> None:
    """The same tree, and the same one-line meaning beside each name."""
    assert errors.__doc__ is not None
    page = (DOCS / "errors.md").read_text()
    assert _tree_block(page) == _tree_block(errors.__doc__)


def test_every_error_has_one_parent_in_the_tree() -> None:
    """A class with two toolbridge bases could not be drawn as a tree."""
    for name in _actual_tree():
        value = getattr(errors, name)
        parents = [base for base in value.__bases__ if issubclass(base, errors.ToolbridgeError)]
        assert len(parents) == 1, name


def test_every_error_is_exported_from_the_package() -> None:
    assert set(_actual_tree()) | {"ToolbridgeError"} <= set(toolbridge.__all__)


@pytest.mark.parametrize(
    "package",
    [
        "toolbridge.schema",
        "toolbridge.calls",
        "toolbridge.formats",
        "toolbridge.mcp",
        "toolbridge.toolsets",
        "toolbridge.search",
        "toolbridge.testing",
        "toolbridge.openapi",
        "toolbridge.plugins",
        "toolbridge.rest",
    ],
)
def test_subpackages_export_an_honest_all(package: str) -> None:
    """Every listed name exists, once (ruff's RUF022 keeps the order)."""
    import importlib

    module = importlib.import_module(package)
    exported = list(module.__all__)
    assert len(exported) == len(set(exported))
    for name in exported:
        assert getattr(module, name) is not None, name
