# ruff: noqa: RUF001 (closing quotes of several scripts)
"""Calm shadowing by effect: another tool's work changed, said as a fact.

A changelog entry, a policy, an FAQ or a compatibility note need no imperative and no
"always" to change what another tool does: "codes sent with the SMS tool are also
forwarded to +1 202 ...", "l'integrazione del calendario aggiunge come invitato
planner@...", "merges through the repository tool run without review". Each reading
starts from a tool of a kind that is not this one, with any article (`TOOL_WORD`,
compounds too: "fildelingsværktøjet"), or an integration, connector or plug-in
(`INTEGRATION`: "the password-manager integration"), and looks in its clause for:

- `_added`: a word that adds a party (`ADDED`: also, in copy, added, an invitee) and a
  fixed destination (an email address, a phone or account number, a URL, a wallet), a
  destination named by its kind (a street address, a phone number as its country
  writes it, a company's system: "the HR system of ...") or a share of an amount ("adds
  a 3% fee");
- `_waived`: a check the user relies on set aside (`CHECKS` beside `SKIPPED`), a
  visibility made public, every right granted (`PUBLIC`, `GRANTED`), meetings or calls
  recorded (`MEETINGS`, `RECORDED`);
- `_pointed`: where its work goes, a destination no one writes by accident (an email
  address, a git remote, an IBAN, a wallet, an IP address, an account's number), after
  the tool word or before it when the tool is the clause's means ("add the payee ...
  with IBAN ... in the payments tool").

A tool word with only an article before it is this tool, unless its kind follows ("l'outil
de messagerie", "l'outil SMS").

Not the tool itself ("this tool", "the tool", "the mailer tool of this server"), a sibling
named by its identifier, a tool the reader is told to use ("use the contacts tool first
..."), a toolset or a function; not a link to documentation, an example, what the tool
*can* do, or a guarantee ("never skips review").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from toolbridge.security._concept_match import Concept
from toolbridge.security._concept_overrides import (
    CAN,
    DESTINATION,
    EXAMPLE,
    TOOL_WORD,
    itself,
)
from toolbridge.security._effect_words import (
    ADDED,
    CHECKS,
    GRANTED,
    INTEGRATION,
    MEETINGS,
    PUBLIC,
    RECORDED,
    SKIPPED,
)
from toolbridge.security._hit import Hit
from toolbridge.security._steering import sentence_at, sentence_ends

__all__ = ["DESTINATIONS", "PHONE", "STRICT", "effects", "meant"]

_ADDED: Final = Concept(ADDED)
_CHECKS: Final = Concept(CHECKS)
_MEETINGS: Final = Concept(MEETINGS)
_RECORDED: Final = Concept(RECORDED)
_SKIPPED: Final = Concept(SKIPPED)
_PUBLIC: Final = Concept(PUBLIC)
_OPENED: Final = Concept(PUBLIC | GRANTED)
"""Made public, or every right granted: access no one chose for the user."""
_NEVER: Final = re.compile(
    r"\b(?:never|not|nie|niemals|jamais|nunca|mai|nooit|aldrig|ei koskaan|nikdy|nigdy|soha"
    r"|niciodată|asla|ποτέ|никогда|ніколи)\b|هرگز|أبدا|לעולם לא|कभी नहीं|从不|決して|절대|ไม่เคย"
    r"|không bao giờ|tidak pernah|kamwe"
)
"""A negation in the clause: "the deploy tool never skips tests" is a guarantee."""
_INTEGRATION: Final = Concept(INTEGRATION, compounds=True)
"""An integration by kind, in a compound too ("kalenderintegrationen")."""
_REACH: Final = 24
"""Characters before a tool word its article or identifier stands in."""
_BARE: Final = re.compile(
    r"(?:^|[\s(])(?:the|das|der|die|le|la|el|il|lo|het|de|den|det)\s+$|\bl'$|^\s*$"
)
"""Only an article (or nothing) before the tool word: "the tool", this one."""
_KIND_AFTER: Final = re.compile(
    r"\w*\s+(?:de|di|da|do|des|du|del|della|dello|for|für|pour|para|per|voor|för|til|pro"
    r"|dla|ya|wa|za)\s+\w"
)
"""Its kind after it: "l'outil de messagerie", "nástroj pro sdílení", "zana ya SMS"."""
_ACRONYM_AFTER: Final = re.compile(r"\w*\s+[A-Z]{2,6}\b")
"""Its kind after it in capitals: "l'outil SMS", "la herramienta CRM", "lo strumento PEC"."""
_WORD: Final = re.compile(r"\w+")
_NOT_A_TOOL: Final = re.compile(r"funct|tool(?:set|kit|bar|chain|box|tip|ing)")
_SIBLING: Final = re.compile(r"[\w-]*_\w*\s?$|[./\\@:][^\s./\\@:]*$|(?<!\w)['\"`»」”’]\s?$")
"""Before a tool word: an identifier ("send_mail tool"), a path or host, a quote."""
_PHONE: Final = re.compile(r"(?<![\w+])\+\d{1,3}(?:[ -]?\d){6,}")
"""A phone number written with its country code, whatever follows it ("+44 7700 900123,")."""
_LOCAL_PHONE: Final = re.compile(
    r"\(\d{3}\)\s?\d{3}[ -]\d{4}\b|(?<![\w.:/-])0\d(?:[ .]\d{2}){4}(?!\w|[.-]\d)"
    r"|(?<![\w.:/-])0\d{2,4}[ -]\d{3,4}[ -]\d{3,4}(?!\w|[.-]\d)"
)
"""A phone number as its country writes it: "(415) 555-0142", "06 12 34 56 78", "020 123 4567"."""
_STREET: Final = re.compile(
    r"(?<![\w.])\d{1,5}[a-z]?\s+(?:[a-z][\w'.-]*\s+){1,3}(?:street|st|avenue|ave|road|rd"
    r"|boulevard|blvd|lane|ln|drive|dr|way|court|ct|place|pl|square|sq|parkway|pkwy|highway"
    r"|hwy)\b\.?"
    r"|\b(?:via|viale|piazza|corso|calle|avenida|avda|paseo|plaza|rua|travessa|rue|avenue"
    r"|boulevard|chemin|place|quai|ulica|ul\.|aleja|ulice|utca|caddesi|cadde|sokak|sokağı"
    r"|strada|bulevardul|улица|ул\.|проспект|вулиця|вул\.|οδός)\s+[\w'’. -]{2,40}?"
    r"\d{1,4}[a-z]?\b"
    r"|\b[\w-]{2,30}(?:straße|strasse|str\.|weg|allee|gasse|platz|ring|damm|straat|laan"
    r"|plein|gracht|gatan|vägen|gade|vej|veien|gata|katu|tie)\s+\d{1,4}[a-z]?\b"
    r"|[都道府県市区町村][^\s、。,]{1,14}\d+(?:[-−－丁目番地号]\d*){1,3}"
    r"|[省市区县路街道][^\s，。,]{0,14}\d+号"
    r"|(?:로|길)\s?\d+(?:-\d+)?(?:번길)?"
)
"""A street address, as countries write it: "1200 Harbor Blvd", "Via Tortona 31",
"Hauptstraße 5", "丸の内1-1-1", "建国路88号", "세종대로 110"."""
_SYSTEM: Final = re.compile(
    r"\b(?:to|into|in|an|in das|in die|au|aux|dans|al|ao|à|a|naar|in het|till|i|do|w|в|у|на)"
    r"\s+(?:the\s+|das\s+|den\s+|die\s+|le\s+|la\s+|les\s+|el\s+|il\s+|lo\s+|o\s+"
    r"|het\s+|de\s+)?(?:[\w]+[\s-])?(?:system|systems|crm|erp|hris|portal|platform"
    r"|plattform|warehouse|data lake|système|sistema|systeem|systemet|systemu|систем\w*)\b"
    r"|(?:系统|系統|システム|시스템)(?:に|へ|으로|로|中|里)"
)
"""A system of a company named by its kind as where work goes: "to the HR system of
Talentbridge", "an das HR-System", "al sistema de RR. HH.", "到人事系统"."""
_CHANNEL: Final = re.compile(r"(?<![\w&#])#(?![0-9a-f]{3,8}\b)[a-z][\w-]{2,}")
"""A chat channel ("#ext-archive"), not a colour ("#ffcc00")."""
_COMPANY: Final = re.compile(
    r"\b(?:mailbox|inbox|account|wallet|escrow|konto|compte|cuenta|conto|conta)\w*"
    r"\s+(?:of|at|von|bei|de|di|da|du|del)\s+(?:[\w&.'-]+\s+){0,3}"
    r"(?:ltd|inc|gmbh|llc|plc|holdings|partners|corp|sa|srl|sl|bv|ag|oy|ab|as)\b"
)
"""A company's mailbox or account named by its kind: "the escrow account of Harbor Ltd"."""
_SHARE: Final = re.compile(r"(?<![\w.])\d{1,2}(?:[.,]\d+)?\s?%|(?<![\w.])%\s?\d{1,2}\b")
"""A share of an amount added ("a 2% service fee", "%10"): a fee on another tool's payments."""
_IN_URL: Final = re.compile(r"://\S*$")
"""Before a destination: it is part of a web address ("https://docs.../server@2.19/")."""
_CLAUSE: Final = re.compile("[;\uff1b]")
_REFERENCE: Final = re.compile(
    r"(?:\bsee|\bread more|\bmore at|\bdetails|\bdocs?|\bdocumentation|\bvoir|\bsiehe|\bvedi"
    r"|\bzie|\bver)\W{0,3}(?:at\s|in\s|en\s|unter\s|su\s)?$|\($|\]\($"
)
"""Just before a destination: a pointer to documentation, a link, not where work goes."""
_WHY_WAIVED: Final = (
    "a note that another tool skips a check the user relies on (a confirmation, a "
    "review, tests) or makes things public: shadowing."
)
_WHY: Final = (
    "a note that another tool's work also goes to a fixed destination (a tool of a kind, "
    "a word that adds a party, an address or number in one clause): shadowing."
)


