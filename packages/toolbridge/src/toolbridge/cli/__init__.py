"""The ``toolbridge`` command: inspect, export and validate tools from the shell.

Needs the ``cli`` extra (``pip install 'toolbridge[cli]'``); importing this package
does not import typer or rich, `main` does when it runs. See docs/cli.md.
"""

from toolbridge.cli._main import main

__all__ = ["main"]
