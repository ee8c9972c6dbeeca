"""How ``toolbridge mcp call`` answers a server's questions to the user.

Given ``--answer`` values, each answers the next question in turn: ``accept``,
``decline`` or ``cancel``, or a JSON object (the form's values, accepted; the MCP
client checks them against the form, as every answer it sends, so an answer it
refuses is never sent). Without
them, a question is asked on the terminal when standard input is one; otherwise it is
declined, with a warning that says how to answer it next time. A form is asked field
by field, each shown with its type, choices and default (Enter takes the default).
"""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Mapping, Sequence
from typing import Any, Final, TextIO

from toolbridge._context import Elicitation, ElicitResult

__all__ = ["Answers", "parse_answer"]

_WORDS: Final = ("accept", "decline", "cancel")


def parse_answer(text: str) -> ElicitResult:
    """One ``--answer``: a word, or a JSON object of the form's values.

    Raises:
        ValueError: It is neither (the message says what is accepted).
    """
    word = text.strip().lower()
    if word in _WORDS:
        return ElicitResult(action=word)  # type: ignore[arg-type]  # one of _WORDS
    try:
        value = json.loads(text)
    except ValueError:
        value = None
    if not isinstance(value, dict):
        raise ValueError(
            f"expected accept, decline, cancel or a JSON object of the form's values, "
            f"not {text[:80]!r}"
        )
    return ElicitResult.accept(value)


class Answers:
    """The ``on_elicit`` handler of one ``mcp call``: given answers, a terminal, or no."""

    def __init__(
        self,
        given: Sequence[ElicitResult],
        *,
        stdin: TextIO | None = None,
        stderr: TextIO | None = None,
    ) -> None:
        self._given = list(given)
        self._stdin = stdin if stdin is not None else sys.stdin
        self._stderr = stderr if stderr is not None else sys.stderr
        self._lock = threading.Lock()
        self.declined: list[Elicitation] = []
        """Questions nobody could answer (no ``--answer`` left and no terminal)."""

    def __call__(self, question: Elicitation) -> ElicitResult:
        with self._lock:  # one question at a time, in the order they come
            if self._given:
                return self._given.pop(0)
            if self._stdin.isatty():
                return self._ask(question)
            self.declined.append(question)
            return ElicitResult.decline()

    def _say(self, text: str) -> None:
        self._stderr.write(text + "\n")
        self._stderr.flush()

    def _read(self, prompt: str) -> str:
        self._stderr.write(prompt)
        self._stderr.flush()
        line = self._stdin.readline()
        if not line:  # end of input: the user gave up
            raise EOFError
        return line.rstrip("\n")

    def _ask(self, question: Elicitation) -> ElicitResult:
        server = f"MCP server {question.server!r}" if question.server else "The server"
        self._say(f"{server} asks: {question.message}")
        try:
            if question.mode == "url":
                self._say(f"  Open this page: {question.url}")
                reply = self._read("  Press Enter once done (or type decline / cancel): ")
                word = reply.strip().lower()
                return ElicitResult(action=word) if word in _WORDS[1:] else ElicitResult.accept()  # type: ignore[arg-type]
            return self._form(question.requested_schema or {})
        except EOFError:
            return ElicitResult.cancel()

    def _form(self, schema: Mapping[str, Any]) -> ElicitResult:
        properties = schema.get("properties")
        required = set(schema.get("required") or ())
        content: dict[str, Any] = {}
        fields = properties.items() if isinstance(properties, Mapping) else ()
        for name, field in fields:
            field = field if isinstance(field, Mapping) else {}
            while True:
                reply = self._read(f"  {_label(name, field, name in required)}: ")
                if reply.strip().lower() in ("decline", "cancel"):
                    return ElicitResult(action=reply.strip().lower())  # type: ignore[arg-type]
                if not reply and "default" in field:
                    content[name] = field["default"]
                    break
                if not reply and name not in required:
                    break
                try:
                    content[name] = _value(reply, field)
                    break
                except ValueError as error:
                    self._say(f"  {error}")
        return ElicitResult.accept(content)


def _label(name: str, field: Mapping[str, Any], required: bool) -> str:
    kind = field.get("type", "string")
    parts = [str(kind)]
    choices = field.get("enum")
    if isinstance(choices, list):
        parts.append("one of " + ", ".join(map(str, choices)))
    if "default" in field:
        parts.append(f"default {field['default']!r}")
    if not required:
        parts.append("optional")
    described = field.get("description") or field.get("title") or name
    return f"{described} ({name}; {'; '.join(parts)})"


def _value(reply: str, field: Mapping[str, Any]) -> Any:
    """The typed value of one reply; ValueError says what was wanted."""
    kind = field.get("type", "string")
    choices = field.get("enum")
    if kind == "boolean":
        word = reply.strip().lower()
        if word in ("y", "yes", "true"):
            return True
        if word in ("n", "no", "false"):
            return False
        raise ValueError("answer yes or no")
    if kind == "integer":
        try:
            return int(reply)
        except ValueError:
            raise ValueError("expected a whole number") from None
    if kind == "number":
        try:
            return float(reply)
        except ValueError:
            raise ValueError("expected a number") from None
    if kind == "array":
        return [item.strip() for item in reply.split(",") if item.strip()]
    if isinstance(choices, list) and reply not in choices:
        raise ValueError("expected one of " + ", ".join(map(str, choices)))
    return reply
