"""Argument validation: results, issue kinds and paths, defaults, caching, references."""

from __future__ import annotations

import copy
import datetime
import enum
import http.server
import json
import types
from collections import OrderedDict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from toolbridge import (
    Invalid,
    IssueKind,
    RemoteReferenceError,
    SchemaError,
    Tool,
    Valid,
    ValidationIssue,
    Validator,
)

from ..loopback import http_server

ORDER: dict[str, Any] = {
    "type": "object",
    "properties": {
        "customer": {"$ref": "#/$defs/customer"},
        "lines": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "properties": {
                    "sku": {"type": "string", "pattern": "^[A-Z]{3}-[0-9]+$"},
                    "quantity": {"type": "integer", "minimum": 1, "default": 1},
                    "gift": {"type": "boolean", "default": False},
                    "tags": {"type": "array", "items": {"enum": ["fragile", "cold"]}},
                },
                "required": ["sku"],
                "additionalProperties": False,
            },
        },
        "delivery": {
            "type": "object",
            "properties": {
                "speed": {"enum": ["standard", "express"], "default": "standard"},
                "window": {"$ref": "#/$defs/window"},
            },
            "default": {},
        },
        "currency": {"const": "EUR", "default": "EUR"},
        "note": {"type": "string", "maxLength": 20},
    },
    "required": ["customer", "lines"],
    "additionalProperties": False,
    "$defs": {
        "customer": {
            "type": "object",
            "properties": {
                "name": {"type": "string", "minLength": 1},
                "loyalty": {"type": "integer", "default": 0},
            },
            "required": ["name"],
        },
        "window": {
            "type": "object",
            "properties": {"from": {"type": "string"}, "hours": {"type": "integer", "default": 2}},
            "required": ["from"],
        },
    },
}

ORDER_TOOL = Tool(name="order", description="Place an order.", input_schema=ORDER)


def issues_of(result: Any) -> list[tuple[tuple[str | int, ...], str]]:
    assert isinstance(result, Invalid), result
    return [(issue.path, issue.kind.value) for issue in result.issues]


def valid_value(result: Any) -> Any:
    assert isinstance(result, Valid), result
    return result.value


# -- results ------------------------------------------------------------------------------


def test_valid_arguments_come_back_normalised_with_nested_defaults() -> None:
    arguments = {
        "customer": {"name": "Ada"},
        "lines": [{"sku": "ABC-1"}, {"sku": "XYZ-2", "quantity": 3, "gift": True}],
        "delivery": {"window": {"from": "09:00"}},
    }
    checked = ORDER_TOOL.validate(arguments)
    assert checked.ok
    assert valid_value(checked) == {
        "customer": {"name": "Ada", "loyalty": 0},
        "lines": [
            {"sku": "ABC-1", "quantity": 1, "gift": False},
            {"sku": "XYZ-2", "quantity": 3, "gift": True},
        ],
        "delivery": {"speed": "standard", "window": {"from": "09:00", "hours": 2}},
        "currency": "EUR",
    }
    assert checked.issues == ()
    assert isinstance(checked, Valid)
    assert checked.arguments == checked.value


def test_an_object_default_is_filled_in_and_gets_its_own_defaults() -> None:
    checked = ORDER_TOOL.validate({"customer": {"name": "Ada"}, "lines": [{"sku": "ABC-1"}]})
    assert valid_value(checked)["delivery"] == {"speed": "standard"}


def test_nested_arrays_of_objects_report_every_issue_with_kind_and_path() -> None:
    checked = ORDER_TOOL.validate(
        {
            "customer": {"name": ""},
            "lines": [
                {"sku": "abc", "quantity": 0},
                {"quantity": "two", "colour": "red"},
                {"sku": "ABC-1", "tags": ["fragile", "hot"]},
            ],
            "delivery": {"speed": "slow", "window": {}},
            "currency": "USD",
            "note": "x" * 30,
            "coupon": "FREE",
        }
    )
    assert not checked.ok
    assert sorted(issues_of(checked), key=repr) == sorted(
        [
            (("coupon",), "additional_property"),
            (("customer", "name"), "constraint"),
            (("lines", 0, "sku"), "constraint"),
            (("lines", 0, "quantity"), "constraint"),
            (("lines", 1, "sku"), "required"),
            (("lines", 1, "quantity"), "type"),
            (("lines", 1, "colour"), "additional_property"),
            (("lines", 2, "tags", 1), "enum"),
            (("delivery", "speed"), "enum"),
            (("delivery", "window", "from"), "required"),
            (("currency",), "const"),
            (("note",), "constraint"),
        ],
        key=repr,
    )


