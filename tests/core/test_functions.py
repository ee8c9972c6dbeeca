"""Tools from Python functions: the decorator, callables, conversions, results, errors."""

from __future__ import annotations

import asyncio
import datetime
import functools
import json
import socket
import subprocess
import sys
import uuid
import warnings
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from typing import Annotated, Any, Literal

import pytest
from pydantic import AfterValidator, BaseModel, Field, StringConstraints, field_validator

from toolbridge import (
    ArgumentValidationError,
    FunctionInvoker,
    ImageContent,
    IssueKind,
    TextContent,
    Tool,
    ToolAnnotations,
    ToolDefinitionError,
    ToolResult,
    UnsupportedAnnotationError,
    Validator,
    from_function,
    tool,
)

received: list[Any] = []


@pytest.fixture(autouse=True)
def _reset_received() -> None:
    received.clear()


class Color(Enum):
    RED = "red"
    GREEN = "green"


class Item(BaseModel):
    name: str
    price: float = 0.0

    @field_validator("name")
    @classmethod
    def _no_spaces(cls, value: str) -> str:
        if " " in value:
            raise ValueError("no spaces allowed")
        return value


@dataclass
class Span:
    start: datetime.date
    days: int


# -- the decorator and its options ----------------------------------------------------


def test_bare_decorator() -> None:
    @tool
    def greet(name: str) -> str:
        """Say hello.

        Args:
            name: Who to greet.
        """
        return f"hello {name}"

    assert isinstance(greet, Tool)
    assert greet.name == "greet"
    assert greet.description == "Say hello."
    assert greet.input_schema["properties"]["name"]["description"] == "Who to greet."
    assert isinstance(greet.invoker, FunctionInvoker)
    assert greet.invoker.function(name="x") == "hello x"
    assert greet.invoke({"name": "Ada"}).text == "hello Ada"


def test_decorator_with_every_option() -> None:
    @tool(
        name="lookup",
        title="Look up",
        description="Find a record.",
        annotations={"read_only": True, "open_world": False},
        tags={"db", "read"},
        namespace="records",
        category="search",
        version="2",
        meta={"owner": "team"},
    )
    def find(key: str) -> dict[str, str]:
        """Not this description."""
        return {"key": key}

    assert find.name == "lookup"
    assert find.title == "Look up"
    assert find.description == "Find a record."
    assert find.annotations == ToolAnnotations(read_only=True, open_world=False)
    assert find.tags == frozenset({"db", "read"})
    assert (find.namespace, find.category, find.version) == ("records", "search", "2")
    assert find.meta["owner"] == "team"
    assert find.meta["source"] == "function"
    assert find.meta["function"]["qualname"].endswith("find")


def test_empty_parentheses_and_annotation_objects() -> None:
    @tool(annotations=ToolAnnotations(idempotent=True))
    def noop() -> None:
        """Nothing."""

    assert noop.name == "noop"
    assert noop.annotations.idempotent is True


def test_tool_from_function_and_from_function_agree() -> None:
    def double(x: int) -> int:
        """Double a number."""
        return 2 * x

    made = Tool.from_function(double, name="twice", tags=["math"])
    assert made == from_function(double, name="twice", tags=["math"])
    assert made.name == "twice"
    assert made.invoke({"x": 4}).structured_content == {"result": 8}


def test_no_docstring_means_an_empty_description() -> None:
    def bare(x: int) -> None:
        pass

    assert from_function(bare).description == ""


def test_optional_literal_and_enum_shapes() -> None:
    def pick(label: str | None, mode: Literal["a", "b"], color: Color = Color.RED) -> None:
        """Pick."""

    schema = from_function(pick).input_schema
    assert schema["properties"]["label"] == {"anyOf": [{"type": "string"}, {"type": "null"}]}
    assert schema["properties"]["mode"] == {"enum": ["a", "b"], "type": "string"}
    assert schema["properties"]["color"] == {"$ref": "#/$defs/Color", "default": "red"}
    assert schema["$defs"]["Color"]["enum"] == ["red", "green"]
    assert schema["required"] == ["label", "mode"]


