"""The learned layer: a linear model's reading of a tool's words, in pure Python.

A logistic regression fitted by ``bench/scan_model/train.py`` on the labelled poisoning
sets and the clean corpora; its weights (the largest ones, by magnitude) ship as
``_model.json.gz`` beside this module, with the threshold its cross-validation chose and
a manifest of what it was trained on. The file is read once, on the first scan that
needs it (under a lock: two threads read it once), never at import. Features are
`toolbridge.security._grams`' (the one definition training uses too); a tool's score is
a sum of integer weights (fixed point: exact, whatever the order of a set) per word and
word pair, and of a cached sum per distinct word for its character n-grams (one look-up
gives a word's weight and its n-grams' sum and count): about a hundred microseconds a
tool. The finding points at the string that scores highest read alone.

It reads words: a statistical reading, not a proof. It can be evaded by wording it has
not seen, and it flags some honest tools that talk about attacks (injection detectors,
secret scanners).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import repeat
from typing import Any, Final, final

from toolbridge.security._finding import Finding, shown
from toolbridge.security._grams import Shape, char_grams, pairs, words
from toolbridge.security._strings import Text

__all__ = ["MODEL_FILE", "Model", "learned", "model"]

MODEL_FILE: Final = "_model.json.gz"
"""The weights' file, package data of `toolbridge.security`."""
_CACHE_LIMIT: Final = 100_000
"""Distinct words whose character-gram sums are kept (a server cannot grow it further)."""


@final
@dataclass(frozen=True, slots=True)
class Reading:
    """A tool's score, and the string that raised it most."""

    probability: float
    """The model's probability that the tool is poisoned (``1 / (1 + e^-score)``)."""
    strongest: int
    """The index, in the strings read, of the one that raised the score most."""


@final
class Model:
    """The weights, the threshold and the feature shape of one model file."""

    __slots__ = (
        "_cache",
        "bias",
        "chars",
        "manifest",
        "pairs",
        "scale",
        "shape",
        "threshold",
        "words",
    )

    def __init__(self, document: Mapping[str, Any]) -> None:
        weights = document["weights"]
        self.shape = Shape.from_dict(document["shape"])
        self.bias = float(document["bias"])
        self.threshold = float(document["threshold"])
        self.scale = float(document["scale"])
        self.words: dict[str, int] = {}
        self.pairs: dict[tuple[str, str], int] = {}
        for gram, weight in weights["w"].items():
            first, _, second = str(gram).partition(" ")
            if second:
                self.pairs[(first, second)] = int(weight)
            else:
                self.words[first] = int(weight)
        self.chars: dict[str, int] = {str(k): int(v) for k, v in weights["c"].items()}
        self.manifest: Mapping[str, Any] = document.get("manifest", {})
        self._cache: dict[str, tuple[int, int, int]] = {}
        """Per word seen: its weight, its character n-grams' summed weight, and how many
        n-grams it has. Shared by every thread: entries are written whole and read with
        ``get``, so a clearing thread can cost another a recount, never a missing entry."""

    def _word(self, word: str) -> tuple[int, int, int]:
        """`word`'s weight, its character n-grams' summed weight and their number (cached)."""
        known = self._cache.get(word)
        if known is None:
            grams = char_grams(word, self.shape)
            known = (
                self.words.get(word, 0),
                sum(map(self.chars.get, grams, repeat(0))),
                len(grams),
            )
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()  # a server cannot grow the cache without bound
            self._cache[word] = known
        return known

    def score(self, values: Sequence[str]) -> float:
        """The raw score (log-odds) of a tool whose strings are `values`."""
        found = words(values, self.shape)
        return self._score(found)

    def _score(self, found: list[str]) -> float:
        distinct = set(found)
        together = pairs(found) if self.shape.pairs else set()
        total = self.bias
        size = len(distinct) + len(together)
        if not size:
            return total
        # one cache look-up per distinct word, the sums at C speed
        entries = list(map(self._cache.get, distinct))
        try:
            weights, gram_weights, gram_counts = zip(*entries, strict=True)
        except TypeError:  # a word not seen yet (None): read it, then sum again
            entries = [
                self._word(word) if entry is None else entry
                for entry, word in zip(entries, distinct, strict=True)
            ]
            weights, gram_weights, gram_counts = zip(*entries, strict=True)
        part: int = sum(weights) + sum(map(self.pairs.get, together, repeat(0)))
        total += part / self.scale / math.sqrt(size)
        if self.shape.chars[0] and distinct:
            count: int = sum(gram_counts)
            if count:
                weight: int = sum(gram_weights)
                total += weight / self.scale / math.sqrt(count)
        return total

    def read(self, values: Sequence[str]) -> Reading | None:
        """The reading of a tool at or over the threshold.

        None below it, or when the tool has fewer words than `Shape.min_words`.
        """
        found = words(values, self.shape)
        if len(found) < self.shape.min_words:
            return None
        score = self._score(found)
        if score < self.threshold:
            return None
        return Reading(1.0 / (1.0 + math.exp(-score)), self._strongest(values))

    def _strongest(self, values: Sequence[str]) -> int:
        """Which string scores highest read alone (its words, pairs and n-grams)."""
        best, at = -math.inf, 0
        for index, value in enumerate(values):
            found = words([value], self.shape)
            if found:
                value_score = self._score(found)
                if value_score > best:
                    best, at = value_score, index
        return at


_lock: Final = threading.Lock()
_loaded: list[Model] = []


def model() -> Model:
    """The shipped model, read on first use (once, whatever the threads)."""
    if _loaded:
        return _loaded[0]
    with _lock:
        if not _loaded:
            import gzip  # only here: the scan imports this module whether or not it asks
            import json
            from importlib import resources

            raw = resources.files("toolbridge.security").joinpath(MODEL_FILE).read_bytes()
            _loaded.append(Model(json.loads(gzip.decompress(raw))))
    return _loaded[0]


def learned(server: str | None, tool_name: str, texts: Sequence[Text]) -> Finding | None:
    """The learned layer's finding on one tool (its strings `texts`), or None."""
    the_model = model()
    values = [text.value for text in texts]
    reading = the_model.read(values)
    if reading is None:
        return None
    text = texts[reading.strongest] if reading.strongest < len(texts) else texts[0]
    return Finding(
        rule="learned",
        severity="medium",
        tool=tool_name,
        server=server,
        path=text.path,
        text=shown(text.value),
        why=f"A statistical reading of the tool's words scores it {reading.probability:.2f} "
        f"(flagged from {1.0 / (1.0 + math.exp(-the_model.threshold)):.2f}): it reads like "
        "the poisoned definitions the model was trained on, though no rule matched. This "
        "string weighs most; a reading, not a proof.",
    )
