"""What a request asks to do to a thing, and what a tool's name says it does.

Sibling tools share their words: ``getStatements`` and ``createStatements``,
``get-engagement`` and ``create-engagement``, ``repo_pull_request`` and
``repo_pull_request_write``. BM25 sees the same stems in each and ranks them by
accident. Their names differ in the operation, and so do the requests: "list the bank
feed statements" reads, "add a statement" writes. An *action* is that operation:
reading one thing, reading many, creating, updating or deleting, or only reading or
writing when the words say no more.

A tool's action comes from the first operation word of its name (an HTTP method
counts: ``post_attributes``, but not the one a generator appends: ``deleteGroupUsingPOST``
deletes); a ``get`` of a plural noun (``getEvents``) reads many.
A request's action comes from its first operation word ("show", "which", "get rid
of", "set up", "rewrite"...), past a leading "Before I ..., " that says when.
`disagreement` says how far apart two actions are.

Siblings differ in number too: ``get_incident`` and ``list_incidents``,
``getEvent`` and ``getEvents``. `tool_object` gives what a tool acts on and whether
many, `query_numbers` the number in which a request names each thing ("recent
incidents", "the audit event").

And a request says what its operation acts on right after it: `ask_object` gives those
words ("add a label to the repository": a label).
"""

from __future__ import annotations

import re
from enum import Enum
from functools import lru_cache
from typing import Final

from toolbridge.search._document import tokenize_for_reading
from toolbridge.search._tokenize import tokenize

__all__ = [
    "READS",
    "Action",
    "ask_object",
    "disagreement",
    "query_action",
    "query_numbers",
    "tool_action",
    "tool_intent",
    "tool_object",
    "verb_stems",
]


class Action(Enum):
    """An operation on a thing."""

    READ = "read"
    """Reading, one thing or many: "show", "what", "which"."""
    READ_ONE = "read one"
    """Reading one thing: ``get_event``, ``describeTable``."""
    READ_MANY = "read many"
    """Reading many: ``list_events``, ``getEvents``, "how many", "search"."""
    WRITE = "write"
    """Writing, in whichever way: ``pull_request_write``, ``save_file``."""
    CREATE = "create"
    UPDATE = "update"
    DELETE = "delete"


READS: Final = frozenset({Action.READ, Action.READ_ONE, Action.READ_MANY})
"""The actions that read."""

_NAME_VERBS: Final = {
    Action.READ_ONE: "get fetch retrieve read describe show view lookup head peek info details",
    Action.READ_MANY: "list search find query browse enumerate scan",
    Action.CREATE: "create add new insert post register upload append",
    Action.UPDATE: "update set change modify edit patch put replace rename upsert",
    Action.DELETE: "delete remove destroy revoke purge erase unset",
    Action.WRITE: "write save",
}
_TOOL_VERBS: Final = {
    word: action for action, words in _NAME_VERBS.items() for word in words.split()
}
"""A name's operation words (its words as written, lower-cased) and their actions."""

_LETTERS: Final = re.compile(r"[A-Za-z]+")
_HTTP_METHODS: Final = frozenset({"get", "post", "put", "patch", "delete", "head"})
_OBJECT_END: Final = frozenset({"by", "for", "using", "with", "in", "from", "of", "to", "at", "on"})
"""Words after which a name no longer names its object (``getDiseaseById``)."""

_QUERY_CUES: Final = (
    (Action.DELETE, r"get rid of|take (?:\w+ ){0,4}(?:off|out)"),
    (Action.CREATE, r"set up|spin up|start up"),
    (Action.READ, r"pull up|look up|look at|tell me|give me"),
    (Action.READ_MANY, r"list|enumerate|search|how many"),
    (Action.READ, r"get|fetch|retrieve|show|display|view|read|see|what|which|who|whose|find"),
    (Action.READ, r"details"),
    (Action.CREATE, r"create|add|new|make|register|insert|upload|post|draft|open a|book"),
    (
        Action.UPDATE,
        r"update|change|edit|modify|rename|retitle|rewrite|replace|overwrite|set|adjust|"
        r"move|mark|swap|assign|enable|disable|toggle",
    ),
    (Action.DELETE, r"delete|remove|drop|destroy|discard|purge|trash|erase|clear|unset|revoke"),
)
_CUE: Final = re.compile(
    "|".join(rf"\b(?P<cue{at}>{pattern})\b" for at, (_, pattern) in enumerate(_QUERY_CUES)),
    re.IGNORECASE,
)
"""A request's operation words and phrases, most specific first."""


def verb_stems() -> frozenset[str]:
    """The search words (stems) of the operation words a tool's name may have."""
    return frozenset(stem for word in _TOOL_VERBS for stem in tokenize(word))


def tool_action(name: str) -> Action | None:
    """The action `name` says its tool does, or none.

    Its first operation word's, with two exceptions: a leading HTTP method gives way
    to an operation word after it (``post-search`` searches), and a name that both
    reads and writes writes (``find_and_replace``, ``get_or_create``).
    """
    return _action(_name_words(name))


def tool_object(name: str) -> tuple[str, bool] | None:
    """What `name`'s tool reads: the stem of its object's last word, and whether many.

    The object is the name's words that are no operation word, up to a ``by``,
    ``for``...: ``list_wiki_pages`` acts on pages (many), ``getDiseaseById`` on a
    disease (one), ``monitor_list`` on monitors (many: a list).
    """
    return tool_intent(name)[1]


def tool_intent(name: str) -> tuple[Action | None, tuple[str, bool] | None]:
    """`tool_action` and `tool_object` of `name`, its words read once (an index reads both)."""
    words = _name_words(name)
    action = _action(words)
    return action, _read_object(words, action)