def test_messages_are_written_for_a_model_to_fix_the_value() -> None:
    checked = ORDER_TOOL.validate(
        {
            "customer": {"name": "Ada"},
            "lines": [{"sku": "abc", "quantity": "2", "colour": "red"}],
            "delivery": {"speed": "slow"},
            "currency": "USD",
        }
    )
    messages = {issue.path: issue.message for issue in checked.issues}
    assert messages[("lines", 0, "sku")] == 'must match the pattern "^[A-Z]{3}-[0-9]+$", got "abc"'
    assert messages[("lines", 0, "quantity")] == "expected integer, got string"
    assert messages[("lines", 0, "colour")] == (
        'is not an allowed property; allowed: "sku", "quantity", "gift", "tags"'
    )
    assert messages[("delivery", "speed")] == 'must be one of "standard", "express", got "slow"'
    assert messages[("currency",)] == 'must be exactly "EUR", got "USD"'
    assert str(checked).startswith("lines[0].sku: must match the pattern")
    assert str(checked.issues[0]) == f"lines[0].sku: {messages[('lines', 0, 'sku')]}"


def test_a_missing_property_path_ends_with_its_name() -> None:
    checked = ORDER_TOOL.validate({"lines": [{}]})
    assert issues_of(checked) == [(("customer",), "required"), (("lines", 0, "sku"), "required")]
    assert checked.issues[0].message == "required property is missing"
    assert checked.issues[0].schema_path == ("required",)
    assert str(checked.issues[0]) == "customer: required property is missing"


@pytest.mark.parametrize(
    ("schema", "value", "expected"),
    [
        ({"type": "integer"}, "1", [((), "type")]),
        ({"enum": [1, 2]}, 3, [((), "enum")]),
        ({"const": "a"}, "b", [((), "const")]),
        ({"minimum": 2}, 1, [((), "constraint")]),
        ({"exclusiveMaximum": 2}, 2, [((), "constraint")]),
        ({"multipleOf": 3}, 4, [((), "constraint")]),
        ({"minLength": 2}, "a", [((), "constraint")]),
        ({"pattern": "^a"}, "b", [((), "constraint")]),
        ({"maxItems": 1}, [1, 2], [((), "constraint")]),
        ({"uniqueItems": True}, [1, 1], [((), "constraint")]),
        ({"contains": {"const": 1}}, [2], [((), "constraint")]),
        ({"minProperties": 1}, {}, [((), "constraint")]),
        ({"required": ["a"]}, {}, [(("a",), "required")]),
        ({"dependentRequired": {"a": ["b"]}}, {"a": 1}, [(("b",), "required")]),
        ({"additionalProperties": False}, {"x": 1}, [(("x",), "additional_property")]),
        ({"properties": {"x": False}}, {"x": 1}, [(("x",), "additional_property")]),
        ({"unevaluatedProperties": False}, {"x": 1}, [(("x",), "additional_property")]),
        ({"propertyNames": {"maxLength": 1}}, {"ab": 1}, [(("ab",), "additional_property")]),
        ({"prefixItems": [{}], "items": False}, [1, 2], [((1,), "constraint")]),
        ({"unevaluatedItems": False}, [1], [((), "constraint")]),
        ({"anyOf": [{"type": "string"}, {"type": "null"}]}, 1, [((), "composition")]),
        ({"oneOf": [{"type": "string"}, {"type": "null"}]}, 1, [((), "composition")]),
        ({"oneOf": [{}, {"type": "integer"}]}, 1, [((), "composition")]),
        ({"not": {"type": "integer"}}, 1, [((), "composition")]),
        ({"if": {"const": 1}, "then": {"const": 2}}, 1, [((), "const")]),
        ({"format": "email"}, "not an email", []),  # an annotation unless asked for
    ],
    ids=lambda value: json.dumps(value)[:40] if isinstance(value, dict) else None,
)
def test_every_keyword_maps_to_a_kind_and_path(
    schema: dict[str, Any], value: Any, expected: list[Any]
) -> None:
    checked = Validator(schema).validate(value)
    if not expected:
        assert checked.ok
        return
    assert issues_of(checked) == expected
    assert all(issue.message for issue in checked.issues)


