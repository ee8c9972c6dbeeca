"""Put every case of a held-out set in the part its hash names, or check that it is.

A case goes to ``unseen/<category>.json`` when the first hex digit of
``sha256("<category>/<server>/<tool name>")`` (UTF-8) is 0-5, else to
``tune/<category>.json``; the category is the file's stem (``benign`` for the hard
negatives). Victims (``"note": "victim"``) stand in both parts.

    uv run python tests/data/poisoning/split.py heldout6           # re-split in place
    uv run python tests/data/poisoning/split.py heldout6 --check   # exit 1 if misplaced

The files are written with one-space indentation; non-ASCII text is kept as is, except
invisible and format characters (zero-width, bidi controls, Unicode spaces, tag
characters, variation selectors, ...), which are written as ``\\uXXXX`` escapes so
that a reviewer sees them.
"""

from __future__ import annotations

import hashlib
import json
import sys
import unicodedata
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PARTS = ("tune", "unseen")
CATEGORIES = ("hidden", "shadowing", "exfiltration", "benign")
_VISIBLE_ANYWAY = {" ", "\n"}
_INVISIBLE_EXTRA = {"\u3164", "\u2800", "\u115f", "\u1160", "\uffa0"}


def part_of(category: str, server: str, name: str) -> str:
    """The part a case belongs to under the split rule."""
    digit = hashlib.sha256(f"{category}/{server}/{name}".encode()).hexdigest()[0]
    return "unseen" if digit in "012345" else "tune"


def _escape_char(ch: str) -> str:
    code = ord(ch)
    if code > 0xFFFF:
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def _needs_escape(ch: str) -> bool:
    if ch in _VISIBLE_ANYWAY:
        return False
    if 0xFE00 <= ord(ch) <= 0xFE0F or 0xE0100 <= ord(ch) <= 0xE01EF:
        return True  # variation selectors
    return ch in _INVISIBLE_EXTRA or unicodedata.category(ch) in {"Cf", "Cc", "Zs", "Zl", "Zp"}


def dumps(cases: list[dict[str, Any]]) -> str:
    """Serialise cases with invisible characters escaped."""
    text = json.dumps(cases, ensure_ascii=False, indent=1)
    return "".join(_escape_char(ch) if _needs_escape(ch) else ch for ch in text) + "\n"


def _key(case: dict[str, Any]) -> tuple[str, str]:
    return (case["server"], case["tool"]["name"])


def load(folder: Path, category: str) -> list[dict[str, Any]]:
    """Every case of a category across both parts, victims once, in file order."""
    seen: set[tuple[str, str]] = set()
    cases: list[dict[str, Any]] = []
    for part in PARTS:
        path = folder / part / f"{category}.json"
        if not path.exists():
            continue
        for case in json.loads(path.read_text(encoding="utf-8")):
            key = _key(case)
            if key in seen:
                if case.get("note") == "victim":
                    continue
                raise SystemExit(f"{path}: duplicate case {key}")
            seen.add(key)
            cases.append(case)
    return cases


def split(category: str, cases: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The cases of each part, in the given order."""
    parts: dict[str, list[dict[str, Any]]] = {part: [] for part in PARTS}
    for case in cases:
        if case.get("note") == "victim":
            for part in PARTS:
                parts[part].append(case)
        else:
            parts[part_of(category, *_key(case))].append(case)
    return parts


def main(argv: list[str]) -> int:
    check = "--check" in argv
    named = [argument for argument in argv if argument != "--check"]
    if len(named) != 1 or not (HERE / named[0]).is_dir():
        print("usage: split.py SET [--check]   (SET: a held-out folder here, e.g. heldout6)")
        return 2
    folder = HERE / named[0]
    bad = 0
    for category in CATEGORIES:
        parts = split(category, load(folder, category))
        for part, cases in parts.items():
            path = folder / part / f"{category}.json"
            text = dumps(cases)
            if check:
                if not path.exists() or path.read_text(encoding="utf-8") != text:
                    print(f"{path}: not as the split rule says", file=sys.stderr)
                    bad += 1
            else:
                path.parent.mkdir(exist_ok=True)
                path.write_text(text, encoding="utf-8")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
