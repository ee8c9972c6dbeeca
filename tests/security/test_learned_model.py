"""The learned layer's model file: trained on today's data, never on the judges.

The manifest in ``_model.json.gz`` holds the sha256 of every file it was trained on
(bench/scan_model/train.py). A training file changed, removed or added without
retraining fails here; so does a file of set 15 or of set 16 (the judge
and the reserve) in the manifest.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODEL = ROOT / "packages" / "toolbridge" / "src" / "toolbridge" / "security" / "_model.json.gz"
FORBIDDEN = tuple(f"tests/data/poisoning/heldout{n}/" for n in (43, 44, 45))


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(gzip.decompress(MODEL.read_bytes()))
    return loaded


def _openapi_part(stem: str) -> str:
    digest = hashlib.sha256(f"openapi/{stem}".encode()).hexdigest()
    return "unseen" if int(digest[0], 16) < 6 else "tune"


def _trained(folder: Path) -> set[str]:
    """The files of `folder` the script trains on, as it chooses them."""
    names: set[str] = set()
    for path in sorted(folder.glob("*.json")):
        if folder.name == "openapi" and _openapi_part(path.stem) == "unseen":
            continue
        if folder.parent.name == "corpus" and not isinstance(json.loads(path.read_text()), list):
            continue  # the corpus's own metadata (licences.json)
        names.add(str(path.relative_to(ROOT)))
    return names


def test_no_judge_and_no_reserve_file_was_trained_on(document: dict[str, Any]) -> None:
    manifest = document["manifest"]
    paths = [*manifest["trained_on"], *(f"{folder}/" for folder in manifest["folders"])]
    assert paths
    assert [path for path in paths if path.startswith(FORBIDDEN)] == []
    assert "tests/data/poisoning/heldout42/unseen" in manifest["folders"]


def test_every_training_file_is_as_it_was_trained_on(document: dict[str, Any]) -> None:
    trained: dict[str, str] = document["manifest"]["trained_on"]
    changed = [
        path
        for path, digest in trained.items()
        if not (ROOT / path).is_file()
        or hashlib.sha256((ROOT / path).read_bytes()).hexdigest() != digest
    ]
    assert changed == [], "retrain: uv run --group train python bench/scan_model/train.py"


def test_no_file_was_added_to_a_training_folder(document: dict[str, Any]) -> None:
    manifest = document["manifest"]
    now = set().union(*(_trained(ROOT / folder) for folder in manifest["folders"]))
    assert sorted(now - set(manifest["trained_on"])) == []


def test_the_file_records_how_it_was_made(document: dict[str, Any]) -> None:
    assert document["format"] == 1
    assert 0 < len(document["weights"]["w"]) + len(document["weights"]["c"]) <= 100_000
    parameters = document["manifest"]["parameters"]
    assert parameters["clean_target"] == 0.005
    assert parameters["rug_pulls"] == "left out"
    assert isinstance(document["threshold"], float)
    assert MODEL.stat().st_size <= 2_000_000
