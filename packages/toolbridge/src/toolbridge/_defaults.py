"""Filling in schema defaults, deeply, without touching the caller's value.

Runs only after validation has succeeded. Objects get each missing property's
``default`` (a fresh copy, so a tool that mutates it cannot change the schema's);
the walk follows ``properties``, ``additionalProperties``, ``items``,
``prefixItems``, local ``$ref``, ``allOf``, and the ``anyOf`` / ``oneOf`` branch the
value actually matches. Containers are copied only along the paths where something
was added (copy on write); everything else is shared with the input.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from toolbridge._json import thaw
from toolbridge._references import ResourceRetriever, parse_pointer, pointer, resolve
from toolbridge.errors import JsonPath

if TYPE_CHECKING:
    import jsonschema_rs

_ROOT_URI: Final = "urn:toolbridge:root"
_MAX_REF_HOPS: Final = 32


def _has_defaults(schema: Any) -> bool:
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, Mapping):
            if "default" in node:
                return True
            stack.extend(value for key, value in node.items() if key not in ("const", "enum"))
        elif isinstance(node, list):
            stack.extend(node)
    return False


def plan(
    schema: Any, compiled: jsonschema_rs.Validator, resources: Mapping[str, Any]
) -> DefaultsPlan | None:
    """A plan to fill defaults in, or None when the schema declares none."""
    if not isinstance(schema, Mapping) or not _has_defaults(schema):
        return None
    return DefaultsPlan(schema, resources)


class DefaultsPlan:
    """Applies one schema's defaults; branch validators are compiled on first need."""

    def __init__(self, schema: Mapping[str, Any], resources: Mapping[str, Any]) -> None:
        self._schema = schema
        self._resources = resources
        self._branches: dict[JsonPath, jsonschema_rs.Validator] = {}
        self._registry: jsonschema_rs.Registry | None = None

    def apply(self, value: Any) -> Any:
        """The value with defaults filled in; the value itself when nothing was added."""
        return self._apply(self._schema, (), value, 0)

    def _apply(self, node: Any, at: JsonPath, value: Any, hops: int) -> Any:
        if not isinstance(node, Mapping):
            return value
        result = value
        reference = node.get("$ref")
        if isinstance(reference, str) and hops < _MAX_REF_HOPS:
            target_path = parse_pointer(reference)
            target = None if target_path is None else resolve(self._schema, target_path)
            if target_path is not None and target is not None:
                result = self._apply(target, target_path, result, hops + 1)
        for index, branch in enumerate(node.get("allOf") or ()):
            result = self._apply(branch, (*at, "allOf", index), result, hops)
        for keyword in ("anyOf", "oneOf"):
            for index, branch in enumerate(node.get(keyword) or ()):
                branch_path = (*at, keyword, index)
                if self._matches(branch_path, result):
                    result = self._apply(branch, branch_path, result, hops)
                    break
        if isinstance(result, dict):
            result = self._apply_object(node, at, result)
        elif isinstance(result, list):
            result = self._apply_array(node, at, result)
        return result

    def _apply_object(self, node: Mapping[str, Any], at: JsonPath, value: dict[str, Any]) -> Any:
        properties = node.get("properties")
        properties = properties if isinstance(properties, Mapping) else {}
        copy: dict[str, Any] | None = None
        for name, subschema in properties.items():
            sub_path = (*at, "properties", name)
            if name in value:
                new = self._apply(subschema, sub_path, value[name], 0)
            else:
                found, default = self._default_of(subschema)
                if not found:
                    continue
                new = self._apply(subschema, sub_path, thaw(default), 0)
            if name not in value or new is not value[name]:
                copy = dict(value) if copy is None else copy
                copy[name] = new
        extra = node.get("additionalProperties")
        if isinstance(extra, Mapping):
            for name, item in value.items():
                if name in properties:
                    continue
                new = self._apply(extra, (*at, "additionalProperties"), item, 0)
                if new is not item:
                    copy = dict(value) if copy is None else copy
                    copy[name] = new
        return value if copy is None else copy

    def _apply_array(self, node: Mapping[str, Any], at: JsonPath, value: list[Any]) -> Any:
        prefix = node.get("prefixItems")
        items = node.get("items")
        if isinstance(items, list):  # draft 7 and earlier: items as a tuple schema
            prefix, items = items, node.get("additionalItems")
            prefix_keyword, items_keyword = "items", "additionalItems"
        else:
            prefix_keyword, items_keyword = "prefixItems", "items"
        prefix = prefix if isinstance(prefix, list) else []
        copy: list[Any] | None = None
        for index, item in enumerate(value):
            if index < len(prefix):
                new = self._apply(prefix[index], (*at, prefix_keyword, index), item, 0)
            elif isinstance(items, Mapping):
                new = self._apply(items, (*at, items_keyword), item, 0)
            else:
                continue
            if new is not item:
                copy = list(value) if copy is None else copy
                copy[index] = new
        return value if copy is None else copy

    def _default_of(self, node: Any) -> tuple[bool, Any]:
        """The default a property's schema declares, following ``$ref`` and a lone ``allOf``."""
        for _ in range(_MAX_REF_HOPS):
            if not isinstance(node, Mapping):
                return False, None
            if "default" in node:
                return True, node["default"]
            reference = node.get("$ref")
            all_of = node.get("allOf")
            if isinstance(reference, str):
                path = parse_pointer(reference)
                node = None if path is None else resolve(self._schema, path)
            elif isinstance(all_of, list) and len(all_of) == 1:
                node = all_of[0]
            else:
                return False, None
        return False, None

    def _matches(self, branch_path: JsonPath, value: Any) -> bool:
        validator = self._branches.get(branch_path)
        if validator is None:
            validator = self._branches[branch_path] = self._compile_branch(branch_path)
        return bool(validator.is_valid(value))

    def _compile_branch(self, branch_path: JsonPath) -> jsonschema_rs.Validator:
        import jsonschema_rs

        declared_id = self._schema.get("$id")
        base = declared_id if isinstance(declared_id, str) else _ROOT_URI
        if self._registry is None:
            self._registry = jsonschema_rs.Registry(
                [(base, thaw(self._schema))], retriever=ResourceRetriever(self._resources)
            )
        wrapper: dict[str, Any] = {"$ref": base.split("#")[0] + pointer(branch_path)}
        if "$schema" in self._schema:
            wrapper["$schema"] = self._schema["$schema"]
        return jsonschema_rs.validator_for(
            wrapper, registry=self._registry, retriever=ResourceRetriever(self._resources)
        )
