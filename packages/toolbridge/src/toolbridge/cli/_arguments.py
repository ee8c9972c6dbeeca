"""Reading the ARGUMENTS_JSON of ``toolbridge validate``: JSON text, ``-`` or ``@path``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from toolbridge._json import loads


class ArgumentsError(ValueError):
    """ARGUMENTS_JSON cannot be read or is not JSON (a usage error, exit status 2)."""


def read_text(source: str) -> str:
    """The JSON text `source` stands for: itself, stdin for ``-``, a file for ``@path``.

    Raises:
        ArgumentsError: The file cannot be read.
    """
    if source == "-":
        return sys.stdin.read()
    if source.startswith("@"):
        path = Path(source[1:]).expanduser()
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else error
            raise ArgumentsError(f"cannot read {source[1:]!r}: {reason}") from error
    return source


def parse(text: str) -> Any:
    """Parse JSON text strictly: NaN and Infinity are refused, as JSON does.

    Raises:
        ArgumentsError: The text is not JSON; the message says where.
    """
    try:
        return loads(text)
    except RecursionError:
        raise ArgumentsError("not valid JSON: nests too deeply") from None
    except ValueError as error:
        raise ArgumentsError(f"not valid JSON: {error}") from None


def load(source: str) -> Any:
    """Read and parse ARGUMENTS_JSON; see `read_text` and `parse`."""
    return parse(read_text(source))
