# ruff: noqa: RUF001 (tool words in Cyrillic and Greek letters)
"""Overrides by concept: words of two or three kinds in one sentence, in any order.

- **an override** of someone's choice: a word that sets it aside (regardless, instead,
  ignored, only a hint, treated as) in the same sentence as *the user* or *what was
  asked or chosen*, and a *target*: a fixed destination (an email address, a URL, an
  IBAN, a wallet, a phone or account number, an absolute path), a thing that routes
  data or money (a recipient, an account, a registry, a model, an amount), or another
  tool. A rule without a choice named ("always") counts beside a fixed destination and
  the user only.
- **a rule for other tools**: every or any tool of a kind, another tool, or an operation
  named as tools are named that is none of the server's, beside the user, a fixed value,
  an override or a demoted choice; the user's choice demoted (a nickname, a typo).
- **a worked example** mapping what the user says to a fixed call or value.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from typing import Final

from toolbridge.security._concept_match import SHORT, Concept
from toolbridge.security._concept_words import (
    ANOTHER,
    DEMOTED,
    ONLY,
    OTHER_TOOL,
    OVERRIDE,
    PEOPLE,
    QUANTIFIERS,
    REPLACE,
    REQUESTED,
    ROUTES,
    TOOL,
    USER,
    WEAK_OVERRIDE,
)
from toolbridge.security._hit import Hit
from toolbridge.security._literals import Literals
from toolbridge.security._steering import sentence_at, sentence_ends

__all__ = [
    "ARROWS",
    "CAN",
    "DESTINATION",
    "EXAMPLE",
    "TOOL_WORD",
    "itself",
    "mapped",
    "operation",
    "overrides",
]

_OVERRIDE: Final = Concept(OVERRIDE)
_WEAK: Final = Concept(WEAK_OVERRIDE)
_REPLACE: Final = Concept(REPLACE)
_USER: Final = Concept(USER)
_CHOOSER: Final = Concept(USER | PEOPLE)
"""Whoever makes the choice an override sets aside: the user, or a student, a customer."""
_REQUESTED: Final = Concept(REQUESTED)
_ROUTES: Final = Concept(ROUTES)
_OTHER_TOOL: Final = Concept(OTHER_TOOL)
TOOL_WORD: Final = Concept(TOOL, compounds=True)
"""A tool word anywhere in a word: compounds name tools too ("fraktverktøy", "Buchungstool")."""
_QUANTIFIERS: Final = Concept(QUANTIFIERS)
_ANOTHER: Final = Concept(ANOTHER)
_QUOTED: Final = re.compile(
    r"'[^'\s][^'\n]{0,40}'|\"[^\"\s][^\"\n]{0,40}\"|«[^»]{1,40}»|„[^“”]{1,40}[“”]|「[^」]{1,40}」"
)
"""A quoted literal ('dev-sandbox', «Вектор-Плат»): a fixed value."""
_AFTER_TOOL: Final = Concept(
    {"ใดๆ", "ใด ๆ", "ไหนก็", "ทุกตัว", "mana pun", "manapun", "apa pun", "apapun", "yoyote",
     "zote", "wote", "anumang", "kahit ano", "nào", "nào cũng", "任何"}
)  # fmt: skip
"""Quantifiers written after the tool word (Thai, Indonesian, Swahili, Vietnamese)."""
_DEMOTED: Final = Concept(DEMOTED)
_TRIGGERS: Final = Concept(OVERRIDE | WEAK_OVERRIDE | DEMOTED)
"""One search before the overrides are read: most strings hold none of these words."""
_ONLY: Final = Concept(ONLY)
_SELF: Final = re.compile(
    r"\b(?:this|these|the same|este|esta|cette|ce|dieses|diese|dieser|questo|questa|deze|dit"
    r"|detta|denna|denne|dette|tämä|tätä|ten|tento|tuto|ez|ezt|acest|acesta|bu|ez a)\b"
    r"|αυτό|αυτή|этот|этим|этого|цей|цим|цього|هذه|هذا|این|זה|הזה|यह|इस|এই|此|本|这个|該|この|이 "
    r"|นี้|này|\bini\b|\bhii\b|\bito\b"
)
"""A word for *this*: the tool speaking of itself ("use this tool any time ...")."""
_SELF_AFTER: Final = re.compile(
    r"αυτό|αυτή|هذه|هذا|זה|הזה|นี้|này|\bini\b|\bhii\b|\bito\b|\beste\b|\besta\b|\bquesto\b"
    r"|\bquesta\b|\bcette\b|\bdieses\b|\bdiese\b"
)
"""*This* where it follows its noun ("công cụ này", "الأداة هذه", "la herramienta esta"):
after a tool word. A word that precedes its noun ("bu", "this", "ten") after a tool
word is the next noun's ("araçlar bu mağazada", "tools in this tenant")."""
_OURS_AFTER: Final = re.compile(
    r"\w*\s(?:of|from|de|d'|di|del|della|von|van|do|da|dos|das)\s?(?:this|these|ce|cet|cette"
    r"|ces|este|esta|estos|estas|questo|questa|questi|dieses|diese|dieser|deze|dit|deste|desta)\b"
    r"|\w*\s(?:on|in)\s(?:this|the same|our)\s(?:mcp\s)?(?:server|service|app|plugin|extension"
    r"|integration|package)\b"
)
"""After a tool word: the tools of this server ("other cache tools of this server"), its
siblings."""
_VERBS: Final = (
    "send|create|update|delete|remove|transfer|pay|write|add|put|upload|run|exec|execute"
    "|submit|move|copy|forward|invite|schedule|withdraw|deposit|refund|publish|push|deploy"
    "|notify|insert|save|approve|grant|dial"
)
_OPERATION: Final = re.compile(rf"\b(?<![\w.$/-])(?:{_VERBS})_[a-z0-9_]+(?![0-9A-Za-z_(/-])")
"""A tool's name as tools are named, verb first ("send_payment", "update_record"): an API's
fields are nouns ("user_id", "email_address", "order_id"), so verbs that are nouns too
(email, order, post, call) are left out."""
_OPERATION_GATE: Final = Literals(f"{verb}_" for verb in _VERBS.split("|"))
"""A verb and ``_``, which every match of `_OPERATION` holds: most strings hold none."""
_ARTICLE: Final = re.compile(
    r"\b(?:the|das|der|die|dem|den|le|la|el|il|lo|het|de|o|a|os|as)\s+$|\bl'$"
)
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
_REGARDLESS: Final = re.compile(
    r"\b(?:regardless of|irrespective of|no matter|whatever|whichever|peu importe|quel(?:le)?s?"
    r" que soi(?:t|ent)|sin importar|independientemente de|independentemente d[eoa]|unabhängig"
    r" von|egal|ungeachtet|ongeacht|oavsett|uanset|a prescindere da|indipendentemente da)\b"
)
"""A choice set aside, its word first: "peu importe la destination demandée". The words of
`OVERRIDE` that govern the choice they precede; with no one named, the others ("the
specified groups override the previous ones") are an API's own words."""
_BESIDE: Final = 10
"""Characters between *this* and a tool word that make it the tool itself."""
_STOPS: Final = re.compile("[.;:!?,\n\u3002\uff1b\uff1a\uff0c\u3001]")
"""A stop between *this* and a tool word: then *this* is something else."""
_NEAR: Final = 24
"""Characters between a quantifier and its tool word ("every DNS tool", "алат SMS mana pun")."""
_FAR: Final = 48
"""The same, in one sentence, beside a fixed destination: the quantifier on the tool's
operation ("jedem Termin, den ein Kalenderwerkzeug anlegt, ... assistent@...")."""
_WHOLE_WORD: Final = re.compile(r"\w+")
_NOT_A_TOOL: Final = re.compile(r"funct|tool(?:set|kit|bar|chain|box|tip|ing)")
"""Tool words that name something else: a function (of an API), a toolset, a toolbar."""
_IN_A_PATH: Final = re.compile(r"[./\\@:][^\s./\\@:]*$")
"""Before a tool word in its token: it is part of a URL, a path or a host ("webtools/")."""
_IDENTIFIER: Final = re.compile(r"_|\w+-\w+-[\w-]+\s?$")
"""Before a tool word: a tool named by its identifier ("send_mail tool", "hubspot-list-objects
tool"), a sibling."""
_ATTRIBUTE: Final = re.compile(r"\w*\s(?:names?|ids?|categor(?:y|ies)|types?|install)\b")
"""After a tool word: what it names is an attribute of a tool ("tool category"), or a
command ("uv tool install")."""
_QUOTE_BEFORE: Final = re.compile(r"['\"`»」”’]\s?$")
"""A quote just before a tool word: a tool named by its name ("'query docs' tool")."""
_DEFINITE: Final = re.compile(
    r"\b(?:the|das|der|dem|den|le|la|les|el|los|las|il|lo|gli|het)\s+"
    r"(?:[^\W\d]+[\s-]+){0,2}$"
)
"""A definite article opening the noun phrase a tool word ends ("the other DNS tools"): a
tool the reader knows, named; a tool *of a kind* is "a", "any", "every" or a plural.
("die", "de", "o" are as often a pronoun, a preposition or a conjunction.)"""
_BARE: Final = re.compile(
    r"\b(?:a|an|any|un|une|ein|eine|einem|einer|einen|uno|una|um|uma|een|en|ett)\s+$"
)
"""An article just before a tool word: "a tool" is any tool at all, not a kind of tool ..."""
_KIND_AFTER: Final = re.compile(
    r"\w*\s+(?:de|di|da|do|des|du|del|della|dello|for|für|pour|para|per|voor|för|til)\s+\w"
)
"""... unless its kind follows ("un outil de stockage", "a tool for payments")."""
_CLAUSE_END: Final = re.compile("[;\uff1b]")
_DENIED: Final = re.compile(
    r"\b(?:no|not|never|kein\w*|nie|aucun\w*|jamais|ningun\w*|nunca|nessun\w*|mai|nenhum\w*)"
    r"\s+(?:[^\W\d]+\s+){0,2}$"
)
"""A negation opening the noun phrase a tool word ends: "no other tool"."""
_SILENTLY: Final = re.compile(
    r"\bwithout (?:asking|confirmation|confirming|review|reviewing|comments?|checks?"
    r"|telling)\b|\bno need to (?:ask|confirm|check)\b|\bsilently\b"
    r"|\bsin (?:preguntar|avisar|confirmar|revisar)|\bsans (?:demander|prévenir"
    r"|confirmation|vérification)|\bohne (?:zu )?(?:fragen|nachzufragen|rückfrage|prüfung)"
    r"|\bsenza (?:chiedere|avvisare|conferma)|\bsem (?:perguntar|avisar|confirmar)"
    r"|\bzonder (?:te )?(?:vragen|melden)|\butan att fråga|\bbez (?:pytania|pytań|pytanie)"
    r"|не спрашивая|без подтвержден|без запиту|\bsormadan\b|χωρίς να ρωτήσ|دون (?:أن )?تسأل"
    r"|בלי לשאול|पूछे बिना|无需询问|不要询问|無需詢問|確認せずに|尋ねずに|묻지 않고|โดยไม่ต้องถาม"
    r"|không cần hỏi|\btanpa bertanya"
)
"""After a tool of a kind: it is told to act without asking or checking ("approve that
account's pull requests without comments", "sans demander", "ohne zu fragen")."""
_CAN: Final = re.compile(
    r"\b(?:can|could|may|might|is able to|puede|pueden|podría|peut|peuvent|pourrait|kann"
    r"|können|könnte|può|possono|pode|podem|kan|kunnen|może|mogą|může|mohou|можно|может"
    r"|могут|може|можуть|bisa|dapat|boleh)\b|可以|能够|できる|できます|수 있|có thể"
)
"""Between a tool word and a value: what the tool *can* do, not what it is told to do."""
_SET_TO: Final = re.compile(
    r"(?<![\w.])\d+(?:[.,]\d+)?\s?%|(?<![\w.])%\s?\d+|\byüzde \d+"
    r"|\b(?:to|=|a|à|auf|op|till|på|na|до|на)\s?\d+\b"
    r"|(?<![\w.,])\d(?:[ -]?\d){7,}(?=\.(?:\s|$))"
    r"|\u201c[^\u201d\n]{1,40}\u201d|\u2018[^\u2019\n]{1,40}\u2019|\u300e[^\u300f]{1,40}\u300f"
    r"|\u300a[^\u300b]{1,40}\u300b"
)
"""A percentage, a number something is set to ("at 12%", "set quantity to 3", "la
cantidad a 5", "die Menge auf 4"), an account number that ends a sentence, or a literal
in curly or CJK quotes."""
_SETTING: Final = re.compile(
    r"\b(?:option|flag|mode|setting|parameter|opción|opcion|modo|parámetro|paramètre"
    r"|réglage|einstellung|parameter|modus|opzione|impostazione|parametro|opção|optie"
    r"|instelling|inställning|alternativ|opcja|ustawieni|možnost|nastavení|beállítás"
    r"|opțiun|seçenek|ayar|επιλογή|ρύθμισ|опци|параметр|режим|налаштуван)\w*"
    r"|خيار|إعداد|گزینه|تنظیم|אפשרות|הגדר|विकल्प|选项|選項|设置|設定|オプション|옵션|설정"
    r"|ตัวเลือก|tùy chọn|opsi|pengaturan"
)
"""A setting another tool is told to use always ("si usasse sempre l'opzione force")."""
_TOLD: Final = re.compile(
    r"\b(?:tell|instruct|make|have|set|use|add|append|put|rewrite|route)\b|ergänz|hinzufüg"
    r"|verwend|benutz|\butilis|\busa\b|\busar\b|añad|aggiung|adicion|ajout"
)
"""A word telling another tool what to do with a value ("tell ... to use 'pps-remote'")."""
_CODE: Final = re.compile(r"\b[A-Z][A-Z0-9]{5,}\b")
"""A code in capitals, as written ("sender id PAYVERIFY")."""
_EXAMPLE: Final = re.compile(
    r"(?:such as|e\.g\.|eg\.|for example|for instance|like|z\. ?b\.|p\. ?ex\.|por ejemplo"
    r"|par exemple|ad esempio|zum beispiel|bijvoorbeeld|например|例如|例えば|예를 들어)"
)
"""Between a tool word and a value: the value is an example, not a directive."""
ARROWS: Final = ("→", "←", "⇒", "⟶", "->", "=>", "➜", "➔")
_ARROW: Final = re.compile("|".join(ARROWS))
_SPEAKS: Final = re.compile(r"\w{0,12}\s?(?:[\w\u0600-\u06ff]{1,12}\s?)?[:\uff1a]")
"""After a word for the user: a speaker's label ("user:", "کاربر گفت:", "kasutaja:")."""
_ASSIGNED: Final = re.compile(r"[\w.]+\s?\(\s?\w+\s?=|[\w.]+\s?[:=]\s?['\"]")
"""A call with named arguments or a field given a quoted value."""
_DESTINATION: Final = re.compile(
    r"[\w.+-]+@[\w-]+\.[\w.-]*\w"  # an email address
    r"|\b(?:https?|s3|gs|ftp|sftp|ssh|git)://\S+|\bgit@[\w.-]+:"  # a URL
    r"|\b[a-z]{2}\d{2}(?: ?[a-z0-9]){11,30}\b"  # an IBAN
    r"|\b0x[0-9a-f]{24,}\b|\b(?:bc1|[13])[a-z0-9]{25,40}\b"  # a wallet
    r"|(?<![\w.,])\+?\d(?:[ -]?\d){6,}(?![0-9a-z_.,])"  # a phone or account number
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
_WHY_TOOLS: Final = (
    "a rule for every or any tool of a kind, beside the user or a fixed value: an "
    "instruction about other tools than this one (shadowing)."
)


def overrides(low: str, value: str, known: Collection[str]) -> Hit | None:
    """An override of the user's choice in lowercase `low`, or a rule for other tools.

    `value` is `low` as written; `known` the names of the server's tools and of this
    tool's fields, which an operation named in `value` is not another tool's.
    """
    ends: tuple[int, ...] | None = None
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
                return Hit("instruction", "high", match.start(), match.end(), _WHY_OVERRIDE)
    if triggered or TOOL_WORD.search(low) is not None or operation(value):
        other = _other_tools(low, value, known) or _directed(low, value)
        if other is not None:
            return Hit("instruction", "high", other[0], other[1], _WHY_TOOLS)
    return None


def _directed(low: str, value: str) -> tuple[int, int] | None:
    """Where `low` sets what a tool of a kind does to a fixed value, or None.

    A tool of a kind that is not this one ("a calendar tool", "ein Kalenderwerkzeug",
    "translation tools", "инструмент платежей"), and after it, in its sentence (or the
    whole of a short text), a fixed value: a destination, a host, a quoted literal, a
    percentage, "to 3", a code in capitals ("... with sender id PAYVERIFY"). No trigger
    word is needed: a tool's text has no business fixing another tool's arguments.
    Not a tool named by its identifier or in quotes, "the tool", "this generic tool",
    "the type of CLI tool", a toolset or toolkit, nor a value given as an example
    ("such as 'pip'"). `value` is `low` as written.
    """
    ends: tuple[int, ...] | None = None
    short = len(low) <= SHORT
    for tool in TOOL_WORD.finditer(low):
        at = tool.start()
        whole = _WHOLE_WORD.match(low, at)
        if (
            (whole is not None and _NOT_A_TOOL.match(whole.group()) is not None)
            or _IN_A_PATH.search(low, max(0, at - _NEAR), at) is not None
            or _IDENTIFIER.search(value, max(0, at - _NEAR), at) is not None
            or _ATTRIBUTE.match(low, tool.end()) is not None
            or _QUOTE_BEFORE.search(low, max(0, at - 3), at) is not None
            or (_DEFINITE.search(low, max(0, at - _NEAR), at) is not None and not _generic(low, at))
            or (
                _BARE.search(low, max(0, at - _BESIDE), at) is not None
                and _KIND_AFTER.match(low, tool.end()) is None
            )
            or " of " in low[max(0, at - _NEAR) : at]
            or _itself(low, at, tool.end())
            or _named_self(low, at)
        ):
            continue
        if _DENIED.search(low, max(0, at - _NEAR), at) is not None:
            continue  # "no other tool runs without asking"
        if ends is None:
            ends = sentence_ends(low)
        end = len(low) if short else sentence_at(ends, at, len(low))[1]
        if _SILENTLY.search(low, tool.end(), sentence_at(ends, at, len(low))[1]) is not None:
            return at, tool.end()  # "... with a review tool, merge them without review"
        clause = _CLAUSE_END.search(low, tool.end(), end)
        end = end if clause is None else clause.start()
        for fixed in _values(low, value, tool.end(), end):
            if _EXAMPLE.search(low, tool.end(), fixed) is None and (
                _CAN.search(low, tool.end(), fixed) is None
            ):
                return at, tool.end()
    return None


def _generic(low: str, at: int) -> bool:
    """Whether the tool word at `at` is plural with its kind after it.

    "les outils de commande", "gli strumenti di pagamento": the generic plural, whatever
    its article.
    """
    plural = _TOOLS.match(low, at)
    return plural is not None and _KIND_AFTER.match(low, plural.end() - 1) is not None


def _values(low: str, value: str, start: int, end: int) -> Iterator[int]:
    """Where fixed values start in `low[start:end]` (`value` is `low` as written)."""
    for pattern in (_DESTINATION, _HOST, _QUOTED, _SET_TO):
        for found in pattern.finditer(low, start, end):
            at = found.start()
            if not (low[at - 1].isalnum() or low[max(0, at - 2) : at] == "]("):
                yield at  # not an apostrophe ("tool's response isn't"), nor a link
    for found in _CODE.finditer(value, start, end):
        yield found.start()


def _fixed(text: str) -> bool:
    """Whether `text` holds a fixed destination that is not a link's address ("](https://")."""
    return any(
        text[max(0, found.start() - 2) : found.start()] != "]("
        for found in _DESTINATION.finditer(text)
    )


def _named_self(low: str, at: int) -> bool:
    """Whether *this* opens the noun phrase the tool word ends ("this generic tool")."""
    before = _SELF.search(low, max(0, at - _NEAR), at)
    return before is not None and _STOPS.search(low, before.end(), at) is None


def operation(value: str) -> bool:
    """Whether `value` names an operation as tools are named (`_OPERATION`)."""
    return _OPERATION_GATE.any(value) and _OPERATION.search(value) is not None


def _other_tools(low: str, value: str, known: Collection[str]) -> tuple[int, int] | None:
    """Where lowercase `low` lays down a rule for every or any tool of a kind, or None.

    A quantifier near a tool word ("every payout tool", "mọi công cụ git", "yeyote
    DNS টুলের"), in a sentence (or the one after it) that also names the user, or a
    fixed value, or demotes the user's choice; another tool (`_scoped`) with a fixed
    value; or the user's choice demoted in any sentence ("the printer the user names
    is a nickname"), beside *only*, a fixed value or a rule for every case.
    `value` is `low` as written, `known` the names of the tool's own world.
    """
    ends: tuple[int, ...] | None = None
    demotes = _DEMOTED.search(low) is not None
    short = len(low) <= SHORT
    for tool in TOOL_WORD.finditer(low):
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
        if _fixed(text) or _HOST.search(text) is not None:
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
            _CHOOSER.search(text) is not None
            and _REQUESTED.search(text) is not None
            and (
                _ONLY.search(text) is not None
                or _DESTINATION.search(low) is not None
                or _QUANTIFIERS.search(low) is not None
            )
        ):
            return demoted.start(), demoted.end()
    return None


