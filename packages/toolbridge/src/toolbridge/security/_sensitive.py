"""References to secrets and sensitive files, and places data could be sent.

Named credential files (``~/.ssh/id_rsa``, ``~/.aws/credentials``, ``/etc/passwd``,
an MCP client's ``mcp.json``, private keys), exfiltration hosts (webhook.site,
ngrok, requestbin, pastebin and their kind), "send ... to" a URL, an address or a
phone number, a blind copy. ``.env`` and words like "token" or "password" are
everyday API documentation: they count only next to a verb that moves them
("read the .env file and pass it", "include the token in the notes"). Identifiers
are read with ``_`` and ``-`` as spaces (a parameter named ``content_of_ssh_id_rsa``).
A credential can also be named by the program that keeps it ("the file kubectl
reads"), and a markdown image whose address the model is to fill in sends what it
is given. Passwords and the conversation in other languages are hints (``low``).
Each pattern runs only on a string holding its gate words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final, NamedTuple

from toolbridge.security._destinations import PRIVATE_HOSTS
from toolbridge.security._finding import Severity
from toolbridge.security._gates import Absent, Gated, Present, searcher
from toolbridge.security._hit import Hit
from toolbridge.security._lexicon import PASSWORDS, Stems
from toolbridge.security._literals import Literals
from toolbridge.security._shapes import CONVERSATION_STEMS, conversation
from toolbridge.security._steering import sentence_at, sentence_ends

__all__ = ["FAMILIES", "KEEPERS", "QUICK_WORDS", "Owned", "sensitive_alone", "settled"]

_FLAGS: Final = re.IGNORECASE


def _any(words: tuple[str, ...]) -> str:
    return "(?:" + "|".join(words) + ")"


_SECRETS: Final = (
    r"(?:api[_ ]?keys?|access[_ ]keys?|tokens?|passwords?|passcodes?|credentials|secrets?"
    r"|private[_ ]keys?|ssh[_ ]keys?|cookies|session ids?|mfa codes?|otp|2fa codes?"
    r"|recovery codes?|credit card(?: numbers?)?|environment variables?)"
)
"""What a secret is called, for the patterns that need a verb beside it."""

_DOTFILES: Final = (
    r"(?<![\w.])\.(?:npmrc|pypirc|netrc|pgpass|git-credentials|bash_history|zsh_history"
    r"|s3cfg|boto)\b"
)
_KEPT: Final = r"\b(?:saved|stored|browser'?s?) (?:passwords|cookies|credentials|logins)\b"
_NAMED_FILES: Final[tuple[tuple[str, str], ...]] = (
    ("ssh", r"\bssh[/\\_ ]+(?:id_(?![\w-]+\.pub\b)|authorized_keys|known_hosts|config\b)"
            r"|~/\.ssh\b(?![/\\.\w])"),
    ("rsa", r"\bid[_ -](?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub\b)"),
    ("dsa", r"\bid[_ -](?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub\b)"),
    ("ed25519", r"\bid[_ -](?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub\b)"),
    (".aws", r"\.aws[/\\]+credentials\b"),
    ("aws credentials file", r"\baws[_ ]credentials[_ ]file\b"),
    ("/etc/", r"/etc/(?:passwd|shadow|sudoers)\b"),
    (".json", r"\b(?:mcp|claude_desktop_config)\.json\b"),
    (".cursor", r"~/\.cursor\b"),
    ("private key", r"(?-i:-----BEGIN [A-Z ]*PRIVATE KEY)(?!-----(?:\\n|\s)*[A-Za-z0-9+/]{40})"),
    (".npmrc", _DOTFILES),
    (".pypirc", _DOTFILES),
    (".netrc", _DOTFILES),
    (".pgpass", _DOTFILES),
    (".git", _DOTFILES),
    (".bash", _DOTFILES),
    (".zsh", _DOTFILES),
    (".s3cfg", _DOTFILES),
    (".boto", _DOTFILES),
    (".kube", r"\.kube/config\b"),
    (".docker", r"\.docker/config\.json\b|\.dockercfg\b"),
    (".gnupg", r"\.gnupg\b"),
    ("wallet.dat", r"\bwallet\.dat\b"),
    ("*.", r"(?<![\w*])\*\.(?:pem|key|p12|pfx|jks|keystore)\b"),
    (".cargo", r"\.cargo[/\\]+credentials(?:\.toml)?\b"),
    ("login data", r"\bLogin Data\b"),
    ("phrase", r"\b(?:seed|mnemonic|recovery)[_ -]phrase\b"),
    ("passwords", _KEPT),
    ("cookies", _KEPT),
    ("credentials", _KEPT),
    ("logins", _KEPT),
    ("application default", r"\bapplication[_ ]default[_ ]credentials\b"),
    (".config/", r"\.config/(?:gcloud|gh|hub|doctl|op)\b"
                 r"|~/\.config/[\w.-]+/(?:[\w.-]+/)?(?:tokens?|credentials?|secrets?|auth"
                 r"|session|cookies?|passwords?)(?:\.\w+)?\b"),
    (".azure/", r"\.azure/"),
    ("accesstokens", r"\baccessTokens\.json\b"),
    ("msal", r"\bmsal_token_cache\b"),
    (".vault", r"\.vault-token\b"),
    ("tfrc", r"\.terraform\.d/credentials|\bcredentials\.tfrc\.json\b"),
    (".password", r"\.password-store\b"),
    (".local/share", r"\.local/share/keyrings\b"),
    ("keychain", r"\blogin\.keychain(?:-db)?\b|\bdump-keychain\b|Library/Keychains\b"),
    ("logins.json", r"\blogins\.json\b"),
    ("4.db", r"\bkey[34]\.db\b"),
    ("3.db", r"\bkey[34]\.db\b"),
    ("chrome/", r"Chrome/[^\n]{0,60}?/(?:Cookies|Web Data|Local State)\b"),
    ("169.254", r"\b169\.254\.169\.254\b"),
    ("serviceaccount", r"/var/run/secrets/kubernetes\.io/serviceaccount/token\b"),
    ("metadata.google", r"\bmetadata\.google\.internal\b"),
    ("hosts.y", r"\b(?:gh|github cli|hub)\b[^.\n]{0,30}?\bhosts\.ya?ml\b"),
)  # fmt: skip
"""Credential and sensitive files, each with a word its every mention holds (lowercase,
``_`` and ``-`` as spaces): a file's pattern runs only on a string that holds its word.
A pattern with several such words is listed once per word ("rsa", "dsa", "ed25519"),
each a rarer word than one they share ("id "), so the one search for all of them
(`_QUICK`) lets most prose go."""
_FILE_PATTERNS: Final = tuple((word, re.compile(pattern, _FLAGS)) for word, pattern in _NAMED_FILES)
_FILE_WHY: Final = "a credential or sensitive file a tool's definition has no reason to name."

_STORED: Final = re.compile(
    r"\b(?:gh|aws|gcloud|az|azure|kubectl|docker|npm|git|ssh|terraform|heroku|vault|doctl"
    r"|flyctl|vercel|netlify|firebase|gpg|browser|chrome|firefox|safari|keychain"
    r"|command[- ]line)\b(?: cli\b| command[- ]line(?: tool)?\b| tool\b)?(?:'s)?(?: \w+)?"
    r" (?:stores|keeps|saves|caches|reads|holds|writes|remembers)\b",
    _FLAGS,
)
_STORED_WHAT: Final = re.compile(
    r"\b(?:tokens?|keys?|credentials?|passwords?|secrets?|cookies|config(?:uration)?"
    r"(?: file)?|access file|file|folder)\b[^.\n]{0,40}$",
    _FLAGS,
)


def _stored(text: str) -> re.Match[str] | None:
    """A credential named by what stores it: "the token the gh CLI stores"."""
    for found in _STORED.finditer(text):
        what = _STORED_WHAT.search(text, max(0, found.start() - 48), found.start())
        if what is not None:
            return what
    return None


class _Pattern(NamedTuple):
    """One way of referring to secrets, and the words its every match holds."""

    find: Callable[[str], re.Match[str] | None]
    severity: Severity
    why: str
    gate: tuple[tuple[str, ...], ...] = ()
    """Groups of words (lowercase, ``_`` and ``-`` as spaces) such that its every match
    holds a word of each: it runs only on a string that does."""


def _pattern(source: str, severity: Severity, why: str, *gate: tuple[str, ...]) -> _Pattern:
    return _Pattern(searcher(source, _FLAGS).search, severity, why, gate)


_CLIS: Final = (
    " cli", "command line", "gh ", "aws", "gcloud", "azure", "kube", "docker", "gpg", "npm",
    " git", " az ", "ssh", "terraform", "heroku", "vault", "doctl", "flyctl", "vercel",
    "netlify", "firebase", "browser", "chrome", "firefox", "safari", "keychain",
)  # fmt: skip
_STORES: Final = ("stores", "keeps", "saves", "caches", "reads", "holds", "writes", "remembers")
_HOME: Final = (".env", "~/", "$home", "private key", "ssh key", "secret key")
_READ_PASS: Final = "an instruction to read or pass along secrets, home-directory files or history."
_STORED_WHY: Final = (
    "a credential named by the program that stores it, which a tool has no reason to name."
)
_FILE_LIKE: Final = 2
"""The first patterns, which name a credential file (by what stores it): `_own` applies."""
_PATTERNS: Final[tuple[_Pattern, ...]] = (
    _Pattern(_stored, "high", _STORED_WHY, (_CLIS, _STORES)),
    _pattern(
        r"\b(?:aws|gcloud|azure|kube|docker|gh|ssh|gpg|npm)(?: cli|'s| command[- ]line)?"
        r"[^.\n]{0,20}?\b(?:config(?:uration)? (?:folder|directory|dir)|credentials? (?:folder"
        r"|directory|file|store|cache)|token cache|key ?(?:store|ring|chain))\b",
        "high",
        _STORED_WHY,
        _CLIS,
        ("folder", "director", " dir", "store", "cache", "ring", "chain"),
    ),
    _pattern(
        r"\b(?:webhook\.site|ngrok(?:-free)?\.(?:io|app|dev)|requestbin"
        r"|pipedream\.net|pastebin\.com|hookbin|beeceptor|interact\.sh|burpcollaborator"
        r"|oast\.(?:pro|live|site|online|fun|me)|ptsv[23]|transfer\.sh|file\.io"
        r"|hooks\.slack\.com/services|discord(?:app)?\.com/api/webhooks"
        r"|api\.telegram\.org/bot)",
        "high",
        "an exfiltration endpoint (a request catcher, paste site or chat webhook).",
        (
            "webhook", "ngrok", "requestbin", "pipedream", "pastebin", "hookbin", "beeceptor",
            "interact.sh", "burpcollaborator", "oast.", "ptsv", "transfer.sh", "file.io",
            "hooks.slack", "discord", "telegram",
        ),
    ),
    _pattern(
        r"!?\[[^\]\n]{0,80}\]\(\s*https?://[^)\s]*[?&#][^)\s]*(?:\{|%7B|<|\$)",
        "high",
        "a markdown image or link whose address the model is to fill in: rendering it sends"
        " the data away.",
        ("](",),
    ),
    _pattern(
        r"\b(?:extract|collect|harvest|gather|dump|steal|grab|scrape|exfiltrat\w*)"
        r" (?:\w+ ){0,2}?" + _SECRETS + r"\b",
        "high",
        _READ_PASS,
        ("extract", "collect", "harvest", "gather", "dump", "steal", "grab", "scrape", "exfiltrat"),
    ),
    _pattern(
        r"\b(?:values?|contents?|text) of (?:the |your |all |any |every |each |the user'?s )?"
        r"[\w.'\u2019 ]{0,24}?(?:\.env\b|~/"
        r"|\b(?:credentials?|secrets?|keys?) ?files?\b(?!['\u2019]))"
        r"|\b(?:values?|contents?) of (?:the )?(?:your|all|any|every|each|the user'?s) "
        r"[\w. ]{0,24}?" + _SECRETS + r"\b"
        r"|\b(?:values?|contents?) of (?:the )?(?-i:[A-Z][A-Z0-9]*_[A-Z0-9_]*(?:KEY|TOKEN|SECRET"
        r"|PASSWORD))\b",
        "high",
        _READ_PASS,
        ("value of", "values of", "content of", "contents of", "text of"),
    ),
    _pattern(
        r"\b(?:read|open|cat|load|get)\b[^.\n]{0,60}?(?:(?<![\w.])\.env\b|~/|\$HOME\b"
        r"|\b(?:private|ssh|secret)[_ ]keys?\b)[^.\n]{0,60}?\b(?:and|then) (?:pass|send"
        r"|include|put|insert|append|add|attach|copy|paste|use)\b",
        "high",
        _READ_PASS,
        _HOME,
        (" and ", " then "),
    ),
    _pattern(
        r"\bask (?:the user|them|users?) (?:for|to (?:provide|enter|give|share|type))"
        r" (?:their |your |the |a )?(?:\w+ )?" + _SECRETS + r"\b",
        "high",
        _READ_PASS,
        ("ask ",),
    ),
    _pattern(
        r"\b(?:from|in|of) (?:the )?(?:env|environment)(?: variables?)? [A-Z][A-Z0-9]*_"
        r"(?:TOKEN|KEY|SECRET|PASSWORD)\b",
        "high",
        _READ_PASS,
        ("env",),
    ),
    _pattern(
        r"\b(?:include|pass|send|attach|append|put|insert|provide|set|fill|populate"
        r"|copy)\b[^.\n]{0,60}?(?:(?<![\w.])\.env\b|~/|\$HOME\b"
        r"|\b(?:private|ssh|secret)[_ ]keys?\b|\b(?:all|every|the user'?s?) " + _SECRETS + r"\b"
        r"|\b(?:full |entire |complete |whole )?(?:conversation|chat) (?:history|log|transcript)"
        r"\b)",
        "high",
        _READ_PASS,
        (*_HOME, "all ", "every ", "user's", "user s", "conversation", "chat"),
    ),
    _pattern(
        r"\b(?:send|post|upload|forward|transmit|exfiltrat|leak|copy|report|bcc|cc)\w*"
        r"\b[^.\n]{0,80}?\b(?:to|at)\b[^.\n]{0,40}?(?:https?://|[\w.+-]+@[\w-]+\.[\w.]+"
        r"|\+\d[\d\s()-]{7,})|\b(?:always|also|secretly|silently) (?:bcc|cc|copy|forward"
        r"|send)\b|\bhttps?://(?!" + PRIVATE_HOSTS + r")\d{1,3}(?:\.\d{1,3}){3}\b",
        "medium",
        "an instruction to send data to a fixed address, or a bare public IP address to send to.",
        ("http", "@", "+", "always", "also", "secretly", "silently"),
    ),
    _pattern(
        r"\b(?:full|entire|complete|whole) (?:conversation|chat|message) (?:history|log"
        r"|transcript)\b|\b(?:conversation|chat) (?:history|transcript) (?:so far|until now"
        r"|with the user)\b"
        r"|\b(?:full|entire|complete|whole|verbatim) (?:text|contents?|transcript|copy) of"
        r" (?:the |this |our |your )?(?:current |entire |whole )?(?:conversation|chat|session"
        r"|dialog(?:ue)?|context window)\b|\b(?:including|with|plus) (?:the |your )?system"
        r" prompt\b|\bsummary[_ ]of[_ ](?:the[_ ])?conversation\b",
        "medium",
        "the conversation, or a secret a tool's parameters should not carry.",
        ("conversation", "chat", "message", "session", "dialog", "context window", "system prompt"),
    ),
    _pattern(
        r"(?<![\w./-])\.env\b(?![\w.-])|\benvironment variables\b|\bapi[_ ]?keys?\b"
        r"|\bsecret[_ ]?keys?\b|\bsecrets\b|\bpasswords?\b|\bcredentials\b"
        r"|\b(?:conversation|chat) history\b",
        "low",
        "a mention of secrets (everyday in API documentation; raised next to other hits).",
        (".env", "environment", "api", "secret", "password", "credential", "history"),
    ),
)  # fmt: skip
_PASSWORDS: Final = Gated(PASSWORDS)
_PASSWORDS_GATE: Final = Stems(PASSWORDS)
_IN_NAMES: Final = re.compile(
    r"\bsecret access key\b|\b(?:from|in) (?:the )?(?:env|environment|dotenv)\b", _FLAGS
)
"""In a parameter's name, a secret the caller is asked to fill in (CyberArk's shape)."""
_NEGATED: Final = re.compile(
    r"\b(?:not|never|no|without)\b[^.\n]{0,24}$|n't\b[^.\n]{0,24}$", _FLAGS
)
_DISCLAIMED: Final = re.compile(
    r"\b(?:never|not|no longer)\s+(?:\w+\s+){0,2}?(?:read|open|transmit|sen[dt]|upload|access"
    r"|touch|log|store|cop(?:y|ied)|return)(?:s|ed)?\b|\bn't\s+(?:\w+\s+){0,2}?(?:read|open"
    r"|transmit|send|upload|access|touch|log|store|copy|return)\b",
    _FLAGS,
)
"""Later in a file's sentence: the tool says it never reads or sends it."""
_MOVED: Final = re.compile(
    r"\b(?:pass|send|attach|include|paste|provide|put|fill|upload|cop(?:y|ie)|take|field"
    r"|parameter|argument|input)(?:s|d|ed|es)?\b",
    _FLAGS,
)
"""In a file's own sentence: a field takes it or it is passed on, which no disclaimer
after it undoes ("the notes field takes ~/.aws/credentials, which the tool never uploads")."""
FAMILIES: Final[tuple[tuple[tuple[str, ...], frozenset[str]], ...]] = (
    (
        ("ssh", "id_", "id ", "authorized_keys", "known_hosts"),
        frozenset({"ssh", "sftp", "scp", "key", "keys", "keygen", "remote", "host", "hosts"}),
    ),
    (("aws",), frozenset({"aws", "iam", "s3", "access", "profile", "profiles", "sts"})),
    (
        ("kube",),
        frozenset({"kube", "kubectl", "k8s", "kubernetes", "context", "contexts", "cluster"}),
    ),
    (("docker",), frozenset({"docker", "registry", "container", "containers", "image"})),
    (("history",), frozenset({"history", "shell"})),
    (("gnupg", "gpg"), frozenset({"gpg", "pgp", "sign", "encrypt", "decrypt"})),
    (("npmrc", "npm"), frozenset({"npm", "publish", "package", "registry"})),
    (("pypirc",), frozenset({"pypi", "pip", "publish", "package", "twine"})),
    (("gcloud", "application default"), frozenset({"gcloud", "gcp"})),
    (("azure",), frozenset({"azure", "az"})),
)
"""Credential files, and the words of a tool name whose subject they are: an SSH
client documents ``~/.ssh/id_rsa``, a kubeconfig tool ``~/.kube/config``."""
KEEPERS: Final = frozenset(
    {"secret", "secrets", "credential", "credentials", "vault", "password", "passwords",
     "scan", "scanner", "leak", "leaks", "rotate", "keyring"}
)  # fmt: skip
"""Words of a tool name whose subject is every credential file (a secret scanner)."""
_COPIERS: Final = frozenset(
    {"backup", "backups", "snapshot", "snapshots", "restic", "borg", "restore", "sauvegarde",
     "sicherung", "respaldo", "kopia", "yedek"}
)  # fmt: skip
"""Words of a tool name whose job is copying folders whole: naming the ones it copies,
``~/.ssh`` among them, is documenting its job. (Not a sync or a mirror: a copy kept
elsewhere, the shape of many an exfiltration.)"""
_FORCED: Final = re.compile(
    r"\b(?:always|also|too|every|automatically|regardless|whatever|even if|must|upload\w*"
    r"|send\w*|post\w*|forward\w*|siempre|toujours"
    r"|immer|sempre|altijd|zawsze|всегда|завжди)\b|总是|始终|常に|必ず|항상|반드시",
    _FLAGS,
)
"""Beside the file, a word that makes copying it not the user's choice, or sends it on:
still a finding."""
_LEAKS: Final = re.compile(
    r"\b(?:returns?|prints?|outputs?|echo(?:es)?|sends?|uploads?|includes?|logs?|exposes?"
    r"|passe?s? (?:on|along))\b[^.\n]{0,30}?\b(?:tokens?|passwords?|secrets?|keys?"
    r"|credentials?|cookies|contents)\b",
    _FLAGS,
)
"""A tool that hands a credential on: not the tool's own subject any more."""
_WORDS: Final = re.compile(r"[a-z0-9]+")
_NAME: Final = re.compile(r"[_-]+")
_GATE_WORDS: Final = Present(
    word for pattern in _PATTERNS for words in pattern.gate for word in words
)
"""Which words of the patterns' gates a string holds, in one search: each gated pattern
then asks a set per group."""
_FILE_GATE: Final = Literals({word for word, _ in _NAMED_FILES})
QUICK_WORDS: Final = frozenset(
    {word for word, _ in _NAMED_FILES}
    | {word for pattern in _PATTERNS for word in pattern.gate[0]}
    | _PASSWORDS_GATE.stems
    | CONVERSATION_STEMS
    | {"env", "secret"}  # `_IN_NAMES`, in an ASCII name
    if all(pattern.gate for pattern in _PATTERNS)
    else {""}
)
"""Words one of which a string must hold for `sensitive_alone` to find anything (an ASCII
name among them; a name in another script is read whole)."""
_QUICK: Final = Absent(QUICK_WORDS)
"""Every gate's words in one search: a string holding none of them (most identifiers and
enum values) has no sensitive reference. (With an ungated pattern, the empty word.)"""


