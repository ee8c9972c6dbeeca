"""``$ref`` handling around the validator: no fetching, and bounding how deep it can go."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterator, Mapping, Set
from typing import Any, Final

from toolbridge._json import MAX_DEPTH, thaw
from toolbridge._jsonschema._keywords import DATA_KEYWORDS
from toolbridge._jsonschema._walk import parts, values
from toolbridge.errors import ConversionError, JsonPath

_REFERENCE_KEYWORDS: Final = frozenset({"$ref", "$dynamicRef", "$recursiveRef"})
_DEFAULT_BASE: Final = "json-schema:///"  # jsonschema-rs's base URI for a schema without $id
_LAST: Final = "\U0010ffff"
_SCALARS: Final = frozenset({str, int, float, bool, type(None)})


class ResourceRetriever:
    """Serves ``$ref`` targets from memory and refuses everything else.

    Handed to jsonschema-rs as its retriever, so that no URI is ever fetched; the
    refused URIs are kept for the error the caller raises.
    """

    def __init__(self, resources: Mapping[str, Any]) -> None:
        self._resources = {uri.rstrip("#"): schema for uri, schema in resources.items()}
        self.refused: list[str] = []

    def __call__(self, uri: str) -> Any:
        found = self._resources.get(uri.rstrip("#"))
        if found is None:
            self.refused.append(uri.removeprefix(_DEFAULT_BASE))
            raise LookupError(f"{uri} is not available: toolbridge never fetches schemas")
        return thaw(found)


def pointer(path: JsonPath) -> str:
    """A JSON Pointer fragment (``#/a/0``) for a path."""
    return "#" + "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def parse_pointer(reference: str) -> JsonPath | None:
    """The path of a local JSON Pointer reference (``#/$defs/A``), or None if not local."""
    if reference == "#":
        return ()
    if not reference.startswith("#/"):
        return None
    from urllib.parse import unquote

    parts = reference[2:].split("/")
    path: list[str | int] = []
    for part in parts:
        text = unquote(part).replace("~1", "/").replace("~0", "~")
        index = array_index(text)
        path.append(text if index is None else index)
    return tuple(path)


def array_index(token: str) -> int | None:
    """A pointer token as an array index: ASCII digits only, at most 18 of them.

    ``str.isdigit`` also accepts ``"²"`` and other digits ``int`` refuses, and a
    token of thousands of digits exceeds ``int``'s conversion limit; neither can
    name an array item, so both stay strings (and resolve to nothing).
    """
    if len(token) > 18 or not token.isascii() or not token.isdigit():
        return None
    return int(token)


def resolve(root: Any, path: JsonPath) -> Any:
    """The node at `path` inside `root`, or None when there is none."""
    node = root
    for part in path:
        if isinstance(node, Mapping) and str(part) in node:
            node = node[str(part)]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        else:
            return None
    return node


def references(schema: Any) -> Iterator[tuple[JsonPath, str, str]]:
    """Every ``(location, keyword, reference)`` in a schema, iteratively.

    Found by the value walk (`toolbridge._jsonschema._walk.values`): a ``$ref`` may
    sit under any keyword but an instance's.
    """
    keywords = _REFERENCE_KEYWORDS
    for where, node, named in values(schema):
        if not named and isinstance(node, Mapping) and not keywords.isdisjoint(node):
            for key, value in node.items():
                if key in keywords and isinstance(value, str):
                    yield where, key, value


def rewrite_references(
    schema: Any,
    rewrite: Callable[[str, JsonPath], str],
    *,
    where: JsonPath = (),
    data: Set[str] = DATA_KEYWORDS,
    keep_resources: bool = False,
) -> Any:
    """A plain copy of `schema` with each ``$ref`` replaced by ``rewrite(reference, location)``.

    The walk is the value walk's (`toolbridge._jsonschema._walk.parts`); the values
    of `data` keywords are copied as they are. With `keep_resources`, a subschema
    declaring its own ``$id`` (where ``#`` means that subschema) is copied as it is.

    Args:
        schema: The schema (any JSON value).
        rewrite: The new reference, given the old one and where the object holding
            it is (its path from the document root, `where` included).
        where: The path of `schema` in its document.
        data: Keywords whose values are instances (OpenAPI adds ``example``).
        keep_resources: Leave subschemas with their own ``$id`` untouched.

    Raises:
        ConversionError: `schema` nests deeper than `MAX_DEPTH` (or what `rewrite` raises).
    """

    def copy(node: Any, at: JsonPath, named: bool) -> Any:
        if len(at) > MAX_DEPTH:
            raise ConversionError("a schema nests too deeply", path=at)
        if isinstance(node, list):
            return [copy(item, (*at, index), False) for index, item in enumerate(node)]
        if not isinstance(node, Mapping):
            return node
        if keep_resources and not named and at != where and isinstance(node.get("$id"), str):
            return thaw(node)
        copied = dict(node)  # (the keys in their order, scalars copied already)
        for key, value, value_named in parts(node, named, data):
            if not named and key == "$ref" and isinstance(value, str):
                copied[key] = rewrite(value, at)
            elif type(value) not in _SCALARS or len(at) >= MAX_DEPTH:  # (too deep: refused)
                copied[key] = copy(value, (*at, key), value_named)
        if not named:
            for key in data & copied.keys():
                copied[key] = thaw(copied[key])
        return copied

    return copy(schema, where, False)


def dangling_reference(schema: Any) -> tuple[JsonPath, str] | None:
    """The first local ``$ref`` (``#/...``) that points at nothing: where it is, and it.

    None when every one points at a schema (an object or a boolean), or when a
    subschema declares its own ``$id`` (``#/...`` then means another resource).
    """
    found = [
        (where, reference)
        for where, keyword, reference in references(schema)
        if keyword == "$ref" and reference.startswith("#")
    ]
    if not found or _has_nested_id(schema):
        return None
    for where, reference in found:
        path = parse_pointer(reference)
        if path is None:  # "#name": a plain-name fragment, an anchor; left to the validator
            continue
        target = resolve(schema, path)
        if not isinstance(target, Mapping | bool):
            return where, reference
    return None


def _has_nested_id(schema: Any) -> bool:
    """True when a subschema declares its own base URI (which changes what ``#/...`` means)."""
    return any(
        not named
        and node is not schema
        and isinstance(node, Mapping)
        and isinstance(node.get("$id"), str)
        for _, node, named in values(schema, paths=False)
    )


def _key(path: JsonPath) -> str:
    """A string whose prefixes are exactly the keys of the path's ancestors."""
    return "/" + "".join(str(p).replace("~", "~0").replace("/", "~1") + "/" for p in path)


def _heights(schema: Any) -> dict[int, int]:
    """How many levels each subschema nests, by ``id``; iterative, shared nodes once."""
    heights: dict[int, int] = {}
    stack: list[tuple[Any, bool]] = [(schema, False)]
    while stack:
        node, named = stack[-1]
        if id(node) in heights:
            stack.pop()
            continue
        below = [
            (value, value_named)
            for _, value, value_named in parts(node, named)
            if isinstance(value, (Mapping, list))
        ]
        pending = [entry for entry in below if id(entry[0]) not in heights]
        if pending:
            stack.extend(pending)
            continue
        heights[id(node)] = 1 + max((heights[id(value)] for value, _ in below), default=0)
        stack.pop()
    return heights


def unbounded_depth(schema: Any, limit: int = MAX_DEPTH) -> bool:
    """True when validating against `schema` could look deeper than `limit` levels into a value.

    Each level of a value costs at least one level of schema, so without references
    validation goes no deeper than the schema nests. References can take it further:
    a cycle of them (a tree schema) without any bound, a chain of local ones (``a``
    refers to ``b`` one level down, ``b`` to ``c``, ...) by the sum of their depths.
    References that are not local JSON Pointers (anchors, ``$dynamicRef``, other
    documents), and subschemas with their own ``$id``, are not followed: the answer
    for them is True. Linear in the size of the schema for real schemas.
    """
    if not isinstance(schema, Mapping):
        return False
    located: list[tuple[str, int, JsonPath]] = []
    for location, keyword, reference in references(schema):
        target = parse_pointer(reference) if keyword == "$ref" else None
        if target is None:
            return True
        located.append((_key(location), len(location), target))
    if not located:
        return False
    if _has_nested_id(schema):
        return True
    heights = _heights(schema)
    located.sort(key=lambda entry: entry[0])
    keys = [entry[0] for entry in located]
    descent: dict[str, int] = {}  # how deep validation may go below a target
    on_stack: set[str] = set()
    # A frame: target key, target depth, next reference index, end index, deepest so far.
    frames: list[list[Any]] = []

    def push(target: JsonPath) -> None:
        key = _key(target)
        on_stack.add(key)
        height = heights.get(id(resolve(schema, target)), 0)
        frames.append([key, len(target), bisect_left(keys, key), bisect_left(keys, key + _LAST)])
        frames[-1].append(height)

    push(())
    while frames:
        frame = frames[-1]
        key, depth, index, end, deepest = frame
        if deepest > limit:
            return True
        if index == end:
            frames.pop()
            on_stack.discard(key)
            descent[key] = deepest
            if frames:
                parent = frames[-1]
                levels = located[parent[2] - 1][1] - parent[1]
                parent[4] = max(parent[4], levels + deepest)
            continue
        frame[2] = index + 1
        _, location_depth, target = located[index]
        target_key = _key(target)
        if target_key in on_stack:
            return True
        known = descent.get(target_key)
        if known is None:
            push(target)
        else:
            frame[4] = max(deepest, location_depth - depth + known)
    return False
