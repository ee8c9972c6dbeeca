"""Every rule the scan runs, by id: what it catches and what it cannot."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from toolbridge.security._blobs import OVERSIZED
from toolbridge.security._finding import Rule

__all__ = ["RULES"]

_ALL: Final = (
    Rule(
        "hidden-characters",
        "high",
        "Invisible or control characters",
        "Unicode tag characters (U+E0000-E007F; critical when they spell ASCII text, the "
        "'ASCII smuggling' of hidden instructions), bidi controls, zero-width and other "
        "format characters, blank letters, stray variation selectors and C0/C1 controls "
        "anywhere in a definition. Emoji sequences (joiners, subdivision flags) and bidi "
        "controls used as written text uses them (one mark beside right-to-left letters, a "
        "short first-strong isolate around a name) pass; one or "
        "two zero-width spaces or soft hyphens inside prose are copy-and-paste residue (low), "
        "raised when removing them reveals an instruction; inside one word (a tool or "
        "property name, an enum value: 'read\\u200bfile') they are medium. Text after a "
        "long blank run (80 blanks, ten empty lines, or eight Unicode spaces, zero-width "
        "or bidi characters in a row) is flagged itself, whatever it says (medium; high "
        "from 200 blanks); a finding of another rule past the first 1,000 columns, "
        "where a client shows nothing, is raised to high, and that part is read for quieter "
        "signs (secrecy without the user, speaking to the user, the conversation, data "
        "handed to a tool, acting without asking: high, as instruction). Prose in an HTML or "
        "markdown comment, or in an element a renderer hides (hidden, display:none, "
        "visibility:hidden, a zero font size, white text), is flagged (medium); a one- or "
        "two-word marker (<!-- more -->) passes. It cannot see text hidden by a client's "
        "own rendering rules, nor harmless-looking words past a cut-off that no rule reads "
        "as an instruction.",
    ),
    Rule(
        "terminal-escape",
        "high",
        "Terminal escape sequences",
        "ANSI/VT escape sequences (CSI, OSC, raw ESC) that hide or repaint text in a "
        "terminal, and the same spelled out (\\x1b[, \\u001b[, \\033[, \\27[, \\e[, "
        "&#27;[, %1B[, or caret notation ^[[2K with a numeric parameter), which become "
        "escapes wherever the text is unescaped (medium). Caret notation without a "
        "parameter (^[[K) is not caught, so that regex classes (^[[:alpha:]]) pass.",
    ),
    Rule(
        "confusable-name",
        "high",
        "Look-alike names",
        "A tool or parameter name that is not ASCII and looks like a Latin one (Unicode "
        "TR39 confusables: a Cyrillic '\u0430' in 're\u0430d_file'), uses compatibility forms "
        "(fullwidth letters), or mixes scripts (medium; Latin with Han, kana or Hangul "
        "passes). An ASCII look-alike of another ASCII name ('rn' for 'm') is not caught.",
    ),
    Rule(
        "instruction",
        "high",
        "Instructions addressed to the model",
        "<IMPORTANT>-style tags and chat-template markers ([INST], <|im_start|>), 'ignore "
        "previous instructions', secrecy towards the user, notes addressed to the assistant, "
        "instructions about other tools, attempts to change the model's role or to override "
        "the user's wishes (high); skipping the user's consent, conduct in every reply, "
        "urgency and threats (medium); tool sequencing notes (low, raised to high when the "
        "same tool also points at secrets). Secrecy, 'ignore previous instructions' and notes "
        "to the assistant are matched by their shape in 25 languages (a word for the user "
        "beside a negated 'tell' verb, and so on). Shadowing by phrasing (high): in one "
        "sentence, an override ('regardless of', 'instead of', 'no matter', 'always', "
        "'whenever', in 12+ languages), the user, and a target: another tool, a parameter "
        "that routes data or money (recipient, bcc, account, path, channel...) or a fixed "
        "destination (an address, a URL, an IBAN), or after a strong override a fixed value "
        "(a tool or parameter name, a relative path, a flag, a quoted literal); claims that "
        "the user already agreed "
        "(high); 'from now on' and answers or approvals given 'whatever' the facts "
        "(medium), and redefinitions of the user's words ('that is what users mean when they "
        "say refund', medium). The user's explicit choice made not to count, by shape in 25 "
        "languages (high): 'instead of' the user's choice ('instead of the one the user "
        "chose'), a value kept whatever the user chooses ('keep this default even if the "
        "user names someone else'), the user's choice demoted ('only a hint') or discarded "
        "('is ignored', 'treated as an alias'), 'replace the recipient with', what another "
        "tool must also do with a fixed destination, a percentage added to the user's "
        "amount; 'use X "
        "instead' naming the tool's own sibling for its own limit passes. A tool of a kind "
        "that is not this one ('a calendar tool', 'translation tools') followed in its clause "
        "by a fixed value (an address, a host, a quoted literal, a percentage, 'to 3'), with "
        "no trigger word (high). Pattern-based: "
        "a paraphrase outside the patterns and shapes, or an instruction split across "
        "fields, is missed.",
    ),
    Rule(
        "sensitive-reference",
        "high",
        "Secrets, sensitive files and exfiltration",
        "Named credential files (~/.ssh/id_rsa, ~/.aws/credentials, /etc/passwd, mcp.json, "
        "private keys, cloud and browser credential stores, the cloud metadata address), "
        "credentials named by the program that keeps them ('the token the gh CLI stores'), "
        "request catchers and paste sites, markdown images whose address the model fills in, "
        "instructions to read or pass along secrets or history (high); 'send ... to' a "
        "fixed URL, address or number "
        "(medium); bare mentions of .env, API keys or passwords (low: everyday API docs). "
        "A named file is low when negated ('does not read /etc/passwd') or the tool's own "
        "subject (~/.ssh/id_rsa as the default key of an SSH tool, ~/.kube/config in a "
        "kubeconfig tool, any of them in a secret scanner), unless the tool hands the "
        "secret on ('returns the token'). Parameter names are read "
        "too (github_token_from_env). Exfiltration through parameters (high): a field "
        "asking, in one sentence, for the conversation, secrets, files read or other "
        "tools' outputs from the model's own context ('so far', 'you have seen', 'the "
        "user mentioned', 'other tools', in 22 languages), the user's earlier messages, the "
        "model's own instructions ('your system prompt'), other tools' answers, or a URL "
        "the model is to build with data appended ('?d={...}', a URL 'followed by' the "
        "user's words). By shape, in 25 languages: a source in the model's context (the "
        "user gave, typed or entered it; the model read or saw it; in this session; "
        "earlier) beside a sensitive object (a secret, personal data, a one-time code, "
        "files' content, everything). A field asking for the user's secrets wholesale: two "
        "kinds, or one with two kinds of who they are (name, home address, phone), or two "
        "kinds from the conversation; a description putting a secret 'in <parameter>'. "
        "A field of the tool's result named for what only the user's side holds (their "
        "environment, saved passwords, contacts, the conversation, the model's "
        "instructions), a password for each of a list of someone's accounts, a choice in "
        "words or a default naming sensitive data the tool's words do not vouch for, and a "
        "default handing over a whole personal folder (~/Documents) are medium. "
        "A server that exfiltrates through its own API, without saying so, is not caught.",
    ),
    Rule(
        "encoded-blob",
        "medium",
        "Encoded or oversized text",
        "Base64 (also URL-safe, and after a name prefix such as ctx_), base32, hex, and "
        "runs of spelled escapes (\\xNN, \\NNN octal, \\uNNNN, &#NN; entities, %NN), with "
        "gzip or zlib inside them inflated to at most 64 KiB: high when they decode to "
        "text, low when short binary (a hash, a JWT, a key), medium from 200 characters. "
        "Rot13 prose is found by its words (turned, it holds several of the commonest "
        f"English words): high. Any one string over {OVERSIZED:,} characters is medium. "
        "Escapes mixed with plain letters, compression nested twice, rot13 of other "
        "languages and other ciphers are missed.",
    ),
    Rule(
        "shadowing",
        "high",
        "Text naming another server's tools",
        "A tool whose prose (descriptions, titles) names a tool of another server (needs "
        "tools by server): the shadowing attack, where one server steers how the model uses "
        "another's tool. A plain-word name ('search') counts only as 'search tool'; a word "
        "the server itself uses as a name or value is its own. A reference by paraphrase "
        "('the messaging tool') is the instruction rule's to find.",
    ),
    Rule(
        "name-collision",
        "medium",
        "A name offered by two servers",
        "The same tool name on two servers with different definitions (medium; the same "
        "definition twice is a mirror and passes), or a look-alike of another server's "
        "tool name by its TR39 skeleton (high). Needs tools by server.",
    ),
    Rule(
        "learned",
        "medium",
        "Reads like poisoning (a learned model)",
        "A statistical reading of a tool's words: a logistic regression over its words, word "
        "pairs and the character n-grams of its words (runs of invisible characters and long "
        "blank runs read as words of their own), trained on the labelled poisoning sets, honest"
        " everyday tools in 48 languages and the clean corpora (bench/scan_model/). It reads "
        "only tools of 20 words or more that no rule flagged at medium or above, and reports "
        "at most one finding a tool (medium), "
        "pointing at the string that weighs most, with the model's score. It catches calm "
        "rewordings of the shapes it was trained on (shadowing as a 'house convention', a "
        "parameter that asks for the conversation) that no rule's pattern matches. It reads "
        "words, not meaning: it can be evaded by wording unlike anything it saw, misses an "
        "attack spread thin over a long definition, and flags some honest tools that talk about"
        " attacks (injection detectors, secret scanners) or about other tools. On by default; "
        "scan(..., learned=False), or the command line's --no-model, runs the rules alone.",
    ),
    Rule(
        "definition-changed",
        "critical",
        "Definition changed since its pin",
        "A tool whose fingerprint differs from its pin, or a tool added to a server that "
        "has pins (a 'rug pull'). Needs pins; a change before the first pin is not seen.",
    ),
)

RULES: Final[Mapping[str, Rule]] = MappingProxyType({rule.id: rule for rule in _ALL})
"""Every rule, by id, in a stable order."""
