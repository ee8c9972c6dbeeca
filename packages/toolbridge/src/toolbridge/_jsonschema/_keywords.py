"""Which JSON Schema keywords hold subschemas, and in which shape: the one table.

Every walker that rebuilds or searches the subschemas of a schema reads this table
(through `toolbridge._jsonschema._walk`), so that two walkers can no longer disagree on where
subschemas are (one of them missing a keyword once crashed the interpreter). A
keyword's value is one schema, a list of schemas, or a map of names to schemas;
``items`` is one or a list (the list is the tuple form before 2020-12), and a
``dependencies`` member is a schema or a list of property names (only the schemas
are subschemas). The table is the union over the drafts toolbridge reads (draft-04
to 2020-12): a draft-07 keyword in a 2020-12 schema is still walked, as every
walker did before. `tests/schema/test_walk.py` checks it against the meta-schemas.
Beside it, `DATA_KEYWORDS`: the keywords whose values are instances, into which the
value walk (`toolbridge._jsonschema._walk.parts`) never steps.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, TypeAlias, final

__all__ = [
    "DATA_KEYWORDS",
    "DRAFTS",
    "KEYWORDS",
    "SCHEMA",
    "SCHEMA_LIST",
    "SCHEMA_MAP",
    "SUBSCHEMA_KEYWORDS",
    "Draft",
    "Keyword",
]

Draft: TypeAlias = Literal["draft-04", "draft-06", "draft-07", "2019-09", "2020-12"]
"""A JSON Schema draft, named as `toolbridge._jsonschema._meta_schema.KNOWN_DIALECTS` names it."""
DRAFTS: Final[tuple[Draft, ...]] = ("draft-04", "draft-06", "draft-07", "2019-09", "2020-12")

_ALL: Final[frozenset[Draft]] = frozenset(DRAFTS)
_FROM_06: Final[frozenset[Draft]] = _ALL - {"draft-04"}
_FROM_07: Final[frozenset[Draft]] = _FROM_06 - {"draft-06"}
_FROM_2019: Final[frozenset[Draft]] = frozenset({"2019-09", "2020-12"})
_UNTIL_2019: Final[frozenset[Draft]] = _ALL - {"2020-12"}


@final
@dataclass(frozen=True, slots=True)
class Keyword:
    """Where one keyword's subschemas are, and which drafts define it."""

    one: bool
    """The value may be one schema."""
    listed: bool
    """The value may be a list of schemas."""
    named: bool
    """The value may be a map of names (chosen by the author) to schemas."""
    drafts: frozenset[Draft]
    """The drafts whose meta-schema has the keyword with this shape."""


def _one(drafts: frozenset[Draft]) -> Keyword:
    return Keyword(one=True, listed=False, named=False, drafts=drafts)


def _list(drafts: frozenset[Draft]) -> Keyword:
    return Keyword(one=False, listed=True, named=False, drafts=drafts)


def _map(drafts: frozenset[Draft]) -> Keyword:
    return Keyword(one=False, listed=False, named=True, drafts=drafts)


KEYWORDS: Final[dict[str, Keyword]] = {
    # Applicators on objects.
    "properties": _map(_ALL),
    "patternProperties": _map(_ALL),
    "additionalProperties": _one(_ALL),
    "propertyNames": _one(_FROM_06),
    "dependentSchemas": _map(_FROM_2019),
    "dependencies": _map(_ALL),  # (members may be property-name lists: not schemas)
    "unevaluatedProperties": _one(_FROM_2019),
    # Applicators on arrays.
    "items": Keyword(one=True, listed=True, named=False, drafts=_ALL),  # (list: until 2019-09)
    "prefixItems": _list(frozenset({"2020-12"})),
    "additionalItems": _one(_UNTIL_2019),
    "contains": _one(_FROM_06),
    "unevaluatedItems": _one(_FROM_2019),
    # In-place applicators.
    "allOf": _list(_ALL),
    "anyOf": _list(_ALL),
    "oneOf": _list(_ALL),
    "not": _one(_ALL),
    "if": _one(_FROM_07),
    "then": _one(_FROM_07),
    "else": _one(_FROM_07),
    # Content and definitions.
    "contentSchema": _one(_FROM_2019),
    "$defs": _map(_FROM_2019),
    "definitions": _map(_ALL),
}
"""Every keyword whose value holds subschemas, in any draft toolbridge reads."""

SCHEMA: Final = frozenset(key for key, keyword in KEYWORDS.items() if keyword.one)
"""Keywords whose value may be one schema."""
SCHEMA_LIST: Final = frozenset(key for key, keyword in KEYWORDS.items() if keyword.listed)
"""Keywords whose value may be a list of schemas (``items`` is in `SCHEMA` too)."""
SCHEMA_MAP: Final = frozenset(key for key, keyword in KEYWORDS.items() if keyword.named)
"""Keywords whose value is a map of names to schemas: a property named ``$ref`` is a schema."""
SUBSCHEMA_KEYWORDS: Final = frozenset(KEYWORDS)
"""Every keyword that holds subschemas: a node with none of them is a leaf."""
DATA_KEYWORDS: Final = frozenset({"const", "enum", "default", "examples"})
"""Keywords whose values are instances, not schemas: a ``$ref`` in them is data, and
no walk steps into them (OpenAPI adds ``example``)."""
