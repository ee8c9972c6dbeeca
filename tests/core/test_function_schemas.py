"""Schemas from function signatures: one registered shape per kind of signature.

Every shape is pinned by a JSON snapshot of its definition, and checked the same way:
both schemas compile with `toolbridge.Validator`, every ``$ref`` resolves, no title is
derived from a field name, the root forbids unknown properties, a representative
example is accepted (and really runs the function, whose result matches the output
schema) and an invalid one is rejected before the function runs.
"""

from __future__ import annotations

import asyncio
import datetime
import functools
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum, IntEnum
from typing import Annotated, Any, Literal, NewType, NotRequired, Optional, Union

import pytest
from pydantic import BaseModel, ConfigDict, Field
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.json import JSONSnapshotExtension
from typing_extensions import TypedDict  # pydantic needs it before Python 3.12

from toolbridge import (
    ArgumentValidationError,
    TextContent,
    Tool,
    ToolResult,
    Validator,
    tool,
)

# -- the shapes -----------------------------------------------------------------------


@dataclass(frozen=True)
class Shape:
    """A tool made from a function, with one valid and one invalid set of arguments."""

    tool: Tool
    valid: Mapping[str, Any]
    invalid: Mapping[str, Any]


SHAPES: dict[str, Shape] = {}


def shape(
    valid: Mapping[str, Any], invalid: Mapping[str, Any], **options: Any
) -> Callable[[Callable[..., Any]], Tool]:
    """Register a function as a shape (the tool's name is the shape's id)."""

    def register(function: Callable[..., Any]) -> Tool:
        made = tool(**options)(function)
        assert made.name not in SHAPES, made.name
        SHAPES[made.name] = Shape(made, valid, invalid)
        return made

    return register


class Color(Enum):
    """A colour."""

    RED = "red"
    GREEN = "green"


class Priority(IntEnum):
    LOW = 1
    HIGH = 2


class Point(TypedDict):
    """A point on the plane."""

    x: float
    y: float
    label: NotRequired[str]


@dataclass
class Window:
    """A period of time."""

    start: datetime.datetime
    end: datetime.datetime


class Address(BaseModel):
    """A postal address."""

    street: str
    city: str
    country: str = "FR"


class Line(BaseModel):
    sku: Annotated[str, Field(min_length=1)]
    quantity: Annotated[int, Field(ge=1)] = 1


class Customer(BaseModel):
    name: str
    address: Address
    billing: Address | None = None


class Invoice(BaseModel):
    """An invoice."""

    customer: Customer
    lines: list[Line]
    total: float


class TreeNode(BaseModel):
    value: int
    children: list[TreeNode] = []


class Cat(BaseModel):
    kind: Literal["cat"]
    lives: int = 9


class Dog(BaseModel):
    kind: Literal["dog"]
    good: bool = True


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    verbose: bool = False


UserId = NewType("UserId", int)


@shape(valid={}, invalid={"extra": 1})
def no_parameters() -> None:
    """Do nothing."""


@shape(
    valid={"text": "hi", "count": 2, "ratio": 0.5, "flag": True},
    invalid={"text": 1, "count": 2, "ratio": 0.5, "flag": True},
)
def scalars(text: str, count: int, ratio: float, flag: bool) -> str:
    """Repeat a text."""
    return text * count if flag else text


@shape(valid={"city": "Paris"}, invalid={"days": 3})
def defaults(city: str, days: int = 3, units: str = "metric", verbose: bool = False) -> list[float]:
    """Daily highs."""
    return [20.0] * days


@shape(valid={"label": None}, invalid={"label": None, "count": "2"})
def optionals(
    label: str | None,
    count: int | None = None,
    note: Optional[str] = None,  # noqa: UP045 - the typing spelling is a shape of its own
) -> str:
    """Optional values, spelled both ways."""
    return f"{label}:{count}:{note}"


@shape(valid={"value": 1}, invalid={"value": [1]})
def unions(
    value: Union[int, str],  # noqa: UP007 - the typing spelling is a shape of its own
    other: int | str | None = None,
) -> str:
    """A union of scalars."""
    return repr(value)


@shape(valid={"mode": "fast"}, invalid={"mode": "medium"})
def literals(mode: Literal["fast", "slow"], level: Literal[1, 2, 3] = 1) -> str:
    """Literal choices."""
    return f"{mode}{level}"


@shape(valid={"color": "red", "priority": 2}, invalid={"color": "blue"})
def enums(color: Color, priority: Priority = Priority.LOW) -> Color:
    """Enum members, by value."""
    assert isinstance(color, Color)
    assert isinstance(priority, Priority)
    return color


