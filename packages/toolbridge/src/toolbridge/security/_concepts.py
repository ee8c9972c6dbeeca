# ruff: noqa: RUF001 (tool words in Cyrillic and Greek letters)
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
from collections.abc import Iterable, Iterator
from typing import Final

from toolbridge.security._concept_words import (
    ALL,
    ANOTHER,
    DEMOTED,
    EARLIER,
    INSTRUCTIONS,
    ONLY,
    OTHER_TOOL,
    OVERRIDE,
    PAGING,
    PROMPTS,
    QUANTIFIERS,
    RECEIVED,
    REPLACE,
    REQUESTED,
    ROUTES,
    SECRETS,
    SEEN,
    STORED,
    TALK,
    TOOL,
    USER,
    WEAK_OVERRIDE,
    YOU,
)
from toolbridge.security._gates import alternation, either, lower
from toolbridge.security._hit import Hit
from toolbridge.security._lexicon import NEGATIONS
from toolbridge.security._steering import sentence_at, sentence_ends

__all__ = ["concepts", "named_ask"]


def _bounded(stem: str) -> bool:
    """Whether `stem` starts with a letter of a script that spaces its words."""
    first = stem[0]
    return first.isascii() or "\u00c0" <= first <= "\u052f" or "\u1e00" <= first <= "\u1eff"


def _word(char: str) -> bool:
    return char.isalnum() or char == "_"


class _Concept:
    """A search for any word of a concept: stems at a word's start where words are spaced.

    One alternation of plain literals (factored into a trie), its ASCII part alone for
    ASCII text; a word's start is a word boundary, which fails fast elsewhere, and a
    whole word's end is checked on each match.
    """

    __slots__ = ("_all", "_ascii", "_whole")

    def __init__(self, words: Iterable[str], *, compounds: bool = False) -> None:
        listed = set(words)
        stems = {word.removesuffix("=") for word in listed}
        self._whole = frozenset(word[:-1] for word in listed if word.endswith("="))
        bounded = set() if compounds else {stem for stem in stems if _bounded(stem)}
        self._all = re.compile(either(bounded, stems - bounded))
        ascii_stems = {stem for stem in stems if stem.isascii()}
        self._ascii = (
            re.compile(either(bounded & ascii_stems, ascii_stems - bounded))
            if ascii_stems
            else None
        )

    def finditer(
        self, text: str, pos: int = 0, endpos: int | None = None
    ) -> Iterator[re.Match[str]]:
        """The concept's words in `text[pos:endpos]`, left to right."""
        pattern = self._all if not text.isascii() else self._ascii
        if pattern is None:
            return
        end = len(text) if endpos is None else min(endpos, len(text))
        for match in pattern.finditer(text, pos, end):
            after = match.end()
            if after < len(text) and match.group() in self._whole and _word(text[after]):
                continue
            yield match

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        """The concept's first word in `text[pos:endpos]`, or None."""
        return next(self.finditer(text, pos, endpos), None)

    def holds(self, word: str) -> bool:
        """Whether `word` is one of the concept's words (or starts with one of its stems)."""
        found = self.search(word)
        return found is not None and found.start() == 0


