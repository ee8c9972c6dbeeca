"""Every corpus tool, written for every target, passes that target's own offline judge.

The 1,037 tools of ``tests/data/corpus/mcp`` (read per server file with `from_mcp`: names
repeat across servers) and a few tools with awkward names go through every target of
`toolbridge.formats`, with and without strict mode where the target has one. Each
output is judged by what the target itself uses, or by its documented rules:

* MCP: the MCP SDK's ``mcp.types.Tool``; Anthropic, OpenAI, Gemini (JSON), Bedrock:
  the JSON Schema 2020-12 meta-schema for every schema they take as JSON Schema.
* OpenAI: a strict schema is a fixed point of the Agents SDK's
  ``ensure_strict_json_schema``; a non-strict one has ``type: object`` at the root,
  ``properties`` on every object and ``items`` on every array; names and the 1,024
  character description limit.
* Anthropic strict tool use: an independent check of the documented subset
  (closed objects, no numeric or length bounds, no recursion, ...).
* Gemini: python-genai's ``FunctionDeclaration`` (both shapes) and ``Schema``, plus
  the OpenAPI subset's rules (no type lists, string enums, ...).
* Bedrock: botocore's parameter validation of a whole Converse request.

Beside acceptance: nothing changes silently (a changed name, description or schema,
or a field left out, has its report entry), renamed tools map back, and a strict
request gives a strict tool or a ``strict`` report entry saying why not.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any, Final

import botocore.session  # type: ignore[import-untyped, unused-ignore]
import jsonschema_rs
import mcp.types as mt
import pydantic
import pytest
from agents.exceptions import UserError
from agents.strict_schema import ensure_strict_json_schema
from botocore.model import Shape  # type: ignore[import-untyped, unused-ignore]
from botocore.validate import ParamValidator  # type: ignore[import-untyped, unused-ignore]
from google.genai import types as genai
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

from toolbridge import Tool, thaw
from toolbridge.formats import Conversion, Target, convert, from_mcp, received_schema
from toolbridge.schema import LossAction, LossEntry, to_anthropic_strict, to_strict

Case = tuple[Target, bool | None]

CASES: Final[list[Case]] = [
    ("mcp", None),
    ("openai", False),
    ("openai", True),
    ("openai-responses", False),
    ("openai-responses", True),
    ("anthropic", False),
    ("anthropic", True),
    ("gemini", None),
    ("gemini-openapi", None),
    ("bedrock", None),
]


def _case_id(case: Case) -> str:
    return f"{case[0]}-strict" if case[1] else case[0]


def _cases(marks: Mapping[Case, pytest.MarkDecorator] | None = None) -> list[Any]:
    marks = marks or {}
    return [
        pytest.param(case, id=_case_id(case), marks=[marks[case]] if case in marks else [])
        for case in CASES
    ]


CORPUS_TOOLS: Final = 1_037

AWKWARD_NAMES: Final = (
    "search.web",
    "get user",
    "1st_tool",
    "x" * 80,
    "数据",
    "a/b",
    "a_b",
    "ns:tool",
    "-dash",
)
"""Names some target rejects: each is renamed, reported and mapped back."""

CLASSIC_NAME: Final = re.compile(r"[a-zA-Z0-9_-]{1,64}")
"""OpenAI, Anthropic and Bedrock: ``^[a-zA-Z0-9_-]{1,64}$``."""
GEMINI_NAME: Final = re.compile(r"[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}")
"""Gemini: a letter or ``_`` first, then letters, digits, ``_ . : -``; at most 64."""
OPENAI_DESCRIPTION_LIMIT: Final = 1024

META_SCHEMA: Final = jsonschema_rs.Draft202012Validator(Draft202012Validator.META_SCHEMA)
"""The JSON Schema 2020-12 meta-schema, whatever ``$schema`` a schema names."""


# -- the corpus, written once per target ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class Server:
    """One server's tools and their conversion for one target."""

    name: str
    tools: list[Tool]
    conversion: Conversion
    in_corpus: bool = True

    def written(self) -> Iterator[tuple[Tool, Mapping[str, Any]]]:
        yield from zip(self.tools, self.conversion.output, strict=True)

    def sent_strict(self, tool: Tool) -> bool:
        return tool.name in self.conversion.strict


@dataclass(frozen=True, slots=True)
class Written:
    """Every server converted for one case."""

    target: Target
    strict: bool | None
    servers: list[Server]


