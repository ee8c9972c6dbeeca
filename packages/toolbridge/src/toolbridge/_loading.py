"""Finding tools by reference: ``MODULE:NAME``.

MODULE is a dotted module path or a path to a ``.py`` file, NAME an attribute of it
(dots walk into objects). A file is imported the way Python would import it from
the top of its package: the folder above the outermost ``__init__.py`` goes first on
``sys.path`` (so sibling and relative imports work) and the file gets its dotted
name. Every failure, including an exception raised by the module while it is
imported, becomes one `LoadError` whose message fits on one line.
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys
import traceback
from pathlib import Path
from types import ModuleType
from typing import Any

from toolbridge._tool import Tool
from toolbridge.errors import LoadError

__all__ = [
    "load_module",
    "load_object",
    "load_tool",
    "load_tools",
    "module_tools",
    "split_reference",
]


def split_reference(reference: str) -> tuple[str, str]:
    """Split ``MODULE:NAME`` at its last colon (a Windows drive letter stays with MODULE).

    Raises:
        LoadError: The text is not ``MODULE:NAME``.
    """
    module, colon, name = reference.rpartition(":")
    if not colon or not module or not _is_dotted_name(name):
        raise LoadError(
            f"{reference!r} is not a MODULE:NAME reference "
            "(such as 'package.module:function' or 'path/to/file.py:function')"
        )
    return module, name


def load_module(spec: str) -> ModuleType:
    """Import a module by dotted path (``package.module``) or file path (``tools.py``).

    Raises:
        LoadError: The module cannot be found, or raised while it was imported.
    """
    if _is_path(spec):
        return _import_file(spec)
    if ":" in spec:
        raise LoadError(f"{spec!r} names an attribute; a module is expected (drop ':' and after)")
    return _import(spec, spec)


def load_tool(reference: str) -> Tool:
    """The tool a ``MODULE:NAME`` reference names.

    NAME may name a `Tool` (made by ``@tool``) or a plain function, which is
    converted with `toolbridge.from_function`.

    Raises:
        LoadError: The module cannot be imported, has no such attribute, or the
            attribute is neither a tool nor a function that can become one.
    """
    module_spec, name = split_reference(reference)
    module = load_module(module_spec)
    value = _attribute(module, name)
    if isinstance(value, Tool):
        return value
    if inspect.isclass(value) or not callable(value):
        raise LoadError(f"{reference!r} is {_a(value)}, not a Tool or a function")
    from toolbridge._functions import from_function

    try:
        return from_function(value)
    except Exception as error:  # the user's object: anything may go wrong in it
        raise LoadError(f"{reference!r} cannot become a tool: {_describe(error)}") from error


def load_object(reference: str) -> Any:
    """The object a ``MODULE:NAME`` reference names (a function, a toolset, ...).

    Raises:
        LoadError: The module cannot be imported or has no such attribute.
    """
    module_spec, name = split_reference(reference)
    return _attribute(load_module(module_spec), name)


def load_tools(reference: str) -> list[Tool]:
    """The tools of ``MODULE`` (every module-level tool) or ``MODULE:NAME`` (a tool or list).

    Raises:
        LoadError: The module cannot be imported, or NAME holds something else.
    """
    head, colon, tail = reference.rpartition(":")
    if not (colon and head and _is_dotted_name(tail)):
        return module_tools(load_module(reference))
    value = load_object(reference)
    if isinstance(value, Tool):
        return [value]
    try:
        if isinstance(value, (str, bytes)) or inspect.isclass(value):
            raise TypeError
        tools = list(value)
    except TypeError:
        raise LoadError(
            f"{reference!r} is {_a(value)}, neither a tool nor a list of tools"
        ) from None
    if not all(isinstance(item, Tool) for item in tools):
        raise LoadError(f"{reference!r} holds something that is not a tool")
    return tools


def module_tools(module: ModuleType) -> list[Tool]:
    """The module-level attributes that are `Tool` instances, in definition order.

    A tool bound to several names is listed once, at its first name.
    """
    tools: list[Tool] = []
    seen: set[int] = set()
    for value in vars(module).values():
        if isinstance(value, Tool) and id(value) not in seen:
            seen.add(id(value))
            tools.append(value)
    return tools


def _is_dotted_name(name: str) -> bool:
    return bool(name) and all(part.isidentifier() for part in name.split("."))


def _is_path(spec: str) -> bool:
    return spec.endswith(".py") or "/" in spec or os.sep in spec


def _attribute(module: ModuleType, name: str) -> Any:
    value: Any = module
    walked = module.__name__
    for part in name.split("."):
        try:
            value = getattr(value, part)
        except AttributeError:
            hint = ""
            if value is module:
                names = [tool_name for tool_name, v in vars(module).items() if isinstance(v, Tool)]
                if names:
                    hint = f" (its tools: {', '.join(names)})"
            raise LoadError(f"{walked!r} has no attribute {part!r}{hint}") from None
        walked = f"{walked}.{part}"
    return value


def _import(name: str, shown: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        missing = error.name or ""
        if missing and (name == missing or name.startswith(missing + ".")):
            raise LoadError(f"no module named {missing!r}") from error
        raise LoadError(f"importing {shown!r} failed: {_describe(error, located=True)}") from error
    except SystemExit as error:  # a script run for its side effects, say
        raise LoadError(f"importing {shown!r} failed: it called sys.exit({error.code!r})") from None
    except Exception as error:  # the user's module: anything may go wrong in it
        raise LoadError(f"importing {shown!r} failed: {_describe(error, located=True)}") from error


def _import_file(spec: str) -> ModuleType:
    path = Path(spec).expanduser()
    if not path.is_file():
        raise LoadError(f"no such file: {spec!r}")
    if path.suffix != ".py":
        raise LoadError(f"{spec!r} is not a Python file (.py)")
    path = path.resolve()
    root, name = _package_root(path)
    if not _is_dotted_name(name):
        raise LoadError(f"{spec!r} cannot be imported: {name!r} is not a valid module name")
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    module = _import(name, spec)
    found = getattr(module, "__file__", None)
    if found is None or Path(found).resolve() != path:
        raise LoadError(
            f"{spec!r} is shadowed by the module {name!r} already imported from {found}; "
            "rename the file"
        )
    return module


def _package_root(path: Path) -> tuple[Path, str]:
    """The folder to import the file from, and the file's dotted module name there."""
    parts = [] if path.stem == "__init__" else [path.stem]
    root = path.parent
    while (root / "__init__.py").is_file() and root.parent != root:
        parts.insert(0, root.name)
        root = root.parent
    return root, ".".join(parts)


def _describe(error: BaseException, *, located: bool = False) -> str:
    """``Type: message`` on one line; `located` adds the module line that was running."""
    message = " ".join(str(error).split())
    text = f"{type(error).__name__}: {message}" if message else type(error).__name__
    if located and not isinstance(error, SyntaxError):  # a SyntaxError names its place
        # The innermost top-level statement: the module's own line, even when the
        # error was raised deeper down, in a function it called.
        statements = [
            frame
            for frame in traceback.extract_tb(error.__traceback__)
            if frame.name == "<module>" and not frame.filename.startswith("<")
        ]
        if statements:
            text += f" ({statements[-1].filename}, line {statements[-1].lineno})"
    return text


def _a(value: object) -> str:
    if inspect.isclass(value):
        return f"the class {value.__name__}"
    if isinstance(value, ModuleType):
        return "a module"
    return f"a{'n' if type(value).__name__[0] in 'aeiouAEIOU' else ''} {type(value).__name__}"
