"""Gemini function declarations to and from the canonical `Tool`, in both schema shapes.

`to_gemini` writes ``parametersJsonSchema`` (and ``responseJsonSchema`` for an output
schema): JSON Schema, passed as it is. `to_gemini_openapi` writes the older
``parameters`` / ``response`` fields, the OpenAPI 3.0 subset of Gemini's ``Schema``
type, through `toolbridge.schema.to_gemini_schema` (upper-case types, ``nullable``,
string-only enums with the way back kept, and every other change reported).

Names are mapped onto Gemini's rule (a letter or ``_`` first, then letters, digits,
``_ . : -``, at most 64). Not carried: ``title`` and ``annotations`` (reported when
stated). Gemini has no strict mode: ``strict=True`` is an error.

Read back: a declaration in either shape (camelCase as in the REST API, or the
python-genai SDK's snake_case dump), a list, a ``Tool`` (``{"functionDeclarations":
[...]}``), a list of those, or a request or config holding them under ``"tools"``.
The OpenAPI-shape schemas become JSON Schema 2020-12 (lower-case types, ``nullable``
as ``"null"`` in the type list and in an enum). Unknown declaration keys
(``behavior``, ...) are kept in ``meta["gemini"]["extra"]`` and written again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final, overload

from toolbridge._json import freeze, new_frozen_dict, new_frozen_list
from toolbridge._jsonschema._keywords import SUBSCHEMA_KEYWORDS
from toolbridge._jsonschema._walk import rebuilder
from toolbridge._tool import Tool
from toolbridge.errors import ConversionError, JsonPath, SchemaError, ToolbridgeError
from toolbridge.formats._common import (
    frozen,
    no_foreign_schema,
    object_schema,
    plain,
    string_field,
)
from toolbridge.formats._engine import emit
from toolbridge.formats._lowering import Lowered, OnUnsupported, fields_not_carried
from toolbridge.schema import (
    GeminiPlan,
    LossEntry,
    check_types,
    from_openapi30,
    to_gemini_json,
    to_gemini_schema,
)

__all__ = ["from_gemini", "to_gemini", "to_gemini_openapi"]

_SNAKE: Final = {
    "parameters_json_schema": "parametersJsonSchema",
    "response_json_schema": "responseJsonSchema",
    "function_declarations": "functionDeclarations",
}
_KNOWN: Final = frozenset(
    {"name", "description", "parameters", "parametersJsonSchema", "response", "responseJsonSchema"}
)
_DECLARATIONS: Final = ("functionDeclarations", "function_declarations")


def _extra(tool: Tool) -> Mapping[str, Any]:
    gemini = tool.meta.get("gemini")
    return (gemini.get("extra") or {}) if isinstance(gemini, Mapping) else {}


def _no_strict(strict: bool | None) -> None:
    if strict:
        raise ConversionError("Gemini function declarations have no strict mode")


def _write_json(
    tool: Tool, name: str, strict: bool | None, on_unsupported: OnUnsupported
) -> Lowered:
    _no_strict(strict)
    report = fields_not_carried(tool, frozenset({"output_schema"}), "Gemini")
    parameters = to_gemini_json(tool.input_schema, tool=tool.name)
    report.extend(parameters.report)
    wire: dict[str, Any] = {
        "name": name,
        "description": tool.description,
        "parametersJsonSchema": parameters.schema,
    }
    if tool.output_schema is not None:
        check_types(tool.output_schema, tool=tool.name, path=("output_schema",))
        response = to_gemini_json(tool.output_schema, tool=tool.name)
        report.extend(_in_output(response.report))
        wire["responseJsonSchema"] = response.schema
    for key, value in _extra(tool).items():
        wire.setdefault(_SNAKE.get(key, key), value)
    return Lowered(freeze(wire), tuple(report), None, False)


def _in_output(report: Iterable[LossEntry]) -> list[LossEntry]:
    """Entries of an output schema's transform, with paths from the tool."""
    return [
        LossEntry(
            tool=entry.tool,
            path=("output_schema", *entry.path),
            keyword=entry.keyword,
            action=entry.action,
            detail=entry.detail,
        )
        for entry in report
    ]


def _write_openapi(
    tool: Tool, name: str, strict: bool | None, on_unsupported: OnUnsupported
) -> Lowered:
    _no_strict(strict)
    report: list[LossEntry] = fields_not_carried(tool, frozenset({"output_schema"}), "Gemini")
    wire: dict[str, Any] = {"name": name, "description": tool.description}
    lowered = to_gemini_schema(tool.input_schema, tool=tool.name)
    report.extend(lowered.report)
    if lowered.schema is not None:
        wire["parameters"] = lowered.schema
    if tool.output_schema is not None:
        check_types(tool.output_schema, tool=tool.name, path=("output_schema",))
        response = to_gemini_schema(tool.output_schema, tool=tool.name)
        report.extend(_in_output(response.report))
        if response.schema is not None:
            wire["response"] = response.schema
    for key, value in _extra(tool).items():
        wire.setdefault(_SNAKE.get(key, key), value)
    plan = lowered.restore
    if isinstance(plan, GeminiPlan) and plan.is_identity:
        plan = None
    return Lowered(freeze(wire), tuple(report), plan, False)


