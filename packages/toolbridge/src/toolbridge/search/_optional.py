"""Optional dependencies of search, imported on first use with the extra that installs them."""

from __future__ import annotations

import importlib
from typing import Any

from toolbridge.errors import ConfigError

__all__ = ["require"]


def require(module: str, extra: str) -> Any:
    """Import `module`, or raise `ConfigError` naming ``pip install 'toolbridge[extra]'``."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ConfigError(
            f"this needs {module.split('.')[0]}: pip install 'toolbridge[{extra}]'"
        ) from None
