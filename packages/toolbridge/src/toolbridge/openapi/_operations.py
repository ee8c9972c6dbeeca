"""One OpenAPI operation, one tool: its name, description, input schema and annotations.

The input schema is one JSON object: the path, query, header and cookie parameters
as properties (path parameters always required), plus the request body. A JSON body
whose schema is a plain object (``type``, ``properties``, ``required``,
``additionalProperties`` and annotations only) with property names unlike every
parameter's is merged into the top level; any other JSON body is the property
``body``. A body that is not JSON (form data, text, bytes) is ``body`` as a string,
sent with its media type. Without a merged body the object is closed
(``additionalProperties: false``): an argument the request has no place for is
refused, never silently left out. Referenced schemas are inlined (see `Schemas` for when
they stay in ``$defs``); OpenAPI 3.0 schemas are converted to JSON Schema 2020-12
(``nullable`` becomes a ``"null"`` type), so nothing is dropped silently.
Next to each tool comes an `Operation`: where each argument goes in the request.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal, cast

from toolbridge._tool import Tool, ToolAnnotations
from toolbridge.errors import ConversionError, JsonPath, ToolbridgeError, format_path
from toolbridge.openapi._document import Document, Schemas

__all__ = [
    "METHODS",
    "BodyMode",
    "Location",
    "Operation",
    "Parameter",
    "is_json",
    "read_operations",
]

METHODS: Final = ("get", "put", "post", "delete", "patch", "head", "options", "trace")
Location = Literal["path", "query", "header", "cookie"]
BodyMode = Literal["none", "merged", "nested"]
"""No body; the arguments left after the parameters; or the argument ``body``."""

_LOCATIONS: Final = ("path", "query", "header", "cookie")
_IGNORED_HEADERS: Final = frozenset({"accept", "content-type", "authorization"})
"""Header parameters the OpenAPI specification says to ignore (the client sets them)."""
_MERGEABLE: Final = frozenset(
    {"type", "properties", "required", "additionalProperties", "title", "description"}
    | {"example", "examples", "xml", "externalDocs", "$comment"}
)
"""The keywords a body schema may have and still be merged: nothing else would be lost."""
_UNSAFE: Final = re.compile(r"[^A-Za-z0-9_-]+")
_SUCCESS: Final = re.compile(r"2(\d\d|XX)", re.IGNORECASE)
_NAME_LIMIT: Final = 64


@dataclass(frozen=True, slots=True)
class Parameter:
    """Where one argument goes in the request."""

    name: str
    location: Location
    style: str
    """OpenAPI's serialisation style (``form``, ``simple``, ``deepObject``, ...)."""
    explode: bool


@dataclass(frozen=True, slots=True)
class Operation:
    """How to turn a tool's arguments into the HTTP request of one operation."""

    method: str
    """Upper case: ``GET``, ``POST``, ..."""
    path: str
    """The path template, such as ``/pets/{pet_id}``."""
    parameters: tuple[Parameter, ...]
    body: BodyMode
    media_type: str | None
    """The body's media type; a JSON one unless the body is sent as text."""
    structured: bool
    """The tool has an output schema: a JSON answer becomes structured content."""
    mcp_result: bool = False
    """The operation says ``x-toolbridge-result: CallToolResult`` (toolbridge's REST
    server): a 2xx answer is MCP's ``CallToolResult``, its ``isError`` kept."""


def is_json(media_type: str) -> bool:
    """``application/json`` or a ``+json`` type, parameters (``; charset=``) aside."""
    base = media_type.split(";")[0].strip().lower()
    return base == "application/json" or base.endswith("+json")


