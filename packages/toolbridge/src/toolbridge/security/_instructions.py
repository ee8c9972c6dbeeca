"""Text addressed to the model rather than describing the tool.

The shapes published attacks use (Invariant Labs' tool poisoning and shadowing,
Trail of Bits' line jumping, CyberArk's full-schema poisoning): ``<IMPORTANT>``-style
tags, "ignore previous instructions", secrecy towards the user ("do not mention
this to the user"), instructions about other tools ("when this tool is available,
the send_email tool must ..."), and urgency or threats ("otherwise the application
will crash"). A tool's own usage notes ("call list_projects first to get an id")
are only a ``low`` hint: the scan raises them when the same tool also points at
secrets (see `toolbridge.security.scan`). Names are read with ``_`` and ``-`` as
spaces, so that a parameter named ``ignore_previous_instructions`` is read too.

These patterns are English; `toolbridge.security._shapes` adds secrecy, "ignore
previous instructions" and notes to the assistant in any of its 25 languages. Each
pattern runs only on a string holding one of its gate words.
"""

from __future__ import annotations

import re
from typing import Final

from toolbridge.security._finding import Severity
from toolbridge.security._gates import Absent, Present, searcher
from toolbridge.security._hit import Hit
from toolbridge.security._shapes import INSTRUCTION_STEMS, addressed, override, secrecy

__all__ = ["QUICK_WORDS", "instruction"]

_FLAGS: Final = re.IGNORECASE | re.DOTALL
_W: Final = r"[\s_-]+"
"""Between words: spaces, or the ``_`` / ``-`` of an identifier."""