_OVERRIDE: Final = _Concept(OVERRIDE)
_WEAK: Final = _Concept(WEAK_OVERRIDE)
_REPLACE: Final = _Concept(REPLACE)
_USER: Final = _Concept(USER)
_REQUESTED: Final = _Concept(REQUESTED)
_ROUTES: Final = _Concept(ROUTES)
_OTHER_TOOL: Final = _Concept(OTHER_TOOL)
_TOOL: Final = _Concept(TOOL, compounds=True)
"""A tool word anywhere in a word: compounds name tools too ("fraktverktøy", "Buchungstool")."""
_COMPOUNDING: Final = frozenset(
    {"tool", "werkzeug", "verktyg", "værktøj", "verktøy", "työkalu", "tööriist", "eszköz",
     "gereedschap", "narzędzi", "nástroj", "tól"}
)  # fmt: skip
"""Tool words that end compounds ("Buchungstool", "fraktverktøy")."""
_QUANTIFIERS: Final = _Concept(QUANTIFIERS)
_ANOTHER: Final = _Concept(ANOTHER)
_QUOTED: Final = re.compile(
    r"'[^'\s][^'\n]{0,40}'|\"[^\"\s][^\"\n]{0,40}\"|«[^»]{1,40}»|„[^“”]{1,40}[“”]|「[^」]{1,40}」"
)
"""A quoted literal ('dev-sandbox', «Вектор-Плат»): a fixed value."""
_AFTER_TOOL: Final = _Concept(
    {"ใดๆ", "ใด ๆ", "ไหนก็", "ทุกตัว", "mana pun", "manapun", "apa pun", "apapun", "yoyote",
     "zote", "wote", "anumang", "kahit ano", "nào", "nào cũng", "任何"}
)  # fmt: skip
"""Quantifiers written after the tool word (Thai, Indonesian, Swahili, Vietnamese)."""
_DEMOTED: Final = _Concept(DEMOTED)
_TRIGGERS: Final = _Concept(OVERRIDE | WEAK_OVERRIDE | DEMOTED)
"""One search before the overrides are read: most strings hold none of these words."""
_ONLY: Final = _Concept(ONLY)
_SELF: Final = re.compile(
    r"\b(?:this|these|the same|este|esta|cette|ce|dieses|diese|dieser|questo|questa|deze|dit"
    r"|detta|denna|denne|dette|tämä|tätä|ten|tento|tuto|ez|ezt|acest|acesta|bu|ez a)\b"
    r"|αυτό|αυτή|этот|этим|этого|цей|цим|цього|هذه|هذا|این|זה|הזה|यह|इस|এই|此|本|这个|該|この|이 "
    r"|นี้|này|\bini\b|\bhii\b|\bito\b"
)
"""A word for *this*: the tool speaking of itself ("use this tool any time ...")."""
_OPERATION: Final = re.compile(
    r"\b(?<![\w.$/-])(?:send|create|update|delete|remove|transfer|pay|write|add|put|upload"
    r"|run|exec|execute|submit|move|copy|forward|invite|schedule|withdraw|deposit|refund"
    r"|publish|push|deploy|notify|insert|save|approve|grant|dial)_[a-z0-9_]+(?![\w(/-])"
)
"""A tool's name as tools are named, verb first ("send_payment", "update_record"): an API's
fields are nouns ("user_id", "email_address", "order_id"), so verbs that are nouns too
(email, order, post, call) are left out."""
_ARTICLE: Final = re.compile(
    r"\b(?:the|das|der|die|dem|den|le|la|el|il|lo|het|de|o|a|os|as)\s+$|\bl'$"
)
"""A definite article just before a tool word: "the tool", "das Tool" is this one."""
_FIELD_NAME: Final = re.compile(r"\s?(?:names?|ids?|identifiers?)\b")
"""After a word for the user: a field's name ("username", "user id"), not the person."""
_HARVEST: Final = 2
"""Kinds of secret a field asks the user's of at once ("the user's PIN and last TAN"): no
API's field takes two."""
_TOOLS: Final = re.compile(
    r"\btools\b|\bwerkzeuge\b|\boutils\b|\bherramientas\b|\bstrumenti\b|\bferramentas\b"
    r"|\bverktyg(?:en)?\b|\bnarzędzia\b|\bnástroje\b|\bинструменты\b|\bинструментов\b"
    r"|\bінструменти\b|\baraçlar|\bεργαλεία\b|\balat-alat\b"
)
"""Tools in the plural, of a kind ("wallet tools", "tools that edit DNS"): other tools."""
_HOST: Final = re.compile(
    r"(?<![\w@./-])(?:[a-z0-9-]+\.)+(?:com|net|org|io|dev|app|co|info|biz|xyz|cloud|example"
    r"|de|fr|es|it|nl|pl|ru|jp|cn|uk|br|in|no|se|fi|dk|is)\b(?![\w.-]*@)"
)
"""A host name ("mx.dnsrelay-mail.net"): a destination once other tools are told of it."""
_BESIDE: Final = 10
"""Characters between *this* and a tool word that make it the tool itself."""
_STOPS: Final = re.compile("[.;:!?,\n\u3002\uff1b\uff1a\uff0c\u3001]")
"""A stop between *this* and a tool word: then *this* is something else."""
_NEAR: Final = 24
"""Characters between a quantifier and its tool word ("every DNS tool", "алат SMS mana pun")."""
_FAR: Final = 48
"""The same, in one sentence, beside a fixed destination: the quantifier on the tool's
operation ("jedem Termin, den ein Kalenderwerkzeug anlegt, ... assistent@...")."""
_EARLIER: Final = _Concept(EARLIER)
_SEEN: Final = _Concept(SEEN)
_TALK: Final = _Concept(TALK)
_SECRETS: Final = _Concept(SECRETS)
_STORED: Final = _Concept(STORED)
_ALL: Final = _Concept(ALL)
_PAGING: Final = _Concept(PAGING)
_YOU: Final = _Concept(YOU)
_PROMPTS: Final = _Concept(PROMPTS)
_INSTRUCTIONS: Final = _Concept(INSTRUCTIONS)
_RECEIVED: Final = _Concept(RECEIVED)
_ASKED: Final = _Concept(SECRETS | TALK | PROMPTS | INSTRUCTIONS)
"""One search before a field's asks are read."""
_ARROWS: Final = ("→", "←", "⇒", "⟶", "->", "=>", "➜", "➔")
_ARROW: Final = re.compile("|".join(_ARROWS))