def read_operations(
    document: Document, *, operations: Iterable[str] | None, namespace: str | None
) -> list[tuple[Tool, Operation]]:
    """A definition-only tool and its `Operation` for each operation of the document.

    Args:
        document: The loaded document.
        operations: Keep only the operations with these ``operationId``s (or tool names).
        namespace: The tools' namespace.

    Raises:
        ConversionError: A malformed operation, parameter or reference (with its path);
            two operations that would have one tool name; or an unknown name in
            `operations`.
    """
    wanted = None if operations is None else _names(operations)
    found: set[str] = set()
    made: list[tuple[Tool, Operation]] = []
    names: dict[str, JsonPath] = {}
    for route, raw_item in document.data.get("paths", {}).items():
        if str(route).startswith("x-"):
            continue  # a specification extension, not a path
        item, item_path = document.resolved(raw_item, ("paths", route))
        if not isinstance(item, Mapping):
            raise ConversionError("a path item must be an object", path=item_path)
        shared = _entries(item.get("parameters", []), (*item_path, "parameters"))
        for method in METHODS:
            if method not in item:
                continue
            where: JsonPath = (*item_path, method)
            operation = item[method]
            if not isinstance(operation, Mapping):
                raise ConversionError("an operation must be an object", path=where)
            identifier = operation.get("operationId")
            if identifier is not None and not isinstance(identifier, str):
                raise ConversionError("operationId must be a string", path=(*where, "operationId"))
            name = _tool_name(identifier, method, str(route), where)
            if wanted is not None:
                matches = wanted & {name, identifier}
                if not matches:
                    continue
                found |= matches
            if name in names:
                raise ConversionError(
                    f"two operations become the tool {name!r} (the other is at "
                    f"{format_path(names[name])!r}): give them distinct operationIds",
                    path=where,
                )
            names[name] = where
            entries = [*shared, *_entries(operation.get("parameters", []), (*where, "parameters"))]
            source = _Source(str(route), method, operation, name, where)
            made.append(_tool(document, source, entries, namespace))
    if wanted is not None and wanted - found:
        unknown = ", ".join(repr(name) for name in sorted(wanted - found))
        raise ConversionError(f"no operation has the operationId {unknown}", path=("paths",))
    return made


def _names(operations: Iterable[str]) -> set[str]:
    return {operations} if isinstance(operations, str) else {str(name) for name in operations}


def _entries(value: Any, path: JsonPath) -> list[tuple[Any, JsonPath]]:
    if not isinstance(value, list):
        raise ConversionError("parameters must be a list", path=path)
    return [(entry, (*path, index)) for index, entry in enumerate(value)]


def _tool_name(identifier: str | None, method: str, route: str, path: JsonPath) -> str:
    """The ``operationId``, or ``method_path``, with only letters, digits, ``_`` and ``-``."""
    raw = identifier or f"{method}_{_UNSAFE.sub('_', route).strip('_')}"
    name = _UNSAFE.sub("_", raw).strip("_")[:_NAME_LIMIT]
    if not name:
        raise ConversionError(f"cannot make a tool name from {raw!r}", path=path)
    return name


@dataclass
class _Inputs:
    """The input schema being assembled, and where each argument goes."""

    taken: Schemas
    """The tool's schemas' references, gathered as they are taken from the document."""
    properties: dict[str, Any] = field(default_factory=dict)
    required: list[str] = field(default_factory=list)
    additional: Any = None
    """A merged body's ``additionalProperties``, if it states one."""
    plan: list[Parameter] = field(default_factory=list)

    def add(self, name: str, schema: Any, *, required: bool, path: JsonPath) -> None:
        if name in self.properties:
            raise ConversionError(
                f"two parameters are named {name!r}: one argument object cannot hold both",
                path=path,
            )
        self.properties[name] = schema
        if required and name not in self.required:
            self.required.append(name)

    def schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": "object", "properties": self.properties}
        if self.required:
            schema["required"] = self.required
        if self.additional is not None:
            schema["additionalProperties"] = self.additional
        return schema


@dataclass(frozen=True, slots=True)
class _Source:
    """One operation as the document states it."""

    route: str
    method: str
    operation: Mapping[str, Any]
    name: str
    where: JsonPath


