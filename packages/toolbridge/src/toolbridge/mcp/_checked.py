"""The client's options checked when it is made: a wrong one is a `ConfigError` at once.

Left unchecked, a timeout given as text failed every call as if the tool had raised,
a negative one timed every call out at once, a limit of 0 failed every server's load,
and an unknown `namespacing` was taken silently.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from toolbridge._http import checked_timeout
from toolbridge.errors import ConfigError

__all__ = ["checked_choice", "checked_count", "checked_seconds", "checked_tool_timeouts"]


def checked_seconds(value: object, name: str, *, none: bool = False) -> Any:
    """`value` as seconds above 0 (None too, with `none`: no limit).

    Raises:
        ConfigError: Anything else.
    """
    if value is None and none:
        return None
    return checked_timeout(value, name)


def checked_count(value: object, name: str, *, least: int = 1) -> int:
    """`value` as a whole number of at least `least`.

    Raises:
        ConfigError: Anything else.
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ConfigError(f"{name} must be a whole number of at least {least}, got {value!r}")
    return value


def checked_choice(value: object, name: str, choices: Iterable[str]) -> str:
    """`value`, one of `choices`.

    Raises:
        ConfigError: Anything else.
    """
    allowed = tuple(choices)
    if not isinstance(value, str) or value not in allowed:
        said = ", ".join(f'"{choice}"' for choice in allowed)
        raise ConfigError(f"{name} must be one of {said}, not {value!r}")
    return value


def checked_tool_timeouts(value: object) -> dict[str, float]:
    """Per-tool timeouts: tool names to seconds above 0.

    Raises:
        ConfigError: Not a mapping of that shape.
    """
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ConfigError(
            f"tool_timeouts must map tool names to seconds, got {type(value).__name__}"
        )
    checked: dict[str, float] = {}
    for name, seconds in value.items():
        if not isinstance(name, str):
            raise ConfigError(f"tool_timeouts keys must be tool names, got {name!r}")
        checked[name] = checked_seconds(seconds, f"tool_timeouts[{name!r}]")
    return checked
