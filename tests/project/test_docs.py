"""Every Python block in the READMEs and docs/ runs, and every example in examples/."""

from __future__ import annotations

import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [
    ROOT / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
    *sorted(ROOT.glob("packages/*/README.md")),  # the package index pages
]
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_python_blocks_in_the_page_run(page: Path) -> None:
    """A page's blocks run in order in one namespace, as a reader would paste them."""
    module = types.ModuleType(f"docs_{page.stem.replace('-', '_')}")
    sys.modules[module.__name__] = module  # dataclasses and pydantic look their module up
    try:
        for number, block in enumerate(BLOCK.findall(page.read_text()), start=1):
            code = compile(block, f"{page.name} block {number}", "exec")
            exec(code, module.__dict__)
    finally:
        del sys.modules[module.__name__]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda example: example.name)
def test_examples_run(example: Path) -> None:
    completed = subprocess.run(
        [sys.executable, str(example)], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert completed.returncode == 0, completed.stderr


def test_there_is_something_to_check() -> None:
    assert any(BLOCK.findall(page.read_text()) for page in PAGES)
