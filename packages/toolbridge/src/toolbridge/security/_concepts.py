"""Asks and overrides by concept: words of two or three kinds in one sentence, in any order.

The phrase lists of `toolbridge.security._steering` and `toolbridge.security._exfiltration`
catch the ways of saying it that someone wrote down; a new author says it another way,
in another language. What stays the same is which *kinds* of words meet in the
sentence (`toolbridge.security._concept_words`):

- **an override** of someone's choice: a word that sets it aside (regardless, instead,
  ignored, only a hint, treated as) in the same sentence as *the user* or *what was
  asked or chosen*, and a *target*: a fixed destination (an email address, a URL, an
  IBAN, a wallet, a phone or account number, an absolute path), a thing that routes
  data or money (a recipient, an account, a registry, a model, an amount), or another
  tool. A rule without a choice named ("always") counts beside a fixed destination and
  the user only.
- **an ask for the model's context**, in a field the model fills: a secret or personal
  datum (a password, a token, a passport number, health data, the system prompt) in
  the same sentence as a sign that it comes from before this call (earlier, previously,
  mentioned, shared) or from what the model read; or the conversation itself, whole
  or the user's, from before. An API's own plumbing (the token of the previous page or
  call) and a negated ask ("never include passwords") pass.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from toolbridge.security._concept_words import (
    ALL,
    EARLIER,
    OTHER_TOOL,
    OVERRIDE,
    PAGING,
    REPLACE,
    REQUESTED,
    ROUTES,
    SECRETS,
    SEEN,
    TALK,
    USER,
    WEAK_OVERRIDE,
)
from toolbridge.security._gates import alternation, lower
from toolbridge.security._hit import Hit
from toolbridge.security._lexicon import NEGATIONS
from toolbridge.security._steering import sentence_at, sentence_ends

__all__ = ["concepts"]


def _bounded(stem: str) -> bool:
    """Whether `stem` starts with a letter of a script that spaces its words."""
    first = stem[0]
    return first.isascii() or "\u00c0" <= first <= "\u052f" or "\u1e00" <= first <= "\u1eff"


def _concept(words: Iterable[str]) -> re.Pattern[str]:
    """One search for any word of a concept: stems at a word's start where words are spaced."""
    stems = {word for word in words if _bounded(word) and not word.endswith("=")}
    whole = {word[:-1] for word in words if word.endswith("=")}
    free = {word for word in words if not _bounded(word)}
    parts = []
    if stems:
        parts.append(rf"(?<!\w)(?:{alternation(stems)})")
    if whole:
        parts.append(rf"(?<!\w)(?:{alternation(whole)})(?!\w)")
    if free:
        parts.append(f"(?:{alternation(free)})")
    return re.compile("|".join(parts))


_OVERRIDE: Final = _concept(OVERRIDE)
_WEAK: Final = _concept(WEAK_OVERRIDE)
_REPLACE: Final = _concept(REPLACE)
_USER: Final = _concept(USER)
_REQUESTED: Final = _concept(REQUESTED)
_ROUTES: Final = _concept(ROUTES)
_OTHER_TOOL: Final = _concept(OTHER_TOOL)
_EARLIER: Final = _concept(EARLIER)
_SEEN: Final = _concept(SEEN)
_TALK: Final = _concept(TALK)
_SECRETS: Final = _concept(SECRETS)
_ALL: Final = _concept(ALL)
_PAGING: Final = _concept(PAGING)
_NEGATED: Final = re.compile("(?:" + "|".join(NEGATIONS) + ")", re.IGNORECASE)
_DESTINATION: Final = re.compile(
    r"[\w.+-]+@[\w-]+\.[\w.-]*\w"  # an email address
    r"|\b(?:https?|s3|gs|ftp|sftp|ssh|git)://\S+|\bgit@[\w.-]+:"  # a URL
    r"|\b[a-z]{2}\d{2}(?: ?[a-z0-9]){11,30}\b"  # an IBAN
    r"|\b0x[0-9a-f]{24,}\b|\b(?:bc1|[13])[a-z0-9]{25,40}\b"  # a wallet
    r"|(?<![\w.,])\+?\d(?:[ -]?\d){6,}(?![\w.,])"  # a phone or account number
    r"|(?<![\w:/.])(?:~|[a-z]:)?[/\\](?:[\w.-]+[/\\]){1,}[\w.-]*"  # an absolute path
    r"|(?<![\w/])[#@][a-z][\w-]{2,}"  # a channel, a handle
)
"""A fixed destination, read in lowercase text."""
_WHY_OVERRIDE: Final = (
    "an override of what the user asked (a word setting their choice aside, their "
    "request and a destination or another tool in one sentence): shadowing."
)
_WHY_ASK: Final = (
    "a field asking for what the model holds from before this call (a secret, personal "
    "data or the conversation, beside a word for earlier or for what it read): exfiltration."
)


def concepts(value: str, *, field: bool) -> list[Hit]:
    """The overrides in `value`, and its asks for the model's context when it is a `field`."""
    low = lower(value)
    ends: list[int] | None = None
    hits: list[Hit] = []
    for pattern, strong in ((_OVERRIDE, True), (_WEAK, False)):
        for match in pattern.finditer(low):
            if ends is None:
                ends = sentence_ends(low)
            start, end = sentence_at(ends, match.start(), len(low))
            text = low[start:end]
            kind = "replace" if _REPLACE.fullmatch(match.group()) else strong
            if _overrides(text, kind):
                hits.append(Hit("instruction", "high", match.start(), match.end(), _WHY_OVERRIDE))
                break
        if hits:
            break
    if field:
        for concept, talk in ((_SECRETS, False), (_TALK, True)):
            for match in concept.finditer(low):
                if ends is None:
                    ends = sentence_ends(low)
                start, end = sentence_at(ends, match.start(), len(low))
                if _asks(low[start:end], match.start() - start, talk=talk):
                    hit = Hit("sensitive-reference", "high", match.start(), match.end(), _WHY_ASK)
                    return [*hits, hit]
    return hits


def _overrides(text: str, kind: bool | str) -> bool:
    """Whether sentence `text` (lowercase) sets a user's choice aside for a target.

    `kind`: True for a strong override, False for a rule ("always"), ``"replace"`` for a
    word that puts one thing in another's place.
    """
    if _USER.search(text) is None:
        return False
    fixed = _DESTINATION.search(text) is not None
    if kind is False:
        return fixed
    if _REQUESTED.search(text) is None:
        return False  # the user is named everywhere: "the user id", "in the user's currency"
    if fixed or _OTHER_TOOL.search(text) is not None:
        return True
    return kind is True and _ROUTES.search(text) is not None


def _asks(text: str, at: int, *, talk: bool) -> bool:
    """Whether sentence `text` asks for the object at `at` from the model's context."""
    if _PAGING.search(text) is not None:
        return False
    if _NEGATED.search(text, 0, at) is not None:
        return False
    earlier = any(
        not 0 <= at - found.end() <= 1 for found in _EARLIER.finditer(text)
    )  # "the previous password" is a field of its own, not the user's words
    earlier = earlier or _SEEN.search(text) is not None
    if not talk:
        return earlier
    user = _USER.search(text) is not None
    whole = _ALL.search(text) is not None
    return (earlier and (user or whole)) or (whole and user)
