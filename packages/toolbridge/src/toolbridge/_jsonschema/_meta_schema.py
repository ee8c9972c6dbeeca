"""Check a schema against its dialect's meta-schema, without ever fetching one.

A schema names its dialect in ``$schema``. jsonschema-rs carries the meta-schemas of
drafts 4, 6, 7, 2019-09 and 2020-12; asked about any other URI it tries to retrieve
it, which would let whoever wrote a schema (an MCP server, a file) make toolbridge
open a connection. So the dialect is looked up here first, in the table below, and
only a known one is handed over.

The rule for the rest, documented in docs/validation.md: a ``$schema`` that is not a
string, or names no known dialect (draft-03, an unknown ``https://`` URI, an empty
or malformed one), is itself the problem reported, at path ``/$schema``; the schema
is then checked as 2020-12 only to explain a transform's failure (`malformed`). A
``$schema`` below the root (allowed beside an ``$id``) is held to the same rule.
"""

from __future__ import annotations

from collections.abc import Container, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final, final

from toolbridge._jsonschema._walk import values
from toolbridge.errors import JsonPath

__all__ = ["KNOWN_DIALECTS", "MetaProblem", "dialect", "meta_problem", "unknown_dialect"]

KNOWN_DIALECTS: Final = {
    "json-schema.org/draft-04/schema": "draft-04",
    "json-schema.org/draft-06/schema": "draft-06",
    "json-schema.org/draft-07/schema": "draft-07",
    "json-schema.org/draft/2019-09/schema": "2019-09",
    "json-schema.org/draft/2020-12/schema": "2020-12",
}
"""The dialects checked, by URI without scheme and empty fragment (http or https)."""
_NAMES: Final = "drafts 4, 6, 7, 2019-09 and 2020-12"


@final
@dataclass(frozen=True, slots=True)
class MetaProblem:
    """Where a schema breaks its meta-schema, and how."""

    path: JsonPath
    """Where in the schema."""
    keyword: str
    """The meta-schema keyword that failed (``$schema`` for an unknown dialect)."""
    detail: str
    """What is wrong, in words."""
    value: object = None
    """The offending ``$schema`` value, for an unknown dialect."""


def dialect(uri: object) -> str | None:
    """The known dialect a ``$schema`` value names (``"2020-12"``, ...), or None."""
    if not isinstance(uri, str):
        return None
    scheme, separator, rest = uri.partition("://")
    if not separator or scheme not in ("http", "https"):
        return None
    return KNOWN_DIALECTS.get(rest[:-1] if rest.endswith("#") else rest)


def _declared(schema: Any) -> Iterator[tuple[JsonPath, object]]:
    """Every ``$schema`` keyword in the schema (root and embedded resources), with its path.

    Found by the value walk (`toolbridge._jsonschema._walk.values`): a property
    *named* ``$schema`` is a schema, not the keyword.
    """
    for where, node, named in values(schema):
        if not named and isinstance(node, Mapping) and "$schema" in node:
            yield (*where, "$schema"), node["$schema"]


def unknown_dialect(schema: Any, known: Container[str] = ()) -> MetaProblem | None:
    """The first ``$schema`` naming no known dialect, as a problem; None if all are known.

    `known` adds URIs the caller serves from memory (a validator's ``resources``).
    """
    for path, uri in _declared(schema):
        if dialect(uri) is None and not (isinstance(uri, str) and uri.rstrip("#") in known):
            shown = repr(uri) if isinstance(uri, str) else f"of type {type(uri).__name__}"
            return MetaProblem(
                path,
                "$schema",
                f"$schema {shown[:200]} names no JSON Schema dialect toolbridge knows "
                f"({_NAMES}); meta-schemas are never fetched",
                uri,
            )
    return None


def meta_problem(schema: Any, *, assume_2020_12: bool = False) -> MetaProblem | None:
    """The first place `schema` breaks its dialect's meta-schema, or None.

    An unknown dialect is the problem itself, unless `assume_2020_12`: then the
    schema is checked as 2020-12 (its ``$schema`` values set aside), which is how a
    transform's failure on a malformed shape is explained.
    """
    import jsonschema_rs

    unknown = unknown_dialect(schema)
    if unknown is not None:
        if not assume_2020_12:
            return unknown
        schema = _without_dialects(schema)
    try:
        jsonschema_rs.meta.validate(_plain(schema))
    except jsonschema_rs.ValidationError as error:
        keyword = str(error.schema_path[-1]) if error.schema_path else ""
        return MetaProblem(tuple(error.instance_path), keyword, error.message)
    except UnicodeEncodeError:
        return _lone_surrogate(schema)
    return None


def _lone_surrogate(schema: Any) -> MetaProblem:
    """Where a lone surrogate sits in `schema` (a key or a string), as a problem."""
    stack: list[tuple[JsonPath, Any]] = [((), schema)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, str):
            if not _is_text(node):
                return MetaProblem(path, "", f"the string {ascii(node)[:80]} {_LONE}")
        elif isinstance(node, Mapping):
            for key, value in node.items():
                if not _is_text(key):
                    return MetaProblem((*path, key), "", f"the key {ascii(key)[:80]} {_LONE}")
                stack.append(((*path, key), value))
        elif isinstance(node, list):
            stack.extend(((*path, index), value) for index, value in enumerate(node))
    return MetaProblem((), "", f"a string {_LONE}")


_LONE: Final = "holds a lone surrogate: not Unicode text, no provider takes it"


def _is_text(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _without_dialects(schema: Any) -> Any:
    """A plain copy of `schema` without its ``$schema`` keywords (see `_declared`)."""
    found = {path[:-1] for path, _ in _declared(schema)}

    def copy(node: Any, where: JsonPath) -> Any:
        if isinstance(node, Mapping):
            drop = where in found
            return {
                key: copy(value, (*where, key))
                for key, value in node.items()
                if not (drop and key == "$schema")
            }
        if isinstance(node, list):
            return [copy(value, (*where, index)) for index, value in enumerate(node)]
        return node

    return copy(schema, ())


def _plain(schema: Any) -> Any:
    return schema if isinstance(schema, (dict, bool)) else dict(schema)
