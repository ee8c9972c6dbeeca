"""One OpenAPI operation, one tool: its name, description, input schema and annotations.

The input schema is one JSON object: the path, query, header and cookie parameters
as properties (path parameters always required), plus the request body. A JSON body
that is an object whose property names differ from every parameter's is merged into
the top level; any other body is the property ``body``. A body that is not JSON
(form data, bytes) is ``body`` as a string, sent with its media type. Component
schemas become ``$defs`` and are inlined (recursive ones stay references); OpenAPI
3.0 schemas are converted to JSON Schema 2020-12 (``nullable`` becomes a ``"null"``
type), so nothing is dropped silently.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, cast

from toolbridge._json import thaw
from toolbridge._tool import Tool, ToolAnnotations
from toolbridge.errors import ConversionError, JsonPath, ToolbridgeError
from toolbridge.openapi._document import Document

__all__ = ["METHODS", "Operation", "Parameter", "read_operations"]

METHODS: Final = ("get", "put", "post", "delete", "patch", "head", "options", "trace")
_LOCATIONS: Final = ("path", "query", "header", "cookie")
Location = Literal["path", "query", "header", "cookie"]
_COMPONENT: Final = re.compile(r"^#/components/schemas/([^/]+)$")
_NAME_LIMIT: Final = 64


@dataclass(frozen=True, slots=True)
class Parameter:
    """Where one argument goes in the request."""

    name: str
    location: Location
    style: str
    explode: bool


@dataclass(frozen=True, slots=True)
class Operation:
    """How to turn a tool's arguments into the HTTP request of one operation."""

    method: str
    path: str
    parameters: tuple[Parameter, ...]
    body: Literal["none", "merged", "nested"]
    media_type: str | None
    """The body's media type (JSON unless the body is raw text)."""
    structured: bool
    """The tool has an output schema: a JSON answer is structured content."""


def read_operations(
    document: Document, *, operations: Iterable[str] | None, namespace: str | None
) -> list[tuple[Tool, Operation]]:
    """A definition-only tool and its `Operation` for each operation of the document.

    Raises:
        ConversionError: A malformed operation, parameter or reference (with its path),
            or two operations that would have one tool name.
    """
    wanted = None if operations is None else set(operations)
    made: list[tuple[Tool, Operation]] = []
    names: dict[str, JsonPath] = {}
    for route, item in document.data.get("paths", {}).items():
        item_path: JsonPath = ("paths", route)
        item, _ = document.resolved(item, item_path)
        if not isinstance(item, Mapping):
            raise ConversionError("a path item must be an object", path=item_path)
        shared = _parameter_list(item.get("parameters", []), (*item_path, "parameters"))
        for method in METHODS:
            if method not in item:
                continue
            where: JsonPath = (*item_path, method)
            operation = item[method]
            if not isinstance(operation, Mapping):
                raise ConversionError("an operation must be an object", path=where)
            identifier = operation.get("operationId")
            if wanted is not None and identifier not in wanted:
                continue
            name = _tool_name(identifier, method, str(route), where)
            if name in names:
                raise ConversionError(
                    f"two operations become the tool {name!r} (the other at "
                    f"{'/'.join(map(str, names[name]))}): give them distinct operationIds",
                    path=where,
                )
            names[name] = where
            made.append(
                _tool(document, str(route), method, operation, shared, name, namespace, where)
            )
    return made


def _parameter_list(value: Any, path: JsonPath) -> list[tuple[Any, JsonPath]]:
    if not isinstance(value, list):
        raise ConversionError("parameters must be a list", path=path)
    return [(entry, (*path, index)) for index, entry in enumerate(value)]


def _tool_name(identifier: Any, method: str, route: str, path: JsonPath) -> str:
    if identifier is not None and not isinstance(identifier, str):
        raise ConversionError("operationId must be a string", path=(*path, "operationId"))
    raw = identifier or f"{method}_{route}"
    name = re.sub(r"[^A-Za-z0-9_-]+", "_", raw).strip("_")[:_NAME_LIMIT]
    if not name:
        raise ConversionError(f"cannot make a tool name from {raw!r}", path=path)
    return name