@shape(
    valid={"tags": ["a"], "counts": {"a": 1}, "unique": ["x", "y"], "numbers": [1]},
    invalid={"tags": "a", "counts": {}, "unique": ["x", "x"], "numbers": [1]},
)
def containers(
    tags: list[str], counts: dict[str, int], unique: set[str], numbers: frozenset[int]
) -> dict[str, int]:
    """Lists, dicts, sets."""
    assert isinstance(unique, set)
    assert isinstance(numbers, frozenset)
    return {"tags": len(tags), "unique": len(unique), **counts}


@shape(valid={"pair": [1, "a"], "values": [1.5, 2]}, invalid={"pair": [1, "a", 3], "values": []})
def tuples(pair: tuple[int, str], values: tuple[float, ...]) -> tuple[int, str]:
    """Fixed and variadic tuples."""
    assert isinstance(pair, tuple)
    assert isinstance(values, tuple)
    return pair


@shape(
    valid={"rows": [{"a": [1, 2]}], "matrix": [[1.0]]},
    invalid={"rows": [{"a": ["1"]}], "matrix": [[1.0]]},
)
def nested_containers(
    rows: list[dict[str, list[int]]], matrix: Sequence[Sequence[float]]
) -> list[int]:
    """Containers in containers."""
    return [sum(values) for row in rows for values in row.values()]


@shape(valid={"point": {"x": 1, "y": 2.5}}, invalid={"point": {"x": 1}})
def typed_dicts(point: Point) -> Point:
    """A TypedDict in and out."""
    return point


@shape(
    valid={"window": {"start": "2025-01-01T09:00:00", "end": "2025-01-01T10:00:00"}},
    invalid={"window": {"start": "2025-01-01T09:00:00"}},
)
def dataclasses_(window: Window) -> list[Window]:
    """A dataclass in, a list of them out.

    Args:
        window: The period to search.
    """
    assert isinstance(window, Window)
    assert isinstance(window.start, datetime.datetime)
    return [window]


@shape(
    valid={"address": {"street": "1 rue", "city": "Paris"}},
    invalid={"address": {"street": "1 rue"}},
)
def pydantic_model(address: Address) -> Address:
    """A model in and out."""
    assert isinstance(address, Address)
    return address


@shape(
    valid={
        "customer": {"name": "Ada", "address": {"street": "1 rue", "city": "Paris"}},
        "lines": [{"sku": "apple", "quantity": 2}],
    },
    invalid={
        "customer": {"name": "Ada", "address": {"street": "1 rue", "city": "Paris"}},
        "lines": [{"sku": "", "quantity": 0}],
    },
)
def nested_models(
    customer: Customer, lines: list[Line], settings: Settings | None = None
) -> Invoice:
    """Nested models: every one of them lands in $defs."""
    assert isinstance(customer.address, Address)
    assert isinstance(lines[0], Line)
    return Invoice(customer=customer, lines=lines, total=sum(line.quantity for line in lines))


@shape(
    valid={"tree": {"value": 1, "children": [{"value": 2}]}},
    invalid={"tree": {"value": 1, "children": [{"value": "2"}]}},
)
def recursive_model(tree: TreeNode) -> TreeNode:
    """A recursive model, in and out."""

    def total(node: TreeNode) -> int:
        return node.value + sum(total(child) for child in node.children)

    return TreeNode(value=total(tree))


@shape(valid={"pet": {"kind": "dog"}}, invalid={"pet": {"kind": "cow"}})
def discriminated_union(pet: Annotated[Cat | Dog, Field(discriminator="kind")]) -> Cat | Dog:
    """A tagged union of models."""
    assert isinstance(pet, (Cat, Dog))
    return pet


@shape(
    valid={"code": "AB12", "amount": 5, "share": 0.5, "tags": ["x"]},
    invalid={"code": "ab", "amount": 11, "share": 1, "tags": []},
)
def constraints(
    code: Annotated[
        str,
        Field(min_length=2, max_length=8, pattern=r"^[A-Z0-9]+$", description="An upper code."),
    ],
    amount: Annotated[int, Field(ge=0, le=10, examples=[1, 5])],
    share: Annotated[float, Field(gt=0, lt=1)],
    tags: Annotated[list[str], Field(min_length=1, max_length=3)],
    step: Annotated[int, Field(multiple_of=5)] = 5,
) -> int:
    """Constraints from Annotated[..., Field(...)].

    Args:
        code: Ignored: the Field's description wins.
        amount: How many.
    """
    return amount


@shape(valid={"city": "Paris", "days": 2}, invalid={"city": "Paris", "days": "2"})
def google_docstring(city: str, days: int = 1) -> list[float]:
    """Daily high temperatures for a city.

    The forecast comes from the national weather service
    and is updated hourly.

    Args:
        city: The city, such as "Paris".
        days: How many days ahead, wrapped
            over two lines.

    Returns:
        One temperature per day, in degrees Celsius.
    """
    return [21.0] * days


