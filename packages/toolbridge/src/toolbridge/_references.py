"""``$ref`` handling around the validator: no fetching, and bounding how deep it can go."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Mapping
from typing import Any, Final

from toolbridge._json import MAX_DEPTH, thaw
from toolbridge.errors import JsonPath

_REFERENCE_KEYWORDS: Final = frozenset({"$ref", "$dynamicRef", "$recursiveRef"})
_VALUE_KEYWORDS: Final = frozenset({"const", "enum", "default", "examples"})
_DEFAULT_BASE: Final = "json-schema:///"  # jsonschema-rs's base URI for a schema without $id
_LAST: Final = "\U0010ffff"


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
        path.append(int(text) if text.isdigit() else text)
    return tuple(path)


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

    Values of ``const``, ``enum``, ``default`` and ``examples`` are data, not schemas,
    and are not searched.
    """
    stack: list[tuple[Any, JsonPath]] = [(schema, ())]
    while stack:
        node, where = stack.pop()
        if isinstance(node, Mapping):
            for key, value in node.items():
                if key in _REFERENCE_KEYWORDS and isinstance(value, str):
                    yield where, key, value
                elif key not in _VALUE_KEYWORDS and isinstance(value, (Mapping, list)):
                    stack.append((value, (*where, key)))
        elif isinstance(node, list):
            stack.extend((value, (*where, index)) for index, value in enumerate(node))


def _has_nested_id(schema: Any) -> bool:
    """True when a subschema declares its own base URI (which changes what ``#/...`` means)."""
    stack: list[Any] = [schema]
    root = True
    while stack:
        node = stack.pop()
        if isinstance(node, Mapping):
            if not root and isinstance(node.get("$id"), str):
                return True
            stack.extend(v for k, v in node.items() if k not in _VALUE_KEYWORDS)
        elif isinstance(node, list):
            stack.extend(node)
        root = False
    return False


def _key(path: JsonPath) -> str:
    """A string whose prefixes are exactly the keys of the path's ancestors."""
    return "/" + "".join(str(p).replace("~", "~0").replace("/", "~1") + "/" for p in path)


def _heights(schema: Any) -> dict[int, int]:
    """How many levels each subschema nests, by ``id``; iterative, shared nodes once."""
    heights: dict[int, int] = {}
    stack: list[Any] = [schema]
    while stack:
        node = stack[-1]
        if id(node) in heights:
            stack.pop()
            continue
        if isinstance(node, Mapping):
            children = [v for k, v in node.items() if k not in _VALUE_KEYWORDS]
        else:
            children = list(node)
        children = [child for child in children if isinstance(child, (Mapping, list))]
        pending = [child for child in children if id(child) not in heights]
        if pending:
            stack.extend(pending)
            continue
        heights[id(node)] = 1 + max((heights[id(child)] for child in children), default=0)
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
