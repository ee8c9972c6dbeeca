"""``toolbridge convert`` of a JSON array of tools, tool by tool, in bounded memory.

Reading a whole file of tools, then converting it, holds every tool three times (the
parsed JSON, the `Tool`, its conversion): 30 to 60 times the file for small tools.
Here each item of the array is parsed, read, converted and written to text on its
own, and dropped; what is kept is the file's text, the names and the written text
(compressed: `Spool`).
The text is the same as the whole file's conversion: when that is not sure (an
input that is not an array, an item that cannot be read or converted, two tools of
one name, a name the target does not take as it is) `streamed` answers None and the
command converts the whole file as before, which says what is wrong.

The JSON is written by `indented`: `json.dumps` with ``indent`` runs in pure Python
(its C encoder only writes compact JSON), and was half of a conversion's time.
"""

from __future__ import annotations

import codecs
import json
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Final

from toolbridge import formats
from toolbridge.errors import ToolbridgeError
from toolbridge.formats import Source, Target
from toolbridge.schema import LossEntry

__all__ = ["NotAnArray", "Spool", "Streamed", "indented", "items", "streamed"]

_SPACE: Final = " \t\n\r"
_encode: Callable[[str], str] = json.encoder.encode_basestring  # (C, as `json.dumps`)
_DECODE: Final = json.JSONDecoder(parse_constant=lambda name: _not_json(name)).raw_decode