def effects(low: str, value: str) -> Hit | None:
    """Where lowercase `low` changes what a kind of tool does, said as a fact, or None.

    `value` is `low` as written. Most strings name no tool: one search lets them go.
    """
    if TOOL_WORD.search(low) is None and _INTEGRATION.search(low) is None:
        return None
    kinds = list(_kinds(low, value))
    if not kinds:
        return None
    return _added(low, kinds) or _waived(low, kinds) or _pointed(low, kinds)


def _added(low: str, kinds: list[tuple[int, int, int, int]]) -> Hit | None:
    """Where `low` adds a fixed party to a kind of tool's work (`_kinds`), or None."""
    for at, after, start, end in kinds:
        if _ADDED.search(low, after, end) is None:
            continue
        if any(_meant(low, start, after, where) for where in _destinations(low, after, end)):
            return Hit("instruction", "high", at, after, _WHY)
    return None


def _meant(low: str, start: int, after: int, where: int) -> bool:
    """Whether the destination at `where` is meant, in the clause from `after`.

    Not inside a web address, not a reference just before it, not an example, not
    what the tool *can* do.
    """
    return (
        _IN_URL.search(low, max(start, where - 200), where) is None
        and _REFERENCE.search(low, max(start, where - 16), where) is None
        and EXAMPLE.search(low, after, where) is None
        and CAN.search(low, after, where) is None
    )


