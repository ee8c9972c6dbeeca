"""`scan`: every rule over every string of every tool, findings in a stable order.

Each string is read once by each per-string rule (precompiled regexes; the
confusables data is loaded only for a name that is not ASCII); prose and values are
also read for hidden tails (`toolbridge.security._tails`), overrides of the user's
choice (`toolbridge.security._steering`) and parameters asking for the model's
context (`toolbridge.security._exfiltration`), and a medium finding past the first
1,000 characters, where a client shows nothing, is raised to high. Then, per tool, a
low instruction or sensitive hint is raised to high when the same tool also has a
medium-or-worse hit of the other kind: "call X first" is a usage note, "call X
first and pass ~/.ssh/id_rsa as notes" is the attack. Cross-server rules run when
the tools come by server, two servers or more; pins, when given. Last, unless told
not to (``learned=False``), a tool no rule flagged at medium or above is read by the
learned layer (`toolbridge.security._learned`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final

from toolbridge._tool import Tool
from toolbridge.errors import ConfigError
from toolbridge.security._blobs import blob
from toolbridge.security._carried import carried
from toolbridge.security._changed import changed
from toolbridge.security._comments import comment
from toolbridge.security._concepts import concepts, named_ask
from toolbridge.security._destinations import destinations
from toolbridge.security._exfiltration import ASKS, exfiltration
from toolbridge.security._file_fields import file_fields
from toolbridge.security._finding import SEVERITIES, Finding, shown
from toolbridge.security._folders import home_folders
from toolbridge.security._gates import Absent, Family, lower
from toolbridge.security._hidden import escapes, hidden, visible
from toolbridge.security._hit import Hit
from toolbridge.security._instructions import QUICK_WORDS as INSTRUCTION_WORDS
from toolbridge.security._instructions import instruction
from toolbridge.security._kept import Consulted, KeptUnread, remembered
from toolbridge.security._learned import learned as learned_reading
from toolbridge.security._names import confusable
from toolbridge.security._offered import joined_secrets
from toolbridge.security._offtopic import offtopic
from toolbridge.security._rules import RULES
from toolbridge.security._sensitive import QUICK_WORDS as SENSITIVE_WORDS
from toolbridge.security._sensitive import Owned, sensitive_alone, settled
from toolbridge.security._service_keys import service_keys
from toolbridge.security._shadowing import collisions, shadowing, vocabulary
from toolbridge.security._steering import STEERS, steering
from toolbridge.security._strings import Text, strings
from toolbridge.security._tails import beyond, far, repeated, shown_at, tail
from toolbridge.security._unlisted import unlisted

__all__ = ["scan"]

READ_LIMIT: Final = 12_000
"""Characters of each string the instruction and secret rules read (a longer string
is an oversized finding already)."""
TOOL_BUDGET: Final = 100_000
"""Characters of one tool's strings the instruction and secret rules read in all: a
server cannot make the scan take minutes. Text past it is a finding of its own."""
PHRASE_MIN: Final = 6
"""Characters a string needs for the instruction and secret rules to read it: nothing
they find is shorter (``id_rsa``), and half a definition's strings are (``limit``)."""
_BLANK: Final = re.compile(r"\s")
_WORDS: Final = re.compile(r"\w+")
_INTO: Final = re.compile(
    r"(?<![\w-])(?:in|into|inside|as|dans|en|como|als|nel|nella|come|em|no|na|w|do|в|во)\s+"
    r"(?:(?:the|le|la|el|das|den|die|o|a|il)\s+)?[`'\"]?$"
)
"""A preposition of place just before a parameter's name: "... in status"."""
_NOT_INTO: Final = re.compile(r"[`'\"]?(?:[\w'\u2019]|\s+(?:of|de|des|du|von|di|do|da)\b)")
"""Just after the name: it goes on (a longer word, "status of the job"), not a field."""
_INTO_CJK_AFTER: Final = re.compile(
    r"[`'\"]?\s?(?:に入|にい|へ|에 |에다|에는|中|里|内|字段|欄|フィールド|필드)"
)
"""Just after a parameter's name, where Japanese, Chinese and Korean put the place ("status
に入れて", "status 字段", "status 에 넣으세요")."""
_INTO_CJK_BEFORE: Final = re.compile(
    r"(?:填入|放入|写入|寫入|放到|填到|填写到|加入|放進|填進)\s?[`'\"]?$"
)
"""Just before it: "填入 status", "放入 status"."""
_REACH: Final = 16
"""Characters before a parameter's name its preposition and article stand in."""
_SECRET_NAME: Final = re.compile(r"token|key|secret|passw|credential|auth|pin|otp|cookie")
"""A parameter named for a secret: where one belongs."""
_VALUE_SLOTS: Final = frozenset({"enum", "const", "default", "examples"})
"""Where an input schema offers the model a value to send."""
_RANK: Final[dict[str, int]] = {severity: rank for rank, severity in enumerate(SEVERITIES)}
_SPLIT: Final = " Raised: they split words that read as instructions without them."
_PAIRED: Final = {"instruction": "sensitive-reference", "sensitive-reference": "instruction"}
_HEADS: Final = Family(*STEERS.members, *ASKS.members)
"""Where the words of `steering` and `exfiltration` may start: one pass over a string
for both, each member's positions what the rule's own `Family` finds."""
_STEERED: Final = len(STEERS.members)
_QUIET: Final = Absent(INSTRUCTION_WORDS | SENSITIVE_WORDS)
"""Every word `instruction` and `sensitive_alone` gate on, in one search."""