def test_formats_are_checked_when_asked() -> None:
    validator = Validator({"format": "email"}, validate_formats=True)
    checked = validator.validate("not an email")
    assert issues_of(checked) == [((), "format")]
    assert checked.issues[0].message == 'must be a valid email, got "not an email"'
    assert validator.validate("ada@example.com").ok


def test_composition_messages_say_why_each_shape_failed() -> None:
    validator = Validator(
        {
            "type": "object",
            "properties": {
                "target": {
                    "anyOf": [
                        {"type": "string"},
                        {"type": "object", "required": ["id"]},
                    ]
                }
            },
        }
    )
    checked = validator.validate({"target": {"name": "x"}})
    assert issues_of(checked) == [(("target",), "composition")]
    assert checked.issues[0].message == (
        "matches none of the allowed shapes: (1) expected string, got object "
        '(2) missing required property "id"'
    )
    both = Validator({"oneOf": [{"type": "integer"}, {"minimum": 0}]}).validate(1)
    assert "more than one" in both.issues[0].message


def test_is_valid_and_iter_issues() -> None:
    validator = Validator({"type": "object", "required": ["a"]})
    assert validator.is_valid({"a": 1})
    assert not validator.is_valid({})
    assert list(validator.iter_issues({"a": 1})) == []
    assert [issue.kind for issue in validator.iter_issues({})] == [IssueKind.REQUIRED]


def test_results_are_immutable_values() -> None:
    checked = Validator({"type": "integer"}).validate(1)
    assert checked == Valid(1)
    with pytest.raises(AttributeError):
        checked.value = 2  # type: ignore[misc]
    issue = ValidationIssue(("a",), IssueKind.TYPE, "expected integer, got string")
    assert Invalid((issue,)) == Invalid((issue,))
    assert hash(issue) == hash(ValidationIssue(("a",), IssueKind.TYPE, issue.message))


# -- defaults -------------------------------------------------------------------------------

DEFAULTS: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": {
        "options": {
            "type": "object",
            "properties": {"tags": {"type": "array", "default": ["a"]}, "depth": {"default": 1}},
            "default": {"extra": {"k": [1]}},
        },
        "items": {"type": "array", "items": {"$ref": "#/$defs/item"}},
        "pair": {"prefixItems": [{"$ref": "#/$defs/item"}, {"type": "integer"}]},
        "mode": {
            "oneOf": [
                {
                    "type": "object",
                    "properties": {"kind": {"const": "fast"}, "threads": {"default": 4}},
                    "required": ["kind"],
                },
                {
                    "type": "object",
                    "properties": {"kind": {"const": "safe"}, "retries": {"default": 3}},
                    "required": ["kind"],
                },
            ]
        },
        "either": {
            "anyOf": [
                {"type": "string"},
                {"type": "object", "properties": {"x": {"default": "x"}}},
            ]
        },
        "both": {
            "allOf": [
                {"properties": {"a": {"default": "a"}}},
                {"properties": {"b": {"default": "b"}}},
            ]
        },
        "named": {"type": "object", "additionalProperties": {"$ref": "#/$defs/item"}},
        "referenced": {"$ref": "#/$defs/item", "default": {"name": "r"}},
    },
    "$defs": {
        "item": {
            "type": "object",
            "properties": {"name": {"type": "string"}, "count": {"default": 0}},
        }
    },
}


