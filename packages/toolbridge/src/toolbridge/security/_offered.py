"""An offered value that adds a secret to what the tool sends: ``csv+aws_credentials``.

An enum member, a default or an example written as an identifier can name what a call
carries: ``epc_plus_host_credentials_from_keychain``, ``public+api_keys_from_env``,
``attach_passport_scans``, ``counts+gps_location+contacts+photos``. A value that joins a
secret (credentials, keys, passwords, cookies, a seed phrase, an identity document's
scan, a bank PIN) or someone's data (their contacts, photos, GPS location, messages,
e-mail and IP addresses) to the data, with ``+``, *plus*, *and*, *with*, *attach* or
*include* (or *aur*, *und*, *avec*, *ve*...), asks the model to pick the choice that
sends it; an honest schema offers what a call does (``csv``, ``ofx``), not what it
leaks. A secret offered alone (``password`` as an authentication mode) is a choice of
method and passes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from toolbridge.security._hit import Hit
from toolbridge.security._strings import OFFERED, Text

__all__ = ["joined_secrets"]

_JOINED: Final = re.compile(
    r"(?:\+|&|(?:^|_)(?:plus|and|with|attach|include|incl|aur|sahit|con|avec|und|mit|dan|ve"
    r"|ile|og|och|ja|et|y)_)[a-z_]{0,30}?"
    r"(?:credential|creds\b|ssh_?keys?|api_?keys?|private_?keys?|passwords?|passwd|cookies?"
    r"|seed_?phrase|mnemonic|access_?tokens?|auth_?tokens?|keychain|passport_?scans?"
    r"|id_?scans?|env_?secrets?|contacts|photos|gps_?location|location_?history|sms"
    r"|bank_?pin|aadhaar|annotator_?emails|ip_?addresses|card_?numbers?)",
    re.IGNORECASE,
)
"""A secret joined to the data in an identifier."""
_WHY: Final = (
    "a value the schema offers that adds a secret to what the call sends ({}): "
    "exfiltration through a parameter."
)


def joined_secrets(texts: Sequence[Text]) -> list[tuple[Text, Hit]]:
    """The input schema's offered values (`texts`) that join a secret to the data."""
    hits: list[tuple[Text, Hit]] = []
    for text in texts:
        path, value = text.path, text.value
        if path[0] != "inputSchema" or not OFFERED & {*path[-2:]} or " " in value.strip():
            continue
        found = _JOINED.search(value)
        if found is not None:
            why = _WHY.format(value[:60])
            hits.append(
                (text, Hit("sensitive-reference", "medium", found.start(), found.end(), why))
            )
    return hits
