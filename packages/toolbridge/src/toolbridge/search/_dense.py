"""Dense scores: a static word-embedding model that ships inside its wheel (WordLlama).

The model (``l2_supercat``, 256 dimensions, 16 MB) is read from the installed
package's own files, never downloaded: search works offline, and the first use
costs about half a second to load it. Needs ``pip install 'toolbridge[embeddings]'``.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Final, final

from toolbridge.errors import ConfigError
from toolbridge.search._optional import require

__all__ = ["DenseIndex", "embedder"]

_BLOCK: Final = 1024
"""Rows of the document matrix multiplied at once: small enough to stay on one thread."""
_LOCK = threading.Lock()
_MODEL: list[Any] = []


def embedder() -> Any:
    """The shared embedding model, loaded from the wordllama package's files once."""
    with _LOCK:
        if not _MODEL:
            _MODEL.append(_load())
        return _MODEL[0]


def _load() -> Any:
    with _root_logging_kept():
        wordllama = require("wordllama", "embeddings")
        require("safetensors", "embeddings")
        from safetensors import safe_open
        from wordllama import WordLlama
        from wordllama.inference import WordLlamaInference

    root = Path(wordllama.__file__).parent
    weights = root / "weights" / "l2_supercat_256.safetensors"
    tokenizer = root / "tokenizers" / "l2_supercat_tokenizer_config.json"
    if not (weights.is_file() and tokenizer.is_file()):
        raise ConfigError(
            f"the wordllama package at {root} lacks its bundled model files; "
            "reinstall it: pip install --force-reinstall 'toolbridge[embeddings]'"
        )
    with safe_open(str(weights), framework="np", device="cpu") as tensors:
        embedding = tensors.get_tensor("embedding.weight")
    return WordLlamaInference(embedding, WordLlama.load_tokenizer(tokenizer), binary=False)


@contextlib.contextmanager
def _root_logging_kept() -> Iterator[None]:
    """Undo what importing inside it does to the root logger.

    wordllama calls ``logging.basicConfig(level=INFO)`` when imported: without this, a
    program that searched once in dense mode would print every library's INFO log.
    """
    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    try:
        yield
    finally:
        for handler in root.handlers[:]:
            if handler not in handlers:
                root.removeHandler(handler)
        root.setLevel(level)


@final
class DenseIndex:
    """Cosine similarity between a query and each document's embedding."""

    def __init__(self, texts: Sequence[str]) -> None:
        import numpy

        self._model = embedder()
        if texts:
            # Embedded shortest first: the model pads each batch of texts to its longest,
            # so texts of like length waste less (a quarter of the time on 10,000 tools).
            # Padding adds zeros after a text's own words: its vector stays the same.
            order = sorted(range(len(texts)), key=lambda at: len(texts[at]))
            vectors = self._model.embed([texts[at] for at in order], norm=True)
            self._vectors = numpy.empty_like(vectors)
            self._vectors[order] = vectors
        else:
            self._vectors = numpy.zeros((0, 256), dtype=numpy.float32)

    def scores(self, query: str) -> Any:
        """A numpy array of one cosine similarity per document.

        The product runs in blocks of `_BLOCK` rows: past some size OpenBLAS splits one
        product over threads, and on a busy machine (a server answering other calls)
        those threads wait for CPUs: 16 ms a query on 10,000 tools, against 1 ms in blocks.
        """
        import numpy

        vector = self._model.embed([query], norm=True)[0]
        vectors = self._vectors
        scores = numpy.empty(len(vectors), dtype=vectors.dtype)
        for start in range(0, len(vectors), _BLOCK):
            numpy.dot(vectors[start : start + _BLOCK], vector, out=scores[start : start + _BLOCK])
        return scores