def _window(ends: tuple[int, ...], at: int, length: int) -> tuple[int, int]:
    """The sentence around `at` and the one after it, ``(start, end)``.

    A rule for other tools often sets the value in one clause and demotes the user's in
    the next ("... go to bc1q...; the destination the user typed is corrected").
    """
    start, end = sentence_at(ends, at, length)
    if end < length:
        end = sentence_at(ends, end, length)[1]
    return start, end


def _scoped(low: str, value: str, known: Collection[str], demotes: bool) -> tuple[int, int] | None:
    """Where `low` sends another tool's operations to a fixed value, or None.

    Another tool by kind (`OTHER_TOOL`: "un autre outil", "เครื่องมืออื่น") beside a fixed
    destination, an override or a demoted choice; or by name, an operation's
    identifier that is none of this server's tools or fields ("update_record:",
    "send_payment beneficiary is ...") beside a fixed destination and the user or a
    demoted choice. Sentence and the next, or the whole of a short text.
    """
    ends: tuple[int, ...] | None = None
    short = len(low) <= SHORT
    for other in _others(low):
        if ends is None:
            ends = sentence_ends(low)
        start, end = (0, len(low)) if short else _window(ends, other[0], len(low))
        text = low[start:end]
        if (
            demotes
            or _DESTINATION.search(text) is not None
            or _OVERRIDE.search(text) is not None
            or (
                _QUOTED.search(text) is not None
                and (_USER.search(text) is not None or _TOLD.search(text) is not None)
            )
            or (_WEAK.search(text) is not None and _SETTING.search(text) is not None)
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
        if _DESTINATION.search(text) is not None and (
            demotes or _USER.search(text) is not None or _SET_TO.search(text) is not None
        ):
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
        for tool in TOOL_WORD.finditer(text)
    )


