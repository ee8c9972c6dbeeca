"""Tool-poisoning scan: how much it catches, how much clean text it flags, what it costs.

The labelled poisoned set (``tests/data/poisoning/*.json``, see its README) is scanned
one file at a time, each file as a mapping ``{server: tools}`` (so the cross-server
rules run) with the file's pins (entries with a ``pinned`` definition). A tool counts
as caught by rule R when a finding of R at severity ``medium`` or above is on it;
caught overall when any finding at ``medium`` or above is on it. The 1,037 clean corpus
tools (``tests/data/corpus/mcp``) are scanned one server at a time, as one would load
them; ``benign.json`` holds hard negatives (tools that look suspicious but are not).

Precision of a rule counts its findings on tools that are not poisoned at all (clean,
hard negatives, the victim servers' tools) as false; a finding of R on a poisoned tool
labelled with other rules is counted apart ("extra") and not as false.

The peer, ``cisco-ai-mcp-scanner``'s YARA analyzer (no API key, no LLM), cannot share
the bench environment (it pins litellm, which needs openai < 3, and openai-agents needs
openai >= 3), so it runs in its own environment: this file, run with ``--peer`` under
``uv run --no-project --with cisco-ai-mcp-scanner==4.8.7``, reads MCP tools on stdin
and answers, per tool, whether its YARA rules flagged it at MEDIUM or above and how
long that took; it scans a tool as the peer's own scanner does (the description, then
the rest of the tool as JSON).

Held-out sets 4 to 9 (``heldout4/`` ... ``heldout9/``, issue 29) are scored by
category (hidden tails, shadowing, exfiltration through parameters), each ``tune`` part
apart from its ``unseen`` part (a fresh set's unseen part is added to `HELDOUTS` only
when it is scored, once, at the end, by the lead). The clean side is
both corpora: the MCP servers and, when present, the OpenAPI-derived tools of
``tests/data/corpus/openapi`` (its servers split in two halves by a hash of the file
name, as the poisoned set is, so that the half no rule was fitted on is reported apart).

Targets (issue 19): recall >= 95% on the labelled set, median <= 1 ms a tool; (issue
29) recall >= 97% on a fresh held-out part (`HELDOUT_JUDGED`), <= 0.5% of clean tools
flagged.

    uv run --group bench python bench/_security.py
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _report import FAIL, PASS, Row, Section, at_most_ns

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "tests" / "data"
POISONING = DATA / "poisoning"
TUNED: tuple[str, ...] = ("heldout1-tuned", "heldout2-tuned")
"""Held-out sets the scanner has since been tuned on: part of the labelled set now."""
HELDOUTS: tuple[tuple[str, str], ...] = (
    ("heldout3", "Held-out set 3 (written without the scanner in view; heldout3/README.md)"),
    ("heldout4/tune", "Held-out set 4, tune part (rules changed with it in view)"),
    ("heldout4/unseen", "Held-out set 4, unseen part (scored once the rules were final)"),
    ("heldout5/tune", "Held-out set 5, tune part (rules changed by category with it in view)"),
    ("heldout5/unseen", "Held-out set 5, unseen part (written blind; scored once, rules final)"),
    ("heldout6/tune", "Held-out set 6, tune part (rules widened by shape with it in view)"),
    ("heldout6/unseen", "Held-out set 6, unseen part (written blind; scored once, rules final)"),
    ("heldout7/tune", "Held-out set 7, tune part (written blind; rules widened with it in view)"),
    (
        "heldout7/unseen",
        "Held-out set 7, unseen part (written blind; scored once at 72.9%, tuned on since)",
    ),
    (
        "heldout8/tune",
        "Held-out set 8, tune part (literature shapes, blind; tuned with it in view)",
    ),
    (
        "heldout8/unseen",
        "Held-out set 8, unseen part (literature shapes, blind; scored once, rules final)",
    ),
    ("heldout9/tune", "Held-out set 9, tune part (written blind; rules widened with it in view)"),
    ("heldout9/unseen", "Held-out set 9, unseen part (written blind; scored once, rules final)"),
    ("heldout10/tune", "Held-out set 10, tune part (written blind; scored once, rules final)"),
    (
        "heldout10/unseen",
        "Held-out set 10, unseen part (blind; judged once at 80.0%, its misses named since)",
    ),
    ("heldout11/tune", "Held-out set 11, tune part (written blind; scored once before tuning)"),
    ("heldout11/unseen", "Held-out set 11, unseen part (written blind; scored before, then once)"),
    ("heldout12/tune", "Held-out set 12, tune part (written blind; not tuned on)"),
    ("heldout12/unseen", "Held-out set 12, unseen part (written blind; scored before, then once)"),
    ("heldout13/tune", "Held-out set 13, tune part (written blind; the learned layer's training)"),
    (
        "heldout13/unseen",
        "Held-out set 13, unseen part (written blind; judged once, trained on since)",
    ),
    ("heldout14/tune", "Held-out set 14, tune part (written blind; the learned layer's training)"),
    (
        "heldout14/unseen",
        "Held-out set 14, unseen part (written blind; judged once, trained on since)",
    ),
    ("heldout15/tune", "Held-out set 15, tune part (written blind; judged once, tuned on since)"),
    ("heldout15/unseen", "Held-out set 15, unseen part (written blind; judged once, tuned on)"),
    ("heldout16/tune", "Held-out set 16, tune part (written blind; judged once, tuned on since)"),
    ("heldout16/unseen", "Held-out set 16, unseen part (written blind; judged once, tuned on)"),
    ("heldout17/tune", "Held-out set 17, tune part (written blind; judged once, tuned on)"),
    ("heldout17/unseen", "Held-out set 17, unseen part (written blind; judged once, tuned on)"),
    ("heldout18/tune", "Held-out set 18, tune part (written blind; judged once, tuned on)"),
    ("heldout18/unseen", "Held-out set 18, unseen part (written blind; judged once, tuned on)"),
    ("heldout19/tune", "Held-out set 19, tune part (written blind; judged once, tuned on)"),
    ("heldout19/unseen", "Held-out set 19, unseen part (written blind; judged once, tuned on)"),
    ("heldout20/tune", "Held-out set 20, tune part (written blind; judged once, tuned on)"),
    ("heldout20/unseen", "Held-out set 20, unseen part (written blind; judged once, tuned on)"),
    ("heldout21/tune", "Held-out set 21, tune part (written blind; judged once, tuned on)"),
    ("heldout21/unseen", "Held-out set 21, unseen part (written blind; judged once, tuned on)"),
    ("heldout22/tune", "Held-out set 22, tune part (written blind; judged once, tuned on)"),
    ("heldout22/unseen", "Held-out set 22, unseen part (written blind; judged once, tuned on)"),
    ("heldout23/tune", "Held-out set 23, tune part (written blind; judged once, tuned on)"),
    ("heldout23/unseen", "Held-out set 23, unseen part (written blind; judged once, tuned on)"),
    ("heldout24/tune", "Held-out set 24, tune part (written blind; judged once, tuned on)"),
    ("heldout24/unseen", "Held-out set 24, unseen part (written blind; judged once, tuned on)"),
    ("heldout25/tune", "Held-out set 25, tune part (written blind; judged once, tuned on)"),
    ("heldout25/unseen", "Held-out set 25, unseen part (written blind; judged once, tuned on)"),
    ("heldout26/tune", "Held-out set 26, tune part (written blind; judged once, tuned on)"),
    ("heldout26/unseen", "Held-out set 26, unseen part (written blind; judged once, tuned on)"),
    ("heldout27/tune", "Held-out set 27, tune part (written blind; judged once, tuned on)"),
    ("heldout27/unseen", "Held-out set 27, unseen part (written blind; judged once, tuned on)"),
    ("heldout28/tune", "Held-out set 28, tune part (written blind; judged once, tuned on)"),
    ("heldout28/unseen", "Held-out set 28, unseen part (written blind; judged once, tuned on)"),
    ("heldout29/tune", "Held-out set 29, tune part (written blind; judged once, tuned on)"),
    ("heldout29/unseen", "Held-out set 29, unseen part (written blind; judged once, tuned on)"),
    ("heldout30/tune", "Held-out set 30, tune part (written blind; judged once, tuned on)"),
    ("heldout30/unseen", "Held-out set 30, unseen part (written blind; judged once, tuned on)"),
    ("heldout31/tune", "Held-out set 31, tune part (written blind; judged once, tuned on)"),
    ("heldout31/unseen", "Held-out set 31, unseen part (written blind; judged once, tuned on)"),
    ("heldout32/tune", "Held-out set 32, tune part (written blind; judged once, tuned on)"),
    ("heldout32/unseen", "Held-out set 32, unseen part (written blind; judged once, tuned on)"),
    ("heldout33/tune", "Held-out set 33, tune part (written blind; judged once, tuned on)"),
    ("heldout33/unseen", "Held-out set 33, unseen part (written blind; judged once, tuned on)"),
    ("heldout34/tune", "Held-out set 34, tune part (written blind; judged once, tuned on)"),
    ("heldout34/unseen", "Held-out set 34, unseen part (written blind; judged once, tuned on)"),
    ("heldout35/tune", "Held-out set 35, tune part (written blind; judged once, tuned on)"),
    ("heldout35/unseen", "Held-out set 35, unseen part (written blind; judged once, tuned on)"),
    ("heldout36/tune", "Held-out set 36, tune part (written blind; judged once, tuned on)"),
    ("heldout36/unseen", "Held-out set 36, unseen part (written blind; judged once, tuned on)"),
    ("heldout37/tune", "Held-out set 37, tune part (written blind; judged once, tuned on)"),
    ("heldout37/unseen", "Held-out set 37, unseen part (written blind; judged once, tuned on)"),
    ("heldout38/tune", "Held-out set 38, tune part (written blind; judged once, tuned on)"),
    ("heldout38/unseen", "Held-out set 38, unseen part (written blind; judged once, tuned on)"),
    ("heldout39/tune", "Held-out set 39, tune part (written blind; judged once, tuned on)"),
    ("heldout39/unseen", "Held-out set 39, unseen part (written blind; judged once, tuned on)"),
    ("heldout40/tune", "Held-out set 40, tune part (written blind; judged once, tuned on)"),
    ("heldout40/unseen", "Held-out set 40, unseen part (written blind; judged once, tuned on)"),
    ("heldout41/tune", "Held-out set 41, tune part (written blind; judged once, tuned on)"),
    ("heldout41/unseen", "Held-out set 41, unseen part (written blind; judged once, tuned on)"),
    ("heldout42/tune", "Held-out set 42, tune part (written blind; judged once, tuned on)"),
    ("heldout42/unseen", "Held-out set 42, unseen part (written blind; judged once, tuned on)"),
    ("heldout43/tune", "Held-out set 43, tune part (written blind; judged once, tuned on)"),
    ("heldout43/unseen", "Held-out set 43, unseen part (written blind; judged once, tuned on)"),
    ("heldout44/tune", "Held-out set 44, tune part (written blind; judged once, tuned on)"),
    ("heldout44/unseen", "Held-out set 44, unseen part (written blind; judged once, tuned on)"),
    ("heldout45/tune", "Held-out set 45, tune part (written blind; judged once, tuned on)"),
    ("heldout45/unseen", "Held-out set 45, unseen part (written blind; judged once, tuned on)"),
    (
        "heldout46/tune",
        "Held-out set 46, tune part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout46/unseen",
        "Held-out set 46, unseen part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout47/tune",
        "Held-out set 47, tune part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout47/unseen",
        "Held-out set 47, unseen part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout48/tune",
        "Held-out set 48, tune part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout48/unseen",
        "Held-out set 48, unseen part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout49/tune",
        "Held-out set 49, tune part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout49/unseen",
        "Held-out set 49, unseen part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout50/tune",
        "Held-out set 50, tune part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout50/unseen",
        "Held-out set 50, unseen part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout51/tune",
        "Held-out set 51, tune part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout51/unseen",
        "Held-out set 51, unseen part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout52/tune",
        "Held-out set 52, tune part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout52/unseen",
        "Held-out set 52, unseen part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout53/tune",
        "Held-out set 53, tune part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout53/unseen",
        "Held-out set 53, unseen part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout54/tune",
        "Held-out set 54, tune part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout54/unseen",
        "Held-out set 54, unseen part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout55/tune",
        "Held-out set 55, tune part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout55/unseen",
        "Held-out set 55, unseen part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout56/tune",
        "Held-out set 56, tune part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout56/unseen",
        "Held-out set 56, unseen part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout57/tune",
        "Held-out set 57, tune part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout57/unseen",
        "Held-out set 57, unseen part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout58/tune",
        "Held-out set 58, tune part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout58/unseen",
        "Held-out set 58, unseen part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout59/tune",
        "Held-out set 59, tune part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout59/unseen",
        "Held-out set 59, unseen part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout60/tune",
        "Held-out set 60, tune part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout60/unseen",
        "Held-out set 60, unseen part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout61/tune",
        "Held-out set 61, tune part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout61/unseen",
        "Held-out set 61, unseen part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout62/tune",
        "Held-out set 62, tune part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout62/unseen",
        "Held-out set 62, unseen part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout63/tune",
        "Held-out set 63, tune part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout63/unseen",
        "Held-out set 63, unseen part (written blind; judged once, then its misses read)",
    ),
    (
        "heldout64/tune",
        "Held-out set 64, tune part (written blind; judged once, then read)",
    ),
    (
        "heldout64/unseen",
        "Held-out set 64, unseen part (written blind; judged once, then read)",
    ),
    (
        "heldout65/tune",
        "Held-out set 65, tune part (written blind; judged once, then read)",
    ),
    (
        "heldout65/unseen",
        "Held-out set 65, unseen part (written blind; judged once, then read)",
    ),
    (
        "heldout66/tune",
        "Held-out set 66, tune part (written blind; judged once, then read)",
    ),
    (
        "heldout66/unseen",
        "Held-out set 66, unseen part (written blind; judged once, then read)",
    ),
    (
        "heldout67/tune",
        "Held-out set 67, tune part (written blind; judged once, then read)",
    ),
    (
        "heldout67/unseen",
        "Held-out set 67, unseen part (written blind; judged once, then read)",
    ),
    (
        "heldout68/tune",
        "Held-out set 68, tune part (written blind; judged once, then read)",
    ),
    (
        "heldout68/unseen",
        "Held-out set 68, unseen part (written blind; judged once, then read)",
    ),
    (
        "heldout69/tune",
        "Held-out set 69, tune part (written blind; judged once, then read)",
    ),
    (
        "heldout69/unseen",
        "Held-out set 69, unseen part (written blind; judged once, then read)",
    ),
    (
        "heldout70/tune",
        "Held-out set 70, tune part (written blind; judged once, then read)",
    ),
    (
        "heldout70/unseen",
        "Held-out set 70, unseen part (written blind; judged once, then read)",
    ),
    (
        "heldout71/tune",
        "Held-out set 71, tune part (written blind; judged once, then read)",
    ),
    (
        "heldout71/unseen",
        "Held-out set 71, unseen part (written blind; judged once, then read)",
    ),
    (
        "heldout72/tune",
        "Held-out set 72, tune part (written blind; judged once, then read)",
    ),
    (
        "heldout72/unseen",
        "Held-out set 72, unseen part (written blind; judged once, then read)",
    ),
    (
        "heldout73/tune",
        "Held-out set 73, tune part (written blind; judged once, then read)",
    ),
    (
        "heldout73/unseen",
        "Held-out set 73, unseen part (written blind; judged once, then read)",
    ),
    (
        "heldout74/tune",
        "Held-out set 74, tune part (written blind; judged once, then read)",
    ),
    (
        "heldout74/unseen",
        "Held-out set 74, unseen part (written blind; judged once, then read)",
    ),
    (
        "heldout75/tune",
        "Held-out set 75, tune part (written blind; judged once, then read)",
    ),
    (
        "heldout75/unseen",
        "Held-out set 75, unseen part (written blind; judged once, then read)",
    ),
    (
        "heldout76/tune",
        "Held-out set 76, tune part (written blind; judged once, then read)",
    ),
    (
        "heldout76/unseen",
        "Held-out set 76, unseen part (written blind; judged once, then read)",
    ),
    (
        "heldout77/tune",
        "Held-out set 77, tune part (written blind; judged once, then read)",
    ),
    (
        "heldout77/unseen",
        "Held-out set 77, unseen part (written blind; judged once, then read)",
    ),
    (
        "heldout78/tune",
        "Held-out set 78, tune part (written blind; judged once, then read)",
    ),
    (
        "heldout78/unseen",
        "Held-out set 78, unseen part (written blind; judged once, then read)",
    ),
    (
        "heldout79/tune",
        "Held-out set 79, tune part (written blind; judged once, not tuned on)",
    ),
    (
        "heldout79/unseen",
        "Held-out set 79, unseen part (written blind; judged once, not tuned on)",
    ),
    (
        "heldout80/tune",
        "Held-out set 80, tune part (written blind; judged once, not tuned on)",
    ),
    (
        "heldout80/unseen",
        "Held-out set 80, unseen part (written blind; judged once, not tuned on)",
    ),
    (
        "heldout81/tune",
        "Held-out set 81, tune part (written blind; judged once, not tuned on)",
    ),
    (
        "heldout81/unseen",
        "Held-out set 81, unseen part (written blind; judged once, not tuned on)",
    ),
    (
        "heldout82/tune",
        "Held-out set 82, tune part (written blind; judged once, not tuned on)",
    ),
    (
        "heldout82/unseen",
        "Held-out set 82, unseen part (written blind; judged once, not tuned on)",
    ),
    (
        "heldout83/tune",
        "Held-out set 83, tune part (written blind; judged once, not tuned on)",
    ),
    (
        "heldout83/unseen",
        "Held-out set 83, unseen part (written blind; judged once, not tuned on)",
    ),
    (
        "heldout84/tune",
        "Held-out set 84, tune part (written blind; judged once, not tuned on)",
    ),
    (
        "heldout84/unseen",
        "Held-out set 84, unseen part (written blind; judged once, not tuned on)",
    ),
    (
        "heldout85/tune",
        "Held-out set 85, tune part (written blind; judged once, then tuned on)",
    ),
    (
        "heldout85/unseen",
        "Held-out set 85, unseen part (written blind; judged once, then tuned on)",
    ),
    (
        "heldout86/tune",
        "Held-out set 86, tune part (written blind; judged once, then tuned on)",
    ),
    (
        "heldout86/unseen",
        "Held-out set 86, unseen part (written blind; judged once, then tuned on)",
    ),
    (
        "heldout87/tune",
        "Held-out set 87, tune part (written blind; judged once, then tuned on)",
    ),
    (
        "heldout87/unseen",
        "Held-out set 87, unseen part (written blind; judged once, then tuned on)",
    ),
    (
        "heldout88/tune",
        "Held-out set 88, tune part (written blind; judged once, then tuned on)",
    ),
    (
        "heldout88/unseen",
        "Held-out set 88, unseen part (written blind; judged once, then tuned on)",
    ),
    (
        "heldout89/tune",
        "Held-out set 89, tune part (written blind; judged once, then tuned on)",
    ),
    (
        "heldout89/unseen",
        "Held-out set 89, unseen part (written blind; judged once, then tuned on)",
    ),
    (
        "heldout90/tune",
        "Held-out set 90, tune part (written blind; judged once, then tuned on)",
    ),
    (
        "heldout90/unseen",
        "Held-out set 90, unseen part (written blind; judged once, then tuned on)",
    ),
    (
        "heldout91/tune",
        "Held-out set 91, tune part (written blind; judged, never read)",
    ),
    (
        "heldout91/unseen",
        "Held-out set 91, unseen part (written blind; judged, never read)",
    ),
    (
        "heldout92/tune",
        "Held-out set 92, tune part (written blind; judged, never read)",
    ),
    (
        "heldout92/unseen",
        "Held-out set 92, unseen part (written blind; judged, never read)",
    ),
    (
        "heldout93/tune",
        "Held-out set 93, tune part (written blind; judged, never read)",
    ),
    (
        "heldout93/unseen",
        "Held-out set 93, unseen part (written blind; judged, never read)",
    ),
    (
        "heldout94/tune",
        "Held-out set 94, tune part (written blind; judged, never read)",
    ),
    (
        "heldout94/unseen",
        "Held-out set 94, unseen part (written blind; judged, never read)",
    ),
    (
        "heldout95/tune",
        "Held-out set 95, tune part (written blind; judged, never read)",
    ),
    (
        "heldout95/unseen",
        "Held-out set 95, unseen part (written blind; judged, never read)",
    ),
    (
        "heldout96/tune",
        "Held-out set 96, tune part (written blind; judged, never read)",
    ),
    (
        "heldout96/unseen",
        "Held-out set 96, unseen part (written blind; judged, never read)",
    ),
    (
        "heldout97/tune",
        "Held-out set 97, tune part (written blind; judged once, never read)",
    ),
    (
        "heldout97/unseen",
        "Held-out set 97, unseen part (written blind; judged once, never read)",
    ),
    (
        "heldout98/tune",
        "Held-out set 98, tune part (written blind; judged once, never read)",
    ),
    (
        "heldout98/unseen",
        "Held-out set 98, unseen part (written blind; judged once, never read)",
    ),
    (
        "heldout99/tune",
        "Held-out set 99, tune part (written blind; judged once, never read)",
    ),
    (
        "heldout99/unseen",
        "Held-out set 99, unseen part (written blind; judged once, never read)",
    ),
    (
        "heldout100/tune",
        "Held-out set 100, tune part (written blind; judged once, then tuned on)",
    ),
    (
        "heldout100/unseen",
        "Held-out set 100, unseen part (written blind; judged once, never read)",
    ),
    (
        "heldout101/tune",
        "Held-out set 101, tune part (written blind; judged once, then tuned on)",
    ),
    (
        "heldout101/unseen",
        "Held-out set 101, unseen part (written blind; judged once, never read)",
    ),
    (
        "heldout102/tune",
        "Held-out set 102, tune part (written blind; judged once, then tuned on)",
    ),
    (
        "heldout102/unseen",
        "Held-out set 102, unseen part (written blind; judged once, never read)",
    ),
)
"""The held-out sets' folders under `POISONING`, and their titles in the table: tools
written without the scanner in view and never tuned on, scored apart (README)."""
CORPUS = DATA / "corpus" / "mcp"
OPENAPI = DATA / "corpus" / "openapi"
THRESHOLD = "medium"
PEER = "cisco-ai-mcp-scanner==4.8.7"
PEER_TIMEOUT_S = 900
RECALL_TARGET = 0.95
HELDOUT_TARGET = 0.97
HELDOUT_JUDGED = "heldout92/unseen"
"""The held-out part the 97% target is read on: set 92's unseen part, chosen before its
round (sets 91 to 93) was written, and judged whole with its tune part by the final rules
of the session that wrote it and of the next (docs/security.md), as sets 91 and 93 were.
Its misses are not read, and the learned layer is not trained on it: the bench prints a
held-out figure for it.
The bench prints no case names of any held-out part."""
CLEAN_TARGET = 0.005
MEDIAN_TARGET_NS = 1_000_000


@dataclass(frozen=True, slots=True)
class Entry:
    """One tool to scan: labelled (poisoned, victim or hard negative) or clean."""

    id: str
    """``file/server/name``: unique over the whole evaluation."""
    group: str
    """What it is scanned with: a poisoning file's stem, or ``corpus/<server>``."""
    kind: str
    """``poisoned`` (it has rules), ``victim`` (no rules, in a poisoned file),
    ``negative`` (benign.json) or ``clean`` (the corpus)."""
    server: str
    wire: Mapping[str, Any]
    """The tool as an MCP dict."""
    rules: frozenset[str] = frozenset()
    pinned: Mapping[str, Any] | None = None
    source: str = ""


