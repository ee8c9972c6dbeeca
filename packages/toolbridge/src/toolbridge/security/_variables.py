"""A parameter that asks for a secret environment variable's value, or a ``.env`` file's.

Inside an input schema, where the model writes what is asked, ``${OPENAI_API_KEY}``
as a default, "the value of GITHUB_TOKEN in the user's environment" or "read
DATABASE_URL from .env" asks the model to copy a secret it can reach into the call:
a variable *named* for a secret (``..._TOKEN``, ``..._API_KEY``, ``..._SECRET``,
``..._PASSWORD``, a database URL), in any language's sentence. An API names such a
variable to say what it is called ("Repository secret name, e.g. NPM_TOKEN"), which
passes; so does a ``.env`` path ("Path of the .env file", a default of ``.env``).
Outside the input schema a tool's setup notes name them too ("export WEATHER_API_KEY"):
this reads fields only.
"""

from __future__ import annotations

import re
from typing import Final

from toolbridge.security._hit import Hit

__all__ = ["secret_variable"]

_VARIABLE: Final = re.compile(
    r"(?<![A-Za-z0-9_$])(?P<template>\$\{?)?(?P<name>(?:[A-Z][A-Z0-9]*_)*(?:"
    r"[A-Z][A-Z0-9]*_(?:API_?KEY|ACCESS_KEY|KEY|TOKEN|SECRET|SECRET_KEY|PASSWORD|PASSWD|PWD"
    r"|CREDENTIALS?)"
    r"|(?:DATABASE|DB|REDIS|MONGO(?:DB)?|POSTGRES(?:QL)?|PG|MYSQL|AMQP|RABBITMQ)_(?:URL|URI|DSN)"
    r")|\*?_(?:API_?KEY|ACCESS_KEY|KEY|TOKEN|SECRET|SECRET_KEY|PASSWORD)"
    r"|(?:AWS|GCP|GOOGLE|AZURE|OPENAI|ANTHROPIC|GITHUB|STRIPE)_\*)(?![A-Za-z0-9_])"
)
"""An environment variable named for a secret; `template`: written as its value (``${X}``).
Every variable of a kind counts too: a name's secret ending alone ("whose name ends
with _KEY or _TOKEN", ``*_SECRET``) or a provider's prefix with a wildcard (``AWS_*``)."""
_NAMING: Final = re.compile(
    r"(?:\be\.?g\.?|\bi\.?e\.?|\bsuch as|\blike|\bnamed?|\bcalled|\bz\.\s?b\.|\bp\.\s?ex\."
    r"|\bej\.|\bbijv\.|\bnp\.|\bnapr\.|\bad es\.|例如|例\uff1a|例:|예:|예를 들어)[\s:(\"'`]*$",
    re.IGNORECASE,
)
"""Just before a variable: it is being named ("e.g. NPM_TOKEN"), not asked for."""
_NAMING_REACH: Final = 16
_GLUE: Final = re.compile(r"(?:[\s,/;]|\b(?:or|and|und|oder|et|ou|o|y|e|of|или|и)\b|、|和|或)*")
"""Between two variables of one list ("e.g. DATABASE_URL or REDIS_URL"): both named."""
_DOTENV: Final = re.compile(r"(?<![\w./-])(?:\./|\.\./)*\.env(?![\w])")
_PATH_WORDS: Final = re.compile(
    r"\b(?:path|paths|filename|file ?names?|name of|location|ruta|chemin|pfad|percorso|caminho"
    r"|ścieżka|pad|sökväg|cesta|путь|шлях|nombre del|nom du|dateiname|nome del)\b",
    re.IGNORECASE,
)
"""A field about where a ``.env`` file is, not what it holds."""
_MIN_WORDS: Final = 4
"""Words a field's text needs before a ``.env`` in it is read as an ask (not a path)."""
_WHY: Final = (
    "a field that asks for the value of a secret environment variable or a .env file's "
    "content: the model would copy a secret it can reach into the call."
)


def secret_variable(value: str) -> Hit | None:
    """An input-schema string asking for a secret variable's value or a ``.env``; or None."""
    if "_" in value or "$" in value:
        named = -1  # where the last variable that was only named ends
        for found in _VARIABLE.finditer(value):
            if not found.group("template") and (
                _NAMING.search(value, max(0, found.start() - _NAMING_REACH), found.start())
                or (named >= 0 and _GLUE.fullmatch(value, named, found.start()))
            ):
                named = found.end()
                continue
            return Hit("sensitive-reference", "medium", found.start(), found.end(), _WHY)
    if ".env" in value and len(value.split()) >= _MIN_WORDS and not _PATH_WORDS.search(value):
        dotenv = _DOTENV.search(value)
        if dotenv is not None:
            return Hit("sensitive-reference", "medium", dotenv.start(), dotenv.end(), _WHY)
    return None
