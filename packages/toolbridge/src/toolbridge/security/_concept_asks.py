"""Asks for the model's context by concept: a sensitive object beside a sign of its source.

In a field the model fills: a secret or personal datum (a password, a token, a passport
number, health data, the system prompt) in the same sentence as a sign that it comes
from before this call (earlier, previously, mentioned, shared) or from what the model
read; the user's secrets of two kinds at once, or from where they are kept; the
conversation itself, whole or the user's, from before; instructions *you* were given;
anything the model saw, whole or earlier; a template slot for the model's instructions
or the conversation (``{{system_prompt}}``). An API's own plumbing (the token of the
previous page or call) and a negated ask ("never include passwords") pass.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final, NamedTuple

from toolbridge.security._concept_match import SHORT, Concept
from toolbridge.security._concept_words import (
    ALL,
    EARLIER,
    INSTRUCTIONS,
    PAGING,
    PERSONAL,
    PROMPTS,
    RECEIVED,
    SECRETS,
    SEEN,
    STORED,
    TALK,
    USER,
    YOU,
)
from toolbridge.security._gates import lower
from toolbridge.security._hit import Hit
from toolbridge.security._lexicon import NEGATED
from toolbridge.security._steering import sentence_at, sentence_ends

__all__ = ["field_ask", "named_ask", "slot"]

_USER: Final = Concept(USER)
_FIELD_NAME: Final = re.compile(r"\s?(?:names?|ids?|identifiers?)\b")
"""After a word for the user: a field's name ("username", "user id"), not the person."""
_HARVEST: Final = 2
"""Kinds of secret a field asks the user's of at once ("the user's PIN and last TAN"): no
API's field takes two."""
_BESIDE: Final = 10
"""Characters between a negation and a word for where secrets are kept ("not stored")."""
_EARLIER: Final = Concept(EARLIER)
_SEEN: Final = Concept(SEEN)
_TALK: Final = Concept(TALK)
_SECRETS: Final = Concept(SECRETS)
_PERSONAL: Final = Concept(PERSONAL)
_STORED: Final = Concept(STORED)
_ALL: Final = Concept(ALL)
_PAGING: Final = Concept(PAGING)
_YOU: Final = Concept(YOU)
_PROMPTS: Final = Concept(PROMPTS)
_INSTRUCTIONS: Final = Concept(INSTRUCTIONS)
_RECEIVED: Final = Concept(RECEIVED)
_ASKED: Final = Concept(SECRETS | TALK | PROMPTS | INSTRUCTIONS)
_HISTORY: Final = Concept(TALK - {"context", "session", "thread", "turns", "memory"})
_PLACEHOLDER: Final = re.compile(
    r"\{\{\s*([^{}]{3,60}?)\s*\}\}|\$\{([^{}]{3,60})\}|\{([^{}\s]{3,60})\}"
)
"""A template slot the model is to fill: ``{{system_prompt}}``, ``${history}``, ``{chat_log}``."""
_NEGATION_REACH: Final = 32
"""Characters before an object a negation of it stands in ("never include passwords";
not "Do not edit: filled by you with your full system prompt")."""
_WHY_SLOT: Final = (
    "a template slot for the model's instructions or the conversation ({{system_prompt}}): "
    "the model is to fill it with what it holds (exfiltration)."
)
_WHY_NAMED: Final = (
    "a value offered to the model that names secrets or the conversation to send: "
    "exfiltration through a parameter's value."
)
_WHY_ASK: Final = (
    "a field asking for what the model holds from before this call (a secret, personal "
    "data or the conversation, beside a word for earlier or for what it read): exfiltration."
)


def field_ask(low: str, *, described: bool, filled: tuple[int, ...] = ()) -> Hit | None:
    """An ask for the model's context in lowercase field text `low`, or None.

    `described`: `low` is a description that speaks of one of the tool's fields by name;
    then only an ask for a secret or personal datum is read as the field's. `filled`:
    where `low` says to put something in one of them; a secret in that sentence, not
    negated, is asked for ("Put the CI secrets in status").
    """
    ends: tuple[int, ...] | None = None
    for at in filled:
        ends = sentence_ends(low) if ends is None else ends
        start, end = sentence_at(ends, at, len(low))
        for match in _SECRETS.finditer(low, start, end):
            if NEGATED.search(low, max(start, match.start() - _NEGATION_REACH), match.start()):
                continue
            return Hit("sensitive-reference", "high", match.start(), match.end(), _WHY_ASK)
    if _ASKED.search(low) is not None:
        whole = len(low) <= SHORT
        kinds = ((_SECRETS, "secret"), (_TALK, "talk"), (_PROMPTS, "prompt"))
        for concept, kind in kinds[:1] if described else kinds:
            for match in concept.finditer(low):
                if whole:
                    start, end = 0, len(low)
                else:
                    if ends is None:
                        ends = sentence_ends(low)
                    start, end = sentence_at(ends, match.start(), len(low))
                if _asks(low[start:end], match.start() - start, kind):
                    return Hit("sensitive-reference", "high", match.start(), match.end(), _WHY_ASK)
        own = None if described else _own_instructions(low)
        if own is not None:
            return Hit("sensitive-reference", "high", own[0], own[1], _WHY_ASK)
    seen = None if described else _SEEN.search(low)
    if seen is not None and (_ALL.search(low) is not None or _EARLIER.search(low) is not None):
        return Hit("sensitive-reference", "high", seen.start(), seen.end(), _WHY_ASK)
    return None


