"""The shapes of an injected instruction, matched in any of the lexicon's languages.

A pattern per phrasing covers one language and its stock phrases; these shapes are
made of roles instead (`toolbridge.security._lexicon`), so a new wording or a new
language of the same shape is found too:

- *secrecy*: in one sentence, a word for the user and a negated *tell* verb
  ("ne le signalez pas à l'utilisateur", "ユーザーには伝えないで");
- *override*: in one sentence, *ignore*, *previous* and *instructions*;
- *addressed*: a note to the assistant ("Nota per l'assistente:", "Uwaga dla
  modelu:"), or ``assistant:`` opening a message; an obligation put on it ("the
  assistant must ...") is only a hint (``low``);
- *conversation*: the conversation's history, or all previous messages, outside
  English (a ``low`` `sensitive-reference`, raised beside an instruction).

Every shape is gated on the plain-text stems of its rarest roles, so ordinary
text costs a literal search or two per shape.
"""

from __future__ import annotations

import re
from typing import Final

from toolbridge.security._gates import Gated
from toolbridge.security._hit import Hit
from toolbridge.security._lexicon import (
    ADDRESSEES,
    AFTER_NEGATIONS,
    ASSISTANTS,
    CONVERSATIONS,
    HISTORIES,
    IGNORE,
    INSTRUCTIONS,
    MESSAGES,
    MUST,
    NEGATED_TELL,
    NEGATIONS,
    NOTES,
    PREVIOUS,
    SUFFIX_NEGATIONS,
    TELL,
    USERS,
    Stems,
)

__all__ = [
    "CONVERSATION_STEMS",
    "INSTRUCTION_STEMS",
    "addressed",
    "conversation",
    "override",
    "secrecy",
    "sentence",
    "unsaid",
]

_FLAGS: Final = re.IGNORECASE


def _any(words: tuple[str, ...]) -> str:
    return "(?:" + "|".join(words) + ")"


_USER: Final = Gated(USERS)
_USER_GATE: Final = Stems(USERS)
_TELL: Final = Gated(TELL)
_UNSAID_EN: Final = re.compile(
    r"(?:^|(?<=[.!?;:,\n])|\b(?:and|then|but|so|also)\b)\s*(?:do not|don'?t|never)\s+"
    r"(?:\w+\s+)?(?:tell|mention|reveal|disclose|notify|report)\b",
    _FLAGS,
)
"""English's own negated *tell*, imperative: opening a clause ("...; don't mention the
change", "and never tell"). A bare "not tell" is as often a contrast ("queries like X,
not 'tell me when'"), "amounts never mention" a description."""
_NEGATION: Final = re.compile(_any(NEGATIONS) + r"[^,，、:：]{0,14}$", _FLAGS)
"""A negation at most 14 characters (and no comma) before the end of the text given."""
_SUFFIX: Final = re.compile(r".?" + _any(SUFFIX_NEGATIONS), _FLAGS)
_AFTER: Final = re.compile(r"[^,，、:：]{0,24}?" + _any(AFTER_NEGATIONS), _FLAGS)
"""A negation at most 24 characters (and no comma) after the verb."""
_NEGATED_TELL: Final = re.compile(_any(NEGATED_TELL), _FLAGS)
_IGNORE: Final = Gated(IGNORE)
_IGNORE_GATE: Final = Stems(IGNORE)
_PREVIOUS: Final = re.compile(_any(PREVIOUS), _FLAGS)
_INSTRUCTIONS: Final = re.compile(_any(INSTRUCTIONS), _FLAGS)
_NOTE_TO: Final = Gated(
    (_any(NOTES) + r"[^.!?\n:：-]{0,12}?" + _any(ADDRESSEES) + r"[^.!?\n:：]{0,12}?[:：]",)
)
_NOTE_GATES: Final = (Stems(NOTES), Stems(ADDRESSEES))
_ASSISTANT_COLON: Final = re.compile(
    r"(?:^|[(\[{\n>]|[.!?]\s)\s*" + _any(ASSISTANTS) + r"\w{0,3}\s*[:：]", _FLAGS
)
""""Assistant:" starting a message to the model, its name inflected as one calls it
("Асистенте:", "Asystencie:")."""
_OBLIGED: Final = re.compile(_any(ASSISTANTS) + r"[^.!?\n]{0,16}?" + _any(MUST), _FLAGS)
_ASSISTANT_GATE: Final = Stems(ASSISTANTS)
_CONVERSATION: Final = re.compile(
    _any(HISTORIES) + r"[^.!?\n]{0,24}?" + _any(CONVERSATIONS)
    + "|" + _any(CONVERSATIONS) + r"[^.!?\n]{0,12}?" + _any(HISTORIES)
    + "|" + _any(PREVIOUS) + r"[^.!?\n]{0,24}?" + _any(MESSAGES)
    + "|" + _any(MESSAGES) + r"[^.!?\n]{0,12}?" + _any(PREVIOUS),
    _FLAGS,
)  # fmt: skip
_CONVERSATION_GATES: Final = (
    (Stems(HISTORIES), Stems(CONVERSATIONS)),
    (Stems(MESSAGES), Stems(PREVIOUS)),
)
"""Per half of `_CONVERSATION`, its two roles' stems, the rarer first."""
INSTRUCTION_STEMS: Final = (
    _USER_GATE.stems | _IGNORE_GATE.stems | (_ASSISTANT_GATE.stems | _NOTE_GATES[0].stems)
)
"""Stems one of which lowercase text holds when `secrecy`, `override` or `addressed` finds
anything in it: a wider gate can skip all three with one search."""
CONVERSATION_STEMS: Final = frozenset().union(*(one.stems for one, _ in _CONVERSATION_GATES))
"""Stems one of which lowercase text holds when `conversation` finds anything in it."""
_ENDS: Final = ".!?;。！？।؟\n"
_COLON: Final = re.compile("[:：]")
_NOTE_REACH: Final = 64
"""How far before its colon a note's heading may start ("Wichtig für den Assistenten")."""


