"""What the command writes: JSON shapes on stdout, one-line errors on stderr."""

from __future__ import annotations

import os
import stat
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from toolbridge.cli._convert import Spool, indented
from toolbridge.errors import format_path

if TYPE_CHECKING:
    from toolbridge._validation._validator import ValidationIssue, ValidationResult
    from toolbridge.formats import Conversion, Problem

PROGRAM = "toolbridge"


def wants_json(json_flag: bool) -> bool:
    """JSON when asked for, and whenever stdout is not a terminal (piped, redirected)."""
    return json_flag or not sys.stdout.isatty()


def write_json(data: Any) -> None:
    """Write JSON to stdout: indented, keys in their documented order, UTF-8 as is."""
    sys.stdout.write(indented(data) + "\n")


def write_json_list(items: Iterable[Any]) -> None:
    """`write_json` of a list, written item by item: the same text, never held whole."""
    write_texts(indented(item, "\n  ") for item in items)


def write_spools(spools: Iterable[Spool]) -> None:
    """Write a JSON list of the items kept in `spools`, in order (`write_texts`' text)."""
    write = sys.stdout.write
    started = False
    for spool in spools:
        if spool.count:
            write("[\n  " if not started else ",\n  ")
            started = True
            for piece in spool.texts():
                write(piece)
    write("\n]\n" if started else "[]\n")


def write_texts(texts: Iterable[str]) -> None:
    """Write a JSON list of items already written as text, one level in (`indented`)."""
    write = sys.stdout.write
    started = False
    for text in texts:
        write(("[\n  " if not started else ",\n  ") + text)
        started = True
    write("\n]\n" if started else "[]\n")


def write_error(message: str) -> None:
    """Write ``toolbridge: error: MESSAGE`` to stderr, on one line whatever the message."""
    one_line = " ".join(message.split())
    sys.stderr.write(f"{PROGRAM}: error: {one_line}\n")


def write_warning(message: str) -> None:
    """Write ``toolbridge: warning: MESSAGE`` to stderr, on one line whatever the message."""
    one_line = " ".join(message.split())
    sys.stderr.write(f"{PROGRAM}: warning: {one_line}\n")


def with_notes(error: BaseException) -> str:
    """An error's message and its notes (PEP 678), as one line's text."""
    return "; ".join([str(error), *getattr(error, "__notes__", ())])


def write_note(message: str) -> None:
    """Write ``toolbridge: note: MESSAGE`` to stderr: worth knowing, not wrong."""
    sys.stderr.write(f"{PROGRAM}: note: {message}\n")


def stdin_has_data() -> bool:
    """Whether stdin is a pipe, or a file with something in it: input left unread.

    Never reads it, so never waits: a terminal or ``/dev/null`` says no.
    """
    try:
        status = os.fstat(sys.stdin.fileno())
    except (AttributeError, OSError, ValueError):  # closed, or replaced by a non-file
        return False
    return stat.S_ISFIFO(status.st_mode) or (stat.S_ISREG(status.st_mode) and status.st_size > 0)


class TargetCheck(NamedTuple):
    """What ``check`` without ``--target`` found for one target."""

    target: str
    strict: bool
    """Whether it was checked in strict mode (asked, and the format has one)."""
    problems: tuple[Problem, ...]


def issue_to_json(issue: ValidationIssue) -> dict[str, Any]:
    """One issue: JSON Pointers (RFC 6901) for where it is and which keyword failed."""
    return {
        "path": format_path(issue.path),
        "kind": str(issue.kind),
        "message": issue.message,
        "schema_path": format_path(issue.schema_path),
    }


def validation_to_json(result: ValidationResult) -> dict[str, Any]:
    """``{"valid": true, "arguments": ...}`` or ``{"valid": false, "issues": [...]}``."""
    if result.ok:
        return {"valid": True, "arguments": result.value}
    return {"valid": False, "issues": [issue_to_json(issue) for issue in result.issues]}


def report_summary(conversion: Conversion, source: str, report: Path | None) -> str:
    """One line for a person about a conversion's report (stderr, a terminal only)."""
    count = len(conversion.output) if isinstance(conversion.output, list) else 1
    actions = Counter(entry.action.value for entry in conversion.report)
    return summary_line(count, source, conversion.target, actions, report)


def summary_line(
    count: int, source: str, target: str, actions: Counter[str], report: Path | None
) -> str:
    """`report_summary`'s line from its parts: the tools, and the changes by action."""
    head = f"{PROGRAM}: {count} tool{'s' * (count != 1)} from {source} to {target}"
    changes = sum(actions.values())
    if not changes:
        return f"{head}, nothing changed"
    counts = ", ".join(f"{number} {action}" for action, number in actions.most_common())
    where = f"listed in {str(report)!r}" if report else "--report FILE lists them"
    return f"{head}: {changes} change{'s' * (changes != 1)} ({counts}); {where}"
