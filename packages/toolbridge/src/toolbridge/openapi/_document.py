"""Reading an OpenAPI 3.x document: from a dict, JSON or YAML text, or a file; local refs.

Only references inside the document (``#/...``) are followed; a reference to another
document or a URL is refused, never fetched. Every problem is a `ConversionError`
carrying the JSON path of its place. The caller's document is never changed: the
`Document` holds a copy.
"""

from __future__ import annotations

import copy
import json
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from toolbridge._json import thaw
from toolbridge._jsonschema._keywords import DATA_KEYWORDS
from toolbridge._jsonschema._references import parse_pointer, resolve, rewrite_references
from toolbridge.errors import ConversionError, JsonPath, SchemaError, ToolbridgeError

__all__ = ["Document", "Schemas", "load_document"]

_VERSION: Final = re.compile(r"3\.[01](\.\d+)?(-[0-9A-Za-z.-]+)?")
_MAX_CHAIN: Final = 32
"""The longest chain of references (a ``$ref`` to a ``$ref`` to ...) that is followed."""
_DATA: Final = DATA_KEYWORDS | {"example"}
"""Keywords whose values are data: a ``$ref`` inside them is not a reference."""
_TEXT: Final = re.compile(r"\s*(\{|[\"']?openapi[\"']?\s*:)")
"""How a document's one-line text starts (JSON, or YAML's ``openapi:`` field): a file
name such as ``openapi.yaml`` does not."""


def load_document(source: Mapping[str, Any] | str | os.PathLike[str]) -> Document:
    """The document `source` holds, checked to be OpenAPI 3.0 or 3.1.

    A string holding a newline, or starting with ``{`` or ``openapi:``, is the
    document's text; any other string (``openapi.yaml``), and any path, names a file.

    Raises:
        ConversionError: Unreadable, unparsable, not OpenAPI 3.x, or ``paths`` not an
            object.
    """
    data = copy.deepcopy(dict(source)) if isinstance(source, Mapping) else _parse(source)
    if not isinstance(data, Mapping):
        raise ConversionError(f"an OpenAPI document is an object, not {type(data).__name__}")
    if "swagger" in data:
        raise ConversionError(
            "this is a Swagger 2.0 document: convert it to OpenAPI 3 first", path=("swagger",)
        )
    if "openapi" not in data:
        raise ConversionError("not an OpenAPI document: it has no 'openapi' version field")
    version = data["openapi"]
    if not isinstance(version, str) or _VERSION.fullmatch(version) is None:
        raise ConversionError(
            f"expected an OpenAPI 3.0 or 3.1 document, got openapi={version!r}", path=("openapi",)
        )
    if not isinstance(data.get("paths", {}), Mapping):
        raise ConversionError("paths must be an object", path=("paths",))
    return Document({**data, "servers": _servers(data.get("servers"))}, version)


def _parse(source: str | os.PathLike[str]) -> Any:
    if isinstance(source, str) and ("\n" in source or _TEXT.match(source)):
        text = source
    else:
        try:
            text = Path(source).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise ConversionError(
                f"cannot read the OpenAPI document {str(source)!r}: {error}"
            ) from error
    if text.lstrip().startswith("{"):
        try:
            return json.loads(text)
        except ValueError as error:
            raise ConversionError(f"the OpenAPI document is not valid JSON: {error}") from None
    try:
        import yaml
    except ImportError:
        raise ConversionError(
            "reading YAML needs PyYAML: pip install 'toolbridge[openapi]'"
        ) from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise ConversionError(f"the OpenAPI document is not valid YAML: {error}") from None


def _servers(servers: Any) -> Any:
    """``servers`` with each URL's ``{variables}`` replaced by their defaults."""
    if not isinstance(servers, list):
        return servers
    return [_with_defaults(server) for server in servers]


def _with_defaults(server: Any) -> Any:
    if not isinstance(server, Mapping) or not isinstance(server.get("url"), str):
        return server
    variables = server.get("variables")
    if not isinstance(variables, Mapping):
        return server
    url: str = server["url"]
    for name, variable in variables.items():
        if isinstance(variable, Mapping) and "default" in variable:
            url = url.replace("{" + str(name) + "}", str(variable["default"]))
    return {**server, "url": url}


