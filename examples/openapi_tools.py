"""OpenAPI in: a YAML document's operations as tools, called over HTTP.

The service is a small Starlette app reached in process (httpx's ASGI transport), so
this runs offline; against a real service, leave out ``client=``.

Run: uv run python examples/openapi_tools.py

Outside this repository it needs ``pip install 'toolbridge[openapi]' starlette``.
"""

from __future__ import annotations

import asyncio
import json

import httpx
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from toolbridge import ArgumentValidationError
from toolbridge.formats import to_mcp
from toolbridge.openapi import from_openapi

DOCUMENT = """
openapi: 3.0.3
info: {title: Notes, version: "1"}
servers: [{url: "https://notes.example/v1"}]
components:
  schemas:
    Note:
      type: object
      properties:
        id: {type: integer}
        text: {type: string}
        due: {type: string, format: date, nullable: true}
      required: [id, text]
paths:
  /notes:
    post:
      operationId: addNote
      summary: Add a note
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              properties:
                text: {type: string, minLength: 1}
                due: {type: string, format: date, nullable: true}
              required: [text]
      responses:
        "201":
          description: the new note
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Note"}
  /notes/{note_id}:
    parameters:
      - {name: note_id, in: path, required: true, schema: {type: integer}}
    get:
      operationId: getNote
      summary: Read a note
      responses:
        "200":
          description: the note
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Note"}
    delete:
      operationId: deleteNote
      summary: Delete a note
      responses:
        "204": {description: deleted}
"""

NOTES: dict[int, dict[str, object]] = {}


async def add_note(request: Request) -> Response:
    note = {"id": len(NOTES) + 1, **await request.json()}
    NOTES[note["id"]] = note
    return JSONResponse(note, status_code=201)


async def get_note(request: Request) -> Response:
    note = NOTES.get(int(request.path_params["note_id"]))
    if note is None:
        return JSONResponse({"detail": "no such note"}, status_code=404)
    return JSONResponse(note)


async def delete_note(request: Request) -> Response:
    NOTES.pop(int(request.path_params["note_id"]), None)
    return Response(status_code=204)


APP = Starlette(
    routes=[
        Route("/v1/notes", add_note, methods=["POST"]),
        Route("/v1/notes/{note_id}", get_note, methods=["GET"]),
        Route("/v1/notes/{note_id}", delete_note, methods=["DELETE"]),
    ]
)


async def main() -> None:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=APP)) as client:
        tools = {
            tool.name: tool
            for tool in from_openapi(
                DOCUMENT, client=client, headers={"Authorization": "Bearer sk-example"}
            )
        }
        for tool in tools.values():
            print(tool.name, tool.meta["openapi"], tool.annotations.to_dict())
        # The body's properties sit beside the parameters; 3.0's nullable is a null type.
        print(json.dumps(to_mcp(tools["addNote"])["inputSchema"], indent=2))

        added = await tools["addNote"].ainvoke({"text": "water the plants", "due": None})
        print("added:", added.structured_content)
        print("read:", (await tools["getNote"].ainvoke({"note_id": 1})).structured_content)
        print("deleted:", (await tools["deleteNote"].ainvoke({"note_id": 1})).is_error)

        missing = await tools["getNote"].ainvoke({"note_id": 1})
        print("missing:", missing.is_error, missing.text)  # HTTP 404 Not Found: {...}

        try:
            await tools["addNote"].ainvoke({"text": ""})
        except ArgumentValidationError as error:
            print("refused before any request:", error)


if __name__ == "__main__":
    asyncio.run(main())