def _action(words: list[str]) -> Action | None:
    found = [(at, _TOOL_VERBS[word]) for at, word in enumerate(words) if word in _TOOL_VERBS]
    if not found:
        return None
    if len(found) > 1 and words[found[0][0]] in _HTTP_METHODS:
        found = found[1:]
    writes = [(at, action) for at, action in found if action not in READS]
    at, action = writes[0] if writes else found[0]
    if action is Action.READ_ONE and _plural(_object(words[at + 1 :])):
        return Action.READ_MANY
    return action


def _read_object(words: list[str], action: Action | None) -> tuple[str, bool] | None:
    if action is not None and action not in READS:
        return None  # a path's plural: ``ordersDelete``, ``post_roles`` make or drop one
    nouns = [w for w in words if w not in _TOOL_VERBS and not w.isdigit()]
    last = _object(nouns)
    stems = tokenize(last) if last else []
    if not stems:
        return None
    return stems[-1], _plural(last) or action is Action.READ_MANY


def _name_words(name: str) -> list[str]:
    """A name's words, without the HTTP method a generator appended (``UsingPOST``).

    Spring's generated operation ids end in "Using" and the method, after a numeral
    when ids repeat: ``deleteGroupUsingPOST`` deletes a group, ``getCountriesUsingGET_1``
    lists countries. Read as a word, the method became the operation.
    """
    words = tokenize_for_reading(name)
    end = len(words)
    while end and words[end - 1].isdigit():
        end -= 1
    if end > 2 and words[end - 2] == "using" and words[end - 1] in _HTTP_METHODS:
        return words[: end - 2]
    return words


def query_numbers(text: str) -> dict[str, bool]:
    """The nouns of `text` said in one number only: each one's stem, and whether plural.

    Words ending in "ing" or "ed" are a verb's forms ("monitoring", "scheduled"),
    of no number; a noun said both ways ("event" and "events") is left out.
    """
    numbers: dict[str, set[bool]] = {}
    for word in _LETTERS.findall(text):
        lowered = word.lower()
        if lowered.endswith(("ing", "ed")):
            continue
        stem = _last_stem(lowered)
        if stem is not None:
            numbers.setdefault(stem, set()).add(_plural(lowered))
    return {stem: seen.pop() for stem, seen in numbers.items() if len(seen) == 1}


@lru_cache(maxsize=16_384)
def _last_stem(word: str) -> str | None:
    """The last search word of `word`, or None: a request's words repeat across requests."""
    stems = tokenize(word)
    return stems[-1] if stems else None


def _object(words: list[str]) -> str:
    """The last word of the object a name's operation acts on, ``""`` for none."""
    last = ""
    for word in words:
        if word in _OBJECT_END:
            break
        last = word
    return last


def _plural(word: str) -> bool:
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is"))


_LEADING_CLAUSE: Final = re.compile(
    r"^\s*(?:before|after|when|once|if|while)\b[^,.;]*,", re.IGNORECASE
)
"""A leading "Before I create the class, ..." says when, not what."""


def query_action(text: str) -> Action | None:
    """The action `text` asks for: that of its earliest operation word, or none.

    One pass of one pattern: the earliest cue wins, and of two cues at one place the
    more specific, listed first ("get rid of" before "get").
    """
    cue = _first_cue(text)
    return None if cue is None else _QUERY_CUES[cue[0]][0]


@lru_cache(maxsize=256)
def _first_cue(text: str) -> tuple[int, str] | None:
    """`text`'s earliest operation cue (which of `_QUERY_CUES`) and what follows it.

    Its leading clause left out. Cached: a search asks for both a request's action
    and what it acts on, hybrid search twice; the pattern is long.
    """
    match = _CUE.search(ask := _LEADING_CLAUSE.sub("", text))
    if match is None or match.lastgroup is None:
        return None
    return int(match.lastgroup.removeprefix("cue")), ask[match.end() :]


_OBJECT_STOP: Final = re.compile(
    r"\b(?:in|on|at|for|from|to|with|by|into|onto|inside|within|about|through|via|using|as|"
    r"than|so|that|which|who|where|whose|and|or|but|because|since|if|when|after|before|"
    r"until)\b|[,;:!?()]|\.(?:\s|$)|\s-\s",
    re.IGNORECASE,
)
"""Where the thing a request acts on ends: a preposition, a conjunction, a clause's end."""


def ask_object(text: str) -> str | None:
    """What `text` asks its operation to act on: the words after its operation word.

    They run up to the first preposition, conjunction or punctuation that ends a
    clause: "Spin up a serverless EMR environment for our Spark jobs" acts on "a
    serverless EMR environment", and the jobs say what for. None when `text` has no
    operation word (`query_action`'s), ``""`` when nothing follows it.
    """
    cue = _first_cue(text)
    if cue is None:
        return None
    rest = cue[1]
    end = _OBJECT_STOP.search(rest)
    return rest[: end.start()] if end else rest


_KIND_SPLIT: Final = 0.5
"""Two kinds of reading (one, many) or of writing (create, update, delete), against
reading and writing (1). 0.25 holds the ranking rule but loses first places; 1 breaks
it (docs/search.md)."""


def disagreement(asked: Action | None, done: Action | None) -> float:
    """How far what a tool does is from what was asked: 0 (agrees, or unknown) to 1.

    Reading against writing is 1; two kinds of reading, or of writing, less.
    """
    if asked is None or done is None or asked is done:
        return 0.0
    if (asked in READS) != (done in READS):
        return 1.0
    if Action.READ in (asked, done) or Action.WRITE in (asked, done):
        return 0.0
    return _KIND_SPLIT
