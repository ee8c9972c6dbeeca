"""OpenAPI in: one tool per operation, parameters and body merged, calls sent over HTTP to a
pet store (a Starlette app, in process and on a real socket), errors as results, secrets
never shown, malformed documents refused with the place named."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import httpx
import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from toolbridge import (
    ArgumentValidationError,
    ConversionError,
    Tool,
    ToolExecutionError,
    ToolResult,
    ToolTimeoutError,
)
from toolbridge.errors import format_path
from toolbridge.formats import to_mcp
from toolbridge.openapi import from_openapi
from toolbridge.toolsets import Registry

from ..loopback import free_port

SECRET = "Bearer sk-test-4c1f9e2b7d"
REQUESTS: list[dict[str, Any]] = []
"""Every request the pet store received, in order."""
PETS: dict[int, dict[str, Any]] = {
    1: {"id": 1, "name": "Rex", "tag": "dog"},
    2: {"id": 2, "name": "Tom", "tag": None},
}

# ---- the pet store -------------------------------------------------------------------


async def record(request: Request) -> dict[str, Any]:
    body = await request.body()
    entry = {
        "method": request.method,
        "path": request.url.path,
        "raw_path": request.scope["raw_path"].decode(),
        "query_string": request.scope["query_string"].decode(),
        "query": list(request.query_params.multi_items()),
        "headers": dict(request.headers),
        "body": body.decode(),
    }
    REQUESTS.append(entry)
    return entry


async def list_pets(request: Request) -> Response:
    await record(request)
    tags = request.query_params.getlist("tags")
    pets = [pet for pet in PETS.values() if not tags or pet["tag"] in tags]
    return JSONResponse({"pets": pets[: int(request.query_params.get("limit", 100))]})


async def create_pet(request: Request) -> Response:
    sent = await record(request)
    return JSONResponse({"id": 3, **json.loads(sent["body"])}, status_code=201)


async def get_pet(request: Request) -> Response:
    await record(request)
    pet_id = request.path_params["pet_id"]
    pet = PETS.get(int(pet_id)) if pet_id.isdigit() else None
    if pet is None:
        return JSONResponse({"error": f"no such pet: {pet_id}"}, status_code=404)
    return JSONResponse(pet)


async def delete_pet(request: Request) -> Response:
    await record(request)
    return Response(status_code=204)


async def list_tags(request: Request) -> Response:
    await record(request)
    return JSONResponse(["dog", "cat"])


async def broken(request: Request) -> Response:
    await record(request)
    return PlainTextResponse("database on fire " + "." * 5_000, status_code=500)


async def echo(request: Request) -> Response:
    await record(request)
    status = int(request.query_params.get("status", "200"))
    return JSONResponse({"headers": dict(request.headers)}, status_code=status)


async def add_note(request: Request) -> Response:
    sent = await record(request)
    return PlainTextResponse(f"{sent['headers']['content-type']}: {sent['body']}")


async def slow(request: Request) -> Response:
    await record(request)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and not await request.is_disconnected():
        await asyncio.sleep(0.02)
    return PlainTextResponse("late")


async def elsewhere(request: Request) -> Response:
    await record(request)
    return PlainTextResponse("not here", status_code=404)


APP = Starlette(
    routes=[
        Route("/v1/pets", list_pets, methods=["GET"]),
        Route("/v1/pets", create_pet, methods=["POST"]),
        Route("/v1/pets/{pet_id}", get_pet, methods=["GET"]),
        Route("/v1/pets/{pet_id}", delete_pet, methods=["DELETE"]),
        Route("/v1/tags", list_tags, methods=["GET"]),
        Route("/v1/broken", broken, methods=["GET"]),
        Route("/v1/echo", echo, methods=["GET"]),
        Route("/v1/notes", add_note, methods=["POST"]),
        Route("/v1/slow", slow, methods=["GET"]),
        Route("/{rest:path}", elsewhere, methods=["GET", "POST", "PUT", "PATCH", "DELETE"]),
    ]
)

# ---- its OpenAPI 3.1 document --------------------------------------------------------

PET: dict[str, Any] = {
    "type": "object",
    "properties": {
        "id": {"type": "integer"},
        "name": {"type": "string"},
        "tag": {"type": ["string", "null"]},
    },
    "required": ["id", "name"],
}
NEW_PET: dict[str, Any] = {
    "type": "object",
    "properties": {"name": {"type": "string", "minLength": 1}, "tag": {"type": "string"}},
    "required": ["name"],
}


def json_content(schema: dict[str, Any]) -> dict[str, Any]:
    return {"application/json": {"schema": schema}}


DOCUMENT: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Pets", "version": "1"},
    "servers": [{"url": "http://test/v1"}],
    "components": {
        "schemas": {"Pet": PET, "NewPet": NEW_PET},
        "parameters": {
            "PetId": {
                "name": "pet_id",
                "in": "path",
                "required": True,
                "description": "The pet's id.",
                "schema": {"type": "string"},
            }
        },
        "requestBodies": {
            "NewPetBody": {
                "required": True,
                "content": json_content({"$ref": "#/components/schemas/NewPet"}),
            }
        },
        "responses": {
            "PetAnswer": {
                "description": "a pet",
                "content": json_content({"$ref": "#/components/schemas/Pet"}),
            }
        },
    },
    "paths": {
        "/pets": {
            "get": {
                "operationId": "listPets",
                "summary": "List pets",
                "description": "Every pet, optionally filtered by tag.",
                "tags": ["pets"],
                "parameters": [
                    {
                        "name": "limit",
                        "in": "query",
                        "description": "At most this many.",
                        "schema": {"type": "integer", "maximum": 100},
                    },
                    {
                        "name": "tags",
                        "in": "query",
                        "schema": {"type": "array", "items": {"type": "string"}},
                    },
                    {"name": "X-Trace", "in": "header", "schema": {"type": "string"}},
                    # OpenAPI says to ignore this one: the client's own header is sent.
                    {"name": "Authorization", "in": "header", "schema": {"type": "string"}},
                ],
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": json_content(
                            {
                                "type": "object",
                                "properties": {
                                    "pets": {
                                        "type": "array",
                                        "items": {"$ref": "#/components/schemas/Pet"},
                                    }
                                },
                                "required": ["pets"],
                            }
                        ),
                    }
                },
            },
            "post": {
                "operationId": "createPet",
                "summary": "Add a pet",
                "requestBody": {"$ref": "#/components/requestBodies/NewPetBody"},
                "responses": {"201": {"$ref": "#/components/responses/PetAnswer"}},
            },
        },
        "/pets/{pet_id}": {
            "parameters": [{"$ref": "#/components/parameters/PetId"}],
            "get": {
                "operationId": "getPet",
                "responses": {
                    "200": {"$ref": "#/components/responses/PetAnswer"},
                    "404": {"description": "no such pet"},
                },
            },
            "delete": {"operationId": "deletePet", "responses": {"204": {"description": "gone"}}},
        },
        "/tags": {
            "get": {
                "operationId": "listTags",
                "responses": {
                    "200": {
                        "description": "tags",
                        "content": json_content({"type": "array", "items": {"type": "string"}}),
                    }
                },
            }
        },
        "/broken": {"get": {"operationId": "broken", "responses": {"200": {"description": "x"}}}},
        "/echo": {
            "get": {
                "operationId": "echoHeaders",
                "parameters": [{"name": "status", "in": "query", "schema": {"type": "integer"}}],
                "responses": {
                    "200": {
                        "description": "the request's headers",
                        "content": json_content(
                            {"type": "object", "properties": {"headers": {"type": "object"}}}
                        ),
                    }
                },
            }
        },
        "/notes": {
            "post": {
                "operationId": "addNote",
                "requestBody": {"required": True, "content": {"text/plain": {}}},
                "responses": {"200": {"description": "ok", "content": {"text/plain": {}}}},
            }
        },
        "/slow": {"get": {"operationId": "slow", "responses": {"200": {"description": "x"}}}},
    },
}


@pytest.fixture(autouse=True)
def _clear_requests() -> None:
    REQUESTS.clear()


def tools(document: dict[str, Any] | None = None, **options: Any) -> dict[str, Tool]:
    return {tool.name: tool for tool in from_openapi(document or DOCUMENT, **options)}


def asgi_client() -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=APP), base_url="http://test")


def call_all(
    made: Callable[[httpx.AsyncClient], dict[str, Tool]],
    *calls: tuple[str, dict[str, Any]],
) -> list[ToolResult]:
    """Call the tools one after the other through the in-process app."""

    async def main() -> list[ToolResult]:
        async with asgi_client() as client:
            found = made(client)
            return [await found[name].ainvoke(arguments) for name, arguments in calls]

    return asyncio.run(main())


def variant(**paths: Any) -> dict[str, Any]:
    """The document with these paths only, and the same components."""
    return {**copy.deepcopy(DOCUMENT), "paths": paths}


# ---- definitions ---------------------------------------------------------------------


def test_every_operation_becomes_a_tool_with_its_schemas_and_hints() -> None:
    made = tools()
    assert list(made) == [
        "listPets",
        "createPet",
        "getPet",
        "deletePet",
        "listTags",
        "broken",
        "echoHeaders",
        "addNote",
        "slow",
    ]
    listing = made["listPets"]
    assert listing.input_schema == {
        "type": "object",
        "properties": {
            "limit": {"type": "integer", "maximum": 100, "description": "At most this many."},
            "tags": {"type": "array", "items": {"type": "string"}},
            "X-Trace": {"type": "string"},
        },
        "additionalProperties": False,
    }
    assert listing.output_schema == {
        "type": "object",
        "properties": {"pets": {"type": "array", "items": PET}},
        "required": ["pets"],
    }
    assert (listing.title, listing.description) == (
        "List pets",
        "List pets\n\nEvery pet, optionally filtered by tag.",
    )
    assert listing.tags == {"pets"}
    assert listing.meta == {
        "source": "openapi",
        "openapi": {"method": "GET", "path": "/pets", "operationId": "listPets"},
    }
    creating = made["createPet"]
    assert creating.input_schema == NEW_PET  # the body merged at the top level
    assert creating.output_schema == PET
    assert made["getPet"].input_schema == {
        "type": "object",
        "properties": {"pet_id": {"type": "string", "description": "The pet's id."}},
        "required": ["pet_id"],
        "additionalProperties": False,
    }
    assert made["addNote"].input_schema == {
        "type": "object",
        "properties": {
            "body": {"type": "string", "description": "The request body, as text/plain."}
        },
        "required": ["body"],
        "additionalProperties": False,
    }
    assert made["listTags"].output_schema is None  # an array: MCP wants objects
    assert made["addNote"].output_schema is None  # not JSON
    assert made["deletePet"].output_schema is None  # no content


@pytest.mark.parametrize(
    ("operation", "hints"),
    [
        ("listPets", {"title": "List pets", "read_only": True}),
        ("createPet", {"title": "Add a pet", "read_only": False}),
        ("deletePet", {"read_only": False, "destructive": True, "idempotent": True}),
    ],
)
def test_hints_follow_the_method(operation: str, hints: dict[str, Any]) -> None:
    assert tools()[operation].annotations.to_dict() == hints


def test_hints_of_the_other_methods() -> None:
    answer = {"200": {"description": "ok"}}
    document = variant(
        **{
            "/x": {
                method: {"operationId": method, "responses": answer}
                for method in ("put", "patch", "head", "options", "trace")
            }
        }
    )
    hints = {name: tool.annotations.to_dict() for name, tool in tools(document).items()}
    assert hints == {
        "put": {"read_only": False, "idempotent": True},
        "patch": {"read_only": False},
        "head": {"read_only": True},
        "options": {"read_only": True},
        "trace": {"read_only": True},
    }


def test_names_without_an_operation_id_are_method_and_path() -> None:
    answer = {"200": {"description": "ok"}}
    document = variant(
        **{
            "/pets/{petId}": {"get": {"responses": answer}},
            "/pets": {"post": {"responses": answer}},
            "/": {"get": {"responses": answer}},
            "/odd": {
                "get": {"operationId": "list pets.v2", "responses": answer},
                "put": {"operationId": "x" * 100, "responses": answer},
            },
            "x-internal": {"note": "an extension, not a path"},
        }
    )
    assert list(tools(document)) == ["get_pets_petId", "post_pets", "get", "list_pets_v2", "x" * 64]


def test_operation_parameters_override_the_path_items_by_name_and_place() -> None:
    answer = {"200": {"description": "ok"}}
    shared = [
        {"name": "verbose", "in": "query", "schema": {"type": "boolean"}},
        {"name": "region", "in": "query", "schema": {"type": "string"}},
    ]
    override = {"name": "verbose", "in": "query", "required": True, "schema": {"type": "integer"}}
    document = variant(
        **{
            "/x": {
                "parameters": shared,
                "get": {"operationId": "plain", "responses": answer},
                "post": {
                    "operationId": "overridden",
                    "parameters": [override],
                    "responses": answer,
                },
            }
        }
    )
    made = tools(document)
    assert made["plain"].input_schema == {
        "type": "object",
        "properties": {"verbose": {"type": "boolean"}, "region": {"type": "string"}},
        "additionalProperties": False,
    }
    assert made["overridden"].input_schema == {
        "type": "object",
        "properties": {"verbose": {"type": "integer"}, "region": {"type": "string"}},
        "required": ["verbose"],
        "additionalProperties": False,
    }


def test_a_body_is_merged_only_when_nothing_is_lost() -> None:
    answer = {"200": {"description": "ok"}}
    clashing = {"type": "object", "properties": {"thing_id": {"type": "string"}}}
    closed = {
        "type": "object",
        "properties": {"label": {"type": "string"}},
        "additionalProperties": False,
    }
    choice = {"type": "object", "oneOf": [{"required": ["a"]}, {"required": ["b"]}]}
    # (without "required": a path parameter is required all the same)
    thing_id = {"name": "thing_id", "in": "path", "schema": {"type": "string"}}

    def operation(name: str, schema: dict[str, Any], required: bool) -> dict[str, Any]:
        body = {"required": required, "content": json_content(schema)}
        return {"operationId": name, "requestBody": body, "responses": answer}

    document = variant(
        **{
            "/things/{thing_id}": {
                "parameters": [thing_id],
                "put": operation("clashing", clashing, True),
                "post": operation("listed", {"type": "array", "items": {"type": "integer"}}, False),
                "patch": operation("closed", closed, False),
                "delete": operation("choice", choice, False),
            }
        }
    )
    made = tools(document)
    path_parameter = {"thing_id": {"type": "string"}}
    assert made["clashing"].input_schema == {
        "type": "object",
        "properties": {**path_parameter, "body": clashing},
        "required": ["thing_id", "body"],
        "additionalProperties": False,
    }
    assert made["listed"].input_schema["properties"]["body"] == {
        "type": "array",
        "items": {"type": "integer"},
    }
    assert made["closed"].input_schema == {
        "type": "object",
        "properties": {**path_parameter, "label": {"type": "string"}},
        "required": ["thing_id"],
        "additionalProperties": False,
    }
    assert made["choice"].input_schema["properties"]["body"] == choice

    results = call_all(
        lambda client: tools(document, client=client),
        ("clashing", {"thing_id": "7", "body": {"thing_id": "other"}}),
        ("listed", {"thing_id": "7", "body": [1, 2]}),
        ("closed", {"thing_id": "7", "label": "new"}),
    )
    assert all(result.is_error for result in results)  # the store has no such route
    sent = [(r["method"], r["path"], json.loads(r["body"])) for r in REQUESTS]
    assert sent == [
        ("PUT", "/v1/things/7", {"thing_id": "other"}),
        ("POST", "/v1/things/7", [1, 2]),
        ("PATCH", "/v1/things/7", {"label": "new"}),
    ]
    assert not made["closed"].validate({"thing_id": "7", "extra": 1}).ok


def test_an_argument_the_request_has_no_place_for_is_refused_not_dropped() -> None:
    """Without a merged body every argument is a parameter or ``body``: any other is lost.

    The model hears which names it may use, and nothing is sent.
    """
    made = tools()
    assert made["listPets"].input_schema["additionalProperties"] is False
    assert made["addNote"].input_schema["additionalProperties"] is False
    for name, arguments in (
        ("listPets", {"limit": 1, "page": 2}),
        ("getPet", {"pet_id": "1", "name": "Rex"}),
        ("addNote", {"body": "hi", "text": "hi"}),
    ):
        with pytest.raises(ArgumentValidationError, match="is not an allowed property"):
            call_all(lambda client: tools(client=client), (name, arguments))
    assert REQUESTS == []
    # A merged body that leaves extra properties open still takes them, in the body.
    (created,) = call_all(
        lambda client: tools(client=client), ("createPet", {"name": "Kit", "colour": "red"})
    )
    assert "additionalProperties" not in made["createPet"].input_schema
    assert created.structured_content == {"id": 3, "name": "Kit", "colour": "red"}


def test_a_recursive_schema_keeps_its_definitions() -> None:
    node = {
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}},
        },
        "required": ["name"],
    }
    document = variant(
        **{
            "/trees": {
                "post": {
                    "operationId": "plantTree",
                    "requestBody": {"content": json_content({"$ref": "#/components/schemas/Node"})},
                    "responses": {"200": {"description": "ok"}},
                }
            }
        }
    )
    document["components"]["schemas"]["Node"] = node
    (tree,) = tools(document).values()
    assert tree.input_schema == {
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}},
        },
        "required": ["name"],
        "$defs": {
            "Node": {
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}},
                },
                "required": ["name"],
            }
        },
    }
    deep = {"name": "a", "children": [{"name": "b", "children": [{"name": "c"}]}]}
    assert tree.validate(deep).ok
    assert not tree.validate({"name": "a", "children": [{"children": []}]}).ok


def test_any_local_pointer_is_followed_and_a_huge_expansion_keeps_its_refs() -> None:
    # Each schema refers to the next two: inlined, the last one would appear 2**40 times.
    chain = {
        f"C{i}": {
            "type": "object",
            "properties": {
                "left": {"$ref": f"#/components/schemas/C{i + 1}"},
                "right": {"$ref": f"#/components/schemas/C{i + 1}"},
            },
        }
        for i in range(40)
    }
    chain["C40"] = {"type": "object", "properties": {"leaf": {"type": "boolean"}}}
    answer = {"200": {"description": "ok"}}
    tag = {"$ref": "#/components/schemas/Pet/properties/tag"}
    document = variant(
        **{
            "/tagged": {
                "get": {
                    "operationId": "tagged",
                    "parameters": [{"name": "tag", "in": "query", "schema": tag}],
                    "responses": answer,
                }
            },
            "/chain": {
                "post": {
                    "operationId": "chain",
                    "requestBody": {"content": json_content({"$ref": "#/components/schemas/C0"})},
                    "responses": answer,
                }
            },
        }
    )
    document["components"]["schemas"].update(chain)
    made = tools(document)
    assert made["tagged"].input_schema["properties"]["tag"] == {"type": ["string", "null"]}
    chained = made["chain"].input_schema
    assert chained["properties"]["left"] == {"$ref": "#/$defs/C1"}
    assert sorted(chained["$defs"], key=lambda name: int(name[1:])) == [
        f"C{i}" for i in range(1, 41)
    ]
    leaf: dict[str, Any] = {"leaf": True}
    for _ in range(39):
        leaf = {"left": leaf, "right": {}}
    assert made["chain"].validate({"left": leaf}).ok
    assert not made["chain"].validate({"left": {"left": {"right": 1}}}).ok


# ---- reading documents -----------------------------------------------------------------

YAML_30 = """
openapi: 3.0.3
info: {title: Things, version: "1"}
servers: [{url: /api}]
components:
  schemas:
    Label: {type: string, nullable: true, maxLength: 20}