@dataclass(slots=True)
class Corpus:
    """The corpus per server, and its conversions made on first use."""

    servers: dict[str, list[Tool]]
    awkward: list[Tool]
    done: dict[Case, Written] = field(default_factory=dict)

    def written(self, case: Case) -> Written:
        if case not in self.done:
            target, strict = case
            servers = [
                Server(name, tools, convert(tools, target, strict=strict))
                for name, tools in self.servers.items()
            ]
            awkward = convert(self.awkward, target, strict=strict)
            servers.append(Server("awkward-names", self.awkward, awkward, in_corpus=False))
            self.done[case] = Written(target, strict, servers)
        return self.done[case]


@pytest.fixture(scope="module")
def corpus(data_dir: Path) -> Corpus:
    files = sorted((data_dir / "corpus" / "mcp").glob("*.json"))
    servers = {path.stem: from_mcp(json.loads(path.read_text())) for path in files}
    awkward = [
        Tool(name=name, description="An awkward name.", input_schema={"type": "object"})
        for name in AWKWARD_NAMES
    ]
    return Corpus(servers, awkward)


# -- walking schemas -----------------------------------------------------------------------

_SCHEMA_MAPS: Final = (
    "properties",
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
)
_SCHEMA_LISTS: Final = ("anyOf", "oneOf", "allOf", "prefixItems")
_SCHEMA_VALUES: Final = (
    "items",
    "additionalItems",
    "additionalProperties",
    "unevaluatedItems",
    "unevaluatedProperties",
    "propertyNames",
    "contains",
    "not",
    "if",
    "then",
    "else",
)


def _pointer(path: str, *keys: object) -> str:
    return path + "".join("/" + str(key).replace("~", "~0").replace("/", "~1") for key in keys)


def _schemas(node: Any, path: str = "") -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Every (sub)schema object of a JSON Schema, with its JSON Pointer."""
    if not isinstance(node, Mapping):
        return
    yield path, node
    for key in _SCHEMA_MAPS:
        children = node.get(key)
        if isinstance(children, Mapping):
            for name, child in children.items():
                yield from _schemas(child, _pointer(path, key, name))
    for key in _SCHEMA_LISTS:
        branches = node.get(key)
        if isinstance(branches, list):
            for index, branch in enumerate(branches):
                yield from _schemas(branch, _pointer(path, key, index))
    for key in _SCHEMA_VALUES:
        child = node.get(key)
        if isinstance(child, list):  # draft-07 tuple items
            for index, item in enumerate(child):
                yield from _schemas(item, _pointer(path, key, index))
        else:
            yield from _schemas(child, _pointer(path, key))


def _openapi_schemas(node: Any, path: str = "") -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Every schema object of a Gemini (OpenAPI-subset) ``Schema``."""
    if not isinstance(node, Mapping):
        return
    yield path, node
    for name, child in (node.get("properties") or {}).items():
        yield from _openapi_schemas(child, _pointer(path, "properties", name))
    yield from _openapi_schemas(node.get("items"), _pointer(path, "items"))
    for index, branch in enumerate(node.get("anyOf") or ()):
        yield from _openapi_schemas(branch, _pointer(path, "anyOf", index))


def _types(schema: Mapping[str, Any]) -> set[str]:
    declared = schema.get("type")
    if isinstance(declared, str):
        return {declared}
    return set(declared) if isinstance(declared, list) else set()


def _meta_schema(schema: Any, where: str) -> Iterator[str]:
    for error in META_SCHEMA.iter_errors(schema):
        location = _pointer(where, *error.instance_path)
        yield f"{location}: not valid JSON Schema 2020-12: {error.message}"
        return


def _rejected(error: Exception) -> str:
    return " ".join(str(error).split())[:400]


# -- the judges ----------------------------------------------------------------------------

Judge = Callable[[Server], Iterator[str]]


def _judge_mcp(server: Server) -> Iterator[str]:
    for _, wire in server.written():
        name = wire["name"]
        try:
            mt.Tool.model_validate(wire)
        except pydantic.ValidationError as error:
            yield f"{name}: mcp.types.Tool rejects it: {_rejected(error)}"
        if wire["inputSchema"].get("type") != "object":
            yield f"{name}: inputSchema is not of type object"
        yield from (f"{name}: {p}" for p in _meta_schema(wire["inputSchema"], "/inputSchema"))
        if wire.get("outputSchema") is not None:
            yield from (f"{name}: {p}" for p in _meta_schema(wire["outputSchema"], "/outputSchema"))


