"""The OpenAPI 3.1 document of a toolset as one caller sees it: a POST path per tool."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import quote

from toolbridge._json import thaw
from toolbridge._tool import Tool

__all__ = ["openapi_document", "tool_path"]

_RESULT: dict[str, Any] = {
    "type": "object",
    "description": "MCP's CallToolResult: the tool's content, structured content and error flag.",
    "properties": {
        "content": {"type": "array", "items": {"type": "object"}},
        "structuredContent": {"type": "object"},
        "isError": {"type": "boolean"},
    },
    "required": ["content", "isError"],
}
_ERROR: dict[str, Any] = {
    "type": "object",
    "properties": {
        "error": {
            "type": "object",
            "properties": {
                "type": {"type": "string"},
                "message": {"type": "string"},
                "issues": {"type": "array", "items": {"type": "object"}},
            },
            "required": ["type", "message"],
        }
    },
    "required": ["error"],
}


def tool_path(name: str) -> str:
    """The URL path of a tool's call: its name percent-encoded whole."""
    return "/tools/" + quote(name, safe="")


def openapi_document(tools: Sequence[Tool], *, title: str, version: str) -> dict[str, Any]:
    """One ``POST /tools/{name}`` operation per tool, its body the tool's input schema."""
    error = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
    paths: dict[str, Any] = {}
    for tool in tools:
        operation: dict[str, Any] = {
            "operationId": tool.name,
            "summary": tool.title or tool.name,
            "description": tool.description,
            "requestBody": {
                "required": False,
                "content": {"application/json": {"schema": thaw(tool.input_schema)}},
            },
            "responses": {
                "200": {
                    "description": "The tool ran; isError says whether it reported an error.",
                    "content": {
                        "application/json": {
                            "schema": {"$ref": "#/components/schemas/CallToolResult"}
                        }
                    },
                },
                "400": {"description": "The body is not a JSON object.", **error},
                "403": {"description": "The policy refused this call.", **error},
                "404": {"description": "No such tool.", **error},
                "422": {"description": "The arguments do not match the schema.", **error},
                "429": {"description": "A rate limit was reached.", **error},
                "504": {"description": "The call took too long.", **error},
            },
        }
        paths[tool_path(tool.name)] = {"post": operation}
    return {
        "openapi": "3.1.0",
        "info": {"title": title, "version": version},
        "paths": paths,
        "components": {"schemas": {"CallToolResult": _RESULT, "Error": _ERROR}},
    }
