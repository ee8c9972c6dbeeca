"""Why a token was not accepted: refused for good, or not checkable now."""

from __future__ import annotations

__all__ = ["Refused", "Unavailable"]


class Refused(Exception):
    """The token is not accepted; the message is safe to show the client."""


class Unavailable(Exception):
    """The token cannot be checked now (the keys or the introspection endpoint are down)."""