def _openai_completeness(parameters: Mapping[str, Any]) -> Iterator[str]:
    """OpenAI's rules for non-strict function parameters."""
    if parameters.get("type") != "object":
        yield "parameters: the root is not of type object"
    for path, schema in _schemas(parameters):
        types = _types(schema)
        if "object" in types and "properties" not in schema:
            yield f"parameters{path}: an object schema without properties"
        if "array" in types and "items" not in schema:
            yield f"parameters{path}: an array schema without items"


def _judge_openai(target: Target) -> Judge:
    def judge(server: Server) -> Iterator[str]:
        for tool, wire in server.written():
            function = wire["function"] if target == "openai" else wire
            name, parameters = function["name"], function["parameters"]
            problems: list[str] = []
            if wire["type"] != "function":
                problems.append(f"type is {wire['type']!r}")
            if not CLASSIC_NAME.fullmatch(name):
                problems.append("the name breaks ^[a-zA-Z0-9_-]{1,64}$")
            if len(function["description"]) > OPENAI_DESCRIPTION_LIMIT:
                problems.append(f"description of {len(function['description'])} characters")
            if function["strict"] is not server.sent_strict(tool):
                problems.append(f"strict is {function['strict']!r}, Conversion.strict disagrees")
            if server.sent_strict(tool):
                try:
                    made = ensure_strict_json_schema(thaw(parameters))
                except (UserError, TypeError) as error:
                    problems.append(f"the Agents SDK rejects the strict schema: {error}")
                else:
                    if made != parameters:
                        problems.append(f"the Agents SDK changes the strict schema to {made}")
            else:
                problems.extend(_openai_completeness(parameters))
            problems.extend(_meta_schema(parameters, "/parameters"))
            yield from (f"{name}: {problem}" for problem in problems)

    return judge


_ANTHROPIC_STRICT_UNSUPPORTED: Final = frozenset(
    {
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "minLength",
        "maxLength",
        "maxItems",
        "uniqueItems",
        "minProperties",
        "maxProperties",
        "patternProperties",
        "propertyNames",
        "dependentSchemas",
        "dependentRequired",
        "unevaluatedProperties",
        "unevaluatedItems",
        "prefixItems",
        "contains",
        "minContains",
        "maxContains",
        "oneOf",
        "not",
        "if",
        "then",
        "else",
    }
)
"""Keywords Anthropic's strict tool use does not take (numeric, string and array bounds,
and everything its documented subset leaves out)."""
_ANTHROPIC_FORMATS: Final = frozenset(
    {"date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"}
)
_REGEX_UNSUPPORTED: Final = re.compile(r"\\[1-9bBk]|\(\?<?[=!]")
"""Backreferences, word boundaries and lookaround: outside the supported regex subset."""


def _ref_target(root: Mapping[str, Any], ref: str) -> Any:
    node: Any = root
    for part in ref.removeprefix("#").split("/")[1:]:
        key = part.replace("~1", "/").replace("~0", "~")
        node = node[int(key)] if isinstance(node, list) else node.get(key)
    return node


def _recursive_refs(root: Mapping[str, Any]) -> Iterator[str]:
    """Each ``$ref`` from which the schema reaches that ``$ref`` again."""

    def reaches(ref: str, seen: frozenset[str]) -> bool:
        target = _ref_target(root, ref)
        for _, schema in _schemas(target):
            inner = schema.get("$ref")
            if isinstance(inner, str) and (inner in seen or reaches(inner, seen | {inner})):
                return True
        return False

    for path, schema in _schemas(root):
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith("#") and reaches(ref, frozenset({ref})):
            yield f"{path}: $ref {ref} is recursive"


