"""Every string of a tool's MCP form that a model reads, with its JSON path.

The name, title, description and ``annotations.title``; inside ``inputSchema`` and
``outputSchema`` (walked with `toolbridge._jsonschema._walk`, the one walker) each subschema's
``description``, ``title``, ``$comment``, ``enum`` values, ``const``, ``default`` and
``examples`` (the strings inside them, however nested), the property names (a name
with a blank in it is read as prose too), and every other string of a subschema that
no keyword gives a meaning the model ignores: ``pattern``, ``format`` (but a plain
format name such as ``date-time``), ``x-`` keys and other unknown keys, however
nested. Outside the schemas, the tool's ``_meta``, its unknown keys and its
annotations' unknown keys (kept in `Tool.meta`). A model may read any of them; a rule
reads these and nothing else, so that a new place is added here once.
"""

from __future__ import annotations

import re
from typing import Any, Final, Literal, NamedTuple

from toolbridge._jsonschema._keywords import DATA_KEYWORDS, SUBSCHEMA_KEYWORDS
from toolbridge._jsonschema._walk import walk
from toolbridge._tool import Tool

__all__ = ["NAME_PARTS", "OFFERED", "SELF", "Kind", "Text", "itself", "strings"]

Kind = Literal["name", "text"]
"""``name``: a tool's or a property's name (an identifier); ``text``: prose or a value."""

Path = tuple[str | int, ...]


class Text(NamedTuple):
    """One string a model reads, and where it is."""

    path: Path
    value: str
    kind: Kind


_PROSE: Final = ("description", "title", "$comment")
SELF: Final = frozenset({("description",), ("title",), ("annotations", "title")})
"""The paths of a tool's own texts about itself: its description and titles (the first
strings `strings` yields, after the name)."""
_VALUES: Final = ("const", "default")
_LISTS: Final = ("enum", "examples")
OFFERED: Final = frozenset({*_VALUES, *_LISTS})
"""Where a schema offers the model a value to send: a default, a constant, a choice, an
example."""
NAME_PARTS: Final = re.compile(r"[A-Z]?[a-z\d]+|[A-Z]+(?![a-z])|[^\W\d_A-Za-z]+")
"""An identifier's words: ``webhookUrl`` -> webhook, url; ``npmrc_authToken`` -> npmrc,
auth, token; a word of another script whole."""
_STRUCTURE: Final = frozenset(
    {"type", "required", "$schema", "$ref", "$dynamicRef", "$recursiveRef", "$vocabulary",
     "$anchor", "$dynamicAnchor", "$recursiveAnchor", "$id", "id", "nullable", "readOnly",
     "writeOnly", "deprecated", "dependentRequired", "discriminator"}
)  # fmt: skip
"""Keys whose strings are structure (types, names of required properties, references)."""
_READ: Final = SUBSCHEMA_KEYWORDS | DATA_KEYWORDS | _STRUCTURE | {*_PROSE, "properties"}
_FORMAT: Final = re.compile(r"[A-Za-z0-9_.:/+-]{1,40}")
"""A format's name ("date-time", "uri-reference", "int64"): no blank, no escape."""
_VALUE_DEPTH: Final = 32
"""How deep the strings inside a ``default`` (or an example) are looked for."""


def itself(tool: Tool) -> str:
    """What `tool` says it is: its name, titles and description, one text."""
    return " ".join(
        value
        for value in (tool.name, tool.title, tool.annotations.title, tool.description)
        if isinstance(value, str)
    )


def strings(tool: Tool) -> list[Text]:
    """The strings of `tool` a model reads, in a stable order (the definition's)."""
    out = [Text(("name",), tool.name, "name")]
    if isinstance(tool.title, str):
        out.append(Text(("title",), tool.title, "text"))
    if tool.description:
        out.append(Text(("description",), tool.description, "text"))
    if isinstance(tool.annotations.title, str):
        out.append(Text(("annotations", "title"), tool.annotations.title, "text"))
    for key, schema in (("inputSchema", tool.input_schema), ("outputSchema", tool.output_schema)):
        if isinstance(schema, dict):
            _schema(schema, key, out)
    kept = tool.meta.get("mcp")
    if isinstance(kept, dict):  # what the IR has no slot for: _meta, unknown keys
        for key, value in kept.items():
            if key == "extra" and isinstance(value, dict):
                for name, member in value.items():
                    _values(member, (str(name),), out)
            elif key in ("_meta", "annotations"):
                _values(value, (key,), out)
    return out


def _schema(schema: dict[str, Any], key: str, out: list[Text]) -> None:
    """The strings of every subschema of `schema` (at ``(key,)``) onto `out`."""
    for path, node in walk(schema, (key,)):
        for word in _PROSE:
            value = node.get(word)
            if isinstance(value, str) and value:
                out.append(Text((*path, word), value, "text"))
        for mapping in ("properties", "patternProperties", "$defs", "definitions"):
            named = node.get(mapping)
            if isinstance(named, dict):
                for name in named:
                    if isinstance(name, str) and name:
                        out.append(Text((*path, mapping, name), name, "name"))
                        if " " in name.strip():  # a sentence as a name: prose too
                            out.append(Text((*path, mapping, name), name, "text"))
        for key, value in node.items():
            if key not in _READ and isinstance(key, str):
                if key == "format" and isinstance(value, str) and _FORMAT.fullmatch(value):
                    continue  # "date-time", "int64": a format's name holds no sentence
                _values(value, (*path, key), out)
        for word in _VALUES:
            if word in node:
                _values(node[word], (*path, word), out)
        for word in _LISTS:
            value = node.get(word)
            if isinstance(value, list):
                for index, member in enumerate(value):
                    _values(member, (*path, word, index), out)


def _values(value: Any, path: Path, out: list[Text]) -> None:
    """The strings inside a JSON value (keys of objects too), depth first, bounded."""
    stack: list[tuple[Path, Any]] = [(path, value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, str):
            if item:
                out.append(Text(where, item, "text"))
        elif len(where) - len(path) >= _VALUE_DEPTH:
            continue
        elif isinstance(item, dict):
            below: list[tuple[Path, Any]] = []
            for name, member in item.items():
                if isinstance(name, str) and name:
                    out.append(Text(where, name, "text"))
                below.append(((*where, str(name)), member))
            stack.extend(reversed(below))
        elif isinstance(item, list):
            stack.extend(reversed([((*where, i), member) for i, member in enumerate(item)]))