paths:
  /things:
    post:
      operationId: makeThing
      parameters:
        - {name: size, in: query, schema: {type: integer, nullable: true}}
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                label: {$ref: '#/components/schemas/Label'}
                weight: {type: number, minimum: 0, exclusiveMinimum: true}
      responses:
        200:
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  id: {type: integer}
                  label: {type: string, nullable: true}
"""


def test_openapi_30_yaml_is_converted_without_losing_nullable(tmp_path: Path) -> None:
    (made,) = from_openapi(YAML_30, base_url="http://host.test")
    assert made.input_schema == {
        "type": "object",
        "properties": {
            "size": {"type": ["integer", "null"]},
            "label": {"type": ["string", "null"], "maxLength": 20},
            "weight": {"type": "number", "exclusiveMinimum": 0},
        },
    }
    assert made.output_schema == {
        "type": "object",
        "properties": {"id": {"type": "integer"}, "label": {"type": ["string", "null"]}},
    }
    assert made.validate({"size": None, "label": None}).ok
    assert not made.validate({"weight": 0}).ok
    file = tmp_path / "things.yaml"
    file.write_text(YAML_30)
    json_file = tmp_path / "things.json"
    json_file.write_text(json.dumps({**DOCUMENT, "paths": {}}))
    assert from_openapi(file, base_url="http://host.test") == [made]
    assert from_openapi(str(file), base_url="http://host.test") == [made]
    assert from_openapi(json_file) == []
    assert from_openapi(json.dumps(DOCUMENT)) == list(tools().values())


def test_a_file_named_openapi_in_the_current_folder_is_read_as_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (made,) = from_openapi(YAML_30, base_url="http://host.test")
    (tmp_path / "openapi.yaml").write_text(YAML_30)
    (tmp_path / "openapi.json").write_text(json.dumps({**DOCUMENT, "paths": {}}))
    monkeypatch.chdir(tmp_path)
    assert from_openapi("openapi.yaml", base_url="http://host.test") == [made]
    assert from_openapi("openapi.json") == []
    with pytest.raises(ConversionError, match=r"cannot read the OpenAPI document 'openapi\.yml'"):
        from_openapi("openapi.yml")


@pytest.mark.parametrize("text", ["openapi: 3.1.0", '  "openapi" : "3.1.0"', "'openapi': 3.0.3"])
def test_one_line_text_is_read_as_the_document(text: str) -> None:
    assert from_openapi(text, base_url="http://host.test") == []
    with pytest.raises(ConversionError, match="no 'openapi' version field"):
        from_openapi("{}")


def test_the_base_url_comes_from_the_servers_or_the_caller() -> None:
    get_pet = ("getPet", {"pet_id": "1"})
    relative = {**DOCUMENT, "servers": [{"url": "/v1"}]}
    variables = {
        **DOCUMENT,
        "servers": [
            {
                "url": "{scheme}://{host}/v1",
                "variables": {"scheme": {"default": "http"}, "host": {"default": "pets.test"}},
            }
        ],
    }
    call_all(lambda client: tools(relative, client=client, base_url="http://test"), get_pet)
    call_all(lambda client: tools(variables, client=client), get_pet)
    call_all(lambda client: tools(client=client, base_url="http://other.test/v1"), get_pet)
    sent = [(r["headers"]["host"], r["path"]) for r in REQUESTS]
    assert sent == [
        ("test", "/v1/pets/1"),
        ("pets.test", "/v1/pets/1"),
        ("other.test", "/v1/pets/1"),
    ]
    with pytest.raises(ConversionError, match="relative: pass base_url"):
        from_openapi(relative)


def test_operations_are_filtered_and_namespaced() -> None:
    kept = from_openapi(DOCUMENT, operations=["getPet", "listPets"], namespace="pets")
    assert [(tool.name, tool.namespace) for tool in kept] == [
        ("listPets", "pets"),
        ("getPet", "pets"),
    ]
    with pytest.raises(ConversionError, match="no operation has the operationId 'nope'"):
        from_openapi(DOCUMENT, operations=["getPet", "nope"])


# ---- calls ---------------------------------------------------------------------------


def test_calls_send_the_request_the_document_describes() -> None:
    listed, created, got, deleted, tags, note = call_all(
        lambda client: tools(client=client, headers={"Authorization": SECRET}),
        ("listPets", {"limit": 5, "tags": ["dog", "cat"], "X-Trace": "t-1"}),
        ("createPet", {"name": "Kit", "tag": "cat"}),
        ("getPet", {"pet_id": "1"}),
        ("deletePet", {"pet_id": "2"}),
        ("listTags", {}),
        ("addNote", {"body": "feed the cat"}),
    )
    assert listed.structured_content == {"pets": [PETS[1]]}
    assert created.structured_content == {"id": 3, "name": "Kit", "tag": "cat"}
    assert got.structured_content == PETS[1]
    assert (deleted.is_error, deleted.text) == (False, "")
    assert (tags.structured_content, json.loads(tags.text)) == (None, ["dog", "cat"])
    assert note.text == "text/plain: feed the cat"
    first, second, third, fourth, _, sixth = REQUESTS
    assert (first["method"], first["path"]) == ("GET", "/v1/pets")
    assert first["query"] == [("limit", "5"), ("tags", "dog"), ("tags", "cat")]
    assert first["headers"]["x-trace"] == "t-1"
    assert first["headers"]["authorization"] == SECRET
    assert (second["method"], second["path"]) == ("POST", "/v1/pets")
    assert json.loads(second["body"]) == {"name": "Kit", "tag": "cat"}
    assert second["headers"]["content-type"] == "application/json"
    assert (third["path"], fourth["method"], fourth["path"]) == (
        "/v1/pets/1",
        "DELETE",
        "/v1/pets/2",
    )
    assert sixth["headers"]["content-type"] == "text/plain"


def test_the_configured_header_is_sent_and_never_shown() -> None:
    def made(client: httpx.AsyncClient | None = None) -> dict[str, Tool]:
        return tools(client=client, headers={"Authorization": SECRET})

    echoed, refused = call_all(made, ("echoHeaders", {}), ("echoHeaders", {"status": 401}))
    assert echoed.structured_content is not None
    assert echoed.structured_content["headers"]["authorization"] == SECRET
    assert refused.is_error
    assert refused.text.startswith("HTTP 401 Unauthorized: ")
    assert '"authorization":"[hidden]"' in refused.text
    shown = [refused.text]
    for tool in made().values():
        shown += [
            repr(tool),
            repr(tool.invoker),
            json.dumps(to_mcp(tool)),
            json.dumps(tool.to_dict()),
        ]
    assert not [text for text in shown if "sk-test" in text]


def test_arguments_are_validated_before_any_request() -> None:
    invalid = [
        ("listPets", {"limit": 1000}),
        ("listPets", {"tags": "dog"}),
        ("createPet", {"tag": "no name"}),
        ("createPet", {"name": ""}),
        ("getPet", {}),
    ]

    async def main() -> list[str]:
        async with asgi_client() as client:
            made = tools(client=client)
            refused = []
            for name, arguments in invalid:
                with pytest.raises(ArgumentValidationError) as caught:
                    await made[name].ainvoke(arguments)
                refused.append(caught.value.tool_name)
            return refused

    assert asyncio.run(main()) == [name for name, _ in invalid]
    assert REQUESTS == []
    call_all(lambda client: tools(client=client), ("listPets", {"limit": 100}))
    assert len(REQUESTS) == 1  # the store does record valid calls


@pytest.mark.parametrize("value", ["../admin", "..", ".", "a/b?x=1#f", "%2e%2e%2f", "a b"])
def test_a_path_value_cannot_change_the_path(value: str) -> None:
    (result,) = call_all(lambda client: tools(client=client), ("getPet", {"pet_id": value}))
    assert result.is_error  # no such pet, or no such route: either way a result
    (sent,) = REQUESTS
    assert sent["raw_path"].startswith("/v1/pets/")
    assert unquote(sent["raw_path"]) == "/v1/pets/" + value
    assert sent["query_string"] == ""


def test_query_styles() -> None:
    parameters = [
        {"name": "ids", "in": "query", "explode": False, "schema": {"type": "array"}},
        {"name": "pipes", "in": "query", "style": "pipeDelimited", "schema": {"type": "array"}},
        {"name": "filter", "in": "query", "style": "deepObject", "schema": {"type": "object"}},
        {"name": "flag", "in": "query", "schema": {"type": "boolean"}},
        {"name": "maybe", "in": "query", "schema": {"type": ["string", "null"]}},
        {"name": "session", "in": "cookie", "schema": {"type": "string"}},
    ]
    document = variant(
        **{
            "/search": {
                "get": {
                    "operationId": "search",
                    "parameters": parameters,
                    "responses": {"200": {"description": "ok"}},
                }
            }
        }
    )
    arguments = {
        "ids": [1, 2],
        "pipes": ["a", "b"],
        "filter": {"color": "red"},
        "flag": True,
        "maybe": None,
        "session": "s 1",
    }
    call_all(lambda client: tools(document, client=client), ("search", arguments))
    (sent,) = REQUESTS
    assert sent["query"] == [
        ("ids", "1,2"),
        ("pipes", "a|b"),
        ("filter[color]", "red"),
        ("flag", "true"),
    ]
    assert sent["headers"]["cookie"] == "session=s%201"


def test_error_answers_are_results_the_model_can_read() -> None:
    missing, broken = call_all(
        lambda client: tools(client=client), ("getPet", {"pet_id": "9"}), ("broken", {})
    )
    assert missing.is_error
    assert missing.text == 'HTTP 404 Not Found: {"error":"no such pet: 9"}'
    assert broken.is_error
    assert broken.text.startswith("HTTP 500 Internal Server Error: database on fire ...")
    assert broken.text.endswith("... (3017 more characters)")
    assert len(broken.text) < 2_100


def test_an_answer_said_to_be_a_call_tool_result_that_is_none_is_an_error() -> None:
    # toolbridge's REST server marks its operations so; a service that says so and then
    # answers something else must not pass its answer off as the tool's result.
    document = copy.deepcopy(DOCUMENT)
    document["paths"]["/pets/{pet_id}"]["get"]["x-toolbridge-result"] = "CallToolResult"
    made = tools(document)
    assert made["getPet"].output_schema is None
    [got] = call_all(lambda client: tools(document, client=client), ("getPet", {"pet_id": "2"}))
    assert got.is_error
    assert got.text.startswith("the answer is no CallToolResult: ")


def test_timeouts_raise_tool_timeout_errors() -> None:
    async def main() -> None:
        async with asgi_client() as client:
            with pytest.raises(ToolTimeoutError):
                await tools(client=client)["slow"].ainvoke({}, timeout=0.2)
            with pytest.raises(ToolTimeoutError):
                await tools(client=client, timeout=0.2)["slow"].ainvoke({})

    started = time.monotonic()
    asyncio.run(main())
    assert time.monotonic() - started < 2
    assert len(REQUESTS) == 2


def test_a_connection_failure_is_a_typed_error_with_its_cause() -> None:
    closed = free_port()
    made = tools(base_url=f"http://127.0.0.1:{closed}/v1", headers={"Authorization": SECRET})
    with pytest.raises(ToolExecutionError) as caught:
        made["broken"].invoke({})
    assert isinstance(caught.value.__cause__, httpx.ConnectError)
    assert "sk-test" not in str(caught.value)
    assert str(caught.value).endswith(f"(GET http://127.0.0.1:{closed}/v1/broken)")
    with_password = tools(base_url=f"http://ann:pw-secret@127.0.0.1:{closed}/v1")
    with pytest.raises(ToolExecutionError) as caught:
        with_password["broken"].invoke({})
    assert f"(GET http://127.0.0.1:{closed}/v1/broken)" in str(caught.value)
    assert "pw-secret" not in str(caught.value)


@contextlib.contextmanager
def served() -> Iterator[str]:
    """The pet store on a real socket, port 0 on loopback, in a background thread."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(APP, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not server.started:
            assert time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.01)
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        server.should_exit = True
        thread.join(10)
        listener.close()
    assert not thread.is_alive()