def _not_json(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


_PENDING: Final = 16_384
"""A `Spool` compresses its texts in pieces of about this many characters."""


class Spool:
    """JSON texts kept compressed until they are written, in the order added.

    What a file's tools make can be several times the file (a problem's text for
    each tool and target); its JSON repeats itself, and is kept in a tenth of that.
    """

    __slots__ = ("_blocks", "_packer", "_pending", "_size", "count")

    def __init__(self) -> None:
        self._packer: Any = None
        self._blocks: list[bytes] = []
        self._pending: list[str] = []  # texts not compressed yet: one call for many
        self._size = 0  # their characters
        self.count = 0
        """How many texts were added."""

    def add(self, text: str) -> None:
        """Add one item's text (one level in: `indented` with a newline and two spaces)."""
        self._pending.append(text if not self.count else ",\n  " + text)
        self.count += 1
        self._size += len(text)
        if self._size > _PENDING:
            self._pack()

    def _pack(self) -> None:
        """Compress the pending texts."""
        if self._packer is None:  # (small buffers: a check keeps four spools a target)
            self._packer = zlib.compressobj(1, zlib.DEFLATED, 12, 5)
        block = self._packer.compress("".join(self._pending).encode())
        self._pending.clear()
        self._size = 0
        if block:
            self._blocks.append(block)

    def seal(self) -> None:
        """Compress what is pending, so that a text UTF-8 cannot write fails here.

        A lone surrogate raises `UnicodeEncodeError` (a `ValueError`) before anything
        is written: the caller falls back to the whole file's writing, which escapes it.
        """
        if self._pending:
            self._pack()

    def texts(self) -> Iterator[str]:
        """The texts added, joined by a comma and a new line, in pieces; once only."""
        self.seal()
        if self._packer is None:
            return
        blocks, self._blocks = self._blocks, []
        blocks.append(self._packer.flush())
        unpacker = zlib.decompressobj(12)
        decoder = codecs.getincrementaldecoder("utf-8")()
        blocks.reverse()
        while blocks:  # (each block freed once read)
            yield decoder.decode(unpacker.decompress(blocks.pop()))
        yield decoder.decode(unpacker.flush(), final=True)


@dataclass(slots=True)
class Streamed:
    """What the streamed conversion made: the tools' text, and what the report needs."""

    written: Spool = field(default_factory=Spool)
    """Each tool's JSON text, as `toolbridge.cli._output.write_json_list` writes it."""
    report: list[LossEntry] | None = None
    """Every change, when asked for (``--report``)."""
    actions: Counter[str] = field(default_factory=Counter)
    """How many changes of each action (the summary line)."""


def streamed(
    text: str, source: Source, target: Target, strict: bool | None, *, report: bool
) -> Streamed | None:
    """The conversion of the array of tools in `text`, tool by tool; None if unsure.

    None when the text is not a JSON array, or the whole file's conversion could
    differ (see the module docstring): the caller converts the whole file then.
    """
    done = Streamed(report=[] if report else None)
    names: set[str] = set()
    try:
        for item in items(text):
            if not _one_item(item, source, target, strict, names, done):
                return None
        done.written.seal()  # (a lone surrogate: the whole file's writing escapes it)
    except (ToolbridgeError, ValueError, RecursionError):
        return None  # the whole file's reading says what is wrong, and where
    return done


def items(text: str) -> Iterator[Any]:
    """The items of the JSON array `text`, parsed one at a time.

    Raises:
        ValueError: The text is not a JSON array (`NotAnArray`), or not JSON.
        RecursionError: An item nests deeper than the parser can follow.
    """
    at = _skip(text, 0)
    if not text.startswith("[", at):
        raise NotAnArray
    at = _skip(text, at + 1)
    if text.startswith("]", at):
        if _skip(text, at + 1) != len(text):
            raise NotAnArray
        return
    while True:
        item, at = _DECODE(text, at)
        yield item
        at = _skip(text, at)
        if text.startswith(",", at):
            at = _skip(text, at + 1)
            continue
        if text.startswith("]", at) and _skip(text, at + 1) == len(text):
            return
        raise NotAnArray


class NotAnArray(ValueError):
    """The text is not one JSON array (`items`)."""


def _one_item(
    item: Any,
    source: Source,
    target: Target,
    strict: bool | None,
    names: set[str],
    done: Streamed,
) -> bool:
    """Read one item of the array and write its tools; False when unsure (see `streamed`)."""
    read = formats.read_tools([item], source)  # (read as a list's item is)
    for tool in read if isinstance(read, list) else (read,):
        if tool.name in names:
            return False
        names.add(tool.name)
        conversion = formats.convert(tool, target, strict=strict)
        if conversion.names.exposed(tool.name) != tool.name:
            return False  # renamed: the whole set's name map decides to what
        done.written.add(indented(conversion.output, "\n  "))
        for entry in conversion.report:
            done.actions[entry.action.value] += 1
        if done.report is not None:
            done.report.extend(conversion.report)
    return True


def _skip(text: str, at: int) -> int:
    """The index of the first character from `at` that is not JSON whitespace."""
    end = len(text)
    while at < end and text[at] in _SPACE:
        at += 1
    return at


def indented(value: Any, newline: str = "\n") -> str:
    """``json.dumps(value, indent=2, ensure_ascii=False, allow_nan=False)``, faster.

    `newline` starts each line (a newline and two spaces: the text one level in, as in
    a list).
    Anything but plain JSON (a key that is not a string, a number that is not
    finite, another type) is left to `json.dumps`, which says the same as before.
    """
    if type(value) is dict and value:
        flat = _flat(value, newline)
        if flat is not None:
            return flat
    parts: list[str] = []
    try:
        _write(value, newline, parts.append)
    except (_NotPlain, RecursionError):  # (json.dumps says what is wrong: a cycle, say)
        text = json.dumps(value, indent=2, ensure_ascii=False, allow_nan=False)
        return text.replace("\n", newline) if newline != "\n" else text
    return "".join(parts)


def _flat(value: dict[Any, Any], newline: str) -> str | None:
    """`indented` of an object of strings only (a problem's), in one join; else None."""
    inner = newline + "  "
    parts = []
    for key, item in value.items():
        if type(key) is not str or type(item) is not str:
            return None
        parts.append(f"{_encode(key)}: {_encode(item)}")
    return "{" + inner + f",{inner}".join(parts) + newline + "}"


class _NotPlain(Exception):
    """A value `_write` leaves to `json.dumps`."""


def _write(value: Any, newline: str, add: Callable[[str], Any]) -> None:
    kind = type(value)
    if kind is str:
        add(_encode(value))
    elif isinstance(value, dict):
        if not value:
            add("{}")
            return
        inner = newline + "  "
        between = "{" + inner
        for key, item in value.items():
            if type(key) is not str:
                raise _NotPlain
            add(between)
            add(_encode(key))
            add(": ")
            _write(item, inner, add)
            between = "," + inner
        add(newline + "}")
    elif isinstance(value, (list, tuple)):
        if not value:
            add("[]")
            return
        inner = newline + "  "
        between = "[" + inner
        for item in value:
            add(between)
            _write(item, inner, add)
            between = "," + inner
        add(newline + "]")
    elif value is True:
        add("true")
    elif value is False:
        add("false")
    elif value is None:
        add("null")
    elif kind is int:
        add(int.__repr__(value))
    elif kind is float and value - value == 0:  # (finite: inf - inf and nan are nan)
        add(float.__repr__(value))
    else:
        raise _NotPlain