def _anthropic_strict(schema: Mapping[str, Any]) -> Iterator[str]:
    """Anthropic's documented subset for strict tool use (structured outputs)."""
    for path, node in _schemas(schema):
        where = f"input_schema{path}"
        if ("object" in _types(node) or "properties" in node) and node.get(
            "additionalProperties"
        ) is not False:
            yield f"{where}: an object without additionalProperties: false"
        for keyword in sorted(_ANTHROPIC_STRICT_UNSUPPORTED & node.keys()):
            yield f"{where}: {keyword} is not supported in strict mode"
        if node.get("minItems", 0) not in (0, 1):
            yield f"{where}: minItems {node['minItems']} (only 0 and 1 are supported)"
        if "format" in node and node["format"] not in _ANTHROPIC_FORMATS:
            yield f"{where}: format {node['format']!r} is not supported"
        if any(isinstance(value, (dict, list)) for value in node.get("enum") or ()):
            yield f"{where}: an enum with a complex value"
        ref = node.get("$ref")
        if isinstance(ref, str) and not ref.startswith("#"):
            yield f"{where}: external $ref {ref}"
        if any(isinstance(part, Mapping) and "$ref" in part for part in node.get("allOf") or ()):
            yield f"{where}: allOf with $ref"
        pattern = node.get("pattern")
        if isinstance(pattern, str) and _REGEX_UNSUPPORTED.search(pattern):
            yield f"{where}: pattern {pattern!r} uses an unsupported regex feature"
    yield from (f"input_schema{problem}" for problem in _recursive_refs(schema))


def _judge_anthropic(server: Server) -> Iterator[str]:
    for tool, wire in server.written():
        name, schema = wire["name"], wire["input_schema"]
        problems: list[str] = []
        if not CLASSIC_NAME.fullmatch(name):
            problems.append("the name breaks ^[a-zA-Z0-9_-]{1,64}$")
        if schema.get("type") != "object":
            problems.append("input_schema is not of type object")
        if wire.get("strict", False) is not server.sent_strict(tool):
            problems.append(f"strict is {wire.get('strict')!r}, Conversion.strict disagrees")
        if server.sent_strict(tool):
            problems.extend(_anthropic_strict(schema))
        problems.extend(_meta_schema(schema, "/input_schema"))
        yield from (f"{name}: {problem}" for problem in problems)


def _declaration(wire: Mapping[str, Any]) -> Iterator[str]:
    if not GEMINI_NAME.fullmatch(wire["name"]):
        yield "the name breaks Gemini's rule"
    try:
        genai.FunctionDeclaration.model_validate(wire)
    except (ValueError, AttributeError) as error:  # a type list fails before validation
        yield f"FunctionDeclaration rejects it: {_rejected(error)}"


GEMINI_KEYWORDS: Final = frozenset(
    {"$id", "$defs", "$ref", "$anchor", "type", "format", "title", "description", "enum"}
    | {"items", "prefixItems", "minItems", "maxItems", "minimum", "maximum", "anyOf"}
    | {"oneOf", "properties", "additionalProperties", "required", "propertyOrdering"}
)
"""The keywords Google documents for ``parametersJsonSchema``; Gemini refuses others
(a root ``$schema`` first: QwenLM/qwen-code#1186, GetStream/Vision-Agents#513)."""


def _gemini_keywords(schema: Any, where: str) -> Iterator[str]:
    for path, node in _schemas(schema):
        for keyword in sorted(node.keys() - GEMINI_KEYWORDS):
            yield f"{where}{path}: {keyword} is not a keyword Gemini takes"


def _judge_gemini(server: Server) -> Iterator[str]:
    for _, wire in server.written():
        problems = list(_declaration(wire))
        for key in ("parametersJsonSchema", "responseJsonSchema"):
            if key in wire:
                problems.extend(_meta_schema(wire[key], f"/{key}"))
                problems.extend(_gemini_keywords(wire[key], f"/{key}"))
        yield from (f"{wire['name']}: {problem}" for problem in problems)


_NOT_IN_GEMINI: Final = frozenset(
    {"additionalProperties", "$ref", "$defs", "propertyNames", "exclusiveMinimum", "const"}
)


def _openapi_subset(schema: Mapping[str, Any], where: str) -> Iterator[str]:
    """Rules of Gemini's ``Schema`` the pydantic model does not check itself."""
    try:
        genai.Schema.model_validate(schema)
    except (ValueError, AttributeError) as error:  # a type list fails before validation
        yield f"{where}: Schema rejects it: {_rejected(error)}"
    for path, node in _openapi_schemas(schema):
        if not isinstance(node.get("type", ""), str):
            yield f"{where}{path}: a type list"
        for keyword in sorted(_NOT_IN_GEMINI & node.keys()):
            yield f"{where}{path}: {keyword}"
        if not all(isinstance(value, str) for value in node.get("enum") or ()):
            yield f"{where}{path}: an enum value that is not a string"
        if node.get("type") == "OBJECT" and not node.get("properties"):
            yield f"{where}{path}: an OBJECT without properties"