def test_over_a_real_socket_sync_and_async() -> None:
    with served() as url:
        made = tools(base_url=url, headers={"Authorization": SECRET})
        got = made["getPet"].invoke({"pet_id": "2"})
        listed = made["listPets"].invoke({"tags": ["dog"]})
        deleted = asyncio.run(made["deletePet"].ainvoke({"pet_id": "2"}))
        missing = made["getPet"].invoke({"pet_id": "../admin"})
        with pytest.raises(ToolTimeoutError):
            made["slow"].invoke({}, timeout=0.2)
    assert got.structured_content == PETS[2]
    assert listed.structured_content == {"pets": [PETS[1]]}
    assert not deleted.is_error
    assert missing.is_error
    assert [(r["method"], r["raw_path"]) for r in REQUESTS] == [
        ("GET", "/v1/pets/2"),
        ("GET", "/v1/pets"),
        ("DELETE", "/v1/pets/2"),
        ("GET", "/v1/pets/%2E%2E%2Fadmin"),
        ("GET", "/v1/slow"),
    ]
    assert all(r["headers"]["authorization"] == SECRET for r in REQUESTS)


# ---- malformed documents -------------------------------------------------------------


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(document: dict[str, Any]) -> None:
        node = document
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value

    return change


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda document: document.pop(key)


