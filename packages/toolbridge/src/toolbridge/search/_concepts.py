"""The words people ask with, and the words tools describe themselves with.

A user files a *bug*, a tool creates an *issue*; a user books an *appointment*, a
calendar tool creates an *event*; a user has *sales.xlsx*, a tool reads an *Excel
workbook*. BM25 matches words, so a query's word that has a usual name in tool
documentation also brings that name. The expansions are added to the query, never
put in place of its words: a tool that does say *bug* still matches best.

The table is general knowledge of software vocabulary (file types, the nouns of
issue trackers, calendars, mail and chat, and common verbs), written once and
checked on the tuning halves of the labelled query sets (`bench/search_styles/`).
"""

from __future__ import annotations

from functools import cache
from typing import Final

from toolbridge.search._tokenize import tokenize

__all__ = ["everyday_words", "meanings"]

_CONCEPTS: Final[dict[str, str]] = {
    # issue trackers
    "bug": "issue",
    "ticket": "issue",
    "defect": "issue",
    "story": "issue",
    "backlog": "issue",
    # calendars
    "appointment": "event",
    "meeting": "event",
    "reschedule": "update event",
    "agenda": "event",
    "invite": "event attendee",
    "busy": "free",
    # tasks and notes
    "todo": "task",
    "chore": "task",
    "jot": "note write",
    # mail and chat
    "mail": "email",
    "inbox": "email",
    "chat": "message",
    "dm": "message",
    "ping": "message",
    "reply": "message",
    # files and documents
    "spreadsheet": "sheet workbook",
    "xlsx": "excel workbook",
    "xls": "excel workbook",
    "tab": "sheet",
    "docx": "word document",
    "pptx": "presentation slide",
    "slides": "presentation",
    "deck": "presentation",
    "folder": "directory",
    "rename": "move",
    "pdf": "document",
    "parquet": "query",
    "csv": "file",
    "picture": "image",
    "photo": "image",
    "screenshot": "image",
    # the web
    "website": "page site",
    "webpage": "page",
    "link": "url",
    "browse": "navigate",
    "crawl": "scrape",
    # operations
    "outage": "incident",
    "alert": "monitor",
    "slow": "performance latency",
    "deploy": "deployment",
    "ship": "deploy release",
    # common verbs
    "erase": "delete",
    "remove": "delete",
    "wipe": "delete",
    "drop": "delete",
    "discard": "delete",
    "purge": "delete",
    "trash": "delete",
    "rid": "delete",
    "fetch": "get",
    "grab": "get",
    "retrieve": "get",
    "view": "get",
    "show": "get list",
    "enumerate": "list",
    "many": "count",
    "tally": "count",
    "find": "search",
    "remark": "comment",
    "adjust": "update",
    "tweak": "update",
    "change": "update",
    "edit": "update",
    "modify": "update",
    "add": "create",
    "make": "create",
    "start": "create",
    "look": "search",
    "lookup": "search",
    "remind": "reminder",
    "abort": "cancel",
    "halt": "stop cancel",
    "stop": "cancel",
    "kill": "stop",
    "join": "merge",
    "combine": "merge",
    "spin": "create",
    "launch": "start create",
    "provision": "create",
    "fire": "trigger",
    "execute": "run",
    "invoke": "call run",
    "clone": "copy",
    "duplicate": "copy",
    "dismiss": "close",
    "markup": "html",
    "note": "comment",
    # services people abbreviate
    "ado": "azure devops",
    "gh": "github",
    "gcal": "google calendar",
    "gdrive": "google drive",
    # places and travel
    "directions": "route",
    "commute": "route directions",
    "weather": "forecast",
    "rain": "forecast weather",
    # money
    "stock": "ticker",
    "shares": "stock ticker",
}
"""A word people use, and what tools call it (as text; tokenized like the index)."""


@cache
def _table() -> dict[str, tuple[str, ...]]:
    """`_CONCEPTS` as the index's words: stemmed word to stemmed expansions."""
    table: dict[str, tuple[str, ...]] = {}
    for word, meaning in _CONCEPTS.items():
        expansions = tuple(tokenize(meaning))
        for key in tokenize(word):
            table[key] = table.get(key, ()) + expansions
    return table


def everyday_words() -> frozenset[str]:
    """The (stemmed) words the table knows: real words, never to be read as typos."""
    return frozenset(_table())


def meanings(word: str) -> tuple[str, ...]:
    """The usual tool words for `word` (stemmed), none when the table has none."""
    return _table().get(word, ())