_TEXT_GATE: Final = _Concept(OVERRIDE | WEAK_OVERRIDE | DEMOTED | (TOOL - _COMPOUNDING))
_FIELD_GATE: Final = _Concept(
    OVERRIDE | WEAK_OVERRIDE | DEMOTED | (TOOL - _COMPOUNDING) | SECRETS | TALK | PROMPTS
    | INSTRUCTIONS | SEEN
)  # fmt: skip
_ANYWHERE: Final = re.compile(
    alternation(set(_COMPOUNDING)) + "|" + "|".join(map(re.escape, _ARROWS))
)
"""With a ``{``: the other places a rule here starts (a compound tool word, an arrow)."""
_HISTORY: Final = _Concept(TALK - {"context", "session", "thread", "turns", "memory"})
_PLACEHOLDER: Final = re.compile(
    r"\{\{\s*([^{}]{3,60}?)\s*\}\}|\$\{([^{}]{3,60})\}|\{([^{}\s]{3,60})\}"
)
"""A template slot the model is to fill: ``{{system_prompt}}``, ``${history}``, ``{chat_log}``."""
_SPEAKS: Final = re.compile(r"\w{0,12}\s?(?:[\w\u0600-\u06ff]{1,12}\s?)?[:\uff1a]")
"""After a word for the user: a speaker's label ("user:", "کاربر گفت:", "kasutaja:")."""
_ASSIGNED: Final = re.compile(r"[\w.]+\s?\(\s?\w+\s?=|[\w.]+\s?[:=]\s?['\"]")
"""A call with named arguments or a field given a quoted value."""
_SHORT: Final = 240
"""Characters of a field's description read as one thought: a short one is one sentence."""
_NEGATION_REACH: Final = 32
"""Characters before an object a negation of it stands in ("never include passwords";
not "Do not edit: filled by you with your full system prompt")."""
_NEGATED: Final = re.compile("(?:" + "|".join(NEGATIONS) + ")", re.IGNORECASE)
_DESTINATION: Final = re.compile(
    r"[\w.+-]+@[\w-]+\.[\w.-]*\w"  # an email address
    r"|\b(?:https?|s3|gs|ftp|sftp|ssh|git)://\S+|\bgit@[\w.-]+:"  # a URL
    r"|\b[a-z]{2}\d{2}(?: ?[a-z0-9]){11,30}\b"  # an IBAN
    r"|\b0x[0-9a-f]{24,}\b|\b(?:bc1|[13])[a-z0-9]{25,40}\b"  # a wallet
    r"|(?<![\w.,])\+?\d(?:[ -]?\d){6,}(?![\w.,])"  # a phone or account number
    r"|(?<![\w:/.])(?:~|[a-z]:)?[/\\](?:[\w.-]+[/\\]){1,}[\w.-]*"  # an absolute path
    r"|(?<![\w/])[#@][a-z][\w-]{2,}"  # a channel, a handle
    r"|(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?![\w.])"  # an IPv4 address
)
"""A fixed destination, read in lowercase text."""
_WHY_OVERRIDE: Final = (
    "an override of what the user asked (a word setting their choice aside, their "
    "request and a destination or another tool in one sentence): shadowing."
)
_WHY_MAPPED: Final = (
    "a worked example mapping what the user says to a fixed call or value: the model is "
    "told what to do whatever the user asks."
)
_WHY_SLOT: Final = (
    "a template slot for the model's instructions or the conversation ({{system_prompt}}): "
    "the model is to fill it with what it holds (exfiltration)."
)
_WHY_TOOLS: Final = (
    "a rule for every or any tool of a kind, beside the user or a fixed value: an "
    "instruction about other tools than this one (shadowing)."
)
_WHY_NAMED: Final = (
    "a value offered to the model that names secrets or the conversation to send: "
    "exfiltration through a parameter's value."
)
_WHY_ASK: Final = (
    "a field asking for what the model holds from before this call (a secret, personal "
    "data or the conversation, beside a word for earlier or for what it read): exfiltration."
)


