"""References to secrets and sensitive files, and places data could be sent.

Named credential files (``~/.ssh/id_rsa``, ``~/.aws/credentials``, ``/etc/passwd``,
an MCP client's ``mcp.json``, private keys), exfiltration hosts (webhook.site,
ngrok, requestbin, pastebin and their kind), "send ... to" a URL, an address or a
phone number, a blind copy. ``.env`` and words like "token" or "password" are
everyday API documentation: they count only next to a verb that moves them
("read the .env file and pass it", "include the token in the notes"). Identifiers
are read with ``_`` and ``-`` as spaces (a parameter named ``content_of_ssh_id_rsa``).
"""

from __future__ import annotations

import re
from typing import Final

from toolbridge.security._finding import Severity
from toolbridge.security._hit import Hit

__all__ = ["sensitive"]

_FLAGS: Final = re.IGNORECASE

_SECRETS: Final = (
    r"(?:api[_ ]?keys?|access[_ ]keys?|tokens?|passwords?|passcodes?|credentials|secrets?"
    r"|private[_ ]keys?|ssh[_ ]keys?|cookies|session ids?|mfa codes?|otp|2fa codes?"
    r"|recovery codes?|credit card(?: numbers?)?|environment variables)"
)
"""What a secret is called, for the patterns that need a verb beside it."""

_SOURCES: Final[tuple[tuple[str, Severity, str], ...]] = (
    (
        r"\bssh[/\\_ ]+(?:id_|authorized_keys|known_hosts|config\b)"
        r"|\bid[_ -](?:rsa|dsa|ecdsa|ed25519)\b"
        r"|\.aws[/\\]+credentials\b|\baws[_ ]credentials[_ ]file\b"
        r"|/etc/(?:passwd|shadow|sudoers)\b"
        r"|\b(?:mcp|claude_desktop_config)\.json\b|~/\.cursor\b"
        r"|-----BEGIN [A-Z ]*PRIVATE KEY|(?<![\w.])\.(?:npmrc|pypirc|netrc|pgpass"
        r"|git-credentials|bash_history|zsh_history)\b|\.kube/config\b"
        r"|\.docker/config\.json\b|\.gnupg\b|\bwallet\.dat\b|\bLogin Data\b"
        r"|\b(?:seed|mnemonic|recovery)[_ -]phrase\b"
        r"|\b(?:saved|stored|browser'?s?) (?:passwords|cookies|credentials|logins)\b",
        "high",
        "a credential or sensitive file a tool's definition has no reason to name.",
    ),
    (
        r"\b(?:webhook\.site|ngrok(?:-free)?\.(?:io|app|dev)|requestbin"
        r"|pipedream\.net|pastebin\.com|hookbin|beeceptor|interact\.sh|burpcollaborator"
        r"|oast\.(?:pro|live|site|online|fun|me)|ptsv[23]|transfer\.sh|file\.io"
        r"|hooks\.slack\.com/services|discord(?:app)?\.com/api/webhooks"
        r"|api\.telegram\.org/bot)",
        "high",
        "an exfiltration endpoint (a request catcher, paste site or chat webhook).",
    ),
    (
        r"\b(?:extract|collect|harvest|gather|dump|steal|grab|scrape|exfiltrat\w*)"
        r" (?:\w+ ){0,2}?" + _SECRETS + r"\b"
        r"|\b(?:values?|contents?) of (?:the |your |all |any |the user'?s )?[\w. ]{0,24}?"
        r"(?:\.env\b|~/|" + _SECRETS + r"\b)"
        r"|\b(?:read|open|cat|load|get)\b[^.\n]{0,60}?(?:(?<![\w.])\.env\b|~/|\$HOME\b"
        r"|\b(?:private|ssh|secret)[_ ]keys?\b)[^.\n]{0,60}?\b(?:and|then) (?:pass|send"
        r"|include|put|insert|append|add|attach|copy|paste|use)\b"
        r"|\bask (?:the user|them|users?) (?:for|to (?:provide|enter|give|share|type))"
        r" (?:their |your |the |a )?(?:\w+ )?" + _SECRETS + r"\b"
        r"|\b(?:from|in|of) (?:the )?(?:env|environment)(?: variables?)? [A-Z][A-Z0-9]*_"
        r"(?:TOKEN|KEY|SECRET|PASSWORD)\b"
        r"|\b(?:include|pass|send|attach|append|put|insert|provide|set|fill|populate"
        r"|copy)\b[^.\n]{0,60}?(?:(?<![\w.])\.env\b|~/|\$HOME\b"
        r"|\b(?:private|ssh|secret)[_ ]keys?\b|\b(?:all|every|the user'?s?) " + _SECRETS + r"\b"
        r"|\b(?:full |entire |complete |whole )?(?:conversation|chat) (?:history|log|transcript)"
        r"\b)",
        "high",
        "an instruction to read or pass along secrets, home-directory files or history.",
    ),
    (
        r"\b(?:send|post|upload|forward|transmit|exfiltrat|leak|copy|report|bcc|cc)\w*"
        r"\b[^.\n]{0,80}?\b(?:to|at)\b[^.\n]{0,40}?(?:https?://|[\w.+-]+@[\w-]+\.[\w.]+"
        r"|\+\d[\d\s()-]{7,})|\b(?:always|also|secretly|silently) (?:bcc|cc|copy|forward"
        r"|send)\b|\bhttps?://\d{1,3}(?:\.\d{1,3}){3}\b",
        "medium",
        "an instruction to send data to a fixed address, or a bare IP address to send to.",
    ),
    (
        r"\b(?:full|entire|complete|whole) (?:conversation|chat|message) (?:history|log"
        r"|transcript)\b|\b(?:conversation|chat) (?:history|transcript) (?:so far|until now"
        r"|with the user)\b",
        "medium",
        "the conversation, or a secret a tool's parameters should not carry.",
    ),
    (
        r"(?<![\w./-])\.env\b(?![\w.-])|\benvironment variables\b|\bapi[_ ]?keys?\b"
        r"|\bsecret[_ ]?keys?\b|\bsecrets\b|\bpasswords?\b|\bcredentials\b"
        r"|\b(?:conversation|chat) history\b",
        "low",
        "a mention of secrets (everyday in API documentation; raised next to other hits).",
    ),
)
_GATES: Final[tuple[tuple[str, ...] | None, ...]] = (
    (
        "ssh", "id ", ".aws", "aws credentials", "/etc/", "mcp.json", "claude desktop config",
        ".cursor", "private key", ".npmrc", ".pypirc", ".netrc", ".pgpass", "git credentials",
        "history", ".kube", ".docker", ".gnupg", "wallet", "login data", "phrase", "saved ",
        "stored ", "browser",
    ),
    (
        "webhook", "ngrok", "requestbin", "pipedream", "pastebin", "hookbin", "beeceptor",
        "interact.sh", "burpcollaborator", "oast.", "ptsv", "transfer.sh", "file.io",
        "hooks.slack", "discord", "telegram",
    ),
    None,
    None,
    ("conversation", "chat", "message"),
    (".env", "environment", "api", "secret", "password", "credential", "history"),
)  # fmt: skip
"""Per pattern, words one of which its every match holds (lowercase, ``_`` and ``-`` as
spaces): a pattern none of whose words is in a string is not run on it. None: always run."""
_PATTERNS: Final = tuple(
    (re.compile(pattern, _FLAGS), severity, why, gate)
    for (pattern, severity, why), gate in zip(_SOURCES, _GATES, strict=True)
)
_SPACED: Final = str.maketrans("_-", "  ")
_IN_NAMES: Final = re.compile(
    r"\bsecret access key\b|\b(?:from|in) (?:the )?(?:env|environment|dotenv)\b", _FLAGS
)
"""In a parameter's name, a secret the caller is asked to fill in (CyberArk's shape)."""
_NEGATED: Final = re.compile(
    r"\b(?:not|never|no|without)\b[^.\n]{0,24}$|n't\b[^.\n]{0,24}$", _FLAGS
)
_SUBJECTS: Final = frozenset({"ssh", "sftp", "scp", "kube", "kubectl", "docker", "gpg", "aws"})
"""Tools whose own subject is a credential file (an SSH client documents ``~/.ssh/id_rsa``)."""
_WORDS: Final = re.compile(r"[a-z0-9]+")
_NAME: Final = re.compile(r"[_-]+")