class Owned(NamedTuple):
    """A credential file's hit whose tool decides its severity: its own subject, low.

    `hit` as for a tool that does not own the file; `found`: the file as named
    (lowercase, ``_`` as spaces); `forced`: whether its sentence makes the model move
    it (``_FORCED``), which a tool that copies files does not own.
    """

    hit: Hit
    found: str
    forced: bool


_OWN_WHY: Final = "a sensitive file, negated or the tool's own subject."


def settled(read: tuple[Hit | Owned, ...], topic: str) -> list[Hit]:
    """`sensitive_alone`'s reading of a string, for the tool `topic` names."""
    hits: list[Hit] = []
    for entry in read:
        if isinstance(entry, Owned):
            hit = entry.hit
            if _owned_by(topic, entry.found, forced=entry.forced):
                hit = hit._replace(severity="low", why=_OWN_WHY)
            hits.append(hit)
        else:
            hits.append(entry)
    return hits


def sensitive_alone(value: str, *, name: bool = False) -> tuple[Hit | Owned, ...]:
    """The sensitive references of `value`, one per pattern; `name` for an identifier.

    Read whatever the tool: a named file is ``low`` when negated ("does not read
    /etc/passwd"), and `Owned` when the tool may own it (``~/.ssh/id_rsa`` as a default
    of ``ssh_exec``), which `settled` decides by the tool's name.
    """
    hits: list[Hit | Owned] = []
    lowered = value.lower()
    low = lowered.replace("_", " ").replace("-", " ")  # faster than a translate
    if _QUICK.of(low) and (not name or value.isascii()):
        # the gates read `low`, `conversation` reads `lowered`; an ASCII name's `_IN_NAMES`
        # match holds "env" or "secret" (re.IGNORECASE also folds the long s, Kelvin sign)
        return ()
    text = _NAME.sub(" ", value) if name else value
    named = _named_file(text, low)
    if named is not None:
        hit = Hit("sensitive-reference", "high", named.start(), named.end(), _FILE_WHY)
        hits.append(_own(text, named, hit))
    held = _GATE_WORDS.of(low)
    for index, (find, severity, why, gate) in enumerate(_PATTERNS):
        if gate and not _holds_all(held, gate):
            continue
        match = find(text)
        if match is None:
            continue
        hit = Hit("sensitive-reference", severity, match.start(), match.end(), why)
        hits.append(_own(text, match, hit) if index < _FILE_LIKE else hit)
    if _PASSWORDS_GATE.found(low):
        match = _PASSWORDS.search(text)
        if match is not None:
            why = "a mention of passwords (raised next to other hits)."
            hits.append(Hit("sensitive-reference", "low", match.start(), match.end(), why))
    talk = conversation(value)
    if talk is not None:
        hits.append(talk)
    if name:
        match = _IN_NAMES.search(text)
        if match is not None:
            why = "a parameter named for a secret the model is to fill in."
            hits.append(Hit("sensitive-reference", "high", match.start(), match.end(), why))
    return tuple(hits)