def test_defaults_are_filled_in_through_every_applicator() -> None:
    validator = Validator(DEFAULTS)
    value = valid_value(
        validator.validate(
            {
                "items": [{"name": "x"}, {"count": 5}],
                "pair": [{}, 1],
                "mode": {"kind": "safe"},
                "either": {},
                "both": {},
                "named": {"p": {}, "q": {"count": 1}},
            }
        )
    )
    assert value == {
        "options": {"extra": {"k": [1]}, "tags": ["a"], "depth": 1},
        "items": [{"name": "x", "count": 0}, {"count": 5}],
        "pair": [{"count": 0}, 1],
        "mode": {"kind": "safe", "retries": 3},
        "either": {"x": "x"},
        "both": {"a": "a", "b": "b"},
        "named": {"p": {"count": 0}, "q": {"count": 1}},
        "referenced": {"name": "r", "count": 0},
    }
    assert valid_value(validator.validate({"mode": {"kind": "fast"}, "either": "s"}))["mode"] == {
        "kind": "fast",
        "threads": 4,
    }
    assert valid_value(validator.validate({"either": "s"}))["either"] == "s"


def test_draft_07_definitions_and_tuple_items_get_defaults() -> None:
    validator = Validator(
        {
            "$schema": "http://json-schema.org/draft-07/schema#",
            "type": "object",
            "properties": {
                "point": {
                    "items": [{"$ref": "#/definitions/n"}],
                    "additionalItems": {"default": 0},
                },
                "config": {"$ref": "#/definitions/config"},
            },
            "definitions": {
                "n": {"type": "object", "properties": {"v": {"default": 1}}},
                "config": {"type": "object", "properties": {"level": {"default": "info"}}},
            },
        }
    )
    value = valid_value(validator.validate({"point": [{}, {}], "config": {}}))
    assert value == {"point": [{"v": 1}, {}], "config": {"level": "info"}}


def test_properties_named_like_instance_keywords_get_their_defaults() -> None:
    # A property named ``enum`` (or ``const``, ``examples``) is a schema, not an
    # instance: its defaults were once not looked for at all.
    for name in ("enum", "const", "examples"):
        validator = Validator(
            {
                "type": "object",
                "properties": {name: {"type": "object", "properties": {"a": {"default": 1}}}},
            }
        )
        assert valid_value(validator.validate({name: {}})) == {name: {"a": 1}}


def test_recursive_schemas_get_defaults_at_every_level() -> None:
    validator = Validator(
        {
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "open": {"type": "boolean", "default": False},
                "children": {"type": "array", "items": {"$ref": "#"}},
            },
        }
    )
    value = valid_value(validator.validate({"name": "a", "children": [{"children": [{}]}]}))
    assert value == {
        "name": "a",
        "open": False,
        "children": [{"open": False, "children": [{"open": False}]}],
    }


def test_the_input_is_never_mutated() -> None:
    arguments: dict[str, Any] = {
        "items": [{"name": "x"}],
        "mode": {"kind": "safe"},
        "options": {},
        "named": {"p": {}},
    }
    before = copy.deepcopy(arguments)
    value = valid_value(Validator(DEFAULTS).validate(arguments))
    assert arguments == before
    assert value != before
    assert value["items"] is not arguments["items"]
    assert value["items"][0] is not arguments["items"][0]


def test_containers_are_copied_only_where_something_was_added() -> None:
    arguments = {"items": [{"count": 1}], "either": "s", "pair": [{"count": 2}, 1]}
    value = valid_value(Validator(DEFAULTS).validate(arguments))
    assert value["items"] is arguments["items"]
    assert value["pair"] is arguments["pair"]
    plain = {"a": [1, 2]}
    assert valid_value(Validator({"type": "object"}).validate(plain)) is plain


def test_defaults_are_fresh_copies() -> None:
    tool = Tool(name="t", input_schema=DEFAULTS)
    schema_before = copy.deepcopy(tool.input_schema)
    first = valid_value(tool.validate({}))
    first["options"]["extra"]["k"].append(2)
    first["options"]["tags"].append("b")
    first["referenced"]["name"] = "changed"
    second = valid_value(tool.validate({}))
    assert second["options"] == {"extra": {"k": [1]}, "tags": ["a"], "depth": 1}
    assert second["referenced"] == {"name": "r", "count": 0}
    assert tool.input_schema == schema_before
    assert first["options"]["tags"] is not second["options"]["tags"]


def test_top_level_defaults_do_not_replace_given_values() -> None:
    validator = Validator(
        {
            "type": "object",
            "properties": {"a": {"default": 1}, "b": {"default": None}, "c": {"type": "string"}},
        }
    )
    assert valid_value(validator.validate({"a": 5, "c": "x"})) == {"a": 5, "b": None, "c": "x"}
    assert valid_value(validator.validate({"b": False})) == {"a": 1, "b": False}


