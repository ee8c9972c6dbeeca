"""Dialect export: JSON Schema 2020-12 to and from draft-07 and OpenAPI 3.0.

Each function copies the schema, walks it once (each subschema converted before the
node holding it) and reports every keyword it rewrote or dropped; paths in the
report are paths in the source. 2020-12 is the hub: `convert_dialect` goes from
draft-07 to OpenAPI 3.0 through it. The rules, one named step per keyword:

* **to_draft07** ``$schema`` is draft-07; ``$defs`` becomes ``definitions``;
  ``prefixItems`` / ``items`` become array ``items`` / ``additionalItems``;
  ``dependentRequired`` / ``dependentSchemas`` merge into ``dependencies``;
  ``$anchor`` becomes ``"$id": "#name"``; ``$dynamicRef`` / ``$dynamicAnchor`` are
  resolved statically as ``$ref`` / anchors; ``unevaluatedProperties`` /
  ``unevaluatedItems`` become ``additionalProperties`` / ``items`` where nothing
  in-place applies, and are dropped otherwise, like ``minContains``,
  ``maxContains``, ``contentSchema`` and ``$vocabulary``; a ``$ref`` with validating
  siblings (which draft-07 ignores) moves into ``allOf``. Local refs follow renames.
* **from_draft07** the reverse; siblings of ``$ref`` other than annotations were
  ignored by draft-07 and are dropped, as are 2020-12-only keywords (draft-07
  ignored them); ``allOf: [{"$ref": ...}]`` alone folds back to ``$ref``.
* **to_openapi30** no ``$schema``; type lists and ``{"type": "null"}`` branches
  become ``nullable``; ``const`` a one-value ``enum``; numeric exclusive bounds the
  boolean form; ``examples`` the one ``example``; ``prefixItems`` widens to ``items``;
  boolean subschemas become objects; refs are inlined (`inline_refs`, its report
  kept); every other keyword OpenAPI 3.0 lacks is dropped. ``x-`` keys are kept.
* **from_openapi30** ``nullable`` becomes a type list (or ``anyOf`` with null),
  boolean exclusive bounds numeric ones, ``example`` ``examples``; ``discriminator``,
  ``xml`` and ``externalDocs`` are dropped; ``x-`` keys are kept.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, Final, Literal, TypeAlias, get_args

from toolbridge._json import freeze, seal
from toolbridge._jsonschema._keywords import SCHEMA, SCHEMA_LIST, SCHEMA_MAP
from toolbridge._jsonschema._references import array_index
from toolbridge._jsonschema._walk import rebuild
from toolbridge.errors import ConversionError, JsonPath, SchemaError
from toolbridge.schema._refs import inline_refs
from toolbridge.schema._report import LossAction, LossEntry, Transformed

__all__ = [
    "DIALECTS",
    "Dialect",
    "convert_dialect",
    "from_draft07",
    "from_openapi30",
    "to_draft07",
    "to_openapi30",
]

Dialect: TypeAlias = Literal["draft-2020-12", "draft-07", "openapi-3.0"]
"""A schema dialect, named as Standard JSON Schema names its targets."""
DIALECTS: Final[tuple[Dialect, ...]] = get_args(Dialect)
"""Every dialect `convert_dialect` knows."""

DRAFT_07: Final = "http://json-schema.org/draft-07/schema#"
DRAFT_2020_12: Final = "https://json-schema.org/draft/2020-12/schema"

_ANNOTATIONS: Final = frozenset(
    {"title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly"}
    | {"$comment", "example"}
)
_IN_PLACE: Final = frozenset(
    {"allOf", "anyOf", "oneOf", "if", "then", "else", "$ref", "$dynamicRef", "dependentSchemas"}
)
"""Applicators whose subschemas' annotations ``unevaluated*`` would see."""
_ONLY_2020: Final = {
    "unevaluatedProperties": "unevaluated properties",
    "unevaluatedItems": "unevaluated items",
    "minContains": "contains counts",
    "maxContains": "contains counts",
    "contentSchema": "content schemas",
    "$vocabulary": "vocabularies",
    "$recursiveRef": "recursive refs",
    "$recursiveAnchor": "recursive anchors",
}
_UP_IGNORED: Final = frozenset(
    {"prefixItems", "dependentRequired", "dependentSchemas", "$anchor", "$dynamicAnchor"}
    | {"$dynamicRef", *_ONLY_2020}
)
"""2020-12 keywords a draft-07 schema may carry but draft-07 ignored."""
_OPENAPI: Final = frozenset(
    {"title", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"}
    | {"maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems"}
    | {"maxProperties", "minProperties", "required", "enum", "type", "allOf", "oneOf"}
    | {"anyOf", "not", "items", "properties", "additionalProperties", "description"}
    | {"format", "default", "nullable", "discriminator", "readOnly", "writeOnly", "xml"}
    | {"externalDocs", "example", "deprecated", "$ref"}
)
"""The keywords of an OpenAPI 3.0 Schema Object (besides ``x-`` extensions)."""
_OUTER: Final = _ANNOTATIONS | {"$schema", "$id", "$defs", "definitions"}
"""Keywords that stay on a node when its rules move into a branch."""
_OPENAPI_ONLY: Final = ("discriminator", "xml", "externalDocs")
_ANCHOR: Final = re.compile(r"[A-Za-z_][-A-Za-z0-9._]*")

_Rule: TypeAlias = Callable[["_Walk", dict[str, Any], JsonPath], Any]
_Rename: TypeAlias = Callable[[Mapping[str, Any], str], str]


def to_draft07(schema: Mapping[str, Any] | bool, *, tool: str | None = None) -> Transformed:
    """Convert a JSON Schema 2020-12 to draft-07.

    Args:
        schema: The 2020-12 schema; never modified.
        tool: The tool's name, for the report entries.

    Returns:
        The frozen draft-07 schema (``$schema`` set) and the report.
    """
    return _Walk(schema, tool, _down, _rename_down).run()


def from_draft07(schema: Mapping[str, Any] | bool, *, tool: str | None = None) -> Transformed:
    """Convert a draft-07 JSON Schema to 2020-12.

    Args:
        schema: The draft-07 schema; never modified.
        tool: The tool's name, for the report entries.

    Returns:
        The frozen 2020-12 schema (``$schema`` set) and the report.
    """
    return _Walk(schema, tool, _up, _rename_up).run()


def to_openapi30(schema: Mapping[str, Any] | bool, *, tool: str | None = None) -> Transformed:
    """Convert a JSON Schema 2020-12 to an OpenAPI 3.0 Schema Object.

    Args:
        schema: The 2020-12 schema; never modified.
        tool: The tool's name, for the report entries.

    Returns:
        The frozen Schema Object, with no ``$ref`` and no definitions, and the report
        (the inlining's entries after the conversion's).

    Raises:
        SchemaError: A ref that cannot be inlined (see `inline_refs`).
    """
    if isinstance(schema, bool):
        return Transformed(freeze({} if schema else {"not": {}}))
    converted = _Walk(schema, tool, _openapi, None).run()
    inlined = inline_refs(converted.schema, tool=tool)
    return Transformed(inlined.schema, converted.report + inlined.report)


def from_openapi30(schema: Mapping[str, Any] | bool, *, tool: str | None = None) -> Transformed:
    """Convert an OpenAPI 3.0 Schema Object to JSON Schema 2020-12.

    Args:
        schema: The Schema Object; never modified.
        tool: The tool's name, for the report entries.

    Returns:
        The frozen 2020-12 schema (``$schema`` set) and the report.
    """
    return _Walk(schema, tool, _from_openapi, None).run()


_STEPS: Final[dict[tuple[str, str], Callable[..., Transformed]]] = {
    ("draft-2020-12", "draft-07"): to_draft07,
    ("draft-07", "draft-2020-12"): from_draft07,
    ("draft-2020-12", "openapi-3.0"): to_openapi30,
    ("openapi-3.0", "draft-2020-12"): from_openapi30,
}


def convert_dialect(
    schema: Mapping[str, Any] | bool, source: str, target: str, *, tool: str | None = None
) -> Transformed:
    """Convert a schema between dialects, through 2020-12 where there is no direct step.

    Args:
        schema: The schema, in the `source` dialect; never modified.
        source: One of `DIALECTS`.
        target: One of `DIALECTS`.
        tool: The tool's name, for the report entries.

    Returns:
        The frozen schema in the `target` dialect and every step's report.

    Raises:
        ConversionError: An unknown dialect name.
    """
    for name in (source, target):
        if name not in DIALECTS:
            raise ConversionError(f"unknown schema dialect {name!r}; use one of {DIALECTS}")
    if source == target:
        return Transformed(freeze(schema))
    if (source, target) in _STEPS:
        return _STEPS[source, target](schema, tool=tool)
    middle = _STEPS[source, "draft-2020-12"](schema, tool=tool)
    # Report paths of the second step are paths in the 2020-12 middle schema.
    last = _STEPS["draft-2020-12", target](middle.schema, tool=tool)
    return Transformed(last.schema, middle.report + last.report)


class _Walk:
    """One conversion: a copy of the schema, each node rebuilt by `rule` bottom-up."""

    def __init__(self, root: Any, tool: str | None, rule: _Rule, rename: _Rename | None) -> None:
        if not isinstance(root, (Mapping, bool)):
            raise SchemaError(f"a schema must be an object or a boolean, not {type(root).__name__}")
        self.root: Any = freeze(root)
        self.tool, self.rule, self.rename = tool, rule, rename
        self.report: list[LossEntry] = []

    def run(self) -> Transformed:
        output = rebuild(self.root, self.convert)
        return Transformed(freeze(output), tuple(self.report))

    def convert(self, node: Any, path: JsonPath) -> Any:
        """One node, its subschemas already converted: the rule on a copy, sealed."""
        return seal(self.rule(self, dict(node), path))

    def note(self, path: JsonPath, keyword: str, action: LossAction, detail: str) -> None:
        self.report.append(
            LossEntry(tool=self.tool, path=path, keyword=keyword, action=action, detail=detail)
        )

    def drop(self, node: dict[str, Any], path: JsonPath, keyword: str, detail: str) -> None:
        if keyword in node:
            del node[keyword]
            self.note((*path, keyword), keyword, LossAction.DROPPED, detail)

    def pointer(self, reference: str) -> str:
        """A local ref with the keywords on its way renamed as the walk renames them."""
        document, _, fragment = reference.partition("#")
        own = document in ("", self.root.get("$id") if isinstance(self.root, Mapping) else "")
        if self.rename is None or not own or not fragment.startswith("/"):
            return reference
        from urllib.parse import unquote

        parts = fragment[1:].split("/")
        node: Any = self.root
        expect = "keyword"
        for index, part in enumerate(parts):
            token = unquote(part).replace("~1", "/").replace("~0", "~")
            if expect == "keyword" and isinstance(node, Mapping):
                renamed = self.rename(node, token)
                if renamed != token:
                    parts[index] = renamed
                child = node.get(token)
                if token in SCHEMA_MAP or (token in SCHEMA_LIST and isinstance(child, list)):
                    expect = "member"
                elif token not in SCHEMA and token not in SCHEMA_LIST:
                    break
                node = child
            elif expect == "member" and isinstance(node, (Mapping, list)):
                if isinstance(node, list):
                    item = array_index(token)
                    node = node[item] if item is not None and item < len(node) else None
                else:
                    node = node.get(token)
                expect = "keyword"
            else:
                break
        return f"{document}#/" + "/".join(parts)


# ---- 2020-12 -> draft-07 -----------------------------------------------------------


def _rename_down(node: Mapping[str, Any], token: str) -> str:
    if token == "$defs":
        return "definitions"
    if token == "prefixItems":
        return "items"
    if token == "items" and "prefixItems" in node:
        return "additionalItems"
    if token == "dependentSchemas":
        return "dependencies"
    return token


def _down(walk: _Walk, node: dict[str, Any], path: JsonPath) -> Any:
    _set_schema(walk, node, path, DRAFT_07)
    _unevaluated(walk, node, path)
    # Positional items: 2020-12 `prefixItems` + `items` is draft-07 array `items` +
    # `additionalItems`.
    if isinstance(node.get("prefixItems"), list):
        walk.drop(node, path, "additionalItems", "not a 2020-12 keyword (ignored there)")
        rest = node.pop("items", None)
        node["items"] = node.pop("prefixItems")
        walk.note((*path, "prefixItems"), "prefixItems", LossAction.REWRITTEN, "as array items")
        if rest is not None:
            node["additionalItems"] = rest
            walk.note((*path, "items"), "items", LossAction.REWRITTEN, "as additionalItems")
    _merge_block(walk, node, path, "$defs", "definitions")
    # Dependencies: draft-07 has one keyword for both kinds.
    required, schemas = node.pop("dependentRequired", None), node.pop("dependentSchemas", None)
    if isinstance(required, Mapping) or isinstance(schemas, Mapping):
        merged = dict(node.get("dependencies") or {})
        for name, names in (required or {}).items():
            merged[name] = names
        for name, sub in (schemas or {}).items():
            merged[name] = {"allOf": [sub, {"required": merged[name]}]} if name in merged else sub
        node["dependencies"] = merged
        for keyword, value in (("dependentRequired", required), ("dependentSchemas", schemas)):
            if value is not None:
                walk.note((*path, keyword), keyword, LossAction.REWRITTEN, "as dependencies")
    # Anchors: draft-07 spells `$anchor: x` as `$id: "#x"`.
    for keyword in ("$anchor", "$dynamicAnchor"):
        name = node.get(keyword)
        if isinstance(name, str) and "$id" not in node:
            node["$id"] = "#" + node.pop(keyword)
            detail = "as $id '#name'" + (", resolved statically" if keyword[1] == "d" else "")
            walk.note((*path, keyword), keyword, LossAction.REWRITTEN, detail)
        walk.drop(node, path, keyword, "no place beside $id in draft-07")
    if isinstance(node.get("$dynamicRef"), str) and "$ref" not in node:
        node["$ref"] = node.pop("$dynamicRef")
        detail = "as $ref, resolved statically (no dynamic scope in draft-07)"
        walk.note((*path, "$dynamicRef"), "$dynamicRef", LossAction.REWRITTEN, detail)
    for keyword, what in _ONLY_2020.items():
        walk.drop(node, path, keyword, f"draft-07 has no {what}")
    walk.drop(node, path, "$dynamicRef", "draft-07 has no dynamic refs")
    # `$ref` with siblings: draft-07 ignores the siblings, so the ref moves into allOf.
    reference = node.get("$ref")
    if isinstance(reference, str):
        node["$ref"] = walk.pointer(reference)
        if set(node) - {"$ref", "$schema", "$comment", "definitions"}:
            node["allOf"] = [*node.get("allOf", ()), {"$ref": node.pop("$ref")}]
            detail = "moved into allOf: draft-07 ignores the keywords beside a $ref"
            walk.note((*path, "$ref"), "$ref", LossAction.REWRITTEN, detail)
    return node


# ---- draft-07 -> 2020-12 -----------------------------------------------------------


def _rename_up(node: Mapping[str, Any], token: str) -> str:
    if token == "definitions":
        return "$defs"
    if token == "items" and isinstance(node.get("items"), list):
        return "prefixItems"
    if token == "additionalItems" and isinstance(node.get("items"), list):
        return "items"
    if token == "dependencies":
        return "dependentSchemas"
    return token


def _up(walk: _Walk, node: dict[str, Any], path: JsonPath) -> Any:
    _set_schema(walk, node, path, DRAFT_2020_12)
    # `$ref` siblings: draft-07 ignored them, so only annotations (and the blocks that
    # refs point into) are kept.
    if isinstance(node.get("$ref"), str):
        node["$ref"] = walk.pointer(node["$ref"])
        kept = _ANNOTATIONS | {"$ref", "$schema", "definitions", "$defs"}
        for keyword in [key for key in node if key not in kept]:
            walk.drop(node, path, keyword, "ignored beside $ref in draft-07")
    for keyword in _UP_IGNORED:
        walk.drop(node, path, keyword, "not a draft-07 keyword (ignored there)")
    _merge_block(walk, node, path, "definitions", "$defs")
    # Positional items: array `items` + `additionalItems` is `prefixItems` + `items`.
    rest = node.pop("additionalItems", None)
    if isinstance(node.get("items"), list):
        node["prefixItems"] = node.pop("items")
        walk.note((*path, "items"), "items", LossAction.REWRITTEN, "array form as prefixItems")
        if rest is not None:
            node["items"] = rest
            walk.note(
                (*path, "additionalItems"), "additionalItems", LossAction.REWRITTEN, "as items"
            )
    elif rest is not None:
        detail = "ignored without array items in draft-07"
        walk.note((*path, "additionalItems"), "additionalItems", LossAction.DROPPED, detail)
    # Dependencies: split by kind.
    dependencies = node.pop("dependencies", None)
    if isinstance(dependencies, Mapping):
        for name, value in dependencies.items():
            kind = "dependentRequired" if isinstance(value, list) else "dependentSchemas"
            node.setdefault(kind, {})[name] = value
        detail = "as dependentRequired / dependentSchemas"
        walk.note((*path, "dependencies"), "dependencies", LossAction.REWRITTEN, detail)
    # Anchors: `$id: "#x"` is `$anchor: x`.
    identifier = node.get("$id")
    if isinstance(identifier, str) and "#" in identifier:
        base, _, fragment = identifier.partition("#")
        del node["$id"]
        if base:
            node["$id"] = base
        if _ANCHOR.fullmatch(fragment):
            node["$anchor"] = fragment
            walk.note((*path, "$id"), "$id", LossAction.REWRITTEN, "fragment as $anchor")
        elif fragment:
            walk.note((*path, "$id"), "$id", LossAction.DROPPED, "fragment is not an anchor")
    # `allOf: [{"$ref": r}]` alone is what to_draft07 makes of a ref with siblings.
    ref_only = node.get("allOf")
    if "$ref" not in node and isinstance(ref_only, list) and len(ref_only) == 1:
        only = ref_only[0]
        if isinstance(only, Mapping) and set(only) == {"$ref"}:
            node["$ref"] = node.pop("allOf")[0]["$ref"]
            walk.note((*path, "allOf"), "allOf", LossAction.REWRITTEN, "a lone $ref as $ref")
    return node


# ---- 2020-12 -> OpenAPI 3.0 --------------------------------------------------------


def _openapi(walk: _Walk, node: dict[str, Any], path: JsonPath) -> Any:
    walk.drop(node, path, "$schema", "OpenAPI 3.0 Schema Objects have no $schema")
    _unevaluated(walk, node, path)
    # Tuples: OpenAPI 3.0 `items` is one schema, so it accepts any of the positions.
    prefix = node.pop("prefixItems", None)
    if isinstance(prefix, list):
        rest = node.pop("items", True)
        if rest is False:
            node["maxItems"] = min(len(prefix), node.get("maxItems", len(prefix)))
        if rest is not True and prefix:
            positions = [*prefix, *([] if rest is False else [rest])]
            node["items"] = {"anyOf": [_object(sub) for sub in positions]}
        elif rest is not True:
            node["items"] = rest
        detail = "positions not expressible: items accept any of the position schemas"
        walk.note((*path, "prefixItems"), "prefixItems", LossAction.DROPPED, detail)
    # Boolean subschemas: only additionalProperties may be a boolean.
    for key, value in node.items():
        if key in SCHEMA and key != "additionalProperties" and isinstance(value, bool):
            node[key] = _object(value)
        elif key in SCHEMA_LIST and isinstance(value, list):
            node[key] = [_object(sub) for sub in value]
        elif key in SCHEMA_MAP and isinstance(value, Mapping):
            node[key] = {name: _object(sub) for name, sub in value.items()}
    # Types: one type, `nullable` for null; several become anyOf branches.
    kinds = node.get("type")
    if isinstance(kinds, list) or kinds == "null":
        kinds = [kinds] if isinstance(kinds, str) else kinds
        others = [kind for kind in kinds if kind != "null"]
        null = len(others) < len(kinds)
        del node["type"]
        if not others:
            node.update(nullable=True, enum=[None])
        elif len(others) == 1:
            node["type"] = others[0]
            if null:
                node["nullable"] = True
        else:
            branches = [{"type": kind} for kind in others]
            if null:
                branches[0]["nullable"] = True
            _add_branches(node, branches)
        walk.note((*path, "type"), "type", LossAction.REWRITTEN, "as one type and nullable")
    # Constants: a one-value enum.
    if "const" in node:
        value = node.pop("const")
        if "enum" in node:
            node["allOf"] = [*node.get("allOf", ()), {"enum": [value]}]
        else:
            node["enum"] = [value]
        if value is None:
            node["nullable"] = True
        walk.note((*path, "const"), "const", LossAction.REWRITTEN, "as a one-value enum")
    # Null branches: folded into nullable on the first other branch.
    for key in ("anyOf", "oneOf"):
        options = node.get(key)
        if not isinstance(options, list) or not any(map(_is_null, options)):
            continue
        others = [branch for branch in options if not _is_null(branch)]
        if not others:
            continue
        others[0] = _nullable(others[0])
        walk.note((*path, key), key, LossAction.REWRITTEN, "null branch as nullable")
        del node[key]
        if len(others) == 1 and not set(others[0]) & set(node):
            node.update(others[0])
        else:
            node[key] = others
    # Exclusive bounds: the boolean form beside minimum / maximum.
    for exclusive, bound, sign in (
        ("exclusiveMinimum", "minimum", 1),
        ("exclusiveMaximum", "maximum", -1),
    ):
        limit: Any = node.get(exclusive)
        if not _is_number(limit):
            continue
        inclusive: Any = node.get(bound)
        if _is_number(inclusive) and inclusive * sign > limit * sign:
            del node[exclusive]
            detail = f"implied by the stricter {bound}"
            walk.note((*path, exclusive), exclusive, LossAction.DROPPED, detail)
        else:
            node[bound], node[exclusive] = limit, True
            detail = f"as {bound} with {exclusive}: true"
            walk.note((*path, exclusive), exclusive, LossAction.REWRITTEN, detail)
    # Examples: OpenAPI 3.0 has one example.
    examples = node.pop("examples", None)
    if isinstance(examples, list) and examples and "example" not in node:
        node["example"] = examples[0]
        action = LossAction.TRUNCATED if len(examples) > 1 else LossAction.REWRITTEN
        walk.note((*path, "examples"), "examples", action, "the first as example")
    elif examples is not None:
        walk.note((*path, "examples"), "examples", LossAction.DROPPED, "no second example")
    if node.get("type") == "array" and "items" not in node:
        node["items"] = {}
    if node.get("required") == []:
        walk.drop(node, path, "required", "empty (OpenAPI 3.0 wants at least one name)")
    for keyword in [key for key in node if key not in _OPENAPI and not key.startswith("x-")]:
        if keyword not in ("$defs", "definitions"):  # inlined after the walk
            walk.drop(node, path, keyword, "not an OpenAPI 3.0 keyword")
    return node


def _object(schema: Any) -> Any:
    """A boolean subschema as the object schema that means the same; others as they are."""
    if isinstance(schema, bool):
        return {} if schema else {"not": {}}
    return schema


def _is_null(branch: Any) -> bool:
    return (
        isinstance(branch, Mapping)
        and branch.get("nullable") is True
        and branch.get("enum") == [None]
        and set(branch) - {"nullable", "enum"} <= _ANNOTATIONS
    )


def _nullable(branch: Any) -> dict[str, Any]:
    out = dict(branch) if isinstance(branch, Mapping) else {}
    out["nullable"] = True
    if isinstance(out.get("enum"), list) and None not in out["enum"]:
        out["enum"] = [*out["enum"], None]
    return out


def _add_branches(node: dict[str, Any], branches: list[Any]) -> None:
    if "anyOf" in node:
        node["allOf"] = [*node.get("allOf", ()), {"anyOf": branches}]
    else:
        node["anyOf"] = branches


# ---- OpenAPI 3.0 -> 2020-12 --------------------------------------------------------


def _from_openapi(walk: _Walk, node: dict[str, Any], path: JsonPath) -> Any:
    _set_schema(walk, node, path, DRAFT_2020_12)
    for keyword in _OPENAPI_ONLY:
        walk.drop(node, path, keyword, "an OpenAPI-only keyword")
    for exclusive, bound in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
        flag = node.get(exclusive)
        if flag is True and _is_number(node.get(bound)):
            node[exclusive] = node.pop(bound)
            walk.note((*path, bound), bound, LossAction.REWRITTEN, f"as the numeric {exclusive}")
        elif flag is True:
            walk.drop(node, path, exclusive, f"no {bound} to be exclusive")
        elif flag is False:
            walk.drop(node, path, exclusive, "false is the default")
    if "example" in node:
        node["examples"] = [node.pop("example"), *node.get("examples", ())]
        walk.note((*path, "example"), "example", LossAction.REWRITTEN, "as examples")
    nullable = node.pop("nullable", None)
    if nullable is True:
        walk.note((*path, "nullable"), "nullable", LossAction.REWRITTEN, "as a null type")
        kinds = node.get("type")
        if isinstance(kinds, str):
            node["type"] = [kinds, "null"]
        elif isinstance(kinds, list):
            node["type"] = [*kinds, *([] if "null" in kinds else ["null"])]
        else:  # no type beside it: null as one more branch
            outer = {key: node.pop(key) for key in list(node) if key in _OUTER}
            if node == {"enum": [None]}:
                walk.note((*path, "enum"), "enum", LossAction.REWRITTEN, "[null] as type null")
                return {**outer, "type": "null"}
            return {**outer, "anyOf": [node, {"type": "null"}]} if node else outer
    elif nullable is not None:
        detail = "false is the default" if nullable is False else "not a boolean"
        walk.note((*path, "nullable"), "nullable", LossAction.DROPPED, detail)
    return node


# ---- shared steps ------------------------------------------------------------------


def _set_schema(walk: _Walk, node: dict[str, Any], path: JsonPath, uri: str) -> None:
    """``$schema`` at the root names the target; below it there is none."""
    if path:
        walk.drop(node, path, "$schema", "only the root names a dialect")
        return
    if node.get("$schema", uri) != uri:
        detail = f"{node['$schema']!r} replaced by {uri!r}"
        walk.note(("$schema",), "$schema", LossAction.REWRITTEN, detail)
    rest = {key: value for key, value in node.items() if key != "$schema"}
    node.clear()
    node.update({"$schema": uri, **rest})


def _unevaluated(walk: _Walk, node: dict[str, Any], path: JsonPath) -> None:
    """``unevaluated*`` where nothing in-place applies is ``additionalProperties`` / ``items``."""
    if node.keys() & _IN_PLACE:
        return
    for keyword, plain, blockers in (
        ("unevaluatedProperties", "additionalProperties", {"additionalProperties"}),
        ("unevaluatedItems", "items", {"items", "contains"}),
    ):
        if keyword in node and not node.keys() & blockers:
            node[plain] = node.pop(keyword)
            detail = f"as {plain}: no in-place applicator beside it"
            walk.note((*path, keyword), keyword, LossAction.REWRITTEN, detail)


def _merge_block(walk: _Walk, node: dict[str, Any], path: JsonPath, old: str, new: str) -> None:
    """Move the definitions under `old` to `new`; on a name clash the moved one wins."""
    block = node.pop(old, None)
    if not isinstance(block, Mapping):
        if block is not None:
            walk.note((*path, old), old, LossAction.DROPPED, "not an object")
        return
    merged = dict(node.get(new) or {})
    for name in block.keys() & merged.keys():
        detail = f"{new}/{name} clashes with {old}/{name}; dropped"
        walk.note((*path, new, name), new, LossAction.DROPPED, detail)
    node[new] = {**merged, **block}
    walk.note((*path, old), old, LossAction.REWRITTEN, f"as {new}")


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
