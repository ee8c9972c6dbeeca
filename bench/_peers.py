"""Importing the libraries measured side by side, without failing when one is missing."""

from __future__ import annotations

import importlib
from importlib import metadata
from types import ModuleType


class Unavailable(Exception):
    """A peer that cannot be measured; the message is shown as ``n/a (message)``."""


def load(module: str) -> ModuleType:
    """Import a peer's module (untyped: the peers ship no type information).

    Raises:
        Unavailable: It is not installed, or failed while importing.
    """
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise Unavailable(f"{module} not installed: uv sync --group bench") from error
    except Exception as error:  # a broken peer is reported, not fatal
        raise Unavailable(f"{module} failed to import: {type(error).__name__}: {error}") from error


def failure(error: Exception) -> str:
    """Why a case could not be set up, for ``n/a (...)``."""
    if isinstance(error, Unavailable):
        return str(error)
    return f"{type(error).__name__}: {error}"


def version(distribution: str) -> str | None:
    """The installed version of a distribution, or None."""
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None
