"""The plugin manager: built-in formats plus the ``toolbridge`` entry points, loaded once.

Nothing happens at import: the first call of `plugin_manager` (or of a dispatch
function) creates the manager, registers the built-in formats plugin, then loads each
entry point of the ``toolbridge`` group by itself. A plugin that fails to import,
implements a hook that does not exist or fails to declare its formats is logged as a
warning and listed as broken (``toolbridge plugins``); the host and the other
plugins go on. ``TOOLBRIDGE_DISABLE_PLUGINS=name,name`` leaves named plugins out.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any, Final, Literal, final

import pluggy

from toolbridge.plugins import _hookspecs
from toolbridge.plugins._spec import FormatSpec

__all__ = [
    "DISABLE_VARIABLE",
    "PluginInfo",
    "format_specs",
    "plugin_manager",
    "plugins",
    "reset_plugins",
]

DISABLE_VARIABLE: Final = "TOOLBRIDGE_DISABLE_PLUGINS"
"""Comma-separated names of entry-point plugins to leave out."""
BUILTIN: Final = "toolbridge"
"""The name the built-in formats plugin is registered under."""

_log = logging.getLogger("toolbridge.plugins")


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class PluginInfo:
    """One plugin as ``toolbridge plugins`` shows it."""

    name: str
    """Its entry-point name (``"toolbridge"`` for the built-in formats)."""
    distribution: str | None
    """The distribution that provides it."""
    version: str | None
    """That distribution's version."""
    status: Literal["loaded", "broken", "disabled"]
    """Whether it is in use."""
    error: str = ""
    """Why it is broken."""
    formats: tuple[str, ...] = ()
    """The formats it declared."""
    frameworks: Mapping[str, str] = field(default_factory=dict)
    """The framework distributions it found, with their versions."""


@final
class _State:
    def __init__(self) -> None:
        self.manager = pluggy.PluginManager(_hookspecs.PROJECT)
        self.manager.add_hookspecs(_hookspecs)
        self.infos: list[PluginInfo] = []
        self.specs: dict[str, list[tuple[str, FormatSpec]]] = {}


_lock = threading.Lock()
_state: _State | None = None


def _load() -> _State:
    global _state
    with _lock:
        if _state is None:
            state = _State()
            from toolbridge.plugins import _builtin

            _register(state, BUILTIN, _builtin, ("toolbridge", _version("toolbridge")))
            disabled = {
                name.strip()
                for name in os.environ.get(DISABLE_VARIABLE, "").split(",")
                if name.strip()
            }
            for entry_point in sorted(
                metadata.entry_points(group=_hookspecs.PROJECT), key=lambda e: e.name
            ):
                _load_entry_point(state, entry_point, disabled)
            _state = state
        return _state


def _load_entry_point(state: _State, entry_point: Any, disabled: set[str]) -> None:
    distribution = getattr(entry_point.dist, "name", None)
    version = getattr(entry_point.dist, "version", None)
    origin = (distribution, version)
    if entry_point.name in disabled:
        state.infos.append(
            PluginInfo(
                name=entry_point.name,
                distribution=distribution,
                version=version,
                status="disabled",
                error=f"disabled by {DISABLE_VARIABLE}",
            )
        )
        return
    if entry_point.name == BUILTIN:
        _broken(state, entry_point.name, origin, f"uses the reserved name {BUILTIN!r}")
        return
    try:
        plugin = entry_point.load()
    except Exception as failure:  # a broken plugin must not break the host
        _broken(state, entry_point.name, origin, f"cannot be imported: {failure!r}")
        return
    _register(state, entry_point.name, plugin, origin)


Origin = tuple[str | None, str | None]
"""The distribution that provides a plugin, and its version."""


def _register(state: _State, name: str, plugin: object, origin: Origin) -> None:
    manager = state.manager
    try:
        manager.register(plugin, name=name)
        manager.check_pending()
    except Exception as failure:
        if manager.is_registered(plugin):
            manager.unregister(plugin)
        _broken(state, name, origin, f"is not a valid plugin: {failure}")
        return
    try:
        declared = _call_one(manager, plugin, "toolbridge_formats")
        specs = [spec for spec in declared or () if isinstance(spec, FormatSpec)]
        frameworks = dict(_call_one(manager, plugin, "toolbridge_versions") or {})
    except Exception as failure:
        manager.unregister(plugin)
        _broken(state, name, origin, f"failed to declare its formats: {failure!r}")
        return
    for spec in specs:
        state.specs.setdefault(spec.name, []).append((name, spec))
    state.infos.append(
        PluginInfo(
            name=name,
            distribution=origin[0],
            version=origin[1],
            status="loaded",
            formats=tuple(spec.name for spec in specs),
            frameworks=frameworks,
        )
    )


def _call_one(manager: pluggy.PluginManager, plugin: object, hook: str) -> Any:
    """Call one plugin's implementation of a hook, or return None if it has none."""
    for implementation in getattr(manager.hook, hook).get_hookimpls():
        if implementation.plugin is plugin:
            return implementation.function()
    return None


def _broken(state: _State, name: str, origin: Origin, error: str) -> None:
    _log.warning("toolbridge plugin %r %s; it is left out", name, error)
    state.infos.append(
        PluginInfo(
            name=name,
            distribution=origin[0],
            version=origin[1],
            status="broken",
            error=error,
        )
    )


def _version(distribution: str | None) -> str | None:
    if distribution is None:
        return None
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def plugin_manager() -> pluggy.PluginManager:
    """The pluggy manager with every working plugin registered (made on first use)."""
    return _load().manager


def plugins() -> list[PluginInfo]:
    """Every plugin found: loaded, broken (with why) or disabled."""
    return list(_load().infos)


def format_specs() -> Mapping[str, list[tuple[str, FormatSpec]]]:
    """The declared formats by name, each with the plugins that declared it, in order."""
    return _load().specs


def reset_plugins() -> None:
    """Forget the loaded plugins; the next use loads them again (for tests)."""
    global _state
    with _lock:
        _state = None
