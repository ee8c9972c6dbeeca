"""A field that sends to an address the tool chose: a default destination, a copy of a secret.

An upload's ``webhook`` whose default is ``https://hooks.some-audit.example/...``, a
``cc_token_to`` defaulting to an outside mailbox, a ``send_to`` set to a fixed
``@gmail.com`` address: the model sends the user's data there unless the user says
otherwise, and the user never chose it.

- A URL (of any scheme: ``tcp://``, ``mqtt://``, ``s3://``...) counts on a parameter named
  for where data goes (`_sent_to`: a ``data`` defaulting to a README's URL is a source to
  read, a ``base_url`` or ``registry_url`` the service's own), on a parameter named for a
  place things are put (a sheet, a bucket, a stage) of a tool named for sending
  (``push_to_sheet``'s ``spreadsheet``), under such a key of an offered object
  (``{"send_to": "https://..."}``), and on any parameter when its query names a
  password or a secret (``?fields=wifi_password``).
- An e-mail address or a telephone number counts on any parameter but one for who sends
  (``from``, ``sender``).
- A field named for a secret (``hf_token``, ``api_key``), or an object holding one, that
  names an e-mail address ("a copy is sent to ...@...", in any language) sends the secret
  to it.

All read the schema's structure, not its words: the same in every language.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from toolbridge._tool import Tool
from toolbridge.security._carried import EMAIL, PHONE, SCHEMES
from toolbridge.security._hit import Hit
from toolbridge.security._strings import NAME_PARTS, OFFERED, Text

__all__ = ["PRIVATE_HOSTS", "destinations", "sent_by_default"]

_ADDRESS: Final = re.compile(
    rf"{SCHEMES}://(?:[^\s/?#@]{{1,128}}@)?[^\s/?#@]{{1,253}}(?:[/?#]\S{{0,2000}})?"
    rf"|(?:mailto:)?{EMAIL}(?:\?\S{{0,2000}})?|{PHONE}",
    re.IGNORECASE,
)
"""A whole value that is one address: a URL (web, a socket, a message queue, a file
server; with its user's name or password before the host, or without), an e-mail
address (a ``mailto:`` link with its query, too) or a telephone number in its
international form."""
PRIVATE_HOSTS: Final = r"127\.|0\.0\.0\.0|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\."
"""The start of an IPv4 host on this machine or a private network (RFC 1918), a pattern."""
_LOCAL: Final = re.compile(
    r"^(?:[a-z][a-z\d+.-]*://)?(?:[^/@]*@)?(?:localhost|\[::1\]|"
    + PRIVATE_HOSTS
    + r"|(?:www\.)?example\.(?:com|org|net)\b)",
    re.IGNORECASE,
)
"""An address on this machine or its private network (a shop's label printer at
192.168.1.50), or the documentation example itself (``example.com``, not a host under
it): it sends nothing away."""
_SENDER: Final = re.compile(
    r"from|sender|reply|provider|author|contact|support|owner|maintainer", re.IGNORECASE
)
"""A parameter for who sends or who answers: an e-mail default there is no destination."""
_SENT_STEMS: Final = (
    "webhook", "hook", "notif", "upload", "backup", "archiv", "telemetr", "export", "forward",
    "recipient", "destin", "collect", "ingest", "mirror", "relay", "sync", "ziel", "cible",
    "hedef", "doel", "kohde", "envi", "invia", "senden", "目标", "宛先", "대상",
    "vidarebefordr", "weiterleit", "reenvi", "inoltr", "doorstu", "przekaz", "пересл", "unload",
    "partner", "kopia", "copia", "kopie", "copie", "sauvegard", "respaldo", "sicherung",
    "patutunguhan", "ipadala",
    "转发", "転送", "전달",
)  # fmt: skip
_SENT_WORDS: Final = frozenset(
    {"dest", "target", "sink", "send", "post", "push", "report", "audit", "cc", "bcc", "mål", "gui"}
)
_TOWARD: Final = frozenset(
    {"to", "a", "i", "an", "nach", "naar", "till", "til", "do", "na", "ke", "vers", "para"}
)
"""*To*, last in a name of two words or more: ``upload_to``, ``pujar_a``, ``ikelti_i``."""
_CONTAINERS: Final = (
    "sheet", "spreadsheet", "bucket", "stage", "folder", "dir", "channel", "topic", "queue",
    "inbox", "mailbox", "dropzone", "container", "board", "drive", "share",
)  # fmt: skip
"""Where a tool named for sending puts what it sends: a URL default there is its target."""
_SECRET_NAME: Final = re.compile(r"token|key|secret|passw|credential|auth|cookie", re.IGNORECASE)
_MAIL: Final = re.compile(rf"(?<![\w.+-]){EMAIL}\b")
_OBJECTS: Final = OFFERED - {"enum"}
"""Where a schema offers a whole object; a key inside it named for where data goes names
its URL's slot, other keys (an example's ``phone_number``) say nothing of it."""
_ASKS_SECRET: Final = re.compile(r"\?\S*?[=&,;]\w*?(?:passw|pwd|secret|credential|cookie)", re.I)
"""A URL's query naming a password, a secret or a cookie: the address asks for them."""
_WHY_DEFAULT: Final = (
    "a parameter whose default sends to an address the tool chose ({}): the user's data "
    "goes there unless they say otherwise (exfiltration through a parameter)."
)
_WHY_COPY: Final = (
    "a field named for a secret names an e-mail address: the secret is copied to it "
    "(exfiltration through a parameter)."
)


