"""`to` and `from_`: convert to and from any format a plugin declares, by name or type.

``toolbridge.to("langchain", tools)`` finds the plugin that declared the format
``langchain`` and asks it; ``toolbridge.from_(obj)`` finds the plugin by the object's
type (its class or a base class declared by dotted name), or by ``source=`` when
given. A plugin that raises while converting is named in the `ConversionError`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from toolbridge._tool import Tool
from toolbridge.errors import ConversionError, ToolbridgeError
from toolbridge.formats import tools_given
from toolbridge.plugins._manager import format_specs, plugin_manager
from toolbridge.plugins._spec import FormatSpec

__all__ = ["from_", "to"]

_EXTRAS = {
    "langchain": "langchain",
    "pydantic-ai": "pydantic-ai",
    "openai-agents": "openai-agents",
    "fastmcp": "fastmcp",
}
"""Formats of the plugins toolbridge publishes, for the install hint."""


def to(target: str, tools: Tool | Iterable[Tool], /, **options: Any) -> Any:
    """Write canonical tools as `target`'s objects (``"openai"``, ``"langchain"``, ...).

    Args:
        target: A format some plugin (or toolbridge itself) writes.
        tools: One tool or an iterable of them; the plugin always gets a list.
        **options: Passed to the plugin (``strict=True``, ...).

    Returns:
        What the plugin writes: a list of provider tool objects, a framework toolset…

    Raises:
        ConversionError: No plugin writes `target` (the message says what to
            install), something other than tools, or the plugin failed.
    """
    listed, _ = tools_given(tools, "toolbridge.to")
    names = _declaring(target, "writes")
    return _first(
        "toolbridge_to_format", names, target, target=target, tools=listed, options=options
    )


def from_(obj: Any, /, *, source: str | None = None, **options: Any) -> list[Tool]:
    """Read canonical tools from a framework's or provider's object.

    Args:
        obj: A framework tool or toolset, provider JSON, an MCP SDK model...
        source: The format `obj` is in; found from `obj`'s type when omitted
            (provider JSON, being plain dicts, needs it).
        **options: Passed to the plugin.

    Raises:
        ConversionError: No plugin reads `obj` (or `source`), or the plugin failed.
    """
    if source is not None:
        names = _declaring(source, "reads")
        what = source
    else:
        names = _reading_type(type(obj))
        what = f"{type(obj).__module__}.{type(obj).__qualname__}"
        if not names:
            raise ConversionError(
                f"no toolbridge plugin reads {what} objects; name the format with source=... "
                f"or install the plugin for its framework (toolbridge plugins lists them)"
            )
    found = _first("toolbridge_from_object", names, what, obj=obj, source=source, options=options)
    if not isinstance(found, list) or not all(isinstance(item, Tool) for item in found):
        raise ConversionError(
            f"the plugin reading {what} returned {type(found).__name__}, not tools"
        )
    return found


def _declaring(name: str, direction: str) -> list[str]:
    specs = format_specs().get(name, [])
    plugins = [plugin for plugin, spec in specs if getattr(spec, direction)]
    if plugins:
        return plugins
    known = sorted(
        format_name
        for format_name, declared in format_specs().items()
        if any(getattr(spec, direction) for _, spec in declared)
    )
    verb = "writes" if direction == "writes" else "reads"
    hint = f": pip install 'toolbridge[{_EXTRAS[name]}]'" if name in _EXTRAS else ""
    raise ConversionError(
        f"no toolbridge plugin {verb} the format {name!r}{hint}; known: {', '.join(known)}"
    )


def _reading_type(kind: type) -> list[str]:
    names = {f"{cls.__module__}.{cls.__qualname__}" for cls in kind.__mro__}
    return [
        plugin
        for declared in format_specs().values()
        for plugin, spec in declared
        if _reads(spec, names)
    ]


def _reads(spec: FormatSpec, names: set[str]) -> bool:
    return spec.reads and not names.isdisjoint(spec.types)


def _first(hook: str, plugins: list[str], what: str, **arguments: Any) -> Any:
    """Ask each plugin in turn (in declaration order); the first answer wins."""
    manager = plugin_manager()
    implementations = {
        implementation.plugin_name: implementation
        for implementation in getattr(manager.hook, hook).get_hookimpls()
    }
    for name in dict.fromkeys(plugins):
        implementation = implementations.get(name)
        if implementation is None:
            continue
        try:
            answer = implementation.function(**arguments)
        except ToolbridgeError:
            raise
        except Exception as failure:
            raise ConversionError(
                f"the toolbridge plugin {name!r} failed on {what}: {type(failure).__name__}: "
                f"{failure}"
            ) from failure
        if answer is not None:
            return answer
    raise ConversionError(f"no toolbridge plugin could convert {what}")