def _judge_gemini_openapi(server: Server) -> Iterator[str]:
    for _, wire in server.written():
        problems = list(_declaration(wire))
        if "parameters" in wire:
            if wire["parameters"].get("type") != "OBJECT":
                problems.append("parameters is not an OBJECT")
            problems.extend(_openapi_subset(wire["parameters"], "parameters"))
        if "response" in wire:
            problems.extend(_openapi_subset(wire["response"], "response"))
        yield from (f"{wire['name']}: {problem}" for problem in problems)


@cache
def _converse_input() -> Shape:
    model = botocore.session.get_session().get_service_model("bedrock-runtime")
    shape: Shape = model.operation_model("Converse").input_shape
    return shape


def _judge_bedrock(server: Server) -> Iterator[str]:
    request = {
        "modelId": "m",
        "messages": [{"role": "user", "content": [{"text": "hi"}]}],
        "toolConfig": {"tools": server.conversion.output},
    }
    report = ParamValidator().validate(request, _converse_input())
    if report.has_errors():
        yield f"botocore rejects the Converse request: {report.generate_report()}"
    for _, wire in server.written():
        spec = wire["toolSpec"]
        if not CLASSIC_NAME.fullmatch(spec["name"]):
            yield f"{spec['name']}: the name breaks [a-zA-Z0-9_-]{{1,64}}"
        schema = spec.get("inputSchema", {}).get("json", {})
        yield from (f"{spec['name']}: {p}" for p in _meta_schema(schema, "/inputSchema/json"))


JUDGES: Final[Mapping[Target, Judge]] = {
    "mcp": _judge_mcp,
    "openai": _judge_openai("openai"),
    "openai-responses": _judge_openai("openai-responses"),
    "anthropic": _judge_anthropic,
    "gemini": _judge_gemini,
    "gemini-openapi": _judge_gemini_openapi,
    "bedrock": _judge_bedrock,
}


@pytest.mark.parametrize("case", _cases())
def test_the_target_accepts_every_tool(corpus: Corpus, case: Case) -> None:
    written = corpus.written(case)
    judge = JUDGES[written.target]
    problems = [f"{server.name}/{p}" for server in written.servers for p in judge(server)]
    assert not problems, "\n".join(problems[:40])


# -- the judges have teeth -----------------------------------------------------------------

_BROKEN: Final[Mapping[Case, Callable[[dict[str, Any]], None]]] = {
    ("mcp", None): lambda wire: wire["inputSchema"].update(type=5),
    ("openai", False): lambda wire: wire["function"]["parameters"].update(type="array"),
    ("openai", True): lambda wire: wire["function"]["parameters"].pop("additionalProperties"),
    ("openai-responses", False): lambda wire: wire["parameters"]["properties"].update(
        tags={"type": "array"}
    ),
    ("openai-responses", True): lambda wire: wire["parameters"].update(required=[]),
    ("anthropic", False): lambda wire: wire.update(name="search.web"),
    ("anthropic", True): lambda wire: wire["input_schema"]["properties"]["q"].update(maxLength=9),
    ("gemini", None): lambda wire: wire.update(strict=True),
    ("gemini-openapi", None): lambda wire: wire["parameters"]["properties"]["q"].update(
        type=["STRING", "NULL"]
    ),
    ("bedrock", None): lambda wire: wire["toolSpec"].pop("inputSchema"),
}


@pytest.mark.parametrize("case", _cases())
def test_each_judge_rejects_a_broken_tool(case: Case) -> None:
    tool = Tool(
        name="search",
        description="Search.",
        input_schema={
            "type": "object",
            "properties": {"q": {"type": "string"}},
            "required": ["q"],
        },
    )
    conversion = convert([tool], case[0], strict=case[1])
    server = Server("broken", [tool], conversion)
    assert list(JUDGES[case[0]](server)) == []
    wire = thaw(conversion.output[0])
    _BROKEN[case](wire)
    broken = Server("broken", [tool], replace(conversion, output=[wire]))
    assert list(JUDGES[case[0]](broken))


@pytest.mark.parametrize(
    "break_it",
    [
        pytest.param(
            lambda schema: schema.update(
                {"$schema": "https://json-schema.org/draft/2020-12/schema"}
            ),
            id="root-schema",
        ),
        pytest.param(lambda schema: schema["properties"]["q"].update(pattern="^a"), id="pattern"),
        pytest.param(lambda schema: schema["properties"]["q"].update(default="a"), id="default"),
    ],
)
def test_the_gemini_judge_rejects_a_keyword_outside_the_list(
    break_it: Callable[[dict[str, Any]], None],
) -> None:
    tool = Tool(name="search", input_schema={"type": "object", "properties": {"q": {}}})
    conversion = convert([tool], "gemini")
    wire = thaw(conversion.output[0])
    break_it(wire["parametersJsonSchema"])
    broken = Server("broken", [tool], replace(conversion, output=[wire]))
    assert [problem for problem in _judge_gemini(broken) if "not a keyword Gemini" in problem]