def _tool(
    document: Document,
    route: str,
    method: str,
    operation: Mapping[str, Any],
    shared: list[tuple[Any, JsonPath]],
    name: str,
    namespace: str | None,
    where: JsonPath,
) -> tuple[Tool, Operation]:
    parameters = _parameters(
        document,
        [*shared, *_parameter_list(operation.get("parameters", []), (*where, "parameters"))],
    )
    properties: dict[str, Any] = {}
    required: list[str] = []
    plan: list[Parameter] = []
    for (location, parameter_name), (entry, path) in parameters.items():
        given = entry.get("schema", {})
        if not isinstance(given, Mapping):
            raise ConversionError("a parameter's schema must be an object", path=(*path, "schema"))
        described = dict(given)
        if isinstance(entry.get("description"), str) and "description" not in described:
            described["description"] = entry["description"]
        if parameter_name in properties:
            raise ConversionError(
                f"parameter {parameter_name!r} is given in two places: toolbridge cannot tell "
                "them apart in one argument object",
                path=path,
            )
        properties[parameter_name] = described
        if location == "path" or entry.get("required") is True:
            required.append(parameter_name)
        style = entry.get("style") or ("simple" if location in ("path", "header") else "form")
        explode = entry.get("explode", style == "form")
        plan.append(Parameter(parameter_name, cast(Location, location), str(style), bool(explode)))
    body, media_type = _body(document, operation, properties, required, (*where, "requestBody"))
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = required
    output = _output(document, operation, (*where, "responses"))
    input_schema = _finish(document, schema, name, where)
    output_schema = None if output is None else _finish(document, output, name, where)
    if output_schema is not None and output_schema.get("type") != "object":
        output_schema = None
    summary = operation.get("summary")
    description = operation.get("description")
    text = "\n\n".join(part for part in (summary, description) if isinstance(part, str) and part)
    tool = Tool(
        name=name,
        title=summary if isinstance(summary, str) and summary else None,
        description=text,
        input_schema=input_schema,
        output_schema=output_schema,
        annotations=_annotations(method),
        namespace=namespace,
        tags=frozenset(tag for tag in operation.get("tags", []) if isinstance(tag, str)),
        meta={
            "source": "openapi",
            "openapi": {
                "method": method.upper(),
                "path": route,
                "operationId": operation.get("operationId"),
            },
        },
    )
    return tool, Operation(
        method.upper(), route, tuple(plan), body, media_type, output_schema is not None
    )


def _parameters(
    document: Document, entries: list[tuple[Any, JsonPath]]
) -> dict[tuple[str, str], tuple[Mapping[str, Any], JsonPath]]:
    """(location, name) -> parameter; the operation's override the path item's."""
    found: dict[tuple[str, str], tuple[Mapping[str, Any], JsonPath]] = {}
    for raw, path in entries:
        entry, path = document.resolved(raw, path)
        if not isinstance(entry, Mapping):
            raise ConversionError("a parameter must be an object", path=path)
        name, location = entry.get("name"), entry.get("in")
        if not isinstance(name, str) or not name:
            raise ConversionError("a parameter needs a name", path=path)
        if location not in _LOCATIONS:
            raise ConversionError(
                f"parameter {name!r}: 'in' must be one of {', '.join(_LOCATIONS)}", path=path
            )
        found[(location, name)] = (entry, path)
    return found


def _body(
    document: Document,
    operation: Mapping[str, Any],
    properties: dict[str, Any],
    required: list[str],
    path: JsonPath,
) -> tuple[Literal["none", "merged", "nested"], str | None]:
    if "requestBody" not in operation:
        return "none", None
    body, path = document.resolved(operation["requestBody"], path)
    if not isinstance(body, Mapping) or not isinstance(body.get("content"), Mapping):
        raise ConversionError("a request body needs a 'content' object", path=path)
    content: Mapping[str, Any] = body["content"]
    media_type = next((m for m in content if _is_json(m)), None)
    is_required = body.get("required") is True
    if media_type is None:
        if not content:
            raise ConversionError("a request body's content is empty", path=(*path, "content"))
        media_type = next(iter(content))
        properties["body"] = {"type": "string", "description": f"The request body ({media_type})."}
        if is_required:
            required.append("body")
        return "nested", str(media_type)
    media = content[media_type]
    schema = media.get("schema", {}) if isinstance(media, Mapping) else {}
    target, _ = document.resolved(schema, (*path, "content", media_type, "schema"))
    body_properties = target.get("properties") if isinstance(target, Mapping) else None
    mergeable = (
        isinstance(target, Mapping)
        and target.get("type") == "object"
        and isinstance(body_properties, Mapping)
        and not set(body_properties) & set(properties)
        and not any(key in target for key in ("allOf", "anyOf", "oneOf", "not", "if"))
    )
    if mergeable:
        assert isinstance(target, Mapping)
        assert isinstance(body_properties, Mapping)
        properties.update(body_properties)
        inner = target.get("required", [])
        required.extend(name for name in inner if isinstance(name, str))
        return "merged", str(media_type)
    if "body" in properties:
        raise ConversionError(
            "a parameter is named 'body', as the request body would be", path=path
        )
    properties["body"] = schema
    if is_required:
        required.append("body")
    return "nested", str(media_type)


