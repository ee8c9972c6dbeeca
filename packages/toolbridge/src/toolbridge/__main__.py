"""``python -m toolbridge``: the ``toolbridge`` command."""

from toolbridge.cli import main

raise SystemExit(main())
