"""A default that hands the tool a whole personal folder: ``~/``, ``~/Documents``.

"paths: all files under these folders are uploaded", default ``["~/Documents",
"~/Desktop"]``, on a tool that imports quotes; ``photos_folder`` defaulting to
``~/Pictures`` on one that prints a story card: unless the user says otherwise, the
call takes everything in the folder. A tool whose subject is copying or checking files
whole (a backup, a sync, a permissions audit) names it in its own words, and passes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from toolbridge._tool import Tool
from toolbridge.security._hit import Hit
from toolbridge.security._strings import NAME_PARTS, Text, itself

__all__ = ["home_folders"]

_HOME: Final = re.compile(
    r"(?:~|\$home|%userprofile%|/home/[\w.-]+|/users/[\w.-]+|c:\\users\\[\w.-]+)"
    r"(?:[/\\](?:documents|desktop|downloads|pictures|photos|movies|videos|music)?)?[/\\]?"
)
"""A home folder, or one of the personal folders in it, whole (lowercase)."""
_OWN: Final = frozenset(
    {"backup", "backups", "restic", "borg", "sync", "syncs", "archive", "archives", "copy",
     "mirror", "audit", "permission", "permissions", "perm", "scan", "scanner", "clean",
     "cleanup", "disk", "storage", "organize", "organise", "dedupe", "duplicates",
     "explorer", "browse", "filesystem", "fs", "dir", "directory", "folder", "folders",
     "tree", "ls"}
)  # fmt: skip
"""Words of a tool about folders whole: its own subject is the folder (not *file*: a tool
that imports files takes the ones the user names)."""
_WORDS: Final = re.compile(r"[a-z0-9]+")
_WHY: Final = (
    "a default that hands the tool a whole personal folder ({}) on a tool whose subject "
    "it is not: unless the user says otherwise, everything in it is sent (exfiltration "
    "through a parameter)."
)


def home_folders(tool: Tool, texts: Sequence[Text]) -> list[tuple[Text, Hit]]:
    """The input-schema defaults of `tool` (its strings `texts`) naming a whole home folder."""
    for text in texts:
        if text.path[0] != "inputSchema" or "default" not in text.path[-2:]:
            continue
        value = text.value.strip()
        if len(value) > 40 or _HOME.fullmatch(value.lower()) is None:
            continue
        said = " ".join(NAME_PARTS.findall(itself(tool))).lower()
        if not _OWN.isdisjoint(_WORDS.findall(said)):
            return []
        why = _WHY.format(value)
        return [(text, Hit("sensitive-reference", "medium", 0, len(text.value), why))]
    return []
