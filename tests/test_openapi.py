"""OpenAPI in: one tool per operation, parameters and body merged, calls sent over HTTP to a
local ASGI app (and a real socket), errors as results, secrets never shown."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import socket
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse
from starlette.routing import Route

from toolbridge import (
    ArgumentValidationError,
    ConversionError,
    Tool,
    ToolTimeoutError,
)
from toolbridge.formats import to_mcp
from toolbridge.openapi import from_openapi
from toolbridge.toolsets import Registry

SECRET = "Bearer sk-test-4c1f9e2b7d"
requests: list[dict[str, Any]] = []
PETS = {1: {"id": 1, "name": "Rex", "tag": "dog"}, 2: {"id": 2, "name": "Tom", "tag": None}}


async def record(request: Request) -> None:
    body = await request.body()
    requests.append(
        {
            "method": request.method,
            "path": request.url.path,
            "raw_path": request.scope["raw_path"].decode(),
            "query": list(request.query_params.multi_items()),
            "headers": dict(request.headers),
            "body": json.loads(body) if body else None,
        }
    )


async def list_pets(request: Request) -> JSONResponse:
    await record(request)
    return JSONResponse({"pets": list(PETS.values())})


async def get_pet(request: Request) -> JSONResponse:
    await record(request)
    pet = (
        PETS.get(int(request.path_params["pet_id"]))
        if request.path_params["pet_id"].isdigit()
        else None
    )
    if pet is None:
        return JSONResponse({"error": "no such pet"}, status_code=404)
    return JSONResponse(pet)


async def create_pet(request: Request) -> JSONResponse:
    await record(request)
    data = requests[-1]["body"]
    return JSONResponse({"id": 3, **data}, status_code=201)


async def delete_pet(request: Request) -> PlainTextResponse:
    await record(request)
    return PlainTextResponse("", status_code=204)


async def broken(request: Request) -> PlainTextResponse:
    await record(request)
    return PlainTextResponse("database on fire", status_code=500)


async def slow(request: Request) -> PlainTextResponse:
    await record(request)
    await asyncio.sleep(5)
    return PlainTextResponse("late")


async def elsewhere(request: Request) -> PlainTextResponse:
    await record(request)
    return PlainTextResponse("not here", status_code=404)


APP = Starlette(
    routes=[
        Route("/v1/pets", list_pets, methods=["GET"]),
        Route("/v1/pets", create_pet, methods=["POST"]),
        Route("/v1/pets/{pet_id}", get_pet, methods=["GET"]),
        Route("/v1/pets/{pet_id}", delete_pet, methods=["DELETE"]),
        Route("/v1/broken", broken, methods=["GET"]),
        Route("/v1/slow", slow, methods=["GET"]),
        Route("/{rest:path}", elsewhere, methods=["GET", "POST", "PUT", "DELETE"]),
    ]
)

PET = {
    "type": "object",
    "properties": {
        "id": {"type": "integer"},
        "name": {"type": "string"},
        "tag": {"type": ["string", "null"]},
    },
    "required": ["id", "name"],
}
DOCUMENT: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Pets", "version": "1"},
    "servers": [{"url": "http://pets.test/v1"}],
    "components": {
        "schemas": {
            "Pet": PET,
            "NewPet": {
                "type": "object",
                "properties": {"name": {"type": "string"}, "tag": {"type": "string"}},
                "required": ["name"],
            },
        },
        "parameters": {
            "PetId": {
                "name": "pet_id",
                "in": "path",
                "required": True,
                "description": "The pet's id.",
                "schema": {"type": "string"},
            }
        },
    },
    "paths": {
        "/pets": {
            "get": {
                "operationId": "listPets",
                "summary": "List pets",
                "tags": ["pets"],
                "parameters": [
                    {"name": "limit", "in": "query", "schema": {"type": "integer", "maximum": 100}},
                    {
                        "name": "tags",
                        "in": "query",
                        "schema": {"type": "array", "items": {"type": "string"}},
                    },
                    {"name": "X-Trace", "in": "header", "schema": {"type": "string"}},
                ],
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "properties": {
                                        "pets": {
                                            "type": "array",
                                            "items": {"$ref": "#/components/schemas/Pet"},
                                        }
                                    },
                                }
                            }
                        },
                    }
                },
            },
            "post": {
                "operationId": "createPet",
                "summary": "Add a pet",
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {"schema": {"$ref": "#/components/schemas/NewPet"}}
                    },
                },
                "responses": {"201": {"description": "made"}},
            },
        },
        "/pets/{pet_id}": {
            "parameters": [{"$ref": "#/components/parameters/PetId"}],
            "get": {"operationId": "getPet", "responses": {"200": {"description": "a pet"}}},
            "delete": {"operationId": "deletePet", "responses": {"204": {"description": "gone"}}},
        },
        "/broken": {"get": {"operationId": "broken", "responses": {"200": {"description": "x"}}}},
        "/slow": {"get": {"operationId": "slow", "responses": {"200": {"description": "x"}}}},
    },
}


@pytest.fixture(autouse=True)
def _clear() -> None:
    requests.clear()


def tools(**options: Any) -> dict[str, Tool]:
    return {tool.name: tool for tool in from_openapi(DOCUMENT, **options)}


def asgi_client() -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=APP))


def test_every_operation_becomes_a_tool_with_merged_arguments() -> None:
    made = tools()
    assert list(made) == ["listPets", "createPet", "getPet", "deletePet", "broken", "slow"]
    assert made["listPets"].input_schema == {
        "type": "object",
        "properties": {
            "limit": {"type": "integer", "maximum": 100},
            "tags": {"type": "array", "items": {"type": "string"}},
            "X-Trace": {"type": "string"},
        },
    }
    assert made["createPet"].input_schema == {
        "type": "object",
        "properties": {"name": {"type": "string"}, "tag": {"type": "string"}},
        "required": ["name"],
    }
    assert made["getPet"].input_schema["required"] == ["pet_id"]
    assert made["getPet"].input_schema["properties"]["pet_id"]["description"] == "The pet's id."
    output = made["listPets"].output_schema
    assert output is not None
    assert output["properties"]["pets"]["items"] == PET  # the component inlined
    assert made["listPets"].annotations.read_only is True
    assert made["deletePet"].annotations.destructive is True
    assert made["deletePet"].annotations.idempotent is True
    assert made["createPet"].annotations.read_only is False
    assert made["listPets"].tags == {"pets"}
    assert made["listPets"].meta["openapi"] == {
        "method": "GET",
        "path": "/pets",
        "operationId": "listPets",
    }


def test_calls_build_the_request_and_read_the_answer() -> None:
    async def main() -> list[Any]:
        async with asgi_client() as client:
            made = tools(client=client, headers={"Authorization": SECRET})
            listed = await made["listPets"].ainvoke(
                {"limit": 5, "tags": ["a", "b"], "X-Trace": "t1"}
            )
            created = await made["createPet"].ainvoke({"name": "Kit", "tag": "cat"})
            got = await made["getPet"].ainvoke({"pet_id": "1"})
            missing = await made["getPet"].ainvoke({"pet_id": "9"})
            broken = await made["broken"].ainvoke({})
            return [listed, created, got, missing, broken]

    listed, created, got, missing, broken = asyncio.run(main())
    assert listed.structured_content == {"pets": list(PETS.values())}
    assert json.loads(created.text) == {"id": 3, "name": "Kit", "tag": "cat"}
    assert json.loads(got.text)["name"] == "Rex"
    assert missing.is_error
    assert missing.text.startswith("HTTP 404 Not Found")
    assert broken.is_error
    assert "database on fire" in broken.text
    first, second = requests[0], requests[1]
    assert first["query"] == [("limit", "5"), ("tags", "a"), ("tags", "b")]
    assert first["headers"]["x-trace"] == "t1"
    assert first["headers"]["authorization"] == SECRET
    assert (second["method"], second["path"], second["body"]) == (
        "POST",
        "/v1/pets",
        {"name": "Kit", "tag": "cat"},
    )


def test_arguments_are_validated_before_any_request() -> None:
    made = tools()
    with pytest.raises(ArgumentValidationError):
        made["listPets"].invoke({"limit": 1000})
    with pytest.raises(ArgumentValidationError):
        made["createPet"].invoke({"tag": "no name"})
    assert requests == []


def test_a_path_parameter_cannot_change_the_path() -> None:
    async def main() -> None:
        async with asgi_client() as client:
            await tools(client=client)["getPet"].ainvoke({"pet_id": "../../admin?x=1"})

    asyncio.run(main())
    (sent,) = requests
    assert sent["raw_path"] == "/v1/pets/..%2F..%2Fadmin%3Fx%3D1"
    assert sent["query"] == []


def test_the_secret_header_never_shows() -> None:
    made = tools(headers={"Authorization": SECRET})
    shown = [
        repr(made["listPets"]),
        json.dumps(to_mcp(made["listPets"])),
        repr(made["listPets"].invoker),
    ]
    assert not any("sk-test" in text for text in shown)


def test_timeouts_raise_and_connection_failures_are_typed() -> None:
    async def main() -> None:
        async with asgi_client() as client:
            with pytest.raises(ToolTimeoutError):
                await tools(client=client)["slow"].ainvoke({}, timeout=0.2)

    asyncio.run(main())
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    from toolbridge import ToolExecutionError

    with pytest.raises(ToolExecutionError):
        tools(base_url=f"http://127.0.0.1:{closed}/v1")["broken"].invoke({})


@contextlib.contextmanager
def served() -> Iterator[str]:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(APP, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    try:
        while not server.started:
            threading.Event().wait(0.01)
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        server.should_exit = True
        thread.join(10)
        listener.close()


def test_over_a_real_socket_sync_and_async() -> None:
    with served() as url:
        made = tools(base_url=url)
        assert made["getPet"].invoke({"pet_id": "2"}).text == json.dumps(PETS[2])
        result = asyncio.run(made["deletePet"].ainvoke({"pet_id": "2"}))
    assert not result.is_error
    assert [r["method"] for r in requests] == ["GET", "DELETE"]


def test_yaml_and_openapi_30_nullable() -> None:
    yaml_text = """