@overload
def to_gemini(tools: Tool, /, *, strict: bool | None = None) -> dict[str, Any]: ...
@overload
def to_gemini(tools: Iterable[Tool], /, *, strict: bool | None = None) -> list[dict[str, Any]]: ...
def to_gemini(
    tools: Tool | Iterable[Tool], /, *, strict: bool | None = None
) -> dict[str, Any] | list[dict[str, Any]]:
    """Write tools as Gemini function declarations with ``parametersJsonSchema``.

    Args:
        tools: One tool, or an iterable of them.
        strict: Must not be true: Gemini has no strict mode.

    Returns:
        One frozen declaration for one tool, a list for an iterable (wrap a list as
        ``{"functionDeclarations": [...]}`` for a Gemini ``Tool``).

    Raises:
        ConversionError: Not tools, two tools with one name, or ``strict=True``.
        SchemaError: A ``type`` names no JSON type (the message names the tool; ``path``
            is where).
    """
    return emit(
        tools, "gemini", _write_json, strict=strict, on_unsupported="fallback", function="to_gemini"
    )


@overload
def to_gemini_openapi(tools: Tool, /, *, strict: bool | None = None) -> dict[str, Any]: ...
@overload
def to_gemini_openapi(
    tools: Iterable[Tool], /, *, strict: bool | None = None
) -> list[dict[str, Any]]: ...
def to_gemini_openapi(
    tools: Tool | Iterable[Tool], /, *, strict: bool | None = None
) -> dict[str, Any] | list[dict[str, Any]]:
    """Write tools as Gemini function declarations with the OpenAPI-subset ``parameters``.

    Arguments, result and errors as `to_gemini`; `toolbridge.formats.convert` gives
    the report and the way back for string-enum and JSON-text arguments.
    """
    return emit(
        tools,
        "gemini-openapi",
        _write_openapi,
        strict=strict,
        on_unsupported="fallback",
        function="to_gemini_openapi",
    )


# -- from Gemini --------------------------------------------------------------------------


_SCHEMA_SNAKE: Final = {
    "additional_properties": "additionalProperties",
    "any_of": "anyOf",
    "max_items": "maxItems",
    "max_length": "maxLength",
    "max_properties": "maxProperties",
    "min_items": "minItems",
    "min_length": "minLength",
    "min_properties": "minProperties",
    "property_ordering": "propertyOrdering",
}
"""python-genai ``Schema`` fields whose snake_case name differs from the REST API's."""


_GEMINI_SUBSCHEMAS: Final = frozenset({"properties", "items", "additionalProperties", "anyOf"})
"""The keywords of Gemini's ``Schema`` type that hold schemas: the only ones walked into."""


def _spelled_openapi(node: Any, _: JsonPath) -> Any:
    """One Gemini ``Schema`` node as OpenAPI 3.0 spells it (see `_as_openapi`)."""
    out = {_SCHEMA_SNAKE.get(key, key): value for key, value in node.items()}
    if isinstance(out.get("type"), str):
        out["type"] = out["type"].lower()
    enum = out.get("enum")
    if out.get("nullable") is True and isinstance(enum, list) and None not in enum:
        out["enum"] = new_frozen_list([*enum, None])
    return new_frozen_dict(out)


_as_openapi: Final = rebuilder(
    _spelled_openapi,
    top_down=True,  # (snake_case names first: ``any_of`` holds subschemas once it is ``anyOf``)
    paths=False,
    skip=SUBSCHEMA_KEYWORDS - _GEMINI_SUBSCHEMAS,
)
"""A frozen Gemini ``Schema``, and every schema inside it, as OpenAPI 3.0 spells it:
``_as_openapi(schema, (), 0)``, by the schema walker (`toolbridge._jsonschema._walk`).

Three steps on each node: the SDK's snake_case field names become camelCase;
upper-case ``type`` values become lower-case; and a ``nullable`` enum lists ``null``,
since Gemini's string-only enums leave null to ``nullable`` (as `to_gemini_openapi`
writes them) where OpenAPI 3.0.3 needs it in the enum too. Only the keywords Gemini's
``Schema`` has are walked into (`_GEMINI_SUBSCHEMAS`): OpenAPI's ``oneOf`` or ``not``
is not Gemini's, and is left as it came.
"""