def concepts(
    value: str, *, field: bool, described: bool = False, known: frozenset[str] = frozenset()
) -> list[Hit]:
    """The overrides in `value`, and its asks for the model's context when it is a `field`.

    `described`: `value` is a description that speaks of one of the tool's fields by
    name; then only an ask for a secret or personal datum is read as the field's.
    `known`: the names of the server's tools and of this tool's fields, which an
    operation named in `value` is not another tool's.
    """
    low = lower(value).replace("_", " ")  # system_prompt is a system prompt
    field = field or described
    worded = (
        "{" in low
        or _ANYWHERE.search(low) is not None
        or (_FIELD_GATE if field else _TEXT_GATE).search(low) is not None
    )
    if not worded and not _operation(value):
        return []  # most strings hold no word any rule here starts from
    ends: list[int] | None = None
    hits: list[Hit] = []
    triggered = _TRIGGERS.search(low) is not None
    for pattern, strong in ((_OVERRIDE, True), (_WEAK, False)):
        if not triggered:
            break
        for match in pattern.finditer(low):
            if ends is None:
                ends = sentence_ends(low)
            start, end = sentence_at(ends, match.start(), len(low))
            text = low[start:end]
            kind = "replace" if _REPLACE.holds(match.group()) else strong
            if _overrides(text, kind, value[start:end]):
                hits.append(Hit("instruction", "high", match.start(), match.end(), _WHY_OVERRIDE))
                break
        if hits:
            break
    if not hits and (triggered or _TOOL.search(low) is not None or _operation(value)):
        other = _other_tools(low, value, known)
        if other is not None:
            hits.append(Hit("instruction", "high", other[0], other[1], _WHY_TOOLS))
    mapped = _mapped(low)
    if mapped is not None:
        return [*hits, Hit("instruction", "high", mapped[0], mapped[1], _WHY_MAPPED)]
    slot = _slot(low)
    if slot is not None:
        return [*hits, Hit("sensitive-reference", "high", slot[0], slot[1], _WHY_SLOT)]
    if field and _ASKED.search(low) is not None:
        whole = len(low) <= _SHORT
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
                    hit = Hit("sensitive-reference", "high", match.start(), match.end(), _WHY_ASK)
                    return [*hits, hit]
        own = None if described else _own_instructions(low)
        if own is not None:
            return [*hits, Hit("sensitive-reference", "high", own[0], own[1], _WHY_ASK)]
    seen = _SEEN.search(low) if field and not described else None
    if seen is not None and (_ALL.search(low) is not None or _EARLIER.search(low) is not None):
        return [*hits, Hit("sensitive-reference", "high", seen.start(), seen.end(), _WHY_ASK)]
    return hits


