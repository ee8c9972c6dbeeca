"""What a rule reports about one string, before the scan makes it a `Finding`."""

from __future__ import annotations

from typing import NamedTuple

from toolbridge.security._finding import Severity

__all__ = ["Hit"]


class Hit(NamedTuple):
    """A suspicious span of one string: ``value[start:end]``."""

    rule: str
    severity: Severity
    start: int
    end: int
    why: str