def test_building_tools_emits_no_warnings() -> None:
    def reserved(
        model_config: str,
        json: int,
        schema: str,
        copy: bool,
        validate: str,
        model_fields: int,
        fields: str,
        construct: str,
        marker: Any = _UNSET,  # not JSON: left out of the schema, silently
    ) -> Item:
        """Names pydantic models reserve, and a default without JSON form."""
        return Item(name=model_config)

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        made = from_function(reserved)
        made.invoke(
            {
                "model_config": "pen",
                "json": 1,
                "schema": "",
                "copy": True,
                "validate": "",
                "model_fields": 2,
                "fields": "",
                "construct": "",
            }
        )
    assert [str(warning.message) for warning in caught] == []
    assert list(made.input_schema["properties"])[:3] == ["model_config", "json", "schema"]


def test_parameter_order_follows_the_signature() -> None:
    def ordered(zeta: int, alpha: str, middle: bool = True) -> None:
        """Ordered."""

    assert list(from_function(ordered).input_schema["properties"]) == ["zeta", "alpha", "middle"]


# -- descriptions ---------------------------------------------------------------------


def test_a_field_description_wins_over_the_docstring_and_description_overrides_it() -> None:
    @tool(description="Custom.")
    def search(
        query: Annotated[str, Field(description="From the Field.")], limit: int = 10
    ) -> list[str]:
        """Search.

        Args:
            query: From the docstring.
            limit: At most this many.
        """
        return []

    properties = search.input_schema["properties"]
    assert search.description == "Custom."
    assert properties["query"]["description"] == "From the Field."
    assert properties["limit"]["description"] == "At most this many."


@pytest.mark.parametrize(
    "doc",
    [
        "Sum.\n\nArgs:\n    a: First.\n    b: Second.\n\nReturns:\n    The sum.\n",
        "Sum.\n\nParameters\n----------\na : int\n    First.\nb : int\n    Second.\n\n"
        "Returns\n-------\nint\n    The sum.\n",
        "Sum.\n\n:param a: First.\n:param b: Second.\n:returns: The sum.\n",
    ],
    ids=["google", "numpy", "rest"],
)
def test_docstring_styles(doc: str) -> None:
    def total(a: int, b: int) -> int:
        return a + b

    total.__doc__ = doc
    made = from_function(total)
    assert made.description == "Sum."
    assert made.input_schema["properties"]["a"]["description"] == "First."
    assert made.input_schema["properties"]["b"]["description"] == "Second."
    assert made.output_schema is not None
    assert made.output_schema["properties"]["result"]["description"] == "The sum."


# -- callables ------------------------------------------------------------------------


class Account:
    """A bank account."""

    def __init__(self) -> None:
        self.balance = 0

    def deposit(self, amount: Annotated[int, Field(gt=0)]) -> int:
        """Deposit money.

        Args:
            amount: How much.
        """
        self.balance += amount
        return self.balance


class AsyncGreeter:
    """Greets people, asynchronously."""

    async def __call__(self, name: str, color: Color = Color.RED) -> str:
        await asyncio.sleep(0)
        received.append(color)
        return f"hi {name}"


def test_bound_method() -> None:
    account = Account()
    deposit = tool(account.deposit)
    assert deposit.name == "deposit"
    assert "self" not in deposit.input_schema["properties"]
    assert deposit.invoke({"amount": 5}).structured_content == {"result": 5}
    assert account.balance == 5


def test_async_callable_object() -> None:
    greeter = tool(AsyncGreeter())
    assert greeter.name == "AsyncGreeter"
    assert greeter.description == "Greets people, asynchronously."
    assert isinstance(greeter.invoker, FunctionInvoker)
    assert greeter.invoker.is_async
    assert greeter.invoke({"name": "Ada", "color": "green"}).text == "hi Ada"
    assert asyncio.run(greeter.ainvoke({"name": "Bo"})).text == "hi Bo"
    assert received == [Color.GREEN, Color.RED]