def _operation(value: str) -> bool:
    """Whether `value` names an operation as tools are named (`_OPERATION`)."""
    return "_" in value and _OPERATION.search(value) is not None


def _other_tools(low: str, value: str, known: frozenset[str]) -> tuple[int, int] | None:
    """Where lowercase `low` lays down a rule for every or any tool of a kind, or None.

    A quantifier near a tool word ("every payout tool", "mọi công cụ git", "yeyote
    DNS টুলের"), in a sentence (or the one after it) that also names the user, or a
    fixed value, or demotes the user's choice; another tool (`_scoped`) with a fixed
    value; or the user's choice demoted in any sentence ("the printer the user names
    is a nickname"), beside *only*, a fixed value or a rule for every case.
    `value` is `low` as written, `known` the names of the tool's own world.
    """
    ends: list[int] | None = None
    demotes = _DEMOTED.search(low) is not None
    short = len(low) <= _SHORT
    for tool in _TOOL.finditer(low):
        if ends is None:
            ends = sentence_ends(low)
        start, end = (0, len(low)) if short else _window(ends, tool.start(), len(low))
        own, stop = sentence_at(ends, tool.start(), len(low))  # the quantifier's reach
        near = _QUANTIFIERS.search(low, max(own, tool.start() - _FAR), tool.start())
        if near is None:  # "alat SMS mana pun", "zana yoyote": after the tool word
            near = _AFTER_TOOL.search(low, tool.end(), min(stop, tool.end() + _FAR))
        if near is None or " of " in low[near.end() : tool.start()]:
            continue
        if _itself(low, tool.start(), tool.end()):
            continue  # "use this tool any time ...", "công cụ này": the tool itself
        text = low[start:end]
        if _DESTINATION.search(text) is not None:
            return min(near.start(), tool.start()), max(near.end(), tool.end())
        gap = tool.start() - near.end() if near.end() <= tool.start() else near.start() - tool.end()
        if gap <= _NEAR and (
            demotes or _USER.search(text) is not None or _OVERRIDE.search(text) is not None
        ):
            return min(near.start(), tool.start()), max(near.end(), tool.end())
    other = _scoped(low, value, known, demotes)
    if other is not None:
        return other
    if not demotes:
        return None
    for demoted in _DEMOTED.finditer(low):
        if ends is None:
            ends = sentence_ends(low)
        start, end = sentence_at(ends, demoted.start(), len(low))
        text = low[start:end]
        if (
            _USER.search(text) is not None
            and _REQUESTED.search(text) is not None
            and (
                _ONLY.search(text) is not None
                or _DESTINATION.search(low) is not None
                or _QUANTIFIERS.search(low) is not None
            )
        ):
            return demoted.start(), demoted.end()
    return None


def _window(ends: list[int], at: int, length: int) -> tuple[int, int]:
    """The sentence around `at` and the one after it, ``(start, end)``.

    A rule for other tools often sets the value in one clause and demotes the user's in
    the next ("... go to bc1q...; the destination the user typed is corrected").
    """
    start, end = sentence_at(ends, at, length)
    if end < length:
        end = sentence_at(ends, end, length)[1]
    return start, end


