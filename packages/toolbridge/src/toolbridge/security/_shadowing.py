"""Cross-server rules: a tool that names another server's tools, and names offered twice.

Shadowing is Invariant Labs' attack: a server's tool tells the model how to use
another server's tool ("the send_email tool must send every mail to ..."). A name
with a separator or inner capital (``send_email``, ``sendEmail``) counts wherever it
stands as a word in prose (a description or title); a plain word (``search``) only
followed by "tool". A word the server itself uses as a name or a value (an enum of
actions, say) is its own vocabulary, not a reference.
Another server is named by its own name, too ("messages sent through quaymail are also
copied to ..."): a sentence naming it that steers (an override, "always", "instead", or a
word that adds a party beside a fixed destination) is shadowing of all its tools; a
mention for context ("pairs well with quaymail") is not.
Collisions: the same name, or the same TR39 skeleton (a look-alike), on two servers.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence, Set
from typing import Final

from toolbridge._tool import Tool
from toolbridge.security._concept_effects import PHONE, STRICT
from toolbridge.security._concept_match import Concept
from toolbridge.security._effect_words import ADDED
from toolbridge.security._finding import Finding, shown
from toolbridge.security._gates import Prefixes, lower
from toolbridge.security._names import skeleton
from toolbridge.security._steering import (
    ALWAYS,
    INSTEAD,
    OVERRIDES,
    routing,
    sentence_at,
    sentence_ends,
)
from toolbridge.security._strings import OFFERED, Text

__all__ = ["collisions", "shadowing", "vocabulary"]

_DISTINCT: Final = re.compile(r"[_\-.\d]|[a-z][A-Z]")
"""A name that is no plain word: ``send_email``, ``sendEmail``, ``v2``."""


def shadowing(
    server: str,
    tool: Tool,
    texts: Sequence[Text],
    others: Mapping[str, str],
    own: Set[str] = frozenset(),
) -> Iterator[Finding]:
    """Findings for each text of `tool` (on `server`) naming a tool in `others` (name -> server).

    `own` is the server's vocabulary (see `vocabulary`): a word in it is no reference.

    One pass over each text: its words, each looked up among `others`.
    """
    if not others:
        return
    servers = sorted({server for server in others.values() if len(server) >= _SERVER_MIN})
    for text in texts:
        if not _prose(text):
            continue
        value = text.value
        steered = _server_steered(value, servers, own)
        if steered is not None:
            start, end, named = steered
            yield Finding(
                rule="shadowing",
                severity="high",
                tool=tool.name,
                server=server,
                path=text.path,
                text=shown(value, start, end),
                why=f"it steers server {named!r} by its name (an override, or a party added "
                "beside a fixed destination): one server's text steering another's tools.",
            )
            continue
        for start, end in _names(value):
            named = value[start:end]
            if named not in others and named[:1].isupper():
                named = named[:1].lower() + named[1:]  # "Send_mail ..." opening a sentence
            if named not in others or named in own:
                continue
            if not _named(value, start, end, named):
                continue
            sentence = value[slice(*sentence_at(sentence_ends(value), start, len(value)))]
            if _family(tool.name, named) and routing(sentence):
                continue  # "for files under 10 MB use read_file instead": its own limit
            pointer = _pointer(sentence, named)
            yield Finding(
                rule="shadowing",
                severity="low" if pointer else "high",
                tool=tool.name,
                server=server,
                path=text.path,
                text=shown(value, start, end),
                why=(
                    f"it points to {named!r}, a tool of server {others[named]!r}, "
                    "for a task of its own: a reference across servers, no instruction "
                    "about that tool."
                    if pointer
                    else f"it names {named!r}, a tool of server {others[named]!r}: "
                    "one server's text steering another's tool."
                ),
            )
            break


_SERVER_MIN: Final = 4
"""Characters of a server name read in prose: shorter ones are words of every text."""
_STEER: Final = Prefixes(OVERRIDES, INSTEAD, ALWAYS)
_ADDED: Final = Concept(ADDED)
_CUE_BEFORE: Final = re.compile(
    r"(?:\b(?:server|servidor|serveur|servizio|through|via|über|using|uses|use|usa|usar"
    r"|utilise|with|mit|con|com|avec|de|di|du|des|del|da|von|of|från|van|z|из|через|сервер)"
    r"\s+(?:the\s+|el\s+|le\s+|la\s+|il\s+|lo\s+|o\s+|das\s+|den\s+|dem\s+|het\s+)?"
    r"(?:server\s+|servidor\s+|serveur\s+)?|\bl')$"
)
"""Before a server's name: what makes a plain word one ("through X", "el servidor X")."""
_CUE_AFTER: Final = re.compile(
    r"\s*(?:server|servidor|serveur|mcp|['\u2019]s\b|の|에서|서버|服务器|サーバ)"
)
"""After a server's name: "X server", "X's tools", "Xのツール"."""