def scan(
    tools: Iterable[Tool] | Mapping[str, Iterable[Tool]],
    *,
    pins: Mapping[str, Mapping[str, str]] | None = None,
    disable: Iterable[str] = (),
    learned: bool = True,
) -> list[Finding]:
    """Look for poisoning in tool definitions, offline; the findings, sorted.

    Args:
        tools: The tools, or ``{server: tools}``: with two servers or more, a tool
            naming another server's tool (shadowing) and names offered twice are
            findings too. A plain iterable's tools belong to their ``namespace``.
        pins: ``{server: {tool name: fingerprint}}``: a pinned server's tool whose
            fingerprint differs, or that is not pinned, is ``definition-changed``.
        disable: Rule ids to skip (see `RULES`).
        learned: Also read each tool no rule flagged at medium or above with the
            learned layer (the ``learned`` rule: a statistical reading of its words,
            medium). On by default: it finds attacks worded as no rule expects; False
            runs the rules alone, which flag fewer honest tools that talk about
            secrets or attacks (docs/security.md).

    Returns:
        The findings, by server, tool, JSON path and rule.

    Raises:
        ConfigError: `disable` names no rule.
    """
    off = frozenset(disable)
    unknown = sorted(off - RULES.keys())
    if unknown:
        raise ConfigError(f"unknown rule ids {unknown}; the rules are {sorted(RULES)}")
    servers = _by_server(tools)
    learn = learned and "learned" not in off
    findings: list[Finding] = []
    cross = isinstance(tools, Mapping) and len(servers) > 1
    owners: dict[str, set[str]] = {}
    if cross:
        for server, listed in servers.items():
            for tool in listed:
                owners.setdefault(tool.name, set()).add(str(server))
    for server, listed in servers.items():
        others = (
            {
                name: sorted(owned - {str(server)})[0]
                for name, owned in owners.items()
                if str(server) not in owned
            }
            if cross and "shadowing" not in off
            else {}
        )
        every = [strings(tool) for tool in listed]
        own = vocabulary(text for texts in every for text in texts) if others else set()
        names = frozenset(tool.name for tool in listed)
        seen = names | owners.keys()
        words = _vocabulary_of(every)
        for tool, texts in zip(listed, every, strict=True):
            mine = _tool(server, tool, texts, off, names)
            if others:
                mine.extend(shadowing(str(server), tool, texts, others, own))
            if "shadowing" not in off and not any(f.rule == "shadowing" for f in mine):
                mine.extend(unlisted(server, tool.name, texts, seen, words))
            if learn and not any(_RANK[f.severity] >= 1 for f in mine):
                reading = learned_reading(server, tool.name, texts)
                if reading is not None:
                    mine.append(reading)
            findings.extend(mine)
        if pins is not None and "definition-changed" not in off:
            findings.extend(changed(server, listed, pins))
    if cross and "name-collision" not in off:
        findings.extend(collisions({str(s): listed for s, listed in servers.items()}))
    findings.sort(key=_order)
    return findings