def labelled_set() -> list[Entry]:
    """The labelled set: the poisoning files, and the held-out sets since tuned on."""
    return [
        *labelled(),
        *(entry for name in TUNED for entry in labelled(POISONING / name, f"{name}/")),
    ]


def labelled(folder: Path = POISONING, prefix: str = "") -> list[Entry]:
    """Every entry of the poisoning files in `folder`, benign.json included."""
    entries: list[Entry] = []
    for path in sorted(folder.glob("*.json")):
        for item in json.loads(path.read_text(encoding="utf-8")):
            rules = frozenset(item["rules"])
            kind = "poisoned" if rules else "victim"
            if path.stem == "benign":
                kind = "negative"
            entries.append(
                Entry(
                    id=f"{prefix}{path.stem}/{item['server']}/{item['tool']['name']}",
                    group=prefix + path.stem,
                    kind=kind,
                    server=item["server"],
                    wire=item["tool"],
                    rules=rules,
                    pinned=item.get("pinned"),
                    source=item["source"],
                )
            )
    return entries


def openapi_part(stem: str) -> str:
    """``unseen`` when the first hex digit of sha256("openapi/<stem>") is 0-5, else ``tune``.

    The OpenAPI corpus's servers, split as held-out set 4's cases are (its README): false
    flags were looked at on the tune half only.
    """
    return (
        "unseen"
        if int(hashlib.sha256(f"openapi/{stem}".encode()).hexdigest()[0], 16) < 6
        else "tune"
    )