def _tool(
    document: Document,
    source: _Source,
    entries: list[tuple[Any, JsonPath]],
    namespace: str | None,
) -> tuple[Tool, Operation]:
    operation, where = source.operation, source.where
    inputs = _Inputs(Schemas(document))
    _parameters(document, entries, inputs)
    body, media_type = _body(document, operation, inputs, (*where, "requestBody"))
    if body != "merged":
        # Every argument is then a parameter or ``body``: the request has no place for
        # any other, so one is refused (naming those it may use) rather than dropped.
        inputs.additional = False
    input_schema = inputs.taken.complete(inputs.schema(), tool=source.name, path=where)
    # An answer that is MCP's CallToolResult carries the tool's own structured content:
    # the wrapper's schema is no output schema of the tool.
    mcp_result = operation.get("x-toolbridge-result") == "CallToolResult"
    output_schema = None if mcp_result else _output(document, operation, source.name, where)
    summary = _text(operation.get("summary"))
    description = "\n\n".join(
        part for part in (summary, _text(operation.get("description"))) if part
    )
    tags = operation.get("tags")
    try:
        tool = Tool(
            name=source.name,
            title=summary,
            description=description,
            input_schema=input_schema,
            output_schema=output_schema,
            annotations=_annotations(source.method, summary),
            namespace=namespace,
            tags=frozenset(t for t in tags if isinstance(t, str))
            if isinstance(tags, list)
            else frozenset(),
            meta={
                "source": "openapi",
                "openapi": {
                    "method": source.method.upper(),
                    "path": source.route,
                    "operationId": operation.get("operationId"),
                },
            },
        )
    except ToolbridgeError as error:
        raise ConversionError(f"operation {source.name!r}: {error}", path=where) from error
    plan = Operation(
        method=source.method.upper(),
        path=source.route,
        parameters=tuple(inputs.plan),
        body=body,
        media_type=media_type,
        structured=output_schema is not None,
        mcp_result=mcp_result,
    )
    return tool, plan


def _text(value: Any) -> str | None:
    return value.strip() or None if isinstance(value, str) else None


def _parameters(document: Document, entries: list[tuple[Any, JsonPath]], inputs: _Inputs) -> None:
    """Add the parameters to `inputs`; an operation's override its path item's by (name, in)."""
    found: dict[tuple[str, str], tuple[Mapping[str, Any], JsonPath]] = {}
    for raw, where in entries:
        entry, path = document.resolved(raw, where)
        if not isinstance(entry, Mapping):
            raise ConversionError("a parameter must be an object", path=path)
        name, location = entry.get("name"), entry.get("in")
        if not isinstance(name, str) or not name:
            raise ConversionError("a parameter needs a name", path=path)
        if location not in _LOCATIONS:
            raise ConversionError(
                f"parameter {name!r}: 'in' must be one of {', '.join(_LOCATIONS)}", path=path
            )
        if location == "header" and name.lower() in _IGNORED_HEADERS:
            continue
        found[(location, name)] = (entry, path)
    for (location, name), (entry, path) in found.items():
        schema, schema_path = _parameter_schema(entry, path)
        taken = inputs.taken.take(schema, schema_path)
        taken = _described(taken, entry.get("description"), schema_path)
        required = location == "path" or entry.get("required") is True
        inputs.add(name, taken, required=required, path=path)
        style = entry.get("style") or ("simple" if location in ("path", "header") else "form")
        explode = entry.get("explode", style == "form")
        inputs.plan.append(Parameter(name, cast(Location, location), str(style), explode is True))


def _parameter_schema(entry: Mapping[str, Any], path: JsonPath) -> tuple[Any, JsonPath]:
    """The parameter's ``schema`` (or its ``content``'s) and where it is."""
    if "schema" in entry:
        return entry["schema"], (*path, "schema")
    content = entry.get("content")
    if isinstance(content, Mapping) and content:
        media_type, media = next(iter(content.items()))
        if isinstance(media, Mapping) and "schema" in media:
            return media["schema"], (*path, "content", media_type, "schema")
    return {}, path


def _described(schema: Any, description: Any, path: JsonPath) -> dict[str, Any]:
    """`schema` with `description` unless it has its own.

    Raises:
        ConversionError: The schema is neither an object nor a boolean.
    """
    if isinstance(schema, bool):  # OpenAPI 3.1 allows boolean schemas
        schema = {} if schema else {"not": {}}
    if not isinstance(schema, Mapping):
        raise ConversionError("a schema must be an object", path=path)
    if not isinstance(description, str) or not description:
        return dict(schema)
    return {"description": description, **schema}


