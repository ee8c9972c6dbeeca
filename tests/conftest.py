"""Shared test fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parent.parent
SHARED = REPOSITORY.parent / "shared"


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The ``shared/`` folder beside the checkout (corpus, JSON-Schema-Test-Suite)."""
    if not SHARED.is_dir():
        pytest.fail(f"{SHARED} is missing: the test data lives beside the checkout")
    return SHARED
