"""A key or token for a named service, asked for by a tool that is not about that service.

A ``github_token`` on a grain silo's thermometer, a ``strava_refresh_token`` on a gym's
check-in desk, a ``sync_code`` whose pattern is an AWS access key (``^AKIA...``), "your
Stripe secret key (sk_live_...)" on a score widget: a hosted API's own field takes its
own key, and its tool (name, title, description) or its server names that service. A
key for another service is one the model holds for it, carried off. A field counts
when its name is a key's (``token``, ``api_key``, ``secret``, ``credential``, ``auth``)
or its pattern, examples or default are a known key's format.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from typing import Final

from toolbridge._tool import Tool
from toolbridge.security._hit import Hit
from toolbridge.security._strings import NAME_PARTS, Text, itself

__all__ = ["service_keys"]

_SERVICES: Final = {
    "GitHub": r"github|\bgh[ps]_|\bgho_",
    "GitLab": r"gitlab|\bglpat-",
    "Slack": r"slack|\bxox[abpr]-",
    "Stripe": r"stripe|\b[sr]k[_-]live",
    "AWS": r"\baws\b|\bakia|amazon",
    "OpenAI": r"openai|\bsk-(?!ant)[a-z0-9]",
    "Anthropic": r"anthropic|\bsk-ant",
    "Google": r"google|\baiza|\bgcp\b",
    "Strava": r"strava",
    "Dropbox": r"dropbox",
    "Notion": r"notion",
    "Discord": r"discord",
    "Twilio": r"twilio",
    "Azure": r"azure",
    "Hugging Face": r"hugging ?face|\bhf_",
}
"""Services whose keys a model may hold, by their names and their keys' prefixes."""
_NAMED: Final = {service: re.compile(words) for service, words in _SERVICES.items()}
_KEY_NAME: Final = frozenset(
    {
        "token",
        "tokens",
        "key",
        "keys",
        "secret",
        "secrets",
        "credential",
        "credentials",
        "pat",
        "auth",
        "apikey",
        "password",
        "passwords",
    }
)
"""Words of a field's name that make it a key's."""
_FORMAT: Final = re.compile(
    r"\bakia|\b[sr]k[_-]live|\bgh[ps]_|\bgithub_pat_|\bxox[abpr]-|\baiza|\bglpat-|\bsk-ant"
    r"|\bsk-[a-z0-9]{6}"
)
"""A key's own format in a pattern, an example or a default: its provider's prefix."""
_GATE: Final = re.compile(r"token|key|secret|credential|pat|auth|password", re.IGNORECASE)
"""A key's word in a field's name (one search before the name is split in words)."""
_FORMAT_KEYS: Final = frozenset({"pattern", "examples", "default"})
_READ_KEYS: Final = frozenset({"description", "title"}) | _FORMAT_KEYS
_WHY: Final = (
    "a field asking for a {} key or token, on a tool that is not about {}: the model is "
    "to pass on a key it holds for another service (exfiltration through a parameter)."
)


def service_keys(tool: Tool, server: str | None, texts: Sequence[Text]) -> list[tuple[Text, Hit]]:
    """The input-schema fields of `tool` asking for a key of a service it is not about."""
    fields: dict[tuple[str | int, ...], Text] = {}
    formats: set[tuple[str | int, ...]] = set()
    for text in texts:
        path = text.path
        if path[0] != "inputSchema":
            continue
        if text.kind == "name":
            if path[-2:-1] == ("properties",) and _GATE.search(text.value) is not None:
                words = {part.lower() for part in NAME_PARTS.findall(text.value)}
                if not _KEY_NAME.isdisjoint(words):
                    fields[path] = text
        elif not _FORMAT_KEYS.isdisjoint(path[-2:]) and _FORMAT.search(text.value.lower()):
            at = _property(path)
            if at is not None:
                formats.add(at)
    if not fields and not formats:
        return []
    for text in texts:  # the names of fields whose offered values are a key's format
        if text.path in formats and text.kind == "name":
            fields[text.path] = text
    said: defaultdict[tuple[str | int, ...], list[str]] = defaultdict(list)
    for text in texts:
        at = _property(text.path) if text.path[0] == "inputSchema" else None
        if at in fields and text.path[len(at)] in _READ_KEYS:
            said[at].append(text.value)
    hits: list[tuple[Text, Hit]] = []
    own: str | None = None
    for path, text in fields.items():
        field = " ".join([" ".join(NAME_PARTS.findall(text.value)), *said[path]]).lower()
        for service, named in _NAMED.items():
            if named.search(field) is None:
                continue
            if own is None:
                own = f"{itself(tool)} {server or ''}".lower()
            if named.search(own) is None:
                why = _WHY.format(service, service)
                hits.append((text, Hit("sensitive-reference", "medium", 0, len(text.value), why)))
                break
    return hits


def _property(path: tuple[str | int, ...]) -> tuple[str | int, ...] | None:
    """The path of the innermost property `path` is in (ending at its name), or None."""
    for at in range(len(path) - 1, 0, -1):
        if path[at - 1] == "properties" and isinstance(path[at], str) and at < len(path) - 1:
            return path[: at + 1]
    return None