_CLOSED: Final = {"type": "object", "additionalProperties": False}


@pytest.mark.parametrize(
    ("schema", "problem"),
    [
        pytest.param({"type": "object"}, "without additionalProperties: false", id="open"),
        pytest.param(
            {**_CLOSED, "properties": {"n": {"type": "integer", "minimum": 1}}},
            "minimum is not supported",
            id="bound",
        ),
        pytest.param(
            {**_CLOSED, "properties": {"a": {"type": "array", "minItems": 2}}},
            "minItems 2",
            id="min-items",
        ),
        pytest.param(
            {**_CLOSED, "properties": {"s": {"type": "string", "pattern": "^(?!x)"}}},
            "unsupported regex feature",
            id="lookahead",
        ),
        pytest.param(
            {**_CLOSED, "properties": {"s": {"type": "string", "format": "regex"}}},
            "format 'regex'",
            id="format",
        ),
        pytest.param(
            {**_CLOSED, "properties": {"e": {"enum": [{"a": 1}]}}},
            "complex value",
            id="enum",
        ),
        pytest.param(
            {**_CLOSED, "properties": {"r": {"$ref": "https://example.com/s.json"}}},
            "external $ref",
            id="external-ref",
        ),
        pytest.param(
            {
                **_CLOSED,
                "properties": {"node": {"$ref": "#/$defs/node"}},
                "$defs": {
                    "node": {
                        **_CLOSED,
                        "properties": {"next": {"$ref": "#/$defs/node"}},
                    }
                },
            },
            "is recursive",
            id="recursive",
        ),
    ],
)
def test_the_anthropic_strict_check_finds_what_strict_mode_refuses(
    schema: dict[str, Any], problem: str
) -> None:
    found = list(_anthropic_strict(schema))
    assert any(problem in line for line in found), found
    assert list(_anthropic_strict(_CLOSED | {"properties": {}})) == []


# -- strict: strict, or said why not -------------------------------------------------------


@pytest.mark.parametrize("case", _cases())
def test_strict_is_granted_or_reported(corpus: Corpus, case: Case) -> None:
    written = corpus.written(case)
    corpus_servers = [server for server in written.servers if server.in_corpus]
    assert sum(len(server.tools) for server in corpus_servers) == CORPUS_TOOLS
    sent = sum(len(server.conversion.strict) for server in corpus_servers)
    assert sent > 0 if written.strict else sent == 0
    unexplained = []
    for server in written.servers:
        declined = {e.tool for e in server.conversion.report if e.keyword == "strict"}
        for tool in server.tools:
            if written.strict and not server.sent_strict(tool) and tool.name not in declined:
                unexplained.append(f"{server.name}/{tool.name}")
            if server.sent_strict(tool) and tool.name in declined:
                unexplained.append(f"{server.name}/{tool.name}: strict, yet declined")
    assert not unexplained


_OPEN: Final = {"additionalProperties": {"type": "string"}}
_ANY_VALUE: Final = frozenset({"type", "anyOf", "oneOf", "allOf", "enum", "const", "$ref"})
"""A schema object with none of these accepts a value of any type (strict mode refuses it)."""


def _refused_strict(target: Target, schema: Mapping[str, Any]) -> bool:
    """True when the target's strict mode cannot take `schema`, judged apart from toolbridge.

    OpenAI: the Agents SDK's checker raises on it or has to change it; Anthropic: its
    documented subset is broken. Either way, a node that accepts any value is refused.
    """
    if any(_ANY_VALUE.isdisjoint(node) for _, node in _schemas(schema)):
        return True
    if target == "anthropic":
        return any(True for _ in _anthropic_strict(schema))
    try:
        return ensure_strict_json_schema(thaw(schema)) != schema
    except (UserError, TypeError):
        return True