def secrecy(value: str) -> Hit | None:
    """A sentence that keeps something from the user; None when there is none."""
    if not _USER_GATE.found(value.lower()):
        return None
    read: set[int] = set()
    for user in _USER.finditer(value):
        start, text = sentence(value, user.start())
        if start in read:
            continue  # two words for the user in one sentence
        read.add(start)
        denied = _NEGATED_TELL.search(text)
        if denied is not None:
            return _secret(start + denied.start(), start + denied.end())
        for tell in _TELL.finditer(text):
            before = text[max(0, tell.start() - 24) : tell.start()]
            if (
                _NEGATION.search(before) is not None
                or _SUFFIX.match(text, tell.end())
                or _AFTER.match(text, tell.end())
            ):
                return _secret(start + tell.start(), start + tell.end())
    return None


def unsaid(text: str) -> tuple[int, int] | None:
    """A negated *tell* verb in `text`, the user named or not: ``(start, end)`` or None.

    Read only where a client shows nothing (`toolbridge.security._tails`): anywhere
    else "no lo menciona" is as often a description of what a report leaves out.
    """
    denied = _NEGATED_TELL.search(text) or _UNSAID_EN.search(text)
    if denied is not None:
        return denied.start(), denied.end()
    for tell in _TELL.finditer(text):
        before = text[max(0, tell.start() - 24) : tell.start()]
        suffix = _SUFFIX.match(text, tell.end())
        if (
            _NEGATION.search(before) is not None
            or (suffix is not None and not suffix.group()[:1].isspace())
            or _AFTER.match(text, tell.end())
        ):
            return tell.start(), tell.end()
    return None


def override(value: str) -> Hit | None:
    """A sentence that sets previous instructions aside; None when there is none."""
    if not _IGNORE_GATE.found(value.lower()):
        return None
    for ignore in _IGNORE.finditer(value):
        start, text = sentence(value, ignore.start())
        if _PREVIOUS.search(text) and _INSTRUCTIONS.search(text):
            return Hit(
                "instruction",
                "high",
                ignore.start(),
                start + len(text),
                "an instruction to set aside the model's other instructions.",
            )
    return None


def addressed(value: str) -> Hit | None:
    """A message addressed to the model (high), or an obligation put on it (low).

    A note to the model ends in a colon, so only the text just before each colon is
    read for one.
    """
    low = value.lower()
    assistant = _ASSISTANT_GATE.found(low)
    notes, addressees = _NOTE_GATES
    if assistant or (notes.found(low) and addressees.found(low)):
        for colon in _COLON.finditer(value):
            start = max(0, colon.start() - _NOTE_REACH)
            window = value[start : colon.end()]
            note = _NOTE_TO.search(window) or (assistant and _ASSISTANT_COLON.search(window))
            if note:
                return Hit(
                    "instruction",
                    "high",
                    start + note.start(),
                    start + note.end(),
                    "a note addressed to the model: a tool's description describes the tool.",
                )
    if not assistant:
        return None
    obliged = _OBLIGED.search(value)
    if obliged is not None:
        return Hit(
            "instruction",
            "low",
            obliged.start(),
            obliged.end(),
            "an obligation put on the model (raised when the tool also points at secrets).",
        )
    return None


def conversation(value: str) -> Hit | None:
    """The conversation's history, or every previous message; None when not named."""
    low = value.lower()
    if not any(one.found(low) and other.found(low) for one, other in _CONVERSATION_GATES):
        return None
    found = _CONVERSATION.search(value)
    if found is None:
        return None
    return Hit(
        "sensitive-reference",
        "low",
        found.start(),
        found.end(),
        "the conversation with the user (raised when the tool also gives instructions).",
    )


def _secret(start: int, end: int) -> Hit:
    return Hit(
        "instruction",
        "high",
        start,
        end,
        "secrecy towards the user: a tool has no reason to hide what it does.",
    )


def sentence(value: str, at: int) -> tuple[int, str]:
    """The sentence of `value` around index `at`, and where it starts."""
    start = at
    while start > 0 and value[start - 1] not in _ENDS:
        start -= 1
    end = at
    while end < len(value) and value[end] not in _ENDS:
        end += 1
    return start, value[start:end]
