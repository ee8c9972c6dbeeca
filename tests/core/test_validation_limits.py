"""Hostile schemas and values end in a typed error or a bounded result, never a crash.

No timing assertions here (speed belongs in bench/): every case relies on the
implementation being bounded. The one case that used to kill the interpreter (a
100,000-deep value against a recursive schema) also runs in a subprocess, so that a
segfault fails the test instead of taking pytest down.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from typing import Any

import pytest

from toolbridge import (
    Invalid,
    IssueKind,
    SchemaError,
    SchemaTooDeepError,
    Tool,
    Valid,
    Validator,
)
from toolbridge._json import MAX_DEPTH, freeze
from toolbridge._jsonschema._references import unbounded_depth
from toolbridge._validation._validator import MAX_ISSUES

TREE: dict[str, Any] = {
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "children": {"type": "array", "items": {"$ref": "#"}},
    },
}


def nested_schema(depth: int) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string"}
    for _ in range(depth):
        schema = {"type": "object", "properties": {"a": schema}}
    return schema


def nested_dict(depth: int, key: str = "a") -> dict[str, Any]:
    """{"a": {"a": ...}}: the innermost object is at path length `depth`."""
    root: dict[str, Any] = {}
    node = root
    for _ in range(depth):
        child: dict[str, Any] = {}
        node[key] = child
        node = child
    return root


def tree_value(depth: int) -> dict[str, Any]:
    """A tree `depth` objects deep; the deepest is at path length 2 * (depth - 1)."""
    root: dict[str, Any] = {"name": "root"}
    node = root
    for _ in range(depth - 1):
        child: dict[str, Any] = {}
        node["children"] = [child]
        node = child
    return root


def tree_text(depth: int) -> str:
    return '{"children": [' * (depth - 1) + "{}" + "]}" * (depth - 1)


def only_issue(result: Any) -> Any:
    assert isinstance(result, Invalid), result
    assert len(result.issues) == 1, result.issues
    return result.issues[0]


# -- deep schemas ---------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [MAX_DEPTH, 10_000])
def test_a_too_deep_schema_is_refused_by_validator_and_tool(depth: int) -> None:
    schema = nested_schema(depth)
    with pytest.raises(SchemaTooDeepError) as caught:
        Validator(schema)
    assert len(caught.value.path) >= MAX_DEPTH
    with pytest.raises(SchemaTooDeepError):
        Tool(name="deep", input_schema=schema)


def test_a_schema_just_within_the_bound_compiles() -> None:
    assert Validator(nested_schema(MAX_DEPTH // 2 - 1)).validate({}).ok


def test_a_long_chain_of_references_is_guarded_like_recursion() -> None:
    """Not recursive, but 2,000 $defs each one level below the last reach 2,000 deep."""
    length = 2_000
    definitions = {
        f"d{i}": {"type": "object", "properties": {"a": {"$ref": f"#/$defs/d{i + 1}"}}}
        for i in range(length)
    }
    definitions[f"d{length}"] = {"type": "object"}
    validator = Validator({"$ref": "#/$defs/d0", "$defs": definitions})
    assert validator.validate(nested_dict(100)).ok
    issue = only_issue(validator.validate(nested_dict(100_000)))
    assert issue.kind == IssueKind.TOO_DEEP
    assert issue.path == ("a",) * (MAX_DEPTH + 1)


# -- deep values ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "object"},
        {},
        True,
        {"type": "object", "properties": {"a": {"type": "object"}}, "additionalProperties": False},
        {
            "type": "object",
            "properties": {"a": {"$ref": "#/$defs/object"}, "b": {"$ref": "#/$defs/object"}},
            "$defs": {"object": {"type": "object"}},
        },
    ],
    ids=["object", "empty", "true", "closed-root", "references"],
)
def test_a_value_too_deep_is_refused_whatever_the_schema(schema: Any) -> None:
    """Not only against recursive schemas: a schema that leaves any part of a value
    open would pass a 100,000-deep value on, which no JSON library then serialises."""
    validator = Validator(schema)
    issue = only_issue(validator.validate(nested_dict(100_000)))
    assert issue.kind == IssueKind.TOO_DEEP
    assert issue.path == ("a",) * (MAX_DEPTH + 1)
    assert validator.validate(nested_dict(MAX_DEPTH)).ok
    assert only_issue(validator.validate(nested_dict(MAX_DEPTH + 1))).kind == IssueKind.TOO_DEEP


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": False},
        {"type": "array", "items": {"enum": [1, 2]}},
        {"anyOf": [{"type": "string"}, {"type": "integer"}]},
        {"$ref": "#/$defs/x", "$defs": {"x": {"type": "object", "additionalProperties": False}}},
    ],
)
def test_a_schema_that_bounds_depth_itself_needs_no_guard(schema: Any) -> None:
    """Every object and array closed down to scalars: the check itself refuses deep values."""
    validator = Validator(schema)
    assert validator._guard is None
    result = validator.validate(nested_dict(100_000))
    assert isinstance(result, Invalid)


@pytest.mark.parametrize("depth", [10_000, 100_000])
def test_a_deep_value_against_a_recursive_schema_is_too_deep(depth: int) -> None:
    validator = Validator(TREE)
    issue = only_issue(validator.validate(tree_value(depth)))
    assert issue.kind == IssueKind.TOO_DEEP
    assert issue.path == ("children", 0) * (MAX_DEPTH // 2) + ("children",)
    assert "nests deeper than 256 levels" in issue.message
    tool = Tool(name="tree", input_schema=TREE)
    assert only_issue(tool.validate(tree_value(depth))).kind == IssueKind.TOO_DEEP


@pytest.mark.parametrize("depth", [10_000, 100_000])
def test_deep_json_text_against_a_recursive_schema_is_too_deep(depth: int) -> None:
    tool = Tool(name="tree", input_schema=TREE)
    issue = only_issue(tool.validate(tree_text(depth)))
    assert issue.kind == IssueKind.TOO_DEEP


def test_the_depth_bound_is_exact() -> None:
    validator = Validator(TREE)
    deepest_allowed = tree_value(MAX_DEPTH // 2 + 1)  # deepest object at path length 256
    assert validator.validate(deepest_allowed).ok
    assert validator.validate_arguments(json.dumps(deepest_allowed)).ok
    one_more: dict[str, Any] = tree_value(MAX_DEPTH // 2 + 1)
    node = one_more
    while "children" in node:
        node = node["children"][0]
    node["name"] = ["too deep"]  # an array at path length 257 - 1, its item one below
    issue = only_issue(validator.validate(one_more))
    assert issue.kind == IssueKind.TOO_DEEP
    assert len(issue.path) == MAX_DEPTH + 1


def test_arrays_nesting_too_deep_against_a_recursive_schema() -> None:
    validator = Validator({"$defs": {"a": {"items": {"$ref": "#/$defs/a"}}}, "$ref": "#/$defs/a"})
    value: list[Any] = []
    node = value
    for _ in range(100_000):
        node.append([])
        node = node[0]
    issue = only_issue(validator.validate(value))
    assert issue.kind == IssueKind.TOO_DEEP
    assert issue.path == (0,) * (MAX_DEPTH + 1)


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "object"},
        {"type": "object", "properties": {"a": {"type": "object"}}},
        {"type": "object", "additionalProperties": {"type": "object"}},
        {"type": "object", "properties": {"a": {"const": {"a": {}}}}},
        {"type": "object", "properties": {"a": {"enum": [{"a": {"a": 1}}, 1]}}},
        {"type": "object", "properties": {"a": {"type": "array", "uniqueItems": True}}},
    ],
    ids=["any", "shallow", "additional", "const", "enum", "unique"],
)
def test_a_deep_value_against_a_non_recursive_schema_never_crashes(schema: Any) -> None:
    validator = Validator(schema)
    for value in (nested_dict(100_000), {"a": [nested_dict(100_000), nested_dict(100_000)]}):
        result = validator.validate(value)
        if isinstance(result, Invalid):
            assert result.issues[0].kind in (IssueKind.TOO_DEEP, IssueKind.TYPE, IssueKind.CONST)
    text_result = validator.validate_arguments('{"a": ' * 100_000 + "{}" + "}" * 100_000)
    assert only_issue(text_result).kind == IssueKind.TOO_DEEP


def test_a_deep_value_that_is_also_unreadable_is_too_deep() -> None:
    class Name(str):
        pass

    value = nested_dict(10_000)
    value["b"] = Name("x")
    validator = Validator({"type": "object", "properties": {"b": {"type": "string"}}})
    issue = only_issue(validator.validate(value))
    assert issue.kind == IssueKind.TOO_DEEP


_SUBPROCESS = textwrap.dedent(
    """
    import json, sys
    from toolbridge import Tool, Validator

    schema = json.loads(sys.argv[1])
    depth = 100_000
    root = {}
    node = root
    for _ in range(depth):
        child = {}
        node["children"] = [child]
        node = child
    text = '{"children": [' * depth + "{}" + "]}" * depth
    kinds = []
    for validate in (Validator(schema).validate, Tool(name="t", input_schema=schema).validate):
        kinds.append([issue.kind.value for issue in validate(root).issues])
        kinds.append([issue.kind.value for issue in validate(text).issues])
    print(json.dumps(kinds))
    """
)


def test_a_100000_deep_value_does_not_crash_the_interpreter() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _SUBPROCESS, json.dumps(TREE)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    kinds = json.loads(done.stdout)
    assert kinds[0] == kinds[2] == kinds[3] == ["too_deep"]
    assert kinds[1] == ["type"]  # Validator.validate checks text as a JSON string value


_KEYWORD_NAMED = textwrap.dedent(
    """
    import json, sys
    from toolbridge import Tool

    schema, key = json.loads(sys.argv[1]), sys.argv[2]
    root = {}
    node = root
    for _ in range(100_000):
        node[key] = {}
        node = node[key]
    checked = Tool(name="t", input_schema=schema).validate(root)
    print(json.dumps([issue.kind.value for issue in checked.issues]))
    """
)


@pytest.mark.parametrize(
    ("schema", "key"),
    [
        ({"type": "object", "properties": {name: {"$ref": "#"}}}, name)
        for name in ("default", "const", "enum", "examples")
    ]
    + [
        (
            {"$ref": "#/$defs/default", "$defs": {"default": {"properties": {"x": {"$ref": "#"}}}}},
            "x",
        )
    ],
)
def test_recursion_through_a_property_named_like_a_keyword_is_guarded(
    schema: dict[str, Any], key: str
) -> None:
    """A property (or definition) named ``default`` is a schema, not data: the recursion
    through it is seen, so a 100,000-deep value is too deep instead of a crash."""
    assert unbounded_depth(freeze(schema))
    done = subprocess.run(
        [sys.executable, "-c", _KEYWORD_NAMED, json.dumps(schema), key],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert json.loads(done.stdout) == ["too_deep"]


# -- huge schemas ---------------------------------------------------------------------------


def test_enums_up_to_the_size_limit_compile_and_validate() -> None:
    options = [f"option-{i}" for i in range(24_000)]
    tool = Tool(
        name="pick",
        input_schema={
            "type": "object",
            "properties": {"choice": {"enum": options}, "number": {"enum": list(range(24_000))}},
        },
    )
    assert tool.validate({"choice": "option-0", "number": 0}).ok
    assert tool.validate({"choice": "option-23999", "number": 23_999}).ok
    checked = tool.validate({"choice": "option-24000", "number": -1})
    assert [(issue.path, issue.kind) for issue in checked.issues] == [
        (("choice",), IssueKind.ENUM),
        (("number",), IssueKind.ENUM),
    ]
    message = checked.issues[0].message
    assert message.startswith('must be one of "option-0", "option-1"')
    assert "(and 23990 more)" in message
    assert len(message) < 400


def test_many_properties_and_many_references_compile() -> None:
    properties = {f"p{i}": {"$ref": f"#/$defs/d{i % 100}"} for i in range(10_000)}
    definitions = {f"d{i}": {"type": "integer", "default": i} for i in range(100)}
    validator = Validator({"type": "object", "properties": properties, "$defs": definitions})
    value = validator.validate({"p1": 5})
    assert isinstance(value, Valid)
    assert len(value.value) == 10_000
    assert value.value["p1"] == 5
    assert value.value["p101"] == 1


# -- hostile patterns -----------------------------------------------------------------------

CATASTROPHIC = [
    "^(a+)+$",
    "(a|a)*b",
    "^(a|aa)+$",
    "(x+x+)+y",
    "^(\\w+\\s?)*$",
    "^(?=(a|a)*b)",
    "^(a|a)*\\1b",
    "(?=(a|a)*)\\1b",
    "^((a|a)*)\\1$",
    "^(?:(a)|\\1a)*b",
    "^(?:a|a)*(?!a)b",
]


@pytest.mark.parametrize("pattern", CATASTROPHIC)
def test_catastrophic_patterns_give_a_result(pattern: str) -> None:
    validator = Validator(
        {"type": "object", "properties": {"s": {"type": "string", "pattern": pattern}}}
    )
    for length in (30, 5_000):
        issue = only_issue(validator.validate({"s": "a" * length + "!"}))
        assert issue.kind == IssueKind.CONSTRAINT
        assert issue.path == ("s",)
        assert len(issue.message) < 400


def test_a_pattern_within_the_budget_still_matches() -> None:
    validator = Validator({"pattern": "^(?=.*[0-9])(?=.*[a-z])[a-z0-9]{8,}$"})
    assert validator.validate("abcdefg1").ok
    assert not validator.validate("abcdefgh").ok
    assert Validator({"pattern": "^(a)\\1$"}).validate("aa").ok


@pytest.mark.parametrize(
    ("schema", "path"),
    [
        ({"properties": {"s": {"pattern": "(abc"}}}, ("properties", "s", "pattern")),
        ({"patternProperties": {"[z-a]": {}}}, ("patternProperties", "[z-a]")),
        ({"properties": {"s": {"pattern": "x{2,1}"}}}, ("properties", "s", "pattern")),
        ({"propertyNames": {"pattern": "(?P<"}}, ("propertyNames", "pattern")),
    ],
    ids=["unclosed", "range", "repeat", "group"],
)
def test_an_invalid_regex_is_a_schema_error_with_its_path(
    schema: dict[str, Any], path: tuple[str, ...]
) -> None:
    with pytest.raises(SchemaError) as caught:
        Validator(schema)
    assert caught.value.path == path
    assert "regex" in str(caught.value)
    with pytest.raises(SchemaError):
        _ = Tool(name="bad", input_schema={"type": "object", **schema}).validator


@pytest.mark.parametrize(
    ("schema", "path"),
    [
        ({"type": "text"}, ("type",)),
        ({"minimum": "1"}, ("minimum",)),
        ({"properties": {"a": {"required": "a"}}}, ("properties", "a", "required")),
        ({"$ref": 5}, ("$ref",)),
    ],
)
def test_malformed_schemas_are_schema_errors_with_their_path(
    schema: dict[str, Any], path: tuple[str, ...]
) -> None:
    with pytest.raises(SchemaError) as caught:
        Validator(schema)
    assert caught.value.path == path


# -- bounded issues and messages -------------------------------------------------------------

STRINGS: dict[str, Any] = {
    "type": "object",
    "properties": {"items": {"type": "array", "items": {"type": "string"}}},
}


def test_issues_are_capped() -> None:
    checked = Validator(STRINGS).validate({"items": list(range(500))})
    assert isinstance(checked, Invalid)
    assert len(checked.issues) == MAX_ISSUES + 1
    assert [issue.path for issue in checked.issues[:3]] == [
        ("items", 0),
        ("items", 1),
        ("items", 2),
    ]
    last = checked.issues[-1]
    assert last.kind == IssueKind.TOO_MANY
    assert last.message == f"{500 - MAX_ISSUES} more issues not listed; fix these first"


def test_a_huge_wrong_array_gives_a_short_answer() -> None:
    checked = Validator(STRINGS).validate({"items": list(range(100_000))})
    assert isinstance(checked, Invalid)
    assert len(checked.issues) <= MAX_ISSUES + 1
    assert checked.issues[0].path == ("items", 0)
    assert checked.issues[0].kind == IssueKind.TYPE
    assert checked.issues[-1].kind == IssueKind.TOO_MANY
    assert len(str(checked)) < 10_000


def test_many_unexpected_properties_are_capped() -> None:
    extra = {f"k{i}": i for i in range(1_000)}
    for schema in (
        {"type": "object", "additionalProperties": False},
        {"type": "object", "properties": {"a": {}}, "additionalProperties": False},
    ):
        checked = Validator(schema).validate(extra)
        assert isinstance(checked, Invalid)
        assert len(checked.issues) <= MAX_ISSUES + 1
        assert checked.issues[0].path == ("k0",)
        assert all(issue.kind == IssueKind.ADDITIONAL_PROPERTY for issue in checked.issues[:-1])


@pytest.mark.parametrize(
    ("schema", "value"),
    [
        ({"type": "integer"}, "x" * 1_000_000),
        ({"maxLength": 3}, "x" * 1_000_000),
        ({"pattern": "^a"}, "x" * 1_000_000),
        ({"const": "y" * 1_000_000}, "x" * 1_000_000),
        ({"enum": ["y" * 1_000_000, ["z"] * 40_000]}, "x" * 1_000_000),
        ({"contains": {"const": -1}}, list(range(100_000))),
        ({"uniqueItems": True}, [*range(100_000), 1]),
        ({"type": "object"}, list(range(100_000))),
        ({"not": {"const": "x" * 1_000_000}}, "x" * 1_000_000),
        ({"anyOf": [{"const": "a" * 1_000_000}, {"maxLength": 1}] * 20}, "x" * 1_000_000),
        ({"propertyNames": {"maxLength": 3}}, {"k" * 1_000_000: 1}),
        ({"required": ["k" * 1_000_000]}, {}),
        ({"multipleOf": 7}, 10**4000),
    ],
    ids=lambda value: None,
)
def test_messages_stay_short_whatever_the_size(schema: dict[str, Any], value: Any) -> None:
    checked = Validator(schema).validate(value)
    assert isinstance(checked, Invalid)
    assert all(len(issue.message) <= 400 for issue in checked.issues)
    assert len(str(checked)) < 2_000_000  # a required name is part of the path, not the message


def test_patterns_needing_lookaround_fall_back_to_the_backtracking_engine() -> None:
    from toolbridge import Validator

    schema = {
        "type": "object",
        "properties": {"code": {"type": "string", "pattern": "^(?!x)\\w+$"}},
    }
    validator = Validator(schema)
    assert validator.validate({"code": "abc"}).ok
    assert not validator.validate({"code": "xbc"}).ok


def test_the_root_is_named_in_messages() -> None:
    from toolbridge import IssueKind, ValidationIssue

    assert (
        str(ValidationIssue((), IssueKind.TYPE, "expected object")) == "the value: expected object"
    )