def clean() -> list[Entry]:
    """The corpus tools, one group per server: ``corpus/`` (MCP), then ``openapi/``."""
    entries: list[Entry] = []
    for prefix, folder in (("corpus", CORPUS), ("openapi", OPENAPI)):
        for path in sorted(folder.glob("*.json")):
            tools = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(tools, list):  # the corpus's own metadata (licences.json)
                continue
            seen: set[str] = set()
            for wire in tools:
                if wire["name"] in seen:  # a server listing a tool twice is one tool
                    continue
                seen.add(wire["name"])
                group = f"{prefix}/{path.stem}"
                entries.append(Entry(f"{group}/{wire['name']}", group, "clean", path.stem, wire))
    return entries


def corpus_of(entry: Entry) -> str:
    """``mcp``, ``openapi/tune`` or ``openapi/unseen``: which clean corpus `entry` is of."""
    if entry.group.startswith("openapi/"):
        return f"openapi/{openapi_part(entry.server)}"
    return "mcp"


def categories(entries: Iterable[Entry], flagged: Mapping[str, bool]) -> dict[str, tuple[int, int]]:
    """Per poisoned file of a held-out set (its category): (caught, poisoned)."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for entry in entries:
        if entry.kind == "poisoned":
            count = counts[entry.group.rsplit("/", 1)[-1]]
            count[0] += flagged.get(entry.id, False)
            count[1] += 1
    return {name: (caught, total) for name, (caught, total) in sorted(counts.items())}


# -- toolbridge ---------------------------------------------------------------------------------


def ours(entries: Sequence[Entry], disable: Iterable[str] = ()) -> dict[str, frozenset[str]]:
    """The rules that flagged each entry at `THRESHOLD` or above, by `Entry.id`.

    `disable`: rule ids not to run (those the scan does not know are ignored).
    """
    from toolbridge.formats import from_mcp_tool
    from toolbridge.security import RULES, SEVERITIES, scan

    off = [rule for rule in disable if rule in RULES]

    floor = SEVERITIES.index(THRESHOLD)
    groups: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries:
        groups[entry.group].append(entry)
    flagged: dict[str, set[str]] = {entry.id: set() for entry in entries}
    for group in groups.values():
        tools: dict[str, list[Any]] = defaultdict(list)
        pins: dict[str, dict[str, str]] = defaultdict(dict)
        ids: dict[tuple[str, str], str] = {}
        for entry in group:
            tool = from_mcp_tool(entry.wire)
            tools[entry.server].append(tool)
            ids[(entry.server, tool.name)] = entry.id
            if entry.pinned is not None:
                pins[entry.server][entry.pinned["name"]] = from_mcp_tool(entry.pinned).fingerprint
        for finding in scan(dict(tools), pins=dict(pins) or None, disable=off):
            key = ids.get((finding.server or "", finding.tool))
            if key is not None and SEVERITIES.index(finding.severity) >= floor:
                flagged[key].add(finding.rule)
    return {key: frozenset(rules) for key, rules in flagged.items()}


def _our_times(entries: Sequence[Entry], repeats: int) -> list[float]:
    """Per tool: the fastest of `repeats` scans of it alone, in ns (one server, no pins)."""
    from toolbridge.formats import from_mcp_tool
    from toolbridge.security import scan

    tools = [from_mcp_tool(entry.wire) for entry in entries]
    best = [float("inf")] * len(tools)
    scan(tools[:1])  # lazy imports and compiled patterns, once
    for _ in range(repeats):
        for index, tool in enumerate(tools):
            started = time.perf_counter_ns()
            scan([tool])
            best[index] = min(best[index], time.perf_counter_ns() - started)
    return best


# -- the peer (cisco-ai-mcp-scanner, YARA only) ------------------------------------------------


def _peer_worker(repeats: int) -> None:
    """Runs in the peer's environment: MCP tools on stdin, ``[[flagged, ns], ...]`` out."""
    import asyncio
    import importlib

    # Imported by name: neither is in the bench environment's type information.
    Tool: Any = importlib.import_module("mcp.types").Tool
    yara: Any = importlib.import_module("mcpscanner.core.analyzers.yara_analyzer")
    analyzer = yara.YaraAnalyzer()
    loop = asyncio.new_event_loop()
    gate = {"HIGH", "MEDIUM"}  # the peer's levels at or above medium (it has no critical)

    def one(wire: dict[str, Any]) -> bool:
        # What mcpscanner's scanner does per tool with the YARA analyzer: the
        # description, then the tool's JSON (its pydantic dump) without the description.
        tool = Tool.model_validate(wire)
        data = json.loads(tool.model_dump_json(by_alias=True))
        data.pop("description", None)
        context = {"tool_name": tool.name, "content_type": "description"}
        found = loop.run_until_complete(analyzer.analyze(tool.description or "", context))
        context = {"tool_name": tool.name, "content_type": "parameters"}
        found += loop.run_until_complete(analyzer.analyze(json.dumps(data), context))
        return any(finding.severity in gate for finding in found)

    wires = json.load(sys.stdin)
    answers: list[list[Any]] = []
    for wire in wires:
        flagged = one(wire)
        best = float("inf")
        for _ in range(repeats):
            started = time.perf_counter_ns()
            one(wire)
            best = min(best, time.perf_counter_ns() - started)
        answers.append([flagged, best])
    json.dump(answers, sys.stdout)


