"""``@tool`` functions that ask the user, for ``toolbridge serve`` in the elicitation tests.

- ``book(restaurant, context)``: asks ``guests`` (a form), then a name (``elicit``);
  ``<restaurant> for <guests> under <name>``, or what was declined.
- ``visit()``: asks the user to visit a page (URL mode); the action.
- ``runs()``: how many times ``book`` started in this process (a 2026-07-28 call runs
  again with each round's answers).
- ``shout(text)``: prints ``text`` and returns it (where a tool's prints go).
"""

from __future__ import annotations

from toolbridge import ToolContext, elicit, tool

RUNS = [0]
GUESTS = {
    "type": "object",
    "properties": {"guests": {"type": "integer", "minimum": 1}},
    "required": ["guests"],
}
NAME = {"type": "object", "properties": {"name": {"type": "string", "default": "Ann"}}}


@tool
async def book(restaurant: str, context: ToolContext) -> str:
    """Book a table, asking how many guests and whose name."""
    RUNS[0] += 1
    guests = await context.elicit(f"How many guests at {restaurant}?", GUESTS)
    if guests.action != "accept" or guests.content is None:
        return f"guests {guests.action}"
    name = await elicit("Under which name?", NAME)
    if name.action != "accept" or name.content is None:
        return f"name {name.action}"
    return f"{restaurant} for {guests.content['guests']} under {name.content['name']}"


@tool
async def visit() -> str:
    """Ask the user to sign in on a page."""
    answer = await elicit("Sign in first", url="https://auth.example.test/start")
    return answer.action


@tool
def runs() -> int:
    """How many times book started in this process."""
    return RUNS[0]


@tool
def shout(text: str) -> str:
    """Print the text and return it."""
    print(text, flush=True)
    return text