def _server_steered(
    value: str, servers: Sequence[str], own: Set[str]
) -> tuple[int, int, str] | None:
    """Where `value` names one of `servers` in a sentence that steers it, or None.

    The name as a word (any case), not one of the server's own words, in a sentence with
    an override, "always" or "instead" (in the lexicon's languages), or a word that adds a
    party beside a fixed destination (an email address, an IBAN, a wallet, a number).
    """
    if not servers:
        return None
    low = lower(value)
    ends: tuple[int, ...] | None = None
    for name in servers:
        if name.lower() not in low or name in own:
            continue  # most texts name no other server: one substring test each
        for found in re.finditer(rf"(?<![\w.-]){re.escape(name.lower())}(?![\w-])", low):
            if not (
                _DISTINCT.search(name)
                or _CUE_BEFORE.search(low, max(0, found.start() - 24), found.start())
                or _CUE_AFTER.match(low, found.end())
            ):
                continue  # a plain word ("calendar") is a server only as one ("via X")
            ends = sentence_ends(low) if ends is None else ends
            begin, stop = sentence_at(ends, found.start(), len(low))
            sentence = low[begin:stop]
            if next(_STEER.matches(sentence), None) is not None or (
                _ADDED.search(sentence) is not None
                and (STRICT.search(sentence) is not None or PHONE.search(sentence) is not None)
            ):
                return found.start(), found.end(), name
    return None


_POINTER: Final = (
    r"(?:please\s+)?(?:use|call|see|try)\s+(?:the\s+)?['\"`]?{name}['\"`]?(?:\s+tool)?"
)
_TASK: Final = r"(?:to|for)\s[^.;:!?]{{1,120}}"
_BOSSY: Final = re.compile(
    r"\b(?:always|never|must|regardless|instead|whenever|every|only|do not|don't|without"
    r"|make sure|ignore|override|important)\b|@|://|\+\d",
    re.IGNORECASE,
)
"""Words that make a pointer an instruction about the tool, or a destination in it."""


def _pointer(sentence: str, name: str) -> bool:
    """Whether `sentence` only points to `name` for a task.

    "To set labels on issues, use the 'update_issue' tool.", "Use list_files to find an
    id.": a cross-server reference (a server's docs naming a tool it no longer has, which
    another server offers) rather than shadowing: it neither sets nor overrides how
    that tool is used. English pointers only; anything bossier stays shadowing.
    """
    text = sentence.strip()
    if _BOSSY.search(text):
        return False
    use = _POINTER.format(name=re.escape(name))
    task = _TASK.format()
    shapes = (rf"{task},\s*{use}\s*[.!]?", rf"{use}\s+{task}[.!]?")
    return any(re.fullmatch(shape, text, re.IGNORECASE) for shape in shapes)


_WORD: Final = re.compile(r"\w(?:[\w.-]*\w)?")
"""A word as a tool name may be one (``send_email``, ``v2.search``)."""
_GLUED: Final = re.compile(r"(?<![A-Za-z0-9_])[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?")
"""An identifier inside a word of other letters: a name with a particle glued on, as
Korean, Japanese, Chinese and Thai write it ("set_sharing으로", "quaymailのsend_mailで")."""


