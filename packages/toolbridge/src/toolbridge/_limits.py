"""The size limits that keep every transform, check and validator bounded.

Each transform and check walks a schema in time linear in its size, and a validator
checks a value in time linear in the value and in the schema it unfolds to. These
limits bound those sizes, so that no tool takes more than about a second
(``bench/run.py --only limits`` times the worst shapes just below them). A schema
beyond one is refused with `SchemaTooLargeError` before the work starts. Real
schemas are far below: the largest of the 1,037 tools of the MCP corpus has 1,151
JSON values.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from toolbridge._json import FrozenDict, FrozenList, known_size
from toolbridge._jsonschema._walk import parts
from toolbridge.errors import JsonPath, SchemaTooLargeError

__all__ = [
    "MAX_CHECKED_TOOLS",
    "MAX_PATTERN_LENGTH",
    "MAX_PATTERN_SIZE",
    "MAX_SCHEMA_SIZE",
    "check_built",
    "check_patterns",
    "check_size",
    "schema_size",
    "too_large",
    "written_size",
]

MAX_SCHEMA_SIZE: Final = 50_000
"""The most JSON values one schema may have (each object, array, string, number,
boolean and null counts one), and the most subschemas it may unfold to when every
``$ref`` is followed where it is used (what a validator evaluates)."""

MAX_CHECKED_TOOLS: Final = 20_000
"""The most tools ``toolbridge check`` takes in one run against every target: each
tool is converted for all seven (about 0.3 ms a tool), so a run stays within seconds.
With ``--target`` there is no such limit."""

MAX_PATTERN_LENGTH: Final = 1_000
"""The longest regular expression a validator compiles (``pattern``, and each key of
``patternProperties``), in characters. Matching takes time linear in the string, but
also in the size of the pattern: a 100,000-character pattern against a 1 MB string
ran for minutes. The longest pattern in the MCP corpus has 166 characters."""

MAX_PATTERN_SIZE: Final = 100_000
"""The most bytes one regular expression may compile to (the regex engine's
``size_limit``): a short pattern with counted repetitions, ``(?:x{100}){100}``,
compiles to 10,000 states and takes over a second on a 1 MB string. The largest
in the MCP corpus compiles to 16,400 bytes."""

_SCALARS: Final = frozenset({str, int, float, bool, type(None)})
_BRANCHES: Final = frozenset({"anyOf", "oneOf"})
_QUOTED: Final = ("enum", "const")


def schema_size(schema: Any, limit: int = MAX_SCHEMA_SIZE) -> int:
    """How many JSON values `schema` has, counted up to just past `limit`.

    Iterative, and it stops once the count passes `limit`: counting a huge schema
    costs no more than counting one at the limit. Frozen and plain JSON containers
    are told apart by their exact type (the `Mapping` ABC is asked only of others):
    this count is on the path of every tool's first conversion.
    """
    count = 1
    stack = [schema]
    pop, push = stack.pop, stack.append
    scalars, objects, arrays = _SCALARS, _OBJECTS, _ARRAYS
    while stack:
        node = pop()
        kind = type(node)
        if kind in objects:
            values: Any = node.values()
        elif kind in arrays:
            values = node
        elif isinstance(node, Mapping):
            values = node.values()
        elif isinstance(node, (list, tuple)):
            values = node
        else:
            continue
        count += len(values)
        if count > limit:
            break
        for value in values:
            if type(value) not in scalars:
                push(value)
    return count


_OBJECTS: Final = frozenset({dict, FrozenDict})
_ARRAYS: Final = frozenset({list, FrozenList, tuple})
_counted: tuple[Any, int] = (None, 0)
"""The last frozen schema `check_size` counted, and its size: a writer checks a tool's
schema, then the transform it calls checks the same object again, for nothing."""


def check_size(
    schema: Any, *, tool: str | None = None, path: JsonPath = (), what: str = "the schema"
) -> int:
    """Refuse a schema of more than `MAX_SCHEMA_SIZE` JSON values; else its size.

    A frozen schema (it cannot change) counted by the last call is not counted again.

    Raises:
        SchemaTooLargeError: It has more; the message names `tool` when given, and
            the error's ``path`` is `path` (where the schema is).
    """
    global _counted
    last, size = _counted
    if last is not schema:
        known = known_size(schema)  # counted when it was frozen: no walk
        size = schema_size(schema) if known is None else known
        if type(schema) is FrozenDict:
            _counted = (schema, size)
    if size > MAX_SCHEMA_SIZE:
        raise too_large(f"{what} has more than", "JSON values", "", tool, path)
    return size


def check_patterns(schema: Any) -> tuple[int, int]:
    """Refuse a schema with a regular expression longer than `MAX_PATTERN_LENGTH`.

    Only keywords are looked at: a property named ``pattern``, or a ``const`` that
    holds one, is no regular expression. Returns what listing a value's issues may
    copy, outside ``anyOf`` / ``oneOf`` branches (each of those counts one): the rules
    (how many errors one place of a value can raise: one per keyword, one per
    ``required`` name) and the payload (the JSON values of ``enum`` and ``const``,
    which an error quotes).

    Raises:
        SchemaTooLargeError: There is one; ``path`` says where.
    """
    rules = payload = 0
    stack: list[tuple[Any, JsonPath, bool, bool]] = [(schema, (), False, False)]
    while stack:
        node, where, named, branch = stack.pop()
        if not named and isinstance(node, Mapping):
            if not branch:
                rules += len(node)
                required = node.get("required")
                rules += len(required) if isinstance(required, (list, tuple)) else 0
                payload += sum(schema_size(node[key]) for key in _QUOTED if key in node)
            pattern = node.get("pattern")
            if isinstance(pattern, str) and len(pattern) > MAX_PATTERN_LENGTH:
                raise _long_pattern((*where, "pattern"))
            keyed = node.get("patternProperties")
            if isinstance(keyed, Mapping) and any(
                len(key) > MAX_PATTERN_LENGTH for key in keyed if isinstance(key, str)
            ):
                raise _long_pattern((*where, "patternProperties"))
        for key, value, value_named in parts(node, named):
            if type(value) not in _SCALARS:
                inside = branch or (not named and key in _BRANCHES)
                stack.append((value, (*where, key), value_named, inside))
    return rules, payload


def _long_pattern(path: JsonPath) -> SchemaTooLargeError:
    return SchemaTooLargeError(
        f"a regular expression is longer than {MAX_PATTERN_LENGTH:,} characters"
        " (toolbridge's size limit)",
        limit=MAX_PATTERN_LENGTH,
        path=path,
    )


def too_large(
    what: str, unit: str, why: str, tool: str | None, path: JsonPath = ()
) -> SchemaTooLargeError:
    """The refusal: ``tool 'x': WHAT 50,000 UNIT (toolbridge's size limit): WHY``.

    The tool's name comes first, as the format engine puts it, so that the error
    reaches the caller as it is (a `SchemaTooLargeError`), not wrapped.
    """
    owner = f"tool {tool!r}: " if tool is not None else ""
    reason = f": {why}" if why else ""
    return SchemaTooLargeError(
        f"{owner}{what} {MAX_SCHEMA_SIZE:,} {unit} (toolbridge's size limit){reason}",
        limit=MAX_SCHEMA_SIZE,
        path=path,
    )


def written_size(value: Any, limit: int = MAX_SCHEMA_SIZE) -> int:
    """How many JSON values `value` has once written out, counted up to just past `limit`.

    A transform may share one converted subschema between the places that use it
    (a ``$ref`` target copied in place): the value is then a graph, linear to
    build, whose written form repeats each shared part wherever it is used, and
    can be exponentially larger. Each distinct part is sized once.
    """
    sizes: dict[int, int] = {}
    stack: list[tuple[Any, bool]] = [(value, False)]
    while stack:
        node, ready = stack.pop()
        if id(node) in sizes:
            continue
        items: Any = node.values() if isinstance(node, Mapping) else node
        if not ready:
            stack.append((node, True))
            stack.extend(
                (item, False)
                for item in items
                if type(item) not in _SCALARS and isinstance(item, (Mapping, list, tuple))
            )
            continue
        total = 1
        for item in items:
            total += sizes.get(id(item), 1)
        if total > limit:
            return total
        sizes[id(node)] = total
    return sizes.get(id(value), 1)


def check_built(value: Any, *, tool: str | None = None) -> None:
    """Refuse a transform's output that would be written as more than `MAX_SCHEMA_SIZE` values.

    Raises:
        SchemaTooLargeError: It would; the message names `tool` when given.
    """
    if isinstance(value, (Mapping, list, tuple)) and written_size(value) > MAX_SCHEMA_SIZE:
        why = "a $ref target copied where it is used repeats it"
        raise too_large("the converted schema would have more than", "JSON values", why, tool)