def _openapi_schema(value: Any, where: JsonPath, owner: str, key: str) -> Any:
    if not isinstance(value, Mapping):
        raise ConversionError(
            f"{owner}: {key} must be a JSON object, got {type(value).__name__}", path=where
        )
    try:
        converted = from_openapi30(_as_openapi(frozen(value, where, owner), (), 0))
    except SchemaError as error:
        raise ConversionError(f"{owner}: {key}: {error}", path=(*where, *error.path)) from error
    schema = {name: item for name, item in converted.schema.items() if name != "$schema"}
    return object_schema(schema, where, owner, key)


def _read(data: Mapping[str, Any], path: JsonPath) -> Tool:
    given = {_SNAKE.get(key, key): key for key in data}  # for paths: the key as it came
    data = {_SNAKE.get(key, key): value for key, value in data.items()}
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ConversionError(
            f"a Gemini function declaration needs a non-empty string name, got {name!r}",
            path=(*path, "name"),
        )
    owner = f"Gemini function {name!r}"
    description = string_field(data, "description", path, owner)
    no_foreign_schema(data, ("parametersJsonSchema", "parameters"), path, owner)
    for json_key, openapi_key in (
        ("parametersJsonSchema", "parameters"),
        ("responseJsonSchema", "response"),
    ):
        if data.get(json_key) is not None and data.get(openapi_key) is not None:
            raise ConversionError(
                f"{owner}: {given[json_key]} and {openapi_key} are mutually exclusive",
                path=(*path, openapi_key),
            )
    schemas: dict[str, Any] = {}
    for field, json_key, openapi_key in (
        ("input_schema", "parametersJsonSchema", "parameters"),
        ("output_schema", "responseJsonSchema", "response"),
    ):
        if data.get(json_key) is not None:
            key = given[json_key]
            schemas[field] = object_schema(data[json_key], (*path, key), owner, key)
        elif data.get(openapi_key) is not None:
            schemas[field] = _openapi_schema(
                data[openapi_key], (*path, openapi_key), owner, openapi_key
            )
    schemas.setdefault("input_schema", {"type": "object", "properties": {}})
    extra = {key: value for key, value in data.items() if key not in _KNOWN}
    meta: dict[str, Any] = {"source": "gemini"}
    if extra:
        meta["gemini"] = {"extra": frozen(extra, path, owner)}
    try:
        return Tool(name=name, description=description or "", **schemas, meta=meta)
    except ToolbridgeError as error:  # the checks above leave nothing expected here
        raise ConversionError(f"{owner}: {error}", path=path) from error


def _declarations(holder: Mapping[str, Any], path: JsonPath) -> list[Tool]:
    for key in _DECLARATIONS:
        if key in holder:
            items = plain(holder[key], (*path, key))
            if not isinstance(items, (list, tuple)):
                raise ConversionError(f"{key} must be a JSON array", path=(*path, key))
            tools = []
            for index, item in enumerate(items):
                data = plain(item, (*path, key, index))
                if not isinstance(data, Mapping):
                    raise ConversionError(
                        "a function declaration must be a JSON object", path=(*path, key, index)
                    )
                tools.append(_read(data, (*path, key, index)))
            return tools
    keys = ", ".join(sorted(map(str, holder))[:8])
    raise ConversionError(
        f"a Gemini tool without functionDeclarations (keys: {keys}) holds no function",
        path=path,
    )


def _many(items: Any, path: JsonPath) -> list[Tool]:
    items = plain(items, path)
    if not isinstance(items, (list, tuple)):
        raise ConversionError(f"tools must be a JSON array, got {type(items).__name__}", path=path)
    tools: list[Tool] = []
    for index, item in enumerate(items):
        data = plain(item, (*path, index))
        if not isinstance(data, Mapping):
            raise ConversionError("a Gemini tool must be a JSON object", path=(*path, index))
        if "name" in data:
            tools.append(_read(data, (*path, index)))
        else:
            tools.extend(_declarations(data, (*path, index)))
    return tools


@overload
def from_gemini(obj: list[Any], /) -> list[Tool]: ...
@overload
def from_gemini(obj: Any, /) -> Tool | list[Tool]: ...
def from_gemini(obj: Any, /) -> Tool | list[Tool]:
    """Read Gemini function declarations into canonical tools.

    Args:
        obj: One declaration, a list of declarations or of Gemini ``Tool`` objects, a
            ``Tool`` (``{"functionDeclarations": [...]}``) or a request or config
            holding tools under ``"tools"``; plain JSON or python-genai objects.

    Returns:
        One `Tool` for one declaration, a list otherwise.

    Raises:
        ConversionError: Not Gemini declarations, both schema shapes given for one
            slot, or a field of the wrong type; the message and ``path`` say where.
    """
    data = plain(obj, ())
    if isinstance(data, (list, tuple)):
        return _many(data, ())
    if not isinstance(data, Mapping):
        raise ConversionError(
            f"Gemini tools come as a JSON object or array, got {type(obj).__name__}"
        )
    if "name" in data:
        return _read(data, ())
    if "tools" in data:
        return _many(data["tools"], ("tools",))
    return _declarations(data, ())