class Document:
    """A parsed OpenAPI document (a private copy) and the local references inside it."""

    def __init__(self, data: dict[str, Any], version: str) -> None:
        self.data = data
        self.version = version
        self._definitions: dict[JsonPath, tuple[Any, list[JsonPath]]] = {}

    @property
    def is_30(self) -> bool:
        """OpenAPI 3.0, whose schemas are OpenAPI's own dialect (with ``nullable``)."""
        return self.version.startswith("3.0")

    def target(self, reference: str, path: JsonPath) -> JsonPath:
        """Where in the document a local reference (``#/a/b``) points, checked to exist.

        Args:
            reference: The ``$ref`` value.
            path: Where the ``$ref`` is, for the error.

        Raises:
            ConversionError: Not a reference into this document, or nothing there.
        """
        target = parse_pointer(reference)
        if target is None:
            raise ConversionError(
                f"$ref {reference!r} is not a pointer into this document: only '#/...' "
                "references are followed (nothing is fetched)",
                path=path,
            )
        if resolve(self.data, target) is None:
            raise ConversionError(f"$ref {reference!r} points at nothing", path=path)
        return target

    def pointer(self, reference: str, path: JsonPath) -> Any:
        """The value a local reference points at; see `target`."""
        return resolve(self.data, self.target(reference, path))

    def resolved(self, value: Any, path: JsonPath) -> tuple[Any, JsonPath]:
        """`value`, or what its ``$ref`` chain ends at, with that place's path.

        For the objects OpenAPI lets be references: path items, parameters, request
        bodies, responses, and a body's top-level schema.

        Raises:
            ConversionError: A reference that is not local, points at nothing, or
                leads back to itself.
        """
        seen: set[str] = set()
        while isinstance(value, Mapping) and isinstance(value.get("$ref"), str):
            reference: str = value["$ref"]
            if reference in seen:
                raise ConversionError(f"$ref {reference!r} refers to itself", path=(*path, "$ref"))
            if len(seen) == _MAX_CHAIN:
                message = f"more than {_MAX_CHAIN} $refs in a chain"
                raise ConversionError(message, path=(*path, "$ref"))
            seen.add(reference)
            target = self.target(reference, (*path, "$ref"))
            value, path = self.pointer(reference, path), target
        return value, path

    def take(self, schema: Any, path: JsonPath) -> tuple[Any, list[JsonPath]]:
        """A copy of the schema at `path` whose local references point into ``$defs``.

        Returns:
            The copy, and the places in the document its references point at.

        Raises:
            ConversionError: A reference that is not local or points at nothing, or
                a schema nesting deeper than toolbridge's bound.
        """
        targets: list[JsonPath] = []

        def into_defs(reference: str, where: JsonPath) -> str:
            target = self.target(reference, (*where, "$ref"))
            targets.append(target)
            return "#/$defs/" + _name(target).replace("~", "~0").replace("/", "~1")

        return rewrite_references(schema, into_defs, where=path, data=_DATA), targets

    def definition(self, target: JsonPath) -> tuple[Any, list[JsonPath]]:
        """`take` of the schema at `target`, made once per document."""
        found = self._definitions.get(target)
        if found is None:
            found = self._definitions[target] = self.take(resolve(self.data, target), target)
        return found


class Schemas:
    """One tool's schemas taken out of a document, then made self-contained.

    `take` copies a schema from its place in the document, pointing each local
    ``$ref`` into ``$defs`` (a component keeps its name); `complete` adds those
    definitions to a schema built from the taken pieces, converts OpenAPI 3.0 to
    JSON Schema 2020-12 and inlines the references with `toolbridge.schema.inline_refs`.
    A recursive schema (a tree), or one whose inlining would pass toolbridge's size
    bounds, keeps its references, under ``$defs``.
    """

    def __init__(self, document: Document) -> None:
        self._document = document
        self._pending: list[JsonPath] = []

    def take(self, schema: Any, path: JsonPath) -> Any:
        """See `Document.take`; the targets are remembered for `complete`."""
        copied, targets = self._document.take(schema, path)
        self._pending.extend(targets)
        return copied

    def complete(self, schema: Mapping[str, Any], *, tool: str, path: JsonPath) -> dict[str, Any]:
        """`schema` (built from taken pieces) as self-contained JSON Schema 2020-12.

        Raises:
            ConversionError: The schema cannot be converted from OpenAPI 3.0.
        """
        from toolbridge.schema import from_openapi30

        edges: dict[JsonPath, list[JsonPath]] = {}
        definitions: dict[str, Any] = {}
        while self._pending:
            target = self._pending.pop()
            if target not in edges:
                definitions[_name(target)], edges[target] = self._document.definition(target)
                self._pending.extend(edges[target])
        root = dict(schema)
        if definitions:
            root["$defs"] = {**root.get("$defs", {}), **definitions}
        try:
            if self._document.is_30:
                root = thaw(from_openapi30(root, tool=tool).schema)
        except ToolbridgeError as error:
            raise ConversionError(f"operation {tool!r}: {error}", path=path) from error
        if definitions and not _has_cycle(edges):
            root = _inlined(root, tool)
        root.pop("$schema", None)
        return root


def _name(target: JsonPath) -> str:
    """A component keeps its name (which has no ``/``); any other target is its path."""
    if len(target) == 3 and target[:2] == ("components", "schemas"):
        return str(target[2])
    return "/".join(map(str, target))


def _has_cycle(edges: Mapping[JsonPath, list[JsonPath]]) -> bool:
    """True when following the references can come back to where it started."""
    state: dict[JsonPath, bool] = {}  # True while on the current path, False when done
    for start in edges:
        if start in state:
            continue
        state[start] = True
        stack = [(start, iter(edges[start]))]
        while stack:
            node, targets = stack[-1]
            target = next(targets, None)
            if target is None:
                state[node] = False
                stack.pop()
            elif state.get(target) is True:
                return True
            elif target not in state:
                state[target] = True
                stack.append((target, iter(edges.get(target, ()))))
    return False


def _inlined(schema: dict[str, Any], tool: str) -> dict[str, Any]:
    """`schema` with its references inlined, or as it is if that would be too big."""
    from toolbridge.schema import inline_refs

    try:
        inlined = thaw(inline_refs(schema, tool=tool).schema)
    except SchemaError:  # more subschemas, or deeper, than toolbridge allows
        return schema
    return inlined if isinstance(inlined, dict) else schema
