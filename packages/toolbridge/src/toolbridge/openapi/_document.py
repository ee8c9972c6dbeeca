"""Reading an OpenAPI 3.x document: from a dict, JSON or YAML text, or a file; local refs.

Only references inside the document (``#/...``) are followed; a reference to another
document or a URL is refused, never fetched. Every problem is a `ConversionError`
carrying the JSON path of its place.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from toolbridge.errors import ConversionError, JsonPath

__all__ = ["Document", "load_document"]

_MAX_CHAIN: Final = 32


def load_document(source: Mapping[str, Any] | str | os.PathLike[str]) -> Document:
    """The document `source` holds, checked to be OpenAPI 3.0 or 3.1.

    Raises:
        ConversionError: Unreadable, unparsable, not OpenAPI 3.x, or without paths.
    """
    if isinstance(source, Mapping):
        data: Any = copy.deepcopy(dict(source))
    else:
        data = _parse(source)
    if not isinstance(data, Mapping):
        raise ConversionError(f"an OpenAPI document is an object, not {type(data).__name__}")
    version = data.get("openapi")
    if "swagger" in data:
        raise ConversionError(
            "this is a Swagger 2.0 document: convert it to OpenAPI 3 first", path=("swagger",)
        )
    if not isinstance(version, str) or not version.startswith(("3.0", "3.1")):
        raise ConversionError(
            f"expected an OpenAPI 3.0 or 3.1 document, got openapi={version!r}", path=("openapi",)
        )
    paths = data.get("paths", {})
    if not isinstance(paths, Mapping):
        raise ConversionError("paths must be an object", path=("paths",))
    return Document(dict(data), version)


def _parse(source: str | os.PathLike[str]) -> Any:
    text: str
    if isinstance(source, str) and ("\n" in source or source.lstrip().startswith(("{", "openapi"))):
        text = source
    else:
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as error:
            raise ConversionError(f"cannot read {str(source)!r}: {error.strerror}") from None
    stripped = text.lstrip()
    if stripped.startswith("{"):
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


class Document:
    """A parsed OpenAPI document and the local references inside it."""

    def __init__(self, data: dict[str, Any], version: str) -> None:
        self.data = data
        self.version = version

    @property
    def is_30(self) -> bool:
        """OpenAPI 3.0 (schemas are OpenAPI's dialect, with ``nullable``)."""
        return self.version.startswith("3.0")

    def pointer(self, reference: str, path: JsonPath) -> Any:
        """The value a local reference (``#/a/b``) points at.

        Raises:
            ConversionError: Not a local reference, or nothing there.
        """
        if not reference.startswith("#"):
            raise ConversionError(
                f"$ref {reference!r} points outside the document: only '#/...' references "
                "are followed (nothing is fetched)",
                path=path,
            )
        value: Any = self.data
        for raw in reference[1:].split("/")[1:] if reference != "#" else []:
            part = raw.replace("~1", "/").replace("~0", "~")
            if isinstance(value, Mapping) and part in value:
                value = value[part]
            elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
                value = value[int(part)]
            else:
                raise ConversionError(f"$ref {reference!r} points at nothing", path=path)
        return value

    def resolved(self, value: Any, path: JsonPath) -> tuple[Any, JsonPath]:
        """`value`, or what its ``$ref`` chain ends at (a parameter, a body, a response)."""
        seen: set[str] = set()
        while isinstance(value, Mapping) and isinstance(value.get("$ref"), str):
            reference = value["$ref"]
            if reference in seen or len(seen) > _MAX_CHAIN:
                raise ConversionError(f"$ref {reference!r} refers to itself", path=path)
            seen.add(reference)
            value = self.pointer(reference, (*path, "$ref"))
            path = tuple(part for part in reference[2:].split("/") if part)
        return value, path
