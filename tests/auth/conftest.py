"""The authorization server of the resource server tests: npm's ``oidc-provider``.

Installed once into ``.cache/npm-auth/`` at the repository root (ignored by git);
skipped only where Node.js or npm is missing, failed if npm fails.
"""

from __future__ import annotations

import fcntl
import json
import shutil
import subprocess
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
CACHE = REPOSITORY / ".cache" / "npm-auth"
PROVIDER = "oidc-provider"
PROVIDER_VERSION = "9.13.3"


def _version(package: Path) -> str | None:
    try:
        return str(json.loads((package / "package.json").read_text())["version"])
    except (FileNotFoundError, KeyError, ValueError):
        return None


@pytest.fixture(scope="session")
def oidc_package() -> Path:
    """The folder of the pinned ``oidc-provider``, installed with npm when missing."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        pytest.skip("Node.js is not installed: no node or npm on PATH (apt-get install nodejs npm)")
    package = CACHE / "node_modules" / PROVIDER
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE.parent / "npm-auth.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # concurrent test runs install once
        if _version(package) != PROVIDER_VERSION:
            command = [npm, "install", "--prefix", str(CACHE), "--no-audit", "--no-fund",
                       "--save-exact", f"{PROVIDER}@{PROVIDER_VERSION}"]  # fmt: skip
            done = subprocess.run(command, capture_output=True, text=True, timeout=300)
            if done.returncode != 0 or _version(package) != PROVIDER_VERSION:
                pytest.fail(f"`{' '.join(command)}` failed:\n{done.stdout}\n{done.stderr}")
    return package
