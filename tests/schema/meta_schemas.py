"""Where subschemas are, read from the official meta-schemas: shared by the walk tests.

The keywords that hold subschemas come from the ``jsonschema-specifications`` copies
of the meta-schemas, never written out here. `PLACED` lists each subschema keyword of
the 2020-12 and draft-07 meta-schemas with each shape it takes; `holding` builds a
schema with a marker under one of them, for a transform to be checked against.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urljoin

import jsonschema_specifications  # type: ignore[import-untyped, unused-ignore]
from referencing import Registry

from toolbridge._jsonschema._keywords import Draft
from toolbridge.errors import JsonPath

_META: dict[Draft, str] = {
    "draft-04": "http://json-schema.org/draft-04/schema",
    "draft-06": "http://json-schema.org/draft-06/schema",
    "draft-07": "http://json-schema.org/draft-07/schema",
    "2019-09": "https://json-schema.org/draft/2019-09/schema",
    "2020-12": "https://json-schema.org/draft/2020-12/schema",
}
_REGISTRY: Registry[Any] = jsonschema_specifications.REGISTRY


def _documents(uri: str) -> Iterator[dict[str, Any]]:
    """A meta-schema and the vocabulary meta-schemas its ``allOf`` brings in."""
    document = _REGISTRY.contents(uri)
    yield document
    for part in document.get("allOf", ()):
        reference = part.get("$ref")
        if isinstance(reference, str) and not reference.startswith("#"):
            yield from _documents(urljoin(uri, reference))


def _is_meta(schema: Any) -> bool:
    """True for the meta-schema's "any schema here" (``#``, ``#meta``, recursive ``#``)."""
    return schema in ({"$ref": "#"}, {"$dynamicRef": "#meta"}, {"$recursiveRef": "#"})


def _shapes(schema: Any, document: dict[str, Any]) -> set[str]:
    """The shapes of subschema a keyword's meta-schema allows: one, list, map."""
    if not isinstance(schema, dict):
        return set()
    if _is_meta(schema):
        return {"one"}
    reference = schema.get("$ref")
    if isinstance(reference, str) and reference.startswith("#/"):
        target: Any = document
        for part in reference[2:].split("/"):
            target = target[part]
        return _shapes(target, document)
    found: set[str] = set()
    for option in schema.get("anyOf", ()):
        found |= _shapes(option, document)
    if _is_meta(schema.get("items")):
        found.add("list")
    if _is_meta(schema.get("additionalProperties")) or any(
        "one" in _shapes(option, document)
        for option in schema.get("additionalProperties", {}).get("anyOf", ())
    ):
        found.add("map")
    return found


def meta_keywords(draft: Draft) -> dict[str, set[str]]:
    """Every keyword of a draft's meta-schemas that holds subschemas, with their shapes."""
    found: dict[str, set[str]] = {}
    for document in _documents(_META[draft]):
        for keyword, schema in document.get("properties", {}).items():
            shapes = _shapes(schema, document)
            if shapes:
                found.setdefault(keyword, set()).update(shapes)
    return found


def _placed() -> list[tuple[Draft, str, str]]:
    return [
        (draft, keyword, shape)
        for draft in ("2020-12", "draft-07")
        for keyword, shapes in sorted(meta_keywords(draft).items())
        for shape in sorted(shapes)
    ]


PLACED = _placed()


def holding(keyword: str, shape: str, marker: Any) -> tuple[dict[str, Any], JsonPath]:
    """A schema with `marker` under `keyword` (one level down), and the marker's path."""
    value: Any = {"one": marker, "list": [True, marker], "map": {"m": marker}}[shape]
    steps: dict[str, JsonPath] = {"one": (), "list": (1,), "map": ("m",)}
    step = steps[shape]
    schema = {"properties": {"p": {keyword: value, "title": "holder"}}}
    return schema, ("properties", "p", keyword, *step)


def at(schema: Any, path: JsonPath) -> Any:
    """The value at `path` in `schema`."""
    for part in path:
        schema = schema[part]
    return schema