@pytest.mark.parametrize("case", [case for case in CASES if case[1]], ids=_case_id)
def test_strict_is_declined_only_where_the_provider_refuses_it(corpus: Corpus, case: Case) -> None:
    # The rewrite a declined tool would have sent: the provider's own checker (or its
    # documented subset) must refuse it, else strict mode was given up for nothing.
    written = corpus.written(case)
    rewrite = to_anthropic_strict if written.target == "anthropic" else to_strict
    declined = [
        (server.name, tool)
        for server in written.servers
        for tool in server.tools
        if not server.sent_strict(tool)
    ]
    assert declined, "no tool falls back: the corpus no longer tests this"
    accepted = [
        f"{server}/{tool.name}"
        for server, tool in declined
        if not _refused_strict(written.target, rewrite(tool.input_schema).schema)
    ]
    assert accepted == []


@pytest.mark.parametrize("target", ["openai", "anthropic"])
def test_the_refusal_judge_takes_what_strict_mode_can_say(target: Target) -> None:
    # Guards the guard: a schema strict mode can say is taken, an open map is not.
    rewrite = to_anthropic_strict if target == "anthropic" else to_strict
    closed = {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}
    assert not _refused_strict(target, rewrite(closed).schema)
    open_map = {"type": "object", "properties": {"m": {"type": "object", **_OPEN}}}
    assert _refused_strict(target, rewrite(open_map).schema)


# -- nothing changes silently --------------------------------------------------------------

_TOOL_FIELDS: Final = frozenset({"name", "description", "title", "output_schema", "annotations"})


def _about(entry: LossEntry) -> str:
    """The part of the tool an entry is about: a tool field, or ``input_schema``."""
    if entry.path[:1] == ("output_schema",):
        return "output_schema"
    if entry.keyword in _TOOL_FIELDS and entry.path == (entry.keyword,):
        return entry.keyword
    return "input_schema"


def _fields(wire: Mapping[str, Any], target: Target) -> Mapping[str, Any]:
    """The object holding the tool's name and description."""
    fields: Mapping[str, Any] = wire
    if target == "openai":
        fields = wire["function"]
    elif target == "bedrock":
        fields = wire["toolSpec"]
    return fields


_OUTPUT_KEY: Final[Mapping[Target, str]] = {
    "mcp": "outputSchema",
    "gemini": "responseJsonSchema",
    "gemini-openapi": "response",
}


def _from_openapi(node: Any) -> Any:
    """A Gemini ``Schema`` read as the JSON Schema it means (types lower-case,
    ``nullable`` as ``"null"`` in the type list, an empty ``required`` left out)."""
    if not isinstance(node, Mapping):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "type":
            out[key] = [value.lower(), "null"] if node.get("nullable") is True else value.lower()
        elif key == "properties":
            out[key] = {name: _from_openapi(child) for name, child in value.items()}
        elif key == "items":
            out[key] = _from_openapi(value)
        elif key == "anyOf":
            out[key] = [_from_openapi(branch) for branch in value]
        elif key != "nullable" and not (key == "required" and value == []):
            out[key] = value
    return out


def _nulls_as_types(node: Any) -> Any:
    """A JSON Schema with ``anyOf: [X, {"type": "null"}]`` written as X with ``"null"``
    in its type list, and an empty ``required`` left out: the same meaning."""
    if not isinstance(node, Mapping):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "properties":
            out[key] = {name: _nulls_as_types(child) for name, child in value.items()}
        elif key == "items":
            out[key] = _nulls_as_types(value)
        elif key == "anyOf":
            out[key] = [_nulls_as_types(branch) for branch in value]
        elif not (key == "required" and value == []):
            out[key] = value
    branches = out.get("anyOf")
    if isinstance(branches, list) and len(branches) == 2 and {"type": "null"} in branches:
        (other,) = [branch for branch in branches if branch != {"type": "null"}]
        if isinstance(other.get("type"), str) and not other.keys() & out.keys():
            del out["anyOf"]
            out.update(other, type=[other["type"], "null"])
    if isinstance(out.get("type"), list):
        out["type"] = sorted(out["type"])
    return out


def _without_empty_required(node: Any) -> Any:
    """The schema with every ``required: []`` left out (it requires nothing)."""
    if isinstance(node, Mapping):
        return {
            key: _without_empty_required(value)
            for key, value in node.items()
            if not (key == "required" and value == [])
        }
    if isinstance(node, list):
        return [_without_empty_required(item) for item in node]
    return node


def _same(received: Any, source: Any, target: Target) -> bool:
    if target == "gemini-openapi":
        return received is not None and _nulls_as_types(_from_openapi(received)) == (
            _nulls_as_types(source)
        )
    return bool(_without_empty_required(received) == _without_empty_required(source))