def _vocabulary_of(every: list[list[Text]]) -> Callable[[], set[str]]:
    """The server's vocabulary (`vocabulary`), read at the first call only.

    Most scans never need it: `unlisted` asks for it only for a name that would count.
    """
    read: list[set[str]] = []

    def words() -> set[str]:
        if not read:
            read.append(vocabulary(text for texts in every for text in texts))
        return read[0]

    return words


def _by_server(
    tools: Iterable[Tool] | Mapping[str, Iterable[Tool]],
) -> dict[str | None, list[Tool]]:
    """The tools grouped by server, in the order given."""
    if isinstance(tools, Mapping):
        return {str(server): list(listed) for server, listed in tools.items()}
    grouped: dict[str | None, list[Tool]] = {}
    for tool in tools:
        grouped.setdefault(tool.namespace, []).append(tool)
    return grouped


def _tool(
    server: str | None,
    tool: Tool,
    texts: Sequence[Text],
    off: frozenset[str],
    names: frozenset[str] = frozenset(),
) -> list[Finding]:
    """The per-string rules' findings on one tool, hints raised where paired."""
    hits: list[tuple[Text, Hit]] = []
    budget = TOOL_BUDGET
    siblings = frozenset((tool.name, *names))
    properties = tool.input_schema.get("properties")
    parameters = frozenset(properties) if isinstance(properties, Mapping) else frozenset()
    # read once a tool, not once a string: the names `_names_a_parameter` and `_fills` seek
    underscored = tuple(name for name in parameters if "_" in name)
    fillable = tuple(name for name in parameters if name and _SECRET_NAME.search(name) is None)
    known = siblings | {text.value for text in texts if text.kind == "name"}
    # A definition repeats strings (one description on two parameters, an enum's values
    # in two places): each is read once per tool, by what its hits depend on.
    readings: dict[tuple[object, ...], list[Hit | None]] = {}
    # The pattern rules read a string's first READ_LIMIT characters: a longer one is an
    # oversized finding already, and a server cannot make the scan take minutes.
    read_values: list[str] = []
    for text in texts:
        read_values.append(text.value[: min(READ_LIMIT, max(budget, 0))])
        budget -= len(read_values[-1])
    loud = _loud(read_values)
    for text, value in zip(texts, read_values, strict=True):
        is_name = text.kind == "name"
        found = list(_look(text.value, is_name))
        if len(value) >= PHRASE_MIN:
            field = text.path[0] == "inputSchema"
            described = not field and _names_a_parameter(value, parameters, underscored, text.path)
            filled = () if field else _fills(value, fillable)
            offered = (
                field and not is_name and "_" in value and bool(_VALUE_SLOTS & {*text.path[-2:]})
            )
            reading = (value, is_name, field, described, filled, offered)
            read = readings.get(reading)
            if read is None:
                read = readings[reading] = _read(
                    value,
                    is_name,
                    field,
                    described,
                    filled,
                    offered,
                    tool.name,
                    siblings,
                    known,
                    worded=value in loud,
                )
            found.extend(read)
        for hit in found:  # a loop: a generator a string costs more than it reads
            if hit is not None and hit.rule not in off:
                hits.append((text, hit))
        shown_text = visible(value)
        if shown_text != value:  # words split by invisible characters, read again
            seen = text._replace(value=shown_text)
            again = _phrases(shown_text, is_name, tool.name)
            rules = {hit.rule for hit in found if hit is not None}
            hits.extend((seen, hit) for hit in again if hit.rule not in rules | off)
            if any(_RANK[hit.severity] >= 1 and hit.rule not in rules for hit in again):
                hits.extend(
                    (text, hit._replace(severity="high", why=hit.why + _SPLIT))
                    for hit in found
                    if hit is not None and hit.rule == "hidden-characters" and hit.rule not in off
                )
    if "sensitive-reference" not in off:
        hits.extend(offtopic(tool, texts))
        hits.extend(destinations(tool, texts))
        hits.extend(file_fields(tool, texts))
        hits.extend(home_folders(tool, texts))
        hits.extend(service_keys(tool, server, texts))
        hits.extend(joined_secrets(texts))
    worst: dict[str, int] = {}
    for _, hit in hits:
        worst[hit.rule] = max(worst.get(hit.rule, 0), _RANK[hit.severity])
    findings: dict[tuple[tuple[str | int, ...], str], tuple[Text, Hit]] = {}
    for text, hit in hits:
        partner = _PAIRED.get(hit.rule)
        if partner is not None and hit.severity in ("low", "medium") and worst.get(partner, 0) >= 1:
            hit = hit._replace(
                severity="high",
                why=hit.why
                + " Raised: the tool also "
                + (
                    "points at secrets."
                    if partner == "sensitive-reference"
                    else "gives the model instructions."
                ),
            )
        key = (text.path, hit.rule)
        kept = findings.get(key)
        if kept is None or _RANK[hit.severity] > _RANK[kept[1].severity]:
            findings[key] = (text, hit)
    total = sum(len(text.value) for text in texts)
    unread: list[Finding] = []
    if total > TOOL_BUDGET and "encoded-blob" not in off:
        unread.append(
            Finding(
                rule="encoded-blob",
                severity="medium",
                tool=tool.name,
                server=server,
                path=(),
                text=f"{total:,} characters",
                why=f"{total:,} characters of text in one definition: the instruction and "
                f"secret rules read only its first {TOOL_BUDGET:,}.",
            )
        )
    return unread + [
        Finding(
            rule=hit.rule,
            severity=hit.severity,
            tool=tool.name,
            server=server,
            path=text.path,
            text=shown(text.value, hit.start, hit.end),
            why=hit.why,
        )
        for text, hit in findings.values()
    ]


