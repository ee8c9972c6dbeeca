"""Every conversion of the corpus is byte-for-byte what it was when the snapshot was taken.

``tests/data/conversions.json`` holds, per case and per corpus server, a digest of what
toolbridge wrote: each tool alone through ``to_<target>(tool)``, each tool alone through
`convert` (output, report and argument plan), and the server's whole list through
`convert` (outputs, report, name map and plans), for every target, strict and not.
Outputs are serialised with their key order, so a reordered key is a change too.

The snapshot was taken before the C writer was removed; a deliberate change of output
regenerates only the cases it changes (and says why in its commit). The whole file::

    uv run python tests/formats/test_conversion_snapshot.py
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from toolbridge import Tool
from toolbridge.formats import (
    STRICT_TARGETS,
    TARGETS,
    convert,
    from_mcp,
    to_anthropic,
    to_bedrock,
    to_gemini,
    to_gemini_openapi,
    to_mcp,
    to_openai,
    to_openai_responses,
)

DATA = Path(__file__).resolve().parents[1] / "data"
CORPUS = DATA / "corpus" / "mcp"
SNAPSHOT = DATA / "conversions.json"

WRITERS: dict[str, Callable[..., Any]] = {
    "mcp": to_mcp,
    "openai": to_openai,
    "openai-responses": to_openai_responses,
    "anthropic": to_anthropic,
    "gemini": to_gemini,
    "gemini-openapi": to_gemini_openapi,
    "bedrock": to_bedrock,
}
CASES = [(target, None) for target in TARGETS] + [(target, True) for target in STRICT_TARGETS]


def _case_id(target: str, strict: bool | None) -> str:
    return target if strict is None else f"{target} strict"


def _plain(value: Any) -> Any:
    """A JSON-ready form of outputs, reports and plans; sets sorted, key order kept."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return {"@": type(value).__name__, **fields}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Mapping):
        return {
            json.dumps(_plain(key)) if not isinstance(key, str) else key: _plain(item)
            for key, item in value.items()
        }
    if isinstance(value, frozenset | set):
        return sorted((_plain(item) for item in value), key=json.dumps)
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


def _digest(value: Any) -> str:
    text = json.dumps(_plain(value), ensure_ascii=False, allow_nan=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:24]


@cache
def _servers() -> dict[str, list[dict[str, Any]]]:
    return {path.stem: json.loads(path.read_text()) for path in sorted(CORPUS.glob("*.json"))}


def _fresh(server: str) -> list[Tool]:
    """The server's tools read anew: nothing converted or cached on them yet."""
    tools = from_mcp(_servers()[server])
    assert isinstance(tools, list)
    return tools


def _conversion(conversion: Any) -> dict[str, Any]:
    return {
        "output": conversion.output,
        "report": conversion.report,
        "names": conversion.names.pairs,
        "strict": conversion.strict,
        "plans": conversion.plans,
    }


def digests(server: str, target: str, strict: bool | None) -> dict[str, str]:
    """What one server's tools give for one case, as digests by kind of call."""
    options: dict[str, Any] = {} if strict is None else {"strict": strict}
    found: dict[str, str] = {}
    writer = WRITERS.get(target)
    if writer is not None:
        found["to_one"] = _digest([writer(tool, **options) for tool in _fresh(server)])
    found["convert_one"] = _digest(
        [_conversion(convert(tool, target, **options)) for tool in _fresh(server)]  # type: ignore[arg-type]
    )
    found["convert_all"] = _digest(_conversion(convert(_fresh(server), target, **options)))  # type: ignore[arg-type]
    return found


def snapshot() -> dict[str, dict[str, dict[str, str]]]:
    """The digests of every case and server, as `SNAPSHOT` stores them."""
    return {
        _case_id(target, strict): {server: digests(server, target, strict) for server in _servers()}
        for target, strict in CASES
    }


@cache
def _stored() -> dict[str, dict[str, dict[str, str]]]:
    stored: dict[str, dict[str, dict[str, str]]] = json.loads(SNAPSHOT.read_text())
    return stored


def test_the_snapshot_covers_every_case_and_server() -> None:
    assert sorted(_stored()) == sorted(_case_id(target, strict) for target, strict in CASES)
    for servers in _stored().values():
        assert sorted(servers) == sorted(_servers())
    assert sum(len(tools) for tools in _servers().values()) == 1_037


@pytest.mark.parametrize(("target", "strict"), CASES, ids=[_case_id(*case) for case in CASES])
def test_every_corpus_conversion_is_unchanged(target: str, strict: bool | None) -> None:
    stored = _stored()[_case_id(target, strict)]
    changed = [
        f"{server}: {kind}"
        for server in _servers()
        for kind, digest in digests(server, target, strict).items()
        if stored[server].get(kind) != digest
    ]
    assert not changed, f"{len(changed)} conversions differ from the snapshot: {changed[:20]}"


if __name__ == "__main__":
    SNAPSHOT.write_text(json.dumps(snapshot(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {SNAPSHOT}")
