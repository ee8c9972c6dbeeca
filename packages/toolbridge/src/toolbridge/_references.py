"""``$ref`` handling around the validator: no fetching, and finding recursion."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from toolbridge._json import thaw
from toolbridge.errors import JsonPath

_REFERENCE_KEYWORDS = ("$ref", "$dynamicRef", "$recursiveRef")


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
            self.refused.append(uri)
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


def _references(node: Any, path: JsonPath) -> Iterator[tuple[JsonPath, str]]:
    """Every (location, reference) pair in a schema; iterative over bounded depth."""
    stack: list[tuple[Any, JsonPath]] = [(node, path)]
    while stack:
        current, where = stack.pop()
        if isinstance(current, Mapping):
            for key, value in current.items():
                if key in _REFERENCE_KEYWORDS and isinstance(value, str):
                    yield where, value
                elif key not in ("const", "enum", "default", "examples"):
                    stack.append((value, (*where, key)))
        elif isinstance(current, list):
            stack.extend((value, (*where, index)) for index, value in enumerate(current))


def may_recurse(schema: Any) -> bool:
    """True when following the schema's references could loop.

    Local JSON Pointer references are followed exactly; any other reference
    (anchors, ``$id``-relative, dynamic) is assumed to possibly loop.
    """
    refs = list(_references(schema, ()))
    if not refs:
        return False
    targets: list[tuple[JsonPath, JsonPath]] = []
    for location, reference in refs:
        target = parse_pointer(reference)
        if target is None:
            return True
        targets.append((location, target))

    def inside(location: JsonPath, subtree: JsonPath) -> bool:
        return location[: len(subtree)] == subtree

    # Edge: reference i leads into the subtree holding reference j.
    edges = {
        i: [j for j, (location, _) in enumerate(targets) if inside(location, target)]
        for i, (_, target) in enumerate(targets)
    }
    visiting: set[int] = set()
    done: set[int] = set()
    for start in edges:
        if start in done:
            continue
        stack: list[tuple[int, int]] = [(start, 0)]
        visiting.add(start)
        while stack:
            node, index = stack[-1]
            if index < len(edges[node]):
                stack[-1] = (node, index + 1)
                nxt = edges[node][index]
                if nxt in visiting:
                    return True
                if nxt not in done:
                    visiting.add(nxt)
                    stack.append((nxt, 0))
            else:
                visiting.discard(node)
                done.add(node)
                stack.pop()
    return False