def _body(
    document: Document, operation: Mapping[str, Any], inputs: _Inputs, path: JsonPath
) -> tuple[BodyMode, str | None]:
    """Add the request body to `inputs`: merged, or as the argument ``body``."""
    if "requestBody" not in operation:
        return "none", None
    body, path = document.resolved(operation["requestBody"], path)
    if not isinstance(body, Mapping) or not isinstance(body.get("content"), Mapping):
        raise ConversionError("a request body needs a 'content' object", path=path)
    content: Mapping[str, Any] = body["content"]
    if not content:
        raise ConversionError("a request body's content is empty", path=(*path, "content"))
    required, description = body.get("required") is True, body.get("description")
    media_type = next((str(m) for m in content if is_json(str(m))), None)
    if media_type is None:  # not JSON: the body is text, sent as it is
        media_type = str(next(iter(content)))
        text = {"type": "string", "description": f"The request body, as {media_type}."}
        _nest(inputs, _described(text, description, path), required=required, path=path)
        return "nested", media_type
    media = content[media_type]
    schema_path: JsonPath = (*path, "content", media_type, "schema")
    schema = media.get("schema", {}) if isinstance(media, Mapping) else {}
    target, target_path = document.resolved(schema, schema_path)
    if _mergeable(target, inputs.properties):
        for name, item in target.get("properties", {}).items():
            inputs.properties[name] = inputs.taken.take(item, (*target_path, "properties", name))
        names = target.get("required", [])
        inputs.required.extend(n for n in names if isinstance(n, str) and n not in inputs.required)
        if "additionalProperties" in target:
            where = (*target_path, "additionalProperties")
            inputs.additional = inputs.taken.take(target["additionalProperties"], where)
        return "merged", media_type
    taken = _described(inputs.taken.take(schema, schema_path), description, schema_path)
    _nest(inputs, taken, required=required, path=path)
    return "nested", media_type


def _nest(inputs: _Inputs, schema: dict[str, Any], *, required: bool, path: JsonPath) -> None:
    if "body" in inputs.properties:
        raise ConversionError(
            "a parameter is named 'body', the name the request body needs here", path=path
        )
    inputs.add("body", schema, required=required, path=path)


def _mergeable(schema: Any, parameters: Mapping[str, Any]) -> bool:
    """A plain object schema whose properties can sit beside the parameters."""
    if not isinstance(schema, Mapping) or schema.get("type") != "object":
        return False
    properties = schema.get("properties", {})
    return (
        set(schema) <= _MERGEABLE
        and isinstance(properties, Mapping)
        and isinstance(schema.get("required", []), list)
        and not set(properties) & set(parameters)
    )


def _output(
    document: Document, operation: Mapping[str, Any], tool: str, path: JsonPath
) -> dict[str, Any] | None:
    """The first 2xx response's JSON schema, if it describes an object."""
    responses = operation.get("responses", {})
    if not isinstance(responses, Mapping):
        raise ConversionError("responses must be an object", path=(*path, "responses"))
    successes = [key for key in responses if _SUCCESS.fullmatch(str(key))]
    if not successes:
        return None
    key = min(successes, key=str)  # YAML reads an unquoted 200 as a number
    response, where = document.resolved(responses[key], (*path, "responses", key))
    content = response.get("content") if isinstance(response, Mapping) else None
    if not isinstance(content, Mapping):
        return None
    media_type = next((str(m) for m in content if is_json(str(m))), None)
    if media_type is None:
        return None
    media = content[media_type]
    if not isinstance(media, Mapping) or not isinstance(media.get("schema"), Mapping):
        return None
    schemas = Schemas(document)
    taken = schemas.take(media["schema"], (*where, "content", media_type, "schema"))
    schema = schemas.complete(taken, tool=tool, path=where)
    return schema if schema.get("type") == "object" else None


def _annotations(method: str, title: str | None) -> ToolAnnotations:
    if method in ("get", "head", "options", "trace"):  # the safe methods of RFC 9110
        return ToolAnnotations(title=title, read_only=True)
    if method == "delete":
        return ToolAnnotations(title=title, read_only=False, destructive=True, idempotent=True)
    if method == "put":
        return ToolAnnotations(title=title, read_only=False, idempotent=True)
    return ToolAnnotations(title=title, read_only=False)