def sensitive(value: str, *, name: bool = False, topic: str = "") -> list[Hit]:
    """The sensitive references of `value`, one per pattern; `name` for an identifier.

    A named file is only ``low`` when negated ("does not read /etc/passwd") or when it
    is the subject of the tool `topic` names (``~/.ssh/id_rsa`` as a default of
    ``ssh_exec``).
    """
    text = _NAME.sub(" ", value) if name else value
    hits: list[Hit] = []
    low = value.lower().translate(_SPACED)
    for index, (pattern, severity, why, gate) in enumerate(_PATTERNS):
        if gate is not None and not _holds(low, gate):
            continue
        match = pattern.search(text)
        if match is None:
            continue
        if index == 0 and _own(text, match, topic):
            severity, why = "low", "a sensitive file, negated or the tool's own subject."
        hits.append(Hit("sensitive-reference", severity, match.start(), match.end(), why))
    if name:
        match = _IN_NAMES.search(text)
        if match is not None:
            why = "a parameter named for a secret the model is to fill in."
            hits.append(Hit("sensitive-reference", "high", match.start(), match.end(), why))
    return hits


def _own(text: str, match: re.Match[str], topic: str) -> bool:
    """True when the file `match` found is negated, or named by the tool's own name."""
    if _NEGATED.search(text, max(0, match.start() - 40), match.start()):
        return True
    found = match.group().lower()
    return any(word in found for word in _WORDS.findall(topic.lower()) if word in _SUBJECTS)


def _holds(low: str, words: tuple[str, ...]) -> bool:
    """Whether `low` holds one of `words` (a loop: cheaper than `any` over a generator)."""
    for word in words:  # noqa: SIM110 (a loop: any() over a generator costs twice)
        if word in low:
            return True
    return False
