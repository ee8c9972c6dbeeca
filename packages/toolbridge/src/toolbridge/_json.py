"""Immutable JSON values, and the canonical JSON text that fingerprints are made of.

A tool hands out its schemas as `FrozenDict` / `FrozenList`: real `dict` and `list`
subclasses (so `json.dumps`, equality with plain values and the validator all work)
whose mutating methods raise `TypeError`. `freeze` builds them from any JSON-shaped
value, checking types and nesting depth as it copies; `thaw` gives back plain,
mutable copies.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, NoReturn, SupportsIndex

from toolbridge.errors import JsonPath, SchemaError, SchemaTooDeepError, format_path

MAX_DEPTH = 256
"""The deepest nesting of objects and arrays accepted anywhere (real schemas stay under 20)."""

ErrorFactory = Callable[[str, JsonPath], Exception]


def loads(text: str | bytes | bytearray) -> Any:
    """`json.loads` of JSON only: ``NaN`` and ``Infinity`` are refused.

    Python's parser accepts ``NaN``, ``Infinity`` and ``-Infinity``; here they raise
    `ValueError`, as any other text that is not JSON.

    Raises:
        ValueError: The text is not JSON (`json.JSONDecodeError` where the parser
            says where).
        RecursionError: It nests deeper than the parser can follow.
    """
    return json.loads(text, parse_constant=_not_json)


def _not_json(name: str) -> NoReturn:
    raise ValueError(f"{name} is not JSON")


def _refuse(self: object, *args: object, **kwargs: object) -> NoReturn:
    raise TypeError(f"{type(self).__name__} is immutable; use toolbridge.thaw() for a copy")


class FrozenDict(dict[str, Any]):
    """A JSON object that cannot be changed; hashable, equal to the plain `dict`."""

    __slots__ = ("_hash", "_size")
    _hash: int
    _size: int
    """How many JSON values it holds, itself included, when `freeze` made it (see
    `known_size`): the size limits then cost nothing on a tool's first conversion."""

    def __init__(self, value: Mapping[str, Any] | Iterable[tuple[str, Any]] = (), /) -> None:
        frozen = freeze(dict(value))
        dict.__init__(self, frozen)

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        try:  # (unset until first asked: `new_frozen_*` then skip one store per container)
            return self._hash
        except AttributeError:
            self._hash = hash(canonical_json(self))
            return self._hash

    def __copy__(self) -> FrozenDict:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenDict:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (thaw(self),))

    def __repr__(self) -> str:
        return dict.__repr__(self)


class FrozenList(list[Any]):
    """A JSON array that cannot be changed; hashable, equal to the plain `list`."""

    __slots__ = ("_hash", "_size")
    _hash: int
    _size: int

    def __init__(self, value: Iterable[Any] = (), /) -> None:
        frozen = freeze(list(value))
        list.__init__(self, frozen)

    __setitem__ = __delitem__ = append = extend = insert = remove = pop = clear = _refuse
    sort = reverse = __iadd__ = __imul__ = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        try:  # (unset until first asked: `new_frozen_*` then skip one store per container)
            return self._hash
        except AttributeError:
            self._hash = hash(canonical_json(self))
            return self._hash

    def __copy__(self) -> FrozenList:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenList:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenList, (thaw(self),))

    def __repr__(self) -> str:
        return list.__repr__(self)

    def __mul__(self, n: SupportsIndex) -> list[Any]:
        return list(self) * n


def _schema_error(message: str, path: JsonPath) -> Exception:
    return SchemaError(message, path=path)


_new_dict: Final = dict.__new__
_fill_dict: Final = dict.update
_new_list: Final = list.__new__
_fill_list: Final = list.extend


def new_frozen_dict(items: dict[str, Any]) -> FrozenDict:
    """Wrap a dict whose values are already frozen JSON, without checking or copying them."""
    frozen: FrozenDict = _new_dict(FrozenDict)
    _fill_dict(frozen, items)
    return frozen


def new_frozen_list(items: list[Any]) -> FrozenList:
    """Wrap a list whose items are already frozen JSON, without checking or copying them."""
    frozen: FrozenList = _new_list(FrozenList)
    _fill_list(frozen, items)
    return frozen


def seal(value: Any) -> Any:
    """Freeze the plain containers of a value built from frozen parts, and only those.

    A transform that copies only what it changes builds plain `dict` / `list` nodes
    around parts of a frozen source; sealing wraps the new nodes in place of a full
    `freeze`, which would copy (and check) the reused parts again.
    """
    kind = type(value)
    if kind is dict:
        return new_frozen_dict({k: seal(v) if type(v) in _BUILT else v for k, v in value.items()})
    if kind is list:
        return new_frozen_list([seal(v) if type(v) in _BUILT else v for v in value])
    return value