def _named_file(text: str, low: str) -> re.Match[str] | None:
    """The first credential file `text` names, or None."""
    if not _FILE_GATE.any(low):
        return None
    first: re.Match[str] | None = None
    for word, pattern in _FILE_PATTERNS:
        if word in low:
            match = pattern.search(text)
            if match is not None and (first is None or match.start() < first.start()):
                first = match
    return first


def _own(text: str, match: re.Match[str], hit: Hit) -> Hit | Owned:
    """`hit` on the file `match` found, as far as the text decides it.

    Low when negated or disclaimed; as is when the text hands the file on; else `Owned`
    (the tool's name decides).
    """
    if _NEGATED.search(text, max(0, match.start() - 40), match.start()):
        return hit._replace(severity="low", why=_OWN_WHY)
    ends = sentence_ends(text)
    begin, end = sentence_at(ends, match.start(), len(text))
    if _MOVED.search(text, begin, end) is None:  # no field takes it, nothing passes it on
        # and the clause after: "...) via the SDK; it never reads them"
        after = sentence_at(ends, end + 1, len(text))[1] if end < len(text) else end
        if _DISCLAIMED.search(text, match.end(), after) is not None:
            return hit._replace(severity="low", why=_OWN_WHY)
    leak = _LEAKS.search(text)
    if leak is not None and not _NEGATED.search(text, max(0, leak.start() - 24), leak.start()):
        return hit  # its own subject, and it hands the secret on
    forced = _FORCED.search(text, begin, end) is not None
    return Owned(hit, match.group().lower().replace("_", " "), forced)


def _owned_by(topic: str, found: str, *, forced: bool) -> bool:
    """Whether the tool `topic` names owns the file `found` (`Owned`)."""
    words = set(_WORDS.findall(topic.lower()))
    if words & KEEPERS:
        return True
    if words & _COPIERS:
        return not forced
    return any(
        words & subjects and any(key in found for key in keys) for keys, subjects in FAMILIES
    )


def _holds_all(held: set[str], groups: tuple[tuple[str, ...], ...]) -> bool:
    """Whether `held` (the gate words a text holds) meets each of `groups`."""
    for words in groups:  # noqa: SIM110 (a loop: all() over a generator costs twice)
        if held.isdisjoint(words):
            return False
    return True
