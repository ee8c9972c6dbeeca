"""A running tool asks its caller's user a question: `toolbridge.elicit` behind the scenes.

The question becomes an `Elicitation` and goes, as a round of one, to the running
call's `CallContext.on_elicit`: a served tool's server asks its client there, a
framework plugin its human-in-the-loop mechanism. The form is checked before it is
asked (MCP allows a flat object of strings, numbers, integers, booleans and enums,
and arrays of enum strings), and an accepted answer is checked against it, since the
values come from outside. `checked_answer` is that check, the one every path uses: a
served tool's `elicit` here, and the MCP client on every answer it would send to a
server (its ``on_elicit``, a call's round function, ``toolbridge mcp call --answer``).
Without anybody to ask, the question is declined, as MCP clients without an answerer
do. The time the user takes does not count against the
tool's timeout: the running calls' deadlines move by it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from typing import Any, Final

from toolbridge._context import Elicitation, ElicitResult, current_call
from toolbridge._runtime import deadlines_paused
from toolbridge.errors import ElicitationError, ToolDefinitionError

__all__ = ["ask", "checked_answer", "form_schema"]

_PRIMITIVES: Final = frozenset({"string", "number", "integer", "boolean"})
_ASKED: Final[ContextVar[tuple[object, Iterator[int]] | None]] = ContextVar(
    "toolbridge_asked", default=None
)
"""The call context questions were last asked in, and the count of them there."""


async def ask(
    message: str, schema: Mapping[str, Any] | type[Any] | None, *, url: str | None
) -> ElicitResult:
    """Ask `message` (a form of `schema`, or a visit to `url`) through the running call."""
    text: object = message
    if not isinstance(text, str) or not text.strip():
        raise ToolDefinitionError("elicit: the message must be a non-empty string")
    if (schema is None) == (url is None):
        raise ToolDefinitionError("elicit: give a form schema or a url, not both or neither")
    context = current_call()
    key = f"q{_number(context)}"
    if url is not None:
        page: object = url
        if not isinstance(page, str) or not page.startswith(("https://", "http://")):
            raise ToolDefinitionError(f"elicit: url must be an http(s) URL, got {url!r}")
        question = Elicitation(key=key, message=message, mode="url", url=url, elicitation_id=key)
        form: dict[str, Any] | None = None
    else:
        form = form_schema(schema)
        question = Elicitation(key=key, message=message, requested_schema=form)
    if context is None or context.on_elicit is None:
        return ElicitResult.decline()
    with deadlines_paused():  # the time a person takes is not the tool's
        answers = await context.on_elicit([question])
    answer = answers.get(key)
    if answer is None:
        return ElicitResult.decline()
    return checked_answer(question, answer)


def _number(context: object) -> int:
    """The question's number in its call: the same when the call is made again.

    A resumed LangGraph run or a 2026-07-28 round runs the tool again, in a new call
    context, and its answers are matched to its questions by these keys.
    """
    asked = _ASKED.get()
    if asked is None or asked[0] is not context:
        asked = (context, itertools.count(1))
        _ASKED.set(asked)
    return next(asked[1])


def form_schema(schema: object) -> dict[str, Any]:
    """`schema` as the flat JSON Schema object MCP elicitation allows.

    Raises:
        ToolDefinitionError: It is not one (what is wrong, and where).
    """
    if isinstance(schema, type):
        build = getattr(schema, "model_json_schema", None)
        if build is None:
            raise ToolDefinitionError(
                f"elicit: {schema.__name__} is not a pydantic model; give a JSON Schema"
            )
        schema = build()
    if not isinstance(schema, Mapping) or schema.get("type") != "object":
        raise ToolDefinitionError("elicit: the form must be a JSON Schema of type 'object'")
    properties = schema.get("properties")
    if not isinstance(properties, Mapping) or not properties:
        raise ToolDefinitionError("elicit: the form needs at least one property")
    for name, field in properties.items():
        if not _flat(field):
            raise ToolDefinitionError(
                f"elicit: property {name!r} is not a string, number, integer, boolean or "
                "enum (MCP forms are flat; nested objects and references are not allowed)"
            )
    form = {key: value for key, value in schema.items() if key not in ("title", "$defs")}
    return dict(form)


def _flat(field: object) -> bool:
    if not isinstance(field, Mapping) or "$ref" in field:
        return False
    kind = field.get("type")
    if kind in _PRIMITIVES:
        return True
    if kind == "array":
        items = field.get("items")
        return isinstance(items, Mapping) and ("enum" in items or "anyOf" in items)
    return kind is None and ("enum" in field or "oneOf" in field or "anyOf" in field)


def checked_answer(question: Elicitation, answer: ElicitResult) -> ElicitResult:
    """`answer` as it is sent: an accepted form's values checked against the form.

    The form's defaults fill what the answer leaves out first, as the wire wants
    (SEP-1034). A URL-mode question, a decline or a cancel is returned as it is.

    Raises:
        ElicitationError: The form refuses the values (each problem with its JSON path).
        SchemaError: The form itself is not a JSON Schema that can be checked against.
    """
    schema = question.requested_schema
    if answer.action != "accept" or question.mode != "form" or schema is None:
        return answer
    from toolbridge._validation._validator import Validator

    properties = schema.get("properties")
    filled = {
        name: field["default"]
        for name, field in (properties.items() if isinstance(properties, Mapping) else ())
        if isinstance(field, Mapping) and "default" in field
    }
    content: object = {} if answer.content is None else answer.content
    # (content that is no object is checked as it is: the form says what is wrong)
    outcome = Validator(schema).validate(
        {**filled, **content} if isinstance(content, Mapping) else content
    )
    if not outcome.ok:
        raise ElicitationError(question.message, outcome.issues)
    return ElicitResult.accept(outcome.value)
