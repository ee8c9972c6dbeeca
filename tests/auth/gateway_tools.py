"""The gateway's own tools in the resource server tests: who is calling, and a deploy."""

from __future__ import annotations

import json
import os

from toolbridge import tool
from toolbridge.toolsets import current_identity


@tool
def whoami() -> str:
    """The caller as the gateway sees it (from the verified token), and the process."""
    caller = current_identity()
    assert caller is not None
    return json.dumps({**caller.to_dict(), "scopes": sorted(caller.scopes), "pid": os.getpid()})


@tool
def deploy(target: str) -> str:
    """Deploy `target` (needs the tools.deploy scope by the gateway's policy)."""
    return f"deployed {target}"