@shape(valid={"city": "Paris"}, invalid={})
def numpy_docstring(city: str, days: int = 1) -> list[float]:
    """Daily high temperatures for a city.

    Longer explanation.

    Parameters
    ----------
    city : str
        The city, such as "Paris".
    days : int, optional
        How many days ahead.

    Returns
    -------
    list of float
        One temperature per day.
    """
    return [21.0] * days


@shape(valid={"city": "Paris"}, invalid={"city": None})
def rest_docstring(city: str, days: int = 1) -> list[float]:
    """Daily high temperatures for a city.

    :param city: The city, such as "Paris".
    :param days: How many days ahead.
    :returns: One temperature per day.
    """
    return [21.0] * days


@shape(valid={"a": 1, "b": 2}, invalid={"a": 1})
async def async_function(a: int, b: int) -> int:
    """Add, asynchronously."""
    await asyncio.sleep(0)
    return a + b


@shape(valid={"address": {"street": "1 rue", "city": "Lyon"}}, invalid={"address": "Lyon"})
async def async_model(address: Address) -> Customer:
    """Return a model from a coroutine."""
    return Customer(name="Ada", address=address)


@shape(valid={"a": 1, "b": "x"}, invalid={"a": 1, "b": "x", "c": "yes"})
def parameter_kinds(a: int, /, b: str, *, c: bool = False) -> str:
    """Positional-only, ordinary and keyword-only parameters."""
    return f"{a}{b}{c}"


@shape(
    valid={"model_config": "x", "json": 1, "schema": {}, "copy": True, "validate": [], "dict": "d"},
    invalid={"model_config": "x"},
)
def reserved_names(
    model_config: str,
    json: int,
    schema: dict[str, Any],
    copy: bool,
    validate: list[int],
    dict: str,
    model_fields: str = "",
) -> str:
    """Parameter names pydantic models reserve."""
    return model_config


@shape(
    valid={
        "when": "2025-01-01T09:00:00Z",
        "day": "2025-01-01",
        "ident": "12345678-1234-5678-1234-567812345678",
        "price": "1.50",
        "wait": "PT1.5S",
    },
    invalid={"when": 1, "day": "2025-01-01", "ident": "x", "price": "1.50", "wait": 1},
)
def standard_types(
    when: datetime.datetime,
    day: datetime.date,
    ident: uuid.UUID,
    price: Decimal,
    wait: datetime.timedelta,
) -> datetime.date:
    """Dates, UUIDs, decimals and durations."""
    assert isinstance(when, datetime.datetime)
    assert isinstance(ident, uuid.UUID)
    assert isinstance(price, Decimal)
    assert isinstance(wait, datetime.timedelta)
    return day


@shape(valid={"anything": [1, "x"], "untyped": None}, invalid={"anything": 1})
def any_and_unannotated(anything: Any, untyped, number: UserId = UserId(7)) -> Any:  # type: ignore[no-untyped-def]
    """Any, a parameter without annotation, and a NewType."""
    return anything


@shape(valid={}, invalid={"x": 1}, name="renamed", description="Explicit description.")
def overridden() -> dict[str, Any]:
    """This docstring is not used."""
    return {}


@shape(valid={"text": "hi"}, invalid={"text": 1})
def returns_tool_result(text: str) -> ToolResult:
    """A ToolResult: no output schema."""
    return ToolResult.from_text(text)


@shape(valid={"text": "hi"}, invalid={})
def returns_content_blocks(text: str) -> list[TextContent]:
    """Content blocks: no output schema."""
    return [TextContent(text=text)]


@shape(valid={"found": False}, invalid={"found": "no"})
def returns_optional_model(found: bool) -> Address | None:
    """An optional model: wrapped, as it is not always an object."""
    return Address(street="1 rue", city="Paris") if found else None


@shape(valid={"n": 2}, invalid={"n": -1})
def returns_list_of_models(n: Annotated[int, Field(ge=0)]) -> list[Address]:
    """A list of models: wrapped, with $defs hoisted to the root."""
    return [Address(street=str(i), city="Paris") for i in range(n)]


class Counter:
    """Counts calls."""

    def __init__(self) -> None:
        self.count = 0

    def bump(self, by: int = 1) -> int:
        """Add to the counter.

        Args:
            by: How much to add.
        """
        self.count += by
        return self.count

    async def __call__(self, by: int) -> dict[str, int]:
        """Add, from an awaitable callable object.

        Args:
            by: How much to add.
        """
        return {"count": self.bump(by)}


