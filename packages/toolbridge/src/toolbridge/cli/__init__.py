"""The ``toolbridge`` command: inspect, export and validate tools from the shell.

Needs the ``cli`` extra (``pip install 'toolbridge[cli]'``); importing this package
does not import typer or rich, `main` does when it runs. See docs/cli.md.
`app_from_definition` is ``toolbridge serve``'s HTTP server as an ASGI app factory,
for uvicorn or gunicorn (docs/deploying.md); it is imported on first use, so that
the other commands do not pay for the server's imports.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolbridge.cli._main import main

if TYPE_CHECKING:
    from toolbridge.cli._serve import app_from_definition

__all__ = ["app_from_definition", "main"]


def __getattr__(name: str) -> Any:
    if name == "app_from_definition":
        from toolbridge.cli._serve import app_from_definition

        return app_from_definition
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