_BUILT: Final = (dict, list)
"""The exact types `seal` wraps (the frozen ones are subclasses)."""


def freeze(value: Any, *, error: ErrorFactory = _schema_error, path: JsonPath = ()) -> Any:
    """Return an immutable deep copy of a JSON value.

    Tuples are accepted as arrays; already frozen containers are reused as they are.
    A new frozen container made here knows how many values it holds (`known_size`):
    counted while copying, they need no walk of their own later.

    Raises:
        SchemaTooDeepError: The value nests deeper than `MAX_DEPTH`.
        Exception: Whatever `error` builds, for a value that is not JSON (a set, a
            non-string key, NaN, ...), with the JSON path where it was found.
    """
    tally = [1]
    frozen = _freeze(value, error, list(path), 0, tally)
    if frozen is not value and tally[0] > 0:
        kind = type(frozen)
        if kind is FrozenDict or kind is FrozenList:
            frozen._size = tally[0]
    return frozen


def known_size(value: Any) -> int | None:
    """How many JSON values `value` holds, itself included, if `freeze` counted them.

    None for anything else: a scalar, or a container built another way (`seal`).
    """
    kind = type(value)
    if kind is FrozenDict or kind is FrozenList:
        size: int | None = getattr(value, "_size", None)
        return size
    return None


_UNKNOWN: Final = -(1 << 62)
"""A tally that met a frozen part of unknown size: no size is recorded."""


_EXACT_SCALARS: Final = frozenset({str, int, bool, type(None)})


def _freeze(
    value: Any, error: ErrorFactory, path: list[str | int], depth: int, tally: list[int]
) -> Any:
    kind = type(value)
    if kind in _EXACT_SCALARS:
        return value
    if kind is FrozenDict or kind is FrozenList:
        inner = known_size(value)  # itself counted already, by its parent's length
        tally[0] += _UNKNOWN if inner is None else inner - 1
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise error(f"{value!r} is not a JSON number", tuple(path))
        return float(value)
    # Subclasses (str and int enums, say) become the exact JSON type they stand for.
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int):
        return int(value)
    if depth >= MAX_DEPTH:
        raise SchemaTooDeepError(
            f"nests deeper than {MAX_DEPTH} levels of objects and arrays", path=tuple(path)
        )
    scalars = _EXACT_SCALARS
    if kind is dict or isinstance(value, Mapping):
        tally[0] += len(value)
        items: dict[str, Any] = {}
        for key, item in value.items():
            if key.__class__ is not str:
                if not isinstance(key, str):
                    raise error(f"object key {key!r} is not a string", tuple(path))
                key = str.__str__(key)
            if item.__class__ in scalars:  # the common leaf, without a call
                items[key] = item
                continue
            path.append(key)
            items[key] = _freeze(item, error, path, depth + 1, tally)
            path.pop()
        return new_frozen_dict(items)
    if kind is list or isinstance(value, (list, tuple)):
        tally[0] += len(value)
        elements: list[Any] = []
        for index, item in enumerate(value):
            if item.__class__ in scalars:
                elements.append(item)
                continue
            path.append(index)
            elements.append(_freeze(item, error, path, depth + 1, tally))
            path.pop()
        return new_frozen_list(elements)
    raise error(f"{type(value).__name__} is not a JSON value", tuple(path))


def thaw(value: Any) -> Any:
    """Return a plain, mutable deep copy of a JSON value (frozen or not)."""
    if isinstance(value, Mapping):
        return {key: thaw(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [thaw(item) for item in value]
    return value


def _normalise_numbers(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, Mapping):
        return {key: _normalise_numbers(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_normalise_numbers(item) for item in value]
    return value


def canonical_json(value: Any) -> str:
    """Serialise a JSON value so that equal values give equal text.

    Keys are sorted, whitespace is dropped, and integral floats are written as
    integers (``1.0`` and ``1`` mean the same in JSON Schema), as RFC 8785 does.
    """
    return json.dumps(
        _normalise_numbers(value),
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        allow_nan=False,
    )


def describe_path(path: JsonPath) -> str:
    """A path for messages: ``tags[0].name``-style, ``the value`` for the root."""
    if not path:
        return "the value"
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


__all__ = [
    "MAX_DEPTH",
    "FrozenDict",
    "FrozenList",
    "canonical_json",
    "describe_path",
    "format_path",
    "freeze",
    "loads",
    "thaw",
]
