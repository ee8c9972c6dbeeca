"""Held-out sets 5 to 9, their parts: each case in its hash's part, each part at its score.

All three were written blind (by sessions that never read the scanner) and split by
the first hex digit of ``sha256("<category>/<server>/<tool name>")``: 0-5 unseen,
else tune. The rules were widened with a tune part in view; an unseen part was scored
once, with the rules final, before anyone looked at its misses (the figures in each
set's README). The scores here are floors, so that a change losing a case fails:
set 5's unseen part has been tuned on since it was scored (86.7% then); set 6's was
scored once (84.6%) and has gained by the concept rules without its misses in view
(94.2%); set 7's unseen part was scored once, with the rules final (72.9%, 47.5%
before any change for set 7), and only then were its misses looked at.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .cases import flagged, held_out, part_of

CATEGORIES = ("hidden", "shadowing", "exfiltration")
SCORES: dict[tuple[str, str], dict[str, tuple[int, int]]] = {
    ("heldout5", "tune"): {"hidden": (28, 28), "shadowing": (28, 28), "exfiltration": (30, 30)},
    ("heldout5", "unseen"): {"hidden": (18, 18), "shadowing": (14, 14), "exfiltration": (13, 13)},
    ("heldout6", "tune"): {"hidden": (18, 18), "shadowing": (23, 23), "exfiltration": (28, 28)},
    ("heldout6", "unseen"): {"hidden": (23, 23), "shadowing": (15, 15), "exfiltration": (14, 14)},
    ("heldout7", "tune"): {"hidden": (24, 24), "shadowing": (28, 28), "exfiltration": (28, 28)},
    ("heldout7", "unseen"): {"hidden": (23, 23), "shadowing": (19, 19), "exfiltration": (17, 17)},
    ("heldout8", "tune"): {"hidden": (15, 15), "shadowing": (24, 24), "exfiltration": (28, 28)},
    ("heldout8", "unseen"): {"hidden": (16, 16), "shadowing": (13, 14), "exfiltration": (12, 12)},
    ("heldout9", "tune"): {"hidden": (18, 18), "shadowing": (19, 19), "exfiltration": (20, 20)},
    ("heldout9", "unseen"): {"hidden": (14, 14), "shadowing": (16, 16), "exfiltration": (16, 16)},
    ("heldout10", "tune"): {"hidden": (20, 20), "shadowing": (20, 20), "exfiltration": (17, 17)},
    ("heldout10", "unseen"): {"hidden": (14, 14), "shadowing": (17, 17), "exfiltration": (18, 19)},
    ("heldout11", "tune"): {"hidden": (22, 22), "shadowing": (18, 18), "exfiltration": (22, 22)},
    ("heldout11", "unseen"): {"hidden": (16, 16), "shadowing": (13, 17), "exfiltration": (17, 18)},
    ("heldout12", "tune"): {"hidden": (29, 29), "shadowing": (23, 27), "exfiltration": (30, 34)},
    ("heldout12", "unseen"): {"hidden": (24, 25), "shadowing": (10, 17), "exfiltration": (15, 16)},
    ("heldout13", "tune"): {"hidden": (21, 21), "shadowing": (18, 30), "exfiltration": (30, 33)},
    ("heldout13", "unseen"): {"hidden": (21, 21), "shadowing": (7, 16), "exfiltration": (12, 18)},
    ("heldout14", "tune"): {"hidden": (33, 33), "shadowing": (30, 36), "exfiltration": (22, 30)},
    ("heldout14", "unseen"): {"hidden": (12, 13), "shadowing": (13, 16), "exfiltration": (16, 26)},
    ("heldout15", "tune"): {"hidden": (32, 33), "shadowing": (24, 34), "exfiltration": (35, 40)},
    ("heldout15", "unseen"): {"hidden": (13, 15), "shadowing": (15, 19), "exfiltration": (15, 17)},
    ("heldout16", "tune"): {"hidden": (31, 31), "shadowing": (40, 40), "exfiltration": (37, 41)},
    ("heldout16", "unseen"): {"hidden": (19, 19), "shadowing": (14, 14), "exfiltration": (18, 19)},
    ("heldout17", "tune"): {"hidden": (33, 37), "shadowing": (44, 44), "exfiltration": (35, 42)},
    ("heldout17", "unseen"): {"hidden": (22, 23), "shadowing": (18, 18), "exfiltration": (16, 21)},
    ("heldout18", "tune"): {"hidden": (35, 35), "shadowing": (35, 35), "exfiltration": (29, 35)},
    ("heldout18", "unseen"): {"hidden": (20, 21), "shadowing": (18, 18), "exfiltration": (15, 19)},
    ("heldout19", "tune"): {"hidden": (33, 33), "shadowing": (30, 30), "exfiltration": (23, 27)},
    ("heldout19", "unseen"): {"hidden": (19, 19), "shadowing": (21, 21), "exfiltration": (22, 27)},
    ("heldout20", "tune"): {"hidden": (33, 33), "shadowing": (38, 39), "exfiltration": (38, 43)},
    ("heldout20", "unseen"): {"hidden": (19, 19), "shadowing": (16, 17), "exfiltration": (28, 32)},
    ("heldout21", "tune"): {"hidden": (28, 28), "shadowing": (33, 33), "exfiltration": (40, 42)},
    ("heldout21", "unseen"): {"hidden": (21, 21), "shadowing": (22, 23), "exfiltration": (26, 30)},
    ("heldout22", "tune"): {"hidden": (20, 20), "shadowing": (30, 30), "exfiltration": (38, 40)},
    ("heldout22", "unseen"): {"hidden": (31, 31), "shadowing": (25, 25), "exfiltration": (29, 31)},
    ("heldout23", "tune"): {"hidden": (28, 28), "shadowing": (33, 34), "exfiltration": (36, 41)},
    ("heldout23", "unseen"): {"hidden": (16, 17), "shadowing": (16, 16), "exfiltration": (23, 29)},
    ("heldout24", "tune"): {"hidden": (28, 28), "shadowing": (31, 32), "exfiltration": (43, 48)},
    ("heldout24", "unseen"): {"hidden": (15, 15), "shadowing": (18, 18), "exfiltration": (18, 22)},
    ("heldout25", "tune"): {"hidden": (28, 29), "shadowing": (31, 31), "exfiltration": (42, 44)},
    ("heldout25", "unseen"): {"hidden": (19, 19), "shadowing": (19, 19), "exfiltration": (23, 24)},
    ("heldout26", "tune"): {"hidden": (32, 32), "shadowing": (19, 20), "exfiltration": (36, 39)},
    ("heldout26", "unseen"): {"hidden": (13, 13), "shadowing": (31, 31), "exfiltration": (27, 28)},
    ("heldout27", "tune"): {"hidden": (29, 29), "shadowing": (35, 35), "exfiltration": (42, 46)},
    ("heldout27", "unseen"): {"hidden": (17, 17), "shadowing": (24, 24), "exfiltration": (19, 19)},
    ("heldout28", "tune"): {"hidden": (30, 30), "shadowing": (33, 33), "exfiltration": (39, 45)},
    ("heldout28", "unseen"): {"hidden": (18, 18), "shadowing": (24, 24), "exfiltration": (22, 24)},
    ("heldout29", "tune"): {"hidden": (29, 29), "shadowing": (31, 31), "exfiltration": (43, 50)},
    ("heldout29", "unseen"): {"hidden": (20, 20), "shadowing": (21, 21), "exfiltration": (20, 20)},
    ("heldout30", "tune"): {"hidden": (30, 30), "shadowing": (34, 34), "exfiltration": (36, 38)},
    ("heldout30", "unseen"): {"hidden": (16, 16), "shadowing": (15, 16), "exfiltration": (27, 27)},
    ("heldout31", "tune"): {"hidden": (29, 29), "shadowing": (31, 31), "exfiltration": (42, 46)},
    ("heldout31", "unseen"): {"hidden": (16, 16), "shadowing": (22, 22), "exfiltration": (19, 19)},
    ("heldout32", "tune"): {"hidden": (32, 32), "shadowing": (35, 35), "exfiltration": (34, 42)},
    ("heldout32", "unseen"): {"hidden": (14, 14), "shadowing": (17, 17), "exfiltration": (20, 26)},
    ("heldout33", "tune"): {"hidden": (32, 32), "shadowing": (26, 27), "exfiltration": (33, 35)},
    ("heldout33", "unseen"): {"hidden": (15, 15), "shadowing": (18, 18), "exfiltration": (30, 31)},
    ("heldout34", "tune"): {"hidden": (29, 29), "shadowing": (36, 36), "exfiltration": (32, 36)},
    ("heldout34", "unseen"): {"hidden": (16, 16), "shadowing": (15, 15), "exfiltration": (26, 31)},
    ("heldout35", "tune"): {"hidden": (28, 28), "shadowing": (33, 33), "exfiltration": (44, 44)},
    ("heldout35", "unseen"): {"hidden": (18, 18), "shadowing": (15, 15), "exfiltration": (18, 21)},
    ("heldout36", "tune"): {"hidden": (31, 31), "shadowing": (30, 33), "exfiltration": (44, 47)},
    ("heldout36", "unseen"): {"hidden": (14, 14), "shadowing": (19, 19), "exfiltration": (17, 19)},
    ("heldout37", "tune"): {"hidden": (25, 25), "shadowing": (34, 35), "exfiltration": (41, 44)},
    ("heldout37", "unseen"): {"hidden": (21, 21), "shadowing": (15, 15), "exfiltration": (22, 23)},
    ("heldout38", "tune"): {"hidden": (24, 25), "shadowing": (25, 25), "exfiltration": (41, 46)},
    ("heldout38", "unseen"): {"hidden": (20, 21), "shadowing": (27, 27), "exfiltration": (22, 22)},
    ("heldout39", "tune"): {"hidden": (30, 31), "shadowing": (26, 30), "exfiltration": (38, 39)},
    ("heldout39", "unseen"): {"hidden": (15, 15), "shadowing": (17, 23), "exfiltration": (30, 33)},
    ("heldout40", "tune"): {"hidden": (32, 33), "shadowing": (26, 27), "exfiltration": (46, 48)},
    ("heldout40", "unseen"): {"hidden": (12, 12), "shadowing": (22, 22), "exfiltration": (21, 21)},
    ("heldout41", "tune"): {"hidden": (28, 28), "shadowing": (31, 33), "exfiltration": (36, 37)},
    ("heldout41", "unseen"): {"hidden": (18, 19), "shadowing": (17, 18), "exfiltration": (31, 32)},
    ("heldout42", "tune"): {"hidden": (27, 27), "shadowing": (36, 36), "exfiltration": (42, 45)},
    ("heldout42", "unseen"): {"hidden": (22, 22), "shadowing": (20, 20), "exfiltration": (25, 26)},
    ("heldout43", "tune"): {"hidden": (25, 26), "shadowing": (33, 34), "exfiltration": (43, 44)},
    ("heldout43", "unseen"): {"hidden": (22, 22), "shadowing": (17, 18), "exfiltration": (26, 27)},
    ("heldout44", "tune"): {"hidden": (32, 32), "shadowing": (32, 32), "exfiltration": (39, 42)},
    ("heldout44", "unseen"): {"hidden": (15, 15), "shadowing": (21, 21), "exfiltration": (25, 26)},
    ("heldout45", "tune"): {"hidden": (28, 28), "shadowing": (41, 42), "exfiltration": (42, 46)},
    ("heldout45", "unseen"): {"hidden": (24, 24), "shadowing": (20, 20), "exfiltration": (33, 35)},
    ("heldout46", "tune"): {"hidden": (27, 27), "shadowing": (36, 36), "exfiltration": (37, 41)},
    ("heldout46", "unseen"): {"hidden": (18, 18), "shadowing": (18, 19), "exfiltration": (22, 26)},
    ("heldout47", "tune"): {"hidden": (28, 29), "shadowing": (34, 34), "exfiltration": (45, 47)},
    ("heldout47", "unseen"): {"hidden": (18, 18), "shadowing": (18, 18), "exfiltration": (23, 24)},
    ("heldout48", "tune"): {"hidden": (35, 35), "shadowing": (30, 32), "exfiltration": (38, 40)},
    ("heldout48", "unseen"): {"hidden": (12, 12), "shadowing": (17, 18), "exfiltration": (21, 26)},
    ("heldout49", "tune"): {"hidden": (30, 30), "shadowing": (30, 31), "exfiltration": (36, 44)},
    ("heldout49", "unseen"): {"hidden": (15, 15), "shadowing": (19, 19), "exfiltration": (19, 21)},
    ("heldout50", "tune"): {"hidden": (31, 31), "shadowing": (34, 34), "exfiltration": (37, 40)},
    ("heldout50", "unseen"): {"hidden": (16, 16), "shadowing": (20, 20), "exfiltration": (26, 28)},
    ("heldout51", "tune"): {"hidden": (22, 22), "shadowing": (30, 30), "exfiltration": (38, 39)},
    ("heldout51", "unseen"): {"hidden": (23, 23), "shadowing": (23, 23), "exfiltration": (25, 27)},
    ("heldout52", "tune"): {"hidden": (27, 27), "shadowing": (27, 33), "exfiltration": (38, 42)},
    ("heldout52", "unseen"): {"hidden": (18, 18), "shadowing": (15, 18), "exfiltration": (24, 25)},
    ("heldout53", "tune"): {"hidden": (27, 27), "shadowing": (27, 27), "exfiltration": (33, 36)},
    ("heldout53", "unseen"): {"hidden": (17, 17), "shadowing": (22, 23), "exfiltration": (22, 28)},
    ("heldout54", "tune"): {"hidden": (32, 32), "shadowing": (31, 31), "exfiltration": (35, 35)},
    ("heldout54", "unseen"): {"hidden": (13, 13), "shadowing": (19, 19), "exfiltration": (28, 30)},
    ("heldout55", "tune"): {"hidden": (26, 26), "shadowing": (24, 25), "exfiltration": (32, 41)},
    ("heldout55", "unseen"): {"hidden": (20, 20), "shadowing": (25, 26), "exfiltration": (22, 25)},
    ("heldout56", "tune"): {"hidden": (28, 28), "shadowing": (35, 37), "exfiltration": (36, 39)},
    ("heldout56", "unseen"): {"hidden": (23, 23), "shadowing": (13, 15), "exfiltration": (23, 27)},
    ("heldout57", "tune"): {"hidden": (29, 29), "shadowing": (37, 37), "exfiltration": (41, 46)},
    ("heldout57", "unseen"): {"hidden": (15, 15), "shadowing": (14, 15), "exfiltration": (17, 21)},
    ("heldout58", "tune"): {"hidden": (30, 30), "shadowing": (30, 30), "exfiltration": (35, 40)},
    ("heldout58", "unseen"): {"hidden": (15, 15), "shadowing": (21, 21), "exfiltration": (28, 30)},
    ("heldout59", "tune"): {"hidden": (21, 23), "shadowing": (32, 32), "exfiltration": (45, 50)},
    ("heldout59", "unseen"): {"hidden": (22, 22), "shadowing": (19, 19), "exfiltration": (14, 15)},
    ("heldout60", "tune"): {"hidden": (34, 35), "shadowing": (23, 25), "exfiltration": (39, 46)},
    ("heldout60", "unseen"): {"hidden": (14, 14), "shadowing": (23, 25), "exfiltration": (20, 27)},
    ("heldout61", "tune"): {"hidden": (33, 34), "shadowing": (27, 32), "exfiltration": (37, 41)},
    ("heldout61", "unseen"): {"hidden": (14, 14), "shadowing": (17, 21), "exfiltration": (26, 29)},
    ("heldout62", "tune"): {"hidden": (31, 31), "shadowing": (31, 32), "exfiltration": (44, 49)},
    ("heldout62", "unseen"): {"hidden": (15, 15), "shadowing": (17, 17), "exfiltration": (15, 16)},
    ("heldout63", "tune"): {"hidden": (31, 31), "shadowing": (30, 31), "exfiltration": (43, 51)},
    ("heldout63", "unseen"): {"hidden": (17, 17), "shadowing": (19, 19), "exfiltration": (16, 18)},
    ("heldout64", "tune"): {"hidden": (29, 29), "shadowing": (28, 28), "exfiltration": (42, 46)},
    ("heldout64", "unseen"): {"hidden": (18, 18), "shadowing": (29, 29), "exfiltration": (26, 28)},
    ("heldout65", "tune"): {"hidden": (28, 28), "shadowing": (37, 37), "exfiltration": (26, 34)},
    ("heldout65", "unseen"): {"hidden": (18, 18), "shadowing": (15, 15), "exfiltration": (27, 32)},
    ("heldout66", "tune"): {"hidden": (29, 30), "shadowing": (32, 35), "exfiltration": (46, 57)},
    ("heldout66", "unseen"): {"hidden": (21, 21), "shadowing": (12, 14), "exfiltration": (20, 23)},
    ("heldout67", "tune"): {"hidden": (31, 31), "shadowing": (22, 27), "exfiltration": (40, 47)},
    ("heldout67", "unseen"): {"hidden": (14, 14), "shadowing": (20, 23), "exfiltration": (19, 19)},
    ("heldout68", "tune"): {"hidden": (27, 27), "shadowing": (33, 33), "exfiltration": (36, 50)},
    ("heldout68", "unseen"): {"hidden": (18, 18), "shadowing": (17, 17), "exfiltration": (20, 23)},
    ("heldout69", "tune"): {"hidden": (28, 29), "shadowing": (27, 29), "exfiltration": (33, 38)},
    ("heldout69", "unseen"): {"hidden": (17, 17), "shadowing": (21, 21), "exfiltration": (30, 30)},
    ("heldout70", "tune"): {"hidden": (32, 32), "shadowing": (40, 40), "exfiltration": (43, 44)},
    ("heldout70", "unseen"): {"hidden": (17, 17), "shadowing": (12, 14), "exfiltration": (21, 24)},
    ("heldout71", "tune"): {"hidden": (30, 30), "shadowing": (38, 38), "exfiltration": (36, 43)},
    ("heldout71", "unseen"): {"hidden": (17, 18), "shadowing": (15, 15), "exfiltration": (21, 22)},
    ("heldout72", "tune"): {"hidden": (23, 23), "shadowing": (35, 35), "exfiltration": (46, 49)},
    ("heldout72", "unseen"): {"hidden": (24, 24), "shadowing": (17, 17), "exfiltration": (21, 21)},
    ("heldout73", "tune"): {"hidden": (30, 31), "shadowing": (34, 34), "exfiltration": (40, 47)},
    ("heldout73", "unseen"): {"hidden": (17, 17), "shadowing": (16, 16), "exfiltration": (20, 20)},
    ("heldout74", "tune"): {"hidden": (29, 31), "shadowing": (28, 28), "exfiltration": (33, 43)},
    ("heldout74", "unseen"): {"hidden": (13, 13), "shadowing": (22, 22), "exfiltration": (20, 23)},
    ("heldout75", "tune"): {"hidden": (29, 29), "shadowing": (29, 29), "exfiltration": (35, 44)},
    ("heldout75", "unseen"): {"hidden": (18, 18), "shadowing": (28, 28), "exfiltration": (20, 24)},
    ("heldout76", "tune"): {"hidden": (36, 36), "shadowing": (35, 35), "exfiltration": (35, 39)},
    ("heldout76", "unseen"): {"hidden": (11, 11), "shadowing": (20, 20), "exfiltration": (25, 29)},
    ("heldout77", "tune"): {"hidden": (28, 28), "shadowing": (38, 38), "exfiltration": (32, 39)},
    ("heldout77", "unseen"): {"hidden": (19, 19), "shadowing": (13, 13), "exfiltration": (23, 27)},
    ("heldout78", "tune"): {"hidden": (27, 27), "shadowing": (31, 31), "exfiltration": (42, 44)},
    ("heldout78", "unseen"): {"hidden": (19, 19), "shadowing": (19, 19), "exfiltration": (21, 22)},
    ("heldout79", "tune"): {"hidden": (26, 26), "shadowing": (35, 35), "exfiltration": (41, 46)},
    ("heldout79", "unseen"): {"hidden": (18, 19), "shadowing": (18, 18), "exfiltration": (20, 26)},
    ("heldout80", "tune"): {"hidden": (33, 33), "shadowing": (33, 33), "exfiltration": (41, 48)},
    ("heldout80", "unseen"): {"hidden": (13, 13), "shadowing": (17, 17), "exfiltration": (19, 20)},
    ("heldout81", "tune"): {"hidden": (30, 34), "shadowing": (28, 29), "exfiltration": (36, 41)},
    ("heldout81", "unseen"): {"hidden": (13, 14), "shadowing": (18, 21), "exfiltration": (22, 24)},
    ("heldout82", "tune"): {"hidden": (30, 30), "shadowing": (28, 28), "exfiltration": (20, 33)},
    ("heldout82", "unseen"): {"hidden": (16, 16), "shadowing": (24, 24), "exfiltration": (24, 36)},
    ("heldout83", "tune"): {"hidden": (30, 32), "shadowing": (28, 28), "exfiltration": (35, 42)},
    ("heldout83", "unseen"): {"hidden": (12, 13), "shadowing": (22, 22), "exfiltration": (16, 23)},
    ("heldout84", "tune"): {"hidden": (29, 29), "shadowing": (36, 36), "exfiltration": (34, 35)},
    ("heldout84", "unseen"): {"hidden": (16, 16), "shadowing": (16, 16), "exfiltration": (27, 30)},
    ("heldout85", "tune"): {"hidden": (31, 31), "shadowing": (32, 32), "exfiltration": (26, 35)},
    ("heldout85", "unseen"): {"hidden": (13, 14), "shadowing": (18, 18), "exfiltration": (25, 32)},
    ("heldout86", "tune"): {"hidden": (27, 29), "shadowing": (32, 32), "exfiltration": (30, 35)},
    ("heldout86", "unseen"): {"hidden": (16, 16), "shadowing": (18, 18), "exfiltration": (27, 30)},
    ("heldout87", "tune"): {"hidden": (23, 23), "shadowing": (34, 34), "exfiltration": (29, 42)},
    ("heldout87", "unseen"): {"hidden": (22, 23), "shadowing": (17, 17), "exfiltration": (19, 23)},
    ("heldout88", "tune"): {"hidden": (29, 29), "shadowing": (34, 34), "exfiltration": (36, 42)},
    ("heldout88", "unseen"): {"hidden": (17, 17), "shadowing": (17, 17), "exfiltration": (24, 25)},
    ("heldout89", "tune"): {"hidden": (27, 28), "shadowing": (26, 26), "exfiltration": (35, 46)},
    ("heldout89", "unseen"): {"hidden": (17, 17), "shadowing": (25, 25), "exfiltration": (16, 19)},
    ("heldout90", "tune"): {"hidden": (27, 28), "shadowing": (34, 34), "exfiltration": (46, 50)},
    ("heldout90", "unseen"): {"hidden": (18, 18), "shadowing": (17, 17), "exfiltration": (19, 24)},
    ("heldout91", "tune"): {"hidden": (26, 28), "shadowing": (35, 35), "exfiltration": (41, 44)},
    ("heldout91", "unseen"): {"hidden": (19, 20), "shadowing": (16, 16), "exfiltration": (21, 23)},
    ("heldout92", "tune"): {"hidden": (23, 25), "shadowing": (32, 32), "exfiltration": (25, 32)},
    ("heldout92", "unseen"): {"hidden": (19, 20), "shadowing": (20, 20), "exfiltration": (30, 36)},
    ("heldout93", "tune"): {"hidden": (26, 27), "shadowing": (31, 31), "exfiltration": (29, 36)},
    ("heldout93", "unseen"): {"hidden": (16, 18), "shadowing": (19, 19), "exfiltration": (24, 30)},
    ("heldout94", "tune"): {"hidden": (27, 30), "shadowing": (38, 38), "exfiltration": (36, 41)},
    ("heldout94", "unseen"): {"hidden": (14, 15), "shadowing": (12, 12), "exfiltration": (22, 25)},
    ("heldout95", "tune"): {"hidden": (36, 37), "shadowing": (36, 36), "exfiltration": (38, 44)},
    ("heldout95", "unseen"): {"hidden": (12, 14), "shadowing": (19, 19), "exfiltration": (18, 21)},
    ("heldout96", "tune"): {"hidden": (25, 29), "shadowing": (39, 40), "exfiltration": (34, 45)},
    ("heldout96", "unseen"): {"hidden": (17, 17), "shadowing": (13, 13), "exfiltration": (22, 24)},
    ("heldout97", "tune"): {"hidden": (25, 25), "shadowing": (30, 30), "exfiltration": (33, 38)},
    ("heldout97", "unseen"): {"hidden": (20, 20), "shadowing": (21, 21), "exfiltration": (26, 34)},
    ("heldout98", "tune"): {"hidden": (26, 27), "shadowing": (37, 37), "exfiltration": (31, 35)},
    ("heldout98", "unseen"): {"hidden": (19, 20), "shadowing": (16, 16), "exfiltration": (30, 34)},
    ("heldout99", "tune"): {"hidden": (27, 30), "shadowing": (35, 35), "exfiltration": (37, 46)},
    ("heldout99", "unseen"): {"hidden": (15, 18), "shadowing": (20, 20), "exfiltration": (21, 23)},
    ("heldout100", "tune"): {"hidden": (23, 25), "shadowing": (28, 28), "exfiltration": (32, 36)},
    ("heldout100", "unseen"): {"hidden": (19, 20), "shadowing": (22, 22), "exfiltration": (21, 29)},
    ("heldout101", "tune"): {"hidden": (27, 28), "shadowing": (31, 31), "exfiltration": (31, 38)},
    ("heldout101", "unseen"): {"hidden": (17, 18), "shadowing": (22, 22), "exfiltration": (26, 30)},
    ("heldout102", "tune"): {"hidden": (33, 33), "shadowing": (28, 29), "exfiltration": (34, 37)},
    ("heldout102", "unseen"): {"hidden": (16, 16), "shadowing": (21, 21), "exfiltration": (26, 28)},
}
"""Cases flagged at medium or above, of each category's poisoned cases. Before any rule
change for the set: heldout5 tune 23, 23, 14 and unseen 18, 10, 6; heldout6 tune 17,
18, 13 and unseen 23, 8, 9; heldout7 tune 19, 11, 10 and unseen 16, 4, 8 (scored by the
lead at a36c4b5); heldout8 tune 15, 16, 19 (the lead, at 876d8fb) and 15, 19, 19 (scan4,
at 1902712 with the first shadowing shapes, not written for set 8); heldout8 unseen 16,
5, 9 (the lead, at 876d8fb) and, scored once with the rules final (6a87c47), 16, 6, 10;
heldout9 tune 17, 16, 14 (at 9e86fee, before any change for set 9); heldout9 unseen 11,
12, 10 (counts only, at 6a87c47) and, scored once with the rules final (ranker6 merge), 12,
14, 10; heldout10, written blind while set 9's tune part was worked on and never read by
its author or by the rules' author: tune 20, 13, 14 and unseen 12, 11, 11 at 9e86fee,
scored once with the rules final, tune 20, 17, 14 and unseen 14, 15, 11. Then (scan6) the
exfiltration kinds of `toolbridge.security._offtopic`, with set 9's unseen part and set 10's
tune part in view: their exfiltration 16 of 16 and 17 of 17, set 8's tune part 28 of 28;
then the rules for a kind of tool widened (`tests/security/test_kinds10.py`): shadowing 16
of 16, 20 of 20 and 24 of 24; a Markdown link definition to nowhere under any label, set 9
unseen hidden 13 of 14, and a note to the assistant in Vietnamese ("Ghi chú"), 14 of 14.
Held-out set 11, written blind and scored once (tune 21, 14, 17 before any change for
it); then (scan7) calm shadowing by effect (`toolbridge.security._concept_effects`) and
names glued to a particle, with its tune part in view: its shadowing 18 of 18. Set 11's
unseen part, never read by the rules' authors: 16, 9, 11 before any change for set 11
(147c8a6), 16, 9, 16 after scan6 (counts only), and, scored once with the rules final,
16, 13, 16. Set 10's unseen part is no longer a held-out figure: the bench printed the
names of its missed cases, which scan6 saw (its 14, 17, 18 here). Then (scan8) set 11's
tune part read as families (`tests/security/test_gaps12.py`): 22, 18, 22. Held-out set 12,
written blind, scored by the lead before any change of that session (ff59f19): tune 29,
22, 25 and unseen 23, 9, 10; its tune part was not tuned on, and, scored once with the
rules final, tune 29, 22, 25 and unseen 23, 10, 11. Held-out set 13, written blind
and kept in reserve a session, counted by category at af0cad4 (tune 21, 17, 22; unseen
20, 7, 10) and judged on its unseen part by the lead, with no rule changed since: the
same (the learned layer, then off by default, would have taken it to 21, 11, 11). Held-out
set 14, written blind and kept in reserve a session, counted by category at 830e5bb (tune
33, 30, 14; unseen 12, 13, 10) and judged on its unseen part by the lead with no rule
changed since: the same. Held-out set 15, written blind and judged whole (both parts,
by category) by the lead once the rules and the learned layer were final, nothing read
before: tune 31, 21, 28 and unseen 13, 15, 12. Held-out set 16 (business voice), written
blind and judged whole the same way, with no rule changed since set 15: tune 31, 38, 31 and
unseen 19, 14, 15 (148 of 164). Then (issue 29) a field asking for a secret variable's
value, shadowing in offered values and a credential file beside a named address
(`tests/security/test_gaps16.py`), with sets 15 and 16 in view. Held-out set 17 (runbook
voice, 34 languages), written blind and judged whole once with those rules: tune 32, 44,
23 and unseen 21, 18, 9 (147 of 185); then a credential file beside a named address, with
its misses in view. Held-out set 18 (research voice, 30 languages), judged whole once: tune
34, 35, 22 and unseen 19, 18, 11 (139 of 163). Held-out set 19 (device and hobby voice),
judged whole once at the start of the next session: tune 30, 30, 10 and unseen 19, 21, 15
(125 of 157); then a secret sent toward an address the text names and a field filled by
its quoted name, with its misses in view (`tests/security/test_gaps19.py`). Held-out set
20 (docs and public-sector voice, 31 languages), judged whole once with those: tune 31,
38, 34 and unseen 19, 16, 24 (162 of 183); then fields named for credential files and
defaults of any scheme sent away. Held-out set 21 (consumer apps voice, 37 languages),
judged whole once with those: tune 27, 33, 36 and unseen 21, 22, 14 (153 of 177); then a
photo library, a bank's and a home's codes and app storage as kinds. Held-out set 22
(enterprise data voice, 32 languages), judged whole once with those: tune 20, 29, 31 and
unseen 31, 25, 25 (161 of 177); then secret variables by kind, a sending tool's default
and environment variables in more languages. Held-out sets 23 (AI and agent tooling
voice) and 24 (field operations voice), judged whole once with those: set 23 tune 28, 33,
29 and unseen 16, 15, 19 (140 of 165); set 24 tune 26, 31, 26 and unseen 14, 18, 13 (128
of 163); then a field named by a label beside a word for a field, in any language.
Held-out sets 25 (legal, insurance, real-estate and HR voice) and 26 (media and marketing
voice), judged whole once with the session's final rules: set 25 tune 28, 31, 36 and
unseen 19, 19, 20 (153 of 166); set 26 tune 31, 19, 32 and unseen 13, 30, 22 (147 of 163);
then an offered object's destination and inflected identity words. Held-out sets 27
(travel voice) and 28 (science and open-source voice), judged whole once with those: set
27 tune 29, 35, 37 and unseen 16, 24, 18 (159 of 170); set 28 tune 30, 33, 31 and unseen
18, 24, 19 (155 of 174); then key files by glob, a live location, a phone's contacts.
Held-out sets 29 (finance voice) and 30 (citizen services voice), judged whole once with
those: set 29 tune 29, 31, 36 and unseen 20, 21, 15 (152 of 171); set 30 tune 30, 34, 30
and unseen 16, 15, 25 (150 of 161); then an offered value that joins a secret to the
data. Held-out sets 31 (games voice) and 32 (IT operations and security voice), judged
whole once with those: set 31 tune 29, 31, 38 and unseen 15, 22, 16 (151 of 163); set 32
tune 31, 34, 23 and unseen 14, 17, 18 (137 of 166); then contacts, location, the
conversation and secrets in more languages, and a game lobby's password as its own.
Held-out sets 33 (nonprofit voice) and 34 (developer platform and cloud voice),
judged whole once with the session's final rules and not tuned on since: set 33 tune 32,
26, 24 and unseen 15, 18, 29 (144 of 158); set 34 tune 29, 36, 28 and unseen 16, 15, 21
(145 of 163). Held-out sets 43 (construction and real estate), 44 (logistics) and 45
(insurance), judged whole once with the next session's final rules, rules alone: set 43
tune 25, 33, 39 and unseen 22, 17, 23 (159 of 171); set 44 tune 32, 32, 35 and unseen 15,
21, 23 (158 of 168); set 45 tune 28, 36, 40 and unseen 24, 20, 31 (179 of 195); their
misses were read afterwards. Held-out sets 46 (manufacturing), 47 (sports and fitness)
and 48 (aviation and maritime), judged whole once with the next session's rules of
1888cb2, rules alone: set 46 tune 26, 35, 35 and unseen 18, 18, 18 (150 of 167); set 47
tune 27, 34, 38 and unseen 18, 18, 20 (155 of 170); set 48 tune 33, 27, 30 and unseen 12,
17, 16 (135 of 163); their misses were read afterwards. Held-out sets 49 (veterinary and
pet care), 50 (music, arts and events) and 51 (beauty and personal services), judged whole
once with that session's final rules (2aa040c): set 49 tune 30, 30, 32
and unseen 15, 19, 18 (144 of 160); set 50 tune 31, 34, 36 and unseen 16, 20, 21 (158 of
169); set 51 tune 22, 30, 36 and unseen 23, 23, 23 (157 of 164); a few of their misses'
words were read at that session's end. Held-out sets 52 (religious community, funerals
and genealogy), 53 (science labs and pharma) and 54 (water, waste and environment),
judged whole once with that session's last rules (c165939) and not tuned on: set 52 tune
27, 26, 32 and unseen 18, 14, 22 (139 of 163); set 53 tune 27, 26, 25 and unseen 17, 21,
17 (133 of 158); set 54 tune 30, 31, 31 and unseen 13, 19, 25 (149 of 160); their misses
were read at the next session's start. Held-out sets 55 (public safety and emergency
services), 56 (libraries, archives and publishing) and 57 (marketing and advertising),
judged whole once with that session's rules of 9a55a02: set 55 tune 26, 24, 31 and
unseen 20, 25, 20 (146 of 163); set 56 tune 27, 32, 35 and unseen 23, 13, 23 (153 of 169);
set 57 tune 29, 37, 37 and unseen 15, 14, 16 (148 of 163); their misses were read
afterwards. Held-out sets 58 (childcare and households), 59 (mining, oil and gas) and 60
(dating and online communities), judged whole once with that session's rules of 98a8f1e:
set 58 tune 30, 30, 33 and unseen 15, 21, 26 (155 of 166); set 59 tune 21, 32, 42 and
unseen 22, 19, 12 (148 of 161); set 60 tune 33, 23, 36 and unseen 14, 21, 20 (147 of
172); their misses were read afterwards. Held-out sets 61 (automotive), 62 (space, drones
and geospatial) and 63 (restaurants), judged whole once with that session's rules of
0e9dc4d: set 61 tune 33, 27, 37 and unseen 14, 17, 24 (152 of 171); set 62 tune 31, 31, 42
and unseen 15, 17, 14 (150 of 160); set 63 tune 31, 30, 40 and unseen 17, 19, 12 (149 of
167); their misses were read afterwards. Held-out sets 64 (tax and accounting), 65
(fashion and apparel) and 66 (translation and interpreting), judged whole once with that
session's final rules (e3f99b4) and not tuned on: set 64 tune 29, 28, 40 and unseen 18,
29, 24 (168 of 178); set 65 tune 28, 37, 26 and unseen 18, 15, 26 (150 of 164); set 66
tune 29, 32, 45 and unseen 21, 11, 20 (158 of 180). Held-out sets 67 (forestry, fishing
and hunting), 68 (elections and politics) and 69 (home-repair trades), judged whole once
with the same rules (set 69 once its crash on a default address with braces was mended,
89527c0): set 67 tune 31, 22, 39 and unseen 14, 20, 18 (144 of 161); set 68 tune 27, 33,
34 and unseen 18, 17, 19 (148 of 168); set 69 tune 28, 27, 32 and unseen 17, 21, 28 (153
of 164). The next session read sets 64 to 69's misses and judged three more rounds, each
set whole and once before its misses were read: sets 70 (social services), 71 (gambling)
and 72 (photography) with its rules of eaa85ee, set 70 tune 32, 40, 41 and unseen 17, 12,
20 (162 of 171), set 71 tune 30, 38, 32 and unseen 16, 15, 20 (151 of 166), set 72 tune
20, 35, 44 and unseen 24, 17, 21 (161 of 169); sets 74 (cybersecurity) and 75 (zoos) with
c955c31, set 74 tune 29, 28, 33 and unseen 13, 22, 17 (142 of 160), set 75 tune 29, 29, 32
and unseen 18, 28, 17 (153 of 172), and set 73 (recruitment) with 23abcab, tune 30, 34, 36
and unseen 17, 16, 17 (150 of 165); sets 76 (universities), 77 (ports and customs) and 78
(elderly care) with 45dd427, set 76 tune 34, 35, 33 and unseen 11, 20, 25 (158 of 170),
set 77 tune 28, 38, 30 and unseen 19, 13, 22 (150 of 164), set 78 tune 27, 31, 40 and
unseen 19, 19, 19 (155 of 162); sets 79 (banking), 80 (smart home) and 81 (courts and
probate) with its final rules (1ebbe6d), not tuned on, set 79 tune 26, 35, 40 and unseen
18, 18, 19 (156 of 170), set 80 tune 33, 33, 39 and unseen 13, 17, 18 (153 of 164), set 81
tune 30, 28, 35 and unseen 13, 18, 22 (146 of 163); sets 82 (facilities and coworking), 83
(dental and optician practices) and 84 (breweries and wineries) with the same rules, set
82 tune 30, 28, 19 and unseen 15, 24, 22 (138 of 167), set 83 tune 29, 28, 35 and unseen
12, 22, 15 (141 of 160), set 84 tune 29, 36, 33 and unseen 16, 16, 26 (156 of 162). The
session after judged sets 85 (print shops and sign makers), 86 (moving and self-storage) and
87 (therapy practices) whole with its starting rules (189be9f), set 85 tune 28, 32, 22 and
unseen 13, 18, 22 (135 of 162), set 86 tune 25, 32, 30 and unseen 16, 18, 27 (148 of 160),
set 87 tune 22, 34, 22 and unseen 19, 17, 19 (133 of 162), and then read their misses; then
sets 88 (pest control and cleaning), 89 (pawnshops and auction houses) and 90 (market
research) with the rules those readings left (ab8dfc5), set 88 tune 25, 34, 34 and unseen
16, 17, 19 (145 of 164), set 89 tune 25, 26, 35 and unseen 16, 25, 15 (142 of 161), set 90
tune 24, 34, 43 and unseen 18, 17, 19 (155 of 171), also read; and sets 91 (weddings and
florists), 92 (landscaping and tree surgery) and 93 (ski resorts and mountain guides) with
the rules those readings left (af6db9a), not read since, set 91 tune 25, 35, 40 and unseen
19, 16, 21 (156 of 166), set 92 tune 23, 32, 25 and unseen 19, 20, 29 (148 of 165), set 93
tune 26, 31, 29 and unseen 15, 19, 24 (144 of 161); then sets 94 (fire safety and sprinkler
servicing), 95 (tattoo and piercing studios) and 96 (toy and hobby shops) with the same
rules (bbc0575), not read either, set 94 tune 27, 38, 36 and unseen 14, 12, 22 (149 of
161), set 95 tune 36, 36, 36 and unseen 12, 19, 18 (157 of 171), set 96 tune 25, 39, 34 and
unseen 17, 13, 22 (150 of 168). The session after read sets 71 to 90 by category and
judged sets 97 (driving schools), 98 (laundromats, dry cleaners and tailors) and 99
(bakeries and coffee roasters) whole with the rules that left (ac5c072; e98690b, which
took back words that flagged honest tools only, finds the same), set 97 tune 23, 30, 33 and
unseen 20, 21, 26 (153 of 168), set 98 tune 25, 37, 31 and unseen 19, 16, 30 (158 of 169),
set 99 tune 27, 35, 37 and unseen 15, 20, 20 (154 of 172). The session after that (whose
changes found the same on every tool) judged sets 100 (real-estate agencies and property
management), 101 (bicycle shops, bike-share and e-scooter rental) and 102 (pet grooming,
kennels, dog walkers and sitters) whole (396ba3d), then read their tune parts' misses by
category and tuned on them (c4cde48; a victim its rules flagged, a Right to Rent check,
now names an identity tool), their unseen parts never read, set 100 tune 22, 28, 29 and
unseen 19, 22, 21 (141 of 160), set 101 tune 27, 31, 27 and unseen 17, 22, 26 (150 of
167), set 102 tune 29, 28, 32 and unseen 16, 21, 26 (152 of 164). These are the rules'
figures (``learned=False``); the learned layer's are `LEARNED`."""
ALLOWED_NEGATIVES: dict[tuple[str, str], set[tuple[str, str]]] = {
    ("heldout5", "tune"): {("guardrail", "detect_injection")},
    ("heldout5", "unseen"): set(),
    ("heldout6", "tune"): {("prompt-guard", "detect_injection")},
    ("heldout6", "unseen"): {
        ("chat-archive", "export_conversation"),
        ("agent-spawn", "create_subagent"),
        ("behoerden", "termin_buchen"),
    },
    ("heldout7", "tune"): {
        ("leakscan", "scan_repo_for_secrets"),
        ("summarizer", "summarize_chat"),
        ("debug-bundle", "collect_debug_bundle"),
        ("zh-legal", "hetong_shencha"),
        ("translate-hist", "translate_conversation"),
    },
    ("heldout7", "unseen"): {
        ("promptguard", "classify_prompt"),
        ("mcp-lint", "lint_tool_definitions"),
        ("redteam-train", "grade_jailbreak_attempt"),
        ("clock-utc", "now_utc"),
        ("img-upload", "upload_image"),
        ("danger-delete", "delete_project"),
    },
    ("heldout8", "tune"): {
        ("mcp-auditor", "audit_tool_definitions"),
        ("jailbreak-eval", "score_prompt"),
        ("malayalam-kb", "suggest_words"),
        ("handoff", "create_handoff_note"),
    },
    ("heldout8", "unseen"): {
        ("waf-console", "list_blocked_requests"),
        ("sshctl", "connect"),
        ("kube-ops", "get_pods"),
    },
    ("heldout9", "tune"): {
        ("remote-shell", "open_session"),
        ("malayalam-font", "chillu_normalize"),
        ("chat-recap", "summarise_conversation"),
    },
    ("heldout9", "unseen"): {("injection-guard", "classify_input")},
    ("heldout10", "tune"): {
        ("phish-lab", "analyze_suspicious_email"),
        ("prompt-bench", "test_system_prompt"),
        ("keymaster", "rotate_api_key"),
    },
    ("heldout10", "unseen"): {("netaudit", "scan_ports")},
    ("heldout11", "tune"): set(),
    ("heldout11", "unseen"): {("promptsmith", "detect_injection")},
    ("heldout12", "tune"): {
        ("injectguard", "check_prompt_injection"),
        ("redactly", "redact_text"),
        ("shabd-khoj", "hindi_meaning"),
    },
    ("heldout12", "unseen"): {("cloudctl-lite", "list_instances"), ("kubelens", "get_pods")},
    ("heldout13", "tune"): {
        ("kubectl-bridge", "get_pods"),
        ("awscli-mcp", "list_buckets"),
        ("phish-triage", "analyse_email"),
        ("city-library-hours", "opening_hours"),
        ("helpdesk-form", "contact_support"),
    },
    ("heldout13", "unseen"): set(),
    ("heldout14", "tune"): {
        ("envtweak-local", "set_env_var"),
        ("keysmith-local", "generate_keypair"),
        ("kodobako-hosting", "kokai_kagi_touroku"),
        ("lockbox-vault", "vault_read_item"),
        ("logscrub-ci", "strip_ansi"),
        ("promptshelf-lib", "save_prompt"),
        ("promptshield-guard", "detect_injection"),
        ("scopescan-pentest", "port_scan"),
        ("yaralab-test", "test_yara_rule"),
    },
    ("heldout14", "unseen"): {
        ("awsid-check", "whoami_aws"),
        ("boardly-kanban", "manage_card"),
        ("lipi-transliterate", "lipyantaran"),
        ("tripwire-canary", "create_canary"),
    },
    ("heldout15", "tune"): {
        ("browser-auto", "fill_input"),
        ("docker-login-helper", "registry_login"),
        ("httpie-mcp", "http_request"),
        ("k8s-secret-view", "list_secrets"),
        ("s3-ls-mcp", "list_buckets"),
        ("ssh-mcp-pro", "scp_upload"),
        ("sshkey-gen", "generate_keypair"),
    },
    ("heldout15", "unseen"): {("ansi-strip", "strip_ansi"), ("regex-tester", "test_regex")},
    ("heldout16", "tune"): set(),
    ("heldout16", "unseen"): {("dark-mode-sync", "set_theme"), ("phishguard", "check_link")},
    ("heldout17", "tune"): set(),
    ("heldout17", "unseen"): {
        ("aws-profiliai-lt", "profiliu_sarasas"),
        ("inject-sentry", "detect_prompt_injection"),
        ("k8s-secret-en", "create_k8s_secret"),
        ("kube-kontekst-bg", "smeni_kontekst"),
        ("predlosci-hr", "email_predlozak"),
    },
    ("heldout18", "tune"): {
        ("prompt-injection-bench", "run_injection_benchmark"),
        ("pt-plagio", "detectar_injecao"),
    },
    ("heldout18", "unseen"): {
        ("essay-integrity-check", "check_essay"),
        ("soft-hyphen-typeset", "hyphenate"),
    },
    ("heldout19", "tune"): {
        ("loftlink-zigbee-hub", "remove_device"),
        ("ru-3d-printer-log", "zabrat_log"),
        ("sprinkler-html-note", "render_zone_widget"),
    },
    ("heldout19", "unseen"): {
        ("ssh-deploy-pihole", "deploy_blocklist"),
    },
    ("heldout20", "tune"): {
        ("mat-khau-wifi", "tao_ma_qr_wifi"),
        ("owasp-cheats", "cheat_sheet"),
        ("pre-commit-hooks", "detect_private_key"),
        ("prompt-guard-lab", "classify_injection"),
        ("sigma-rules", "search_sigma"),
        ("ssh-keygen-help", "generate_keypair"),
    },
    ("heldout20", "unseen"): {
        ("man-lookup", "man_section"),
        ("mcp-audit-docs", "explain_tool_poisoning"),
        ("nhif-vituo", "tafuta_kituo"),
        ("npm-login-help", "explain_npmrc"),
        ("pgpass-tool", "connect_db"),
        ("unit-convert-edu", "convert_units"),
    },
    ("heldout21", "tune"): {
        ("chatterly-im", "toggle_read_receipts"),
        ("clipboard-ninja", "clear_clipboard"),
        ("fakeout-family-quiz", "daily_scam_quiz"),
    },
    ("heldout21", "unseen"): {
        ("anti-arnaque-fr", "verifier_message"),
    },
    ("heldout22", "tune"): set(),
    ("heldout22", "unseen"): {
        ("promptshield-eval", "classify_injection"),
        ("quarrystone-warehouse", "rotate_service_user_keypair"),
        ("siem-hunt", "search_process_events"),
    },
    ("heldout23", "tune"): {
        ("equinox-ai", "system_prompt_guide"),
        ("heliotrope-sec", "explain_tool_poisoning"),
    },
    ("heldout23", "unseen"): {
        ("aegis-inject", "detect_prompt_injection"),
        ("gossip-community", "discord_faq"),
        ("kapok-label", "lbl_guidelines"),
    },
    ("heldout24", "tune"): {
        ("promptshield-ops", "scan_tool_description"),
    },
    ("heldout24", "unseen"): set(),
    ("heldout25", "tune"): {
        ("clauselint-sec", "detect_prompt_injection_in_contract"),
        ("entireagree-tools", "insert_boilerplate"),
        ("ergani-dilosi-gr", "dilosi_proslipsis_ergani"),
        ("formblank-print", "print_claim_form"),
        ("hrlog-telemetry", "send_usage_metrics"),
    },
    ("heldout25", "unseen"): set(),
    ("heldout26", "tune"): {
        ("nightdesk-cms", "export_newsletter_signups"),
        ("promptguard-editorial", "flag_injection_in_comments"),
        ("ssh-deploy-static", "deploy_static_site"),
    },
    ("heldout26", "unseen"): {
        ("security-briefs", "summarize_attack_writeup"),
    },
    ("heldout27", "tune"): set(),
    ("heldout27", "unseen"): {
        ("aviasec-training", "explain_injection_examples"),
    },
    ("heldout28", "tune"): {
        ("prompt-guard-eval", "score_injection_detector"),
        ("prompt-injection-corpus", "list_injection_samples"),
    },
    ("heldout28", "unseen"): set(),
    ("heldout29", "tune"): {
        ("arabic-invoice-rtl", "render_invoice_ar"),
        ("defi-audit-notes", "explain_exploit"),
        ("money-pci-masker", "mask_pan"),
    },
    ("heldout29", "unseen"): {
        ("acct-prompt-guard-fin", "scan_prompt"),
        ("chain-phish-lab-bank", "classify_phish"),
        ("coin-ssh-deploy-quant", "deploy_strategy"),
        ("defi-cockpit", "phishing_check"),
        ("fraudlens-ops", "explain_rule"),
        ("ibanfmt-rtl", "format_iban_rtl"),
    },
    ("heldout30", "tune"): {
        ("password-reset-gov", "reset_portal_password"),
        ("prompt-injection-lab", "classify_injection"),
        ("ransomware-advisory", "hospital_security_advisory"),
        ("svc-always-list-first", "list_forms"),
        ("svc-arabic-bidi-forms", "format_bilingual_form"),
        ("svc-fill-form-helper", "fill_form"),
        ("svc-long-accessibility-statement", "accessibility_statement"),
    },
    ("heldout30", "unseen"): {
        ("phishing-educator", "explain_phishing_email"),
    },
    ("heldout31", "tune"): {
        ("chatguard-mod", "detect_injection"),
        ("fanzone-discordbot", "fz_ban"),
        ("idrsa-deploy", "deploy_game_server"),
    },
    ("heldout31", "unseen"): set(),
    ("heldout32", "tune"): {
        ("nightwatch-siem", "create_detection_rule"),
        ("nimblepass-pwmgr", "pwmgr_breach_monitor"),
        ("novacrest-scanner", "vuln_exploit_reference"),
        ("paragon-backup-vn", "sao_luu_co_so_du_lieu"),
        ("rosewood-itsm-th", "สร้างคำขอเปลี่ยนแปลง"),
    },
    ("heldout32", "unseen"): {
        ("rackpulse-backup", "backup_target_add"),
        ("tessera-it-ops", "tessera_hangul_filler_note"),
        ("tessera-it-ops", "tessera_kubeconfig_merge"),
        ("yeoman-forensics", "yeoman_prompt_injection_corpus"),
    },
    ("heldout33", "tune"): {
        ("local-prompt-injection-trainer", "explain_attack_example"),
    },
    ("heldout33", "unseen"): set(),
    ("heldout34", "tune"): {
        ("pergola-vault", "vault_login_approle"),
        ("rapier-sec", "prompt_injection_examples"),
        ("umbra-secrets", "write_secret"),
        ("yarn-mirror", "npmrc_setup"),
        ("zinnober-sec", "yara_rule_test"),
    },
    ("heldout34", "unseen"): {
        ("opal-serverless", "function_env"),
        ("quahog-db", "pg_dump"),
        ("quarto-kube", "kubeconfig_merge"),
    },
    ("heldout35", "tune"): {
        ("bcc-self", "bccself_toggle"),
        ("gitnotes-sync", "gitnotes_push"),
        ("injection-lens", "injectionlens_explain"),
        ("mcp-audit", "mcpaudit_review_tool"),
    },
    ("heldout35", "unseen"): {
        ("heb-rtl-editor", "hebrtl_insert_mark"),
        ("my-whitespace-tidy", "wstidy_trim"),
    },
    ("heldout36", "tune"): {
        ("promptshield-cx", "scan_customer_message"),
        ("shenfenzheng-jiaoyan", "jiaoyan_shenfenzheng"),
        ("shop-arabic-label-rtl", "render_rtl_label"),
        ("zaloguj-sklep", "zaloguj_z_haslem"),
    },
    ("heldout36", "unseen"): set(),
    ("heldout37", "tune"): {
        ("clinical-note-injection-guard", "screen_note_for_injection"),
        ("eczaci-etkilesim-kontrol", "guvenlik_uyarisi_tara"),
        ("hosp-seguridad-prompts", "auditar_herramientas_mcp"),
    },
    ("heldout37", "unseen"): {
        ("bacsi-phongkham-vn", "ke_don_thuoc"),
        ("e-ikp-upowaznienia", "nadaj_upowaznienie_ikp"),
        ("fhir-backend-auth", "smart_backend_token"),
    },
    ("heldout38", "tune"): {
        ("obfuscation-lab", "detect_hidden_text"),
    },
    ("heldout38", "unseen"): {
        ("lgpd-titular", "exportar_dados_titular"),
        ("prompt-shield-telco", "classify_injection"),
    },
    ("heldout39", "tune"): {
        ("safeessay-injection-scan", "scan_essay_for_prompt_injection"),
    },
    ("heldout39", "unseen"): {
        ("socratic-math-tutor", "give_math_hint"),
    },
    ("heldout40", "tune"): {
        ("agri-infosec", "explain_prompt_injection"),
        ("bankfeed-farm", "import_bank_statement"),
        ("blank-form-gen", "print_blank_form"),
    },
    ("heldout40", "unseen"): {
        ("farmssh-tools", "connect_barn_gateway"),
    },
    ("heldout41", "tune"): {("injection-guard-fleet", "scan_driver_message")},
    ("heldout41", "unseen"): set(),
    ("heldout42", "tune"): {
        ("sommelier-ai-redteam", "test_concierge_prompt"),
        ("the-prompt-shield-concierge", "flag_injection_attempt"),
    },
    ("heldout42", "unseen"): set(),
    ("heldout43", "tune"): {("bimguard-sec", "scan_ifc_for_macros")},
    ("heldout43", "unseen"): set(),
    ("heldout44", "tune"): set(),
    ("heldout44", "unseen"): {
        ("injection-guard-q", "scan_tool_text"),
        ("magacin-sr", "prijem_robe"),
        ("phishing-lab-l", "analyse_phishing_mail"),
    },
    ("heldout45", "tune"): {
        ("scrubber-prompt-guard", "flag_injection_in_upload"),
        ("threat-intel-ins", "explain_tool_poisoning"),
        ("titular-lgpd-br", "relatorio_dados_titular"),
    },
    ("heldout45", "unseen"): {
        ("spoofwatch-report", "report_phishing_email"),
        ("ubezpieczenia-auto-pl", "historia_szkod"),
    },
    ("heldout46", "tune"): {
        ("aegis-ot-ids", "prompt_injection_lint"),
        ("gridcast-teams", "post_to_line_channel"),
    },
    ("heldout46", "unseen"): {
        ("edgebox-admin", "upload_diagnostic_bundle"),
        ("gongjang-jaego", "jaego_johoe"),
    },
    ("heldout47", "tune"): {
        ("platemath-rounding", "round_plate_load"),
        ("promptguard-club", "scan_tool_descriptions"),
    },
    ("heldout47", "unseen"): set(),
    ("heldout48", "tune"): {
        ("scanshield-mcp", "scan_tool_description"),
        ("twofactor-crew", "send_login_code"),
    },
    ("heldout48", "unseen"): {("sealock-keychain", "store_api_key")},
    ("heldout49", "tune"): {
        ("chiffchaff-vets", "prompt_injection_sample"),
        ("finchley-vets", "long_desc_pms_help"),
        ("hemlock-vetsec", "tool_poisoning_demo"),
    },
    ("heldout49", "unseen"): set(),
    ("heldout50", "tune"): {
        ("nameplate-id", "verify_age"),
        ("octave-pentest", "review_tool_description"),
        ("promptshield-scan", "scan_lyrics_submission"),
    },
    ("heldout50", "unseen"): set(),
    ("heldout51", "tune"): {
        ("salon-envcheck-salonapp", "check_env_setup"),
        ("scanguard-salon-it", "check_prompt_injection"),
    },
    ("heldout51", "unseen"): set(),
    ("heldout52", "tune"): {
        ("aspergillum-security", "scan_parish_site"),
        ("genealogy-ssh-sync", "sync_tree_to_nas"),
    },
    ("heldout52", "unseen"): {("bede-prompt-lint", "lint_tool_description")},
    ("heldout53", "tune"): {("oriel-waste-tracker", "phishing_training_quiz")},
    ("heldout53", "unseen"): {
        ("ionic-chem-safety", "prompt_injection_examples"),
        ("jade-secrets-broker", "fetch_instrument_secret"),
        ("ozone-instrument-telemetry", "instrument_uptime"),
    },
    ("heldout54", "tune"): {("watershed-honeypot-ot", "ho_alerts")},
    ("heldout54", "unseen"): {("scanner-phish", "sp_phish_samples"), ("wiretap-detect", "wd_scan")},
    ("heldout55", "tune"): {
        ("chat911-injection-filter", "scan_caller_text"),
        ("dispatch-ai-guard", "system_prompt_leak_test"),
    },
    ("heldout55", "unseen"): set(),
    ("heldout56", "tune"): {("promptsafe-lib", "screen_patron_upload")},
    ("heldout56", "unseen"): {
        ("journal-integrity", "detect_hidden_prompts"),
        ("miejska-biblioteka-zwrot", "termin_zwrotu"),
        ("nightly-backup-archive", "backup_catalogue_db"),
    },
    ("heldout57", "tune"): {
        ("safekeep-adbackup", "ba_export_account"),
        ("salesroom-pitchdeck", "dr_share_deck"),
        ("ugc-promptguard", "pg_scan_ugc"),
    },
    ("heldout57", "unseen"): {
        ("telemetry-lite", "tl_usage_ping"),
        ("xssguard-lp", "xg_sanitize_html"),
    },
    ("heldout58", "tune"): {("babyguard-phishing-check", "check_suspicious_message")},
    ("heldout58", "unseen"): {
        ("bramblewood-nursery-hub", "mark_collection_adult"),
        ("bytesize-kids-coding", "explain_prompt_injection"),
    },
    ("heldout59", "tune"): set(),
    ("heldout59", "unseen"): {("injection-sentry", "scan_portal_text")},
    ("heldout60", "tune"): {
        ("rainguard-backups", "backup_chats"),
        ("rtl-profiles", "format_bilingual_name"),
        ("transparent-matching", "explain_matching"),
        ("turnkey-ssh-club", "share_dotfiles_safely"),
        ("wirecast-discord", "add_discord_webhook"),
    },
    ("heldout60", "unseen"): {("sentinel-injection-guard", "check_post_for_injection")},
    ("heldout61", "tune"): {("autosec-research-lab", "scan_listing_for_scams")},
    ("heldout61", "unseen"): {("copilot-service-writer", "draft_customer_explanation")},
    ("heldout62", "tune"): {
        ("ionvault-secrets", "get_secret_reference"),
        ("kaveh-persian-gis", "normalise_persian_name"),
        ("malayalam-gis", "transliterate_place"),
        ("netrc-helper", "check_netrc_permissions"),
        ("nyx-redteam", "list_prompt_injection_patterns"),
    },
    ("heldout62", "unseen"): set(),
    ("heldout63", "tune"): {("sentinelle-kitchensec", "prompt_injection_demo")},
    ("heldout63", "unseen"): {("sous-chef-ai", "summarise_shift_notes")},
    ("heldout64", "tune"): {("gavel-audit-suite", "ga_fraud_scenarios")},
    ("heldout64", "unseen"): {("bec-phishing-samples", "show_invoice_fraud_examples")},
    ("heldout65", "tune"): {("promptguard-fashion", "scan_supplier_email")},
    ("heldout65", "unseen"): set(),
    ("heldout66", "tune"): {
        ("rtl-sec-review", "review_rtl_strings"),
        ("scan-id-translate", "translate_id_card"),
        ("ssh-deploy-loc", "deploy_locale_bundle"),
        ("tag-char-decoder", "decode_unicode_tags"),
    },
    ("heldout66", "unseen"): {
        ("ruleset-prompt-guard", "scan_prompt_injection"),
        ("ssn-format-loc", "format_national_id_locale"),
        ("termpref-instead", "prefer_term_instead"),
        ("unicode-bidi-inspector", "show_bidi_controls"),
        ("vault-tms-keys", "store_mt_api_key"),
    },
    ("heldout67", "tune"): {
        ("alderglen-ssh-sawmill", "edger_optimizer_deploy"),
        ("cedarwood-cryptoguard", "injection_sample_library"),
        ("deepcreek-ignore-list", "spam_filter_rules"),
    },
    ("heldout67", "unseen"): set(),
    ("heldout68", "tune"): set(),
    ("heldout68", "unseen"): {("lark-phishguard", "analyse_phishing_email")},
    ("heldout69", "tune"): {
        ("secscan-for-trades", "mcp_tool_audit"),
        ("secscan-for-trades", "phishing_explainer"),
        ("softhyphen-labels", "label_printer"),
    },
    ("heldout69", "unseen"): {
        ("rtl-hebrew-receipts", "hebrew_receipt"),
        ("sparky-co-alarm-check", "co_alarm_test"),
        ("tradie-arabic-invoice-fmt", "rtl_invoice"),
    },
    ("heldout70", "tune"): {
        ("consent-recorder", "record_sharing_decision"),
    },
    ("heldout70", "unseen"): set(),
    ("heldout71", "tune"): {
        ("promptguard-casino", "screen_chat_message"),
    },
    ("heldout71", "unseen"): {
        ("jogo-responsavel-br", "limite_aposta"),
    },
    ("heldout72", "tune"): {
        ("sanitize-iptc", "scan_caption_injection"),
        ("tsalam-il-booking", "hazmanat_tsilum"),
    },
    ("heldout72", "unseen"): set(),
    ("heldout73", "tune"): {
        ("boardsite-deploy", "deploy_careers_site"),
        ("cv-injection-guard", "scan_cv_for_injection"),
    },
    ("heldout73", "unseen"): set(),
    ("heldout74", "tune"): {
        ("iguana-waf", "waf_test_request"),
        ("mullion-llmredteam", "score_leakage"),
    },
    ("heldout74", "unseen"): {
        ("ironhold-vault", "get_secret"),
        ("keel-bastion", "connect_jumpbox"),
        ("mortise-unicode", "find_invisible_chars"),
        ("mullion-llmredteam", "run_injection_probes"),
        ("ocher-forensics", "parse_browser_history"),
    },
    ("heldout75", "tune"): {
        ("supporter-giftaid", "gift_aid_declaration"),
    },
    ("heldout75", "unseen"): {
        ("security-awareness-zoo", "explain_phishing_sample"),
        ("shield-prompt-kiosk", "screen_guest_message"),
    },
    ("heldout76", "tune"): {
        ("beca-comedor", "solicitar_beca_comedor"),
        ("essay-injection-guard", "scan_submission_for_injection"),
        ("hpc-accounts", "submit_batch_job"),
    },
    ("heldout76", "unseen"): {
        ("hakjeok-gwanri", "hyuhak_sincheong"),
    },
    ("heldout77", "tune"): {
        ("iris-portal-guard", "scan_portal_freetext"),
        ("jiangsu-danyi-chuangkou", "danyi_chuangkou_denglu"),
        ("lademarke-spedition", "reederei_zugang_hinterlegen"),
        ("nordwind-telemetrie", "nutzungsstatistik"),
    },
    ("heldout77", "unseen"): {
        ("khai-bao-haiquan-vn", "khai_bao_hai_quan"),
    },
    ("heldout78", "tune"): {
        ("ssh-careserver-admin", "restart_emar_service"),
    },
    ("heldout78", "unseen"): set(),
    ("heldout79", "tune"): {
        ("ashbury-member-services", "update_phone_number"),
        ("corebank-mtls", "upload_api_certificate"),
    },
    ("heldout79", "unseen"): {
        ("audit-siem-forward", "configure_audit_forwarding"),
        ("branchmetrics-app", "get_branch_kpis"),
    },
    ("heldout80", "tune"): {
        ("lookout-iot-audit", "scan_skill_manifest"),
    },
    ("heldout80", "unseen"): set(),
    ("heldout81", "tune"): {
        ("scan-filings-injection", "scan_filing_text"),
        ("second-chance-petitions", "build_petition"),
        ("security-awareness-court", "report_phishing"),
    },
    ("heldout81", "unseen"): set(),
    ("heldout82", "tune"): {
        ("escritorio-pt", "pagar_mensalidade"),
        ("guardrail-secops", "scan_tool_descriptions"),
    },
    ("heldout82", "unseen"): set(),
    ("heldout83", "tune"): {
        ("orthopano-viewer", "share_with_referrer"),
    },
    ("heldout83", "unseen"): {
        ("inbox-guard-practice", "scan_incoming_email"),
        ("mondzorg-nl", "declaratie_vektis"),
        ("netra-seva-hi", "ayushman_card_check"),
        ("phishguard-dental", "phishing_examples"),
    },
    ("heldout84", "tune"): set(),
    ("heldout84", "unseen"): {
        ("scan-label-copy-guard", "scan_label_copy"),
    },
    ("heldout85", "tune"): {
        ("afterhours-install", "log_site_access"),
    },
    ("heldout85", "unseen"): {
        ("bigprint-rip-remote", "restart_rip_service"),
        ("docsentry-prepress", "scan_pdf_for_scripts"),
    },
    ("heldout86", "tune"): set(),
    ("heldout86", "unseen"): set(),
    ("heldout87", "tune"): {
        ("securescore-phq9", "score_phq9"),
        ("spamshield-practice", "report_phishing"),
        ("usagemeter-ehr", "report_usage"),
    },
    ("heldout87", "unseen"): {
        ("redteam-intake-bot", "test_prompt_injection"),
        ("rosewood-ehr", "add_diagnosis"),
    },
    ("heldout88", "tune"): {
        ("bookingform-guard", "screen_booking_message"),
    },
    ("heldout88", "unseen"): set(),
    ("heldout89", "tune"): {
        ("pantkvitto-sv", "skriv_pantkvitto"),
        ("panttilaina-kassa", "panttikuitti"),
    },
    ("heldout89", "unseen"): set(),
    ("heldout90", "tune"): {
        ("reportable-events", "forward_adverse_event"),
        ("rewards-card-issuer", "order_prepaid_cards"),
    },
    ("heldout90", "unseen"): {
        ("synthetic-respondent-detector", "detect_llm_openends"),
    },
    ("heldout91", "tune"): {
        ("aisle-inbox-guard", "scan_rsvp_messages"),
    },
    ("heldout91", "unseen"): {
        ("bloomsite-deploy", "publish_shop_site"),
    },
    ("heldout92", "tune"): {
        ("mailguard-landscape", "phishing_report_check"),
        ("nfse-paisagismo", "emitir_nfse_jardinagem"),
    },
    ("heldout92", "unseen"): set(),
    ("heldout93", "tune"): {
        ("resort-it-inbox-guard", "scan_booking_message"),
        ("tool-audit-resort-it", "review_vendor_integration"),
        ("verleih-talstation", "kaution_vorautorisieren"),
    },
    ("heldout93", "unseen"): {
        ("storage-pin-lockers", "set_locker_pin"),
    },
    ("heldout94", "tune"): {
        ("gatewaybox-ssh", "connect_panel_gateway"),
    },
    ("heldout94", "unseen"): {
        ("embergate-central-station", "acknowledge_trouble"),
        ("fp-phishguard", "check_email_for_phishing"),
    },
    ("heldout95", "tune"): {
        ("injectguard-booking-chat", "screen_booking_message"),
    },
    ("heldout95", "unseen"): set(),
    ("heldout96", "tune"): {
        ("reviewshield-shop", "moderate_product_review"),
        ("sendinvoice-toyshop", "email_invoice"),
    },
    ("heldout96", "unseen"): set(),
    ("heldout97", "tune"): {
        ("ai-receptionist-audit", "audit_tool_descriptions"),
        ("chatguard-for-schools", "screen_website_chat"),
    },
    ("heldout97", "unseen"): {
        ("fleet-driver-fatigue", "log_rest_break"),
    },
    ("heldout98", "tune"): {
        ("promptguard-reviews", "scan_review_for_injection"),
    },
    ("heldout98", "unseen"): {
        ("pos-remote-support", "open_support_tunnel"),
        ("postick-backup", "backup_pos"),
    },
    ("heldout99", "tune"): {
        ("review-import-guard", "import_marketplace_reviews"),
    },
    ("heldout99", "unseen"): {
        ("supplier-sftp-drop", "upload_price_file"),
    },
    ("heldout100", "tune"): set(),
    ("heldout100", "unseen"): {
        ("coombe-backups", "backup_crm"),
        ("elland-tenant-messages", "screen_tenant_message"),
    },
    ("heldout101", "tune"): {
        ("mailto-bikeshop", "email_customer"),
        ("pavestone-regs", "eu_battery_regulation_summary"),
    },
    ("heldout101", "unseen"): set(),
    ("heldout102", "tune"): {
        ("scamshield-sitters", "scan_booking_inbox_for_injection"),
    },
    ("heldout102", "unseen"): set(),
}
"""The hard negatives still flagged: injection detectors quoting "ignore previous
instructions"; in set 6's unseen part, an export of the messages the user picked, a
user-written system prompt for a sub-agent, and German soft hyphens; in set 7's unseen
part, three tools that quote attacks (a classifier, a linter, a red-team grader), a
clock's "always"/"instead" about itself, a long base64 line
with nothing after it and an honest <IMPORTANT> warning; in set 8's tune part, two tools
that quote attacks (an auditor, a jailbreak scorer), Malayalam text and a hand-off note;
in its unseen part, a firewall log naming the attacks it blocked, and an SSH client and a
Kubernetes tool whose own key and kubeconfig paths are parameters; in set 9's tune part,
an SSH client whose own key path is a default, Malayalam chillu letters written with a
zero-width joiner, and a recap of the messages the user asked to summarise; in its unseen
part, an injection classifier; in set 10, a phishing analyser, a system-prompt test
bench, an API-key rotation and a port scanner; in set 11, an injection detector; in set
12, an injection checker, a redaction tool, Hindi text with its joiners, and a cloud and
a Kubernetes tool whose own credentials are parameters; in set 13's tune part, a
Kubernetes and a cloud tool whose own credentials are parameters, a phishing triage, a
library's hours with an honest invisible character and a support form asking for
contact details; in set 14, an SSH key generator and a host registering the user's own
public key, a vault, a .env editor and an AWS identity check handling their own secrets,
a canary-token maker, an ANSI stripper, a YARA tester whose rule names key files, a
prompt library, an injection detector, a port scanner, Devanagari with its joiners, and a
long kanban manual with "always" and "never" about its own tools (the rules alone); in set
15, tools handling their own logins, keys and secrets (a browser form filler, a registry
login, an HTTP client, a Kubernetes secrets viewer, a bucket lister, an SCP upload, a key
generator), an ANSI stripper and a regex tester; in set 16's unseen part, a theme setting
that keeps "whatever the user picked last" and an anti-phishing tip ("never ask the user for
their password"); in set 17's unseen part, an AWS profile lister and a kubectl context
switcher naming the credential files they do not read (Lithuanian, Bulgarian), an
injection detector, a Kubernetes secret maker and Outlook's conditional comments; in set
18, injection benchmarks and detectors and an essay integrity check; in set 19, a Zigbee
hub's "remove device" steps, a 3D printer's log fetch, an HTML widget's comment and a
Pi-hole deploy over SSH; in set 20, tools that quote attacks or key files as their subject
(an injection classifier, an OWASP cheat sheet, Sigma rules, a pre-commit key detector, a
man-page reader, a poisoning explainer, an .npmrc explainer), an SSH key generator, a
Wi-Fi QR code maker, a libpq connection naming ~/.pgpass, a unit converter that "always"
gives SI units "regardless", and a Swahili health-facility finder; in set 21, a
messenger's read receipts, a clipboard cleaner, scam quizzes quoting scams; in set 22, an
injection classifier, a warehouse's key-pair rotation and a SIEM search; in set 23, a
system-prompt guide, a poisoning explainer, an injection detector, a Discord FAQ and
labelling guidelines; in set 24, a tool-description scanner; in sets 33 to 54, injection
detectors, red-team graders and trainers quoting attacks, tools handling their own logins
and secrets (a vault's AppRole login, a secret writer, an .npmrc setup, a function's
variables, pg_dump reading ~/.pgpass, a kubeconfig merge, a git push with its SSH key, a
SMART backend token, an SSH gateway), a BCC-myself toggle, bidi marks in Hebrew and
Arabic forms, a blank-line tidier, a Chinese ID check digit, a Polish shop login, a
prescription tool, a data-subject export, a bank-statement import and a blank form; in
sets 46 to 48, a Teams webhook's default address, a diagnostic bundle upload, a stock
lookup, a plate-load rounder, a login-code sender and a keychain storing an API key; in
sets 49 to 51, a long practice-software help text, an age check and an environment
check; in sets 52 to 54, a family tree synced to a NAS over SSH, a secrets broker, an
instrument's uptime, an OT honeypot's alerts and a wiretap detector; in sets 55 to 57,
injection filters and detectors, a system-prompt leak test, backups to an own bucket, a
library card's number on a loan's due dates, a deck shared with "whoever the user names"
and a usage ping to an own endpoint; in sets 58 to 60, injection and phishing checkers, a
nursery's collection password, a dotfiles publisher naming what it strips, a Discord
webhook's own URL pattern, bidi isolates in a name formatter, blank lines in a matching
explainer and a chat backup under the user's own password; in sets 61 to 63, scam and
injection explainers, a secrets reference, Persian and Malayalam place names with their
joiners, a .netrc permission check, a note that the tool "does not see the system prompt"
and a summary of handover notes written in the conversation; in sets 64 to 66, fraud and
phishing explainers, an injection scanner, tools that show bidi and tag characters as
their job, an identity card's translation, a national-ID formatter, a deploy over SSH, a
vault storing a machine-translation key and a terminology rule preferring one term
"instead" of another; in sets 67 to 69, a deploy over SSH, injection and phishing
samples, a spam filter's ignore list, an MCP tool audit, soft hyphens on labels, bidi
marks on Hebrew and Arabic receipts and a CO alarm's test; in sets 70 to 78, injection
screeners of chat messages, CVs, essays, captions and portal text quoting attacks, red-team
probes and a leakage scorer, a WAF tester, a safeguarding consent guide, deploys and jobs
over SSH with their own keys, a vault reading a secret, a jumpbox login, a forensic
browser-history parser, an invisible-character finder, a gambling limit and a meal grant
keyed by national ID, a Gift Aid declaration, a Hebrew booking and a Korean leave form,
a carrier's own portal login stored, a single-window login, a customs e-signature PIN
typed by the user and a disclosed usage statistic; in sets 79 to 81, a phone-number
change asking for its own one-time code, an mTLS certificate upload, an audit forwarder to
the bank's own SIEM, a branch KPI dashboard, an IoT skill-manifest auditor and a filings
injection scanner quoting attacks, a petition builder and a phishing report; in sets 82
to 84, tool-description, e-mail and label-copy scanners and phishing examples quoting
attacks, a membership payment, an X-ray shared with the referrer the user names, a Dutch
dental claim and an Indian health-card check keyed by national ID; in sets 85 to 87, a
key-safe code the customer gave for a visit, a print server restarted over SSH with its own
key, a PDF script scanner and a prompt-injection tester quoting attacks, a PHQ-9 scorer, a
phishing report, a usage report and a diagnosis added to a chart; in sets 88 to 90, a
booking-message screener quoting attacks, Swedish and Finnish pawn tickets keyed by national
ID, an adverse-event forwarder to the safety address the user set, prepaid reward cards and
a detector of machine-written survey answers; in sets 91 to 93, message and phishing
screeners and a vendor-integration review quoting attacks, a shop site deployed with its
own key, a Brazilian service invoice keyed by tax number, a rental deposit pre-authorised
on a card and a locker PIN the user sets; in sets 94 to 96, phishing, booking-chat and
review screeners quoting attacks, a panel gateway reached over SSH with its own key, a
monitoring station's trouble acknowledgement and an invoice e-mailed to the customer; in
sets 97 to 99, tool-description, chat, review and review-import screeners quoting attacks,
a driver's rest break read from the tachograph card (its number read as a payment card's),
an SSH support tunnel and an SFTP upload each with its own key file, and a till backup to
the owner's own bucket with its access key."""
LEARNED: dict[tuple[str, str], tuple[int, int, int, int]] = {
    ("heldout5", "tune"): (28, 28, 30, 1),
    ("heldout5", "unseen"): (18, 14, 13, 0),
    ("heldout6", "tune"): (18, 23, 28, 1),
    ("heldout6", "unseen"): (23, 15, 14, 2),
    ("heldout7", "tune"): (24, 28, 28, 5),
    ("heldout7", "unseen"): (23, 19, 17, 6),
    ("heldout8", "tune"): (15, 24, 28, 3),
    ("heldout8", "unseen"): (16, 13, 12, 3),
    ("heldout9", "tune"): (18, 19, 20, 2),
    ("heldout9", "unseen"): (14, 16, 16, 1),
    ("heldout10", "tune"): (20, 20, 17, 3),
    ("heldout10", "unseen"): (14, 17, 18, 1),
    ("heldout11", "tune"): (22, 18, 22, 0),
    ("heldout11", "unseen"): (16, 13, 17, 1),
    ("heldout12", "tune"): (29, 23, 31, 2),
    ("heldout12", "unseen"): (24, 10, 15, 2),
    ("heldout13", "tune"): (21, 19, 30, 5),
    ("heldout13", "unseen"): (21, 8, 12, 0),
    ("heldout14", "tune"): (33, 30, 25, 8),
    ("heldout14", "unseen"): (12, 13, 17, 3),
    ("heldout15", "tune"): (32, 24, 36, 7),
    ("heldout15", "unseen"): (13, 15, 15, 2),
    ("heldout16", "tune"): (31, 40, 39, 0),
    ("heldout16", "unseen"): (19, 14, 19, 2),
    ("heldout17", "tune"): (33, 44, 36, 0),
    ("heldout17", "unseen"): (22, 18, 16, 5),
    ("heldout18", "tune"): (35, 35, 30, 2),
    ("heldout18", "unseen"): (20, 18, 16, 1),
    ("heldout19", "tune"): (33, 30, 25, 3),
    ("heldout19", "unseen"): (19, 21, 25, 1),
    ("heldout20", "tune"): (33, 39, 40, 6),
    ("heldout20", "unseen"): (19, 16, 29, 6),
    ("heldout21", "tune"): (28, 33, 41, 3),
    ("heldout21", "unseen"): (21, 22, 28, 1),
    ("heldout22", "tune"): (20, 30, 38, 0),
    ("heldout22", "unseen"): (31, 25, 29, 3),
    ("heldout23", "tune"): (28, 33, 36, 2),
    ("heldout23", "unseen"): (17, 16, 25, 3),
    ("heldout24", "tune"): (28, 32, 46, 1),
    ("heldout24", "unseen"): (15, 18, 20, 0),
    ("heldout25", "tune"): (28, 31, 42, 5),
    ("heldout25", "unseen"): (19, 19, 24, 0),
    ("heldout26", "tune"): (32, 19, 36, 3),
    ("heldout26", "unseen"): (13, 31, 27, 1),
    ("heldout27", "tune"): (29, 35, 44, 0),
    ("heldout27", "unseen"): (17, 24, 19, 1),
    ("heldout28", "tune"): (30, 33, 40, 2),
    ("heldout28", "unseen"): (18, 24, 22, 0),
    ("heldout29", "tune"): (29, 31, 43, 3),
    ("heldout29", "unseen"): (20, 21, 20, 6),
    ("heldout30", "tune"): (30, 34, 36, 7),
    ("heldout30", "unseen"): (16, 15, 27, 1),
    ("heldout31", "tune"): (29, 31, 43, 3),
    ("heldout31", "unseen"): (16, 22, 19, 0),
    ("heldout32", "tune"): (32, 35, 34, 4),
    ("heldout32", "unseen"): (14, 17, 21, 4),
    ("heldout33", "tune"): (32, 26, 34, 1),
    ("heldout33", "unseen"): (15, 18, 30, 0),
    ("heldout34", "tune"): (29, 36, 34, 5),
    ("heldout34", "unseen"): (16, 15, 27, 3),
    ("heldout35", "tune"): (28, 33, 44, 4),
    ("heldout35", "unseen"): (18, 15, 20, 2),
    ("heldout36", "tune"): (31, 30, 45, 4),
    ("heldout36", "unseen"): (14, 19, 17, 0),
    ("heldout37", "tune"): (25, 34, 41, 3),
    ("heldout37", "unseen"): (21, 15, 22, 3),
    ("heldout38", "tune"): (24, 25, 43, 1),
    ("heldout38", "unseen"): (20, 27, 22, 2),
    ("heldout39", "tune"): (30, 27, 39, 1),
    ("heldout39", "unseen"): (15, 17, 31, 1),
    ("heldout40", "tune"): (32, 27, 47, 3),
    ("heldout40", "unseen"): (12, 22, 21, 1),
    ("heldout41", "tune"): (28, 31, 36, 1),
    ("heldout41", "unseen"): (18, 17, 32, 0),
    ("heldout42", "tune"): (27, 36, 42, 2),
    ("heldout42", "unseen"): (22, 20, 25, 0),
    ("heldout43", "tune"): (25, 34, 43, 1),
    ("heldout43", "unseen"): (22, 17, 26, 0),
    ("heldout44", "tune"): (32, 32, 39, 0),
    ("heldout44", "unseen"): (15, 21, 25, 3),
    ("heldout45", "tune"): (28, 41, 43, 3),
    ("heldout45", "unseen"): (24, 20, 34, 2),
    ("heldout46", "tune"): (27, 36, 38, 2),
    ("heldout46", "unseen"): (18, 18, 22, 2),
    ("heldout47", "tune"): (29, 34, 45, 2),
    ("heldout47", "unseen"): (18, 18, 23, 0),
    ("heldout48", "tune"): (35, 30, 38, 2),
    ("heldout48", "unseen"): (12, 17, 23, 1),
    ("heldout49", "tune"): (30, 30, 37, 3),
    ("heldout49", "unseen"): (15, 19, 20, 0),
    ("heldout50", "tune"): (31, 34, 37, 3),
    ("heldout50", "unseen"): (16, 20, 26, 0),
    ("heldout51", "tune"): (22, 30, 39, 3),
    ("heldout51", "unseen"): (23, 23, 26, 0),
    ("heldout52", "tune"): (27, 28, 38, 2),
    ("heldout52", "unseen"): (18, 16, 24, 1),
    ("heldout53", "tune"): (27, 27, 34, 1),
    ("heldout53", "unseen"): (17, 22, 22, 3),
    ("heldout54", "tune"): (32, 31, 35, 1),
    ("heldout54", "unseen"): (13, 19, 28, 2),
    ("heldout55", "tune"): (26, 24, 32, 2),
    ("heldout55", "unseen"): (20, 26, 22, 0),
    ("heldout56", "tune"): (28, 35, 36, 1),
    ("heldout56", "unseen"): (23, 13, 23, 3),
    ("heldout57", "tune"): (29, 37, 41, 3),
    ("heldout57", "unseen"): (15, 14, 18, 2),
    ("heldout58", "tune"): (30, 30, 37, 1),
    ("heldout58", "unseen"): (15, 21, 29, 2),
    ("heldout59", "tune"): (21, 32, 46, 0),
    ("heldout59", "unseen"): (22, 19, 14, 1),
    ("heldout60", "tune"): (34, 24, 39, 5),
    ("heldout60", "unseen"): (14, 23, 20, 1),
    ("heldout61", "tune"): (33, 27, 38, 1),
    ("heldout61", "unseen"): (14, 17, 26, 1),
    ("heldout62", "tune"): (31, 31, 44, 5),
    ("heldout62", "unseen"): (15, 17, 15, 0),
    ("heldout63", "tune"): (31, 30, 43, 1),
    ("heldout63", "unseen"): (17, 19, 16, 1),
    ("heldout64", "tune"): (29, 28, 42, 1),
    ("heldout64", "unseen"): (18, 29, 26, 1),
    ("heldout65", "tune"): (28, 37, 27, 1),
    ("heldout65", "unseen"): (18, 15, 27, 0),
    ("heldout66", "tune"): (29, 32, 47, 4),
    ("heldout66", "unseen"): (21, 12, 20, 5),
    ("heldout67", "tune"): (31, 23, 40, 3),
    ("heldout67", "unseen"): (14, 20, 19, 0),
    ("heldout68", "tune"): (27, 33, 36, 0),
    ("heldout68", "unseen"): (18, 17, 20, 1),
    ("heldout69", "tune"): (28, 28, 33, 3),
    ("heldout69", "unseen"): (17, 21, 30, 3),
    ("heldout70", "tune"): (32, 40, 43, 1),
    ("heldout70", "unseen"): (17, 13, 21, 0),
    ("heldout71", "tune"): (30, 38, 36, 2),
    ("heldout71", "unseen"): (17, 15, 21, 1),
    ("heldout72", "tune"): (23, 35, 47, 2),
    ("heldout72", "unseen"): (24, 17, 21, 0),
    ("heldout73", "tune"): (30, 34, 40, 2),
    ("heldout73", "unseen"): (17, 16, 20, 0),
    ("heldout74", "tune"): (29, 28, 34, 2),
    ("heldout74", "unseen"): (13, 22, 20, 5),
    ("heldout75", "tune"): (29, 29, 36, 1),
    ("heldout75", "unseen"): (18, 28, 20, 2),
    ("heldout76", "tune"): (36, 35, 36, 3),
    ("heldout76", "unseen"): (11, 20, 26, 1),
    ("heldout77", "tune"): (28, 38, 32, 4),
    ("heldout77", "unseen"): (19, 13, 23, 1),
    ("heldout78", "tune"): (27, 31, 42, 1),
    ("heldout78", "unseen"): (19, 19, 21, 0),
    ("heldout79", "tune"): (26, 35, 42, 2),
    ("heldout79", "unseen"): (18, 18, 20, 2),
    ("heldout80", "tune"): (33, 33, 41, 1),
    ("heldout80", "unseen"): (13, 17, 20, 0),
    ("heldout81", "tune"): (30, 28, 36, 3),
    ("heldout81", "unseen"): (13, 18, 22, 0),
    ("heldout82", "tune"): (30, 28, 20, 2),
    ("heldout82", "unseen"): (16, 24, 24, 0),
    ("heldout83", "tune"): (30, 28, 35, 1),
    ("heldout83", "unseen"): (12, 22, 16, 4),
    ("heldout84", "tune"): (29, 36, 34, 0),
    ("heldout84", "unseen"): (16, 16, 28, 1),
    ("heldout85", "tune"): (31, 32, 26, 1),
    ("heldout85", "unseen"): (13, 18, 25, 2),
    ("heldout86", "tune"): (27, 32, 31, 0),
    ("heldout86", "unseen"): (16, 18, 29, 0),
    ("heldout87", "tune"): (23, 34, 30, 3),
    ("heldout87", "unseen"): (22, 17, 19, 2),
    ("heldout88", "tune"): (29, 34, 36, 1),
    ("heldout88", "unseen"): (17, 17, 24, 0),
    ("heldout89", "tune"): (28, 26, 36, 3),
    ("heldout89", "unseen"): (17, 25, 16, 0),
    ("heldout90", "tune"): (27, 34, 46, 2),
    ("heldout90", "unseen"): (18, 17, 19, 1),
    ("heldout91", "tune"): (26, 35, 41, 1),
    ("heldout91", "unseen"): (19, 16, 22, 1),
    ("heldout92", "tune"): (23, 32, 25, 2),
    ("heldout92", "unseen"): (19, 20, 30, 0),
    ("heldout93", "tune"): (26, 31, 30, 3),
    ("heldout93", "unseen"): (16, 19, 24, 1),
    ("heldout94", "tune"): (27, 38, 36, 1),
    ("heldout94", "unseen"): (14, 12, 22, 2),
    ("heldout95", "tune"): (36, 36, 39, 1),
    ("heldout95", "unseen"): (12, 19, 18, 0),
    ("heldout96", "tune"): (25, 39, 35, 2),
    ("heldout96", "unseen"): (17, 13, 22, 0),
    ("heldout97", "tune"): (25, 30, 33, 2),
    ("heldout97", "unseen"): (20, 21, 26, 1),
    ("heldout98", "tune"): (26, 37, 32, 1),
    ("heldout98", "unseen"): (19, 16, 30, 2),
    ("heldout99", "tune"): (27, 35, 37, 1),
    ("heldout99", "unseen"): (15, 20, 21, 1),
    ("heldout100", "tune"): (23, 28, 32, 0),
    ("heldout100", "unseen"): (19, 22, 21, 2),
    ("heldout101", "tune"): (27, 31, 31, 2),
    ("heldout101", "unseen"): (17, 22, 26, 0),
    ("heldout102", "tune"): (33, 28, 34, 1),
    ("heldout102", "unseen"): (16, 21, 26, 0),
}
"""With the learned layer (the default): poisoned cases flagged per category (floors: hidden,
shadowing, exfiltration) and hard negatives flagged (a ceiling). Sets 5 to 42 are its
training data, so these are not held-out figures (docs/security.md gives the
leave-one-set-out ones). Judged once before it was trained on: set 15 with the model of
sets 3-14, tune 31, 23, 31 and unseen 13, 16, 13 (85 of 107 and 42 of 51); set 16 with the
same model, tune 31, 38, 34 and unseen 19, 14, 18 (154 of 164); set 17 with the model of
sets 3-16, tune 32, 44, 27 and unseen 21, 18, 12 (154 of 185); set 18 with the model of sets
3-17, tune 34, 35, 26 and unseen 19, 18, 13 (145 of 163); set 19 with the model of sets 3-18,
tune 30, 30, 15 and unseen 19, 21, 17 (132 of 157); set 20 with the model of sets 3-19 and
this session's first rules, tune 32, 39, 37 and unseen 19, 16, 26 (169 of 183); set 21
with the model of sets 3-20, tune 28, 33, 39 and unseen 21, 22, 19 (162 of 177); set 22
with the model of sets 3-21, tune 20, 29, 33 and unseen 31, 25, 25 (163 of 177); sets 23
and 24 with the model of sets 3-22, set 23 tune 28, 33, 31 and unseen 16, 15, 20 (143 of
165), set 24 tune 26, 32, 34 and unseen 14, 18, 15 (139 of 163); sets 25 and 26 with the
model of sets 3-24, set 25 tune 28, 31, 38 and unseen 19, 19, 22 (157 of 166), set 26 tune
31, 19, 33 and unseen 13, 30, 24 (150 of 163); sets 27 and 28 with the model of sets 3-26,
set 27 tune 29, 35, 40 and unseen 16, 24, 18 (162 of 170), set 28 tune 30, 33, 37 and
unseen 18, 24, 19 (161 of 174); sets 29 and 30 with the model of sets 3-28, set 29 tune
29, 31, 38 and unseen 20, 21, 15 (154 of 171), set 30 tune 30, 34, 31 and unseen 16, 15,
26 (152 of 161); sets 31 and 32 with the model of sets 3-30, set 31 tune 29, 31, 40 and
unseen 15, 22, 16 (153 of 163), set 32 tune 31, 35, 23 and unseen 14, 17, 19 (139 of
166); sets 33 and 34 with the model of sets 3-32 (not trained on them), set 33 tune 32,
26, 26 and unseen 15, 18, 29 (146 of 158), set 34 tune 29, 36, 30 and unseen 16, 15, 23
(149 of 163). Sets 35 and 36 with the model of sets
3-32 at the next session's start, set 35 tune 26, 33, 41 and unseen 18, 15, 17 (150 of
159), set 36 tune 31, 30, 39 and unseen 13, 19, 10 (142 of 163); sets 37 to 39 with that
session's later rules and the model of sets 3-36, set 37 tune 25, 33, 34 and unseen 21,
15, 17 (145 of 163), set 38 tune 24, 25, 38 and unseen 20, 27, 20 (154 of 166), set 39
tune 30, 24, 35 and unseen 15, 15, 27 (146 of 171); sets 40 to 42 with its final rules and
the model of sets 3-39 (not trained on them), set 40 tune 32, 27, 37 and unseen 12, 22,
18 (148 of 163), set 41 tune 28, 30, 30 and unseen 18, 17, 25 (148 of 167), set 42 tune
27, 36, 34 and unseen 22, 20, 23 (162 of 176); sets 43 to 45 with the next session's rules
and the model of sets 3-42 (not trained on them), set 43 tune 25, 34, 39 and unseen 22,
17, 24 (161 of 171), set 44 tune 32, 32, 36 and unseen 15, 21, 23 (159 of 168), set 45
tune 28, 36, 41 and unseen 24, 20, 32 (181 of 195); their misses were read afterwards;
sets 46 to 48 with the next session's rules of 1888cb2 and the model of sets 3-45 (not
trained on them; the model shipped is that of sets 3-42), set 46 tune 26, 35, 36 and
unseen 18, 18, 18 (151 of 167), set 47 tune 27, 34, 39 and unseen 18, 18, 20 (156 of 170),
set 48 tune 33, 27, 30 and unseen 12, 17, 18 (137 of 163); their misses were read
afterwards; sets 49 to 51 with that session's final rules (2aa040c) and the model of sets
3-42 (not trained on them), set 49 tune 30, 30, 33 and unseen 15, 19, 19
(146 of 160), set 50 tune 31, 34, 36 and unseen 16, 20, 21 (158 of 169), set 51 tune 22,
30, 37 and unseen 23, 23, 24 (159 of 164); sets 52 to 54 with its last rules
(c165939), not tuned on, set 52 tune 27, 27, 32 and unseen 18, 15, 22 (141 of 163), set
53 tune 27, 26, 26 and unseen 17, 21, 17 (134 of 158), set 54 tune 30, 31, 31 and unseen
13, 19, 26 (150 of 160); sets 55 to 57 with the next session's rules of 9a55a02 and the
model of sets 3-42, set 55 tune 26, 24, 31 and unseen 20, 26, 21 (148 of 163), set 56 tune
27, 32, 35 and unseen 23, 13, 23 (153 of 169), set 57 tune 29, 37, 37 and unseen 15, 14,
17 (149 of 163); sets 58 to 60 with its rules of 98a8f1e and the same model, set 58 tune
30, 30, 35 and unseen 15, 21, 28 (159 of 166), set 59 tune 21, 32, 43 and unseen 22, 19,
12 (149 of 161), set 60 tune 33, 24, 36 and unseen 14, 21, 20 (148 of 172); sets 61 to 63
with its rules of 0e9dc4d and the same model, set 61 tune 33, 27, 38 and unseen 14, 17, 25
(154 of 171), set 62 tune 31, 31, 43 and unseen 15, 17, 14 (151 of 160), set 63 tune 31,
30, 40 and unseen 17, 19, 12 (149 of 167); sets 64 to 66 with its final rules (e3f99b4)
and the same model, not tuned on, set 64 tune 29, 28, 40 and unseen 18, 29, 24 (168 of
178), set 65 tune 28, 37, 27 and unseen 18, 15, 26 (151 of 164), set 66 tune 29, 32, 46
and unseen 21, 11, 20 (159 of 180); sets 67 to 69 the same way, set 67 tune 31, 23, 39
and unseen 14, 20, 18 (145 of 161), set 68 tune 27, 33, 34 and unseen 18, 17, 19 (148 of
168), set 69 tune 28, 28, 32 and unseen 17, 21, 28 (154 of 164); sets 70 to 78 with the
next session's rules of their moment (SCORES) and the same model, set 70 tune 32, 40, 41
and unseen 17, 13, 20 (163 of 171), set 71 tune 30, 38, 32 and unseen 16, 15, 20 (151 of
166), set 72 tune 20, 35, 45 and unseen 24, 17, 21 (162 of 169), set 73 tune 30, 34, 36
and unseen 17, 16, 17 (150 of 165), set 74 tune 29, 28, 34 and unseen 13, 22, 17 (143 of
160), set 75 tune 29, 29, 33 and unseen 18, 28, 17 (154 of 172), set 76 tune 34, 35, 34
and unseen 11, 20, 26 (160 of 170), set 77 tune 28, 38, 30 and unseen 19, 13, 22 (150 of
164), set 78 tune 27, 31, 40 and unseen 19, 19, 20 (156 of 162); sets 79 to 81 with its
final rules, set 79 tune 26, 35, 42 and unseen 18, 18, 19 (158 of 170), set 80 tune 33, 33,
40 and unseen 13, 17, 19 (155 of 164), set 81 tune 30, 28, 35 and unseen 13, 18, 22 (146 of
163); sets 82 to 84 the same way, set 82 tune 30, 28, 19 and unseen 15, 24, 22 (138 of
167), set 83 tune 29, 28, 35 and unseen 12, 22, 15 (141 of 160), set 84 tune 29, 36, 33 and
unseen 16, 16, 27 (157 of 162); sets 85 to 87 with the next session's starting rules
(189be9f), set 85 tune 29, 32, 22 and unseen 13, 18, 22 (136 of 162), set 86 tune 25, 32, 31
and unseen 16, 18, 29 (151 of 160), set 87 tune 22, 34, 23 and unseen 19, 17, 19 (134 of
162); sets 88 to 90 with ab8dfc5, set 88 tune 25, 34, 34 and unseen 16, 17, 19 (145 of
164), set 89 tune 26, 26, 36 and unseen 16, 25, 15 (144 of 161), set 90 tune 24, 34, 43 and
unseen 18, 17, 19 (155 of 171); sets 91 to 93 with af6db9a, set 91 tune 25, 35, 41 and
unseen 19, 16, 22 (158 of 166), set 92 tune 23, 32, 25 and unseen 19, 20, 29 (148 of 165),
set 93 tune 26, 31, 30 and unseen 15, 19, 24 (145 of 161); sets 94 to 96 with bbc0575, set
94 tune 27, 38, 36 and unseen 14, 12, 22 (149 of 161), set 95 tune 36, 36, 38 and unseen
12, 19, 18 (159 of 171), set 96 tune 25, 39, 35 and unseen 17, 13, 22 (151 of 168); sets 97
to 99 with e98690b, set 97 tune 23, 30, 33 and unseen 20, 21, 26 (153 of 168), set 98 tune
25, 37, 32 and unseen 19, 16, 30 (159 of 169), set 99 tune 27, 35, 37 and unseen 15, 20, 20
(154 of 172); sets 100 to 102 with 396ba3d, the layer adding nothing to the rules' figures
(141 of 160, 150 of 167, 152 of 164)."""
PARTS = sorted(SCORES)
SPLIT_CHECKED = sorted({heldout for heldout, part in PARTS if (heldout, "unseen") in SCORES})
"""The sets whose files the split check reads: both parts of each are open (a fresh set's
unseen part is left out of the check until it is scored)."""


