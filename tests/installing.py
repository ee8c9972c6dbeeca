"""One installer at a time: a lock shared by every test process on the machine.

The suite runs in several processes (pytest-xdist), and a fresh machine installs
what the tests need on first use: Debian packages (one dpkg at a time, whoever
asks) and npm packages into ``.cache/``. Each install runs under `installing`,
so a second process waits for the first and then finds the package there.
"""

from __future__ import annotations

import contextlib
import fcntl
from collections.abc import Iterator
from pathlib import Path

LOCKS = Path(__file__).resolve().parent.parent / ".cache" / "locks"


@contextlib.contextmanager
def installing(what: str) -> Iterator[None]:
    """Hold the machine-wide lock named `what` (``apt``, ``npm-conformance``...) for the block."""
    LOCKS.mkdir(parents=True, exist_ok=True)
    with open(LOCKS / f"{what}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
