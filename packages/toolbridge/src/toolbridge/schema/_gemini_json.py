"""Keep a JSON Schema to the keywords Gemini documents for ``parametersJsonSchema``.

Gemini takes JSON Schema in ``parametersJsonSchema`` / ``responseJsonSchema`` but
refuses keywords outside a documented list, a root ``$schema`` among them (the
request fails: QwenLM/qwen-code#1186, GetStream/Vision-Agents#513). The list:
``$id``, ``$defs``, ``$ref``, ``$anchor``, ``type``, ``format``, ``title``,
``description``, ``enum``, ``items``, ``prefixItems``, ``minItems``, ``maxItems``,
``minimum``, ``maximum``, ``anyOf``, ``oneOf``, ``properties``,
``additionalProperties``, ``required`` and ``propertyOrdering``.

`to_gemini_json` copies the schema, walking it once, and reports every change. The
step reads one node's keywords in order and lowers the subschemas of each keyword it
keeps itself (through `toolbridge._jsonschema._walk.converted`: where they are is the keyword
table's), so that the report lists a node's entries and its subschemas' in schema
order. One named step per kind of keyword:

* ``const`` becomes a one-value ``enum`` (rewritten; it replaces an ``enum`` beside it).
* ``definitions`` becomes ``$defs`` when there is none, and every ``$ref`` into it
  follows (rewritten).
* ``default``, ``examples``, ``minLength``/``maxLength``, ``uniqueItems``,
  ``minProperties``/``maxProperties`` and ``deprecated`` are said in words in the
  description, as the strict OpenAI writer says them (moved to the description).
* Every other keyword (``$schema``, ``pattern``, ``exclusiveMinimum``, ``allOf``,
  ``not``, ``propertyNames``, ``x-...`` extensions, ...) is dropped (reported).

A ``type`` that names no JSON type is refused (`SchemaError`), kept or in a dropped
subschema: Gemini would refuse the request, and the schema is bad input anyway.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from toolbridge._json import MAX_DEPTH, FrozenDict, freeze, seal
from toolbridge._jsonschema._keywords import SCHEMA_MAP, SUBSCHEMA_KEYWORDS
from toolbridge._jsonschema._references import parse_pointer, pointer
from toolbridge._jsonschema._walk import converted
from toolbridge.errors import ConversionError, JsonPath
from toolbridge.schema._malformed import JSON_TYPES, check_type, check_types, first_unknown_type
from toolbridge.schema._report import LossAction, LossEntry, Transformed
from toolbridge.schema._wording import in_words

__all__ = ["GEMINI_KEYWORDS", "to_gemini_json"]

GEMINI_KEYWORDS: Final = frozenset(
    {"$id", "$defs", "$ref", "$anchor", "type", "format", "title", "description"}
    | {"enum", "items", "prefixItems", "minItems", "maxItems", "minimum", "maximum"}
    | {"anyOf", "oneOf", "properties", "additionalProperties", "required"}
    | {"propertyOrdering"}
)
"""The keywords Google documents for ``parametersJsonSchema``; no other is written."""


def to_gemini_json(schema: Any, *, tool: str | None = None) -> Transformed:
    """A copy of `schema` holding only `GEMINI_KEYWORDS`, with the report of each change.

    Never modifies `schema`. Paths in the report are those of the source.

    Args:
        schema: A JSON Schema (any JSON value; a boolean schema comes back as it is).
        tool: The tool's name, for the report.

    Raises:
        ConversionError: `schema` nests deeper than `MAX_DEPTH`.
        SchemaError: A ``type`` names no JSON type (the first `check_types` finds).
    """
    walk = _Walk(schema, tool)
    output = first_unknown_type(schema, tool, lambda: walk.schema(schema, (), 0))
    # (a frozen source: new nodes around its frozen parts, sealed; another is frozen whole)
    sealed = seal(output) if type(schema) is FrozenDict else freeze(output)
    return Transformed(sealed, tuple(walk.report))


class _Walk:
    """One copy of one schema: the source root (to follow ``$ref``) and the report."""

    def __init__(self, root: Any, tool: str | None) -> None:
        self.root = root
        self.tool = tool
        self.report: list[LossEntry] = []

    def note(self, path: JsonPath, keyword: str, action: LossAction, detail: str) -> None:
        self.report.append(
            LossEntry(tool=self.tool, path=path, keyword=keyword, action=action, detail=detail)
        )

    def schema(self, node: Any, path: JsonPath, depth: int) -> Any:
        """One schema: each keyword of an object kept, rewritten, said in words or dropped.

        A boolean (or a member that is no schema) comes back as it is; `depth` is the
        length of `path`.
        """
        if depth > MAX_DEPTH:
            raise ConversionError("a schema nests too deeply", path=path)
        if not isinstance(node, Mapping):
            return node
        out: dict[str, Any] = {}
        said: list[str] = []
        for key, value in node.items():
            at = (*path, key)
            if key == "enum" and "const" in node:
                continue  # (the const step writes the enum)
            if key == "enum":  # values, not schemas
                out[key] = value
            elif key == "$ref" and isinstance(value, str):
                out[key] = self.reference(value, at)
            elif key == "type":
                if type(value) is not str or value not in JSON_TYPES:
                    check_type(value, path, tool=self.tool)
                out[key] = value
            elif key in GEMINI_KEYWORDS:
                # Kept; the subschemas it holds, where the table says, lowered in turn.
                out[key] = (
                    converted(key, value, path, depth, self.schema)
                    if key in SUBSCHEMA_KEYWORDS
                    else value
                )
            # Gemini has no const: the same meaning as a one-value enum.
            elif key == "const":
                out["enum"] = [value]
                beside = " (replacing the enum beside it)" if "enum" in node else ""
                self.note(at, key, LossAction.REWRITTEN, f"as a one-value enum{beside}")
            # Draft-07's name for $defs, which Gemini documents.
            elif key == "definitions" and "$defs" not in node and isinstance(value, Mapping):
                self.note(at, key, LossAction.REWRITTEN, "as $defs, with the references into it")
                out["$defs"] = converted(key, value, path, depth, self.schema)
            # Any other keyword of the table (allOf, not, if, ...): Gemini refuses it.
            elif key in SUBSCHEMA_KEYWORDS:
                check_types({key: value}, tool=self.tool, path=path)  # (dropped, not unchecked)
                self.note(at, key, LossAction.DROPPED, "not a keyword Gemini accepts")
            # What words can say, as the strict OpenAI writer says it.
            elif (words := in_words(key, value)) is not None:
                said.append(words)
                self.note(at, key, LossAction.MOVED_TO_DESCRIPTION, f"said as {words!r}")
            # The rest (a root $schema first of all) makes Gemini refuse the request.
            else:
                self.note(at, key, LossAction.DROPPED, "not a keyword Gemini accepts")
        if said:
            text = str(out.get("description", "")).rstrip()
            words = "(" + "; ".join(said) + ")"
            out["description"] = f"{text} {words}" if text else words
        return out

    def reference(self, reference: str, at: JsonPath) -> str:
        """A local ``$ref`` passing through a ``definitions`` renamed ``$defs``, renamed too."""
        target = parse_pointer(reference)
        if target is None or "definitions" not in target:
            return reference
        moved: list[str | int] = []
        node: Any = self.root
        named = False
        for part in target:
            renamed = (
                not named
                and part == "definitions"
                and isinstance(node, Mapping)
                and "$defs" not in node
                and isinstance(node.get(part), Mapping)
            )
            moved.append("$defs" if renamed else part)
            named = not named and part in SCHEMA_MAP
            node = node.get(str(part)) if isinstance(node, Mapping) else None
        rewritten = pointer(tuple(moved))
        if rewritten != reference:
            self.note(at, "$ref", LossAction.REWRITTEN, f"{reference} as {rewritten}")
        return rewritten