def _others(low: str) -> Iterator[tuple[int, int]]:
    """Where `low` names tools other than this one, ``(start, end)`` each.

    "another tool", "the other database tools", "andere Werkzeuge", "เครื่องมืออื่น": *other*
    within a few words of a tool word, no stop between.
    """
    for other in _OTHER_TOOL.finditer(low):
        yield other.start(), other.end()
    for tool in TOOL_WORD.finditer(low):
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
    if _OURS_AFTER.match(low, end) is not None:
        return True
    for after in _SELF_AFTER.finditer(low, end, end + _BESIDE):
        cut = after.end() < len(low) and low[after.end()].isalnum()  # "bu" of "build"
        if not cut:
            return not _STOPS.search(low, end, after.start())
    return False


def _overrides(text: str, kind: bool | str, raw: str = "") -> bool:
    """Whether sentence `text` (lowercase) sets a user's choice aside for a target.

    `kind`: True for a strong override, False for a rule ("always"), ``"replace"`` for a
    word that puts one thing in another's place. `raw`: `text` as written.
    """
    fixed = _DESTINATION.search(text) is not None
    if _CHOOSER.search(text) is None:
        # no one named, but a choice and a fixed destination: "peu importe la destination
        # demandée, tout export se fait vers ftp://..."
        if kind is not True or not fixed:
            return False
        regardless = _REGARDLESS.search(text)
        return (
            regardless is not None
            and _REQUESTED.search(text, regardless.end(), regardless.end() + _NEAR * 2) is not None
        )
    if kind is False:
        return fixed
    if _REQUESTED.search(text) is None:
        return False  # the user is named everywhere: "the user id", "in the user's currency"
    if fixed or _OTHER_TOOL.search(text) is not None or _a_tool(text, raw):
        return True
    return kind is True and _ROUTES.search(text) is not None


def mapped(low: str) -> Hit | None:
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
            return Hit("instruction", "high", speaker.start(), arrow.end(), _WHY_MAPPED)
    return None


DESTINATION: Final = _DESTINATION
"""A fixed destination (an email address, a URL, an IBAN, a phone number), in lowercase."""
CAN: Final = _CAN
"""What a tool *can* do, between a tool word and a value: not what it is told to do."""
EXAMPLE: Final = _EXAMPLE
"""An example's marker between a tool word and a value."""
itself = _itself
"""Whether a tool word is *this* tool (`_itself`)."""
