"""The OpenAPI 3.1 document of a toolset as one caller sees it: a POST path per tool.

Each tool the caller may see gets ``POST /tools/{name}`` (the name percent-encoded
whole, see `tool_path`), ``operationId`` its name, and a request body whose schema is
the tool's input schema. That schema is a component of its own, ``<name>_arguments``:
in an OpenAPI document a ``#/...`` reference means the document's root, so the
schema's own local references (``#/$defs/Item``, ``#``) are rewritten to point inside
the component, where the schema now lives. The answers are described once, under
``components``: the 200 ``CallToolResult`` and every error the server sends. Each
operation says ``x-toolbridge-result: CallToolResult``, so an importer that knows it
(`toolbridge.openapi.from_openapi`) reads the answer's ``isError`` rather than take
every 200 for a success. A server
that checks bearer tokens says so (``securitySchemes``, ``security`` and a 401 answer),
so a client generated from the document sends its token.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal
from urllib.parse import quote

from toolbridge._json import thaw
from toolbridge._jsonschema._keywords import DATA_KEYWORDS
from toolbridge._jsonschema._references import rewrite_references
from toolbridge._tool import Tool
from toolbridge.errors import JsonPath

__all__ = ["openapi_document", "tool_path"]

_DOT_SEGMENTS: Final = frozenset({".", ".."})
_UNSAFE_KEY: Final = re.compile(r"[^A-Za-z0-9._-]")
_OPENAPI_DATA: Final = DATA_KEYWORDS | {"example"}
_ANNOTATED: Final = {"annotations": {"type": "object"}, "_meta": {"type": "object"}}
_CONTENT_BLOCKS: Final[list[dict[str, Any]]] = [
    {
        "title": "TextContent",
        "type": "object",
        "properties": {"type": {"const": "text"}, "text": {"type": "string"}, **_ANNOTATED},
        "required": ["type", "text"],
    },
    *(
        {
            "title": title,
            "type": "object",
            "properties": {
                "type": {"const": kind},
                "data": {"type": "string", "contentEncoding": "base64"},
                "mimeType": {"type": "string"},
                **_ANNOTATED,
            },
            "required": ["type", "data", "mimeType"],
        }
        for kind, title in (("image", "ImageContent"), ("audio", "AudioContent"))
    ),
    {
        "title": "ResourceLink",
        "type": "object",
        "properties": {
            "type": {"const": "resource_link"},
            "uri": {"type": "string"},
            "name": {"type": "string"},
            "title": {"type": "string"},
            "description": {"type": "string"},
            "mimeType": {"type": "string"},
            "size": {"type": "integer"},
            **_ANNOTATED,
        },
        "required": ["type", "uri", "name"],
    },
    {
        "title": "EmbeddedResource",
        "type": "object",
        "properties": {
            "type": {"const": "resource"},
            "resource": {
                "type": "object",
                "properties": {
                    "uri": {"type": "string"},
                    "mimeType": {"type": "string"},
                    "text": {"type": "string"},
                    "blob": {"type": "string", "contentEncoding": "base64"},
                    "_meta": {"type": "object"},
                },
                "required": ["uri"],
            },
            **_ANNOTATED,
        },
        "required": ["type", "resource"],
    },
]
_SCHEMAS: Final[dict[str, Any]] = {
    "CallToolResult": {
        "type": "object",
        "description": "MCP's CallToolResult: what the tool returned, for the model to read.",
        "properties": {
            "content": {"type": "array", "items": {"$ref": "#/components/schemas/ContentBlock"}},
            "structuredContent": {"type": "object"},
            "isError": {
                "type": "boolean",
                "description": "The tool ran and reported an error (still a 200 answer).",
            },
            "_meta": {"type": "object"},
        },
        "required": ["content", "isError"],
    },
    "ContentBlock": {"oneOf": _CONTENT_BLOCKS},
    "Error": {
        "type": "object",
        "properties": {
            "error": {
                "type": "object",
                "properties": {
                    "type": {"type": "string", "description": "The kind of error."},
                    "message": {"type": "string"},
                    "issues": {
                        "type": "array",
                        "items": {"$ref": "#/components/schemas/ValidationIssue"},
                    },
                    "retry_after": {"type": "integer", "minimum": 1},
                },
                "required": ["type", "message"],
            }
        },
        "required": ["error"],
    },
    "ValidationIssue": {
        "type": "object",
        "properties": {
            "path": {"type": "string", "description": "Where, as a JSON Pointer (RFC 6901)."},
            "kind": {"type": "string"},
            "message": {"type": "string"},
        },
        "required": ["path", "kind", "message"],
    },
}
_ERRORS: Final = {
    "400": ("InvalidBody", "The body is not JSON, or not a JSON object."),
    "403": ("Refused", "The toolset's policy refused this call (approval)."),
    "404": ("NotFound", "No such tool, or none the caller may see (the same answer)."),
    "408": ("BodyTimeout", "The body did not arrive within the server's body timeout."),
    "413": ("BodyTooLarge", "The body is over the server's limit."),
    "415": ("UnsupportedMediaType", "The body is not sent as JSON."),
    "422": ("InvalidArguments", "The arguments do not match the tool's input schema."),
    "429": ("RateLimited", "A rate limit was reached; Retry-After says when to try again."),
    "500": ("Failed", "The tool or the server failed."),
    "504": ("TimedOut", "The call did not finish in time."),
}
_RETRY_AFTER: Final = {
    "Retry-After": {
        "description": "Whole seconds until a call may pass again.",
        "schema": {"type": "integer", "minimum": 1},
    }
}


def tool_path(name: str) -> str:
    """The URL path of a tool: ``/tools/`` and its name percent-encoded whole.

    Everything but letters, digits and ``_.-~`` is escaped (``/`` too: the name stays
    one path segment), and so are the dots of a name that is ``.`` or ``..``, which
    clients would otherwise remove as dot segments.
    """
    segment = quote(name, safe="")
    if segment in _DOT_SEGMENTS:
        segment = segment.replace(".", "%2E")
    return "/tools/" + segment


_BEARER: Final = {
    "optional": "A bearer token; a request without one is anonymous.",
    "required": (
        "An OAuth 2.1 access token for this server, from the authorization server its "
        "protected resource metadata names (/.well-known/oauth-protected-resource)."
    ),
}
"""What the ``bearer`` scheme says, by whether a request may come without a token."""
_UNAUTHORIZED: Final = {
    "description": "401: the bearer token is missing where one is required, or not valid.",
    "headers": {
        "WWW-Authenticate": {
            "description": 'The Bearer challenge (RFC 6750), with error="invalid_token" '
            "for a token that was refused.",
            "schema": {"type": "string"},
        }
    },
}


def openapi_document(
    tools: Sequence[Tool],
    *,
    title: str,
    version: str,
    bearer: Literal["optional", "required"] | None = None,
) -> dict[str, Any]:
    """The OpenAPI 3.1 document of `tools`: one ``POST /tools/{name}`` per tool.

    Args:
        tools: The tools one caller may see, in the order they are listed.
        title: The document's ``info.title``.
        version: Its ``info.version``.
        bearer: Whether the server checks bearer tokens: ``"optional"`` (static
            tokens: a request without one is anonymous) or ``"required"`` (OAuth
            access tokens); the document then has a ``bearer`` security scheme, a
            ``security`` requirement and a 401 answer. ``None``: no scheme.

    Returns:
        The document, as JSON-ready data (a new object on every call).
    """
    schemas: dict[str, Any] = {key: thaw(value) for key, value in _SCHEMAS.items()}
    paths: dict[str, Any] = {}
    for tool in tools:
        key = _component_key(tool.name, schemas)
        schemas[key] = _relocated(tool.input_schema, f"#/components/schemas/{key}")
        paths[tool_path(tool.name)] = {"post": _operation(tool, key, signed=bearer is not None)}
    components: dict[str, Any] = {"schemas": schemas, "responses": _responses()}
    document: dict[str, Any] = {
        "openapi": "3.1.0",
        "info": {"title": title, "version": version},
        "paths": paths,
        "components": components,
    }
    if bearer is not None:
        components["responses"]["Unauthorized"] = thaw(_UNAUTHORIZED)
        components["securitySchemes"] = {
            "bearer": {"type": "http", "scheme": "bearer", "description": _BEARER[bearer]}
        }
        # An empty requirement is OpenAPI's "or no credentials at all".
        document["security"] = [{"bearer": []}, *([{}] if bearer == "optional" else [])]
    return document


def _operation(tool: Tool, key: str, *, signed: bool) -> dict[str, Any]:
    """The ``post`` operation calling `tool`, its body the component `key`.

    `signed`: the server checks bearer tokens, so it may answer 401.
    """
    responses: dict[str, Any] = {
        "200": {
            "description": "The tool ran; isError says whether it reported an error.",
            "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/CallToolResult"}}
            },
        }
    }
    for status, (name, _) in _ERRORS.items():
        responses[status] = {"$ref": f"#/components/responses/{name}"}
        if status == "400" and signed:
            responses["401"] = {"$ref": "#/components/responses/Unauthorized"}
    return {
        "operationId": tool.name,
        "x-toolbridge-result": "CallToolResult",
        "summary": tool.title or tool.annotations.title or tool.name,
        "description": tool.description,
        "requestBody": {
            "description": "The arguments; an empty body means {}.",
            "required": False,
            "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{key}"}}},
        },
        "responses": responses,
    }


def _responses() -> dict[str, Any]:
    """The error answers, each a JSON `Error` (429 with its ``Retry-After`` header)."""
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    answers: dict[str, Any] = {}
    for status, (name, description) in _ERRORS.items():
        answer: dict[str, Any] = {"description": description, "content": thaw(error)}
        if status == "429":
            answer["headers"] = thaw(_RETRY_AFTER)
        answers[name] = answer
    return answers


def _component_key(name: str, taken: Mapping[str, Any]) -> str:
    """A component name for `name`'s arguments that OpenAPI allows and is not taken."""
    stem = _UNSAFE_KEY.sub("_", name) + "_arguments"
    key, number = stem, 1
    while key in taken:
        number += 1
        key = f"{stem}_{number}"
    return key


def _relocated(schema: Any, base: str) -> Any:
    """A copy of `schema` whose local references (``#``, ``#/...``) point under `base`.

    A subschema with its own ``$id`` resolves ``#`` against that id, not the document,
    so it is copied as it is.
    """

    def moved(reference: str, where: JsonPath) -> str:
        local = reference == "#" or reference.startswith("#/")
        return base + reference[1:] if local else reference

    return rewrite_references(schema, moved, data=_OPENAPI_DATA, keep_resources=True)
