"""`toolbridge.plugins` exports what plugin authors use, each name from one home."""

from __future__ import annotations

import ast
from pathlib import Path

import toolbridge
import toolbridge.formats
import toolbridge.plugins

ROOT = Path(__file__).resolve().parents[2]


def test_no_plugin_name_is_exported_from_a_second_home() -> None:
    exported = set(toolbridge.plugins.__all__)
    assert not exported & set(toolbridge.__all__)
    assert not exported & set(toolbridge.formats.__all__)


def test_the_names_that_moved_keep_their_one_home() -> None:
    for name in ("hookimpl", "FormatSpec", "to", "from_"):
        assert name in toolbridge.__all__, name
        assert not hasattr(toolbridge.plugins, name), name
    assert "tools_given" in toolbridge.formats.__all__
    assert not hasattr(toolbridge.plugins, "tools_given")


def _imported_from(module: str) -> dict[str, set[str]]:
    """Each name the plugin distributions import from `module`, and the files doing it."""
    found: dict[str, set[str]] = {}
    for path in sorted(ROOT.glob("packages/toolbridge-*/src/**/*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom) and node.module == module:
                for alias in node.names:
                    found.setdefault(alias.name, set()).add(path.relative_to(ROOT).as_posix())
    return found


def test_the_plugin_distributions_import_only_public_names() -> None:
    from_plugins = _imported_from("toolbridge.plugins")
    assert from_plugins, "no plugin imports toolbridge.plugins: the scan is broken"
    assert set(from_plugins) <= set(toolbridge.plugins.__all__), from_plugins


def test_every_exported_name_is_taught_on_the_plugins_page() -> None:
    page = (ROOT / "docs" / "plugins.md").read_text()
    for name in toolbridge.plugins.__all__:
        assert f"`{name}" in page or f".{name}(" in page, name
