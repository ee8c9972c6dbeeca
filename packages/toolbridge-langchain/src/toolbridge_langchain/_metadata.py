"""The canonical fields LangChain has no slot for, in a tool's ``metadata``, and back.

A LangChain tool carries a name, a description, an arguments schema and tags. The
rest of a canonical tool rides in its ``metadata`` (a plain JSON object), in two parts:

- the behaviour hints under MCP's own names (``readOnlyHint``, ``destructiveHint``,
  ``idempotentHint``, ``openWorldHint``, and ``title`` for the annotations' title), as
  ``langchain-mcp-adapters`` writes them, so tools loaded either way read alike;
- the title, output schema, namespace, version, category and ``meta`` under the key
  ``"toolbridge"``, each only when set.

Every other key is the LangChain tool's own metadata, kept in
``meta["langchain"]["metadata"]`` and written back from there.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from toolbridge import Tool, ToolAnnotations, thaw

__all__ = ["KEY", "foreign_json", "read_metadata", "write_metadata"]

KEY: Final = "toolbridge"
"""The metadata key holding the canonical fields LangChain has no slot for."""

_HINTS: Final = (
    ("title", "title", str),
    ("read_only", "readOnlyHint", bool),
    ("destructive", "destructiveHint", bool),
    ("idempotent", "idempotentHint", bool),
    ("open_world", "openWorldHint", bool),
)
"""Annotation field, MCP's name for it (the metadata key), and its type."""

_FIELDS: Final = ("title", "output_schema", "namespace", "version", "category")


def write_metadata(tool: Tool, own: Mapping[str, Any]) -> dict[str, Any] | None:
    """The ``metadata`` of `tool` as a LangChain tool, ``None`` when there is nothing to say.

    That is `own` (the LangChain tool's metadata kept from a previous conversion),
    the stated hints and the ``toolbridge`` key.
    """
    metadata: dict[str, Any] = dict(own)
    for field, key, _ in _HINTS:
        value = getattr(tool.annotations, field)
        if value is not None:
            metadata[key] = value
    extra = {field: thaw(getattr(tool, field)) for field in _FIELDS}
    meta = {key: value for key, value in tool.meta.items() if key != "langchain"}
    extra["meta"] = thaw(meta) if meta else None
    if stated := {key: value for key, value in extra.items() if value is not None}:
        metadata[KEY] = stated
    return metadata or None


def read_metadata(
    metadata: Mapping[str, Any] | None,
) -> tuple[dict[str, Any], dict[str, Any] | None, dict[str, Any]]:
    """Split a LangChain tool's ``metadata`` back into what `write_metadata` wrote.

    Returns:
        The canonical fields found (keyword arguments of `Tool`, ``annotations``
        included), the canonical ``meta`` if the tool carried one (``None`` for a
        tool toolbridge did not make), and the LangChain tool's own metadata (the
        keys that are JSON; others cannot travel in a canonical tool).
    """
    own = dict(metadata or {})
    hints: dict[str, Any] = {}
    for field, key, kind in _HINTS:
        value = own.get(key)
        if value is None or isinstance(value, kind):
            own.pop(key, None)
            if value is not None:
                hints[field] = value
    fields: dict[str, Any] = {"annotations": ToolAnnotations(**hints)}
    meta = None
    stored = own.get(KEY)
    if isinstance(stored, Mapping):
        del own[KEY]
        fields |= {field: stored[field] for field in _FIELDS if stored.get(field) is not None}
        meta = dict(stored.get("meta") or {})
    return fields, meta, foreign_json(own)


def foreign_json(values: Mapping[str, Any]) -> dict[str, Any]:
    """The items of `values` that are JSON; the others are left out."""
    kept = {}
    for key, value in values.items():
        try:
            kept[key] = json.loads(json.dumps(value, allow_nan=False))
        except (TypeError, ValueError):
            continue
    return kept