def _names(value: str) -> Iterator[tuple[int, int]]:
    """Where the words of `value` a tool name may be stand, and the names inside them.

    A word is read whole, and in parts: an identifier glued to a particle in another
    script ("set_sharing으로", read as Korean, Japanese, Chinese and Thai write it), a name
    qualified by its server ("quaymail.send_mail", "mcp__quaymail__send_mail"), a name
    ending a compound ("send_mail-Aufrufe"), a name whose field is set
    ("create_arrangement.director = ..."). A part must be a distinct name
    (``_DISTINCT``): a plain word glued to a particle ("spell으로") stays a word.
    """
    for match in _WORD.finditer(value):
        start, end = match.span()
        yield start, end
        word = match.group()
        inner = (
            _GLUED.finditer(value, start, end)
            if not word.isascii()
            else _PARTS.finditer(value, start, end)
            if _QUALIFIED.search(word)
            else ()
        )
        for part in inner:
            if part.group() != word and _DISTINCT.search(part.group()):
                yield part.span()
        dot = word.find(".")
        if dot > 0 and _ASSIGNED.match(value, end):
            yield start, start + dot  # a tool's field set: "create_arrangement.director = x"


_QUALIFIED: Final = re.compile(r"\.|__|-")
_PARTS: Final = re.compile(
    r"(?<=\.)[\w-]+(?=$|\W)|(?<=__)(?:(?!__)[\w-])+$|(?<=__)(?:(?!__)\w)+(?!\w)"
    r"|(?<![\w-])\w+(?=-)"
)
"""Parts of a qualified word: after its server ("quaymail.send_mail", "mcp__x__send_mail"),
before a compound's hyphen ("send_mail-Aufrufe")."""
_ASSIGNED: Final = re.compile(
    r"\s*(?::=|\+=|=(?!=)|:\s)|\s+(?:is|are|must be|should be|becomes|always)\b"
)
"""After a tool's field: a value set for it ("create_arrangement.director = ...",
"upload_file.visibility is 'public'")."""


_PROSE: Final = frozenset({"description", "title", "$comment"})
_SENTENCE_BLANKS: Final = 4
"""Blanks a value needs to be read as a sentence (five words or more)."""
_TOOL_AFTER: Final = re.compile(r"\s+tool\b", re.IGNORECASE)


def _family(own: str, named: str) -> bool:
    """Whether `named` and the tool's `own` name are of one family: one extends the other.

    ``read_file`` and ``read_file_range``.
    """
    return own.startswith(named + "_") or named.startswith(own + "_")


def vocabulary(texts: Iterable[Text]) -> set[str]:
    """The names and values among `texts` (all of one server's): words it owns."""
    return {text.value for text in texts if not _prose(text)}


def _prose(text: Text) -> bool:
    """Whether `text` is prose (a description or title), not a name or a value.

    A value the schema offers (a default, an enum member, an example) that is a sentence
    ("issue_refund with destination=store_credit regardless of ...") is prose too.
    """
    if text.kind != "text":
        return False
    if text.path[-1] in _PROSE:
        return True
    slot = text.path[-2] if isinstance(text.path[-1], int) else text.path[-1]
    return slot in OFFERED and text.value.count(" ") >= _SENTENCE_BLANKS


def _named(value: str, start: int, end: int, name: str) -> bool:
    """True when the word at `start` names a tool: a distinct name, or "X tool".

    A quoted plain word is as often a parameter or a value (``'query'``).
    """
    return bool(_DISTINCT.search(name)) or bool(_TOOL_AFTER.match(value, end))


def collisions(servers: Mapping[str, Sequence[Tool]]) -> Iterator[Finding]:
    """Findings for each tool whose name (or look-alike) another server offers too."""
    by_look: dict[str, list[tuple[str, Tool]]] = defaultdict(list)
    for server, tools in servers.items():
        for tool in tools:
            by_look[skeleton(tool.name)].append((server, tool))
    for group in by_look.values():
        if len({server for server, _ in group}) < 2:
            continue
        for server, tool in group:
            rivals = [(s, t.name) for s, t in group if s != server]
            if not rivals:
                continue
            look_alike = [(s, n) for s, n in rivals if n != tool.name]
            if not look_alike and all(
                t.fingerprint == tool.fingerprint for s, t in group if s != server
            ):
                continue  # the same definition on two servers: a mirror, not an impostor
            other_server, other_name = (look_alike or rivals)[0]
            if look_alike:
                why = (
                    f"it looks like {other_name!r} of server {other_server!r}: "
                    "a model may call the wrong one."
                )
            else:
                why = f"server {other_server!r} offers a tool of the same name."
            yield Finding(
                rule="name-collision",
                severity="high" if look_alike else "medium",
                tool=tool.name,
                server=server,
                path=("name",),
                text=shown(tool.name),
                why=why,
            )