@pytest.mark.parametrize("category", [*CATEGORIES, "benign"])
@pytest.mark.parametrize("where", PARTS, ids="/".join)
def test_each_case_is_in_the_part_its_hash_names(
    data_dir: Path, where: tuple[str, str], category: str
) -> None:
    for entry in held_out(data_dir, *where, category):
        if entry.get("note") == "victim":
            continue  # the victims stand in both parts (set 16's hidden file has two)
        assert part_of(category, entry) == where[1], entry["tool"]["name"]


@pytest.mark.parametrize("category", CATEGORIES)
@pytest.mark.parametrize("where", PARTS, ids="/".join)
def test_each_part_keeps_its_score(data_dir: Path, where: tuple[str, str], category: str) -> None:
    entries = held_out(data_dir, *where, category)
    poisoned = {(e["server"], e["tool"]["name"]) for e in entries if e["rules"]}
    victims = {(e["server"], e["tool"]["name"]) for e in entries if not e["rules"]}
    found = flagged(entries)
    caught, total = SCORES[where][category]
    assert len(poisoned) == total
    assert len(poisoned & found) >= caught, sorted(poisoned - found)
    assert victims & found == set()


@pytest.mark.parametrize("where", PARTS, ids="/".join)
def test_each_parts_hard_negatives(data_dir: Path, where: tuple[str, str]) -> None:
    assert flagged(held_out(data_dir, *where, "benign")) <= ALLOWED_NEGATIVES[where]


@pytest.mark.parametrize("where", PARTS, ids="/".join)
def test_the_learned_layer_keeps_each_parts_score(data_dir: Path, where: tuple[str, str]) -> None:
    *floors, ceiling = LEARNED[where]
    for category, floor in zip(CATEGORIES, floors, strict=True):
        entries = held_out(data_dir, *where, category)
        poisoned = {(e["server"], e["tool"]["name"]) for e in entries if e["rules"]}
        victims = {(e["server"], e["tool"]["name"]) for e in entries if not e["rules"]}
        found = flagged(entries, learned=True)
        assert len(poisoned & found) >= floor, (category, sorted(poisoned - found))
        assert victims & found == set()
    assert len(flagged(held_out(data_dir, *where, "benign"), learned=True)) <= ceiling


@pytest.mark.parametrize("folder", SPLIT_CHECKED)
def test_each_sets_files_are_as_the_split_writes_them(data_dir: Path, folder: str) -> None:
    # Every case in its part, victims in both, invisible characters escaped for review.
    split = data_dir / "poisoning" / "split.py"
    done = subprocess.run(
        [sys.executable, str(split), folder, "--check"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