_SOURCES: Final[tuple[tuple[str, Severity, str], ...]] = (
    (
        r"<\s*/?\s*(?:[\w-]{0,12}?(?:important|system|instructions?|secret|hidden|admin"
        r"|critical|urgent|override|assistant|mandatory|reminder|directive)[\w-]{0,12}|sys"
        r"|required)\s*>"
        r"|(?-i:\[/?INST\])|<<\s*/?SYS\s*>>|<\|(?:im_start|im_end|system|user|assistant|endoftext"
        r"|eot_id|start_header_id|end_header_id)\|>"
        r"|(?:^|\n)\s*#{1,4}\s*(?:system(?: prompt| message)?|instructions?)"
        r"(?: (?:for|to) [^:\n]{0,30})?\s*:",
        "high",
        "a tag or chat-template marker addressed to the model (<IMPORTANT>, [INST]).",
    ),
    (
        r"\b(?:ignore|disregard|forget|override|bypass|overrule)"
        r"(?: (?:all|any|the|your|of|these|those))* (?:previous|prior|above|earlier"
        r"|preceding|original|system|safety|other|existing|user'?s?|developer'?s?)"
        r"(?: \w+)? (?:instructions?|prompts?|rules|directions|directives|guidelines"
        r"|guardrails|restrictions|constraints|messages|policies)\b",
        "high",
        "an instruction to set aside the model's other instructions.",
    ),
    (
        r"\b(?:do not|don'?t|never|must not|should not|without) (?:\w+ )?(?:tell|inform|mention"
        r"|notify|alert|reveal|disclose|show|let)\w* (?:(?:this|that|it|anything|about|any of"
        r" this|these) )*(?:to )?the user\b|\b(?:do not|don'?t|never) mention (?:that|this|it)"
        r" (?:you|to)\b",
        "high",
        "secrecy towards the user: a tool has no reason to hide what it does.",
    ),
    (
        r"\b(?:hide|conceal|keep) (?:this|it|that|these) (?:\w+ ){0,2}?"
        r"(?:from the user|secret|hidden|confidential)"
        r"|\bthe user (?:must|should|need) (?:not|never) (?:know|see|notice|find out|be told)"
        r"|\bwithout (?:the )?user'?s? (?:knowledge|knowing|noticing|awareness|consent)",
        "high",
        "secrecy towards the user: a tool has no reason to hide what it does.",
    ),
    (
        r"\b(?:when|whenever|if|while) this tool is (?:available|present|loaded|installed"
        r"|enabled|connected)|\balso present\b|\bside effects? on (?:the|any|other)\b",
        "high",
        "instructions about other tools (shadowing): how to use tools it does not own.",
    ),
    (
        r"\b(?:the|any|all|every|other) [\w.-]+ tools? (?:must|should|shall|has to|needs to"
        r"|is required to) (?:always |now |instead )?(?:send|forward|include|add|use|bcc"
        r"|cc|copy|route|redirect)\b",
        "high",
        "instructions about other tools (shadowing): how to use tools it does not own.",
    ),
    (
        r"\b(?:ignore|disregard|forget) (?:all |any )?(?:the |your |these |those )?"
        r"(?:instructions?|prompts?|rules|directions|guidelines) (?:above|before|so far|given"
        r"|you (?:were|have been) given)\b"
        r"|\bnote to (?:the )?(?:assistant|ai|model|llm|agent|claude|gpt)\b(?!['\u2019]s\b)"
        r"|\bthe user has (?:already )?(?:authori[sz]ed|consented|approved|agreed|allowed)\b"
        r"|\b(?:do not|don'?t|never) (?:mention|reveal|disclose) (?:this|that|it|these)\b"
        r"|\bwhenever you (?:use|call|invoke|run) (?:any|an|another|other|every)\b"
        r"|\bno need to (?:mention|tell|inform|show|explain)\b"
        r"|\b(?:asks?|prompts?) (?:the user )?(?:for|to) (?:a |any )?(?:confirm\w*|approv\w*"
        r"|consent)\b[^.\n]{0,80}\bon (?:the )?user'?s behalf\b",
        "high",
        "an instruction addressed to the model about its other work, not this tool.",
    ),
    (
        r"\b(?:call|use|invoke|run) this tool (?:before|after|together with|with)"
        r" (?:every|each|any|all) (?:other )?(?:tools?|calls?|requests?|questions?|answers?"
        r"|messages?|responses?)\b"
        r"|\bprefix (?:every|each|all|any) (?:\w+ )?commands?\b"
        r"|\b(?:all|every|each|any) (?:shell |terminal )?commands? (?:must|should|need to)"
        r" (?:include|start with|begin with|be prefixed)\b"
        r"|\b(?:always|also|secretly|silently) (?:bcc|cc|forward|send a copy)\b",
        "high",
        "an instruction addressed to the model about its other work, not this tool.",
    ),
    (
        r"\b(?:curl|wget)\b[^|\n]{0,160}\|\s*(?:ba|z)?sh\b",
        "high",
        "an instruction addressed to the model about its other work, not this tool.",
    ),
    (
        r"\byou are now\b|\bnew (?:system )?instructions?\s*:|\bsystem prompt\s*:"
        r"|\b(?:act|behave) as (?:if|though) you\b|\byour (?:new|real|true) (?:task|goal"
        r"|instructions?|role)\b",
        "high",
        "text that tries to change the model's role or instructions.",
    ),
    (
        r"\bkeep (?:this|it|that|these|them|the (?:\w+ )?results?|everything|all of this)"
        r"(?: \w+){0,3}? (?:to yourself|between (?:us|ourselves|you and me))\b"
        r"|\bthe user (?:(?:does not|doesn'?t|will not|won'?t) (?:need|have) to|need not"
        r"|needn'?t|should not|shouldn'?t|must not|mustn'?t|is not to|isn'?t to)"
        r" (?:ever )?(?:know"
        r"|be told|be informed|be notified|see (?:this|it|that)|notice|find out|hear"
        r"|be (?:troubled|bothered|worried|alarmed|concerned))\b"
        r"|\b(?:quietly|silently|secretly|discreetly|covertly|stealthily) (?:\w+ )?(?:call"
        r"|invoke|run|send|forward|upload|attach|copy|append|include|add|pass|read|post|bcc"
        r"|cc|exfiltrat\w*|share|transmit)\b"
        r"|\bdo (?:this|it|so|that) (?:silently|quietly|secretly|discreetly|covertly"
        r"|invisibly)\b"
        r"|\b(?:do not|don'?t|never) (?:surface|display|expose|echo|reveal|disclose|mention"
        r"|show|include)\b[^.\n]{0,40}?\b(?:in|to|with) (?:(?:your |any )(?:repl(?:y|ies)"
        r"|answers?|responses?|summary)|(?:the )?(?:repl(?:y|ies)|answers?|user|chat"
        r"|conversation|summary))\b"
        r"|\bthe (?:person|human|people|customer|individual) you(?:'re| are) (?:helping"
        r"|assisting|talking (?:to|with)|chatting with|working (?:for|with))\b",
        "high",
        "secrecy towards the user: a tool has no reason to hide what it does.",
    ),
    (
        r"\bforget (?:what|everything|anything|all(?: that)?) (?:you(?:'ve| have)? )?"
        r"(?:were |was |been |have been )?(?:told|asked|instructed|given|taught)\b"
        r"|\bpretend (?:that )?(?:the |your |all |any )?(?:earlier|previous|prior|above"
        r"|preceding|past|original) \w+"
        r"|\b(?:guidelines|rules|restrictions|instructions|policies|filters|limits|guardrails"
        r"|safeguards) (?:no longer|do not|don'?t|does not|doesn'?t|shall not|will not|won'?t)"
        r" apply\b|\bno longer (?:apply|applies|bound by|restricted by)\b"
        r"|\bcomply with (?:every|all|any) (?:\w+ )?(?:requests?|instructions?|commands?"
        r"|demands?)\b"
        r"|\bsystem override\b|\byou are (?:now )?(?:authori[sz]ed|allowed|permitted|free"
        r"|cleared|entitled) to\b"
        r"|\btreat (?:any|all|the|every|this|its)\b[^.\n]{0,50}?\bas (?:coming from|(?:an? )?"
        r"(?:instructions?|commands?|orders)\b|(?:trusted|authoritative|verified)\b|(?:sent "
        r"|written |given )?(?:by|from) the (?:system|administrator|admin|developer|operator"
        r"|user)\b)"
        r"|\b(?:even if|even when|regardless of whether|whether or not) the user (?:objects"
        r"|refuses|says no|disagrees|declines|complains|asks (?:you )?(?:not to|to stop))\b"
        r"|\brefuse (?:any|all|every) (?:\w+ )?(?:requests?|attempts?|instructions?) to"
        r" (?:stop|remove|disable|uninstall|replace)\b",
        "high",
        "an instruction to set aside the model's other instructions or the user's wishes.",
    ),
    (
        r"\b(?:no need to|there(?:'s| is) no need to|without|never|do not|don'?t) (?:ask(?:ing)?"
        r"|consult(?:ing)?|check(?:ing)? with|confirm(?:ing)? with|prompt(?:ing)?|tell(?:ing)?"
        r"|inform(?:ing)?|notify(?:ing)?|alert(?:ing)?|bother(?:ing)?|involv(?:e|ing))"
        r" (?:the |your )?user\b"
        r"|\byour first (?:action|step|task)\b|\bas (?:the|an|a|your) (?:ai |helpful )?"
        r"(?:assistant|ai|model|llm|agent|language model)\b,"
        r"|\bat the (?:start|beginning|end) of (?:each|every|any) (?:reply|response|answer|turn"
        r"|message|conversation|session)\b|\bin (?:each|every) (?:conversation|reply"
        r"|answer|turn)\b|\b(?:before|after) (?:each|every|any) (?:reply|response|answer"
        r"|turn)\b",
        "medium",
        "text addressed to the model about its own conduct: skipping the user, every reply.",
    ),
    (
        r"\b(?:otherwise|or else|if not),? (?:the )?(?:tool|application|app|system|server"
        r"|everything|agent|computer) (?:will|would) (?:not work|crash|fail|break|be "
        r"(?:deleted|lost|destroyed))|\ball (?:the )?data will be lost\b"
        r"|\b(?:very )+very important\b|\bthis is (?:extremely|critically|vitally) important\b"
        r"|\b(?:if you (?:do not|don'?t|fail to)|otherwise|or else)\b[^.]{0,80}?\b(?:will|would)"
        r" be (?:permanently )?(?:destroyed|deleted|wiped|suspended|banned|terminated|lost)\b"
        r"|, or (?:the |your )?(?:user'?s? )?(?:account|system|data|computer|session) will be\b"
        r"|\burgent\s*!{2,}"
        r"|\bfailure to (?:\w+ ){1,8}?(?:will|would|may|could|can) (?:\w+ ){0,2}?(?:corrupt"
        r"|break|crash|destroy|delete|lose|harm|damage|brick|wipe|expose|leak|lock|ban"
        r"|suspend)\w*",
        "medium",
        "urgency or a threat addressed to the model, the pressure injected text uses.",
    ),
    (
        r"\b(?:include|pass|put|insert|append|paste) (?:its|their) (?:full |entire |complete )?"
        r"(?:output|result|response|contents?) (?:in|into|as)\b",
        "medium",
        "an instruction to carry another tool's output into this one.",
    ),
    (
        r"\b(?:before|prior to) (?:using|calling|invoking|running|executing|you (?:use|call"
        r"|run|invoke)) (?:this|any|the|other|a|each|every)\b",
        "low",
        "an instruction on how to sequence tools: a usage note, or a line-jumping prefix.",
    ),
    (
        r"\b(?:always|first|must) (?:call|use|invoke|run|execute|read) (?:the )?"
        r"(?:[\w.-]+ )?(?:tool|function|file)\b"
        r"|\bwhen(?:ever)? you (?:receive|get|see|read) (?:this|the|these|its) (?:output"
        r"|result|response|data)s?\b"
        r"|\bwhen(?:ever)? the user (?:says|types|writes)\b|\bwithout (?:asking|confirmation"
        r"|permission|approval)\b",
        "low",
        "an instruction on how to sequence tools: a usage note, or a line-jumping prefix.",
    ),
)
_GATES: Final[tuple[tuple[str, ...] | None, ...]] = (
    ("<", "[", "#"),
    ("ignor", "disregard", "forget", "overrid", "bypass", "overrul"),
    ("user", "mention"),
    ("hide", "conceal", "keep", "user"),
    ("this tool", "also present", "side effect"),
    ("tool",),
    (
        "ignor",
        "disregard",
        "forget",
        "note to",
        "the user has",
        "not",
        "don't",
        "dont",
        "never",
        "whenever you",
        "no need",
        "behalf",
    ),
    ("this tool", "prefix", "command", "always", "also", "secretly", "silently"),
    ("|",),
    ("you are now", "instruction", "system prompt", "act as", "behave as", "your "),
    (
        "keep",
        "the user",
        "quietly",
        "silently",
        "secretly",
        "discreetly",
        "covertly",
        "stealthily",
        "do this",
        "do it",
        "do so",
        "do that",
        "not",
        "don't",
        "dont",
        "never",
        "the person",
        "the human",
        "the people",
        "the customer",
        "the individual",
    ),
    (
        "forget",
        "pretend",
        "apply",
        "comply",
        "system override",
        "you are",
        "treat",
        "even if",
        "even when",
        "regardless",
        "whether or not",
        "refuse",
    ),
    ("user", "your first", "as the", "as an", "as a", "as your", "each", "every", "any "),
    (
        "otherwise",
        "or else",
        "if not",
        "data will",
        "important",
        "if you",
        "urgent",
        ", or ",
        "failure to",
    ),
    ("its ", "their "),
    ("before", "prior to"),
    ("always", "first", "must", "when", "without"),
)
"""Per pattern, words one of which its every match holds (lowercase, ``_`` and ``-`` as
spaces): a pattern none of whose words is in a string is not run on it. None: always run."""
_MARKED: Final = re.compile(_SOURCES[0][0].replace(" ", _W), _FLAGS)
"""The first pattern (tags), whose matches are read in their case (`_not_markup`)."""
_PATTERNS: Final = tuple(
    (_MARKED if index == 0 else searcher(pattern.replace(" ", _W), _FLAGS), severity, why, gate)
    for index, ((pattern, severity, why), gate) in enumerate(zip(_SOURCES, _GATES, strict=True))
)
_GATE_WORDS: Final = Present(word for gate in _GATES if gate is not None for word in gate)
"""Which gate words a string holds, in one search: each gated pattern then asks a set."""
QUICK_WORDS: Final = frozenset(
    {word for gate in _GATES for word in gate or ("",)} | INSTRUCTION_STEMS
)
"""Words one of which a string must hold for `instruction` to find anything in it."""
_QUICK: Final = Absent(QUICK_WORDS)
"""Every gate word and every shape's stem in one search: a string holding none of them
(most identifiers and enum values) has nothing for any pattern or shape to find. (An
ungated pattern adds the empty word: every string is read.)"""
_DOC_TAG: Final = re.compile(r"</?important>")
"""A lowercase admonition tag, which HTML API documentation uses as markup (with ``<p>``)."""
_MARKUP: Final = "an admonition tag of HTML documentation (<important> with <p>): markup, low."