def test_a_root_schema_for_objects_and_arrays_fills_both() -> None:
    validator = Validator(
        {"properties": {"a": {"default": 1}}, "items": {"properties": {"b": {"default": 2}}}}
    )
    assert valid_value(validator.validate({})) == {"a": 1}
    assert valid_value(validator.validate([{}])) == [{"b": 2}]
    assert valid_value(validator.validate("text")) == "text"


def test_a_complete_closed_object_is_passed_on_as_it_is() -> None:
    schema = {
        "type": "object",
        "properties": {"a": {"type": "integer"}, "b": {"default": "b"}},
        "additionalProperties": False,
    }
    validator = Validator(schema)
    complete = {"a": 1, "b": "x"}
    assert valid_value(validator.validate(complete)) is complete
    partial = {"a": 1}
    assert valid_value(validator.validate(partial)) == {"a": 1, "b": "b"}
    assert partial == {"a": 1}


# -- the cached validator ---------------------------------------------------------------------


def test_the_validator_is_built_on_first_use_and_cached() -> None:
    tool = Tool(name="cached", input_schema=ORDER, output_schema={"type": "object"})
    derived = tool._derived
    assert [derived.validator, derived.output_validator] == [None, None]  # (none built yet)
    validator = tool.validator
    assert isinstance(validator, Validator)
    tool.validate({"customer": {"name": "a"}, "lines": [{"sku": "ABC-1"}]})
    tool.validate({})
    assert tool.validator is validator
    assert tool._derived.validator is validator
    assert tool.output_validator is tool.output_validator
    assert Tool(name="none").output_validator is None


def test_equal_tools_each_build_their_own_validator() -> None:
    first = Tool(name="t", input_schema=ORDER)
    second = Tool(name="t", input_schema=ORDER)
    assert first == second
    assert first.validator is not second.validator


# -- arguments as a model sends them ----------------------------------------------------------


def test_arguments_may_be_json_text_or_none() -> None:
    validator = ORDER_TOOL.validator
    text = '{"customer": {"name": "Ada"}, "lines": [{"sku": "ABC-1"}]}'
    assert valid_value(validator.validate_arguments(text))["lines"][0]["quantity"] == 1
    assert validator.validate_arguments(text.encode()).ok
    assert validator.validate_arguments(bytearray(text.encode())).ok
    assert issues_of(validator.validate_arguments(None)) == [
        (("customer",), "required"),
        (("lines",), "required"),
    ]
    assert Validator({"type": "object"}).validate_arguments(None) == Valid({})


@pytest.mark.parametrize(
    "text", ["{", "", "{'a': 1}", '{"a": 1} trailing', b"\xff\xfe\xfd", '{"a": NaN}']
)
def test_unparseable_text_is_not_json(text: str | bytes) -> None:
    checked = Validator({"type": "object"}).validate_arguments(text)
    assert issues_of(checked) == [((), "not_json")]
    assert checked.issues[0].message.startswith("arguments are not valid JSON")


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_in_text_are_refused(constant: str) -> None:
    checked = Validator({"type": "object"}).validate_arguments(f'{{"a": {constant}}}')
    assert issues_of(checked) == [((), "not_json")]
    assert constant.lstrip("-") in checked.issues[0].message


@pytest.mark.parametrize(
    ("arguments", "got"),
    [([1, 2], "array"), (3, "integer"), (2.5, "number"), (True, "boolean"), ("[1]", "array")],
)
def test_top_level_arguments_must_be_an_object(arguments: Any, got: str) -> None:
    checked = Validator({}).validate_arguments(arguments)
    assert issues_of(checked) == [((), "type")]
    assert checked.issues[0].message == f"arguments must be a JSON object, got {got}"


def test_a_non_object_value_against_an_object_schema_is_a_type_issue() -> None:
    checked = ORDER_TOOL.validator.validate([1])
    assert issues_of(checked) == [((), "type")]
    assert checked.issues[0].message == "expected object, got array"


