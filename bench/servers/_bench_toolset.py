"""The toolset every benchmark server serves: 49 corpus tools and ``echo``.

Each server script in this folder imports it (the script's folder is on
``sys.path``), so all four serve the same 50 definitions: the first 49 tools of
``tests/data/corpus/mcp/*.json`` (files in name order, names unique and valid for
every peer) with their schemas as the corpus gives them, and ``echo``, the only
tool called. Command line of every server: ``stdio`` or ``http PORT``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parents[2] / "tests" / "data" / "corpus" / "mcp"
CORPUS_TOOLS = 49
ECHO_NAME = "echo"
ECHO_DESCRIPTION = "Echo the text back."
ECHO_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"text": {"type": "string"}},
    "required": ["text"],
}
_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")


def corpus_tools(count: int = CORPUS_TOOLS) -> list[dict[str, Any]]:
    """The first `count` corpus tools as MCP dicts (``name``, ``description``, ``inputSchema``)."""
    found: list[dict[str, Any]] = []
    names = {ECHO_NAME}
    for path in sorted(CORPUS.glob("*.json")):
        for item in json.loads(path.read_text(encoding="utf-8")):
            name = item.get("name")
            schema = item.get("inputSchema")
            if not isinstance(name, str) or not _NAME.match(name) or name in names:
                continue
            if not isinstance(schema, dict) or schema.get("type") != "object":
                continue
            names.add(name)
            found.append(
                {"name": name, "description": item.get("description") or "", "inputSchema": schema}
            )
            if len(found) == count:
                return found
    raise SystemExit(f"the corpus has fewer than {count} usable tools")


def transport() -> tuple[str, int]:
    """``("stdio", 0)`` or ``("http", PORT)`` from the command line."""
    args = sys.argv[1:]
    if args == ["stdio"]:
        return "stdio", 0
    if len(args) == 2 and args[0] == "http" and args[1].isdigit():
        return "http", int(args[1])
    raise SystemExit(f"usage: {Path(sys.argv[0]).name} stdio | http PORT")
