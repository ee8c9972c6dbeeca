"""toolbridge as a gateway is deployed: ``toolbridge serve FILE --transport http --workers N``.

The same 50 tools, policy, caller and audit log as ``serve_toolbridge.py``, written
as a toolset file: ``echo`` from that script (a ``module:`` source) and the corpus
tools as MCP JSON (a ``file:`` source); a deny-by-default policy with a tenant check
and an allow rule for the caller's role; the audit log as JSON lines to
``$BENCH_AUDIT``. Stateless, so any worker answers any request. With a Redis URL the
policy also has a rate limit (far above what the benchmark reaches, so every call
is counted and none refused) whose counts live in that Redis: what replicas share.

    serve_toolbridge_file.py http PORT WORKERS [REDIS_URL] [json]

``json`` answers with one JSON body per request rather than an SSE stream
(``--json-response``).

The script writes the file beside ``$BENCH_AUDIT`` and replaces itself with the
command, so a signal to it reaches ``toolbridge serve`` (and its workers).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

from _bench_toolset import corpus_tools

HERE = Path(__file__).resolve().parent


def definition(redis_url: str | None, audit: str) -> dict[str, object]:
    policy: dict[str, object] = {
        "tenants": ["bench"],
        "default": "deny",
        "rules": [{"effect": "allow", "roles": ["bench"]}],
    }
    if redis_url:
        policy["rate_limits"] = [{"calls": 1_000_000_000, "per": 60, "scope": "tenant"}]
        policy["rate_limit_storage"] = redis_url
    return {
        "name": "bench",
        "sources": [
            {"module": str(HERE / "serve_toolbridge.py:echo")},
            {"file": "corpus.json", "format": "mcp"},
        ],
        "policy": policy,
        "audit": {"jsonl": audit},
        "identity": {"subject": "bench", "tenant": "bench", "roles": ["bench"]},
    }


def main() -> None:
    args = sys.argv[1:]
    if len(args) < 3 or args[0] != "http" or not args[1].isdigit():
        raise SystemExit(f"usage: {Path(sys.argv[0]).name} http PORT WORKERS [REDIS_URL] [json]")
    port, workers, extra = args[1], args[2], args[3:]
    as_json = "json" in extra
    redis_url = next((arg for arg in extra if arg != "json"), None)
    audit = os.environ.get("BENCH_AUDIT") or os.devnull
    folder = Path(
        tempfile.mkdtemp(
            prefix="toolset-", dir=os.environ.get("BENCH_AUDIT") and Path(audit).parent
        )
    )
    (folder / "corpus.json").write_text(json.dumps(corpus_tools()))
    path = folder / "bench.json"
    path.write_text(json.dumps(definition(redis_url, audit or os.devnull), indent=2))
    command = [sys.executable, "-m", "toolbridge", "serve", str(path), "--transport", "http"]
    command += ["--port", port, "--workers", workers, "--stateless"]
    command += ["--json-response"] if as_json else []
    os.execv(sys.executable, command)


if __name__ == "__main__":
    main()