shape(valid={"by": 2}, invalid={"by": "2"})(Counter().bump)
shape(valid={"by": 2}, invalid={"by": 2.5})(Counter())


def _scale(factor: float, value: float, *, offset: float = 0.0) -> float:
    """Scale a value.

    Args:
        factor: Bound by the partial.
        value: The value to scale.
        offset: Bound by the partial too.
    """
    return factor * value + offset


shape(valid={"value": 2}, invalid={"value": "2"}, name="scale")(
    functools.partial(_scale, 3.0, offset=1.0)
)


@dataclass
class Options:
    retries: int = 3
    tags: list[str] = field(default_factory=list)


@shape(valid={}, invalid={"options": {"retries": "3"}})
def dataclass_with_defaults(
    options: Options = Options(),  # noqa: B008 - a default object is the point
    limit: int | None = None,
) -> Options:
    """A dataclass default, by value."""
    assert isinstance(options, Options)
    return options


# -- the checks -----------------------------------------------------------------------


def unresolved_references(schema: Any) -> list[str]:
    """Every local ``$ref`` in a schema that does not point at something that exists."""
    missing: list[str] = []

    def resolve(reference: str) -> bool:
        if not reference.startswith("#"):
            return False
        node: Any = schema
        for part in reference[1:].split("/")[1:]:
            part = part.replace("~1", "/").replace("~0", "~")
            if isinstance(node, Mapping) and part in node:
                node = node[part]
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                return False
        return True

    def walk(node: Any) -> None:
        if isinstance(node, Mapping):
            reference = node.get("$ref")
            if isinstance(reference, str) and not resolve(reference):
                missing.append(reference)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    return missing


def field_titles(schema: Any) -> list[str]:
    """Titles inside ``properties``: pydantic derives them from field names."""
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, Mapping):
            for key, value in node.items():
                if key == "properties" and isinstance(value, Mapping):
                    found.extend(
                        f"{name}: {sub['title']}"
                        for name, sub in value.items()
                        if isinstance(sub, Mapping) and "title" in sub
                    )
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    return found


def definition(subject: Tool) -> dict[str, Any]:
    """The tool's definition without meta (which names the test module)."""
    data = subject.to_dict()
    del data["meta"]
    return data


@pytest.fixture
def snapshot_json(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    return snapshot.use_extension(JSONSnapshotExtension)


def test_there_are_at_least_25_shapes() -> None:
    assert len(SHAPES) >= 25


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_definition_snapshot(name: str, snapshot_json: SnapshotAssertion) -> None:
    assert definition(SHAPES[name].tool) == snapshot_json


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_every_reference_resolves(name: str) -> None:
    subject = SHAPES[name].tool
    assert unresolved_references(subject.input_schema) == []
    assert unresolved_references(subject.output_schema) == []


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_no_titles_made_from_field_names(name: str) -> None:
    subject = SHAPES[name].tool
    assert "title" not in subject.input_schema
    assert field_titles(subject.input_schema) == []
    assert field_titles(subject.output_schema) == []


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_root_is_a_closed_object(name: str) -> None:
    schema = SHAPES[name].tool.input_schema
    assert schema["type"] == "object"
    assert schema["additionalProperties"] is False
    if SHAPES[name].tool.output_schema is not None:
        assert SHAPES[name].tool.output_schema["type"] == "object"  # type: ignore[index]


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_schemas_compile_and_judge_the_examples(name: str) -> None:
    case = SHAPES[name]
    validator = Validator(case.tool.input_schema)
    assert validator.validate(case.valid).ok, validator.validate(case.valid)
    assert not validator.validate(case.invalid).ok
    if case.tool.output_schema is not None:
        Validator(case.tool.output_schema)


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_the_valid_example_runs_and_its_result_matches_the_output_schema(name: str) -> None:
    case = SHAPES[name]
    result = case.tool.invoke(case.valid)  # the runtime checks the output schema
    assert not result.is_error
    if case.tool.output_schema is not None:
        assert result.structured_content is not None
        assert Validator(case.tool.output_schema).validate(result.structured_content).ok


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_the_invalid_example_is_rejected_before_the_function_runs(name: str) -> None:
    with pytest.raises(ArgumentValidationError):
        SHAPES[name].tool.invoke(SHAPES[name].invalid)


def test_the_reference_checker_finds_dangling_references() -> None:
    schema = {"properties": {"a": {"$ref": "#/$defs/A"}, "b": {"$ref": "#/$defs/B"}}}
    assert unresolved_references({**schema, "$defs": {"A": {}}}) == ["#/$defs/B"]
    assert unresolved_references({"items": {"$ref": "https://example.com/s"}}) == [
        "https://example.com/s"
    ]
