"""OpenAPI 3.x documents in: one canonical tool per operation, calling it over HTTP.

``from_openapi(document, base_url=..., headers=...)`` reads a document (a dict, JSON or
YAML text, or a file) and gives a `Tool` per operation whose input schema merges the
path, query, header and cookie parameters and the request body, and whose invoker
sends the request with httpx. Needs ``pip install 'toolbridge[openapi]'``.
"""

from toolbridge.openapi._import import from_openapi

__all__ = ["from_openapi"]