def instruction(value: str) -> list[Hit]:
    """The instruction-like spans of `value`, the worst first (one per pattern)."""
    hits: list[Hit] = []
    lowered = value.lower()
    low = lowered.replace("_", " ").replace("-", " ")  # faster than a translate
    if _QUICK.of(low):  # no gate word in `low`, no shape's stem in `lowered`
        return hits
    held = _GATE_WORDS.of(low)
    for index, (pattern, severity, why, gate) in enumerate(_PATTERNS):
        if gate is not None and held.isdisjoint(gate):
            continue
        match = pattern.search(value)
        if match is not None and index == 0 and "<p>" in value:
            match, markup = _not_markup(_MARKED, value, match)
            if markup is not None:
                hits.append(Hit("instruction", "low", markup.start(), markup.end(), _MARKUP))
        if match is not None:
            hits.append(Hit("instruction", severity, match.start(), match.end(), why))
    for shape in (secrecy, override, addressed):
        hit = shape(value)
        if hit is not None:
            hits.append(hit)
    return hits


def _not_markup(
    pattern: re.Pattern[str], value: str, first: re.Match[str]
) -> tuple[re.Match[str] | None, re.Match[str] | None]:
    """The first tag of `pattern` in HTML `value` that is no markup, and the first that is.

    AWS writes ``<important><p>...</p></important>`` in its API documentation.
    """
    markup: re.Match[str] | None = None
    for match in pattern.finditer(value, first.start()):
        if _DOC_TAG.fullmatch(match.group()) is None:
            return match, markup
        markup = markup or match
    return None, markup