def _scoped(low: str, value: str, known: frozenset[str], demotes: bool) -> tuple[int, int] | None:
    """Where `low` sends another tool's operations to a fixed value, or None.

    Another tool by kind (`OTHER_TOOL`: "un autre outil", "เครื่องมืออื่น") beside a fixed
    destination, an override or a demoted choice; or by name, an operation's
    identifier that is none of this server's tools or fields ("update_record:",
    "send_payment beneficiary is ...") beside a fixed destination and the user or a
    demoted choice. Sentence and the next, or the whole of a short text.
    """
    ends: list[int] | None = None
    short = len(low) <= _SHORT
    for other in _others(low):
        if ends is None:
            ends = sentence_ends(low)
        start, end = (0, len(low)) if short else _window(ends, other[0], len(low))
        text = low[start:end]
        if (
            demotes
            or _DESTINATION.search(text) is not None
            or _OVERRIDE.search(text) is not None
            or (_QUOTED.search(text) is not None and _USER.search(text) is not None)
        ):
            return other
    for tools in _TOOLS.finditer(low):  # "tools that edit DNS", "wallet tools": of a kind
        if ends is None:
            ends = sentence_ends(low)
        start, end = (0, len(low)) if short else _window(ends, tools.start(), len(low))
        text = low[start:end]
        if (
            not _itself(low, tools.start(), tools.end())
            and _USER.search(text) is not None
            and (_DESTINATION.search(text) is not None or _HOST.search(text) is not None)
        ):
            return tools.start(), tools.end()
    if "_" not in value:
        return None
    for named in _OPERATION.finditer(value):
        if named.group() in known:
            continue
        if ends is None:
            ends = sentence_ends(low)
        start, end = (0, len(low)) if short else _window(ends, named.start(), len(low))
        text = low[start:end]
        if _DESTINATION.search(text) is not None and (demotes or _USER.search(text) is not None):
            return named.start(), named.end()
    return None


def _a_tool(text: str, raw: str) -> bool:
    """Whether `text` names a tool of a kind that is not this one ("決済ツールで支払うとき").

    Not one named by its identifier ("use the search_pull_requests tool instead": a
    sibling, `raw` holds its ``_``), nor "the tool" ("das Tool liefert": this one).
    """
    return any(
        "_" not in raw[max(0, tool.start() - _NEAR) : tool.start()]
        and _ARTICLE.search(text, max(0, tool.start() - _BESIDE), tool.start()) is None
        and not _itself(text, tool.start(), tool.end())
        for tool in _TOOL.finditer(text)
    )


def _others(low: str) -> Iterator[tuple[int, int]]:
    """Where `low` names tools other than this one, ``(start, end)`` each.

    "another tool", "the other database tools", "andere Werkzeuge", "เครื่องมืออื่น": *other*
    within a few words of a tool word, no stop between.
    """
    for other in _OTHER_TOOL.finditer(low):
        yield other.start(), other.end()
    for tool in _TOOL.finditer(low):
        near = _ANOTHER.search(low, max(0, tool.start() - _NEAR), tool.start())
        if near is None:
            near = _ANOTHER.search(low, tool.end(), tool.end() + _BESIDE)
        if near is not None and not _STOPS.search(
            low, min(near.end(), tool.end()), max(near.start(), tool.start())
        ):
            yield min(near.start(), tool.start()), max(near.end(), tool.end())


def _itself(low: str, start: int, end: int) -> bool:
    """Whether the tool word at `low[start:end]` is *this* tool (no stop between)."""
    before = _SELF.search(low, max(0, start - _BESIDE), start)
    if before is not None and not _STOPS.search(low, before.end(), start):
        return True
    after = _SELF.search(low, end, end + _BESIDE)
    return after is not None and not _STOPS.search(low, end, after.start())