POST_SCHEMA = ("paths", "/pets", "post", "requestBody")
ECHO = ("paths", "/echo", "get")


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        (_set(("swagger",), "2.0"), ("swagger",), "Swagger 2.0"),
        (_drop("openapi"), (), "no 'openapi' version field"),
        (_set(("openapi",), "2.0"), ("openapi",), "expected an OpenAPI 3.0 or 3.1"),
        (_set(("openapi",), 3.1), ("openapi",), "expected an OpenAPI 3.0 or 3.1"),
        (_set(("paths",), []), ("paths",), "paths must be an object"),
        (
            _set(
                (*ECHO, "responses", "200", "content", "application/json", "schema"),
                {"$ref": "https://evil.test/s.json"},
            ),
            (*ECHO, "responses", "200", "content", "application/json", "schema", "$ref"),
            "not a pointer into this document",
        ),
        (
            _set(POST_SCHEMA, {"$ref": "bodies.yaml#/NewPet"}),
            (*POST_SCHEMA, "$ref"),
            "nothing is fetched",
        ),
        (
            _set(
                ("paths", "/pets/{pet_id}", "parameters"),
                [{"$ref": "#/components/parameters/Nope"}],
            ),
            ("paths", "/pets/{pet_id}", "parameters", 0, "$ref"),
            "points at nothing",
        ),
        (
            _set(
                ("components", "schemas", "NewPet", "properties", "tag"),
                {"$ref": "#/components/schemas/Gone"},
            ),
            ("components", "schemas", "NewPet", "properties", "tag", "$ref"),
            "points at nothing",
        ),
        (
            _set(("components", "parameters", "PetId"), {"$ref": "#/components/parameters/PetId"}),
            ("components", "parameters", "PetId", "$ref"),
            "refers to itself",
        ),
        (
            _set(("paths", "/slow", "get", "operationId"), "broken"),
            ("paths", "/slow", "get"),
            "distinct operationIds",
        ),
        (_set(("paths", "/slow"), "nope"), ("paths", "/slow"), "a path item must be an object"),
        (
            _set((*ECHO, "parameters"), {"name": "x"}),
            (*ECHO, "parameters"),
            "parameters must be a list",
        ),
        (
            _set((*ECHO, "parameters"), [{"name": "x", "in": "body"}]),
            (*ECHO, "parameters", 0),
            "'in' must be one of path, query, header, cookie",
        ),
        (
            _set(("components", "requestBodies", "NewPetBody"), {"required": True}),
            ("components", "requestBodies", "NewPetBody"),
            "needs a 'content' object",
        ),
        (_drop("servers"), ("servers",), "names no server: pass base_url"),
    ],
)
def test_malformed_documents_name_the_place(
    change: Callable[[dict[str, Any]], None], path: tuple[Any, ...], message: str
) -> None:
    document = copy.deepcopy(DOCUMENT)
    change(document)
    with pytest.raises(ConversionError, match=message) as caught:
        from_openapi(document)
    assert caught.value.path == path
    if path:
        assert f"(at {format_path(path)!r})" in str(caught.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ("openapi: [3.1\n", "not valid YAML"),
        ("- just\n- a list\n", "an OpenAPI document is an object"),
        ("no-such-file.yaml", "cannot read the OpenAPI document 'no-such-file.yaml'"),
    ],
)
def test_unreadable_documents_are_conversion_errors(text: str, message: str) -> None:
    with pytest.raises(ConversionError, match=message):
        from_openapi(text)