@remembered
def _look(value: str, is_name: bool) -> tuple[Hit | None, ...]:
    """The hits of the rules that read the whole of a string: characters, blobs, tails."""
    if is_name:
        return (hidden(value), escapes(value), blob(value), confusable(value))
    return (
        hidden(value),
        escapes(value),
        blob(value),
        tail(value) or repeated(value),
        comment(value),
    )


@remembered
def _told(
    value: str, is_name: bool, quiet: bool
) -> tuple[tuple[Hit, ...], tuple[Hit | Owned, ...]]:
    """The instruction and secret rules' readings of `value` (none when `quiet`).

    The instruction rule's hits, a credential file sent away too; and the secret rule's
    reading, which the tool settles (`settled`: a file may be the tool's own subject).
    """
    told = () if quiet else tuple(instruction(value))
    sent = None if is_name else carried(value)
    if sent is not None:
        told = (*told, sent)
    return told, () if quiet else sensitive_alone(value, name=is_name)


@remembered
def _asked(value: str, field: bool) -> tuple[Sequence[Sequence[int]], Hit | None, Hit | None]:
    """Where the steering and exfiltration rules' words start in `value` (`_HEADS`).

    With the exfiltration rule's hit and `beyond`'s: they read the string alone.
    """
    heads = _HEADS.starts(lower(value))
    return heads, exfiltration(value, field=field, starts=heads[_STEERED:]), beyond(value)


_CONCEIVED: Final[KeptUnread[tuple[Hit, ...]]] = KeptUnread()
"""`_conceived`'s readings that read no name."""


def _conceived(
    value: str, field: bool, described: bool, filled: tuple[int, ...], known: frozenset[str]
) -> tuple[Hit, ...]:
    """`concepts` of `value`, kept when it read none of the names `known` (most strings).

    Such a reading holds for any tool: the names are the only part of the tool it reads
    that is not in the key.
    """
    arguments = (field, described, filled)
    kept = _CONCEIVED.get(value, arguments)
    if kept is not None:
        return kept
    names = Consulted(known)
    read = tuple(concepts(value, field=field, described=described, known=names, filled=filled))
    _CONCEIVED.keep(value, arguments, read, names)
    return read


def _spaced(value: str) -> str:
    """`value` as `_QUIET` reads it: lowercase, ``_`` and ``-`` as spaces."""
    return value.lower().replace("_", " ").replace("-", " ")


def _loud(values: Sequence[str]) -> set[str]:
    """Those of `values` (read by the phrase rules) that hold a word `_QUIET` gates on.

    One search for a tool's strings, not one a string: `Absent.each`.
    """
    read = list(dict.fromkeys(value for value in values if len(value) >= PHRASE_MIN))
    return {
        value
        for value, none in zip(read, _QUIET.each([_spaced(value) for value in read]), strict=True)
        if not none
    }


