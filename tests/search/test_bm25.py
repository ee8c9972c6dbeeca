"""BM25 as toolbridge computes it: Lucene's formula, checked by hand on small collections."""

from __future__ import annotations

import math

import pytest

from toolbridge.search._bm25 import Bm25Index

K1, B = 1.5, 0.75


def lucene(tf: int, df: int, documents: int, length: int, average: float) -> float:
    """One word's BM25 weight in one document, written out from the formula."""
    idf = math.log(1 + (documents - df + 0.5) / (df + 0.5))
    return idf * tf / (tf + K1 * (1 - B + B * length / average))


def test_scores_are_lucenes_bm25() -> None:
    documents = [["send", "email", "email"], ["read", "email"], ["list", "files", "in", "dir"]]
    index = Bm25Index(documents)
    average = 9 / 3
    got = index.scores(["email", "files"]).tolist()
    expected = [
        lucene(2, 2, 3, 3, average),
        lucene(1, 2, 3, 2, average),
        lucene(1, 1, 3, 4, average),
    ]
    assert got == pytest.approx(expected, rel=1e-6)


def test_a_word_asked_twice_adds_twice_and_unknown_words_add_nothing() -> None:
    index = Bm25Index([["email"], ["calendar"]])
    once = index.scores(["email"])[0]
    assert index.scores(["email", "email", "nowhere"])[0] == pytest.approx(2 * once)
    assert index.scores(["nowhere"]).tolist() == [0.0, 0.0]


def test_empty_documents_and_an_empty_collection_score_zero() -> None:
    index = Bm25Index([[], ["email"], []])
    scores = index.scores(["email"]).tolist()
    assert scores[0] == scores[2] == 0.0
    assert scores[1] > 0.0
    assert Bm25Index([]).scores(["email"]).tolist() == []
    assert Bm25Index([[], []]).scores(["email"]).tolist() == [0.0, 0.0]


def test_document_frequencies_count_documents_not_repeats() -> None:
    index = Bm25Index([["email", "email"], ["email", "send"], []])
    assert index.document_frequencies() == {"email": 2, "send": 1}


def test_a_vocabulary_past_16_bits_is_counted_as_a_small_one() -> None:
    # Words are sorted by number in 16-bit passes: past 65,536 words, two of them.
    size = 70_000
    documents = [[f"w{n}", f"w{n + 1}", "common", f"w{n}"] for n in range(size)]
    index = Bm25Index(documents)
    frequencies = index.document_frequencies()
    assert len(frequencies) == size + 2
    assert frequencies["common"] == size
    assert frequencies["w0"] == 1
    assert frequencies["w69999"] == 2
    scores = index.scores(["w69999"]).tolist()
    assert [at for at, score in enumerate(scores) if score > 0.0] == [size - 2, size - 1]
    assert scores[-2] == pytest.approx(lucene(1, 2, size, 4, 4.0), rel=1e-6)
    assert scores[-1] == pytest.approx(lucene(2, 2, size, 4, 4.0), rel=1e-6)
