"""A FastMCP server whose tools ask the user, on both protocol eras.

Run: ``python eliciting_server.py`` (stdio) or ``python eliciting_server.py --http
PORT`` (streamable HTTP on 127.0.0.1). On a handshake-era connection (the client opened
with ``initialize``) a tool asks with a server-initiated ``elicitation/create``
request; on a 2026-07-28 connection (``server/discover``) it returns an
``input_required`` result and reads the answers when the client calls again. So one
server tests both ways a client can be asked.

Tools (what each asks, then what it answers):

- ``book_table(restaurant)``: a form of ``guests`` (integer) and ``name`` (string);
  ``booked <restaurant> for <guests> under <name>``, ``declined`` or ``cancelled``.
- ``sign_in()``: URL mode, ``https://auth.example.test/start``; ``signed in``,
  ``declined`` or ``cancelled``.
- ``defaults()``: a form whose every field has a default (SEP-1034); the accepted
  content as JSON.
- ``two_rounds()``: ``first`` (a string), then ``second``; ``first=<a> second=<b>``.
- ``typo_form()``: a form whose ``n`` has ``"type": "integr"`` (no JSON Schema); the
  action the answer took.
- ``era()``: nothing; the negotiated protocol version.
- ``write_poem()``: sampling (deprecated), a ``sampling/createMessage`` request; the
  text written, or an error.
- ``forever()``: a question on every round (2026-07-28); it never ends by itself.
- ``listings()``: nothing; how many ``tools/list`` requests the server has answered.
- ``add_tool()``: nothing; adds a tool ``added`` (the server says its tools changed).
- ``weather(region, city)``: nothing; ``<city> in <region>: sunny``. ``region`` is
  marked ``x-mcp-header: Region``: over HTTP on 2026-07-28 the server refuses a call
  without the ``Mcp-Param-Region`` header.

``--cache-ttl SECONDS`` lets clients reuse ``tools/list`` answers that long (``ttlMs``).
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import mcp_types
from fastmcp import Context, FastMCP
from fastmcp.server.middleware import Middleware
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from pydantic import Field

CACHE_TTL = int(sys.argv[sys.argv.index("--cache-ttl") + 1]) if "--cache-ttl" in sys.argv else None
LISTINGS = [0]


class _CountListings(Middleware):
    async def on_list_tools(self, context: Any, call_next: Any) -> Any:
        LISTINGS[0] += 1
        return await call_next(context)


server = FastMCP("eliciting", cache_ttl=CACHE_TTL, middleware=[_CountListings()])

GUESTS_FORM: dict[str, Any] = {
    "type": "object",
    "properties": {
        "guests": {"type": "integer", "minimum": 1, "description": "How many people"},
        "name": {"type": "string", "description": "The name of the booking"},
    },
    "required": ["guests", "name"],
}
DEFAULTS_FORM: dict[str, Any] = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "default": "John Doe"},
        "age": {"type": "integer", "default": 30},
        "score": {"type": "number", "default": 95.5},
        "status": {"type": "string", "enum": ["active", "inactive"], "default": "active"},
        "verified": {"type": "boolean", "default": True},
    },
}
SIGN_IN_URL = "https://auth.example.test/start"


def _modern(ctx: Context) -> bool:
    context = ctx.request_context
    return context is not None and context.protocol_version in MODERN_PROTOCOL_VERSIONS


def _form(message: str, schema: dict[str, Any]) -> mcp_types.ElicitRequest:
    return mcp_types.ElicitRequest(
        params=mcp_types.ElicitRequestFormParams(message=message, requested_schema=schema)
    )


async def _ask(ctx: Context, key: str, request: mcp_types.ElicitRequest) -> Any:
    """The answer to `request`, or the `InputRequiredResult` that asks it (2026-07-28)."""
    if _modern(ctx):
        answers = ctx.input_responses or {}
        if key in answers:
            return answers[key]
        return mcp_types.InputRequiredResult(input_requests={key: request})
    params = request.params
    if isinstance(params, mcp_types.ElicitRequestURLParams):
        return await ctx.session.elicit_url(
            message=params.message,
            url=params.url,
            elicitation_id=params.elicitation_id or key,
            related_request_id=ctx.request_id,
        )
    return await ctx.session.elicit(
        message=params.message,
        requested_schema=params.requested_schema,
        related_request_id=ctx.request_id,
    )


def _action(answer: Any) -> tuple[str, dict[str, Any]]:
    if isinstance(answer, dict):
        return answer.get("action", "?"), answer.get("content") or {}
    return answer.action, dict(answer.content or {})


@server.tool
async def book_table(restaurant: str, ctx: Context) -> Any:
    """Book a table; asks how many guests and under which name."""
    answer = await _ask(ctx, "guests", _form(f"Booking at {restaurant}: details?", GUESTS_FORM))
    if isinstance(answer, mcp_types.InputRequiredResult):
        return answer
    action, content = _action(answer)
    if action != "accept":
        return "declined" if action == "decline" else "cancelled"
    return f"booked {restaurant} for {content.get('guests')} under {content.get('name')}"


@server.tool
async def sign_in(ctx: Context) -> Any:
    """Sign in to the booking service; asks the user to visit a page."""
    request = mcp_types.ElicitRequest(
        params=mcp_types.ElicitRequestURLParams(
            message="Sign in to continue", url=SIGN_IN_URL, elicitation_id="sign-in-1"
        )
    )
    answer = await _ask(ctx, "sign_in", request)
    if isinstance(answer, mcp_types.InputRequiredResult):
        return answer
    action, _ = _action(answer)
    return {"accept": "signed in", "decline": "declined"}.get(action, "cancelled")


@server.tool
async def defaults(ctx: Context) -> Any:
    """Ask a form whose every field has a default; return what was accepted."""
    answer = await _ask(ctx, "profile", _form("Your profile", DEFAULTS_FORM))
    if isinstance(answer, mcp_types.InputRequiredResult):
        return answer
    action, content = _action(answer)
    return json.dumps({"action": action, "content": content}, sort_keys=True)


@server.tool
async def two_rounds(ctx: Context) -> Any:
    """Ask one question, then another once the first is answered."""
    text = {"type": "object", "properties": {"value": {"type": "string"}}, "required": ["value"]}
    if _modern(ctx):  # the first answer travels in the request state between rounds
        kept = ctx.request_state
        answers = ctx.input_responses or {}
        if kept is None and "first" not in answers:
            return mcp_types.InputRequiredResult(input_requests={"first": _form("First?", text)})
        if kept is None:
            first = _action(answers["first"])[1].get("value")
            return mcp_types.InputRequiredResult(
                input_requests={"second": _form("Second?", text)}, request_state=str(first)
            )
        return f"first={kept} second={_action(answers['second'])[1].get('value')}"
    first = await _ask(ctx, "first", _form("First?", text))
    second = await _ask(ctx, "second", _form("Second?", text))
    return f"first={_action(first)[1].get('value')} second={_action(second)[1].get('value')}"


@server.tool
async def typo_form(ctx: Context) -> Any:
    """Ask with a form that is not JSON Schema (a typo in a type); return the action."""
    typo = {"type": "object", "properties": {"n": {"type": "integr"}}}
    answer = await _ask(ctx, "n", _form("How many?", typo))
    if isinstance(answer, mcp_types.InputRequiredResult):
        return answer
    return _action(answer)[0]


@server.tool
async def write_poem(ctx: Context) -> Any:
    """Ask this client's model to write (sampling, deprecated since 2026-07-28)."""
    request = mcp_types.CreateMessageRequest(
        params=mcp_types.CreateMessageRequestParams(
            messages=[
                mcp_types.SamplingMessage(
                    role="user", content=mcp_types.TextContent(type="text", text="A poem")
                )
            ],
            max_tokens=50,
        )
    )
    if _modern(ctx):
        answers = ctx.input_responses or {}
        if "poem" not in answers:
            return mcp_types.InputRequiredResult(input_requests={"poem": request})
        return str(answers["poem"])
    written = await ctx.session.create_message(
        messages=request.params.messages, max_tokens=50, related_request_id=ctx.request_id
    )
    return str(written.content)


