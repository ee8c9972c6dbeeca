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

_SOURCES: Final[tuple[tuple[str, Severity, str], ...]] = (
    (
        r"\bssh[/\\_ ]+(?:id_|authorized_keys"
        r"|known_hosts|config\b)|\bid[_ -](?:rsa|dsa|ecdsa|ed25519)\b"
        r"|\.aws[/\\]+credentials\b|\baws[_ ]credentials[_ ]file\b|/etc/(?:passwd|shadow|sudoers)\b"
        r"|\b(?:mcp|claude_desktop_config)\.json\b|~/\.cursor\b"
        r"|-----BEGIN [A-Z ]*PRIVATE KEY|(?<![\w.])\.(?:npmrc|pypirc|netrc|pgpass"
        r"|git-credentials|bash_history|zsh_history)\b|\.kube/config\b"
        r"|\.docker/config\.json\b|\.gnupg\b|\bwallet\.dat\b"
        r"|\b(?:seed|mnemonic|recovery)[_ -]phrase\b",
        "high",
        "a credential or sensitive file a tool's definition has no reason to name.",
    ),
    (
        r"\b(?:webhook\.site|ngrok(?:-free)?\.(?:io|app|dev)|requestbin"
        r"|pipedream\.net|pastebin\.com|hookbin|beeceptor|interact\.sh|burpcollaborator"
        r"|oast\.(?:pro|live|site|online|fun|me)|ptsv[23]|transfer\.sh|file\.io)\b",
        "high",
        "an exfiltration endpoint (a request catcher or paste site).",
    ),
    (
        r"\b(?:send|post|upload|forward|transmit|exfiltrate|leak|copy|report|bcc|cc)"
        r"\b[^.\n]{0,80}?\b(?:to|at)\s+(?:https?://|[\w.+-]+@[\w-]+\.[\w.]+"
        r"|\+\d[\d\s()-]{7,})|\b(?:always|also|secretly|silently) (?:bcc|cc|copy|forward"
        r"|send)\b",
        "medium",
        "an instruction to send data to a fixed address.",
    ),
    (
        r"\b(?:read|cat|open|load|include|pass|send|attach|append|put|insert|provide"
        r"|extract|collect|dump|copy)\b[^.\n]{0,60}?(?:(?<![\w.])\.env\b|~/|\$HOME\b"
        r"|\b(?:private|ssh|secret)[_ ]keys?\b|\b(?:all|every|the user'?s?)"
        r" (?:api[_ ]?keys?|tokens|passwords|credentials|secrets|environment variables)\b"
        r"|\bconversation history\b|\bchat history\b)",
        "high",
        "an instruction to read or pass along secrets, home-directory files or history.",
    ),
    (
        r"(?<![\w./-])\.env\b(?![\w.-])|\benvironment variables\b|\bapi[_ ]?keys?\b"
        r"|\bsecret[_ ]?keys?\b|\bpasswords?\b|\bcredentials\b",
        "low",
        "a mention of secrets (everyday in API documentation; raised next to other hits).",
    ),
)
_PATTERNS: Final = tuple(
    (re.compile(pattern, _FLAGS), severity, why) for pattern, severity, why in _SOURCES
)
_NAME: Final = re.compile(r"[_-]+")


def sensitive(value: str, *, name: bool = False) -> list[Hit]:
    """The sensitive references of `value`, one per pattern; `name` for an identifier."""
    text = _NAME.sub(" ", value) if name else value
    hits: list[Hit] = []
    for pattern, severity, why in _PATTERNS:
        match = pattern.search(text)
        if match is not None:
            hits.append(Hit("sensitive-reference", severity, match.start(), match.end(), why))
    return hits