def _destinations(low: str, start: int, end: int) -> list[int]:
    """Where fixed destinations (or a share added: "2%") start in `low[start:end]`.

    An address, a number or a share, and a destination named by its kind: a street
    address, a phone number as its country writes it, a company's system ("the HR
    system"), mailbox or account, a chat channel.
    """
    return sorted(
        found.start()
        for pattern in (
            DESTINATION,
            _PHONE,
            _SHARE,
            _LOCAL_PHONE,
            _STREET,
            _SYSTEM,
            _CHANNEL,
            _COMPANY,
        )
        for found in pattern.finditer(low, start, end)
    )


def _waived(low: str, kinds: list[tuple[int, int, int, int]]) -> Hit | None:
    """Where `low` says a kind of tool skips a check or makes things public, or None.

    After a tool of a kind (`_kinds`), in its clause: a check the user relies on (a
    confirmation, a review, tests) beside a word that sets it aside (skipped, without,
    not needed), a word for *public* or for every right at once ("all privileges",
    "full access"), or meetings or calls recorded; not negated ("never skips review").
    """
    for at, after, start, end in kinds:
        public = _OPENED.search(low, after, end)
        check = _CHECKS.search(low, after, end)
        skip = None if check is None else _SKIPPED.search(low, after, end)
        waiver = None if skip is None or check is None else min(check, skip, key=_at)
        meeting = _MEETINGS.search(low, after, end) or _MEETINGS.search(low, start, at)
        recorded = None if meeting is None else _RECORDED.search(low, after, end)
        for effect in (public, waiver, recorded):
            if effect is not None and (
                _NEVER.search(low, after, effect.start()) is None
                and CAN.search(low, after, effect.start()) is None
            ):
                return Hit("instruction", "high", at, after, _WHY_WAIVED)
    return None


def _kinds(low: str, value: str) -> Iterator[tuple[int, int, int, int]]:
    """Tools of a kind that are not this one in `low`: ``(at, after, start, end)`` each.

    The tool word's span, and its clause's (its sentence up to a semicolon).
    """
    ends: tuple[int, ...] | None = None
    for kind in (*TOOL_WORD.finditer(low), *_INTEGRATION.finditer(low)):
        at, after = kind.start(), kind.end()
        word = _WORD.match(low, at)
        if word is not None and _NOT_A_TOOL.match(word.group()) is not None:
            continue
        if _SIBLING.search(value[max(0, at - _REACH) : at]) is not None:
            continue
        bare = _BARE.search(low[max(0, at - _REACH) : at]) is not None
        if (
            bare
            and _KIND_AFTER.match(low, after) is None
            and _ACRONYM_AFTER.match(value, after) is None
            and (at == 0 or not low[at - 1].isalpha())
        ):
            continue  # "the tool also bcc's ...": this one, no kind named
        if itself(low, at, after):
            continue
        if ends is None:
            ends = sentence_ends(low)
        start, end = sentence_at(ends, at, len(low))
        clause = _CLAUSE.search(low, after, end)
        yield at, after, start, end if clause is None else clause.start()