@dataclass(frozen=True, slots=True)
class PeerRun:
    flagged: dict[str, bool] = field(default_factory=dict)
    times_ns: list[float] = field(default_factory=list)
    """Per clean corpus tool."""
    reason: str = ""
    """Why it did not run (empty when it did)."""


def peer(entries: Sequence[Entry], repeats: int) -> PeerRun:
    """The peer's verdict per entry, in its own environment; no network once installed."""
    uv = shutil.which("uv")
    if uv is None:
        return PeerRun(reason="uv not on PATH: the peer runs in its own uv environment")
    command = [uv, "run", "--quiet", "--no-project", "--with", PEER]
    command += ["--python", sys.executable, "python", __file__, "--peer", str(repeats)]
    # Offline: no key for any remote analyzer, and litellm (imported by the peer's
    # package) told not to fetch its model price list.
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.endswith(("_API_KEY", "_API_TOKEN")) and key != "VIRTUAL_ENV"
    }
    environment["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"
    payload = json.dumps([entry.wire for entry in entries])
    try:
        done = subprocess.run(
            command,
            input=payload,
            capture_output=True,
            text=True,
            timeout=PEER_TIMEOUT_S,
            env=environment,
            cwd=HERE,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return PeerRun(reason=f"timed out after {PEER_TIMEOUT_S} s")
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1][:160]
        return PeerRun(reason=f"{PEER} failed (exit {done.returncode}): {tail}")
    answers = json.loads(done.stdout)
    flagged = {entry.id: bool(answer[0]) for entry, answer in zip(entries, answers, strict=True)}
    times = [
        float(answer[1])
        for entry, answer in zip(entries, answers, strict=True)
        if entry.kind == "clean"
    ]
    return PeerRun(flagged, times)


# -- scoring --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RuleScore:
    rule: str
    poisoned: int
    """Poisoned tools labelled with this rule."""
    caught: int
    """Of those, flagged by this rule."""
    false: int
    """Flags of this rule on tools that are not poisoned (clean, negatives, victims)."""
    extra: int
    """Flags of this rule on poisoned tools labelled with other rules only."""
    clean_flagged: int
    """Flags of this rule on clean corpus tools."""

    @property
    def recall(self) -> float:
        return self.caught / self.poisoned if self.poisoned else float("nan")

    @property
    def precision(self) -> float:
        hits = self.caught + self.false
        return self.caught / hits if hits else float("nan")


@dataclass(frozen=True, slots=True)
class Overall:
    scanner: str
    poisoned: int
    caught: int
    clean: int
    clean_flagged: int
    negatives: int
    negatives_flagged: int
    victims: int
    victims_flagged: int
    missed: tuple[str, ...]
    """Ids of the poisoned tools not caught."""
    flagged_clean: tuple[str, ...]
    """Ids of the clean tools and hard negatives flagged."""

    @property
    def recall(self) -> float:
        return self.caught / self.poisoned if self.poisoned else float("nan")

    @property
    def clean_rate(self) -> float:
        return self.clean_flagged / self.clean if self.clean else float("nan")

    @property
    def precision(self) -> float:
        flagged = self.caught + self.clean_flagged + self.negatives_flagged + self.victims_flagged
        return self.caught / flagged if flagged else float("nan")


def overall(scanner: str, entries: Iterable[Entry], flagged: Mapping[str, bool]) -> Overall:
    """Recall, precision and clean-flag counts from a flagged-or-not verdict per entry."""
    counts: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries:
        counts[entry.kind].append(entry)

    def hit(kind: str) -> list[str]:
        return [entry.id for entry in counts[kind] if flagged.get(entry.id, False)]

    return Overall(
        scanner=scanner,
        poisoned=len(counts["poisoned"]),
        caught=len(hit("poisoned")),
        clean=len(counts["clean"]),
        clean_flagged=len(hit("clean")),
        negatives=len(counts["negative"]),
        negatives_flagged=len(hit("negative")),
        victims=len(counts["victim"]),
        victims_flagged=len(hit("victim")),
        missed=tuple(e.id for e in counts["poisoned"] if not flagged.get(e.id, False)),
        flagged_clean=tuple(hit("clean") + hit("negative")),
    )


def per_rule(entries: Iterable[Entry], rules: Mapping[str, frozenset[str]]) -> list[RuleScore]:
    """A `RuleScore` per rule id named by the labels or the findings."""
    entries = list(entries)
    ids = sorted(
        {rule for entry in entries for rule in entry.rules}
        | {rule for found in rules.values() for rule in found}
    )
    scores: list[RuleScore] = []
    for rule in ids:
        labelled = [entry for entry in entries if rule in entry.rules]
        scores.append(
            RuleScore(
                rule=rule,
                poisoned=len(labelled),
                caught=sum(rule in rules.get(entry.id, ()) for entry in labelled),
                false=sum(
                    rule in rules.get(entry.id, ()) for entry in entries if entry.kind != "poisoned"
                ),
                extra=sum(
                    rule in rules.get(entry.id, ())
                    for entry in entries
                    if entry.kind == "poisoned" and rule not in entry.rules
                ),
                clean_flagged=sum(
                    rule in rules.get(entry.id, ()) for entry in entries if entry.kind == "clean"
                ),
            )
        )
    return scores


# -- the part -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Result:
    """The security part: a timing section for the main table, and the quality tables."""

    sections: list[Section]
    rules: list[RuleScore]
    scanners: list[Overall]
    """toolbridge first, then the peer when it ran."""
    times: dict[str, tuple[float, float]]
    """Scanner -> (median, p99) ns per clean tool."""
    notes: list[str]
    heldouts: dict[str, list[Overall]] = field(default_factory=dict)
    """The scanners on each held-out set (`HELDOUTS`), toolbridge first."""
    categories: dict[str, dict[str, dict[str, tuple[int, int]]]] = field(default_factory=dict)
    """Held-out set -> scanner -> category (poisoned file) -> (caught, poisoned)."""
    corpora: dict[str, dict[str, tuple[int, int]]] = field(default_factory=dict)
    """Scanner -> clean corpus (`corpus_of`) -> (flagged, tools)."""
    reason: str = ""
    """Why toolbridge's own scan did not run (empty when it did)."""


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(*, quick: bool) -> Result:
    repeats = 3 if quick else 9
    entries = labelled_set() + clean()
    files = len({entry.group for entry in entries if entry.kind != "clean"})
    notes = [
        f"poisoned set: {sum(e.kind == 'poisoned' for e in entries)} tools in {files} files "
        f"(with the held-out sets since tuned on: {', '.join(TUNED)}); a flag is a finding at "
        f"{THRESHOLD} or above; clean tools scanned one server at a time"
    ]
    try:
        found = ours(entries)
    except ImportError as error:
        reason = f"toolbridge.security.scan not importable: {error}"
        row = Row("toolbridge scan, per clean tool", None, reason=reason, reference=True)
        return Result([Section("Tool-poisoning scan", [row])], [], [], {}, notes, reason=reason)
    scores = per_rule(entries, found)
    scanners = [overall("toolbridge", entries, {key: bool(rules) for key, rules in found.items()})]
    helds = {
        name: labelled(POISONING / name, f"{name}/")
        for name, _ in HELDOUTS
        if (POISONING / name).is_dir()
    }
    heldouts: dict[str, list[Overall]] = {}
    cats: dict[str, dict[str, dict[str, tuple[int, int]]]] = defaultdict(dict)
    for name, held in helds.items():
        held_found = ours(held)
        flagged = {key: bool(rules) for key, rules in held_found.items()}
        heldouts[name] = [overall("toolbridge", held, flagged)]
        cats[name]["toolbridge"] = categories(held, flagged)
    cleans = [entry for entry in entries if entry.kind == "clean"]
    corpora = {"toolbridge": _by_corpus(cleans, {key: bool(rules) for key, rules in found.items()})}
    our_times = _our_times([entry for entry in entries if entry.kind == "clean"], repeats)
    times = {"toolbridge": (statistics.median(our_times), _percentile(our_times, 0.99))}
    the_peer = peer([*entries, *(e for held in helds.values() for e in held)], 1 if quick else 3)
    rows = [
        Row(
            "toolbridge scan, per clean tool (median)",
            times["toolbridge"][0],
            target=at_most_ns(MEDIAN_TARGET_NS),
            reference=True,
            note=f"p99 {times['toolbridge'][1] / 1e3:.0f} µs over {len(our_times)} tools",
        )
    ]
    if the_peer.reason:
        rows.append(Row("cisco-ai-mcp-scanner YARA, per clean tool", None, reason=the_peer.reason))
        notes.append(f"peer not measured: {the_peer.reason}")
    else:
        scanners.append(overall("cisco-ai-mcp-scanner (YARA)", entries, the_peer.flagged))
        for name, held in helds.items():
            heldouts[name].append(overall("cisco-ai-mcp-scanner (YARA)", held, the_peer.flagged))
            cats[name]["cisco-ai-mcp-scanner (YARA)"] = categories(held, the_peer.flagged)
        corpora["cisco-ai-mcp-scanner (YARA)"] = _by_corpus(cleans, the_peer.flagged)
        median, p99 = statistics.median(the_peer.times_ns), _percentile(the_peer.times_ns, 0.99)
        times["cisco-ai-mcp-scanner (YARA)"] = (median, p99)
        rows.append(
            Row(
                "cisco-ai-mcp-scanner YARA, per clean tool",
                median,
                note=f"p99 {p99 / 1e3:.0f} µs; in its own uv environment (see bench/_security.py)",
            )
        )
    section = Section("Tool-poisoning scan: time per tool over the clean corpus", rows)
    return Result([section], scores, scanners, times, notes, heldouts, dict(cats), corpora)


def _by_corpus(cleans: Iterable[Entry], flagged: Mapping[str, bool]) -> dict[str, tuple[int, int]]:
    """Per clean corpus (`corpus_of`): (flagged, tools)."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for entry in cleans:
        count = counts[corpus_of(entry)]
        count[0] += flagged.get(entry.id, False)
        count[1] += 1
    return {name: (hit, total) for name, (hit, total) in sorted(counts.items())}


def _ratio(part: int, whole: int) -> str:
    return f"{_percent(part / whole if whole else float('nan'))} ({part}/{whole})"


def _percent(value: float) -> str:
    return "-" if value != value else f"{100 * value:.1f}%"


def _table(header: Sequence[str], lines: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(row[col]) for row in [header, *lines]) for col in range(len(header))]
    out = ["  " + "  ".join(cell.ljust(width) for cell, width in zip(header, widths, strict=True))]
    out += [
        "  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        for row in lines
    ]
    return [line.rstrip() for line in out]


def verdicts(result: Result) -> dict[str, str]:
    """PASS/FAIL of toolbridge against the issue's three targets."""
    if not result.scanners:
        return {}
    ours_ = result.scanners[0]
    median = result.times["toolbridge"][0]
    verdict = {
        "recall >= 95%": PASS if ours_.recall >= RECALL_TARGET else FAIL,
        "clean flagged <= 0.5%": PASS if ours_.clean_rate <= CLEAN_TARGET else FAIL,
        "median <= 1 ms per tool": PASS if median <= MEDIAN_TARGET_NS else FAIL,
    }
    judged = result.heldouts.get(HELDOUT_JUDGED)
    if judged:
        verdict[f"{HELDOUT_JUDGED} recall >= 97%"] = (
            PASS if judged[0].recall >= HELDOUT_TARGET else FAIL
        )
    return verdict


def _ratios(scanner: Overall, base: Overall, time_ratio: float) -> str:
    clean = "-" if base.clean_rate == 0 else f"{scanner.clean_rate / base.clean_rate:.1f}x"
    return f"recall {scanner.recall / base.recall:.2f}x, clean {clean}, time {time_ratio:.2f}x"


def render(result: Result) -> str:
    """The per-rule table, the side-by-side table and the targets, as plain text."""
    if result.reason:
        return f"Tool-poisoning scan: n/a ({result.reason})"
    out = [f"Tool-poisoning scan at severity >= {THRESHOLD}, per rule (toolbridge)"]
    lines = [
        [
            score.rule,
            str(score.poisoned),
            _percent(score.recall),
            _percent(score.precision),
            str(score.false),
            str(score.clean_flagged),
            str(score.extra),
        ]
        for score in result.rules
    ]
    header = ["rule", "poisoned", "recall", "precision", "false", "clean", "extra"]
    out += _table(header, lines)
    out.append("")
    out.append("Side by side (same set, same corpus; ratios: the peer / toolbridge)")
    base = result.scanners[0]
    base_median, base_p99 = result.times["toolbridge"]
    lines = []
    for scanner in result.scanners:
        median, p99 = result.times[scanner.scanner]
        lines.append(
            [
                scanner.scanner,
                f"{_percent(scanner.recall)} ({scanner.caught}/{scanner.poisoned})",
                _percent(scanner.precision),
                f"{_percent(scanner.clean_rate)} ({scanner.clean_flagged}/{scanner.clean})",
                f"{scanner.negatives_flagged}/{scanner.negatives}",
                f"{median / 1e3:.0f} / {p99 / 1e3:.0f} µs",
                "-" if scanner is base else _ratios(scanner, base, median / base_median),
            ]
        )
    header = ["scanner", "recall", "precision", "clean flagged", "negatives", "median/p99", "ratio"]
    out += _table(header, lines)
    if result.corpora:
        names = list(next(iter(result.corpora.values())))
        lines = [
            [scanner, *(_ratio(*counts[corpus]) for corpus in names)]
            for scanner, counts in result.corpora.items()
        ]
        out.append("")
        out.append("Clean tools flagged, per corpus (openapi: its servers' tune and unseen halves)")
        out += _table(["scanner", *names], lines)
    titles = dict(HELDOUTS)
    for name, held in result.heldouts.items():
        out.append("")
        out.append(titles[name])
        lines = [
            [
                scanner.scanner,
                f"{_percent(scanner.recall)} ({scanner.caught}/{scanner.poisoned})",
                f"{scanner.negatives_flagged}/{scanner.negatives}",
                f"{scanner.victims_flagged}/{scanner.victims}",
            ]
            for scanner in held
        ]
        out += _table(["scanner", "recall", "negatives", "victims"], lines)
        by = result.categories.get(name, {})
        if by and len(next(iter(by.values()))) > 1:
            names = list(next(iter(by.values())))
            lines = [
                [scanner, *(f"{_ratio(*counts[cat])}" for cat in names)]
                for scanner, counts in by.items()
            ]
            out += _table(["  by category", *names], lines)
        # No case names of a held-out part: a name seen here is a case seen (issue 29).
    out += [f"    {note}" for note in result.notes]
    out.append("    targets: " + ", ".join(f"{k} {v}" for k, v in verdicts(result).items()))
    if base.missed:
        out.append(f"    toolbridge missed: {', '.join(base.missed)}")
    if base.flagged_clean:
        out.append(
            f"    toolbridge flagged (clean or hard negative): {', '.join(base.flagged_clean)}"
        )
    _ = base_p99
    return "\n".join(out)


def to_json(result: Result) -> dict[str, Any]:
    return {
        "threshold": THRESHOLD,
        "reason": result.reason or None,
        "notes": result.notes,
        "targets": verdicts(result),
        "categories": result.categories,
        "corpora": result.corpora,
        "rules": [
            {
                "rule": s.rule,
                "poisoned": s.poisoned,
                "caught": s.caught,
                "recall": s.recall,
                "precision": s.precision,
                "false": s.false,
                "clean_flagged": s.clean_flagged,
                "extra": s.extra,
            }
            for s in result.rules
        ],
        **{
            name: [
                {
                    "scanner": o.scanner,
                    "poisoned": o.poisoned,
                    "caught": o.caught,
                    "recall": o.recall,
                    "negatives": o.negatives,
                    "negatives_flagged": o.negatives_flagged,
                }
                for o in held
            ]
            for name, held in result.heldouts.items()
        },
        "scanners": [
            {
                "scanner": o.scanner,
                "poisoned": o.poisoned,
                "caught": o.caught,
                "recall": o.recall,
                "precision": o.precision,
                "clean": o.clean,
                "clean_flagged": o.clean_flagged,
                "clean_rate": o.clean_rate,
                "negatives": o.negatives,
                "negatives_flagged": o.negatives_flagged,
                "victims_flagged": o.victims_flagged,
                "median_ns": result.times[o.scanner][0],
                "p99_ns": result.times[o.scanner][1],
                "missed": list(o.missed),
                "flagged_clean": list(o.flagged_clean),
            }
            for o in result.scanners
        ],
    }


def failed(result: Result) -> bool:
    return bool(result.reason) or FAIL in verdicts(result).values()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--peer"]:
        _peer_worker(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    else:
        outcome = run(quick="--quick" in sys.argv)
        from _report import render as render_sections

        print(render_sections(outcome.sections))
        print()
        print(render(outcome))