def _asks(text: str, at: int, kind: str) -> bool:
    """Whether `text` (lowercase) asks for the object at `at` from the model's context.

    `kind`: ``secret`` (a secret or personal datum), ``talk`` (the conversation) or
    ``prompt`` (the model's own instructions).
    """
    if NEGATED.search(text, max(0, at - _NEGATION_REACH), at) is not None:
        return False
    facts = _facts(text)
    if kind == "secret" and facts.harvest:
        return True  # the user's bearer token and cookie: no API's plumbing
    if facts.paging:
        return False
    earlier = any(kind != "secret" or not 0 <= at - end <= 1 for end in facts.earlier)
    # "the previous password" is a field of its own; "the user's earlier mails" are theirs
    earlier = earlier or facts.seen
    if kind == "secret":
        return earlier
    if kind == "prompt":
        return earlier or facts.whole or facts.you
    return (earlier and (facts.user or facts.whole)) or (facts.whole and facts.user)


class _Facts(NamedTuple):
    """What `_asks` reads of a sentence whatever the object's place in it."""

    harvest: bool
    paging: bool
    earlier: tuple[int, ...]
    """Where the first three words for *earlier* end: with three, one is not next to
    the object, whatever its place."""
    seen: bool
    whole: bool
    you: bool
    user: bool


@lru_cache(maxsize=64)
def _facts(text: str) -> _Facts:
    """`text`'s facts, read once a sentence.

    A sentence naming a thousand secrets is read once, not once a secret: a long field
    costs a linear scan.
    """
    ends = tuple(found.end() for found, _ in zip(_EARLIER.finditer(text), range(3), strict=False))
    return _Facts(
        harvest=_harvest(text),
        paging=_PAGING.search(text) is not None,
        earlier=ends,
        seen=_SEEN.search(text) is not None,
        whole=_ALL.search(text) is not None,
        you=_YOU.search(text) is not None,
        user=_USER.search(text) is not None,
    )


def named_ask(value: str) -> Hit | None:
    """A value an input schema offers that names what to send: the model's context.

    An identifier made of two kinds of secret or conversation at once
    (``environment_variables_with_secrets``, ``full_chat_history_and_system_prompt``) or
    of one kept somewhere (``browser_saved_passwords``). An API's own values name one
    (``password``, ``api_key``, ``refresh_token``).
    """
    low = lower(value).replace("_", " ").replace("-", " ")
    kinds = {
        found.group() for concept in (_SECRETS, _TALK, _PROMPTS) for found in concept.finditer(low)
    }
    if len(kinds) >= _HARVEST or (kinds and _STORED.search(low) is not None):
        return Hit("sensitive-reference", "high", 0, len(value), _WHY_NAMED)
    return None


def _harvest(text: str) -> bool:
    """Whether sentence `text` asks for someone's secrets wholesale.

    The user's secrets of two kinds or more ("the user's PIN and last TAN"), or one
    with two kinds of who they are and where they are reached ("the user's full name,
    home address, phone number and date of birth"), or one from where it is kept ("the
    user's saved passwords"); or secrets of two kinds from the model's context ("passport
    number and health data mentioned in the conversation"). An API's field takes one
    secret, and its own ("the private key, not stored by Google" passes).
    """
    kinds = len({found.group() for found in _SECRETS.finditer(text)})
    if kinds == 0:
        return False
    wholesale = kinds >= _HARVEST or (
        len({found.group() for found in _PERSONAL.finditer(text)}) >= _HARVEST
    )
    if not any(_FIELD_NAME.match(text, user.end()) is None for user in _USER.finditer(text)):
        # no user, or only a "username" or "user id": secrets of the model's context
        return wholesale and (_TALK.search(text) is not None or _SEEN.search(text) is not None)
    return wholesale or any(
        NEGATED.search(text, max(0, kept.start() - _BESIDE), kept.start()) is None
        for kept in _STORED.finditer(text)
    )


def _own_instructions(low: str) -> tuple[int, int] | None:
    """Where `low` asks for instructions *you* (the model) were given, or None."""
    for match in _INSTRUCTIONS.finditer(low):
        if (
            _RECEIVED.search(low) is not None
            and (_YOU.search(low) is not None or _ALL.search(low) is not None)
            and NEGATED.search(low, 0, match.start()) is None
        ):
            return match.start(), match.end()
    return None


def slot(low: str) -> Hit | None:
    """A template slot in `low` for the model's instructions or conversation, or None."""
    if "{" not in low:
        return None
    for match in _PLACEHOLDER.finditer(low):
        inside = match.group(match.lastindex or 0)
        if _PROMPTS.search(inside) is not None or _HISTORY.search(inside) is not None:
            return Hit("sensitive-reference", "high", match.start(), match.end(), _WHY_SLOT)
    return None