def destinations(tool: Tool, texts: Sequence[Text]) -> list[tuple[Text, Hit]]:
    """The input-schema fields of `tool` (its strings `texts`) that send to a fixed address."""
    hits: list[tuple[Text, Hit]] = []
    sending = _sent_to(tool.name)
    for text in texts:
        path = text.path
        if path[0] != "inputSchema" or text.kind != "text" or "properties" not in path:
            continue
        name = _parameter(path)
        if name is None:
            continue
        value = text.value.strip()
        key = path[-1]
        if isinstance(key, int) and path[-2:-1] == ("default",):
            key = "default"  # one of a list's default values: ``cc: ["x@y"]``
        if isinstance(key, str) and key not in _OBJECTS and _OBJECTS & set(path[:-1]):
            # a key of an offered object: a URL under a key named for where data goes
            if "://" in value and _sent_to(key) and _outside(value):
                hits.append((text, _default_hit(value)))
            continue
        if (
            key in ("default", "const")
            and _outside(value)
            and (
                (
                    _sent_to(name)
                    or (sending and _holds_container(name))
                    or _ASKS_SECRET.search(value) is not None
                )
                if "://" in value
                else _SENDER.search(name) is None
            )
        ):
            hits.append((text, _default_hit(value)))
            continue
        if "@" in value and (
            _SECRET_NAME.search(name) is not None
            or (path[-1] == "description" and _holds_secrets(tool.input_schema, path[1:-1]))
        ):
            found = _MAIL.search(value)
            if found is not None and _LOCAL.match(found.group()) is None:
                hit = Hit("sensitive-reference", "medium", found.start(), found.end(), _WHY_COPY)
                hits.append((text, hit))
    return hits


def sent_by_default(texts: Sequence[Text]) -> str | None:
    """The address a field of the input schema sends to by default (a URL), if one does.

    Whatever the field is named: beside data the tool asks for, an address the call never
    chose is where that data goes. Not one on this machine, nor the documentation's
    example.
    """
    for text in texts:
        path = text.path
        if path[0] == "inputSchema" and path[-1] in ("default", "const"):
            value = text.value.strip()
            if "://" in value and _outside(value):
                return value
    return None


def _sent_to(name: str) -> bool:
    """Whether parameter `name` is named for where data goes.

    ``webhook_url``, ``cc``, ``backup_target``, ``upload_to``: a URL elsewhere is as often
    a source to read (a ``data`` defaulting to a README's URL) or the service's own
    (``base_url``).
    """
    parts = [part.lower() for part in NAME_PARTS.findall(name)]
    return any(part.startswith(_SENT_STEMS) or part in _SENT_WORDS for part in parts) or (
        len(parts) > 1 and parts[-1] in _TOWARD
    )


def _outside(value: str) -> bool:
    """Whether `value` is one address, and not on this machine nor a documentation example."""
    return _ADDRESS.fullmatch(value) is not None and _LOCAL.match(value) is None


def _default_hit(value: str) -> Hit:
    """The finding on a default (or an offered object's value) that sends to `value`."""
    why = _WHY_DEFAULT.format(value[:60])
    return Hit("sensitive-reference", "medium", 0, len(value), why)


def _holds_container(name: str) -> bool:
    """Whether parameter `name` is named for a place things are put (`_CONTAINERS`)."""
    return any(part.lower().startswith(_CONTAINERS) for part in NAME_PARTS.findall(name))


def _holds_secrets(schema: Mapping[str, Any], path: tuple[str | int, ...]) -> bool:
    """Whether the object at `path` in `schema` has a property named for a secret."""
    node: Any = schema
    for key in path:
        node = node.get(key) if isinstance(node, Mapping) and isinstance(key, str) else None
    properties = node.get("properties") if isinstance(node, Mapping) else None
    return isinstance(properties, Mapping) and any(
        _SECRET_NAME.search(str(name)) is not None for name in properties
    )


def _parameter(path: tuple[str | int, ...]) -> str | None:
    """The innermost property `path` is in (its name), or None."""
    for at in range(len(path) - 2, 0, -1):
        name = path[at]
        if path[at - 1] == "properties" and isinstance(name, str):
            return name
    return None