openapi: 3.0.3
info: {title: t, version: "1"}
servers: [{url: /api}]
paths:
  /things:
    post:
      operationId: makeThing
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                label: {type: string, nullable: true}
      responses: {"200": {description: ok}}
"""
    (made,) = from_openapi(yaml_text, base_url="http://host.test")
    label = made.input_schema["properties"]["label"]
    assert label["type"] == ["string", "null"]
    assert made.validate({"label": None}).ok
    request = made.invoker.build({"label": "x"})  # type: ignore[union-attr]
    assert request["url"] == "http://host.test/api/things"


def test_a_body_that_collides_with_a_parameter_is_nested() -> None:
    document = copy.deepcopy(DOCUMENT)
    clashing = {"type": "object", "properties": {"pet_id": {"type": "string"}}}
    document["paths"]["/pets/{pet_id}"]["put"] = {
        "operationId": "replacePet",
        "requestBody": {"content": {"application/json": {"schema": clashing}}},
        "responses": {"200": {"description": "ok"}},
    }
    made = {tool.name: tool for tool in from_openapi(document)}
    schema = made["replacePet"].input_schema
    assert sorted(schema["properties"]) == ["body", "pet_id"]
    assert schema["properties"]["body"] == clashing
    request = made["replacePet"].invoker.build({"pet_id": "7", "body": {"pet_id": "x"}})  # type: ignore[union-attr]
    assert (request["url"], request["json"]) == ("http://pets.test/v1/pets/7", {"pet_id": "x"})


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        (lambda d: d.update(openapi=None, swagger="2.0"), ("swagger",), "Swagger 2.0"),
        (lambda d: d.update(paths=[]), ("paths",), "paths must be an object"),
        (
            lambda d: d["paths"]["/pets"]["post"]["requestBody"]["content"][
                "application/json"
            ].update(schema={"$ref": "https://evil.test/schema.json"}),
            ("paths", "/pets", "post"),
            "outside the document",
        ),
        (
            lambda d: d["paths"]["/pets/{pet_id}"].update(
                parameters=[{"$ref": "#/components/parameters/Nope"}]
            ),
            ("paths", "/pets/{pet_id}", "parameters", 0, "$ref"),
            "points at nothing",
        ),
        (
            lambda d: d["paths"]["/slow"]["get"].update(operationId="broken"),
            ("paths", "/slow", "get"),
            "distinct operationIds",
        ),
        (lambda d: d.pop("servers"), ("servers",), "base_url"),
    ],
)
def test_malformed_documents_name_the_place(
    change: Any, path: tuple[Any, ...], message: str
) -> None:
    document = copy.deepcopy(DOCUMENT)
    change(document)
    with pytest.raises(ConversionError, match=message) as caught:
        from_openapi(document)
    assert caught.value.path[: len(path)] == path


def test_the_document_is_never_changed() -> None:
    before = json.dumps(DOCUMENT, sort_keys=True)
    from_openapi(DOCUMENT)
    assert json.dumps(DOCUMENT, sort_keys=True) == before


def test_a_registry_adds_a_document_and_remembers_its_secret() -> None:
    registry = Registry()
    registry.add_openapi(DOCUMENT, headers={"Authorization": SECRET}, operations=["listPets"])
    assert [tool.name for tool in registry.list_tools()] == ["listPets"]
    assert SECRET in registry.secrets
