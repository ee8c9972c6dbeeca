"""docs/security.md has a heading per rule, where SARIF's help links point."""

from __future__ import annotations

import re
from pathlib import Path

from toolbridge.security import RULES

PAGE = Path(__file__).resolve().parents[2] / "docs" / "security.md"


def test_every_rule_has_its_heading_in_the_security_page() -> None:
    headings = re.findall(r"^### (\S+)$", PAGE.read_text(encoding="utf-8"), re.M)
    assert [heading for heading in headings if heading in RULES] == list(RULES)