def test_partial_hides_what_it_binds() -> None:
    def send(connection: socket.socket, channel: str, text: str, *, loud: bool = False) -> str:
        """Send a message.

        Args:
            connection: Bound by the partial.
            channel: Where to.
            text: What to say.
            loud: Shout.
        """
        received.append((connection, channel, text, loud))
        return text

    bound = functools.partial(send, "connection", loud=True)  # type: ignore[arg-type]
    made = tool(bound)
    assert made.name == "send"
    assert made.meta["function"] == {
        "module": __name__,
        "qualname": "partial(test_partial_hides_what_it_binds.<locals>.send)",
        "output_wrapped": True,
    }
    assert made.description == "Send a message."
    assert list(made.input_schema["properties"]) == ["channel", "text"]
    made.invoke({"channel": "#a", "text": "hi"})
    assert received == [("connection", "#a", "hi", True)]


def test_async_partial() -> None:
    async def add(a: int, b: int) -> int:
        return a + b

    made = from_function(functools.partial(add, 1), name="increment")
    assert made.invoke({"b": 2}).structured_content == {"result": 3}


def test_decorated_function_keeps_its_signature() -> None:
    def logged(function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            received.append("logged")
            return function(*args, **kwargs)

        return wrapper

    @tool
    @logged
    def shout(text: str) -> str:
        """Shout."""
        return text.upper()

    assert list(shout.input_schema["properties"]) == ["text"]
    assert shout.invoke({"text": "a"}).text == "A"
    assert received == ["logged"]


@pytest.mark.parametrize(
    ("subject", "message"),
    [
        (Account, "is a class"),
        (lambda x: x, "lambda has no name"),
        (42, "needs a callable"),
    ],
    ids=["class", "lambda", "not-callable"],
)
def test_callables_that_cannot_be_tools(subject: Any, message: str) -> None:
    with pytest.raises(ToolDefinitionError, match=message):
        from_function(subject)


def test_a_named_lambda_is_fine() -> None:
    made = from_function(lambda: "x", name="constant")
    assert made.invoke().text == "x"


def test_a_method_taken_from_its_class_is_refused() -> None:
    with pytest.raises(ToolDefinitionError, match="bound method"):
        from_function(Account.deposit)


# -- arguments reach the function as the annotated types ------------------------------


def test_arguments_are_converted_to_the_annotated_types() -> None:
    @tool
    def everything(
        item: Item,
        items: list[Item],
        color: Color,
        span: Span,
        pair: tuple[int, str],
        unique: set[str],
        when: datetime.datetime,
        ident: uuid.UUID,
        price: Decimal,
    ) -> None:
        """Receive everything."""
        received.extend([item, items, color, span, pair, unique, when, ident, price])

    everything.invoke(
        {
            "item": {"name": "pen"},
            "items": [{"name": "ink", "price": 2}],
            "color": "green",
            "span": {"start": "2025-03-01", "days": 2},
            "pair": [1, "a"],
            "unique": ["x", "y"],
            "when": "2025-03-01T10:00:00Z",
            "ident": "12345678-1234-5678-1234-567812345678",
            "price": "1.10",
        }
    )
    item, items, color, span, pair, unique, when, ident, price = received
    assert item == Item(name="pen")
    assert items == [Item(name="ink", price=2.0)]
    assert isinstance(items[0], Item)
    assert color is Color.GREEN
    assert span == Span(start=datetime.date(2025, 3, 1), days=2)
    assert pair == (1, "a")
    assert isinstance(pair, tuple)
    assert unique == {"x", "y"}
    assert isinstance(unique, set)
    assert when == datetime.datetime(2025, 3, 1, 10, tzinfo=datetime.UTC)
    assert ident == uuid.UUID("12345678-1234-5678-1234-567812345678")
    assert price == Decimal("1.10")


def test_async_functions_get_converted_arguments_too() -> None:
    @tool
    async def paint(color: Color, count: int) -> str:
        """Paint."""
        received.extend([color, count])
        return color.value

    assert asyncio.run(paint.ainvoke({"color": "red", "count": 2.0})).text == "red"
    assert received == [Color.RED, 2]
    assert type(received[1]) is int


@pytest.mark.parametrize("route", ["invoke", "ainvoke"])
def test_an_integral_float_becomes_an_int(route: str) -> None:
    @tool
    def ints(
        a: int, b: int | None, c: Literal[1, 2], d: list[int], e: int | float, f: float
    ) -> None:
        """Receive numbers."""
        received.extend([a, b, c, d, e, f])

    arguments = {"a": 1.0, "b": 2.0, "c": 1.0, "d": [3.0], "e": 4.0, "f": 5.0}
    before = dict(arguments)
    if route == "invoke":
        ints.invoke(arguments)
    else:
        asyncio.run(ints.ainvoke(arguments))
    assert received == [1, 2, 1, [3], 4.0, 5.0]
    assert [type(value) for value in received[:3]] == [int, int, int]
    assert type(received[3][0]) is int
    assert type(received[4]) is float  # int | float: the float is kept
    assert arguments == before
    assert type(arguments["a"]) is float


def test_plain_arguments_are_passed_as_they_are() -> None:
    @tool
    def plain(names: list[str], options: dict[str, Any], count: int, limit: int | None) -> None:
        """Receive plain JSON."""
        received.extend([names, options, count, limit])

    names, options = ["a"], {"k": [1]}
    arguments = {"names": names, "options": options, "count": 1.0, "limit": 2.0}
    plain.invoke(arguments)
    assert received[0] is names
    assert received[1] is options
    assert received[2:] == [1, 2]
    assert type(received[2]) is type(received[3]) is int
    assert type(arguments["count"]) is float  # the caller's dict is left alone


def test_annotated_validators_and_transforms_run() -> None:
    @tool
    def shout(
        text: Annotated[str, AfterValidator(str.upper)],
        tail: Annotated[str, StringConstraints(strip_whitespace=True)] = "",
    ) -> str:
        """Shout."""
        return text + tail

    assert shout.invoke({"text": "hey", "tail": "  !  "}).text == "HEY!"


# -- conversion failures --------------------------------------------------------------


def test_a_conversion_failure_is_an_argument_error_with_a_path() -> None:
    @tool
    def order(items: list[Item], when: datetime.date) -> None:
        """Order items."""
        received.append("called")

    with pytest.raises(ArgumentValidationError) as caught:
        order.invoke({"items": [{"name": "pen"}, {"name": "red ink"}], "when": "soon"})
    paths = {issue.path: issue for issue in caught.value.issues}
    assert set(paths) == {("items", 1, "name"), ("when",)}
    assert "no spaces" in paths[("items", 1, "name")].message
    assert paths[("when",)].kind is IssueKind.TYPE
    assert received == []


def test_a_conversion_failure_in_an_async_tool_never_reaches_it() -> None:
    @tool
    async def order(item: Item) -> None:
        """Order an item."""
        received.append("called")

    with pytest.raises(ArgumentValidationError) as caught:
        asyncio.run(order.ainvoke({"item": {"name": "a b"}}))
    assert caught.value.issues[0].path == ("item", "name")
    assert received == []


# -- parameter kinds and defaults -----------------------------------------------------

_UNSET: Any = object()


def test_positional_only_parameters() -> None:
    @tool
    def move(item: Item, color: Color = Color.RED, /, steps: int = 1) -> str:
        """Move an item."""
        received.extend([item, color, steps])
        return item.name

    assert move.invoke({"item": {"name": "pen"}, "steps": 3.0}).text == "pen"
    assert received == [Item(name="pen"), Color.RED, 3]
    assert type(received[2]) is int


def test_an_omitted_positional_only_default_keeps_later_arguments_in_place() -> None:
    @tool
    def place(first: Any = _UNSET, second: int = 2, /) -> None:
        """Place things."""
        received.extend([first, second])

    assert "default" not in place.input_schema["properties"]["first"]  # not JSON
    place.invoke({"second": 5})
    assert received == [_UNSET, 5]


def test_defaults_reach_the_function_as_its_own_objects() -> None:
    default_span = Span(start=datetime.date(2025, 1, 1), days=1)

    @tool
    def plan(
        span: Span = default_span,
        color: Color = Color.GREEN,
        marker: Any = _UNSET,
        when: datetime.datetime = None,  # type: ignore[assignment]  # noqa: RUF013 - a common shortcut
        *,
        tags: Annotated[list[str], Field(default_factory=list)],  # no Python default
        level: Annotated[int, Field(default=5)],
    ) -> None:
        """Plan."""
        received.extend([span, color, marker, when, tags, level])

    properties = plan.input_schema["properties"]
    assert properties["span"]["default"] == {"start": "2025-01-01", "days": 1}
    assert "default" not in properties["marker"]
    assert "default" not in properties["tags"]
    assert properties["level"]["default"] == 5
    assert plan.input_schema.get("required", []) == []
    plan.invoke({})
    span, color, marker, when, tags, level = received
    assert span is default_span
    assert color is Color.GREEN
    assert marker is _UNSET
    assert (tags, level, when) == ([], 5, None)


def test_local_classes_resolve_under_postponed_annotations() -> None:
    class Local(BaseModel):
        value: int

    @tool
    def use(local: Local) -> Local:
        """Use a class defined in this function."""
        return local

    assert use.invoke({"local": {"value": 1}}).structured_content == {"value": 1}


# -- return values --------------------------------------------------------------------


@dataclass
class Summary:
    count: int
    first: datetime.date


def _result(returns: Any, annotation: Any) -> tuple[Tool, ToolResult]:
    def produce() -> Any:
        return returns

    produce.__annotations__["return"] = annotation
    made = from_function(produce)
    return made, made.invoke({})


@pytest.mark.parametrize(
    ("annotation", "returns", "text", "structured"),
    [
        (Item, Item(name="pen"), '{"name": "pen", "price": 0.0}', {"name": "pen", "price": 0.0}),
        (
            Summary,
            Summary(count=1, first=datetime.date(2025, 1, 2)),
            '{"count": 1, "first": "2025-01-02"}',
            {"count": 1, "first": "2025-01-02"},
        ),
        (dict[str, int], {"a": 1}, '{"a": 1}', {"a": 1}),
        (list[Color], [Color.RED], '["red"]', {"result": ["red"]}),
        (str, "plain", "plain", {"result": "plain"}),
        (int, 7, "7", {"result": 7}),
        (Item | None, None, "", {"result": None}),
        (dict[str, datetime.date], {"d": datetime.date(2025, 1, 2)}, '{"d": "2025-01-02"}', None),
    ],
    ids=["model", "dataclass", "dict", "list", "str", "int", "none-wrapped", "dates"],
)
def test_return_values_normalise_and_match_the_output_schema(
    annotation: Any, returns: Any, text: str, structured: Any
) -> None:
    made, result = _result(returns, annotation)
    assert result.text == text
    assert made.output_schema is not None
    expected = json.loads(text) if structured is None else structured
    assert result.structured_content == expected
    assert Validator(made.output_schema).validate(result.structured_content).ok


@pytest.mark.parametrize(
    ("annotation", "returns"),
    [
        (None, None),
        (ToolResult, ToolResult.from_text("done")),
        (TextContent, TextContent(text="done")),
        (list[TextContent | ImageContent], [TextContent(text="done")]),
        (Any, "done"),
    ],
    ids=["none", "tool-result", "content-block", "content-blocks", "any"],
)
def test_results_without_an_output_schema(annotation: Any, returns: Any) -> None:
    made, result = _result(returns, annotation)
    assert made.output_schema is None
    assert result.structured_content is None
    assert result.text == ("" if returns is None else "done")


def test_no_return_annotation_means_no_output_schema() -> None:
    def untyped():  # type: ignore[no-untyped-def]
        return {"a": 1}

    made = from_function(untyped)
    assert made.output_schema is None
    assert made.invoke({}).structured_content == {"a": 1}


# -- annotations that have no JSON Schema ---------------------------------------------


class Opaque:
    """A class pydantic knows nothing about."""


def _takes_opaque(value: Opaque) -> None: ...
def _takes_socket(connection: socket.socket) -> None: ...
def _takes_callable(callback: Callable[[int], int]) -> None: ...
def _takes_missing(value: Missing) -> None: ...  # type: ignore[name-defined]  # noqa: F821
def _takes_missing_inside(values: list[Missing]) -> None: ...  # type: ignore[name-defined]  # noqa: F821
def _takes_args(*numbers: int) -> None: ...
def _takes_kwargs(first: int, **options: str) -> None: ...
def _returns_socket() -> socket.socket: ...  # type: ignore[empty-body]
def _takes_opaque_inside(values: list[Opaque] | None = None) -> None: ...


class Unfinished(BaseModel):
    later: Later  # type: ignore[name-defined]  # noqa: F821


def _takes_unfinished(value: Unfinished) -> None: ...


@pytest.mark.parametrize(
    ("function", "parameter", "message"),
    [
        (_takes_opaque, "value", "Opaque"),
        (_takes_socket, "connection", "socket"),
        (_takes_callable, "callback", "Callable"),
        (_takes_missing, "value", "Missing"),
        (_takes_missing_inside, "values", "Missing"),
        (_takes_args, "numbers", r"\*args"),
        (_takes_kwargs, "options", r"\*\*kwargs"),
        (_returns_socket, "return", "socket"),
        (_takes_opaque_inside, "values", "Opaque"),
        (_takes_unfinished, "value", "not fully defined"),
    ],
)
def test_unsupported_annotations_name_the_parameter(
    function: Callable[..., Any], parameter: str, message: str
) -> None:
    with pytest.raises(UnsupportedAnnotationError, match=message) as caught:
        from_function(function)
    assert caught.value.parameter == parameter
    assert caught.value.function == function.__qualname__
    where = "return annotation" if parameter == "return" else f"parameter {parameter!r}"
    assert where in str(caught.value)
    assert "arbitrary_types_allowed" not in str(caught.value)  # advice for pydantic users


def test_generator_functions_are_refused() -> None:
    def numbers(n: int) -> Iterator[int]:
        yield from range(n)

    async def stream(n: int) -> AsyncIterator[int]:
        yield n

    for function in (numbers, stream):
        with pytest.raises(ToolDefinitionError, match="generator function"):
            from_function(function)


def test_typing_typed_dict_on_old_pythons_is_explained() -> None:
    from typing import TypedDict

    class Old(TypedDict):
        x: int

    def takes(value: Old) -> None: ...

    if sys.version_info < (3, 12):
        with pytest.raises(UnsupportedAnnotationError, match=r"typing_extensions\.TypedDict"):
            from_function(takes)
    else:  # pragma: no cover - newer Pythons
        assert from_function(takes).input_schema["properties"]["value"]


# -- cost -----------------------------------------------------------------------------


def test_making_a_tool_does_not_import_pydantic_until_needed() -> None:
    code = (
        "import sys, toolbridge._functions\n"
        "assert 'pydantic' not in sys.modules, 'pydantic imported by toolbridge._functions'\n"
    )
    subprocess.run([sys.executable, "-I", "-c", code], check=True)