# -- Python values that are not (plain) JSON ---------------------------------------------------


class Colour(enum.Enum):
    RED = "red"


class Size(enum.StrEnum):
    SMALL = "small"


class Level(enum.IntEnum):
    HIGH = 3


class Name(str):
    pass


class Count(int):
    pass


LOOSE: dict[str, Any] = {
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "size": {"enum": ["small", "large"]},
        "level": {"type": "integer"},
        "colour": {"type": "string"},
        "numbers": {"type": "array", "items": {"type": "integer"}},
        "nested": {"type": "object", "additionalProperties": {"type": "string"}},
    },
}


def test_json_able_subclasses_and_enums_are_accepted_and_normalised() -> None:
    value = valid_value(
        Validator(LOOSE).validate(
            {
                "name": Name("ada"),
                "size": Size.SMALL,
                "level": Count(3),
                "colour": Colour.RED,
                "numbers": (1, Level.HIGH),
                "nested": OrderedDict(a=Name("b")),
            }
        )
    )
    assert value == {
        "name": "ada",
        "size": "small",
        "level": 3,
        "colour": "red",
        "numbers": [1, 3],
        "nested": {"a": "b"},
    }
    assert type(value["name"]) is str
    assert type(value["level"]) is int
    assert type(value["numbers"]) is list
    assert type(value["nested"]) is dict


def test_values_jsonschema_rs_reads_natively_are_passed_on_as_they_are() -> None:
    arguments = {"size": Size.SMALL, "numbers": (1, 2), "nested": OrderedDict(a="b")}
    value = valid_value(Validator(LOOSE).validate(arguments))
    assert value == {"size": "small", "numbers": (1, 2), "nested": {"a": "b"}}


def test_a_mapping_that_is_not_a_dict_is_read_as_an_object() -> None:
    proxy = types.MappingProxyType({"name": "ada"})
    assert valid_value(Validator(LOOSE).validate_arguments(proxy)) == {"name": "ada"}


@pytest.mark.parametrize(
    ("arguments", "path", "what"),
    [
        ({"name": {1, 2}}, ("name",), "set"),
        ({"name": datetime.date(2024, 1, 1)}, ("name",), "date"),
        ({"numbers": [1, object()]}, ("numbers", 1), "object"),
        ({"nested": {"a": b"bytes"}}, ("nested", "a"), "bytes"),
        ({"level": float("nan")}, ("level",), "nan"),
        ({"level": float("inf")}, ("level",), "inf"),
        ({"nested": {1: "a"}}, ("nested",), "key 1"),
    ],
    ids=["set", "date", "object", "bytes", "nan", "inf", "int-key"],
)
def test_values_with_no_json_form_are_not_json_with_their_path(
    arguments: dict[str, Any], path: tuple[str | int, ...], what: str
) -> None:
    checked = Validator(LOOSE).validate(arguments)
    assert issues_of(checked) == [(path, "not_json")]
    assert what in checked.issues[0].message


# -- references: local, recursive, never fetched ----------------------------------------------


def test_local_references_defs_and_recursion_work() -> None:
    tree = Validator(
        {
            "$ref": "#/$defs/node",
            "$defs": {
                "node": {"type": "object", "properties": {"kids": {"$ref": "#/$defs/kids"}}},
                "kids": {"type": "array", "items": {"$ref": "#/$defs/node"}},
            },
        }
    )
    assert tree.validate({"kids": [{"kids": [{}]}]}).ok
    assert issues_of(tree.validate({"kids": [{"kids": [1]}]})) == [(("kids", 0, "kids", 0), "type")]
    draft7 = Validator(
        {
            "$schema": "http://json-schema.org/draft-07/schema#",
            "definitions": {"positive": {"type": "integer", "minimum": 1}},
            "properties": {"n": {"$ref": "#/definitions/positive"}},
        }
    )
    assert draft7.validate({"n": 1}).ok
    assert issues_of(draft7.validate({"n": 0})) == [(("n",), "constraint")]


