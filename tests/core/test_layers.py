"""What the import-linter contract in pyproject.toml cannot say about the layers.

The contract (run by ``lint-imports`` in .ci/run) keeps imports pointing down the
layers. These tests keep private modules private where a layer's public API exists:
the plugins use toolbridge's public names only, and no layer's package (``schema``,
``formats``, ``toolsets``, ...) reaches into another's private modules. The core's
own modules (``toolbridge._json``, ``toolbridge._jsonschema._walk``, ...) are the one exception:
they are the bottom layer every package of the distribution builds on.
"""

from __future__ import annotations

from typing import Final

import grimp
import pytest

PLUGINS: Final = (
    "toolbridge_langchain",
    "toolbridge_pydantic_ai",
    "toolbridge_openai_agents",
    "toolbridge_fastmcp",
)


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("toolbridge", *PLUGINS, exclude_type_checking_imports=True)


def _private(module: str) -> bool:
    return any(part.startswith("_") and part != "__init__" for part in module.split("."))


def _imports(graph: grimp.ImportGraph, importer: str) -> list[tuple[str, str]]:
    found = graph.find_matching_direct_imports(import_expression=f"{importer} -> toolbridge.**")
    found += graph.find_matching_direct_imports(import_expression=f"{importer} -> toolbridge")
    return sorted((item["importer"], item["imported"]) for item in found)


@pytest.mark.parametrize("plugin", PLUGINS)
def test_plugins_use_the_public_api_only(graph: grimp.ImportGraph, plugin: str) -> None:
    imported = _imports(graph, f"{plugin}.**") + _imports(graph, plugin)
    assert imported, f"{plugin} imports nothing from toolbridge: the probe is broken"
    assert [pair for pair in imported if _private(pair[1])] == []


def _package(module: str) -> str | None:
    """The layer package a module belongs to (``toolbridge.formats``), None for the core."""
    parts = module.split(".")
    if len(parts) < 2 or parts[1].startswith("_") or parts[1] == "errors":
        return None
    return ".".join(parts[:2])


def test_no_package_reaches_into_another_packages_private_modules(
    graph: grimp.ImportGraph,
) -> None:
    found = graph.find_matching_direct_imports(import_expression="toolbridge.** -> toolbridge.**")
    reaching = sorted(
        (item["importer"], item["imported"])
        for item in found
        if _package(item["imported"]) is not None
        and _package(item["importer"]) != _package(item["imported"])
        and _private(item["imported"])
    )
    assert reaching == []


def test_the_probe_sees_a_private_import(graph: grimp.ImportGraph) -> None:
    # Guards the guards: inside a package, private imports exist and are seen.
    found = graph.find_matching_direct_imports(import_expression="toolbridge.** -> toolbridge.**")
    inside = [
        item
        for item in found
        if _package(item["importer"]) == _package(item["imported"]) == "toolbridge.toolsets"
    ]
    assert any(_private(item["imported"]) for item in inside)
