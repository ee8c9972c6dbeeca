"""The ``toolbridge`` command: inspect, export and validate tools from the shell.

Needs the ``cli`` extra (``pip install 'toolbridge[cli]'``); importing this package
does not import typer or rich, `main` does when it runs. See docs/cli.md.
`app_from_definition` is ``toolbridge serve``'s HTTP server as an ASGI app factory,
for uvicorn or gunicorn (docs/deploying.md).
"""

from toolbridge.cli._main import main
from toolbridge.cli._serve import app_from_definition

__all__ = ["app_from_definition", "main"]
