"""The documentation site builds strictly and works in a real browser.

`mkdocs build --strict` (mkdocs.yml) writes the site into the test's folder, a
loopback HTTP server serves it, and Debian's chromium, driven by playwright through
the system binary (nothing downloaded), opens it: the home page with its navigation,
material's search finding `load_mcp_tools`, and the API reference showing `Tool`'s
fields; and no page asks any host but the site's for anything. The screenshots are
saved beside the site and their paths printed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest

from ..installing import installing
from ..loopback import http_server

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def chromium() -> str:
    """Debian's chromium, installed with apt when it is not there yet."""
    found = shutil.which("chromium")
    if found is not None:
        return found
    apt = shutil.which("apt-get")
    if apt is None:
        pytest.skip("chromium is not installed and there is no apt-get to install it")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = [apt, "install", "-y", "chromium"]
    with installing("apt"):
        if (
            shutil.which("chromium") is None
            and subprocess.run(install, env=env, capture_output=True, check=False).returncode
        ):
            # A fresh machine may have no package lists yet.
            subprocess.run([apt, "update"], env=env, capture_output=True, check=True)
            subprocess.run(install, env=env, capture_output=True, check=True)
    found = shutil.which("chromium")
    assert found is not None, "apt-get installed chromium, yet it is not on PATH"
    return found


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built strictly: a broken link or a missing reference fails here."""
    folder = tmp_path_factory.mktemp("docs") / "site"
    started = time.perf_counter()
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
    )
    assert built.returncode == 0, built.stderr
    print(f"site built in {time.perf_counter() - started:.1f} s: {folder}")
    return folder


@pytest.fixture(scope="module")
def url(site: Path) -> Iterator[str]:
    """The site served over HTTP on loopback, as `mkdocs serve` or a web host would."""

    class Quiet(SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(site), **kwargs)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    with http_server(Quiet) as base:
        yield base + "/"


@pytest.fixture(scope="module")
def requested() -> list[str]:
    """Every address the browser asked for while the tests read the site."""
    return []


@pytest.fixture(scope="module")
def page(chromium: str, url: str, requested: list[str]) -> Iterator[Any]:
    """A page in headless chromium; fails the test on any script error in the site."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, headless=True, args=["--no-sandbox"]
        )
        tab = browser.new_page(viewport={"width": 1280, "height": 900})
        tab.set_default_timeout(15_000)
        errors: list[str] = []
        tab.on("pageerror", lambda error: errors.append(str(error)))
        tab.on("request", lambda request: requested.append(request.url))
        yield tab
        browser.close()
        assert errors == []


def test_home_page_renders_with_its_navigation(page: Any, url: str, site: Path) -> None:
    page.goto(url)
    assert page.title() == "toolbridge"
    assert page.locator("article h1").inner_text().startswith("toolbridge")
    tabs = page.locator("nav.md-nav--primary > ul > li > .md-nav__link").all_inner_texts()
    sections = [text.strip() for text in tabs]
    for section in ("Guide", "Plugins", "Command line", "API reference", "Benchmarks"):
        assert section in sections
    assert page.get_by_role("link", name="The canonical tool").first.is_visible()
    shot = site.parent / "home.png"
    page.screenshot(path=shot)
    print(f"home page: {shot}")


def test_search_finds_load_mcp_tools(page: Any, url: str) -> None:
    from playwright.sync_api import expect

    page.goto(url)
    box = page.locator("input.md-search__input")
    box.click()
    # The index loads in a web worker, slowly on a busy machine. Then type as a reader
    # does: material searches on key presses, and a value filled in at once is read
    # only if it was there before the index was ready.
    meta = page.locator(".md-search-result__meta")
    expect(meta).not_to_contain_text("Initializing", timeout=60_000)
    box.press_sequentially("load_mcp_tools")
    # Results for the first letters show while the worker still answers the whole
    # query: wait for the answer to the whole query, not for the first list drawn.
    results = page.locator(".md-search-result__item")
    expect(results.first).to_contain_text("load_mcp_tools", timeout=30_000)
    assert results.count() >= 2  # the MCP guide and the reference, at least


def test_api_reference_shows_the_tool_fields(page: Any, url: str, site: Path) -> None:
    page.goto(f"{url}reference/toolbridge/#toolbridge.Tool")
    heading = page.locator('[id="toolbridge.Tool"]')
    assert heading.is_visible()
    assert "Tool" in heading.inner_text()
    for field in ("name", "description", "input_schema", "output_schema", "annotations"):
        entry = page.locator(f'[id="toolbridge.Tool.{field}"]')
        assert entry.is_visible(), field
        assert field in entry.inner_text()
    name = page.locator('[id="toolbridge.Tool.name"] ~ .doc-contents').first.inner_text()
    assert "The name a model calls the tool by" in name  # the field's docstring
    shot = site.parent / "tool-reference.png"
    page.screenshot(path=shot)
    print(f"Tool reference: {shot}")


def test_reading_the_site_asks_no_other_host(page: Any, url: str, requested: list[str]) -> None:
    # No web fonts, no repository statistics: a reader's browser talks to the site only,
    # so the site works offline and tells nobody else who reads it.
    for address in (url, f"{url}reference/toolbridge/", f"{url}search/"):
        page.goto(address)
        page.wait_for_load_state("networkidle")
    elsewhere = [
        address
        for address in requested
        if address.startswith(("http:", "https:", "ws:", "wss:")) and not address.startswith(url)
    ]
    assert len(requested) > 3
    assert elsewhere == []