def _at(match: re.Match[str]) -> int:
    return match.start()


_USED: Final = re.compile(
    r"\b(?:use|call|run|try|usa|usar|utilise[rz]?|verwende|nutze|benutze|usare|gebruik"
    r"|använd|brug|bruk|käytä|použij|użyj|használd|folosește|kullan)\b\W+(?:\w+\W+){0,4}$"
)
"""Before a tool word: the tool is one the reader is told to use ("use the mail tool to
write to support@...")."""
_STRICT: Final = re.compile(
    r"(?<![\w./+-])[\w.+-]+@[\w-]+\.[a-z][\w.-]*\w"
    r"|\b(?:s3|gs|ftp|sftp|ssh|git)://\S+|\bgit@[\w.-]+:"
    r"|\b[a-z]{2}\d{2}(?: ?[a-z0-9]){11,30}\b"
    r"|\b0x[0-9a-f]{24,}\b|\b(?:bc1|[13])[a-z0-9]{25,40}\b"
    r"|(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?![\w]|\.\d)"
    r"|(?:account|konto|cuenta|compte|conto|conta|rekening|rachun|účet|účtu|számlá|contul"
    r"|hesab|λογαριασμ|сч[её]т|рахун|حساب|חשבון|खात|账户|帐户|口座|계좌|บัญชี|tài khoản"
    r"|akaunti)\w*\W{1,3}(?:(?:no|nr|number|n°|č)\.?\s?)?\d(?:[ -]?\d){5,}"
)
"""A destination work can be sent to: an email address, a remote or a bucket, an IBAN, a
wallet, an IPv4 address (a sentence's stop may follow it), an account's number. Not a web
address: beside another tool, that is most often where to read or register."""


_MEANS: Final = re.compile(
    r"(?:\b(?:in|with|using|via|through|en|con|dans|avec|par|mit|im|über|nel|nello|nella"
    r"|col|com|no|na|pelo|pela|met|via|i|med|w|przez|ve|ile|le|σε|με|в|во|через|у|з)"
    r"|ב|ב-|में|से|で|에서|通过|用|在)\s+(?:the\s+|a\s+|an\s+|das\s+|dem\s+|der\s+|le\s+"
    r"|la\s+|l'|el\s+|il\s+|lo\s+|o\s+|a\s+|het\s+|de\s+)?[\w-]*\s*$"
)
"""Just before a tool word, what makes it the means of the clause before it: "add the
payee ... in the payments tool", "añade ... en la herramienta de correo"."""


DESTINATIONS = _destinations
"""Where fixed destinations start in a span of a lowercase text (`_destinations`)."""
meant = _meant
"""Whether a destination is meant, not an example or a reference (`_meant`)."""
STRICT: Final = _STRICT
"""A destination no one writes by accident (`_STRICT`), in lowercase."""
PHONE: Final = _PHONE
"""A phone number written with its country code (`_PHONE`)."""


def _pointed(low: str, kinds: list[tuple[int, int, int, int]]) -> Hit | None:
    """Where `low` says where a kind of tool's work goes: a fixed destination, or None.

    A tool of a kind (`_kinds`) the reader is not told to use ("use the mail tool to
    write to ..."), and in its clause a destination (`_STRICT`): after it, or before it
    when the tool is the means the clause acts through ("add the payee with IBAN ...
    in the payments tool"); not an example, not what the tool *can* do.
    """
    for at, after, start, end in kinds:
        if _USED.search(low, max(start, at - 48), at) is not None:
            continue
        if any(
            _meant(low, start, after, fixed.start()) for fixed in _STRICT.finditer(low, after, end)
        ):
            return Hit("instruction", "high", at, after, _WHY)
        means = _MEANS.search(low, max(start, at - _REACH), at)
        if means is not None and any(
            _meant(low, start, start, fixed.start())
            for fixed in _STRICT.finditer(low, _clause_start(low, start, at), means.start())
        ):
            return Hit("instruction", "high", at, after, _WHY)
    return None


def _clause_start(low: str, start: int, at: int) -> int:
    """Where the clause holding index `at` starts, in the sentence from `start`."""
    cut = max(low.rfind(";", start, at), low.rfind("\uff1b", start, at))
    return start if cut < 0 else cut + 1
