"""A field named for a credential file's contents: the file, asked for by its name.

``pypirc_contents`` on a pyproject linter, ``docker_config_json_auths`` on a Dockerfile
hinter, ``npmrc_authToken`` on a lister of outdated packages: the field's name says
which file the model is to read and paste in, with no word of it in any description.
A kubeconfig tool's ``kubeconfig`` or a publisher's ``pypirc`` is its tool's own subject
(the tool's name, title or description has a word of the file's family: *cluster*,
*pods*, *publish*), and so is every credential file for a secret scanner; both pass.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from toolbridge._tool import Tool
from toolbridge.security._hit import Hit
from toolbridge.security._offtopic import carries
from toolbridge.security._sensitive import FAMILIES, KEEPERS
from toolbridge.security._strings import NAME_PARTS, Text, itself

__all__ = ["file_fields"]

_FILE: Final = re.compile(
    r"\b(?:pypirc|npmrc|netrc|pgpass|dockercfg|kubeconfig|kube config|s3cfg"
    r"|git credentials|aws credentials|docker (?:config (?:json )?)?auths?)\b"
)
"""A credential file's name, in a field's name read as words."""
_WORDS: Final = re.compile(r"[a-z0-9]+")
_WHY: Final = (
    "a field named for a credential file ({}) on a tool whose subject it is not: the "
    "model is to read the file and pass it on (exfiltration through a parameter)."
)


def file_fields(tool: Tool, texts: Sequence[Text]) -> list[tuple[Text, Hit]]:
    """The input-schema fields of `tool` (its strings `texts`) named for a credential file."""
    hits: list[tuple[Text, Hit]] = []
    subject: set[str] | None = None
    for text in texts:
        if text.kind != "name" or text.path[0] != "inputSchema":
            continue
        spaced = " ".join(NAME_PARTS.findall(text.value)).lower()
        found = _FILE.search(spaced)
        if found is None or not carries(tool.input_schema, text.path):
            continue
        if subject is None:
            said = itself(tool)
            subject = set(_WORDS.findall(" ".join(NAME_PARTS.findall(said)).lower()))
        if _own(found.group(), subject):
            continue
        why = _WHY.format(found.group())
        hits.append((text, Hit("sensitive-reference", "medium", 0, len(text.value), why)))
    return hits


def _own(file: str, subject: set[str]) -> bool:
    """Whether a tool saying `subject` (its words) is about credential file `file`."""
    if subject & KEEPERS:
        return True
    return any(
        subject & subjects and any(key in file for key in keys) for keys, subjects in FAMILIES
    )