@server.tool
async def forever(ctx: Context) -> Any:
    """Ask again on every round: a call that never ends by itself (2026-07-28)."""
    text = {"type": "object", "properties": {"value": {"type": "string"}}}
    return mcp_types.InputRequiredResult(input_requests={"again": _form("Again?", text)})


@server.tool
def listings() -> int:
    """How many tools/list requests this server has answered."""
    return LISTINGS[0]


@server.tool
def add_tool() -> str:
    """Add a tool named `added`; the server tells its clients its tools changed."""

    def added() -> str:
        """A tool added while the server runs."""
        return "added"

    server.add_tool(added)
    return "ok"


@server.tool
def weather(
    region: Annotated[str, Field(json_schema_extra={"x-mcp-header": "Region"})], city: str
) -> str:
    """The weather in a city; its region travels in a header too."""
    return f"{city} in {region}: sunny"


@server.tool
async def era(ctx: Context) -> str:
    """The protocol version this connection negotiated."""
    context = ctx.request_context
    return str(context.protocol_version if context is not None else None)


if __name__ == "__main__":
    if "--http" in sys.argv:
        port = int(sys.argv[sys.argv.index("--http") + 1])
        server.run(transport="http", host="127.0.0.1", port=port, show_banner=False)
    else:
        server.run(show_banner=False)