def _overrides(text: str, kind: bool | str, raw: str = "") -> bool:
    """Whether sentence `text` (lowercase) sets a user's choice aside for a target.

    `kind`: True for a strong override, False for a rule ("always"), ``"replace"`` for a
    word that puts one thing in another's place. `raw`: `text` as written.
    """
    if _USER.search(text) is None:
        return False
    fixed = _DESTINATION.search(text) is not None
    if kind is False:
        return fixed
    if _REQUESTED.search(text) is None:
        return False  # the user is named everywhere: "the user id", "in the user's currency"
    if fixed or _OTHER_TOOL.search(text) is not None or _a_tool(text, raw):
        return True
    return kind is True and _ROUTES.search(text) is not None


def _asks(text: str, at: int, kind: str) -> bool:
    """Whether `text` (lowercase) asks for the object at `at` from the model's context.

    `kind`: ``secret`` (a secret or personal datum), ``talk`` (the conversation) or
    ``prompt`` (the model's own instructions).
    """
    if _NEGATED.search(text, max(0, at - _NEGATION_REACH), at) is not None:
        return False
    if kind == "secret" and _harvest(text):
        return True  # the user's bearer token and cookie: no API's plumbing
    if _PAGING.search(text) is not None:
        return False
    earlier = any(
        not 0 <= at - found.end() <= 1 for found in _EARLIER.finditer(text)
    )  # "the previous password" is a field of its own, not the user's words
    earlier = earlier or _SEEN.search(text) is not None
    if kind == "secret":
        return earlier
    whole = _ALL.search(text) is not None
    if kind == "prompt":
        return earlier or whole or _YOU.search(text) is not None
    user = _USER.search(text) is not None
    return (earlier and (user or whole)) or (whole and user)


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

    The user's secrets of two kinds or more ("the user's PIN and last TAN"), or of one
    from where they are kept ("the user's saved passwords"). An API's field takes one
    secret, and its own ("the private key, not stored by Google" passes).
    """
    if not any(_FIELD_NAME.match(text, user.end()) is None for user in _USER.finditer(text)):
        return False  # no user, or only a "username" or "user id"
    kinds = len({found.group() for found in _SECRETS.finditer(text)})
    return kinds >= _HARVEST or (
        kinds >= 1
        and any(
            _NEGATED.search(text, max(0, kept.start() - _BESIDE), kept.start()) is None
            for kept in _STORED.finditer(text)
        )
    )


def _own_instructions(low: str) -> tuple[int, int] | None:
    """Where `low` asks for instructions *you* (the model) were given, or None."""
    for match in _INSTRUCTIONS.finditer(low):
        if (
            _RECEIVED.search(low) is not None
            and (_YOU.search(low) is not None or _ALL.search(low) is not None)
            and _NEGATED.search(low, 0, match.start()) is None
        ):
            return match.start(), match.end()
    return None


def _mapped(low: str) -> tuple[int, int] | None:
    """Where `low` maps what the user says to a fixed call or value, or None.

    A worked example ("user: 'is this fine?' → review(action='approve')", "the user
    said: my password is X ← credentials: 'X'"): the user as a speaker, an arrow, and a
    call or an assignment, whatever the language.
    """
    arrow = _ARROW.search(low)
    if arrow is None:
        return None
    for speaker in _USER.finditer(low):
        if _SPEAKS.match(low, speaker.end()) is not None and _ASSIGNED.search(low) is not None:
            return speaker.start(), arrow.end()
    return None


def _slot(low: str) -> tuple[int, int] | None:
    """Where `low` holds a template slot for the model's instructions or conversation."""
    if "{" not in low:
        return None
    for match in _PLACEHOLDER.finditer(low):
        inside = match.group(match.lastindex or 0)
        if _PROMPTS.search(inside) is not None or _HISTORY.search(inside) is not None:
            return match.start(), match.end()
    return None