def test_the_document_is_never_changed() -> None:
    recursive = variant(
        **{
            "/n": {
                "post": {
                    "operationId": "n",
                    "requestBody": {"content": json_content({"$ref": "#/components/schemas/N"})},
                    "responses": {"200": {"description": "ok"}},
                }
            }
        }
    )
    recursive["components"]["schemas"]["N"] = {
        "type": "object",
        "properties": {"next": {"$ref": "#/components/schemas/N"}},
    }
    nullable_30 = {
        "openapi": "3.0.3",
        "info": {"title": "t", "version": "1"},
        "servers": [{"url": "http://t"}],
        "paths": {
            "/x": {
                "post": {
                    "operationId": "x",
                    "parameters": [
                        {"name": "q", "in": "query", "schema": {"type": "string", "nullable": True}}
                    ],
                    "requestBody": {
                        "content": json_content(
                            {
                                "type": "object",
                                "properties": {"v": {"type": "integer", "nullable": True}},
                            }
                        )
                    },
                    "responses": {"200": {"description": "ok"}},
                }
            }
        },
    }
    for document in (DOCUMENT, recursive, nullable_30):
        before = copy.deepcopy(document)
        made = from_openapi(document)
        assert made
        assert document == before


def test_a_registry_adds_a_document_and_remembers_its_secret() -> None:
    registry = Registry()
    registry.add_openapi(DOCUMENT, headers={"Authorization": SECRET}, operations=["listPets"])
    assert [tool.name for tool in registry.list_tools()] == ["listPets"]
    assert SECRET in registry.secrets


def test_a_tool_with_a_given_async_client_refuses_a_sync_call() -> None:
    import httpx as _httpx

    from toolbridge import SyncInvocationError

    client = _httpx.AsyncClient()
    try:
        (tool_made,) = from_openapi(DOCUMENT, client=client, operations=["listPets"])
        with pytest.raises(SyncInvocationError, match="ainvoke"):
            tool_made.invoke({})
    finally:
        asyncio.run(client.aclose())