class _Recorder(http.server.BaseHTTPRequestHandler):
    requests: list[str]

    def do_GET(self) -> None:
        self.requests.append(self.path)
        body = json.dumps({"type": "string"}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/schema+json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def schema_server() -> Iterator[tuple[str, list[str]]]:
    """A real HTTP server on 127.0.0.1 that serves a schema and records every request."""
    requests: list[str] = []
    with http_server(type("Handler", (_Recorder,), {"requests": requests})) as url:
        yield url, requests


def test_the_schema_server_really_serves(schema_server: tuple[str, list[str]]) -> None:
    import urllib.request

    base, requests = schema_server
    with urllib.request.urlopen(f"{base}/probe.json", timeout=10) as response:
        assert json.load(response) == {"type": "string"}
    assert requests == ["/probe.json"]


@pytest.mark.parametrize(
    ("make_schema", "where"),
    [
        (lambda url: {"properties": {"a": {"$ref": url}}}, ("properties", "a", "$ref")),
        (
            lambda url: {"properties": {"a": {"$ref": url + "#/$defs/x"}}},
            ("properties", "a", "$ref"),
        ),
        (lambda url: {"$schema": url, "type": "object"}, ("$schema",)),
        (
            lambda url: {"$id": url, "properties": {"a": {"$ref": "other.json"}}},
            ("properties", "a", "$ref"),
        ),
        (
            lambda url: {
                "$schema": "http://json-schema.org/draft-07/schema#",
                "definitions": {"a": {"$ref": url}},
            },
            ("definitions", "a", "$ref"),
        ),
        (lambda url: {"properties": {"a": {"$dynamicRef": url}}}, ()),
    ],
    ids=["ref", "ref-fragment", "meta-schema", "relative-to-id", "draft7", "dynamic-ref"],
)
def test_a_reference_to_a_network_uri_is_refused_without_any_request(
    schema_server: tuple[str, list[str]], make_schema: Any, where: tuple[str, ...]
) -> None:
    base, requests = schema_server
    schema = {"type": "object", **make_schema(f"{base}/schema.json")}
    with pytest.raises(RemoteReferenceError) as caught:
        Validator(schema)
    assert caught.value.uri.startswith(base)
    assert isinstance(caught.value, SchemaError)
    assert "never fetches" in str(caught.value)
    if where:
        assert caught.value.path == where
    with pytest.raises(RemoteReferenceError):
        _ = Tool(name="remote", input_schema=schema).validator
    assert requests == []


def test_resources_serve_remote_references_from_memory(
    schema_server: tuple[str, list[str]],
) -> None:
    base, requests = schema_server
    url = f"{base}/name.json"
    validator = Validator(
        {"type": "object", "properties": {"name": {"$ref": url}}},
        resources={url: {"type": "string", "minLength": 2}},
    )
    assert validator.validate({"name": "ada"}).ok
    assert issues_of(validator.validate({"name": "a"})) == [(("name",), "constraint")]
    assert requests == []


def test_a_reference_to_a_file_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "string.json"
    target.write_text(json.dumps({"type": "string"}))
    schema = {"type": "object", "properties": {"a": {"$ref": target.as_uri()}}}
    with pytest.raises(RemoteReferenceError) as caught:
        Validator(schema)
    assert caught.value.uri == target.as_uri()
    assert caught.value.path == ("properties", "a", "$ref")


def test_a_relative_reference_without_a_base_is_refused() -> None:
    with pytest.raises(RemoteReferenceError) as caught:
        Validator({"properties": {"a": {"$ref": "other.json#/x"}}})
    assert caught.value.uri == "other.json"


def test_a_dangling_local_reference_is_a_schema_error() -> None:
    with pytest.raises(SchemaError) as caught:
        Validator({"properties": {"a": {"$ref": "#/$defs/missing"}}})
    assert not isinstance(caught.value, RemoteReferenceError)


def test_a_number_too_long_for_python_is_not_json() -> None:
    checked = Validator({"type": "object"}).validate_arguments('{"n": ' + "9" * 5000 + "}")
    assert issues_of(checked) == [((), "not_json")]


@pytest.mark.xfail(
    reason="jsonschema-rs 0.60 reads a Python int of more than 4,300 digits as within any "
    "bound; only JSON text (which Python refuses to parse) is protected",
    strict=True,
)
def test_a_huge_python_int_is_checked_against_its_bounds() -> None:
    assert not Validator({"maximum": 5}).validate(10**5000).ok