def _is_json(media_type: Any) -> bool:
    base = str(media_type).split(";")[0].strip().lower()
    return base == "application/json" or base.endswith("+json")


def _output(document: Document, operation: Mapping[str, Any], path: JsonPath) -> Any | None:
    responses = operation.get("responses", {})
    if not isinstance(responses, Mapping):
        raise ConversionError("responses must be an object", path=path)
    for status in sorted(str(key) for key in responses):
        if not (status.startswith("2") and len(status) == 3):
            continue
        response, _ = document.resolved(responses[status], (*path, status))
        content = response.get("content") if isinstance(response, Mapping) else None
        if not isinstance(content, Mapping):
            return None
        media_type = next((m for m in content if _is_json(m)), None)
        media = content.get(media_type) if media_type else None
        return media.get("schema") if isinstance(media, Mapping) else None
    return None


def _finish(
    document: Document, schema: Mapping[str, Any], tool: str, path: JsonPath
) -> dict[str, Any]:
    """`schema` with its component references as ``$defs``, converted and inlined."""
    from toolbridge.schema import from_openapi30, inline_refs

    definitions: dict[str, Any] = {}
    pending: list[str] = []

    def rewrite(value: Any, where: JsonPath) -> Any:
        if isinstance(value, Mapping):
            copied: dict[str, Any] = {}
            for key, item in value.items():
                if key == "$ref" and isinstance(item, str):
                    copied[key] = _local(item, where)
                else:
                    copied[key] = rewrite(item, (*where, key))
            return copied
        if isinstance(value, list):
            return [rewrite(item, (*where, index)) for index, item in enumerate(value)]
        return value

    def _local(reference: str, where: JsonPath) -> str:
        match = _COMPONENT.match(reference)
        if match is None:
            document.pointer(reference, where)  # a remote reference is refused here
            raise ConversionError(
                f"$ref {reference!r}: a schema may refer to #/components/schemas/... only",
                path=where,
            )
        component = match.group(1)
        if component not in definitions and component not in pending:
            pending.append(component)
        return f"#/$defs/{component}"

    root = rewrite(schema, path)
    while pending:
        component = pending.pop()
        target = document.pointer(f"#/components/schemas/{component}", (*path, "$ref"))
        definitions[component] = {}  # reserve: a recursive schema refers to itself
        definitions[component] = rewrite(target, ("components", "schemas", component))
    if definitions:
        root = {**root, "$defs": definitions}
    try:
        if document.is_30:
            root = thaw(from_openapi30(root, tool=tool).schema)
        inlined = thaw(inline_refs(root, tool=tool, keep_recursive=True).schema)
    except ToolbridgeError as error:
        raise ConversionError(f"operation {tool!r}: {error}", path=path) from error
    if isinstance(inlined, dict):
        inlined.pop("$schema", None)
        return inlined
    raise ConversionError(f"operation {tool!r}: a schema must be an object", path=path)


def _annotations(method: str) -> ToolAnnotations:
    if method in ("get", "head", "options"):
        return ToolAnnotations(read_only=True)
    if method == "delete":
        return ToolAnnotations(read_only=False, destructive=True, idempotent=True)
    if method == "put":
        return ToolAnnotations(read_only=False, idempotent=True)
    return ToolAnnotations(read_only=False)