def _silent(tool: Tool, wire: Mapping[str, Any], conversion: Conversion) -> Iterator[str]:
    """What the target receives changed, or does not receive, with no entry saying so."""
    target = conversion.target
    said = {_about(entry) for entry in conversion.report if entry.tool == tool.name}
    fields = _fields(wire, target)
    if fields["name"] != tool.name and "name" not in said:
        yield f"renamed to {fields['name']!r}"
    if (fields.get("description") or "") != tool.description and "description" not in said:
        yield "description changed"
    schema = received_schema(wire, target)
    if not _same(schema, tool.input_schema, target) and "input_schema" not in said:
        yield "input schema changed"
    if tool.output_schema is not None and "output_schema" not in said:
        received = wire.get(_OUTPUT_KEY.get(target, ""))
        if received is None:
            yield "output schema left out"
        elif not _same(received, tool.output_schema, target):
            yield "output schema changed"
    if target != "mcp":
        if tool.title is not None and "title" not in said:
            yield "title left out"
        if tool.annotations.to_dict() and "annotations" not in said:
            yield "annotations left out"


KNOWN_SILENT: Final[Mapping[Case, frozenset[str]]] = {}
"""Tools changed silently by a known bug, listed so that every other tool stays checked."""


@pytest.mark.parametrize(
    "case",
    _cases({}),
)
def test_nothing_changes_silently(corpus: Corpus, case: Case) -> None:
    written = corpus.written(case)
    silent: dict[str, list[str]] = {}
    for server in written.servers:
        for tool, wire in server.written():
            changes = list(_silent(tool, wire, server.conversion))
            if changes:
                silent[f"{server.name}/{tool.name}"] = changes
    known = KNOWN_SILENT.get(case, frozenset())
    unknown = [f"{name}: {', '.join(silent[name])}" for name in silent if name not in known]
    assert not unknown, "\n".join(unknown[:40])
    assert known <= silent.keys(), f"fixed, take out of KNOWN_SILENT: {known - silent.keys()}"


def test_gemini_openapi_reports_a_nullable_branch_description_it_joins() -> None:
    inner = {"type": "string", "description": "inner"}
    nullable = {"description": "outer", "anyOf": [inner, {"type": "null"}]}
    tool = Tool(name="t", input_schema={"type": "object", "properties": {"p": nullable}})
    conversion = convert(tool, "gemini-openapi")
    assert conversion.output["parameters"]["properties"]["p"] == {
        "type": "STRING",
        "nullable": True,
        "description": "outer\ninner",
    }
    assert [(entry.path, entry.action) for entry in conversion.report] == [
        (("properties", "p", "anyOf", 0, "description"), LossAction.REWRITTEN)
    ]


@pytest.mark.parametrize(
    ("target", "closed"),
    [
        pytest.param(
            "openai",
            {"type": ["string", "null"]},
            id="openai",
        ),
        pytest.param(
            "openai-responses",
            {"type": ["string", "null"]},
            id="openai-responses",
        ),
        pytest.param(
            "anthropic",
            {"type": "string"},
            id="anthropic",
        ),
    ],
)
def test_strict_mode_reports_the_objects_it_closes(
    target: Target, closed: Mapping[str, Any]
) -> None:
    tool = Tool(name="t", input_schema={"type": "object", "properties": {"a": {"type": "string"}}})
    conversion = convert(tool, target, strict=True)
    assert conversion.strict == {"t"}
    received = received_schema(conversion.output, target)
    assert received["properties"] == {"a": closed}
    assert received["additionalProperties"] is False
    assert conversion.report


@pytest.mark.parametrize("case", _cases())
def test_renamed_tools_are_reported_and_map_back(corpus: Corpus, case: Case) -> None:
    written = corpus.written(case)
    renamed = 0
    for server in written.servers:
        names = server.conversion.names
        entries = {e.tool for e in server.conversion.report if e.action is LossAction.RENAMED}
        exposed = [_fields(wire, written.target)["name"] for _, wire in server.written()]
        assert len(set(exposed)) == len(exposed)
        for tool, shown in zip(server.tools, exposed, strict=True):
            assert names.original(shown) == tool.name
            assert names.exposed(tool.name) == shown
            assert (shown != tool.name) == (tool.name in entries)
            renamed += shown != tool.name
    assert renamed == (0 if written.target == "mcp" else 6)