def _phrases(value: str, is_name: bool, topic: str, worded: bool | None = None) -> list[Hit]:
    """The instruction and secret rules' hits on `value`, a credential file sent away too.

    Most strings hold no word either rule gates on: one search skips both (a name in
    another script is read whole by `sensitive_alone`, as its `QUICK_WORDS` says).
    `worded`: whether `value` holds such a word, when the tool's strings were searched at once
    (`_loud`); None: searched here.
    """
    if worded is None:
        worded = not _QUIET.of(_spaced(value))
    quiet = (not is_name or value.isascii()) and not worded
    told, secrets = _told(value, is_name, quiet)
    return [*told, *settled(secrets, topic)] if secrets else list(told)


def _read(
    value: str,
    is_name: bool,
    field: bool,
    described: bool,
    filled: tuple[int, ...],
    offered: bool,
    topic: str,
    siblings: frozenset[str],
    known: frozenset[str],
    *,
    worded: bool | None = None,
) -> list[Hit | None]:
    """The hits of the phrase rules on `value` (its first `READ_LIMIT` characters).

    `field`: it is in the input schema; `described`, `filled`: what it says of the
    tool's fields (`_names_a_parameter`, `_fills`); `offered`: a value the input schema
    offers the model. A medium hit past what a client shows is raised (`far`).
    """
    read: list[Hit | None] = [*_phrases(value, is_name, topic, worded)]
    if not is_name and (not value.isascii() or _BLANK.search(value) is not None):
        heads, sent, past = _asked(value, field)
        read += [
            *steering(value, siblings, heads[:_STEERED]),
            sent,
            past,
            *_conceived(value, field, described, filled, known),
        ]
    elif not is_name and ("://" in value or "{" in value):
        # one ASCII word (an enum value, an id) holds no sentence, but a URL may be
        # one the model is to fill with data, and a template slot one it is to fill
        read += [exfiltration(value, field=field), *concepts(value, field=field)]
    elif offered:
        # a value offered to the model that names what to send
        read.append(named_ask(value))
    cut = shown_at(value)
    return [
        far(hit) if hit is not None and hit.start >= cut and hit.severity == "medium" else hit
        for hit in read
    ]


def _names_a_parameter(
    text: str,
    parameters: frozenset[str],
    underscored: tuple[str, ...],
    path: tuple[str | int, ...],
) -> bool:
    """Whether `text`, outside the input schema, names one of the tool's parameters.

    As code (`` `note` ``), or by an identifier's name as a word (``payment_id``, in an
    error's description too; `underscored`: those of `parameters` holding a ``_``), or,
    in a title (the tool's or its annotations'), by any name as a word ("fyll meta med
    ..."). What it says is then said about what goes in that field.
    """
    if "`" in text and any(f"`{name}`" in text for name in parameters):
        return True
    titled = path[-1:] == ("title",) and path[0] in ("title", "annotations")
    named = [name for name in (parameters if titled else underscored) if name in text]
    return bool(named) and not set(named).isdisjoint(_WORDS.findall(text))


def _fills(text: str, parameters: tuple[str, ...]) -> tuple[int, ...]:
    """Where `text`, outside the input schema, says to put something *in* a parameter.

    "... in status", "... dans message", "... als `notes`": a preposition of place
    before one of the tool's parameters by name. `parameters`: the tool's, less the
    empty name and those named for a secret (``token``, ``api_key``: where a secret
    belongs).
    """
    if not parameters:
        return ()
    low = text.lower()
    places: list[int] = []
    for name in parameters:
        if name not in low:
            continue  # most descriptions name no parameter: one substring test each
        at = low.find(name)
        while at >= 0:
            after = at + len(name)
            if (
                _INTO.search(low, max(0, at - _REACH), at) is not None
                and _NOT_INTO.match(low, after) is None
            ) or (
                _INTO_CJK_AFTER.match(low, after) is not None
                or _INTO_CJK_BEFORE.search(low, max(0, at - _REACH), at) is not None
            ):
                places.append(at)
            at = low.find(name, at + 1)
    return tuple(sorted(places))


def _order(finding: Finding) -> tuple[str, str, tuple[tuple[int, int, str], ...], str]:
    path = tuple((0, part, "") if isinstance(part, int) else (1, 0, part) for part in finding.path)
    return (finding.server or "", finding.tool, path, finding.rule)
