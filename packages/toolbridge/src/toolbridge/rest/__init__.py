"""A toolset over plain HTTP/JSON: list, describe and call tools, with an OpenAPI document.

The same policies and audit as the MCP server: both only ask the toolset, for the
caller the ``identity`` argument names. Needs ``pip install 'toolbridge[rest]'``.
"""

from toolbridge.rest._app import build_app
from toolbridge.rest._openapi import openapi_document, tool_path
from toolbridge.rest._serve import serve_rest, serve_rest_async

__all__ = [
    "build_app",
    "openapi_document",
    "serve_rest",
    "serve_rest_async",
    "tool_path",
]
