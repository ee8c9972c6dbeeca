"""Check the query sets over this corpus: ``bench/search_styles/openapi-*.json``.

Usage: ``uv run python tests/data/corpus/openapi/check_queries.py``

Every id in ``relevant`` must be a tool of the corpus (``<file stem>/<tool name>``), no
query may appear twice (in one file or across them), each query's length must fit its
style, and each ``split`` must be the one its text's sha256 gives. Each file's queries
aim, in order, at the targets `targets` picks: its first ``relevant`` id. Exits 1 on a
problem.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
STYLES = HERE.parents[3] / "bench" / "search_styles"
SKIPPED = frozenset(
    {
        "netboxdemo-com__api/extras_config-contexts_list",  # description says nothing
        "canada-holidays-ca__api/Root",  # a welcome message
        "groundhog-day-com__api/root",  # a welcome message
        "gov-bc-ca__open511/get_areas",  # the same function as surrey-ca__open511/get_areas
    }
)
"""Tools passed over as targets, with why."""
WORDS = {"everyday": (5, 14), "concrete": (15, 50), "terse": (2, 6)}
"""The number of words (split on whitespace) a query of each style may have."""


def split_of(query: str) -> str:
    """``tune`` when the first byte of the query's sha256 is below 128, else ``test``."""
    return "tune" if hashlib.sha256(query.encode("utf-8")).digest()[0] < 128 else "test"


def corpus_ids() -> set[str]:
    """Every tool id of the corpus."""
    ids: set[str] = set()
    for path in HERE.glob("*__*.json"):
        ids.update(f"{path.stem}/{tool['name']}" for tool in json.loads(path.read_text()))
    return ids


def tool_descriptions() -> dict[str, str]:
    """Every tool id of the corpus, with its description."""
    found: dict[str, str] = {}
    for path in sorted(HERE.glob("*__*.json")):
        for tool in json.loads(path.read_text()):
            found[f"{path.stem}/{tool['name']}"] = tool.get("description") or ""
    return found


def targets(count: int = 150) -> list[str]:
    """The tools the queries aim at: in the order of sha256("target:" + id), one per API,
    at most 8 per provider, none with a description under 25 characters or in `SKIPPED`.
    """
    described = tool_descriptions()
    order = sorted(described, key=lambda id_: hashlib.sha256(f"target:{id_}".encode()).digest())
    per_api: dict[str, int] = {}
    per_provider: dict[str, int] = {}
    chosen: list[str] = []
    for id_ in order:
        stem = id_.split("/")[0]
        provider = stem.split("__")[0]
        if per_api.get(stem) or per_provider.get(provider, 0) >= 8:
            continue
        if len(described[id_]) < 25 or id_ in SKIPPED:
            continue
        per_api[stem] = 1
        per_provider[provider] = per_provider.get(provider, 0) + 1
        chosen.append(id_)
        if len(chosen) == count:
            break
    return chosen


def problems() -> list[str]:
    """What is wrong with the query files, one line each."""
    ids = corpus_ids()
    found: list[str] = []
    seen: dict[str, str] = {}
    files = sorted(STYLES.glob("openapi-*.json"))
    if not files:
        return [f"no openapi-*.json in {STYLES}"]
    for path in files:
        data = json.loads(path.read_text())
        style = data.get("style")
        if data.get("corpus") != "openapi" or style not in WORDS:
            found.append(f"{path.name}: corpus must be 'openapi' and style one of {sorted(WORDS)}")
            continue
        low, high = WORDS[style]
        aimed = [entry["relevant"][0] for entry in data["queries"] if entry["relevant"]]
        if aimed != targets(len(aimed)):
            found.append(f"{path.name}: the queries' first relevant ids are not the targets")
        for number, entry in enumerate(data["queries"]):
            query = entry["query"]
            where = f"{path.name} #{number} {query[:40]!r}"
            if query in seen:
                found.append(f"{where}: also in {seen[query]}")
            seen[query] = path.name
            if not low <= len(query.split()) <= high:
                found.append(f"{where}: {len(query.split())} words, not {low}-{high}")
            if not entry["relevant"]:
                found.append(f"{where}: no relevant tool")
            missing = [tool for tool in entry["relevant"] if tool not in ids]
            found.extend(f"{where}: {tool} is not in the corpus" for tool in missing)
            if len(set(entry["relevant"])) != len(entry["relevant"]):
                found.append(f"{where}: a relevant id is listed twice")
            if entry["split"] != split_of(query):
                found.append(f"{where}: split {entry['split']!r}, hash says {split_of(query)!r}")
    return found


def main() -> int:
    """Print the problems found, or a summary of the sets."""
    found = problems()
    for line in found:
        print(line)
    if found:
        return 1
    for path in sorted(STYLES.glob("openapi-*.json")):
        queries = json.loads(path.read_text())["queries"]
        tune = sum(entry["split"] == "tune" for entry in queries)
        print(f"{path.name}: {len(queries)} queries ({tune} tune, {len(queries) - tune} test)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
