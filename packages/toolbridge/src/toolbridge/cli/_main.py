"""The entry point: the import guard for the ``cli`` extra, and the exit statuses."""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Sequence

EXTRA_MISSING = "the toolbridge command needs its extra: pip install 'toolbridge[cli]'"

OK = 0
"""The command did what was asked."""
INVALID = 1
"""``validate`` found the arguments invalid, or ``check`` found problems."""
USAGE = 2
"""A usage or load error: bad option, unknown format, module or attribute not found,
not a tool, ARGUMENTS_JSON or INPUT unreadable or not JSON, INPUT not the tools of
its format, tools a target cannot take."""
INTERNAL = 3
"""A bug in toolbridge: the traceback is printed."""
INTERRUPTED = 130
"""Interrupted (Ctrl-C)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``toolbridge`` command and return its exit status.

    The console script and ``python -m toolbridge`` call this; typer and rich are
    imported here, not when ``toolbridge`` is.

    Args:
        argv: The arguments after the program name; ``sys.argv[1:]`` when omitted.

    Returns:
        0 when done, 1 when ``validate`` finds the arguments invalid or ``check``
        finds problems, 2 for a usage, load or input error (reported on stderr in one
        line), 3 for an internal error.
    """
    try:
        import rich  # noqa: F401 - the extra's two halves, checked together
        import typer
    except ImportError:
        sys.stderr.write(EXTRA_MISSING + "\n")
        return USAGE

    from toolbridge.cli._app import command as app_command
    from toolbridge.cli._input import InputError
    from toolbridge.cli._live import SERVER_COMMAND, split_command
    from toolbridge.cli._output import write_error
    from toolbridge.errors import ToolbridgeError

    _put_working_directory_on_path()
    _escape_lone_surrogates()
    command = app_command()
    args, server_command = split_command(sys.argv[1:] if argv is None else argv)
    SERVER_COMMAND.set(server_command)
    try:
        status = command.main(args, prog_name="toolbridge", standalone_mode=False)
    except (ToolbridgeError, InputError) as error:
        write_error(str(error))
        return USAGE
    except typer.Abort:
        return INTERRUPTED
    except Exception as error:
        usage = _usage_error(error)
        if usage is None:
            traceback.print_exc()
            write_error(f"internal error ({type(error).__name__}); please report it")
            return INTERNAL
        message, code = usage
        write_error(message)
        return code
    return status if isinstance(status, int) else OK


def _escape_lone_surrogates() -> None:
    r"""Write a lone surrogate (``"\ud800"``) as its escape instead of failing on it.

    It is not Unicode, so no UTF-8 stream takes it, yet JSON's ``\uXXXX`` escapes
    carry one, and tools read from JSON may hold it. Escaped, it stays valid JSON
    inside a string (and reads back as the same text), and shows as ``\ud800`` at
    a terminal and in error messages.
    """
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def _usage_error(error: Exception) -> tuple[str, int] | None:
    """The message and status of typer's (click's) own usage errors, None for others.

    Read by shape, not by class: typer has used click's exception classes and, since
    it vendored click, its own private copies of them.
    """
    format_message = getattr(error, "format_message", None)
    exit_code = getattr(error, "exit_code", None)
    if not callable(format_message) or not isinstance(exit_code, int):
        return None
    message = str(format_message())
    context = getattr(error, "ctx", None)
    command_path = getattr(context, "command_path", None)
    if isinstance(command_path, str) and command_path:
        message += f" (see '{command_path} --help')"
    return message, exit_code


def _put_working_directory_on_path() -> None:
    """Find MODULE in the current directory first, as ``python -m`` does.

    A console script's ``sys.path`` starts with the script's own folder instead;
    ``python -P`` (``PYTHONSAFEPATH``) turns this off, as it does for ``-m``.
    """
    if sys.flags.safe_path:
        return
    cwd = os.getcwd()
    if "" not in sys.path and cwd not in sys.path:
        sys.path.insert(0, cwd)
